"""A monkey test of the real game: random clicks, drags, keys, wheel turns and window events fed to the headless
app across every scene, in a data folder of its own (the player's saves and scores are never touched).

    python tools/monkey.py --events 50000 [--seed 1]

Prints the events fed, the exceptions raised (each distinct one with its traceback), the scenes visited, the
games finished, the slowest steps (a gesture and its frame, with the main thread's own CPU time in it: a step
whose CPU time is far below its wall time waited, the process not running or blocked, rather than computed) and
how many took over 250 ms (a stall a player sees), by scene; exits 1 if anything raised. The app is started
afresh when the player quits or after an exception, as a player would restart it. tests/test_monkey.py runs a
short walk in the suite.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.scene import LOGICAL  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402

KEYS = [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_h, pygame.K_z,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_HOME, pygame.K_END, pygame.K_TAB, pygame.K_F11, pygame.K_a, pygame.K_q,
        *range(pygame.K_0, pygame.K_9 + 1)]
MODS = [0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT]
STALL_MS = 250  # a step longer than this is a stall a player sees (issue 36)
SLOWEST = 8  # the slowest steps listed


@dataclass
class Report:
    events: int = 0
    frames: int = 0
    exceptions: list[str] = field(default_factory=list)  # one line each
    tracebacks: dict[str, str] = field(default_factory=dict)  # the first of each distinct place
    scenes: Counter[str] = field(default_factory=Counter)  # frames spent on top, by scene class
    restarts: int = 0
    games_finished: int = 0
    slowest_ms: float = 0.0
    slowest_scene: str = ""
    stalls: Counter[str] = field(default_factory=Counter)  # steps over STALL_MS, by the scene on top after them
    # (ms, the main thread's CPU ms in the step, scene before -> after, gesture)
    slowest: list[tuple[float, float, str, str]] = field(default_factory=list)

    def lines(self) -> list[str]:
        scenes = ", ".join(f"{name} {n}" for name, n in sorted(self.scenes.items()))
        return [f"events: {self.events:,} (frames {self.frames:,}, app restarts {self.restarts})",
                f"exceptions: {len(self.exceptions)}",
                f"scenes visited ({len(self.scenes)}), frames on top: {scenes}",
                f"games finished (results shown): {self.games_finished}",
                f"slowest step: {self.slowest_ms:.1f} ms ({self.slowest_scene})",
                f"steps over {STALL_MS} ms: {sum(self.stalls.values())}"
                + (f" ({', '.join(f'{name} {n}' for name, n in self.stalls.most_common())})" if self.stalls else ""),
                *(f"  {ms:7.1f} ms (cpu {cpu:5.1f})  {scenes}  {gesture}" for ms, cpu, scenes, gesture in self.slowest)]


def hotspots(app: App) -> list[pygame.Rect]:
    """Where the top scene can be clicked: its buttons, the play scene's bar, popup, top bar and board spaces."""
    scene = app.stack.top
    rects: list[pygame.Rect] = []
    for holder in (scene, getattr(scene, "controller", None), getattr(getattr(scene, "controller", None), "popup",
                                                                      None)):
        for name in ("buttons", "top_buttons"):
            for button in getattr(holder, name, None) or []:
                rect = getattr(button, "rect", None)
                if isinstance(rect, pygame.Rect):
                    rects.append(rect)
    positions = getattr(scene, "positions", None)
    geo = getattr(positions, "geo", None)
    rects += [r for r in (getattr(geo, "rects", None) or {}).values() if isinstance(r, pygame.Rect)]
    return rects


def random_event(app: App, rng: random.Random) -> list[pygame.event.Event]:
    """One player gesture: mostly clicks on something clickable, else anywhere, keys, drags, wheel, motion."""
    w, h = LOGICAL
    spots = hotspots(app)

    def point() -> tuple[int, int]:
        if spots and rng.random() < 0.7:
            r = rng.choice(spots)
            return rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, max(r.top, r.bottom - 1))
        return rng.randrange(w), rng.randrange(h)

    roll = rng.random()
    if roll < 0.55:
        pos, button = point(), 1 if rng.random() < 0.9 else rng.choice([2, 3])
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if roll < 0.7:
        key = rng.choice(KEYS)
        mod = rng.choice(MODS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=chr(key) if key < 128 else "",
                                   scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0)]
    if roll < 0.8:
        a, b = point(), point()
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]
    if roll < 0.87:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                                   precise_x=0.0, precise_y=0.0)]
    if roll < 0.995:
        pos = point()
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if roll < 0.998:
        return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=rng.randint(200, 3000), y=rng.randint(200, 2000))]
    return [pygame.event.Event(pygame.QUIT)]


def describe(gesture: list[pygame.event.Event]) -> str:
    """A gesture in a few words (what the slowest steps were)."""
    last = gesture[-1]
    name = pygame.event.event_name(last.type)
    if last.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN):
        return f"{name} {last.button} at {last.pos}"
    if last.type in (pygame.KEYUP, pygame.KEYDOWN):
        return f"{name} {pygame.key.name(last.key)} (mod {last.mod})"
    return name


def walk(events: int, seed: int, draw_every: int = 3, out: list[str] | None = None) -> Report:
    """Feed ``events`` random gestures to fresh headless apps (seeded: the same walk each time, in the data
    folder ``POSTMEN_DATA_DIR`` names); the frame after each gesture is drawn every ``draw_every`` gestures."""
    rng = random.Random(seed)
    report = Report()
    app: App | None = None
    shown_results: set[int] = set()
    while report.events < events:
        try:
            if app is None or app.ctx.quit or app.stack.top is None:
                if app is not None:
                    report.restarts += 1
                app = App(headless=True, seed=rng.randrange(1_000_000))
            gesture = random_event(app, rng)
            before = type(app.stack.top).__name__
            report.events += 1
            start, cpu_start = time.perf_counter(), time.thread_time()
            app.step(rng.choice([1 / 60, 1 / 60, 1 / 30, 0.1]), gesture, draw=report.events % draw_every == 0)
            ms = (time.perf_counter() - start) * 1000
            cpu = (time.thread_time() - cpu_start) * 1000
            report.frames += 1
            top = app.stack.top
            name = type(top).__name__ if top is not None else "(none)"
            report.scenes[name] += 1
            if isinstance(top, ResultsScene) and id(top) not in shown_results:
                shown_results.add(id(top))
                report.games_finished += 1
            if ms > report.slowest_ms:
                report.slowest_ms, report.slowest_scene = ms, name
            if ms > STALL_MS:
                report.stalls[name] += 1
            if len(report.slowest) < SLOWEST or ms > report.slowest[-1][0]:
                report.slowest.append((ms, cpu, f"{before} -> {name}", describe(gesture)))
                report.slowest.sort(key=lambda x: -x[0])
                del report.slowest[SLOWEST:]
        except Exception as exc:  # noqa: BLE001 - the monkey's job: record every failure and go on
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            where = f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}"
            report.exceptions.append(f"{where}: {str(exc)[:100]}")
            report.tracebacks.setdefault(where, traceback.format_exc())
            if out is not None:
                out.append(report.exceptions[-1])
            app = None
            report.restarts += 1
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=5000, help="gestures to feed (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the walk (default 1)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="postmen-monkey-") as folder:
        os.environ["POSTMEN_DATA_DIR"] = folder
        start = time.perf_counter()
        report = walk(args.events, args.seed)
        pygame.quit()
        seconds = time.perf_counter() - start
    for text in report.tracebacks.values():
        print(text, file=sys.stderr)
    for line in report.lines():
        print(line)
    print(f"time: {seconds:.0f} s")
    return 1 if report.exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
