"""Watching a game again (game/ui/scenes/replay.py, issue 33): the replay steps forward and back through a whole
game with the drawn board equal to the core's at every step, plays by itself, jumps by turns, and opens from
``postmen replay CODE``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import codes
from game.__main__ import main
from game.sim import play_many
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene, turn_starts
from game.ui.scenes.title import TitleScene
from tests.helpers import play_to_results
from tests.test_playout import visible


@pytest.fixture(scope="module")
def code() -> codes.GameCode:
    summary = play_many(1, 9, ["heuristic"], jobs=1)["heuristic"][0]
    return codes.GameCode(9, "standard", tuple(summary["choices"]))


def key(app: App, k: int) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def replay_top(app: App) -> ReplayScene:
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    return scene


def settle(app: App) -> ReplayScene:
    scene = replay_top(app)
    scene.skip_animations()
    app.step(1 / 60, [])
    scene = replay_top(app)
    assert not scene.queue.busy and scene.synced
    return scene


def test_forward_through_a_whole_game_then_back_with_the_board_equal_to_the_core(
        data_dir: Path, code: codes.GameCode) -> None:
    """Right through every decision (the drawn board the core's after each), to the game's end with its score;
    then Left steps back, each position the code's replayed to that decision (the same dice, exactly)."""
    app = App(headless=True, seed=1)
    app.ctx.settings.speed = 4.0
    app.stack.push(app.ctx.scenes.replay(code))
    settle(app)
    n = len(code.decisions)
    for k in range(n):
        key(app, pygame.K_RIGHT)
        scene = settle(app)
        assert scene.at == k + 1
        assert visible(scene.view.state) == visible(scene.game.state), f"decision {k + 1}: the drawn board differs"
    scene = replay_top(app)
    assert scene.game.over and scene.game.result is not None
    assert scene.game.result == codes.replay(code).result
    assert scene.caption() == f"The end: score {scene.game.result['score']}"
    for k in range(n - 1, n - 12, -1):
        key(app, pygame.K_LEFT)
        scene = settle(app)
        expected = codes.replay(codes.GameCode(code.seed, code.difficulty, code.decisions[:k]))
        assert scene.at == k and scene.game.state == expected.state
        assert visible(scene.view.state) == visible(expected.state)


def test_play_plays_by_itself_and_turns_jump(data_dir: Path, code: codes.GameCode) -> None:
    app = App(headless=True, seed=1)
    app.ctx.settings.speed = 0.0  # Skip: no animation between decisions
    app.stack.push(app.ctx.scenes.replay(code))
    settle(app)
    key(app, pygame.K_SPACE)
    assert replay_top(app).playing
    for _ in range(240):
        app.step(1 / 60, [])
    played = replay_top(app).at
    assert played >= 3
    key(app, pygame.K_SPACE)  # pause
    for _ in range(120):
        app.step(1 / 60, [])
    assert replay_top(app).at == played and not replay_top(app).playing
    starts = [k for k, _attack, _turn in turn_starts(code)]
    assert starts[0] == 0 and len(starts) >= 5 and starts == sorted(set(starts))
    key(app, pygame.K_PAGEDOWN)
    scene = settle(app)
    assert scene.at == min(k for k in starts if k > played)
    turn = (scene.game.state["attack"], scene.game.state["attack_turn"])
    key(app, pygame.K_PAGEUP)
    scene = settle(app)
    assert scene.at < starts[starts.index(min(k for k in starts if k > played))]
    assert (scene.game.state["attack"], scene.game.state["attack_turn"]) != turn
    key(app, pygame.K_ESCAPE)  # Close: back to the title
    assert isinstance(app.stack.top, TitleScene)


def test_the_bar_shows_the_replay_controls_and_they_work(data_dir: Path, code: codes.GameCode) -> None:
    app = App(headless=True, seed=1)
    app.ctx.settings.speed = 0.0
    app.stack.push(app.ctx.scenes.replay(code))
    scene = settle(app)
    labels = [b.label for b in scene.controller.buttons]
    assert labels[:6] == ["Step back", "Play", "Forward", "Previous turn", "Next turn", "Close"]
    assert [b.key for b in scene.controller.buttons[6:]] == ["Attack 1", "Attack 2", "Attack 3"]
    assert [b.key for b in scene.top_buttons] == ["1x", "2x", "4x", "Skip"]
    forward = next(b for b in scene.controller.buttons if b.label == "Forward")
    app.click(forward.rect.center)
    scene = settle(app)
    assert scene.at == 1 and scene.save() == "" and scene.record_score() == ({}, None)
    for attack in (3, 2, 1):  # the Attack buttons: the board at the first decision of that Attack
        button = next(b for b in scene.controller.buttons if b.key == f"Attack {attack}")
        start = scene.attack_start(attack)
        assert button.enabled == (start is not None)
        if start is None:
            continue
        app.click(button.rect.center)
        scene = settle(app)
        assert scene.at == start and scene.game.state["attack"] == attack
        assert scene.at == 0 or codes.replay(codes.GameCode(code.seed, code.difficulty,
                                                            code.decisions[:start - 1])).state["attack"] < attack


def test_postmen_replay_code_opens_the_replay_over_the_title(data_dir: Path, code: codes.GameCode,
                                                             tmp_path: Path) -> None:
    """(In a process of its own: the window closes pygame at the end.)"""
    shots = tmp_path / "shots"
    shots.mkdir()
    run = subprocess.run([sys.executable, "-m", "game", "replay", codes.pack(code), "--headless", "--frames", "90",
                          "--screenshot-dir", str(shots)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert len(list(shots.glob("*.png"))) >= 2
    assert main(["replay", "NOTACODE", "--headless", "--frames", "5"]) == 2  # refused before any window


def test_watch_again_from_the_results_replays_the_game_just_played(data_dir: Path) -> None:
    """A game played to its end in the play scene: the results' Watch again opens its replay (from the game's
    record), which ends with the same result; Close goes back to the results. Its row in the high-score table
    opens the same replay (Watch)."""
    app = App(headless=True, seed=2)
    scene, results = play_to_results(app, 2)
    app.click(next(b for b in results.buttons if b.label == "Watch again").rect.center)
    replay = replay_top(app)
    assert replay.code == codes.of_game(scene.game) and len(replay.code.decisions) == len(scene.game.state["history"])
    while replay_top(app).at < len(replay.code.decisions):
        key(app, pygame.K_PAGEDOWN)
    assert replay_top(app).game.result == scene.game.result
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is results
    # the same game from its row of the high-score table
    from game.ui.scenes.highscores import HighScoresScene

    table = HighScoresScene(app.ctx, "standard")
    app.stack.push(table)
    app.step(1 / 60)
    app.click(next(b for b in table.buttons if b.label == "Watch").rect.center)
    assert replay_top(app).code == codes.of_game(scene.game)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_going_to_any_decision_gives_the_codes_own_game_and_story(code: codes.GameCode) -> None:
    """The replay keeps positions every few decisions (``Replayed``): the game it shows after ``at`` decisions is
    the code's own replay to ``at`` to the last field, and its story so far is the events of those decisions, for
    every ``at`` of a whole game."""
    from game.ai.review import replay
    memo = codes.Replayed.of(code)
    history = list(codes.replay(code).state["history"])
    _game, steps = replay(code.seed, code.difficulty, history, snapshots=False)
    for at in range(len(code.decisions) + 1):
        game = memo.game_at(code, at)
        assert game.to_json() == codes.replay(codes.GameCode(code.seed, code.difficulty, code.decisions[:at])).to_json()
        assert game.told is not None and [[str(e) for e in events] for events in game.told] == \
            [[str(e) for e in step.events] for step in steps[: at + 1]]
    old = []  # the turn starts as they were found before the positions were kept: decision by decision
    walk, seen = codes.replay(codes.GameCode(code.seed, code.difficulty, ())), set()
    for k, index in enumerate(code.decisions):
        turn = (int(walk.state["attack"]), int(walk.state["attack_turn"]))
        if turn not in seen:
            seen.add(turn)
            old.append((k, *turn))
        walk.apply(walk.legal_actions()[index])
    assert memo.turns == old
    # a record watched: its code and its replay from one pass (records.code_of), the same as the code's own
    codes._last_replayed.clear()
    assert codes.Replayed.of_record(code.seed, code.difficulty, history) == code
    kept = codes.Replayed.of(code)
    assert kept is not memo and kept.turns == memo.turns and sorted(kept.snaps) == sorted(memo.snaps)
    for at in (0, 1, len(code.decisions) // 2, len(code.decisions)):
        assert kept.game_at(code, at).to_json() == memo.game_at(code, at).to_json()


def test_a_replay_left_for_another_position_drops_its_danger_question(code: codes.GameCode) -> None:
    """Going to another decision opens a new scene; the old one's worker-thread question (the danger of the coming
    Enemy Phase) is dropped, so it stops instead of slowing the new scene's first frames (issue 36)."""
    app = App(headless=True, seed=1)
    scene = ReplayScene(app.ctx, code, 5)
    app.stack.push(scene)
    scene.danger.thinker.start(scene.game)
    asked = scene.danger.thinker.asked
    scene.goto(20)
    assert replay_top(app) is not scene and replay_top(app).at == 20
    assert scene.danger.thinker.asked == asked + 1 and scene.danger.thinker.take() is None
