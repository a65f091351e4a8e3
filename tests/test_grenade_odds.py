"""Grenades show their odds before they roll (issue 31, a new player's defect): the core's ``Game.grenade_odds``
gives each enemy counter's chance in the thrower's floor's interior and the thrower's risk from his own grenade
(4.2.1); the Grenades item of the action menu says them, and hovering it puts each chance on its counter."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.rules import Action, Game
from game.rules.rng import Pcg32
from game.ui.app import App
from game.ui.play.popups import action_items
from game.ui.play.scene import PlayScene

# the heuristic's seed-5 game, Attack 1, turn 6: three counters in the ground floor's interior, Postal worker 5
# in it with grenades
SAVE = Path(__file__).parent / "data" / "grenade-inside.json"


def position() -> tuple[Game, Action]:
    game = Game.from_json(SAVE.read_text(encoding="utf-8"))
    action = next(a for a in game.legal_actions() if a.kind == "grenade" and a.args[0] == "Postal worker 5")
    return game, action


def test_the_odds_match_the_grenade_thrown_with_the_dice_redrawn() -> None:
    """Each counter's chance and the thrower's risk agree with 3,000 throws on copies whose dice are drawn again,
    within four standard errors."""
    game, action = position()
    odds = game.grenade_odds(action)
    assert odds is not None
    chances, own = odds
    assert len(chances) == 3 and own > 0  # thrown from inside the interior: a miss can catch him
    n = 3000
    removed = dict.fromkeys(chances, 0)
    caught = 0
    rng = Pcg32.seeded(31, 7)
    for _ in range(n):
        copy = game.redrawn(rng)
        events = copy.apply(action)
        for e in events:
            if e.kind == "counter_removed" and e.data["counter"] in removed:
                removed[e.data["counter"]] += 1
            if e.kind == "casualty" and e.data["defender"] == action.args[0]:
                caught += 1
    for cid, p in chances.items():
        assert abs(removed[cid] / n - p) <= 4 * math.sqrt(p * (1 - p) / n), (cid, removed[cid] / n, p)
    assert abs(caught / n - own) <= 4 * math.sqrt(own * (1 - own) / n), (caught / n, own)


def test_other_actions_have_no_grenade_odds() -> None:
    game, _action = position()
    assert all(game.grenade_odds(a) is None for a in game.legal_actions() if a.kind != "grenade")


def test_the_grenades_item_says_its_dice_and_each_counters_chance_before_the_roll() -> None:
    game, action = position()
    name = str(action.args[0])
    his = [a for a in game.legal_actions() if a.args and a.args[0] == name]
    label, _act, tip, _key = next(i for i in action_items(game, name, his) if i[3] == "Grenades")
    assert label == f"Grenades ({game.grenade_dice(name)} dice)"
    assert tip == ("Grenades at every counter in this floor's interior: leader Heinrich 70%, rifleman 88% and "
                   "rifleman 88%; 8% that he is caught by his own grenade")


def test_hovering_the_grenades_item_puts_each_chance_on_its_counter() -> None:
    game, action = position()
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    scene = PlayScene(app.ctx, game, fresh=False)
    app.stack.push(scene)
    for _ in range(5):
        app.step(1 / 60, [], draw=False)
    name = str(action.args[0])
    scene.controller.open_action_menu(name)
    item = next(b for b in scene.controller.popup.buttons if b.key == "Grenades")
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=item.rect.center, rel=(0, 0), buttons=(0, 0, 0))],
             draw=False)
    odds = game.grenade_odds(action)
    assert odds is not None and scene._marks().odds == odds[0]
