"""Small widgets drawn on the logical surface: buttons with tooltips, panels, and a tooltip helper."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.ui import palette
from game.ui.fonts import blit_text, font, text, wrap


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: palette.Colour = palette.PAPER_LIGHT,
          border: palette.Colour = palette.INK,
          alpha: int = 255, width: int = 2, radius: int = 6) -> None:
    if alpha < 255:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*fill, alpha), s.get_rect(), border_radius=radius)
        surface.blit(s, rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


TOOLTIP_WIDTH = 720  # the widest line of a tooltip, in pixels (a longer one wraps)


def tooltip(surface: pygame.Surface, msg: str, pos: tuple[int, int], size: int = 20,
            avoid: pygame.Rect | None = None) -> pygame.Rect:
    """A small paper label near ``pos``, kept on screen and, when it can be, off ``avoid`` (an open menu):
    below right of the pointer, else above left, below left or above right; a line wider than
    :data:`TOOLTIP_WIDTH` wraps (a long tip ran off both sides of the screen). Returns where it was drawn."""
    lines = [part for line in msg.split("\n") for part in (wrap(line, "sans", size, TOOLTIP_WIDTH) or [""])]
    imgs = [text(line, "sans", size, palette.INK) for line in lines]
    w = max(i.get_width() for i in imgs) + 16
    h = sum(i.get_height() for i in imgs) + 10
    screen = surface.get_rect().inflate(-8, -8)
    rect = pygame.Rect(0, 0, w, h)
    for dx, dy in ((18, 18), (-18 - w, -18 - h), (-18 - w, 18), (18, -18 - h)):
        rect.topleft = (pos[0] + dx, pos[1] + dy)
        rect.clamp_ip(screen)
        if avoid is None or not rect.colliderect(avoid):
            break
    else:
        rect.topleft = (pos[0] + 18, pos[1] + 18)
        rect.clamp_ip(screen)
    x, y = rect.topleft
    shadow = rect.move(3, 3)
    pygame.draw.rect(surface, (60, 50, 40), shadow, border_radius=4)
    pygame.draw.rect(surface, (252, 246, 226), rect, border_radius=4)
    pygame.draw.rect(surface, palette.INK, rect, 1, border_radius=4)
    yy = y + 5
    for img in imgs:
        surface.blit(img, (x + 8, yy))
        yy += img.get_height()
    return rect.union(shadow)


_label_sizes: dict[tuple[str, str, int, int], int] = {}


BACK_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE)  # leave a screen that only shows something


class Button:
    """A clickable label. ``enabled`` False draws it greyed; ``tip`` shows on hover (also when disabled: the
    reason). The label and the tip are shown in the player's language: each is a message id (marked ``N_``) or
    a text already translated (``_``). ``key`` says what the button does in words of no language (the English
    label; by default the label itself): code and tests find a button by it, in any language."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str,
                 action: Callable[[], object] | None = None, size: int = 28, tip: str = "", enabled: bool = True,
                 face: str = "sans_bold", selected: bool = False, data: object = None, key: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.key = str(label) if key is None else key
        self.data = data  # what the button stands for (the play scene: the Action it submits)
        self.label = label
        self.action = action
        self.size = size
        self.tip = tip
        self.enabled = enabled
        self.face = face
        self.selected = selected
        self.hover = False

    def draw(self, surface: pygame.Surface, origin: tuple[int, int] = (0, 0)) -> None:
        """Draw the button; ``origin`` is where ``surface``'s top left corner is on the screen (a cached panel)."""
        fill = palette.BUTTON_DISABLED if not self.enabled else (palette.BUTTON_HOVER if self.hover else palette.BUTTON)
        if self.selected:
            fill = palette.POST_BLUE
        rect = self.rect.move(-origin[0], -origin[1]) if origin != (0, 0) else self.rect
        shadow = rect.move(0, 4)
        pygame.draw.rect(surface, (50, 40, 30), shadow, border_radius=8)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        pygame.draw.rect(surface, palette.INK, rect, 2, border_radius=8)
        colour = palette.PAPER_LIGHT if self.enabled else (205, 198, 186)
        blit_text(surface, _(self.label), self.face, self.label_size(), colour, rect.center, "center")

    def state(self) -> tuple[object, ...]:
        """Everything :meth:`draw` reads (a cached panel redraws its buttons when this changes)."""
        return (_(self.label), self.face, self.size, self.enabled, self.hover, self.selected, tuple(self.rect))

    def label_size(self) -> int:
        """The largest font size from ``size`` down (steps of 2, not below 12) at which the label fits."""
        shown = _(self.label)
        key = (shown, self.face, self.size, self.rect.w)
        fitted = _label_sizes.get(key)
        if fitted is None:
            fitted = self.size
            while fitted > 12 and font(self.face, fitted).size(shown)[0] > self.rect.w - 12:
                fitted -= 2
            if len(_label_sizes) > 2000:
                _label_sizes.clear()
            _label_sizes[key] = fitted
        return fitted

    def shown_tip(self) -> str:
        """The tip shown now, in the player's language ("" when the button is not hovered or has none)."""
        return _(self.tip) if self.hover and self.tip else ""

    def draw_tip(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        tip = self.shown_tip()
        if tip:
            tooltip(surface, tip, mouse)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was a click on this button (consumed)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled and self.action:
                self.action()
            return True
        return False


def button_states(buttons: list[Button]) -> tuple[tuple[object, ...], ...]:
    return tuple(b.state() for b in buttons)


def handle_buttons(buttons: list[Button], event: pygame.event.Event) -> bool:
    consumed = False
    for b in list(buttons):
        if b.handle(event):
            consumed = True
            break
    if event.type == pygame.MOUSEMOTION:
        for b in buttons:
            b.hover = b.rect.collidepoint(event.pos)
    return consumed
