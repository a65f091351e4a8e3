"""Charts drawn with pygame-ce for the Statistics screen and the review (issue 33): a plot of points and lines
over a numbered axis with labelled guide lines, and rows of labelled bars. Every word is fitted to its room; the
plot scales to any number of points (one pixel a point at most, the line through them thinned)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import palette
from game.ui.fonts import blit_text
from game.ui.words import fit

Colour = tuple[int, int, int]


@dataclass
class Series:
    """A line or a scatter of points: ``values[i]`` at x = i (None: no value there)."""

    label: str
    colour: Colour
    values: Sequence[float | None]
    dots: bool = False  # points (a dot each) rather than a line
    point_colours: Sequence[Colour] | None = None  # a colour per point (dots only)


@dataclass
class Plot:
    """Where a plot's area is and how values map to it."""

    area: pygame.Rect
    count: int  # points along x (0 .. count - 1)
    low: float
    high: float

    def x(self, i: float) -> int:
        return self.area.x + (round(i * (self.area.w - 1) / (self.count - 1)) if self.count > 1 else self.area.w // 2)

    def y(self, value: float) -> int:
        span = (self.high - self.low) or 1.0
        return self.area.bottom - 1 - round((value - self.low) * (self.area.h - 1) / span)


def plot(surface: pygame.Surface, rect: pygame.Rect, series: list[Series], low: float, high: float,
         guides: Sequence[tuple[float, str]] = (), x_marks: Sequence[tuple[float, str]] = (),
         axis: str = "", y_step: int = 0, x_labels: bool = True) -> Plot:
    """The series in ``rect`` (its labels along the left and the bottom inside it), values from ``low`` to
    ``high``; ``guides``: dashed lines at a value with a label at their right end; ``x_marks``: vertical lines at
    an x with a label under the axis (``x_labels`` False: the lines alone, no room kept under the axis);
    ``axis``: the x axis's name; ``y_step``: a value label every so many."""
    area = pygame.Rect(rect.x + 44, rect.y + 8, rect.w - 56, rect.h - (44 if x_labels or axis else 16))
    count = max((len(s.values) for s in series), default=0)
    chart = Plot(area, max(1, count), low, high)
    pygame.draw.rect(surface, palette.mix(palette.PAPER_LIGHT, palette.PAPER_DARK, 0.2), area)
    if y_step:
        tick = int(low // y_step * y_step)
        while tick <= high:
            if tick >= low:
                y = chart.y(tick)
                pygame.draw.line(surface, palette.PAPER_DARK, (area.x, y), (area.right - 1, y))
                blit_text(surface, str(tick), "sans", 14, palette.INK_SOFT, (area.x - 6, y), "midright")
            tick += y_step
    shown = [(value, label) for value, label in guides if low <= value <= high]
    for value, _label in shown:  # the guides under the points
        y = chart.y(value)
        for x in range(area.x, area.right, 12):
            pygame.draw.line(surface, palette.GOLD, (x, y), (min(x + 6, area.right - 1), y), 2)
    last_label = -1_000
    for at, label in x_marks:
        x = chart.x(at)
        pygame.draw.line(surface, palette.INK_FAINT, (x, area.y), (x, area.bottom - 1))
        if x_labels and x - last_label > 60:  # labels that would overlap are left out (the lines stay)
            text, size = fit(label, "sans", 14, 120, 11)
            last_label = blit_text(surface, text, "sans", size, palette.INK_SOFT, (x + 3, area.bottom + 4)).right
    for s in series:
        points = [(chart.x(i), chart.y(v)) for i, v in enumerate(s.values) if v is not None]
        if s.dots:
            colours = s.point_colours or [s.colour] * len(points)
            radius = 6 if len(points) < 40 else 4 if len(points) < 150 else 2
            for (x, y), colour in zip(points, colours, strict=False):
                pygame.draw.circle(surface, colour, (x, y), radius)
                if radius > 2:
                    pygame.draw.circle(surface, palette.INK, (x, y), radius, 1)
        elif len(points) > 1:
            pygame.draw.lines(surface, s.colour, False, points, 3)
        elif points:
            pygame.draw.circle(surface, s.colour, points[0], 3)
    pygame.draw.rect(surface, palette.INK_SOFT, area, 1)
    for value, label in shown:  # last: the guides' labels over every line and point
        text, size = fit(label, "cond", 15, area.w // 3, 11)
        blit_text(surface, text, "cond", size, palette.INK_SOFT, (area.right - 4, chart.y(value) - 2), "bottomright")
    if axis:
        text, size = fit(axis, "sans", 14, area.w // 2, 11)
        blit_text(surface, text, "sans", size, palette.INK_SOFT, (area.right, rect.bottom - 2), "bottomright")
    return chart


def legend(surface: pygame.Surface, at: tuple[int, int], items: Sequence[tuple[str, Colour]], width: int) -> None:
    """A row of coloured keys with their labels from ``at`` (left), within ``width`` pixels."""
    x, y = at
    room = width // max(1, len(items))
    for label, colour in items:
        pygame.draw.rect(surface, colour, (x, y - 6, 22, 12))
        pygame.draw.rect(surface, palette.INK, (x, y - 6, 22, 12), 1)
        text, size = fit(label, "sans", 16, room - 36, 11)
        blit_text(surface, text, "sans", size, palette.INK, (x + 28, y), "midleft")
        x += room


def bars(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[tuple[str, int, Colour]], total: int,
         label_w: int, row_h: int = 34) -> None:
    """Rows of a label, a bar as long as its share of ``total`` and its count, from the top of ``rect``."""
    bar_room = rect.w - label_w - 70
    for i, (label, count, colour) in enumerate(rows):
        y = rect.y + i * row_h
        if y + row_h > rect.bottom + 6:
            break
        text, size = fit(label, "sans", 18, label_w - 10, 12)
        blit_text(surface, text, "sans", size, palette.INK, (rect.x, y + row_h // 2), "midleft")
        thick = min(row_h - 12, 26)
        bar = pygame.Rect(rect.x + label_w, y + (row_h - thick) // 2,
                          max(2, round(bar_room * count / total)) if total else 2, thick)
        pygame.draw.rect(surface, colour, bar, border_radius=3)
        pygame.draw.rect(surface, palette.INK, bar, 1, border_radius=3)
        blit_text(surface, str(count), "sans_bold", 18, palette.INK, (bar.right + 8, y + row_h // 2), "midleft")
