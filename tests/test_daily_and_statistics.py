"""The daily challenge on the title and its table, the journal of finished games, the Statistics screen, the
review's chart and its links into the replay, and game codes through the clipboard (issue 33)."""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import codes, daily
from game.ai import HeuristicPolicy, RandomPolicy
from game.ai.review import review
from game.rules import Game
from game.ui import clipboard, journal, scores
from game.ui.app import App
from game.ui.records import Record
from game.ui.scenes.highscores import HighScoresScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.title import TitleScene
from tests.helpers import finish


def finished(seed: int, difficulty: str = "standard") -> Game:
    game, policy = Game.new(seed, difficulty), HeuristicPolicy(seed)
    game.keep_history = True
    while not game.over:
        game.apply(policy.choose(game))
    return game


def to_results(app: App, policy: Any = None) -> ResultsScene:
    """Play the game of the play scene on top of ``app`` to its results (the heuristic's choices unless another
    ``policy`` is given)."""
    results = finish(app, policy or HeuristicPolicy(0))
    assert isinstance(results, ResultsScene)
    return results


def title(app: App) -> TitleScene:
    while not isinstance(app.stack.top, TitleScene):
        app.stack.pop()
    top = app.stack.top
    assert isinstance(top, TitleScene)
    top.refresh()
    return top


# ---------------------------------------------------------------------------------------------- the daily challenge
def test_a_daily_challenge_is_known_by_its_seed_for_thirty_days_and_at_standard_only() -> None:
    day = datetime.date(2026, 11, 28)
    seed = daily.daily_seed(day)
    assert daily.challenge_date(seed, "standard", day) == day
    assert daily.challenge_date(seed, "standard", day + datetime.timedelta(days=daily.LATE_DAYS)) == day
    assert daily.challenge_date(seed, "standard", day + datetime.timedelta(days=daily.LATE_DAYS + 1)) is None
    assert daily.challenge_date(seed, "veteran", day) is None
    assert daily.challenge_date(seed, "standard", day - datetime.timedelta(days=1)) is None  # not yet that day
    assert all(daily.challenge_date(s, "standard", day) is None for s in range(0, 1_000_000, 997))


def test_the_first_finished_daily_of_the_day_is_scored_and_the_next_is_practice(data_dir: Path) -> None:
    """From the title's daily challenge button to the results: the first attempt is the day's score (in the daily
    table, highlighted; not in the high-score table), the second is practice; the title then says the day's
    score and offers practice; the streak counts the day."""
    app = App(headless=True, seed=3)
    app.ctx.settings.speed = 0.0
    top = title(app)
    assert top.daily_button.label == "Play today's challenge" and top.scored_today is None
    top.daily_button.action()
    play = app.stack.top
    assert play.game.state["seed"] == daily.daily_seed(daily.today()) and play.game.state["difficulty"] == "standard"
    assert play.hud.daily  # the top bar says "Daily challenge" where it names the difficulty
    results = to_results(app)
    assert results.played is not None and results.played.scored and results.played.daily == daily.today().isoformat()
    assert results.rank == 0 and results.daily[0].game == results.played.game
    assert scores.load_scores()[0] == scores.empty_tables()  # a daily game is in its own table only
    first = results.played
    top = title(app)
    assert top.scored_today == first and top.daily_button.label == "Practise today's challenge"
    assert top.journal_stats.daily_streak == 1
    top.daily_button.action()
    assert app.stack.top.hud.daily
    second = to_results(app, RandomPolicy(1))  # (the same choices would be the same game, entered once)
    assert second.played is not None and second.played.daily and not second.played.scored
    kept, _msg = journal.load()
    assert [p.scored for p in kept.games] == [True, False] and kept.daily_table() == [first]
    assert second.rank is None


def test_the_daily_button_continues_today_s_unfinished_challenge(data_dir: Path) -> None:
    app = App(headless=True, seed=3)
    app.ctx.settings.speed = 0.0
    top = title(app)
    top.daily_button.action()
    for _ in range(30):
        app.step(1 / 60, [], draw=False)
    seed = app.stack.top.game.state["seed"]
    top = title(app)
    assert top.saved_daily and top.daily_button.label == "Continue today's challenge"
    top.daily_button.action()
    assert app.stack.top.name == "play" and app.stack.top.game.state["seed"] == seed and not app.stack.top.fresh


# ---------------------------------------------------------------------------------------------- the journal
def test_a_game_is_entered_in_the_journal_once_with_what_the_statistics_need(data_dir: Path) -> None:
    game = finished(4, "veteran")
    played = journal.played_of(game, "4-00000000", "2026-11-20")
    assert played.score == game.result["score"] and played.outcome == game.result["outcome"]
    assert played.how == game.result["how"] and played.difficulty == "veteran" and not played.daily
    assert set(played.fallen) == {n for n, d in game.state["defenders"].items() if d["status"] == "casualty"}
    assert journal.enter(played) == (played, "")
    assert journal.enter(played) == (played, "")  # (Continue of a finished save shows its results again)
    assert journal.load() == (journal.Journal([played]), "")


@pytest.mark.parametrize("damage", ["{", "[]", '{"version": 1}', '{"version": 99, "games": []}', "\x00" * 40])
def test_a_damaged_journal_is_set_aside_in_one_line_and_the_statistics_start_afresh(data_dir: Path,
                                                                                     damage: str) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / journal.NAME).write_text(damage, encoding="utf-8")
    kept, msg = journal.load()
    assert kept.games == [] and "\n" not in msg and journal.NAME in msg and "start afresh" in msg
    assert [p.name for p in data_dir.iterdir() if p.name.startswith(journal.NAME + ".damaged")]
    app = App(headless=True, seed=1)
    StatisticsScene(app.ctx).draw(pygame.Surface((1920, 1080)))  # the screen opens on what is left


def test_damaged_entries_are_dropped_one_by_one_and_the_others_kept(data_dir: Path) -> None:
    good = journal.played_of(finished(2), "2-0000abcd", "2026-11-01")
    raw = {**dataclasses.asdict(good), "fallen": list(good.fallen)}
    entries = [raw, {**raw, "game": "x", "score": "many"}, {**raw, "game": "y", "outcome": "won"},
               {**raw, "game": "z", "fallen": ["a" * 500]}, {**raw, "game": "w", "date": "28/11/2026"},
               {**raw, "game": "v", "difficulty": "impossible"}, raw]  # the last: the same game twice
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / journal.NAME).write_text(json.dumps({"version": 1, "games": entries}), encoding="utf-8")
    kept, msg = journal.load()
    assert kept.games == [good]
    assert msg.startswith("6 damaged entries were dropped from journal.json")
    assert "the other 1 kept, the file as it was kept as journal.json.damaged" in msg
    assert journal.load() == (kept, "")  # written back without them


def test_the_statistics_count_what_was_played() -> None:
    def entry(k: int, difficulty: str, outcome: str, how: str = "fire_truck", attack: int = 3,
              fallen: tuple[str, ...] = (), day: str = "") -> journal.Played:
        score = {"win": 20, "draw": 5, "loss": 0}[outcome]
        return journal.Played(f"{k}-00000000", "2026-11-01", difficulty, score, outcome,
                              {"win": "Minor Victory", "draw": "Draw", "loss": "Loss"}[outcome],
                              "Cross of Valor" if outcome == "win" else "", how, attack, 2, fallen, day, bool(day))
    games = journal.Journal([
        entry(0, "standard", "win", fallen=("Fuz",), day="2026-11-01"),
        entry(1, "standard", "win", fallen=("Fuz", "Kuntz"), day="2026-11-02"),
        entry(2, "veteran", "loss", "morale", 1, ("Fuz",), day="2026-11-03"),
        entry(3, "elite", "draw", day="2026-11-05"),
        entry(4, "standard", "win", day="2026-11-06"),
        entry(5, "standard", "win"), entry(6, "standard", "win"),
        entry(7, "elite", "loss", "morale", 2)])
    stats = journal.statistics(games, datetime.date(2026, 11, 7))
    standard = stats.tallies["standard"]
    assert (standard.games, standard.wins, standard.draws, standard.losses, standard.best) == (5, 5, 0, 0, 20)
    assert (stats.tallies["elite"].draws, stats.tallies["elite"].losses, stats.tallies["veteran"].average) == \
        (1, 1, 0.0)
    assert stats.best_wins == 3 and stats.games == 8
    assert stats.levels["Minor Victory"] == 5 and stats.awards["Cross of Valor"] == 5
    assert stats.morale_broke == {1: 1, 2: 1}
    assert stats.fallen.most_common(2) == [("Fuz", 3), ("Kuntz", 1)]
    assert (stats.daily_streak, stats.best_daily_streak) == (2, 3)  # 5-6 November (to yesterday); 1-3 November
    assert journal.statistics(games, datetime.date(2026, 11, 8)).daily_streak == 0


def test_the_statistics_screen_draws_its_figures(data_dir: Path, drawn: set[str]) -> None:
    """Every game entered is drawn: the tallies, the chart's points and the bars' counts as words on screen."""
    played = journal.Journal([journal.played_of(finished(k, d), f"{k}-0000000{k}", f"2026-11-0{k + 1}")
                              for k, d in enumerate(("standard", "veteran", "elite", "standard"))])
    app = App(headless=True, seed=1)
    StatisticsScene(app.ctx, played).draw(pygame.Surface((1920, 1080)))
    words = drawn
    assert "4 games finished" in words and "YOUR SCORE, GAME BY GAME" in words
    stats = journal.statistics(played)
    assert str(stats.tallies["standard"].games) in words and "Epic Victory" in words
    fell = stats.fallen.most_common(1)
    assert not fell or str(fell[0][1]) in words


# ---------------------------------------------------------------------------------------------- the review
def test_the_review_s_timeline_ends_on_the_game_s_last_state_and_its_moments_replay_there() -> None:
    game = finished(1, "veteran")
    rev = review(1, "veteran", list(game.state["history"]))
    last = rev.timeline[-1]
    assert (last.attack, last.morale) == (game.state["attack"], game.state["morale"])
    assert last.defenders == sum(1 for d in game.state["defenders"].values() if d["status"] == "board")
    assert len(rev.turning_at) == len(rev.turning) >= 3 and rev.turning_at == sorted(rev.turning_at)
    code = codes.of_game(game)
    for line, at in zip(rev.turning, rev.turning_at, strict=True):
        # the replay opened at the moment shows the turn coming: the next decision brings its first event
        before = codes.replay(codes.GameCode(code.seed, code.difficulty, code.decisions[:at]))
        after = codes.replay(codes.GameCode(code.seed, code.difficulty, code.decisions[:at + 1]))
        said = f"Attack {after.state['attack']}, turn {after.state['attack_turn']}:"
        assert line.startswith(said), (line, said, before.state["attack_turn"])


def test_a_click_on_a_turning_point_opens_the_replay_at_its_moment(data_dir: Path) -> None:
    game = finished(1, "veteran")
    app = App(headless=True, seed=1)
    scene = ReviewScene(app.ctx, Record(1, "veteran", list(game.state["history"])), samples=1)
    app.stack.push(scene)
    scene.thread.join()
    app.step(1 / 60)
    turning = [(rect, at) for rect, at, playing in scene.links if playing]
    assert turning, "no turning point drawn as a link"
    rect, at = turning[1] if len(turning) > 1 else turning[0]
    app.click(rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.at == at and not replay.playing  # paused at the moment
    advice = [(rect, at) for rect, at, playing in scene.links if not playing]
    assert len(advice) == len(scene.review.decisions or [])
    for (rect, at), decision in zip(advice, scene.review.decisions or [], strict=True):  # the planner's: paused
        top = app.stack.top
        assert isinstance(top, ReplayScene)
        top.close()
        app.step(1 / 60)
        assert app.stack.top is scene
        app.click(rect.center)
        shown = app.stack.top
        assert isinstance(shown, ReplayScene) and shown.at == at == decision.index and not shown.playing
        assert shown.game.state["history"] == Game.from_json(decision.before).state["history"]


# ---------------------------------------------------------------------------------------------- codes and clipboard
def test_copy_game_code_on_the_results_then_open_it_on_the_title(data_dir: Path) -> None:
    app = App(headless=True, seed=5)
    app.ctx.settings.speed = 0.0
    title(app).new_game()
    assert not app.stack.top.hud.daily
    results = to_results(app)
    app.click(next(b for b in results.buttons if b.key == "Copy game code").rect.center)
    text = clipboard.paste()
    assert text and codes.unpack(text) == codes.of_game(results.game)
    assert results.note.startswith("The game code is on the clipboard")
    top = title(app)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0)])
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.code == codes.of_game(results.game)
    replay.close()
    assert app.stack.top is top


@pytest.mark.parametrize("pasted", ["", "hello there", "A" * 40, "x" * 20_000])
def test_a_clipboard_without_a_code_is_one_line_on_the_title(data_dir: Path, pasted: str) -> None:
    app = App(headless=True, seed=5)
    top = title(app)
    assert clipboard.copy(pasted)
    app.click(top.paste_button.rect.center)
    assert app.stack.top is top and top.note and "\n" not in top.note and top.message_line()[0]
    top.statistics()  # said on the title only, until the next click or scene
    assert not app.stack.top.note
    app.stack.pop()
    assert not top.note


def test_copy_game_code_in_the_pause_menu_copies_the_game_so_far(data_dir: Path) -> None:
    app = App(headless=True, seed=5)
    app.ctx.settings.speed = 0.0
    title(app).new_game()
    play = app.stack.top
    policy = HeuristicPolicy(1)
    for _ in range(12):
        play.skip_animations()
        app.step(1 / 60, [], draw=False)
        if play.controller.legal:
            play.submit(policy.choose(play.game))
    play.skip_animations()
    app.step(1 / 60, [], draw=False)
    play.open_pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    app.click(next(b for b in pause.buttons if b.key == "Copy game code").rect.center)
    text = clipboard.paste()
    assert text and codes.replay(text).state == play.game.state
    assert pause.note.startswith("The game code is on the clipboard")


def test_the_high_scores_have_a_daily_tab_with_watch_and_review(data_dir: Path) -> None:
    day = daily.today()
    game = finished(0)
    game_d = Game.new(daily.daily_seed(day))
    game_d.keep_history = True
    policy = HeuristicPolicy(0)
    while not game_d.over:
        game_d.apply(policy.choose(game_d))
    from game.ui import records
    gid = records.game_id(game_d)
    played, _msg = journal.enter(journal.played_of(game_d, gid))
    records.save(gid, game_d)
    assert played.scored and game.over
    app = App(headless=True, seed=1)
    scene = HighScoresScene(app.ctx, "daily")
    app.stack.push(scene)
    app.step(1 / 60)
    assert {b.key for b in scene.buttons} >= {"Review", "Watch", "Daily"}
    app.click(next(b for b in scene.buttons if b.key == "Watch").rect.center)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.code == codes.of_game(game_d)
