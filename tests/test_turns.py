"""One turn numbering, the rulebook's (issue 31, 8.1.2's "first turn of the Attack"): the turns are counted
within each Attack in the top bar, the phase banner, the log, the results, the review's turning points, the text
mode and the Continue button's description; the review and the Hint name the end of a step by its button's words.
(The review's planner lines were already counted so: ``DecisionReview.turn`` is the state's ``attack_turn``.)"""

from __future__ import annotations

import io
import re
from pathlib import Path

from game.ai import HeuristicPolicy
from game.ai.review import review
from game.rules import Action, Game
from game.text_mode import TextPlay
from game.ui import storage
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene
from game.ui.words import describe

SEED = 4
TOP_BAR = re.compile(r"^Attack (\d)  ·  Turn (\d+)  ·  ")
SAID = re.compile(r"Attack (\d), turn (\d+)")


def test_the_top_bar_banner_log_review_and_text_mode_count_the_turns_of_the_attack(
        data_dir: Path, drawn: set[str]) -> None:
    app = App(headless=True, seed=SEED)
    app.ctx.settings.speed = 4.0  # the fastest speed that still shows the banners (Skip shows none)
    game = Game.new(SEED)
    scene = PlayScene(app.ctx, game, fresh=True)
    app.stack.push(scene)
    policy = HeuristicPolicy(SEED)
    bars: set[tuple[int, int]] = set()
    banners: set[tuple[int, int]] = set()
    show_banner = scene.stage.show_banner

    def banner(label: str) -> None:  # every banner the play scene puts up, as it puts it up
        said = SAID.match(label)
        if said:
            banners.add((int(said[1]), int(said[2])))
        show_banner(label)
    scene.stage.show_banner = banner  # type: ignore[method-assign]
    texts: set[tuple[int, int]] = set()
    turns: set[tuple[int, int]] = set()  # every (Attack, turn of the Attack) the core went through
    for _ in range(50000):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.step(1 / 10, [], draw=False)
        if scene.queue.busy or not scene.controller.legal:
            continue
        s = game.state
        turns.add((s["attack"], s["attack_turn"]))
        if game.decision and game.decision["kind"] == "moves":  # once a turn: the top bar and the text mode
            drawn.clear()
            app.step(1 / 60, [])
            heads = [m.groups() for m in map(TOP_BAR.match, drawn) if m]
            assert heads == [(str(s["attack"]), str(s["attack_turn"]))], (heads, s["turn"])
            bars.add((s["attack"], s["attack_turn"]))
            out = io.StringIO()
            TextPlay(game, io.StringIO(), out, SEED).board()
            said = SAID.search(out.getvalue())
            assert said is not None and said.groups() == (str(s["attack"]), str(s["attack_turn"])), out.getvalue()
            assert "game turn" not in out.getvalue()
            texts.add((s["attack"], s["attack_turn"]))
        scene.submit(policy.choose(game))
    assert game.over and game.state["attack"] >= 2, "the game reaches a second Attack"
    # a second Attack starts again from turn 1, and the game's own count went past it
    assert (2, 1) in turns and game.state["turn"] > max(t for a, t in turns if a == game.state["attack"])
    assert bars == texts == {t for t in turns if t in bars} and len(bars) >= 5
    assert banners == turns  # each turn's Enemy Phase is announced with its number in the Attack
    logged = {tuple(map(int, m.groups())) for line, _c in scene.log.lines for m in [SAID.search(line)] if m}
    assert logged == turns, logged ^ turns  # the log opens every turn with "Attack a, turn t: Enemy Phase"
    drawn.clear()
    app.step(1 / 60, [])  # the results say where the game ended
    assert f"Attack {game.state['attack']}, turn {game.state['attack_turn']}" in drawn, sorted(drawn)
    rev = review(SEED, "standard", game.state["history"])
    pointed = {tuple(map(int, m.groups())) for line in rev.turning for m in [SAID.match(line)] if m}
    assert len(pointed) == len(rev.turning) >= 3 and pointed <= turns, rev.turning


def test_the_end_of_a_step_is_named_by_its_button() -> None:
    game = Game.new(SEED)
    assert describe(game, Action("end_moves")) == "End moves"
    assert describe(game, Action("end_actions")) == "End actions"


def test_continue_says_where_the_saved_game_stands(data_dir: Path) -> None:
    game, policy = Game.new(SEED), HeuristicPolicy(SEED)
    while game.state["attack"] < 2 or game.state["attack_turn"] < 2:
        game.apply(policy.choose(game))
    data_dir.mkdir(parents=True)
    (data_dir / storage.SAVE_NAME).write_text(game.to_json(), encoding="utf-8")
    app = App(headless=True, seed=0)
    title = TitleScene(app.ctx)
    app.stack.push(title)
    app.step(1 / 60)
    button = next(b for b in title.buttons if b.label == "Continue")
    assert button.tip == "Resume the autosaved game (Standard, Attack 2, turn 2)"
