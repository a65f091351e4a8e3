"""A vertical menu of buttons: the base of the title screen and the pause menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.scene import Context, Scene
from game.ui.widgets import Button, handle_buttons


class MenuScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def layout(self, items: Sequence[tuple[str, Callable[[], object] | None, str, bool]], x: int, y: int,
               w: int = 420, h: int = 66, gap: int = 16) -> None:
        self.buttons = [Button((x, y + i * (h + gap), w, h), label, cb, 30, tip=tip, enabled=enabled)
                        for i, (label, cb, tip, enabled) in enumerate(items)]

    def pause(self) -> None:
        """A scene covers this menu: its tooltip must not stay drawn under (or through) the new one."""
        for b in self.buttons:
            b.hover = False

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if handle_buttons(self.buttons, event):
            return None
        return event if self.transparent is False else None

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)
        for b in self.buttons:
            b.draw_tip(surface, self.mouse)
