"""Draws the stage: the board under the counters (cached: the printed board, the barriers and the defense track
cells), the defense markers, weapon tokens and suppression markers, defenders, enemy counters and cars, full
interiors with their "+N" tiles or spread open, the rings and glows of what the player may choose, the effects,
the fire truck and its glow, and the screen shake that jolts it all; then, over the panels, the banner and the
flash."""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

import pygame

from game import i18n
from game.i18n import _, n_
from game.rules import Action, Rules
from game.rules.hidden import Threats
from game.ui import palette
from game.ui.board import BoardRenderer, caption_rect, los_letter
from game.ui.cache import HoverRegions
from game.ui.counters import BADGE, CounterArt, group_tokens
from game.ui.fonts import blit_text, font
from game.ui.layout import (
    BOARD_RECT,
    BUILDING,
    DEF_H,
    DEF_W,
    ENEMY_PX,
    EXTERIOR,
    FLOOR_BANDS,
    FLOOR_X,
    INTERIOR_COLS,
    Geometry,
    bp,
    bs,
    free_spot,
    support_tab,
    uncovered,
)
from game.ui.play import danger
from game.ui.play.reveal import RevealArt
from game.ui.play.stage import Stage
from game.ui.widgets import panel
from game.ui.words import fit

SHAKE_BACKGROUND = palette.TABLE  # what a jolt of the board uncovers
# the phase banner covers the top bar's words from the title's end to the score's start (it says the same)
BANNER = pygame.Rect(176, 2, 880, 52)
RING_OUTER = ENEMY_PX // 2 + 8  # the colour ring around an occupied track space: 8 px beyond the counter's sides
# the table around the board, in four strips (blitting the board's rect alone halves a full-screen blit)
TABLE_STRIPS = (pygame.Rect(0, 0, 1920, BOARD_RECT.top),
                pygame.Rect(0, BOARD_RECT.bottom, 1920, 1080 - BOARD_RECT.bottom),
                pygame.Rect(0, BOARD_RECT.top, BOARD_RECT.left, BOARD_RECT.h),
                pygame.Rect(BOARD_RECT.right, BOARD_RECT.top, 1920 - BOARD_RECT.right, BOARD_RECT.h))
# The parts of the drawn position the pieces at rest in the street are drawn from (BoardLayer._pieces), with
# the kinds of the counters there (a floor's: its defenders, their tokens and the counters inside).
STREET_STATE = ("spaces", "support", "transit", "cars", "barriers_open", "suppression")
# The two sides of the board: the street (the exterior view) and the building cut open.
SIDES = (pygame.Rect(BOARD_RECT.x, BOARD_RECT.y, int(bp(FLOOR_X[0], 0)[0]) - BOARD_RECT.x, BOARD_RECT.h),
         pygame.Rect(int(bp(FLOOR_X[0], 0)[0]), BOARD_RECT.y, BOARD_RECT.right - int(bp(FLOOR_X[0], 0)[0]),
                     BOARD_RECT.h))


def _floor_bands() -> tuple[tuple[str, pygame.Rect], ...]:
    """The building side cut between its floors (FLOOR_BANDS, each cut half way across the gap between two)."""
    names = list(FLOOR_BANDS)
    cuts = [SIDES[1].y, *(int(bp(0, (FLOOR_BANDS[a][1] + FLOOR_BANDS[b][0]) / 2)[1])
                          for a, b in zip(names, names[1:], strict=False)), SIDES[1].bottom]
    return tuple((name, pygame.Rect(SIDES[1].x, top, SIDES[1].w, bottom - top))
                 for name, top, bottom in zip(names, cuts, cuts[1:], strict=False))


# The regions of the board the pieces at rest are drawn again apart (BoardLayer._pieces): the street, then each
# floor of the building (a casualty upstairs leaves the ground floor and the basement as they were drawn).
FLOORS = _floor_bands()
REGIONS = (SIDES[0], *(band for _name, band in FLOORS))


def _region_at(point: tuple[float, float]) -> int:
    """The region (REGIONS) a point of the board is in (the street for a point off the board)."""
    return next((k for k, region in enumerate(REGIONS) if region.collidepoint(int(point[0]), int(point[1]))), 0)

GLOW = (255, 120, 30)  # the burning building's light over the board
FLASH = (255, 250, 230)  # a breach's flash over the screen


def tint(surface: pygame.Surface, rect: pygame.Rect, colour: palette.Colour, k: float) -> None:
    """Light ``colour`` times ``k`` (0..1) added to every pixel of ``rect`` (one fill: an alpha blit of a layer as
    large as the screen cost 3 ms a frame, this fill 0.3 ms)."""
    surface.fill((round(colour[0] * k), round(colour[1] * k), round(colour[2] * k)), rect,
                 special_flags=pygame.BLEND_RGB_ADD)


class BoardMarks(NamedTuple):
    """What the player's choice lights up on the board this frame."""

    time: float  # seconds since the scene opened (the pulses)
    targets: dict[str, list[Action]]  # lit spaces and enemy counters
    mode: str  # "" | "attack" | "suppress"
    selectable: set[str]  # defenders the player may pick now
    selected: str | None
    hinted: bool  # a hint is shown: only what it recommends is ringed
    question: str | None  # the space a suppression or casualty question is about
    dragged: str | None  # the defender dragged under the mouse
    mouse: tuple[int, int]
    sight: tuple[str, ...] = ()  # the spaces the defender under the mouse could fire at (4.2.1)
    odds: Mapping[str, float] = MappingProxyType({})  # attack mode: the lit targets' odds
    danger: Threats | None = None  # the coming Enemy Phase's danger, as the board stands (play/danger.py)


def shake_board(surface: pygame.Surface, board: pygame.Rect, dx: int, dy: int, background: palette.Colour) -> None:
    """Move the pixels of ``board`` by (dx, dy) on ``surface`` and paint the uncovered part of ``board`` with
    ``background``: the same pixels as copying the board, filling it and blitting the copy moved, in one pass
    (a scroll inside the bounding box of both rects, whose two other corners are put back as they were)."""
    if not dx and not dy:
        return  # the copy would land where it was taken
    moved = board.move(dx, dy)
    box = board.union(moved)
    corners: list[pygame.Rect] = []
    if dx and dy:
        xs_out_board = (board.right, board.right + dx) if dx > 0 else (board.x + dx, board.x)
        ys_out_moved = (board.y, board.y + dy) if dy > 0 else (board.bottom + dy, board.bottom)
        xs_out_moved = (board.x, board.x + dx) if dx > 0 else (board.right + dx, board.right)
        ys_out_board = (board.bottom, board.bottom + dy) if dy > 0 else (board.y + dy, board.y)
        for (x0, x1), (y0, y1) in ((xs_out_board, ys_out_moved), (xs_out_moved, ys_out_board)):
            corners.append(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(surface.get_rect()))
    saved = [(r.topleft, surface.subsurface(r).copy()) for r in corners if r.w and r.h]
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))  # (within the surface's clip: a board drawn clipped to itself stays in it)
    surface.scroll(dx, dy)
    surface.set_clip(clip)
    if dx:
        strip = (board.x, board.x + dx) if dx > 0 else (board.right + dx, board.right)
        surface.fill(background, pygame.Rect(strip[0], board.y, strip[1] - strip[0], board.h))
    if dy:
        strip = (board.y, board.y + dy) if dy > 0 else (board.bottom + dy, board.bottom)
        surface.fill(background, pygame.Rect(board.x, strip[0], board.w, strip[1] - strip[0]))
    for pos, img in saved:
        surface.blit(img, pos)


def colour_cells(surface: pygame.Surface, rect: pygame.Rect, colours: tuple[str, ...], letters: bool = False,
                 each_framed: bool = False) -> None:
    """``rect`` split into one cell a line-of-sight colour, side by side, with the colour's letters (the
    colour-blind setting) and an ink frame around the whole, or around each cell."""
    w = rect.w // len(colours)
    for i, col in enumerate(colours):
        cell = pygame.Rect(rect.x + i * w, rect.y, w, rect.h)
        pygame.draw.rect(surface, palette.LOS[col], cell)
        if each_framed:
            pygame.draw.rect(surface, palette.INK, cell, 1)
        if letters:
            blit_text(surface, los_letter(col), "sans_bold", 11, palette.text_on(palette.LOS[col]), cell.center,
                      "center")
    if not each_framed:
        pygame.draw.rect(surface, palette.INK, rect, 1)


_discs: dict[tuple[str, ...], pygame.Surface] = {}


def colour_disc(colours: tuple[str, ...]) -> pygame.Surface:
    """The disc of an occupied track space's colour(s) (two colours: two halves, as printed) in an ink rim, its
    centre at (RING_OUTER + 1, RING_OUTER + 1) (drawn once a process)."""
    disc = _discs.get(colours)
    if disc is None:
        disc = pygame.Surface((2 * RING_OUTER + 3, 2 * RING_OUTER + 3), pygame.SRCALPHA)
        centre, outer = (RING_OUTER + 1, RING_OUTER + 1), RING_OUTER
        pygame.draw.circle(disc, palette.INK, centre, outer + 1)
        if len(colours) == 1:
            pygame.draw.circle(disc, palette.LOS[colours[0]], centre, outer)
        else:
            pygame.draw.circle(disc, palette.LOS[colours[0]], centre, outer, draw_top_left=True, draw_bottom_left=True)
            pygame.draw.circle(disc, palette.LOS[colours[1]], centre, outer, draw_top_right=True,
                               draw_bottom_right=True)
        _discs[colours] = disc
    return disc


def shadowed(img: pygame.Surface, margin: int) -> pygame.Surface:
    """An enemy counter's image over its shadow (the counter's body, ``margin`` inside the image, 2 px right and
    3 px down), in one image: one blit a counter."""
    out = pygame.Surface((img.get_width() + 2, img.get_height() + 3), pygame.SRCALPHA)
    body = img.get_rect().inflate(-2 * margin, -2 * margin)
    pygame.draw.rect(out, (30, 26, 22), body.move(2, 3), border_radius=3)
    out.blit(img, (0, 0))
    return out


STACK_COUNT_FROM = 2  # a stack on a track of this many counters or more carries its number ("×2")
TAIL = 4  # an odds pill's tail: across the 2 px gap and onto its counter's edge


def _tail(pill: pygame.Rect, counter: tuple[int, int]) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """A pill's tail: its tip out of the pill's edge toward ``counter``, touching the counter's side (the pill
    stands 2 px off it), its base on that edge."""
    cx, cy = counter
    if pill.left <= cx <= pill.right:  # above or under the counter: from the bottom or top edge
        edge = pill.bottom if cy > pill.centery else pill.top
        x = min(max(cx, pill.left + 8), pill.right - 8)
        step = TAIL if cy > pill.centery else -TAIL
        return (x, edge + step), [(x - 5, edge), (x + 5, edge)]
    edge = pill.right if cx > pill.centerx else pill.left  # beside it: from the side facing it
    step = TAIL if cx > pill.centerx else -TAIL
    return (edge + step, pill.centery), [(edge, pill.centery - 5), (edge, pill.centery + 5)]


class BoardLayer:
    """Draws ``stage`` on the board; the printed board under it is cached until the blown barriers or the
    colour-blind setting change."""

    def __init__(self, rules: Rules, geo: Geometry, art: CounterArt, stage: Stage) -> None:
        self.rules = rules
        self.geo = geo
        self.art = art
        self.board = BoardRenderer(rules, geo)
        self.stage = stage
        self.positions = stage.positions
        self.view = stage.view
        self._base: pygame.Surface | None = None  # static board + barriers + defense track cells
        self._base_key: object = None
        # where the cars and track labels went, kept while nothing outside moves (BoardLayer.placed)
        self._placed_key: object = None
        self._placed: tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]] = ({}, {})
        self._chips: dict[str, pygame.Rect] = {}  # the colour-blind letter tabs of the occupied track spaces
        self.reveal = RevealArt(rules, geo, stage.positions)  # the enemy card told where it happens
        self.pills: list[tuple[pygame.Rect, tuple[int, int]]] = []  # the odds pills drawn, and the counter of each
        # the board with the pieces at rest on it (BoardLayer._pieces), and what it was drawn from
        self._layer: pygame.Surface | None = None
        self._layer_key_drawn: object = None
        self.layer_renders = 0  # how many times it was drawn (tests, profiling)
        self._state_version = -1  # the view's version the pieces' state was worked out for, and that state
        self._state: tuple[str, ...] = ()
        self._shadowed: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}  # by counter image: with its shadow
        self._gaps: dict[tuple[tuple[int, ...], ...], list[pygame.Rect]] = {}  # the table left bare by the panels

    def invalidate(self) -> None:
        """Forget the cached board: the next frame draws it from scratch."""
        self._base_key = None
        self._layer_key_drawn = None
        self.reveal.invalidate()

    def draw(self, surface: pygame.Surface, marks: BoardMarks, colour_blind: bool,
             panels: tuple[pygame.Rect, ...] = ()) -> HoverRegions:
        """The board and everything on it; returns the hover regions of the defense tracks. While nothing is lit
        under the counters but the enemy card's places, the pieces at rest come from :meth:`_pieces` (drawn once
        until one of them changes) and only what moves is drawn over them. ``panels`` are the opaque panels the
        frame draws over the table afterwards: the table is painted only around them."""
        key = self._layer_key(marks, colour_blind)
        for gap in self._table_gaps(panels):  # the table around the board, where no panel lies on it
            surface.fill(palette.TABLE, gap)
        clip = surface.get_clip()
        surface.set_clip(BOARD_RECT.clip(clip))  # nothing drawn on the board reaches the panels around it
        try:
            return self._draw_board(surface, marks, colour_blind, key)
        finally:
            surface.set_clip(clip)

    def _draw_board(self, surface: pygame.Surface, marks: BoardMarks, colour_blind: bool,
                    key: tuple[tuple[object, ...], ...] | None) -> HoverRegions:
        ox, oy = self.stage.shake.offset()
        st = self.stage
        if key is not None:
            if key != self._layer_key_drawn:
                self._pieces(key, marks, colour_blind)
            assert self._layer is not None
            surface.blit(self._layer, BOARD_RECT.topleft, BOARD_RECT)
            hovers = self._defense_hovers()
            self._draw_defenders(surface, marks, moving=True)
            self._draw_cars(surface, {}, moving=True)
            hidden = self.positions.interior_hidden()
            spread, _rest = self.positions.spread_members()
            for cid in self.positions.override:
                if cid in self.view.state["counters"] and cid not in hidden and cid not in spread:
                    self._draw_enemy(surface, cid)
            for name in marks.selectable - hidden:
                self._defender_glow(surface, name, marks)
        else:
            hovers = self._draw_under(surface, marks, colour_blind)
        for space in marks.sight:  # over the counters: a passing look, it must not hide under them
            self._sight_mark(surface, space)
        self._draw_interiors(surface, marks)
        self._draw_stack_counts(surface, marks)
        self._draw_odds(surface, marks)
        if marks.danger is not None:  # over the counters: the doors' badges
            hovers.extend(danger.draw_badges(surface, marks.danger, self.board, self.geo, colour_blind))
        self.reveal.draw_rings(surface, st.rings)
        self.reveal.draw_pointed(surface, st.pointed, marks.time)
        for e in self.stage.effects:
            e.draw(surface, (0, 0))
        if st.shown_card:  # the enemy card resolving, large in the street, and the beats' callouts
            self.reveal.draw_card(surface, st.shown_card, st.shown_k, st.shown_where)
        self.reveal.draw_callouts(surface, st.callouts)
        truck = self.stage.truck
        if truck:
            img = self.art.fire_truck()
            surface.blit(img, img.get_rect(center=(int(truck[0]), int(truck[1]))))
        if self.stage.glow > 0:
            tint(surface, BOARD_RECT, GLOW, 60 / 255 * self.stage.glow)
        if ox or oy:  # screen shake: the whole board jolts
            shake_board(surface, BOARD_RECT, int(ox), int(oy), SHAKE_BACKGROUND)
        return hovers

    def _table_gaps(self, panels: tuple[pygame.Rect, ...]) -> list[pygame.Rect]:
        """The table around the board (TABLE_STRIPS) less the opaque panels lying on it: painting it under them
        too cost 0.7 ms a frame (the panels cover most of it)."""
        key = tuple(tuple(r) for r in panels)
        gaps = self._gaps.get(key)
        if gaps is None:
            if len(self._gaps) > 8:  # the panels' places change only with the guided game's coach
                self._gaps.clear()
            gaps = self._gaps[key] = [gap for strip in TABLE_STRIPS for gap in uncovered(strip, panels)]
        return gaps

    def _layer_key(self, marks: BoardMarks, colour_blind: bool) -> tuple[tuple[object, ...], ...] | None:
        """Everything the pieces at rest are drawn from (:meth:`_pieces`), one key a region of the board (REGIONS:
        the street, each floor of the building cut open), or None when something must be drawn between them and
        the board this frame (the danger's tints, the lit targets, a question's space). What can reach over the
        lines between the regions (a fanned stack, a spread interior) is in every key."""
        if marks.danger is not None or marks.targets or marks.question:
            return None
        st, at = self.stage, self.positions
        fanned = tuple(space for space,
                       stack in self.view.state["spaces"].items() if len(stack) > 1 and at.fanned(space))
        lit: list[list[str]] = [[] for _region in REGIONS]  # the card's lit places by the region they are in
        for place in (st.shown_focus if st.shown_card and st.shown_k >= 1 else ()):
            point = self.reveal.anchor(place)
            if point is not None:
                lit[_region_at(point)].append(place)
        states = self._pieces_state()
        flying: list[set[str]] = [set() for _region in REGIONS]  # the pieces in flight by the region they rest in
        for piece in at.override:
            flying[self._resting_region(piece)].add(piece)
        every = (colour_blind, i18n.language(), self._base_key, at.spread, fanned)
        building = (at.featured, marks.selected)
        return ((*every, states[0], frozenset(flying[0]), tuple(lit[0])),
                *((*every, *building, states[k], frozenset(flying[k]), tuple(lit[k]),
                   st.defense_drawn.get(floor)) for k, (floor, _band) in enumerate(FLOORS, 1)))

    def _resting_region(self, piece: str) -> int:
        """The region (REGIONS) where a piece in flight is drawn when at rest in the drawn position: a defender
        (``d:name``) on his space's floor, a counter inside on its floor's, a car or a counter outside in the
        street."""
        if piece.startswith("car:"):
            return 0
        space = (str(self.view.state["defenders"].get(piece[2:], {}).get("space", "")) if piece.startswith("d:")
                 else self.positions.where(piece))
        floor = space.split(":", 1)[0]
        if piece.startswith("d:") or space.endswith(":interior"):
            return next((k for k, (name, _band) in enumerate(FLOORS, 1) if name == floor), 1)
        return 0

    def _pieces_state(self) -> tuple[str, ...]:
        """What the pieces of each region are drawn from in the drawn position (the street: STREET_STATE and the
        kinds of the counters outside; a floor: its defenders, their tokens, the counters inside and their kinds),
        worked out again only when the view has changed: a die rolled, a card revealed or morale moved leaves the
        kept pieces as they are (a quarter of the redraws of a game)."""
        if self._state_version != self.view.version:
            self._state_version = self.view.version
            s = self.view.state
            kinds = s["counters"]
            outside = [*(c for stack in s["spaces"].values() for c in stack),
                       *(c for stack in s["support"].values() for c in stack), *s["transit"]]
            floors = []
            for floor, _band in FLOORS:
                on = floor + ":"
                floors.append(repr([[(n, d) for n, d in s["defenders"].items() if str(d["space"]).startswith(on)],
                                    [(t, at) for t, at in s["tokens"].items() if str(at).startswith(on)],
                                    [(c, kinds.get(c)) for c in s["interior"].get(floor, [])]]))
            self._state = (repr([*(s.get(part) for part in STREET_STATE), [kinds.get(c) for c in outside]]), *floors)
        return self._state

    def _pieces(self, keys: tuple[tuple[object, ...], ...], marks: BoardMarks, colour_blind: bool) -> None:
        """The board with every piece at rest on it, in the order :meth:`_draw_under` draws them (the enemy
        card's places lit steady, not pulsing: the image is kept while nothing changes); the pieces in flight
        are left out (drawn over it each frame). Only the side whose key changed is drawn again (the whole
        sequence clipped to it: the same pixels there as drawing everything)."""
        if self._layer is None:
            self._layer = pygame.Surface((1920, 1080))
        layer = self._layer
        drawn = self._layer_key_drawn
        changed = [region for k, (region, key) in enumerate(zip(REGIONS, keys, strict=True))
                   if not isinstance(drawn, tuple) or drawn[k] != key]
        area = changed[0].unionall(changed[1:])
        # what is drawn only in the street or only in the building, skipped when the area is all on the other side
        street, building = area.colliderect(SIDES[0]), area.colliderect(SIDES[1])
        layer.set_clip(area)
        layer.blit(self._board_base(colour_blind), area.topleft, area)  # (every piece is on the board)
        if building:
            self._draw_defense_markers(layer)
        if street:
            self.draw_space_colours(layer, colour_blind)
        st = self.stage
        if st.shown_card and st.shown_k >= 1:
            self.reveal.draw_lit(layer, st.shown_focus, 0.0)
        if street:
            self.board.draw_barriers(layer, self.view.state["barriers_open"])
        if building:
            self.draw_tokens(layer)
        if street:
            self.draw_suppression(layer)
        if building:
            self._draw_defenders(layer, marks._replace(dragged=None), moving=False)
        cars, labels = self.placed(colour_blind)
        if street:
            self._draw_cars(layer, cars, moving=False)
        self._draw_enemies(layer, moving=False)  # (a stack fanned out can reach over the line)
        if street:
            if colour_blind:
                self._colour_letters(layer)
            self._draw_track_labels(layer, labels)
        layer.set_clip(None)
        self._layer_key_drawn = keys
        self.layer_renders += 1

    def _draw_under(self, surface: pygame.Surface, marks: BoardMarks, colour_blind: bool) -> HoverRegions:
        """Every piece drawn this frame, with what lights the board under them (the danger's tints, the enemy
        card's places, the targets and a question's space) in between; the defense tracks' hover regions."""
        # the static board and the track cells (around the board the base is the table: painted by draw)
        surface.blit(self._board_base(colour_blind), BOARD_RECT.topleft, BOARD_RECT)
        vs = self.view.state
        hovers = self._defense_hovers()
        self._draw_defense_markers(surface)
        self.draw_space_colours(surface, colour_blind)
        if marks.danger is not None:  # under the counters: the spaces where defenders may fall
            hovers.extend(danger.draw_tints(surface, marks.danger, self.rules, self.geo))
        st = self.stage
        if st.shown_card and st.shown_k >= 1:  # under the counters: where the enemy card acts
            self.reveal.draw_lit(surface, st.shown_focus, marks.time)
        self.board.draw_barriers(surface, vs["barriers_open"])  # over the rings: a barrier stays in view
        # highlights
        t = marks.time
        hidden = self.positions.interior_hidden()
        for key in marks.targets:
            if key in vs["counters"]:
                if key not in hidden:
                    self._target_ring(surface, key, t)
            else:
                self.board.highlight(surface, key, palette.HIGHLIGHT if marks.mode != "suppress" else palette.TARGET, t)
        if marks.question:
            self.board.highlight(surface, marks.question, palette.TARGET, t, 5)  # what the question is about
        self.draw_tokens(surface)
        self.draw_suppression(surface)
        self._draw_defenders(surface, marks)
        for name in marks.selectable - hidden:
            self._defender_glow(surface, name, marks)
        cars, labels = self.placed(colour_blind)
        self._draw_cars(surface, cars)
        self._draw_enemies(surface)
        if colour_blind:
            self._colour_letters(surface)
        self._draw_track_labels(surface, labels)
        return hovers


    # ------------------------------------------------------------------ over the panels
    def draw_banner(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The phase or attack banner over the top bar (which says the same once it fades), never over the board's
        pieces: drops in, fades out. Returns where it was drawn, if it was."""
        if self.stage.banner_t <= 0:
            return None
        a = min(1.0, self.stage.banner_t * 3)
        rect = BANNER.move(0, -int(20 * (1 - a)))  # over the whole of the top bar's words, never half of them
        panel(surface, rect, palette.INK, palette.GOLD, int(255 * a), 2)  # opaque: the top bar never shows through
        blit_text(surface, self.stage.banner, "type_bold", 28, palette.PAPER_LIGHT, rect.center, "center")
        return rect

    def draw_flash(self, surface: pygame.Surface) -> bool:
        """The white flash of a breach over the whole screen; whether it was drawn."""
        if self.stage.flash <= 0:
            return False
        tint(surface, surface.get_rect(), FLASH, min(1.0, 400 / 255 * self.stage.flash))
        return True

    # ------------------------------------------------------------------ the board under the counters
    def _board_base(self, colour_blind: bool) -> pygame.Surface:
        """The board as it stands under the counters: the static board, the barriers (standing or blown) and
        the defense track cells, redrawn only when the colour-blind setting, the language or the blown barriers
        change."""
        key = (colour_blind, i18n.language())
        if self._base is None or key != self._base_key:
            if self._base is None:
                self._base = pygame.Surface((1920, 1080))
            self.print_board(self._base, colour_blind)
            self._base_key = key
        return self._base

    def print_board(self, surface: pygame.Surface, colour_blind: bool) -> None:
        """The board under the counters as printed on ``surface``: the static board and the defense track cells
        (cached by :meth:`_board_base`; the layout check draws it to see its words). The barriers, standing or
        blown, are drawn every frame over the spaces' colour rings."""
        surface.blit(self.board.static(colour_blind), (0, 0))
        self._draw_track_cells(surface)

    def _draw_track_cells(self, surface: pygame.Surface) -> None:
        """The printed defense tracks under each floor's interior (the marker is drawn per frame)."""
        for fid, fl in self.rules.floors.items():
            r = self.geo.rect(f"{fid}:interior")
            y = r.bottom + 8
            w = r.w // len(fl.defense)
            for i, v in enumerate(fl.defense):
                cell = pygame.Rect(r.x + i * w, y, w - 2, 28)
                pygame.draw.rect(surface, palette.PAPER_LIGHT, cell, border_radius=3)
                pygame.draw.rect(surface, palette.INK, cell, 1, border_radius=3)
                blit_text(surface, str(v), "sans_bold", 16, palette.INK_SOFT, cell.center, "center")

    def _defense_hovers(self) -> HoverRegions:
        """The hover texts of each floor's defense track."""
        hovers: HoverRegions = []
        for fid, fl in self.rules.floors.items():
            r = self.geo.rect(f"{fid}:interior")
            now = fl.defense[self.view.state["defense"][fid]]
            hovers.append((pygame.Rect(r.x, r.bottom + 8, r.w, 28),
                           _("{floor}: defense {now} (rules 3.2, 3.3)\ntrack {track}; hits shift it right",
                             floor=_(fl.name), now=now, track=" ".join(map(str, fl.defense)))))
        return hovers

    def _draw_defense_markers(self, surface: pygame.Surface) -> None:
        """Each floor's defense marker where the stage has it (sliding after a hit)."""
        for fid, fl in self.rules.floors.items():
            r = self.geo.rect(f"{fid}:interior")
            y = r.bottom + 8
            w = r.w // len(fl.defense)
            pos = self.stage.defense_drawn.get(fid, 0.0)
            cx = r.x + pos * w + (w - 2) / 2
            marker = pygame.Rect(0, 0, w + 2, 34)  # a frame around the printed value: it stays readable
            marker.center = (int(cx), y + 14)
            pygame.draw.rect(surface, palette.INK, marker, 6, border_radius=6)
            pygame.draw.rect(surface, palette.POST_BLUE, marker.inflate(-2, -2), 4, border_radius=5)

    def draw_tokens(self, surface: pygame.Surface) -> None:
        """Weapon and ammunition tokens along the bottom of their space; identical tokens (4.1: interchangeable)
        share one image with their number, narrower images where a row would not fit."""
        by_space: dict[str, list[str]] = {}
        for tok, space in self.view.state["tokens"].items():
            if space:
                by_space.setdefault(space, []).append(tok)
        for space, toks in by_space.items():
            if space not in self.geo.rects:
                continue
            groups = group_tokens(toks)
            width, slots = self.geo.token_row(space, [len(same) for same in groups])
            for same, (x, y) in zip(groups, slots, strict=True):
                img = self.art.token(same[0], width, len(same))
                surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def draw_suppression(self, surface: pygame.Surface) -> None:
        """The suppression markers on the assault spaces they hold (4.2.2), with their number."""
        for space, n in self.view.state["suppression"].items():
            sx, sy = self.geo.pos(space)
            img = self.art.supp(n)
            surface.blit(img, img.get_rect(center=(int(sx + 24), int(sy + 20))))

    # ------------------------------------------------------------------ line of sight
    def _occupied(self) -> list[str]:
        """The track and support spaces with counters on them now (not those fanned out elsewhere)."""
        vs = self.view.state
        return [space for stacks in (vs["spaces"], vs["support"]) for space, stack in stacks.items()
                if stack and space in self.geo.rects]

    def _colours(self, space: str) -> tuple[str, ...]:
        sp = self.rules.track_spaces.get(space)
        return sp.colours if sp is not None else self.rules.support_spaces[space].colours

    def draw_space_colours(self, surface: pygame.Surface, colour_blind: bool) -> None:
        """The colour(s) of every occupied space (1.4: what decides which defenders can fire at it), kept in view
        around its counters: a ring around a track space (two colours: two halves, as printed), a band under a
        support square; the colour-blind setting adds the pattern's letters over the counters
        (:meth:`_colour_letters`)."""
        for space in self._occupied():
            cols = self._colours(space)
            if space in self.rules.support_spaces:
                colour_cells(surface, self._support_band(space), cols)
                continue
            cx, cy = self.geo.pos(space)
            surface.blit(colour_disc(cols), (int(cx) - RING_OUTER - 1, int(cy) - RING_OUTER - 1))

    def _support_band(self, space: str) -> pygame.Rect:
        r = self.geo.rect(space)
        return pygame.Rect(r.x, r.bottom + 1, r.w, 12)

    def _colour_letters(self, surface: pygame.Surface) -> None:
        """Colour-blind setting: the letters of each track space's colours in its circle (each half's in its half),
        those of an occupied space on a tab beside its counters, those of every support square on a band under
        it."""
        occupied = self._occupied()
        for space, sp in self.rules.track_spaces.items():
            if space in occupied:
                continue
            cx, cy = self.geo.pos(space)
            for i, col in enumerate(sp.colours):
                dx = (-10 if i == 0 else 10) if len(sp.colours) > 1 else 0
                blit_text(surface, los_letter(col), "sans_bold", 11, palette.text_on(palette.LOS[col]), (cx + dx, cy),
                          "center")
        for space in [*occupied, *(sp for sp in self.rules.support_spaces if sp not in occupied)]:
            cols = self._colours(space)
            if space in self.rules.support_spaces:  # empty or not: the lettered band under the square
                colour_cells(surface, self._support_band(space).inflate(0, 4).move(0, 2), cols, letters=True,
                             each_framed=True)
                continue
            colour_cells(surface, self._chip(space), cols, letters=True)

    def _place_chips(self, counters: dict[str, list[pygame.Rect]], cars: list[pygame.Rect]) -> dict[str, pygame.Rect]:
        """Where the colour-blind letters of each occupied track space go: touching its counters, below them,
        else beside or above, clear of every other counter (``counters``, by space), space, tab and armored car
        (``cars``)."""
        circles = {sp: pygame.Rect(int(x) - RING_OUTER + 6, int(y) - RING_OUTER + 6, 2 * RING_OUTER - 12,
                                   2 * RING_OUTER - 12) for sp, (x, y) in
                   ((sp, self.geo.pos(sp)) for sp in self.rules.track_spaces)}
        chips: dict[str, pygame.Rect] = {}
        for space in self._occupied():
            if space not in self.rules.track_spaces:
                continue
            others = [r for sp, rects in counters.items() if sp != space for r in rects]
            others += [r for sp, r in circles.items() if sp != space]
            others += cars
            size = (26 * len(self._colours(space)), 15)
            chips[space] = free_spot(self.geo.pos(space), size, others + list(chips.values()), EXTERIOR,
                                     ENEMY_PX // 2 + 1)
        return chips

    def _chip(self, space: str) -> pygame.Rect:
        """The colour-blind letter tab of an occupied track space (placed with the cars and labels)."""
        return self._chips.get(space) or pygame.Rect(0, 0, 0, 0)

    def _sight_mark(self, surface: pygame.Surface, space: str) -> None:
        """A space the defender under the mouse could fire at: a steady light ring (a track space), frame (a
        support square) or outline (his floor's interior)."""
        if space in self.rules.track_spaces:
            cx, cy = self.geo.pos(space)
            pygame.draw.circle(surface, palette.INK, (int(cx), int(cy)), RING_OUTER + 5, 2)
            pygame.draw.circle(surface, palette.SIGHT, (int(cx), int(cy)), RING_OUTER + 3, 3)
        else:
            rect = self.geo.rect(space).inflate(8, 8)
            pygame.draw.rect(surface, palette.INK, rect.inflate(4, 4), 2, border_radius=6)
            pygame.draw.rect(surface, palette.SIGHT, rect, 3, border_radius=5)

    # ------------------------------------------------------------------ counters and defenders
    def _target_ring(self, surface: pygame.Surface, cid: str, t: float) -> None:
        x, y = self.positions.enemy_pos(cid)
        pulse = 3 + int(2 * math.sin(t * 7))
        half = ENEMY_PX // 2 + pulse
        pygame.draw.rect(surface, palette.TARGET, pygame.Rect(x - half, y - half, 2 * half, 2 * half), 3,
                         border_radius=5)

    def _defender_glow(self, surface: pygame.Surface, name: str, marks: BoardMarks) -> None:
        """The pulsing ring of a defender the player may pick now (not while one is selected or hinted)."""
        if marks.selected or marks.hinted:  # a hint shows only what it recommends
            return
        glow = palette.mix(palette.HIGHLIGHT, palette.PAPER_LIGHT, 0.5 + 0.5 * math.sin(marks.time * 5))
        x, y = self.positions.defender_pos(name)
        rect = pygame.Rect(0, 0, DEF_W + 4, DEF_H + 4)
        rect.center = (int(x), int(y))
        pygame.draw.rect(surface, glow, rect, 3, border_radius=5)

    def _draw_defender(self, surface: pygame.Surface, name: str, selected: str | None) -> None:
        d = self.view.state["defenders"][name]
        x, y = self.positions.defender_pos(name)
        img = self.art.defender(name, d["exhausted"], d["disrupted"], d.get("moved", False), d.get("acted", False))
        rect = img.get_rect(center=(int(x), int(y)))
        surface.blit(img, rect)
        if name == selected:
            pygame.draw.rect(surface, palette.HIGHLIGHT, rect.inflate(8, 8), 4, border_radius=6)

    def _draw_enemy(self, surface: pygame.Surface, cid: str) -> None:
        c = self.view.state["counters"].get(cid)
        if c is None:
            return
        x, y = self.positions.enemy_pos(cid)
        img = self.art.enemy(c["type"], c["name"], c["disrupted"])
        rect = img.get_rect(center=(int(x), int(y)))
        kept = self._shadowed.get(id(img))
        if kept is None or kept[0] is not img:
            kept = self._shadowed[id(img)] = (img, shadowed(img, BADGE if c["disrupted"] else 0))
        surface.blit(kept[1], rect)

    def _draw_defenders(self, surface: pygame.Surface, marks: BoardMarks, moving: bool | None = None) -> None:
        """The defenders on the board (``moving`` True: only those in flight, False: only those at rest), then
        the one dragged under the mouse."""
        hidden = self.positions.interior_hidden()
        _members, spread = self.positions.spread_members()
        override = self.positions.override
        for name, d in self.view.state["defenders"].items():
            if d["status"] != "board" or name in hidden or name in spread:
                continue
            if moving is not None and ("d:" + name in override) != moving:
                continue
            self._draw_defender(surface, name, marks.selected)
        if marks.dragged is not None:
            d = self.view.state["defenders"][marks.dragged]
            img = self.art.defender(marks.dragged, d["exhausted"], d["disrupted"])
            ghost = img.copy()
            ghost.set_alpha(200)
            surface.blit(ghost, ghost.get_rect(center=marks.mouse))

    # ------------------------------------------------------------------ what moves clear of the counters
    def _obstacles(self, counters: dict[str, list[pygame.Rect]]) -> list[pygame.Rect]:
        """What a label or an armored car must not cover outside: every track space and support square (with its
        colour ring or band), the ``counters`` outside the building, the barriers, the building."""
        rects = [pygame.Rect(int(x) - RING_OUTER, int(y) - RING_OUTER, 2 * RING_OUTER, 2 * RING_OUTER)
                 for x, y in (self.geo.pos(sp) for sp in self.rules.track_spaces)]
        for sp in self.rules.support_spaces:
            square = self.geo.rect(sp)
            rects.append(square.union(support_tab(square)).union(self._support_band(sp)).inflate(4, 4))
        rects.append(caption_rect().inflate(6, 6))
        for stack in counters.values():
            rects.extend(stack)
        for x, y in self.rules.barriers.values():
            cx, cy = bp(x, y)
            rects.append(pygame.Rect(int(cx) - 30, int(cy) - 34, 64, 64))
        bx, by, bw, bh = BUILDING
        rects.append(pygame.Rect(*bp(bx, by), bs(bw), bs(bh)).inflate(6, 6))
        return rects

    def _counter_rects(self) -> dict[str, list[pygame.Rect]]:
        """Where the counters outside stand, by space, when nothing moves and no stack is fanned out under the
        mouse (what is placed clear of them keeps its place while a stack is hovered or a counter slides by);
        a counter waiting to come in is listed under its space."""
        vs = self.view.state
        half = ENEMY_PX // 2
        out: dict[str, list[pygame.Rect]] = {}

        def at(space: str, point: tuple[float, float]) -> None:
            out.setdefault(space, []).append(pygame.Rect(int(point[0]) - half, int(point[1]) - half, ENEMY_PX,
                                                         ENEMY_PX))
        for space, stack in vs["spaces"].items():
            for i in range(len(stack)):
                at(space, self.geo.enemy_slot(space, i, len(stack)))
        for space, stack in vs["support"].items():
            if stack:
                at(space, self.geo.pos(space))
        for cid, space in vs["transit"].items():
            if cid in vs["counters"] and cid not in vs["spaces"].get(space, []):
                at(space, self.geo.waiting(space))
        return out

    def placed(self, colour_blind: bool) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]]:
        """Where the armored cars standing on a space and the tracks' placement labels go this frame: beside
        their space, clear of the counters, the spaces and each other (a car moving along its track is drawn
        where it is); with the colour-blind setting, the occupied spaces' letter tabs first (:meth:`chips`)."""
        vs = self.view.state
        key = (colour_blind, repr(vs["spaces"]), repr(vs["support"]), repr(vs["transit"]), repr(vs["cars"]),
               tuple(car for car in vs["cars"] if self.positions.moving_car(car)))
        if key == self._placed_key:
            return self._placed
        counters = self._counter_rects()
        obstacles = self._obstacles(counters)
        cars: dict[str, pygame.Rect] = {}
        w, h = self.art.car().get_size()
        for car, space in vs["cars"].items():
            if self.positions.moving_car(car):
                continue
            rect = free_spot(self.geo.pos(space), (w, h), obstacles, EXTERIOR, RING_OUTER + 2)
            cars[car] = rect
            obstacles.append(rect)
        # the small letter tabs after the big cars (which need the room more), before the labels
        self._chips = self._place_chips(counters, list(cars.values())) if colour_blind else {}
        obstacles.extend(self._chips.values())
        labels: dict[str, pygame.Rect] = {}
        for track in self.rules.tracks.values():
            size = (font("sans_bold", 17).size(track.id)[0] + 16, 26)
            rect = free_spot(self.geo.pos(track.spaces[0]), size, obstacles, EXTERIOR, RING_OUTER + 2)
            labels[track.id] = rect
            obstacles.append(rect)
        self._placed_key, self._placed = key, (cars, labels)
        return cars, labels

    def _draw_cars(self, surface: pygame.Surface, cars: dict[str, pygame.Rect], moving: bool | None = None) -> None:
        """Each armored car beside its space (tied to it by a short line: its counters defend at its value), or
        where it drives (``moving`` True: only the cars driving, False: only those standing)."""
        img = self.art.car()
        for car, space in self.view.state["cars"].items():
            if moving is not None and self.positions.moving_car(car) != moving:
                continue
            rect = cars.get(car)
            if rect is None:
                x, y = self.positions.car_pos(car)
                surface.blit(img, img.get_rect(center=(int(x), int(y + 16))))
                continue
            sx, sy = self.geo.pos(space)
            pygame.draw.line(surface, palette.INK, (int(sx), int(sy)), rect.center, 3)
            surface.blit(img, rect)

    def _draw_track_labels(self, surface: pygame.Surface, labels: dict[str, pygame.Rect]) -> None:
        """Each track's placement label (its die roll) beside its first space, clear of the counters."""
        for tid, rect in labels.items():
            pygame.draw.rect(surface, palette.PAPER_LIGHT, rect, border_radius=5)
            pygame.draw.rect(surface, palette.INK, rect, 2, border_radius=5)
            blit_text(surface, tid, "sans_bold", 17, palette.INK, rect.center, "center")

    def _draw_enemies(self, surface: pygame.Surface, moving: bool | None = None) -> None:
        """The enemy counters, the stack under the mouse fanned out on top (``moving`` False: only those at rest;
        the scene draws those in flight over them)."""
        vs = self.view.state
        order: list[str] = []
        fanned: list[str] = []
        for space, stack in vs["spaces"].items():
            if self.positions.fanned(space):
                fanned = list(stack)
            else:
                order.extend(stack)
        for items in vs["interior"].values():
            order.extend(items)
        for stack in vs["support"].values():
            order.extend(stack)
        order.extend(c for c in vs["transit"] if c not in order)
        override = self.positions.override
        if moving is False:
            order = [c for c in order if c not in override]
            fanned = [c for c in fanned if c not in override]
        else:
            order.extend(c for c in override if c in vs["counters"] and c not in order)
        if fanned:  # the hovered stack, fanned out in a row on top of everything
            first, last = self.positions.enemy_pos(fanned[0]), self.positions.enemy_pos(fanned[-1])
            back = pygame.Rect(int(first[0]) - 26, int(first[1]) - 26, int(last[0] - first[0]) + 52, 52)
            panel(surface, back, palette.PAPER_LIGHT, palette.INK, alpha=230, width=1)
            order.extend(fanned)
        hidden = self.positions.interior_hidden()
        spread, _rest = self.positions.spread_members()
        for cid in order:
            if cid not in hidden and cid not in spread:
                self._draw_enemy(surface, cid)

    def _draw_interiors(self, surface: pygame.Surface, marks: BoardMarks) -> None:
        """An interior box: one counter a pile of identical ones with their number on a badge; with more piles or
        defenders than its row holds, a "+N" tile at the end of the row; when spread (under the mouse), every
        counter, the rest on a panel to the left of the box, over everything else."""
        for floor in self.rules.floors:
            space = f"{floor}:interior"
            ne, nd = self.positions.interior_counts(floor)
            if floor == self.positions.spread:
                enemies, defenders = self.positions.spread_members()
                area = self.geo.interior_spread_rect(space, ne, nd)
                panel(surface, area, palette.PAPER_LIGHT, palette.INK, alpha=240, width=2)
                for name in defenders:
                    self._draw_defender(surface, name, marks.selected)
                    if name in marks.selectable:
                        self._defender_glow(surface, name, marks)
                for cid in enemies:
                    if cid in marks.targets:
                        self._target_ring(surface, cid, marks.time)
                    self._draw_enemy(surface, cid)
                continue
            piles = self.positions.interior_piles(floor)
            more_e, more_d = self.positions.more_than_shown(floor)
            for pile in piles[:INTERIOR_COLS - 1] if more_e else piles:
                if len(pile) > 1 and not marks.odds.keys() & set(pile):  # attack mode: the odds stand there
                    x, y = self.positions.enemy_pos(pile[0])
                    self._pile_badge(surface, len(pile), (int(x), int(y - ENEMY_PX // 2 - 2)))
            for group, more, n in (("e", more_e, len(piles)), ("d", more_d, nd)):
                if more:
                    x, y = self.geo.interior_slot(space, group, INTERIOR_COLS - 1, n)
                    w, h = (ENEMY_PX, ENEMY_PX) if group == "e" else (DEF_W, DEF_H)
                    self._more_tile(surface, more, pygame.Rect(int(x - w / 2), int(y - h / 2), w, h))

    def stack_counts(self, marks: BoardMarks) -> list[tuple[str, int, tuple[int, int]]]:
        """The stacks on the tracks that carry their number: (space, counters, the badge's bottom middle, at the
        top counter's upper right corner), for stacks of :data:`STACK_COUNT_FROM` or more at rest; none while the
        player aims (the odds stand there) or counters move, nor on a stack fanned out under the mouse."""
        if marks.odds or self.positions.override:
            return []
        half = ENEMY_PX // 2
        out = []
        for space, stack in self.view.state["spaces"].items():
            if len(stack) >= STACK_COUNT_FROM and not self.positions.fanned(space):
                x, y = self.positions.enemy_pos(stack[-1])
                out.append((space, len(stack), (int(x + half - 4), int(y - half + 8))))
        return out

    def _draw_stack_counts(self, surface: pygame.Surface, marks: BoardMarks) -> None:
        """How many counters a stack on a track holds ("×5"), on a badge (a playtest could not tell a stack of six
        riflemen at a barrier from its offset edges, and a second one a pile of two from one counter)."""
        for _space, n, at in self.stack_counts(marks):
            self._pile_badge(surface, n, at)

    def _draw_odds(self, surface: pygame.Surface, marks: BoardMarks) -> None:
        """In attack mode, each lit target's chance to be removed on a pill over its counter, before any die is
        rolled; a full interior's "+N" tile carries the best chance among the targets under it (their own show when
        the interior is spread under the mouse). Each pill's tail points at its counter. A pill keeps clear of the
        board's words and armored cars, of the other counters' values (the lower half of each: a playtest found the
        pills of a column of counters on a track covering their neighbours' "1-4") and of the pills placed before
        it."""
        self.pills = []
        if not marks.odds:
            return
        best: dict[tuple[int, int], float] = {}  # a pile or a "+N" tile shows the best chance among its counters
        aim: dict[tuple[int, int], tuple[int, int]] = {}  # where each pill's tail points: its counter's centre
        words = [*self._placed[1].values(), *self._placed[0].values(), *self._chips.values(),
                 *self.board.barrier_tags()]  # to keep clear: the labels, the armored cars, the tabs and tags
        centres = {(int(x), int(y)) for x, y in (self.positions.enemy_pos(c) for c in self.view.state["counters"])}
        half = ENEMY_PX // 2
        taken: list[tuple[pygame.Rect, tuple[int, int]]] = []  # the pills placed, and the counter each is for
        for cid, p in marks.odds.items():
            if cid in self.view.state["counters"]:
                x, y = self.positions.enemy_pos(cid)
                mine = (int(x), int(y))
                clear = [*words, *(pygame.Rect(cx - half, cy + 2, ENEMY_PX, half - 2) for cx, cy in centres
                                   if (cx, cy) != mine),
                         *(rect for rect, centre in taken if centre != mine)]
                at = (int(x), int(y - ENEMY_PX // 2 - 2))  # the pill's bottom middle: over the counter
                below = (int(x), int(y + ENEMY_PX // 2 + 2 + 16))  # under it
                space = self.positions.where(cid)
                if space in self.rules.support_spaces:  # on the side of the square its name tab is not on
                    square = self.geo.rect(space)
                    tab = support_tab(square)
                    below = (int(x), max(self._support_band(space).bottom, tab.bottom) + 2 + 16)
                    at = below if tab.y < square.y else (int(x), square.y - 2)
                beside = [(int(x + ENEMY_PX // 2 + 22), int(y + 8)), (int(x - ENEMY_PX // 2 - 22), int(y + 8))]
                for spot in (at, *beside, below):  # over the counter, else beside it, else under it
                    pill = pygame.Rect(spot[0] - 20, spot[1] - 16, 40, 16)
                    if BOARD_RECT.contains(pill) and pill.collidelist(clear) < 0:
                        at = spot
                        break
                else:
                    at = at if at[1] - 16 >= BOARD_RECT.top + 2 else below
                taken.append((pygame.Rect(at[0] - 20, at[1] - 16, 40, 16), mine))
                if p >= best.get(at, -1.0):
                    best[at] = p
                    aim[at] = (int(x), int(y))
        for at, p in best.items():
            self.pills.append((self._odds_pill(surface, p, at, aim[at]), aim[at]))

    def _odds_pill(self, surface: pygame.Surface, p: float, midbottom: tuple[int, int],
                   counter: tuple[int, int]) -> pygame.Rect:
        """A chance on a pill whose tail points at the ``counter``'s centre (a crowd of counters never leaves in
        doubt which one it is for); the pill's rect."""
        label = f"{round(100 * p)}%"
        w = font("sans_bold", 12).size(label)[0] + 10
        pill = pygame.Rect(0, 0, w, 16)
        pill.midbottom = midbottom
        tip, base = _tail(pill, counter)
        pygame.draw.polygon(surface, palette.INK, [*base, tip])
        pygame.draw.rect(surface, palette.INK, pill, border_radius=8)
        pygame.draw.rect(surface, palette.TARGET, pill, 1, border_radius=8)
        blit_text(surface, label, "sans_bold", 12, palette.PAPER_LIGHT, pill.center, "center")
        return pill

    def _pile_badge(self, surface: pygame.Surface, n: int, midbottom: tuple[int, int]) -> None:
        """How many identical counters a pile in an interior box holds ("×7"), on a pill over its counter (in the
        strip over the box's enemy row)."""
        label = f"×{n}"
        pill = pygame.Rect(0, 0, font("sans_bold", 13).size(label)[0] + 10, 17)
        pill.midbottom = midbottom
        pygame.draw.rect(surface, palette.INK, pill, border_radius=8)
        pygame.draw.rect(surface, palette.HIGHLIGHT, pill, 1, border_radius=8)
        blit_text(surface, label, "sans_bold", 13, palette.PAPER_LIGHT, pill.center, "center")

    def _more_tile(self, surface: pygame.Surface, more: int, rect: pygame.Rect) -> None:
        """The stack of counters a full interior box does not show: "+N" (hover the box to spread them)."""
        for k in (4, 2):
            pygame.draw.rect(surface, palette.PAPER_DARK, rect.move(k, -k), border_radius=4)
            pygame.draw.rect(surface, palette.INK_SOFT, rect.move(k, -k), 1, border_radius=4)
        pygame.draw.rect(surface, palette.INK, rect, border_radius=4)
        pygame.draw.rect(surface, palette.HIGHLIGHT, rect, 2, border_radius=4)
        blit_text(surface, f"+{more}", "sans_bold", 18, palette.PAPER_LIGHT, (rect.centerx, rect.centery - 6), "center")
        word, size = fit(n_("more", "more", more), "cond", 13, rect.w - 4, 9)
        blit_text(surface, word, "cond", size, palette.HIGHLIGHT, (rect.centerx, rect.bottom - 3),
                  "midbottom")
