"""The high-score tables: a tab per difficulty (from the title), and the table drawn on the results screen with
the new entry highlighted."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, n_
from game.rules.data import DIFFICULTIES
from game.ui import journal, palette, records, scores
from game.ui.fonts import blit_text
from game.ui.scene import Context, Scene
from game.ui.scenes.review import ReviewScene
from game.ui.widgets import BACK_KEYS, Button, handle_buttons, panel
from game.ui.words import fit

DIFFICULTY_NAMES = {"standard": N_("Standard"), "veteran": N_("Veteran"), "elite": N_("Elite")}
DIFFICULTY_TIPS = {"standard": N_("The game as printed: no Tactics cards"),
                   "veteran": N_("8.1: a harder set-up and one Tactics card in play"),
                   "elite": N_("8.2: the hardest set-up and two Tactics cards in play")}


REVIEW_W = 120  # the Review button at the right end of a row of the high-score screen (inside the table)


def row_rect(rect: pygame.Rect, i: int) -> pygame.Rect:
    """Row ``i`` of the table drawn in ``rect``."""
    row_h = max(30, min(42, (rect.h - 100) // scores.TOP))
    return pygame.Rect(rect.x + 8, rect.y + 88 + i * row_h, rect.w - 16, row_h - 4)


def review_rect(rect: pygame.Rect, i: int) -> pygame.Rect:
    """The Review button of row ``i``: at the row's right end, inside the table's panel."""
    row = row_rect(rect, i)
    return pygame.Rect(row.right - 6 - REVIEW_W, row.y + 2, REVIEW_W, row.h - 4)


def watch_rect(rect: pygame.Rect, i: int) -> pygame.Rect:
    """The Watch button of row ``i``: left of its Review button."""
    return review_rect(rect, i).move(-REVIEW_W - 6, 0)


def draw_table(surface: pygame.Surface, rect: pygame.Rect, entries: list[scores.Entry], title: str,
               highlight: int | None = None, t: float = 0.0, reserve: int = 0) -> None:
    """A top-10 table in ``rect``: rank, score, award, date, seed; row ``highlight`` pulses in gold. ``reserve``
    pixels are left free at the right end of the rows (for a button drawn there)."""
    cols = [("#", 20), (N_("Score"), 80), (N_("Award"), 210), (N_("Date"), rect.w - 330 - reserve),
            (N_("Seed"), rect.w - 130 - reserve)]
    rows = [[str(i + 1), str(e.score), _(e.award) if e.award else "—", e.date, str(e.seed)]
            for i, e in enumerate(entries[: scores.TOP])]
    draw_rows(surface, rect, title, cols, rows, _("No game entered yet at this difficulty."), highlight, t)


def draw_daily(surface: pygame.Surface, rect: pygame.Rect, entries: list[journal.Played], title: str,
               highlight: int | None = None, t: float = 0.0, reserve: int = 0) -> None:
    """The daily challenge's table: the scored attempt of each of the last 10 days played, the latest first."""
    cols = [(N_("Day"), 20), (N_("Score"), 170), (N_("Victory level"), 270), (N_("Award"), 520)]
    rows = [[e.daily, str(e.score), _(e.level) if e.level else "—", _(e.award) if e.award else "—"]
            for e in entries[: scores.TOP]]
    draw_rows(surface, rect, title, cols, rows, _("No daily challenge played yet."), highlight, t,
              [0, 0, 240, rect.w - 540 - reserve])


def draw_rows(surface: pygame.Surface, rect: pygame.Rect, title: str, cols: list[tuple[str, int]],
              rows: list[list[str]], empty: str, highlight: int | None = None, t: float = 0.0,
              widths: list[int] | None = None) -> None:
    """A table of up to 10 rows in ``rect`` under ``title`` and its columns' headings (each at its x); row
    ``highlight`` pulses in gold; a cell wider than its column's ``widths`` (0: no limit) is fitted to it."""
    panel(surface, rect, palette.PAPER_LIGHT, palette.INK, width=2)
    line, size = fit(title, "type_bold", 28, rect.w - 40, 18)
    blit_text(surface, line, "type_bold", size, palette.INK, (rect.x + 20, rect.y + 12))
    y = rect.y + 58
    for label, x in cols:
        blit_text(surface, _(label), "cond", 18, palette.INK_SOFT, (rect.x + x, y))
    y += 30
    if not rows:
        blit_text(surface, empty, "type", 20, palette.INK_SOFT, (rect.x + 20, y + 10))
        return
    for i, values in enumerate(rows):
        row = row_rect(rect, i)
        if i == highlight:
            glow = palette.mix(palette.GOLD, palette.PAPER_LIGHT, 0.35 + 0.25 * abs(((t * 1.5) % 2) - 1))
            pygame.draw.rect(surface, glow, row, border_radius=5)
            pygame.draw.rect(surface, palette.INK, row, 2, border_radius=5)
        elif i % 2:
            pygame.draw.rect(surface, palette.mix(palette.PAPER_LIGHT, palette.PAPER_DARK, 0.25), row, border_radius=5)
        face = "sans_bold" if i == highlight else "sans"
        for k, ((_label, x), value) in enumerate(zip(cols, values, strict=True)):
            width = widths[k] if widths and k < len(widths) else 0
            text, size = fit(value, face, 20, width, 14) if width else (value[:28], 20)
            blit_text(surface, text, face, size, palette.INK, (rect.x + x, row.centery), "midleft")


TABLE_RECT = pygame.Rect(360, 240, 1200, 690)


DAILY = "daily"  # the tab of the daily challenge's table
TABS = (*DIFFICULTIES, DAILY)


class HighScoresScene(Scene):
    """The tables, one tab per difficulty and one for the daily challenge; Esc or Back returns."""

    name = "highscores"

    def __init__(self, ctx: Context, difficulty: str = "standard") -> None:
        super().__init__(ctx)
        self.tables, msg = scores.load_scores()
        self.journal, more = journal.load()
        self.stats = journal.statistics(self.journal)
        self.daily = self.journal.daily_table()  # (sorted once, not every frame)
        if msg or more:
            ctx.message = "; ".join(m for m in (msg, more) if m)
        self.difficulty = difficulty if difficulty in TABS else "standard"
        self.t = 0.0
        self.mouse = (0, 0)
        self.buttons: list[Button] = []
        self.note = ""  # why a record cannot be reviewed or watched (said until the scene is left)
        self._build()

    def _build(self) -> None:
        self.buttons = []
        for i, tab in enumerate(TABS):
            def pick(d: str = tab) -> None:
                self.difficulty = d
                self._build()
            self.buttons.append(Button((290 + i * 340, 150, 320, 60), DIFFICULTY_NAMES.get(tab, N_("Daily")), pick,
                                       26, tip=DIFFICULTY_TIPS.get(tab, N_("The daily challenge: the score of your "
                                                                           "first finished attempt of each day")),
                                       selected=tab == self.difficulty))
        self.buttons.append(Button((760, 960, 400, 66), N_("Back"), self.back, 28, tip=N_("Back to the title (Esc)")))
        ids = [p.game for p in self.daily] if self.difficulty == DAILY else \
            [e.game for e in self.tables.get(self.difficulty, [])]
        for i, gid in enumerate(ids[: scores.TOP]):
            record = records.load(gid)[0] if gid else None
            if record is None:
                continue
            def open_review(gid: str = gid) -> None:
                record = self.checked(gid)
                if record is not None:
                    self.stack.push(ReviewScene(self.ctx, record))

            def watch(gid: str = gid) -> None:
                record = self.checked(gid)
                if record is not None:
                    self.ctx.message = records.watch(self.ctx, record) or self.ctx.message
            self.buttons.append(Button(review_rect(TABLE_RECT, i), N_("Review"), open_review, 18,
                                       tip=N_("The after-action review of this game")))
            self.buttons.append(Button(watch_rect(TABLE_RECT, i), N_("Watch"), watch, 18,
                                       tip=N_("This game replayed on the board")))

    def checked(self, gid: str) -> records.Record | None:
        """The record of ``gid``, replayed to its end first (trusted only then); None when it fails, said in the
        note line, the table's buttons built again without it."""
        record, why = records.checked(gid)
        if record is None:
            self.note = why
            self._build()
        return record

    def reload(self) -> None:
        """Read the tables again (the high-score check dropped entries that were not their games')."""
        self.tables = scores.load_scores()[0]
        self._build()

    def back(self) -> None:
        self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key in BACK_KEYS:
                self.back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = TABS.index(self.difficulty) + (1 if event.key == pygame.K_RIGHT else -1)
                self.difficulty = TABS[i % len(TABS)]
                self._build()
            return None
        handle_buttons(self.buttons, event)
        return None

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.PAPER)
        blit_text(surface, _("HIGH SCORES"), "type_bold", 56, palette.INK, (960, 40), "midtop")
        rect = TABLE_RECT
        if self.difficulty == DAILY:
            stats = self.stats
            title = n_("The daily challenge: your streak {n} day (best {best})",
                       "The daily challenge: your streak {n} days (best {best})", stats.daily_streak,
                       best=stats.best_daily_streak) if stats.best_daily_streak else \
                _("The daily challenge: your first finished game of each day")
            draw_daily(surface, rect, self.daily, title, None, self.t, reserve=2 * REVIEW_W + 22)
        else:
            draw_table(surface, rect, self.tables.get(self.difficulty, []),
                       _("{difficulty}: the top {n}", difficulty=_(DIFFICULTY_NAMES[self.difficulty]), n=scores.TOP),
                       None, self.t, reserve=2 * REVIEW_W + 22)
        if self.note:
            line, size = fit(self.note, "sans", 18, 1800)  # between the table (to y 930) and Back (from y 960)
            blit_text(surface, line, "sans", size, palette.TARGET, (960, TABLE_RECT.bottom + 15), "center")
        for b in self.buttons:
            b.draw(surface)
        for b in self.buttons:
            b.draw_tip(surface, self.mouse)
