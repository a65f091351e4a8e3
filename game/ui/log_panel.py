"""The scrollable log: every event narrated as ``[section] text`` in the typewriter face. A click on a line that
names its rule calls ``on_section`` with that section (the play scene opens the rules reference there); the
hovered line is lit and says so in a tooltip. Entries may be texts worded when read (the events' narration,
game/i18n): when the player picks another language, the whole log is worded again in it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame

from game import i18n
from game.i18n import Lazy, Said, _, n_, same
from game.ui import palette
from game.ui.cache import HoverRegions, PanelCache, ScreenMemory
from game.ui.fonts import font, text, wrap

SECTION = re.compile(r"^\[(\d+\.\d+(?:\.\d+)*)\]")  # the rulebook section a narrated line starts with
HOVER_FILL = (226, 214, 186)  # behind the hovered entry's lines
OUTSIDE = (-1000, -1000)
HEADER = 30  # the height of the title's band, above the lines


def section_of(msg: str) -> str:
    """The rulebook section ``msg`` starts with (``"[4.2.1] ..."`` -> ``"4.2.1"``), or ""."""
    m = SECTION.match(msg)
    return m.group(1) if m else ""


class LogPanel:
    SIZE = 15

    def __init__(self, rect: pygame.Rect, under: palette.Colour | None = None) -> None:
        self.rect = rect
        self.under = under  # the plain colour the panel lies on, if it does (PanelCache)
        self.entries: list[tuple[str | Lazy, palette.Colour]] = []
        self.language = i18n.language()  # the language the lines were worded in
        self.lines: list[tuple[str, palette.Colour]] = []
        self.meta: list[tuple[int, str]] = []  # for each line: the number of its entry and the entry's section
        self.scroll = 0  # lines scrolled up from the bottom
        self.line_h = font("type", self.SIZE).get_linesize()
        self.version = 0  # bumped by every change of the lines
        self.cache = PanelCache(rect, under=under)
        self.mouse = OUTSIDE  # the last mouse position the panel was told of
        self.on_section: Callable[[str], object] | None = None  # called with the section of a clicked line

    def signature(self) -> tuple[object, ...]:
        """Everything the drawn panel depends on (its cached image is redrawn when this changes)."""
        self.reword()
        return (self.version, id(self.lines), len(self.lines), self.scroll, tuple(self.rect), self.line_h,
                self.hovered_entry())

    def add(self, msg: str | Lazy, colour: palette.Colour = palette.INK) -> None:
        """One more entry: a text, or one worded when drawn (an event's narration)."""
        self.reword()
        self.entries.append((msg, colour))
        if len(self.entries) > 2000:
            self.entries = self.entries[-1500:]
            self.reword(force=True)
        added = self._wrap(len(self.entries), msg, colour)
        if len(self.lines) > 3000:
            self.lines = self.lines[-2500:]
            self.meta = self.meta[-2500:]
        self.version += 1
        if self.scroll:
            self.scroll += added

    def texts(self) -> list[str]:
        """Every entry worded now, oldest first."""
        return [str(msg) for msg, _colour in self.entries]

    def _wrap(self, number: int, msg: str | Lazy, colour: palette.Colour) -> int:
        """The lines of entry ``number`` appended; returns how many."""
        said = same(str(msg)) if isinstance(msg, Lazy | Said) else str(msg)  # (a plain text is checked as it is)
        section = section_of(said)
        width = self.rect.w - 44  # room for the continuation indent and the scrollbar
        wrapped = wrap(said, "type", self.SIZE, width)
        for i, line in enumerate(wrapped):
            self.lines.append((("  " if i else "") + line, colour))
            self.meta.append((number, section))
        return len(wrapped)

    def reword(self, force: bool = False) -> None:
        """Word every entry again when the language changed since they were wrapped (the scroll goes back to
        the newest lines)."""
        if not force and self.language == i18n.language():
            return
        self.language = i18n.language()
        self.lines, self.meta = [], []
        for number, (msg, colour) in enumerate(self.entries, start=1):
            self._wrap(number, msg, colour)
        self.lines, self.meta = self.lines[-2500:], self.meta[-2500:]
        self.scroll = 0
        self.version += 1

    def header(self) -> tuple[str, list[str], int, int]:
        """The title, the lines of the "newer lines below" note (none at the newest lines), the note's left edge
        (from the panel's left) and the height of the header: the note stands right of the title, wrapped to the
        room left beside it, so that in every language both are whole and apart."""
        title = _("LOG")
        if not self.scroll:
            return title, [], 0, HEADER
        note = n_("↓ {n} newer line below (scroll down)", "↓ {n} newer lines below (scroll down)", self.scroll)
        x = max(60, 10 + font("cond", 16).size(title)[0] + 14)
        lines = wrap(note, "sans", 14, self.rect.w - 14 - x)
        return title, lines, x, max(HEADER, 8 + len(lines) * font("sans", 14).get_linesize() + 5)

    @property
    def top(self) -> int:
        """Where the lines start, below the header."""
        return self.header()[3]

    @property
    def visible_lines(self) -> int:
        return max(1, (self.rect.h - self.top - 6) // self.line_h)

    def shown(self) -> range:
        """The indices of the lines drawn now, top to bottom."""
        end = len(self.lines) - self.scroll
        return range(max(0, end - self.visible_lines), end)

    def line_rect(self, index: int) -> pygame.Rect | None:
        """Where line ``index`` is drawn on the screen (None when it is scrolled out of view)."""
        shown = self.shown()
        if index not in shown:
            return None
        return pygame.Rect(self.rect.x + 4, self.rect.y + self.top + (index - shown.start) * self.line_h,
                           self.rect.w - 16, self.line_h)

    def line_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the line drawn under ``pos``, if any."""
        top = self.top
        if not self.rect.inflate(-8, 0).collidepoint(pos) or pos[1] < self.rect.y + top:
            return None
        shown = self.shown()
        index = shown.start + (pos[1] - self.rect.y - top) // self.line_h
        return index if index in shown else None

    def section_at(self, pos: tuple[int, int]) -> str:
        """The rulebook section of the log entry drawn under ``pos`` ("" when none)."""
        index = self.line_at(pos)
        return "" if index is None else self.meta[index][1]

    def hovered_line(self) -> int | None:
        """The index of the line under the mouse when a click on it would open its rule."""
        index = self.line_at(self.mouse)
        if index is None or self.on_section is None or not self.meta[index][1]:
            return None
        return index

    def hovered_entry(self) -> int:
        """The number of the entry whose lines are lit under the mouse (0 when none)."""
        index = self.hovered_line()
        return 0 if index is None else self.meta[index][0]

    def hover_regions(self) -> HoverRegions:
        """The tooltip over the ``[section]`` tag of the hovered entry: a click opens its rule. (Only over the
        tag: the rest of the entry stays readable; the lit band says that it can be clicked too.)"""
        index = self.hovered_line()
        if index is None:
            return []
        number, section = self.meta[index]
        first = next((i for i in self.shown() if self.meta[i][0] == number), index)
        rect = self.line_rect(first)
        if rect is None or self.lines[first][0].startswith(" "):
            return []  # the tag has scrolled out of view
        tag = pygame.Rect(rect.x, rect.y, font("type", self.SIZE).size(f"[{section}]")[0] + 10, rect.h)
        return [(tag, _("Click: rule {section} in the rules reference", section=section))]

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """The wheel scrolls, a left click on a line with a section calls ``on_section``; True when consumed."""
        self.mouse = mouse
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse):
            self.scroll = max(0, min(len(self.lines) - self.visible_lines, self.scroll + event.y * 3))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.on_section is not None:
            section = self.section_at(event.pos)
            if section:
                self.on_section(section)
                return True
        return False

    def draw(self, surface: pygame.Surface, memory: ScreenMemory | None = None) -> None:
        """The log on ``surface`` (with a ``memory`` of the screen: blitted only where needed, PanelCache.draw)."""
        if self.cache.rect != self.rect:
            self.cache = PanelCache(self.rect, under=self.under)
        self.cache.draw(surface, self.signature(), self._render, memory)

    def _render(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel at ``rect`` (its own cached image: the rect at the origin)."""
        pygame.draw.rect(surface, palette.PAPER_LIGHT, rect, border_radius=6)
        pygame.draw.rect(surface, palette.INK, rect, 2, border_radius=6)
        title, note, note_x, top = self.header()
        surface.blit(text(title, "cond", 16, palette.INK_SOFT), (rect.x + 10, rect.y + 6))
        for i, line in enumerate(note):  # right of the title, on as many lines as it needs
            surface.blit(text(line, "sans", 14, palette.INK_SOFT),
                         (rect.x + note_x, rect.y + 8 + i * font("sans", 14).get_linesize()))
        n = self.visible_lines
        shown = self.shown()
        hovered = self.hovered_entry()
        y = rect.y + top
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4))
        for index in shown:
            line, colour = self.lines[index]
            if hovered and self.meta[index][0] == hovered:
                pygame.draw.rect(surface, HOVER_FILL, (rect.x + 4, y, rect.w - 16, self.line_h), border_radius=3)
            surface.blit(text(line, "type", self.SIZE, colour), (rect.x + 10, y))
            y += self.line_h
        surface.set_clip(clip)
        # scrollbar
        total = len(self.lines)
        if total > n:
            bar_h = max(20, int((rect.h - top - 10) * n / total))
            frac = 1 - (self.scroll / max(1, total - n))
            bar_y = rect.y + top + 2 + int((rect.h - top - 14 - bar_h) * frac)
            pygame.draw.rect(surface, palette.INK_FAINT, (rect.right - 8, bar_y, 4, bar_h), border_radius=2)
