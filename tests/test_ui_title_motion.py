"""An animated title (issue 32): the post office under fire behind the menu: smoke rising from the roof and rifle
flashes at the windows; the reduced-motion setting keeps the smoke and drops the
flashes. Everything is a function of the time (the same moment draws the same frame)."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scenes.title import FLASH_WINDOWS, TitleScene


def frame(app: App, t: float, reduced: bool = False) -> pygame.Surface:
    title = app.ctx.stack.top
    assert isinstance(title, TitleScene)
    app.ctx.settings.reduced_motion = reduced
    title.t = t
    surface = pygame.Surface((1920, 1080))
    title.draw(surface)
    return surface


def test_the_smoke_moves_over_the_roof() -> None:
    app = App(headless=True, seed=1)
    roof = pygame.Rect(380, 40, 520, 300)
    a, b = frame(app, 0.0).subsurface(roof), frame(app, 3.0).subsurface(roof)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    assert pygame.image.tobytes(frame(app, 3.0).subsurface(roof), "RGB") == pygame.image.tobytes(b, "RGB")


def test_a_window_flashes_and_reduced_motion_drops_the_flash() -> None:
    app = App(headless=True, seed=1)
    x, y = FLASH_WINDOWS[0]
    lit = frame(app, 0.02).get_at((x, y))
    calm = frame(app, 0.02, reduced=True).get_at((x, y))
    assert sum(lit[:3]) > sum(calm[:3]) + 60
