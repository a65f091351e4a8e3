"""The import graph of ``game/``, read from the source (function-level and TYPE_CHECKING imports included): the
rules core and the AI never import pygame, pymunk or the UI, and no module imports one that imports it back, not
even through others (the last cycle went with issue 16: the animator drives a stage of its own and never imports
the play scene)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
# Cycles not yet taken apart: none. A new one fails the test below; the test asks for exactly these.
KNOWN_CYCLES: list[list[str]] = []


def module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` names in an import statement, wherever the statement is."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # a submodule imported by name
    return found


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module of ``game/`` and the modules it imports (read when a test first asks, not at collection)."""
    return {module_name(p): imports_of(p) for p in sorted(GAME.rglob("*.py"))}


def internal_graph() -> dict[str, set[str]]:
    modules = graph()
    return {m: {d for d in deps if d in modules and d != m} for m, deps in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_graph_is_read_from_every_module() -> None:
    assert {"game.rules.engine", "game.ai.planner", "game.ui.play.scene", "game.ui.app"} <= set(graph())
    assert {"game.rules.actions", "game.rules.data"} <= internal_graph()["game.rules.engine"]
    # an import under TYPE_CHECKING counts: game/ui/scene.py imports the core there and nowhere else
    tree = ast.parse((GAME / "ui" / "scene.py").read_text(encoding="utf-8"))
    guarded = {id(node) for guard in ast.walk(tree) if isinstance(guard, ast.If)
               and isinstance(guard.test, ast.Name) and guard.test.id == "TYPE_CHECKING" for node in ast.walk(guard)}
    core = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("game.rules")]
    assert core and all(id(node) in guarded for node in core)
    assert "game.rules" in internal_graph()["game.ui.scene"]


def test_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_only_import_cycles_are_the_known_ones() -> None:
    assert cycles(internal_graph()) == KNOWN_CYCLES


@pytest.mark.parametrize("package", ["game.rules", "game.ai"])
def test_rules_core_and_ai_never_import_the_ui(package: str) -> None:
    for module, deps in graph().items():
        if module == package or module.startswith(package + "."):
            bad = {d for d in deps if d.split(".")[0] in ("pygame", "pymunk") or d.startswith("game.ui")}
            assert not bad, f"{module} imports {sorted(bad)}"


def folder_of(module: str) -> str:
    """The folder a module's file lies in (a package's ``__init__`` lies in its own folder)."""
    path = GAME.parent / Path(*module.split("."))
    return module if path.is_dir() else module.rpartition(".")[0]


def test_no_folder_imports_a_folder_that_imports_it_back() -> None:
    """Folders as rooms: ``game/ui/play`` never imports ``game/ui/scenes`` (the play scene opens the pause,
    results and rules scenes through the context), nor any folder one that imports it back. A folder and the
    folders inside it are one line of descent, not a cycle."""
    folders: dict[str, set[str]] = {}
    for module, deps in internal_graph().items():
        home = folder_of(module)
        for dep in deps:
            there = folder_of(dep)
            if not (home == there or home.startswith(there + ".") or there.startswith(home + ".")):
                folders.setdefault(home, set()).add(there)
    for home in list(folders):
        for there in folders[home]:
            folders.setdefault(there, set())
    assert "game.ui.scenes" in folders and "game.ui.play" in folders["game.ui.scenes"]
    assert cycles(folders) == []
