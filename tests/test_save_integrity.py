"""A save is checked against the rules data before play (issue "Nothing lost", game/rules/integrity.py): every
id, count, range and pending decision or rule step; a damaged save is refused with one line at Continue, never
later in play, and never with a traceback."""

from __future__ import annotations

import copy
import inspect
import json
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import HeuristicPolicy, RandomPolicy
from game.rules import Game
from game.rules.engine import TASKS
from game.rules.integrity import TASK_ARGS, SaveDamaged
from game.rules.rng import Pcg32

KINDS = ("moves", "actions", "command", "suppression", "casualty", "escape", "over")


# The games of seeds 0.. in order that first reach a kind of decision of KINDS (the others reach none first, so
# playing only these finds the same positions, in a third of the time: most of the others are the heuristic's).
FIRST_SEEDS = (0, 2, 15, 16)


@cache
def positions() -> tuple[str, ...]:
    """Saves at the first decision of each kind of :data:`KINDS` (the last: a finished game) met in the games of
    seeds 0.. in order, at every difficulty (random choices on the odd seeds, the heuristic's, which reaches the
    Escape Phase, on the even ones). The games of :data:`FIRST_SEEDS` are played first; should they no longer
    reach every kind (the rules changed), every seed is played again in order."""
    found = first_decisions(FIRST_SEEDS)
    if len(found) < len(KINDS):
        found = first_decisions(range(60))
    assert sorted(found) == sorted(KINDS)
    return tuple(found[k] for k in KINDS)


def first_decisions(seeds: Iterable[int]) -> dict[str, str]:
    """The save at the first decision of each kind (and the first finished game) in the games of ``seeds``."""
    found: dict[str, str] = {}
    for seed in seeds:
        game = Game.new(seed, ("standard", "veteran", "elite")[seed % 3])
        policy = RandomPolicy(seed) if seed % 2 else HeuristicPolicy(seed)
        while not game.over:
            found.setdefault(game.decision["kind"] if game.decision else "", game.to_json())
            game.apply(policy.choose(game))
        found.setdefault("over", game.to_json())
        if len(found) == len(KINDS):
            break
    return found


def mid_game() -> dict[str, Any]:
    return json.loads(positions()[KINDS.index("moves")])  # Attack 1: the decks of Attacks 2 and 3 are full


def damaged(change: Any) -> str:
    state = mid_game()
    change(state)
    return json.dumps(state)


def set_(key: str, value: Any) -> Any:
    return lambda s: s.__setitem__(key, value)


def first(mapping: dict[str, Any]) -> str:
    return next(iter(mapping))


# One of each kind of damage the save check names: (what is damaged, the change, words of the message).
DAMAGES: list[tuple[str, Any, str]] = [
    ("unknown card in a deck", lambda s: s["decks"]["3"].append("3-99"), "unknown card '3-99'"),
    ("card in two piles", lambda s: s["removed"].append(s["decks"]["3"][0]), "in two piles"),
    ("no decision, no tasks", set_("decision", None), "no pending decision"),
    ("negative morale", set_("morale", -1), "morale -1"),
    ("morale above the track", set_("morale", 99), "morale 99"),
    ("Attack 7", set_("attack", 7), "Attack 7"),
    ("unknown phase", set_("phase", "lunch"), "unknown phase 'lunch'"),
    ("decision of another phase", lambda s: s.__setitem__("decision", {"kind": "escape"}), "unknown decision"),
    ("unknown task", lambda s: s["tasks"].append(["__class__"]), "unknown rule step '__class__'"),
    ("task with a bad argument", lambda s: s["tasks"].append(["release", 9]), "barrier 9"),
    ("task with too many arguments", lambda s: s["tasks"].append(["draw", 1]), "draw step with 1 arguments"),
    ("unknown defender", lambda s: s["defenders"].__setitem__("Napoleon", s["defenders"][first(s["defenders"])]),
     "unknown defender 'Napoleon'"),
    ("defender in no space", lambda s: s["defenders"][first(s["defenders"])].__setitem__("space", "roof:9"),
     "unknown space of"),
    ("over capacity", lambda s: [d.__setitem__("space", "upper:1") for d in s["defenders"].values()
                                 if d["status"] == "board"], "above its capacity"),
    ("unknown token", lambda s: s["tokens"].__setitem__("bazooka", ""), "unknown or missing token 'bazooka'"),
    ("token on no space", lambda s: s["tokens"].__setitem__("gren1", "attic:1"), "space of token gren1"),
    ("unknown counter type", lambda s: s["counters"][first(s["counters"])].__setitem__("type", "tank"),
     "unknown counter type 'tank'"),
    ("counter in two places", lambda s: s["interior"]["upper"].append(first(s["counters"])), "in two places"),
    ("counter on no space", lambda s: s.__setitem__("spaces", {k: v for k, v in s["spaces"].items() if k != "1-2:1"}),
     "on no space"),
    ("supply does not add up", lambda s: s["supply"].__setitem__("smg", s["supply"]["smg"] - 1), "counter mix"),
    ("negative supply", lambda s: s["supply"].__setitem__("smg", -3), "supply of smg -3"),
    ("defense track off its end", lambda s: s["defense"].__setitem__("upper", 9), "upper defense position 9"),
    ("huge turn", set_("turn", 10**30), "turn 1000000"),
    ("a result in play", set_("result", {"score": 3, "outcome": "draw", "how": "fire_truck"}), "a result in phase"),
    ("boolean as a number", set_("moves", True), "moves used True"),
    ("unknown Tactics card", lambda s: s["tactics"]["removed"].append("nope"), "unknown Tactics card 'nope'"),
]


@pytest.mark.parametrize(("change", "words"), [(c, w) for _, c, w in DAMAGES], ids=[d[0] for d in DAMAGES])
def test_each_kind_of_damage_is_refused_with_one_line(change: Any, words: str) -> None:
    with pytest.raises(SaveDamaged) as caught:
        Game.from_save(damaged(change))
    msg = str(caught.value)
    assert msg.startswith("saved game ") and "\n" not in msg and len(msg) < 200, msg
    assert words in msg, msg


def test_every_kind_of_decision_and_a_finished_game_pass() -> None:
    for text in positions():
        game = Game.from_save(text)
        assert game.to_json() == text  # the game returned is untouched by the trial playouts


def test_a_save_the_rules_cannot_play_on_is_refused_before_play() -> None:
    """At a suppression decision, a pending breach of a real counter from a real track space passes the argument
    check, but the counter is not on that space: the rules break when it runs, right after the decision, and
    the trial playout finds it at load."""
    state = json.loads(positions()[KINDS.index("suppression")])
    state["tasks"].append(["breach", next(iter(state["counters"])), "1-2:5"])
    with pytest.raises(SaveDamaged, match="cannot be played on"):
        Game.from_save(json.dumps(state))


def test_task_arguments_cover_every_task_with_its_arity() -> None:
    assert set(TASK_ARGS) == set(TASKS)
    for name, spec in TASK_ARGS.items():
        params = list(inspect.signature(TASKS[name]).parameters.values())[1:]  # after the game
        assert len(params) == len(spec), name
        for param, kind in zip(params, spec, strict=True):
            assert (param.default is not inspect.Parameter.empty) == kind.endswith("?"), (name, param.name)


# ---------------------------------------------------------------------------------------------------- fuzzing
IDS = ["", "e1", "e999", "3-01", "upper:1", "upper:interior", "1-2:1", "Konrad", "gren1", "A", "leader", "smg",
       "moves", "over", "release", "car1", "\x00", "x" * 300]
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-3, 12),
                   st.floats(allow_nan=True), st.sampled_from(IDS), st.text(max_size=8))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(st.sampled_from(IDS), inner, max_size=3)),
                      max_leaves=6)


def paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*here, i))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 6), where=st.integers(0, 10**6), value=VALUES, delete=st.booleans())
def test_no_damaged_save_raises_anything_but_one_line_or_breaks_in_play(which: int, where: int, value: Any,
                                                                        delete: bool) -> None:
    """A random part of a real save replaced by a random value (or deleted): either refused with one line at
    load, or played on to the end without an error."""
    state = json.loads(positions()[which])
    spots = paths(state)[1:]
    path = spots[where % len(spots)]
    parent = state
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(value)
    try:
        text = json.dumps(state)
    except ValueError:
        return  # not JSON at all (a float NaN inside is written as NaN, which json accepts; this is the rest)
    try:
        game = Game.from_save(text)
    except ValueError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300, str(exc)
        return
    pick = Pcg32.seeded(where, 5)
    for _ in range(3000):
        if game.over:
            break
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
    assert game.over
