"""A summary that stays (issue 31): after an Enemy Phase and after a Clearing Phase, a panel over the log lists what
changed (who fell and where, morale from and to, barriers blown, counters that broke in, support weapons placed,
the defense of a floor lowered, defenders disrupted, counters placed), each line a click that points at its place
on the board; it stays until the player closes it (its button or Esc), and a setting turns it off.

The lines are read from the events the core returned (never worked out from a rule), and worded when drawn, in the
player's language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import N_, Lazy, Msg, Plural, Words, _, language, n_
from game.rules import Event, Rules
from game.rules.kinds import EventKind
from game.rules.names import defender_name, join_words, space_name, unit_name
from game.ui import palette
from game.ui.cache import PanelCache, ScreenMemory
from game.ui.fonts import blit_text, wrap
from game.ui.widgets import Button, panel
from game.ui.words import fit

# (with its Attack: after an Attack ends, "Enemy Phase, turn 1" alone read as the first turn of the game)
PHASES = {"enemy": N_("Attack {attack}, Enemy Phase, turn {turn}"),
          "clearing": N_("Attack {attack}, Clearing Phase, turn {turn}")}
LINE_SIZE = 16
LINE_GAP = 3
GAP = 8  # between the panel and the log below it
TOP, BOTTOM = 38, 54  # above the first line (the title), below the last (the Close button)
SECTION_GAP = 8
MORE_H = 20  # the line that says how many more lines the wheel shows
SMALLEST = 180  # the least height of a panel above the log; with less room it takes the log's whole place


@dataclass(frozen=True)
class Line:
    """One change: its words (worded when read, in the reader's language), the place it points at (a key of
    play/reveal.py's ``anchor``, ``morale`` for the morale track, or ""), its colour."""

    words: str | Lazy
    place: str
    colour: palette.Colour


@dataclass(frozen=True)
class Section:
    """What changed in one phase: its heading and lines (a phase where nothing changed says so)."""

    heading: Lazy
    lines: tuple[Line, ...]
    quiet: bool = False  # nothing changed in the phase (its one line says so)


BOUNDARIES = (EventKind.PHASE_CHANGED, EventKind.ATTACK_STARTED, EventKind.GAME_OVER)  # a phase starts or ends


def unfinished(events: list[Event]) -> list[Event]:
    """The events of the phase still going on at the end of ``events``: from its last boundary on (what must be
    kept to sum up that phase when it ends in a later batch of events)."""
    last = max((k for k, event in enumerate(events) if event.kind in BOUNDARIES), default=0)
    return events[last:]


def _phase_events(events: list[Event]) -> list[tuple[str, int, int, list[Event]]]:
    """The Enemy and Clearing Phases that *end* among ``events``: (phase, its Attack, turn within its Attack, its
    events)."""
    out: list[tuple[str, int, int, list[Event]]] = []
    current: tuple[str, int, int, list[Event]] | None = None
    for event in events:
        if event.kind in BOUNDARIES:
            if current is not None:
                out.append(current)
                current = None
            phase = str(event.data.get("phase", ""))
            if event.kind == EventKind.PHASE_CHANGED and phase in PHASES:
                current = (phase, int(event.data.get("attack", 1)),
                           int(event.data.get("attack_turn", event.data.get("turn", 0))), [])
        elif current is not None:
            current[3].append(event)
    return out


def summarize(rules: Rules, events: list[Event]) -> list[Section]:
    """The sections of the phases that ended among ``events`` (an Enemy Phase still waiting on the player's
    choice, a casualty to pick, is summed up when it ends)."""
    return [_section(rules, phase, attack, turn, evs) for phase, attack, turn, evs in _phase_events(events)]


def _section(rules: Rules, phase: str, attack: int, turn: int, events: list[Event]) -> Section:
    lines: list[Line] = []
    loss, gain = palette.TARGET, palette.OK_GREEN
    for e in events:
        data = e.data
        if e.kind == EventKind.CASUALTY:
            name, space = str(data["defender"]), str(data.get("space", ""))
            lines.append(Line(Msg("{name} fell: {space}", name=Words(defender_name, name),
                                  space=Words(space_name, rules, space)), f"space:{space}", loss))
        elif e.kind == EventKind.ESCAPED:
            lines.append(Line(Msg("{name} escaped", name=Words(defender_name, str(data["defender"]))), "", gain))
        elif e.kind == EventKind.BARRIER_DESTROYED:
            b = int(data["barrier"])
            lines.append(Line(Msg("Barrier {n} blown", n=b), f"barrier:{b}", loss))
        elif e.kind == EventKind.BREACH:
            lines.append(Line(e.said, f"entrance:{data['entrance']}", loss))
        elif e.kind == EventKind.SUPPORT_PLACED:
            space = str(data["space"])
            lines.append(Line(Msg("{unit} placed: {space}", unit=Words(_unit, rules, str(data["unit"])),
                                  space=Words(space_name, rules, space)), f"space:{space}", palette.INK))
        elif e.kind == EventKind.DEFENSE_SHIFTED:  # "The ground floor defense drops to 5"
            lines.append(Line(e.said, f"floor:{data['floor']}", loss))
    disrupted = tuple(str(e.data["defender"]) for e in events if e.kind == EventKind.DEFENDER_DISRUPTED)
    if disrupted:
        lines.append(Line(Msg("Disrupted: {names}", names=Words(_names, disrupted)), "", loss))
    placed = [e for e in events if e.kind == EventKind.COUNTER_PLACED]
    if placed:
        tracks = tuple(sorted({str(e.data["space"]).split(":")[0] for e in placed}, key=_track_order))
        lines.append(Line(Msg("{placed}: {tracks}", placed=Plural("{n} counter placed", "{n} counters placed",
                                                                  len(placed), n=len(placed)),
                              tracks=Plural("track {tracks}", "tracks {tracks}", len(tracks),
                                            tracks=Words(join_words, tracks))), f"track:{tracks[0]}", palette.INK))
    morale = [e for e in events if e.kind == EventKind.MORALE_CHANGED]
    if morale:
        old, new = int(morale[0].data["old"]), int(morale[-1].data["new"])
        if old != new:
            lines.insert(0, Line(Msg("Morale {old} → {new}", old=old, new=new), "morale",
                                 loss if new < old else gain))
    if not lines:
        return Section(Msg(PHASES[phase], attack=attack, turn=turn),
                       (Line(Msg("Nothing changed"), "", palette.INK_SOFT),), True)
    return Section(Msg(PHASES[phase], attack=attack, turn=turn), tuple(lines))


def _unit(rules: Rules, unit: str) -> str:
    """An enemy counter's kind opening a line (``Machine gunner``)."""
    words = unit_name(rules, unit)
    return words[:1].upper() + words[1:]


def _names(names: tuple[str, ...]) -> str:
    return join_words(defender_name(n) for n in names)


def _track_order(track: str) -> tuple[int, str]:
    head = track.split("-")[0]
    return (int(head) if head.isdigit() else 99, track)


class SummaryPanel:
    """The panel over the log (``rect``): the sections, each line a button-like row; ``point(place)`` is called
    with a clicked line's place, ``close()`` when the player closes it. When its lines need more room than it has,
    the wheel scrolls them (a line at the bottom says how many more)."""

    def __init__(self, rect: pygame.Rect, sections: list[Section], point: Callable[[str], None],
                 close: Callable[[], None]) -> None:
        self.sections = sections
        self.point = point
        self.close = close
        self.rows: list[tuple[pygame.Rect, Line]] = []  # where each line was drawn (for the clicks)
        self.mouse = (-1000, -1000)
        # what the panel lists, in order: each section's heading (a Line without a place), then its lines
        self.items: list[tuple[bool, Line]] = [
            item for section in sections
            for item in [(True, Line(section.heading, "", palette.INK)), *((False, line) for line in section.lines)]]
        self.first = 0  # the first item shown (the wheel scrolls)
        self.more = 0  # how many items did not fit below the last one shown
        self._height: tuple[tuple[int, str], int] | None = None  # (width, language) -> the height lines need
        self.place(rect)

    def place(self, rect: pygame.Rect) -> None:
        """Stand at ``rect`` (its Close button at its bottom right)."""
        self.rect = pygame.Rect(rect)
        self.close_button = Button((rect.right - 128, rect.bottom - 48, 116, 38), N_("Close"), self.close, 20,
                                   tip=N_("Close the summary (Esc); the log is under it"))
        # opaque on the table (its rounded corners show the table); at the log's whole place, the log is not drawn
        self.cache = PanelCache(self.rect, under=palette.TABLE)

    def _item_height(self, heading: bool, line: Line, width: int) -> int:
        if heading:
            return 24
        return len(wrap(str(line.words), "sans", LINE_SIZE, width - 36)) * (LINE_SIZE + LINE_GAP) + 4

    def height(self, width: int) -> int:
        """How tall the panel must be, ``width`` wide, to show every line with its Close button (worked out once
        for a width and a language: asked every frame)."""
        key = (width, language())
        if self._height is None or self._height[0] != key:
            y = TOP
            for k, (heading, line) in enumerate(self.items):
                y += self._item_height(heading, line, width) + (SECTION_GAP if self._ends_section(k) else 0)
            self._height = (key, y + BOTTOM)
        return self._height[1]

    def _ends_section(self, k: int) -> bool:
        return k + 1 == len(self.items) or self.items[k + 1][0]

    def fit(self, area: pygame.Rect, least: int) -> pygame.Rect | None:
        """Stand at the top of ``area``, as tall as the lines need (at most what leaves the log ``least`` pixels;
        the rest scrolls), and return the room left below it for the log (issue 37's playtest: the results of the
        player's own actions went on in the log hidden under the panel); the whole of ``area`` and None when the
        panel would have fewer than :data:`SMALLEST` pixels."""
        room = area.h - least - GAP
        if room < SMALLEST:
            rect = pygame.Rect(area)
        else:
            rect = pygame.Rect(area.x, area.y, area.w, min(room, self.height(area.w)))
        if rect != self.rect:
            self.place(rect)
        return None if rect == area else pygame.Rect(area.x, rect.bottom + GAP, area.w, area.bottom - rect.bottom - GAP)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a line points at its place; the close button or Esc close the panel (Enter stays the End
        button's); the wheel over it scrolls its lines. True when the event was the panel's."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.close_button.action is not None:
                self.close_button.action()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.close_button.handle(event)
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse):
            if event.y < 0 and self.more:
                self.first = min(len(self.items) - 1, self.first + min(-event.y, self.more))
            elif event.y > 0:
                self.first = max(0, self.first - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.close_button.handle(event):
                return True
            for rect, line in self.rows:
                if rect.collidepoint(event.pos) and line.place:
                    self.point(line.place)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface, memory: ScreenMemory | None = None) -> None:
        """The panel with its Close button (the image cached until the line under the mouse, the button, the
        scroll or the language changes; with a ``memory`` of the screen, blitted only when needed:
        PanelCache.draw)."""
        hovered = next((k for k, (spot, line) in enumerate(self.rows) if line.place and spot.collidepoint(self.mouse)),
                       -1)

        def render(panel_surface: pygame.Surface, local: pygame.Rect) -> None:
            self.rows = [(spot.move(self.rect.topleft), line) for spot, line in self._render(panel_surface, local)]
            self.close_button.draw(panel_surface, self.rect.topleft)
        self.cache.draw(surface, (hovered, self.close_button.state(), self.first), render, memory)

    def _render(self, surface: pygame.Surface, r: pygame.Rect) -> list[tuple[pygame.Rect, Line]]:
        """The panel drawn at ``r`` (its own image: the rect at the origin); where each line went, in ``r``'s
        coordinates."""
        mouse = (self.mouse[0] - self.rect.x + r.x, self.mouse[1] - self.rect.y + r.y)
        button = self.close_button.rect.move(r.x - self.rect.x, r.y - self.rect.y)
        panel(surface, r, palette.PAPER_LIGHT, palette.POST_BLUE, 255, 3)
        blit_text(surface, _("WHAT CHANGED"), "cond", 18, palette.POST_BLUE, (r.x + 12, r.y + 8))
        note = wrap(_("Click a line: where it happened"), "sans", 14, button.x - r.x - 24)[:2]
        for j, row in enumerate(note):
            blit_text(surface, row, "sans", 14, palette.INK_SOFT, (r.x + 12, button.y + 4 + j * 17))
        y = r.y + TOP
        bottom = button.y - 6
        rows: list[tuple[pygame.Rect, Line]] = []
        width = r.w - 36
        self.more = 0
        items = self.items[self.first:]
        for k, (heading, line) in enumerate(items):
            h = self._item_height(heading, line, r.w)
            last = k + 1 == len(items)
            if y + h > bottom - (0 if last else MORE_H):  # the rest scrolls: a line says how many
                self.more = len(items) - k
                more = n_("{n} more line: turn the wheel", "{n} more lines: turn the wheel", self.more)
                arrow = blit_text(surface, "▼", "sans_bold", 14, palette.POST_BLUE, (r.x + 12, y))
                blit_text(surface, more, "sans_bold", 14, palette.POST_BLUE, (arrow.right + 5, y))
                break
            if heading:  # one line: the French "Attaque 2, phase de nettoyage, tour 12" is fitted to the panel
                words, size = fit(str(line.words), "sans_bold", 16, r.w - 24, 12)
                blit_text(surface, words, "sans_bold", size, palette.INK, (r.x + 12, y + (16 - size) // 2))
            else:
                lines = wrap(str(line.words), "sans", LINE_SIZE, width)
                spot = pygame.Rect(r.x + 8, y - 2, r.w - 16, h)
                if line.place and spot.collidepoint(mouse):
                    pygame.draw.rect(surface, (226, 214, 186), spot, border_radius=4)
                pygame.draw.circle(surface, line.colour, (r.x + 18, y + LINE_SIZE // 2 + 1), 4)
                for j, row in enumerate(lines):
                    blit_text(surface, row, "sans", LINE_SIZE,
                              palette.INK_SOFT if line.colour == palette.INK_SOFT else palette.INK,
                              (r.x + 28, y + j * (LINE_SIZE + LINE_GAP)))
                rows.append((spot, line))
            y += h + (SECTION_GAP if self._ends_section(self.first + k) else 0)
        return rows
