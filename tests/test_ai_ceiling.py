"""``tools/ai_ceiling.py``: the clairvoyant searcher that measures the headroom above the planner (issue 35)."""

from __future__ import annotations

from pathlib import Path

from game.ai import HeuristicPolicy
from game.rules import Game
from tests.helpers import load_tool

DATA = Path(__file__).parent / "data"


def test_the_clairvoyants_choice_ends_at_least_as_well_as_the_heuristics() -> None:
    """From a busy Attack 3 board, the action the clairvoyant takes, followed by the heuristic on the true future,
    ends with a final score at least that of the heuristic's own choice, and it is the best of those it tried."""
    ceiling = load_tool("ai_ceiling")
    game = Game.from_json((DATA / "busy-attack3.json").read_text())
    heuristic = HeuristicPolicy(0)
    seer = ceiling.Clairvoyant(0, candidates=4)
    chosen = seer.choose(game)
    assert seer.searched == 1

    def ending(action: object) -> float:
        copy = game.clone()
        copy.apply(action)
        return float(ceiling.heuristic_to_the_end(copy, heuristic))

    tried = [s.action for s in heuristic.rank(game)][:4]
    assert chosen in tried
    assert ending(chosen) >= ending(heuristic.choose(game))
    assert ending(chosen) == max(ending(action) for action in tried)


def test_the_paired_differences_and_their_interval() -> None:
    ceiling = load_tool("ai_ceiling")
    rows = [{"a": 10.0, "b": 8.0}, {"a": 12.0, "b": 8.0}, {"a": 9.0, "b": 9.0}]
    mean, low, high = ceiling.paired(rows, "a", "b")
    assert mean == 2.0 and low < 2.0 < high
