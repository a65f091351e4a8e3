"""Plain words for the pieces of the board: what a player reads in the log, the tooltips, the menus and the hints.

The ids (``upper:4``, ``1-2:3``, ``gren2``, ``e17``, ``ss_rifleman``) stay the language of the save, the
actions and the text mode's typed commands; everything narrated says the names made here, from the rules data
(1.0 the board: floors, defender spaces with their printed die labels, assault tracks and their spaces, the
support spaces A-F, the entrances; 2.0 the weapon and ammunition tokens; 3.0 the cards).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.i18n import N_, Said, Words, _, language, p_, pgettext, same
from game.rules.data import Card, Rules, remember

__all__ = ["a_counter", "a_unit", "card_text", "carried_words", "colour_name", "defender_name", "door_name",
           "entrance_name", "floor_name", "floor_words", "join_words", "numbered", "said_name", "space_name",
           "state_name", "tactic_names", "the_token", "token_name", "tokens_name", "unit_name"]

# The defenders known by their rank and number rather than a name (levels/defenders.toml, inferred from 2.0: the
# counters of the "trained" soldiers and "postal workers"), worded in the player's language.
NUMBERED = {"Trained": N_("Trained {n}"), "Postal worker": N_("Postal worker {n}")}


def numbered(name: str) -> bool:
    """A defender known by his rank and number (``Trained 5``), not by a name (``Konrad``)."""
    rank, _sep, number = name.rpartition(" ")
    return rank in NUMBERED and number.isdigit()


def defender_name(name: str) -> Said:
    """A defender as the player reads him: his name (``Konrad``), or his rank and number in the player's
    language (``Trained 5`` is ``Entraîné 5`` in French)."""
    rank, _sep, number = name.rpartition(" ")
    template = NUMBERED.get(rank)
    if template is not None and number.isdigit():
        return _(template, n=number)
    return same(name)


def said_name(name: str) -> Words:
    """:func:`defender_name` worded when read (the narration)."""
    return Words(defender_name, name)


def floor_name(rules: Rules, floor: str) -> str:
    """``upper`` -> ``upper floors`` (``étages supérieurs``)."""
    fl = rules.floors.get(floor)
    return _(fl.name).lower() if fl else floor


# A floor's interior said whole: French puts the floor after it with the article its noun takes (l'intérieur du
# rez-de-chaussée, des étages supérieurs), so each of the rulebook's three floors has its own words.
INTERIORS = {"upper": N_("the upper floors interior"), "ground": N_("the ground floor interior"),
             "basement": N_("the basement interior")}


def space_name(rules: Rules, space: str, sentence: bool = False) -> str:
    """A space in words: ``ground floor, space 1-3``, ``the ground floor interior``, ``track 1-2, space 3``,
    ``support space A``, in the player's language; ``sentence``: as a phrase of the narration (English says the
    same; French puts the article and the floor after: ``la case 1-3 du rez-de-chaussée``, ``la case 3 de la
    piste 1-2``). Remembered by the rules for each language (``Memo.names``)."""
    key = (language(), space, sentence)
    known = rules.memo.names.get(key)
    if known is None:
        known = remember(rules.memo.names, key, _space_name(rules, space, sentence))
    return known


def _space_name(rules: Rules, space: str, sentence: bool) -> str:
    if space.endswith(":interior"):
        floor = space.split(":")[0]
        if floor in INTERIORS:
            return _(INTERIORS[floor])
        return _("the {floor} interior", floor=floor_name(rules, floor))
    ds = rules.defender_spaces.get(space)
    if ds is not None:
        if sentence:
            return p_("in a sentence", "{floor}, space {label}", floor=floor_words(rules, ds.floor, "of the"),
                      label=ds.label)
        return _("{floor}, space {label}", floor=floor_name(rules, ds.floor), label=ds.label)
    ts = rules.track_spaces.get(rules.aliases.get(space, space))
    if ts is not None:
        if sentence:
            return p_("in a sentence", "track {track}, space {index}", track=ts.track, index=ts.index)
        return _("track {track}, space {index}", track=ts.track, index=ts.index)
    if space in rules.support_spaces:
        if sentence:
            return p_("in a sentence", "support space {space}", space=space)
        return _("support space {space}", space=space)
    return space


ENTRANCES = {"front": N_("the front entrance"), "rear": N_("the rear entrance"), "side": N_("the side entrance"),
             "basement": N_("the basement entrance")}


def entrance_name(entrance: str) -> str:
    """``rear`` -> ``the rear entrance``."""
    if entrance in ENTRANCES:
        return _(ENTRANCES[entrance])
    return _("the {entrance} entrance", entrance=entrance)


def token_name(rules: Rules, token: str) -> str:
    """A weapon or ammunition token: ``light machine gun``, ``grenades``, ``ammunition``."""
    weapon = rules.weapons.get(token)
    if weapon is not None:
        return _(weapon.name).lower()
    if token.startswith("ammo"):
        return _("ammunition")
    return token


def _with_article(rules: Rules, token: str) -> str:
    """A weapon or ammunition token with the article its language gives it in the catalogs (context ``the``:
    ``le fusil-mitrailleur``, ``les grenades``); "" when the catalog has none (English: the sentence has it)."""
    weapon = rules.weapons.get(token)
    if weapon is not None:
        name, said = weapon.name, pgettext("the", weapon.name)  # (the weapons' words: from levels/weapons.toml)
    elif token.startswith("ammo"):
        name, said = "Ammunition", pgettext("the", "Ammunition")
    else:
        return ""
    return said if said != name else ""


def the_token(rules: Rules, token: str) -> str:
    """A token with its article: ``the light machine gun``, ``the grenades`` (``le fusil-mitrailleur``, ``les
    grenades``)."""
    return _with_article(rules, token) or _("the {token}", token=token_name(rules, token))


def join_words(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``a, b et c``)."""
    items = list(words)
    if len(items) <= 1:
        return same("".join(items))
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def _counted(rules: Rules, tokens: Iterable[str]) -> dict[str, tuple[str, int]]:
    """Tokens by name, in order of first appearance (as a Counter would keep them): one of them and how many."""
    counts: dict[str, tuple[str, int]] = {}
    for t in tokens:
        name = token_name(rules, t)
        first, n = counts.get(name, (t, 0))
        counts[name] = (first, n + 1)
    return counts


def tokens_name(rules: Rules, tokens: Iterable[str]) -> str:
    """Several tokens, alike ones counted: ``light machine gun and 2 ammunition``."""
    return join_words(name if n == 1 else f"{n} {name}" for name, (_first, n) in _counted(rules, tokens).items())


def card_text(rules: Rules, card: Card) -> str:
    """A card in the narration's words (3.0 card_revealed, the last card panel): ``SS rifleman card (die
    1-6)``, ``leader card: Heinrich on track 3-4``, ``support card for support space A``."""
    if card.type == "assault":
        unit = rules.assault_types.get(card.unit)
        return _("{unit} card (die {die})", unit=_(unit.name) if unit else card.unit, die=card.die)
    if card.type == "leader":
        return _("leader card: {name} on track {track}", name=card.name, track=card.space)
    if card.type == "grenade_bundle":
        return _("grenade bundle card for barrier {barrier}", barrier=card.barrier)
    if card.type == "support":
        return _("support card for support space {space}", space=card.space)
    if card.type == "fire_truck":
        return _("fire truck card")
    if card.type == "howitzer":
        return _("howitzer card")
    return same(f"{card.type.replace('_', ' ')} card")


def unit_name(rules: Rules, unit: str, leader: str = "") -> str:
    """An enemy counter by its type (``rifleman``, ``SS rifleman``, ``machine gunner``) or, for a leader, his
    name (``leader Heinrich``), in the player's language."""
    if unit == "leader":
        return _("leader {name}", name=leader)
    kind = rules.support_types.get(unit) or rules.assault_types.get(unit)
    if kind is None:
        return _("enemy counter")
    name = _(kind.name)
    return name if name[:2].isupper() else name[0].lower() + name[1:]  # "SS rifleman" keeps its capitals


def a_unit(rules: Rules, unit: str, leader: str = "", first: bool = False) -> str:
    """An enemy counter with the indefinite article (``a rifleman``, ``an SS...``; a leader by his name alone),
    capitalised when ``first`` (it opens a sentence)."""
    name = unit_name(rules, unit, leader)
    if unit != "leader":
        name = _("an {unit}", unit=name) if name[:1] in "aeiou" else _("a {unit}", unit=name)
    return name[:1].upper() + name[1:] if first else name


def colour_name(colour: str) -> str:
    """A colour of the board's spaces (``dark_blue`` -> ``dark blue``) as it qualifies a space (French agrees it
    with "case": ``bleu foncé``, ``verte``): the catalogs word each colour of levels/board.toml in context
    ``space colour``."""
    words = colour.replace("_", " ")
    return pgettext("space colour", words)


def tactic_names(names: tuple[str, ...]) -> str:
    """Tactics cards by name (``Assault and Breach``), in the player's language."""
    return join_words([_(name) for name in names])


def floor_words(rules: Rules, floor: str, context: str) -> str:
    """A floor as a phrase of the narration needs it: in English the bare name (``upper floors``, the template
    has the article); in French with the article its noun takes, context ``the`` (``les étages supérieurs``, ``le
    rez-de-chaussée``) or ``of the`` (``des étages supérieurs``, ``du sous-sol``), from the catalogs."""
    fl = rules.floors.get(floor)
    if fl is None:
        return floor
    said = pgettext(context, fl.name)
    return said if said != fl.name else floor_name(rules, floor)


def a_counter(rules: Rules, unit: str, leader: str = "") -> str:
    """A new assault counter as its placement says it, opening the sentence: ``A rifleman counter``, ``An SS
    rifleman counter``, ``Leader Heinrich``."""
    name: str
    if unit == "leader":
        name = p_("a counter", "leader {name}", name=leader)
    else:
        name = unit_name(rules, unit)
        name = _("an {unit} counter", unit=name) if name[:1] in "aeiou" else _("a {unit} counter", unit=name)
    return name[:1].upper() + name[1:]


# A defender's states, as 4.2.3 names them, and the entrances by their ids (the board prints them on the doors).
STATES = {"exhausted": N_("exhausted"), "disrupted": N_("disrupted")}
DOORS = {"front": N_("front"), "rear": N_("rear"), "side": N_("side"), "basement": N_("basement")}


def state_name(state: str) -> str:
    """``exhausted``, ``disrupted`` in the player's language."""
    return _(STATES[state]) if state in STATES else same(state)


def door_name(entrance: str) -> str:
    """An entrance by its id in the player's language (``front``: ``avant``), as its door is labelled."""
    return _(DOORS[entrance]) if entrance in DOORS else same(entrance)


def carried_words(rules: Rules, tokens: Iterable[str]) -> str:
    """Tokens as a sentence carries them: in English the bare list (the sentence has the article: "carrying the
    {tokens}"), in French each with its article ("le fusil-mitrailleur et les munitions"; several alike counted:
    "2 munitions")."""
    return join_words(f"{n} {name}" if n > 1 else _with_article(rules, first) or name
                      for name, (first, n) in _counted(rules, tokens).items())
