"""Line of sight read at a glance (issue "A board a player reads at a glance"): every occupied track space shows
its colour around its counters, and pointing at a defender lights exactly the spaces the core says he could fire
at (Game.sight, 4.2.1 with 1.4)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.rules import Game
from game.rules.data import default_rules
from game.ui import palette as P
from game.ui.app import App
from game.ui.layout import Geometry
from game.ui.play.board_layer import RING_OUTER
from game.ui.play.scene import PlayScene
from tests.helpers import load_tool

DATA = Path(__file__).parent / "data"
layout_check = load_tool("layout_check")


def test_an_occupied_track_space_shows_its_colour_around_its_counters() -> None:
    game = Game.from_save((DATA / "busy-attack2.json").read_text(encoding="utf-8"))
    _, frame = layout_check.check(game)
    occupied = [sp for sp, stack in game.state["spaces"].items() if stack]
    assert len(occupied) >= 15
    geo = Geometry(default_rules())
    for space in occupied:
        cx, cy = (int(v) for v in geo.pos(space))
        colours = {P.LOS[c] for c in game.rules.track_spaces[space].colours}
        r = RING_OUTER - 3
        seen = {tuple(frame.get_at(p)[:3]) for p in ((cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r))}
        assert seen & colours, (space, seen, colours)


def test_pointing_at_a_defender_lights_exactly_his_sight(
        open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    app, scene = open_play(3, "standard")
    scene.skip_animations()
    app.step(1 / 60, [], draw=False)
    outside = [n for n, d in scene.game.state["defenders"].items() if d["status"] == "board"
               and not scene.game.rules.is_interior(d["space"]) and len(scene.game.sight(n)) > 3]
    assert outside
    name = outside[0]
    x, y = scene.positions.defender_pos(name)
    app.hover((int(x), int(y)))
    assert scene._marks().sight == tuple(scene.game.sight(name))
    surface = app.display.logical
    scene.draw(surface)
    lit = [sp for sp in scene.game.sight(name) if sp in scene.game.rules.track_spaces]
    dark = [sp for sp in scene.game.rules.track_spaces if sp not in lit]
    assert lit and dark

    def ring(space: str) -> bool:
        cx, cy = (int(v) for v in scene.geo.pos(space))
        r = RING_OUTER + 3
        points = ((cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r))
        return any(tuple(surface.get_at(p)[:3]) == P.SIGHT for p in points)
    assert all(ring(sp) for sp in lit)
    assert not any(ring(sp) for sp in dark)
    app.hover((1900, 1070))  # away: nothing lit
    assert scene._marks().sight == ()


def test_attack_mode_shows_each_targets_odds_on_the_board(drawn: set[str]) -> None:
    """A defender about to attack: every lit target in view carries the core's chance to remove it, before any
    die; a full interior's "+N" tile, the best chance among the targets under it."""
    game = Game.from_save((DATA / "busy-attack2.json").read_text(encoding="utf-8"))
    app, scene = layout_check.still_scene(game, False)
    c = scene.controller
    name = next(a.args[0] for a in c.legal if a.kind == "attack")
    c.selected = name
    c.set_mode("attack")
    marks = scene._marks()
    attacks = [a for a in c.legal if a.kind == "attack" and a.args[0] == name]
    assert set(marks.odds) == {a.args[1] for a in attacks}
    for a in attacks:
        assert marks.odds[a.args[1]] == game.odds(a)
    drawn.clear()
    scene.draw(app.display.logical)
    with scene.positions.frame(False):
        hidden = scene.positions.interior_hidden()
    shown = {f"{round(100 * p)}%" for cid, p in marks.odds.items() if cid not in hidden}
    under = {f"{round(100 * max(p for cid, p in marks.odds.items() if cid in hidden))}%"} if hidden & set(marks.odds) \
        else set()
    assert shown and shown | under <= drawn
    c.set_mode("")
    assert scene._marks().odds == {}


def test_colour_blind_letters_stay_beside_every_occupied_space() -> None:
    """With the colour-blind setting, each occupied track space keeps its letters (all its colours) on a tab
    beside its counters, never under them."""
    game = Game.from_save((DATA / "busy-attack3.json").read_text(encoding="utf-8"))
    app, scene = layout_check.still_scene(game, True)
    scene.draw(app.display.logical)
    layer = scene.board_layer
    occupied = [sp for sp, stack in game.state["spaces"].items() if stack]
    assert len(occupied) >= 10
    for space in occupied:
        tab = layer._chip(space)
        x, y = scene.geo.pos(space)
        assert tab.w == 26 * len(game.rules.track_spaces[space].colours), space
        gap = max(abs(tab.centerx - x) - tab.w / 2, abs(tab.centery - y) - tab.h / 2)
        assert RING_OUTER - 12 <= gap <= RING_OUTER + 20, (space, tab, (x, y))
