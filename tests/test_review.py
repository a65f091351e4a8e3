"""The after-action review (issue "A new player's first hour"): the game's record replays to the same game, the
score line by line adds up to the score (7.0), the luck report counts the dice it says, the planner's review
names decisions it would have taken otherwise, and the Review buttons of the results and of the high-score
table open it."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

import game.ai.review as reviewing
from game.ai import HeuristicPolicy, RandomPolicy
from game.ai.review import replay, review, review_decisions
from game.rules import Game
from game.ui import records, scores
from game.ui.app import App
from game.ui.scenes.highscores import HighScoresScene
from game.ui.scenes.review import ReviewScene
from tests.helpers import play_to_results


def finished(seed: int, policy: str = "heuristic", difficulty: str = "standard") -> Game:
    """The game of ``seed`` played to its end by ``policy``, with its record: a fresh copy each time (several
    tests read the same games; each is played once)."""
    return Game.from_json(played(seed, policy, difficulty))


@functools.cache
def played(seed: int, policy: str, difficulty: str) -> str:
    game = Game.new(seed, difficulty)
    game.keep_history = True
    chooser = HeuristicPolicy(seed) if policy == "heuristic" else RandomPolicy(seed)
    while not game.over:
        game.apply(chooser.choose(game))
    return game.to_json()


@pytest.mark.parametrize("difficulty", ["standard", "elite"])
def test_the_record_replays_to_the_same_game(difficulty: str) -> None:
    game = finished(4, "heuristic", difficulty)
    again, steps = replay(4, difficulty, game.state["history"])
    assert again.to_json() == game.to_json()
    assert len(steps) == len(game.state["history"]) + 1  # the opening, then each decision


def test_an_undone_decision_leaves_the_record() -> None:
    game = Game.new(3)
    game.keep_history = game.keep_undo = True
    move = next(a for a in game.legal_actions() if a.kind == "move")
    game.apply(move)
    assert game.state["history"] == [str(move)]
    game.undo()
    assert game.state["history"] == []


def test_the_breakdown_adds_up_to_the_score_at_every_ending() -> None:
    endings = set()
    for seed in range(12):
        game = finished(seed, "random" if seed % 2 else "heuristic")
        result = game.result or {}
        endings.add(result["how"])
        rev = review(seed, "standard", game.state["history"])
        assert rev.complete and rev.score == result["score"]
        if result["how"] == "morale":
            assert rev.breakdown == [("Morale broke: the post office fell, the score is 0", 0)]
        else:
            assert sum(p for _, p in rev.breakdown) == result["score"] == game.score()
            assert all(p != 0 for _, p in rev.breakdown)
    assert {"morale", "fire_truck"} <= endings


def test_the_luck_report_counts_the_dice_of_the_game() -> None:
    game = finished(8, "heuristic")
    rev = review(8, "standard", game.state["history"])
    mine = [e for s in rev.steps for e in s.events if e.kind == "dice_rolled" and e.section.startswith("4.2.1")]
    dice = sum(len(e.data["dice"]) for e in mine)
    hits = sum(1 for e in mine for d in e.data["dice"] if d >= e.data["target"])
    expected = sum(len(e.data["dice"]) * max(0, 7 - e.data["target"]) / 6 for e in mine)
    assert rev.luck[0].startswith(f"Your dice: {hits} hits from {dice} dice (expected {expected:.1f})")
    assert any(line.startswith("The enemy's support weapons and howitzer") for line in rev.luck)
    assert any("breaches" in t or "morale" in t for t in rev.turning)


def test_the_planner_reviews_the_decisions_it_would_have_taken_otherwise() -> None:
    game = finished(5, "random")
    rev = review(5, "standard", game.state["history"])
    seen: list[tuple[int, int]] = []
    found = review_decisions(rev, lambda done, total: seen.append((done, total)), samples=2)
    assert seen and seen[-1][0] == seen[-1][1]
    assert found == rev.decisions and 1 <= len(found) <= 3  # random choices leave the planner something to say
    assert [d.loss for d in found] == sorted((d.loss for d in found), reverse=True)
    for d in found:
        before = Game.from_json(d.before)
        legal = {before.canonical(a) for a in before.legal_actions()}
        assert d.loss > 0.1 and d.played != d.better and {d.played, d.better} <= legal


def test_a_record_is_kept_only_for_games_in_the_tables(data_dir: Path) -> None:
    game = finished(6)
    gid = records.game_id(game)
    assert records.save(gid, game) == ""
    assert records.load(gid)[0] == records.Record(6, "standard", list(game.state["history"]))
    records.prune(set())
    assert records.load(gid) == (None, "")
    assert records.path("../../etc/passwd") is None  # ids from a file never name a path outside the folder
    target = records.path(gid)
    assert target is not None
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text('{"version": 1, "seed": "x"}', encoding="utf-8")
    record, msg = records.load(gid)
    assert record is None and "damaged" in msg and "\n" not in msg


def test_review_from_the_results_and_from_the_high_scores(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewing, "REVIEW_SAMPLES", 1)
    app = App(headless=True, seed=2)
    scene, results = play_to_results(app, 2)
    app.click(next(b for b in results.buttons if b.label == "Review").rect.center)
    rev = app.stack.top
    assert isinstance(rev, ReviewScene)
    assert rev.review.score == scene.game.result["score"] and rev.review.breakdown
    rev.thread.join(timeout=120)
    app.step(1 / 60)
    assert rev.review.decisions is not None and not rev.failed
    app.click(rev.back_button.rect.center)
    assert app.stack.top is results
    # the same review from the high-score table
    tables, _ = scores.load_scores()
    assert [e.game for e in tables["standard"]] == [records.game_id(scene.game)]
    table = HighScoresScene(app.ctx, "standard")
    app.stack.push(table)
    app.step(1 / 60)
    app.click(next(b for b in table.buttons if b.label == "Review").rect.center)
    again = app.stack.top
    assert isinstance(again, ReviewScene) and again.record.history == scene.game.state["history"]
    again.back()
    saved = json.loads(records.path(records.game_id(scene.game)).read_text(encoding="utf-8"))  # type: ignore[union-attr]
    assert saved["seed"] == 2 and saved["history"] == scene.game.state["history"]


def test_the_review_never_finds_fault_with_a_choice_the_hint_recommended() -> None:
    """Issue 35: the review asks, at each position, the very planner the Hint asks there (``hint_policy``): a
    player who took the Hint at every Defense Phase decision is told of no better choice, while one who played
    the same seed at random is (the first four turns of a Standard game; the planner of the review before it,
    seeded apart, found fault with two of the Hint's choices there)."""
    from game.ui.play.hints import recommend

    game = Game.new(1)
    game.keep_history = True
    other = RandomPolicy(1)
    hinted = 0
    while int(game.state["turn"]) <= 4 and not game.over:
        if (game.decision or {}).get("kind") in ("moves", "actions") and len(game.legal_actions()) > 1:
            game.apply(recommend(game)[0])
            hinted += 1
        else:
            game.apply(other.choose(game))
    assert hinted >= 20
    rev = review(1, "standard", game.state["history"])
    assert review_decisions(rev, samples=2) == []
    # the same seed played at random: the review has something to say
    careless = Game.new(1)
    careless.keep_history = True
    while int(careless.state["turn"]) <= 4 and not careless.over:
        careless.apply(other.choose(careless))
    assert review_decisions(review(1, "standard", careless.state["history"]), samples=2)


def test_a_turning_point_s_morale_change_is_the_sum_of_who_fell_and_by_how_much() -> None:
    """It said "morale 7 → 8 (Konrad fell)": a loss that raised morale, unexplained. Each casualty that moved
    morale is named with its change (a Command defender's loss raises it, 1.2), and the changes add up."""
    import re

    said = re.compile(r"morale (\d+) → (\d+) \(([^)]*)\)")
    checked, rising = 0, 0
    for seed in range(6):
        game = finished(seed, "random")
        for line in review(seed, "standard", game.state["history"]).turning:
            for old, new, why in said.findall(line):
                changes = [int(c.replace("\u2212", "-")) for c in re.findall(r" fell: ([+\u2212]\d+)", why)]
                assert changes and len(changes) == why.count(" fell: "), line
                if 0 < int(new) < 10:  # (not held at either end of the track)
                    assert int(old) + sum(changes) == int(new), line
                checked += 1
                rising += any(c > 0 for c in changes)
    assert checked >= 5 and rising >= 1, (checked, rising)
