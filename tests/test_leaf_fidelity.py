"""tools/leaf_fidelity.py (issue 35): the planner's leaf against the final score on the same futures."""

from __future__ import annotations

import pytest

from game.ai import HeuristicPolicy, PlannerPolicy
from game.ai.planner import evaluate
from game.rules.rng import Pcg32
from tests.helpers import load_tool
from tests.test_ai import _move_plan_starts

fidelity = load_tool("leaf_fidelity")


def test_a_play_out_is_the_plan_then_the_heuristic_on_the_redrawn_future() -> None:
    """The leaf is the planner's evaluation at the next Defense Phase and the final value that of the game played
    to its end, on the future the core redraws; the same future and plan give the same values."""
    game = _move_plan_starts(per_attack=1)[0]
    plan = PlannerPolicy(1).move_plans(game)[0][0]
    heuristic = HeuristicPolicy(1)
    leaves, final = fidelity.play_out(game, (123, 456), plan, heuristic, horizons=2)
    assert fidelity.play_out(game, (123, 456), plan, heuristic, horizons=2) == (leaves, final)
    sim = game.redrawn(Pcg32(123, 456 | 1))
    turn = int(sim.state["turn"])
    for action in plan:
        sim.apply(action)
    seen: list[float] = []
    while not sim.over:
        if len(seen) < 2 and int(sim.state["turn"]) >= turn + len(seen) + 1 and \
                (sim.decision or {}).get("kind") in ("moves", "actions"):
            seen.append(evaluate(sim))
        sim.apply(heuristic.choose(sim))
    assert (leaves, final) == (seen + [evaluate(sim)] * (2 - len(seen)), evaluate(sim))


def test_the_summary_counts_what_it_says() -> None:
    rows = [{"attack": 1, "leaves": [1.0, 2.0], "final": 10.0}, {"attack": 1, "leaves": [-1.0, -3.0], "final": -6.0},
            {"attack": 2, "leaves": [0.5, -1.0], "final": -2.0}, {"attack": 2, "leaves": [0.2, 0.0], "final": 0.0}]
    result = fidelity.summary(rows)
    assert result["pairs"] == 4
    first, second = result["horizons"]
    assert first["sign_agreement"] == pytest.approx(2 / 3)  # the pair whose final difference is 0 is left out
    assert second["sign_agreement"] == 1.0 and second["turns"] == 2
    assert second["correlation"] > first["correlation"]
    assert result["by_attack"]["1"]["pairs"] == 2 and result["by_attack"]["1"]["final"][0] == 2.0
    assert result["by_attack"]["2"]["final"][0] == -1.0
    assert fidelity.correlation([1.0, 2.0, 3.0], [2.0, 4.0, 6.0]) == pytest.approx(1.0)
    assert fidelity.correlation([1.0, 2.0, 3.0], [3.0, 2.0, 1.0]) == pytest.approx(-1.0)
    assert fidelity.correlation([1.0, 1.0], [3.0, 2.0]) == 0.0
