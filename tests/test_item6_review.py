"""Issue 31, item 6: the after-action review draws the planner's lines at one font size, heads the score's
breakdown so that it does not read as a second score, and lets the player reach the turning points that do not
fit their box (French: "et 1 de plus" was a dead end)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

import game.ui.scenes.review as review_scene
from game import i18n
from game.ai import HeuristicPolicy
from game.ai.review import DecisionReview, Review
from game.rules import Game
from game.ui import fonts
from game.ui.app import App
from game.ui.records import Record
from game.ui.scenes.review import DECISIONS_BOX, SCORE_BOX, TURNING_BOX, ReviewScene
from tests.test_ui_screens import shot_dir

Blit = tuple[str, str, int, pygame.Rect]


@cache
def played(seed: int) -> Record:
    """The heuristic's whole Standard game of ``seed`` as its record (played once a process)."""
    game, policy = Game.new(seed), HeuristicPolicy(seed)
    game.keep_history = True
    while not game.over:
        game.apply(policy.choose(game))
    return Record(seed, "standard", list(game.state["history"]))


def quick_decisions(rev: Review, progress: Callable[[int, int], None] | None = None,
                    samples: int = 1, checkpoint: Callable[[], None] | None = None) -> list[DecisionReview]:
    """Three decisions of the record "reviewed" at once (the planner's real review takes minutes): the player's
    choice against another legal one."""
    found = []
    for step in rev.steps[1:]:
        if not step.before:
            continue
        game = Game.from_json(step.before)
        if (game.decision or {}).get("kind") != "moves":
            continue
        other = next(a for a in game.legal_actions() if game.canonical(a) != game.canonical(step.action))
        found.append(DecisionReview(int(game.state["attack"]), int(game.state["attack_turn"]), step.before,
                                    step.action, other, 1.5 - 0.4 * len(found)))
        if len(found) == 3:
            break
    rev.decisions = found
    return found


def open_review(lang: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[App, ReviewScene, list[Blit]]:
    """The review of a whole game of ``seed`` in ``lang``, its decisions reviewed, and every line of text it
    draws from then on (words, face, size, where)."""
    monkeypatch.setattr(review_scene, "review_decisions", quick_decisions)
    app = App(headless=True, seed=0, lang=lang)
    scene = ReviewScene(app.ctx, played(seed))
    scene.thread.join(timeout=60)
    assert scene.review.decisions and not scene.failed
    app.stack.push(scene)
    blits: list[Blit] = []
    original = review_scene.blit_text

    def noting(surface: pygame.Surface, s: str, face: str, size: int, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(surface, s, face, size, *args, **kwargs)
        blits.append((s, face, size, rect))
        return rect
    monkeypatch.setattr(review_scene, "blit_text", noting)
    return app, scene, blits


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_planner_s_lines_are_drawn_at_one_font_size(lang: str, monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    app, scene, blits = open_review(lang, 4, monkeypatch)
    app.step(1 / 60)
    blits.clear()
    app.screenshot(shot_dir(tmp_path) / f"review-{lang}.png")  # one frame drawn
    lines = [(s, size, rect) for s, face, size, rect in blits
             if DECISIONS_BOX.contains(rect) and rect.y > DECISIONS_BOX.y + 40]
    assert scene.decision_lines is not None and len(scene.decision_lines) == 3
    assert len({size for _s, size, _r in lines}) == 1, sorted({(size, s[:40]) for s, size, _r in lines})
    assert " ".join(s for s, _size, _r in lines) == " ".join(scene.decision_lines), "every line drawn whole"
    i18n.set_language("en")


def test_the_score_heading_reads_as_a_breakdown_not_as_a_second_score(monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene, blits = open_review("en", 4, monkeypatch)
    app.step(1 / 60)
    heading = next(s for s, _face, _size, rect in blits if SCORE_BOX.collidepoint(rect.topleft)
                   and rect.y < SCORE_BOX.y + 40)
    assert not re.search(r"\d", re.sub(r"\brule \d+(\.\d+)*", "", heading)), \
        f"{heading!r}: its only number is the rule's, said as a rule"
    assert re.search(r"\bADDS UP\b|\bBREAKDOWN\b", heading.upper()), heading
    totals = [s for s, _face, _size, rect in blits if SCORE_BOX.contains(rect) and str(scene.review.score) in s
              and not s.startswith(("+", "-"))]
    assert totals == [f"Total {scene.review.score}"], "one score number in the box: the total"


def test_the_turning_points_that_do_not_fit_are_reachable_in_french(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    app, scene, blits = open_review("fr", 11, monkeypatch)  # a game whose turning points overflow in French
    fonts.drawn = set()
    try:
        app.step(1 / 60)
        more = [s for s, _face, _size, rect in blits if TURNING_BOX.contains(rect) and "de plus" in s]
        assert more, "this game's turning points do not all fit their box"
        app.screenshot(shot_dir(tmp_path) / "review-turning-fr-top.png")
        app.hover(TURNING_BOX.center)
        for _ in range(20):  # the wheel over the box scrolls down to the last turning point
            app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
            app.step(1 / 60)
        app.screenshot(shot_dir(tmp_path) / "review-turning-fr-scrolled.png")
        drawn = set(fonts.drawn)
    finally:
        fonts.drawn = None
    for line in scene.review.turning:
        for part in fonts.wrap(line, "sans", 18, TURNING_BOX.w - 40):
            assert part in drawn, f"{part!r} was never shown"
    shown_last = [s for s, _face, _size, rect in blits[-40:] if TURNING_BOX.contains(rect) and "de plus" in s]
    assert not shown_last, "scrolled to the end, nothing is left below"
    # a click on "and N more" scrolls too
    scene.first["turning"] = 0
    app.step(1 / 60)
    app.click(scene.more["turning"].center)
    assert scene.first["turning"] > 0
    i18n.set_language("en")
