"""Crowded interiors stay readable (issue "A board a player reads at a glance"): identical counters inside a floor
pile up as one counter with their number, and what the player is pointed at (the selected defender, a hint's
defender and counter) is always in the box's row, never under its "+N" tile."""

from __future__ import annotations

from pathlib import Path

from game.rules import Action, Game
from game.ui.layout import INTERIOR_COLS
from tests.helpers import load_tool

DATA = Path(__file__).parent / "data"
layout_check = load_tool("layout_check")


def busy() -> Game:
    return Game.from_save((DATA / "busy-attack2.json").read_text(encoding="utf-8"))


def test_identical_counters_inside_pile_up_with_their_number(drawn: set[str]) -> None:
    game = busy()
    app, scene = layout_check.still_scene(game, False)
    inside = game.state["interior"]["basement"]
    assert len(inside) >= 13  # the crowded basement of the busy Attack 2 save
    drawn.clear()
    scene.draw(app.display.logical)
    with scene.positions.frame(False):
        piles = scene.positions.interior_piles("basement")
        hidden = scene.positions.interior_hidden()
        more, _ = scene.positions.more_than_shown("basement")
    counters = game.state["counters"]
    assert sorted(c for pile in piles for c in pile) == sorted(inside)
    for pile in piles:  # one kind a pile: same type, name and state
        assert len({(counters[c]["type"], counters[c]["name"], counters[c]["disrupted"]) for c in pile}) == 1
    shown = piles if more == 0 else piles[:INTERIOR_COLS - 1]
    assert more == 0  # three kinds at most in this basement: every counter is in view, in its pile
    for pile in shown:
        assert pile[0] not in hidden and set(pile[1:]) <= hidden
        if len(pile) > 1:
            assert f"×{len(pile)}" in drawn
    assert "+11" not in drawn  # what the box showed before the piles: "+11 more"


def test_a_hinted_defender_is_never_under_the_more_tile() -> None:
    game = busy()
    app, scene = layout_check.still_scene(game, False)
    with scene.positions.frame(False):
        under = [n for n in scene.positions.defenders_at("basement:interior")
                 if n in scene.positions.interior_hidden()]
    assert under  # the busy basement holds more defenders than its row
    name = under[-1]
    action = next((a for a in scene.controller.legal if a.args and a.args[0] == name), Action("recover", (name,)))
    scene.hint = (action, "test")
    scene.draw(app.display.logical)
    with scene.positions.frame(False):
        assert name not in scene.positions.interior_hidden()
        assert name in scene.positions.defenders_at("basement:interior")[:INTERIOR_COLS - 1]
    scene.hint = None
    scene.controller.selected = under[0]
    scene.draw(app.display.logical)
    with scene.positions.frame(False):
        assert under[0] not in scene.positions.interior_hidden()


def test_selecting_a_defender_in_view_moves_nobody() -> None:
    """A defender the player can see and selects stays where he is (a second click or a drag finds him there)."""
    game = busy()
    app, scene = layout_check.still_scene(game, False)
    with scene.positions.frame(False):
        before = scene.positions.defenders_at("basement:interior")
        hidden = scene.positions.interior_hidden()
    shown = [n for n in before if n not in hidden]
    assert len(shown) >= 2
    for name in shown:
        where = scene.positions.defender_pos(name)
        scene.controller.selected = name
        scene.draw(app.display.logical)
        with scene.positions.frame(False):
            assert scene.positions.defenders_at("basement:interior") == before
            assert scene.positions.defender_pos(name) == where


def test_a_counter_coming_in_lands_on_the_pile_of_its_kind() -> None:
    game = busy()
    app, scene = layout_check.still_scene(game, False)
    at = scene.positions
    with at.frame(False):
        piles = at.interior_piles("basement")
        outside = [c for stack in game.state["spaces"].values() for c in stack]
        same = next(c for c in outside if at.kind(c) == at.kind(piles[0][0]))
        assert at.landing("basement", same) == at.enemy_pos(piles[0][0])
