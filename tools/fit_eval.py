"""Refit the planner's evaluation: a logistic model of P(win) at the start of a Defense Phase.

    python tools/fit_eval.py [--games 400] [--seed 3000] [--difficulty standard]

Plays ``--games`` games with the heuristic policy (seeds ``seed``..), records ``analysis.win_features`` at the
start of every Defense Phase with the game's outcome (win: score 16 or more), fits the logistic model by
Newton's method (a small ridge penalty) on the first 80% of the games and reports the held-out fit of the new
weights and of the current ones (``analysis.WIN_WEIGHTS``). It prints the new ``WIN_INTERCEPT``,
``WIN_WEIGHTS``, ``WIN_SCORE_BASE`` and ``WIN_SCORE_SLOPE`` to paste into ``game/ai/analysis.py`` when the
levels data changes; it writes nothing. A better fit is not a stronger planner: measure the planner with the new
weights over 1000 seeds before keeping them (issue 20: with a refit from 0.91 to 0.47 log loss the planner scored
0.48 points a game less). Pure Python (no numpy), about two minutes for 400 games.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from game.ai.analysis import WIN_INTERCEPT, WIN_WEIGHTS, win_features
from game.ai.heuristic import HeuristicPolicy
from game.rules import Game

RIDGE = 1.0


def collect(games: int, seed: int, difficulty: str) -> list[tuple[int, dict[str, float], int]]:
    """(game index, features, final score) at the start of every Defense Phase of heuristic games."""
    rows = []
    for i in range(games):
        game = Game.new(seed + i, difficulty)
        policy = HeuristicPolicy(seed + i)
        mine = []
        last = -1
        while not game.over:
            if (game.decision or {}).get("kind") == "moves" and game.state["turn"] != last:
                last = int(game.state["turn"])
                mine.append(win_features(game))
            game.apply(policy.choose(game))
        score = int((game.result or {}).get("score", 0))
        rows.extend((i, f, score) for f in mine)
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is square and, with the ridge, well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))
        x[r] = s / m[r][r] if abs(m[r][r]) > 1e-12 else 0.0
    return x


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit_logistic(x: list[list[float]], y: list[float], iterations: int = 12) -> list[float]:
    """Weights (intercept first) of a ridge-penalised logistic regression on standardised columns ``x``."""
    k = len(x[0]) + 1
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for row, target in zip(x, y, strict=True):
            z = [1.0, *row]
            p = sigmoid(sum(wi * zi for wi, zi in zip(w, z, strict=True)))
            g = p - target
            h = p * (1 - p)
            for i in range(k):
                grad[i] += g * z[i]
                hz = h * z[i]
                hi = hess[i]
                for j in range(i, k):
                    hi[j] += hz * z[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] += RIDGE * w[i]
                hess[i][i] += RIDGE
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def log_loss(probs: list[float], y: list[float]) -> float:
    eps = 1e-6
    return -sum(t * math.log(max(eps, p)) + (1 - t) * math.log(max(eps, 1 - p))
                for p, t in zip(probs, y, strict=True)) / max(1, len(y))


def correlation(a: list[float], b: list[float]) -> float:
    n = len(a)
    if n < 2:
        return 0.0
    ma, mb = sum(a) / n, sum(b) / n
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((x - mb) ** 2 for x in b)
    if va <= 0 or vb <= 0:
        return 0.0
    return sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True)) / math.sqrt(va * vb)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Refit the planner's win-chance evaluation on heuristic games.")
    parser.add_argument("--games", type=int, default=400, help="heuristic games to learn from (default 400)")
    parser.add_argument("--seed", type=int, default=3000, help="seed of the first game (default 3000)")
    parser.add_argument("--difficulty", default="standard", help="difficulty of the games (default standard)")
    args = parser.parse_args(argv)
    if args.games < 5:
        parser.error("--games must be 5 or more")
    try:
        rows = collect(args.games, args.seed, args.difficulty)
    except (KeyError, ValueError) as exc:
        parser.error(f"cannot play {args.difficulty!r} games: {exc}")
    keys = list(WIN_WEIGHTS)
    cut = int(args.games * 0.8)
    train = [r for r in rows if r[0] < cut]
    test = [r for r in rows if r[0] >= cut]
    n = len(train)
    mean = {k: sum(f[k] for _, f, _ in train) / n for k in keys}
    sd = {k: math.sqrt(sum((f[k] - mean[k]) ** 2 for _, f, _ in train) / n) or 1.0 for k in keys}

    def std(f: dict[str, float]) -> list[float]:
        return [(f[k] - mean[k]) / sd[k] for k in keys]

    w = fit_logistic([std(f) for _, f, _ in train], [1.0 if s >= 16 else 0.0 for _, _, s in train])
    raw = {k: w[i + 1] / sd[k] for i, k in enumerate(keys)}
    intercept = w[0] - sum(w[i + 1] * mean[k] / sd[k] for i, k in enumerate(keys))
    # final score of a won game against the score at the time (least squares on one variable)
    won = [(f["score"], float(s)) for _, f, s in train if s >= 16]
    if len(won) >= 2:
        mx = sum(a for a, _ in won) / len(won)
        my = sum(b for _, b in won) / len(won)
        var = sum((a - mx) ** 2 for a, _ in won)
        slope = sum((a - mx) * (b - my) for a, b in won) / var if var else 0.0
        base = my - slope * mx
    else:
        slope, base = 0.0, 16.0
    y_test = [1.0 if s >= 16 else 0.0 for _, _, s in test]

    def predict(weights: dict[str, float], b0: float, f: dict[str, float]) -> float:
        return sigmoid(b0 + sum(weights[k] * f[k] for k in keys))

    print(f"{args.games} heuristic games from seed {args.seed} ({args.difficulty}): {len(rows)} positions, "
          f"{len(test)} held out")
    for label, weights, b0 in (("new fit", raw, intercept), ("current", WIN_WEIGHTS, WIN_INTERCEPT)):
        probs = [predict(weights, b0, f) for _, f, _ in test]
        print(f"  {label:<8} held-out log loss {log_loss(probs, y_test):.4f}, correlation with the outcome "
              f"{correlation(probs, y_test):.3f}")
    rate = sum(y_test) / max(1, len(y_test))
    print(f"  constant held-out log loss {log_loss([rate] * len(y_test), y_test):.4f}")
    print(f"\nWIN_INTERCEPT = {intercept:.4f}")
    print("WIN_WEIGHTS: dict[str, float] = {")
    items = [f'"{k}": {v:.4f}' for k, v in raw.items()]
    for i in range(0, len(items), 6):
        print("    " + ", ".join(items[i:i + 6]) + ",")
    print("}")
    print(f"WIN_SCORE_BASE = {base:.2f}\nWIN_SCORE_SLOPE = {slope:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
