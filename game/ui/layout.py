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

DEF_COUNTER = 50  # defender counter size in board units (before scaling)
ENEMY_COUNTER = 44
TRACK_RADIUS = 27
SUPPORT_SIZE = 64
INTERIOR_SIZE = (150, 210)
SPACE_SIZE = {"rect": (172, 118), "square": (122, 118)}
FLOOR_BANDS = {"upper": (40, 385), "ground": (398, 722), "basement": (736, 1068)}
FLOOR_X = (985, 1880)
BUILDING = (392, 300, 250, 410)  # the post office seen from outside, board units


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
        for fid, fl in rules.floors.items():
            sid = f"{fid}:interior"
            self.centre[sid] = bp(fl.x, fl.y - 5)
            self.rects[sid] = brect(fl.x, fl.y - 5, *INTERIOR_SIZE)
        for eid, en in rules.entrances.items():
            self.centre[f"entrance:{eid}"] = bp(en.x, en.y)

    def rect(self, space: str) -> pygame.Rect:
        return self.rects.get(space) or pygame.Rect(0, 0, 1, 1)

    def pos(self, space: str) -> tuple[float, float]:
        return self.centre.get(space, (0.0, 0.0))

    def defender_slot(self, space: str, i: int, n: int) -> tuple[float, float]:
        """Centre of the i-th defender counter of ``n`` in a defender space (a row in the upper part)."""
        r = self.rect(space)
        size = bs(DEF_COUNTER) + 3
        n = max(n, 1)
        step = min(size, (r.w - size) / max(n - 1, 1)) if n > 1 else 0
        x0 = r.centerx - step * (n - 1) / 2
        return (x0 + step * i, r.y + bs(DEF_COUNTER) / 2 + 6)

    def token_slot(self, space: str, i: int, n: int) -> tuple[float, float]:
        r = self.rect(space)
        w = 36
        room = r.w - w - 44  # keep the printed label (bottom right) visible
        step = min(w + 2, room / max(n - 1, 1)) if n > 1 else 0
        return (r.x + 4 + w / 2 + step * i, r.bottom - 13)

    def enemy_slot(self, space: str, i: int, n: int, fanned: bool = False) -> tuple[float, float]:
        """Centre of the i-th enemy counter of a stack of ``n`` on ``space`` (offset diagonally; fanned out
        in a row when hovered)."""
        cx, cy = self.pos(space)
        if space.endswith(":interior"):
            r = self.rect(space)
            # two rows of enemy counters under the label (more squeeze in), above the defenders' row
            per_row = max(3, (n + 1) // 2)
            size = bs(ENEMY_COUNTER) + 4
            step = min(size, (r.w - 8 - size) / max(per_row - 1, 1))
            row, col = divmod(i, per_row)
            return (r.x + 4 + size / 2 + col * step, r.y + 22 + size / 2 + row * (size - 2))
        if fanned and n > 1:
            size = bs(ENEMY_COUNTER) + 4
            ang = -math.pi / 2
            return (cx + (i - (n - 1) / 2) * size * math.cos(ang + math.pi / 2), cy - size - 8)
        off = 5
        return (cx + i * off - (n - 1) * off / 2, cy - i * off + (n - 1) * off / 2)
