"""Headless simulation: whole games played by autoplay policies through the rules core's public API.

``simulate`` plays game ``i`` with seed ``seed + i`` (the game and its policy both seeded with it), optionally
over several processes, and aggregates in seed order, so its summary is identical whatever ``jobs`` is; only
``games_per_second`` depends on the machine. ``compare`` does the same for several policies on the same seeds
and adds paired score differences; ``write_chart`` draws the score distributions as a PNG (pygame-ce, imported
only there).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

from game.ai import POLICIES, make_policy
from game.rules import Game
from game.rules.data import DIFFICULTIES

ENDINGS = ("fire_truck", "morale", "deck_exhausted")
OUTCOMES = ("win", "draw", "loss")
# Far beyond any real game (a long game takes a few hundred decisions); only guards against a rules bug.
MAX_DECISIONS = 100_000


def play_game(seed: int, policy_name: str = "random", difficulty: str = "standard") -> dict[str, Any]:
    """Play one full game: ``Game.new(seed, difficulty)``, the policy seeded with ``seed``; returns its summary."""
    policy = make_policy(policy_name, seed)
    game = Game.new(seed, difficulty)
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


def _play_chunk(task: tuple[int, int, str, str]) -> list[dict[str, Any]]:
    """Worker: games with seeds ``start .. start + count - 1`` (module level, so spawn can pickle it)."""
    start, count, policy_name, difficulty = task
    return [play_game(start + i, policy_name, difficulty) for i in range(count)]


def default_jobs() -> int:
    """The machine's core count (the default of ``--jobs``)."""
    return max(1, os.cpu_count() or 1)


def play_many(games: int, seed: int, policies: list[str], jobs: int = 1,
              difficulty: str = "standard") -> dict[str, list[dict[str, Any]]]:
    """Per-game summaries for each policy, in seed order; every policy plays the same seeds. The games of all
    policies share one pool of ``jobs`` processes. ``difficulty``: standard, veteran (8.1) or elite (8.2)."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})")
    for policy in policies:
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r} (known: {', '.join(sorted(POLICIES))})")
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    jobs = max(1, min(jobs, games * len(policies)))
    if jobs == 1:
        return {p: _play_chunk((seed, games, p, difficulty)) for p in policies}
    # Small chunks balance uneven game lengths (and slow policies); map() keeps them in order.
    size = max(1, min(25, -(-games // (jobs * 4))))
    tasks = [(seed + i, min(size, games - i), p, difficulty) for p in policies for i in range(0, games, size)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=jobs) as pool:
        chunks = pool.map(_play_chunk, tasks, chunksize=1)
    out: dict[str, list[dict[str, Any]]] = {p: [] for p in policies}
    for task, chunk in zip(tasks, chunks, strict=True):
        out[task[2]].extend(chunk)
    return out


def play_games(games: int, seed: int, policy: str = "random", jobs: int = 1,
               difficulty: str = "standard") -> list[dict[str, Any]]:
    """The per-game summaries of ``games`` games, in seed order, spread over ``jobs`` processes."""
    return play_many(games, seed, [policy], jobs, difficulty)[policy]


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% confidence interval (normal approximation; the sample is hundreds of games)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson_ci(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a rate (sound at rates near 0 or 1, unlike the normal approximation)."""
    if n <= 0:
        return 0.0, 0.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results: list[dict[str, Any]], policy: str, seed: int, seconds: float,
              difficulty: str = "standard") -> dict[str, Any]:
    """Aggregate per-game summaries (in seed order) into the simulation report."""
    n = len(results)

    def mean(key: str) -> float:
        return round(sum(r[key] for r in results) / n, 4) if n else 0.0

    mean_score, low, high = mean_ci([float(r["score"]) for r in results])
    outcomes = Counter(r["outcome"] for r in results)
    endings = Counter(r["how"] for r in results)
    awards = Counter(r["award"] or "none" for r in results)
    scores = Counter(r["score"] for r in results)
    return {
        "games": n,
        "policy": policy,
        "difficulty": difficulty,
        "seed": seed,
        "mean_score": mean("score"),
        "score_ci95": [round(low, 4), round(high, 4)],
        "min_score": min((r["score"] for r in results), default=0),
        "max_score": max((r["score"] for r in results), default=0),
        "score_distribution": {str(s): scores[s] for s in sorted(scores)},
        "wins": outcomes["win"],
        "draws": outcomes["draw"],
        "losses": outcomes["loss"],
        "win_rate": round(outcomes["win"] / n, 4) if n else 0.0,
        "win_rate_ci95": [round(v, 4) for v in wilson_ci(outcomes["win"], n)],
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


def simulate(games: int, seed: int = 0, policy: str = "random", jobs: int = 1,
             difficulty: str = "standard") -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``) at ``difficulty`` and return the aggregate report.

    Every key is identical for identical ``games``, ``seed``, ``policy`` and ``difficulty`` whatever ``jobs`` is,
    except ``games_per_second``."""
    started = time.perf_counter()
    results = play_games(games, seed, policy, jobs, difficulty)
    return summarize(results, policy, seed, time.perf_counter() - started, difficulty)


def format_report(report: dict[str, Any]) -> str:
    """The simulation report as a readable table."""
    n = report["games"]
    low, high = report.get("score_ci95", [report["mean_score"], report["mean_score"]])
    lines = [
        f"{n} games, policy {report['policy']}, difficulty {report.get('difficulty', 'standard')}, "
        f"seeds {report['seed']}..{report['seed'] + n - 1}",
        f"mean score {report['mean_score']:.2f} (95% interval {low:.2f} to {high:.2f}; "
        f"min {report['min_score']}, max {report['max_score']}); morale broke in {report['morale_losses']} games; "
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
    if "win_rate_ci95" in report:
        low_w, high_w = report["win_rate_ci95"]
        lines.append(f"  win rate 95% interval {low_w:.1%} to {high_w:.1%}")
    lines += ["", "Game ended by     games    rate"]
    for how, count in report["endings"].items():
        lines.append(f"  {how:<14} {count:>6}  {count / n if n else 0:>6.1%}")
    lines += ["", "Award                              games"]
    for award, count in report["awards"].items():
        lines.append(f"  {award:<32} {count:>6}")
    lines += ["", f"{report['games_per_second']:.1f} games per second"]
    return "\n".join(lines)


def compare(games: int, seed: int, policies: list[str], jobs: int = 1, difficulty: str = "standard") -> dict[str, Any]:
    """Play the same seeds with every policy; the report holds ``policies`` (one summary each, without timing),
    ``games_per_second`` by policy (the only machine-dependent key) and ``comparisons``: for each pair, the mean
    paired score difference (same seeds) with its 95% interval."""
    started = time.perf_counter()
    results = play_many(games, seed, policies, jobs, difficulty)
    seconds = time.perf_counter() - started
    summaries: dict[str, dict[str, Any]] = {}
    speed: dict[str, float] = {}
    total = sum(sum(r["decisions"] for r in res) for res in results.values()) or 1
    for p in policies:
        summary = summarize(results[p], p, seed, 0.0, difficulty)
        share = sum(r["decisions"] for r in results[p]) / total
        summary.pop("games_per_second")
        summaries[p] = summary
        # time is not measured per policy inside the pool: split it by decisions (an estimate)
        speed[p] = round(games / (seconds * share), 1) if seconds > 0 and share > 0 else 0.0
    comparisons = []
    for i, a in enumerate(policies):
        for b in policies[i + 1:]:
            diffs = [float(x["score"] - y["score"]) for x, y in zip(results[a], results[b], strict=True)]
            mean, low, high = mean_ci(diffs)
            comparisons.append({"a": a, "b": b, "mean_difference": round(mean, 4),
                                "ci95": [round(low, 4), round(high, 4)]})
    return {"games": games, "seed": seed, "difficulty": difficulty, "policy": ",".join(policies), "policies": summaries,
            "comparisons": comparisons, "games_per_second": speed, "scores": {p: [r["score"] for r in results[p]]
                                                                             for p in policies}}


def format_comparison(report: dict[str, Any]) -> str:
    """The comparison of several policies as a table."""
    n = report["games"]
    lines = [f"{n} games per policy, difficulty {report.get('difficulty', 'standard')}, "
             f"seeds {report['seed']}..{report['seed'] + n - 1}", "",
             f"{'policy':<10} {'games':>5}  {'mean score (95% CI)':<24} {'win':>6} {'draw':>6} {'loss':>6}  "
             f"{'morale broke':>12}  {'survivors':>9}"]
    for name, r in report["policies"].items():
        low, high = r["score_ci95"]
        lines.append(f"{name:<10} {r['games']:>5}  {r['mean_score']:6.2f} ({low:6.2f} to {high:6.2f})  "
                     f"{r['win_rate']:>6.1%} {r['draw_rate']:>6.1%} {r['loss_rate']:>6.1%}  "
                     f"{r['morale_losses']:>12}  {r['mean_survivors']:>9.1f}")
    lines += ["", "Awards"]
    awards = sorted({a for r in report["policies"].values() for a in r["awards"]})
    lines.append(f"  {'':<32}" + "".join(f"{name:>11}" for name in report["policies"]))
    for award in awards:
        lines.append(f"  {award:<32}" + "".join(f"{r['awards'].get(award, 0):>11}"
                                                for r in report["policies"].values()))
    if report["comparisons"]:
        lines += ["", "Paired score differences (same seeds)"]
        for c in report["comparisons"]:
            low, high = c["ci95"]
            verdict = "significant" if low > 0 or high < 0 else "not significant"
            lines.append(f"  {c['a']} - {c['b']}: {c['mean_difference']:+.2f} (95% CI {low:+.2f} to {high:+.2f}), "
                         f"{verdict}")
    lines += ["", "Games per second (estimated per policy): " + ", ".join(
        f"{p} {v:.1f}" for p, v in report["games_per_second"].items())]
    return "\n".join(lines)


CHART_COLOURS = ((176, 58, 46), (46, 94, 150), (60, 130, 70), (200, 140, 30), (110, 70, 140))


def write_chart(path: str | Path, scores: dict[str, list[int]], title: str = "") -> None:
    """Draw the score distribution of each policy as grouped bars (share of games per score band) and save
    it as a PNG. pygame-ce is imported here only, headless (the dummy video driver)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    width, height = 1200, 640
    left, right, top, bottom = 80, 30, 70, 90
    surface = pygame.Surface((width, height))
    surface.fill((246, 240, 226))
    ink = (40, 36, 30)
    font = pygame.font.Font(None, 24)
    big = pygame.font.Font(None, 34)
    all_scores = [s for values in scores.values() for s in values] or [0]
    low = min(0, min(all_scores))
    high = max(41, max(all_scores))
    band = 2
    bands = list(range(low - low % band, high + 1, band))
    shares: dict[str, list[float]] = {}
    for name, values in scores.items():
        counts = Counter((v - bands[0]) // band for v in values)
        shares[name] = [counts[i] / max(1, len(values)) for i in range(len(bands))]
    peak = max((max(v) for v in shares.values() if v), default=1.0) or 1.0
    plot_w, plot_h = width - left - right, height - top - bottom
    slot = plot_w / len(bands)
    bar = max(1.0, (slot - 4) / max(1, len(scores)))
    # zones of the awards (7.0)
    for start, colour in ((16, (225, 236, 214)), (26, (210, 228, 200)), (41, (196, 220, 186))):
        if start <= bands[-1]:
            x = left + (start - bands[0]) / band * slot
            pygame.draw.rect(surface, colour, (x, top, left + plot_w - x, plot_h))
    pygame.draw.line(surface, ink, (left, top + plot_h), (left + plot_w, top + plot_h), 2)
    pygame.draw.line(surface, ink, (left, top), (left, top + plot_h), 2)
    for k in range(0, 5):
        frac = peak * k / 4
        y = top + plot_h - plot_h * k / 4
        pygame.draw.line(surface, (200, 190, 170), (left + 1, y), (left + plot_w, y), 1)
        label = font.render(f"{frac:.0%}", True, ink)
        surface.blit(label, (left - label.get_width() - 8, y - label.get_height() / 2))
    for j, bars in enumerate(shares.values()):
        colour = CHART_COLOURS[j % len(CHART_COLOURS)]
        for i, share in enumerate(bars):
            if share <= 0:
                continue
            h = plot_h * share / peak
            x = left + i * slot + 2 + j * bar
            pygame.draw.rect(surface, colour, (x, top + plot_h - h, max(1, bar - 1), h))
    for i, start in enumerate(bands):
        if i % 2 == 0:
            label = font.render(str(start), True, ink)
            surface.blit(label, (left + i * slot + slot / 2 - label.get_width() / 2, top + plot_h + 8))
    caption = font.render("final score (bands of 2; shaded: win 16+, major 26+, epic 41+)", True, ink)
    surface.blit(caption, (left + plot_w / 2 - caption.get_width() / 2, top + plot_h + 34))
    heading = big.render(title or "Score distribution by policy", True, ink)
    surface.blit(heading, (left, 22))
    x = left + heading.get_width() + 40
    for j, (name, values) in enumerate(scores.items()):
        colour = CHART_COLOURS[j % len(CHART_COLOURS)]
        mean = sum(values) / len(values) if values else 0.0
        pygame.draw.rect(surface, colour, (x, 28, 18, 18))
        label = font.render(f"{name} (mean {mean:.1f}, n={len(values)})", True, ink)
        surface.blit(label, (x + 24, 28))
        x += 24 + label.get_width() + 24
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
