"""Clicks a player needs per turn: whole games played through the real play scene (headless), the choices made
by the heuristic and performed with the fewest clicks the UI offers (a bar or popup button when one stands for
the choice; else the defender, then the target, the menu item or the carry choice); with ``--hint`` every choice
is the Hint's, made with its Apply hint button (two clicks). Every click is counted; a turn is one round of the
Enemy, Defense and Clearing Phases.

    python tools/clicks.py --games 5 [--seed 0] [--difficulty standard] [--hint]

Prints the clicks per turn (mean, and the mean over the turns that had a Defense Phase choice), per decision and
the share of each kind of choice.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.ai import HeuristicPolicy  # noqa: E402
from game.rules import Action, Game  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.play.scene import PlayScene  # noqa: E402
from game.ui.widgets import Button  # noqa: E402


@dataclass
class Tally:
    clicks: int = 0
    decisions: int = 0
    turns: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)  # clicks by action kind
    kinds: Counter[str] = field(default_factory=Counter)  # decisions by action kind

    def lines(self) -> list[str]:
        out = [f"clicks per turn: {self.clicks / max(1, self.turns):.1f} ({self.clicks} clicks, {self.turns} turns)",
               f"clicks per decision: {self.clicks / max(1, self.decisions):.2f} ({self.decisions} decisions)"]
        for kind, n in self.kinds.most_common():
            out.append(f"  {kind:12} {n:5} decisions, {self.by_kind[kind] / n:.2f} clicks each")
        return out


class Player:
    """Performs a chosen Action through the scene's own input, counting clicks."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app, self.scene = app, scene
        self.clicks = 0

    def click(self, pos: tuple[float, float]) -> None:
        self.clicks += 1
        self.app.click((int(pos[0]), int(pos[1])))

    def settle(self) -> None:
        for _ in range(5000):
            self.app.step(1 / 60, [], draw=False)
            if not self.scene.queue.busy:
                return

    def shown(self) -> list[Button]:
        c = self.scene.controller
        return [b for b in [*c.popup.buttons, *c.buttons] if b.enabled]

    def click_defender(self, name: str) -> None:
        """Hover his space first (a crowded interior spreads its counters under the mouse), then click him."""
        self.app.hover(self.scene.positions.space_point(self.scene.view.state["defenders"][name]["space"]))
        self.app.step(1 / 60, [], draw=False)
        self.click(self.scene.positions.defender_pos(name))

    def space_point(self, space: str) -> tuple[float, float]:
        """Where a click lands on ``space``: its centre, or the first spot of it where a click does not pick
        another defender instead (a player looks for the free part of a crowded space)."""
        c, positions = self.scene.controller, self.scene.positions
        centre = positions.space_point(space)
        rect = self.scene.geo.rect(space)
        spots = [(int(centre[0]), int(centre[1]))] + [(x, y) for y in range(rect.top + 4, rect.bottom - 3, 8)
                                                      for x in range(rect.left + 4, rect.right - 3, 8)]
        for spot in spots:
            name = c.defender_at(spot)
            if not name or name not in c.selectable_defenders() or name == c.selected:
                return spot
        return centre

    def button_for(self, action: Action) -> Button | None:
        game = self.scene.game
        for b in self.shown():
            if isinstance(b.data, Action) and (b.data == action or game.canonical(b.data) == game.canonical(action)):
                return b
        return None

    def perform(self, action: Action, hint: bool) -> None:
        scene, c = self.scene, self.scene.controller
        if hint:  # the Hint was asked: its Apply hint button
            self.click(next(b for b in self.shown() if b.label == "Apply hint").rect.center)
            return
        b = self.button_for(action)
        if b is not None:
            self.click(b.rect.center)
            return
        k, a = action.kind, action.args
        if k == "spend":  # the stepper: − or + until its button says the number
            for _ in range(100):
                b = self.button_for(action)
                if b is not None:
                    self.click(b.rect.center)
                    return
                step = "+" if int(a[0]) > (c.spend_k or 0) else "−"
                self.click(next(x for x in self.shown() if x.label == step).rect.center)
        if k in ("move", "shift"):
            if c.selected != a[0]:
                self.click_defender(a[0])
            self.click(self.space_point(a[1] if k == "move" else a[2]))
        elif k in ("attack", "suppress"):
            self.click_defender(a[0])
            direct = c.targets()
            if a[1] not in direct:
                item = next(b for b in c.popup.buttons if b.label.startswith("Attack" if k == "attack" else "Suppress"))
                self.click(item.rect.center)
            if k == "attack":
                space = scene.view.where(a[1])
                self.app.hover(scene.positions.space_point(space))  # a stack fans out under the mouse
                self.click(scene.positions.enemy_pos(a[1]))
            else:
                self.click(scene.positions.space_point(a[1]))
        else:
            self.click_defender(a[0])
        b = self.button_for(action)  # a popup (what to carry, the action menu) lists it now
        if b is not None:
            self.click(b.rect.center)


def play(seed: int, difficulty: str, hint: bool, tally: Tally) -> None:
    app = App(headless=True, seed=seed)
    app.ctx.settings.speed = 0.0
    game = Game.new(seed, difficulty)
    scene = PlayScene(app.ctx, game, fresh=True)
    app.stack.push(scene)
    player = Player(app, scene)
    policy = HeuristicPolicy(seed)
    player.settle()
    turn = -1
    while not game.over:
        if game.state["turn"] != turn:
            turn = game.state["turn"]
            tally.turns += 1
        before = player.clicks
        if hint:  # the Hint's choice, made with its Apply hint button
            player.click(next(b for b in scene.top_buttons if b.label == "Hint").rect.center)
            scene.wait_hint()  # the planner thinks in a worker thread; a player would watch the frames meanwhile
            assert scene.hint is not None, "the Hint recommended nothing"
            action = scene.hint[0]
        else:
            action = policy.choose(game)
        expected = Game.from_json(game.to_json())
        expected.keep_history = game.keep_history  # the play scene keeps the game's record
        expected.apply(action)
        player.perform(action, hint)
        player.settle()
        if game.to_json() != expected.to_json():
            raise SystemExit(f"seed {seed}: the clicks for {action} did not make that choice "
                             f"(decision {game.decision and game.decision['kind']})")
        tally.decisions += 1
        tally.kinds[action.kind] += 1
        tally.by_kind[action.kind] += player.clicks - before
    tally.clicks += player.clicks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--difficulty", default="standard", choices=("standard", "veteran", "elite"))
    parser.add_argument("--hint", action="store_true", help="each choice by Hint, then Apply hint")
    args = parser.parse_args(argv)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="postmen-clicks-") as folder:
        os.environ["POSTMEN_DATA_DIR"] = folder
        for seed in range(args.seed, args.seed + args.games):
            play(seed, args.difficulty, args.hint, tally)
    chooser = "the Hint's (the planner), each by Hint then Apply hint" if args.hint else "the heuristic's"
    print(f"{args.games} {args.difficulty} games, choices {chooser}")
    for line in tally.lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
