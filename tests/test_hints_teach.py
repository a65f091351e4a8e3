"""Hints that teach (issue "A new player's first hour"): each hint cites the rule it applies, never advises what
the rules make pointless (attacking or suppressing outside when the Attack ends with this turn), and never says
"away from the shelling" for a move that stays on the shelled floor."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from game.ai import HeuristicPolicy
from game.ai.random_policy import RandomPolicy
from game.rules import Game
from game.rules.engine import ACTION_SECTIONS, ACTIONS
from game.ui.app import App
from game.ui.play.scene import PlayScene
from tests.helpers import explained_games

CITE = re.compile(r"\(rule [1-8]\.\d(\.\d)?\)|\b[1-8]\.\d(\.\d)?\b")


def test_every_kind_of_choice_has_its_section_and_its_handler_cites_it() -> None:
    assert set(ACTION_SECTIONS) == set(ACTIONS)
    for kind, section in ACTION_SECTIONS.items():
        assert section in (ACTIONS[kind].__doc__ or ""), kind


@pytest.mark.parametrize("difficulty", ["standard", "veteran", "elite"])
def test_the_end_of_an_attack_is_foreseen(difficulty: str) -> None:
    """Whenever the core says the Attack ends with this turn, it does: at the next turn the Attack has changed or
    the game is over."""
    foreseen = 0
    for seed in range(6):
        game, policy = Game.new(seed, difficulty), (HeuristicPolicy(seed) if seed % 2 else RandomPolicy(seed))
        pending: tuple[int, int] | None = None
        while not game.over:
            s = game.state
            if pending is not None and s["turn"] != pending[1]:
                assert s["attack"] != pending[0], (seed, pending)
                pending = None
            if game.decision and game.decision["kind"] in ("moves", "actions") and game.attack_ends_this_turn():
                pending = (s["attack"], s["turn"])
                foreseen += 1
            game.apply(policy.choose(game))
    assert foreseen >= 3


@pytest.mark.parametrize(("policy", "games"), [("heuristic", 6), ("planner", 1)])
def test_hints_cite_a_rule_and_give_no_pointless_or_misleading_advice(policy: str, games: int) -> None:
    pointless = 0
    for game, action, reason, line in explained_games(policy, games):
        assert CITE.search(line), line
        if game.decision and game.decision["kind"] == "actions" and game.attack_ends_this_turn():
            outside = action.kind == "suppress" or (
                action.kind == "attack" and game.counter_space(action.args[1]) in game.rules.track_spaces)
            assert not outside, line
            assert game.state["attack"] == 3 or action.kind not in ("recover", "command"), line
            pointless += 1
        if reason.startswith(f"{action.args[0] if action.args else ''} heads for") and \
                "away from the shelling" in reason and action.kind == "move":
            here = game.state["defenders"][action.args[0]]["space"]
            assert game.rules.space_floor[here] != game.rules.space_floor[action.args[1]], line
    assert pointless > 0 or policy == "planner"  # the heuristic games pass through Attacks' last turns


def test_the_hint_in_the_play_scene_names_its_rule(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    """H in the real play scene, at each decision of the first turns: the caption and the log line cite a rule."""
    app, scene = open_play(0, "standard")
    app.ctx.settings.speed = 0.0
    asked = 0
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if scene.queue.busy or not scene.controller.legal:
            continue
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)])
        scene.wait_hint()
        assert scene.hint is not None
        assert CITE.search(scene.caption()), scene.caption()
        assert CITE.search(scene.log.texts()[-1])
        asked += 1
        if asked == 12:
            break
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)])
    assert asked == 12
