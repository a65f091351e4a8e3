"""The board drawn as a place (issue 32 item 3): Heveliusplatz's paving, rails and roofs on the exterior view and
the post office cut open on the interior view lie under the game's information and never change it: every track
space's colours, every defender space's and target table's colours are exactly the line-of-sight colours, the doors
are where the board says, the colour-blind patterns still mark the spaces; and the ground is drawn once for every
play scene on the same board."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame
import pytest

from game.rules import Game
from game.rules.data import Rules
from game.ui import palette
from game.ui.board import BoardRenderer, floor_band
from game.ui.layout import EXTERIOR, FLOOR_BANDS, Geometry, bs


@pytest.fixture(scope="module")
def boards() -> Iterator[tuple[Rules, Geometry, pygame.Surface, pygame.Surface]]:
    """The printed board of a new game, plain and with the colour-blind setting."""
    pygame.font.init()
    game = Game.new(0)
    geo = Geometry(game.rules)
    plain, cb = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    BoardRenderer(game.rules, geo).draw_static(plain, False)
    BoardRenderer(game.rules, geo).draw_static(cb, True)
    yield game.rules, geo, plain, cb


def rgb(surface: pygame.Surface, x: float, y: float) -> tuple[int, int, int]:
    c = surface.get_at((int(x), int(y)))
    return (c.r, c.g, c.b)


def test_the_exterior_ground_is_a_place_not_a_flat_fill(boards: tuple[Rules, Geometry, pygame.Surface,
                                                                      pygame.Surface]) -> None:
    """The ground between the spaces varies: setts, joints, rails, roofs (many colours, far apart)."""
    _rules, _geo, plain, _cb = boards
    seen = [rgb(plain, x, y) for y in range(EXTERIOR.y + 3, EXTERIOR.bottom - 3, 5)
            for x in range(EXTERIOR.x + 3, EXTERIOR.right - 3, 5)]
    assert len(set(seen)) > 300
    lightness = [sum(c) / 3 for c in seen]
    assert max(lightness) - min(lightness) > 120
    # neighbouring pixels differ across the ground (a texture, not areas of one colour)
    changes = sum(rgb(plain, x, y) != rgb(plain, x + 1, y) for y in range(EXTERIOR.y + 3, EXTERIOR.bottom - 3, 7)
                  for x in range(EXTERIOR.x + 3, EXTERIOR.right - 4))
    total = len(range(EXTERIOR.y + 3, EXTERIOR.bottom - 3, 7)) * len(range(EXTERIOR.x + 3, EXTERIOR.right - 4))
    assert changes > total * 0.15

def test_track_spaces_keep_their_exact_line_of_sight_colours_on_a_paper_ring(
        boards: tuple[Rules, Geometry, pygame.Surface, pygame.Surface]) -> None:
    rules, geo, plain, cb = boards
    rad = bs(27)
    for sid, sp in rules.track_spaces.items():
        cx, cy = geo.pos(sid)
        for surface in (plain, cb):
            if len(sp.colours) == 1:
                assert rgb(surface, cx, cy) == palette.LOS[sp.colours[0]], sid
                assert rgb(surface, cx - rad / 2, cy - rad / 3) == palette.LOS[sp.colours[0]], sid
            else:  # two colours: the left half and the right half
                assert rgb(surface, cx - rad / 2, cy) == palette.LOS[sp.colours[0]], sid
                assert rgb(surface, cx + rad / 2, cy) == palette.LOS[sp.colours[1]], sid
        # just outside its ink ring, on the side away from its shadow (south-east), its neighbours and the doors
        others = [geo.pos(o) for o in [*rules.track_spaces, *(f"entrance:{e}" for e in rules.entrances)] if o != sid]
        ux, uy = max(((0, -1), (-1, 0), (-0.7, -0.7), (0.7, -0.7), (-0.7, 0.7)),
                     key=lambda u: min(math.dist((cx + u[0] * rad, cy + u[1] * rad), o) for o in others))
        assert rgb(plain, cx + ux * (rad + 2), cy + uy * (rad + 2)) == palette.HALO, sid


def test_defender_spaces_and_target_tables_are_flat_exact_colours(
        boards: tuple[Rules, Geometry, pygame.Surface, pygame.Surface]) -> None:
    """At points clear of the words and of the counters' rows' edges: the space's colour, nothing of the walls'
    plaster or stone drawn over it."""
    rules, geo, plain, _cb = boards
    for sid, ds in rules.defender_spaces.items():
        r = geo.rect(sid)
        for x, y in ((r.x + 8, r.y + 8), (r.centerx, r.y + 20), (r.right - 8, r.bottom - 6), (r.x + 8, r.bottom - 6)):
            assert rgb(plain, x, y) == palette.LOS[ds.colours[0]], (sid, x, y)
    for fid, fl in rules.floors.items():
        r = geo.rect(f"{fid}:interior")
        w = r.w // len(fl.target)
        for i, (_faces, colour) in enumerate(fl.target):
            assert rgb(plain, r.x + i * w + 4, r.bottom - 4) == palette.LOS[colour], (fid, i)


def test_the_doors_are_drawn_where_the_board_says(boards: tuple[Rules, Geometry, pygame.Surface,
                                                                pygame.Surface]) -> None:
    rules, geo, plain, _cb = boards
    board = BoardRenderer(rules, geo)
    for eid in rules.entrances:
        door = board.door(eid)
        assert rgb(plain, door.x + 4, door.y + 4) == (70, 50, 36), eid
        assert rgb(plain, door.right - 5, door.bottom - 5) == (70, 50, 36), eid
        assert rgb(plain, door.x, door.centery) == palette.INK, eid  # its frame
        assert rgb(plain, door.centerx, door.y) == palette.INK, eid


def test_the_storeys_are_rooms_with_textured_walls(boards: tuple[Rules, Geometry, pygame.Surface,
                                                                 pygame.Surface]) -> None:
    """Each floor's band is a room seen through the cut: its wall is not one flat colour, and the masonry between
    the storeys (the floor slabs) is drawn."""
    _rules, _geo, plain, _cb = boards
    for fid in FLOOR_BANDS:
        band = floor_band(fid)
        wall = {rgb(plain, x, y) for x in range(band.x + 6, band.right - 6, 3) for y in (band.y + 40, band.bottom - 12)}
        assert len(wall) > 12, fid
    upper, ground = floor_band("upper"), floor_band("ground")
    slab = {rgb(plain, x, (upper.bottom + ground.y) // 2) for x in range(upper.x, upper.right, 2)}
    assert len(slab) >= 2  # concrete and the beams' cut ends


def test_the_colour_blind_board_still_marks_every_space(boards: tuple[Rules, Geometry, pygame.Surface,
                                                                      pygame.Surface]) -> None:
    """The patterns (none on white) are drawn on the spaces with the colour-blind setting, over the same ground."""
    rules, geo, plain, cb = boards
    for sid, ds in rules.defender_spaces.items():
        r = geo.rect(sid)
        differs = any(plain.get_at((x, y)) != cb.get_at((x, y)) for x in range(r.x + 3, r.right - 3, 2)
                      for y in range(r.y + 3, r.y + 40))
        assert differs == (ds.colours[0] != "white"), sid


def test_the_ground_is_drawn_once_for_every_play_scene_on_the_same_board() -> None:
    game = Game.new(1)
    first = BoardRenderer(game.rules, Geometry(game.rules)).ground()
    again = Game.new(2)
    assert BoardRenderer(again.rules, Geometry(again.rules)).ground() is first
