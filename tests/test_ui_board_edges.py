"""Counters stay on the board (issue "A board a player reads at a glance"): a counter waiting above its space to
come in, and a stack fanned out under the mouse, go below the space instead when above would leave the board
(the tracks along its top edge: 7, 9-10, 11-12), never under the top bar."""

from __future__ import annotations

from game.rules.data import default_rules
from game.ui.layout import BOARD_RECT, ENEMY_PX, TRANSIT_LIFT, Geometry


def inside_the_board(x: float, y: float) -> bool:
    half = ENEMY_PX / 2
    return BOARD_RECT.left <= x - half and x + half <= BOARD_RECT.right and \
        BOARD_RECT.top <= y - half and y + half <= BOARD_RECT.bottom


def test_waiting_and_fanned_counters_stay_on_the_board() -> None:
    geo = Geometry(default_rules())
    moved_below = 0
    for space in default_rules().track_spaces:
        x, y = geo.above(space, TRANSIT_LIFT)
        assert inside_the_board(x, y), (space, x, y)
        moved_below += y > geo.pos(space)[1]
        for i in range(4):
            assert inside_the_board(*geo.enemy_slot(space, i, 4, fanned=True)), (space, i)
    assert moved_below >= 3  # the first spaces of the tracks along the top edge


def test_track_spaces_keep_apart_and_their_rings_stay_on_the_board() -> None:
    """No two track spaces closer than a counter (60 board units in x or y: 48 px), and each colour ring inside
    the board (the bottom ones on the ground)."""
    from itertools import combinations

    from game.ui.layout import EXTERIOR
    from game.ui.play.board_layer import RING_OUTER

    rules = default_rules()
    geo = Geometry(rules)
    for a, b in combinations(rules.track_spaces.values(), 2):
        assert max(abs(a.x - b.x), abs(a.y - b.y)) >= 60, (a, b)
    for space in rules.track_spaces:
        x, y = geo.pos(space)
        assert BOARD_RECT.top <= y - RING_OUTER and y + RING_OUTER <= EXTERIOR.bottom, space
        assert EXTERIOR.left <= x - RING_OUTER and x + RING_OUTER <= EXTERIOR.right, space
