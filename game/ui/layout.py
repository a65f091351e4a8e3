"""Screen layout: where the board (levels/ coordinates), the side panel and the bottom bar sit on the 1920x1080
logical surface, and where every space of the board is drawn."""

from __future__ import annotations

import math

import pygame

from game.rules.data import Rules

BOARD_SCALE = 0.8
BOARD_OFFSET = (8, 62)
BOARD_RECT = pygame.Rect(BOARD_OFFSET[0], BOARD_OFFSET[1], int(1920 * BOARD_SCALE), int(1080 * BOARD_SCALE))
TOP_BAR = pygame.Rect(0, 0, 1920, 56)
SIDE = pygame.Rect(BOARD_RECT.right + 10, 62, 1920 - BOARD_RECT.right - 18, 1010)
BOTTOM = pygame.Rect(8, BOARD_RECT.bottom + 8, BOARD_RECT.w, 1080 - BOARD_RECT.bottom - 16)
DICE_TRAY = pygame.Rect(BOTTOM.right - 360, BOTTOM.y + 6, 354, BOTTOM.h - 12)

# Counter sizes in logical pixels (legible from 1280x720 up: names at 13-14 px, values bigger).
DEF_W, DEF_H = 44, 56  # a defender counter: name band on top, combat value, status chips at the bottom
ENEMY_PX = 44  # an assault counter on a track or inside (the closest track spaces are 45 px apart)
STACK_OFFSET = 5  # each counter of a stack on a track space is drawn this far up and right of the one under it
BARRIER_ROOM = 4  # a stack before a barrier stands this far back from it (a lone counter leaves it in view)
TRANSIT_LIFT = 46  # a counter placed, waiting above (or below) its space for the counters ahead to advance
TOKEN_W, TOKEN_NARROW = 36, 28  # a token's width; the narrow one where a full row would overlap
COUNT_W = 14  # the disc with the number of identical tokens shown as one image
SUPPORT_PX = 50  # a support weapon on its support square
TRACK_RADIUS = 27
SUPPORT_SIZE = 64
SPACE_SIZE = {"rect": (172, 140), "square": (122, 140)}
FLOOR_BANDS = {"upper": (40, 385), "ground": (398, 722), "basement": (736, 1068)}
FLOOR_X = (964, 1880)
# A floor's interior box: as wide as the band leaves left of the defender spaces, as tall as the band leaves
# under its title and above the defense track. It shows one row of enemies and one row of defenders at full size;
# more wait under a "+N" badge and spread out in rows to the left (over the exterior view) on hover.
INTERIOR_COLS = 3
INTERIOR_TOP = 24  # the "INTERIOR" title
INTERIOR_WRAP = 6  # spread columns before a new row
BUILDING = (392, 300, 250, 410)  # the post office seen from outside, board units


def uncovered(area: pygame.Rect, covers: tuple[pygame.Rect, ...]) -> list[pygame.Rect]:
    """The parts of ``area`` outside every rect of ``covers``, as disjoint rects (what a frame must still paint
    under the opaque panels drawn over it)."""
    parts = [pygame.Rect(area)]
    for cover in covers:
        rest: list[pygame.Rect] = []
        for r in parts:
            cut = r.clip(cover)
            if not cut.w or not cut.h:
                rest.append(r)
                continue
            pieces = (pygame.Rect(r.x, r.y, r.w, cut.y - r.y),  # above the cover, the whole width
                      pygame.Rect(r.x, cut.bottom, r.w, r.bottom - cut.bottom),  # below it
                      pygame.Rect(r.x, cut.y, cut.x - r.x, cut.h),  # beside it, left and right
                      pygame.Rect(cut.right, cut.y, r.right - cut.right, cut.h))
            rest.extend(p for p in pieces if p.w > 0 and p.h > 0)
        parts = rest
    return parts


def bp(x: float, y: float) -> tuple[float, float]:
    """Board units -> logical pixels."""
    return (BOARD_OFFSET[0] + x * BOARD_SCALE, BOARD_OFFSET[1] + y * BOARD_SCALE)


def bs(v: float) -> int:
    """A board length -> logical pixels."""
    return max(1, int(round(v * BOARD_SCALE)))


def brect(cx: float, cy: float, w: float, h: float) -> pygame.Rect:
    x, y = bp(cx - w / 2, cy - h / 2)
    return pygame.Rect(int(x), int(y), bs(w), bs(h))


class Geometry:
    """Positions of spaces in logical pixels, derived from the rules' board data."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.centre: dict[str, tuple[float, float]] = {}
        self.rects: dict[str, pygame.Rect] = {}
        for sid, sp in rules.track_spaces.items():
            self.centre[sid] = bp(sp.x, sp.y)
            r = bs(TRACK_RADIUS)
            c = self.centre[sid]
            self.rects[sid] = pygame.Rect(int(c[0] - r), int(c[1] - r), 2 * r, 2 * r)
        for alias, real in rules.aliases.items():
            self.centre[alias] = self.centre[real]
            self.rects[alias] = self.rects[real]
        for sid, ss in rules.support_spaces.items():
            self.centre[sid] = bp(ss.x, ss.y)
            self.rects[sid] = brect(ss.x, ss.y, SUPPORT_SIZE, SUPPORT_SIZE)
        for sid, ds in rules.defender_spaces.items():
            w, h = SPACE_SIZE["rect" if ds.capacity >= 3 else "square"]
            self.centre[sid] = bp(ds.x, ds.y)
            self.rects[sid] = brect(ds.x, ds.y, w, h)
        for fid in rules.floors:
            sid = f"{fid}:interior"
            self.rects[sid] = self._interior_rect(fid)
            self.centre[sid] = self.rects[sid].center
        for eid, en in rules.entrances.items():
            self.centre[f"entrance:{eid}"] = bp(en.x, en.y)
        # every support square with its name tab: what a waiting counter keeps clear of (Geometry.waiting)
        self.support_blocks = [self.rects[sp].union(support_tab(self.rects[sp])) for sp in rules.support_spaces]
        # a stack on the space before a barrier stands a little back from it and steps along the barrier's line,
        # not toward it (the barrier lies about 25 px past the space's centre, just past a counter's side: a
        # diagonal stack hid it)
        self.stack_step: dict[str, tuple[float, float]] = {}
        self.stack_back: dict[str, tuple[float, float]] = {}
        for sid in rules.barrier_space.values():
            nxt = rules.track_spaces[sid].next if sid in rules.track_spaces else None
            if not nxt:
                continue
            (x0, y0), (x1, y1) = self.pos(sid), self.pos(nxt)
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            ux, uy = -(y1 - y0) / length, (x1 - x0) / length  # across the track
            if uy > 0 or (uy == 0 and ux < 0):
                ux, uy = -ux, -uy  # upward (or rightward), as the other stacks step
            self.stack_step[sid] = (ux * STACK_OFFSET, uy * STACK_OFFSET)
            self.stack_back[sid] = (-(x1 - x0) / length * BARRIER_ROOM, -(y1 - y0) / length * BARRIER_ROOM)

    def _interior_rect(self, fid: str) -> pygame.Rect:
        y0, y1 = FLOOR_BANDS.get(fid, (0, 0))
        left = int(bp(FLOOR_X[0], 0)[0]) + 8
        spaces = [self.rects[sid] for sid, ds in self.rules.defender_spaces.items() if sid.split(":")[0] == fid]
        right = min((r.x for r in spaces), default=left + 140) - 5
        top = int(bp(0, y0)[1]) + 30  # under the floor's title
        bottom = int(bp(0, y1)[1]) - 40  # above the defense track (28 px) and its margins
        return pygame.Rect(left, top, right - left, bottom - top)

    def rect(self, space: str) -> pygame.Rect:
        return self.rects.get(space) or pygame.Rect(0, 0, 1, 1)

    def pos(self, space: str) -> tuple[float, float]:
        return self.centre.get(space, (0.0, 0.0))

    def defender_slot(self, space: str, i: int, n: int, spread: bool = False) -> tuple[float, float]:
        """Centre of the i-th defender counter of ``n`` in a defender space (a row in the upper part) or in a
        floor's interior (see :meth:`interior_slot`)."""
        if space.endswith(":interior"):
            return self.interior_slot(space, "d", i, n, spread)
        r = self.rect(space)
        n = max(n, 1)
        step = min(DEF_W + 2, (r.w - 4 - DEF_W) / max(n - 1, 1)) if n > 1 else 0
        x0 = r.centerx - step * (n - 1) / 2
        return (x0 + step * i, r.y + 4 + DEF_H / 2)

    def interior_row(self, space: str, group: str) -> tuple[float, float, float, int]:
        """(first column's centre x, row centre y, column step, counter height) of the enemy ("e") or defender
        ("d") row of an interior box."""
        r = self.rect(space)
        w, h = (ENEMY_PX, ENEMY_PX) if group == "e" else (DEF_W, DEF_H)
        step = min(w + 3, (r.w - 4 - w) / max(INTERIOR_COLS - 1, 1))
        x0 = r.centerx - step * (INTERIOR_COLS - 1) / 2
        y = r.y + INTERIOR_TOP + ENEMY_PX / 2 if group == "e" else r.y + INTERIOR_TOP + ENEMY_PX + 5 + DEF_H / 2
        return x0, y, step, h

    def interior_slot(self, space: str, group: str, i: int, n: int, spread: bool = False) -> tuple[float, float]:
        """Centre of the i-th of ``n`` enemies ("e") or defenders ("d") in an interior box. The box shows
        INTERIOR_COLS of each at full size; when there are more, the last column holds a "+N" tile and the rest
        lie under it (not drawn) unless ``spread``: then they stand in rows to the left of the box (enemies wrap
        upwards, defenders downwards) and the last column shows its own counter."""
        x0, y, step, h = self.interior_row(space, group)
        if n <= INTERIOR_COLS:
            return (x0 + step * (i + (INTERIOR_COLS - n) / 2), y)
        if i < INTERIOR_COLS:
            return (x0 + step * i, y)
        if not spread:
            return (x0 + step * (INTERIOR_COLS - 1), y)
        row, col = divmod(i - INTERIOR_COLS, INTERIOR_WRAP)
        return (x0 - 10 - step * (col + 1), y + (h + 4) * row * (-1 if group == "e" else 1))

    def interior_spread_rect(self, space: str, n_enemies: int, n_defenders: int) -> pygame.Rect:
        """The panel the spread counters of an interior stand on (joined to the box's left edge)."""
        r = self.rect(space)
        rects = []
        for group, n, (w, h) in (("e", n_enemies, (ENEMY_PX, ENEMY_PX)), ("d", n_defenders, (DEF_W, DEF_H))):
            for i in range(INTERIOR_COLS, n):
                x, y = self.interior_slot(space, group, i, n, True)
                rects.append(pygame.Rect(int(x - w / 2), int(y - h / 2), w, h))
        if not rects:
            return pygame.Rect(r.x, r.y, 0, 0)
        area = rects[0].unionall(rects[1:]).inflate(12, 12)
        area.width = r.x - area.x + 2
        return area

    def token_row(self, space: str, counts: list[int]) -> tuple[int, list[tuple[float, float]]]:
        """The token images along the bottom of a space, one per group of identical tokens (``counts``: how many
        in each; a group of more than one is COUNT_W wider for its number): their width (full, or narrow when
        full ones would not fit) and their centres, left to right, packed closer only when even narrow ones do
        not fit. In a floor's interior the row sits above the target table."""
        r = self.rect(space)
        interior = space.endswith(":interior")
        room = r.w - (36 if interior else 8)
        extra = [COUNT_W if c > 1 else 0 for c in counts]
        width = TOKEN_W
        if sum(TOKEN_W + 2 + e for e in extra) > room:
            width = TOKEN_NARROW
        sizes = [width + e for e in extra]
        total = sum(sizes) + 2 * (len(sizes) - 1)
        squeeze = min(1.0, (room - sizes[-1]) / max(total - sizes[-1], 1)) if sizes else 1.0
        x = float(r.x + (18 if interior else 4))
        y = r.bottom - (33 if interior else 13)  # in an interior: just above the target table, clear of its name
        out = []
        for w in sizes:
            out.append((x + w / 2, float(y)))
            x += (w + 2) * squeeze
        return width, out

    def above(self, space: str, lift: float) -> tuple[float, float]:
        """A point ``lift`` pixels above ``space``, or as far below it when above would leave the board (the
        spaces along the board's top edge): a counter waiting to come in, a stack fanned out under the mouse."""
        x, y = self.pos(space)
        if y - lift - ENEMY_PX / 2 < BOARD_RECT.top + 4:
            return x, y + lift
        return x, y - lift

    def waiting(self, space: str) -> tuple[float, float]:
        """Where a counter placed on ``space`` waits for the counters ahead to advance: TRANSIT_LIFT pixels above
        it, or below, left or right of it when above would leave the board or cover a support square or its name
        tab (a counter waiting over track 11-12, space 3 covered the "E · IG" tab)."""
        x, y = self.pos(space)
        squares = self.support_blocks
        half = ENEMY_PX / 2
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            cx, cy = x + dx * TRANSIT_LIFT, y + dy * TRANSIT_LIFT
            rect = pygame.Rect(int(cx - half), int(cy - half), ENEMY_PX, ENEMY_PX)
            if BOARD_RECT.inflate(-8, -8).contains(rect) and rect.collidelist(squares) < 0:
                return cx, cy
        return self.above(space, TRANSIT_LIFT)

    def enemy_slot(self, space: str, i: int, n: int, fanned: bool = False) -> tuple[float, float]:
        """Centre of the i-th enemy counter of a stack of ``n`` on ``space`` (offset diagonally; fanned out
        in a row when hovered; in an interior, spread out when ``fanned``)."""
        cx, cy = self.pos(space)
        if space.endswith(":interior"):
            return self.interior_slot(space, "e", i, n, fanned)
        if fanned and n > 1:
            size = ENEMY_PX + 4
            # a row centred over the space, slid sideways to stay on the board
            first = cx - (n - 1) / 2 * size
            first = max(first, BOARD_RECT.left + 4 + ENEMY_PX / 2)
            first = min(first, BOARD_RECT.right - 4 - ENEMY_PX / 2 - (n - 1) * size)
            return (first + i * size, self.above(space, size + 8)[1])
        canonical = self.rules.aliases.get(space, space)
        dx, dy = self.stack_step.get(canonical, (STACK_OFFSET, -STACK_OFFSET))
        bx, by = self.stack_back.get(canonical, (0.0, 0.0)) if n > 1 else (0.0, 0.0)
        return (cx + bx + (i - (n - 1) / 2) * dx, cy + by + (i - (n - 1) / 2) * dy)


EXTERIOR = pygame.Rect(int(bp(20, 20)[0]), int(bp(20, 20)[1]), bs(940), bs(1040))  # the ground outside


def support_tab(square: pygame.Rect) -> pygame.Rect:
    """The name tab above a support square (below it, under its colour band, when above leaves the ground)."""
    tab = pygame.Rect(square.x + 4, square.y - 16, square.w - 8, 16)
    if tab.top < EXTERIOR.top + 2:
        tab.top = square.bottom + 14
    return tab


def free_spot(anchor: tuple[float, float], size: tuple[int, int], obstacles: list[pygame.Rect],
              area: pygame.Rect, reach: float) -> pygame.Rect:
    """A rect of ``size`` beside ``anchor``, inside ``area``, overlapping none of ``obstacles``: tried below,
    right, left, above and on the diagonals with its near edge ``reach`` pixels from the anchor, then further out;
    the try that overlaps least when nothing is free (labels and armored cars moving clear of the counters)."""
    directions = ((0, 1), (1, 0), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
    fallback: pygame.Rect | None = None
    least = 0
    for step in (0.0, 18.0, 36.0, 54.0, 72.0):
        for dx, dy in directions:
            rect = pygame.Rect(0, 0, *size)
            x = anchor[0] + dx * (reach + step + size[0] / 2)
            y = anchor[1] + dy * (reach + step + size[1] / 2)
            rect.center = (int(x), int(y))
            if not area.contains(rect):
                continue
            hits = rect.collidelistall(obstacles)
            if not hits:
                return rect
            overlap = sum(rect.clip(obstacles[k]).w * rect.clip(obstacles[k]).h for k in hits)
            if fallback is None or overlap < least:
                fallback, least = rect, overlap
    if fallback is None:
        fallback = pygame.Rect(0, 0, *size)
        fallback.center = (int(anchor[0]), int(anchor[1]))
        fallback.clamp_ip(area)
    return fallback
