"""Changes several sections of the rulebook share: casualties and morale (1.2), disruption, an enemy counter
removed or placed, a defender's recovery, and the log line of a Tactics card that changed a result (8.x)."""

from __future__ import annotations

from game.i18n import Lazy, Msg, Words
from game.rules.data import TacticCard
from game.rules.events import (
    Casualty,
    CounterRemoved,
    DefenderEvent,
    DefenderRecovered,
    MoraleChanged,
    SupportPlaced,
    TacticApplied,
)
from game.rules.kernel import Kernel
from game.rules.kinds import EventKind
from game.rules.names import a_unit, said_name, tactic_names
from game.rules.queries import base_defense, counter_space, defense_bonus
from game.rules.scoring import end_game


def tactic_applied(g: Kernel, cards: list[TacticCard], how: str | Lazy, section: str) -> None:
    """Log that a tactic changed a result: ``how`` says what it changed."""
    names = tuple(dict.fromkeys(c.name for c in cards))
    card = cards[0]
    g.emit(EventKind.TACTIC_APPLIED, section, Msg("{cards}: {how}", cards=Words(tactic_names, names), how=how),
           TacticApplied(card=card.id, name=card.name, text=card.text, cards=[c.id for c in cards]))


def note_defense_tactic(g: Kernel, cid: str, values: list[int], defense: int, label: str | Lazy) -> None:
    """Log the Tactics card when the attack would have hit the counter's defense without it."""
    base = base_defense(g, cid)
    if base < defense and base <= max(values) < defense:
        _, cards = defense_bonus(g, cid)
        tactic_applied(g, cards, Msg("the {unit} has defense {defense} instead of {base}: the attack misses",
                                     unit=label, defense=defense, base=base), "4.2.1")


def disrupt(g: Kernel, name: str, section: str) -> None:
    if g.state["defenders"][name]["dis"]:
        casualty(g, name, section, Msg("disrupted a second time"))
    else:
        g.put(("defenders", name, "dis"), True)
        g.emit(EventKind.DEFENDER_DISRUPTED, section, Msg("{defender} is disrupted", defender=said_name(name)),
               DefenderEvent(defender=name))


def casualty(g: Kernel, name: str, section: str, why: str | Lazy) -> None:
    s, r = g.state, g.rules
    space = s["defenders"][name]["space"]
    g.put(("defenders", name, "status"), "casualty")
    g.put(("defenders", name, "dis"), False)
    g.put(("defenders", name, "exh"), False)
    g.emit(EventKind.CASUALTY, section, Msg("{defender} becomes a casualty ({why})", defender=said_name(name), why=why),
           Casualty(defender=name, space=space))
    adj = r.defenders[name].morale
    if adj:
        old = s["morale"]
        g.put(("morale",), max(0, min(r.morale_max, old - adj)))
        if s["morale"] != old:
            g.emit(EventKind.MORALE_CHANGED, "1.2", Msg("Morale falls to {morale}", morale=s["morale"]) if adj > 0 else
                   Msg("Morale rises to {morale}", morale=s["morale"]),
                   MoraleChanged(old=old, new=s["morale"], defender=name))
    if s["morale"] <= 0:
        end_game(g, "morale", "1.2")
    elif not any(x["status"] == "board" for x in s["defenders"].values()):
        # DECISION: the rulebook does not say what happens when no defender is left in the post office;
        # nothing remains to defend, so the game ends at once and is scored (7.0).
        end_game(g, "no_defenders", section)


def remove_enemy(g: Kernel, cid: str, section: str, text: str | Lazy) -> None:
    s = g.state
    space = counter_space(g, cid)
    for key in ("spaces", "interior", "support"):
        for place, stack in list(s[key].items()):
            if cid in stack:
                g.remove((key, place), cid)
    for key in ("spaces", "support"):
        for sp in [k for k, v in s[key].items() if not v]:
            g.drop((key, sp))
    ctype = s["counters"][cid]["type"]
    g.drop(("counters", cid))
    g.bump(("supply", ctype), 1)
    g.emit(EventKind.COUNTER_REMOVED, section, text, CounterRemoved(counter=cid, unit=ctype, space=space))


def recover(g: Kernel, name: str, what: str, section: str) -> None:
    if what == "exhausted":
        g.put(("defenders", name, "exh"), False)
        g.emit(EventKind.DEFENDER_RECOVERED, section, Msg("{defender} is flipped back from his exhausted side",
                                                  defender=said_name(name)),
               DefenderRecovered(defender=name, what=what))
    else:
        g.put(("defenders", name, "dis"), False)
        g.emit(EventKind.DEFENDER_RECOVERED, section, Msg("{defender}'s disrupted token is removed",
                                                  defender=said_name(name)),
               DefenderRecovered(defender=name, what=what))


def new_counter(g: Kernel, unit: str, name: str) -> str | None:
    s = g.state
    if unit == "leader":
        if name in s["leaders_used"]:
            return None
        g.append(("leaders_used",), name)
    if s["supply"][unit] <= 0:
        return None
    g.bump(("supply", unit), -1)
    cid = f"e{s['next_cid']}"
    g.bump(("next_cid",), 1)
    g.put(("counters", cid), {"type": unit, "name": name, "dis": False})
    return cid


def place_support(g: Kernel, space: str, section: str) -> bool:
    s, r = g.state, g.rules
    if space not in s["support"]:
        g.put(("support", space), [])
    stack = s["support"][space]
    kind = r.support_spaces[space].kind
    if len(stack) >= 2:
        return False
    unit = kind if not stack else f"{kind}_emplaced"
    cid = new_counter(g, unit, "")
    if cid is None:
        return False
    g.append(("support", space), cid)
    g.emit(EventKind.SUPPORT_PLACED, section, Msg("{unit} is placed in {space}", unit=Words(a_unit, r, unit, "", True),
                                          space=g.said_where(space)),
           SupportPlaced(counter=cid, unit=unit, space=space))
    return True
