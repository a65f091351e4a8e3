"""What a new player ran into: the suppression question with many tokens (every number still choosable), bottom
bar buttons that did not fit, tooltips left behind under the pause menu, raw action text in the move popup,
long messages cut mid-word."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Action, Game
from game.ui.app import App
from game.ui.fonts import font
from game.ui.layout import BOTTOM, DICE_TRAY
from game.ui.play.bar import BarButton, layout_bar
from game.ui.play.scene import PlayScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.title import MESSAGE_BOX, TitleScene


def suppression_game(tokens: int) -> Game:
    """Seed 0, suppressing wherever possible until the first suppression question, then ``tokens`` on that
    space (the question is about them all)."""
    game = Game.new(0)
    while not (game.decision and game.decision["kind"] == "suppression"):
        legal = game.legal_actions()
        pref = [a for a in legal if a.kind == "suppress"] or \
            [a for a in legal if a.kind in ("end_moves", "end_actions")] or legal
        game.apply(pref[0])
    dec = game.state["decision"]
    game.state["suppression"][dec["space"]] = tokens
    dec["tokens"] = tokens
    return game


def open_scene(game: Game, fresh: bool = False) -> tuple[App, PlayScene]:
    app = App(headless=True, seed=0)
    scene = PlayScene(app.ctx, game, fresh=fresh)
    app.stack.push(scene)
    scene.queue.skip()
    app.step(1 / 60, [], draw=False)
    assert scene.synced and not scene.queue.busy
    return app, scene


def key(app: App, k: int) -> None:
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def inside_bar(scene: PlayScene) -> None:
    for b in scene.controller.buttons:
        assert b.rect.x >= BOTTOM.x and b.rect.right <= DICE_TRAY.x - 10, (b.label, b.rect)


def test_few_suppression_tokens_one_button_each() -> None:
    app, scene = open_scene(suppression_game(5))
    assert [b.data for b in scene.controller.buttons] == [Action("spend", (str(k),)) for k in range(5, -1, -1)]
    inside_bar(scene)


@pytest.mark.parametrize("tokens", [6, 9, 14])
def test_many_suppression_tokens_every_number_can_be_spent(tokens: int) -> None:
    """With more tokens than buttons fit, Spend none and the small numbers used to fall off the bar."""
    app, scene = open_scene(suppression_game(tokens))
    inside_bar(scene)
    labels = [b.label for b in scene.controller.buttons]
    assert "Spend none" in labels and any(label.startswith(f"Spend all {tokens}") for label in labels)
    minus = next(b for b in scene.controller.buttons if b.label == "−")
    for _ in range(tokens):
        app.click(minus.rect.center)
        minus = next(b for b in scene.controller.buttons if b.label == "−")
    assert scene.controller.spend_k == 1 and not minus.enabled
    for _ in range(2):
        key(app, pygame.K_RIGHT)
    assert scene.controller.spend_k == 3
    stepper = next(b for b in scene.controller.buttons if b.label.startswith("Spend 3 of"))
    assert stepper.data == Action("spend", ("3",)) and stepper.label.endswith("%")
    supp_before = scene.game.state["suppression"][scene.game.decision["space"]]  # type: ignore[index]
    app.click(stepper.rect.center)
    assert scene.game.decision is None or scene.game.decision.get("kind") != "suppression" or \
        scene.game.state["suppression"].get(scene.game.decision["space"], 0) != supp_before
    assert scene.controller.spend_k is None  # the next question starts afresh


def test_spend_none_with_many_tokens() -> None:
    app, scene = open_scene(suppression_game(12))
    space = scene.game.decision["space"]  # type: ignore[index]
    app.click(scene.button_point("Spend none"))  # type: ignore[arg-type]
    assert space not in scene.game.state["suppression"]  # 4.2.2: the counter pushes through, the tokens are discarded


def test_hint_sets_the_suppression_stepper() -> None:
    app, scene = open_scene(suppression_game(10))
    scene.hint = None
    scene.ask_hint()
    scene.wait_hint()
    assert scene.hint is not None
    action = scene.hint[0]
    assert action.kind == "spend"
    assert any(b.data == action for b in scene.controller.buttons), "the recommended number is on the bar (ringed)"


def test_bar_keeps_the_end_button_and_fits_everything() -> None:
    rallies = [BarButton(f"Rally Postal worker {i}", lambda: None, "", 230) for i in range(9)]
    end = BarButton("End command", lambda: None, "", 190)
    buttons = layout_bar([*rallies, end])
    assert buttons[-1].label == "End command"
    assert all(b.rect.right <= DICE_TRAY.x - 10 for b in buttons)
    assert all(b.rect.w >= 120 for b in buttons)
    five = layout_bar([BarButton(f"Remove Postal worker {i}", lambda: None, "", 250) for i in range(5)])
    assert len(five) == 5 and five[-1].rect.right <= DICE_TRAY.x - 10  # narrowed, none left off
    for a, b in zip(five, five[1:], strict=False):
        assert a.rect.right < b.rect.x


def test_pause_leaves_no_tooltip_behind() -> None:
    app, scene = open_scene(Game.new(3), fresh=True)
    app.click(scene.button_point("Menu"))  # type: ignore[arg-type]
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert not any(b.hover for b in [*scene.top_buttons, *scene.controller.buttons])
    quit_button = next(b for b in pause.buttons if b.label.startswith("Quit"))
    app.click(quit_button.rect.center)  # the confirm dialog opens over the pause menu
    assert app.stack.top is not None and app.stack.top.name == "confirm"
    assert not any(b.hover for b in pause.buttons), "the pause menu's tooltip would show beside the dialog"
    assert pause.rect.bottom > quit_button.rect.bottom


def test_move_popup_tips_are_words() -> None:
    app, scene = open_scene(Game.new(3), fresh=True)
    x, y = scene.positions.defender_pos("Konrad")
    app.click((int(x), int(y)))
    app.click(scene.positions.space_point("upper:4-6"))
    assert scene.controller.popup.buttons
    for b in scene.controller.popup.buttons:
        assert b.tip.startswith("Konrad ") and "upper floors, space 4-6" in b.tip, b.tip


def test_long_notice_and_title_message_are_cut_with_an_ellipsis() -> None:
    app = App(headless=True, seed=3)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.ctx.message = "The saved game was damaged " + "and could not be loaded " * 12
    line, size = title.message_line()
    assert line.endswith("…") and font("sans", size).size(line)[0] <= MESSAGE_BOX.w - 24
    app.step(1 / 60)
    scene = PlayScene(app.ctx, Game.new(3), fresh=True)
    app.stack.push(scene)
    scene.say("A very long reason " * 20)
    line = scene.hud.notice_line()
    assert line.endswith("…") and font("sans", 17).size(line)[0] <= DICE_TRAY.x - BOTTOM.x - 28
    app.step(1 / 60)


def test_dropping_a_dragged_defender_on_an_unlit_space_says_why() -> None:
    """A click on an unlit space said why not; a drop there did nothing at all."""
    app, scene = open_scene(Game.new(3), fresh=True)
    x, y = scene.positions.defender_pos("Gorski")
    start = (int(x), int(y))
    end = scene.positions.space_point("basement:5-6")
    before = scene.game.state["defenders"]["Gorski"]["space"]
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 30), rel=(0, 0),
                                buttons=(1, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert scene.game.state["defenders"]["Gorski"]["space"] == before
    assert scene.hud.notice, "the core's reason is shown in the bar"
