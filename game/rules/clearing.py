"""5.0 The Clearing Phase: the assault counters inside the post office remove defenders (5.1-5.4)."""

from __future__ import annotations

from typing import Any

from game.i18n import Msg, Words, _
from game.rules.actions import Action
from game.rules.effects import casualty, tactic_applied
from game.rules.events import ClearingTarget, CounterChangedFloor, CounterEvent, PhaseChanged
from game.rules.kernel import Kernel
from game.rules.kinds import ActionKind, DecisionKind, EventKind
from game.rules.names import colour_name, defender_name, floor_words
from game.rules.queries import (
    Refusals,
    counters_inside,
    defenders_in,
    floor_defenders,
    pick_by_label,
    said_label,
    tactic_bonus,
)

CLEARING_FLOOR_ORDER = ("ground", "upper", "basement")  # 5.2


def task_clearing(game: Kernel) -> None:
    """5.0: the Clearing Phase, floor by floor (5.2: ground, upper, basement) when counters are inside."""
    game.put(("phase",), "clearing")
    game.reseed("clearing")
    game.emit(EventKind.PHASE_CHANGED, "5.0", Msg("Clearing Phase"),
              PhaseChanged(phase="clearing", turn=game.state["turn"], attack=game.state["attack"],
                           attack_turn=game.state["attack_turn"]))
    game.put(("moved_floor",), [])
    tasks: list[list[Any]] = []
    if counters_inside(game):
        for floor in CLEARING_FLOOR_ORDER:
            tasks.append(["clear_floor", floor])
        tasks.append(["clearing_end"])
    tasks.append(["after_clearing"])
    game.push_all(tasks)


def task_clear_floor(game: Kernel, floor: str) -> None:
    """5.2: submachine gunners, then riflemen, then leaders; disrupted counters do not act (5.1)."""
    state, rules = game.state, game.rules
    order = sorted(state["interior"][floor], key=lambda c: (rules.assault_types[state["counters"][c]["type"]]
                                                         .clearing_order, int(c[1:])))
    game.push_all([["clear_counter", cid, floor] for cid in order])


def task_clear_counter(game: Kernel, cid: str, floor: str) -> None:
    """5.1-5.3: one counter inside acts: a disrupted one does nothing (5.1); it clears its floor's interior
    first, else targets a coloured space by the Target table (5.2); with no defender on its floor it moves on (5.3)."""
    state, rules = game.state, game.rules
    if cid not in state["interior"][floor] or cid in state["moved_floor"]:
        return
    label = said_label(game, cid)
    if state["counters"][cid]["disrupted"]:
        game.emit(EventKind.COUNTER_IDLE, "5.1", Msg("The disrupted {unit} does not act", unit=label),
                  CounterEvent(counter=cid))
        return
    combat = rules.assault_types[state["counters"][cid]["type"]].combat
    extra, _cards = tactic_bonus(game, "clearing_combat")
    # the extra removals of a Tactics card ride along as a fifth task item (absent without one)
    removal: list[Any] = [combat + extra, cid, extra] if extra else [combat, cid]
    interior = f"{floor}:interior"
    if defenders_in(game, interior):
        game.push(["remove_defenders", interior, *removal])
        return
    if not floor_defenders(game, floor):
        nxt = rules.floors[floor].next_floor
        if nxt:
            game.remove(("interior", floor), cid)
            game.append(("interior", nxt), cid)
            game.append(("moved_floor",), cid)
            game.emit(EventKind.COUNTER_CHANGED_FLOOR, "5.3",
                      Msg("No defenders remain: the {unit} moves to the {floor}",
                          unit=label, floor=Words(floor_words, rules, nxt, "the")),
                      CounterChangedFloor(counter=cid, src=floor, floor=nxt))
        else:
            game.emit(EventKind.COUNTER_IDLE, "5.3", Msg("The {unit} finds no defender in the basement", unit=label),
                      CounterEvent(counter=cid))
        return
    fl = rules.floors[floor]
    occupied = [sp for sp in rules.floor_spaces[floor] if defenders_in(game, sp)]
    colours = [c for c in fl.colour_order() if any(c in rules.defender_spaces[sp].colours for sp in occupied)]
    if len(colours) == 1:
        colour = colours[0]
    else:
        rolled = fl.colour_for_face(game.d6(Msg("the {unit}'s Target table", unit=label), "5.2", "target_table"))
        order = list(fl.colour_order())
        i = order.index(rolled)
        higher = [c for c in order[i:] if c in colours]
        lower = [c for c in reversed(order[:i]) if c in colours]
        colour = (higher or lower)[0]
    candidates = [sp for sp in occupied if colour in rules.defender_spaces[sp].colours]
    if len(candidates) == 1:
        target = candidates[0]
    else:
        target = pick_by_label(game, candidates, game.d6(Msg("the {unit}'s target space", unit=label), "5.2",
                                                         "target_space"))
    game.emit(EventKind.CLEARING_TARGET, "5.2", Msg("The {unit} targets the {colour} space: {space}", unit=label,
                                                    colour=Words(colour_name, colour), space=game.said_where(target)),
              ClearingTarget(counter=cid, colour=colour, space=target))
    game.push(["remove_defenders", target, *removal])


def task_remove_defenders(game: Kernel, space: str, n: int, cid: str, extra: int = 0) -> None:
    """5.2: remove up to ``n`` defenders by the removal priority list; the player chooses among equals.
    The last ``extra`` of the ``n`` removals come from a Tactics card (``clearing_combat``)."""
    if n <= 0:
        return
    here = defenders_in(game, space)
    if not here:
        return
    prio = game.rules.defenders
    best = min(prio[x].priority for x in here)
    group = [x for x in here if prio[x].priority == best]
    tail = [extra] if extra else []
    if len(group) <= n:
        for i, name in enumerate(group):
            if n - i <= extra:
                note_clearing_tactic(game, cid)
            casualty(game, name, "5.2", Msg("removed by the {unit}", unit=said_label(game, cid)))
            if game.over:
                return
        game.push(["remove_defenders", space, n - len(group), cid, *tail])
        return
    game.push(["remove_defenders", space, n - 1, cid, *tail])
    if extra and n <= extra:
        game.decide(DecisionKind.CASUALTY, space=space, options=group, counter=cid, tactic=True)
    else:
        game.decide(DecisionKind.CASUALTY, space=space, options=group, counter=cid)


def note_clearing_tactic(game: Kernel, cid: str) -> None:
    _extra, cards = tactic_bonus(game, "clearing_combat")
    if cards:
        tactic_applied(game, cards, Msg("the {unit} removes one more defender", unit=said_label(game, cid)), "5.2")


def do_remove(game: Kernel, action: Action) -> None:
    """5.2: the player's choice of casualty among defenders of equal removal priority."""
    dec = game.state["decision"]
    game.decided()
    if dec.get("tactic"):
        note_clearing_tactic(game, dec["counter"])
    casualty(game, action.args[0], "5.2", Msg("removed by the {unit}", unit=said_label(game, dec["counter"])))


def task_clearing_end(game: Kernel) -> None:
    """5.4: remove the disrupted tokens from all enemy assault counters."""
    state = game.state
    for items in state["interior"].values():
        for cid in items:
            if state["counters"][cid]["disrupted"]:
                game.put(("counters", cid, "disrupted"), False)
                game.emit(EventKind.COUNTER_RECOVERED, "5.4", Msg("The {unit} recovers", unit=said_label(game, cid)),
                          CounterEvent(counter=cid))
    game.put(("moved_floor",), [])


def task_after_clearing(game: Kernel) -> None:
    """5.0 / 6.0: after the Clearing Phase the Escape Phase of Attack 3, or the end of the turn."""
    state = game.state
    game.push(["escape_start"] if state["attack"] == 3 else ["turn_end"])  # 6.0 in Attack 3, else the turn ends


def gen_remove(game: Kernel, why: Refusals | None = None) -> list[Action]:
    """5.2: the player chooses the casualty among defenders of equal priority."""
    if why is not None:
        why[("remove",)] = _("the casualty is one of {defenders}: the first in the removal priority (5.2)",
                             defenders=", ".join(defender_name(n) for n in game.state["decision"]["options"]))
    return [Action(ActionKind.REMOVE, (n,)) for n in game.state["decision"]["options"]]
