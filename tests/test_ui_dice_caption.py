"""The dice tray's caption (issue "A board a player reads at a glance"): what is rolled for and the defense to
reach, first, in at most two lines that fit the tray; never the result before the dice stop (the faces show it)."""

from __future__ import annotations

import pygame

from game.ui.effects import DiceTray
from game.ui.fonts import font
from game.ui.layout import DICE_TRAY

LONG = "3 dice for Postal worker 12 attacking the submachine gunner on track 11-12, space 3 (defense 4): 3, 5, 6"


def test_the_caption_names_the_defense_first_fits_and_hides_the_result() -> None:
    pygame.font.init()
    tray = DiceTray(DICE_TRAY)
    tray.roll([3, 5, 6], LONG, 4)
    for settled in (False, True):
        if settled:
            tray.finish()
        lines = tray.caption()
        assert 1 <= len(lines) <= 2 and lines[0].startswith("Defense 4 · 3 dice for Postal worker 12")
        assert all(font("type", 14).size(line)[0] <= DICE_TRAY.w - 16 for line in lines)
        assert not any(line.rstrip("…").endswith(("3, 5, 6", ": 3")) for line in lines)
    tray.roll([4], "Placement die (1-6): 4")
    assert tray.caption() == ["Placement die (1-6)"]
