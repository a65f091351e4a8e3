"""Counters stay legible and clickable: a full interior box shows a row of each at full size and a "+N" tile,
spreads out under the mouse, and every defender and counter it holds is found by hit-testing where it is drawn;
defender counters stay inside their spaces."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui import palette
from game.ui.app import App
from game.ui.counters import fit_label, group_tokens
from game.ui.layout import BOARD_RECT, COUNT_W, DEF_H, DEF_W, INTERIOR_COLS
from game.ui.play.scene import PlayScene


@pytest.fixture()
def crowded(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> tuple[App, PlayScene]:
    """Nine defenders and seven enemy counters in the ground floor's interior (drawn position only)."""
    app, scene = open_play(3, "standard")
    scene.skip_animations()
    for _ in range(3):
        app.step(1 / 60, [])
    vs = scene.view.state
    names = [n for n, d in vs["defenders"].items() if d["status"] == "board"][:9]
    for n in names:
        vs["defenders"][n]["space"] = "ground:interior"
    for k in range(7):
        cid = f"T{k}"
        vs["counters"][cid] = {"type": ["rifleman", "smg", "ss_smg", "leader"][k % 4], "name": "Heinrich",
                               "disrupted": k == 2}
        vs["interior"]["ground"].append(cid)
    scene.view.version += 1  # the drawn position changed (what the scene's lookups are kept by)
    app.hover((5, 5))
    return app, scene


def test_a_full_interior_shows_one_row_each_and_spreads_under_the_mouse(crowded: tuple[App, PlayScene]) -> None:
    app, scene = crowded
    space = "ground:interior"
    box = scene.geo.rect(space)
    here = scene.positions.defenders_at(space)
    inside = scene.view.state["interior"]["ground"]
    app.step(1 / 60, [])
    assert scene.positions.spread is None
    hidden = scene.positions.interior_hidden()
    assert set(here[INTERIOR_COLS - 1:]) <= hidden and set(inside[INTERIOR_COLS - 1:]) <= hidden
    for name in here[:INTERIOR_COLS - 1]:  # the shown ones stand inside the box and are found where drawn
        x, y = scene.positions.defender_pos(name)
        assert box.contains(pygame.Rect(int(x - DEF_W / 2), int(y - DEF_H / 2), DEF_W, DEF_H))
        assert scene.controller.defender_at((int(x), int(y))) == name
    for cid in inside[:INTERIOR_COLS - 1]:
        x, y = scene.positions.enemy_pos(cid)
        assert box.collidepoint(int(x), int(y)) and scene.controller.enemy_at((int(x), int(y))) == cid
    # the mouse on the box spreads it: every defender and counter is drawn apart, inside the board
    app.hover(scene.positions.space_point(space))
    assert scene.positions.spread == "ground" and not scene.positions.interior_hidden()
    spots = [scene.positions.defender_pos(n) for n in here] + [scene.positions.enemy_pos(c) for c in inside]
    assert len({(int(x), int(y)) for x, y in spots}) == len(spots)
    for name in here:
        x, y = scene.positions.defender_pos(name)
        assert BOARD_RECT.collidepoint(int(x), int(y))
        app.hover((int(x), int(y)))  # moving onto a spread counter keeps the spread open
        assert scene.positions.spread == "ground"
        assert scene.controller.defender_at((int(x), int(y))) == name
    for cid in inside:
        x, y = scene.positions.enemy_pos(cid)
        app.hover((int(x), int(y)))
        assert scene.positions.spread == "ground"
        assert scene.controller.enemy_at((int(x), int(y))) == cid
    app.step(1 / 60, [])  # draws the spread without error
    app.hover((5, 5))
    assert scene.positions.spread is None


def test_defender_counters_stay_inside_their_spaces(crowded: tuple[App, PlayScene]) -> None:
    _, scene = crowded
    for sid, ds in scene.rules.defender_spaces.items():
        r = scene.geo.rect(sid)
        for i in range(ds.capacity):
            x, y = scene.geo.defender_slot(sid, i, ds.capacity)
            assert r.contains(pygame.Rect(int(x - DEF_W / 2), int(y - DEF_H / 2), DEF_W, DEF_H)), sid


def test_labels_are_never_below_13_px() -> None:
    pygame.init()
    for label in ("Konrad", "Flisykowski", "Barzychowska", "SS SMG", "Heinrich"):
        img = fit_label(label, 40, (0, 0, 0))
        assert img.get_width() <= 40 and img.get_height() >= 15  # 13 px type is 16 px high


def test_identical_tokens_share_one_image_with_a_count(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    """Four ammunition tokens, a grenade and a machine gun in one square space: three images side by side inside
    the space's bottom row, none over another, the ammunition's with its number in a dark disc."""
    assert group_tokens(["ammo5", "lmg3", "ammo6", "gren3", "ammo1"]) == [["ammo1", "ammo5", "ammo6"], ["gren3"],
                                                                         ["lmg3"]]
    app, scene = open_play(0, "standard")
    scene.skip_animations()
    vs = scene.view.state
    space = "ground:1-2"
    ammo = [t for t in vs["tokens"] if t.startswith("ammo")][:4]
    for t in ammo:
        vs["tokens"][t] = space
    toks = [t for t, sp in vs["tokens"].items() if sp == space]
    groups = group_tokens(toks)
    assert len(toks) >= 6 and len(groups) == 3
    rect = scene.geo.rect(space)
    width, slots = scene.geo.token_row(space, [len(g) for g in groups])
    images = [scene.art.token(g[0], width, len(g)).get_rect(center=(int(x), int(y)))
              for g, (x, y) in zip(groups, slots, strict=True)]
    for k, img in enumerate(images):
        assert rect.contains(img), (img, rect)
        assert all(not img.colliderect(other) for other in images[k + 1:])
    surface = pygame.Surface(app.display.logical.get_size())
    scene.board_layer.draw_tokens(surface)
    first = images[0]
    assert first.w == width + COUNT_W
    assert surface.get_at((first.right - 6, first.centery - 5))[:3] == palette.INK  # the disc with the number
