"""Typed kinds (issue 34): the rules core's event kinds are :class:`~game.rules.kinds.EventKind` members, and no
code outside that enum compares an event's kind with a string literal (a misspelt kind then fails the type checker
instead of never matching). Read from the source. The action and decision kinds ("command", "casualty",
"escape" are also words of those) come next: their literals are not counted here yet."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules import Event, EventKind
from game.rules.events import PAYLOADS

GAME = Path(__file__).resolve().parents[1] / "game"
SHARED = {"command", "casualty", "escape"}  # also action or decision kinds (the next step types those)
KIND_NAMES = {"kind", "k"}


def literal_comparisons(tree: ast.AST) -> list[tuple[int, str]]:
    """Comparisons of ``….kind``, ``kind`` or ``k`` with string literals that are event kinds."""
    events = {k.value for k in EventKind} - SHARED
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        left = node.left
        named = isinstance(left, ast.Attribute) and left.attr == "kind" or \
            isinstance(left, ast.Name) and left.id in KIND_NAMES
        if not named:
            continue
        for right in node.comparators:
            values = right.elts if isinstance(right, (ast.Tuple, ast.List, ast.Set)) else [right]
            found += [(node.lineno, v.value) for v in values
                      if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value in events]
    return found


def test_no_event_kind_is_compared_with_a_string_literal() -> None:
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        if path.name == "kinds.py":
            continue
        for line, value in literal_comparisons(ast.parse(path.read_text(encoding="utf-8"))):
            offenders.append(f"{path.relative_to(GAME.parent)}:{line}: {value!r}")
    assert not offenders, offenders


def test_the_finder_finds_a_literal_comparison() -> None:
    tree = ast.parse('if e.kind == "breach" or k in ("casualty", "morale_changed") or kind != "x":\n    pass\n')
    assert literal_comparisons(tree) == [(1, "breach"), (1, "morale_changed")]


def test_every_event_kind_has_one_payload_and_events_carry_members() -> None:
    assert set(PAYLOADS) == set(EventKind)
    event = Event("breach", "3.1.2", "", {"counter": "c1", "entrance": "front"})  # (its text, made a member)
    assert event.kind is EventKind.BREACH and event.to_dict()["kind"] == "breach"
    with pytest.raises(ValueError):
        Event("breech", "3.1.2", "")
