"""The Hint: the planner's recommended next choice and why, when it can be asked for, and the gold pulsing rings
on what it uses (a defender, an enemy counter, a space, a button)."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Container
from typing import Generic, TypeVar

import pygame

from game.ai import PlannerPolicy, hint_policy
from game.i18n import _
from game.rules import Action, Game
from game.rules.kinds import ActionKind
from game.ui import palette
from game.ui.board import BoardRenderer
from game.ui.gate import GATE
from game.ui.play.positions import Positions
from game.ui.widgets import Button

# what a hint highlights: defenders, enemy counters, spaces, buttons
HintMarks = tuple[list[str], list[str], list[str], list[Button]]


def hint_blocker(game: Game, busy: bool, synced: bool, legal: list[Action], thinking: bool = False) -> str:
    """Why the Hint is not available now, or "" when it is."""
    if thinking:
        return _("The planner is thinking about this position")
    if game.over:
        return _("The game is over")
    if busy or not synced:
        return _("Wait for the animations to finish (Space skips them)")
    if not legal:
        return _("Nothing to choose now")
    return ""


def recommend(game: Game, checkpoint: Callable[[], None] | None = None) -> tuple[Action, str]:
    """The planner's choice for ``game`` and why: a fresh planner seeded by the game and the moment
    (``game.ai.hint_policy``), so the same position always gets the same hint. ``checkpoint`` is called before
    each of its rollouts (``PlannerPolicy.checkpoint``)."""
    policy = hint_policy(game)
    if isinstance(policy, PlannerPolicy):  # (the Hint's policy is the planner)
        policy.checkpoint = checkpoint
    return policy.explain(game.clone())


class Dropped(Exception):
    """Raised at a thinker's checkpoint once its answer is no longer wanted: the search stops there."""


T = TypeVar("T")


class Thinker(Generic[T]):
    """The planner (or another slow question about the game) thinking about one position in a worker thread, off
    the frame loop (issue 31: a Hint never freezes the screen; the danger badges). ``start`` gives it a copy of the
    game and returns at once; the frames go on while it thinks; ``take`` hands its answer over once, in the frame
    loop's thread. ``drop`` forgets a question whose position is gone (the player acted, undid, left): its answer,
    when it comes, is thrown away.

    A failure of the planner is raised again by ``take``, in the frame loop, where any other failure would be."""

    def __init__(self, think: Callable[[Game, Callable[[], bool]], T]) -> None:
        """``think(game, dropped)``: the slow question; ``dropped()`` turns True once its answer is not wanted
        (a question that can stop early asks it now and then)."""
        self.think = think
        self.thread: threading.Thread | None = None
        self.asked = 0  # the question being thought about (each start asks a new one)
        self.answer: tuple[int, T | None, BaseException | None] | None = None
        self.lock = threading.Lock()

    @property
    def thinking(self) -> bool:
        """A question is out and its answer not taken yet."""
        return self.thread is not None

    def start(self, game: Game) -> None:
        """Think about ``game`` as it stands now (a copy made here: the live game goes on in the frame loop)."""
        self.asked += 1
        asked, copy = self.asked, game.clone()

        def dropped() -> bool:
            GATE.give_way()  # (the frame being made goes first: game.ui.gate)
            return asked != self.asked

        def work() -> None:
            got: T | None = None
            failure: BaseException | None = None
            GATE.give_way()  # (started in a frame: the frame is made first)
            try:
                got = self.think(copy, dropped)
            except Dropped:
                return
            except BaseException as exc:  # noqa: BLE001 - handed to the frame loop by take()
                failure = exc
            with self.lock:
                if asked == self.asked:
                    self.answer = (asked, got, failure)
        self.thread = threading.Thread(target=work, name="hint", daemon=True)
        self.thread.start()

    def drop(self) -> None:
        """Forget the question out (its answer, if it comes, is for a position that is gone)."""
        with self.lock:
            self.asked += 1
            self.answer = None
            self.thread = None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the question out (if any) is answered; the answer is still handed over by ``take`` (for
        callers without frames: tests, tools)."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)

    def take(self) -> T | None:
        """The answer to the question out, once, when it has come (None before, and after it was taken)."""
        with self.lock:
            answer = self.answer
            if answer is None or answer[0] != self.asked:
                return None
            self.answer, self.thread = None, None
        _asked, got, failure = answer
        if failure is not None:
            raise failure
        return got


def think(game: Game, dropped: Callable[[], bool]) -> tuple[Action, str]:
    """:func:`recommend` as the Hint's thinker asks it: at each rollout the search gives way to the frame being
    made, and stops once its position is gone (a Hint asked and left behind stopped only at its end, and two or
    three such searches shared the interpreter with the frames)."""
    def checkpoint() -> None:
        if dropped():
            raise Dropped

    return recommend(game, checkpoint)


def hint_marks(action: Action, defenders_drawn: Container[str], buttons: list[Button]) -> HintMarks:
    """What to highlight for ``action``: its defender (one of ``defenders_drawn``), enemy counter or space, and
    the ``buttons`` that submit it."""
    kind, a = action.kind, action.args
    defenders = [a[0]] if a and a[0] in defenders_drawn else []
    counters: list[str] = []
    spaces: list[str] = []
    if kind == ActionKind.MOVE and len(a) > 1:
        spaces.append(a[1])
    elif kind == ActionKind.SHIFT and len(a) > 2:
        spaces.append(a[2])
    elif kind == ActionKind.ATTACK and len(a) > 1:
        counters.append(a[1])
    elif kind == ActionKind.SUPPRESS and len(a) > 1:
        spaces.append(a[1])
    return defenders, counters, spaces, [b for b in buttons if b.data == action]


def draw_hint(surface: pygame.Surface, marks: HintMarks, board: BoardRenderer, positions: Positions,
              time: float) -> None:
    """Gold pulsing rings on ``marks`` (defenders off the board are left out)."""
    defenders, counters, spaces, buttons = marks
    pulse = 4 + int(3 * math.sin(time * 6))
    for sp in spaces:
        board.highlight(surface, sp, palette.GOLD, time, 6)
    for name in defenders:
        if positions.view.state["defenders"][name]["status"] != "board":
            continue
        x, y = positions.defender_pos(name)
        pygame.draw.rect(surface, palette.GOLD, pygame.Rect(x - 26 - pulse, y - 26 - pulse, 52 + 2 * pulse,
                                                            52 + 2 * pulse), 5, border_radius=7)
    for cid in counters:
        x, y = positions.enemy_pos(cid)
        pygame.draw.circle(surface, palette.GOLD, (int(x), int(y)), 28 + pulse, 5)
    for b in buttons:
        pygame.draw.rect(surface, palette.GOLD, button_ring(b.rect, time), RING_WIDTH, border_radius=9)


RING_WIDTH = 3  # the gold ring around a button the Hint uses


def button_ring(rect: pygame.Rect, time: float) -> pygame.Rect:
    """The gold ring around a button the Hint uses at ``time``: it hugs the button (2 to 4 px out, pulsing), so it
    stays clear of the caption's second line just above the bottom bar's buttons (the playtest found the Hint's
    second line under a ring that reached 12 px out)."""
    out = 3 + int(round(math.sin(time * 6)))
    return rect.inflate(2 * out, 2 * out)
