"""Benchmark of the rules core: full random games on one core (no multiprocessing).

    python tools/bench_rules.py [--games 200] [--seed 0]

Prints games per second, decisions per second and the mean number of decisions per game. It measures; it
asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from game.ai import RandomPolicy
from game.rules import Game


def bench(games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` random games (seeds ``seed``..); returns (seconds, decisions)."""
    decisions = 0
    started = time.perf_counter()
    for i in range(games):
        game = Game.new(seed + i)
        policy = RandomPolicy(seed + i)
        while not game.over:
            game.apply(policy.choose(game))
            decisions += 1
    return time.perf_counter() - started, decisions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Full random games per second on one core.")
    parser.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    seconds, decisions = bench(args.games, args.seed)
    print(f"{args.games} random games in {seconds:.2f} s on one core (Python {sys.version.split()[0]})")
    print(f"games per second:     {args.games / seconds:10.1f}")
    print(f"decisions per second: {decisions / seconds:10.1f}")
    print(f"decisions per game:   {decisions / args.games:10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
