"""Settings are written behind the frame loop (issue 36: no frame waits for the disk): a click that changes a
setting returns before the file is touched, the disk thread writes it (each file once with its newest text when
clicks come faster than the disk), a failure is said in one line by the next frame, and a game that exits at once
still leaves the newest settings on the disk. Saves and high scores stay written before the frame goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.ui import storage
from game.ui.app import App
from game.ui.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]


def test_a_settings_click_never_writes_on_the_frame_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(headless=True, seed=1)
    writers: list[str] = []
    real = storage.write_atomic

    def write(path: Path, text: str) -> None:
        writers.append(threading.current_thread().name)
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", write)
    app.ctx.settings.speed = 4.0
    app.ctx.save_settings()
    assert storage.settle(10)
    assert writers == ["disk"]  # the disk thread's, never the frame loop's
    assert json.loads(storage.settings_path().read_text(encoding="utf-8"))["speed"] == 4.0
    assert load_settings()[0].speed == 4.0


def test_clicks_faster_than_the_disk_write_each_file_once_with_its_newest_text(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    gate = threading.Event()
    written: list[str] = []
    real = storage.write_atomic

    def slow(path: Path, text: str) -> None:
        gate.wait(10)  # the disk is busy with the first write while the player clicks on
        written.append(text)
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", slow)
    target = data_dir / "settings.json"
    storage.write_behind(target, "1")
    for n in range(2, 30):
        storage.write_behind(target, str(n))
    gate.set()
    assert storage.settle(10)
    assert written[-1] == "29" and len(written) <= 2  # the first (already taken), then only the newest
    assert target.read_text(encoding="utf-8") == "29"


def test_a_failed_settings_write_is_said_in_one_line_by_the_next_frame(data_dir: Path) -> None:
    app = App(headless=True, seed=1)
    data_dir.mkdir(parents=True, exist_ok=True)
    storage.settings_path().mkdir()  # a folder where the file should be: the rename over it fails
    app.ctx.message = ""
    app.ctx.save_settings()
    assert storage.settle(10)
    app.step(1 / 60, [], draw=False)
    assert app.ctx.message.startswith("Could not save settings:"), app.ctx.message
    assert "\n" not in app.ctx.message
    app.step(1 / 60, [], draw=False)  # said once
    assert app.ctx.message.count("Could not save settings") == 1


def test_a_game_that_exits_at_once_still_writes_its_newest_settings(data_dir: Path) -> None:
    child = """
from game.ui.app import App
app = App(headless=True, seed=0)
app.ctx.settings.music_volume = 0.3
app.ctx.save_settings()
app.ctx.settings.music_volume = 0.2
app.ctx.save_settings()
"""  # and the interpreter exits at once: the writes behind are waited for
    env = dict(os.environ, POSTMEN_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", child], check=True, env=env, cwd=ROOT, timeout=120)
    assert json.loads(storage.settings_path().read_text(encoding="utf-8"))["music_volume"] == 0.2
