"""Fewer clicks (issue "A new player's first hour"): a click anywhere inside a lit space moves there, a lit enemy
is attacked straight from the defender's menu, the Hint's choice is one click (Apply hint, or A), number keys
and Enter pick a popup's items, the last carry choice comes first. tools/clicks.py measures the clicks per turn
through the real scene; here its per-choice counts are checked on one game."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Action, Game
from game.ui.app import App
from game.ui.play.scene import PlayScene
from tests.helpers import load_tool

Opener = Callable[[int, str], tuple[App, PlayScene]]


def settle(app: App, scene: PlayScene) -> None:
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy:
            break
    app.step(1 / 60, [], draw=False)


def key(app: App, k: int) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], draw=False)


def at(pos: tuple[float, float]) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])


def test_a_click_on_a_counter_inside_a_lit_space_moves_there(open_play: Opener) -> None:
    """A defender selected, a click on another (movable) defender standing in one of his lit spaces moves him
    there instead of picking the other."""
    app, scene = open_play(3, "standard")
    settle(app, scene)
    s, legal = scene.game.state, scene.game.legal_actions()
    movable = scene.controller.selectable_defenders()
    mover, other, dest = next((a.args[0], n, a.args[1]) for a in legal if a.kind == "move" for n in movable
                              if s["defenders"][n]["space"] == a.args[1] and n != a.args[0])
    app.click(at(scene.positions.defender_pos(mover)))
    assert scene.controller.selected == mover
    app.click(at(scene.positions.defender_pos(other)))  # on the other defender, inside the lit space
    assert scene.controller.selected == mover, "the click did not pick the defender standing there"
    if scene.controller.popup.buttons:
        assert scene.controller.popup.title == f"{mover} to {scene.game.where(dest)}"
        key(app, pygame.K_RETURN)  # Enter: the first item
    settle(app, scene)
    assert s["defenders"][mover]["space"] == dest


def test_a_lit_enemy_is_attacked_straight_from_the_menu(open_play: Opener, drawn: set[str]) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    scene.submit(Action("end_moves"))
    settle(app, scene)
    attack = next(a for a in scene.game.legal_actions() if a.kind == "attack")
    name, cid = attack.args
    app.click(at(scene.positions.defender_pos(name)))
    assert scene.controller.popup.buttons, "his menu is open"
    assert cid in scene.controller.targets(), "and his targets are lit with it"
    before = scene.game.state["actions"]
    drawn.clear()  # the odds show on hover while the menu is still open
    x, y = scene.positions.enemy_pos(cid)
    app.hover((int(x), int(y)))
    app.step(1 / 60)
    assert any("dice vs" in line and "%" in line for line in drawn), sorted(drawn)[:20]
    app.hover(scene.positions.space_point(scene.view.where(cid)))
    app.click(at(scene.positions.enemy_pos(cid)))
    assert scene.game.state["actions"] == before + 1, "two clicks: the defender, the enemy"


def test_apply_hint_makes_the_recommended_choice_in_one_click(open_play: Opener) -> None:
    app, scene = open_play(5, "standard")
    settle(app, scene)
    scene.ask_hint()
    scene.wait_hint()
    assert scene.hint is not None
    recommended = scene.hint[0]
    expected = Game.from_json(scene.game.to_json())
    expected.keep_history = True  # as the play scene's game
    expected.apply(recommended)
    apply = next(b for b in scene.controller.buttons if b.label == "Apply hint")
    assert apply.data == recommended
    app.click(apply.rect.center)
    settle(app, scene)
    assert scene.game.to_json() == expected.to_json()
    expected = after_the_hint(scene)  # the key A does the same
    key(app, pygame.K_a)
    settle(app, scene)
    assert scene.game.to_json() == expected.to_json()


def after_the_hint(scene: PlayScene) -> Game:
    """Ask the Hint and wait for it; the game as it will stand once the hint is applied."""
    scene.ask_hint()
    scene.wait_hint()
    assert scene.hint is not None
    expected = Game.from_json(scene.game.to_json())
    expected.keep_history = True  # as the play scene's game
    expected.apply(scene.hint[0])
    return expected


def test_enter_applies_the_hint_its_gold_ring_marks(open_play: Opener) -> None:
    """The playtest pressed Enter with Apply hint ringed in gold and ended its moves: while a hint is shown, Enter
    applies it (without one, Enter is still the End button)."""
    app, scene = open_play(5, "standard")
    settle(app, scene)
    expected = after_the_hint(scene)
    assert scene.hint is not None and scene.hint[0].kind not in ("end_moves", "end_actions")
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.game.to_json() == expected.to_json()
    assert scene.hint is None
    phase = scene.game.phase
    key(app, pygame.K_RETURN)  # no hint shown: Enter ends the step, as before
    settle(app, scene)
    assert phase == "moves" and scene.game.phase == "actions"


def test_number_keys_pick_popup_items_and_the_last_carry_comes_first(open_play: Opener) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    game = scene.game
    by_dest: dict[tuple[str, str], list[Action]] = {}
    for a in game.legal_actions():
        if a.kind == "move":  # the moves to one space, alone or carrying: three or more make the popup's first three
            by_dest.setdefault(a.args[:2], []).append(a)
    (name, dest), moves = next((k, v) for k, v in by_dest.items() if len(v) >= 3)
    app.click(at(scene.positions.defender_pos(name)))
    app.click(at(scene.positions.space_point(dest)))
    items = scene.controller.popup.buttons
    assert len(items) >= 3 and items[0].label == "Move alone"
    third = items[2].data
    assert isinstance(third, Action) and third.kind == "move" and len(third.args) > 2, [b.label for b in items]
    key(app, pygame.K_3)
    settle(app, scene)
    assert game.state["defenders"][name]["space"] == dest
    assert all(game.state["tokens"][t] == dest for t in third.args[2:])
    # taken back (Undo) and chosen again: the carry choice made last now comes first
    scene.undo()
    settle(app, scene)
    app.click(at(scene.positions.defender_pos(name)))
    app.click(at(scene.positions.space_point(dest)))
    first = scene.controller.popup.buttons[0]
    assert first.data == third, (first.label, [b.label for b in scene.controller.popup.buttons])



def test_the_click_counter_plays_a_whole_game_with_two_clicks_an_attack() -> None:
    """The measuring tool's own game (seed 0): every choice made through the scene, an attack in two clicks
    (the defender, the enemy), a recovery in two, End moves in one."""
    tool = load_tool("clicks")
    tally = tool.Tally()
    tool.play(0, "standard", False, tally)
    assert tally.turns >= 10 and tally.decisions > 50
    assert tally.by_kind["attack"] == 2 * tally.kinds["attack"] > 0
    assert tally.by_kind["recover"] == 2 * tally.kinds["recover"] > 0
    assert tally.by_kind["end_moves"] == tally.kinds["end_moves"] > 0
