"""The title screen: New game, Continue, Demo, Rules, Settings, Quit over the post office under fire (smoke, and
flashes unless motion is reduced); a one-line message for a damaged save or settings file."""

from __future__ import annotations

import datetime
import json
import math
from typing import Any

import pygame

from game import codes, daily
from game.i18n import N_, _, n_
from game.rules import Game, LevelError
from game.rules.data import DIFFICULTIES
from game.rules.engine import NewerSaveError
from game.ui import clipboard, journal, palette, scores, storage
from game.ui.effects import glow, soft
from game.ui.fonts import blit_text, wrap
from game.ui.play.scene import PlayScene
from game.ui.scene import Context
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.demo import start_demo
from game.ui.scenes.highscores import DIFFICULTY_NAMES, DIFFICULTY_TIPS, HighScoresScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules_ref import RulesScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.tutorial import start_tutorial, tutorial_path
from game.ui.widgets import Button, handle_buttons, panel
from game.ui.words import fit


def load_save(ctx: Context) -> Game | None:
    """The autosaved game, or None. A damaged save is moved aside with a one-line message; damaged ``levels/``
    data (the game's own files, not the save) is a one-line message too, and the save is left as it is; never
    raises."""
    path = storage.save_path()
    try:
        text = storage.read_text(path)
        if text is None:
            return None
        return Game.trusted(text)  # checked against the rules data, and its decisions replayed to it
    except LevelError as exc:  # the levels/ data is damaged, not the save: keep it for when the data is mended
        ctx.message = _("Cannot continue: {error}", error=exc)
        return None
    except NewerSaveError as exc:  # not damaged: kept as it is for the newer version
        ctx.message = _("Cannot continue: {error}. It is kept as {file}.", error=exc, file=path.name)
        return None
    except Exception as exc:  # noqa: BLE001 - any failure of a damaged file is a message, never a crash
        aside = storage.move_aside(path)
        ctx.message = _("The saved game was damaged and could not be loaded (moved to {aside}): {error}",
                        aside=aside.name, error=str(exc)[:90]) if aside else \
            _("The saved game was damaged and could not be loaded: {error}", error=str(exc)[:90])
        return None


MESSAGE_BOX = pygame.Rect(40, 1016, 1840, 44)
DAILY_BOX = pygame.Rect(640, 40, 540, 190)  # the daily challenge, beside the best scores
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def long_date(day: datetime.date) -> str:
    """``day`` in words of the player's language (28 November 2026)."""
    return _("{day} {month} {year}", day=day.day, month=_(MONTHS[day.month - 1]), year=day.year)
SMOKE_PUFFS = 26  # the smoke over the burning roof on the title
FLASH_WINDOWS = ((230, 515), (470, 655), (830, 515), (950, 795), (350, 795))  # windows a defender fires from
ATTRACT_IDLE = 30.0  # seconds without input on the title before the demo starts (attract mode)
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                pygame.JOYBUTTONDOWN, pygame.FINGERDOWN)


def saved_game() -> tuple[str, bool, tuple[int, int] | None, int]:
    """The difficulty recorded in the autosave ("" when it cannot be read; Continue then reports the damage),
    whether that game is finished (Continue then shows its results), where it stands (its Attack and the turn
    of that Attack; None when the file does not say it plainly: Continue checks the whole save) and its seed (-1
    when not plainly said)."""
    try:
        text = storage.read_text(storage.save_path())
        raw = json.loads(text) if text else None
    except (ValueError, OSError, RecursionError):
        return "", False, None, -1
    if not isinstance(raw, dict):
        return "", False, None, -1
    value = raw.get("difficulty")
    attack, turn = raw.get("attack"), raw.get("attack_turn")
    where = (attack, turn) if type(attack) is int and type(turn) is int and 1 <= attack <= 3 and 1 <= turn <= 99 \
        else None
    seed = raw.get("seed")
    return (value if isinstance(value, str) and value in DIFFICULTIES else ""), isinstance(raw.get("result"), dict), \
        where, seed if type(seed) is int and seed >= 0 else -1


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.t = 0.0
        self.idle = 0.0  # seconds since the last input (attract mode at ATTRACT_IDLE)
        self.has_save = False
        self.save_finished = False
        self.saved_difficulty = ""
        self.difficulty_buttons: list[Button] = []
        self.best: list[Any] = []  # the top three of the chosen difficulty
        self.challenge = daily.today()  # the daily challenge's date (UTC)
        self.saved_daily = False  # the autosave is today's challenge, unfinished
        self.scored_today: journal.Played | None = None  # today's challenge's scored attempt
        self.journal_stats = journal.statistics(journal.Journal())
        self.note = ""  # what Open a game code found wrong (said until the next click or scene)
        self.daily_button = Button(DAILY_BOX, N_("Play today's challenge"))
        self.paste_button = Button((0, 0, 1, 1), N_("Open a game code"))

    def enter(self) -> None:
        self.ctx.music.want("title")
        self.idle = 0.0
        self.refresh()
        self.offer_tutorial()

    def resume(self) -> None:
        self.note = ""
        self.ctx.music.want("title")
        self.idle = 0.0
        self.refresh()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in INPUT_EVENTS:
            self.idle = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.note = ""
        if handle_buttons([*self.difficulty_buttons, self.daily_button, self.paste_button], event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            self.paste_code()
            return None
        return super().handle(event)

    def demo(self) -> None:
        start_demo(self.ctx)

    def tutorial(self) -> None:
        start_tutorial(self.ctx)

    def offer_tutorial(self) -> None:
        """At a first launch (no game played or saved yet), once: offer the guided first game."""
        settings = self.ctx.settings
        if settings.tutorial_offered or self.ctx.headless:
            return
        settings.tutorial_offered = True
        self.ctx.save_settings()
        if self.has_save or tutorial_path().exists() or any(scores.load_scores()[0].values()):
            return
        self.stack.push(ConfirmScene(self.ctx, N_("New to Postmen? The guided first game shows the board and the "
                                                  "rules as you play."), self.tutorial, N_("Guided game"),
                                     N_("Not now")))

    def refresh(self) -> None:
        self.has_save = storage.save_path().exists()
        self.saved_difficulty, self.save_finished, where, seed = saved_game() if self.has_save else \
            ("", False, None, -1)
        self.challenge = daily.today()
        self.saved_daily = not self.save_finished and \
            daily.challenge_date(seed, self.saved_difficulty) == self.challenge  # today's, unfinished
        played, msg = journal.load()
        self.journal_stats = journal.statistics(played, self.challenge)
        self.scored_today = played.scored_daily(self.challenge.isoformat())
        if msg:
            self.ctx.message = msg
        diff = _(DIFFICULTY_NAMES.get(self.ctx.settings.difficulty, "Standard"))
        saved = _(DIFFICULTY_NAMES.get(self.saved_difficulty, "Standard"))
        if self.save_finished:
            resume = _("The results of the last game ({difficulty})", difficulty=saved) if self.saved_difficulty \
                else _("The results of the last game")
        elif self.saved_difficulty and where:
            resume = _("Resume the autosaved game ({difficulty}, Attack {attack}, turn {turn})", difficulty=saved,
                       attack=where[0], turn=where[1])
        else:
            resume = _("Resume the autosaved game ({difficulty})", difficulty=saved) if self.saved_difficulty \
                else _("Resume the autosaved game")
        items = [
            (N_("New game"), self.new_game, _("Start the defence of the post office ({difficulty})", difficulty=diff),
             True),
            (N_("Tutorial"), self.tutorial, _("Resume the guided game where you left it") if tutorial_path().exists()
             else _("A guided first game: the board, moves and attacks step by step, the rest explained as it "
                    "happens"), True),
            (N_("Continue"), self.continue_game, resume if self.has_save else _("No saved game yet"), self.has_save),
            (N_("Demo"), self.demo, _("Watch the planner play (any key or click returns here)"), True),
            (N_("High scores"), self.high_scores, _("The top 10 of each difficulty, and the daily challenge's"), True),
            (N_("Statistics"), self.statistics, _("Your games in pictures: wins, scores over time, who fell"), True),
            (N_("Rules"), self.rules, _("A summary of the phases with their section numbers"), True),
            (N_("Settings"), self.settings, _("Volume, animation speed, colour-blind patterns, full screen, language"),
             True),
            (N_("Quit"), self.quit, _("Leave the game"), True),
        ]
        self.layout(items, 1245, 300, h=50, gap=8)
        self.daily_button = Button((DAILY_BOX.x + 16, DAILY_BOX.bottom - 62, DAILY_BOX.w - 32, 48),
                                   N_("Play today's challenge"), self.play_daily, 24, key="daily")
        if self.saved_daily:
            self.daily_button.label = N_("Continue today's challenge")
            self.daily_button.tip = _("Resume the autosaved game of today's challenge")
        elif self.scored_today is not None:
            self.daily_button.label = N_("Practise today's challenge")
            self.daily_button.tip = _("Your score of the day is kept; another attempt is practice")
        else:
            self.daily_button.tip = _("The first game you finish today is your score of the day")
        self.paste_button = Button((60, 244, 300, 44), N_("Open a game code"), self.paste_code, 20,
                                   tip=_("Paste a game code copied from the results or the pause menu (Ctrl+V) "
                                         "to watch that game"))
        tables, msg = scores.load_scores()
        if msg:
            self.ctx.message = msg
        self.best = tables.get(self.ctx.settings.difficulty, [])[:3]
        self.difficulty_buttons = []
        for i, d in enumerate(DIFFICULTIES):
            def pick(d: str = d) -> None:
                self.ctx.settings.difficulty = d
                self.ctx.save_settings()
                self.refresh()
            self.difficulty_buttons.append(Button((1245 + i * 142, 866, 134, 48), DIFFICULTY_NAMES[d], pick, 22,
                                                  tip=_("New games: {tip}", tip=_(DIFFICULTY_TIPS[d])),
                                                  selected=d == self.ctx.settings.difficulty))

    def _draw_best(self, surface: pygame.Surface) -> None:
        """The top three scores of the chosen difficulty (all ten: the High scores button)."""
        box = pygame.Rect(60, 40, 560, 190)
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, alpha=235)
        diff = _(DIFFICULTY_NAMES.get(self.ctx.settings.difficulty, "Standard"))
        blit_text(surface, _("BEST SCORES · {difficulty}", difficulty=diff.upper()), "cond", 20, palette.INK_SOFT,
                  (box.x + 16, box.y + 12))
        if not self.best:
            for k, line in enumerate(wrap(_("No score at this difficulty yet (the daily challenge keeps its own "
                                            "table)."), "type", 20, box.w - 32)[:3]):
                blit_text(surface, line, "type", 20, palette.INK_SOFT, (box.x + 16, box.y + 52 + 26 * k))
            return
        for i, e in enumerate(self.best):
            y = box.y + 50 + i * 44
            blit_text(surface, f"{i + 1}.", "sans_bold", 24, palette.INK, (box.x + 16, y))
            blit_text(surface, str(e.score), "sans_bold", 24, palette.POST_BLUE, (box.x + 60, y))
            date = blit_text(surface, e.date, "sans", 16, palette.INK_SOFT, (box.right - 16, y + 6), "topright")
            award, size = fit(_(e.award) if e.award else "—", "type", 20, date.x - 12 - (box.x + 150), 16)
            blit_text(surface, award, "type", size, palette.INK, (box.x + 150, y + 3 + (20 - size) // 2))

    def message_line(self) -> tuple[str, int]:
        """The one-line message (what Open a game code found, else a damaged file...) fitted to its box: smaller
        type, then cut with an ellipsis."""
        return fit(self.note or self.ctx.message, "sans", 18, MESSAGE_BOX.w - 24, 14)

    def _draw_daily(self, surface: pygame.Surface) -> None:
        """The daily challenge: its date, the player's score of the day or the streak, and its button."""
        box = DAILY_BOX
        panel(surface, box, palette.PAPER_LIGHT, palette.INK, alpha=235)
        head, size = fit(_("DAILY CHALLENGE · {date}", date=long_date(self.challenge).upper()), "cond", 20,
                         box.w - 32, 14)
        blit_text(surface, head, "cond", size, palette.INK_SOFT, (box.x + 16, box.y + 12))
        played = self.scored_today
        said = _("Today's score: {score}, {level}", score=played.score, level=_(played.level)) if played else \
            _("The same game for every player today (Standard).")
        for k, line in enumerate(wrap(said, "type", 18, box.w - 32)[:2]):
            blit_text(surface, line, "type", 18, palette.INK, (box.x + 16, box.y + 42 + 22 * k))
        stats = self.journal_stats
        streak = n_("Streak: {n} day (best {best})", "Streak: {n} days (best {best})", stats.daily_streak,
                    best=stats.best_daily_streak) if stats.best_daily_streak else \
            _("Finish today's game to start a streak of days.")
        line, size = fit(streak, "type", 18, box.w - 32, 12)
        blit_text(surface, line, "type", size, palette.INK_SOFT, (box.x + 16, box.y + 90))
        self.daily_button.draw(surface)

    def play_daily(self) -> None:
        """Today's challenge: continued when the autosave is it, else started anew (the autosaved game, if one is
        unfinished, replaced after a question)."""
        if self.saved_daily:
            self.continue_game()
            return
        self.start(daily.daily_seed(self.challenge), daily.DIFFICULTY)

    def paste_code(self) -> None:
        """The game of the code on the clipboard, replayed on the board; a clipboard without a code is a line."""
        text = clipboard.paste()
        if text is None:
            self.note = _("The clipboard cannot be read here.")
            return
        if not text.strip():
            self.note = _("The clipboard is empty: copy a game code first (the results or the pause menu).")
            return
        try:
            code = codes.unpack(text.strip())
            codes.replay(code)  # every decision checked before the board opens
        except codes.CodeError as exc:
            self.note = _("The clipboard holds no game code that can be opened: {error}", error=exc)
            return
        self.note = ""
        self.stack.push(self.ctx.scenes.replay(code))

    def statistics(self) -> None:
        self.stack.push(StatisticsScene(self.ctx))

    def high_scores(self) -> None:
        self.stack.push(HighScoresScene(self.ctx, self.ctx.settings.difficulty))

    def new_game(self) -> None:
        seed = self.ctx.seed if self.ctx.seed is not None else int(pygame.time.get_ticks() * 7919) % 1_000_000
        self.start(seed, self.ctx.settings.difficulty)

    def start(self, seed: int, difficulty: str) -> None:
        """A new game of ``seed`` at ``difficulty`` (after a question when an unfinished autosave would go)."""
        def start() -> None:
            try:
                game = Game.new(seed, difficulty)
            except LevelError as exc:  # damaged levels/ data: a message, not a traceback
                self.ctx.message = _("Cannot start: {error}", error=exc)
                return
            self.ctx.message = ""
            self.stack.push(PlayScene(self.ctx, game, fresh=True))
        if self.has_save and not self.save_finished:
            self.stack.push(ConfirmScene(self.ctx, N_("Start a new game? The autosaved game will be replaced."),
                                         start, N_("New game")))
        else:
            start()

    def continue_game(self) -> None:
        game = load_save(self.ctx)
        if game is None:
            self.refresh()
            return
        self.stack.push(PlayScene(self.ctx, game, fresh=False))

    def rules(self) -> None:
        self.stack.push(RulesScene(self.ctx))

    def settings(self) -> None:
        self.stack.push(SettingsScene(self.ctx))

    def quit(self) -> None:
        self.ctx.quit = True

    def update(self, dt: float) -> None:
        self.t += dt
        self.idle += dt
        if self.idle >= ATTRACT_IDLE:
            self.idle = 0.0
            start_demo(self.ctx, attract=True)

    def _draw_battle(self, surface: pygame.Surface) -> None:
        """The post office under fire, behind the words: smoke rising from the roof and drifting east, and (unless
        the reduced-motion setting is on) rifle flashes at the windows. All of it a
        function of the time alone (the same frame for the same moment; the idle loop's few frames a second only
        move it in larger steps)."""
        t = self.t
        for k in range(SMOKE_PUFFS):
            age = (t * 0.09 + k / SMOKE_PUFFS) % 1.0  # each puff rises for about 11 s, then starts again
            x = 420 + 70 * (k % 5) + 260 * age + 18 * math.sin(t * 0.7 + k)
            y = 330 - 300 * age
            r = int(30 + 90 * age)
            puff = soft(palette.SMOKE, r)
            puff.set_alpha(int(120 * (1 - age) * min(1.0, age * 6)))
            surface.blit(puff, (x - r, y - r))
        if self.ctx.settings.reduced_motion:
            return
        for k, (wx, wy) in enumerate(FLASH_WINDOWS):
            phase = (t * 0.8 + k * 0.37) % 1.0
            if phase < 0.06:  # a shot: a short bright flash at the window
                glow_img = glow((255, 220, 140), 34)
                surface.blit(glow_img, (wx - 34, wy - 34), special_flags=pygame.BLEND_ADD)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.PAPER)
        for i in range(0, 1080, 6):
            pygame.draw.line(surface, palette.mix(palette.PAPER, palette.PAPER_DARK,
                                                  0.25 if (i // 6) % 4 == 0 else 0.08),
                             (0, i), (1920, i))
        # the building silhouette, drawn in ink
        base = pygame.Rect(150, 430, 900, 470)
        pygame.draw.rect(surface, palette.BRICK, base)
        for y in range(base.y + 12, base.bottom, 18):
            pygame.draw.line(surface, palette.BRICK_DARK, (base.x, y), (base.right - 1, y), 1)
        pygame.draw.polygon(surface, (96, 60, 48), [(120, 432), (600, 300), (1080, 432)])
        pygame.draw.polygon(surface, palette.INK, [(120, 432), (600, 300), (1080, 432)], 4)
        for row in range(3):
            for col in range(7):
                if row == 2 and col == 3:
                    continue  # the door
                w = pygame.Rect(200 + col * 120, 470 + row * 140, 60, 90)
                lit = (math.sin(self.t * 2 + col * 1.3 + row) > 0.6)
                pygame.draw.rect(surface, (250, 210, 120) if lit else (60, 66, 80), w)
                pygame.draw.rect(surface, palette.INK, w, 3)
        pygame.draw.rect(surface, palette.INK, base, 5)
        door = pygame.Rect(560, 760, 80, 140)
        pygame.draw.rect(surface, (70, 50, 36), door)
        pygame.draw.rect(surface, palette.INK, door, 3)
        sign = pygame.Rect(0, 0, 300, 40)
        sign.midbottom = (600, 748)
        pygame.draw.rect(surface, palette.PAPER_LIGHT, sign)
        pygame.draw.rect(surface, palette.INK, sign, 2)
        blit_text(surface, "POCZTA POLSKA", "cond", 24, palette.TRAINED_RED, sign.center, "center")
        self._draw_battle(surface)
        pygame.draw.rect(surface, palette.GRASS_DARK, (0, 900, 1920, 180))
        pygame.draw.line(surface, palette.INK, (0, 900), (1920, 900), 3)
        blit_text(surface, "POSTMEN", "type_bold", 110, palette.INK, (1240, 90))
        blit_text(surface, "Soldiers in Postmen's Uniforms", "type_bold", 32, palette.POST_BLUE, (1245,
                                                                                                  210))  # (the title)
        blit_text(surface, _("Gdańsk / Danzig, 1 September 1939"), "type", 26, palette.INK_SOFT, (1245, 256))
        blit_text(surface, _("Polish Post Office No. 1 — defended by postal workers"), "type", 22, palette.INK_SOFT,
                  (160, 930))
        blit_text(surface, _("Konrad Guderski, Alfons Flisykowski and their colleagues held it through the day."),
                  "type", 20, palette.INK_SOFT, (160, 962))
        if self.note or self.ctx.message:
            r = MESSAGE_BOX
            pygame.draw.rect(surface, (250, 226, 200), r, border_radius=6)
            pygame.draw.rect(surface, palette.TARGET, r, 2, border_radius=6)
            line, size = self.message_line()
            blit_text(surface, line, "sans", size, palette.INK, (r.x + 12, r.centery), "midleft")
        blit_text(surface, _("Difficulty of a new game"), "cond", 18, palette.INK_SOFT, (1247, 840))
        self._draw_best(surface)
        self._draw_daily(surface)
        self.paste_button.draw(surface)
        for b in self.difficulty_buttons:
            b.draw(surface)
        self.draw_buttons(surface)
        for b in [*self.difficulty_buttons, self.daily_button, self.paste_button]:
            b.draw_tip(surface, self.mouse)
