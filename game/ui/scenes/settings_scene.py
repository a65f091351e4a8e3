"""Settings: volume, mute, animation speed, colour-blind patterns, full screen or window. Saved at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import palette as P
from game.ui.fonts import blit_text
from game.ui.scene import Context, Scene
from game.ui.settings import SPEEDS
from game.ui.widgets import Button, handle_buttons, panel


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.build()

    def build(self) -> None:
        s = self.ctx.settings
        x, y = 900, 250
        b: list[Button] = []

        def change(f: Callable[[], object]) -> Callable[[], None]:
            def g() -> None:
                f()
                self.ctx.save_settings()
                self.build()
            return g
        b.append(Button((x, y, 80, 56), "−", change(lambda: setattr(s, "volume", max(0.0, round(s.volume - 0.1,
                                                                                              1)))), 30))
        b.append(Button((x + 300, y, 80, 56), "+", change(lambda: setattr(s, "volume", min(1.0, round(s.volume +
                                                                                               0.1, 1)))), 30))
        b.append(Button((x, y + 90, 380, 56), "Sound off" if s.mute else "Sound on",
                        change(lambda: setattr(s, "mute", not s.mute)), 26))
        for i, sp in enumerate(SPEEDS):
            label = "Skip" if sp == 0 else f"{int(sp)}x"
            b.append(Button((x + i * 96, y + 180, 88, 56), label, change(self._speed_setter(sp)), 24,
                            selected=s.speed == sp))
        b.append(Button((x, y + 270, 380, 56), "Patterns on" if s.colour_blind else "Patterns off",
                        change(lambda: setattr(s, "colour_blind", not s.colour_blind)), 26))

        def toggle_fs() -> None:
            s.fullscreen = not s.fullscreen
            self.ctx.fullscreen_changed = True
        b.append(Button((x, y + 360, 380, 56), "Full screen" if s.fullscreen else "Window", change(toggle_fs), 26))
        b.append(Button((1520, 960, 240, 60), "Back", lambda: self.stack.pop(self), 28, tip="Esc"))
        self.buttons = b

    def _speed_setter(self, speed: float) -> Callable[[], None]:
        def f() -> None:
            self.ctx.settings.speed = speed
        return f

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop(self)
            return None
        handle_buttons(self.buttons, event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.buttons and self.buttons[0].rect.collidepoint(event.pos):
            self.ctx.sounds.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((58, 50, 42))
        blit_text(surface, "SETTINGS", "type_bold", 44, P.PAPER_LIGHT, (160, 40))
        panel(surface, pygame.Rect(400, 180, 1120, 560), P.PAPER_LIGHT, P.INK, width=3)
        s = self.ctx.settings
        rows = [("Volume", 250), ("Sound", 340), ("Animation speed", 430), ("Colour-blind patterns", 520),
                ("Display", 610)]
        for label, y in rows:
            blit_text(surface, label, "type_bold", 30, P.INK, (460, y + 8))
        blit_text(surface, f"{int(round(s.volume * 100))}%", "sans_bold", 30, P.INK, (1090, 278), "center")
        blit_text(surface, "Patterns and letters on every colour", "sans", 18, P.INK_SOFT, (460, 572))
        for b in self.buttons:
            b.draw(surface)
