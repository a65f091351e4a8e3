"""4.0 The Defense Phase: 4.1 moving (defenders and tokens), 4.2 actions (attack, grenades, suppress,
recover, command) with 4.3's attributes, and 4.2.2's suppression tokens spent as a counter moves in."""

from __future__ import annotations

from game.i18n import Msg, Words, _
from game.rules.actions import Action, Family, Listed
from game.rules.data import MoveBlocks, Rows, remember
from game.rules.effects import casualty, note_defense_tactic, recover, remove_enemy, tactic_applied
from game.rules.events import (
    AttackMissed,
    CounterSuppressed,
    DefenderActed,
    DefenderEvent,
    DefenderMoved,
    MarkersRemoved,
    PhaseChanged,
    SuppressionFailed,
    SuppressionPlaced,
    TokenMoved,
    TokenSpent,
)
from game.rules.kernel import NUMBERS, Kernel
from game.rules.kinds import ActionKind, DecisionKind, EventKind
from game.rules.names import defender_name, said_name, space_name, the_token
from game.rules.queries import (
    DEFENDER_PHASE_ACTIONS,
    DEFENDER_PHASE_MOVES,
    Refusals,
    assault_defense,
    attack_dice,
    car_at,
    carry_options,
    command_options,
    distinct_tokens,
    floor_spaces_with_interior,
    grenade_dice,
    has_ammo,
    has_designation,
    occupancy,
    phase_limit,
    room,
    said_label,
    suppression_tokens,
    tactic_cards,
    targets,
    tokens_in,
)

ACTION_KINDS = ("attack", "grenade", "suppress", "recover", "command")


def start_defense(g: Kernel) -> None:
    """4.0: the Defense Phase begins with its moves (4.1); the enemy's last card hands over through a task."""
    g.put(("phase",), "moves")
    g.put(("moves",), 0)
    g.put(("actions",), 0)
    limit = phase_limit(g, "defender_moves")
    g.emit(EventKind.PHASE_CHANGED, "4.0", Msg("Defense Phase: up to {n} moves", n=Msg(NUMBERS[limit])),
           PhaseChanged(phase="moves", turn=g.state["turn"], attack=g.state["attack"],
                        attack_turn=g.state["attack_turn"]))
    if limit != DEFENDER_PHASE_MOVES:
        tactic_applied(g, tactic_cards(g, "defender_moves"),
                       Msg("only {n} moves this Defense Phase", n=Msg(NUMBERS[limit])), "4.1")
    g.decide(DecisionKind.MOVES)
    auto_end_moves(g)


def _refuse_all(why: Refusals, kinds: tuple[str, ...], name: str, reason: str) -> None:
    for kind in kinds:
        why[(kind, name)] = reason


def gen_moves(g: Kernel, why: Refusals | None = None) -> Listed:
    """4.1 Moving: a move per defender (not exhausted, not disrupted, not moved yet) to a space of his floor with
    room, or between adjoining interior spaces, carrying up to two tokens (four with Logistics, 4.3.2); or a
    token of his space shifted to a space of his floor.

    With ``why``, every refused defender, destination and carry is recorded there with its rule (``Refusals``)."""
    s, r = g.state, g.rules
    out: list[Action | Family] = []
    starts: list[int] = []  # the index of each part's first action
    n = 0
    occ = occupancy(g)
    open_spaces: dict[str, tuple[str, ...]] = {}  # a floor -> its spaces with room
    # a defender's moves are a block (each destination with each set of tokens he may carry), his shifts another
    # (each kind of token of his space to each other space of his floor): listed as blocks, built when read; the
    # blocks of a space and a carry limit are the same for every defender there
    blocks: dict[tuple[str, int], MoveBlocks] = {}
    for name, d in s["defenders"].items():
        if d["status"] != "board" or d["moved"] or d["exh"] or d["dis"]:
            if why is not None:
                who = defender_name(name)
                _refuse_all(why, ("move", "shift"), name,
                            _("{defender} is no longer in the post office", defender=who) if d["status"] != "board"
                            else _("{defender} has already moved this turn (4.1)", defender=who) if d["moved"] else
                            _("{defender} is exhausted and cannot move (4.1)", defender=who) if d["exh"] else
                            _("{defender} is disrupted and cannot move (4.1)", defender=who))
            continue
        here = d["space"]
        limit = 4 if "L" in r.defenders[name].attributes else 2
        block = blocks.get((here, limit))
        if block is None:
            floor = r.space_floor[here]
            spaces = open_spaces.get(floor)
            if spaces is None:
                spaces = open_spaces[floor] = tuple(sp for sp in floor_spaces_with_interior(g, floor)
                                                    if room(g, sp, occ))
            block = blocks[(here, limit)] = _move_blocks(g, here, spaces, limit)
        rows, carries, shift_tokens, shift_dests, (moves, shifts) = block
        head = (name,)
        if moves:
            out.append(Family(ActionKind.MOVE, head, rows, carries))
            starts.append(n)
            n += moves
        if shifts:
            out.append(Family(ActionKind.SHIFT, head, shift_tokens, shift_dests))
            starts.append(n)
            n += shifts
        if why is not None:
            _refuse_moves(g, why, name, here, [dest for (dest,) in rows], limit, occ)
    out.append(Action(ActionKind.END_MOVES))
    starts.append(n)
    return Listed.of_blocks(out, starts, n + 1)


def _move_blocks(g: Kernel, here: str, spaces: tuple[str, ...], limit: int) -> MoveBlocks:
    """4.1, 4.3.2: what a defender in ``here`` carrying at most ``limit`` tokens may do, as the blocks
    :func:`gen_moves` lists: the destinations (``spaces``, his floor's spaces with room, but his own; from an
    interior, the adjoining interiors too), the sets of tokens he may carry, the kinds of token he may shift and
    where to (every other space of his floor). The same question gives the same blocks: remembered by the game
    and its copies (``Memo.moves``)."""
    tokens = tuple(tokens_in(g, here))
    key = (here, spaces, tokens, limit)
    known = g.memo.moves.get(key)
    if known is not None:
        return known
    r = g.rules
    floor = r.space_floor[here]
    dests = [sp for sp in spaces if sp != here]
    if here.endswith(":interior"):
        dests += [f"{f}:interior" for f in r.adjoining_interiors(floor)]
    everywhere = floor_spaces_with_interior(g, floor)
    rows: Rows = [(dest,) for dest in dests]
    carries = carry_options(g, here, limit)
    shift_tokens: Rows = [(token,) for token in distinct_tokens(g, here)]
    shift_dests: Rows = [(dest,) for dest in everywhere if dest != here]
    blocks: MoveBlocks = (rows, carries, shift_tokens, shift_dests,
                          (len(rows) * len(carries), len(shift_tokens) * len(shift_dests)))
    return remember(g.memo.moves, key, blocks)


def _refuse_moves(g: Kernel, why: Refusals, name: str, here: str, dests: list[str], limit: int,
                  occ: dict[str, int]) -> None:
    """Why ``name`` in ``here`` may not move to the spaces other than ``dests`` nor carry more than ``limit``
    tokens (4.1, 4.3.2), recorded in ``why``."""
    r = g.rules
    floor = r.space_floor[here]
    who = defender_name(name)
    why[("move", name)] = _("{defender} moves to a space of his floor, or between adjoining interior spaces (4.1)",
                            defender=who)
    why[("shift", name)] = _("{defender} moves a token of his own space to another space of his floor (4.1)",
                             defender=who)
    carry = _("{defender} can carry at most {n} tokens, and only from his own space (4.1, 4.3.2)", defender=who,
              n=limit)
    for dest in dests:
        why[("move", name, dest)] = carry
    for dest in r.space_floor:
        if dest == here or dest in dests:
            continue
        if r.space_floor[dest] != floor and not (here.endswith(":interior") and dest.endswith(":interior")):
            why[("move", name, dest)] = _("defenders change floors only between adjoining interior spaces (4.1)")
        elif not room(g, dest, occ):
            why[("move", name, dest)] = _("{space} is full (4.1: two in a square space, three in a rectangle)",
                                          space=space_name(r, dest, sentence=True))


def do_move(g: Kernel, action: Action) -> None:
    """4.1 Moving: the defender moves with the tokens he carries; the move token is his."""
    s = g.state
    name, dest, *carry = action.args
    src = s["defenders"][name]["space"]
    g.put(("defenders", name, "space"), dest)
    g.put(("defenders", name, "moved"), True)
    for token in carry:
        g.put(("tokens", token), dest)
    g.bump(("moves",), 1)
    g.emit(EventKind.DEFENDER_MOVED, "4.1", Msg("{defender} moves from {src} to {space}, carrying {tokens}",
                                        defender=said_name(name), src=g.said_where(src), space=g.said_where(dest),
                                        tokens=g.said_carried(carry)) if carry else
           Msg("{defender} moves from {src} to {space}", defender=said_name(name), src=g.said_where(src),
               space=g.said_where(dest)),
           DefenderMoved(defender=name, src=src, space=dest, tokens=list(carry)))
    after_move(g)


def do_shift(g: Kernel, action: Action) -> None:
    """4.1 Moving: the defender moves a token of his space to another space of his floor, as his move."""
    s = g.state
    name, token, dest = action.args
    src = s["tokens"][token]
    g.put(("tokens", token), dest)
    g.put(("defenders", name, "moved"), True)
    g.bump(("moves",), 1)
    g.emit(EventKind.TOKEN_MOVED, "4.1", Msg("{defender} moves {token} from {src} to {space}", defender=said_name(name),
                                     token=Words(the_token, g.rules, token), src=g.said_where(src),
                                     space=g.said_where(dest)),
           TokenMoved(defender=name, token=token, src=src, space=dest))
    after_move(g)


def after_move(g: Kernel) -> None:
    if g.state["moves"] >= phase_limit(g, "defender_moves"):
        start_actions(g)
    else:
        auto_end_moves(g)


def do_end_moves(g: Kernel, action: Action) -> None:
    """4.1: the player ends the moves; the actions follow (4.2)."""
    start_actions(g)


def start_actions(g: Kernel) -> None:
    g.put(("phase",), "actions")
    limit = phase_limit(g, "defender_actions")
    g.emit(EventKind.PHASE_CHANGED, "4.2", Msg("Defense Phase: up to {n} actions", n=Msg(NUMBERS[limit])),
           PhaseChanged(phase="actions", turn=g.state["turn"], attack=g.state["attack"],
                        attack_turn=g.state["attack_turn"]))
    if limit != DEFENDER_PHASE_ACTIONS:
        tactic_applied(g, tactic_cards(g, "defender_actions"),
                       Msg("only {n} actions this Defense Phase", n=Msg(NUMBERS[limit])), "4.2")
    g.decide(DecisionKind.ACTIONS)
    auto_end_actions(g)


def auto_end_moves(g: Kernel) -> None:
    """End the moves at once when no defender is free to move (any free one can at least step into the
    interior, so this is checked cheaply)."""
    g.legal_cache = None
    if any(d["status"] == "board" and not (d["moved"] or d["exh"] or d["dis"])
           for d in g.state["defenders"].values()):
        return
    do_end_moves(g, Action(ActionKind.END_MOVES))


def auto_end_actions(g: Kernel) -> None:
    """End the actions at once when ending them is the only choice left; otherwise keep the list just made."""
    g.legal_cache = None
    legal = g.listing(gen_actions)
    if len(legal) == 1:  # end_actions, always listed last
        do_end_actions(g, legal[0])
    else:
        g.legal_cache = legal


def gen_actions(g: Kernel, why: Refusals | None = None) -> Listed:
    """4.2 Actions: each defender that has neither moved nor acted this turn may attack (4.2.1), throw grenades
    (4.2.1), suppress (4.2.2) or command (4.2.4); an exhausted or disrupted one may only recover (4.2.3).

    With ``why``, every refused defender, target and space is recorded there with its rule (``Refusals``)."""
    s, r = g.state, g.rules
    out: list[Action] = []
    # a combatant's targets, grenades and spaces to suppress depend only on his space: listed once a space
    by_space: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for name, d in s["defenders"].items():
        if d["status"] != "board" or d["moved"] or d["acted"]:
            if why is not None:
                who = defender_name(name)
                _refuse_all(why, ACTION_KINDS, name,
                            _("{defender} is no longer in the post office", defender=who) if d["status"] != "board"
                            else _("{defender} moved this turn and cannot take an action (4.2)", defender=who)
                            if d["moved"] else _("{defender} has already taken an action this turn (4.2)",
                                                 defender=who))
            continue
        if d["exh"] or d["dis"]:
            if d["exh"]:
                out.append(Action(ActionKind.RECOVER, (name, "exhausted")))
            if d["dis"]:
                out.append(Action(ActionKind.RECOVER, (name, "disrupted")))
            if why is not None:
                who = defender_name(name)
                _refuse_all(why, ("attack", "grenade", "suppress", "command"), name,
                            _("{defender} is exhausted: the only action left is Recover (4.2)", defender=who)
                            if d["exh"] else
                            _("{defender} is disrupted: the only action left is Recover (4.2)", defender=who))
                why[("recover", name)] = _("{defender} is exhausted, not disrupted (4.2.3)", defender=who) \
                    if d["exh"] else _("{defender} is disrupted, not exhausted (4.2.3)", defender=who)
            continue
        if why is not None:
            why[("recover", name)] = _("{defender} is neither exhausted nor disrupted (4.2.3)",
                                       defender=defender_name(name))
        here = d["space"]
        attrs = r.defenders[name].attributes
        if "N" not in attrs:
            lists = by_space.get(here)
            if lists is None:
                lists = by_space[here] = _space_actions(g, here, name)
            attacks, grenades, suppressed = lists
            out.extend([Action(ActionKind.ATTACK, (name, cid)) for cid in attacks])
            if grenades:
                out.extend([Action(ActionKind.GRENADE, (name, t)) for t in grenades])
            if suppressed:
                out.extend([Action(ActionKind.SUPPRESS, (name, sp)) for sp in suppressed])
            if why is not None:
                _refuse_combat(g, why, name, here, suppressed)
        elif why is not None:
            _refuse_all(why, ("attack", "grenade", "suppress"), name,
                        _("{defender} is a noncombatant (4.3.3)", defender=defender_name(name)))
        if "C" in attrs and not r.is_interior(here) and command_options(g, name):
            out.append(Action(ActionKind.COMMAND, (name,)))
        elif why is not None:
            why[("command", name)] = \
                _("{defender} has no Command [C] attribute (4.2.4)", defender=defender_name(name)) \
                if "C" not in attrs else \
                _("the command action cannot be used in the interior spaces (4.2.4)") if r.is_interior(here) else \
                _("no defender in the same coloured spaces needs a recover (4.2.4)")
    out.append(Action(ActionKind.END_ACTIONS))
    return Listed(out, plain=True)


def _space_actions(g: Kernel, here: str, name: str) -> tuple[list[str], list[str], list[str]]:
    """What a combatant defender in ``here`` (``name`` is one) may attack (4.2.1), throw grenades with (4.2.1) and
    suppress (4.2.2): worked out once for every defender there."""
    s, r = g.state, g.rules
    grenades: list[str] = []
    if s["interior"][r.floor_of(here)]:
        grenades = [t for t in distinct_tokens(g, here)
                    if not t.startswith("ammo") and "G" in r.weapons[t].designations]
    suppressed: list[str] = []
    if not r.is_interior(here) and has_designation(g, here, "S") and has_ammo(g, here):
        cars = s["cars"].values()
        suppressed = [space for space in r.track_spaces
                      if space not in s["spaces"] and space not in cars and r.sees(here, space)]
    return targets(g, name), grenades, suppressed


def _refuse_combat(g: Kernel, why: Refusals, name: str, here: str, suppressed: list[str]) -> None:
    """Why a combatant defender in ``here`` cannot attack the other counters, throw grenades or suppress the
    spaces not in ``suppressed`` (4.2.1, 4.2.2), recorded in ``why``."""
    s, r = g.state, g.rules
    targets(g, name, why)  # records why every other counter is no target
    why[("grenade", name)] = _("grenades need a Grenade [G] token in the defender's space and enemies inside on "
                               "his floor (4.2.1)")
    inside = r.is_interior(here)
    can_suppress = has_designation(g, here, "S")
    ammo = has_ammo(g, here)
    if not inside and can_suppress and ammo:
        for space in r.track_spaces:
            if space not in suppressed:
                why[("suppress", name, space)] = \
                    _("the defender has no line of sight to that assault space (4.2.2)") \
                    if space not in s["spaces"] and not car_at(g, space) else \
                    _("suppression tokens go on an empty assault space (4.2.2)")
    why[("suppress", name)] = \
        _("suppressing is not possible from an interior space (4.2.2)") if inside else \
        _("suppressing needs a Suppress [S] weapon in the defender's space (4.2.2)") if not can_suppress else \
        _("suppressing needs an ammunition token in the defender's space (4.2.2)") if not ammo else \
        _("suppression tokens go on an assault space (4.2.2)")


def use_action(g: Kernel, name: str, exhausts: bool) -> None:
    """4.2: the action token on ``name`` (and the exhausted marker for an attack, grenade, suppress or command
    action, 4.2.1-4.2.4)."""
    g.put(("defenders", name, "acted"), True)
    if exhausts:
        g.put(("defenders", name, "exh"), True)
    g.bump(("actions",), 1)
    g.emit(EventKind.DEFENDER_ACTED, "4.2", Msg("{defender} takes an action and is exhausted", defender=said_name(name))
           if exhausts else Msg("{defender} takes an action", defender=said_name(name)),
           DefenderActed(defender=name, exhausted=exhausts))


def after_action(g: Kernel) -> None:
    if g.over or g.state["decision"] is None or g.state["decision"]["kind"] != DecisionKind.ACTIONS:
        return
    if g.state["actions"] >= phase_limit(g, "defender_actions"):
        end_defense(g)
    else:
        auto_end_actions(g)


def do_attack(g: Kernel, action: Action) -> None:
    """4.2.1 Attack: combat value dice (+1 inspire); one die at or above the defense value removes it."""
    name, cid = action.args
    dice = attack_dice(g, name)
    defense = assault_defense(g, cid)
    label = said_label(g, cid)
    who = said_name(name)
    use_action(g, name, True)
    values = g.dice(dice, Msg("{defender} attacking the {unit} (defense {defense})", defender=who, unit=label,
                              defense=defense), "4.2.1", defense, "attack")
    if max(values) >= defense:
        remove_enemy(g, cid, "4.2.1", Msg("{defender} removes the {unit}", defender=who, unit=label))
    else:
        note_defense_tactic(g, cid, values, defense, label)
        g.emit(EventKind.ATTACK_MISSED, "4.2.1", Msg("{defender} misses the {unit}", defender=who, unit=label),
               AttackMissed(defender=name, counter=cid))
    after_action(g)


def do_grenade(g: Kernel, action: Action) -> None:
    """4.2.1 Grenades [G]: one roll per enemy counter in the floor's interior; +2 dice from inside the
    interior, where a miss risks the thrower (a 1 on one die); the token is then removed."""
    s, r = g.state, g.rules
    name, token = action.args
    here = s["defenders"][name]["space"]
    floor = r.floor_of(here)
    inside = r.is_interior(here)
    dice = grenade_dice(g, name)
    who = said_name(name)
    use_action(g, name, True)
    missed = False
    for cid in list(s["interior"][floor]):
        defense = assault_defense(g, cid)
        label = said_label(g, cid)
        values = g.dice(dice, Msg("{defender}'s grenade at the {unit} (defense {defense})", defender=who,
                                  unit=label, defense=defense), "4.2.1", defense, "grenade")
        if max(values) >= defense:
            remove_enemy(g, cid, "4.2.1", Msg("{defender}'s grenade removes the {unit}", defender=who, unit=label))
        else:
            missed = True
            note_defense_tactic(g, cid, values, defense, label)
            g.emit(EventKind.ATTACK_MISSED, "4.2.1", Msg("{defender}'s grenade misses the {unit}", defender=who,
                                                         unit=label),
                   AttackMissed(defender=name, counter=cid))
    g.put(("tokens", token), "")
    g.emit(EventKind.TOKEN_SPENT, "4.2.1", Msg("The grenades are used up"), TokenSpent(token=token))
    if inside and missed:
        if g.d6(Msg("{defender}'s own safety", defender=who), "4.2.1", "safety") == 1:
            casualty(g, name, "4.2.1", Msg("caught by his own grenade"))
    after_action(g)


def do_suppress(g: Kernel, action: Action) -> None:
    """4.2.2 Suppress: combat value + 2 (weapon) + 1 ([S] attribute) + 1 (inspire) tokens on an empty assault
    space in line of sight; one ammunition token in the space is removed."""
    s = g.state
    name, space = action.args
    here = s["defenders"][name]["space"]
    n = suppression_tokens(g, name)
    use_action(g, name, True)
    g.put(("supp", space), s["supp"].get(space, 0) + n)
    ammo = next(t for t in sorted(tokens_in(g, here)) if t.startswith("ammo"))
    g.put(("tokens", ammo), "")
    g.emit(EventKind.SUPPRESSION_PLACED, "4.2.2", Msg("{defender} places {n} suppression tokens on {space}",
                                              defender=said_name(name), n=n, space=g.said_where(space)),
           SuppressionPlaced(defender=name, space=space, tokens=n, ammo=ammo))
    after_action(g)


def do_recover(g: Kernel, action: Action) -> None:
    """4.2.3 Recover: flip the exhausted side or remove a disrupted token; the defender is not exhausted."""
    name, what = action.args
    recover(g, name, what, "4.2.3")
    use_action(g, name, False)
    after_action(g)


def do_command(g: Kernel, action: Action) -> None:
    """4.2.4 Command [C]: the defender is exhausted and gives up to three free recover actions."""
    name = action.args[0]
    use_action(g, name, True)
    g.emit(EventKind.COMMAND, "4.2.4", Msg("{defender} takes the command action: three free recover actions",
                                   defender=said_name(name)),
           DefenderEvent(defender=name))
    g.decide(DecisionKind.COMMAND, by=name, left=3, given=[])
    command_continue(g)


def command_continue(g: Kernel) -> None:
    dec = g.state["decision"]
    if dec["left"] <= 0 or not command_options(g, dec["by"], dec["given"]):
        do_end_command(g, Action(ActionKind.END_COMMAND))


def do_rally(g: Kernel, action: Action) -> None:
    """4.2.4 Command [C]: one free recover action given by the command."""
    other, what = action.args
    recover(g, other, what, "4.2.4")
    dec = g.state["decision"]
    g.decide(DecisionKind.COMMAND, by=dec["by"], left=dec["left"] - 1, given=[*dec["given"], [other, what]])
    command_continue(g)


def do_end_command(g: Kernel, action: Action) -> None:
    """4.2.4: the command gives no more recovers; the actions go on (4.2)."""
    g.decide(DecisionKind.ACTIONS)
    after_action(g)


def do_end_actions(g: Kernel, action: Action) -> None:
    """4.2: the player ends the actions; the Defense Phase ends (4.0)."""
    end_defense(g)


def end_defense(g: Kernel) -> None:
    """4.0: remove move and action tokens, then the Clearing Phase."""
    for name, d in g.state["defenders"].items():
        for marker in ("moved", "acted"):
            if d[marker]:
                g.put(("defenders", name, marker), False)
    g.emit(EventKind.MARKERS_REMOVED, "4.0", Msg("The move and action tokens are removed"), MarkersRemoved())
    g.decided()
    g.push(["clearing"])


def do_spend(g: Kernel, action: Action) -> None:
    """4.2.2: roll one die per token used; a die at or above the counter's defense sends it to the supply.
    On a failure the counter moves in and the remaining tokens are discarded."""
    s = g.state
    dec = s["decision"]
    g.decided()
    k = int(action.args[0])
    cid, space = dec["counter"], dec["space"]
    label = said_label(g, cid)
    defense = dec["defense"]
    left = s["supp"][space] - k
    if k:
        values = g.dice(k, Msg("{n} suppression tokens against the {unit} (defense {defense})", n=k, unit=label,
                               defense=defense), "4.2.2", defense, "suppression")
        if max(values) >= defense:
            if left:
                g.put(("supp", space), left)
            else:
                g.drop(("supp", space))
            # the counter never arrives: drop the pending arrival and remove it from its space
            src = dec["src"]
            if src:
                g.remove(("spaces", src), cid)
                if not s["spaces"][src]:
                    g.drop(("spaces", src))
            if cid in s["transit"]:
                g.drop(("transit", cid))
            ctype = s["counters"][cid]["type"]
            g.drop(("counters", cid))
            g.bump(("supply", ctype), 1)
            g.emit(EventKind.COUNTER_SUPPRESSED, "4.2.2", Msg("The {unit} is suppressed and returns to the supply",
                                                      unit=label),
                   CounterSuppressed(counter=cid, space=space, spent=k, left=left))
            return
    g.drop(("supp", space))
    g.emit(EventKind.SUPPRESSION_FAILED, "4.2.2", Msg("The {unit} pushes through; all {n} suppression tokens there are "
                                              "discarded", unit=label, n=k + left),
           SuppressionFailed(counter=cid, space=space, spent=k, discarded=k + left))


def gen_command(g: Kernel, why: Refusals | None = None) -> list[Action]:
    """4.2.4: the free recover actions the command still gives, then ending it."""
    dec = g.state["decision"]
    if why is not None:
        why[("rally",)] = _("{defender}'s command recovers defenders in his coloured spaces on his floor, each "
                            "marker once (4.2.4)", defender=defender_name(dec["by"]))
    return [*command_options(g, dec["by"], dec["given"]), Action(ActionKind.END_COMMAND)]


def gen_spend(g: Kernel, why: Refusals | None = None) -> list[Action]:
    """4.2.2: how many of the space's suppression tokens to roll, all of them first."""
    if why is not None:
        dec = g.state["decision"]
        why[("spend",)] = _("{n} suppression tokens lie on {space}: spend 0 to {n} (4.2.2)", n=dec["tokens"],
                            space=space_name(g.rules, dec["space"], sentence=True))
    return [Action(ActionKind.SPEND, (str(k),)) for k in range(g.state["decision"]["tokens"], -1, -1)]
