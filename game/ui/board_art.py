"""The board's ground drawn as a place, by code (no image files, so it is as sharp as the window scaler lets the
logical 1920x1080 surface be): Heveliusplatz seen from above on the exterior view (cobbled square and streets,
tram rails, pavements with kerbs, the neighbouring tenements' roofs with their shadows, trees and lamps, the post
office's roof around its courtyard) and, on the interior view, the post office cut open (plaster walls, floor
slabs with their beams, the outer wall with its windows, the basement's stone vaults and its stair).

Nothing here prints a word or a piece of game information: the board (game/ui/board.py) draws the spaces, the
doors and every word on top. Texture tiles are drawn once per process and blitted across; the whole ground is
drawn once per process and board geometry (:func:`cached`).

The rulebook's map picture is missing: the square's shape, the streets, the tram line and the neighbouring
buildings are inferred (each marked where it is laid out) from the spaces' places on the board and the square as
it stood in 1939 (the post office's front on the square, a street along its side, yards behind it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

import pygame

from game.ui import palette
from game.ui.cache import Kept

Point = tuple[float, float]


LIGHT = (-1.0, -1.0)  # the sun stands in the north-west (top left): shadows fall to the south-east


cached = Kept(limit=9)  # the ground of each board geometry, once a process


def _vary(colour: palette.Colour, rng: random.Random, spread: int) -> palette.Colour:
    d = rng.randint(-spread, spread)
    return (max(0, min(255, colour[0] + d)), max(0, min(255, colour[1] + d)), max(0, min(255, colour[2] + d)))


def tiled(surface: pygame.Surface, tile: pygame.Surface, area: pygame.Rect) -> None:
    """``tile`` repeated over ``area`` of ``surface`` (clipped to it)."""
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    tw, th = tile.get_size()
    for y in range(area.y, area.bottom, th):
        for x in range(area.x, area.right, tw):
            surface.blit(tile, (x, y))
    surface.set_clip(clip)


# ---------------------------------------------------------------------------------------------------- tiles
@cache
def setts_tile() -> pygame.Surface:
    """The streets' paving: rows of granite setts, each a little lighter or darker, in joints of sand (a 64 px
    tile that repeats seamlessly)."""
    rng = random.Random(1939)
    tile = pygame.Surface((64, 64))
    tile.fill(palette.SETT_JOINT)
    for row in range(8):
        y = row * 8
        x = -rng.randint(0, 6) if row % 2 else 0
        while x < 64:
            w = rng.choice((8, 9, 10, 11))
            w = min(w, 64 - x) if 64 - x >= 6 else 64 - x
            stone = pygame.Rect(x + 1, y + 1, w - 1, 6)
            colour = _vary(palette.SETT, rng, 10)
            pygame.draw.rect(tile, colour, stone, border_radius=2)
            pygame.draw.line(tile, palette.mix(colour, (255, 255, 255), 0.18), stone.topleft, stone.topright)
            if x < 0:  # the stone cut by the tile's left edge goes on at its right edge
                pygame.draw.rect(tile, colour, stone.move(64, 0), border_radius=2)
            x += w
    return tile


@cache
def fan_tile() -> pygame.Surface:
    """The square's paving: small setts laid in arcs (fans), the way a town square was paved (a 48 px tile)."""
    rng = random.Random(1793)
    size = 48
    tile = pygame.Surface((size, size))
    tile.fill(palette.SETT_JOINT)
    centres = [(i * size + (j % 2) * size // 2, j * size // 2) for j in range(-1, 4) for i in range(-1, 3)]
    for cx, cy in centres:
        for ring, radius in enumerate((31, 25, 19, 13, 7)):
            colour = _vary(palette.SQUARE_SETT if ring % 2 else palette.mix(palette.SQUARE_SETT, palette.SETT, 0.5),
                           rng, 8)
            pygame.draw.circle(tile, colour, (cx, cy + size // 2), radius, draw_top_left=True,
                               draw_top_right=True)
            pygame.draw.circle(tile, palette.SETT_JOINT, (cx, cy + size // 2), radius, 1, draw_top_left=True,
                               draw_top_right=True)
            for k in range(1, 6 + ring * 2 if ring < 2 else 6):  # the joints between the setts of a ring
                a = math.pi * k / (6 + ring * 2 if ring < 2 else 6)
                r0 = radius - 6
                x0, y0 = cx + math.cos(a) * r0, cy + size // 2 - math.sin(a) * r0
                x1, y1 = cx + math.cos(a) * radius, cy + size // 2 - math.sin(a) * radius
                pygame.draw.line(tile, palette.SETT_JOINT, (x0, y0), (x1, y1))
    return tile


@cache
def slabs_tile() -> pygame.Surface:
    """A pavement: square stone slabs (a 28 px tile)."""
    rng = random.Random(31)
    tile = pygame.Surface((28, 28))
    tile.fill(palette.mix(palette.PAVEMENT, palette.SETT_JOINT, 0.5))
    for y in (0, 14):
        for x in (0, 14):
            pygame.draw.rect(tile, _vary(palette.PAVEMENT, rng, 6), (x + 1, y + 1, 13, 13))
    return tile


@cache
def plaster_tile() -> pygame.Surface:
    """Mottled plaster, a see-through tile of faint blotches laid over a wall's colour (a 96 px tile)."""
    rng = random.Random(7)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _i in range(140):
        x, y, r = rng.randrange(96), rng.randrange(96), rng.randint(2, 7)
        shade = (255, 255, 255, rng.randint(6, 14)) if rng.random() < 0.5 else (60, 40, 20, rng.randint(5, 12))
        for dx in (-96, 0, 96):
            for dy in (-96, 0, 96):
                pygame.draw.circle(tile, shade, (x + dx, y + dy), r)
    for _i in range(10):  # hairline cracks
        x, y = rng.randrange(96), rng.randrange(96)
        pts = [(x, y)]
        for _k in range(4):
            x, y = x + rng.randint(-5, 5), y + rng.randint(2, 6)
            pts.append((x, y))
        pygame.draw.lines(tile, (70, 50, 30, 22), False, pts)
    return tile


@cache
def ashlar_tile() -> pygame.Surface:
    """The basement's walls: courses of rough stone blocks (a 96x48 px tile)."""
    rng = random.Random(1900)
    tile = pygame.Surface((96, 48))
    tile.fill(palette.STONE_JOINT)
    for row in range(3):
        y = row * 16
        x = (row % 2) * -12
        while x < 96:
            w = rng.choice((20, 24, 28))
            w = min(w, 96 - x)
            block = pygame.Rect(x + 1, y + 1, w - 2, 14)
            colour = _vary(palette.STONE, rng, 5)
            pygame.draw.rect(tile, colour, block, border_radius=2)
            if x < 0:
                pygame.draw.rect(tile, colour, block.move(96, 0), border_radius=2)
            x += w
    return tile


# ---------------------------------------------------------------------------------------------------- shapes
def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 48) -> list[Point]:
    """Points along a cubic curve."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def offset(path: Sequence[Point], d: float) -> list[Point]:
    """``path`` moved ``d`` pixels to its left (a rail beside the track's middle)."""
    out = []
    for i, (x, y) in enumerate(path):
        ax, ay = path[max(i - 1, 0)]
        bx, by = path[min(i + 1, len(path) - 1)]
        length = math.hypot(bx - ax, by - ay) or 1.0
        out.append((x + (by - ay) / length * d, y - (bx - ax) / length * d))
    return out


def soft_shadows(surface: pygame.Surface, area: pygame.Rect, shapes: Sequence[tuple[pygame.Rect, int]],
                 circles: Sequence[tuple[Point, float, int]] = (), alpha: int = 96) -> None:
    """Soft drop shadows cast to the south-east: each rect with its height in pixels (how far its shadow falls),
    each circle (a tree's crown) with its height; drawn small and scaled up, which blurs their edges."""
    k = 4
    small = pygame.Surface((area.w // k + 2, area.h // k + 2), pygame.SRCALPHA)
    ink = (20, 16, 12, alpha)
    for rect, height in shapes:
        for step in range(0, height + 1, k):  # the shadow swept along the light: a long soft wedge
            moved = rect.move(-LIGHT[0] * step - area.x, -LIGHT[1] * step - area.y)
            pygame.draw.rect(small, ink, (moved.x // k, moved.y // k, moved.w // k + 1, moved.h // k + 1))
    for (cx, cy), radius, height in circles:
        pygame.draw.circle(small, ink, ((cx - LIGHT[0] * height - area.x) / k, (cy - LIGHT[1] * height - area.y) / k),
                           radius / k)
    big = pygame.transform.smoothscale(small, (small.get_width() * k, small.get_height() * k))
    clip = surface.get_clip()
    surface.set_clip(area)
    surface.blit(big, area.topleft)
    surface.set_clip(clip)


def gable_roof(surface: pygame.Surface, rect: pygame.Rect, colour: palette.Colour, ridge: str = "h",
               hipped: bool = False) -> None:
    """A pitched roof seen from above: two slopes meeting at a ridge along the longer way (``ridge`` "h": east-
    west, "v": north-south), the slope facing the north-west sun lighter, rows of tiles, hip ends if ``hipped``."""
    if ridge == "v":
        img = pygame.Surface((rect.h, rect.w), pygame.SRCALPHA)
        gable_roof(img, img.get_rect(), colour, "h", hipped)
        surface.blit(pygame.transform.rotate(img, 90), rect.topleft)
        return
    x0, y0, x1, y1 = rect.x, rect.y, rect.right - 1, rect.bottom - 1
    cy = (y0 + y1) / 2
    inset = (y1 - y0) / 2 if hipped else 0
    lit, dark = palette.mix(colour, (255, 240, 220), 0.16), palette.mix(colour, (0, 0, 0), 0.24)
    north = [(x0, y0), (x1, y0), (x1 - inset, cy), (x0 + inset, cy)]
    south = [(x0, y1), (x1, y1), (x1 - inset, cy), (x0 + inset, cy)]
    pygame.draw.polygon(surface, lit, north)
    pygame.draw.polygon(surface, dark, south)
    if hipped:
        pygame.draw.polygon(surface, palette.mix(lit, colour, 0.5), [(x0, y0), (x0 + inset, cy), (x0, y1)])
        pygame.draw.polygon(surface, palette.mix(dark, colour, 0.3), [(x1, y0), (x1 - inset, cy), (x1, y1)])
    half = cy - y0
    for k in range(3, int(half), 4):  # the courses of tiles, shorter toward a hip
        d = k * inset / half if half else 0
        pygame.draw.line(surface, palette.mix(lit, colour, 0.7), (x0 + d, y0 + k), (x1 - d, y0 + k))
        pygame.draw.line(surface, palette.mix(dark, (0, 0, 0), 0.12), (x0 + d, y1 - k), (x1 - d, y1 - k))
    pygame.draw.line(surface, palette.mix(lit, (255, 255, 255), 0.25), (x0 + inset, cy), (x1 - inset, cy), 2)
    if hipped:
        pygame.draw.line(surface, palette.mix(lit, (255, 255, 255), 0.2), (x0, y0), (x0 + inset, cy))
        pygame.draw.line(surface, palette.mix(lit, (255, 255, 255), 0.2), (x1, y0), (x1 - inset, cy))
        pygame.draw.line(surface, dark, (x0, y1), (x0 + inset, cy))
        pygame.draw.line(surface, dark, (x1, y1), (x1 - inset, cy))
    pygame.draw.rect(surface, palette.mix(dark, (0, 0, 0), 0.35), rect, 1)


def chimney(surface: pygame.Surface, at: Point) -> None:
    """A chimney stack on a roof, with its short shadow."""
    x, y = int(at[0]), int(at[1])
    shade = pygame.Surface((7, 7), pygame.SRCALPHA)
    shade.fill((20, 16, 12, 90))
    surface.blit(shade, (x + 2, y + 3))
    pygame.draw.rect(surface, (112, 76, 62), (x - 3, y - 3, 7, 7))
    pygame.draw.rect(surface, (52, 40, 34), (x - 3, y - 3, 7, 7), 1)
    pygame.draw.rect(surface, (40, 34, 30), (x - 1, y - 1, 3, 3))


def tree(surface: pygame.Surface, at: Point, radius: int, rng: random.Random) -> None:
    """A tree's crown from above: clumps of leaves, lit from the north-west."""
    cx, cy = at
    base = _vary(palette.TREE, rng, 8)
    pygame.draw.circle(surface, palette.mix(base, (0, 0, 0), 0.3), (cx, cy), radius)
    for _i in range(7):
        a, d = rng.random() * math.tau, rng.random() * radius * 0.55
        pygame.draw.circle(surface, base, (cx + math.cos(a) * d, cy + math.sin(a) * d), radius * 0.5)
    for _i in range(5):
        a, d = rng.uniform(2.6, 4.4), rng.random() * radius * 0.5
        pygame.draw.circle(surface, palette.mix(base, (230, 240, 190), 0.3),
                           (cx + math.cos(a) * d - 1, cy + math.sin(a) * d - 1), radius * 0.3)


def lamp(surface: pygame.Surface, at: Point) -> None:
    """A street lamp from above: its lantern on its post, the post's thin shadow."""
    x, y = at
    pygame.draw.line(surface, (70, 64, 58), (x + 1, y + 1), (x + 9, y + 9), 2)
    pygame.draw.circle(surface, (36, 34, 32), (x, y), 4)
    pygame.draw.circle(surface, (236, 222, 170), (x, y), 2)


# ---------------------------------------------------------------------------------------------------- the square
# inferred: the blocks around the square, in logical pixels. The rulebook's map picture is missing: they stand
# where no space, support square or track runs (the square in the north where the front tracks are, the street
# east past the side door, the lanes behind the post office), as tenements stood around Heveliusplatz.
# Each: the block's rect, then its houses (rect, roof colour, ridge, height for the shadow).
HOUSE_TILE = (150, 84, 64)
HOUSE_SLATE = (104, 106, 112)
HOUSE_BROWN = (132, 96, 76)


def _houses_in_row(area: pygame.Rect, along: str, widths: Sequence[int], colours: Sequence[palette.Colour],
                   ) -> list[tuple[pygame.Rect, palette.Colour, str, int]]:
    """Houses side by side along a street: ``along`` "h" (a row from west to east) or "v" (north to south)."""
    out = []
    pos = area.x if along == "h" else area.y
    end = area.right if along == "h" else area.bottom
    i = 0
    while pos < end:
        w = min(widths[i % len(widths)], end - pos)
        rect = pygame.Rect(pos, area.y, w, area.h) if along == "h" else pygame.Rect(area.x, pos, area.w, w)
        out.append((rect, colours[i % len(colours)], along, 10 + (i * 5) % 9))
        pos += w
        i += 1
    return out


def _blocks(ext: pygame.Rect) -> tuple[list[pygame.Rect], list[tuple[pygame.Rect, palette.Colour, str, int]]]:
    """The neighbouring blocks (their footprints, for the pavements) and their houses."""
    x0, y0 = ext.x, ext.y
    # inferred: west of the post office, across a narrow lane: a block of tenements with a yard inside
    west = pygame.Rect(x0, y0 + 290, 266, 340)
    # inferred: south-east, beyond the street past the side door: another block
    south_east = pygame.Rect(x0 + 590, y0 + 520, ext.right - x0 - 590, 180)
    # inferred: the corners of the square: the fronts of the blocks that close it to the north-west and north-east
    north_west = pygame.Rect(x0, y0, 120, 50)
    north_east = pygame.Rect(x0 + 650, y0, ext.right - x0 - 650, 100)
    # inferred: south of the rear yard, a low shed; the far south-east corner, more houses
    shed = pygame.Rect(x0 + 312, y0 + 752, 80, 64)
    far_south_east = pygame.Rect(x0 + 604, y0 + 776, ext.right - x0 - 604, ext.bottom - y0 - 776)
    blocks = [west, south_east, north_west, north_east, shed, far_south_east]
    houses: list[tuple[pygame.Rect, palette.Colour, str, int]] = []
    tiles = (HOUSE_TILE, HOUSE_BROWN, palette.mix(HOUSE_TILE, HOUSE_SLATE, 0.4), HOUSE_SLATE)
    houses += _houses_in_row(pygame.Rect(west.x, west.y, west.w, 54), "h", (70, 58, 76, 64), tiles)
    houses += _houses_in_row(pygame.Rect(west.right - 58, west.y + 54, 58, west.h - 108), "v", (64, 82, 78), tiles[1:])
    houses += _houses_in_row(pygame.Rect(west.x, west.bottom - 54, west.w - 58, 54), "h", (60, 74, 76), tiles[2:])
    houses.append((pygame.Rect(west.right - 58, west.bottom - 54, 58, 54), HOUSE_TILE, "v", 14))
    houses += _houses_in_row(pygame.Rect(west.x, west.y + 108, 48, 90), "v", (90,), (HOUSE_SLATE,))  # back house
    houses += _houses_in_row(pygame.Rect(south_east.x, south_east.y, south_east.w, 56), "h", (58, 70, 60), tiles)
    houses += _houses_in_row(pygame.Rect(south_east.x, south_east.y + 56, 56, south_east.h - 56), "v", (62, 62),
                             tiles[2:])
    houses += _houses_in_row(north_west, "h", (64, 56), (HOUSE_BROWN, HOUSE_TILE))
    houses += _houses_in_row(pygame.Rect(north_east.x, north_east.y, north_east.w, 48), "h", (60, 70),
                             (HOUSE_SLATE, HOUSE_TILE))
    houses.append((pygame.Rect(north_east.x + 40, north_east.y + 48, north_east.w - 40, north_east.h - 48),
                   HOUSE_BROWN, "v", 12))
    houses.append((shed, palette.mix(HOUSE_SLATE, palette.PAVEMENT, 0.25), "h", 6))
    houses += _houses_in_row(pygame.Rect(far_south_east.x, far_south_east.y, far_south_east.w, 50), "h", (62, 80),
                             (HOUSE_BROWN, HOUSE_SLATE))
    return blocks, houses


def draw_exterior(s: pygame.Surface, ext: pygame.Rect, building: pygame.Rect) -> None:
    """Heveliusplatz from above in ``ext``: the paving of the streets and of the square, the pavements around the
    blocks and the post office, the tram rails curving through the square, the neighbouring tenements' roofs and
    their shadows, trees and lamps, then the post office's roof (:func:`draw_post_office`)."""
    rng = random.Random(1939)
    clip = s.get_clip()
    s.set_clip(ext)
    tiled(s, setts_tile(), ext)
    # inferred: the square: the north of the exterior, where the front tracks come in, and its west arm up to
    # the tenements; the street leaves it to the east past the side door
    square = pygame.Rect(ext.x, ext.y, ext.w, building.y - ext.y - 14)
    tiled(s, fan_tile(), square)
    tiled(s, fan_tile(), pygame.Rect(ext.x, square.bottom, building.x - ext.x - 40, 56))
    blocks, houses = _blocks(ext)
    # a park in the south-west corner: lawn, paths, trees (inferred: the open ground behind the west block)
    park = pygame.Rect(ext.x, ext.y + 664, 222, ext.bottom - ext.y - 664)
    # pavements with their kerbs around the blocks, the park and the post office
    for rect in [*blocks, park, building]:
        walk = rect.inflate(22, 22)
        tiled(s, slabs_tile(), walk)
        pygame.draw.rect(s, palette.KERB, walk, 2)
        pygame.draw.rect(s, palette.mix(palette.KERB, (255, 255, 255), 0.5), walk.inflate(-4, -4), 1)
    _tram(s, ext, building)
    # the park's lawn and its paths
    lawn = park.inflate(-2, -2)
    pygame.draw.rect(s, palette.GRASS, lawn)
    for _i in range(260):
        x, y = rng.randrange(lawn.x, lawn.right), rng.randrange(lawn.y, lawn.bottom)
        pygame.draw.line(s, palette.GRASS_DARK, (x, y), (x + 1, y - 2))
    pygame.draw.line(s, palette.PAVEMENT, (lawn.x, lawn.y + 30), (lawn.right, lawn.bottom - 40), 8)
    pygame.draw.line(s, palette.PAVEMENT, (lawn.x + 110, lawn.y), (lawn.x + 60, lawn.bottom), 7)
    # the yard inside the west block
    west = blocks[0]
    yard = pygame.Rect(west.x, west.y + 54, west.w - 58, west.h - 108)
    pygame.draw.rect(s, palette.YARD, yard)
    for k in range(0, yard.w + yard.h, 9):
        pygame.draw.line(s, palette.mix(palette.YARD, (0, 0, 0), 0.07), (yard.x + k, yard.y), (yard.x + k - yard.h,
                                                                                               yard.bottom))
    se = blocks[1]
    se_yard = pygame.Rect(se.x + 56, se.y + 56, se.w - 56, se.h - 56)
    pygame.draw.rect(s, palette.YARD, se_yard)
    # shadows: the houses (taller ones cast longer), the post office, the trees
    trees = [((ext.x + 40, ext.y + 700), 16), ((ext.x + 150, ext.y + 790), 14), ((ext.x + 200, ext.y + 700), 13),
             ((ext.x + 34, ext.y + 772), 12), ((yard.x + 140, yard.y + 60), 18), ((yard.x + 90, yard.y + 150), 15),
             ((se_yard.x + 60, se_yard.y + 50), 17),
             # inferred: two trees on the square's west arm, clear of its spaces
             ((ext.x + 146, ext.y + 244), 11), ((ext.x + 222, ext.y + 244), 10)]
    soft_shadows(s, ext, [(r, h) for r, _c, _o, h in houses] + [(building, 18)],
                 [(c, r, 8) for c, r in trees])
    for rect, colour, ridge, _h in houses:
        gable_roof(s, rect, colour, "v" if ridge == "v" else "h", hipped=rect.w < 70 and ridge == "h")
        if rect.w > 40 and rect.h > 40:
            chimney(s, (rect.x + rect.w * 0.3, rect.y + rect.h * 0.3))
    for centre, radius in trees:
        tree(s, centre, radius, rng)
    # inferred: lamps along the square's pavements and at the street corners
    for at in ((ext.x + 140, ext.y + 283), (building.x - 18, building.y - 16), (building.right + 18, building.y - 16),
               (building.right + 18, building.bottom + 16), (ext.x + 560, ext.y + 300), (ext.x + 520, ext.y + 660),
               (ext.x + 250, ext.y + 640)):
        lamp(s, at)
    draw_post_office(s, building)
    s.set_clip(clip)


def _tram(s: pygame.Surface, ext: pygame.Rect, building: pygame.Rect) -> None:
    """The tram line: two tracks, each two rails set in a band of smoother setts, curving through the square.
    inferred: a line along the square, from the west to the street east of the post office (Danzig's trams ran
    through the old town's squares); its path keeps off the post office and runs out at the board's edges."""
    path = bezier((ext.x - 10, ext.y + 52), (ext.x + 320, ext.y + 40), (building.right + 30, building.y + 30),
                  (ext.right + 10, ext.y + 235))
    pygame.draw.lines(s, palette.mix(palette.SQUARE_SETT, palette.PAVEMENT, 0.45), False, path, 38)
    for side in (-1, 1):
        for rail in (-4, 4):
            line = offset(path, side * 9 + rail)
            pygame.draw.lines(s, palette.RAIL, False, line, 2)
            pygame.draw.aalines(s, palette.mix(palette.RAIL, (255, 255, 255), 0.55), False, offset(line, -1))
    for edge in (-19, 19):
        pygame.draw.aalines(s, palette.SETT_JOINT, False, offset(path, edge))


def draw_post_office(s: pygame.Surface, building: pygame.Rect) -> None:
    """The post office from above: its walls, a hipped roof of red tiles all round an inner courtyard (the
    ridge running round the middle of the wing), chimneys, and the courtyard's paving where its name is printed.
    inferred: the rulebook gives no plan; a block round a courtyard, as the post office's outline is drawn."""
    ring = 24  # half the wing's width: the ridge's distance from the eaves
    inner = building.inflate(-4 * ring, -4 * ring)
    ridge = building.inflate(-2 * ring, -2 * ring)
    b, r, i = building, ridge, inner
    corners = {"out": [b.topleft, b.topright, b.bottomright, b.bottomleft],
               "mid": [r.topleft, r.topright, r.bottomright, r.bottomleft],
               "in": [i.topleft, i.topright, i.bottomright, i.bottomleft]}
    colour = palette.ROOF
    # per side (north, east, south, west): the outer slope faces out, the inner slope faces the courtyard
    light = {0: 0.2, 1: -0.25, 2: -0.3, 3: 0.12}
    for side in range(4):
        a, c = side, (side + 1) % 4
        outer = [corners["out"][a], corners["out"][c], corners["mid"][c], corners["mid"][a]]
        inward = [corners["in"][a], corners["in"][c], corners["mid"][c], corners["mid"][a]]
        for poly, k in ((outer, light[side]), (inward, -light[side] * 0.8)):
            shade = palette.mix(colour, (255, 236, 210), k) if k > 0 else palette.mix(colour, (0, 0, 0), -k)
            pygame.draw.polygon(s, shade, poly)
            # courses of tiles parallel to the eaves
            for t in (0.2, 0.4, 0.6, 0.8):
                p = (poly[0][0] + (poly[3][0] - poly[0][0]) * t, poly[0][1] + (poly[3][1] - poly[0][1]) * t)
                q = (poly[1][0] + (poly[2][0] - poly[1][0]) * t, poly[1][1] + (poly[2][1] - poly[1][1]) * t)
                pygame.draw.line(s, palette.mix(shade, (0, 0, 0), 0.14), p, q)
    for a in range(4):  # hips and valleys
        pygame.draw.line(s, palette.mix(colour, (255, 230, 200), 0.3), corners["out"][a], corners["mid"][a], 1)
        pygame.draw.line(s, palette.mix(colour, (0, 0, 0), 0.4), corners["in"][a], corners["mid"][a], 1)
    pygame.draw.lines(s, palette.mix(colour, (255, 235, 205), 0.4), True, corners["mid"], 2)
    for at in ((b.x + ring, b.y + 80), (b.right - ring, b.y + 96), (b.x + ring, b.bottom - 90),
               (b.centerx + 30, b.y + ring)):
        chimney(s, at)
    # the courtyard: dark setts in the shade of the wings
    pygame.draw.rect(s, palette.COURTYARD, inner)
    for y in range(inner.y + 4, inner.bottom, 7):
        pygame.draw.line(s, palette.mix(palette.COURTYARD, (0, 0, 0), 0.1), (inner.x, y), (inner.right - 1, y))
    for k in range(14):  # the wings' shade on the courtyard's north and west sides (the sun in the north-west)
        edge = pygame.Surface((inner.w, 1), pygame.SRCALPHA)
        edge.fill((10, 8, 6, 110 - 8 * k))
        s.blit(edge, (inner.x, inner.y + k))
        edge = pygame.Surface((1, inner.h - k - 1), pygame.SRCALPHA)
        edge.fill((10, 8, 6, 110 - 8 * k))
        s.blit(edge, (inner.x + k, inner.y + k + 1))
    pygame.draw.rect(s, palette.INK, inner, 1)
    pygame.draw.rect(s, palette.INK, building, 3)


# ---------------------------------------------------------------------------------------------------- the cutaway
def draw_section(s: pygame.Surface, bands: dict[str, pygame.Rect], area: pygame.Rect) -> None:
    """The post office cut open on the interior view: the masonry (hatched, as an architect draws a cut wall) in
    ``area`` round the storeys, the floor slabs with their beams between them, the outer wall on the right with a
    window in each storey; each storey's band a room (see :func:`draw_room`)."""
    pygame.draw.rect(s, palette.MASONRY, area, border_radius=4)
    clip = s.get_clip()
    s.set_clip(area)
    for k in range(-area.h, area.w, 7):
        pygame.draw.line(s, palette.mix(palette.MASONRY, (0, 0, 0), 0.22), (area.x + k, area.bottom),
                         (area.x + k + area.h, area.y))
    s.set_clip(clip)
    order = list(bands.values())
    # the floor slabs between storeys: concrete with the timber beams' cut ends
    for upper, lower in zip(order, order[1:], strict=False):
        slab = pygame.Rect(area.x, upper.bottom - 2, area.w, lower.y - upper.bottom + 4)
        pygame.draw.rect(s, palette.SLAB, slab)
        for x in range(slab.x + 14, slab.right - 6, 34):
            beam = pygame.Rect(x, slab.y + 2, 10, slab.h - 4)
            pygame.draw.rect(s, (128, 96, 66), beam)
            pygame.draw.line(s, (84, 62, 42), beam.topleft, beam.bottomright)
            pygame.draw.line(s, (84, 62, 42), beam.topright, beam.bottomleft)
        pygame.draw.line(s, palette.INK_SOFT, slab.topleft, slab.topright)
        pygame.draw.line(s, palette.INK_SOFT, slab.bottomleft, slab.bottomright)
    # the outer wall's windows (right), one per storey above ground, a light well's in the basement
    wall_x = max(b.right for b in order)
    for fid, band in bands.items():
        if fid == "basement":
            glass = pygame.Rect(wall_x + 3, band.y + 6, area.right - wall_x - 10, 34)
        else:
            glass = pygame.Rect(wall_x + 3, band.y + 34, area.right - wall_x - 10, band.h - 96)
        pygame.draw.rect(s, palette.GLASS, glass)
        pygame.draw.line(s, palette.mix(palette.GLASS, (255, 255, 255), 0.6), (glass.centerx, glass.y + 2),
                         (glass.centerx, glass.bottom - 3), 2)
        for y in range(glass.y + 12, glass.bottom - 4, 22):
            pygame.draw.line(s, (86, 70, 56), (glass.x, y), (glass.right - 1, y))
        pygame.draw.rect(s, (86, 70, 56), glass, 2)
        pygame.draw.rect(s, palette.PAVEMENT, (glass.x - 2, glass.bottom, glass.w + 8, 4))  # the sill
        pygame.draw.rect(s, palette.INK_SOFT, (glass.x - 2, glass.bottom, glass.w + 8, 4), 1)
    for fid, band in bands.items():
        draw_room(s, fid, band)


def draw_room(s: pygame.Surface, fid: str, band: pygame.Rect) -> None:
    """A storey seen through the cut: the back wall's plaster (stone in the basement, under its vaults), the
    floor's boards, a picture rail, and the stair down from the ground floor in the basement's free corner.
    The room's colour is the floor's colour of the palette: the words printed on it keep their contrast."""
    base = palette.FLOOR_BAND[fid]
    clip = s.get_clip()
    s.set_clip(band)
    if fid == "basement":
        s.fill(base, band)
        stone = ashlar_tile().copy()
        stone.set_alpha(120)
        tiled(s, stone, band)
        # the vaults: arches springing from piers along the ceiling
        for x in range(band.x - 40, band.right, 150):
            arch = pygame.Rect(x, band.y + 4, 150, 110)
            pier = pygame.Rect(x - 9, arch.centery, 18, band.bottom - arch.centery)
            pygame.draw.rect(s, palette.mix(base, (0, 0, 0), 0.08), pier)
            pygame.draw.line(s, palette.mix(base, (0, 0, 0), 0.2), pier.topright, pier.bottomright)
            pygame.draw.arc(s, palette.mix(base, (0, 0, 0), 0.22), arch, 0, math.pi, 4)
            pygame.draw.arc(s, palette.mix(base, (255, 255, 255), 0.35), arch.inflate(-8, -8), 0, math.pi, 1)
        _stair(s, band)
    else:
        s.fill(base, band)
        tiled(s, plaster_tile(), band)
        rail_y = band.y + 26
        pygame.draw.line(s, palette.mix(base, (0, 0, 0), 0.12), (band.x, rail_y), (band.right, rail_y), 2)
        pygame.draw.line(s, palette.mix(base, (255, 255, 255), 0.4), (band.x, rail_y + 2), (band.right, rail_y + 2))
        dado = band.bottom - 44
        pygame.draw.rect(s, palette.mix(base, (120, 90, 60), 0.14), (band.x, dado, band.w, band.bottom - dado))
        pygame.draw.line(s, palette.mix(base, (0, 0, 0), 0.2), (band.x, dado), (band.right, dado), 2)
    # the floor: boards (stone flags in the basement) along the band's foot
    floor = pygame.Rect(band.x, band.bottom - 6, band.w, 6)
    pygame.draw.rect(s, palette.FLOOR_BOARDS if fid != "basement" else palette.mix(palette.STONE, (0, 0, 0), 0.2),
                     floor)
    for x in range(floor.x + 20, floor.right, 44):
        pygame.draw.line(s, palette.mix(palette.FLOOR_BOARDS, (0, 0, 0), 0.3), (x, floor.y), (x, floor.bottom))
    # the shade of the ceiling on the wall's top
    shade = pygame.Surface((band.w, 10), pygame.SRCALPHA)
    for k in range(10):
        pygame.draw.line(shade, (30, 20, 10, 60 - 6 * k), (0, k), (band.w, k))
    s.blit(shade, band.topleft)
    s.set_clip(clip)


def _stair(s: pygame.Surface, band: pygame.Rect) -> None:
    """A flight of stairs up the basement's right end to the ground floor (a hint of how the floors join)."""
    x1, y1 = band.right - 10, band.y + 4
    steps = 10
    rise, run = (band.h - 10) / steps, 11
    x0 = x1 - steps * run
    y0 = band.bottom - 6
    pts: list[Point] = [(x0, y0)]
    for k in range(steps):
        pts += [(x0 + k * run, y0 - (k + 1) * rise), (x0 + (k + 1) * run, y0 - (k + 1) * rise)]
    pts += [(x1, y0)]
    pygame.draw.polygon(s, palette.mix(palette.STONE, (0, 0, 0), 0.12), pts)
    pygame.draw.lines(s, palette.INK_SOFT, False, pts[:-1], 2)
    pygame.draw.line(s, palette.INK_SOFT, (x0 - 4, y0 - 30), (x1 - 4, y1 - 22), 2)  # the handrail
    for k in range(0, steps, 3):
        px = x0 + k * run + 4
        py = y0 - (k + 1) * rise
        pygame.draw.line(s, palette.INK_SOFT, (px, py), (px, py - 26 + 0.0), 1)
