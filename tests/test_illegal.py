"""Illegal actions raise IllegalAction (a ValueError) with a reason and leave the game exactly as it was."""

from __future__ import annotations

import json

import pytest

from game.ai import HeuristicPolicy, RandomPolicy
from game.rules import Action, Game, IllegalAction


def at_decision(kind: str, seeds: range = range(200)) -> Game:
    """The first game (by seed, random play) that reaches a decision of ``kind``."""
    for seed in seeds:
        game, policy = Game.new(seed), RandomPolicy(seed)
        for _ in range(400):
            if game.over:
                break
            if game.decision and game.decision["kind"] == kind:
                return game
            game.apply(policy.choose(game))
    raise AssertionError(f"no {kind} decision reached")


def assert_rejected(game: Game, action: Action | str) -> str:
    before = game.to_json()
    legal = game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message and "\n" not in message
    assert game.to_json() == before, f"{action!r} changed the state"
    assert game.legal_actions() == legal
    return message


def test_unknown_kind() -> None:
    game = Game.new(1)
    assert_rejected(game, Action("fly", ("Konrad",)))
    assert_rejected(game, "teleport everyone")


def test_wrong_defender() -> None:
    game = at_decision("moves")
    some_move = next(a for a in game.legal_actions() if a.kind == "move" and not a.args[1].endswith(":interior"))
    assert_rejected(game, Action("move", ("Nobody", *some_move.args[1:])))
    assert_rejected(game, Action("recover", ("Nobody", "exhausted")))
    # a real defender, but on another floor than the destination (moves stay on one floor, 4.1)
    rules = game.rules
    dest = some_move.args[1]
    other = next(n for n in game.state["defenders"] if game.defender(n)["status"] == "board"
                 and rules.floor_of(game.defender(n)["space"]) != rules.floor_of(dest))
    assert_rejected(game, Action("move", (other, dest)))


def test_move_to_a_full_space() -> None:
    rules = Game.new(0).rules
    for seed in range(50):
        game = Game.new(seed)
        if not game.decision or game.decision["kind"] != "moves":
            continue
        for move in (a for a in game.legal_actions() if a.kind == "move"):
            name = move.args[0]
            floor = rules.floor_of(game.defender(name)["space"])
            for space in rules.floor_spaces[floor]:
                if space != game.defender(name)["space"] and \
                        len(game.defenders_in(space)) >= rules.defender_spaces[space].capacity:
                    assert Action("move", (name, space)) not in game.legal_actions()
                    assert_rejected(game, Action("move", (name, space)))
                    return
    raise AssertionError("no full space found next to a movable defender")


def test_move_exceeding_carry_limit() -> None:
    """4.1: a defender carries at most two weapon and ammunition tokens (four with Logistics, 4.3.2): three tokens
    of his own space are refused for that reason."""
    game = at_decision("moves")
    for move in game.legal_actions():
        name = move.args[0] if move.kind == "move" else ""
        if not name or "L" in game.rules.defenders[name].attributes:
            continue
        here = game.state["defenders"][name]["space"]
        tokens = sorted(t for t, sp in game.state["tokens"].items() if sp == here)
        if len(tokens) >= 3:
            message = assert_rejected(game, Action("move", (name, move.args[1], *tokens[:3])))
            assert f"{name} can carry at most 2 tokens" in message
            return
    raise AssertionError("no movable defender stands with three tokens")


def test_attack_without_line_of_sight() -> None:
    for seed in range(100):
        game = Game.new(seed)
        if not game.decision or game.decision["kind"] != "moves":
            continue
        game.apply("end_moves")
        if game.over or not game.decision or game.decision["kind"] != "actions":
            continue
        rules, state = game.rules, game.state
        for name, d in state["defenders"].items():
            if d["status"] != "board" or rules.is_interior(d["space"]) or d["exhausted"] or d["disrupted"]:
                continue
            for space, stack in state["spaces"].items():
                if stack and not rules.sees(d["space"], space):
                    action = Action("attack", (name, stack[-1]))
                    assert action not in game.legal_actions()
                    assert_rejected(game, action)
                    return
    raise AssertionError("no defender without line of sight to a counter found")


def test_action_of_another_decision() -> None:
    game = at_decision("moves")
    assert_rejected(game, "end_actions")
    assert_rejected(game, "spend 1")
    assert_rejected(game, "end_escape")


def test_wrong_number_of_arguments() -> None:
    game = at_decision("moves")
    assert_rejected(game, "end_moves now")
    assert_rejected(game, "move")


def test_after_game_over() -> None:
    game, policy = Game.new(3), RandomPolicy(3)
    while not game.over:
        game.apply(policy.choose(game))
    assert game.legal_actions() == []
    message = assert_rejected(game, "end_moves")
    assert "over" in message
    assert_rejected(game, "end_escape")


@pytest.mark.parametrize("text", ["", "   ", "move 'Konrad", 'move "Postal worker 1', "\\"])
def test_malformed_text(text: str) -> None:
    game = at_decision("moves")
    assert_rejected(game, text)
    with pytest.raises(IllegalAction):
        Action.parse(text)


def test_rejected_game_still_plays() -> None:
    game = at_decision("moves")
    for bad in ("fly", "move Nobody nowhere", "attack"):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    game.apply(game.legal_actions()[-1])


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"version": 1}', '{"version": 99}'])
def test_damaged_save_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Game.from_json(text)
    assert "\n" not in str(info.value)


def test_an_illegal_escape_says_which_condition_fails() -> None:
    """6.0: every defender who cannot escape gets the condition he fails (never a generic refusal). Positions of
    Attack 3 from heuristic games, set at an Escape Phase decision."""
    reasons: set[str] = set()
    for seed in range(12):
        if {"entrance defender space", "exhausted"} <= reasons and len(reasons) >= 4:
            break  # seen what this test is about
        game, policy = Game.new(seed), HeuristicPolicy(seed)
        while not game.over and not (game.state["attack"] == 3 and game.state["attack_turn"] >= 3):
            game.apply(policy.choose(game))
        if game.over:
            continue
        state = json.loads(game.to_json())
        state["phase"], state["decision"] = "escape", {"kind": "escape"}
        game = Game.from_json(json.dumps(state))
        legal = {a.args[0] for a in game.legal_actions() if a.kind == "escape"}
        for name, d in game.state["defenders"].items():
            if d["status"] != "board" or name in legal:
                continue
            message = assert_rejected(game, Action("escape", (name,)))
            assert "(6.0)" in message and "not a legal" not in message, message
            kinds = ("exhausted", "disrupted", "entrance defender space", "assault counter", "support counter",
                     "nobody escapes")
            reasons.update(k for k in kinds if k in message)
    assert {"entrance defender space", "exhausted"} <= reasons and len(reasons) >= 4, reasons
