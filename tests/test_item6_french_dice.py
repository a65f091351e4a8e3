"""Issue 31, item 6: the dice tray is worded again after a switch of language. Its label is the roll's narration
(an event's ``said``, a text worded when read), kept as given and worded each time the tray is drawn: a roll
made in English reads in French once the player picks French in Settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.ai import HeuristicPolicy
from game.i18n import Lazy
from game.rules import Game
from game.rules.events import Event
from game.ui import fonts
from game.ui.effects import DiceTray
from game.ui.layout import DICE_TRAY
from tests.test_ui_screens import shot_dir


@pytest.fixture()
def english() -> Iterator[None]:
    pygame.font.init()
    i18n.set_language("en")
    try:
        yield
    finally:
        fonts.drawn = None
        i18n.set_language("en")


def attack_roll() -> Event:
    """The first roll of dice against a defense in a game played by the heuristic (its narration a lazy text)."""
    game = Game.new(0)
    policy = HeuristicPolicy(0)
    for _step in range(2000):
        for e in game.apply(policy.choose(game)) or []:
            if e.kind == "dice_rolled" and e.data.get("target") and isinstance(e.said, Lazy):
                return e
    raise AssertionError("no roll of dice against a defense in 2000 decisions")


def drawn_caption(tray: DiceTray, path: Path) -> set[str]:
    """The lines of text the tray draws (and its picture saved to ``path``)."""
    surface = pygame.Surface((DICE_TRAY.right + 10, DICE_TRAY.bottom + 10))
    fonts.drawn = set()
    tray.draw(surface)
    drawn, fonts.drawn = fonts.drawn, None
    pygame.image.save(surface.subsurface(DICE_TRAY.inflate(8, 8)), str(path))
    return drawn


def test_the_dice_tray_is_reworded_after_a_language_switch(english: None, tmp_path: Path) -> None:
    roll: Any = attack_roll()
    tray = DiceTray(DICE_TRAY)
    tray.roll(list(roll.data["dice"]), roll.said, int(roll.data["target"]))
    tray.finish()
    english_lines = tray.caption()
    assert english_lines and drawn_caption(tray, shot_dir(tmp_path) / "item6-tray-en.png") >= set(english_lines)
    assert i18n.set_language("fr") == ""  # the player picks French in Settings
    french = DiceTray(DICE_TRAY)  # what a roll made in French says
    french.roll(list(roll.data["dice"]), roll.text, int(roll.data["target"]))
    assert french.caption() != english_lines
    assert tray.caption() == french.caption()
    drawn = drawn_caption(tray, shot_dir(tmp_path) / "item6-tray-fr.png")
    assert set(french.caption()) <= drawn and not set(english_lines) & drawn
    assert i18n.set_language("en") == ""  # and back
    assert tray.caption() == english_lines


def test_a_plain_text_label_is_still_shown_as_given(english: None) -> None:
    """A label given as a plain text (a tool, an old caller) is shown as it is, in every language."""
    tray = DiceTray(DICE_TRAY)
    tray.roll([4], "Placement die (1-6): 4")
    i18n.set_language("fr")
    assert tray.caption() == ["Placement die (1-6)"]
