"""tools/leaf_fidelity.py (issue 35): the planner's leaf against the final score on the same futures."""

from __future__ import annotations

import random

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


def test_the_true_spread_and_correlation_leave_out_what_the_futures_add() -> None:
    """1500 pairs whose true final differences spread 2 points (standard deviation), each on 4 futures that add
    noise of 5 points: the true spread found is 2 (within a tenth), not the noise's; a leaf equal to the true
    difference correlates +1 with it (within 0.1), its opposite -1, while the leaf and the final difference on
    the same futures correlate far less."""
    rng = random.Random(1)
    rows: list[dict[str, object]] = []
    for pair in range(1500):
        true = rng.gauss(0.0, 2.0)
        for j in range(4):
            rows.append({"seed": pair // 3, "turn": 1, "attack": 1, "plan": pair % 3 + 1, "future": j,
                         "leaves": [true, -true], "final": true + rng.gauss(0.0, 5.0)})
    result = fidelity.summary(rows)
    assert result["true_sd"] == pytest.approx(2.0, abs=0.2)
    first, second = result["horizons"]
    assert first["true_correlation"] == pytest.approx(1.0, abs=0.1)
    assert second["true_correlation"] == pytest.approx(-1.0, abs=0.1)
    assert first["correlation"] < 0.5


def test_the_split_half_rule_counts_the_alternative_it_chooses_on_the_other_futures() -> None:
    """Two positions of one game: at the first, the alternative whose leaf leads by 1 on the first half of the
    futures (the rows are the heuristic's plan minus the alternative) is chosen at thresholds below 1 and gains
    its final difference on the second half (3 points); at the second, no alternative leads and nothing is
    chosen."""
    rows = [
        # position (7, 1): plan 1 leads by 1 (leaf -1), finals +4 and +2 on the first half, -3 and -3 on the second
        *({"seed": 7, "turn": 1, "attack": 1, "plan": 1, "future": j, "leaves": [-1.0], "final": f}
          for j, f in enumerate([4.0, 2.0, -3.0, -3.0])),
        # plan 2 trails (leaf +1)
        *({"seed": 7, "turn": 1, "attack": 1, "plan": 2, "future": j, "leaves": [1.0], "final": -9.0}
          for j in range(4)),
        # position (7, 2): one alternative, trailing
        *({"seed": 7, "turn": 2, "attack": 2, "plan": 1, "future": j, "leaves": [0.5], "final": 1.0}
          for j in range(4)),
    ]
    rules = {row["threshold"]: row for row in fidelity.summary(rows)["rules"]}
    assert rules[0.5]["chosen"] == 1 and rules[0.5]["positions"] == 2 and rules[0.5]["gain"][0] == 3.0
    assert rules[1.0]["chosen"] == 0 and rules[1.0]["gain"][0] == 0.0


def test_rows_without_futures_to_compare_have_no_true_figures() -> None:
    rows = [{"seed": 1, "turn": 1, "attack": 1, "plan": 1, "future": 0, "leaves": [1.0], "final": 2.0},
            {"seed": 1, "turn": 2, "attack": 1, "plan": 1, "future": 0, "leaves": [0.0], "final": 1.0}]
    result = fidelity.summary(rows)
    assert "true_sd" not in result and "rules" not in result
