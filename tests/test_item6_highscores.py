"""Issue 31, item 6: the high-score table's Review button of a row is drawn inside the table's panel, at every
window size the game is played at (the 1920x1080 logical screen scaled to 1280x720, 1920x1080 and 3840x2160)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai import HeuristicPolicy
from game.rules import Game
from game.ui import records, scores
from game.ui.app import App
from game.ui.display import Display
from game.ui.scenes.highscores import TABLE_RECT, HighScoresScene
from tests.test_ui_screens import shot_dir


def window_rect(display: Display, rect: pygame.Rect) -> pygame.Rect:
    """``rect`` of the logical screen where the window of ``display`` shows it."""
    s, (ox, oy) = display.scale, display.offset
    return pygame.Rect(ox + int(rect.x * s), oy + int(rect.y * s), int(rect.w * s), int(rect.h * s))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_review_button_of_a_row_is_drawn_inside_its_panel(size: tuple[int, int], tmp_path: Path) -> None:
    app = App(headless=True, seed=0)
    game, policy = Game.new(5), HeuristicPolicy(5)
    game.keep_history = True
    while not game.over:
        game.apply(policy.choose(game))
    gid = records.game_id(game)
    assert records.save(gid, game) == ""
    for i in range(scores.TOP):  # a full table; the reviewed game in the first and the last row
        scores.record("standard", 40 - i, "Cross of Merit" if i < 2 else "", 123456 + i, date="2024-09-01",
                      game=gid if i in (0, scores.TOP - 1) else "")
    table = HighScoresScene(app.ctx, "standard")
    app.stack.push(table)
    app.step(1 / 60)
    reviews = [b for b in table.buttons if b.label == "Review"]
    assert reviews, "the rows with a record have their Review button"
    frame = pygame.Surface((1920, 1080))
    table.draw(frame)
    display = Display(fullscreen=False, headless=False, size=size)
    display.logical = frame
    display.present()
    assert display.window is not None and display.window.get_size() == size
    pygame.image.save(display.window, str(shot_dir(tmp_path) / f"highscores-{size[0]}x{size[1]}.png"))
    panel = window_rect(display, TABLE_RECT)
    for b in reviews:
        assert panel.contains(window_rect(display, b.rect)), (b.rect, TABLE_RECT)
    app.click(reviews[0].rect.center)
    assert app.stack.top.name == "review", "the button still opens the review"
