"""The window and the letterboxed scaling of the 1920x1080 logical surface, with mouse coordinates mapped back
through the same scale.

Scaling keeps text and lines crisp where it can: at a whole multiple of the logical size (3840x2160 is exactly 2x)
each logical pixel becomes a sharp block (nearest-neighbour), with no blur; a window smaller than 1920x1080 is
reduced with smoothscale (filtered, so thin lines survive); other sizes use smoothscale too."""

from __future__ import annotations

import pygame

from game.ui.scene import LOGICAL


class Display:
    def __init__(self, fullscreen: bool, headless: bool, size: tuple[int, int] | None = None) -> None:
        self.headless = headless
        self.logical = pygame.Surface(LOGICAL)
        self.window: pygame.Surface | None = None
        self.scale = 1.0
        self.offset = (0, 0)
        self.fullscreen = fullscreen
        self.open(fullscreen, size)

    def open(self, fullscreen: bool, size: tuple[int, int] | None = None) -> None:
        self.fullscreen = fullscreen
        if self.headless:
            self.window = pygame.display.set_mode((1, 1))
            self._fit(LOGICAL)
            return
        pygame.display.set_caption("Postmen — Polish Post Office, Gdańsk 1939")
        if fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            if size is None:
                info = pygame.display.get_desktop_sizes()[0] if pygame.display.get_desktop_sizes() else (1600, 900)
                # 85% of a large desktop; nearly all of a small one (a 1280x720 screen: 1228 px, not 1088)
                w = min(1600, int(info[0] * (0.85 if info[0] > 1600 else 0.96)))
                size = (w, w * 9 // 16)
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._fit(self.window.get_size())

    def _fit(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = min(w / LOGICAL[0], h / LOGICAL[1])
        whole = int(self.scale)
        if whole >= 2 and self.scale - whole < 0.02:
            self.scale = float(whole)  # snap to the whole multiple: a bar of a pixel or two, no blur
        sw, sh = int(LOGICAL[0] * self.scale), int(LOGICAL[1] * self.scale)
        self.offset = ((w - sw) // 2, (h - sh) // 2)
        self._scaled: pygame.Surface | None = None
        if not self.headless and (sw, sh) != LOGICAL:
            self._scaled = pygame.Surface((sw, sh))  # reused every frame
        if not self.headless and pygame.display.get_surface() is not None:
            self.logical = self.logical.convert()  # the window's pixel format: faster scaling and blits

    def resized(self) -> None:
        if self.window is not None and not self.headless:
            self._fit(self.window.get_size())

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        return (int((pos[0] - self.offset[0]) / self.scale), int((pos[1] - self.offset[1]) / self.scale))

    def present(self) -> None:
        if self.headless or self.window is None:
            return
        if self.scale == 1.0 and self.offset == (0, 0):
            self.window.blit(self.logical, (0, 0))
        else:
            if self.offset != (0, 0):
                self.window.fill((0, 0, 0))  # the letterbox bars
            if self._scaled is None:
                self._scaled = pygame.Surface((int(LOGICAL[0] * self.scale), int(LOGICAL[1] * self.scale)))
            if self.scale == int(self.scale):
                pygame.transform.scale(self.logical, self._scaled.get_size(), self._scaled)  # sharp blocks
            else:
                pygame.transform.smoothscale(self.logical, self._scaled.get_size(), self._scaled)
            self.window.blit(self._scaled, self.offset)
        pygame.display.flip()
