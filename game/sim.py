"""Headless simulation: whole games played by autoplay policies through the rules core's public API.

``simulate`` plays game ``i`` with seed ``seed + i`` (the game and its policy both seeded with it), optionally
over several processes, and aggregates in seed order, so its summary is identical whatever ``jobs`` is; only
``games_per_second`` depends on the machine. ``compare`` does the same for several policies on the same seeds
and adds paired score differences; ``write_chart`` draws the score distributions, the victory levels, the
fire truck's morale band and the escapes as a PNG (pygame-ce, imported only there).

Besides the score, the report measures the shape of a game: the victory levels of 7.0, how games end, escapes,
the morale band in which the fire truck was shuffled into Attack deck 3 (2.3), the Attack in which morale broke
and how many turns the longest Attack lasted. ``levels`` (every function's optional last argument) is another
data folder (a copy of ``levels/`` with a change to try); each process loads it once (``rules_for``).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from game.ai import make_policy, parse_policy
from game.rules import Event, Game
from game.rules.data import DIFFICULTIES, Rules, load_rules
from game.rules.engine import AWARDS
from game.rules.kinds import EventKind

ENDINGS = ("fire_truck", "morale", "deck_exhausted")
OUTCOMES = ("win", "draw", "loss")
# The victory levels of 7.0, best first, with their score bands, read from the rules core's table (a broken
# morale is a Loss, 1.2).
VICTORY_LEVELS = (*(level for _, _, level in AWARDS), "Loss")
_LOWS = [low for low, _, _ in AWARDS]
LEVEL_BANDS = {level: f"{low}+" if i == 0 else f"{low}-{_LOWS[i - 1] - 1}" for i, (low, _, level) in enumerate(AWARDS)}
LEVEL_BANDS["Loss"] = f"{_LOWS[-1] - 1} or lower"
WIN_SCORE = next(low for low, _, level in AWARDS if level == "Minor Victory")  # 7.0: "You Win if you scored 16"
# The morale bands of 2.3 that place the fire truck in Attack deck 3 (levels/board.toml), boldest first.
FIRE_TRUCK_BANDS = ("Emboldened", "Shaken", "Panicked")
ATTACKS = (1, 2, 3)
# Far beyond any real game (a long game takes a few hundred decisions); only guards against a rules bug.
MAX_DECISIONS = 100_000


# Rules loaded from a --levels folder, by resolved path: once per process (a spawned worker loads its own).
_RULES: dict[str, Rules] = {}


def rules_for(levels: str | Path | None) -> Rules | None:
    """The rules of the data folder ``levels``, loaded once per process; ``None`` (the game's own ``levels/``)
    stays ``None``. Raises :class:`game.rules.LevelError` for a damaged folder."""
    if levels is None:
        return None
    key = str(Path(levels).resolve())
    if key not in _RULES:
        _RULES[key] = load_rules(Path(key))
    return _RULES[key]


class _Shape:
    """What a game's events tell beyond its result: turns per Attack and the fire truck's morale band."""

    def __init__(self) -> None:
        self.turns: Counter[int] = Counter()
        self.band: str | None = None

    def observe(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == EventKind.PHASE_CHANGED and event.data.get("phase") == "enemy":
                # 3.0: every turn opens with an Enemy Phase, announced with its Attack
                self.turns[int(event.data["attack"])] += 1
            elif event.kind == EventKind.FIRE_TRUCK_SHUFFLED:
                self.band = str(event.data["band"])


def play_game(seed: int, policy_name: str = "random", difficulty: str = "standard",
              levels: str | None = None) -> dict[str, Any]:
    """Play one full game: ``Game.new(seed, difficulty)`` (with the rules of the folder ``levels``, default the
    game's own), the policy seeded with ``seed``; returns its summary.

    ``attack_turns`` lists the turns each Attack reached lasted (Attack 1 first), counted from the Enemy Phases
    announced by ``phase_changed`` events, whichever ``apply`` call set the Attack up; ``longest_attack`` is
    their maximum; ``fire_truck_band`` is the morale band of the fire truck's placement (2.3), ``None`` when the
    game ended before Attack 3; ``choices`` each decision as its index among the legal actions of its moment
    (what the game's code holds, ``game/codes.py``)."""
    policy = make_policy(policy_name, seed)
    game = Game.new(seed, difficulty, rules=rules_for(levels))
    shape = _Shape()
    shape.observe(game.initial_events)
    decisions = 0
    choices: list[int] = []  # each decision's index among the legal actions of its moment (the game's code)
    while not game.over:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_DECISIONS} decisions (phase {game.phase})")
        legal = game.legal_actions()
        action = policy.choose(game)
        choices.append(legal.position(action))
        shape.observe(game.apply(action))
        decisions += 1
    result = game.result
    assert result is not None
    statuses = Counter(defender["status"] for defender in game.state["defenders"].values())
    attack_turns = [shape.turns[a] for a in range(1, max(shape.turns, default=0) + 1)]
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
        "fire_truck_band": shape.band,
        "attack_turns": attack_turns,
        "longest_attack": max(attack_turns, default=0),
        "choices": choices,
    }


def _play_chunk(task: tuple[int, int, str, str, str | None]) -> list[dict[str, Any]]:
    """Worker: games with seeds ``start .. start + count - 1`` (module level, so spawn can pickle it). The rules
    of a ``levels`` folder are loaded at the worker's first game and reused (``rules_for``)."""
    start, count, policy_name, difficulty, levels = task
    return [play_game(start + i, policy_name, difficulty, levels) for i in range(count)]


def default_jobs() -> int:
    """The machine's core count (the default of ``--jobs``)."""
    return max(1, os.cpu_count() or 1)


T = TypeVar("T")
R = TypeVar("R")


def run_tasks(work: Callable[[T], R], tasks: list[T], jobs: int) -> list[R]:
    """``work`` of each task, in the tasks' order: in this process when ``jobs`` is 1, otherwise shared by ``jobs``
    worker processes (``work`` a module-level function, the tasks plain data). The measuring tools' pool."""
    if jobs == 1:
        return [work(task) for task in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(work, tasks))


def play_many(games: int, seed: int, policies: list[str], jobs: int = 1, difficulty: str = "standard",
              levels: str | Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Per-game summaries for each policy, in seed order; every policy plays the same seeds. The games of all
    policies share one pool of ``jobs`` processes. ``difficulty``: standard, veteran (8.1) or elite (8.2).
    ``levels``: a data folder instead of the game's own; loaded here first, so a damaged folder raises
    :class:`game.rules.LevelError` before any worker starts, then once in each worker."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})")
    for policy in policies:
        parse_policy(policy)  # ValueError: an unknown policy or setting
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    folder = None if levels is None else str(Path(levels).resolve())
    rules_for(folder)
    jobs = max(1, min(jobs, games * len(policies)))
    if jobs == 1:
        return {p: _play_chunk((seed, games, p, difficulty, folder)) for p in policies}
    # Small chunks balance uneven game lengths (and slow policies); map() keeps them in order.
    size = max(1, min(25, -(-games // (jobs * 4))))
    tasks = [(seed + i, min(size, games - i), p, difficulty, folder) for p in policies
             for i in range(0, games, size)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=jobs) as pool:
        chunks = pool.map(_play_chunk, tasks, chunksize=1)
    out: dict[str, list[dict[str, Any]]] = {p: [] for p in policies}
    for task, chunk in zip(tasks, chunks, strict=True):
        out[task[2]].extend(chunk)
    return out


def play_games(games: int, seed: int, policy: str = "random", jobs: int = 1, difficulty: str = "standard",
               levels: str | Path | None = None) -> list[dict[str, Any]]:
    """The per-game summaries of ``games`` games, in seed order, spread over ``jobs`` processes."""
    return play_many(games, seed, [policy], jobs, difficulty, levels)[policy]


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

    def share(count: int, of: int = n) -> float:
        return round(count / of, 4) if of else 0.0

    mean_score, low, high = mean_ci([float(r["score"]) for r in results])
    outcomes = Counter(r["outcome"] for r in results)
    endings = Counter(r["how"] for r in results)
    awards = Counter(r["award"] or "none" for r in results)
    scores = Counter(r["score"] for r in results)
    levels = _ordered(Counter(r["level"] for r in results), VICTORY_LEVELS)
    ending_counts = _ordered(endings, ENDINGS)
    attack_3 = sum(1 for r in results if r["attack"] >= 3)
    bands = _ordered(Counter(r["fire_truck_band"] for r in results if r["fire_truck_band"] is not None),
                     FIRE_TRUCK_BANDS)
    broke = Counter(r["attack"] for r in results if r["how"] == "morale")
    attacks = sorted(set(ATTACKS) | set(broke) | {a for r in results for a in range(1, len(r["attack_turns"]) + 1)})
    longest = [r["longest_attack"] for r in results]
    escape_games = sum(1 for r in results if r["escaped"] > 0)
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
        "endings": ending_counts,
        "ending_shares": {how: share(c) for how, c in ending_counts.items()},
        # 7.0 victory levels (a broken morale is a Loss)
        "victory_levels": levels,
        "victory_level_shares": {level: share(c) for level, c in levels.items()},
        "awards": dict(sorted(awards.items())),
        "mean_survivors": mean("survivors"),
        "mean_escaped": mean("escaped"),
        "escape_games": escape_games,
        "escape_share": share(escape_games),
        "mean_casualties": mean("casualties"),
        # 2.3: the morale band that placed the fire truck, over the games that reached Attack 3
        "attack_3_games": attack_3,
        "fire_truck_bands": bands,
        "fire_truck_band_shares": {band: share(c, attack_3) for band, c in bands.items()},
        # 1.2: the Attack in which morale broke
        "morale_breaks_by_attack": {str(a): broke[a] for a in attacks},
        # turns of each game's longest Attack, and the longest each Attack lasted in any game
        "mean_longest_attack": mean("longest_attack"),
        "max_longest_attack": max(longest, default=0),
        "max_attack_turns": {str(a): max((r["attack_turns"][a - 1] for r in results if len(r["attack_turns"]) >= a),
                                         default=0) for a in attacks},
        "mean_turns": mean("turns"),
        "mean_decisions": mean("decisions"),
        "games_per_second": round(n / seconds, 1) if seconds > 0 else 0.0,
    }


def _ordered(counts: Counter[str], known: tuple[str, ...]) -> dict[str, int]:
    """Counts of the ``known`` keys in their order (zeros included), then any others alphabetically."""
    return {**{k: counts[k] for k in known}, **{k: c for k, c in sorted(counts.items()) if k not in known}}


def simulate(games: int, seed: int = 0, policy: str = "random", jobs: int = 1, difficulty: str = "standard",
             levels: str | Path | None = None) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``) at ``difficulty`` and return the aggregate report.

    Every key is identical for identical ``games``, ``seed``, ``policy``, ``difficulty`` and ``levels`` whatever
    ``jobs`` is, except ``games_per_second``. ``levels_folder`` is the data folder as given (``None``: the game's
    own ``levels/``)."""
    started = time.perf_counter()
    results = play_games(games, seed, policy, jobs, difficulty, levels)
    report = summarize(results, policy, seed, time.perf_counter() - started, difficulty)
    report["levels_folder"] = None if levels is None else str(levels)
    return report


def format_report(report: dict[str, Any]) -> str:
    """The simulation report as a readable table."""
    n = report["games"]
    low, high = report.get("score_ci95", [report["mean_score"], report["mean_score"]])
    folder = report.get("levels_folder")
    lines = [
        f"{n} games, policy {report['policy']}, difficulty {report.get('difficulty', 'standard')}, "
        f"seeds {report['seed']}..{report['seed'] + n - 1}" + (f", levels {folder}" if folder else ""),
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
    if "victory_levels" in report:
        lines += ["", "Victory level (7.0)        games    rate"]
        for level, count in report["victory_levels"].items():
            label = f"{level} ({LEVEL_BANDS[level]})" if level in LEVEL_BANDS else level
            lines.append(f"  {label:<23} {count:>6}  {report['victory_level_shares'][level]:>6.1%}")
    lines += ["", "Game ended by     games    rate"]
    for how, count in report["endings"].items():
        lines.append(f"  {how:<14} {count:>6}  {count / n if n else 0:>6.1%}")
    if "morale_breaks_by_attack" in report:
        lines += _shape_lines(report)
    lines += ["", "Award                              games"]
    for award, count in report["awards"].items():
        lines.append(f"  {award:<32} {count:>6}")
    lines += ["", f"{report['games_per_second']:.1f} games per second"]
    return "\n".join(lines)


def _shape_lines(report: dict[str, Any]) -> list[str]:
    """Morale breaks by Attack, escapes, the fire truck's band and the longest Attack of one summary."""
    n = report["games"]
    reached = report["attack_3_games"]
    lines = ["", "Morale broke in   games    rate"]
    for attack, count in report["morale_breaks_by_attack"].items():
        lines.append(f"  Attack {attack:<7} {count:>6}  {count / n if n else 0:>6.1%}")
    lines += ["", f"Fire truck placed while morale was (2.3; {reached} of {n} games reached Attack 3)"]
    for band, count in report["fire_truck_bands"].items():
        rate = f"{report['fire_truck_band_shares'][band]:>6.1%}" if reached else f"{'-':>6}"
        lines.append(f"  {band:<14} {count:>6}  {rate}")
    lines += ["", f"Escapes: at least one in {report['escape_games']} games ({report['escape_share']:.1%}); "
              f"mean {report['mean_escaped']:.2f} escaped a game",
              f"Longest Attack of a game: mean {report['mean_longest_attack']:.1f} turns, "
              f"max {report['max_longest_attack']}; longest "
              + ", ".join(f"Attack {a} {t or '-'}" for a, t in report["max_attack_turns"].items()) + " turns"]
    return lines


def compare(games: int, seed: int, policies: list[str], jobs: int = 1, difficulty: str = "standard",
            levels: str | Path | None = None) -> dict[str, Any]:
    """Play the same seeds with every policy; the report holds ``policies`` (one summary each, without timing),
    ``games_per_second`` by policy (the only machine-dependent key) and ``comparisons``: for each pair, the mean
    paired score difference (same seeds) with its 95% interval."""
    started = time.perf_counter()
    results = play_many(games, seed, policies, jobs, difficulty, levels)
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
    return {"games": games, "seed": seed, "difficulty": difficulty, "policy": ",".join(policies),
            "levels_folder": None if levels is None else str(levels), "policies": summaries,
            "comparisons": comparisons, "games_per_second": speed, "scores": {p: [r["score"] for r in results[p]]
                                                                             for p in policies}}


def format_comparison(report: dict[str, Any]) -> str:
    """The comparison of several policies as a table."""
    n = report["games"]
    folder = report.get("levels_folder")
    lines = [f"{n} games per policy, difficulty {report.get('difficulty', 'standard')}, "
             f"seeds {report['seed']}..{report['seed'] + n - 1}" + (f", levels {folder}" if folder else ""), "",
             f"{'policy':<10} {'games':>5}  {'mean score (95% CI)':<24} {'win':>6} {'draw':>6} {'loss':>6}  "
             f"{'morale broke':>12}  {'survivors':>9}"]
    for name, r in report["policies"].items():
        low, high = r["score_ci95"]
        lines.append(f"{name:<10} {r['games']:>5}  {r['mean_score']:6.2f} ({low:6.2f} to {high:6.2f})  "
                     f"{r['win_rate']:>6.1%} {r['draw_rate']:>6.1%} {r['loss_rate']:>6.1%}  "
                     f"{r['morale_losses']:>12}  {r['mean_survivors']:>9.1f}")
    summaries = list(report["policies"].values())
    if summaries and all("victory_levels" in r for r in summaries):
        lines += _shape_table(report["policies"])
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


def _shape_table(policies: dict[str, dict[str, Any]]) -> list[str]:
    """The shape of the games side by side: one row per figure, one column per policy."""
    summaries = list(policies.values())
    width = max(11, *(len(name) + 2 for name in policies))
    head = f"  {'':<32}" + "".join(f"{name:>{width}}" for name in policies)

    def keys(field: str) -> list[str]:
        return list(dict.fromkeys(k for r in summaries for k in r[field]))

    def row(label: str, cells: list[str]) -> str:
        return f"  {label:<32}" + "".join(f"{c:>{width}}" for c in cells)

    lines = ["", "Victory level (7.0), share of games", head]
    for level in keys("victory_levels"):
        label = f"{level} ({LEVEL_BANDS[level]})" if level in LEVEL_BANDS else level
        lines.append(row(label, [f"{r['victory_level_shares'].get(level, 0.0):.1%}" for r in summaries]))
    lines += ["", "Game ended by, share of games", head]
    for how in keys("ending_shares"):
        lines.append(row(how, [f"{r['ending_shares'].get(how, 0.0):.1%}" for r in summaries]))
    lines += ["", "Morale broke in, games", head]
    for attack in keys("morale_breaks_by_attack"):
        lines.append(row(f"Attack {attack}", [str(r["morale_breaks_by_attack"].get(attack, 0)) for r in summaries]))
    lines += ["", "Fire truck placed while morale was (2.3)", head,
              row("games that reached Attack 3", [str(r["attack_3_games"]) for r in summaries])]
    for band in keys("fire_truck_bands"):
        lines.append(row(f"{band}, share of those", [f"{r['fire_truck_band_shares'].get(band, 0.0):.1%}"
                                                      if r["attack_3_games"] else "-" for r in summaries]))
    lines += ["", "Escapes and the longest Attack", head,
              row("games with an escape", [f"{r['escape_share']:.1%}" for r in summaries]),
              row("mean escaped a game", [f"{r['mean_escaped']:.2f}" for r in summaries]),
              row("longest Attack, mean turns", [f"{r['mean_longest_attack']:.1f}" for r in summaries]),
              row("longest Attack, max turns", [str(r["max_longest_attack"]) for r in summaries])]
    for attack in keys("max_attack_turns"):
        lines.append(row(f"Attack {attack}, max turns", [str(r["max_attack_turns"].get(attack, 0) or "-")
                                                          for r in summaries]))
    return lines


CHART_COLOURS = ((176, 58, 46), (46, 94, 150), (60, 130, 70), (200, 140, 30), (110, 70, 140))
CHART_INK = (40, 36, 30)
CHART_GRID = (200, 190, 170)
# "Epic 41+", "Major 26-40", ..., "Loss 0": the chart's short labels of the victory levels
LEVEL_LABELS = {level: f"{level.split()[0]} {band.split()[0]}" for level, band in LEVEL_BANDS.items()}


def _share_panel(surface: Any, fonts: tuple[Any, Any, Any], rect: tuple[int, int, int, int], heading: str,
                 groups: list[str], series: list[list[float | None]], captions: list[str]) -> None:
    """Grouped bars of shares (0 to 100%) in ``rect`` (x, y, width, height, the heading and captions included):
    one group per label, one bar per policy (``series[j][i]``: policy ``j``, group ``i``; ``None``: no games
    to take a share of, drawn as a dash). The value is written above a bar wide enough for it."""
    import pygame

    font, small, big = fonts
    tiny = pygame.font.Font(None, 17)
    x0, y0, w, h = rect
    lines: list[str] = []
    for caption in captions:  # wrapped to the panel's width
        for word in caption.split():
            if lines and lines[-1] and small.size(f"{lines[-1]} {word}")[0] <= w - 20:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        lines.append("")
    captions = [line for line in lines if line]
    title = big.render(heading, True, CHART_INK)
    surface.blit(title, (x0, y0))
    top = y0 + title.get_height() + 24
    axis_w = 52
    plot_x, plot_w = x0 + axis_w, w - axis_w
    plot_h = h - (top - y0) - 34 - 22 * len(captions)
    base = top + plot_h
    for k in range(5):
        y = base - plot_h * k / 4
        pygame.draw.line(surface, CHART_GRID, (plot_x + 1, y), (plot_x + plot_w, y), 1)
        label = small.render(f"{k * 25}%", True, CHART_INK)
        surface.blit(label, (plot_x - label.get_width() - 8, y - label.get_height() / 2))
    pygame.draw.line(surface, CHART_INK, (plot_x, base), (plot_x + plot_w, base), 2)
    pygame.draw.line(surface, CHART_INK, (plot_x, top), (plot_x, base), 2)
    slot = plot_w / max(1, len(groups))
    bar = max(2.0, min(48.0, (slot - 12) / max(1, len(series))))
    for i, group in enumerate(groups):
        start = plot_x + i * slot + (slot - bar * len(series)) / 2
        for j, values in enumerate(series):
            value = values[i]
            x = start + j * bar
            colour = CHART_COLOURS[j % len(CHART_COLOURS)]
            text = "-" if value is None else f"{value:.0%}"
            if value:
                height = plot_h * min(1.0, value)
                pygame.draw.rect(surface, colour, (x, base - height, max(1.0, bar - 2), height))
            else:
                height = 0.0
            label = small.render(text, True, colour)
            if label.get_width() > bar - 6:
                label = tiny.render(text, True, colour)
            if label.get_width() <= bar - 6:
                surface.blit(label, (x + (bar - 2) / 2 - label.get_width() / 2, base - height - label.get_height()
                                     - 3))
        name = font.render(group, True, CHART_INK)
        if name.get_width() > slot - 8:
            name = small.render(group, True, CHART_INK)
        surface.blit(name, (plot_x + i * slot + slot / 2 - name.get_width() / 2, base + 8))
    for k, caption in enumerate(captions):
        text = small.render(caption, True, CHART_INK)
        surface.blit(text, (plot_x + plot_w / 2 - text.get_width() / 2, base + 36 + 22 * k))


def write_chart(path: str | Path, scores: dict[str, list[int]], title: str = "",
                summaries: dict[str, dict[str, Any]] | None = None) -> None:
    """Draw the score distribution of each policy as grouped bars (share of games per score band) and save
    it as a PNG. With ``summaries`` (the report of each policy, as ``summarize`` makes it) two panels below
    show the shares of the victory levels (7.0) and of the fire truck's morale band (2.3, over the games that
    reached Attack 3) beside the share of games with an escape. pygame-ce is imported here only, headless (the
    dummy video driver)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    width, height = 1200, 640
    extra = 440 if summaries else 0
    left, right, top, bottom = 80, 30, 70, 90
    surface = pygame.Surface((width, height + extra))
    surface.fill((246, 240, 226))
    ink = CHART_INK
    font = pygame.font.Font(None, 24)
    small = pygame.font.Font(None, 20)
    big = pygame.font.Font(None, 34)
    all_scores = [s for values in scores.values() for s in values] or [0]
    low = min(0, min(all_scores))
    high = max(_LOWS[0], max(all_scores))
    band = 2
    bands = list(range(low - low % band, high + 1, band))
    shares: dict[str, list[float]] = {}
    for name, values in scores.items():
        counts = Counter((v - bands[0]) // band for v in values)
        shares[name] = [counts[i] / max(1, len(values)) for i in range(len(bands))]
    peak = max((max(v) for v in shares.values() if v), default=1.0) or 1.0
    # heading, then the legend: one entry per policy, on as many rows as it needs
    heading = big.render(title or "Score distribution by policy", True, ink)
    surface.blit(heading, (left, 22))
    legend_x, legend_y = left + heading.get_width() + 40, 28
    for j, (name, values) in enumerate(scores.items()):
        colour = CHART_COLOURS[j % len(CHART_COLOURS)]
        mean = sum(values) / len(values) if values else 0.0
        label = font.render(f"{name} (mean {mean:.1f}, n={len(values)})", True, ink)
        if legend_x + 24 + label.get_width() > width - right and legend_x > left:
            legend_x, legend_y = left, legend_y + 28
        pygame.draw.rect(surface, colour, (legend_x, legend_y, 18, 18))
        surface.blit(label, (legend_x + 24, legend_y))
        legend_x += 24 + label.get_width() + 24
    top += legend_y - 28
    plot_w, plot_h = width - left - right, height - top - bottom
    slot = plot_w / len(bands)
    bar = max(1.0, (slot - 4) / max(1, len(scores)))
    # zones of the awards (7.0)
    zones = sorted(low for low in _LOWS if low >= WIN_SCORE)  # the winning awards: 16, 26, 41
    for start, colour in zip(zones, ((225, 236, 214), (210, 228, 200), (196, 220, 186)), strict=False):
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
    shaded = ", ".join(f"{name} {low}+" for name, low in zip(("win", "major", "epic"), zones, strict=False))
    caption = font.render(f"final score (bands of 2; shaded: {shaded})", True, ink)
    surface.blit(caption, (left + plot_w / 2 - caption.get_width() / 2, top + plot_h + 34))
    if summaries:
        names = list(summaries)
        pygame.draw.line(surface, CHART_GRID, (20, height + 4), (width - 20, height + 4), 2)
        levels = list(dict.fromkeys([*VICTORY_LEVELS, *(k for r in summaries.values()
                                                          for k in r["victory_level_shares"])]))
        _share_panel(surface, (font, small, big), (28, height + 20, 600, extra - 36), "Victory level (7.0)",
                     [LEVEL_LABELS.get(level, level) for level in levels],
                     [[r["victory_level_shares"].get(level, 0.0) for level in levels] for r in summaries.values()],
                     ["share of all games (a broken morale is a Loss)"])
        truck_bands = list(dict.fromkeys([*FIRE_TRUCK_BANDS, *(k for r in summaries.values()
                                                                 for k in r["fire_truck_band_shares"])]))
        reached = ", ".join(f"{name} {summaries[name]['attack_3_games']}/{summaries[name]['games']}"
                            for name in names)
        _share_panel(surface, (font, small, big), (660, height + 20, width - 660 - right, extra - 36),
                     "Fire truck band (2.3), escapes",
                     [*truck_bands, "escape"],
                     [[r["fire_truck_band_shares"].get(b, 0.0) if r["attack_3_games"] else None
                       for b in truck_bands] + [r["escape_share"]] for r in summaries.values()],
                     ["band: share of the games that reached Attack 3", f"(reached: {reached})",
                      "escape: share of all games with one"])
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        pygame.image.save(surface, str(path))
    except pygame.error as exc:  # SDL's own failure to write: an OSError like any other file failure
        raise OSError(str(exc)) from None
