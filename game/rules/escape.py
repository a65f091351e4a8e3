"""6.0 The Escape Phase (Attack 3): defenders leave through an entrance whose route is clear."""

from __future__ import annotations

from game.i18n import Msg, _
from game.rules.actions import Action
from game.rules.events import Escaped, PhaseChanged
from game.rules.kernel import Kernel
from game.rules.kinds import ActionKind, DecisionKind, EventKind
from game.rules.names import defender_name, said_name
from game.rules.queries import Refusals, escape_reason


def task_escape_start(game: Kernel) -> None:
    """6.0: after the Clearing Phase of an Attack 3 turn, defenders may escape."""
    game.put(("phase",), "escape")
    game.emit(EventKind.PHASE_CHANGED, "6.0", Msg("Escape Phase"),
              PhaseChanged(phase="escape", turn=game.state["turn"], attack=game.state["attack"],
                           attack_turn=game.state["attack_turn"]))
    game.decide(DecisionKind.ESCAPE)
    auto_end(game)


def auto_end(game: Kernel) -> None:
    """End the Escape Phase at once when nobody can escape; otherwise keep the list just made."""
    game.legal_cache = None
    legal = game.listing(gen_escapes)
    if len(legal) == 1:  # end_escape, always listed last
        do_end_escape(game, legal[0])
    else:
        game.legal_cache = legal


def gen_escapes(game: Kernel, why: Refusals | None = None) -> list[Action]:
    """6.0: every defender who meets the escape conditions (``queries.escape_reason``); with ``why``, the others
    are recorded there with the condition they fail."""
    state = game.state
    out = []
    for name, defender in state["defenders"].items():
        reason = escape_reason(game, name) if defender["status"] == "board" else \
            _("{defender} is no longer in the post office", defender=defender_name(name))
        if not reason:
            out.append(Action(ActionKind.ESCAPE, (name,)))
        elif why is not None:
            why[("escape", name)] = reason
    out.append(Action(ActionKind.END_ESCAPE))
    return out


def do_escape(game: Kernel, action: Action) -> None:
    """6.0: the defender escapes; he scores double (7.0)."""
    name = action.args[0]
    game.put(("defenders", name, "status"), "escaped")
    game.emit(EventKind.ESCAPED, "6.0", Msg("{defender} escapes from the post office", defender=said_name(name)),
              Escaped(defender=name, space=game.state["defenders"][name]["space"]))
    auto_end(game)


def do_end_escape(game: Kernel, action: Action) -> None:
    """6.0: the player ends the Escape Phase; the turn ends (2.x)."""
    game.decided()
    game.push(["turn_end"])
