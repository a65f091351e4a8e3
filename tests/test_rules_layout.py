"""The rules core is laid out by the rulebook: every handler of the engine's tables cites its section, and the
modules sit in layers (kernel, queries, scoring, effects, tactics, the phases, the engine), the phases never
importing each other: one phase hands over to the next through the task queue."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.rules.engine import ACTIONS, DECISION_KINDS, GENERATORS, TASKS

RULES = Path(__file__).resolve().parents[1] / "game" / "rules"
LAYERS = ["kernel", "queries", "scoring", "effects", "tactics"]
PHASES = ["setup", "enemy", "defense", "clearing", "escape"]
SECTION = re.compile(r"\b[1-8]\.\d")


def rules_imports(module: str) -> set[str]:
    tree = ast.parse((RULES / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.rules."):
            found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[2] for a in node.names if a.name.startswith("game.rules."))
    return found


@pytest.mark.parametrize("table", [TASKS, ACTIONS, GENERATORS], ids=["tasks", "actions", "generators"])
def test_every_handler_cites_its_section(table: dict[str, object]) -> None:
    for name, handler in table.items():
        doc = getattr(handler, "__doc__", None) or ""
        assert SECTION.search(doc), f"{name}: {handler!r} has no rulebook section in its docstring"


def test_the_tables_cover_every_decision_and_action_kind() -> None:
    assert set(GENERATORS) == set(DECISION_KINDS)
    assert set(ACTIONS) == {kind for kinds in DECISION_KINDS.values() for kind in kinds}


def test_every_task_pushed_has_a_handler() -> None:
    """Every task record a module pushes (a list literal led by its name, given to push, push_all or a task list's
    append) names a handler of ``TASKS``."""
    pushed: set[str] = set()
    for path in RULES.glob("*.py"):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr in ("push", "push_all", "append")):
                continue
            for node in ast.walk(call):
                if isinstance(node, ast.List) and node.elts and isinstance(node.elts[0], ast.Constant) \
                        and isinstance(node.elts[0].value, str):
                    pushed.add(node.elts[0].value)
    assert {"draw", "turn_end", "defense_start", "escape_start", "clear_floor"} <= pushed, sorted(pushed)
    assert pushed <= set(TASKS), f"tasks pushed without a handler: {sorted(pushed - set(TASKS))}"


@pytest.mark.parametrize("module", LAYERS + PHASES)
def test_modules_import_only_the_layers_above_them(module: str) -> None:
    order = LAYERS + PHASES
    allowed = set(LAYERS[: LAYERS.index(module)]) if module in LAYERS else set(LAYERS)
    # below every layer: the data, its words and the reducer
    allowed |= {"actions", "changes", "data", "events", "kinds", "names", "rng"}
    found = rules_imports(module)
    assert found <= allowed, f"{module} imports {sorted(found - allowed)} (layers: {' < '.join(order)})"
