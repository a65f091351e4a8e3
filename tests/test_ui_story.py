"""Continue shows the story so far (issue "A board a player reads at a glance"): the log, the card being
resolved and the last dice come back, replayed from the game's record; a save without its record is not trusted."""

from __future__ import annotations

import json
from pathlib import Path

from game.ai import HeuristicPolicy
from game.rules import Game
from game.ui import storage
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.title import load_save


def played(decisions: int) -> tuple[App, PlayScene]:
    app = App(headless=True, seed=4)
    app.ctx.settings.speed = 0.0
    scene = PlayScene(app.ctx, Game.new(4), fresh=True)
    app.stack.push(scene)
    policy = HeuristicPolicy(4)
    made = 0
    for _ in range(5000):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy and scene.controller.legal:
            if made == decisions:
                break
            scene.submit(policy.choose(scene.game))
            made += 1
    assert made == decisions
    return app, scene


def resumed() -> PlayScene:
    app = App(headless=True, seed=4)
    game = load_save(app.ctx)
    assert game is not None
    scene = PlayScene(app.ctx, game, fresh=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    return scene


def test_continue_gives_back_the_log_the_card_and_the_dice(data_dir: Path) -> None:
    _, first = played(25)
    narrated = [line for line in first.log.texts() if line.startswith("[")]  # the events' lines
    scene = resumed()
    lines = scene.log.texts()
    assert lines[-1] == "Game resumed from the autosave."
    assert [line for line in lines if line.startswith("[")] == narrated
    assert scene.view.card == first.view.card
    assert scene.stage.tray.values == first.stage.tray.values and scene.stage.tray.values


def test_a_save_without_its_record_is_not_trusted(data_dir: Path) -> None:
    """A save is trusted only by its record of decisions (issue 36): one whose record was cut out is refused at
    Continue in one line and kept aside (it told no story before: now it is not played on at all)."""
    played(5)
    raw = json.loads(storage.save_path().read_text(encoding="utf-8"))
    raw["history"] = []
    storage.save_path().write_text(json.dumps(raw), encoding="utf-8")
    app = App(headless=True, seed=4)
    assert load_save(app.ctx) is None
    assert "no record of its decisions" in app.ctx.message and "\n" not in app.ctx.message
    assert json.loads(storage.save_path().with_name("save.json.damaged").read_text(encoding="utf-8")) == raw
