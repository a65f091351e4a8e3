"""Typed kinds (issue 34): the kinds of events, actions and decisions are members of the enums of
``game/rules/kinds.py``, and no code outside them compares a kind with a string literal or makes an action or a
decision from one (a misspelt kind then fails the type checker instead of never matching). Read from the
source."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import pytest

from game.rules import Event, EventKind
from game.rules.engine import ACTIONS, DECISION_KINDS
from game.rules.events import PAYLOADS
from game.rules.kinds import (
    ACTION_KINDS,
    DECISION_POINTS,
    EVENT_KINDS,
    ActionKind,
    ActionKindText,
    DecisionKind,
    DecisionKindText,
    EventKindText,
)

GAME = Path(__file__).resolve().parents[1] / "game"
KIND_NAMES = {"kind", "k"}
KINDS = EVENT_KINDS | ACTION_KINDS | DECISION_POINTS


def names_a_kind(node: ast.expr) -> bool:
    """``….kind``, ``kind``, ``k``, ``…["kind"]`` or ``….get("kind"…)``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Name):
        return node.id in KIND_NAMES
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
        and bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"


def literal_comparisons(tree: ast.AST) -> list[tuple[int, str]]:
    """Comparisons of a kind (:func:`names_a_kind`) with string literals that are kinds, and actions or decisions
    made from a literal kind (``Action("move", …)``, ``Action.of``, ``Family``, ``decide("moves", …)``)."""

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and node.args[0].value in KINDS:
            func = node.func
            made = isinstance(func, ast.Name) and func.id in ("Action", "Family") or \
                isinstance(func, ast.Attribute) and func.attr in ("of", "decide")
            if made:
                found.append((node.lineno, str(node.args[0].value)))
        if not isinstance(node, ast.Compare):
            continue
        if not names_a_kind(node.left):
            continue
        for right in node.comparators:
            values = right.elts if isinstance(right, (ast.Tuple, ast.List, ast.Set)) else [right]
            found += [(node.lineno, v.value) for v in values
                      if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value in KINDS]
    return found


def test_no_kind_is_compared_with_a_string_literal_or_made_from_one() -> None:
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        if path.name == "kinds.py":
            continue
        for line, value in literal_comparisons(ast.parse(path.read_text(encoding="utf-8"))):
            offenders.append(f"{path.relative_to(GAME.parent)}:{line}: {value!r}")
    assert not offenders, offenders


def test_the_finder_finds_a_literal_comparison() -> None:
    tree = ast.parse('if e.kind == "breach" or k in ("casualty", "morale_changed") or kind != "x":\n    pass\n'
                     'if dec["kind"] == "moves" or d.get("kind") == "escape":\n    g.decide("command")\n'
                     'a = Action("move", ()) if x else Action.of("rally", "Konrad")\n')
    assert sorted(literal_comparisons(tree)) == [(1, "breach"), (1, "casualty"), (1, "morale_changed"), (3, "escape"),
                                                 (3, "moves"), (4, "command"), (5, "move"), (5, "rally")]


def test_the_action_and_decision_kinds_are_the_engine_s() -> None:
    assert set(ACTIONS) == ACTION_KINDS and set(DECISION_KINDS) == DECISION_POINTS
    assert ActionKind.END_MOVES == "end_moves" and DecisionKind.CASUALTY == "casualty"


def test_every_event_kind_has_one_payload_and_events_carry_members() -> None:
    assert set(PAYLOADS) == EVENT_KINDS
    event = Event("breach", "3.1.2", "", {"counter": "c1", "entrance": "front"})  # (the kind as its text)
    assert event.kind == EventKind.BREACH and event.to_dict()["kind"] == "breach"
    with pytest.raises(ValueError):
        Event("breech", "3.1.2", "")


def test_each_familys_literal_texts_are_its_constants() -> None:
    """The ``Literal`` type of each family (what mypy checks) and its class's constants (what code writes) name the
    same kinds: a kind added to one and not the other fails here."""
    assert set(get_args(EventKindText)) == EVENT_KINDS
    assert set(get_args(ActionKindText)) == ACTION_KINDS
    assert set(get_args(DecisionKindText)) == DECISION_POINTS
