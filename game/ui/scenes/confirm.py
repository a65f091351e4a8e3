"""A yes/no dialog over the scene below (transparent)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.ui import palette
from game.ui.fonts import blit_text, wrap
from game.ui.scene import Context, Scene
from game.ui.widgets import Button, handle_buttons, panel


class ConfirmScene(Scene):
    transparent = True
    name = "confirm"

    def __init__(self, ctx: Context, question: str, on_yes: Callable[[], None], yes: str = N_("Yes"),
                 no: str = N_("Cancel")) -> None:
        """``question`` and the buttons' words: message ids (``N_``) or texts already translated."""
        super().__init__(ctx)
        self.question = question
        self.on_yes = on_yes
        self.rect = pygame.Rect(0, 0, 720, 280)
        self.rect.center = (960, 540)
        self.buttons = [
            Button((self.rect.x + 80, self.rect.bottom - 90, 240, 60), yes, self._yes),
            Button((self.rect.right - 320, self.rect.bottom - 90, 240, 60), no, self._no),
        ]

    def _yes(self) -> None:
        self.stack.pop(self)
        self.on_yes()

    def _no(self) -> None:
        self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._no()
            return None
        handle_buttons(self.buttons, event)
        return None  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        shade.fill((20, 16, 12, 150))
        surface.blit(shade, (0, 0))
        panel(surface, self.rect, palette.PAPER_LIGHT, palette.INK, width=3)
        for i, line in enumerate(wrap(_(self.question), "type_bold", 28, self.rect.w - 60)):
            blit_text(surface, line, "type_bold", 28, palette.INK, (self.rect.centerx, self.rect.y + 50 + i * 36),
                      "midtop")
        for b in self.buttons:
            b.draw(surface)
