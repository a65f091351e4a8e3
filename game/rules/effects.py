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


def tactic_applied(game: Kernel, cards: list[TacticCard], how: str | Lazy, section: str) -> None:
    """Log that a tactic changed a result: ``how`` says what it changed."""
    names = tuple(dict.fromkeys(c.name for c in cards))
    card = cards[0]
    game.emit(EventKind.TACTIC_APPLIED, section, Msg("{cards}: {how}", cards=Words(tactic_names, names), how=how),
              TacticApplied(card=card.id, name=card.name, text=card.text, cards=[c.id for c in cards]))


def note_defense_tactic(game: Kernel, cid: str, values: list[int], defense: int, label: str | Lazy) -> None:
    """Log the Tactics card when the attack would have hit the counter's defense without it."""
    base = base_defense(game, cid)
    if base < defense and base <= max(values) < defense:
        _, cards = defense_bonus(game, cid)
        tactic_applied(game, cards, Msg("the {unit} has defense {defense} instead of {base}: the attack misses",
                                        unit=label, defense=defense, base=base), "4.2.1")


def disrupt(game: Kernel, name: str, section: str) -> None:
    if game.state["defenders"][name]["disrupted"]:
        casualty(game, name, section, Msg("disrupted a second time"))
    else:
        game.put(("defenders", name, "disrupted"), True)
        game.emit(EventKind.DEFENDER_DISRUPTED, section, Msg("{defender} is disrupted", defender=said_name(name)),
                  DefenderEvent(defender=name))


def casualty(game: Kernel, name: str, section: str, why: str | Lazy) -> None:
    state, rules = game.state, game.rules
    space = state["defenders"][name]["space"]
    game.put(("defenders", name, "status"), "casualty")
    game.put(("defenders", name, "disrupted"), False)
    game.put(("defenders", name, "exhausted"), False)
    game.emit(EventKind.CASUALTY, section, Msg("{defender} becomes a casualty ({why})", defender=said_name(name),
                                               why=why),
              Casualty(defender=name, space=space))
    adj = rules.defenders[name].morale
    if adj:
        old = state["morale"]
        game.put(("morale",), max(0, min(rules.morale_max, old - adj)))
        if state["morale"] != old:
            game.emit(EventKind.MORALE_CHANGED, "1.2", Msg("Morale falls to {morale}",
                                                           morale=state["morale"]) if adj > 0 else
                      Msg("Morale rises to {morale}", morale=state["morale"]),
                      MoraleChanged(old=old, new=state["morale"], defender=name))
    if state["morale"] <= 0:
        end_game(game, "morale", "1.2")
    elif not any(x["status"] == "board" for x in state["defenders"].values()):
        # DECISION: the rulebook does not say what happens when no defender is left in the post office;
        # nothing remains to defend, so the game ends at once and is scored (7.0).
        end_game(game, "no_defenders", section)


def remove_enemy(game: Kernel, cid: str, section: str, text: str | Lazy) -> None:
    state = game.state
    space = counter_space(game, cid)
    for key in ("spaces", "interior", "support"):
        for place, stack in list(state[key].items()):
            if cid in stack:
                game.remove((key, place), cid)
    for key in ("spaces", "support"):
        for sp in [k for k, v in state[key].items() if not v]:
            game.drop((key, sp))
    ctype = state["counters"][cid]["type"]
    game.drop(("counters", cid))
    game.bump(("supply", ctype), 1)
    game.emit(EventKind.COUNTER_REMOVED, section, text, CounterRemoved(counter=cid, unit=ctype, space=space))


def recover(game: Kernel, name: str, what: str, section: str) -> None:
    if what == "exhausted":
        game.put(("defenders", name, "exhausted"), False)
        game.emit(EventKind.DEFENDER_RECOVERED, section, Msg("{defender} is flipped back from his exhausted side",
                                                  defender=said_name(name)),
                  DefenderRecovered(defender=name, what=what))
    else:
        game.put(("defenders", name, "disrupted"), False)
        game.emit(EventKind.DEFENDER_RECOVERED, section, Msg("{defender}'s disrupted token is removed",
                                                  defender=said_name(name)),
                  DefenderRecovered(defender=name, what=what))


def new_counter(game: Kernel, unit: str, name: str) -> str | None:
    state = game.state
    if unit == "leader":
        if name in state["leaders_used"]:
            return None
        game.append(("leaders_used",), name)
    if state["supply"][unit] <= 0:
        return None
    game.bump(("supply", unit), -1)
    cid = f"e{state['next_cid']}"
    game.bump(("next_cid",), 1)
    game.put(("counters", cid), {"type": unit, "name": name, "disrupted": False})
    return cid


def place_support(game: Kernel, space: str, section: str) -> bool:
    state, rules = game.state, game.rules
    if space not in state["support"]:
        game.put(("support", space), [])
    stack = state["support"][space]
    kind = rules.support_spaces[space].kind
    if len(stack) >= 2:
        return False
    unit = kind if not stack else f"{kind}_emplaced"
    cid = new_counter(game, unit, "")
    if cid is None:
        return False
    game.append(("support", space), cid)
    game.emit(EventKind.SUPPORT_PLACED, section, Msg("{unit} is placed in {space}", unit=Words(a_unit, rules, unit,
                                                                                               "", True),
                                                     space=game.said_where(space)),
              SupportPlaced(counter=cid, unit=unit, space=space))
    return True
