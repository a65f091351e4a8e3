"""The after-action review of a finished game (the Review button of the results and of each high-score row):
the score line by line, the turning points, the luck of the dice, and the planner's review of the player's
decisions, worked out in the background while the rest is already on screen (game/ai/review.py)."""

from __future__ import annotations

import threading

import pygame

import game.ai.review as reviewing
from game import codes
from game.ai.review import Review, review, review_decisions
from game.i18n import N_, _, n_
from game.i18n import number as said_number
from game.rules import Game
from game.ui import charts, palette
from game.ui.fonts import blit_text, font, wrap
from game.ui.gate import GATE
from game.ui.records import Record, code_of
from game.ui.scene import Context, Scene
from game.ui.widgets import BACK_KEYS, Button, handle_buttons, panel
from game.ui.words import describe, fit

SCORE_BOX = pygame.Rect(40, 140, 640, 460)
TURNING_BOX = pygame.Rect(700, 140, 600, 460)
LUCK_BOX = pygame.Rect(1320, 140, 560, 460)
DECISIONS_BOX = pygame.Rect(40, 620, 1080, 320)
CHART_BOX = pygame.Rect(1140, 620, 740, 320)
DECISION_SIZES = range(18, 12, -1)  # the planner's lines: all at the largest of these at which they all fit


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
        # the turning points and the luck scroll (the wheel, or a click on "and N more") when they do not fit:
        # the first entry shown, the last first entry that still fills the box, and the "and N more" line's rect
        self.first: dict[str, int] = {"turning": 0, "luck": 0}
        self.last_first: dict[str, int] = {"turning": 0, "luck": 0}
        self.more: dict[str, pygame.Rect] = {}
        self.links: list[tuple[pygame.Rect, int, bool]] = []  # drawn entries a click replays: where, the decision
        # it opens at (paused there), and whether it is a turning point (else a decision of the player's)
        self.code: codes.GameCode | None = None  # the game's code, once a moment is asked to be watched
        self.back_button = Button((1480, 960, 400, 66), N_("Back"), self.back, 28, tip=N_("Esc"))
        self.thread = threading.Thread(target=self._decisions, args=(samples or reviewing.REVIEW_SAMPLES,),
                                       daemon=True)
        self.thread.start()

    def _decisions(self, samples: int) -> None:
        def progress(done: int, total: int) -> None:
            if self.cancelled:
                raise _Cancelled
            self.progress = (done, max(1, total))

        def checkpoint() -> None:  # at each of the planner's rollouts: the frame being made goes first
            GATE.give_way()
            if self.cancelled:
                raise _Cancelled
        GATE.give_way()  # (started in a frame: the frame is made first)
        try:
            review_decisions(self.review, progress, samples, checkpoint)
        except _Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - the review is a comfort: a failure is a line, never a crash
            self.failed = _("The decisions could not be reviewed ({error}).", error=type(exc).__name__)

    def scroll(self, key: str, entries: int) -> None:
        """The turning points' or the luck's list moved by ``entries`` (down when positive), within its ends."""
        self.first[key] = max(0, min(self.last_first[key], self.first[key] + entries))

    def watch(self, at: int) -> None:
        """The game replayed on the board, paused after ``at`` decisions (Forward or Play shows the moment; a
        record that does not replay: one line)."""
        if self.code is None:
            self.code, why = code_of(self.record)
            if self.code is None:
                self.failed = why
                return
        self.stack.push(self.ctx.scenes.replay(self.code, at))

    def back(self) -> None:
        self.cancelled = True
        self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()
            return None
        if event.type == pygame.MOUSEWHEEL:
            for key, box in (("turning", TURNING_BOX), ("luck", LUCK_BOX)):
                if box.collidepoint(self.mouse):
                    self.scroll(key, -event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for key, rect in self.more.items():
                if rect.collidepoint(event.pos):
                    self.scroll(key, 3)  # a click on "and N more": the next entries
                    return None
            for rect, at, _turning in self.links:
                if rect.collidepoint(event.pos):
                    self.watch(at)
                    return None
        handle_buttons([self.back_button], event)
        return None

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.PAPER)
        rev, rec = self.review, self.record
        blit_text(surface, _("AFTER-ACTION REVIEW"), "type_bold", 52, palette.INK, (960, 30), "midtop")
        difficulty = _(rec.difficulty.capitalize())
        head = _("Game {seed}, {difficulty}: score {score}, {level}", seed=rec.seed, difficulty=difficulty,
                 score=rev.score, level=_(rev.level)) if rev.level else \
            _("Game {seed}, {difficulty}: score {score}", seed=rec.seed, difficulty=difficulty, score=rev.score)
        blit_text(surface, head, "sans", 24, palette.INK_SOFT, (960, 94), "midtop")
        self.links = []
        self._score(surface)
        self._lines(surface, "turning", TURNING_BOX, _("TURNING POINTS (a click replays it)") if rev.turning else
                    _("TURNING POINTS"), rev.turning or [_("Nothing broke through: no breach, no morale lost.")],
                    rev.turning_at)
        self._lines(surface, "luck", LUCK_BOX, _("LUCK"), rev.luck)
        self._decisions_panel(surface)
        self._chart(surface)
        self.back_button.draw(surface)
        self.back_button.draw_tip(surface, self.mouse)

    def _score(self, surface: pygame.Surface) -> None:
        panel(surface, SCORE_BOX, palette.PAPER_LIGHT, palette.INK, width=2)
        # the heading of a breakdown, its rule named as a rule: "THE SCORE (7.0)" read as a second score, 7.0
        heading, size = fit(_("HOW THE SCORE ADDS UP (rule 7.0)"), "sans_bold", 22, SCORE_BOX.w - 32, 16)
        blit_text(surface, heading, "sans_bold", size, palette.POST_BLUE, (SCORE_BOX.x + 16, SCORE_BOX.y + 12))
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
            blit_text(surface, text, "sans", s, palette.INK, (x, y))
            blit_text(surface, f"{points:+d}" if points else "", "sans_bold", size, palette.INK,
                      (x + col_w - 14, y), "topright")
        total = _("Total {n}", n=self.review.score)
        blit_text(surface, total, "sans_bold", 24, palette.INK, (SCORE_BOX.right - 16, SCORE_BOX.bottom - 40),
                  "topright")

    def _lines(self, surface: pygame.Surface, key: str, box: pygame.Rect, title: str, lines: list[str],
               moments: list[int] | None = None) -> None:
        """A list of entries from the first one scrolled to; those below that do not fit are counted in an "and N
        more" line (a click on it, or the wheel over the box, scrolls to them) and a scrollbar shows where the
        entries shown stand in the list. With ``moments`` (one per entry), an entry is a link to its moment in
        the game's replay (highlighted under the mouse)."""
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, width=2)
        heading, size = fit(title, "sans_bold", 22, box.w - 32, 14)
        blit_text(surface, heading, "sans_bold", size, palette.POST_BLUE, (box.x + 16, box.y + 12))
        top, bottom = box.y + 50, box.bottom - 34
        heights = [24 * len(wrap(line, "sans", 18, box.w - 40)) + 6 for line in lines]
        last_first, room = len(lines), bottom - top + 6
        while last_first > 0 and room >= heights[last_first - 1]:  # the last entries that fill the box
            last_first -= 1
            room -= heights[last_first]
        self.last_first[key] = min(last_first, max(0, len(lines) - 1))
        first = self.first[key] = min(self.first[key], self.last_first[key])
        y = top
        self.more.pop(key, None)
        for i in range(first, len(lines)):
            wrapped = wrap(lines[i], "sans", 18, box.w - 40)
            if y + 24 * len(wrapped) > bottom and i > first:
                more = blit_text(surface, "↓", "sans", 16, palette.INK_SOFT, (box.x + 16, bottom + 4))
                more = more.union(blit_text(surface, n_("and {n} more", "and {n} more", len(lines) - i), "sans", 16,
                                            palette.INK_SOFT, (more.right + 6, bottom + 4)))
                self.more[key] = more.inflate(8, 8)
                break
            entry = pygame.Rect(box.x + 8, y - 3, box.w - 24, 24 * len(wrapped) + 4)
            if moments is not None and i < len(moments):
                self.links.append((entry, moments[i], True))
                if entry.collidepoint(self.mouse):
                    pygame.draw.rect(surface, palette.mix(palette.PAPER_LIGHT, palette.GOLD, 0.35), entry,
                                     border_radius=4)
            for part in wrapped:
                blit_text(surface, part, "sans", 18, palette.INK, (box.x + 16, y))
                y += 24
            y += 6
        if self.last_first[key]:  # a scrollbar: the part of the list shown, and where
            track = pygame.Rect(box.right - 12, top, 4, bottom - top)
            total = sum(heights)
            above = sum(heights[:first])
            shown = min(total - above, bottom - top + 6)
            bar = pygame.Rect(track.x, track.y + track.h * above // total, 4, max(16, track.h * shown // total))
            pygame.draw.rect(surface, palette.PAPER_DARK, track, border_radius=2)
            pygame.draw.rect(surface, palette.INK_SOFT, bar.clamp(track), border_radius=2)

    def _decisions_panel(self, surface: pygame.Surface) -> None:
        box = DECISIONS_BOX
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, width=2)
        heading, size = fit(_("YOUR DECISIONS, AS THE PLANNER SEES THEM (a click shows the moment)")
                            if self.review.decisions else _("YOUR DECISIONS, AS THE PLANNER SEES THEM"),
                            "sans_bold", 22, box.w - 32, 14)
        blit_text(surface, heading, "sans_bold", size, palette.POST_BLUE, (box.x + 16, box.y + 12))
        decisions = self.review.decisions
        if self.failed:
            blit_text(surface, self.failed, "sans", 18, palette.INK, (box.x + 16, box.y + 52))
            return
        if decisions is None:
            done, total = self.progress
            bar = pygame.Rect(box.x + 16, box.y + 60, box.w - 32, 22)
            pygame.draw.rect(surface, palette.PAPER_DARK, bar, border_radius=6)
            pygame.draw.rect(surface, palette.POST_BLUE, (bar.x, bar.y, int(bar.w * done / total), bar.h),
                             border_radius=6)
            blit_text(surface, _("The planner replays your decisions on sampled futures: {done} of {total}…",
                                 done=done, total=total),
                      "sans", 18, palette.INK_SOFT, (box.x + 16, box.y + 96))
            return
        if not decisions:
            blit_text(surface, _("The planner found no decision of yours it would have taken otherwise by more "
                                 "than a tenth of a point. Well played."), "sans", 18, palette.INK,
                      (box.x + 16, box.y + 52))
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
        # one size for all the planner's lines: the largest at which every line, wrapped, fits the box
        room = box.bottom - 10 - (box.y + 46)
        for size in DECISION_SIZES:
            step = font("sans", size).get_linesize()
            parts = [wrap(line, "sans", size, box.w - 32) for line in self.decision_lines]
            if sum(len(p) for p in parts) * step + 10 * (len(parts) - 1) <= room:
                break
        y = box.y + 46
        for wrapped, decision in zip(parts, decisions, strict=True):
            entry = pygame.Rect(box.x + 8, y - 3, box.w - 16, step * len(wrapped) + 4)
            self.links.append((entry, decision.index, False))
            if entry.collidepoint(self.mouse):
                pygame.draw.rect(surface, palette.mix(palette.PAPER_LIGHT, palette.GOLD, 0.35), entry, border_radius=4)
            for part in wrapped:
                blit_text(surface, part, "sans", size, palette.INK, (box.x + 16, y))
                y += step
            y += 10

    def _chart(self, surface: pygame.Surface) -> None:
        """Morale and the defenders in the post office turn by turn (the first decision, then the end of each
        turn), the Attacks marked along the turns."""
        box = CHART_BOX
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, width=2)
        heading, size = fit(_("MORALE AND DEFENDERS, TURN BY TURN"), "sans_bold", 22, box.w - 32, 14)
        blit_text(surface, heading, "sans_bold", size, palette.POST_BLUE, (box.x + 16, box.y + 12))
        marks = self.review.timeline
        if len(marks) < 2:
            return
        x_marks = [(i, _("Attack {attack}", attack=m.attack)) for i, m in enumerate(marks)
                   if not i or m.attack != marks[i - 1].attack]
        morale = [m.morale for m in marks]
        defenders = [m.defenders for m in marks]
        legend = (box.x + 60, box.y + 58)
        charts.legend(surface, legend, [(_("Morale"), palette.POST_BLUE)], box.w // 2 - 60)
        charts.plot(surface, pygame.Rect(box.x + 8, box.y + 66, box.w - 16, 100),
                    [charts.Series(_("Morale"), palette.POST_BLUE, morale)], 0, max(10, *morale), x_marks=x_marks,
                    y_step=5, x_labels=False)
        charts.legend(surface, (legend[0], box.y + 178), [(_("Defenders in the post office"), palette.TARGET)],
                      box.w - 80)
        charts.plot(surface, pygame.Rect(box.x + 8, box.y + 186, box.w - 16, 130),
                    [charts.Series(_("Defenders"), palette.TARGET, defenders)], 0, max(10, *defenders), x_marks=x_marks,
                    y_step=10, axis=_("turns"))
