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


def task_draw(game: Kernel) -> None:
    """3.0: resolve five enemy cards one at a time, or what is left of the deck ("Out of Cards?").

    DECISION: a grenade bundle shuffled in during the phase can still be drawn among the five."""
    state, rules = game.state, game.rules
    deck = state["decks"][str(state["attack"])]
    limit = CARDS_PER_ENEMY_PHASE
    if state["drawn"] >= limit:
        extra, cards = tactic_bonus(game, "enemy_cards")
        limit += extra
        if state["drawn"] < limit and deck:
            tactic_applied(game, cards, Msg("enemy card {n} is resolved this Enemy Phase", n=state["drawn"] + 1), "3.0")
    if state["drawn"] >= limit or not deck:
        game.push(["enemy_end"])
        return
    cid = deck[0]
    attack = str(state["attack"])
    game.remove(("decks", attack), cid)
    game.bump(("drawn",), 1)
    game.reseed(f"card {state['drawn']}")
    game.append(("in_play",), cid)
    card = rules.cards[cid]
    game.emit(EventKind.CARD_REVEALED, "3.0",
              Msg("Card {n}: {card}", n=state["drawn"], card=Words(card_text, rules, card)),
              CardRevealed(card=cid, type=card.type, left=len(deck)))
    game.push(["draw"])
    if card.type == "assault":
        track = rules.placement[game.placement_die(card.die)]
        game.push(["place", card.unit, track, "", "3.1"])
    elif card.type == "leader":
        game.push(["place", "leader", card.space, card.name, "3.1"])
    elif card.type == "grenade_bundle":
        game.push(["bundle", card.barrier])
    elif card.type == "support":
        game.push(["support", card.space])
    elif card.type == "howitzer":
        game.push_all([["howitzer", f] for f in FLOOR_ORDER_HIGH_FIRST])
    elif card.type == "fire_truck":
        game.put(("fire_truck_drawn",), True)
        game.emit(EventKind.FIRE_TRUCK, "2.3", Msg("The fire truck arrives: the game ends after this turn"),
                  FireTruck())


def task_enemy_end(game: Kernel) -> None:
    """3.0: after the five cards, Leader, Howitzer and Grenade Bundle cards are removed, others discarded."""
    state, rules = game.state, game.rules
    for cid in state["in_play"]:
        if rules.cards[cid].type in REMOVED_AFTER_USE:
            game.append(("removed",), cid)
        else:
            game.append(("discards", str(state["attack"])), cid)
    game.put(("in_play",), [])
    game.push(["defense_start"])  # 4.0


def task_place(game: Kernel, unit: str, track: str, name: str, section: str) -> None:
    """3.1.1: place the assault counter on the placement space, then advance (3.1.2)."""
    cid = new_counter(game, unit, name)
    if cid is None:
        # DECISION: a counter type exhausted in the supply places nothing (the rulebook is silent).
        game.emit(EventKind.COUNTER_UNAVAILABLE, section,
                  Msg("No {unit} left in the supply", unit=Words(unit_name, game.rules, unit, name)) if unit == "leader"
                  else Msg("No {unit} counter left in the supply", unit=Words(unit_name, game.rules, unit, name)),
                  CounterUnavailable(unit=unit))
        return
    space = game.rules.tracks[track].spaces[0]
    # Until the counters already there have advanced, the new counter is "in transit" to its space.
    game.put(("transit", cid), space)
    game.emit(EventKind.COUNTER_PLACED, section, Msg("{counter} is placed on track {track}",
                                                     counter=Words(a_counter, game.rules, unit, name), track=track),
              CounterPlaced(counter=cid, unit=unit, name=name, space=space))
    if section == "3.1":
        extra, cards = tactic_bonus(game, "extra_advance")
        if extra:
            game.push(["tactic_advance", cid, extra])
    game.push(["enter", cid, space, ""])


def task_tactic_advance(game: Kernel, cid: str, left: int) -> None:
    """Tactics card effect ``extra_advance``: the counter just placed advances one more space (3.1.2), pushing
    as usual; it cannot pass a standing barrier."""
    state, rules = game.state, game.rules
    if cid not in state["counters"] or left <= 0:
        return
    space = counter_space(game, cid)
    if space not in state["spaces"] or state["spaces"][space][-1] != cid or barrier_closed(game, space):
        return
    nxt = rules.track_spaces[space].next
    _, cards = tactic_bonus(game, "extra_advance")
    tactic_applied(game, cards, Msg("the {unit} advances one extra space from {space}", unit=said_label(game, cid),
                                    space=game.said_where(space)), "3.1.2")
    if left > 1:
        game.push(["tactic_advance", cid, left - 1])
    if not nxt:
        game.push(["breach", cid, space])
        return
    here_car = car_at(game, space)
    moves_car = bool(here_car) and rules.track_spaces[space].barrier == 0 and not car_at(game, nxt)
    game.push(["enter_with_car", cid, nxt, space, here_car if moves_car else ""])


def task_enter(game: Kernel, cid: str, space: str, src: str) -> None:
    """3.1.2: a counter moves into ``space``; a counter already there advances first (the push chain), unless
    the space is adjacent to a standing barrier, where counters stack."""
    if cid in game.state["counters"]:
        task_enter_with_car(game, cid, space, src, "")


def task_enter_with_car(game: Kernel, cid: str, space: str, src: str, car: str) -> None:
    """As :meth:`_t_enter`, with ``car`` (if any) moving along with the counter (3.1 armored cars)."""
    stack = game.state["spaces"].get(space, [])
    game.push(["land", cid, space, src, car])
    if stack and not barrier_closed(game, space):
        occupant = stack[-1]
        nxt = game.rules.track_spaces[space].next
        here_car = car_at(game, space)
        # the car moves with its counter until barrier 4 or the other car stops it
        moves_car = bool(here_car) and game.rules.track_spaces[space].barrier == 0 and nxt != "" \
            and not car_at(game, nxt)
        if nxt:
            game.push(["enter_with_car", occupant, nxt, space, here_car if moves_car else ""])
        else:
            game.push(["breach", occupant, space])


def task_land(game: Kernel, cid: str, space: str, src: str, car: str) -> None:
    """3.1.2 / 4.2.2: the counter lands on ``space`` (its armored car with it, which drives over suppression
    tokens, 3.1); suppression tokens there first ask the player how many to spend."""
    state = game.state
    if cid not in state["counters"]:
        return
    tokens = state["suppression"].get(space, 0)
    if car:
        game.put(("cars", car), space)
        game.emit(EventKind.CAR_MOVED, "3.1", Msg("The armored car advances to {space}", space=game.said_where(space)),
                  CarMoved(car=car, src=src, space=space))
        if tokens:
            game.drop(("suppression", space))
            game.emit(EventKind.SUPPRESSION_DISCARDED, "3.1",
                      Msg("The armored car drives over {n} suppression tokens: discarded", n=tokens),
                      SuppressionDiscarded(space=space, tokens=tokens))
            tokens = 0
    if tokens:
        # 4.2.2: the player decides how many suppression tokens to use before rolling.
        game.push(["arrive", cid, space, src])
        game.decide(DecisionKind.SUPPRESSION, counter=cid, space=space, tokens=tokens, src=src,
                    defense=game.rules.assault_types[counter_type(game, cid)].defense)
        return
    arrive(game, cid, space, src)


def task_arrive(game: Kernel, cid: str, space: str, src: str) -> None:
    """3.1.2: the counter arrives once the suppression decision let it through (4.2.2)."""
    if cid in game.state["counters"]:
        arrive(game, cid, space, src)


def arrive(game: Kernel, cid: str, space: str, src: str) -> None:
    state, rules = game.state, game.rules
    if cid in state["transit"]:
        game.drop(("transit", cid))
    if src:
        game.remove(("spaces", src), cid)
        if not state["spaces"][src]:
            game.drop(("spaces", src))
    game.append(("spaces", space), cid)
    stack = state["spaces"][space]
    said = Msg("The {unit} stacks at the barrier on {space}", unit=said_label(game, cid),
               space=game.said_where(space)) \
        if len(stack) > 1 else Msg("The {unit} moves to {space}", unit=said_label(game, cid),
                                   space=game.said_where(space))
    game.emit(EventKind.COUNTER_ADVANCED, "3.1.2", said,
              CounterAdvanced(counter=cid, src=src, space=space, stacked=len(stack) > 1))
    barrier = rules.track_spaces[space].barrier
    if barrier and barrier not in state["barriers_open"] and barrier not in state["bundles_shuffled"]:
        shuffle_in_bundle(game, barrier)
    if barrier and barrier not in state["barriers_open"]:
        blasts = tactic_cards(game, "barrier_blast")
        if blasts:
            blast(game, barrier, blasts)


def blast(game: Kernel, barrier: int, cards: list[TacticCard]) -> None:
    """Tactics card effect ``barrier_blast``: a die for a counter reaching a standing barrier; on one of the
    card's faces the barrier is destroyed as by its grenade bundle (3.1), whose card is then removed.
    DECISION: two such cards in play still roll one die, hitting on either card's faces."""
    state = game.state
    faces = sorted({f for c in cards for f in c.faces})
    roll = game.d6(Msg("{card} at barrier {barrier} (destroyed on {faces})", card=Words(tactic_names, (cards[0].name,)),
                       barrier=barrier, faces=", ".join(map(str, faces))), "3.1", "barrier")
    if roll not in faces:
        return
    game.append(("barriers_open",), barrier)
    for path in (("decks", str(state["attack"])), ("aside",)):
        pile = parent_of(state, path)[path[-1]]
        for cid in [c for c in pile if game.rules.cards[c].type == "grenade_bundle"
                    and game.rules.cards[c].barrier == barrier]:
            game.remove(path, cid)
            game.append(("removed",), cid)
    tactic_applied(game, cards, Msg("barrier {barrier} is blown open", barrier=barrier), "3.1")
    game.emit(EventKind.BARRIER_DESTROYED, "3.1", Msg("Barrier {barrier} is destroyed", barrier=barrier),
              BarrierDestroyed(barrier=barrier))
    game.push(["release", barrier])


def shuffle_in_bundle(game: Kernel, barrier: int) -> None:
    """3.1: the first time a counter reaches a barrier, its grenade bundle card is shuffled into the deck.

    DECISION: the card goes to a random position, so the deck's other cards keep their order (this keeps
    the fire truck placement of 2.3 intact in Attack 3)."""
    state, rules = game.state, game.rules
    game.append(("bundles_shuffled",), barrier)
    card = next((c for c in state["aside"] if rules.cards[c].barrier == barrier and rules.cards[c].type ==
                 "grenade_bundle"), None)
    if card is None:
        return
    game.remove(("aside",), card)
    attack = str(state["attack"])
    game.insert(("decks", attack), game.rng.below(len(state["decks"][attack]) + 1), card)
    game.emit(EventKind.BUNDLE_SHUFFLED, "3.1",
              Msg("A counter reached barrier {barrier}: its grenade bundle card is shuffled "
                                         "into the Attack {attack} deck", barrier=barrier, attack=state["attack"]),
              BundleShuffled(barrier=barrier, card=card))


def task_bundle(game: Kernel, barrier: int) -> None:
    """3.1 Barriers and Grenade Bundles: the barrier is destroyed and its stack advances from the top."""
    state = game.state
    if barrier not in state["barriers_open"]:
        game.append(("barriers_open",), barrier)
    game.emit(EventKind.BARRIER_DESTROYED, "3.1", Msg("Grenade bundle: barrier {barrier} is destroyed",
                                                      barrier=barrier),
              BarrierDestroyed(barrier=barrier))
    game.push(["release", barrier])


def task_release(game: Kernel, barrier: int) -> None:
    """3.1 Barriers and Grenade Bundles: once the barrier is destroyed, the stack waiting at it advances one
    counter at a time from the top."""
    space = game.rules.barrier_space[barrier]
    stack = game.state["spaces"].get(space, [])
    if len(stack) <= 1:
        return
    top = stack[-1]
    game.push(["release", barrier])
    nxt = game.rules.track_spaces[space].next
    if nxt:
        game.push(["enter", top, nxt, space])
    else:
        game.push(["breach", top, space])


def task_breach(game: Kernel, cid: str, src: str) -> None:
    """3.1.2 Breaching the Post Office: casualties at the front, rear and basement entrances; the counter is
    placed in the interior space of the entrance's floor."""
    state, rules = game.state, game.rules
    if cid not in state["counters"]:
        return
    entrance = rules.entrances[rules.track_spaces[src].entrance]
    game.remove(("spaces", src), cid)
    if not state["spaces"][src]:
        game.drop(("spaces", src))
    game.append(("interior", entrance.floor), cid)  # on the board throughout, even if morale breaks below
    game.emit(EventKind.BREACH, "3.1.2", Msg("The {unit} breaches {entrance}", unit=said_label(game, cid),
                                  entrance=Words(entrance_name, entrance.id)),
              Breach(counter=cid, src=src, entrance=entrance.id, floor=entrance.floor))
    if entrance.kills:
        for name in defenders_in(game, entrance.kills):
            casualty(game, name, "3.1.2", Msg("killed at the breached entrance"))
            if game.over:
                return
    interior = f"{entrance.floor}:interior"
    game.emit(EventKind.COUNTER_ENTERED, "3.1.2", Msg("The {unit} enters {space}", unit=said_label(game, cid),
                                                      space=game.said_where(interior)),
              CounterEntered(counter=cid, floor=entrance.floor, space=interior))


def task_support(game: Kernel, space: str) -> None:
    """3.2.1 place a support counter (if possible), 3.2.2 activate the top counter."""
    place_support(game, space, "3.2.1")
    stack = game.state["support"].get(space)
    if not stack:
        return
    top = stack[-1]
    if game.rules.support_spaces[space].kind == "ig":
        infantry_gun(game, top)
    else:
        machine_gunner(game, top, space)


def infantry_gun(game: Kernel, cid: str) -> None:
    """3.2.2 Infantry Guns: attack the upper floors."""
    combat = game.rules.support_types[counter_type(game, cid)].combat
    bombard(game, "upper", combat, "3.2.2", said_label(game, cid), tactic_bonus(game, "support_dice"))


def task_howitzer(game: Kernel, floor: str) -> None:
    """3.3: four dice against each floor."""
    bombard(game, floor, 4, "3.3", Msg("howitzer"), tactic_bonus(game, "support_dice"))


def bombard(game: Kernel, floor: str, dice: int, section: str, unit: str | Lazy,
            bonus: tuple[int, list[TacticCard]] = (0, [])) -> None:
    """3.2.2, 3.3: ``dice`` against the floor's defense, fired by ``unit`` (words said after "the")."""
    state, rules = game.state, game.rules
    track = rules.floors[floor].defense
    index = state["defense"][floor]
    defense = track[index]
    extra, cards = bonus
    values = game.dice(dice + extra, Msg("the {unit} against the {floor} (defense {defense}){extra}", unit=unit,
                                         floor=Words(floor_words, rules, floor, "the"), defense=defense,
                                         extra=extra_dice_note(extra, cards)), section, defense, "bombardment")
    if max(values) < defense:
        game.emit(EventKind.ATTACK_MISSED, section, Msg("No die reaches {defense}: no effect", defense=defense),
                  AttackMissed(floor=floor))
        return
    if extra and max(values[:dice]) < defense:
        tactic_applied(game, cards, Msg("the extra die of the {unit} hits", unit=unit), section)
    if index + 1 < len(track):
        game.put(("defense", floor), index + 1)
        game.emit(EventKind.DEFENSE_SHIFTED, section,
                  Msg("The {floor} defense drops to {value}", floor=Words(floor_words, rules, floor, "of the"),
                      value=track[index + 1]),
                  DefenseShifted(floor=floor, index=index + 1, value=track[index + 1]))
        return
    game.emit(EventKind.FLOOR_DISRUPTED, section,
              Msg("The {floor} defense is at its lowest: everyone on the floor is disrupted",
                  floor=Words(floor_words, rules, floor, "of the")),
              FloorDisrupted(floor=floor))
    for cid in state["interior"][floor]:
        if not state["counters"][cid]["disrupted"]:
            game.put(("counters", cid, "disrupted"), True)
            game.emit(EventKind.COUNTER_DISRUPTED, section, Msg("The {unit} is disrupted", unit=said_label(game, cid)),
                      CounterEvent(counter=cid))
    for name in [n for n, defender in state["defenders"].items() if defender["status"] == "board"
                 and rules.floor_of(defender["space"]) == floor]:
        disrupt(game, name, section)
        if game.over:
            return


def machine_gunner(game: Kernel, cid: str, sspace: str) -> None:
    """3.2.2 Machine Gunners: the highest floor with a defender in line of sight, a die picks the space."""
    state, rules = game.state, game.rules
    combat = rules.support_types[counter_type(game, cid)].combat
    for floor in FLOOR_ORDER_HIGH_FIRST:
        seen = [sp for sp in rules.floor_spaces[floor] if rules.sees(sspace, sp)]
        occupied = [sp for sp in seen if defenders_in(game, sp)]
        if occupied:
            break
    else:
        game.emit(EventKind.NO_TARGET, "3.2.2",
                  Msg("The {unit} in {space} sees no defender", unit=said_label(game, cid),
                      space=game.said_where(sspace)),
                  NoTarget(counter=cid, space=sspace))
        return
    roll = game.d6(Msg("the {unit}'s target space", unit=said_label(game, cid)), "3.2.2", "target_space")
    target = pick_by_label(game, occupied, roll)
    defense = rules.floors[floor].defense[state["defense"][floor]]
    game.emit(EventKind.SUPPORT_TARGETS, "3.2.2",
              Msg("The {unit} in {space} fires at {target}", unit=said_label(game, cid),
                  space=game.said_where(sspace), target=game.said_where(target)),
              SupportTargets(counter=cid, space=sspace, target=target))
    extra, cards = tactic_bonus(game, "support_dice")
    values = game.dice(combat + extra, Msg("the {unit} (defense {defense}){extra}", unit=said_label(game, cid),
                                           defense=defense, extra=extra_dice_note(extra, cards)), "3.2.2", defense,
                       "support_fire")
    if max(values) < defense:
        game.emit(EventKind.ATTACK_MISSED, "3.2.2", Msg("No die reaches {defense}: the disruption attempt fails",
                                                        defense=defense),
                  AttackMissed(counter=cid, space=target))
        return
    if extra and max(values[:combat]) < defense:
        tactic_applied(game, cards, Msg("the extra die of the {unit} hits", unit=said_label(game, cid)), "3.2.2")
    for name in defenders_in(game, target):
        disrupt(game, name, "3.2.2")
        if game.over:
            return
