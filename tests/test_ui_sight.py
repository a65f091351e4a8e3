"""Line of sight read at a glance (issue "A board a player reads at a glance"): every occupied track space shows
its colour around its counters, and pointing at a defender lights exactly the spaces the core says he could fire
at (Game.sight, 4.2.1 with 1.4)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.rules import Game
from game.rules.data import default_rules
from game.ui import palette
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
        colours = {palette.LOS[c] for c in game.rules.track_spaces[space].colours}
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
    rules = scene.game.rules
    sight = scene.game.sight(name)
    spaces = [*rules.track_spaces, *rules.support_spaces, *(f"{f}:interior" for f in rules.floors)]
    lit = [sp for sp in spaces if sp in sight]
    dark = [sp for sp in spaces if sp not in sight]
    assert set(lit) == set(sight)
    assert any(sp in rules.support_spaces for sp in lit) or any(sp.endswith(":interior") for sp in lit)
    assert dark

    def ring(space: str) -> bool:
        """The light mark around ``space``: on a track space's ring, on a square's or interior's frame."""
        if space in rules.track_spaces:
            cx, cy = (int(v) for v in scene.geo.pos(space))
            r = RING_OUTER + 3
            points: tuple[tuple[int, int], ...] = ((cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r))
        else:
            frame = scene.geo.rect(space).inflate(8, 8)
            points = ((frame.centerx, frame.top + 1), (frame.centerx, frame.bottom - 2),
                      (frame.left + 1, frame.centery), (frame.right - 2, frame.centery))
        return any(tuple(surface.get_at(p)[:3]) == palette.SIGHT for p in points)
    assert all(ring(sp) for sp in lit), [sp for sp in lit if not ring(sp)]
    assert not any(ring(sp) for sp in dark), [sp for sp in dark if ring(sp)]
    app.hover((1900, 1070))  # away: nothing lit
    assert scene._marks().sight == ()


def test_attack_mode_shows_each_targets_odds_on_the_board() -> None:
    """A defender about to attack: every lit target in view carries the core's chance to remove it on a pill
    beside its own counter, before any die (a pile shows the best of its counters, as a "+N" tile does)."""
    game = Game.from_save((DATA / "busy-attack2.json").read_text(encoding="utf-8"))
    app, scene = layout_check.still_scene(game, False)
    name = layout_check.aim(scene)
    marks = scene._marks()
    attacks = [a for a in scene.controller.legal if a.kind == "attack" and a.args[0] == name]
    assert len(attacks) >= 5 and set(marks.odds) == {a.args[1] for a in attacks}
    for a in attacks:
        assert marks.odds[a.args[1]] == game.odds(a)
    with layout_check.recording_shapes():
        frame = layout_check.Recording((1920, 1080), scene.board_layer.art.kind_of)
        scene.draw(frame)
    pills = [d for d in frame.items if d.kind == "text" and d.label.endswith("%")]
    with scene.positions.frame(False):
        hidden = scene.positions.interior_hidden()
        drawn_at = {cid: scene.positions.enemy_pos(cid) for cid in marks.odds}
    shown = [cid for cid in marks.odds if cid not in hidden]
    assert shown
    for cid in shown:
        x, y = drawn_at[cid]
        best = max(p for other, p in marks.odds.items() if drawn_at[other] == drawn_at[cid])
        near = [d for d in pills if abs(d.rect.centerx - x) <= 50 and abs(d.rect.centery - y) <= 45]
        assert any(d.label == f"{round(100 * best)}%" for d in near), (cid, [d.label for d in near])
    scene.controller.set_mode("")
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
    counters = [r for rects in layer._counter_rects().values() for r in rects]
    for space in occupied:
        tab = layer._chip(space)
        x, y = scene.geo.pos(space)
        assert tab.w == 26 * len(game.rules.track_spaces[space].colours), space
        gap = max(abs(tab.centerx - x) - tab.w / 2, abs(tab.centery - y) - tab.h / 2)
        assert RING_OUTER - 12 <= gap <= RING_OUTER + 20, (space, tab, (x, y))
        assert all(tab.clip(r).w <= 3 or tab.clip(r).h <= 3 for r in counters), space  # under no counter
