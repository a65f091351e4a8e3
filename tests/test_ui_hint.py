"""The Hint: the planner's recommended next action, highlighted with its reason, gone when the player acts;
refused (with the reason) while animations run or when the game is over."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.rules import Action, Game
from game.ui.app import App
from game.ui.play import hints
from game.ui.play.scene import PlayScene


def start(seed: int = 7) -> tuple[App, PlayScene]:
    app = App(headless=True, seed=seed)
    scene = PlayScene(app.ctx, Game.new(seed), fresh=True)
    app.stack.push(scene)
    return app, scene


def settle(app: App, scene: PlayScene) -> None:
    scene.skip_animations()
    app.step(1 / 60, [], draw=False)
    assert not scene.queue.busy and scene.synced


def press(app: App, k: int) -> None:
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def test_hint_asked_while_animating_waits_for_them() -> None:
    app, scene = start()
    app.step(1 / 60, [], draw=False)
    assert scene.queue.busy
    assert "animations" in scene.hint_blocker()
    press(app, pygame.K_h)
    assert scene.hint is None
    assert "as soon as the animations end" in scene.hud.notice
    app.step(1 / 60)  # the Hint button says why it waits
    button = next(b for b in scene.top_buttons if b.label == "Hint")
    assert not button.enabled and "animations" in button.tip
    settle(app, scene)
    assert scene.thinker.thinking  # asked of the planner when they ended
    scene.wait_hint()
    assert scene.hint is not None


def test_hint_recommends_a_legal_action_and_highlights_it() -> None:
    app, scene = start()
    settle(app, scene)
    app.step(1 / 60)
    button = next(b for b in scene.top_buttons if b.label == "Hint")
    assert button.enabled
    app.click(button.rect.center)
    scene.wait_hint()
    assert scene.hint is not None
    action, reason = scene.hint
    assert action in scene.game.legal_actions()
    assert reason
    assert scene.caption().startswith("Hint: ")
    assert any(msg.startswith("Hint: ") for msg in scene.log.texts())
    defenders, counters, spaces, buttons = scene.hint_marks(action)
    assert defenders or counters or spaces or buttons, "something on screen is highlighted"
    app.step(1 / 60)  # drawn without error
    # the hint goes away when the player acts
    scene.submit(Action("end_moves") if Action("end_moves") in scene.controller.legal else scene.controller.legal[0])
    assert scene.hint is None


def test_hint_highlights_the_end_button_or_the_defender() -> None:
    app, scene = start(seed=3)
    settle(app, scene)
    seen_button = seen_defender = False
    for _ in range(60):  # through several decisions, following the hints, until both kinds of mark were seen
        if scene.game.over or (seen_button and seen_defender):
            break
        press(app, pygame.K_h)
        scene.wait_hint()
        assert scene.hint is not None
        action = scene.hint[0]
        defenders, counters, spaces, buttons = scene.hint_marks(action)
        if action.kind.startswith("end_") or action.kind in ("spend",):
            assert buttons and buttons[0].data == action
            seen_button = True
        if action.kind in ("move", "attack", "suppress", "recover", "grenade", "escape"):
            assert defenders == [action.args[0]]
            seen_defender = True
        if action.kind == "attack":
            assert counters == [action.args[1]]
        scene.submit(action)
        settle(app, scene)
    assert seen_button and seen_defender


def test_no_hint_when_the_game_is_over() -> None:
    app, scene = start()
    game = scene.game
    while not game.over:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.kind.startswith("end_")), legal[0]))
    assert scene.hint_blocker() == "The game is over"
    scene.ask_hint()
    assert scene.hint is None


def held_planner(scene: PlayScene) -> threading.Event:
    """The scene's planner made to think until the returned event is set (then it answers as the real one)."""
    go = threading.Event()

    def think(game: Game, _dropped: object) -> tuple[Action, str]:
        assert go.wait(60), "the test never let the planner answer"
        return hints.recommend(game)
    scene.thinker.think = think
    return go


def hint_lines(scene: PlayScene) -> list[str]:
    return [t for t in scene.log.texts() if t.startswith("Hint: ")]


def test_the_planner_thinks_off_the_frame_loop_and_the_bar_says_so() -> None:
    """Issue 31: the frames go on while the planner thinks (it is held here until the test lets it answer)."""
    app, scene = start()
    settle(app, scene)
    go = held_planner(scene)
    press(app, pygame.K_h)
    for _ in range(20):  # the frames are drawn while it thinks: none waits for it
        app.step(1 / 60)
    assert scene.thinker.thinking and scene.hint is None and not scene.still()
    assert scene.caption().startswith("Hint: the planner is thinking")
    button = next(b for b in scene.top_buttons if b.label == "Hint")
    assert not button.enabled and "thinking" in button.tip
    press(app, pygame.K_h)  # asked again while it thinks: said, not asked twice
    assert "still thinking" in scene.hud.notice
    go.set()
    scene.wait_hint()
    assert scene.hint is not None and scene.hint[0] in scene.game.legal_actions()
    assert not scene.thinker.thinking and button.enabled is not None
    assert len(hint_lines(scene)) == 1


def test_a_hint_asked_again_shows_it_again_without_a_second_log_line() -> None:
    app, scene = start()
    settle(app, scene)
    scene.ask_hint()
    scene.wait_hint()
    first = scene.hint
    scene.ask_hint()
    assert not scene.thinker.thinking and scene.hint == first  # the same position: the same hint, not asked again
    assert len(hint_lines(scene)) == 1


def test_the_answer_for_a_position_that_is_gone_is_thrown_away() -> None:
    app, scene = start()
    settle(app, scene)
    go = held_planner(scene)
    scene.ask_hint()
    thread = scene.thinker.thread
    scene.submit(next(a for a in scene.controller.legal if a.kind.startswith("end_")))  # the player acted
    assert not scene.thinker.thinking
    go.set()
    assert thread is not None
    thread.join(60)
    for _ in range(5):
        app.step(1 / 60, [], draw=False)
    assert scene.hint is None and hint_lines(scene) == []


def test_a_failure_of_the_planner_is_raised_in_the_frame_loop() -> None:
    app, scene = start()
    settle(app, scene)

    def broken(game: Game, _dropped: object) -> tuple[Action, str]:
        raise RuntimeError("the planner broke")
    scene.thinker.think = broken
    scene.ask_hint()
    assert scene.thinker.thinking
    scene.thinker.wait(60)
    with pytest.raises(RuntimeError, match="the planner broke"):
        app.step(1 / 60, [], draw=False)


LONG = ("Hint: Wasik heads for the ground floor interior, away from the shelling of the upper floors (+3 more "
        "moves) (looking ahead: about 0.4 points better than the heuristic's own plan over the sampled futures)")


def test_a_long_hint_wraps_onto_two_lines_and_is_never_cut_mid_word(drawn: set[str]) -> None:
    """Issue 31 (item 6): the gold caption too long for one line wraps; every word of it is drawn."""
    from game.ui.layout import BOTTOM, DICE_TRAY
    from game.ui.play.hud import caption_lines

    app, scene = start()
    settle(app, scene)
    scene.caption = lambda: LONG  # type: ignore[method-assign]
    drawn.clear()
    app.step(1 / 60)
    lines = [line for line, _size in caption_lines(LONG, DICE_TRAY.x - BOTTOM.x - 28)]
    shown = [line for line in drawn if line and line in LONG]
    assert len(lines) == 2 and " ".join(lines) == LONG and set(lines) <= set(shown), shown
    assert not [t for _rect, t in scene.hover_regions if t == LONG]  # whole on the bar: no hover needed


def test_a_hint_too_long_for_two_lines_is_read_whole_on_hover(drawn: set[str]) -> None:
    app, scene = start()
    settle(app, scene)
    text = f"{LONG} {LONG[6:]} {LONG[6:]}"
    scene.caption = lambda: text  # type: ignore[method-assign]
    drawn.clear()
    app.step(1 / 60)
    cut = [line for line in drawn if line.endswith(" …")]
    assert len(cut) == 1 and cut[0][:-2] in text  # cut at a word, with an ellipsis
    assert [t for _rect, t in scene.hover_regions if t == text]  # the whole text on hover


def test_the_ring_on_a_bar_button_stays_clear_of_the_caption_s_second_line() -> None:
    """The playtest found the Hint's second line under the ring around Apply hint: at every moment of its pulse
    the ring around a bottom-bar button stays below the caption's second line (and the Hint rings the button)."""
    import math

    from game.ui.fonts import font
    from game.ui.layout import BOTTOM, DICE_TRAY
    from game.ui.play.hud import CAPTION_STEP, CAPTION_TOP, CAPTION_WRAPPED, caption_lines

    app, scene = start()
    settle(app, scene)
    scene.ask_hint()
    scene.wait_hint()
    app.step(1 / 60)
    assert scene.hint is not None
    ringed = scene.hint_marks(scene.hint[0])[3]
    assert ringed and all(b in scene.controller.buttons for b in ringed)
    width = DICE_TRAY.x - BOTTOM.x - 28
    assert len(caption_lines(scene.caption(), width)) == 2  # the hint's words take both lines
    second = pygame.Rect(BOTTOM.x + 14, BOTTOM.y + CAPTION_TOP + CAPTION_STEP, width,
                         font("sans_bold", CAPTION_WRAPPED).get_height())
    for b in scene.controller.buttons:
        for k in range(64):
            ring = hints.button_ring(b.rect, k * math.pi / 96)
            assert ring.top >= second.bottom, (b.label, ring, second)
