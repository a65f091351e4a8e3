"""The results: score (counted up, then landing with a glow), award and victory level, who survived, escaped or
fell, by name, and the high-score table of the game's difficulty with the new entry highlighted."""

from __future__ import annotations

import pygame

from game import codes
from game.i18n import N_, _, n_, same
from game.rules import Game
from game.rules.names import defender_name
from game.ui import journal, palette, records, scores
from game.ui.fonts import blit_text, wrap
from game.ui.scene import Context, Scene
from game.ui.scenes.highscores import DIFFICULTY_NAMES, draw_daily, draw_table
from game.ui.scenes.pause import copied
from game.ui.scenes.review import ReviewScene
from game.ui.widgets import Button, handle_buttons, panel
from game.ui.words import fit

COUNT_UP = 1.2  # seconds the score counts up from 0 (a click, Space or a key shows it at once)
STAMP = 0.35  # seconds the medal's panel glows once the score has landed


HOW = {"fire_truck": N_("The fire truck ended the day."), "morale": N_("Morale broke: the post office fell."),
       "no_defenders": N_("No defender was left in the post office."),
       "deck_exhausted": N_("The Attack decks were spent.")}


class ResultsScene(Scene):
    name = "results"

    def __init__(self, ctx: Context, game: Game, demo: bool = False, tables: scores.Tables | None = None,
                 rank: int | None = None, guided: bool = False, played: journal.Played | None = None) -> None:
        super().__init__(ctx)
        self.game = game
        self.demo = demo  # a demo game's results: no buttons, no high-score entry
        self.guided = guided  # the guided first game's: not entered, reviewed from the game in memory
        self.difficulty = str(game.state.get("difficulty", "standard"))
        if tables is None:
            tables, msg = scores.load_scores()
            if msg:
                ctx.message = msg
        self.table = tables.get(self.difficulty, [])
        self.rank = rank  # the new entry's row, None when it did not make the top 10 (or a demo game)
        self.played = played  # the game's line in the journal (a daily challenge shows the daily table)
        self.daily: list[journal.Played] = []
        if played is not None and played.daily:
            self.daily = journal.load()[0].daily_table()
            self.rank = next((i for i, p in enumerate(self.daily[: scores.TOP]) if p.game == played.game), None)
        self.result = dict(game.result or {})
        groups: dict[str, list[str]] = {"board": [], "escaped": [], "casualty": []}
        for name, defender in game.state["defenders"].items():
            groups.setdefault(defender["status"], []).append(name)
        self.groups = groups
        self.t = 0.0
        self.note = ""  # what Copy game code did
        self.buttons = [] if demo else [
            Button((1480, 960, 380, 66), N_("Back to the title"), self.to_title, 28),
            Button((1085, 960, 380, 66), N_("New game"), self.new_game, 28, tip=N_("Defend the post office again"))]
        record = None if demo or game.state["history"] else records.checked(records.game_id(game))[0]
        if not demo and game.state["history"]:  # the game in memory (any finished game; the guided one too)
            record = records.Record(int(game.state["seed"]), self.difficulty, list(game.state["history"]))
        if record is not None:
            kept = record
            self.buttons.append(Button((60, 960, 330, 66), N_("Watch again"), lambda: self.watch(kept), 28,
                                       tip=N_("The game replayed on the board, decision by decision")))
            self.buttons.append(Button((405, 960, 330, 66), N_("Review"), lambda: self.stack.push(
                ReviewScene(ctx, kept)), 28, tip=N_("The after-action review: the score, the turning points, the "
                                                    "luck and the planner's view of your decisions")))
            self.buttons.append(Button((750, 960, 320, 66), N_("Copy game code"), lambda: self.copy_code(kept), 26,
                                       tip=N_("This game as a short code on the clipboard: open it on a title "
                                              "screen (Open a game code) to watch it")))

    def copy_code(self, record: records.Record) -> None:
        code, why = records.code_of(record)
        self.note = why if code is None else copied(codes.pack(code))

    def watch(self, record: records.Record) -> None:
        """The game replayed on the board (its record turned into a code); a record that does not replay is said
        in one line."""
        self.note = records.watch(self.ctx, record)

    def new_game(self) -> None:
        self.to_title()
        seed = self.ctx.seed if self.ctx.seed is not None else (self.game.state["seed"] * 7919 + 1) % 1_000_000
        self.stack.push(self.ctx.scenes.play(Game.new(seed, self.ctx.settings.difficulty), fresh=True))

    def to_title(self) -> None:
        while self.stack.top is not None and self.stack.top.name != "title":
            self.stack.pop()

    def enter(self) -> None:
        self.ctx.music.want("victory" if self.result.get("outcome") == "win" else "defeat")

    def counting(self) -> bool:
        """The score is still counting up."""
        return self.t < COUNT_UP

    def shown_score(self) -> int:
        """The score as it stands in the count-up (ease-out: fast, then slowing onto the final figure)."""
        score = int(self.result.get("score", 0))
        k = min(1.0, self.t / COUNT_UP)
        return round(score * (1 - (1 - k) ** 3))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        on_button = event.type == pygame.MOUSEBUTTONDOWN and any(b.rect.collidepoint(event.pos)
                                                                 for b in self.buttons)
        if self.counting() and not on_button and (event.type == pygame.MOUSEBUTTONDOWN or
                                                  (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)):
            self.t = COUNT_UP  # the whole score at once (a button does what it says at any time)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.to_title()
            return None
        handle_buttons(self.buttons, event)
        return None

    def update(self, dt: float) -> None:
        before = self.counting()
        self.t += dt
        if before and not self.counting() and self.result.get("score"):
            self.ctx.sounds.play("thud")  # the score lands

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.PAPER)
        r = self.result
        level = r.get("level", "")
        award = r.get("award", "")
        blit_text(surface, _("AFTER THE BATTLE"), "type_bold", 56, palette.INK, (960, 40), "midtop")
        blit_text(surface, _(HOW.get(str(r.get("how", "")), str(r.get("how", "")))), "type", 28, palette.INK_SOFT,
                  (960, 120), "midtop")
        medal = pygame.Rect(0, 0, 900, 190)
        medal.midtop = (960, 180)
        colour = palette.TARGET if r.get("outcome") == "loss" else palette.POST_BLUE
        glow = max(0.0, 1 - (self.t - COUNT_UP) / STAMP) if self.t >= COUNT_UP else 0.0  # the score has landed
        panel(surface, medal, palette.mix(palette.PAPER_LIGHT, palette.GOLD, 0.5 * glow), palette.INK, width=3)
        blit_text(surface, _("Score {n}", n=self.shown_score()), "sans_bold", 54, palette.INK, (medal.x + 40,
                                                                                                medal.y + 18))
        blit_text(surface, _(level) if level else "", "type_bold", 40, colour, (medal.x + 40, medal.y + 94))
        if award:
            cx, cy = medal.right - 110, medal.centery
            pygame.draw.polygon(surface, palette.TARGET, [(cx - 30, cy - 80), (cx + 30, cy - 80), (cx + 14, cy - 30),
                                                     (cx - 14, cy - 30)])
            pygame.draw.circle(surface, palette.GOLD, (cx, cy + 10), 46)
            pygame.draw.circle(surface, palette.INK, (cx, cy + 10), 46, 3)
            pygame.draw.circle(surface, palette.WORKER_WHITE, (cx, cy + 10), 22)
            line, size = fit(_(award), "type_bold", 26, medal.w - 280, 18)
            blit_text(surface, line, "type_bold", size, palette.INK, (medal.x + 40, medal.y + 148))
        state = self.game.state  # where the game ended, its turn counted within the Attack (8.1.2)
        blit_text(surface, _("Attack {attack}, turn {turn}", attack=state["attack"], turn=state["attack_turn"]),
                  "sans", 22, palette.INK_SOFT, (medal.right - 180, medal.y + 36), "topright")
        groups = [("board", self.groups.get("board", []), palette.POST_BLUE),
                  ("escaped", self.groups.get("escaped", []), palette.OK_GREEN),
                  ("casualty", self.groups.get("casualty", []), palette.TARGET)]
        headings = {"board": n_("Survived ({n})", "Survived ({n})", len(groups[0][1])),
                    "escaped": n_("Escaped ({n})", "Escaped ({n})", len(groups[1][1])),
                    "casualty": n_("Fell ({n})", "Fell ({n})", len(groups[2][1]))}
        box = pygame.Rect(60, 400, 920, 540)
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, width=2)
        y = box.y + 12
        for status, names, col in groups:
            blit_text(surface, headings[status], "type_bold", 26, col, (box.x + 20, y))
            y += 34
            lines = wrap(same(", ".join(defender_name(n) for n in names)) if names else _("nobody"), "type", 18,
                         box.w - 40)
            room = max(1, (box.bottom - 12 - y) // 22 - 2 * (status != "casualty"))
            for line in lines[:room]:
                blit_text(surface, line, "type", 18, palette.INK, (box.x + 20, y))
                y += 22
            y += 10
        name = _(DIFFICULTY_NAMES.get(self.difficulty, "Standard"))
        if self.played is not None and self.played.daily:
            day = self.played.daily
            best = next((p for p in self.daily if p.daily == day), None)
            title = _("Daily challenge of {day}: scored", day=day) if self.played.scored else \
                _("Daily challenge of {day}: practice (scored: {score})", day=day, score=best.score) if best else \
                _("Daily challenge of {day}: practice", day=day)
            draw_daily(surface, pygame.Rect(1000, 400, 860, 540), self.daily, title, self.rank, self.t)
            self._buttons(surface)
            return
        if self.demo:
            title = _("High scores, {difficulty} (demo games are not entered)", difficulty=name)
        elif self.guided:
            title = _("High scores, {difficulty} (guided games are not entered)", difficulty=name)
        elif self.rank is None:
            title = _("High scores, {difficulty}: not in the top {n}", difficulty=name, n=scores.TOP)
        else:
            title = _("High scores, {difficulty}: you are number {rank}", difficulty=name, rank=self.rank + 1)
        draw_table(surface, pygame.Rect(1000, 400, 860, 540), self.table, title, self.rank, self.t)
        self._buttons(surface)

    def _buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)
        if self.note:
            line, size = fit(self.note, "sans", 18, 1000, 12)
            blit_text(surface, line, "sans", size, palette.INK_SOFT, (60, 1040))
