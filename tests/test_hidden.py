"""What the player cannot know, redrawn by the core (``Game.redrawn``, game/rules/hidden.py): every public fact
kept, the hidden order never peeked at, the fire truck kept where 2.3 put it."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from game.ai import HeuristicPolicy, RandomPolicy
from game.rules import Game
from game.rules.rng import Pcg32

HIDDEN = ("rng", "dice_key", "forced")


@cache
def positions() -> list[Game]:
    """Positions of random and heuristic games at every difficulty, every 5th decision (all three Attacks)."""
    out = []
    for seed, difficulty in ((0, "standard"), (1, "veteran"), (2, "elite"), (3, "standard")):
        game = Game.new(seed, difficulty)
        policy = HeuristicPolicy(seed) if seed % 2 else RandomPolicy(seed)
        n = 0
        while not game.over:
            if n % 5 == 0:
                out.append(Game.from_json(game.to_json()))
            game.apply(policy.choose(game))
            n += 1
    return out


def public(state: dict[str, Any]) -> dict[str, Any]:
    """The state as the player knows it: the decks as sets of cards, no dice to come."""
    seen = json.loads(json.dumps(state))
    for key in HIDDEN:
        seen.pop(key)
    for pile in ("1", "2", "3"):
        seen["decks"][pile] = sorted(seen["decks"][pile])
        seen["tactics"]["decks"][pile] = sorted(seen["tactics"]["decks"][pile])
    return seen


def test_a_redrawn_game_keeps_every_public_fact() -> None:
    games = positions()
    assert len(games) > 50 and {g.state["attack"] for g in games} == {1, 2, 3}
    assert any(g.state["tactics"]["decks"]["1"] for g in games)  # Veteran and Elite positions have Tactics decks
    for k, game in enumerate(games):
        twin = game.redrawn(Pcg32.seeded(k, 7))
        assert public(twin.state) == public(game.state)
        assert twin.legal_actions() == game.legal_actions()
        assert twin.score() == game.score() and twin.decision == game.decision
        assert [twin.odds(a) for a in twin.legal_actions()] == [game.odds(a) for a in game.legal_actions()]


def test_the_hidden_order_and_the_dice_are_drawn_again() -> None:
    changed = Counter[str]()
    for k, game in enumerate(positions()):
        twin = game.redrawn(Pcg32.seeded(k, 7))
        for key in ("rng", "dice_key"):
            changed[key] += twin.state[key] != game.state[key]
        deck = str(game.state["attack"])
        changed["deck"] += twin.state["decks"][deck] != game.state["decks"][deck]
    assert changed["rng"] == changed["dice_key"] == sum(1 for _ in positions())
    assert changed["deck"] > 0.8 * changed["rng"]  # (a deck of one card or none cannot change)


def test_the_redrawn_order_never_depends_on_the_true_one() -> None:
    """Two games that differ only in what the player cannot know give the same copy from the same stream."""
    for k, game in enumerate(positions()):
        other = game.redrawn(Pcg32.seeded(k, 99))  # the same public facts, another hidden order and dice
        a, b = game.redrawn(Pcg32.seeded(k, 7)), other.redrawn(Pcg32.seeded(k, 7))
        assert a.state == b.state


@cache
def attack3_starts(n: int) -> list[Game]:
    """The first decision of Attack 3 in ``n`` heuristic games that reach it."""
    out: list[Game] = []
    seed = 0
    while len(out) < n:
        game, policy = Game.new(seed), HeuristicPolicy(seed)
        seed += 1
        while not game.over and game.state["attack"] < 3:
            game.apply(policy.choose(game))
        if not game.over:
            out.append(game)
    return out


def truck_from_bottom(game: Game) -> int:
    rest = [c for c in game.state["decks"]["3"] if game.rules.cards[c].type != "grenade_bundle"]
    truck = next(i for i, c in enumerate(rest) if game.rules.cards[c].type == "fire_truck")
    return len(rest) - 1 - truck


def test_the_fire_truck_stays_where_2_3_put_it_and_is_redrawn_as_the_rules_draw_it() -> None:
    """2.3: the truck is among the bottom ``truck_window`` cards; over many redraws its place is uniform there,
    as the rules' own placement is over many games (within sampling error)."""
    true_places: list[float] = []
    redrawn_places: list[float] = []
    for game in attack3_starts(6):
        window = game.state["truck_window"]
        assert window >= 1 and truck_from_bottom(game) < window
        if window == 1:  # the truck at the very bottom (morale high): no place to draw
            assert truck_from_bottom(game.redrawn(Pcg32.seeded(0, 3))) == 0
            continue
        true_places.append(truck_from_bottom(game) / max(1, window - 1))
        for k in range(40):
            twin = game.redrawn(Pcg32.seeded(k, 3))
            assert twin.state["truck_window"] == window and truck_from_bottom(twin) < window
            redrawn_places.append(truck_from_bottom(twin) / max(1, window - 1))
    assert len(true_places) >= 3, "some games reach Attack 3 with a window of several cards"
    mean = sum(redrawn_places) / len(redrawn_places)
    assert abs(mean - 0.5) < 0.07  # uniform over the window: 40 redraws a game (120 or more), standard error about 0.03
    assert abs(sum(true_places) / len(true_places) - mean) < 0.35  # the rules' own placements: at most 6


def test_a_save_from_before_the_window_was_kept_knows_nothing_of_the_trucks_place() -> None:
    game = attack3_starts(6)[0]
    old = json.loads(game.to_json())
    del old["truck_window"]
    restored = Game.from_json(json.dumps(old))
    assert restored.state["truck_window"] == len(game.state["decks"]["3"])


def defense_starts(games: int, cap: int) -> list[Game]:
    """The first decision of each Defense Phase in random games of seeds 0.. (at most ``cap``)."""
    out: list[Game] = []
    for seed in range(games):
        game, policy = Game.new(seed, ("standard", "veteran", "elite")[seed % 3]), RandomPolicy(seed)
        turn = -1
        while not game.over and len(out) < cap:
            if (game.decision or {}).get("kind") == "moves" and game.state["turn"] != turn:
                turn = game.state["turn"]
                out.append(Game.from_json(game.to_json()))
            game.apply(policy.choose(game))
    return out


def true_future(game: Game) -> tuple[Counter[str], Counter[str], int]:
    """The real next Enemy Phase of ``game`` (its true deck order and dice), the board as it stands (the same
    passing choices as ``Game.threats``): the breaches by entrance, the casualties by space, the morale change."""
    from game.rules.hidden import PASSING

    future = Game.from_json(game.to_json())
    start, enemy = future.state["morale"], False
    breaches: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    seen: set[str] = set()
    while not future.over and not (enemy and (future.decision or {}).get("kind") == "moves"):
        legal = future.legal_actions()
        kind = PASSING.get(str((future.decision or {}).get("kind", "")))
        for e in future.apply(next((a for a in legal if a.kind == kind), legal[0])):
            enemy = enemy or (e.kind == "phase_changed" and e.data["phase"] == "enemy")
            if e.kind == "breach" and e.data["entrance"] not in seen:
                seen.add(e.data["entrance"])
                breaches[e.data["entrance"]] += 1
            elif e.kind == "casualty":
                lost[e.data["space"]] += 1
    return breaches, lost, future.state["morale"] - start


def test_the_danger_agrees_with_the_real_enemy_phases_of_many_games() -> None:
    """Issue 31: over 60 positions of 12 seeds, the breaches, casualties and morale the query expects add up to
    what the real next Enemy Phases did (within four standard deviations of the real outcomes' spread)."""
    predicted = {"breach": 0.0, "lost": 0.0, "morale": 0.0}
    real = {"breach": 0.0, "lost": 0.0, "morale": 0.0}
    spread = {"breach": 0.0, "lost": 0.0, "morale": 0.0}
    positions_ = defense_starts(12, 60)
    assert len(positions_) == 60
    for k, game in enumerate(positions_):
        threats = game.threats(24, seed=k)
        breaches, lost, morale = true_future(game)
        for key, p, r in (("breach", sum(threats.breach.values()), sum(breaches.values())),
                          ("lost", sum(threats.lost.values()), sum(lost.values())),
                          ("morale", threats.morale, morale)):
            predicted[key] += p
            real[key] += r
            spread[key] += max(p, 0.25) if key == "breach" else max(abs(p), 0.25) * 2  # a generous variance
        assert set(breaches) <= set(game.rules.entrances)
    assert real["breach"] >= 5 and real["lost"] >= 5, real  # the test sees real danger
    for key in predicted:
        assert abs(predicted[key] - real[key]) <= 4 * spread[key] ** 0.5, (key, predicted[key], real[key])


def test_the_danger_never_peeks_at_the_hidden_order() -> None:
    """Two games that differ only in what the player cannot know are equally dangerous (the same redraws)."""
    for k, game in enumerate(defense_starts(3, 6)):
        other = game.redrawn(Pcg32.seeded(k, 5))
        assert game.threats(8, seed=k) == other.threats(8, seed=k)


def test_no_rule_about_hidden_cards_is_restated_outside_the_core() -> None:
    """Issue 35: only game/rules draws the hidden order again; the AI and the UI take ``Game.redrawn``. No module
    outside the core writes a deck, the dice generator, the dice key or the scripted dice (the scenario runner
    builds whole positions by design: it is test tooling, not a player)."""
    import re
    from pathlib import Path

    write = re.compile(r"""\[\s*["'](decks|rng|dice_key|forced|truck_window)["']\s*\](\[[^]\n]*\])*\s*=(?!=)""")
    root = Path(__file__).parent.parent / "game"
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in sorted(root.rglob("*.py")) if path.relative_to(root).parts[0] not in ("rules", "scenario")
             for n, line in enumerate(path.read_text().splitlines(), start=1) if write.search(line)]
    assert not found, "hidden information written outside game/rules:\n" + "\n".join(found)
    assert write.search('state["decks"][key] = top + bottom')  # the check sees the planner's old redraw
