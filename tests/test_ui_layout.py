"""The board holds its layout in busy positions (issue "A board a player reads at a glance"): a saved Attack 2
game with 46 counters on the board and a saved Attack 3 game, drawn as the player sees them, still and while an
attack is aimed, with and without the colour-blind setting. tools/layout_check.py records everything drawn in the
frame (the cached panels' words too): no word is clipped or covered, no counter or token is covered; the frame is
scaled to 1280x720, 1920x1080 and 3840x2160 through the game's own scaler. Hovers, menus and tooltips are not
drawn: they cover the board on purpose."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules import Game
from tests.helpers import load_tool

DATA = Path(__file__).parent / "data"
SAVES = ("busy-attack2.json", "busy-attack3.json")

layout_check = load_tool("layout_check")


@pytest.mark.parametrize("save", SAVES)
@pytest.mark.parametrize("colour_blind", [False, True])
@pytest.mark.parametrize("aiming", [False, True])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_nothing_drawn_is_clipped_or_covered(save: str, colour_blind: bool, aiming: bool, lang: str) -> None:
    """The still board, and the board while an attack is aimed (every target lit with its odds), in English and
    in French (longer words, issue 21)."""
    game = Game.from_save((DATA / save).read_text(encoding="utf-8"))
    found, frame = layout_check.check(game, colour_blind, aiming, lang)
    assert [str(p) for p in found] == []
    for w, h in layout_check.SIZES:  # (tools/layout_check.py --shots saves them as PNG for a person: CI does)
        assert layout_check.scaled(frame, (w, h)).get_size() == (w, h)


def test_the_check_finds_a_covered_word_and_a_hidden_counter() -> None:
    """The check is not blind: a word with a counter drawn over it, and two counters of different spaces over each
    other, are reported; a stack's own offset counters are not."""
    Drawn = layout_check.Drawn
    word = Drawn("printed", pygame.Rect(100, 100, 40, 16), "front")
    counter = Drawn("counter", pygame.Rect(110, 95, 44, 44), "e")
    stacked = Drawn("counter", pygame.Rect(115, 90, 44, 44), "e")
    neighbour = Drawn("counter", pygame.Rect(140, 120, 44, 44), "e")
    found = layout_check.problems([counter, stacked, neighbour], [word])
    assert [(p.what, p.item.label) for p in found] == [("covered", "front"), ("hidden", "e"), ("hidden", "e")]
    assert layout_check.problems([counter, stacked], []) == []
    clipped = Drawn("text", pygame.Rect(1900, 10, 40, 16), "Menu")
    assert [p.what for p in layout_check.problems([clipped], [])] == ["clipped"]


def test_the_busy_saves_are_busy() -> None:
    """What the layout test draws is the crowded board it claims: Attack 2 and 3, most spaces full."""
    for save, attack, least in (("busy-attack2.json", 2, 40), ("busy-attack3.json", 3, 25)):
        game = Game.from_save((DATA / save).read_text(encoding="utf-8"))
        s = game.state
        outside = sum(len(v) for v in s["spaces"].values()) + sum(len(v) for v in s["support"].values())
        assert s["attack"] == attack and outside + game.counters_inside() >= least


@pytest.mark.parametrize("name", [name for name, _ in layout_check.screens()])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_word_on_a_screen_is_clipped_or_covered(name: str, lang: str) -> None:
    from game.ui.app import App

    make = dict(layout_check.screens())[name]
    app = App(headless=True, seed=1, lang=lang)
    while app.stack.top is not None:
        app.stack.pop()
    found, _ = layout_check.check_screen(app, make(app.ctx))
    assert [str(p) for p in found] == []


@pytest.mark.parametrize("colour_blind", [False, True])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_card_shown_the_summary_and_the_danger_badges_are_clipped_or_covered_nowhere(colour_blind: bool,
                                                                                         lang: str) -> None:
    """Issue 31's new drawings in the busy Attack 2 game: the next Enemy Phase's first card shown large in the
    street with what it did, the panel of what changed over the log, and (the Defense Phase) the danger badges at
    the doors and the tinted spaces."""
    from game.ui.layout import SIDE
    from game.ui.play.reveal import CARD_SPOT

    game = Game.from_save((DATA / "busy-attack2.json").read_text(encoding="utf-8"))
    found, frame = layout_check.check(game, colour_blind, False, lang, reveal=True, summary=True)
    assert [str(p) for p in found] == []
    words = [d for d in frame.items if d.kind == "text"]
    assert len([d for d in words if CARD_SPOT.contains(d.rect)]) >= 4  # the card: its id, kind, text, what it did
    panel = [d.label for d in words if SIDE.contains(d.rect) and d.rect.y > 480]
    assert ("WHAT CHANGED" if lang == "en" else "CE QUI A CHANGÉ") in panel


@pytest.mark.parametrize("save", SAVES)
def test_the_checked_frames_of_a_defense_phase_show_the_danger(save: str) -> None:
    """The layout check's still frame waits for the danger worked out in its thread: the frames checked above
    carry the danger's tints and badges (both saves wait on a Defense Phase decision)."""
    game = Game.from_save((DATA / save).read_text(encoding="utf-8"))
    _app, scene = layout_check.still_scene(game, False)
    assert (game.decision or {}).get("kind") in ("moves", "actions")
    assert scene.danger.shown is not None and scene._marks().danger is scene.danger.shown


def test_an_interiors_tokens_leave_its_french_name_whole() -> None:
    """The heuristic's seed-5 game, Attack 2, turn 1: a grenade token in the ground floor's interior stood on the
    accent of "INTÉRIEUR" (the row now sits 2 px lower, just above the target table)."""
    game = Game.from_save((DATA / "interior-tokens.json").read_text(encoding="utf-8"))
    assert any(game.state["tokens"][t] == "ground:interior" for t in game.state["tokens"])
    found, _frame = layout_check.check(game, False, False, "fr")
    assert [str(p) for p in found] == []
