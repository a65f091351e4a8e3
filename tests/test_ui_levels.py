"""Damaged ``levels/`` data in the graphical game: Continue keeps the player's save and says why it cannot go on,
the demo (its button, attract mode, the next demo game) leaves the game running on the title with the one-line
message, and ``postmen --demo`` ends with that one line and exit status 1, never a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.rules import Game, data
from game.ui import storage
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.demo import DemoResultsScene, DemoScene, start_demo
from game.ui.scenes.title import ATTRACT_IDLE, TitleScene

ROOT = Path(__file__).resolve().parents[1]
UNKNOWN_KEY = "postmen_test_unknown_key"
# postmen --demo on another levels folder (argv[1]): the command line has no option for one, so it is patched in
DEMO_ON = ("import sys; from pathlib import Path; from game.rules import data; "
           "data.levels_dir = lambda: Path(sys.argv[1]); from game.__main__ import main; "
           "sys.exit(main(['--demo', '--headless', '--frames', '5']))")


@pytest.fixture()
def app_data(data_dir: Path) -> Path:
    return data_dir


@pytest.fixture()
def damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], Path]]:
    """``damage()``: from then on the game reads a copy of ``levels/`` whose board.toml has an unknown key (the
    real folder is never touched; the copy is returned); the rules loaded once are forgotten before and after
    the test."""
    folder = tmp_path / "levels"
    shutil.copytree(data.levels_dir(), folder)

    def damage_now() -> Path:
        board = folder / "board.toml"
        board.write_text(f"{UNKNOWN_KEY} = 1\n" + board.read_text(encoding="utf-8"), encoding="utf-8")
        monkeypatch.setattr(data, "levels_dir", lambda: folder)
        data.default_rules.cache_clear()
        return folder

    data.default_rules.cache_clear()
    yield damage_now
    data.default_rules.cache_clear()


def expected_error() -> str:
    with pytest.raises(data.LevelError) as info:
        data.default_rules()
    message = str(info.value)
    assert "board.toml" in message and UNKNOWN_KEY in message and "\n" not in message
    return message


def title_of(app: App) -> TitleScene:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return title


def test_continue_with_damaged_levels_keeps_the_save_and_says_why(app_data: Path,
                                                                  damage: Callable[[], Path]) -> None:
    app_data.mkdir(parents=True)
    storage.save_path().write_text(Game.new(5).to_json(), encoding="utf-8")
    before = storage.save_path().read_bytes()
    damage()
    message = expected_error()
    app = App(headless=True, seed=3)
    title = title_of(app)
    cont = next(b for b in title.buttons if b.label == "Continue")
    assert cont.enabled
    app.click(cont.rect.center)
    assert app.stack.top is title and not app.ctx.quit
    assert app.ctx.message == f"Cannot continue: {message}"
    assert "damaged and could not be loaded" not in app.ctx.message
    assert storage.save_path().read_bytes() == before, "the good save is kept byte for byte"
    assert sorted(p.name for p in app_data.iterdir() if p.name.startswith("save")) == ["save.json"]
    cont = next(b for b in title.buttons if b.label == "Continue")
    assert cont.enabled, "Continue stays offered: the save is fine, the game data is not"
    app.step(1 / 60)  # the title draws the message
    assert title.message_line()[0]


def test_continue_works_again_once_the_levels_are_mended(app_data: Path, damage: Callable[[], Path],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app_data.mkdir(parents=True)
    game = Game.new(6)
    storage.save_path().write_text(game.to_json(), encoding="utf-8")
    real = data.levels_dir
    damage()
    app = App(headless=True, seed=3)
    title = title_of(app)
    title.continue_game()
    assert app.stack.top is title and app.ctx.message.startswith("Cannot continue: ")
    monkeypatch.setattr(data, "levels_dir", real)
    data.default_rules.cache_clear()
    title.continue_game()
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene)
    assert resumed.game.to_json() == game.to_json()


def test_attract_demo_with_damaged_levels_stays_on_the_title(app_data: Path, damage: Callable[[], Path]) -> None:
    damage()
    message = expected_error()
    app = App(headless=True, seed=3)
    title = title_of(app)
    for _ in range(int(ATTRACT_IDLE * 60) + 30):
        app.step(1 / 60, [], draw=False)
    assert app.stack.top is title and app.stack.scenes == [title]
    assert not app.ctx.quit
    assert app.ctx.message == f"Cannot start the demo: {message}"
    assert app.loop(frames=3) == 0 and app.stack.top is title, "the game keeps running"
    app.step(1 / 60)  # the title draws the message
    assert title.message_line()[0]


def test_demo_button_with_damaged_levels_stays_on_the_title(app_data: Path, damage: Callable[[], Path]) -> None:
    damage()
    message = expected_error()
    app = App(headless=True, seed=3)
    title = title_of(app)
    demo = next(b for b in title.buttons if b.label == "Demo")
    app.click(demo.rect.center)
    assert app.stack.scenes == [title] and not app.ctx.quit
    assert app.ctx.message == f"Cannot start the demo: {message}"
    assert start_demo(app.ctx, attract=True) is None


def test_next_demo_game_with_damaged_levels_goes_to_the_title(app_data: Path, damage: Callable[[], Path]) -> None:
    app = App(headless=True, seed=3)
    title = title_of(app)
    scene = start_demo(app.ctx, attract=True)
    assert isinstance(scene, DemoScene)
    results = DemoResultsScene(app.ctx, scene)
    app.stack.push(results)
    damage()
    message = expected_error()
    scene.next_game()
    assert app.stack.scenes == [title] and not app.ctx.quit
    assert app.ctx.message == f"Cannot start the demo: {message}"


def test_demo_command_line_with_damaged_levels_is_one_line(app_data: Path, damage: Callable[[], Path]) -> None:
    folder = damage()
    message = expected_error()
    done = subprocess.run([sys.executable, "-c", DEMO_ON, str(folder)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"postmen: damaged game data: {message}\n"


# The damages of the issue "Nothing lost" (file, pattern, replacement, words of the message).
LEVEL_DAMAGES = [
    ("board.toml", r'^colours = \["green"\]', 'colours = ["purple"]', "unknown colour 'purple'"),
    ("board.toml", r"^x = \d+", "x = 99999999", "found 99999999"),
    ("board.toml", r'^id = "B"', 'id = "A"', "duplicate 'A'"),
    ("enemies.toml", r"^defense = \d+", "defense = 99", "found 99"),
    ("enemies.toml", r"^combat = \d+", "combat = 1000", "found 1000"),
    ("enemies.toml", r"^supply = \d+", "supply = -3", "found -3"),
]


@pytest.mark.parametrize(("name", "pattern", "value", "words"), LEVEL_DAMAGES,
                         ids=["colour", "coordinate", "duplicate", "defense", "combat", "supply"])
def test_new_game_with_damaged_levels_is_one_line_on_the_title(app_data: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch, name: str,
                                                               pattern: str, value: str, words: str) -> None:
    import re

    folder = tmp_path / "levels"
    shutil.copytree(data.levels_dir(), folder)
    path = folder / name
    text, n = re.subn(pattern, value, path.read_text(encoding="utf-8"), count=1, flags=re.M)
    assert n == 1
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(data, "levels_dir", lambda: folder)
    data.default_rules.cache_clear()
    try:
        app = App(headless=True, seed=3)
        title = title_of(app)
        app.click(next(b for b in title.buttons if b.label == "New game").rect.center)
        app.step(1 / 60)
        assert app.stack.top is title
        message = app.ctx.message
        assert message.startswith("Cannot start: ") and name in message and words in message, message
        assert "\n" not in message
    finally:
        data.default_rules.cache_clear()
