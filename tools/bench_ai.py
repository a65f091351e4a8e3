"""Benchmark of the autoplay policies: decision time (median, p95, max) and whole games per second.

    python tools/bench_ai.py [--games 10] [--seed 0] [--policy random,heuristic,planner] [--hints]

Plays ``--games`` games per policy on one core (seeds ``seed``..) and times every ``choose()`` call; the
slowest decision kinds are listed too. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from game.ai import POLICIES, make_policy, policy_name, split_policies
from game.rules import Game


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(policy: str, games: int, seed: int) -> tuple[dict[str, list[float]], float, list[int]]:
    """Decision times by decision kind (seconds), total seconds and the final scores."""
    times: dict[str, list[float]] = {}
    scores = []
    started = time.perf_counter()
    for i in range(games):
        game = Game.new(seed + i)
        player = make_policy(policy, seed + i)
        while not game.over:
            kind = str((game.decision or {}).get("kind", ""))
            t0 = time.perf_counter()
            action = player.choose(game)
            times.setdefault(kind, []).append(time.perf_counter() - t0)
            game.apply(action)
        scores.append(int((game.result or {}).get("score", 0)))
    return times, time.perf_counter() - started, scores


def bench_hints(policy: str, games: int, seed: int, every: int = 3) -> list[float]:
    """Times of the Hint button: a fresh policy explaining one decision (every ``every``-th decision of games
    played by the heuristic), in seconds."""
    times = []
    for i in range(games):
        game = Game.new(seed + i)
        player = make_policy("heuristic", seed + i)
        n = 0
        while not game.over:
            if n % every == 0 and len(game.legal_actions()) > 1:
                t0 = time.perf_counter()
                make_policy(policy, seed + n).explain(game)
                times.append(time.perf_counter() - t0)
            game.apply(player.choose(game))
            n += 1
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Decision times and games per second of the autoplay policies.")
    parser.add_argument("--games", type=int, default=10, help="games per policy (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--policy", default=",".join(POLICIES),
                        help="comma-separated policies (default: all); the planner with settings too, e.g. "
                        "'planner[action_from=9]'")
    parser.add_argument("--hints", action="store_true", help="also time the Hint button (fresh policy per hint)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    try:
        names = [policy_name(name) for name in split_policies(args.policy)]
    except ValueError as exc:
        parser.error(str(exc))
    print(f"{args.games} games per policy from seed {args.seed}, one core (Python {sys.version.split()[0]})")
    print(f"{'policy':<10} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'games/s':>8} "
          f"{'mean score':>10}")
    details = []
    for name in names:
        times, seconds, scores = bench(name, args.games, args.seed)
        flat = [t for ts in times.values() for t in ts]
        print(f"{name:<10} {len(flat):>9} {percentile(flat, 0.5) * 1000:>10.2f} {percentile(flat, 0.95) * 1000:>8.2f} "
              f"{max(flat, default=0) * 1000:>8.2f} {args.games / seconds:>8.2f} {sum(scores) / len(scores):>10.2f}")
        for kind, ts in sorted(times.items()):
            details.append(f"  {name:<10} {kind:<12} {len(ts):>6} decisions, median {percentile(ts, 0.5) * 1000:7.2f} "
                           f"ms, p95 {percentile(ts, 0.95) * 1000:7.2f} ms, max {max(ts) * 1000:7.2f} ms")
    print("\nBy decision kind:")
    print("\n".join(details))
    if args.hints:
        print("\nHint button (a fresh policy explains one decision; every third decision of heuristic games):")
        for name in names:
            hints = bench_hints(name, args.games, args.seed)
            print(f"  {name:<10} {len(hints):>6} hints, median {percentile(hints, 0.5) * 1000:7.2f} ms, "
                  f"p95 {percentile(hints, 0.95) * 1000:7.2f} ms, max {max(hints, default=0) * 1000:7.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
