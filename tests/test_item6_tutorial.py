"""Issue 31, item 6: in the guided game the coach never covers the log's newest lines; leaving it says what
Tutorial and Continue on the title then do; the lesson about carrying comes before the first move with a
weapon."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.i18n import _ as said
from game.ui.app import App
from game.ui.layout import SIDE
from game.ui.scenes import tutorial
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tutorial import NOTES, STEPS, TutorialScene
from tests.test_ui_screens import shot_dir
from tests.test_ui_tutorial import coach, guided_past_intro, open_tutorial


def newest_lines(scene: TutorialScene, n: int = 3) -> pygame.Rect:
    """Where the log's ``n`` newest lines are drawn (each must be on screen)."""
    log = scene.log
    rects = [log.line_rect(i) for i in range(len(log.lines) - n, len(log.lines))]
    assert all(r is not None for r in rects), "the newest lines are shown"
    return pygame.Rect.unionall(rects[0], rects[1:])  # type: ignore[arg-type]


def coach_rect(scene: TutorialScene) -> pygame.Rect | None:
    """Where the coach is drawn (a fixed rect before issue 31, item 6)."""
    if hasattr(scene, "coach_rect"):
        return scene.coach_rect()
    return tutorial.COACH if scene.current()[0] else None  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("lines", [3, 200])
def test_the_coach_never_covers_the_log_s_newest_lines(lang: str, lines: int, tmp_path: Path) -> None:
    """Every opening step and every first-time note, over a log of a few lines (drawn from its top) and over a
    full one (the newest at its bottom)."""
    app = App(headless=True, seed=1, lang=lang)
    app.ctx.settings.speed = 0.0
    scene = open_tutorial(app)
    for _ in range(60):
        app.step(1 / 60)
    scene.log.entries, scene.log.lines, scene.log.meta = [], [], []
    for i in range(lines):
        scene.log.add(f"[3.1] line {i} of the log")
    checked = 0
    for step in range(len(STEPS) + len(NOTES)):
        scene.step, scene.notes = (step, []) if step < len(STEPS) else (len(STEPS), [NOTES[step - len(STEPS)]])
        scene.draw(app.display.logical)  # drawn as it is (an update could move on past a step already done)
        shown = coach_rect(scene)
        assert shown is not None and SIDE.contains(shown)
        newest = newest_lines(scene)
        assert not shown.colliderect(newest), (step, shown, newest)
        assert not shown.colliderect(scene.log.rect), "nor any other line of the log"
        assert [b for b in scene.coach_buttons if shown.contains(b.rect)] == scene.coach_buttons
        checked += 1
        if step in (0, len(STEPS) - 1, len(STEPS)):
            app.screenshot(shot_dir(tmp_path) / f"coach-{lang}-{lines}-{step}.png")
    assert checked == len(STEPS) + len(NOTES)
    scene.step, scene.notes = len(STEPS), []  # silent, the summary closed: the log has the whole panel again
    scene.close_summary()
    app.step(1 / 60)
    assert scene.coach_rect() is None and scene.log.rect == scene.log_area
    i18n.set_language("en")


def test_leaving_the_guided_game_says_what_the_title_then_does(data_dir: Path) -> None:
    """Quit to title's question names the button that resumes the guided game (Tutorial), never one that does not
    (Continue resumes the autosave, which the guided game never touches)."""
    app, scene = guided_past_intro(2)
    scene.submit(next(a for a in scene.game.legal_actions() if a.kind == "move"))
    for _ in range(30):
        app.step(1 / 60)
    app.click(next(b for b in scene.top_buttons if b.key == "Menu").rect.center)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    app.step(1 / 60)
    app.click(next(b for b in pause.buttons if b.label == "Quit to title").rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    question = said(confirm.question)
    assert "Tutorial resumes it" in question and "Continue" not in question, question
    app.click(confirm.buttons[0].rect.center)  # Leave
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.step(1 / 60)
    assert not next(b for b in title.buttons if b.label == "Continue").enabled, "Continue has no game to resume"
    again = open_tutorial(app)  # what the question promised: Tutorial resumes the guided game
    assert again is not scene and again.game.to_json() == scene.game.to_json() and again.step == scene.step


def test_a_normal_game_s_quit_to_title_still_names_continue(open_play: Any) -> None:
    app, scene = open_play(3, "standard")
    app.step(1 / 60)
    scene.open_pause()
    pause = app.stack.top
    app.step(1 / 60)
    app.click(next(b for b in pause.buttons if b.label == "Quit to title").rect.center)
    assert "Continue resumes it" in said(app.stack.top.question)


def test_the_carrying_lesson_comes_before_the_first_move_with_a_weapon(data_dir: Path) -> None:
    """Following the coach from the start (Next on each step that asks for it), the carrying lesson has been
    shown by the time the coach asks for a move, and the defender it points at can take a weapon with him."""
    app = App(headless=True, seed=1)
    app.ctx.settings.speed = 0.0
    scene = open_tutorial(app)
    for _ in range(60):
        app.step(1 / 60)
    shown: list[str] = []
    while True:
        app.step(1 / 60)
        shown.append(STEPS[scene.step].key)
        if not scene.current()[2]:
            break  # a step that waits for a choice on the board
        coach(app, scene, "Next")
    assert shown[-1] == "move", shown
    assert "carry" in shown[:-1], f"the coach asks for a move before the carrying lesson: {shown}"
    pointed = next(a for a in scene.controller.legal if a.kind == "move").args[0]
    with_weapon = [a for a in scene.game.legal_actions() if a.kind == "move" and a.args[0] == pointed
                   and any(not str(t).startswith("ammo") for t in a.args[2:])]
    assert with_weapon, "the defender pointed at can move with a weapon"
    scene.submit(with_weapon[0])  # his first move, with a weapon: the lesson came before it
    assert "carry" in shown
