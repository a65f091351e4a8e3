"""Idle frames (issue "A board a player reads at a glance"): once the player leaves the mouse and keys alone and
nothing animates, the loop waits for input instead of drawing 60 frames a second (tools/bench_idle.py measures
the CPU); any input is answered at once and brings the full frame rate back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.rules import Action
from game.ui.app import IDLE_AFTER, App
from game.ui.play.scene import PlayScene
from game.ui.scenes.title import TitleScene


def test_the_title_left_alone_is_idle_and_input_wakes_it(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text('{"tutorial_offered": true}', encoding="utf-8")  # no first-launch offer
    app = App(windowed=True, seed=1)  # the real loop's frame pacing (SDL's dummy video driver in the tests)
    app.step(1 / 60, [])
    assert isinstance(app.stack.top, TitleScene) and app.stack.top.still()
    assert not app.idle(), "the player was active a moment ago"
    app.quiet = IDLE_AFTER
    assert app.idle()
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    pygame.event.post(key)
    _, events = app.next_frame()  # the waiting frame returns with the key at once
    assert [e.type for e in events if e.type == pygame.KEYDOWN] == [pygame.KEYDOWN]
    assert app.quiet == 0.0 and not app.idle()


def test_a_play_scene_is_idle_only_when_nothing_moves(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    app, scene = open_play(3, "standard")
    app.quiet = IDLE_AFTER
    app.step(1 / 60, [])
    assert scene.queue.busy and not scene.still() and not app.idle(), "the opening animates"
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy:
            scene.danger.thinker.wait(60)  # the danger badges are worked out: then nothing moves
        if scene.still():
            break
    assert scene.still() and app.idle()
    scene.submit(Action("end_moves"))
    app.step(1 / 60, [])
    assert not scene.still() and not app.idle(), "a choice animates: full frame rate again"
