"""A short monkey walk through the real app (tools/monkey.py; the long run is the tool's, figures in the README):
random clicks, drags, keys and window events across the scenes raise nothing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

MONKEY = Path(__file__).resolve().parents[1] / "tools" / "monkey.py"


def load_monkey() -> Any:
    spec = importlib.util.spec_from_file_location("tools_monkey", MONKEY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_monkey_walk_across_the_scenes_raises_nothing(data_dir: Path) -> None:
    monkey = load_monkey()
    failures: list[str] = []
    report = monkey.walk(2500, seed=3, out=failures)
    assert report.events == 2500
    assert failures == [], "\n".join(report.tracebacks.values())
    # the walk reaches the title, a game, its pause menu and the other screens (it is the same walk every time)
    assert {"TitleScene", "PlayScene", "PauseScene", "SettingsScene", "HighScoresScene", "RulesScene",
            "ConfirmScene"} <= set(report.scenes), report.scenes
