"""Every event the rules emit has the payload its kind declares (game/rules/events.py): the keys it must have,
no other key, and values of the declared JSON types, over random games at every difficulty and heuristic games
that reach Attack 3."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from game.ai import HeuristicPolicy, RandomPolicy
from game.rules import Event, Game
from game.rules.events import PAYLOADS


def type_ok(value: Any, hint: Any) -> bool:
    if typing.get_origin(hint) is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(type_ok(v, item) for v in value)
    return type(value) is hint


def problems(event: Event) -> list[str]:
    payload = PAYLOADS.get(event.kind)
    if payload is None:
        return [f"{event.kind}: no payload declared"]
    hints = typing.get_type_hints(payload)
    required: frozenset[str] = payload.__required_keys__  # type: ignore[attr-defined]
    out = [f"{event.kind}: missing {k}" for k in sorted(required - set(event.data))]
    out += [f"{event.kind}: undeclared {k}" for k in sorted(set(event.data) - set(hints))]
    out += [f"{event.kind}: {k}={event.data[k]!r} is not {hints[k]}" for k in sorted(set(event.data) & set(hints))
            if not type_ok(event.data[k], hints[k])]
    return out


def test_the_checker_sees_a_wrong_payload() -> None:
    assert problems(Event("casualty", "1.2", "x", {"defender": "Konrad"})) == ["casualty: missing space"]
    assert problems(Event("breach", "3.1.2", "x", {"counter": "e1", "src": "a", "entrance": "front",
                                                    "floor": 1})) == ["breach: floor=1 is not <class 'str'>"]
    assert problems(Event("morale_changed", "1.2", "x", {"old": 5, "new": True, "defender": "K"}))
    with pytest.raises(ValueError):  # an event of an unknown kind cannot even be made (EventKind)
        Event("teleported", "9.9", "x", {})


@pytest.mark.parametrize("difficulty", ["standard", "veteran", "elite"])
def test_every_event_has_its_declared_payload(difficulty: str) -> None:
    seen: set[str] = set()
    games = [(seed, RandomPolicy(seed)) for seed in range(25)] + [(0, HeuristicPolicy())]
    for seed, policy in games:
        game = Game.new(seed, difficulty)
        events = list(game.initial_events)
        while not game.over:
            events += game.apply(policy.choose(game))
        for event in events:
            assert not problems(event), (difficulty, seed, problems(event))
            seen.add(event.kind)
    rare = {"escaped", "suppression_discarded", "extension_over", "no_target", "command", "fire_truck",
            "fire_truck_shuffled", "tactic_revealed", "tactics_reshuffled", "counter_unavailable"}
    assert len(seen) >= len(PAYLOADS) - len(rare), sorted(set(PAYLOADS) - seen)
