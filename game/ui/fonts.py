"""Bundled open-licensed fonts (assets/fonts, licences beside them): a typewriter face for cards and the log,
a clean sans for numbers and buttons. Fonts are cached by (face, size); a missing file falls back to pygame's
default font so the game still starts."""

from __future__ import annotations

import re
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


# The last guard of every line drawn (issue 37), whatever its words' source: no line is wider than the widest
# screen the game lays out for, or longer than this many characters (a longer line is cut, ending in "…"), and
# a character that cannot be drawn (a control character, half of a surrogate pair) is drawn as "?". The game's
# own lines are far shorter (panels wrap them), and the checks of the level files and catalogs refuse longer words
# before they reach a screen: this only keeps a word that slipped past them from making a surface of gigabytes
# (a 100,000-character name once took 24 GB).
MAX_LINE_PX = 3840
MAX_LINE_CHARS = 400
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def drawable(s: str, f: pygame.font.Font, width: int = MAX_LINE_PX) -> str:
    """``s`` as a line ``f`` can draw within ``width`` pixels: undrawable characters as "?", cut with "…"."""
    if _UNDRAWABLE.search(s):
        s = _UNDRAWABLE.sub("?", s)
    if len(s) > MAX_LINE_CHARS:
        s = s[:MAX_LINE_CHARS - 1] + "…"
    if len(s) > 20 and f.size(s)[0] > width:
        s = s[:longest_fit(s, f, width, "…")] + "…"
    return s


def longest_fit(s: str, f: pygame.font.Font, width: int, end: str = "", least: int = 0, strip: bool = False) -> int:
    """How much of the start of ``s`` (at least ``least`` characters) fits ``width`` pixels in ``f`` with ``end``
    after it (its trailing spaces left out first when ``strip``): a binary search on the start's length."""
    lo, hi = least, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        start = s[:mid].rstrip() if strip else s[:mid]
        if f.size(start + end)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def text(s: str, face: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rendered, anti-aliased line of text (cached: the board redraws the same words every frame); never wider
    than :data:`MAX_LINE_PX` (see :func:`drawable`)."""
    if drawn is not None:
        drawn.add(s)
    key = (face, size, s, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        f = font(face, size)
        surf = f.render(drawable(s, f), True, colour)
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
    if len(s) > MAX_LINE_CHARS * 8:  # no panel shows more than a few hundred words (see drawable)
        s = s[:MAX_LINE_CHARS * 8]
    s = _UNDRAWABLE.sub(lambda m: m[0] if m[0] == "\n" else "?", s)
    for para in s.split("\n"):
        pieces: list[tuple[str, str]] = []  # (the glue before it, a piece of a word)
        for w in para.split(" "):
            if pieces and w[:1].isdigit() and pieces[-1][1][-1:].isalpha():  # a number stays with the word
                glue, last = pieces.pop()  # before it: "Entraîné 10", "Postal worker 22's", "Tour 12"
                pieces.append((glue, last + " " + w))
                continue
            parts = [p + "-" for p in w.split("-")[:-1]] + [w.split("-")[-1]] if "-" in w.strip("-") and \
                f.size(w)[0] > width else [w]
            parts = [chunk for p in parts for chunk in _cut(p, f, width)]
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


def _cut(word: str, f: pygame.font.Font, width: int) -> list[str]:
    """``word`` as it is, or, when it is wider than a whole line (no text of the game's is, but a level's or a
    catalog's word may be), cut into pieces that each fit."""
    if len(word) * f.get_height() <= width or f.size(word)[0] <= width:  # (no glyph is wider than the line height)
        return [word]
    pieces: list[str] = []
    while word:
        n = longest_fit(word, f, width, least=1)  # (at least one character a line)
        pieces.append(word[:n])
        word = word[n:]
    return pieces
