"""Mouse and keyboard in the play scene: drag to move, the action menu (disabled items say why), illegal clicks
say why, hover odds, Esc pauses, Space skips the animation."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Action, Game
from game.ui.app import App
from game.ui.play.scene import PlayScene


@pytest.fixture()
def play() -> tuple[App, PlayScene]:
    app = App(headless=True, seed=0)
    scene = PlayScene(app.ctx, Game.new(0), fresh=True)
    app.stack.push(scene)
    return app, scene


def idle(app: App, scene: PlayScene) -> None:
    scene.queue.skip()
    app.step(1 / 60, [], draw=False)
    assert not scene.queue.busy and scene.synced


def pt(p: tuple[float, float]) -> tuple[int, int]:
    return (int(p[0]), int(p[1]))


def test_space_skips_and_input_waits_while_animating(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    app.step(1 / 60, [], draw=False)
    assert scene.queue.busy
    app.click(pt(scene.positions.defender_pos("Konrad")))
    assert scene.controller.selected is None  # input waits while the animations run
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    app.step(1 / 60, [], draw=False)
    assert not scene.queue.busy and scene.controller.legal


def test_drag_a_defender_to_a_lit_space(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    move = next(a for a in scene.controller.legal if a.kind == "move" and a.args[0] == "Gorski" and len(a.args) == 2)
    start = pt(scene.positions.defender_pos("Gorski"))
    end = scene.positions.space_point(move.args[1])
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 30), rel=(0, 0),
                                buttons=(1, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.step(1 / 60, [])  # draws the dragged counter
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    if scene.controller.popup.buttons:  # tokens to carry: choose to move alone
        app.click(scene.button_point("Move alone"))  # type: ignore[arg-type]
    assert scene.game.state["defenders"]["Gorski"]["space"] == move.args[1]


def test_action_menu_lists_disabled_actions_with_reasons(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    scene.submit(Action("end_moves"))
    idle(app, scene)
    attacker = next(a.args[0] for a in scene.controller.legal if a.kind == "attack")
    app.click(pt(scene.positions.defender_pos(attacker)))
    labels = {b.label.split(" ")[0].rstrip("…"): b for b in scene.controller.popup.buttons}
    assert labels["Attack"].enabled
    assert not labels["Grenades"].enabled and labels["Grenades"].tip  # the core's reason
    assert not labels["Recover"].enabled and "exhausted" in labels["Recover"].tip
    app.click(labels["Attack"].rect.center)
    assert scene.controller.mode == "attack"
    target = next(a.args[1] for a in scene.controller.legal if a.kind == "attack" and a.args[0] == attacker)
    app.hover(scene.positions.space_point(scene.view.where(target)))
    app.hover(pt(scene.positions.enemy_pos(target)))
    app.step(1 / 60, [])  # the hover tooltip shows "n dice vs d: p%"
    before = scene.game.state["actions"]
    app.click(pt(scene.positions.enemy_pos(target)))
    assert scene.game.state["actions"] == before + 1


def test_illegal_click_says_why_and_esc_pauses(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    scene.submit(Action("end_moves"))
    idle(app, scene)
    acted = next(a.args[0] for a in scene.controller.legal if a.kind == "attack")
    scene.submit(next(a for a in scene.controller.legal if a.kind == "attack" and a.args[0] == acted))
    idle(app, scene)
    assert scene.game.decision and scene.game.decision["kind"] == "actions", "one action of four is spent"
    app.click(pt(scene.positions.defender_pos(acted)))
    assert acted in scene.hud.notice and "already" in scene.hud.notice  # "... has already acted"
    assert scene.summary is not None  # the opening's summary: Esc closes it first (tests/test_ui_summary.py)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert scene.summary is None and app.stack.top is scene
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is not None and app.stack.top.name == "pause"
    app.step(1 / 60, [])
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is scene


def test_every_event_is_narrated_in_the_log(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    n = len(scene.log.entries)
    events = scene.game.initial_events
    assert n == len(events) + 1  # the opening line, then one line per event
    assert all(str(e) in scene.log.texts() for e in events)
    scene.submit(Action("end_moves"))
    idle(app, scene)
    assert len(scene.log.entries) > n


def test_clicking_an_unlit_space_says_why(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    mover = next(a.args[0] for a in scene.controller.legal if a.kind == "move")
    app.click(pt(scene.positions.defender_pos(mover)))
    assert scene.controller.selected == mover
    lit = set(scene.controller.targets())
    other_floor = next(sp for sp in scene.rules.defender_spaces if sp not in lit
                       and not scene.positions.defenders_at(sp))
    app.click(scene.positions.space_point(other_floor))
    assert scene.hud.notice  # the core's reason, e.g. another floor
