"""The Statistics screen (issue 33): the player's record in pictures, from the journal of finished games
(``game/ui/journal.py``): games, wins, draws and losses per difficulty; the score of every game over time; the
victory levels and their awards; where morale broke; who fell most often; the best runs. A damaged journal is one
line (set aside by the journal) and the screen shows what could be read."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, n_, number
from game.rules.data import default_rules
from game.rules.names import defender_name
from game.rules.scoring import AWARDS, LOSS
from game.ui import charts, journal, palette
from game.ui.fonts import blit_text, wrap
from game.ui.scene import Context, Scene
from game.ui.scenes.highscores import DIFFICULTY_NAMES
from game.ui.widgets import BACK_KEYS, Button, handle_buttons, panel
from game.ui.words import fit

TALLY_BOX = pygame.Rect(40, 140, 720, 330)
CHART_BOX = pygame.Rect(780, 140, 1100, 330)
LEVELS_BOX = pygame.Rect(40, 490, 720, 440)
MORALE_BOX = pygame.Rect(780, 490, 440, 440)
FALLEN_BOX = pygame.Rect(1240, 490, 640, 440)
DIFFICULTY_COLOURS = {"standard": palette.POST_BLUE, "veteran": palette.GOLD, "elite": palette.TARGET}
LEVEL_COLOURS = (palette.GOLD, palette.POST_BLUE, palette.POST_BLUE_LIGHT, palette.OK_GREEN, palette.TARGET)
FALLEN_SHOWN = 9


class StatisticsScene(Scene):
    """Esc, Enter or Back returns."""

    name = "statistics"

    def __init__(self, ctx: Context, played: journal.Journal | None = None) -> None:
        """``played``: the journal to show (by default the player's, read from the data folder)."""
        super().__init__(ctx)
        self.note = ""  # what reading the journal found damaged (one line)
        if played is None:
            played, self.note = journal.load()
        self.stats = journal.statistics(played)
        self.mouse = (0, 0)
        self.back_button = Button((1480, 960, 400, 66), N_("Back"), self.back, 28, tip=N_("Back to the title (Esc)"))

    def back(self) -> None:
        self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()
            return None
        handle_buttons([self.back_button], event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.PAPER)
        stats = self.stats
        blit_text(surface, _("YOUR RECORD"), "type_bold", 52, palette.INK, (960, 30), "midtop")
        blit_text(surface, n_("{n} game finished", "{n} games finished", stats.games), "sans", 24, palette.INK_SOFT,
                  (960, 94), "midtop")
        self._tallies(surface)
        self._chart(surface)
        self._levels(surface)
        self._morale(surface)
        self._fallen(surface)
        runs = "   ·   ".join((
            n_("Best run of wins: {n} game", "Best run of wins: {n} games", stats.best_wins),
            n_("Daily challenge streak: {n} day", "Daily challenge streak: {n} days", stats.daily_streak),
            n_("best {n} day", "best {n} days", stats.best_daily_streak)))
        line, size = fit(runs, "sans_bold", 22, 1400, 14)
        blit_text(surface, line, "sans_bold", size, palette.INK, (40, 980))
        if self.note:
            line, size = fit(self.note, "sans", 16, 1400, 12)
            blit_text(surface, line, "sans", size, palette.TARGET, (40, 1030))
        self.back_button.draw(surface)
        self.back_button.draw_tip(surface, self.mouse)

    @staticmethod
    def _heading(surface: pygame.Surface, box: pygame.Rect, text: str) -> None:
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, width=2)
        line, size = fit(text, "sans_bold", 22, box.w - 32, 14)
        blit_text(surface, line, "sans_bold", size, palette.POST_BLUE, (box.x + 16, box.y + 12))

    def _tallies(self, surface: pygame.Surface) -> None:
        """Games, wins, draws and losses per difficulty, with a bar of the three shares and the best and average
        scores."""
        box = TALLY_BOX
        self._heading(surface, box, _("GAMES BY DIFFICULTY"))
        cols = [(N_("Games"), 186), (N_("Won"), 272), (N_("Drawn"), 358), (N_("Lost"), 444), (N_("Best"), 530),
                (N_("Average"), 616)]
        for label, x in cols:
            text, size = fit(_(label), "cond", 18, 84, 12)
            blit_text(surface, text, "cond", size, palette.INK_SOFT, (box.x + x, box.y + 52))
        for i, (difficulty, tally) in enumerate(self.stats.tallies.items()):
            y = box.y + 84 + i * 78
            name, size = fit(_(DIFFICULTY_NAMES.get(difficulty, difficulty)), "sans_bold", 22, 160, 14)
            blit_text(surface, name, "sans_bold", size, DIFFICULTY_COLOURS.get(difficulty, palette.INK),
                      (box.x + 16, y))
            values = [tally.games, tally.wins, tally.draws, tally.losses,
                      "—" if tally.best is None else tally.best,
                      "—" if not tally.games else number(tally.average)]
            for (_label, x), value in zip(cols, values, strict=True):
                blit_text(surface, str(value), "sans", 22, palette.INK, (box.x + x, y))
            bar = pygame.Rect(box.x + 16, y + 34, box.w - 32, 18)
            pygame.draw.rect(surface, palette.PAPER_DARK, bar, border_radius=4)
            x = bar.x
            for count, colour in ((tally.wins, palette.OK_GREEN), (tally.draws, palette.GOLD), (tally.losses,
                                                                                                palette.TARGET)):
                if tally.games and count:
                    w = round(bar.w * count / tally.games)
                    pygame.draw.rect(surface, colour, (x, bar.y, w, bar.h))
                    x += w
            pygame.draw.rect(surface, palette.INK, bar, 1, border_radius=4)

    def _chart(self, surface: pygame.Surface) -> None:
        """The score of every game, oldest first, a dot each in its difficulty's colour, with the victory levels'
        thresholds (7.0) as guides and the average of the last ten games as a line."""
        box = CHART_BOX
        self._heading(surface, box, _("YOUR SCORE, GAME BY GAME"))
        played = self.stats.scores
        area = pygame.Rect(box.x + 16, box.y + 76, box.w - 32, box.h - 88)
        charts.legend(surface, (box.x + 20, box.y + 60),
                      [(_(DIFFICULTY_NAMES[d]), c) for d, c in DIFFICULTY_COLOURS.items()] +
                      [(_("the last 10 games' average"), palette.INK_SOFT)], box.w - 40)
        if not played:
            blit_text(surface, _("No game finished yet: your scores will be drawn here."), "type", 20, palette.INK_SOFT,
                      area.center, "center")
            return
        values = [p.score for p in played]
        average = [sum(values[max(0, i - 9):i + 1]) / len(values[max(0, i - 9):i + 1]) for i in range(len(values))]
        low, high = min(0, *values), max(45, *values)
        guides = [(threshold, _(level)) for threshold, _award, level in AWARDS]
        series = [charts.Series(_("average"), palette.INK_SOFT, average)] if len(values) > 1 else []  # (under the dots)
        series.append(charts.Series(_("score"), palette.INK, values, dots=True,
                                    point_colours=[DIFFICULTY_COLOURS.get(p.difficulty, palette.INK) for p in played]))
        charts.plot(surface, area, series, low, high, guides, axis=_("games, oldest first"), y_step=10)

    def _levels(self, surface: pygame.Surface) -> None:
        """How many games reached each victory level of 7.0, and the award it brings."""
        box = LEVELS_BOX
        self._heading(surface, box, _("VICTORY LEVELS AND AWARDS"))
        levels = self.stats.levels
        rows = [(_("{level}: {award}", level=_(level), award=_(award)), levels.get(level, 0), colour)
                for (_t, award, level), colour in zip(AWARDS, LEVEL_COLOURS, strict=False)]
        rows.append((_(LOSS), levels.get(LOSS, 0), LEVEL_COLOURS[-1]))
        charts.bars(surface, pygame.Rect(box.x + 16, box.y + 56, box.w - 32, box.h - 70), rows,
                    max(1, self.stats.games), 430, 70)

    def _morale(self, surface: pygame.Surface) -> None:
        """Where morale broke (1.2): the games it ended, by Attack."""
        box = MORALE_BOX
        self._heading(surface, box, _("WHERE MORALE BROKE"))
        broke = self.stats.morale_broke
        total = sum(broke.values())
        rows = [(_("Attack {attack}", attack=a), broke.get(a, 0), palette.TARGET) for a in (1, 2, 3)]
        charts.bars(surface, pygame.Rect(box.x + 16, box.y + 60, box.w - 32, 220), rows, max(1, total), 130, 60)
        held = self.stats.games - total
        said = n_("Morale held to the end in {n} game of {games}.", "Morale held to the end in {n} games of {games}.",
                  held, games=self.stats.games)
        for k, line in enumerate(wrap(said, "type", 20, box.w - 32)[:3]):
            blit_text(surface, line, "type", 20, palette.INK, (box.x + 16, box.bottom - 90 + 26 * k))

    def _fallen(self, surface: pygame.Surface) -> None:
        """The defenders who fell in most games."""
        box = FALLEN_BOX
        self._heading(surface, box, _("WHO FELL MOST OFTEN"))
        known = default_rules().defenders
        top = [(name, n) for name, n in self.stats.fallen.most_common() if name in known][:FALLEN_SHOWN]
        if not top:
            blit_text(surface, _("Nobody has fallen yet."), "type", 20, palette.INK_SOFT, (box.x + 16, box.y + 60))
            return
        rows = [(defender_name(name), n, palette.TARGET) for name, n in top]
        charts.bars(surface, pygame.Rect(box.x + 16, box.y + 52, box.w - 32, box.h - 64), rows,
                    max(1, self.stats.games), 300, 40)
