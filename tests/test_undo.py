"""Undo (issue "A new player's first hour"): any decision since the last die, card or shuffle can be taken back;
undo never reveals or rerolls anything. The core says what can be undone (Game.undoable, Game.undo)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.ai import RandomPolicy
from game.rules import Action, Game, IllegalAction
from game.rules.events import REVEALING


def board(text: str) -> dict[str, Any]:
    """A saved game without its dice generator and dice key (what a different luck would change)."""
    state = json.loads(text)
    for key in ("rng", "dice_key", "seed"):
        state.pop(key)
    return state


@pytest.mark.parametrize("difficulty", ["standard", "veteran", "elite"])
def test_undo_restores_the_game_before_each_decision_that_revealed_nothing(difficulty: str) -> None:
    """Over whole random games: a decision that showed no die, card or shuffle can be taken back, the game is
    exactly as before it, and taking it again gives the same result; a decision that showed one cannot."""
    undone = refused = 0
    for seed in range(12):
        game = Game.new(seed, difficulty)
        game.keep_undo = True
        policy = RandomPolicy(seed)
        while not game.over:
            before = game.to_json()
            action = policy.choose(game)
            events = game.apply(action)
            after = game.to_json()
            if game.over or any(e.kind in REVEALING for e in events):
                assert game.undoable == 0
                refused += 1
                continue
            assert game.undoable >= 1
            depth = game.undoable
            game.undo()
            undone += 1
            assert game.to_json() == before and game.undoable == depth - 1
            assert [str(e) for e in game.apply(action)] == [str(e) for e in events]
            assert game.to_json() == after
    assert undone > 100 and refused > 100


@pytest.mark.parametrize("difficulty", ["standard", "elite"])
def test_what_can_be_undone_did_not_depend_on_the_dice(difficulty: str) -> None:
    """Undo never rerolls: a decision counted as undoable gives the same board whatever the dice would have
    been (taken again from the same position with another dice key and generator state)."""
    checked = 0
    for seed in range(10):
        game = Game.new(seed, difficulty)
        game.keep_undo = True
        policy = RandomPolicy(100 + seed)
        while not game.over:
            before = game.to_json()
            action = policy.choose(game)
            game.apply(action)
            if not game.undoable:
                continue
            other = json.loads(before)
            other["dice_key"], other["rng"] = other["dice_key"] + 7919, [12345, 6789]
            luck = Game.from_json(json.dumps(other))
            luck.apply(action)
            assert board(luck.to_json()) == board(game.to_json()), (seed, str(action))
            checked += 1
    assert checked > 100


def test_several_decisions_are_taken_back_in_turn_and_a_die_ends_the_history() -> None:
    game = Game.new(3)
    game.keep_undo = True
    start = game.to_json()
    moves = [a for a in game.legal_actions() if a.kind == "move" and len(a.args) == 2][:1]
    game.apply(moves[0])
    second = next(a for a in game.legal_actions() if a.kind == "move" and a.args[0] != moves[0].args[0])
    game.apply(second)
    assert game.undoable == 2
    game.undo()
    game.undo()
    assert game.to_json() == start and game.undoable == 0
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()
    game.apply(Action("end_moves"))
    attack = next((a for a in game.legal_actions() if a.kind == "attack"), None)
    assert attack is not None
    events = game.apply(attack)
    assert any(e.kind == "dice_rolled" for e in events) and game.undoable == 0


def test_without_keep_undo_nothing_is_kept() -> None:
    game = Game.new(3)
    game.apply(Action("end_moves"))
    assert game.undoable == 0 and game.undo_history == []
