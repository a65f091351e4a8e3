"""Does the planner's leaf see what its choices change? Move plans played on the same futures to the next Defense
Phase (where the planner values them) and on to the end of the game (issue 35).

    python tools/leaf_fidelity.py --games 60 --jobs 2

At the first move of each Defense Phase of heuristic games (seeds ``--seed``..) the planner's move plans are made
(``PlannerPolicy.move_plans``: the heuristic's and its alternatives). Each alternative and the heuristic's plan
are played on ``--futures`` futures redrawn from what the player knows (``Game.redrawn``), the same futures for
both (and the keyed dice: the same rolls for the same things), by the heuristic after the plan: to the start of
the next Defense Phase, where the planner's evaluation (``planner.evaluate``) values the position, then on to the
end, where the final score is the truth. For each pair the tool compares the difference of the leaf values with
the difference of the final scores: their correlation, how often their signs agree, and the mean and spread of
the final differences by Attack (how much the choice of plan is worth). A leaf that sees the consequences of a
choice correlates with the final difference; the planner's lookahead is worth what that correlation is.

With two futures or more per alternative, the spread between futures is told apart from the true difference of
two plans (their mean over all futures): ``true_sd`` is the spread of the true final differences, and each
horizon's ``true_correlation`` compares its leaf with the final difference on *other* futures of the same pair, so
that what the futures add to both (the dice) leaves it. And ``rules`` values the planner's way of choosing on
these positions, split in halves: on the first half of the futures, the alternative whose leaf beats the
heuristic's plan's by more than a threshold (the most) is chosen; the second half's final scores say what the
choice gained, in points a game (each choice in a game of the heuristic's otherwise). It measures; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from typing import Any

from game.ai import HeuristicPolicy, PlannerPolicy
from game.ai.planner import evaluate
from game.rules import Action, Game
from game.rules.kinds import DecisionKind
from game.rules.rng import Pcg32
from game.sim import default_jobs, mean_ci, run_tasks

MAX_DECISIONS = 3000
FUTURES_STREAM = 0x6C656166
HORIZONS = 3  # leaves at the next 1, 2 and 3 Defense Phases


def play_out(game: Game, future: tuple[int, int], plan: list[Action], heuristic: HeuristicPolicy,
             horizons: int = HORIZONS) -> tuple[list[float], float]:
    """``plan`` then the heuristic on the future ``future`` of ``game``: the leaf values at the start of each of
    the next ``horizons`` Defense Phases (the planner's ``plan_turns`` 1, 2, ...; the final value for those the
    game ends before) and the final value."""
    sim = game.redrawn(Pcg32(future[0], future[1] | 1))
    turn = int(sim.state["turn"])
    for action in plan:
        if sim.over:
            break
        sim.apply(action)
    leaves: list[float] = []
    for _ in range(MAX_DECISIONS):
        if sim.over:
            final = evaluate(sim)
            return leaves + [final] * (horizons - len(leaves)), final
        if len(leaves) < horizons and int(sim.state["turn"]) >= turn + len(leaves) + 1 and \
                (sim.decision or {}).get("kind") in (DecisionKind.MOVES, DecisionKind.ACTIONS):
            leaves.append(evaluate(sim))
        sim.apply(heuristic.choose(sim))
    raise RuntimeError("a rollout did not end")


def one_game(task: tuple[int, str, int]) -> list[dict[str, Any]]:
    """The pairs of one heuristic game: for each alternative move plan and future, the leaf and final values of
    the heuristic's plan (a) and the alternative (b)."""
    seed, difficulty, futures = task
    game, heuristic, planner = Game.new(seed, difficulty), HeuristicPolicy(seed), PlannerPolicy(seed)
    rng = Pcg32.seeded(seed, FUTURES_STREAM)
    rows: list[dict[str, Any]] = []
    last_turn = -1
    while not game.over:
        if (game.decision or {}).get("kind") == DecisionKind.MOVES and int(game.state["turn"]) != last_turn:
            last_turn = int(game.state["turn"])
            plans = [plan for plan, _reason in planner.move_plans(game)]
            for i, alternative in enumerate(plans[1:], 1):
                for j in range(futures):
                    future = (rng.next32(), rng.next32())
                    leaves_a, final_a = play_out(game, future, plans[0], heuristic)
                    leaves_b, final_b = play_out(game, future, alternative, heuristic)
                    rows.append({"seed": seed, "turn": last_turn, "attack": int(game.state["attack"]),
                                 "plan": i, "future": j,
                                 "leaves": [a - b for a, b in zip(leaves_a, leaves_b, strict=True)],
                                 "final": final_a - final_b})
        game.apply(heuristic.choose(game))
    return rows


def correlation(a: list[float], b: list[float]) -> float:
    """Pearson's correlation (0 when either side does not vary)."""
    n = len(a)
    if n < 2:
        return 0.0
    ma, mb = sum(a) / n, sum(b) / n
    va, vb = sum((x - ma) ** 2 for x in a), sum((y - mb) ** 2 for y in b)
    if va <= 0 or vb <= 0:
        return 0.0
    return sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True)) / math.sqrt(va * vb)


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The leaf's fidelity over ``rows``, at each horizon: the correlation of the leaf and final differences, the
    share of the pairs whose leaf and final differences both differ from 0 in which their signs agree; and the final
    differences by Attack (mean with its 95% interval, standard deviation)."""
    final = [row["final"] for row in rows]
    horizons = []
    for h in range(len(rows[0]["leaves"]) if rows else 0):
        leaf = [row["leaves"][h] for row in rows]
        signed = [(x > 0) == (y > 0) for x, y in zip(leaf, final, strict=True) if y != 0 and x != 0]
        horizons.append({"turns": h + 1, "correlation": correlation(leaf, final),
                         "sign_agreement": sum(signed) / len(signed) if signed else None})
    by_attack: dict[str, Any] = {}
    for attack in sorted({row["attack"] for row in rows}):
        diffs = [row["final"] for row in rows if row["attack"] == attack]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
        by_attack[str(attack)] = {"pairs": len(diffs), "final": mean_ci(diffs), "sd": spread}
    result: dict[str, Any] = {"pairs": len(rows), "horizons": horizons, "by_attack": by_attack}
    groups = _groups(rows)
    if groups:
        true_var = _true_var(groups, lambda row: float(row["final"]))
        result["true_sd"] = math.sqrt(max(0.0, true_var))
        for h, row in enumerate(horizons):
            leaf_var = _true_var(groups, _leaf(h))
            cov = _cross_cov(groups, h)
            row["true_correlation"] = cov / math.sqrt(leaf_var * true_var) if leaf_var > 0 and true_var > 0 else None
        result["rules"] = split_half(groups, len(horizons))
    return result


Group = list[dict[str, Any]]


def _leaf(h: int) -> Callable[[dict[str, Any]], float]:
    return lambda row: float(row["leaves"][h])


def _groups(rows: list[dict[str, Any]]) -> list[Group]:
    """The rows of each pair of plans (one position, one alternative) on its futures, when every pair has the
    same number of futures, two or more (else none)."""
    by: dict[tuple[int, int, int], Group] = {}
    for row in rows:
        if "plan" not in row:
            return []
        by.setdefault((row["seed"], row["turn"], row["plan"]), []).append(row)
    sizes = {len(group) for group in by.values()}
    return list(by.values()) if len(sizes) == 1 and min(sizes) >= 2 and len(by) >= 2 else []


def _true_var(groups: list[Group], value: Callable[[dict[str, Any]], float]) -> float:
    """The variance of the pairs' mean values over all futures: the spread of the pairs' means less what their
    few futures add to it (one-way analysis of variance)."""
    k = len(groups[0])
    means = [sum(value(row) for row in group) / k for group in groups]
    within = sum(sum((value(row) - m) ** 2 for row in group) / (k - 1)
                 for group, m in zip(groups, means, strict=True)) / len(groups)
    grand = sum(means) / len(means)
    between = sum((m - grand) ** 2 for m in means) / (len(means) - 1)
    return float(between - within / k)


def _cross_cov(groups: list[Group], h: int) -> float:
    """The covariance of a pair's leaf at horizon ``h`` on one future with its final difference on another."""
    total, count = 0.0, 0
    for group in groups:
        for i, a in enumerate(group):
            for j, b in enumerate(group):
                if i != j:
                    total += a["leaves"][h] * b["final"]
                    count += 1
    rows = [row for group in groups for row in group]
    leaf = sum(row["leaves"][h] for row in rows) / len(rows)
    final = sum(row["final"] for row in rows) / len(rows)
    return float(total / count - leaf * final)


THRESHOLDS = (0.0, 0.1, 0.3, 0.5, 1.0)


def _leader(pairs: list[Group], h: int, half: int, threshold: float) -> Group | None:
    """Of one position's pairs, the one whose alternative's mean leaf at horizon ``h`` on the first ``half``
    futures leads the heuristic's plan's the most, by more than ``threshold`` (none if no lead is that large)."""
    best, lead = None, threshold
    for group in pairs:  # (the rows are the heuristic's plan minus the alternative)
        x = -sum(row["leaves"][h] for row in group[:half]) / half
        if x > lead:
            best, lead = group, x
    return best


def split_half(groups: list[Group], horizons: int) -> list[dict[str, Any]]:
    """At each position, the alternative whose mean leaf on the first half of the futures beats the heuristic's
    plan's by more than each threshold (the one that beats it most), valued by its mean final difference on the
    second half: the points a game the choosing gains (the sum over a game's positions, averaged over games) and
    how often it chooses an alternative."""
    k = len(groups[0])
    half = k // 2
    positions: dict[tuple[int, int], list[Group]] = {}
    for group in groups:
        positions.setdefault((group[0]["seed"], group[0]["turn"]), []).append(group)
    games = sorted({seed for seed, _turn in positions})
    out = []
    for h in range(horizons):
        for threshold in THRESHOLDS:
            per_game = dict.fromkeys(games, 0.0)
            chosen = 0
            for (seed, _turn), pairs in positions.items():
                best = _leader(pairs, h, half, threshold)
                if best is not None:
                    chosen += 1
                    per_game[seed] -= sum(row["final"] for row in best[half:]) / (k - half)
            out.append({"turns": h + 1, "threshold": threshold, "chosen": chosen, "positions": len(positions),
                        "gain": mean_ci(list(per_game.values()))})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="heuristic games whose Defense Phases are asked (60)")
    parser.add_argument("--seed", type=int, default=10000, help="the first seed (default 10000)")
    parser.add_argument("--difficulty", default="standard", choices=("standard", "veteran", "elite"))
    parser.add_argument("--futures", type=int, default=2, help="futures each alternative is played on (default 2)")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: the cores)")
    parser.add_argument("--json", action="store_true", help="print every pair and the summary as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.futures < 1 or args.jobs < 1:
        parser.error("--games, --futures and --jobs must be 1 or more")
    started = time.perf_counter()
    tasks = [(seed, args.difficulty, args.futures) for seed in range(args.seed, args.seed + args.games)]
    per_game = run_tasks(one_game, tasks, args.jobs)
    rows = [row for game_rows in per_game for row in game_rows]
    result = summary(rows)
    if args.json:
        print(json.dumps({"rows": rows, "summary": result}, indent=1))
        return 0
    print(f"{args.games} {args.difficulty} heuristic games from seed {args.seed}: {result['pairs']} pairs of move "
          f"plans on the same futures ({time.perf_counter() - started:.0f} s)")
    for row in result["horizons"]:
        agree = row["sign_agreement"]
        print(f"  leaf {row['turns']} Defense Phase(s) on: correlation with the final difference "
              f"{row['correlation']:+.3f}" + (f", the same sign in {100 * agree:.0f}% of the pairs where both differ "
                                               "from 0" if agree is not None else ""))
    for attack, row in result["by_attack"].items():
        mean, low, high = row["final"]
        print(f"  Attack {attack}: {row['pairs']} pairs, the heuristic's plan - the alternative {mean:+.2f} points "
              f"(95% interval {low:+.2f} to {high:+.2f}), standard deviation {row['sd']:.1f}")
    if "true_sd" in result:
        print(f"  over all futures, the true final differences spread {result['true_sd']:.2f} points (standard "
              "deviation); each leaf's correlation with them: " +
              ", ".join(f"{row['turns']} on {row['true_correlation']:+.2f}" if row["true_correlation"] is not None
                        else f"{row['turns']} on -" for row in result["horizons"]))
        print("  choosing the alternative whose leaf (first half of the futures) leads by more than a threshold, "
              "valued on the second half (points a game):")
        for row in result["rules"]:
            mean, low, high = row["gain"]
            print(f"    leaf {row['turns']} on, lead > {row['threshold']:.1f}: {mean:+.2f} ({low:+.2f} to "
                  f"{high:+.2f}), an alternative chosen at {row['chosen']} of {row['positions']} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
