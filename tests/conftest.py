"""Shared set-up of the tests: headless SDL drivers, a data folder of its own for every test (saves, settings,
high scores never touch the player's), and a play scene opened on a fresh game."""

from __future__ import annotations

import gc
import os
import sys

# the whole suite is headless, whatever the shell says (set before any test module imports pygame)
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# and in English, whatever the machine's locale (a test in French says so: game.i18n.set_language("fr"))
os.environ["LANGUAGE"] = "en"

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

# From here on compiled modules are kept (in __pycache__, which git ignores) by the test processes and by every
# process they start (the command-line tests start dozens), whatever the shell says: a process that finds them
# starts in about half the time (issue 30: the suite in minutes).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The cyclic garbage collector looks for cycles less often (the tests make millions of short-lived objects, game
# copies above all, and few cycles): the same tests in about 7 % less CPU time and less memory (issue 30).
gc.set_threshold(50_000, 20, 100)

# Fuzz tests draw the same examples on every run (CI stays reproducible) and keep no example database.
settings.register_profile("postmen", derandomize=True, database=None)
settings.load_profile("postmen")

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.play.scene import PlayScene


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends in English (a test that switches the language leaves none behind)."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
    i18n.said = i18n.asked = i18n.missing = None


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game's data folder for this test (``POSTMEN_DATA_DIR``, restored afterwards): ``tmp_path / "data"``;
    the writes behind the frame loop the test asked are done before the next test starts."""
    from game.ui import storage

    folder = tmp_path / "data"
    monkeypatch.setenv("POSTMEN_DATA_DIR", str(folder))
    yield folder
    storage.settle(storage.EXIT_WAIT)


@pytest.fixture()
def drawn() -> Iterator[set[str]]:
    """Every line of text the UI draws while the test runs (game/ui/fonts.py records them into this set)."""
    from game.ui import fonts

    fonts.drawn = set()
    try:
        yield fonts.drawn
    finally:
        fonts.drawn = None


@pytest.fixture()
def open_play() -> Callable[[int, str], tuple[App, PlayScene]]:
    """``open_play(seed, difficulty)``: a headless App (data in the test's tmp folder) with a play scene on a new
    game of that seed and difficulty pushed on its stack."""

    def opener(seed: int, difficulty: str) -> tuple[App, PlayScene]:
        from game.rules import Game
        from game.ui.app import App
        from game.ui.play.scene import PlayScene

        app = App(headless=True, seed=seed)
        scene = PlayScene(app.ctx, Game.new(seed, difficulty), fresh=True)
        app.stack.push(scene)
        return app, scene

    return opener
