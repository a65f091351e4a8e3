"""Benchmark of the rules core: full random games on one core (no multiprocessing), against python-chess in the
same run.

    python tools/bench_rules.py [--games 200] [--seed 0] [--chess-games 200] [--profile 20] [--rounds 10]

Prints, for Postmen: games and decisions per second, the time of a decision split between generating the legal
actions, choosing, applying (with the dice it rolls) and copying the game (``Game.clone``, what the planner does
for each sampled future), and the functions a profile of the same games spends most time in. Then the same
count of random python-chess games (random legal moves until the game is over or 200 plies, seeded) and the
ratio of Postmen's games per second to chess's: the README's figure is this ratio, measured in one run on one
machine. The games are played in rounds, a share of Postmen's then a share of chess's, so that a shared machine
slowing down for a while slows both sides alike; the ratio of each round is printed too (median and range).
It measures; it asserts nothing about speed. python-chess comes with the ``bench`` extra
(``pip install -c tools/constraints.txt -e '.[bench]'``); without it the chess part is skipped and said so.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import RandomPolicy  # noqa: E402
from game.rules import Game  # noqa: E402
from game.rules import rng as dice  # noqa: E402


@dataclass
class Split:
    """Seconds spent in each part of the decisions of the games played."""

    games: int = 0
    decisions: int = 0
    total: float = 0.0
    legal: float = 0.0  # Game.legal_actions (generated once a decision, then read from its cache)
    choose: float = 0.0  # the random policy's pick
    apply: float = 0.0  # Game.apply: the action, the rule steps up to the next decision, the dice they roll
    copy: float = 0.0  # one Game.clone a decision


def play(games: int, seed: int) -> Split:
    """Play ``games`` random games (seeds ``seed``..), timing each part of every decision."""
    out = Split(games=games)
    clock = time.perf_counter
    started = clock()
    for i in range(games):
        game = Game.new(seed + i)
        policy = RandomPolicy(seed + i)
        while not game.over:
            t0 = clock()
            game.legal_actions()
            t1 = clock()
            action = policy.choose(game)
            t2 = clock()
            game.clone()
            t3 = clock()
            game.apply(action)
            t4 = clock()
            out.legal += t1 - t0
            out.choose += t2 - t1
            out.copy += t3 - t2
            out.apply += t4 - t3
            out.decisions += 1
    out.total = clock() - started - out.copy  # the games themselves: the copies are extra work of this bench
    return out


def games_only(games: int, seed: int) -> float:
    """Seconds for ``games`` random games with nothing else timed (the games-per-second figure)."""
    started = time.perf_counter()
    for i in range(games):
        game = Game.new(seed + i)
        policy = RandomPolicy(seed + i)
        while not game.over:
            game.apply(policy.choose(game))
    return time.perf_counter() - started


def profile(games: int, seed: int, top: int) -> tuple[str, float]:
    """The profile of ``games`` random games: its ``top`` functions by own time, and the share of the time spent
    in the dice generator (game/rules/rng.py)."""
    prof = cProfile.Profile()
    prof.enable()
    games_only(games, seed)
    prof.disable()
    text = io.StringIO()
    stats = pstats.Stats(prof, stream=text)
    stats.sort_stats("tottime").print_stats(top)
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in raw.values())
    rolled = sum(v[2] for k, v in raw.items() if k[0] == dice.__file__)
    lines = [line for line in text.getvalue().splitlines() if line.strip()]
    start = next((k for k, line in enumerate(lines) if line.lstrip().startswith("ncalls")), 0)
    return "\n".join(lines[start:]), rolled / total if total else 0.0


def chess_games(games: int, seed: int) -> float | None:
    """Seconds for ``games`` random games of python-chess (seeded random legal moves until the game is over or
    200 plies), or None when python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None
    started = time.perf_counter()
    for i in range(games):
        rand = random.Random(seed + i)
        board = chess.Board()
        plies = 0
        while plies < 200 and not board.is_game_over():
            board.push(rand.choice(list(board.legal_moves)))
            plies += 1
    return time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Full random games per second on one core, against python-chess.")
    parser.add_argument("--games", type=int, default=200, help="Postmen games (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--chess-games", type=int, default=200, help="python-chess games (default 200)")
    parser.add_argument("--profile", type=int, default=20, help="functions of the profile to print (0: none)")
    parser.add_argument("--rounds", type=int, default=10,
                        help="rounds the games are split into, Postmen and chess taking turns (default 10)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.chess_games < 0 or args.profile < 0 or args.rounds < 1:
        parser.error("--games and --rounds must be 1 or more; --chess-games and --profile 0 or more")
    import_chess = chess_games(0, 0) is not None
    rounds = interleaved(args.games, args.chess_games if import_chess else 0, args.seed, args.rounds)
    seconds = sum(p for p, _ in rounds)
    split = play(args.games, args.seed)
    rate = args.games / seconds
    print(f"Postmen: {args.games} random games in {seconds:.2f} s on one core (Python {sys.version.split()[0]})")
    print(f"  games per second:     {rate:10.1f}")
    print(f"  decisions per second: {split.decisions / seconds:10.1f}")
    print(f"  decisions per game:   {split.decisions / args.games:10.1f}")
    if args.profile:
        table, rolled = profile(max(1, args.games // 4), args.seed, args.profile)
    else:
        table, rolled = "", 0.0
    timed = split.legal + split.choose + split.apply
    print("  time of a decision (timed run; the clone is extra work, shown for the planner's rollouts):")
    for name, part in (("legal actions", split.legal), ("choose", split.choose), ("apply", split.apply)):
        print(f"    {name:14s} {1e6 * part / split.decisions:8.1f} us  {100 * part / timed:5.1f}%")
    print(f"    {'Game.clone':14s} {1e6 * split.copy / split.decisions:8.1f} us  ({100 * split.copy / timed:.1f}% "
          "of a decision)")
    if args.profile:
        print(f"    dice (of all, by the profile): {100 * rolled:.1f}%")
        print(f"  profile of {max(1, args.games // 4)} games, top {args.profile} by own time:")
        print("\n".join("    " + line for line in table.splitlines()))
    if args.chess_games:
        if not import_chess:
            print("python-chess: not installed (pip install -c tools/constraints.txt -e '.[bench]'); no ratio")
        else:
            chess_seconds = sum(c for _, c in rounds)
            chess_rate = args.chess_games / chess_seconds
            print(f"python-chess: {args.chess_games} random games in {chess_seconds:.2f} s, "
                  f"{chess_rate:.1f} games per second")
            ratios = sorted(round_ratios(rounds, args.games, args.chess_games))
            print(f"ratio: Postmen {rate:.1f} / chess {chess_rate:.1f} games per second = {rate / chess_rate:.2f}x; "
                  f"by round (the two take turns, {len(rounds)} rounds): median {statistics.median(ratios):.2f}x, "
                  f"{ratios[0]:.2f}x to {ratios[-1]:.2f}x")
    return 0


def interleaved(games: int, chess: int, seed: int, rounds: int) -> list[tuple[float, float]]:
    """Seconds of Postmen's and of chess's games in each of ``rounds`` rounds: each round plays its share of the
    ``games`` (seeds going on from ``seed``) then its share of the ``chess`` games, so a machine that slows down
    for a while slows both sides of a round alike."""
    out: list[tuple[float, float]] = []
    done = chess_done = 0
    for k in range(1, rounds + 1):
        n, m = games * k // rounds - done, chess * k // rounds - chess_done
        postmen = games_only(n, seed + done) if n else 0.0
        other = (chess_games(m, seed + chess_done) or 0.0) if m else 0.0
        out.append((postmen, other))
        done, chess_done = done + n, chess_done + m
    return out


def round_ratios(rounds: list[tuple[float, float]], games: int, chess: int) -> list[float]:
    """Postmen's games per second over chess's, in each round that played both."""
    k = len(rounds)
    out = []
    for i, (postmen, other) in enumerate(rounds):
        n, m = games * (i + 1) // k - games * i // k, chess * (i + 1) // k - chess * i // k
        if n and m and postmen > 0 and other > 0:
            out.append((n / postmen) / (m / other))
    return out


if __name__ == "__main__":
    sys.exit(main())
