"""Actions said in words for the demo caption, the Hint and the menus ("Trained 2 attacks the rifleman on track
3-4, space 2"), and a line fitted to a width. The names of spaces, tokens and counters are the core's
(game/rules/names.py); no id is shown. Reads the game; decides nothing."""

from __future__ import annotations

import re

from game.i18n import _, n_
from game.rules import Action, Game
from game.rules.engine import ACTION_SECTIONS
from game.rules.names import space_name, token_name, tokens_name
from game.ui.fonts import font

CITED = re.compile(r"\b[1-8]\.\d(\.\d)?\b")  # a reason that cites a rulebook section already
END_WORDS = {"end_moves": "End the move step", "end_actions": "End the Defense Phase",
             "end_command": "End the command (no more rallies)", "end_escape": "Nobody else escapes"}


def token_words(game: Game, token: str) -> str:
    """``the light machine gun``, ``the grenades``, ``the ammunition``."""
    return f"the {token_name(game.rules, token)}"


def space_words(game: Game, space: str) -> str:
    return space_name(game.rules, space)


def counter_words(game: Game, cid: str) -> str:
    if cid not in game.state["counters"]:
        return "the enemy counter"
    where = game.counter_space(cid)
    return f"the {game.counter_label(cid)} on {space_words(game, where)}" if where else f"the {game.counter_label(cid)}"


def describe(game: Game, action: Action) -> str:
    """One action in words, e.g. ``Konrad moves to upper:1 carrying LMG (lmg1)``."""
    k, a = action.kind, action.args
    if k in END_WORDS:
        return END_WORDS[k]
    if k == "move" and len(a) >= 2:
        carry = f" carrying the {tokens_name(game.rules, a[2:])}" if len(a) > 2 else ""
        return f"{a[0]} moves to {space_words(game, a[1])}{carry}"
    if k == "shift" and len(a) >= 3:
        return f"{a[0]} passes {token_words(game, a[1])} to {space_words(game, a[2])}"
    if k == "attack" and len(a) >= 2:
        odds = game.odds(action)
        chance = f" ({odds:.0%})" if odds is not None else ""
        return f"{a[0]} attacks {counter_words(game, a[1])}{chance}"
    if k == "grenade" and len(a) >= 2:
        return f"{a[0]} throws grenades"
    if k == "suppress" and len(a) >= 2:
        return f"{a[0]} places suppression tokens on {space_words(game, a[1])}"
    if k == "recover" and len(a) >= 2:
        return f"{a[0]} recovers from being {a[1]}"
    if k == "rally" and len(a) >= 2:
        return f"{a[0]} is rallied (no longer {a[1]})"
    if k == "command" and a:
        return f"{a[0]} takes command"
    if k == "spend" and a:
        return n_("Spend {n} suppression token", "Spend {n} suppression tokens", int(a[0])) if a[0] != "0" else \
            _("Spend no suppression token")
    if k == "remove" and a:
        return f"{a[0]} is chosen as the casualty"
    if k == "escape" and a:
        return f"{a[0]} escapes"
    return str(action)


def explained(game: Game, action: Action, reason: str) -> str:
    """The action in words and why, said once (a reason that already names the action, as most of the
    planner's do, "Fuz attacks the rifleman on track 3-4, space 2 (75%): ...", stands alone), with the rule it
    applies: "(rule 4.2.1)" unless the reason cites one already."""
    reason = reason.strip()
    section = ACTION_SECTIONS.get(action.kind, "")
    cite = f" (rule {section})" if section and not CITED.search(reason) else ""
    if not reason:
        return describe(game, action) + cite
    first = reason.split(" ", 1)[0].lower()
    names = {action.kind, *(a.lower() for a in action.args[:1])}
    if first in names or (action.args and reason.lower().startswith(action.args[0].lower() + " ")):
        return reason[0].upper() + reason[1:] + cite
    return f"{describe(game, action)} — {reason}{cite}"


def fit(line: str, face: str, size: int, width: int, smallest: int = 14) -> tuple[str, int]:
    """``line`` at the largest size from ``size`` down to ``smallest`` that fits ``width``, cut with an
    ellipsis if even that is too wide."""
    while size > smallest and font(face, size).size(line)[0] > width:
        size -= 1
    f = font(face, size)
    if f.size(line)[0] <= width:
        return line, size
    lo, hi = 0, len(line)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.size(line[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + "…", size
