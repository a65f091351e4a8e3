"""The after-action review of a finished game (the Review button of the results and of each high-score row):
the score line by line, the turning points, the luck of the dice, and the planner's review of the player's
decisions, worked out in the background while the rest is already on screen (game/ai/review.py)."""

from __future__ import annotations

import threading

import pygame

import game.ai.review as reviewing
from game.ai.review import Review, review, review_decisions
from game.i18n import N_, _, n_
from game.i18n import number as said_number
from game.rules import Game
from game.ui import palette as P
from game.ui.fonts import blit_text, wrap
from game.ui.records import Record
from game.ui.scene import Context, Scene
from game.ui.widgets import Button, handle_buttons, panel
from game.ui.words import describe, fit

SCORE_BOX = pygame.Rect(40, 140, 640, 600)
TURNING_BOX = pygame.Rect(700, 140, 600, 600)
LUCK_BOX = pygame.Rect(1320, 140, 560, 600)
DECISIONS_BOX = pygame.Rect(40, 760, 1840, 180)


class _Cancelled(Exception):
    pass


class ReviewScene(Scene):
    """One game's review; Esc or Back returns (the decision review stops if it is still running)."""

    name = "review"

    def __init__(self, ctx: Context, record: Record, samples: int | None = None) -> None:
        """``samples``: sampled futures per reviewed choice (default ``game.ai.review.REVIEW_SAMPLES``)."""
        super().__init__(ctx)
        self.record = record
        self.review: Review = review(record.seed, record.difficulty, record.history)
        self.progress = (0, 1)
        self.failed = ""
        self.cancelled = False
        self.decision_lines: list[str] | None = None  # the decisions in words, once reviewed
        self.mouse = (0, 0)
        self.back_button = Button((1480, 960, 400, 66), N_("Back"), self.back, 28, tip=N_("Esc"))
        self.thread = threading.Thread(target=self._decisions, args=(samples or reviewing.REVIEW_SAMPLES,),
                                       daemon=True)
        self.thread.start()

    def _decisions(self, samples: int) -> None:
        def progress(done: int, total: int) -> None:
            if self.cancelled:
                raise _Cancelled
            self.progress = (done, max(1, total))
        try:
            review_decisions(self.review, progress, samples)
        except _Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - the review is a comfort: a failure is a line, never a crash
            self.failed = _("The decisions could not be reviewed ({error}).", error=type(exc).__name__)

    def back(self) -> None:
        self.cancelled = True
        self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE):
            self.back()
            return None
        handle_buttons([self.back_button], event)
        return None

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(P.PAPER)
        rev, rec = self.review, self.record
        blit_text(surface, _("AFTER-ACTION REVIEW"), "type_bold", 52, P.INK, (960, 30), "midtop")
        difficulty = _(rec.difficulty.capitalize())
        head = _("Game {seed}, {difficulty}: score {score}, {level}", seed=rec.seed, difficulty=difficulty,
                 score=rev.score, level=_(rev.level)) if rev.level else \
            _("Game {seed}, {difficulty}: score {score}", seed=rec.seed, difficulty=difficulty, score=rev.score)
        blit_text(surface, head, "sans", 24, P.INK_SOFT, (960, 94), "midtop")
        self._score(surface)
        self._lines(surface, TURNING_BOX, _("TURNING POINTS"), rev.turning or [_("Nothing broke through: no breach, "
                                                                                   "no morale lost.")])
        self._lines(surface, LUCK_BOX, _("LUCK"), rev.luck)
        self._decisions_panel(surface)
        self.back_button.draw(surface)
        self.back_button.draw_tip(surface, self.mouse)

    def _score(self, surface: pygame.Surface) -> None:
        panel(surface, SCORE_BOX, P.PAPER_LIGHT, P.INK, width=2)
        blit_text(surface, _("THE SCORE (7.0)"), "sans_bold", 22, P.POST_BLUE, (SCORE_BOX.x + 16, SCORE_BOX.y + 12))
        lines = self.review.breakdown
        if not self.review.complete:
            lines = [(_("(the record of this game is incomplete)"), 0), *lines]
        columns = 1 if len(lines) <= 18 else 2
        col_w = (SCORE_BOX.w - 32) // columns
        rows = (len(lines) + columns - 1) // columns
        size = 18 if columns == 1 else 16
        step = min(28, (SCORE_BOX.h - 110) // max(1, rows))
        for i, (label, points) in enumerate(lines):
            x = SCORE_BOX.x + 16 + (i // rows) * col_w
            y = SCORE_BOX.y + 50 + (i % rows) * step
            text, s = fit(label, "sans", size, col_w - 56, 12)
            blit_text(surface, text, "sans", s, P.INK, (x, y))
            blit_text(surface, f"{points:+d}" if points else "", "sans_bold", size, P.INK,
                      (x + col_w - 14, y), "topright")
        total = _("Total {n}", n=self.review.score)
        blit_text(surface, total, "sans_bold", 24, P.INK, (SCORE_BOX.right - 16, SCORE_BOX.bottom - 40), "topright")

    def _lines(self, surface: pygame.Surface, box: pygame.Rect, title: str, lines: list[str]) -> None:
        panel(surface, box, P.PAPER_LIGHT, P.INK, width=2)
        blit_text(surface, title, "sans_bold", 22, P.POST_BLUE, (box.x + 16, box.y + 12))
        y = box.y + 50
        bottom = box.bottom - 34
        for i, line in enumerate(lines):
            wrapped = wrap(line, "sans", 18, box.w - 32)
            if y + 24 * len(wrapped) > bottom:
                blit_text(surface, n_("and {n} more", "and {n} more", len(lines) - i), "sans", 16, P.INK_SOFT,
                          (box.x + 16, bottom + 4))
                break
            for part in wrapped:
                blit_text(surface, part, "sans", 18, P.INK, (box.x + 16, y))
                y += 24
            y += 6

    def _decisions_panel(self, surface: pygame.Surface) -> None:
        box = DECISIONS_BOX
        panel(surface, box, P.PAPER_LIGHT, P.INK, width=2)
        blit_text(surface, _("YOUR DECISIONS, AS THE PLANNER SEES THEM"), "sans_bold", 22, P.POST_BLUE,
                  (box.x + 16, box.y + 12))
        decisions = self.review.decisions
        if self.failed:
            blit_text(surface, self.failed, "sans", 18, P.INK, (box.x + 16, box.y + 52))
            return
        if decisions is None:
            done, total = self.progress
            bar = pygame.Rect(box.x + 16, box.y + 60, box.w - 32, 22)
            pygame.draw.rect(surface, P.PAPER_DARK, bar, border_radius=6)
            pygame.draw.rect(surface, P.POST_BLUE, (bar.x, bar.y, int(bar.w * done / total), bar.h), border_radius=6)
            blit_text(surface, _("The planner replays your decisions on sampled futures: {done} of {total}…",
                                 done=done, total=total),
                      "sans", 18, P.INK_SOFT, (box.x + 16, box.y + 96))
            return
        if not decisions:
            blit_text(surface, _("The planner found no decision of yours it would have taken otherwise by more "
                                 "than a tenth of a point. Well played."), "sans", 18, P.INK, (box.x + 16, box.y + 52))
            return
        if self.decision_lines is None:
            self.decision_lines = []
            for d in decisions:
                game = Game.from_json(d.before)
                self.decision_lines.append(_(
                    "Attack {attack}, turn {turn}: you chose “{played}”; the planner would have chosen “{better}” "
                    "(about {points} points better on the same futures).", attack=d.attack, turn=d.turn,
                    played=describe(game, d.played), better=describe(game, d.better),
                    points=said_number(d.loss)))
        y = box.y + 46
        for line in self.decision_lines:
            text, size = fit(line, "sans", 18, box.w - 32, 13)
            blit_text(surface, text, "sans", size, P.INK, (box.x + 16, y))
            y += 40
