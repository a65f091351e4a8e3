"""The high-score table: round trip, top-10 cut, separate tables per difficulty, a damaged file moved aside with
a one-line message; the difficulty setting; finished games (never demo games) are entered; screenshots of the
title, an Elite play scene with its Tactics cards, and the results with the table."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.rules import Game
from game.ui import records, scores, storage
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.highscores import HighScoresScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from tests.test_ui_screens import assert_not_blank, shot_dir


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_round_trip_and_rank(data: Path) -> None:
    tables, rank, msg = scores.record("standard", 40, "Cross of Merit", 7, date="2024-09-01")
    assert (rank, msg) == (0, "")
    assert (data / "highscores.json").exists()
    assert not (data / "highscores.json.tmp").exists(), "written through a temporary file, then renamed"
    tables, rank, _ = scores.record("standard", 55, "", 8, date="2024-09-02")
    assert rank == 0
    tables, rank, _ = scores.record("standard", 40, "", 9, date="2024-09-03")
    assert rank == 2, "a tie ranks below the earlier entry"
    loaded, msg = scores.load_scores()
    assert msg == ""
    assert loaded == tables
    assert [e.seed for e in loaded["standard"]] == [8, 7, 9]
    assert loaded["standard"][1] == scores.Entry(40, "Cross of Merit", "2024-09-01", 7)


def test_top_ten_cut(data: Path) -> None:
    for i in range(12):
        scores.record("veteran", 10 + i, "", i, date="2024-09-01")
    tables, msg = scores.load_scores()
    table = tables["veteran"]
    assert len(table) == scores.TOP
    assert [e.score for e in table] == list(range(21, 11, -1))
    _, rank, _ = scores.record("veteran", 5, "", 99)
    assert rank is None, "a score below the tenth does not enter"
    _, rank, _ = scores.record("veteran", 15, "", 100)
    assert rank == 7, "below the 15 already there"
    assert len(scores.load_scores()[0]["veteran"]) == scores.TOP


def test_tables_per_difficulty(data: Path) -> None:
    scores.record("standard", 30, "", 1)
    scores.record("elite", 12, "", 2)
    tables, _ = scores.load_scores()
    assert [e.score for e in tables["standard"]] == [30]
    assert [e.score for e in tables["elite"]] == [12]
    assert tables["veteran"] == []


@pytest.mark.parametrize("text", ["{not json", "[]", '{"tables": {"standard": [{"score": "lots"}]}}',
                                  '{"tables": {"nightmare": []}}', '{"tables": {"standard": 3}}',
                                  '{"tables": {"standard": [{"score": 3, "award": "", "date": "x", "seed": -1}]}}'])
def test_damaged_file_is_moved_aside(data: Path, text: str) -> None:
    data.mkdir(parents=True)
    (data / "highscores.json").write_text(text, encoding="utf-8")
    tables, msg = scores.load_scores()
    assert tables == scores.empty_tables()
    assert "highscores.json" in msg and "damaged" in msg and "\n" not in msg
    assert (data / "highscores.json.damaged").read_text(encoding="utf-8") == text  # kept as it was
    # a damaged file is gone; one with damaged entries only is written back with its good ones (none here)
    assert not (data / "highscores.json").exists() or scores.load_scores() == (scores.empty_tables(), "")
    # the title shows the message and nothing crashes; a second damaged file never overwrites the first
    (data / "highscores.json").write_bytes(b"\xff\xfe\x00garbage")
    app = App(headless=True, seed=1)
    app.step(1 / 60)
    assert "damaged" in app.ctx.message and "highscores.json.damaged.1" in app.ctx.message
    assert (data / "highscores.json.damaged").read_text(encoding="utf-8") == text
    assert (data / "highscores.json.damaged.1").read_bytes() == b"\xff\xfe\x00garbage"
    _, rank, msg = scores.record("standard", 20, "", 3)
    assert rank == 0 and msg == ""


def test_one_damaged_entry_costs_only_itself(data: Path) -> None:
    """Nine good entries and one with a NUL in its date: the nine are kept, the message says one was dropped."""
    for i in range(9):
        scores.record("standard", 20 + i, "", i, date="2026-11-0" + str(i + 1))
    raw = json.loads((data / "highscores.json").read_text(encoding="utf-8"))
    raw["tables"]["standard"].append({"score": 99, "award": "", "date": "2026\u000011-25", "seed": 1})
    text = json.dumps(raw)
    (data / "highscores.json").write_text(text, encoding="utf-8")
    tables, msg = scores.load_scores()
    assert [e.score for e in tables["standard"]] == list(range(28, 19, -1))
    assert msg.startswith("1 damaged entry was dropped from highscores.json") and "the other 9 kept" in msg
    assert (data / "highscores.json.damaged").read_text(encoding="utf-8") == text
    assert scores.load_scores() == (tables, "")  # written back: said once


def test_a_byte_order_mark_is_not_damage(data: Path) -> None:
    scores.record("elite", 17, "Cross of Valor", 4)
    path = data / "highscores.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    tables, msg = scores.load_scores()
    assert msg == "" and [e.score for e in tables["elite"]] == [17]


def test_difficulty_setting_round_trip_and_validation() -> None:
    s = Settings(difficulty="elite")
    assert Settings.from_json(s.to_json()) == (s, [])
    for bad in ("nightmare", 3):
        mended, problems = Settings.from_json(json.dumps({"difficulty": bad}))
        assert mended.difficulty == "standard"
        assert problems == [f"'difficulty' = {json.dumps(bad)} is not one of standard, veteran, elite"]
    with pytest.raises(ValueError):
        Settings.from_json("[1, 2]")


def test_title_difficulty_selector_starts_games_at_that_difficulty(data: Path) -> None:
    app = App(headless=True, seed=4)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    elite = next(b for b in title.difficulty_buttons if b.label == "Elite")
    app.click(elite.rect.center)
    assert app.ctx.settings.difficulty == "elite"
    assert storage.settle(10)  # (the settings are written behind the frame loop)
    assert json.loads((data / "settings.json").read_text())["difficulty"] == "elite", "remembered in settings"
    app.click(next(b for b in title.buttons if b.label == "New game").rect.center)
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert play.game.state["difficulty"] == "elite"
    assert play.hud.tactics_rect.h > 0
    # Continue resumes the saved game at its own difficulty even after the selector changed
    play.skip_animations()
    app.step(1 / 60, [], draw=False)
    app.stack.pop(play)
    app.click(next(b for b in title.difficulty_buttons if b.label == "Standard").rect.center)
    assert title.saved_difficulty == "elite"
    app.click(next(b for b in title.buttons if b.label == "Continue").rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed.game.state["difficulty"] == "elite"
    # the High scores button opens the tables with a tab per difficulty
    app.stack.pop(resumed)
    app.click(next(b for b in title.buttons if b.label == "High scores").rect.center)
    hs = app.stack.top
    assert isinstance(hs, HighScoresScene) and hs.difficulty == "standard"
    app.click(next(b for b in hs.buttons if b.label == "Veteran").rect.center)
    assert hs.difficulty == "veteran"
    app.step(1 / 60)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.stack.top is title


def finish(game: Game) -> None:
    while not game.over:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.kind.startswith("end_")), legal[0]))


def test_a_finished_game_enters_the_table_and_a_demo_does_not(data: Path) -> None:
    app = App(headless=True, seed=2)
    game = Game.new(2, "veteran")
    scene = PlayScene(app.ctx, game, fresh=True)
    app.stack.push(scene)
    finish(game)
    scene.skip_animations()
    app.step(1 / 60, [], draw=False)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert results.rank == 0 and results.difficulty == "veteran"
    tables, _ = scores.load_scores()
    entry = tables["veteran"][0]
    assert (entry.score, entry.seed) == (int(game.result["score"]), 2)  # type: ignore[index]
    assert tables["standard"] == []
    # a demo game's end leaves the table alone
    from game.ui.scenes.demo import DemoResultsScene, DemoScene
    demo = DemoScene(app.ctx, 5)
    app.stack.push(demo)
    finish(demo.game)
    demo.skip_animations()
    app.step(1 / 60, [], draw=False)
    assert isinstance(app.stack.top, DemoResultsScene)
    assert scores.load_scores()[0] == tables


def test_screenshots_title_elite_tactics_results_table(data: Path, tmp_path: Path) -> None:
    out = shot_dir(tmp_path)
    for seed in (100, 101, 102):  # finished games with their records: the start's check believes them
        done = Game.new(seed, "elite")
        done.keep_history = True
        finish(done)
        gid = records.game_id(done)
        assert records.save(gid, done) == ""
        result = done.result or {}
        scores.record("elite", int(result["score"]), str(result.get("award") or ""), seed, date="2024-09-01", game=gid)
    app = App(headless=True, seed=3)
    assert app.score_check.done.wait(60) and not app.score_check.refused
    app.ctx.settings.difficulty = "elite"
    app.stack.top.refresh()  # type: ignore[union-attr]
    app.step(1 / 60)
    app.screenshot(out / "title_scores.png")
    assert_not_blank(out / "title_scores.png")
    game = Game.new(3, "elite")
    scene = PlayScene(app.ctx, game, fresh=True)
    app.stack.push(scene)
    flip_seen = flash_seen = False
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if any(0 < v < 1 for v in scene.stage.tactic_flip.values()):
            flip_seen = True
        flash_seen = flash_seen or bool(scene.stage.tactic_flash)
        if not scene.queue.busy and scene.synced:
            break
    assert flip_seen, "a Tactics card turned face up in the tactics area"
    applied = [e for e in game.initial_events if e.kind == "tactic_applied"]
    assert applied, "seed 3 at Elite opens with a Tactics card that takes moves away"
    assert flash_seen, "the card that changed a result flashed"
    logged = scene.log.texts()
    assert all(str(e) in logged for e in applied), "the log says when a tactic changes a result"
    assert scene.limit("defender_moves") < 4
    assert f"Moves: {scene.limit('defender_moves')} left" in scene.prompt()
    assert scene.view.state["tactics"]["in_play"] == game.tactics_in_play()
    assert len(game.tactics_in_play()) == 2
    scene.ask_hint()
    scene.wait_hint()  # the planner's answer on the board (it thinks in a worker thread)
    app.step(1 / 60)
    app.screenshot(out / "play_elite_tactics.png")
    assert_not_blank(out / "play_elite_tactics.png")
    finish(game)
    scene.synced = False  # the core moved on without the scene: it catches up on the next frame
    app.step(1 / 60)
    assert isinstance(app.stack.top, ResultsScene)
    app.step(1 / 60)
    app.screenshot(out / "results_table.png")
    assert_not_blank(out / "results_table.png")
    hs = HighScoresScene(app.ctx, "elite")
    app.stack.push(hs)
    app.step(1 / 60)
    app.screenshot(out / "highscores.png")
    assert_not_blank(out / "highscores.png")
