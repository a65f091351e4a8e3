"""The guided first game (issue "A new player's first hour"), run headless through the UI's own input: from the
title's Tutorial button, every opening step done by the player's clicks (or Next), the rest of the game played
by clicks with each first-time note acknowledged, to the results; skipping, resuming and the first-launch offer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai import HeuristicPolicy
from game.rules import Action
from game.ui import scores
from game.ui.app import App
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tutorial import NOTES, STEPS, TutorialScene, tutorial_path
from game.ui.settings import load_settings
from tests.helpers import load_tool

# the kind of choice each waiting step asks for
STEP_KINDS = {"move": ("move", "shift"), "end_moves": ("end_moves",), "attack": ("attack",),
              "end_actions": ("end_actions",)}



def open_tutorial(app: App) -> TutorialScene:
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.click(next(b for b in title.buttons if b.label == "Tutorial").rect.center)
    scene = app.stack.top
    assert isinstance(scene, TutorialScene)
    return scene


def guided_past_intro(nexts: int) -> tuple[App, TutorialScene]:
    """A guided game opened from the title without animations, the opening played out and the coach's Next
    pressed ``nexts`` times."""
    app = App(headless=True, seed=1)
    app.ctx.settings.speed = 0.0
    scene = open_tutorial(app)
    for _ in range(60):
        app.step(1 / 60)
    for _ in range(nexts):
        coach(app, scene, "Next")
    return app, scene


def coach(app: App, scene: TutorialScene, label: str) -> None:
    app.step(1 / 60)  # the coach and its buttons are drawn
    button = next(b for b in scene.coach_buttons if b.label == label)
    app.click(button.rect.center)


def test_the_whole_guided_game_by_clicks(data_dir: Path) -> None:
    app = App(headless=True, seed=1)
    app.ctx.settings.speed = 0.0
    scene = open_tutorial(app)
    player = load_tool("clicks").Player(app, scene)
    policy = HeuristicPolicy(0)
    done_by_click: list[str] = []
    notes_shown: list[str] = []
    for _ in range(3000):
        player.settle()
        app.step(1 / 60)
        if isinstance(app.stack.top, ResultsScene):
            break
        text, _, waits = scene.current()
        if waits:
            if scene.notes:
                notes_shown.append(scene.notes[0].key)
                coach(app, scene, "Got it")
            else:
                coach(app, scene, "Next")
            continue
        legal = scene.game.legal_actions()
        step = STEPS[scene.step].key if scene.step < len(STEPS) else ""
        wanted = [a for a in legal if a.kind in STEP_KINDS.get(step, ())]
        action = wanted[0] if wanted and step not in ("move", "attack") else policy.choose(scene.game)
        if step in ("move", "attack") and wanted and action.kind not in STEP_KINDS[step]:
            action = wanted[0]
        player.perform(action, False)
        player.settle()
        if step in STEP_KINDS and action.kind in STEP_KINDS[step]:
            done_by_click.append(step)  # the step's own choice, made by clicks
    results = app.stack.top
    assert isinstance(results, ResultsScene), "the guided game reached its results"
    assert results.guided and any(b.label == "Review" for b in results.buttons), "reviewed from the game in memory"
    assert scene.step == len(STEPS), "every opening step was done"
    assert {"move", "end_moves", "attack", "end_actions"} <= set(done_by_click)
    assert len(notes_shown) == len(set(notes_shown)), "each note once"
    # this game (seed 1939, the heuristic's choices) shows these; the others wait for their moment in other games
    assert {"support", "bundle", "suppression", "breach", "attack2", "escape"} <= set(notes_shown), notes_shown
    assert set(notes_shown) <= {n.key for n in NOTES}
    assert not tutorial_path().exists(), "a finished guided game leaves no file behind"
    assert not any(scores.load_scores()[0].values()), "a guided game is not entered in the high scores"


def test_skip_and_resume(data_dir: Path) -> None:
    app, scene = guided_past_intro(2)
    assert scene.step == 2
    scene.submit(next(a for a in scene.game.legal_actions() if a.kind == "move"))
    saved = json.loads(tutorial_path().read_text(encoding="utf-8"))
    assert saved["step"] == 2 and saved["coaching"] is True and saved["game"] == scene.game.to_json()
    app.stack.pop(scene)  # back to the title (the pause menu's Quit to title does the same)
    app.step(1 / 60)
    again = open_tutorial(app)
    assert again is not scene and again.step == 2 and again.game.to_json() == scene.game.to_json()
    for _ in range(30):
        app.step(1 / 60)
    coach(app, again, "Skip tutorial")
    assert again.current()[0] == "", "the coach is silent"
    assert json.loads(tutorial_path().read_text(encoding="utf-8"))["coaching"] is False
    app.step(1 / 60)
    assert again.coach_buttons == []


def test_a_damaged_tutorial_file_is_set_aside_and_a_new_guided_game_starts(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    tutorial_path().write_text('{"version": 1, "step": 99, "seen": [], "game": "{}"}', encoding="utf-8")
    app = App(headless=True, seed=1)
    scene = open_tutorial(app)
    assert scene.step == 0
    assert "tutorial.json was damaged" in app.ctx.message or (data_dir / "tutorial.json.damaged").exists()
    assert (data_dir / "tutorial.json.damaged").exists()


def test_the_first_launch_offers_the_guided_game_once(data_dir: Path) -> None:
    app = App(headless=True, seed=1)
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.ctx.headless = False  # the offer is for a player's window, not for headless checks
    title.offer_tutorial()
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene) and "guided first game" in offer.question
    app.click(offer.buttons[0].rect.center)
    assert isinstance(app.stack.top, TutorialScene)
    assert load_settings()[0].tutorial_offered
    app.stack.pop(app.stack.top)
    title.offer_tutorial()
    assert app.stack.top is title, "offered once"


@pytest.mark.parametrize("kind", ["end_moves"])
def test_a_step_whose_moment_passed_is_left_behind(data_dir: Path, kind: str) -> None:
    """An experienced player ends the moves at once: the move step (and End moves' own) do not block him."""
    app, scene = guided_past_intro(4)  # past the carrying lesson, which comes before the move (issue 31, item 6)
    assert STEPS[scene.step].key == "move"
    scene.submit(Action(kind))
    for _ in range(10):
        app.step(1 / 60)
    assert STEPS[scene.step].key == "attack"  # the move and end-of-moves steps are left behind
