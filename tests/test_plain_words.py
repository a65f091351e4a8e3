"""Plain words everywhere a player reads (issue "A new player's first hour"): no internal id in any popup,
tooltip, menu, hint, log line or results screen. Every line of text the UI draws is recorded (game/ui/fonts.py)
while a whole game is played by clicks, with every defender and space hovered along the way, the other screens
opened, and the hints and the demo's captions of the policies said for whole games."""

from __future__ import annotations

import re

import pytest

from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.results import ResultsScene
from tests.helpers import explained_games, play_by_clicks

# Internal ids: token ids (gren2, lmg1, ammo3, rifle1), counter ids (e17), space ids (upper:4, 1-2:3,
# ground:interior), type ids (ss_rifleman, end_moves), and "1 dice".
ID = re.compile(r"\b(gren|lmg|ammo|rifle)\d+\b|\be\d+\b|\b(upper|ground|basement):|\b\d+(-\d+)?:\d\b"
                r"|\b[a-z]+_[a-z]+\b|\b1 dice\b")


def test_the_pattern_finds_ids_and_spares_words() -> None:
    for text in ("carries gren2", "the rifleman (e4)", "moves to upper:4", "ss_rifleman card", "on 1-2:3",
                 "Attack… (1 dice)", "the ground:interior", "end_moves"):
        assert ID.search(text), text
    for text in ("Trained 2 attacks the SS rifleman on track 1-2, space 3 (75%)", "upper floors, space 4",
                 "Card 1-04", "Attack 2  ·  Turn 7", "[4.2.1] 1 die for Konrad", "Po.3", "1-2 dice"):
        assert not ID.search(text), text


def test_no_id_is_drawn_in_a_whole_game_by_clicks(drawn: set[str]) -> None:
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    app.step(1 / 60)
    title = app.stack.top
    for label in ("Rules", "Settings", "High scores"):  # the other screens, and back
        app.click(next(b for b in title.buttons if b.label == label).rect.center)  # type: ignore[attr-defined]
        app.step(1 / 60)
        app.stack.pop()
        app.step(1 / 60)
    app.click(next(b for b in title.buttons if b.label == "New game").rect.center)  # type: ignore[attr-defined]
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    play_by_clicks(app, scene)
    assert isinstance(app.stack.top, ResultsScene)
    app.step(1 / 60)
    assert len(drawn) > 500
    shown = sorted(t for t in drawn if ID.search(t))
    assert shown == [], shown[:20]


@pytest.mark.parametrize(("policy", "games"), [("heuristic", 3), ("planner", 1)])
def test_no_id_in_the_hints_and_captions_of_whole_games(policy: str, games: int) -> None:
    """The Hint and the demo's caption say ``explained(game, action, reason)`` for the policy's choice."""
    shown = {line for _, _, _, line in explained_games(policy, games) if ID.search(line)}
    assert sorted(shown) == []
