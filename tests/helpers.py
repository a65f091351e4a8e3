"""Helpers the tests share that are not fixtures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any


def load_tool(name: str) -> Any:
    """A script of tools/ imported as a module (registered in sys.modules: its dataclasses look it up there)."""
    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"tools_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
