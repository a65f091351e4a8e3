"""Odds badges in a crowd point at their counter (issue 31, a new player's defect): in attack mode each lit
target's chance stands on a pill just off its counter, and the pill's tail reaches that counter, nearer to it
than to any counter of another space."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from game.rules import Game
from game.ui.layout import ENEMY_PX
from game.ui.play.board_layer import _tail
from tests.helpers import load_tool

DATA = Path(__file__).parent / "data"
layout_check = load_tool("layout_check")


def gap(point: tuple[int, int], rect: pygame.Rect) -> float:
    dx = max(rect.left - point[0], 0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
    return math.hypot(dx, dy)


@pytest.mark.parametrize("save", ["busy-attack2.json", "busy-attack3.json"])
def test_each_pills_tail_reaches_its_own_counter_first(save: str) -> None:
    game = Game.from_save((DATA / save).read_text(encoding="utf-8"))
    app, scene = layout_check.still_scene(game, False)
    assert layout_check.aim(scene)
    frame = pygame.Surface((1920, 1080))
    scene.draw(frame)
    pills = scene.board_layer.pills
    assert len(pills) >= 3
    at = scene.positions
    counters = {cid: at.enemy_pos(cid) for cid in scene.view.state["counters"]
                if at.where(cid) in game.rules.track_spaces
                or at.where(cid) in game.rules.support_spaces}
    for pill, aimed in pills:
        tip, _base = _tail(pill, aimed)
        own = pygame.Rect(0, 0, ENEMY_PX, ENEMY_PX)
        own.center = aimed
        assert gap(tip, own) <= 1.5, (pill, aimed)
        for cid, pos in counters.items():
            other = pygame.Rect(0, 0, ENEMY_PX, ENEMY_PX)
            other.center = (int(pos[0]), int(pos[1]))
            if math.dist(pos, aimed) > 16:  # a counter of another stack
                assert gap(tip, other) > gap(tip, own), (pill, cid)


def crowded_column() -> Game:
    """The first action decision of seed 1's heuristic game where a defender may attack five or more counters
    (a column of counters on the rear and basement tracks)."""
    from game.ai import HeuristicPolicy

    game, policy = Game.new(1), HeuristicPolicy(1)
    while not game.over:
        if (game.decision or {}).get("kind") == "actions":
            by: dict[str, int] = {}
            for a in game.legal_actions():
                if a.kind == "attack":
                    by[a.args[0]] = by.get(a.args[0], 0) + 1
            if by and max(by.values()) >= 5:
                return game
        game.apply(policy.choose(game))
    raise AssertionError("no crowded aim in seed 1")


@pytest.mark.parametrize("where", ["crowded", "busy-attack2.json", "busy-attack3.json"])
def test_no_pill_covers_another_counter_s_values_or_another_pill(where: str) -> None:
    """The playtest: on a column of counters each pill sat on its neighbour's "1-4". No pill overlaps the lower
    half (the values) of a counter it is not for, nor another pill."""
    game = crowded_column() if where == "crowded" else Game.from_save((DATA / where).read_text(encoding="utf-8"))
    app, scene = layout_check.still_scene(game, False)
    assert layout_check.aim(scene)
    scene.draw(pygame.Surface((1920, 1080)))
    pills = scene.board_layer.pills
    assert len(pills) >= 3
    at = scene.positions
    centres = {(int(x), int(y)) for x, y in (at.enemy_pos(c) for c in scene.view.state["counters"])}
    half = ENEMY_PX // 2
    for i, (pill, aimed) in enumerate(pills):
        for cx, cy in centres - {aimed}:
            values = pygame.Rect(cx - half, cy + 2, ENEMY_PX, half - 2)
            assert not pill.colliderect(values), (pill, aimed, (cx, cy))
        for other, other_aim in pills[i + 1:]:
            assert other_aim == aimed or not pill.colliderect(other), (pill, other)
