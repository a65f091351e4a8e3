"""Plain words for the pieces of the board: what a player reads in the log, the tooltips, the menus and the hints.

The ids (``upper:4``, ``1-2:3``, ``gren2``, ``e17``, ``ss_rifleman``) stay the language of the save, the
actions and the text mode's typed commands; everything narrated says the names made here, from the rules data
(1.0 the board: floors, defender spaces with their printed die labels, assault tracks and their spaces, the
support spaces A-F, the entrances; 2.0 the weapon and ammunition tokens; 3.0 the cards).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.i18n import N_, Said, _, same
from game.rules.data import Card, Rules, remember

__all__ = ["card_text", "defender_name", "entrance_name", "floor_name", "join_words", "space_name", "token_name",
           "tokens_name"]

# The defenders known by their rank and number rather than a name (levels/defenders.toml, inferred from 2.0: the
# counters of the "trained" soldiers and "postal workers"), worded in the player's language.
NUMBERED = {"Trained": N_("Trained {n}"), "Postal worker": N_("Postal worker {n}")}


def defender_name(name: str) -> Said:
    """A defender as the player reads him: his name (``Konrad``), or his rank and number in the player's
    language (``Trained 5`` is ``Entraîné 5`` in French)."""
    rank, _sep, number = name.rpartition(" ")
    template = NUMBERED.get(rank)
    if template is not None and number.isdigit():
        return _(template, n=number)
    return same(name)


def floor_name(rules: Rules, floor: str) -> str:
    """``upper`` -> ``upper floors``."""
    fl = rules.floors.get(floor)
    return fl.name.lower() if fl else floor


def space_name(rules: Rules, space: str) -> str:
    """A space in words: ``ground floor, space 1-3``, ``the ground floor interior``, ``track 1-2, space 3``,
    ``support space A``; remembered by the rules (``Memo.names``)."""
    known = rules.memo.names.get(space)
    if known is None:
        known = remember(rules.memo.names, space, _space_name(rules, space))
    return known


def _space_name(rules: Rules, space: str) -> str:
    if space.endswith(":interior"):
        return f"the {floor_name(rules, space.split(':')[0])} interior"
    ds = rules.defender_spaces.get(space)
    if ds is not None:
        return f"{floor_name(rules, ds.floor)}, space {ds.label}"
    ts = rules.track_spaces.get(rules.aliases.get(space, space))
    if ts is not None:
        return f"track {ts.track}, space {ts.index}"
    if space in rules.support_spaces:
        return f"support space {space}"
    return space


def entrance_name(entrance: str) -> str:
    """``rear`` -> ``the rear entrance``."""
    return f"the {entrance} entrance"


def token_name(rules: Rules, token: str) -> str:
    """A weapon or ammunition token: ``light machine gun``, ``grenades``, ``ammunition``."""
    weapon = rules.weapons.get(token)
    if weapon is not None:
        return weapon.name.lower()
    if token.startswith("ammo"):
        return "ammunition"
    return token


def join_words(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def tokens_name(rules: Rules, tokens: Iterable[str]) -> str:
    """Several tokens, alike ones counted: ``a light machine gun and 2 ammunition``."""
    counts: dict[str, int] = {}  # in order of first appearance, as a Counter would keep them
    for t in tokens:
        name = token_name(rules, t)
        counts[name] = counts.get(name, 0) + 1
    return join_words(name if n == 1 else f"{n} {name}" for name, n in counts.items())


def card_text(rules: Rules, card: Card) -> str:
    """A card in the narration's words (3.0 card_revealed, the last card panel): ``SS rifleman card (die
    1-6)``, ``leader card: Heinrich on track 3-4``, ``support card for support space A``."""
    if card.type == "assault":
        unit = rules.assault_types.get(card.unit)
        return f"{unit.name if unit else card.unit} card (die {card.die})"
    if card.type == "leader":
        return f"leader card: {card.name} on track {card.space}"
    if card.type == "grenade_bundle":
        return f"grenade bundle card for barrier {card.barrier}"
    if card.type == "support":
        return f"support card for support space {card.space}"
    return f"{card.type.replace('_', ' ')} card"
