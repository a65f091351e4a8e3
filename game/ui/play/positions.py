"""Where the play scene draws every enemy counter, car and defender: its place in the drawn position (the
View), or the point the animator moved it to while it is in flight; a stack fans out in a row under the mouse
and a full interior box shows "+N" until the mouse spreads it open. Drawing, hit-testing, hints and the
animator all ask here, so a counter is found where it is drawn."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import pygame

from game.rules import Rules
from game.ui.layout import INTERIOR_COLS, Geometry
from game.ui.tween import AnimQueue
from game.ui.view import View

Point = tuple[float, float]
T = TypeVar("T", str, list[str])


def bring_into_view(items: list[T], featured: frozenset[str], shown: int) -> list[T]:
    """``items`` (names, or piles of counter ids) with each featured one that stands beyond the first ``shown``
    swapped into the last place in view held by one not featured; the one it displaces comes just after those in
    view, and the rest keep their order (nothing in view moves unless it must)."""
    def is_featured(item: T) -> bool:
        return bool(featured.intersection([item] if isinstance(item, str) else item))
    late = [item for item in items[shown:] if is_featured(item)]
    if not late:
        return items
    visible = list(items[:shown])
    displaced: list[T] = []
    for item in late:
        spot = next((k for k in range(len(visible) - 1, -1, -1) if not is_featured(visible[k])), None)
        if spot is None:
            break  # every place in view holds a featured one already
        displaced.insert(0, visible[spot])
        visible[spot] = item
    return visible + displaced + [item for item in items[shown:] if item not in visible and item not in displaced]


class Positions:
    """Positions on the 1920x1080 logical surface. ``override`` holds the pieces in flight (an enemy counter by
    its id, a car as ``"car:<id>"``, a defender as ``"d:<name>"``); ``mouse`` and ``spread`` are the pointer
    and the floor whose interior it spread open. While a frame is drawn (:meth:`frame`) the lookups are worked
    out once; outside a frame they read the view directly."""

    def __init__(self, rules: Rules, geo: Geometry, view: View, queue: AnimQueue) -> None:
        self.rules = rules
        self.geo = geo
        self.view = view
        self.queue = queue  # nothing fans out or spreads while it runs: the animations aim at the compact places
        self.override: dict[str, Point] = {}
        self.mouse: tuple[int, int] = (0, 0)
        self.spread: str | None = None  # the floor whose full interior is spread out under the mouse
        # what must stay in view in a full interior box (the selected defender, the hinted defender and counter):
        # shown first, never under the "+N" tile
        self.featured: frozenset[str] = frozenset()
        # the player aims an attack now (the scene says): stacks do not fan out under the mouse then, the top
        # counter must stay under the pointer to be clicked
        self.aiming: Callable[[], bool] = lambda: False
        # per-frame lookups, set only while a frame is drawn
        self._frame_where: dict[str, str] | None = None
        self._frame_slots: dict[str, Point] | None = None
        self._frame_fanned: dict[str, bool] | None = None
        self._frame_hidden: set[str] | None = None
        self._frame_here: dict[str, list[str]] | None = None
        self._frame_piles: dict[str, list[list[str]]] | None = None
        # the lookups of the last position looked at, and what they were worked out from (view version, spread,
        # featured): kept from frame to frame while none of them changes
        self._looked_key: tuple[int, int, str | None, frozenset[str]] | None = None
        self._looked: tuple[dict[str, str], dict[str, list[str]], dict[str, Point]] = ({}, {}, {})

    @contextmanager
    def frame(self, popup_open: bool) -> Iterator[None]:
        """Work out where every counter and defender stands once for the frame drawn inside the ``with`` (the
        view cannot change while a frame is drawn); the spread follows the mouse first."""
        self._frame_piles = {}
        self.update_spread(popup_open)
        try:
            with self.looking():  # after the spread: the defenders' places follow it
                self._frame_fanned = {}
                self._frame_hidden = self.interior_hidden()
                yield
        finally:
            self._frame_piles = self._frame_fanned = self._frame_hidden = None

    @contextmanager
    def looking(self) -> Iterator[None]:
        """Where every counter and defender stands, worked out once for the lookups done inside (a hit test: the
        view cannot change meanwhile), the spread left as it is; inside a frame, the frame's own."""
        if self._frame_where is not None:
            yield
            return
        key = (id(self.view), self.view.version, self.spread, self.featured)
        if key != self._looked_key:  # (most frames draw the position the last one drew: kept)
            self._frame_where = self.view.locations()
            self._frame_here = self.view.defenders_by_space()
            self._frame_slots = self._defender_slots()
            self._looked_key = key
            self._looked = (self._frame_where, self._frame_here, self._frame_slots)
        self._frame_where, self._frame_here, self._frame_slots = self._looked
        try:
            yield
        finally:
            self._frame_where = None
            self._frame_here = None
            self._frame_slots = None

    # ------------------------------------------------------------------ enemy counters and cars
    def enemy_pos(self, cid: str) -> Point:
        if cid in self.override:
            return self.override[cid]
        space = self.where(cid)
        if not space:
            return (-100.0, -100.0)
        if cid in self.view.state["transit"] and cid not in self.view.state["spaces"].get(space, []):
            return self.geo.waiting(space)  # placed, waiting for the counters ahead to advance
        if space in self.view.state["support"]:
            return self.geo.pos(space)
        if space.endswith(":interior"):
            floor = space.split(":")[0]
            if self.spread == floor:
                items = self.view.state["interior"][floor]
                return self.geo.enemy_slot(space, items.index(cid), len(items), fanned=True)
            piles = self.interior_piles(floor)
            g = next(k for k, pile in enumerate(piles) if cid in pile)
            return self.geo.interior_slot(space, "e", g, len(piles))
        stack = self.view.state["spaces"].get(space, [])
        i = stack.index(cid) if cid in stack else 0
        return self.geo.enemy_slot(space, i, len(stack), fanned=self.fanned(space))

    def where(self, cid: str) -> str:
        """The space of counter ``cid`` in the drawn position (looked up once per frame while drawing)."""
        where = self._frame_where
        if where is not None:
            return where.get(cid, "")
        return self.view.where(cid)

    def fanned(self, space: str) -> bool:
        """A stack fans out in a row while the mouse is over its space or over the fanned row."""
        memo = self._frame_fanned
        if memo is None:
            return self._fanned_now(space)
        fanned = memo.get(space)
        if fanned is None:
            fanned = memo[space] = self._fanned_now(space)
        return fanned

    def _fanned_now(self, space: str) -> bool:
        n = len(self.view.state["spaces"].get(space, []))
        if n < 2 or self.queue.busy or self.aiming():
            return False
        area = self.geo.rect(space).inflate(20, 20)
        first = self.geo.enemy_slot(space, 0, n, fanned=True)
        last = self.geo.enemy_slot(space, n - 1, n, fanned=True)
        row = pygame.Rect(int(first[0]) - 26, int(first[1]) - 26, int(last[0] - first[0]) + 52, 52)
        return area.collidepoint(self.mouse) or row.collidepoint(self.mouse)

    def moving_car(self, car: str) -> bool:
        """The armored car drives along its track now (drawn where the animation has it)."""
        return "car:" + car in self.override

    def car_pos(self, car: str) -> Point:
        if "car:" + car in self.override:
            return self.override["car:" + car]
        return self.geo.pos(self.view.state["cars"][car])

    # ------------------------------------------------------------------ defenders
    def defenders_at(self, space: str) -> list[str]:
        """The defenders on ``space`` in the order they are drawn: in a full interior box, a featured one who would
        stand under the "+N" tile takes the last place in view instead (the others keep theirs)."""
        here = self._frame_here
        names = list(here.get(space, ())) if here is not None else self.view.defenders_by_space().get(space, [])
        if space.endswith(":interior") and self.featured and len(names) > INTERIOR_COLS:
            names = bring_into_view(names, self.featured, INTERIOR_COLS - 1)
        return names

    def defender_pos(self, name: str) -> Point:
        if "d:" + name in self.override:
            return self.override["d:" + name]
        slots = self._frame_slots
        if slots is not None and name in slots:
            return slots[name]
        space = self.view.state["defenders"][name]["space"]
        here = self.defenders_at(space)
        i = here.index(name) if name in here else 0
        return self._defender_slot(space, i, len(here))

    def _defender_slot(self, space: str, i: int, n: int) -> Point:
        """Centre of the i-th of ``n`` defenders on ``space`` (a defender space, or a floor's interior)."""
        return self.geo.defender_slot(space, i, n, spread=space == f"{self.spread}:interior")

    def _defender_slots(self) -> dict[str, Point]:
        """Where every defender on the board stands (without animation overrides): one pass over them."""
        here = self._frame_here if self._frame_here is not None else self.view.defenders_by_space()
        out: dict[str, Point] = {}
        for space in here:
            names = self.defenders_at(space)
            for i, name in enumerate(names):
                out[name] = self._defender_slot(space, i, len(names))
        return out

    # ------------------------------------------------------------------ full interiors: "+N" and the spread
    def interior_counts(self, floor: str) -> tuple[int, int]:
        """(enemies, defenders) in a floor's interior box."""
        space = f"{floor}:interior"
        return len(self.view.state["interior"].get(floor, [])), len(self.defenders_at(space))

    def kind(self, cid: str) -> tuple[str, str, bool]:
        """What tells counters apart on the board: type, name (a leader's) and disrupted state."""
        c = self.view.state["counters"].get(cid, {})
        return str(c.get("type", "")), str(c.get("name", "")), bool(c.get("disrupted"))

    def interior_piles(self, floor: str) -> list[list[str]]:
        """The enemy counters inside ``floor`` in piles of identical counters (same type, name and disrupted
        state: the same target, the same odds), in the order they came in; a featured counter on top of its pile,
        and its pile in view when the box has more piles than its row holds. The
        box shows one counter a pile with its number; the spread (under the mouse) shows each."""
        memo = self._frame_piles
        if memo is not None and floor in memo:
            return memo[floor]
        piles: dict[tuple[str, str, bool], list[str]] = {}
        for cid in self.view.state["interior"].get(floor, []):
            piles.setdefault(self.kind(cid), []).append(cid)
        out = [sorted(pile, key=lambda c: c not in self.featured) if self.featured else pile
               for pile in piles.values()]  # a featured counter on top of its pile
        if self.featured and len(out) > INTERIOR_COLS:
            out = bring_into_view(out, self.featured, INTERIOR_COLS - 1)
        if memo is not None:
            memo[floor] = out
        return out

    def landing(self, floor: str, cid: str) -> Point:
        """Where counter ``cid``, coming into ``floor``'s interior, will stand in its box: on the pile of its kind,
        or as a new pile at the end of the row."""
        piles = [pile for pile in ([c for c in p if c != cid] for p in self.interior_piles(floor)) if pile]
        g = next((k for k, pile in enumerate(piles) if self.kind(pile[0]) == self.kind(cid)), len(piles))
        return self.geo.interior_slot(f"{floor}:interior", "e", g, max(len(piles), g + 1))

    def more_than_shown(self, floor: str) -> tuple[int, int]:
        """(enemy piles, defenders) of a floor's interior beyond what its box shows: the counters and defenders
        under its "+N" tiles (0 when everything is in view)."""
        piles = self.interior_piles(floor)
        enemies = sum(len(p) for p in piles[INTERIOR_COLS - 1:]) if len(piles) > INTERIOR_COLS else 0
        nd = len(self.defenders_at(f"{floor}:interior"))
        return enemies, (nd - INTERIOR_COLS + 1 if nd > INTERIOR_COLS else 0)

    def _spread_now(self, popup_open: bool) -> str | None:
        """The floor whose interior spreads out: the mouse is over its box (or over the spread it opened) and
        the box holds more than it shows. Never while animations run (they aim at the compact places) or a
        popup is open."""
        if self.queue.busy or popup_open:
            return None
        for floor in self.rules.floors:
            if self.more_than_shown(floor) == (0, 0):
                continue
            ne, nd = self.interior_counts(floor)
            space = f"{floor}:interior"
            if self.geo.rect(space).collidepoint(self.mouse):
                return floor
            if self.spread == floor and self.geo.interior_spread_rect(space, ne, nd).collidepoint(self.mouse):
                return floor
        return None

    def update_spread(self, popup_open: bool) -> None:
        self.spread = self._spread_now(popup_open)

    def interior_hidden(self) -> set[str]:
        """Counters and defenders not drawn in an interior box that is not spread (not clickable): the rest of
        each pile under its first counter; with more piles or defenders than the row holds, all beyond the first
        INTERIOR_COLS - 1, under a "+N" tile."""
        hidden = self._frame_hidden
        if hidden is not None:
            return hidden
        out: set[str] = set()
        keep = INTERIOR_COLS - 1
        for floor in self.view.state["interior"]:
            if floor == self.spread:
                continue
            piles = self.interior_piles(floor)
            for k, pile in enumerate(piles):
                out.update(pile if len(piles) > INTERIOR_COLS and k >= keep else pile[1:])
            here = self.defenders_at(f"{floor}:interior")
            if len(here) > INTERIOR_COLS:
                out.update(here[keep:])
        return out

    def spread_members(self) -> tuple[list[str], list[str]]:
        """(enemies, defenders) standing on the spread panel (beyond the box's own row), or nothing."""
        if self.spread is None:
            return [], []
        items = self.view.state["interior"].get(self.spread, [])
        return list(items[INTERIOR_COLS:]), self.defenders_at(f"{self.spread}:interior")[INTERIOR_COLS:]

    # ------------------------------------------------------------------ spaces
    def space_point(self, space: str) -> tuple[int, int]:
        """The point of ``space`` a move's popup opens beside (and tests click)."""
        r = self.geo.rect(space)
        if space in self.rules.defender_spaces:
            return (r.centerx, r.bottom - 8)
        if space.endswith(":interior"):
            return (r.centerx, r.y + 14)
        return r.center
