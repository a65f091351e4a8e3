"""Juice with restraint (issue 32, a first step): a kill holds the screen still for a moment before the counter
falls (hit-stop), the morale marker lands with a thud, the results count the score up and land it with a glow;
the reduced-motion setting turns off the shake, the flashes and the hit-stop."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai import HeuristicPolicy
from game.rules import Action, Game
from game.ui.app import App
from game.ui.play.animator import HIT_STOP
from game.ui.scenes.results import COUNT_UP, ResultsScene
from game.ui.settings import Settings
from tests.helpers import submitted
from tests.test_ui_reveal import position

GRENADE = Path(__file__).parent / "data" / "grenade-inside.json"


def motion(reduced: bool, saved: str, action: Action) -> tuple[float, float, int]:
    """The largest shake offset, the largest flash and the frames held still by a hit-stop while ``action``'s
    events play at 1x."""
    app, scene = submitted(saved, action, 1.0, reduced_motion=reduced)
    shake = flash = 0.0
    held = 0
    for _ in range(60 * 60):
        app.step(1 / 60, [], draw=False)
        st = scene.stage
        x, y = st.shake.offset()
        shake, flash = max(shake, abs(x), abs(y)), max(flash, st.flash)
        held += st.frozen > 0
        if not scene.queue.busy and scene.synced:
            break
    return shake, flash, held


def grenade() -> tuple[str, Action]:
    game = Game.from_json(GRENADE.read_text(encoding="utf-8"))
    return game.to_json(), next(a for a in game.legal_actions() if a.kind == "grenade" and
                                a.args[0] == "Postal worker 5")


def test_a_breach_shakes_and_flashes_and_a_kill_holds_the_screen_still() -> None:
    shake, flash, _held = motion(False, *position())  # three breaches
    assert shake > 3 and flash > 0.1
    _shake, _flash, held = motion(False, *grenade())  # grenades: counters struck down
    assert held >= HIT_STOP * 60 - 1


@pytest.mark.parametrize("case", ["breaches", "grenade"])
def test_reduced_motion_turns_off_the_shake_the_flashes_and_the_hit_stop(case: str) -> None:
    saved, action = position() if case == "breaches" else grenade()
    assert motion(True, saved, action) == (0.0, 0.0, 0)


def test_the_results_count_the_score_up_and_a_click_lands_it_at_once() -> None:
    game, policy = Game.new(2), HeuristicPolicy(2)  # the heuristic's seed-2 game scores 16
    while not game.over:
        game.apply(policy.choose(game))
    score = int((game.result or {})["score"])
    assert score >= 5
    app = App(headless=True, seed=0)
    results = ResultsScene(app.ctx, game)
    app.stack.push(results)
    assert results.shown_score() == 0
    app.step(COUNT_UP / 2, [], draw=False)
    assert 0 < abs(results.shown_score()) < abs(score)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 300), button=1)], draw=False)
    assert results.shown_score() == score and app.stack.top is results  # landed, and still the results
    results.t = 0.0  # counting again: a button still does what it says
    back = next(b for b in results.buttons if b.key == "Back to the title")
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=back.rect.center, button=1)], draw=False)
    assert app.stack.top is not results


def test_reduced_motion_is_a_saved_setting() -> None:
    s = Settings()
    s.reduced_motion = True
    back, problems = Settings.from_json(s.to_json())
    assert back.reduced_motion and problems == []
    back, problems = Settings.from_json('{"reduced_motion": 1}')
    assert not back.reduced_motion and len(problems) == 1


def test_a_breach_is_the_loudest_moment_of_an_enemy_phase() -> None:
    """Every effect file has the same loudness: the mix plays a breach (and the fire truck, and the close) a step
    over every other blow (issue 32)."""
    from game.ui.play.animator import BLOWS, MIX

    app, scene = submitted(*position(), 1.0)  # the Enemy Phase's animations start with the next frames
    played: list[tuple[str, float]] = []
    app.ctx.sounds.play = lambda name, volume=1.0, pan=0.0: played.append((name, volume))  # type: ignore[method-assign]
    for _ in range(60 * 60):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy and scene.synced:
            break
    breaches = [v for name, v in played if name == "breach"]
    others = [v for name, v in played if name not in MIX]
    assert len(breaches) == 3 and others
    assert min(breaches) > max(others)
    assert MIX["engine"] == MIX["fire"] == 1.0 > BLOWS  # the fire truck's engine and the burning building
