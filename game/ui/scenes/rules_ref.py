"""The rules reference: every section of the rulebook in the game's own words (``game/ui/rules_text.py``),
searchable as you type and scrollable with the wheel, the keys or the scrollbar. ``RulesScene(ctx, section=...)``
opens scrolled to a section and highlights it (the play scene's log opens it at the rule of a clicked line).
(A reference for the player; the rules core is what applies the rules.)"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.i18n import N_, _, n_, same
from game.ui import palette
from game.ui.fonts import blit_text, font, wrap
from game.ui.rules_text import RULES, RuleEntry, matches, resolve
from game.ui.scene import Context, Scene
from game.ui.widgets import Button, handle_buttons, panel

HEAD = ("type_bold", 28)  # an entry's heading: number and title
BODY = ("type", 24)  # its paragraph
GAP = 16  # pixels between two entries
TOP_PAD = 30  # from the panel's top to the first heading
MAX_QUERY = 40  # characters in the search line
FOCUS_FILL = (251, 234, 178)  # behind the section the screen was opened at
MATCH_FILL = (250, 206, 90)  # behind each word found by the search
NO_MATCH = (170, 52, 36)


class Row(NamedTuple):
    """One drawn line of the text: its words, face and size, the entry it belongs to and its top in the text."""

    text: str
    face: str
    size: int
    entry: int  # index into RulesScene.entries
    y: int  # pixels from the top of the text (before scrolling)


class RulesScene(Scene):
    """The rules reference; ``section`` (a rulebook number such as "4.2.1") opens it at that section."""

    name = "rules"

    def __init__(self, ctx: Context, section: str = "") -> None:
        super().__init__(ctx)
        self.scroll = 0
        self.search_rect = pygame.Rect(160, 108, 1600, 60)
        self.rect = pygame.Rect(160, 186, 1600, 756)
        self.track = pygame.Rect(self.rect.right - 30, self.rect.y + 14, 16, self.rect.h - 28)
        self.drag: int | None = None  # while the thumb is dragged: the grab point's offset from its top
        self.query = ""
        self.focus = resolve(section) if section else ""  # the section opened at ("" none)
        self.entries: list[RuleEntry] = []
        self.rows: list[Row] = []
        self.height = 0
        self.back = Button((1520, 960, 240, 60), N_("Back"), lambda: self.stack.pop(self), 28, tip=N_("Esc"))
        self.layout()
        if self.focus:
            self.scroll_to_section(self.focus)

    # ------------------------------------------------------------------ text
    def layout(self) -> None:
        """Wrap the entries the search keeps into rows (all of them with no search)."""
        self.entries = [e for e in RULES if matches(e, self.query)]
        self.rows = []
        width = self.rect.w - 110  # clear of the scrollbar
        y = 0
        for i, entry in enumerate(self.entries):
            for k, (face, size) in enumerate((HEAD, BODY)):
                words = entry.heading if k == 0 else entry.body
                for line in wrap(words, face, size, width):
                    self.rows.append(Row(line, face, size, i, y))
                    y += font(face, size).get_linesize()
            y += GAP
        self.height = y

    def set_query(self, query: str) -> None:
        """A new search: the list is filtered again and shown from its top (from the opened section when the
        search is cleared)."""
        self.query = query[:MAX_QUERY]
        self.drag = None
        self.layout()
        self.scroll = 0
        if not self.query.strip() and self.focus:
            self.scroll_to_section(self.focus)

    def entry_top(self, number: str) -> int | None:
        """The top of the first shown entry of section ``number``, in pixels from the top of the text."""
        for row in self.rows:
            if self.entries[row.entry].number == number:
                return row.y
        return None

    def entry_y(self, number: str) -> int | None:
        """Where the heading of section ``number`` is drawn on the screen now (None when it is filtered out)."""
        top = self.entry_top(number)
        return None if top is None else self.rect.y + TOP_PAD + top - self.scroll

    def scroll_to_section(self, number: str) -> None:
        """Scroll the section's first entry to the top of the panel (the entry above it just out of view)."""
        top = self.entry_top(number)
        if top is not None:
            self.scroll_to(top + TOP_PAD - GAP - 4)  # the row above ends just above the panel's clip

    # ------------------------------------------------------------------ scrolling
    @property
    def max_scroll(self) -> int:
        return max(0, self.height - self.rect.h + 60)

    def scroll_to(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, value)))

    def thumb(self) -> pygame.Rect:
        """The scrollbar's thumb: its height is the visible share of the text, its place the scroll."""
        h = max(48, int(self.track.h * self.rect.h / max(1, self.height + 60)))
        y = self.track.y + int((self.track.h - h) * self.scroll / max(1, self.max_scroll))
        return pygame.Rect(self.track.x, y, self.track.w, h)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * 60)
            return None
        if self.handle_scrollbar(event):
            return None
        handle_buttons([self.back], event)
        return None

    def key(self, event: pygame.event.Event) -> None:
        """Esc clears the search, then closes; Backspace edits it; the arrows, PageUp/PageDown, Home and End
        scroll; any other printable key is typed into the search."""
        if event.key == pygame.K_ESCAPE:
            if self.query:
                self.set_query("")
            else:
                self.stack.pop(self)
            return
        if event.key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_CTRL:  # Ctrl+Backspace: the last word
                words = self.query.split()
                self.set_query(" ".join(words[:-1]) + (" " if len(words) > 1 else ""))
            else:
                self.set_query(self.query[:-1])
            return
        steps = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: self.rect.h - 80,
                 pygame.K_PAGEUP: 80 - self.rect.h, pygame.K_HOME: -self.height, pygame.K_END: self.height}
        if event.key in steps:
            self.scroll_to(self.scroll + steps[event.key])
            return
        char = getattr(event, "unicode", "")
        if char and char.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) \
                and (self.query or not char.isspace()):
            self.set_query(self.query + char)

    def handle_scrollbar(self, event: pygame.event.Event) -> bool:
        """A press on the track pages toward it, a press on the thumb drags it; True when consumed."""
        if self.max_scroll and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.track.inflate(12, 0).collidepoint(event.pos):
            thumb = self.thumb()
            if thumb.inflate(12, 0).collidepoint(event.pos):
                self.drag = event.pos[1] - thumb.y
            else:
                page = self.rect.h - 80
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.y else -page))
            return True
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            thumb = self.thumb()
            free = max(1, self.track.h - thumb.h)
            self.scroll_to((event.pos[1] - self.drag - self.track.y) / free * self.max_scroll)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self.drag = None
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((58, 50, 42))
        blit_text(surface, _("RULES REFERENCE"), "type_bold", 44, palette.PAPER_LIGHT, (160, 40))
        blit_text(surface, _("type to search  ·  scroll with the wheel, the arrow keys or the bar"), "sans", 18,
                  palette.PAPER_DARK, (1760, 60), "topright")
        self.draw_search(surface)
        panel(surface, self.rect, palette.PAPER_LIGHT, palette.INK, width=3)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -8))
        self.draw_focus(surface)
        x, top = self.rect.x + 40, self.rect.y + TOP_PAD - self.scroll
        words = self.query.lower().split()
        for row in self.rows:
            y = top + row.y
            if not self.rect.y - 40 < y < self.rect.bottom:
                continue
            if words:
                self.draw_matches(surface, row, words, (x, y))
            colour = palette.POST_BLUE if row.face == HEAD[0] else palette.INK
            blit_text(surface, row.text, row.face, row.size, colour, (x, y))
        if not self.rows:
            blit_text(surface, _("No section holds all these words. Backspace edits the search, Esc clears it."),
                      "type", 24, palette.INK_SOFT, (x, self.rect.y + TOP_PAD))
        surface.set_clip(clip)
        if self.max_scroll:
            pygame.draw.rect(surface, palette.PAPER_DARK, self.track, border_radius=8)
            pygame.draw.rect(surface, palette.POST_BLUE if self.drag is not None else palette.INK_SOFT, self.thumb(),
                             border_radius=8)
        self.back.draw(surface)

    def draw_search(self, surface: pygame.Surface) -> None:
        """The search line: what was typed (or how to start), a caret, and how many sections it keeps."""
        box = self.search_rect
        panel(surface, box, palette.PAPER_LIGHT, palette.POST_BLUE if self.query else palette.INK, width=3)
        label = blit_text(surface, _("Search"), "sans_bold", 22, palette.INK_SOFT, (box.x + 20, box.centery), "midleft")
        x = label.right + 20
        if self.query:
            typed = blit_text(surface, same(self.query), "type", 26, palette.INK, (x, box.centery), "midleft")
            x = typed.right + 2
        else:
            blit_text(surface, _("type a word or a section number: grenade, morale, 4.2.1 ..."), "type", 24,
                      palette.INK_FAINT, (x + 14, box.centery), "midleft")
        if int(self.ctx.time * 2) % 2 == 0:  # the caret blinks twice a second
            pygame.draw.line(surface, palette.INK, (x + 2, box.y + 14), (x + 2, box.bottom - 14), 2)
        sections = len({e.number or e.title for e in self.entries})
        total = len({e.number or e.title for e in RULES})
        if not self.query:
            count, colour = n_("{n} section", "{n} sections", total), palette.INK_SOFT
        elif sections:
            count, colour = n_("{n} of {total} sections match  ·  Esc clears",
                               "{n} of {total} sections match  ·  Esc clears", sections, total=total), palette.POST_BLUE
        else:
            count, colour = _("no section matches  ·  Esc clears"), NO_MATCH
        blit_text(surface, count, "sans_bold", 20, colour, (box.right - 20, box.centery), "midright")

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A band behind the entries of the section the screen was opened at."""
        if not self.focus:
            return
        top = self.rect.y + TOP_PAD - self.scroll
        spans: dict[int, list[int]] = {}
        for row in self.rows:
            if self.entries[row.entry].number == self.focus:
                h = font(row.face, row.size).get_linesize()
                span = spans.setdefault(row.entry, [row.y, row.y + h])
                span[1] = row.y + h
        for first, last in spans.values():
            band = pygame.Rect(self.rect.x + 20, top + first - 6, self.rect.w - 80, last - first + 12)
            pygame.draw.rect(surface, FOCUS_FILL, band, border_radius=6)
            pygame.draw.rect(surface, palette.GOLD, (band.x, band.y, 6, band.h), border_radius=3)

    @staticmethod
    def draw_matches(surface: pygame.Surface, row: Row, words: list[str], at: tuple[int, int]) -> None:
        """A marker behind every place in ``row`` where a searched word occurs."""
        f = font(row.face, row.size)
        low = row.text.lower()
        for word in words:
            start = low.find(word)
            while start >= 0:
                left = f.size(row.text[:start])[0]
                width = f.size(row.text[start:start + len(word)])[0]
                pygame.draw.rect(surface, MATCH_FILL, (at[0] + left - 1, at[1], width + 2, f.get_linesize()),
                                 border_radius=3)
                start = low.find(word, start + len(word))
