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


def task_clearing(g: Kernel) -> None:
    """5.0: the Clearing Phase, floor by floor (5.2: ground, upper, basement) when counters are inside."""
    g.put(("phase",), "clearing")
    g.reseed("clearing")
    g.emit(EventKind.PHASE_CHANGED, "5.0", Msg("Clearing Phase"),
           PhaseChanged(phase="clearing", turn=g.state["turn"], attack=g.state["attack"],
                        attack_turn=g.state["attack_turn"]))
    g.put(("moved_floor",), [])
    tasks: list[list[Any]] = []
    if counters_inside(g):
        for floor in CLEARING_FLOOR_ORDER:
            tasks.append(["clear_floor", floor])
        tasks.append(["clearing_end"])
    tasks.append(["after_clearing"])
    g.push_all(tasks)


def task_clear_floor(g: Kernel, floor: str) -> None:
    """5.2: submachine gunners, then riflemen, then leaders; disrupted counters do not act (5.1)."""
    s, r = g.state, g.rules
    order = sorted(s["interior"][floor], key=lambda c: (r.assault_types[s["counters"][c]["type"]]
                                                         .clearing_order, int(c[1:])))
    g.push_all([["clear_counter", cid, floor] for cid in order])


def task_clear_counter(g: Kernel, cid: str, floor: str) -> None:
    """5.1-5.3: one counter inside acts: a disrupted one does nothing (5.1); it clears its floor's interior
    first, else targets a coloured space by the Target table (5.2); with no defender on its floor it moves on (5.3)."""
    s, r = g.state, g.rules
    if cid not in s["interior"][floor] or cid in s["moved_floor"]:
        return
    label = said_label(g, cid)
    if s["counters"][cid]["dis"]:
        g.emit(EventKind.COUNTER_IDLE, "5.1", Msg("The disrupted {unit} does not act", unit=label),
               CounterEvent(counter=cid))
        return
    combat = r.assault_types[s["counters"][cid]["type"]].combat
    extra, _cards = tactic_bonus(g, "clearing_combat")
    # the extra removals of a Tactics card ride along as a fifth task item (absent without one)
    removal: list[Any] = [combat + extra, cid, extra] if extra else [combat, cid]
    interior = f"{floor}:interior"
    if defenders_in(g, interior):
        g.push(["remove_defenders", interior, *removal])
        return
    if not floor_defenders(g, floor):
        nxt = r.floors[floor].next_floor
        if nxt:
            g.remove(("interior", floor), cid)
            g.append(("interior", nxt), cid)
            g.append(("moved_floor",), cid)
            g.emit(EventKind.COUNTER_CHANGED_FLOOR, "5.3", Msg("No defenders remain: the {unit} moves to the {floor}",
                                                       unit=label, floor=Words(floor_words, r, nxt, "the")),
                   CounterChangedFloor(counter=cid, src=floor, floor=nxt))
        else:
            g.emit(EventKind.COUNTER_IDLE, "5.3", Msg("The {unit} finds no defender in the basement", unit=label),
                   CounterEvent(counter=cid))
        return
    fl = r.floors[floor]
    occupied = [sp for sp in r.floor_spaces[floor] if defenders_in(g, sp)]
    colours = [c for c in fl.colour_order() if any(c in r.defender_spaces[sp].colours for sp in occupied)]
    if len(colours) == 1:
        colour = colours[0]
    else:
        rolled = fl.colour_for_face(g.d6(Msg("the {unit}'s Target table", unit=label), "5.2", "target_table"))
        order = list(fl.colour_order())
        i = order.index(rolled)
        higher = [c for c in order[i:] if c in colours]
        lower = [c for c in reversed(order[:i]) if c in colours]
        colour = (higher or lower)[0]
    candidates = [sp for sp in occupied if colour in r.defender_spaces[sp].colours]
    if len(candidates) == 1:
        target = candidates[0]
    else:
        target = pick_by_label(g, candidates, g.d6(Msg("the {unit}'s target space", unit=label), "5.2",
                                                   "target_space"))
    g.emit(EventKind.CLEARING_TARGET, "5.2", Msg("The {unit} targets the {colour} space: {space}", unit=label,
                                         colour=Words(colour_name, colour), space=g.said_where(target)),
           ClearingTarget(counter=cid, colour=colour, space=target))
    g.push(["remove_defenders", target, *removal])


def task_remove_defenders(g: Kernel, space: str, n: int, cid: str, extra: int = 0) -> None:
    """5.2: remove up to ``n`` defenders by the removal priority list; the player chooses among equals.
    The last ``extra`` of the ``n`` removals come from a Tactics card (``clearing_combat``)."""
    if n <= 0:
        return
    here = defenders_in(g, space)
    if not here:
        return
    prio = g.rules.defenders
    best = min(prio[x].priority for x in here)
    group = [x for x in here if prio[x].priority == best]
    tail = [extra] if extra else []
    if len(group) <= n:
        for i, name in enumerate(group):
            if n - i <= extra:
                note_clearing_tactic(g, cid)
            casualty(g, name, "5.2", Msg("removed by the {unit}", unit=said_label(g, cid)))
            if g.over:
                return
        g.push(["remove_defenders", space, n - len(group), cid, *tail])
        return
    g.push(["remove_defenders", space, n - 1, cid, *tail])
    if extra and n <= extra:
        g.decide(DecisionKind.CASUALTY, space=space, options=group, counter=cid, tactic=True)
    else:
        g.decide(DecisionKind.CASUALTY, space=space, options=group, counter=cid)


def note_clearing_tactic(g: Kernel, cid: str) -> None:
    _extra, cards = tactic_bonus(g, "clearing_combat")
    if cards:
        tactic_applied(g, cards, Msg("the {unit} removes one more defender", unit=said_label(g, cid)), "5.2")


def do_remove(g: Kernel, action: Action) -> None:
    """5.2: the player's choice of casualty among defenders of equal removal priority."""
    dec = g.state["decision"]
    g.decided()
    if dec.get("tactic"):
        note_clearing_tactic(g, dec["counter"])
    casualty(g, action.args[0], "5.2", Msg("removed by the {unit}", unit=said_label(g, dec["counter"])))


def task_clearing_end(g: Kernel) -> None:
    """5.4: remove the disrupted tokens from all enemy assault counters."""
    s = g.state
    for items in s["interior"].values():
        for cid in items:
            if s["counters"][cid]["dis"]:
                g.put(("counters", cid, "dis"), False)
                g.emit(EventKind.COUNTER_RECOVERED, "5.4", Msg("The {unit} recovers", unit=said_label(g, cid)),
                       CounterEvent(counter=cid))
    g.put(("moved_floor",), [])


def task_after_clearing(g: Kernel) -> None:
    """5.0 / 6.0: after the Clearing Phase the Escape Phase of Attack 3, or the end of the turn."""
    s = g.state
    g.push(["escape_start"] if s["attack"] == 3 else ["turn_end"])  # 6.0 in Attack 3, else the turn ends


def gen_remove(g: Kernel, why: Refusals | None = None) -> list[Action]:
    """5.2: the player chooses the casualty among defenders of equal priority."""
    if why is not None:
        why[("remove",)] = _("the casualty is one of {defenders}: the first in the removal priority (5.2)",
                             defenders=", ".join(defender_name(n) for n in g.state["decision"]["options"]))
    return [Action(ActionKind.REMOVE, (n,)) for n in g.state["decision"]["options"]]
