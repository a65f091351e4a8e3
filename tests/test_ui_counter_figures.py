"""Issue 32 item 3, the counters: every counter shows a drawn figure of its kind, told apart by its shape (compared
in greys, so not by colour alone: the colour-blind player tells them apart too), a defender known by name is marked
in gold, and the values stay printed large."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game.rules import Game
from game.ui import counter_art, palette
from game.ui.counters import EXHAUSTED_FACE, SUPPORT_TYPES, TOKEN_FILL, CounterArt
from game.ui.layout import DEF_H, DEF_W, ENEMY_PX, SUPPORT_PX, TOKEN_NARROW, TOKEN_W

ASSAULT = ("rifleman", "smg", "ss_rifleman", "ss_smg", "leader")
FIGURE_D = pygame.Rect(21, 19, 20, 33)  # a defender's figure, right of his value
VALUE_D = pygame.Rect(3, 19, 18, 20)  # a defender's combat value
SHAPE = 28  # a pixel this much lighter or darker (in greys) than the counter's own colour is part of the figure


@pytest.fixture(scope="module")
def art() -> CounterArt:
    pygame.init()
    return CounterArt(Game.new(0).rules)


def grey(c: pygame.Color | tuple[int, ...]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def shape(img: pygame.Surface, area: pygame.Rect, ground: palette.Colour) -> set[tuple[int, int]]:
    """The pixels of ``area`` whose grey differs from the grey of the counter's colour ``ground``: the figure's
    silhouette and its drawn parts, as a colour-blind eye (or a greyscale print) sees them."""
    flat = pygame.Surface(img.get_size())
    flat.fill(ground)
    flat.blit(img, (0, 0))
    g = grey(ground)
    return {(x, y) for x in range(area.x, area.right) for y in range(area.y, area.bottom)
            if abs(grey(flat.get_at((x, y))) - g) > SHAPE}


def apart(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> int:
    """How many pixels are in one silhouette and not the other."""
    return len(a ^ b)


def test_every_enemy_kind_has_its_own_shape(art: CounterArt) -> None:
    """Every pair of enemy kinds of one size differs by its figure's shape in greys (not only by colour), in the
    figure's part of the counter (above the values)."""
    shapes = {}
    for ctype in (*ASSAULT, *SUPPORT_TYPES):
        img = art.enemy(ctype, "Heinrich" if ctype == "leader" else "", False)
        size = SUPPORT_PX if ctype in SUPPORT_TYPES else ENEMY_PX
        assert img.get_size() == (size, size)
        area = pygame.Rect(3, 3, size - 6, size - 20)
        shapes[ctype] = shape(img, area, palette.ENEMY_FILL[ctype])
        assert len(shapes[ctype]) > area.w * area.h // 6, ctype  # a figure fills a good part of it
    for group in (ASSAULT, SUPPORT_TYPES):
        for a, b in combinations(group, 2):
            assert apart(shapes[a], shapes[b]) > 60, (a, b)


def test_police_and_ss_and_their_weapons_are_told_apart_in_greys(art: CounterArt) -> None:
    """The police shako and the SS helmet differ in the head's part of the counter, the rifle and the submachine
    gun in the body's part, whatever the colours."""
    head, body = pygame.Rect(12, 1, 20, 12), pygame.Rect(3, 16, 38, 14)
    img = {c: art.enemy(c, "", False) for c in ("rifleman", "smg", "ss_rifleman", "ss_smg")}
    s = {(c, part.y): shape(img[c], part, palette.ENEMY_FILL[c]) for c in img for part in (head, body)}
    assert apart(s["rifleman", head.y], s["ss_rifleman", head.y]) > 25
    assert apart(s["smg", head.y], s["ss_smg", head.y]) > 25
    assert apart(s["rifleman", body.y], s["smg", body.y]) > 40
    assert apart(s["ss_rifleman", body.y], s["ss_smg", body.y]) > 40


def test_every_defender_kind_has_its_own_figure(art: CounterArt) -> None:
    """A trained soldier, a postal worker, a noncombatant and a Command leader: four figures of different shapes
    in greys, on the right of the blue body."""
    names = {"trained": "Trained 3", "postal": "Postal worker 4", "noncombatant": "J. Pipka", "officer": "Konrad"}
    shapes = {}
    for kind, name in names.items():
        img = art.defender(name, False, False)
        assert img.get_size() == (DEF_W, DEF_H)
        shapes[kind] = shape(img, FIGURE_D, palette.POST_BLUE)
        assert len(shapes[kind]) > FIGURE_D.w * FIGURE_D.h // 4, kind
    for a, b in combinations(shapes, 2):
        assert apart(shapes[a], shapes[b]) > 40, (a, b)


def test_a_defender_known_by_name_is_edged_in_gold(art: CounterArt) -> None:
    """Gdaniec and Trained 3 (both trained, combat 2, no attribute) show the same figure, but only the named
    defender's band is edged in gold; so are the named postal workers and noncombatants, never a numbered one."""
    def gold(name: str) -> int:
        img = art.defender(name, False, False)
        return sum(1 for x in range(DEF_W) for y in range(18) if img.get_at((x, y))[:3] == palette.GOLD)

    named, numbered = art.defender("Gdaniec", False, False), art.defender("Trained 3", False, False)
    assert shape(named, FIGURE_D, palette.POST_BLUE) == shape(numbered, FIGURE_D, palette.POST_BLUE)
    for name in ("Gdaniec", "Konrad", "Wasik", "Michon", "J. Pipka", "Barzychowska"):
        assert gold(name) > 2 * (DEF_W - 6), name
    for name in ("Trained 3", "Trained 10", "Postal worker 4", "Postal worker 19"):
        assert gold(name) == 0, name


def test_the_values_are_still_printed_large(art: CounterArt) -> None:
    """Every defender's combat value is inked in paper white on the left of his body (a 24 px digit, also when
    exhausted), and every enemy's combat-defense values across the bottom."""
    for name in art.rules.defenders:
        for exhausted in (False, True):
            img = art.defender(name, exhausted, False)
            ink = sum(1 for x in range(VALUE_D.x, VALUE_D.right) for y in range(VALUE_D.y, VALUE_D.bottom)
                      if min(img.get_at((x, y))[:3]) > 205)
            assert ink > 40, (name, exhausted, ink)
    for ctype in (*ASSAULT, *SUPPORT_TYPES):
        img = art.enemy(ctype, "", True)
        margin = 8
        size = img.get_width() - 2 * margin
        band = pygame.Rect(margin + 4, margin + size - 16, size - 8, 15)
        ink = sum(1 for x in range(band.x, band.right) for y in range(band.y, band.bottom)
                  if min(img.get_at((x, y))[:3]) > 220)
        assert ink > 50, (ctype, ink)


def test_an_exhausted_defender_is_grey_figure_and_all(art: CounterArt) -> None:
    """Exhausted: the body grey with its stripes, the figure in greys (the khaki and the blue gone)."""
    img = art.defender("Trained 3", True, False)
    assert img.get_at((5, 50))[:3] in (EXHAUSTED_FACE, (124, 130, 142))
    inside = FIGURE_D.inflate(-4, -4)  # (the body's rounded corners show the red border)
    for x in range(inside.x, inside.right):
        for y in range(inside.y, inside.bottom):
            r, g, b, _a = img.get_at((x, y))
            assert max(r, g, b) - min(r, g, b) < 24, (x, y, (r, g, b))


def test_every_token_kind_has_its_own_drawing(art: CounterArt) -> None:
    """The five weapon and ammunition tokens differ by their drawings in greys, at full and narrow width, and a
    group's number stays in its disc."""
    for width in (TOKEN_W, TOKEN_NARROW):
        shapes = {}
        for kind in TOKEN_FILL:
            img = art.token(kind + "1", width)
            assert img.get_size() == (width, 20)
            shapes[kind] = shape(img, pygame.Rect(2, 2, width - 4, 16), TOKEN_FILL[kind])
            assert len(shapes[kind]) > 40, (kind, width)
        for a, b in combinations(shapes, 2):
            assert apart(shapes[a], shapes[b]) > 25, (a, b, width)
    grouped = art.token("ammo1", TOKEN_W, 3)
    assert grouped.get_at((TOKEN_W + 5, 4))[:3] == palette.INK


def test_the_figures_are_drawn_once_a_process(art: CounterArt) -> None:
    """The figures depend on no language nor display: a second counter art (a new play scene) blits the very
    figures already drawn, and the armoured car and the fire truck have their sizes."""
    figure = counter_art.defender_figure("postal")
    CounterArt(art.rules).defender("Postal worker 7", False, False)
    assert counter_art.defender_figure("postal") is figure
    assert counter_art.enemy_figure("ss_smg") is counter_art.enemy_figure("ss_smg")
    assert art.car().get_size() == (70, 40) and art.fire_truck().get_size() == (120, 56)
