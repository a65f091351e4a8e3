"""3.0 The Enemy Phase: the enemy cards, 3.1 assault counters on the tracks (placement, advance, barriers,
grenade bundles, armored cars, the breach), 3.2 support counters and 3.3 the howitzer."""

from __future__ import annotations

from game.i18n import Lazy, Msg, Words
from game.rules.changes import parent_of
from game.rules.data import TacticCard
from game.rules.effects import casualty, disrupt, new_counter, place_support, tactic_applied
from game.rules.events import (
    AttackMissed,
    BarrierDestroyed,
    Breach,
    BundleShuffled,
    CardRevealed,
    CarMoved,
    CounterAdvanced,
    CounterEntered,
    CounterEvent,
    CounterPlaced,
    CounterUnavailable,
    DefenseShifted,
    FireTruck,
    FloorDisrupted,
    NoTarget,
    SupportTargets,
    SuppressionDiscarded,
)
from game.rules.kernel import Kernel
from game.rules.kinds import DecisionKind, EventKind
from game.rules.names import a_counter, card_text, entrance_name, floor_words, tactic_names, unit_name
from game.rules.queries import (
    barrier_closed,
    car_at,
    counter_space,
    counter_type,
    defenders_in,
    extra_dice_note,
    pick_by_label,
    said_label,
    tactic_bonus,
    tactic_cards,
)

FLOOR_ORDER_HIGH_FIRST = ("upper", "ground", "basement")
CARDS_PER_ENEMY_PHASE = 5
REMOVED_AFTER_USE = ("leader", "howitzer", "grenade_bundle", "fire_truck")


def task_draw(g: Kernel) -> None:
    """3.0: resolve five enemy cards one at a time, or what is left of the deck ("Out of Cards?").

    DECISION: a grenade bundle shuffled in during the phase can still be drawn among the five."""
    s, r = g.state, g.rules
    deck = s["decks"][str(s["attack"])]
    limit = CARDS_PER_ENEMY_PHASE
    if s["drawn"] >= limit:
        extra, cards = tactic_bonus(g, "enemy_cards")
        limit += extra
        if s["drawn"] < limit and deck:
            tactic_applied(g, cards, Msg("enemy card {n} is resolved this Enemy Phase", n=s["drawn"] + 1), "3.0")
    if s["drawn"] >= limit or not deck:
        g.push(["enemy_end"])
        return
    cid = deck[0]
    attack = str(s["attack"])
    g.remove(("decks", attack), cid)
    g.bump(("drawn",), 1)
    g.reseed(f"card {s['drawn']}")
    g.append(("in_play",), cid)
    card = r.cards[cid]
    g.emit(EventKind.CARD_REVEALED, "3.0", Msg("Card {n}: {card}", n=s["drawn"], card=Words(card_text, r, card)),
           CardRevealed(card=cid, type=card.type, left=len(deck)))
    g.push(["draw"])
    if card.type == "assault":
        track = r.placement[g.placement_die(card.die)]
        g.push(["place", card.unit, track, "", "3.1"])
    elif card.type == "leader":
        g.push(["place", "leader", card.space, card.name, "3.1"])
    elif card.type == "grenade_bundle":
        g.push(["bundle", card.barrier])
    elif card.type == "support":
        g.push(["support", card.space])
    elif card.type == "howitzer":
        g.push_all([["howitzer", f] for f in FLOOR_ORDER_HIGH_FIRST])
    elif card.type == "fire_truck":
        g.put(("fire_truck_drawn",), True)
        g.emit(EventKind.FIRE_TRUCK, "2.3", Msg("The fire truck arrives: the game ends after this turn"), FireTruck())


def task_enemy_end(g: Kernel) -> None:
    """3.0: after the five cards, Leader, Howitzer and Grenade Bundle cards are removed, others discarded."""
    s, r = g.state, g.rules
    for cid in s["in_play"]:
        if r.cards[cid].type in REMOVED_AFTER_USE:
            g.append(("removed",), cid)
        else:
            g.append(("discards", str(s["attack"])), cid)
    g.put(("in_play",), [])
    g.push(["defense_start"])  # 4.0


def task_place(g: Kernel, unit: str, track: str, name: str, section: str) -> None:
    """3.1.1: place the assault counter on the placement space, then advance (3.1.2)."""
    cid = new_counter(g, unit, name)
    if cid is None:
        # DECISION: a counter type exhausted in the supply places nothing (the rulebook is silent).
        g.emit(EventKind.COUNTER_UNAVAILABLE, section,
               Msg("No {unit} left in the supply", unit=Words(unit_name, g.rules, unit, name)) if unit == "leader"
               else Msg("No {unit} counter left in the supply", unit=Words(unit_name, g.rules, unit, name)),
               CounterUnavailable(unit=unit))
        return
    space = g.rules.tracks[track].spaces[0]
    # Until the counters already there have advanced, the new counter is "in transit" to its space.
    g.put(("transit", cid), space)
    g.emit(EventKind.COUNTER_PLACED, section, Msg("{counter} is placed on track {track}",
                                          counter=Words(a_counter, g.rules, unit, name), track=track),
           CounterPlaced(counter=cid, unit=unit, name=name, space=space))
    if section == "3.1":
        extra, cards = tactic_bonus(g, "extra_advance")
        if extra:
            g.push(["tactic_advance", cid, extra])
    g.push(["enter", cid, space, ""])


def task_tactic_advance(g: Kernel, cid: str, left: int) -> None:
    """Tactics card effect ``extra_advance``: the counter just placed advances one more space (3.1.2), pushing
    as usual; it cannot pass a standing barrier."""
    s, r = g.state, g.rules
    if cid not in s["counters"] or left <= 0:
        return
    space = counter_space(g, cid)
    if space not in s["spaces"] or s["spaces"][space][-1] != cid or barrier_closed(g, space):
        return
    nxt = r.track_spaces[space].next
    _, cards = tactic_bonus(g, "extra_advance")
    tactic_applied(g, cards, Msg("the {unit} advances one extra space from {space}", unit=said_label(g, cid),
                                 space=g.said_where(space)), "3.1.2")
    if left > 1:
        g.push(["tactic_advance", cid, left - 1])
    if not nxt:
        g.push(["breach", cid, space])
        return
    here_car = car_at(g, space)
    moves_car = bool(here_car) and r.track_spaces[space].barrier == 0 and not car_at(g, nxt)
    g.push(["enter_with_car", cid, nxt, space, here_car if moves_car else ""])


def task_enter(g: Kernel, cid: str, space: str, src: str) -> None:
    """3.1.2: a counter moves into ``space``; a counter already there advances first (the push chain), unless
    the space is adjacent to a standing barrier, where counters stack."""
    if cid in g.state["counters"]:
        task_enter_with_car(g, cid, space, src, "")


def task_enter_with_car(g: Kernel, cid: str, space: str, src: str, car: str) -> None:
    """As :meth:`_t_enter`, with ``car`` (if any) moving along with the counter (3.1 armored cars)."""
    stack = g.state["spaces"].get(space, [])
    g.push(["land", cid, space, src, car])
    if stack and not barrier_closed(g, space):
        occupant = stack[-1]
        nxt = g.rules.track_spaces[space].next
        here_car = car_at(g, space)
        # the car moves with its counter until barrier 4 or the other car stops it
        moves_car = bool(here_car) and g.rules.track_spaces[space].barrier == 0 and nxt != "" \
            and not car_at(g, nxt)
        if nxt:
            g.push(["enter_with_car", occupant, nxt, space, here_car if moves_car else ""])
        else:
            g.push(["breach", occupant, space])


def task_land(g: Kernel, cid: str, space: str, src: str, car: str) -> None:
    """3.1.2 / 4.2.2: the counter lands on ``space`` (its armored car with it, which drives over suppression
    tokens, 3.1); suppression tokens there first ask the player how many to spend."""
    s = g.state
    if cid not in s["counters"]:
        return
    tokens = s["supp"].get(space, 0)
    if car:
        g.put(("cars", car), space)
        g.emit(EventKind.CAR_MOVED, "3.1", Msg("The armored car advances to {space}", space=g.said_where(space)),
               CarMoved(car=car, src=src, space=space))
        if tokens:
            g.drop(("supp", space))
            g.emit(EventKind.SUPPRESSION_DISCARDED, "3.1",
                   Msg("The armored car drives over {n} suppression tokens: discarded", n=tokens),
                   SuppressionDiscarded(space=space, tokens=tokens))
            tokens = 0
    if tokens:
        # 4.2.2: the player decides how many suppression tokens to use before rolling.
        g.push(["arrive", cid, space, src])
        g.decide(DecisionKind.SUPPRESSION, counter=cid, space=space, tokens=tokens, src=src,
                     defense=g.rules.assault_types[counter_type(g, cid)].defense)
        return
    arrive(g, cid, space, src)


def task_arrive(g: Kernel, cid: str, space: str, src: str) -> None:
    """3.1.2: the counter arrives once the suppression decision let it through (4.2.2)."""
    if cid in g.state["counters"]:
        arrive(g, cid, space, src)


def arrive(g: Kernel, cid: str, space: str, src: str) -> None:
    s, r = g.state, g.rules
    if cid in s["transit"]:
        g.drop(("transit", cid))
    if src:
        g.remove(("spaces", src), cid)
        if not s["spaces"][src]:
            g.drop(("spaces", src))
    g.append(("spaces", space), cid)
    stack = s["spaces"][space]
    said = Msg("The {unit} stacks at the barrier on {space}", unit=said_label(g, cid), space=g.said_where(space)) \
        if len(stack) > 1 else Msg("The {unit} moves to {space}", unit=said_label(g, cid), space=g.said_where(space))
    g.emit(EventKind.COUNTER_ADVANCED, "3.1.2", said,
           CounterAdvanced(counter=cid, src=src, space=space, stacked=len(stack) > 1))
    barrier = r.track_spaces[space].barrier
    if barrier and barrier not in s["barriers_open"] and barrier not in s["bundles_shuffled"]:
        shuffle_in_bundle(g, barrier)
    if barrier and barrier not in s["barriers_open"]:
        blasts = tactic_cards(g, "barrier_blast")
        if blasts:
            blast(g, barrier, blasts)


def blast(g: Kernel, barrier: int, cards: list[TacticCard]) -> None:
    """Tactics card effect ``barrier_blast``: a die for a counter reaching a standing barrier; on one of the
    card's faces the barrier is destroyed as by its grenade bundle (3.1), whose card is then removed.
    DECISION: two such cards in play still roll one die, hitting on either card's faces."""
    s = g.state
    faces = sorted({f for c in cards for f in c.faces})
    roll = g.d6(Msg("{card} at barrier {barrier} (destroyed on {faces})", card=Words(tactic_names, (cards[0].name,)),
                    barrier=barrier, faces=", ".join(map(str, faces))), "3.1", "barrier")
    if roll not in faces:
        return
    g.append(("barriers_open",), barrier)
    for path in (("decks", str(s["attack"])), ("aside",)):
        pile = parent_of(s, path)[path[-1]]
        for cid in [c for c in pile if g.rules.cards[c].type == "grenade_bundle"
                    and g.rules.cards[c].barrier == barrier]:
            g.remove(path, cid)
            g.append(("removed",), cid)
    tactic_applied(g, cards, Msg("barrier {barrier} is blown open", barrier=barrier), "3.1")
    g.emit(EventKind.BARRIER_DESTROYED, "3.1", Msg("Barrier {barrier} is destroyed", barrier=barrier),
           BarrierDestroyed(barrier=barrier))
    g.push(["release", barrier])


def shuffle_in_bundle(g: Kernel, barrier: int) -> None:
    """3.1: the first time a counter reaches a barrier, its grenade bundle card is shuffled into the deck.

    DECISION: the card goes to a random position, so the deck's other cards keep their order (this keeps
    the fire truck placement of 2.3 intact in Attack 3)."""
    s, r = g.state, g.rules
    g.append(("bundles_shuffled",), barrier)
    card = next((c for c in s["aside"] if r.cards[c].barrier == barrier and r.cards[c].type ==
                 "grenade_bundle"), None)
    if card is None:
        return
    g.remove(("aside",), card)
    attack = str(s["attack"])
    g.insert(("decks", attack), g.rng.below(len(s["decks"][attack]) + 1), card)
    g.emit(EventKind.BUNDLE_SHUFFLED, "3.1",
           Msg("A counter reached barrier {barrier}: its grenade bundle card is shuffled "
                                         "into the Attack {attack} deck", barrier=barrier, attack=s["attack"]),
           BundleShuffled(barrier=barrier, card=card))


def task_bundle(g: Kernel, barrier: int) -> None:
    """3.1 Barriers and Grenade Bundles: the barrier is destroyed and its stack advances from the top."""
    s = g.state
    if barrier not in s["barriers_open"]:
        g.append(("barriers_open",), barrier)
    g.emit(EventKind.BARRIER_DESTROYED, "3.1", Msg("Grenade bundle: barrier {barrier} is destroyed", barrier=barrier),
           BarrierDestroyed(barrier=barrier))
    g.push(["release", barrier])


def task_release(g: Kernel, barrier: int) -> None:
    """3.1 Barriers and Grenade Bundles: once the barrier is destroyed, the stack waiting at it advances one
    counter at a time from the top."""
    space = g.rules.barrier_space[barrier]
    stack = g.state["spaces"].get(space, [])
    if len(stack) <= 1:
        return
    top = stack[-1]
    g.push(["release", barrier])
    nxt = g.rules.track_spaces[space].next
    if nxt:
        g.push(["enter", top, nxt, space])
    else:
        g.push(["breach", top, space])


def task_breach(g: Kernel, cid: str, src: str) -> None:
    """3.1.2 Breaching the Post Office: casualties at the front, rear and basement entrances; the counter is
    placed in the interior space of the entrance's floor."""
    s, r = g.state, g.rules
    if cid not in s["counters"]:
        return
    entrance = r.entrances[r.track_spaces[src].entrance]
    g.remove(("spaces", src), cid)
    if not s["spaces"][src]:
        g.drop(("spaces", src))
    g.append(("interior", entrance.floor), cid)  # on the board throughout, even if morale breaks below
    g.emit(EventKind.BREACH, "3.1.2", Msg("The {unit} breaches {entrance}", unit=said_label(g, cid),
                                  entrance=Words(entrance_name, entrance.id)),
           Breach(counter=cid, src=src, entrance=entrance.id, floor=entrance.floor))
    if entrance.kills:
        for name in defenders_in(g, entrance.kills):
            casualty(g, name, "3.1.2", Msg("killed at the breached entrance"))
            if g.over:
                return
    interior = f"{entrance.floor}:interior"
    g.emit(EventKind.COUNTER_ENTERED, "3.1.2", Msg("The {unit} enters {space}", unit=said_label(g, cid),
                                           space=g.said_where(interior)),
           CounterEntered(counter=cid, floor=entrance.floor, space=interior))


def task_support(g: Kernel, space: str) -> None:
    """3.2.1 place a support counter (if possible), 3.2.2 activate the top counter."""
    place_support(g, space, "3.2.1")
    stack = g.state["support"].get(space)
    if not stack:
        return
    top = stack[-1]
    if g.rules.support_spaces[space].kind == "ig":
        infantry_gun(g, top)
    else:
        machine_gunner(g, top, space)


def infantry_gun(g: Kernel, cid: str) -> None:
    """3.2.2 Infantry Guns: attack the upper floors."""
    combat = g.rules.support_types[counter_type(g, cid)].combat
    bombard(g, "upper", combat, "3.2.2", said_label(g, cid), tactic_bonus(g, "support_dice"))


def task_howitzer(g: Kernel, floor: str) -> None:
    """3.3: four dice against each floor."""
    bombard(g, floor, 4, "3.3", Msg("howitzer"), tactic_bonus(g, "support_dice"))


def bombard(g: Kernel, floor: str, dice: int, section: str, unit: str | Lazy,
            bonus: tuple[int, list[TacticCard]] = (0, [])) -> None:
    """3.2.2, 3.3: ``dice`` against the floor's defense, fired by ``unit`` (words said after "the")."""
    s, r = g.state, g.rules
    track = r.floors[floor].defense
    index = s["defense"][floor]
    defense = track[index]
    extra, cards = bonus
    values = g.dice(dice + extra, Msg("the {unit} against the {floor} (defense {defense}){extra}", unit=unit,
                                      floor=Words(floor_words, r, floor, "the"), defense=defense,
                                      extra=extra_dice_note(extra, cards)), section, defense, "bombardment")
    if max(values) < defense:
        g.emit(EventKind.ATTACK_MISSED, section, Msg("No die reaches {defense}: no effect", defense=defense),
               AttackMissed(floor=floor))
        return
    if extra and max(values[:dice]) < defense:
        tactic_applied(g, cards, Msg("the extra die of the {unit} hits", unit=unit), section)
    if index + 1 < len(track):
        g.put(("defense", floor), index + 1)
        g.emit(EventKind.DEFENSE_SHIFTED, section, Msg("The {floor} defense drops to {value}",
                                               floor=Words(floor_words, r, floor, "of the"), value=track[index + 1]),
               DefenseShifted(floor=floor, index=index + 1, value=track[index + 1]))
        return
    g.emit(EventKind.FLOOR_DISRUPTED, section,
           Msg("The {floor} defense is at its lowest: everyone on the floor is disrupted",
                                           floor=Words(floor_words, r, floor, "of the")), FloorDisrupted(floor=floor))
    for cid in s["interior"][floor]:
        if not s["counters"][cid]["dis"]:
            g.put(("counters", cid, "dis"), True)
            g.emit(EventKind.COUNTER_DISRUPTED, section, Msg("The {unit} is disrupted", unit=said_label(g, cid)),
                   CounterEvent(counter=cid))
    for name in [n for n, d in s["defenders"].items() if d["status"] == "board"
                 and r.floor_of(d["space"]) == floor]:
        disrupt(g, name, section)
        if g.over:
            return


def machine_gunner(g: Kernel, cid: str, sspace: str) -> None:
    """3.2.2 Machine Gunners: the highest floor with a defender in line of sight, a die picks the space."""
    s, r = g.state, g.rules
    combat = r.support_types[counter_type(g, cid)].combat
    for floor in FLOOR_ORDER_HIGH_FIRST:
        seen = [sp for sp in r.floor_spaces[floor] if r.sees(sspace, sp)]
        occupied = [sp for sp in seen if defenders_in(g, sp)]
        if occupied:
            break
    else:
        g.emit(EventKind.NO_TARGET, "3.2.2", Msg("The {unit} in {space} sees no defender", unit=said_label(g, cid),
                                         space=g.said_where(sspace)),
               NoTarget(counter=cid, space=sspace))
        return
    roll = g.d6(Msg("the {unit}'s target space", unit=said_label(g, cid)), "3.2.2", "target_space")
    target = pick_by_label(g, occupied, roll)
    defense = r.floors[floor].defense[s["defense"][floor]]
    g.emit(EventKind.SUPPORT_TARGETS, "3.2.2", Msg("The {unit} in {space} fires at {target}", unit=said_label(g, cid),
                                           space=g.said_where(sspace), target=g.said_where(target)),
           SupportTargets(counter=cid, space=sspace, target=target))
    extra, cards = tactic_bonus(g, "support_dice")
    values = g.dice(combat + extra, Msg("the {unit} (defense {defense}){extra}", unit=said_label(g, cid),
                                        defense=defense, extra=extra_dice_note(extra, cards)), "3.2.2", defense,
                    "support_fire")
    if max(values) < defense:
        g.emit(EventKind.ATTACK_MISSED, "3.2.2", Msg("No die reaches {defense}: the disruption attempt fails",
                                                     defense=defense),
               AttackMissed(counter=cid, space=target))
        return
    if extra and max(values[:combat]) < defense:
        tactic_applied(g, cards, Msg("the extra die of the {unit} hits", unit=said_label(g, cid)), "3.2.2")
    for name in defenders_in(g, target):
        disrupt(g, name, "3.2.2")
        if g.over:
            return
