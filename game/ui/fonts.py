"""Bundled open-licensed fonts (assets/fonts, licences beside them): a typewriter face for cards and the log,
a clean sans for numbers and buttons. Fonts are cached by (face, size); a missing file falls back to pygame's
default font so the game still starts."""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FACES = {
    "type": "CourierPrime-Regular.otf",
    "type_bold": "CourierPrime-Bold.otf",
    "sans": "DejaVuSans.ttf",
    "sans_bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed-Bold.ttf",
}
_cache: dict[tuple[str, int], pygame.font.Font] = {}


def font(face: str, size: int) -> pygame.font.Font:
    key = (face, size)
    f = _cache.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = ASSETS / "fonts" / FACES.get(face, FACES["sans"])
        try:
            f = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError):
            f = pygame.font.Font(None, size)
        _cache[key] = f
    return f


_text_cache: dict[tuple[str, int, str, tuple[int, int, int]], pygame.Surface] = {}
# Every line of text drawn, when a test or a tool sets this to a set (the plain-words and translation checks).
drawn: set[str] | None = None
# The image of every line of text handed out, by id, when a tool sets this to a dict (the layout check tells text
# from other drawing by it).
rendered: dict[int, str] | None = None


def text(s: str, face: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rendered, anti-aliased line of text (cached: the board redraws the same words every frame)."""
    if drawn is not None:
        drawn.add(s)
    key = (face, size, s, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = font(face, size).render(s, True, colour)
        _text_cache[key] = surf
    if rendered is not None:
        rendered[id(surf)] = s
    return surf


def blit_text(surface: pygame.Surface, s: str, face: str, size: int, colour: tuple[int, int, int],
              pos: tuple[float, float], anchor: str = "topleft") -> pygame.Rect:
    img = text(s, face, size, colour)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(img, rect)
    return rect


_wrap_cache: dict[tuple[str, str, int, int], tuple[str, ...]] = {}


def wrap(s: str, face: str, size: int, width: int) -> list[str]:
    """Split ``s`` into lines that fit ``width`` pixels (cached: panels wrap the same card texts every frame)."""
    key = (s, face, size, width)
    lines = _wrap_cache.get(key)
    if lines is None:
        if len(_wrap_cache) > 4000:
            _wrap_cache.clear()
        lines = tuple(_wrap(s, face, size, width))
        _wrap_cache[key] = lines
    return list(lines)


def _wrap(s: str, face: str, size: int, width: int) -> list[str]:
    """Lines at spaces, never before a number that follows a word ("Entraîné" / "10"); a word wider than the
    whole line is broken after one of its hyphens ("pistolet-" / "mitrailleur") when it has one."""
    f = font(face, size)
    lines: list[str] = []
    for para in s.split("\n"):
        pieces: list[tuple[str, str]] = []  # (the glue before it, a piece of a word)
        for w in para.split(" "):
            if pieces and w[:1].isdigit() and pieces[-1][1][-1:].isalpha():  # a number stays with the word
                glue, last = pieces.pop()  # before it: "Entraîné 10", "Postal worker 22's", "Tour 12"
                pieces.append((glue, last + " " + w))
                continue
            parts = [p + "-" for p in w.split("-")[:-1]] + [w.split("-")[-1]] if "-" in w.strip("-") and \
                f.size(w)[0] > width else [w]
            pieces += [(" " if i == 0 else "", p) for i, p in enumerate(parts) if p or len(parts) == 1]
        line = ""
        for glue, w in pieces:
            trial = w if not line else line + glue + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines
