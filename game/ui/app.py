"""The main loop: one scene stack, events mapped to the logical 1920x1080 surface, update, draw, scale.

``run()`` is the entry point (the ``postmen`` command calls it); ``App`` is also driven step by step by the
tests and by tools/bench_frames.py."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from game import i18n
from game.codes import GameCode
from game.rules import Game
from game.ui import journal, records, scores, storage
from game.ui.display import Display
from game.ui.gate import GATE
from game.ui.play.scene import PlayScene, enter_unrecorded, warm_up
from game.ui.scene import Context, Scene
from game.ui.scenes.demo import start_demo
from game.ui.scenes.highscores import HighScoresScene
from game.ui.scenes.pause import LEAVE, PauseScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.rules_ref import RulesScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import failed_saves, load_settings, saved_language

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# Idle frames: after IDLE_AFTER seconds without input, with nothing animating, the loop waits for input (at most
# IDLE_WAIT ms: the title's slow lights still change twice a second) instead of drawing 60 frames a second.
IDLE_AFTER = 2.0
IDLE_WAIT = 500
INPUT_TYPES = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
               pygame.MOUSEWHEEL, pygame.TEXTINPUT, pygame.JOYBUTTONDOWN, pygame.FINGERDOWN, pygame.FINGERMOTION,
               pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE)
# The interpreter's switch interval while the app runs (CPython's default 5 ms). The workers (the danger badges,
# the Hint, the review, the high-score check) hold the interpreter lock between switches, and the frame loop gives
# it up in each of pygame's drawing calls: with 5 ms it waited up to 5 ms to get it back each time, so a frame
# drawn while a worker thought lost tens of milliseconds (issue 36). Measured with `python tools/monkey.py
# --events 100000 --seed 6`, two walks each, the longest wait of a step for the lock (its wall time less the main
# thread's CPU time): 136 and 96 ms at 5 ms, 41 and 58 ms at 1 ms; steps waiting over 20 ms 409 and 361 -> 44 and
# 47. `python tools/bench_hint_frames.py --back-to-back`: the largest frame while the Hint thinks 7.0-7.2 -> 3.2-3.8
# ms, the planner's time the same (0.07-0.17 s). The workers also give way at their checkpoints: game/ui/gate.py.
SWITCH_INTERVAL = 0.001


class AppScenes:
    """The :class:`~game.ui.scene.Scenes` of the game: this module imports every scene, so scenes open each other
    through it without importing one another."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def title(self) -> Scene:
        return TitleScene(self.ctx)

    def play(self, game: Game, fresh: bool = True) -> Scene:
        return PlayScene(self.ctx, game, fresh=fresh)

    def replay(self, code: GameCode, at: int = 0, playing: bool = False) -> Scene:
        return ReplayScene(self.ctx, code, at, playing)

    def pause(self, undo: Callable[[], None] | None = None, undo_tip: str = "", undo_enabled: bool = False,
              leave: str | None = None, code: Callable[[], str] | None = None) -> Scene:
        return PauseScene(self.ctx, undo, undo_tip, undo_enabled, LEAVE if leave is None else leave, code)

    def results(self, game: Game, tables: scores.Tables | None = None, rank: int | None = None,
                guided: bool = False, played: journal.Played | None = None) -> Scene:
        return ResultsScene(self.ctx, game, tables=tables, rank=rank, guided=guided, played=played)

    def rules(self, section: str | None = None) -> Scene:
        return RulesScene(self.ctx, section or "")


_frozen = False


def freeze_start_up() -> None:
    """What start-up made (the rules data, fonts, the board and the figures: most of the process's objects) lives
    as long as the process: once a process, after a full collection (no garbage is kept), it is moved out of the
    collector's full passes, which then scan only what games make (a full pass took up to 174 ms in a
    20,000-gesture monkey walk, 46 ms after). Once only: a process that starts the app again (the tests, the
    monkey walk) would otherwise keep every earlier app's objects for ever."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


class App:
    def __init__(self, windowed: bool = False, headless: bool = False, seed: int | None = None,
                 demo: bool = False, lang: str | None = None, replay: GameCode | None = None) -> None:
        """``lang`` (``--lang``) speaks that language for this run; otherwise the settings' choice, else the
        system's. ``replay`` (``postmen replay CODE``): the title, and that game's replay over it."""
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        sys.setswitchinterval(SWITCH_INTERVAL)
        problem = i18n.set_language(lang or saved_language() or i18n.system_language())
        settings, msg = load_settings()  # (what it says about a damaged file: in the language just set)
        storage.clean_leftovers()  # the temporary files of a game killed while it wrote
        if problem:
            msg = " ".join(m for m in (msg, f"Language: {problem}; English is shown.") if m)
        self.ctx = Context(settings=settings, message=msg, seed=seed, headless=headless)
        self.ctx.scenes = AppScenes(self.ctx)
        enter_unrecorded(self.ctx)  # a finished game whose entry a kill cut short: its score is not lost
        self.score_check = records.EntryCheck.start()  # each high-score entry replayed from its record, in a thread
        # the first game's drawing, made a piece a frame while the title shows; its first piece, the rules data
        # (about 90 ms), now: a click on New game in the first frames then costs less than 250 ms
        self.warming: Iterator[None] | None = warm_up()
        if next(self.warming, True):
            self.warming = None
        if windowed:
            self.ctx.settings.fullscreen = False
        self.display = Display(self.ctx.settings.fullscreen and not windowed, headless)
        self.ctx.sounds.load()
        if self.ctx.sounds.ok and self.ctx.sounds.error:  # a sound file missing or damaged: said in one line
            self.ctx.message = " ".join(m for m in (self.ctx.message, self.ctx.sounds.error) if m)
        self.ctx.sounds.set_volume(self.ctx.settings.volume, self.ctx.settings.mute)
        if not headless:  # the soundtrack (tests and tools run headless: no music to decode)
            self.ctx.music.start()
        self.ctx.music.set_volume(self.ctx.settings.music_volume, self.ctx.settings.mute)
        self.clock = pygame.time.Clock()
        self.quiet = 0.0  # seconds since the last input event (idle frames after IDLE_AFTER)
        if demo:  # postmen --demo: straight into the demo (any key or click then goes to the title)
            start_demo(self.ctx)
        else:
            self.ctx.stack.push(self.ctx.scenes.title())
            if replay is not None:  # (Close goes back to the title)
                self.ctx.stack.push(self.ctx.scenes.replay(replay))
        pygame.key.set_repeat(300, 50)

    @property
    def stack(self):  # type: ignore[no-untyped-def]
        return self.ctx.stack

    def feed(self, event: pygame.event.Event) -> None:
        """Offer one input event (window coordinates) to the scenes, in logical coordinates."""
        if event.type == pygame.QUIT:
            self.ctx.quit = True
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.display.resized()
            return
        if event.type in MOUSE_EVENTS:
            attrs = dict(event.dict)
            attrs["pos"] = self.display.to_logical(event.pos)
            event = pygame.event.Event(event.type, attrs)
        self.ctx.stack.handle(event)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None, draw: bool = True) -> None:
        with GATE.frame():  # the worker threads wait at their next checkpoint until the frame is made
            self._step(dt, events, draw)

    def _step(self, dt: float, events: list[pygame.event.Event] | None, draw: bool) -> None:
        for e in events if events is not None else pygame.event.get():
            self.feed(e)
        self.ctx.time += dt
        if not self.score_check.applied and self.score_check.done.is_set():
            self.checked_scores(self.score_check.apply())
        failed = failed_saves()  # a settings save behind the frame loop that failed: said in one line
        if failed:
            self.ctx.message = " ".join(m for m in (self.ctx.message, failed) if m)
        self.ctx.stack.update(dt)
        if self.warming is not None and isinstance(self.ctx.stack.top, TitleScene) and self.ctx.time > dt:
            if next(self.warming, True):  # (each piece yields None; True once all are made)
                self.warming = None
                freeze_start_up()
        self.ctx.music.update(dt)
        if self.ctx.fullscreen_changed:
            self.ctx.fullscreen_changed = False
            self.display.open(self.ctx.settings.fullscreen)
        if draw:
            self.ctx.stack.draw(self.display.logical)
            self.display.present()

    def checked_scores(self, message: str) -> None:
        """The high-score check dropped entries (``message`` says so): said in one line, and the tables on screen
        read again."""
        if not message:
            return
        self.ctx.message = " ".join(m for m in (self.ctx.message, message) if m)
        top = self.ctx.stack.top
        if isinstance(top, TitleScene):
            top.refresh()
        elif isinstance(top, HighScoresScene):
            top.reload()

    def screenshot(self, path: str | Path) -> None:
        self.ctx.stack.draw(self.display.logical)
        try:
            pygame.image.save(self.display.logical, str(path))
        except pygame.error as exc:  # SDL's failure to write the file: an OSError naming it
            raise OSError(0, str(exc), str(path)) from None

    def hover(self, pos: tuple[int, int]) -> None:
        """A simulated mouse move to a logical position (tests)."""
        self.ctx.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """A simulated click at a logical position (tests)."""
        self.ctx.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.ctx.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.ctx.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def idle(self) -> bool:
        """The app may wait for input instead of drawing 60 frames a second: no input for IDLE_AFTER seconds and
        every scene on screen still (no animation under way)."""
        return self.quiet >= IDLE_AFTER and all(scene.still() for scene in self.ctx.stack.visible())

    def next_frame(self) -> tuple[float, list[pygame.event.Event]]:
        """Wait for the next frame: 1/60 s while anything moves or the player is active; when idle, until an input
        event arrives or IDLE_WAIT passes (a few frames a second, each input answered at once). Returns the
        seconds to advance (the time that passed, capped: 0.1 s while animating so nothing jumps, the whole wait
        when idle so the title's attract timer keeps time) and the events."""
        idle = self.idle()
        if idle:
            first = pygame.event.wait(IDLE_WAIT)
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            dt = self.clock.tick() / 1000.0
        else:
            dt = self.clock.tick(60) / 1000.0
            events = pygame.event.get()
        self.quiet = 0.0 if any(event.type in INPUT_TYPES for event in events) else self.quiet + dt
        return min(dt, 1.0 if idle else 0.1), events

    def loop(self, frames: int | None = None, screenshot_dir: str | None = None) -> int:
        n = 0
        shots = Path(screenshot_dir) if screenshot_dir else None
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
        while not self.ctx.quit and self.ctx.stack.top is not None:
            if self.ctx.headless:
                self.step(1 / 60)
            else:
                dt, events = self.next_frame()
                self.step(dt, events)
            n += 1
            if shots and (n == 1 or n % 60 == 0):
                self.screenshot(shots / f"frame_{n:05d}.png")
            if frames is not None and n >= frames:
                break
        return 0


def run(windowed: bool = False, headless: bool = False, frames: int | None = None,
        screenshot_dir: str | None = None, seed: int | None = None, demo: bool = False, lang: str | None = None,
        replay: GameCode | None = None) -> int:
    """Open the game (full screen by default) and run until Quit; returns the exit status."""
    try:
        app = App(windowed=windowed, headless=headless, seed=seed, demo=demo, lang=lang, replay=replay)
        return app.loop(frames, screenshot_dir)
    finally:
        pygame.quit()
