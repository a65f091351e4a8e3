"""Set up, 2.1-2.3 The Attacks: the board at the start, each Attack's set-up, the turn's start and end, the
end of an Attack (and the extended Attack), and the fire truck."""

from __future__ import annotations

from game.i18n import Msg
from game.rules.effects import place_support
from game.rules.events import (
    AttackEnded,
    AttackStarted,
    BarrierDestroyed,
    CarPlaced,
    DeckReshuffled,
    ExtensionOver,
    FireTruckShuffled,
    PhaseChanged,
)
from game.rules.kernel import Kernel
from game.rules.kinds import EventKind
from game.rules.queries import counters_inside, leader_on_board
from game.rules.scoring import end_game
from game.rules.tactics import deal_tactics, reshuffle_tactics


def set_up(game: Kernel) -> None:
    state, rules = game.state, game.rules
    for deck, ids in rules.decks.items():
        pile = []
        for cid in ids:
            card = rules.cards[cid]
            if card.type in ("grenade_bundle", "fire_truck"):
                game.append(("aside",), cid)  # Set up 2: kept face up near the board
            else:
                pile.append(cid)
        game.rng.shuffle(pile)
        game.put(("decks", str(deck)), pile)
    for name, d in rules.defenders.items():
        game.put(("defenders", name), {"space": d.start, "status": "board", "exhausted": False, "disrupted": False,
                                       "moved": False, "acted": False})
    for wid, w in rules.weapons.items():
        game.put(("tokens", wid), w.start)
    for i, space in enumerate(rules.ammunition, start=1):
        game.put(("tokens", f"ammo{i}"), space)
    mode = rules.tactics_modes.get(state["difficulty"])
    if mode is not None:
        # 8.1.2 / 8.2.2 Set up: shuffle each Tactics deck and remove cards from the game. Only difficulties
        # with Tactics cards draw these random numbers, so a Standard game is unchanged.
        for deck, ids in rules.tactic_decks.items():
            pile = list(ids)
            game.rng.shuffle(pile)
            game.put(("tactics", "removed"), state["tactics"]["removed"] + pile[:mode.removed])
            game.put(("tactics", "decks", str(deck)), pile[mode.removed:])


def task_attack_setup(game: Kernel, attack: int) -> None:
    """2.1-2.3 (and the difficulty changes of 8.1.1 / 8.2.1 read from ``levels/setup.toml``)."""
    state, rules = game.state, game.rules
    game.put(("attack",), attack)
    game.put(("attack_turn",), 0)
    game.reseed("setup")
    setup = rules.setups[state["difficulty"]][attack]
    game.emit(EventKind.ATTACK_STARTED, f"2.{attack}", Msg("Attack {attack} begins", attack=attack),
              AttackStarted(attack=attack))
    for i, space in enumerate(setup.armored_cars, start=1):
        target = rules.tracks[space].spaces[0]
        game.put(("cars", f"car{i}"), target)
        game.emit(EventKind.CAR_PLACED, f"2.{attack}", Msg("Armored car placed on {space}",
                                                           space=game.said_where(target)),
                  CarPlaced(car=f"car{i}", space=target))
    for b in setup.open_barriers:
        if b not in state["barriers_open"]:
            game.append(("barriers_open",), b)
            game.emit(EventKind.BARRIER_DESTROYED, "2.3", Msg("A barrier token is placed on barrier {barrier}",
                                                              barrier=b),
                      BarrierDestroyed(barrier=b))
    for kind in setup.fill_support:
        for sid, sp in rules.support_spaces.items():
            if sp.kind == kind and not state["support"].get(sid):
                place_support(game, sid, "8.2.1" if state["difficulty"] == "elite" else "8.1.1")
    for unit, spaces in setup.assault:
        for space in spaces:
            game.push(["place", unit, space, "", f"2.{attack}"])
    # Pushed tasks run last-in first-out: reverse the placements so they happen in the listed order.
    n = sum(len(sp) for _, sp in setup.assault)
    if n:
        state["tasks"][-n:] = list(reversed(state["tasks"][-n:]))
    if attack == 3:
        place_fire_truck(game)


def place_fire_truck(game: Kernel) -> None:
    """2.3: the fire truck goes to the bottom of Attack deck 3, or among its bottom 7 or 12 cards."""
    state, rules = game.state, game.rules
    truck = next(c for c in state["aside"] if rules.cards[c].type == "fire_truck")
    game.remove(("aside",), truck)
    band = rules.band(state["morale"])
    depth = min(rules.fire_truck_depth[band], len(state["decks"]["3"]))
    deck = state["decks"]["3"]
    game.put(("truck_window",), depth + 1)  # what the player knows of its place (game/rules/hidden.py redraws by it)
    if depth == 0:
        game.append(("decks", "3"), truck)
    else:
        bottom = deck[-depth:] + [truck]
        game.rng.shuffle(bottom)
        game.put(("decks", "3"), deck[:-depth] + bottom)
    game.emit(EventKind.FIRE_TRUCK_SHUFFLED, "2.3",
              Msg("Morale is {band}: the fire truck card goes to the bottom of the deck", band=Msg(band))
              if depth == 0 else
              Msg("Morale is {band}: the fire truck card goes among the bottom {n} cards", band=Msg(band), n=depth),
              FireTruckShuffled(band=band, depth=depth))


def task_turn_start(game: Kernel) -> None:
    """3.0: a turn begins with its Enemy Phase (and at Veteran and Elite the Tactics cards of 8.1.2 / 8.2.2)."""
    state = game.state
    game.bump(("turn",), 1)
    game.bump(("attack_turn",), 1)
    game.put(("phase",), "enemy")
    game.reseed("turn")
    game.put(("drawn",), 0)
    game.put(("in_play",), [])
    game.emit(EventKind.PHASE_CHANGED, "3.0", Msg("Attack {attack}, turn {turn}: Enemy Phase", attack=state["attack"],
                                                  turn=state["attack_turn"]),
              PhaseChanged(phase="enemy", turn=state["turn"], attack=state["attack"], attack_turn=state["attack_turn"]))
    if state["difficulty"] in game.rules.tactics_modes:
        deal_tactics(game)
    game.push(["draw"])


def task_turn_end(game: Kernel) -> None:
    """2.1 / 2.2 Ending Attack 1 and 2, 2.3 Ending Attack 3, and 8.1.2 "Out of Tactics Cards?".

    An Attack ends at the end of the turn its last card was played. The exception: with an assault counter
    in the post office and a leader on the board, the discards are reshuffled into a deck and the Attack goes
    on; the Attack is then *extended* (``state["extended"]``) and, "until the end of a turn (after the
    Clearing Phase) when there are no assault counters in the post office OR until there are no leader
    assault counters on the board", it ends at the end of the first turn when either holds, whatever is left
    in its deck. An extended Attack whose reshuffled deck runs out again while both still hold is reshuffled
    again ("continue playing in this way")."""
    state = game.state
    attack = state["attack"]
    if attack == 3 and state["fire_truck_drawn"]:
        end_game(game, "fire_truck", "7.0")
        return
    inside, leader = counters_inside(game), leader_on_board(game)
    goes_on = bool(inside) and leader
    deck = state["decks"][str(attack)]
    if state["extended"] and not goes_on and attack != 3:
        game.emit(EventKind.EXTENSION_OVER, f"2.{attack}",
                  Msg("No assault counter is left inside the post office: the extended Attack {attack} ends",
                      attack=attack) if not inside else
                  Msg("No leader is left on the board: the extended Attack {attack} ends", attack=attack),
                  ExtensionOver(attack=attack, inside=inside, leader=leader, cards_left=len(deck)))
    elif deck:
        game.push(["turn_start"])
        return
    elif goes_on:
        pile = list(state["discards"][str(attack)])
        game.rng.shuffle(pile)
        game.put(("decks", str(attack)), pile)
        game.put(("discards", str(attack)), [])
        game.put(("extended",), True)
        game.emit(EventKind.DECK_RESHUFFLED, f"2.{attack}",
                  Msg("Assault counters are inside and a leader is on the board: the "
                                                     "Attack {attack} discards are reshuffled and the Attack goes on",
                                                     attack=attack),
                  DeckReshuffled(attack=attack, cards=len(pile)))
        if state["difficulty"] in game.rules.tactics_modes:
            reshuffle_tactics(game, attack)
        if pile:
            game.push(["turn_start"])
            return
    if attack == 3:
        end_game(game, "deck_exhausted", "7.0")
        return
    end_attack(game, attack)
    game.push(["turn_start"])
    game.push(["attack_setup", attack + 1])


def end_attack(game: Kernel, attack: int) -> None:
    """2.1/2.2: clear disrupted and exhausted, discard suppression tokens and all assault counters."""
    state = game.state
    for name, defender in state["defenders"].items():
        for marker in ("disrupted", "exhausted"):
            if defender[marker]:
                game.put(("defenders", name, marker), False)
    game.put(("suppression",), {})
    cleared = [c for c in state["counters"] if state["counters"][c]["type"] in game.rules.assault_types]
    for cid in cleared:
        ctype = state["counters"][cid]["type"]
        game.drop(("counters", cid))
        game.bump(("supply", ctype), 1)
    game.put(("spaces",), {})
    game.put(("interior",), {f: [] for f in game.rules.floors})
    game.put(("extended",), False)
    game.emit(EventKind.ATTACK_ENDED, f"2.{attack}",
              Msg("Attack {attack} ends: assault counters, suppression, disrupted and "
                                              "exhausted markers are cleared", attack=attack),
              AttackEnded(attack=attack, counters=cleared))
