"""Saves of an earlier version still load (``engine.migrate_from_1``): version 2 spelled out the state's clipped keys
(``supp``, a defender's ``exh`` and ``dis``, a counter's ``dis``), and a version 1 save reads as the same game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import HeuristicPolicy
from game.rules import Game
from game.rules.kernel import SAVE_VERSION

DATA = Path(__file__).parent / "data"


def as_version_1(text: str) -> str:
    """A save of today's format written as version 1 wrote it (the same game, the old keys where they stood)."""
    state: dict[str, Any] = json.loads(text)
    old: dict[str, Any] = {}
    for key, value in state.items():
        old["supp" if key == "suppression" else key] = value
    old["version"] = 1
    old["defenders"] = {name: {{"exhausted": "exh", "disrupted": "dis"}.get(k, k): v for k, v in d.items()}
                        for name, d in state["defenders"].items()}
    old["counters"] = {cid: {("dis" if k == "disrupted" else k): v for k, v in c.items()}
                       for cid, c in state["counters"].items()}
    return json.dumps(old, separators=(",", ":"))


def game_in_play(seed: int, decisions: int) -> Game:
    """A Standard game ``decisions`` into play by the heuristic: defenders exhausted and disrupted, counters on the
    board and inside, suppression tokens down."""
    game, policy = Game.new(seed), HeuristicPolicy()
    for _ in range(decisions):
        if game.over:
            break
        game.apply(policy.choose(game))
    return game


def test_the_version_1_save_kept_in_the_tests_loads_with_its_keys_spelled_out() -> None:
    """``data/save-version-1.json`` was written by the game before version 2 (a random game of seed 0, 16 decisions
    in: defenders exhausted and disrupted, suppression tokens down)."""
    text = (DATA / "save-version-1.json").read_text()
    raw = json.loads(text)
    assert raw["version"] == 1 and '"exh"' in text and '"supp"' in text
    game = Game.from_save(text)
    state = game.state
    assert state["version"] == SAVE_VERSION == 2
    assert "supp" not in state and isinstance(state["suppression"], dict)
    assert all(set(d) == {"space", "status", "exhausted", "disrupted", "moved", "acted"}
               for d in state["defenders"].values())
    assert all(set(c) == {"type", "name", "disrupted"} for c in state["counters"].values())
    # the markers came across, not only the names
    assert {n: (d["exhausted"], d["disrupted"]) for n, d in state["defenders"].items()} == \
        {n: (d["exh"], d["dis"]) for n, d in raw["defenders"].items()}
    assert {c: v["disrupted"] for c, v in state["counters"].items()} == \
        {c: v["dis"] for c, v in raw["counters"].items()}
    assert state["suppression"] == raw["supp"] and state["suppression"]
    assert list(state) == ["suppression" if k == "supp" else k for k in raw]
    assert any(d["exhausted"] for d in state["defenders"].values())
    assert any(d["disrupted"] for d in state["defenders"].values())
    assert game.legal_actions()


@pytest.mark.parametrize("seed, decisions", [(3, 25), (8, 60), (12, 140)])
def test_a_save_of_today_written_as_version_1_is_the_same_game(seed: int, decisions: int) -> None:
    """Down to the byte: the migrated save is today's save (every key where it stood, every value kept), and it
    plays on exactly as the game it came from."""
    game = game_in_play(seed, decisions)
    today = game.to_json()
    old = Game.from_save(as_version_1(today))
    assert old.to_json() == today
    policy = HeuristicPolicy()
    for _ in range(30):
        if game.over:
            break
        action = policy.choose(game)
        assert [e.to_dict() for e in old.apply(action)] == [e.to_dict() for e in game.apply(action)]
    assert old.to_json() == game.to_json()


def test_a_version_1_save_that_is_damaged_is_refused_in_one_line() -> None:
    state = json.loads(as_version_1(game_in_play(3, 25).to_json()))
    first = next(iter(state["defenders"]))
    state["defenders"][first]["exh"] = "yes"
    with pytest.raises(ValueError) as refused:
        Game.from_save(json.dumps(state))
    assert "\n" not in str(refused.value) and str(refused.value)
    state["defenders"] = ["not", "a", "table"]
    with pytest.raises(ValueError):
        Game.from_save(json.dumps(state))
