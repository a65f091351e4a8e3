"""The settings screen, reached from the title with the mouse: each control changes its setting, the change is
saved at once (a new launch reads it back), the volume stays within 0-100%, and Back or Esc return to the title."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scene import Scene
from game.ui.settings import SPEEDS, load_settings
from game.ui.widgets import Button


def button(scene: Scene, label: str) -> Button:
    found = [b for b in scene.buttons if b.key == label]  # type: ignore[attr-defined]  (a button's words of no
    assert len(found) == 1, f"{label!r} among {[b.key for b in scene.buttons]}"  # type: ignore[attr-defined]  language)
    return found[0]


def open_settings() -> tuple[App, Scene]:
    app = App(headless=True, seed=1)
    title = app.stack.top
    assert title is not None and title.name == "title"
    app.click(button(title, "Settings").rect.center)
    settings = app.stack.top
    assert settings is not None and settings.name == "settings"
    return app, settings


def press(app: App, scene: Scene, label: str) -> None:
    app.click(button(scene, label).rect.center)
    app.step(1 / 60, [])


def test_volume_steps_are_saved_and_bounded() -> None:
    app, scene = open_settings()
    start = app.ctx.settings.volume
    press(app, scene, "−")
    assert app.ctx.settings.volume == round(start - 0.1, 1)
    assert load_settings()[0].volume == app.ctx.settings.volume, "saved at once"
    for _ in range(15):
        press(app, scene, "+")
    assert app.ctx.settings.volume == 1.0
    for _ in range(15):
        press(app, scene, "−")
    assert app.ctx.settings.volume == 0.0
    assert load_settings()[0].volume == 0.0


def test_sound_speed_patterns_and_display_controls() -> None:
    app, scene = open_settings()
    s = app.ctx.settings
    mute = s.mute
    press(app, scene, "Sound off" if mute else "Sound on")
    assert s.mute is (not mute) and load_settings()[0].mute is (not mute)
    for speed in SPEEDS:
        press(app, scene, "Skip" if speed == 0 else f"{int(speed)}x")
        assert s.speed == speed and load_settings()[0].speed == speed
        assert button(scene, "Skip" if speed == 0 else f"{int(speed)}x").selected
    blind = s.colour_blind
    press(app, scene, "Patterns on" if blind else "Patterns off")
    assert s.colour_blind is (not blind) and load_settings()[0].colour_blind is (not blind)
    full = s.fullscreen
    press(app, scene, "Full screen" if full else "Window")
    assert s.fullscreen is (not full) and load_settings()[0].fullscreen is (not full)
    assert app.display.fullscreen is (not full), "the display was reopened at the next frame"


def test_back_and_escape_return_to_the_title() -> None:
    app, scene = open_settings()
    press(app, scene, "Back")
    assert app.stack.top is not None and app.stack.top.name == "title"
    title = app.stack.top
    app.click(button(title, "Settings").rect.center)
    assert app.stack.top is not None and app.stack.top.name == "settings"
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.stack.top is title
