"""No board tooltip is left over the pieces while the game animates (issue "A board a player reads at a
glance"): the hover text of an enemy counter shows while the board is still, not while a choice plays out."""

from __future__ import annotations

from collections.abc import Callable

from game.rules import Action
from game.ui.app import App
from game.ui.play.scene import PlayScene


def settle(app: App, scene: PlayScene) -> None:
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy:
            break


def test_board_tooltips_wait_for_the_animations(open_play: Callable[[int, str], tuple[App, PlayScene]],
                                                drawn: set[str]) -> None:
    app, scene = open_play(3, "standard")
    settle(app, scene)
    space = next(iter(scene.game.state["spaces"]))
    x, y = scene.positions.enemy_pos(scene.game.state["spaces"][space][-1])
    drawn.clear()
    app.hover((int(x), int(y)))
    app.step(1 / 60)
    assert any(line.startswith("defense ") for line in drawn), "the tooltip while the board is still"
    scene.submit(Action("end_moves"))
    drawn.clear()
    app.step(1 / 60)
    assert scene.queue.busy and not any(line.startswith("defense ") for line in drawn)
