"""The events carry every change the board shows: a View that only ever applies the events of each decision, never
resynchronised with the core, draws the core's board after every decision of 200 random games at each
difficulty."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import RandomPolicy
from game.rules import Game
from game.ui.view import View

GAMES = 200


def board(state: dict[str, Any]) -> dict[str, Any]:
    """What the board shows: counters where they stand (with their disrupted markers), cars, barriers, suppression
    and weapon tokens, defenders (space, casualty or escaped, exhausted, disrupted, move and action tokens),
    morale and the floors' defense."""
    placed = [c for stack in state["spaces"].values() for c in stack]
    placed += [c for items in state["interior"].values() for c in items]
    placed += [c for stack in state["support"].values() for c in stack]
    return {
        "spaces": {k: v for k, v in state["spaces"].items() if v},
        "interior": state["interior"],
        "support": {k: v for k, v in state["support"].items() if v},
        "counters": {c: (state["counters"][c]["type"], state["counters"][c]["dis"]) for c in placed},
        "cars": state["cars"],
        "barriers_open": sorted(state["barriers_open"]),
        "supp": state["supp"],
        "tokens": state["tokens"],
        "defenders": {n: (d["status"], d["space"] if d["status"] == "board" else "", d["exh"], d["dis"],
                          d["moved"], d["acted"]) for n, d in state["defenders"].items()},
        "morale": state["morale"],
        "defense": state["defense"],
        "attack": state["attack"],
    }


@pytest.mark.parametrize("difficulty", ["standard", "veteran", "elite"])
def test_events_alone_keep_the_view_equal_to_the_core(difficulty: str) -> None:
    decisions = 0
    for seed in range(GAMES):
        game, policy = Game.new(seed, difficulty), RandomPolicy(seed)
        view = View(game.state)
        while not game.over:
            action = policy.choose(game)
            for event in game.apply(action):
                view.apply(event)
            decisions += 1
            assert board(view.s) == board(game.state), f"{difficulty} seed {seed}, after {action}"
    assert decisions > GAMES * 20


def test_the_comparison_sees_a_missing_event() -> None:
    """The check can fail: an exhausted marker the events never mention shows as a difference."""
    game = Game.new(0)
    view = View(game.state)
    name = next(iter(game.state["defenders"]))
    game.state["defenders"][name]["exh"] = True
    assert board(view.s) != board(game.state)
