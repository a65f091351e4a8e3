"""Panels drawn once to their own surface and blitted each frame until what they show changes.

A :class:`PanelCache` is keyed by a signature: a cheap, hashable summary of everything its render function reads
(state, hover, animation values). The frame the signature differs, the panel is drawn again, so a cached panel
never shows stale content; the other frames cost one blit instead of dozens of draw calls."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game import i18n

# The transparent colour of a keyed cache: the rounded corners of a panel keep whatever is drawn beneath it.
# No palette colour is this magenta, and text is only ever blended over the opaque panel fill.
TRANSPARENT = (255, 0, 255)

HoverRegions = list[tuple[pygame.Rect, str]]
Render = Callable[[pygame.Surface, pygame.Rect], "HoverRegions | None"]


class PanelCache:
    """One panel on ``rect`` (logical pixels). ``render(surface, local_rect)`` draws it at ``local_rect`` (the same
    size at the origin) and may return hover regions in those local coordinates; :meth:`draw` blits the cached
    image and returns the hover regions moved to ``rect``. ``keyed`` leaves the pixels the render did not touch
    transparent (panels with rounded corners); otherwise the render must cover the whole rect. A panel that always
    lies on a plain colour (the table around the board) gives it as ``under``: the untouched pixels are painted that
    colour and the image is blitted opaque (a colour-keyed blit of the log cost 0.26 ms a frame, an opaque one
    0.07 ms)."""

    def __init__(self, rect: pygame.Rect, keyed: bool = True, under: tuple[int, int, int] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.keyed = keyed and under is None
        self.under = under
        self.surface = pygame.Surface((0, 0))  # made at the first draw (a panel made and never drawn costs nothing)
        self.key: Hashable = None
        self.valid = False
        self.hovers: HoverRegions = []
        self.renders = 0  # how many times it was drawn (tests, profiling)

    def invalidate(self) -> None:
        self.valid = False

    def refresh(self, key: Hashable, render: Render) -> bool:
        """Draw the panel again when ``key`` differs from the last one (or the player's language changed); True
        when it did."""
        key = (i18n.language(), key)
        if self.valid and key == self.key:
            return False
        if self.keyed:
            # A new surface each time: drawing on a run-length encoded one is not safe in pygame.
            self.surface = pygame.Surface(self.rect.size)
            self.surface.fill(TRANSPARENT)
        else:
            if self.surface.get_size() != self.rect.size:
                self.surface = pygame.Surface(self.rect.size)
            if self.under is not None:
                self.surface.fill(self.under)
        hovers = render(self.surface, self.surface.get_rect()) or []
        if self.keyed:
            self.surface.set_colorkey(TRANSPARENT, pygame.RLEACCEL)  # run-length encoded: a fast blit
        self.hovers = [(r.move(self.rect.topleft), msg) for r, msg in hovers]
        self.key = key
        self.valid = True
        self.renders += 1
        return True

    def draw(self, target: pygame.Surface, key: Hashable, render: Render,
             memory: ScreenMemory | None = None) -> HoverRegions:
        """Blit the panel (drawn again first if ``key`` changed); with a ``memory`` of the screen, only what the
        last frame drew over it, if the screen still holds this image (:class:`ScreenMemory`)."""
        self.refresh(key, render)
        if memory is None:
            target.blit(self.surface, self.rect)
        else:
            memory.blit(target, self)
        return self.hovers


class ScreenMemory:
    """What a scene's last frame left on the screen that its next frame keeps: the opaque panels whose image has
    not changed are not blitted again, only where something was drawn over them since (the side panels, top and
    bottom bars blitted every frame cost about 0.5 ms of a frame's CPU time).

    A frame opens with :meth:`begin`: the screen holds the scene's last frame only when that frame was the last
    drawn on this surface by the scene stack and the scene alone was on screen; otherwise everything is blitted.
    Whatever is drawn over a panel after it is blitted must be told with :meth:`drawn_over` (a tooltip, a popup,
    the banner, the flash, a ring around a panel): the next frame puts the panel back there. Nothing may be
    drawn over a panel before it is blitted (the board is drawn clipped to itself)."""

    def __init__(self) -> None:
        self.shown: dict[PanelCache, tuple[int, tuple[int, int, int, int]]] = {}  # the images on screen
        self.repairs: list[pygame.Rect] = []  # what the last frame drew over the panels
        self.damage: list[pygame.Rect] = []  # what this frame draws over them (the next frame's repairs)
        self.last: tuple[int, int] | None = None  # the surface and the stack's draw the last frame was
        self.kept = 0  # how many panel blits were spared (tests, profiling)

    def begin(self, surface: pygame.Surface, draw: int, alone: bool) -> None:
        """A frame starts on ``surface``: the stack's ``draw``-th, this scene ``alone`` on screen or not."""
        if not alone or self.last != (id(surface), draw - 1):
            self.forget()
        self.last = (id(surface), draw) if alone else None
        self.repairs, self.damage = self.damage, []

    def forget(self) -> None:
        """The screen holds nothing the next frame can keep."""
        self.shown.clear()
        self.damage.clear()
        self.last = None

    def covered(self, cache: PanelCache) -> None:
        """``cache``'s panel is under another one this frame (not drawn): when it shows again it is blitted."""
        self.shown.pop(cache, None)

    def drawn_over(self, rect: pygame.Rect | None) -> None:
        """Something was drawn over ``rect`` after the panels (None or empty: nothing): the next frame repairs it."""
        if rect:
            self.damage.append(pygame.Rect(rect))

    def drawn_over_everything(self) -> None:
        """Something was drawn over the whole screen (a flash) or anywhere on it: every panel is blitted again."""
        self.damage.append(pygame.Rect(0, 0, 1 << 16, 1 << 16))

    def blit(self, target: pygame.Surface, cache: PanelCache) -> None:
        entry = (cache.renders, (cache.rect.x, cache.rect.y, cache.rect.w, cache.rect.h))
        if cache.keyed or self.shown.get(cache) != entry:  # (a keyed panel's corners show what is under it)
            if len(self.shown) > 32:  # panels made again (a log moved) leave their old entries
                self.shown.clear()
            target.blit(cache.surface, cache.rect)
            self.shown[cache] = entry
            return
        self.kept += 1
        for rect in self.repairs:
            part = rect.clip(cache.rect)
            if part.w and part.h:
                target.blit(cache.surface, part, part.move(-cache.rect.x, -cache.rect.y))


class Kept:
    """Images that depend on nothing that changes in play (neither the language nor the display): each drawn by
    its ``build`` once a process for its key and kept (the counters' figures, the board's ground without words).
    With a ``limit``, the store is emptied when it would hold more (keys that come and go: board geometries)."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self.images: dict[Hashable, pygame.Surface] = {}

    def __call__(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        img = self.images.get(key)
        if img is None:
            if self.limit is not None and len(self.images) >= self.limit:
                self.images.clear()
            img = self.images[key] = build()
        return img
