"""The autoplay demo and attract mode: the planner plays with animations and a caption, any key or click returns
to the title, the title falls into the demo after 30 s idle, the headless command line leaves screenshots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.ai import RandomPolicy
from game.ui.app import App
from game.ui.scenes.demo import DemoResultsScene, DemoScene
from game.ui.scenes.title import ATTRACT_IDLE, TitleScene

ROOT = Path(__file__).resolve().parents[1]


def make_app(demo: bool = False, seed: int = 3) -> App:
    return App(headless=True, seed=seed, demo=demo)


def key(k: int = pygame.K_a) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="a", scancode=0)


def test_demo_plays_with_animations_and_captions(tmp_path: Path) -> None:
    app = make_app(demo=True)
    app.ctx.settings.speed = 0.0  # the player's "Skip" setting does not apply to the demo
    scene = app.stack.top
    assert isinstance(scene, DemoScene)
    busy_frames = 0
    captions: set[str] = set()
    for i in range(3000):
        app.step(1 / 60, [], draw=(i % 30 == 0))
        assert app.stack.top is scene
        busy_frames += scene.queue.busy
        if scene.hint is not None:
            captions.add(scene.hint[1])
        if scene.decisions >= 3:
            break
    assert scene.queue.speed == 1.0
    assert scene.decisions >= 3, "the planner made decisions"
    assert busy_frames > 100, "the opening and the choices were animated, not skipped"
    assert captions and all(isinstance(c, str) and c for c in captions), "every choice has a reason"
    assert any(msg.startswith("Demo: ") for msg in scene.log.texts()), "the log says what the demo chose"
    assert not (tmp_path / "data" / "save.json").exists(), "the demo never autosaves"


def test_demo_caption_names_the_action_and_the_reason() -> None:
    app = make_app(demo=True)
    scene = app.stack.top
    assert isinstance(scene, DemoScene)
    for _ in range(2000):
        app.step(1 / 60, [], draw=False)
        if scene.hint is not None and not scene.queue.busy:
            break
    assert scene.hint is not None
    action, reason = scene.hint
    assert action in scene.game.legal_actions()
    assert reason
    app.step(1 / 60)  # the caption is drawn without error


def test_any_key_or_click_leaves_the_demo_for_the_title() -> None:
    app = make_app(demo=True)
    for _ in range(30):
        app.step(1 / 60, [], draw=False)
    assert isinstance(app.stack.top, DemoScene)
    app.feed(key())
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1
    # from the title's Demo button, a click returns to the same title
    title = app.stack.top
    btn = next(b for b in title.buttons if b.label == "Demo")
    assert btn.enabled
    app.click(btn.rect.center)
    assert isinstance(app.stack.top, DemoScene)
    app.step(1 / 60, [], draw=False)
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 500), button=1))
    assert app.stack.top is title


def test_a_small_mouse_nudge_does_not_end_the_demo() -> None:
    app = make_app(demo=True)
    # the first report of a new window (a large rel) only sets the starting point; a nudge does nothing
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(900, 500), rel=(900, 500), buttons=(0, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(910, 505), rel=(10, 5), buttons=(0, 0, 0)))
    assert isinstance(app.stack.top, DemoScene)
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(1100, 505), rel=(190, 0), buttons=(0, 0, 0)))
    assert isinstance(app.stack.top, TitleScene)


def test_attract_mode_after_30_seconds_idle() -> None:
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    for _ in range(int(ATTRACT_IDLE / 0.5) - 2):  # 29 s: still the title
        app.step(0.5, [], draw=False)
    assert app.stack.top is title
    app.feed(key())  # input restarts the idle time
    for _ in range(int(ATTRACT_IDLE / 0.5) - 2):
        app.step(0.5, [], draw=False)
    assert app.stack.top is title
    for _ in range(4):
        app.step(0.5, [], draw=False)
    demo = app.stack.top
    assert isinstance(demo, DemoScene) and demo.attract
    for _ in range(60):
        app.step(1 / 60, [], draw=False)
    app.feed(key(pygame.K_ESCAPE))
    assert app.stack.top is title
    for _ in range(10):  # back on the title the idle time starts again
        app.step(0.5, [], draw=False)
    assert app.stack.top is title


def test_demo_results_then_the_next_game() -> None:
    app = make_app(demo=True, seed=11)
    scene = app.stack.top
    assert isinstance(scene, DemoScene)
    # play the game out quickly through the core (random choices: what follows the end does not depend on how
    # it was played), then let the scene catch up
    policy = RandomPolicy(11)
    while not scene.game.over:
        scene.game.apply(policy.choose(scene.game))
    scene.queue.skip()
    scene.synced = False
    app.step(1 / 60, [], draw=False)
    results = app.stack.top
    assert isinstance(results, DemoResultsScene)
    assert results.results.buttons == [], "a demo's results offer no buttons"
    app.step(1 / 60)
    for _ in range(int(7 / 0.25)):
        app.step(0.25, [], draw=False)
    nxt = app.stack.top
    assert isinstance(nxt, DemoScene) and nxt is not scene
    assert nxt.seed == 12, "the next game is the next seed"
    assert len(app.stack.scenes) == 1


def test_headless_demo_command_line_saves_screenshots(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    env = dict(os.environ, POSTMEN_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "game", "--demo", "--headless", "--frames", "120",
                           "--screenshot-dir", str(shots), "--seed", "3"], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    pngs = sorted(shots.glob("*.png"))
    assert len(pngs) >= 2
    img = pygame.image.load(str(pngs[-1]))
    assert img.get_size() == (1920, 1080)
    assert not (tmp_path / "data" / "save.json").exists()


def test_demo_command_line_errors_are_one_line() -> None:
    for args in (["--demo", "--frames", "0"], ["--demo", "--seed", "x"], ["--demo", "--bogus"],
                 ["play", "--demo", "--text"]):
        done = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=60,
                              cwd=ROOT)
        assert done.returncode == 2, (args, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr
