"""What the board lights when the player points at a defender (issue "A board a player reads at a glance"):
``Game.sight`` gives the spaces he could fire at (4.2.1 with 1.4); the counters he may attack are exactly the top
counters of the occupied ones, in every position of whole random games."""

from __future__ import annotations

import random

from game.rules import Game
from game.rules import queries as q


def top_counters(game: Game, spaces: list[str]) -> set[str]:
    s = game.state
    out: set[str] = set()
    for space in spaces:
        if space.endswith(":interior"):
            out.update(s["interior"][space.split(":")[0]])
        else:
            stack = s["spaces"].get(space) or s["support"].get(space) or []
            out.update(stack[-1:])
    return out


def test_the_counters_a_defender_may_attack_are_the_tops_of_the_spaces_he_sees() -> None:
    checked = 0
    for seed in range(12):
        game = Game.new(seed)
        rng = random.Random(seed)
        while not game.over:
            for name, d in game.state["defenders"].items():
                if d["status"] == "board":
                    assert top_counters(game, game.sight(name)) == set(q.targets(game, name)), (seed, name)
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 5000


def test_from_the_upper_floors_only_a_ranged_weapon_reaches_outside() -> None:
    seen_ranged = seen_plain = 0
    for seed in range(6):
        game = Game.new(seed)
        rng = random.Random(seed)
        while not game.over:
            for name, d in game.state["defenders"].items():
                if d["status"] != "board" or game.rules.floor_of(d["space"]) != "upper":
                    continue
                outside = [s for s in game.sight(name) if not s.endswith(":interior")]
                if q.has_designation(game, d["space"], "R") and not game.rules.is_interior(d["space"]):
                    assert outside, (seed, name)
                    seen_ranged += 1
                else:
                    assert outside == [], (seed, name)
                    seen_plain += 1
            game.apply(rng.choice(game.legal_actions()))
    assert seen_ranged and seen_plain
