"""The headroom above today's AI: a clairvoyant searcher against the planner and the heuristic on the same seeds.

The clairvoyant knows the true future (it looks ahead on exact copies of the game: the true order of the decks and
the dice to come, which the keyed dice make the same whatever is done before) and searches every decision of the
player that has a choice: each of the heuristic's ``--candidates`` best actions is applied to a copy, the heuristic
plays the copy to the end, and the action whose game ends with the best final score is taken (0 when morale
broke, 1.2; ties go to the heuristic's order). No honest player can do as well; the paired difference between it
and the planner is the room any planner could reach for (issue 35).

    python tools/ai_ceiling.py --games 30 --jobs 2

prints each policy's mean score and the paired differences (clairvoyant - planner, clairvoyant - heuristic,
planner - heuristic) with their 95% intervals. Offline: one to three minutes of one core a game at the default
budget (the clairvoyant plays a game to its end for each candidate of each decision).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from game.ai import HeuristicPolicy
from game.ai.planner import evaluate
from game.rules import Action, Game
from game.sim import default_jobs, mean_ci, play_game, run_tasks

MAX_DECISIONS = 3000


def heuristic_to_the_end(game: Game, heuristic: HeuristicPolicy) -> float:
    """Play ``game`` (a copy) to its end by the heuristic; its final score (``planner.evaluate`` of a finished
    game: 0 when morale broke, 1.2 and 7.0)."""
    for _ in range(MAX_DECISIONS):
        if game.over:
            return evaluate(game)
        game.apply(heuristic.choose(game))
    raise RuntimeError("a rollout did not end")


class Clairvoyant:
    """Searches each decision with a choice on exact copies of the true game (see the module docstring)."""

    def __init__(self, seed: int, candidates: int) -> None:
        self.heuristic = HeuristicPolicy(seed)
        self.candidates = candidates
        self.searched = 0

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ranked = [scored.action for scored in self.heuristic.rank(game)]
        pool = list(dict.fromkeys(ranked))[: self.candidates]
        best, best_value = pool[0], -1.0
        for action in pool:
            copy = game.clone()
            copy.apply(action)
            value = heuristic_to_the_end(copy, self.heuristic)
            if value > best_value:
                best, best_value = action, value
        self.searched += 1
        return best


def clairvoyant_game(seed: int, difficulty: str, candidates: int) -> dict[str, Any]:
    started = time.process_time()
    game = Game.new(seed, difficulty)
    player = Clairvoyant(seed, candidates)
    for _ in range(MAX_DECISIONS):
        if game.over:
            break
        game.apply(player.choose(game))
    return {"seed": seed, "score": evaluate(game), "searched": player.searched,
            "seconds": time.process_time() - started}


def one_seed(task: tuple[int, str, int]) -> dict[str, Any]:
    seed, difficulty, candidates = task
    row: dict[str, Any] = {"seed": seed}
    for name in ("heuristic", "planner"):
        row[name] = float(play_game(seed, name, difficulty)["score"])  # 0 when morale broke (scoring.end_game)
    seer = clairvoyant_game(seed, difficulty, candidates)
    row["clairvoyant"] = seer["score"]
    row["seconds"] = seer["seconds"]
    return row


def paired(rows: list[dict[str, Any]], a: str, b: str) -> tuple[float, float, float]:
    """The mean of ``a - b`` over the seeds and its 95% interval (``sim.mean_ci``: a normal approximation, a
    little narrow below 30 seeds)."""
    return mean_ci([row[a] - row[b] for row in rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="seeds played by each policy (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--difficulty", default="standard", choices=("standard", "veteran", "elite"))
    parser.add_argument("--candidates", type=int, default=6,
                        help="the heuristic's best actions the clairvoyant tries at each decision (default 6)")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes (default: the cores)")
    parser.add_argument("--json", action="store_true", help="print the rows and the summary as JSON")
    args = parser.parse_args(argv)
    if args.games < 2 or args.candidates < 1 or args.jobs < 1:
        parser.error("--games must be 2 or more, --candidates and --jobs 1 or more")
    tasks = [(seed, args.difficulty, args.candidates) for seed in range(args.seed, args.seed + args.games)]
    rows = run_tasks(one_seed, tasks, args.jobs)
    means = {name: sum(row[name] for row in rows) / len(rows) for name in ("heuristic", "planner", "clairvoyant")}
    pairs = {f"{a} - {b}": paired(rows, a, b) for a, b in (("clairvoyant", "planner"), ("clairvoyant", "heuristic"),
                                                           ("planner", "heuristic"))}
    if args.json:
        print(json.dumps({"rows": rows, "means": means, "pairs": pairs}, indent=1))
        return 0
    print(f"{args.games} {args.difficulty} seeds from {args.seed}; the clairvoyant tries {args.candidates} actions "
          f"a decision ({sum(row['seconds'] for row in rows) / len(rows):.0f} s of CPU a game)")
    for name, mean in means.items():
        print(f"  {name:12} mean score {mean:6.2f}")
    for label, (mean, low, high) in pairs.items():
        print(f"  {label:24} {mean:+6.2f} points a game (95% interval {low:+.2f} to {high:+.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
