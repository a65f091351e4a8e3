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


def set_up(g: Kernel) -> None:
    s, r = g.state, g.rules
    for deck, ids in r.decks.items():
        pile = []
        for cid in ids:
            card = r.cards[cid]
            if card.type in ("grenade_bundle", "fire_truck"):
                g.append(("aside",), cid)  # Set up 2: kept face up near the board
            else:
                pile.append(cid)
        g.rng.shuffle(pile)
        g.put(("decks", str(deck)), pile)
    for name, d in r.defenders.items():
        g.put(("defenders", name), {"space": d.start, "status": "board", "exh": False, "dis": False,
                                    "moved": False, "acted": False})
    for wid, w in r.weapons.items():
        g.put(("tokens", wid), w.start)
    for i, space in enumerate(r.ammunition, start=1):
        g.put(("tokens", f"ammo{i}"), space)
    mode = r.tactics_modes.get(s["difficulty"])
    if mode is not None:
        # 8.1.2 / 8.2.2 Set up: shuffle each Tactics deck and remove cards from the game. Only difficulties
        # with Tactics cards draw these random numbers, so a Standard game is unchanged.
        for deck, ids in r.tactic_decks.items():
            pile = list(ids)
            g.rng.shuffle(pile)
            g.put(("tactics", "removed"), s["tactics"]["removed"] + pile[:mode.removed])
            g.put(("tactics", "decks", str(deck)), pile[mode.removed:])


def task_attack_setup(g: Kernel, attack: int) -> None:
    """2.1-2.3 (and the difficulty changes of 8.1.1 / 8.2.1 read from ``levels/setup.toml``)."""
    s, r = g.state, g.rules
    g.put(("attack",), attack)
    g.put(("attack_turn",), 0)
    g.reseed("setup")
    setup = r.setups[s["difficulty"]][attack]
    g.emit(EventKind.ATTACK_STARTED, f"2.{attack}", Msg("Attack {attack} begins", attack=attack),
           AttackStarted(attack=attack))
    for i, space in enumerate(setup.armored_cars, start=1):
        target = r.tracks[space].spaces[0]
        g.put(("cars", f"car{i}"), target)
        g.emit(EventKind.CAR_PLACED, f"2.{attack}", Msg("Armored car placed on {space}", space=g.said_where(target)),
               CarPlaced(car=f"car{i}", space=target))
    for b in setup.open_barriers:
        if b not in s["barriers_open"]:
            g.append(("barriers_open",), b)
            g.emit(EventKind.BARRIER_DESTROYED, "2.3", Msg("A barrier token is placed on barrier {barrier}", barrier=b),
                   BarrierDestroyed(barrier=b))
    for kind in setup.fill_support:
        for sid, sp in r.support_spaces.items():
            if sp.kind == kind and not s["support"].get(sid):
                place_support(g, sid, "8.2.1" if s["difficulty"] == "elite" else "8.1.1")
    for unit, spaces in setup.assault:
        for space in spaces:
            g.push(["place", unit, space, "", f"2.{attack}"])
    # Pushed tasks run last-in first-out: reverse the placements so they happen in the listed order.
    n = sum(len(sp) for _, sp in setup.assault)
    if n:
        s["tasks"][-n:] = list(reversed(s["tasks"][-n:]))
    if attack == 3:
        place_fire_truck(g)


def place_fire_truck(g: Kernel) -> None:
    """2.3: the fire truck goes to the bottom of Attack deck 3, or among its bottom 7 or 12 cards."""
    s, r = g.state, g.rules
    truck = next(c for c in s["aside"] if r.cards[c].type == "fire_truck")
    g.remove(("aside",), truck)
    band = r.band(s["morale"])
    depth = min(r.fire_truck_depth[band], len(s["decks"]["3"]))
    deck = s["decks"]["3"]
    g.put(("truck_window",), depth + 1)  # what the player knows of its place (game/rules/hidden.py redraws by it)
    if depth == 0:
        g.append(("decks", "3"), truck)
    else:
        bottom = deck[-depth:] + [truck]
        g.rng.shuffle(bottom)
        g.put(("decks", "3"), deck[:-depth] + bottom)
    g.emit(EventKind.FIRE_TRUCK_SHUFFLED, "2.3",
           Msg("Morale is {band}: the fire truck card goes to the bottom of the deck", band=Msg(band)) if depth == 0
           else Msg("Morale is {band}: the fire truck card goes among the bottom {n} cards", band=Msg(band), n=depth),
           FireTruckShuffled(band=band, depth=depth))


def task_turn_start(g: Kernel) -> None:
    """3.0: a turn begins with its Enemy Phase (and at Veteran and Elite the Tactics cards of 8.1.2 / 8.2.2)."""
    s = g.state
    g.bump(("turn",), 1)
    g.bump(("attack_turn",), 1)
    g.put(("phase",), "enemy")
    g.reseed("turn")
    g.put(("drawn",), 0)
    g.put(("in_play",), [])
    g.emit(EventKind.PHASE_CHANGED, "3.0", Msg("Attack {attack}, turn {turn}: Enemy Phase", attack=s["attack"],
                                       turn=s["attack_turn"]),
           PhaseChanged(phase="enemy", turn=s["turn"], attack=s["attack"], attack_turn=s["attack_turn"]))
    if s["difficulty"] in g.rules.tactics_modes:
        deal_tactics(g)
    g.push(["draw"])


def task_turn_end(g: Kernel) -> None:
    """2.1 / 2.2 Ending Attack 1 and 2, 2.3 Ending Attack 3, and 8.1.2 "Out of Tactics Cards?".

    An Attack ends at the end of the turn its last card was played. The exception: with an assault counter
    in the post office and a leader on the board, the discards are reshuffled into a deck and the Attack goes
    on; the Attack is then *extended* (``state["extended"]``) and, "until the end of a turn (after the
    Clearing Phase) when there are no assault counters in the post office OR until there are no leader
    assault counters on the board", it ends at the end of the first turn when either holds, whatever is left
    in its deck. An extended Attack whose reshuffled deck runs out again while both still hold is reshuffled
    again ("continue playing in this way")."""
    s = g.state
    attack = s["attack"]
    if attack == 3 and s["fire_truck_drawn"]:
        end_game(g, "fire_truck", "7.0")
        return
    inside, leader = counters_inside(g), leader_on_board(g)
    goes_on = bool(inside) and leader
    deck = s["decks"][str(attack)]
    if s["extended"] and not goes_on and attack != 3:
        g.emit(EventKind.EXTENSION_OVER, f"2.{attack}",
               Msg("No assault counter is left inside the post office: the extended Attack {attack} ends",
                   attack=attack) if not inside else
               Msg("No leader is left on the board: the extended Attack {attack} ends", attack=attack),
               ExtensionOver(attack=attack, inside=inside, leader=leader, cards_left=len(deck)))
    elif deck:
        g.push(["turn_start"])
        return
    elif goes_on:
        pile = list(s["discards"][str(attack)])
        g.rng.shuffle(pile)
        g.put(("decks", str(attack)), pile)
        g.put(("discards", str(attack)), [])
        g.put(("extended",), True)
        g.emit(EventKind.DECK_RESHUFFLED, f"2.{attack}",
               Msg("Assault counters are inside and a leader is on the board: the "
                                                     "Attack {attack} discards are reshuffled and the Attack goes on",
                                                     attack=attack),
               DeckReshuffled(attack=attack, cards=len(pile)))
        if s["difficulty"] in g.rules.tactics_modes:
            reshuffle_tactics(g, attack)
        if pile:
            g.push(["turn_start"])
            return
    if attack == 3:
        end_game(g, "deck_exhausted", "7.0")
        return
    end_attack(g, attack)
    g.push(["turn_start"])
    g.push(["attack_setup", attack + 1])


def end_attack(g: Kernel, attack: int) -> None:
    """2.1/2.2: clear disrupted and exhausted, discard suppression tokens and all assault counters."""
    s = g.state
    for name, d in s["defenders"].items():
        for marker in ("dis", "exh"):
            if d[marker]:
                g.put(("defenders", name, marker), False)
    g.put(("supp",), {})
    cleared = [c for c in s["counters"] if s["counters"][c]["type"] in g.rules.assault_types]
    for cid in cleared:
        ctype = s["counters"][cid]["type"]
        g.drop(("counters", cid))
        g.bump(("supply", ctype), 1)
    g.put(("spaces",), {})
    g.put(("interior",), {f: [] for f in g.rules.floors})
    g.put(("extended",), False)
    g.emit(EventKind.ATTACK_ENDED, f"2.{attack}",
           Msg("Attack {attack} ends: assault counters, suppression, disrupted and "
                                              "exhausted markers are cleared", attack=attack),
           AttackEnded(attack=attack, counters=cleared))
