"""Autosave and Continue, damaged saves and settings: a message, the file moved aside, never a crash."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.rules import Action, Game
from game.ui import storage
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.settings import Settings, load_settings, save_settings


@pytest.fixture()
def data(data_dir: Path) -> Path:
    return data_dir


def test_data_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("POSTMEN_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if os.name == "posix" and not os.uname().sysname == "Darwin":
        assert storage.data_dir() == tmp_path / "postmen"


def test_write_atomic_leaves_no_temporary(data: Path) -> None:
    p = data / "x.json"
    storage.write_atomic(p, "{}")
    storage.write_atomic(p, '{"a": 1}')
    assert p.read_text() == '{"a": 1}'
    assert sorted(x.name for x in data.iterdir()) == ["x.json"]


def test_autosave_after_every_decision_and_continue_resumes_exactly(data: Path) -> None:
    app = App(headless=True, seed=3)
    title = app.stack.top
    title.new_game()  # type: ignore[union-attr]
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    saved = storage.save_path().read_text()
    assert saved == scene.game.to_json()
    scene.queue.skip()
    app.step(1 / 60, [], draw=False)
    scene.submit(Action("end_moves"))
    assert storage.save_path().read_text() == scene.game.to_json()
    # back to the title, Continue
    while app.stack.top is not title:
        app.stack.pop()
    title.refresh()  # type: ignore[union-attr]
    cont = next(b for b in title.buttons if b.label == "Continue")  # type: ignore[union-attr]
    assert cont.enabled
    app.click(cont.rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.game.to_json() == scene.game.to_json()
    # the resumed game continues exactly like the original
    a = scene.game.legal_actions()[-1]
    assert [str(e) for e in resumed.game.apply(a)] == [str(e) for e in scene.game.apply(a)]


def test_damaged_save_gives_a_message_and_is_moved_aside(data: Path) -> None:
    storage.save_path().parent.mkdir(parents=True, exist_ok=True)
    storage.save_path().write_text('{"version": 1, "broken": ')
    app = App(headless=True, seed=3)
    title = app.stack.top
    cont = next(b for b in title.buttons if b.label == "Continue")  # type: ignore[union-attr]
    app.click(cont.rect.center)
    assert app.stack.top is title
    assert "damaged" in app.ctx.message
    assert not storage.save_path().exists()
    assert (data / "save.json.damaged").exists()
    app.step(1 / 60)  # the title draws the message


def test_save_of_the_wrong_shape_is_damaged_too(data: Path) -> None:
    g = Game.new(1)
    text = g.to_json().replace('"defenders"', '"defendrs"')
    storage.write_atomic(storage.save_path(), text)
    app = App(headless=True)
    app.stack.top.continue_game()  # type: ignore[union-attr]
    assert app.stack.top is not None and app.stack.top.name == "title"
    assert "damaged" in app.ctx.message


def test_settings_round_trip_and_damaged_settings(data: Path) -> None:
    s = Settings(volume=0.3, mute=True, speed=4.0, colour_blind=True, fullscreen=False)
    assert save_settings(s) == ""
    loaded, msg = load_settings()
    assert msg == "" and loaded == s
    storage.settings_path().write_text("{not json")
    loaded, msg = load_settings()
    assert loaded == Settings() and "damaged" in msg
    assert (data / "settings.json.damaged").exists()
    storage.settings_path().write_text('{"volume": "loud"}')
    loaded, msg = load_settings()
    assert loaded == Settings() and msg
