"""Headless simulation: whole games played by an autoplay policy through the rules core's public API.

``simulate`` plays game ``i`` with seed ``seed + i`` (the game and its policy both seeded with it), optionally
over several processes, and aggregates in seed order, so its summary is identical whatever ``jobs`` is; only
``games_per_second`` depends on the machine.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import Counter
from typing import Any

from game.ai import POLICIES, make_policy
from game.rules import Game

ENDINGS = ("fire_truck", "morale", "deck_exhausted")
OUTCOMES = ("win", "draw", "loss")
# Far beyond any real game (a long game takes a few hundred decisions); only guards against a rules bug.
MAX_DECISIONS = 100_000


def play_game(seed: int, policy_name: str = "random") -> dict[str, Any]:
    """Play one full game: ``Game.new(seed)``, the policy seeded with ``seed``; returns its summary."""
    policy = make_policy(policy_name, seed)
    game = Game.new(seed)
    decisions = 0
    while not game.over:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_DECISIONS} decisions (phase {game.phase})")
        game.apply(policy.choose(game))
        decisions += 1
    result = game.result
    assert result is not None
    statuses = Counter(d["status"] for d in game.state["defenders"].values())
    return {
        "seed": seed,
        "score": int(result["score"]),
        "outcome": str(result["outcome"]),
        "how": str(result["how"]),
        "award": str(result["award"]),
        "level": str(result["level"]),
        "attack": int(result["attack"]),
        "turns": int(result["turns"]),
        "decisions": decisions,
        # survivors: every defender who is not a casualty (still in the post office or escaped)
        "survivors": statuses["board"] + statuses["escaped"],
        "escaped": statuses["escaped"],
        "casualties": statuses["casualty"],
    }


def _play_chunk(task: tuple[int, int, str]) -> list[dict[str, Any]]:
    """Worker: games with seeds ``start .. start + count - 1`` (module level, so spawn can pickle it)."""
    start, count, policy_name = task
    return [play_game(start + i, policy_name) for i in range(count)]


def play_games(games: int, seed: int, policy: str = "random", jobs: int = 1) -> list[dict[str, Any]]:
    """The per-game summaries of ``games`` games, in seed order, spread over ``jobs`` processes."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (known: {', '.join(sorted(POLICIES))})")
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    jobs = max(1, min(jobs, games))
    if jobs == 1:
        return _play_chunk((seed, games, policy))
    # Several chunks per process balance uneven game lengths; map() keeps the chunks in seed order.
    size = max(1, -(-games // (jobs * 4)))
    tasks = [(seed + i, min(size, games - i), policy) for i in range(0, games, size)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=jobs) as pool:
        chunks = pool.map(_play_chunk, tasks)
    return [game for chunk in chunks for game in chunk]


def summarize(results: list[dict[str, Any]], policy: str, seed: int, seconds: float) -> dict[str, Any]:
    """Aggregate per-game summaries (in seed order) into the simulation report."""
    n = len(results)

    def mean(key: str) -> float:
        return round(sum(r[key] for r in results) / n, 4) if n else 0.0

    outcomes = Counter(r["outcome"] for r in results)
    endings = Counter(r["how"] for r in results)
    awards = Counter(r["award"] or "none" for r in results)
    scores = Counter(r["score"] for r in results)
    return {
        "games": n,
        "policy": policy,
        "seed": seed,
        "mean_score": mean("score"),
        "min_score": min((r["score"] for r in results), default=0),
        "max_score": max((r["score"] for r in results), default=0),
        "score_distribution": {str(s): scores[s] for s in sorted(scores)},
        "wins": outcomes["win"],
        "draws": outcomes["draw"],
        "losses": outcomes["loss"],
        "win_rate": round(outcomes["win"] / n, 4) if n else 0.0,
        "draw_rate": round(outcomes["draw"] / n, 4) if n else 0.0,
        "loss_rate": round(outcomes["loss"] / n, 4) if n else 0.0,
        "morale_losses": endings["morale"],
        "endings": {**{how: endings[how] for how in ENDINGS}, **{h: c for h, c in sorted(endings.items())
                                                                 if h not in ENDINGS}},
        "awards": dict(sorted(awards.items())),
        "mean_survivors": mean("survivors"),
        "mean_escaped": mean("escaped"),
        "mean_casualties": mean("casualties"),
        "mean_turns": mean("turns"),
        "mean_decisions": mean("decisions"),
        "games_per_second": round(n / seconds, 1) if seconds > 0 else 0.0,
    }


def simulate(games: int, seed: int = 0, policy: str = "random", jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``) and return the aggregate report.

    Every key is identical for identical ``games``, ``seed`` and ``policy`` whatever ``jobs`` is, except
    ``games_per_second``."""
    started = time.perf_counter()
    results = play_games(games, seed, policy, jobs)
    return summarize(results, policy, seed, time.perf_counter() - started)


def format_report(report: dict[str, Any]) -> str:
    """The simulation report as a readable table."""
    n = report["games"]
    lines = [
        f"{n} games, policy {report['policy']}, seeds {report['seed']}..{report['seed'] + n - 1}",
        f"mean score {report['mean_score']:.2f} (min {report['min_score']}, max {report['max_score']}); "
        f"mean survivors {report['mean_survivors']:.1f}, escaped {report['mean_escaped']:.1f}, "
        f"casualties {report['mean_casualties']:.1f}; mean turns {report['mean_turns']:.1f}, "
        f"decisions {report['mean_decisions']:.1f}",
        "",
        "Score distribution",
    ]
    dist = report["score_distribution"]
    peak = max(dist.values(), default=1)
    for score, count in dist.items():
        bar = "#" * max(1, round(40 * count / peak))
        lines.append(f"  {int(score):>5}  {count:>6}  {bar}")
    lines += ["", "Outcome           games    rate"]
    for label, count_key, rate_key in (("win (>=16)", "wins", "win_rate"), ("draw", "draws", "draw_rate"),
                                       ("loss", "losses", "loss_rate")):
        lines.append(f"  {label:<14} {report[count_key]:>6}  {report[rate_key]:>6.1%}")
    lines += ["", "Game ended by     games    rate"]
    for how, count in report["endings"].items():
        lines.append(f"  {how:<14} {count:>6}  {count / n if n else 0:>6.1%}")
    lines += ["", "Award                              games"]
    for award, count in report["awards"].items():
        lines.append(f"  {award:<32} {count:>6}")
    lines += ["", f"{report['games_per_second']:.1f} games per second"]
    return "\n".join(lines)
