"""Every file the game reads may be damaged, hostile or from another version (issue "Nothing lost"): one clear
line naming the file and the problem, the app still starts, and no earlier file is overwritten."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.rules import Game
from game.ui import scores, storage
from game.ui.app import App
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings, load_settings

NESTED = "[" * 100_000 + "]" * 100_000


def title_after_start() -> App:
    app = App(headless=True, seed=1)
    app.step(1 / 60)
    assert isinstance(app.stack.top, TitleScene)
    return app


def continue_from(data_dir: Path, save: bytes) -> App:
    """The app started on a data folder holding ``save`` as its autosave, Continue pressed on the title."""
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_bytes(save)
    app = title_after_start()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.continue_game()
    return app


def test_settings_name_each_damaged_value_and_keep_the_rest(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    text = '{"volume": NaN, "speed": 3, "mute": true, "colour_blind": "yes", "fullscreen": false, "zoom": 2}'
    (data_dir / "settings.json").write_text(text, encoding="utf-8")
    settings, msg = load_settings()
    assert settings == Settings(mute=True, fullscreen=False)  # the good values kept, the damaged ones default
    assert msg.startswith("Settings in settings.json: ")
    for named in ("'colour_blind' = \"yes\" is not true or false", "'speed' = 3 is not one of 1, 2, 4 or 0",
                  "unknown setting 'zoom'"):
        assert named in msg
    assert "and 1 more" in msg and "\n" not in msg  # four problems: three named, the count of the rest
    assert (data_dir / "settings.json.damaged").read_text(encoding="utf-8") == text
    assert load_settings() == (settings, "")  # mended and written back: said once


@pytest.mark.parametrize("name", ["settings.json", "highscores.json", "save.json"])
@pytest.mark.parametrize("content", [NESTED.encode(), b"\x00" * 10, b"{}" + b" " * (5 << 20)],
                         ids=["nested", "nul", "huge"])
def test_hostile_files_are_one_line_and_the_app_starts(data_dir: Path, name: str, content: bytes) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / name).write_bytes(content)
    app = title_after_start()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    if name == "save.json":
        title.continue_game()
    assert isinstance(app.stack.top, TitleScene)
    msg = app.ctx.message
    assert msg and "\n" not in msg and len(msg) < 300, msg
    assert (data_dir / f"{name}.damaged").read_bytes() == content  # kept, not lost


def test_a_save_with_a_byte_order_mark_continues(data_dir: Path) -> None:
    app = continue_from(data_dir, b"\xef\xbb\xbf" + Game.new(2).to_json().encode())
    assert app.stack.top is not None and app.stack.top.name == "play", app.ctx.message


def test_a_save_from_a_newer_version_is_kept_and_said_so(data_dir: Path) -> None:
    raw = json.loads(Game.new(2).to_json())
    raw["version"] = 7
    text = json.dumps(raw)
    app = continue_from(data_dir, text.encode())
    assert "newer version" in app.ctx.message and "save version 7" in app.ctx.message
    assert (data_dir / "save.json").read_text(encoding="utf-8") == text
    assert not list(data_dir.glob("*.damaged*"))


def test_a_save_damaged_deep_inside_is_refused_at_continue(data_dir: Path) -> None:
    """An unknown card id in a deck (found only several decisions into play before the save check): refused at
    Continue with one line, the file kept aside, the title still up."""
    raw = json.loads(Game.new(2).to_json())
    raw["decks"]["2"].append("2-99")
    text = json.dumps(raw)
    app = continue_from(data_dir, text.encode())
    assert isinstance(app.stack.top, TitleScene)
    msg = app.ctx.message
    assert "damaged" in msg and "save.json.damaged" in msg and "unknown card '2-99'" in msg and "\n" not in msg
    assert (data_dir / "save.json.damaged").read_text(encoding="utf-8") == text


def test_setting_aside_never_overwrites_an_earlier_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    kept = []
    for i in range(4):
        path.write_text(f"damage {i}", encoding="utf-8")
        aside = storage.move_aside(path)
        assert aside is not None and not path.exists()
        kept.append(aside.name)
    assert kept == ["save.json.damaged", "save.json.damaged.1", "save.json.damaged.2", "save.json.damaged.3"]
    assert [(tmp_path / k).read_text(encoding="utf-8") for k in kept] == [f"damage {i}" for i in range(4)]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_writes_never_follow_a_planted_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "save.json.tmp").symlink_to(victim)  # the old fixed temporary name
    (folder / "highscores.json").symlink_to(victim)  # a link in the file's own place
    storage.write_atomic(folder / "save.json", "{}")
    assert scores.save_scores(scores.empty_tables(), folder / "highscores.json") == ""
    assert victim.read_text(encoding="utf-8") == "precious"
    assert (folder / "save.json").read_text(encoding="utf-8") == "{}"
    assert not (folder / "highscores.json").is_symlink()
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]
