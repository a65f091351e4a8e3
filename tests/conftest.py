"""Shared set-up of the UI tests: headless SDL drivers, and a play scene opened on a fresh game with its own
data folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

import pytest  # noqa: E402

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene


@pytest.fixture()
def open_play(tmp_path: Path) -> Callable[[int, str], tuple[App, PlayScene]]:
    """``open_play(seed, difficulty)``: a headless App (data in the test's tmp folder) with a play scene on a new
    game of that seed and difficulty pushed on its stack."""

    def opener(seed: int, difficulty: str) -> tuple[App, PlayScene]:
        from game.rules import Game
        from game.ui.app import App
        from game.ui.scenes.play import PlayScene

        os.environ["POSTMEN_DATA_DIR"] = str(tmp_path / "data")
        app = App(headless=True, seed=seed)
        scene = PlayScene(app.ctx, Game.new(seed, difficulty), fresh=True)
        app.stack.push(scene)
        return app, scene

    return opener
