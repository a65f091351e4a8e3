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
