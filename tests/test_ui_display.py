"""The window scaling (game/ui/display.py): whole multiples stay sharp, clicks map back to logical pixels."""

from __future__ import annotations

import pygame
import pytest

from game.ui.display import Display


@pytest.fixture()
def display() -> Display:
    pygame.init()
    return Display(False, False, (1280, 720))


@pytest.mark.parametrize(("size", "scale", "offset"), [
    ((3840, 2160), 2.0, (0, 0)),        # 4K: exactly 2x, nearest-neighbour blocks
    ((3850, 2170), 2.0, (5, 5)),        # a few pixels over: snapped to 2x with thin bars
    ((2560, 1440), 2560 / 1920, (0, 0)),
    ((1280, 720), 1280 / 1920, (0, 0)),
    ((1920, 1200), 1.0, (0, 60)),       # 16:10: letterbox bars above and below
])
def test_fit(display: Display, size: tuple[int, int], scale: float, offset: tuple[int, int]) -> None:
    display._fit(size)
    assert display.scale == pytest.approx(scale)
    assert display.offset == offset


def test_clicks_map_back_to_logical_pixels(display: Display) -> None:
    display._fit((3840, 2160))
    assert display.to_logical((3838, 2158)) == (1919, 1079)
    display._fit((1920, 1200))
    assert display.to_logical((960, 60)) == (960, 0)


def test_present_at_2x_keeps_pixels_sharp(display: Display) -> None:
    display.window = pygame.display.set_mode((3840, 2160))
    display._fit((3840, 2160))
    display.logical.fill((0, 0, 0))
    display.logical.set_at((10, 10), (255, 255, 255))
    display.present()
    win = display.window
    # the white logical pixel is a sharp 2x2 block: no grey halo around it
    assert [tuple(win.get_at((x, y)))[:3] for x, y in ((20, 20), (21, 21))] == [(255, 255, 255)] * 2
    assert [tuple(win.get_at((x, y)))[:3] for x, y in ((19, 20), (22, 21), (20, 22))] == [(0, 0, 0)] * 3
