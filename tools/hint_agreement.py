"""Does the Hint say what a much longer search says? The Hint's planner against the same planner given ten times
the futures, at every decision where the Hint looks ahead (issue 35).

    python tools/hint_agreement.py --games 10 --jobs 2

The positions are those of games played by the heuristic (seeds ``--seed``..). At each decision with a choice,
the Hint's planner (``game.ai.HINT_POLICY``) decides, and where it looked ahead (``PlannerPolicy.last_lookahead``:
the options it weighed, each played on the same sampled futures) a long search weighs the same options on
``--factor`` times as many futures (the planner with its sample counts multiplied, every option played on every
future: no screen). The long search's best option is the one of highest mean value; a decision counts where that
mean is at least ``--gap`` points above every other option's. The tool prints how many such decisions there were,
how often the Hint chose the long search's best among them, and the points a decision the Hint gives away by the
long search's reckoning (its best option's mean minus the mean of the option the Hint chose), with each search's
time. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from game.ai import HINT_POLICY, HeuristicPolicy, PlannerPolicy, make_policy, parse_policy
from game.rules import Game
from game.sim import default_jobs, mean_ci, run_tasks


def long_search(hint: str, factor: int, seed: int) -> PlannerPolicy:
    """The Hint's planner with ``factor`` times its futures and no screen."""
    _base, settings = parse_policy(hint)
    own = make_policy(hint, seed)
    assert isinstance(own, PlannerPolicy)
    # its sample counts as the Hint's planner has them (its settings or the planner's defaults), multiplied
    scaled: dict[str, Any] = {**settings, "screen": 0, "samples": own.samples * factor,
                              "plan_samples": own.plan_samples * factor, "plan_rollouts": own.plan_rollouts * factor}
    return PlannerPolicy(seed, **scaled)


def ask(game: Game, hint: str, factor: int, gap: float, seed: int) -> dict[str, Any] | None:
    """The Hint's planner and the long search at one decision: None where the Hint did not look ahead, otherwise
    the options' means by the long search (on ``factor`` times the Hint's futures), the Hint's choice and the long
    search's best, whether that best leads every other option by ``gap`` points, and the points the Hint's choice
    gives away by the long search's reckoning."""
    adviser = make_policy(hint, seed)
    assert isinstance(adviser, PlannerPolicy)
    started = time.perf_counter()
    adviser.explain(game.clone())
    hint_seconds = time.perf_counter() - started
    looked = adviser.last_lookahead
    if looked is None:
        return None
    longer = long_search(hint, factor, seed + 500)
    started = time.perf_counter()
    values = longer.compare(game, looked.options, len(looked.values[0]) * factor)
    long_seconds = time.perf_counter() - started
    means = [sum(v) / len(v) for v in values]
    best = max(range(len(means)), key=lambda i: (means[i], -i))
    second = max((m for i, m in enumerate(means) if i != best), default=means[best])
    return {"kind": str((game.decision or {}).get("kind", "")), "attack": int(game.state["attack"]),
            "options": len(means), "means": means, "hint": looked.chosen, "best": best,
            "clear": len(means) > 1 and means[best] - second >= gap, "given_away": means[best] - means[looked.chosen],
            "hint_seconds": hint_seconds, "long_seconds": long_seconds}


def one_game(task: tuple[int, str, str, int, float]) -> list[dict[str, Any]]:
    """Every decision of one heuristic game where the Hint looked ahead (:func:`ask`)."""
    seed, difficulty, hint, factor, gap = task
    game, player = Game.new(seed, difficulty), HeuristicPolicy(seed)
    rows: list[dict[str, Any]] = []
    n = 0
    while not game.over:
        n += 1
        if len(game.legal_actions()) > 1:
            row = ask(game, hint, factor, gap, seed * 1000 + n)
            if row is not None:
                rows.append({"seed": seed, "decision": n, **row})
        game.apply(player.choose(game))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="heuristic games whose decisions are asked (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--difficulty", default="standard", choices=("standard", "veteran", "elite"))
    parser.add_argument("--hint", default=HINT_POLICY, help=f"the Hint's planner (default {HINT_POLICY})")
    parser.add_argument("--factor", type=int, default=10, help="the long search's futures, times the Hint's (10)")
    parser.add_argument("--gap", type=float, default=0.5,
                        help="points by which the long search's best must lead to count (default 0.5)")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: the cores)")
    parser.add_argument("--json", action="store_true", help="print every decision and the summary as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.factor < 1 or args.jobs < 1:
        parser.error("--games, --factor and --jobs must be 1 or more")
    try:
        parse_policy(args.hint)
    except ValueError as exc:
        parser.error(str(exc))
    if not args.hint.startswith("planner"):
        parser.error("--hint must be the planner, with or without settings")
    tasks = [(seed, args.difficulty, args.hint, args.factor, args.gap)
             for seed in range(args.seed, args.seed + args.games)]
    per_game = run_tasks(one_game, tasks, args.jobs)
    rows = [row for game_rows in per_game for row in game_rows]
    clear = [row for row in rows if row["clear"]]
    agreed = sum(1 for row in clear if row["hint"] == row["best"])
    summary: dict[str, Any] = {
        "games": args.games, "difficulty": args.difficulty, "hint": args.hint, "factor": args.factor,
        "gap": args.gap, "lookaheads": len(rows), "clear": len(clear), "agreed": agreed,
        "agreement": agreed / len(clear) if clear else None,
        "given_away": mean_ci([row["given_away"] for row in rows]) if len(rows) > 1 else None,
        "hint_seconds_max": max((row["hint_seconds"] for row in rows), default=0.0),
        "long_seconds_mean": sum(row["long_seconds"] for row in rows) / len(rows) if rows else 0.0,
    }
    if args.json:
        print(json.dumps({"rows": rows, "summary": summary}, indent=1))
        return 0
    print(f"{args.games} {args.difficulty} heuristic games from seed {args.seed}: the Hint ({args.hint}) looked "
          f"ahead at {len(rows)} decisions; the long search ({args.factor}x the futures, "
          f"{summary['long_seconds_mean']:.2f} s a decision on average) saw a lead of {args.gap:g} points or more at "
          f"{len(clear)}")
    if clear:
        print(f"  the Hint chose the long search's best at {agreed} of them: {100 * agreed / len(clear):.0f}%")
    if summary["given_away"] is not None:
        mean, low, high = summary["given_away"]
        print(f"  points a lookahead the Hint gives away by the long search's reckoning: {mean:.3f} "
              f"(95% interval {low:.3f} to {high:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
