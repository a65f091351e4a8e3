"""The frame loop's right of way over the worker threads (issue 36, ``game.ui.gate``): a worker waits at its
checkpoint while a frame is made, a Hint whose position is gone stops its search at the next rollout instead of
thinking on beside the frames, and the review's search gives way and stops the same way."""

from __future__ import annotations

import threading
import time

import pytest

from game.ai import RandomPolicy
from game.ai.planner import PlannerPolicy
from game.ai.review import review, review_decisions
from game.rules import Game
from game.ui.app import App
from game.ui.gate import GATE, MOST_WAIT
from game.ui.play.scene import PlayScene


def test_a_worker_waits_at_its_checkpoint_while_a_frame_is_made() -> None:
    passed = threading.Event()

    def worker() -> None:
        GATE.give_way()
        passed.set()

    with GATE.frame():
        thread = threading.Thread(target=worker)
        thread.start()
        assert not passed.wait(MOST_WAIT / 4)  # the frame is being made: the worker waits
    assert passed.wait(5)  # made: it goes on
    thread.join(5)
    GATE.give_way()  # no frame being made: a checkpoint returns at once


def test_a_worker_never_waits_longer_than_the_most_wait() -> None:
    with GATE.frame():
        start = time.perf_counter()
        GATE.give_way()
        assert MOST_WAIT * 0.9 <= time.perf_counter() - start < MOST_WAIT + 1


def test_app_steps_close_the_gate_only_while_they_make_a_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(headless=True, seed=1)
    seen: list[bool] = []
    real = app._step

    def step(*args: object) -> None:
        seen.append(GATE._open.is_set())
        real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(app, "_step", step)
    app.step(1 / 60, [])
    assert seen == [False] and GATE._open.is_set()


def test_a_hint_left_behind_stops_its_search_at_the_next_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, a Hint asked and left (the player acted) searched on to its end beside the frames: two or three
    such searches were seen alive at once in a monkey walk's slowest steps."""
    rollouts: list[str] = []
    dropped_at: list[int] = []
    real = PlannerPolicy._rollout
    go = threading.Event()

    def rollout(self: PlannerPolicy, *args: object, **kwargs: object) -> float:
        rollouts.append(threading.current_thread().name)
        if len(rollouts) == 3:
            go.wait(10)  # held mid-search until the player has acted
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(PlannerPolicy, "_rollout", rollout)
    app = App(headless=True, seed=7)
    scene = PlayScene(app.ctx, Game.new(7), fresh=True)
    app.stack.push(scene)
    scene.skip_animations()
    app.step(1 / 60, [], draw=False)
    scene.ask_hint()
    thread = scene.thinker.thread
    assert thread is not None
    for _ in range(200):
        if len(rollouts) >= 3:
            break
        time.sleep(0.01)
    assert len(rollouts) >= 3, "the planner searches with rollouts"
    scene.submit(next(a for a in scene.controller.legal if a.kind.startswith("end_")))  # the player acted
    dropped_at.append(len(rollouts))
    go.set()
    thread.join(10)
    assert not thread.is_alive()
    assert len(rollouts) <= dropped_at[0] + 1  # stopped at its next checkpoint, not at the search's end
    assert scene.hint is None


def test_the_review_search_calls_its_checkpoint_at_each_rollout_and_stops_where_it_raises() -> None:
    """The after-action review's planner gives way at each rollout (the review scene's checkpoint gives way to the
    frame and raises once the player left the review): a raise there ends the whole review at once."""
    game, policy = Game.new(5), RandomPolicy(5)
    game.keep_history = True
    while int(game.state["turn"]) <= 2 and not game.over:
        game.apply(policy.choose(game))
    rev = review(5, "standard", game.state["history"])
    calls: list[int] = []

    def checkpoint() -> None:
        calls.append(1)
        if len(calls) == 5:
            raise Left

    with pytest.raises(Left):
        review_decisions(rev, samples=2, checkpoint=checkpoint)
    assert len(calls) == 5  # not one rollout more
    calls.clear()
    review_decisions(rev, samples=2, checkpoint=lambda: calls.append(1))
    assert len(calls) > 5  # every rollout of the whole review passed its checkpoint


class Left(Exception):
    pass
