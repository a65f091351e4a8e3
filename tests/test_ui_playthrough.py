"""A whole game through the UI's own input handling: title -> play (simulated clicks on legal targets chosen by
a simple policy, animations skipped) -> results -> title."""

from __future__ import annotations

import pytest

from game.rules import Action
from game.rules.rng import Pcg32
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.results import ResultsScene


def make_app(seed: int = 5) -> App:
    return App(headless=True, seed=seed)


class ClickPolicy:
    """Chooses a legal action and performs it by clicking where a player would."""

    def __init__(self, seed: int = 1) -> None:
        self.rng = Pcg32.seeded(seed, 77)
        self.clicks = 0
        self.moves_left = 2

    def pick(self, n: int) -> int:
        return self.rng.below(n)

    def choose(self, scene: PlayScene) -> Action:
        """A simple policy: attack at the best odds, use grenades, rallies and recoveries, spend suppression,
        sometimes move (to exercise the move popup), otherwise end the step."""
        game = scene.game
        legal = game.legal_actions()
        kind = (game.decision or {}).get("kind", "")
        if kind == "moves":
            moves = [a for a in legal if a.kind == "move"]
            if moves and self.moves_left > 0 and self.pick(4) == 0:
                self.moves_left -= 1
                return moves[self.pick(len(moves))]
            return Action("end_moves")
        attacks = [a for a in legal if a.kind == "attack"]
        if attacks:
            return max(attacks, key=lambda a: game.odds(a) or 0.0)
        for k in ("grenade", "rally", "recover", "command", "suppress", "spend", "remove"):
            xs = [a for a in legal if a.kind == k]
            if xs:
                return xs[0]
        if kind == "escape":
            return Action("end_escape")
        for k in ("end_actions", "end_command"):
            if Action(k) in legal:
                return Action(k)
        return legal[0]

    def act(self, app: App, scene: PlayScene) -> Action:
        """Perform the chosen action with clicks; returns it."""
        a = self.choose(scene)
        click = self._click(app)
        k = a.kind
        if k == "move":
            click(self._defender(scene, a.args[0]))
            assert scene.controller.selected == a.args[0], "clicking a movable defender selects him"
            click(scene.positions.space_point(a.args[1]))
            if scene.controller.popup.buttons:
                carried = len(a.args) > 2
                items = [b for b in scene.controller.popup.buttons
                         if b.key.startswith("Move, carry" if carried else "Move alone")]
                assert items, [b.label for b in scene.controller.popup.buttons]
                click(items[self.pick(len(items))].rect.center)
        elif k in ("attack", "grenade", "suppress", "recover", "command"):
            click(self._defender(scene, a.args[0]))
            assert scene.controller.popup.buttons, "clicking a defender in the action step opens his menu"
            label = {"attack": "Attack", "grenade": "Grenades", "suppress": "Suppress", "recover": "Recover",
                     "command": "Command"}[k]
            click(self._button(scene, label))
            if k == "attack":
                assert scene.controller.mode == "attack"
                # hover the stack first: a stack fans out under the mouse, then click the counter where it shows
                space = scene.view.where(a.args[1])
                app.hover(scene.positions.space_point(space))
                x, y = scene.positions.enemy_pos(a.args[1])
                click((int(x), int(y)))
            elif k == "suppress":
                assert scene.controller.mode == "suppress"
                click(scene.positions.space_point(a.args[1]))
        elif k in ("rally", "spend", "remove"):
            click(self._button(scene, {"rally": "Rally", "spend": "Spend", "remove": "Remove"}[k]))
        elif k == "escape":
            click(self._defender(scene, a.args[0]))
        else:
            click(self._button(scene, {"end_moves": "End moves", "end_actions": "End actions",
                                       "end_command": "End command", "end_escape": "End escape"}[k]))
        return a

    def _click(self, app: App):  # type: ignore[no-untyped-def]
        def f(pos: tuple[int, int]) -> None:
            self.clicks += 1
            app.click((int(pos[0]), int(pos[1])))
        return f

    @staticmethod
    def _defender(scene: PlayScene, name: str) -> tuple[int, int]:
        x, y = scene.positions.defender_pos(name)
        return (int(x), int(y))

    @staticmethod
    def _button(scene: PlayScene, prefix: str) -> tuple[int, int]:
        pt = scene.button_point(prefix)
        shown = scene.controller.buttons + scene.controller.popup.buttons
        assert pt is not None, f"no enabled button {prefix!r}: {[b.label for b in shown]}"
        return pt


@pytest.mark.parametrize("difficulty", ["Standard", "Veteran", "Elite"])
def test_whole_game_by_clicks(difficulty: str) -> None:
    """Each difficulty (8.1, 8.2) chosen on the title and played to the results by clicks; at Veteran and Elite the
    Tactics cards in play are on screen the whole game (one at Veteran, two at Elite from the first turn)."""
    app = make_app(seed=0)
    app.ctx.settings.speed = 0.0  # skip animations
    app.step(1 / 60)
    title = app.stack.top
    assert title is not None and title.name == "title"
    pick = next(b for b in title.difficulty_buttons if b.label == difficulty)  # type: ignore[attr-defined]
    app.click(pick.rect.center)
    btn = next(b for b in title.buttons if b.label == "New game")  # type: ignore[attr-defined]
    app.click(btn.rect.center)
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    assert scene.game.state["difficulty"] == difficulty.lower()
    tactics_seen = 0
    policy = ClickPolicy(3)
    decisions = 0
    for _ in range(20000):
        app.step(1 / 60, [], draw=False)
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        assert top is scene
        if scene.queue.busy:
            continue
        if difficulty != "Standard" and scene.game.decision:
            in_play = scene.game.state["tactics"]["in_play"]
            assert len(in_play) == (1 if difficulty == "Veteran" else 2), in_play
            assert scene.hud.tactics_rect.h > 0, "the Tactics cards in play are shown beside the board"
            tactics_seen += 1
        before = scene.game.to_json()
        policy.act(app, scene)
        app.step(1 / 60, [], draw=False)
        if scene.game.to_json() != before:
            decisions += 1
    assert isinstance(app.stack.top, ResultsScene), "the game reached the results screen"
    assert scene.game.over
    assert decisions > 10
    assert difficulty == "Standard" or tactics_seen > 10
    app.step(1 / 60)
    # back to the title with the results button
    app.click(app.stack.top.buttons[0].rect.center)  # type: ignore[union-attr]
    assert app.stack.top is not None and app.stack.top.name == "title"
