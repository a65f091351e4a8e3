"""Undo in the graphical game (issue "A new player's first hour"): the Undo button, Ctrl+Z, Backspace and the
pause menu take back the player's decisions since the last die, card or shuffle; the board, the choices and the
autosave follow; after a die Undo is disabled and says why."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame

from game.rules import Action
from game.ui import storage
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.pause import PauseScene

Opener = Callable[[int, str], tuple[App, PlayScene]]


def settle(app: App, scene: PlayScene) -> None:
    for _ in range(2000):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy:
            break
    app.step(1 / 60)


def key(app: App, k: int, mod: int = 0) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def move_by_clicks(app: App, scene: PlayScene) -> Action:
    """Move the first movable defender to his first lit space, alone, as a player clicks it."""
    move = next(a for a in scene.game.legal_actions() if a.kind == "move" and len(a.args) == 2)
    x, y = scene.positions.defender_pos(move.args[0])
    app.click((int(x), int(y)))
    app.click(scene.positions.space_point(move.args[1]))
    if scene.controller.popup.buttons:
        app.click(next(b for b in scene.controller.popup.buttons if b.label == "Move alone").rect.center)
    settle(app, scene)
    assert scene.game.state["defenders"][move.args[0]]["space"] == move.args[1]
    return move


def undo_button(scene: PlayScene):  # type: ignore[no-untyped-def]
    return next(b for b in scene.top_buttons if b.label == "Undo")


def test_the_undo_button_takes_back_a_move_on_the_board_and_in_the_save(open_play: Opener, data_dir: Path) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    before = scene.game.to_json()
    assert not undo_button(scene).enabled and "Nothing to undo" in undo_button(scene).tip
    move = move_by_clicks(app, scene)
    name, src = move.args[0], json.loads(before)["defenders"][move.args[0]]["space"]
    app.step(1 / 60)
    assert undo_button(scene).enabled
    app.click(undo_button(scene).rect.center)
    settle(app, scene)
    assert scene.game.to_json() == before
    assert scene.view.state["defenders"][name]["space"] == src  # the board drawn from the restored game
    assert storage.save_path().read_text(encoding="utf-8") == before  # the autosave follows
    assert any(line.startswith("Undone: ") and name in line for line in scene.log.texts())
    assert Action("end_moves") in scene.controller.legal


def test_ctrl_z_and_backspace_undo_and_z_alone_does_not(open_play: Opener) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    start = scene.game.to_json()
    move_by_clicks(app, scene)
    after_one = scene.game.to_json()
    move_by_clicks(app, scene)
    key(app, pygame.K_z)
    assert scene.game.undoable == 2
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.game.to_json() == after_one
    key(app, pygame.K_BACKSPACE)
    assert scene.game.to_json() == start and scene.game.undoable == 0


def test_after_a_die_undo_is_disabled_and_says_why(open_play: Opener) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    scene.submit(Action("end_moves"))
    settle(app, scene)
    assert undo_button(scene).enabled  # ending the moves revealed nothing
    attack = next(a for a in scene.game.legal_actions() if a.kind == "attack")
    scene.submit(attack)
    settle(app, scene)
    button = undo_button(scene)
    assert not button.enabled and "a die, a card or a shuffle" in button.tip
    before = scene.game.to_json()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.to_json() == before


def test_the_pause_menu_offers_undo(open_play: Opener) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    start = scene.game.to_json()
    scene.close_summary()  # the opening's summary (Esc would close it first)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert not next(b for b in pause.buttons if b.label == "Undo").enabled
    key(app, pygame.K_ESCAPE)
    move_by_clicks(app, scene)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    app.click(next(b for b in pause.buttons if b.label == "Undo").rect.center)
    assert app.stack.top is scene and scene.game.to_json() == start
