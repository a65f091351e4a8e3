"""What a stack or a waiting counter must leave in view (issue 31, a new player's defects): a barrier under the
counters stacked before it (barrier 4 was hidden), a support square's name under a counter waiting to come in
(track 11-12's over "E · IG"). A barrier lies about 25 px past its space's centre, just past a counter's side: the
stack on that space stands a little back from it and steps across the track, never toward it."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Game
from game.ui.layout import ENEMY_PX, Geometry, bp


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
def test_no_counter_of_a_stack_before_a_barrier_covers_the_barriers_middle(n: int) -> None:
    rules = Game.new(0).rules
    geo = Geometry(rules)
    for b, (x, y) in rules.barriers.items():
        middle = bp(x, y)
        for i in range(n):
            cx, cy = geo.enemy_slot(rules.barrier_space[b], i, n)
            counter = pygame.Rect(0, 0, ENEMY_PX, ENEMY_PX)
            counter.center = (round(cx), round(cy))
            assert not counter.collidepoint(middle), (b, n, i)


def test_a_stack_elsewhere_keeps_its_diagonal_step() -> None:
    rules = Game.new(0).rules
    geo = Geometry(rules)
    plain = next(s for s in rules.track_spaces if s not in rules.barrier_space.values())
    cx, cy = geo.pos(plain)
    assert geo.enemy_slot(plain, 0, 3) == (cx - 5, cy + 5)
    assert geo.enemy_slot(plain, 2, 3) == (cx + 5, cy - 5)


def test_a_counter_waiting_to_come_in_covers_no_support_square_or_its_name() -> None:
    """A counter placed on a space waits beside it for the counters ahead to advance: never over a support square
    or its name tab (over track 11-12, space 3 it covered "E · IG"), always on the board."""
    from game.ui.layout import BOARD_RECT, support_tab

    rules = Game.new(0).rules
    geo = Geometry(rules)
    squares = {sp: geo.rect(sp).union(support_tab(geo.rect(sp))) for sp in rules.support_spaces}
    for space in rules.track_spaces:
        x, y = geo.waiting(space)
        counter = pygame.Rect(0, 0, ENEMY_PX, ENEMY_PX)
        counter.center = (round(x), round(y))
        assert BOARD_RECT.contains(counter), space
        assert [sp for sp, r in squares.items() if r.colliderect(counter)] == [], space
