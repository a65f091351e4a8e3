"""The Hint: the planner's recommended next choice and why, when it can be asked for, and the gold pulsing rings
on what it uses (a defender, an enemy counter, a space, a button)."""

from __future__ import annotations

import math
from collections.abc import Container

import pygame

from game.ai import make_policy
from game.i18n import _
from game.rules import Action, Game
from game.ui import palette as P
from game.ui.board import BoardRenderer
from game.ui.play.positions import Positions
from game.ui.widgets import Button

# what a hint highlights: defenders, enemy counters, spaces, buttons
HintMarks = tuple[list[str], list[str], list[str], list[Button]]


def hint_blocker(game: Game, busy: bool, synced: bool, legal: list[Action]) -> str:
    """Why the Hint is not available now, or "" when it is."""
    if game.over:
        return _("The game is over")
    if busy or not synced:
        return _("Wait for the animations to finish (Space skips them)")
    if not legal:
        return _("Nothing to choose now")
    return ""


def recommend(game: Game) -> tuple[Action, str]:
    """The planner's choice for ``game`` and why: a fresh planner seeded by the game and the moment, so the
    same position always gets the same hint."""
    seed = (int(game.state["seed"]) * 1009 + int(game.state["turn"]) * 31
            + int(game.state.get("actions", 0))) % 1_000_000
    return make_policy("planner", seed).explain(game.clone())


def hint_marks(action: Action, defenders_drawn: Container[str], buttons: list[Button]) -> HintMarks:
    """What to highlight for ``action``: its defender (one of ``defenders_drawn``), enemy counter or space, and
    the ``buttons`` that submit it."""
    k, a = action.kind, action.args
    defenders = [a[0]] if a and a[0] in defenders_drawn else []
    counters: list[str] = []
    spaces: list[str] = []
    if k == "move" and len(a) > 1:
        spaces.append(a[1])
    elif k == "shift" and len(a) > 2:
        spaces.append(a[2])
    elif k == "attack" and len(a) > 1:
        counters.append(a[1])
    elif k == "suppress" and len(a) > 1:
        spaces.append(a[1])
    return defenders, counters, spaces, [b for b in buttons if b.data == action]


def draw_hint(surface: pygame.Surface, marks: HintMarks, board: BoardRenderer, positions: Positions,
              time: float) -> None:
    """Gold pulsing rings on ``marks`` (defenders off the board are left out)."""
    defenders, counters, spaces, buttons = marks
    pulse = 4 + int(3 * math.sin(time * 6))
    for sp in spaces:
        board.highlight(surface, sp, P.GOLD, time, 6)
    for name in defenders:
        if positions.view.s["defenders"][name]["status"] != "board":
            continue
        x, y = positions.defender_pos(name)
        pygame.draw.rect(surface, P.GOLD, pygame.Rect(x - 26 - pulse, y - 26 - pulse, 52 + 2 * pulse,
                                                      52 + 2 * pulse), 5, border_radius=7)
    for cid in counters:
        x, y = positions.enemy_pos(cid)
        pygame.draw.circle(surface, P.GOLD, (int(x), int(y)), 28 + pulse, 5)
    for b in buttons:
        pygame.draw.rect(surface, P.GOLD, b.rect.inflate(10 + 2 * pulse, 10 + 2 * pulse), 5, border_radius=10)
