"""The scrollable log: every event narrated as ``[section] text`` in the typewriter face."""

from __future__ import annotations

import pygame

from game.ui import palette as P
from game.ui.cache import PanelCache
from game.ui.fonts import font, text, wrap


class LogPanel:
    SIZE = 15

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.entries: list[tuple[str, P.Colour]] = []
        self.lines: list[tuple[str, P.Colour]] = []
        self.scroll = 0  # lines scrolled up from the bottom
        self.line_h = font("type", self.SIZE).get_linesize()
        self.version = 0  # bumped by every change of the lines
        self.cache = PanelCache(rect)

    def signature(self) -> tuple[object, ...]:
        """Everything the drawn panel depends on (its cached image is redrawn when this changes)."""
        return (self.version, id(self.lines), len(self.lines), self.scroll, tuple(self.rect), self.line_h)

    def add(self, msg: str, colour: P.Colour = P.INK) -> None:
        self.entries.append((msg, colour))
        width = self.rect.w - 44  # room for the continuation indent and the scrollbar
        wrapped = wrap(msg, "type", self.SIZE, width)
        for i, line in enumerate(wrapped):
            self.lines.append((("  " if i else "") + line, colour))
        if len(self.lines) > 3000:
            self.lines = self.lines[-2500:]
        self.version += 1
        if self.scroll:
            self.scroll += len(wrapped)

    @property
    def visible_lines(self) -> int:
        return max(1, (self.rect.h - 36) // self.line_h)

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse):
            self.scroll = max(0, min(len(self.lines) - self.visible_lines, self.scroll + event.y * 3))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.cache.rect != self.rect:
            self.cache = PanelCache(self.rect)
        self.cache.draw(surface, self.signature(), self._render)

    def _render(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel at ``rect`` (its own cached image: the rect at the origin)."""
        pygame.draw.rect(surface, P.PAPER_LIGHT, rect, border_radius=6)
        pygame.draw.rect(surface, P.INK, rect, 2, border_radius=6)
        surface.blit(text("LOG", "cond", 16, P.INK_SOFT), (rect.x + 10, rect.y + 6))
        if self.scroll:
            surface.blit(text(f"↓ {self.scroll} newer lines below (scroll down)", "sans", 14, P.INK_SOFT),
                         (rect.x + 60, rect.y + 8))
        n = self.visible_lines
        end = len(self.lines) - self.scroll
        start = max(0, end - n)
        y = rect.y + 30
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4))
        for line, colour in self.lines[start:end]:
            surface.blit(text(line, "type", self.SIZE, colour), (rect.x + 10, y))
            y += self.line_h
        surface.set_clip(clip)
        # scrollbar
        total = len(self.lines)
        if total > n:
            bar_h = max(20, int((rect.h - 40) * n / total))
            frac = 1 - (self.scroll / max(1, total - n))
            bar_y = rect.y + 32 + int((rect.h - 44 - bar_h) * frac)
            pygame.draw.rect(surface, P.INK_FAINT, (rect.right - 8, bar_y, 4, bar_h), border_radius=2)
