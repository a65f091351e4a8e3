"""Helpers the tests share that are not fixtures."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame


def load_tool(name: str) -> Any:
    """A script of tools/ imported as a module (registered in sys.modules: its dataclasses look it up there)."""
    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"tools_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def explained_games(policy: str, games: int) -> Iterator[tuple[Any, Any, str, str]]:
    """Whole games of seeds 0.. (Standard, Veteran, Elite in turn) played by ``policy``: at each decision, before
    its choice is applied, ``(game, action, reason, line)`` where ``line`` is what the Hint and the demo's caption
    say (``explained``)."""
    from game.ai import make_policy
    from game.rules import Game
    from game.ui.words import explained

    for seed in range(games):
        game = Game.new(seed, ("standard", "veteran", "elite")[seed % 3])
        chooser = make_policy(policy, seed)
        while not game.over:
            action, reason = chooser.explain(game)
            yield game, action, reason, explained(game, action, reason)
            game.apply(action)


def play_by_clicks(app: Any, scene: Any) -> int:
    """Play ``scene``'s game to its results with the mouse (``ClickPolicy`` of test_ui_playthrough), every defender
    and every space hovered every fourth decision (their tooltips drawn); the number of decisions.

    A hovered frame is drawn when its tooltip says what no tooltip drawn before said (``PlayScene.tooltip_text``,
    the words the frame draws under the mouse) or the board shows odds (attack mode): the rest of a hovered frame
    is the frame the game drew at that decision, so the words drawn are the same as with every hover drawn, for a
    fifth of the frames (issue 30)."""
    from game.ui.scenes.results import ResultsScene
    from tests.test_ui_playthrough import ClickPolicy

    policy = ClickPolicy(3)
    decisions = 0
    tipped: set[str] = set()  # what the tooltips drawn so far said
    for i in range(20000):
        app.step(1 / 60, [], draw=i % 10 == 0)
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene.queue.busy:
            continue
        decisions += 1
        if decisions % 4 == 1:  # every defender and every space hovered, their tooltips drawn
            s = scene.game.state
            points = [scene.positions.defender_pos(n) for n, d in s["defenders"].items() if d["status"] == "board"]
            points += [r.center for r in scene.positions.geo.rects.values()]
            for x, y in points:
                app.hover((int(x), int(y)))
                app.step(1 / 60, draw=False)
                said = scene.tooltip_text()
                if said not in tipped or scene.controller.mode == "attack":
                    tipped.add(said)
                    app.ctx.stack.draw(app.display.logical)  # the frame and its tooltip
        policy.act(app, scene)
        app.step(1 / 60)  # the popup or prompt the click opened, drawn
    return decisions


class TextRecording(pygame.Surface):
    """A surface that notes every line of text blitted on it, with where it landed (while ``fonts.rendered`` is a
    dict: the font cache then knows its text images by id)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        from game.ui import fonts

        rect = super().blit(source, dest, area, special_flags)
        words = (fonts.rendered or {}).get(id(source))
        if words is not None:
            x, y = dest.topleft if isinstance(dest, pygame.Rect) else dest
            self.texts.append((words, pygame.Rect(int(x), int(y), *source.get_size())))
        return rect


def submitted(saved: str, action: Any, speed: float, lang: str = "en", **settings: Any) -> tuple[Any, Any]:
    """A headless app in ``lang`` with a play scene on the saved game ``saved`` (the given settings changed,
    animations at ``speed``), one frame stepped, then ``action`` submitted: the app and the scene."""
    from game.rules import Game
    from game.ui.app import App
    from game.ui.play.scene import PlayScene

    app = App(headless=True, seed=0, lang=lang)
    app.ctx.settings.speed = speed
    for name, value in settings.items():
        setattr(app.ctx.settings, name, value)
    scene = PlayScene(app.ctx, Game.from_json(saved), fresh=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    scene.submit(action)
    return app, scene


def play_to_results(app: Any, seed: int) -> tuple[Any, Any]:
    """A random game of ``seed`` played through a play scene of ``app`` (animations skipped) to its results
    screen, drawn once: ``(play scene, results scene)``."""
    from game.ai import RandomPolicy
    from game.rules import Game
    from game.ui.play.scene import PlayScene

    app.ctx.settings.speed = 0.0
    scene = PlayScene(app.ctx, Game.new(seed), fresh=True)
    app.stack.push(scene)
    return scene, finish(app, RandomPolicy(seed))


def finish(app: Any, policy: Any) -> Any:
    """The game of the play scene on top of ``app`` played by ``policy`` to its results screen (animations as
    the settings say), drawn once: the results scene."""
    from game.ui.scenes.results import ResultsScene

    scene = app.stack.top
    for _ in range(5000):
        app.step(1 / 60, [], draw=False)
        if isinstance(app.stack.top, ResultsScene):
            break
        if not scene.queue.busy and scene.controller.legal:
            scene.submit(policy.choose(scene.game))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    app.step(1 / 60)
    return results
