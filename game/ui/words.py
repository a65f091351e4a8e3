"""Actions said in words for the demo caption, the Hint and the menus ("Trained 2 attacks the rifleman on track
3-4, space 2"), and a line fitted to a width. The names of spaces, tokens and counters are the core's
(game/rules/names.py); no id is shown. Reads the game; decides nothing."""

from __future__ import annotations

import re

from game.i18n import N_, Said, _, n_, percent, same
from game.rules import Action, Game
from game.rules.engine import ACTION_SECTIONS
from game.rules.kinds import ActionKind
from game.rules.names import carried_words, defender_name, space_name, state_name, the_token
from game.ui.fonts import font, longest_fit

CITED = re.compile(r"\b[1-8]\.\d(\.\d)?\b")  # a reason that cites a rulebook section already
# The kinds of enemy card, as the card being resolved is headed (3.0)
CARD_KINDS = {"assault": N_("assault"), "leader": N_("leader"), "grenade_bundle": N_("grenade bundle"),
              "support": N_("support"), "howitzer": N_("howitzer"), "fire_truck": N_("fire truck")}
# the words of the buttons that take them (game/ui/play/bar.py), so that the Hint, the log and the review name
# the button the player clicks
END_WORDS = {"end_moves": N_("End moves"), "end_actions": N_("End actions"), "end_command": N_("End command"),
             "end_escape": N_("End escape")}


def token_words(game: Game, token: str) -> str:
    """``the light machine gun``, ``the grenades``, ``the ammunition`` (``le fusil-mitrailleur``)."""
    return the_token(game.rules, token)


def upper_first(text: str) -> str:
    """``text`` with its first letter a capital (a sentence shown on its own: a tooltip, a reason)."""
    return same(text[:1].upper() + text[1:])


def space_words(game: Game, space: str) -> str:
    """A space as a phrase of a sentence (``ground floor, space 1-3``; ``la case 1-3 du rez-de-chaussée``)."""
    return space_name(game.rules, space, sentence=True)


def counter_words(game: Game, cid: str) -> str:
    if cid not in game.state["counters"]:
        return _("the enemy counter")
    where = game.counter_space(cid)
    unit = game.counter_label(cid)
    if not where:
        return _("the {unit}", unit=unit)
    if where.endswith(":interior"):  # inside the post office: "in the basement interior", never "on"
        return _("the {unit} in {space}", unit=unit, space=space_words(game, where))
    return _("the {unit} on {space}", unit=unit, space=space_words(game, where))




def describe(game: Game, action: Action) -> str:
    """One action in words, e.g. ``Konrad moves to upper floors, space 1 carrying the light machine gun``."""
    kind, a = action.kind, action.args
    if kind in END_WORDS:
        return _(END_WORDS[kind])
    who = defender_name(str(a[0])) if a else ""
    if kind == ActionKind.MOVE and len(a) >= 2:
        if len(a) > 2:
            return _("{defender} moves to {space} carrying the {tokens}", defender=who,
                     space=space_words(game, a[1]), tokens=carried_words(game.rules, a[2:]))
        return _("{defender} moves to {space}", defender=who, space=space_words(game, a[1]))
    if kind == ActionKind.SHIFT and len(a) >= 3:
        return _("{defender} moves {token} to {space}", defender=who, token=token_words(game, a[1]),
                 space=space_words(game, a[2]))
    if kind == ActionKind.ATTACK and len(a) >= 2:
        odds = game.odds(action)
        target = counter_words(game, a[1])
        if odds is not None:
            return _("{defender} attacks {target} ({chance})", defender=who, target=target, chance=percent(odds))
        return _("{defender} attacks {target}", defender=who, target=target)
    if kind == ActionKind.GRENADE and len(a) >= 2:
        return _("{defender} throws grenades", defender=who)
    if kind == ActionKind.SUPPRESS and len(a) >= 2:
        return _("{defender} places suppression tokens on {space}", defender=who, space=space_words(game, a[1]))
    if kind == ActionKind.RECOVER and len(a) >= 2:
        return _("{defender} recovers from being {state}", defender=who, state=state_name(a[1]))
    if kind == ActionKind.RALLY and len(a) >= 2:
        return _("{defender} is rallied (no longer {state})", defender=who, state=state_name(a[1]))
    if kind == ActionKind.COMMAND and a:
        return _("{defender} takes command", defender=who)
    if kind == ActionKind.SPEND and a:
        return n_("Spend {n} suppression token", "Spend {n} suppression tokens", int(a[0])) if a[0] != "0" else \
            _("Spend no suppression token")
    if kind == ActionKind.REMOVE and a:
        return _("{defender} is chosen as the casualty", defender=who)
    if kind == ActionKind.ESCAPE and a:
        return _("{defender} escapes", defender=who)
    return same(str(action))


def explained(game: Game, action: Action, reason: str) -> str:
    """The action in words and why, said once (a reason that already names the action, as most of the
    planner's do, "Fuz attacks the rifleman on track 3-4, space 2 (75%): ...", stands alone), with the rule it
    applies: "(rule 4.2.1)" unless the reason cites one already."""
    reason = reason.strip()
    section = ACTION_SECTIONS.get(action.kind, "")
    cite = _(" (rule {section})", section=section) if section and not CITED.search(reason) else ""
    if not reason:
        return same(describe(game, action) + cite)
    first = reason.split(" ", 1)[0].lower()
    names = {action.kind, *(str(defender_name(a)).lower() for a in action.args[:1])}
    if first in names or (action.args and reason.lower().startswith(str(defender_name(action.args[0])).lower() + " ")):
        return same(reason[0].upper() + reason[1:] + cite)
    return _("{action} — {reason}{cite}", action=describe(game, action), reason=reason, cite=cite)


def fit(line: str, face: str, size: int, width: int, smallest: int = 14) -> tuple[str, int]:
    """``line`` at the largest size from ``size`` down to ``smallest`` that fits ``width``, cut with an
    ellipsis if even that is too wide."""
    while size > smallest and font(face, size).size(line)[0] > width:
        size -= 1
    f = font(face, size)
    if f.size(line)[0] <= width:
        return line, size
    cut = line[:longest_fit(line, f, width, "…", strip=True)].rstrip() + "…"  # the longest start that fits
    return (same(cut) if isinstance(line, Said) else cut), size  # (a cut translation is still in its language)
