"""Danger before it strikes (issue 31): during the Defense Phase the board shows the core's ``Game.threats``
for the position as it stands (badges at the doors, tinted spaces, words in colour-blind mode, numbers on hover),
worked out off the frame loop and asked again after every choice; nothing while the enemy acts."""

from __future__ import annotations

from functools import cache

from game.ai import HeuristicPolicy
from game.i18n import percent
from game.rules import Game
from game.ui.app import App
from game.ui.play import danger
from game.ui.play.scene import PlayScene


@cache
def position() -> str:
    """The first move decision of turn 3 of the heuristic's seed-0 game (a breach is likely at two doors)."""
    game, policy = Game.new(0), HeuristicPolicy(0)
    while not (game.state["attack_turn"] == 3 and (game.decision or {}).get("kind") == "moves"):
        game.apply(policy.choose(game))
    return game.to_json()


def opened(colour_blind: bool = False) -> tuple[App, PlayScene]:
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    app.ctx.settings.colour_blind = colour_blind
    scene = PlayScene(app.ctx, Game.from_json(position()), fresh=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    return app, scene


def settle(app: App, scene: PlayScene) -> None:
    """Let the animations end and the danger's worker answer."""
    for _ in range(50):
        app.step(1 / 60, [], draw=False)
        scene.danger.thinker.wait(60)
        if not scene.queue.busy and not scene.danger.thinking:
            break
    app.step(1 / 60, [], draw=False)


def test_the_board_shows_the_cores_danger_for_the_position_as_it_stands(drawn: set[str]) -> None:
    app, scene = opened()
    settle(app, scene)
    shown = scene.danger.shown
    assert shown is not None and shown == danger.ask(scene.game)  # the core's numbers, nothing restated
    doors = {e: p for e, p in shown.breach.items() if p >= danger.SHOWN_FROM}
    assert doors, shown
    drawn.clear()
    app.step(1 / 60)
    assert {str(percent(p)) for p in doors.values()} <= drawn
    tips = [text for _rect, text in scene.hover_regions if text.startswith("Danger")]
    assert len(tips) == len(doors) + sum(1 for v in shown.lost.values() if v >= danger.SHOWN_FROM)
    # a choice makes a new position: asked again, and its numbers are the new position's
    move = next(a for a in scene.controller.legal if a.kind == "move")
    scene.submit(move)
    assert scene.danger.shown is None or scene.queue.busy  # the old numbers are not shown for the new board
    settle(app, scene)
    assert scene.danger.shown == danger.ask(scene.game)


def test_nothing_is_shown_while_the_enemy_acts() -> None:
    app, scene = opened()
    settle(app, scene)
    scene.submit(next(a for a in scene.controller.legal if a.kind == "end_moves"))
    scene.submit(next(a for a in scene.game.legal_actions() if a.kind == "end_actions"))
    assert scene.queue.busy and scene._marks().danger is None


def test_colour_blind_mode_says_the_danger_in_words(drawn: set[str]) -> None:
    app, scene = opened(colour_blind=True)
    settle(app, scene)
    assert scene.danger.shown is not None
    drawn.clear()
    app.step(1 / 60)
    assert any(text.startswith("fall ") for text in drawn), sorted(drawn)


def test_a_choice_that_leaves_the_board_as_it_was_shows_the_same_danger() -> None:
    """Every position of a Defense Phase is asked over the same futures: End moves alone (the board unchanged)
    shows exactly the numbers shown before it (a playtest saw a door go from 36% to 25% on End moves alone, the
    noise of another draw of futures)."""
    game = Game.from_json(position())
    game.keep_history = True  # as the play scene's game: each choice is recorded
    before = danger.ask(game)
    assert before.breach
    game.apply(next(a for a in game.legal_actions() if a.kind == "end_moves"))
    assert game.decision is not None and game.decision["kind"] == "actions"
    assert danger.ask(game) == before


def test_a_defender_in_a_tinted_space_keeps_his_own_tooltip() -> None:
    """The playtest pointed at a defender in a space tinted for danger and read the danger's words, not his:
    over the defenders' row his own words show; over the space's label band, the danger's."""
    from game.rules.names import defender_name

    app, scene = opened()
    settle(app, scene)
    shown = scene.danger.shown
    assert shown is not None
    space = next(s for s, lost in shown.lost.items() if lost >= danger.SHOWN_FROM and scene.positions.defenders_at(s))
    name = scene.positions.defenders_at(space)[0]
    x, y = scene.positions.defender_pos(name)
    app.hover((int(x), int(y)))
    app.step(1 / 60)
    assert scene.tooltip_text().startswith(defender_name(name)), scene.tooltip_text()
    band = [rect for rect, text in scene.hover_regions if text.startswith("Danger: about")]
    assert band and not any(r.collidepoint((int(x), int(y))) for r in band)
    app.hover(band[0].center)
    app.step(1 / 60)
    assert scene.tooltip_text().startswith("Danger: about")
