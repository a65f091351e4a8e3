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


def start_defense(game: Kernel) -> None:
    """4.0: the Defense Phase begins with its moves (4.1); the enemy's last card hands over through a task."""
    game.put(("phase",), "moves")
    game.put(("moves",), 0)
    game.put(("actions",), 0)
    limit = phase_limit(game, "defender_moves")
    game.emit(EventKind.PHASE_CHANGED, "4.0", Msg("Defense Phase: up to {n} moves", n=Msg(NUMBERS[limit])),
              PhaseChanged(phase="moves", turn=game.state["turn"], attack=game.state["attack"],
                           attack_turn=game.state["attack_turn"]))
    if limit != DEFENDER_PHASE_MOVES:
        tactic_applied(game, tactic_cards(game, "defender_moves"),
                       Msg("only {n} moves this Defense Phase", n=Msg(NUMBERS[limit])), "4.1")
    game.decide(DecisionKind.MOVES)
    auto_end_moves(game)


def _refuse_all(why: Refusals, kinds: tuple[str, ...], name: str, reason: str) -> None:
    for kind in kinds:
        why[(kind, name)] = reason


def gen_moves(game: Kernel, why: Refusals | None = None) -> Listed:
    """4.1 Moving: a move per defender (not exhausted, not disrupted, not moved yet) to a space of his floor with
    room, or between adjoining interior spaces, carrying up to two tokens (four with Logistics, 4.3.2); or a
    token of his space shifted to a space of his floor.

    With ``why``, every refused defender, destination and carry is recorded there with its rule (``Refusals``)."""
    state, rules = game.state, game.rules
    out: list[Action | Family] = []
    starts: list[int] = []  # the index of each part's first action
    n = 0
    occ = occupancy(game)
    open_spaces: dict[str, tuple[str, ...]] = {}  # a floor -> its spaces with room
    # a defender's moves are a block (each destination with each set of tokens he may carry), his shifts another
    # (each kind of token of his space to each other space of his floor): listed as blocks, built when read; the
    # blocks of a space and a carry limit are the same for every defender there
    blocks: dict[tuple[str, int], MoveBlocks] = {}
    for name, defender in state["defenders"].items():
        if defender["status"] != "board" or defender["moved"] or defender["exhausted"] or defender["disrupted"]:
            if why is not None:
                who = defender_name(name)
                _refuse_all(why, ("move", "shift"), name,
                            _("{defender} is no longer in the post office",
                              defender=who) if defender["status"] != "board"
                            else _("{defender} has already moved this turn (4.1)",
                                   defender=who) if defender["moved"] else
                            _("{defender} is exhausted and cannot move (4.1)",
                              defender=who) if defender["exhausted"] else
                            _("{defender} is disrupted and cannot move (4.1)", defender=who))
            continue
        here = defender["space"]
        limit = 4 if "L" in rules.defenders[name].attributes else 2
        block = blocks.get((here, limit))
        if block is None:
            floor = rules.space_floor[here]
            spaces = open_spaces.get(floor)
            if spaces is None:
                spaces = open_spaces[floor] = tuple(sp for sp in floor_spaces_with_interior(game, floor)
                                                    if room(game, sp, occ))
            block = blocks[(here, limit)] = _move_blocks(game, here, spaces, limit)
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
            _refuse_moves(game, why, name, here, [dest for (dest,) in rows], limit, occ)
    out.append(Action(ActionKind.END_MOVES))
    starts.append(n)
    return Listed.of_blocks(out, starts, n + 1)


def _move_blocks(game: Kernel, here: str, spaces: tuple[str, ...], limit: int) -> MoveBlocks:
    """4.1, 4.3.2: what a defender in ``here`` carrying at most ``limit`` tokens may do, as the blocks
    :func:`gen_moves` lists: the destinations (``spaces``, his floor's spaces with room, but his own; from an
    interior, the adjoining interiors too), the sets of tokens he may carry, the kinds of token he may shift and
    where to (every other space of his floor). The same question gives the same blocks: remembered by the game
    and its copies (``Memo.moves``)."""
    tokens = tuple(tokens_in(game, here))
    key = (here, spaces, tokens, limit)
    known = game.memo.moves.get(key)
    if known is not None:
        return known
    rules = game.rules
    floor = rules.space_floor[here]
    dests = [sp for sp in spaces if sp != here]
    if here.endswith(":interior"):
        dests += [f"{f}:interior" for f in rules.adjoining_interiors(floor)]
    everywhere = floor_spaces_with_interior(game, floor)
    rows: Rows = [(dest,) for dest in dests]
    carries = carry_options(game, here, limit)
    shift_tokens: Rows = [(token,) for token in distinct_tokens(game, here)]
    shift_dests: Rows = [(dest,) for dest in everywhere if dest != here]
    blocks: MoveBlocks = (rows, carries, shift_tokens, shift_dests,
                          (len(rows) * len(carries), len(shift_tokens) * len(shift_dests)))
    return remember(game.memo.moves, key, blocks)


def _refuse_moves(game: Kernel, why: Refusals, name: str, here: str, dests: list[str], limit: int,
                  occ: dict[str, int]) -> None:
    """Why ``name`` in ``here`` may not move to the spaces other than ``dests`` nor carry more than ``limit``
    tokens (4.1, 4.3.2), recorded in ``why``."""
    rules = game.rules
    floor = rules.space_floor[here]
    who = defender_name(name)
    why[("move", name)] = _("{defender} moves to a space of his floor, or between adjoining interior spaces (4.1)",
                            defender=who)
    why[("shift", name)] = _("{defender} moves a token of his own space to another space of his floor (4.1)",
                             defender=who)
    carry = _("{defender} can carry at most {n} tokens, and only from his own space (4.1, 4.3.2)", defender=who,
              n=limit)
    for dest in dests:
        why[("move", name, dest)] = carry
    for dest in rules.space_floor:
        if dest == here or dest in dests:
            continue
        if rules.space_floor[dest] != floor and not (here.endswith(":interior") and dest.endswith(":interior")):
            why[("move", name, dest)] = _("defenders change floors only between adjoining interior spaces (4.1)")
        elif not room(game, dest, occ):
            why[("move", name, dest)] = _("{space} is full (4.1: two in a square space, three in a rectangle)",
                                          space=space_name(rules, dest, sentence=True))


def do_move(game: Kernel, action: Action) -> None:
    """4.1 Moving: the defender moves with the tokens he carries; the move token is his."""
    state = game.state
    name, dest, *carry = action.args
    src = state["defenders"][name]["space"]
    game.put(("defenders", name, "space"), dest)
    game.put(("defenders", name, "moved"), True)
    for token in carry:
        game.put(("tokens", token), dest)
    game.bump(("moves",), 1)
    game.emit(EventKind.DEFENDER_MOVED, "4.1", Msg("{defender} moves from {src} to {space}, carrying {tokens}",
                                        defender=said_name(name), src=game.said_where(src), space=game.said_where(dest),
                                        tokens=game.said_carried(carry)) if carry else
              Msg("{defender} moves from {src} to {space}", defender=said_name(name), src=game.said_where(src),
                  space=game.said_where(dest)),
              DefenderMoved(defender=name, src=src, space=dest, tokens=list(carry)))
    after_move(game)


def do_shift(game: Kernel, action: Action) -> None:
    """4.1 Moving: the defender moves a token of his space to another space of his floor, as his move."""
    state = game.state
    name, token, dest = action.args
    src = state["tokens"][token]
    game.put(("tokens", token), dest)
    game.put(("defenders", name, "moved"), True)
    game.bump(("moves",), 1)
    game.emit(EventKind.TOKEN_MOVED, "4.1", Msg("{defender} moves {token} from {src} to {space}",
                                                defender=said_name(name),
                                                token=Words(the_token, game.rules, token), src=game.said_where(src),
                                                space=game.said_where(dest)),
              TokenMoved(defender=name, token=token, src=src, space=dest))
    after_move(game)


def after_move(game: Kernel) -> None:
    if game.state["moves"] >= phase_limit(game, "defender_moves"):
        start_actions(game)
    else:
        auto_end_moves(game)


def do_end_moves(game: Kernel, action: Action) -> None:
    """4.1: the player ends the moves; the actions follow (4.2)."""
    start_actions(game)


def start_actions(game: Kernel) -> None:
    game.put(("phase",), "actions")
    limit = phase_limit(game, "defender_actions")
    game.emit(EventKind.PHASE_CHANGED, "4.2", Msg("Defense Phase: up to {n} actions", n=Msg(NUMBERS[limit])),
              PhaseChanged(phase="actions", turn=game.state["turn"], attack=game.state["attack"],
                           attack_turn=game.state["attack_turn"]))
    if limit != DEFENDER_PHASE_ACTIONS:
        tactic_applied(game, tactic_cards(game, "defender_actions"),
                       Msg("only {n} actions this Defense Phase", n=Msg(NUMBERS[limit])), "4.2")
    game.decide(DecisionKind.ACTIONS)
    auto_end_actions(game)


def auto_end_moves(game: Kernel) -> None:
    """End the moves at once when no defender is free to move (any free one can at least step into the
    interior, so this is checked cheaply)."""
    game.legal_cache = None
    if any(defender["status"] == "board" and not (defender["moved"] or defender["exhausted"] or defender["disrupted"])
           for defender in game.state["defenders"].values()):
        return
    do_end_moves(game, Action(ActionKind.END_MOVES))


def auto_end_actions(game: Kernel) -> None:
    """End the actions at once when ending them is the only choice left; otherwise keep the list just made."""
    game.legal_cache = None
    legal = game.listing(gen_actions)
    if len(legal) == 1:  # end_actions, always listed last
        do_end_actions(game, legal[0])
    else:
        game.legal_cache = legal


def gen_actions(game: Kernel, why: Refusals | None = None) -> Listed:
    """4.2 Actions: each defender that has neither moved nor acted this turn may attack (4.2.1), throw grenades
    (4.2.1), suppress (4.2.2) or command (4.2.4); an exhausted or disrupted one may only recover (4.2.3).

    With ``why``, every refused defender, target and space is recorded there with its rule (``Refusals``)."""
    state, rules = game.state, game.rules
    out: list[Action] = []
    # a combatant's targets, grenades and spaces to suppress depend only on his space: listed once a space
    by_space: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for name, defender in state["defenders"].items():
        if defender["status"] != "board" or defender["moved"] or defender["acted"]:
            if why is not None:
                who = defender_name(name)
                _refuse_all(why, ACTION_KINDS, name,
                            _("{defender} is no longer in the post office",
                              defender=who) if defender["status"] != "board"
                            else _("{defender} moved this turn and cannot take an action (4.2)", defender=who)
                            if defender["moved"] else _("{defender} has already taken an action this turn (4.2)",
                                                        defender=who))
            continue
        if defender["exhausted"] or defender["disrupted"]:
            if defender["exhausted"]:
                out.append(Action(ActionKind.RECOVER, (name, "exhausted")))
            if defender["disrupted"]:
                out.append(Action(ActionKind.RECOVER, (name, "disrupted")))
            if why is not None:
                who = defender_name(name)
                _refuse_all(why, ("attack", "grenade", "suppress", "command"), name,
                            _("{defender} is exhausted: the only action left is Recover (4.2)", defender=who)
                            if defender["exhausted"] else
                            _("{defender} is disrupted: the only action left is Recover (4.2)", defender=who))
                why[("recover", name)] = _("{defender} is exhausted, not disrupted (4.2.3)", defender=who) \
                    if defender["exhausted"] else _("{defender} is disrupted, not exhausted (4.2.3)", defender=who)
            continue
        if why is not None:
            why[("recover", name)] = _("{defender} is neither exhausted nor disrupted (4.2.3)",
                                       defender=defender_name(name))
        here = defender["space"]
        attrs = rules.defenders[name].attributes
        if "N" not in attrs:
            lists = by_space.get(here)
            if lists is None:
                lists = by_space[here] = _space_actions(game, here, name)
            attacks, grenades, suppressed = lists
            out.extend([Action(ActionKind.ATTACK, (name, cid)) for cid in attacks])
            if grenades:
                out.extend([Action(ActionKind.GRENADE, (name, t)) for t in grenades])
            if suppressed:
                out.extend([Action(ActionKind.SUPPRESS, (name, sp)) for sp in suppressed])
            if why is not None:
                _refuse_combat(game, why, name, here, suppressed)
        elif why is not None:
            _refuse_all(why, ("attack", "grenade", "suppress"), name,
                        _("{defender} is a noncombatant (4.3.3)", defender=defender_name(name)))
        if "C" in attrs and not rules.is_interior(here) and command_options(game, name):
            out.append(Action(ActionKind.COMMAND, (name,)))
        elif why is not None:
            why[("command", name)] = \
                _("{defender} has no Command [C] attribute (4.2.4)", defender=defender_name(name)) \
                if "C" not in attrs else \
                _("the command action cannot be used in the interior spaces (4.2.4)") if rules.is_interior(here) else \
                _("no defender in the same coloured spaces needs a recover (4.2.4)")
    out.append(Action(ActionKind.END_ACTIONS))
    return Listed(out, plain=True)


def _space_actions(game: Kernel, here: str, name: str) -> tuple[list[str], list[str], list[str]]:
    """What a combatant defender in ``here`` (``name`` is one) may attack (4.2.1), throw grenades with (4.2.1) and
    suppress (4.2.2): worked out once for every defender there."""
    state, rules = game.state, game.rules
    grenades: list[str] = []
    if state["interior"][rules.floor_of(here)]:
        grenades = [t for t in distinct_tokens(game, here)
                    if not t.startswith("ammo") and "G" in rules.weapons[t].designations]
    suppressed: list[str] = []
    if not rules.is_interior(here) and has_designation(game, here, "S") and has_ammo(game, here):
        cars = state["cars"].values()
        suppressed = [space for space in rules.track_spaces
                      if space not in state["spaces"] and space not in cars and rules.sees(here, space)]
    return targets(game, name), grenades, suppressed


def _refuse_combat(game: Kernel, why: Refusals, name: str, here: str, suppressed: list[str]) -> None:
    """Why a combatant defender in ``here`` cannot attack the other counters, throw grenades or suppress the
    spaces not in ``suppressed`` (4.2.1, 4.2.2), recorded in ``why``."""
    state, rules = game.state, game.rules
    targets(game, name, why)  # records why every other counter is no target
    why[("grenade", name)] = _("grenades need a Grenade [G] token in the defender's space and enemies inside on "
                               "his floor (4.2.1)")
    inside = rules.is_interior(here)
    can_suppress = has_designation(game, here, "S")
    ammo = has_ammo(game, here)
    if not inside and can_suppress and ammo:
        for space in rules.track_spaces:
            if space not in suppressed:
                why[("suppress", name, space)] = \
                    _("the defender has no line of sight to that assault space (4.2.2)") \
                    if space not in state["spaces"] and not car_at(game, space) else \
                    _("suppression tokens go on an empty assault space (4.2.2)")
    why[("suppress", name)] = \
        _("suppressing is not possible from an interior space (4.2.2)") if inside else \
        _("suppressing needs a Suppress [S] weapon in the defender's space (4.2.2)") if not can_suppress else \
        _("suppressing needs an ammunition token in the defender's space (4.2.2)") if not ammo else \
        _("suppression tokens go on an assault space (4.2.2)")


def use_action(game: Kernel, name: str, exhausts: bool) -> None:
    """4.2: the action token on ``name`` (and the exhausted marker for an attack, grenade, suppress or command
    action, 4.2.1-4.2.4)."""
    game.put(("defenders", name, "acted"), True)
    if exhausts:
        game.put(("defenders", name, "exhausted"), True)
    game.bump(("actions",), 1)
    game.emit(EventKind.DEFENDER_ACTED, "4.2", Msg("{defender} takes an action and is exhausted",
                                                   defender=said_name(name))
              if exhausts else Msg("{defender} takes an action", defender=said_name(name)),
              DefenderActed(defender=name, exhausted=exhausts))


def after_action(game: Kernel) -> None:
    if game.over or game.state["decision"] is None or game.state["decision"]["kind"] != DecisionKind.ACTIONS:
        return
    if game.state["actions"] >= phase_limit(game, "defender_actions"):
        end_defense(game)
    else:
        auto_end_actions(game)


def do_attack(game: Kernel, action: Action) -> None:
    """4.2.1 Attack: combat value dice (+1 inspire); one die at or above the defense value removes it."""
    name, cid = action.args
    dice = attack_dice(game, name)
    defense = assault_defense(game, cid)
    label = said_label(game, cid)
    who = said_name(name)
    use_action(game, name, True)
    values = game.dice(dice, Msg("{defender} attacking the {unit} (defense {defense})", defender=who, unit=label,
                                 defense=defense), "4.2.1", defense, "attack")
    if max(values) >= defense:
        remove_enemy(game, cid, "4.2.1", Msg("{defender} removes the {unit}", defender=who, unit=label))
    else:
        note_defense_tactic(game, cid, values, defense, label)
        game.emit(EventKind.ATTACK_MISSED, "4.2.1", Msg("{defender} misses the {unit}", defender=who, unit=label),
                  AttackMissed(defender=name, counter=cid))
    after_action(game)


def do_grenade(game: Kernel, action: Action) -> None:
    """4.2.1 Grenades [G]: one roll per enemy counter in the floor's interior; +2 dice from inside the
    interior, where a miss risks the thrower (a 1 on one die); the token is then removed."""
    state, rules = game.state, game.rules
    name, token = action.args
    here = state["defenders"][name]["space"]
    floor = rules.floor_of(here)
    inside = rules.is_interior(here)
    dice = grenade_dice(game, name)
    who = said_name(name)
    use_action(game, name, True)
    missed = False
    for cid in list(state["interior"][floor]):
        defense = assault_defense(game, cid)
        label = said_label(game, cid)
        values = game.dice(dice, Msg("{defender}'s grenade at the {unit} (defense {defense})", defender=who,
                                     unit=label, defense=defense), "4.2.1", defense, "grenade")
        if max(values) >= defense:
            remove_enemy(game, cid, "4.2.1", Msg("{defender}'s grenade removes the {unit}", defender=who, unit=label))
        else:
            missed = True
            note_defense_tactic(game, cid, values, defense, label)
            game.emit(EventKind.ATTACK_MISSED, "4.2.1", Msg("{defender}'s grenade misses the {unit}", defender=who,
                                                            unit=label),
                      AttackMissed(defender=name, counter=cid))
    game.put(("tokens", token), "")
    game.emit(EventKind.TOKEN_SPENT, "4.2.1", Msg("The grenades are used up"), TokenSpent(token=token))
    if inside and missed:
        if game.d6(Msg("{defender}'s own safety", defender=who), "4.2.1", "safety") == 1:
            casualty(game, name, "4.2.1", Msg("caught by his own grenade"))
    after_action(game)


def do_suppress(game: Kernel, action: Action) -> None:
    """4.2.2 Suppress: combat value + 2 (weapon) + 1 ([S] attribute) + 1 (inspire) tokens on an empty assault
    space in line of sight; one ammunition token in the space is removed."""
    state = game.state
    name, space = action.args
    here = state["defenders"][name]["space"]
    n = suppression_tokens(game, name)
    use_action(game, name, True)
    game.put(("suppression", space), state["suppression"].get(space, 0) + n)
    ammo = next(t for t in sorted(tokens_in(game, here)) if t.startswith("ammo"))
    game.put(("tokens", ammo), "")
    game.emit(EventKind.SUPPRESSION_PLACED, "4.2.2", Msg("{defender} places {n} suppression tokens on {space}",
                                                         defender=said_name(name), n=n, space=game.said_where(space)),
              SuppressionPlaced(defender=name, space=space, tokens=n, ammo=ammo))
    after_action(game)


def do_recover(game: Kernel, action: Action) -> None:
    """4.2.3 Recover: flip the exhausted side or remove a disrupted token; the defender is not exhausted."""
    name, what = action.args
    recover(game, name, what, "4.2.3")
    use_action(game, name, False)
    after_action(game)


def do_command(game: Kernel, action: Action) -> None:
    """4.2.4 Command [C]: the defender is exhausted and gives up to three free recover actions."""
    name = action.args[0]
    use_action(game, name, True)
    game.emit(EventKind.COMMAND, "4.2.4", Msg("{defender} takes the command action: three free recover actions",
                                   defender=said_name(name)),
              DefenderEvent(defender=name))
    game.decide(DecisionKind.COMMAND, by=name, left=3, given=[])
    command_continue(game)


def command_continue(game: Kernel) -> None:
    dec = game.state["decision"]
    if dec["left"] <= 0 or not command_options(game, dec["by"], dec["given"]):
        do_end_command(game, Action(ActionKind.END_COMMAND))


def do_rally(game: Kernel, action: Action) -> None:
    """4.2.4 Command [C]: one free recover action given by the command."""
    other, what = action.args
    recover(game, other, what, "4.2.4")
    dec = game.state["decision"]
    game.decide(DecisionKind.COMMAND, by=dec["by"], left=dec["left"] - 1, given=[*dec["given"], [other, what]])
    command_continue(game)


def do_end_command(game: Kernel, action: Action) -> None:
    """4.2.4: the command gives no more recovers; the actions go on (4.2)."""
    game.decide(DecisionKind.ACTIONS)
    after_action(game)


def do_end_actions(game: Kernel, action: Action) -> None:
    """4.2: the player ends the actions; the Defense Phase ends (4.0)."""
    end_defense(game)


def end_defense(game: Kernel) -> None:
    """4.0: remove move and action tokens, then the Clearing Phase."""
    for name, defender in game.state["defenders"].items():
        for marker in ("moved", "acted"):
            if defender[marker]:
                game.put(("defenders", name, marker), False)
    game.emit(EventKind.MARKERS_REMOVED, "4.0", Msg("The move and action tokens are removed"), MarkersRemoved())
    game.decided()
    game.push(["clearing"])


def do_spend(game: Kernel, action: Action) -> None:
    """4.2.2: roll one die per token used; a die at or above the counter's defense sends it to the supply.
    On a failure the counter moves in and the remaining tokens are discarded."""
    state = game.state
    dec = state["decision"]
    game.decided()
    k = int(action.args[0])
    cid, space = dec["counter"], dec["space"]
    label = said_label(game, cid)
    defense = dec["defense"]
    left = state["suppression"][space] - k
    if k:
        values = game.dice(k, Msg("{n} suppression tokens against the {unit} (defense {defense})", n=k, unit=label,
                                  defense=defense), "4.2.2", defense, "suppression")
        if max(values) >= defense:
            if left:
                game.put(("suppression", space), left)
            else:
                game.drop(("suppression", space))
            # the counter never arrives: drop the pending arrival and remove it from its space
            src = dec["src"]
            if src:
                game.remove(("spaces", src), cid)
                if not state["spaces"][src]:
                    game.drop(("spaces", src))
            if cid in state["transit"]:
                game.drop(("transit", cid))
            ctype = state["counters"][cid]["type"]
            game.drop(("counters", cid))
            game.bump(("supply", ctype), 1)
            game.emit(EventKind.COUNTER_SUPPRESSED, "4.2.2", Msg("The {unit} is suppressed and returns to the supply",
                                                      unit=label),
                      CounterSuppressed(counter=cid, space=space, spent=k, left=left))
            return
    game.drop(("suppression", space))
    game.emit(EventKind.SUPPRESSION_FAILED, "4.2.2",
              Msg("The {unit} pushes through; all {n} suppression tokens there are "
                                              "discarded", unit=label, n=k + left),
              SuppressionFailed(counter=cid, space=space, spent=k, discarded=k + left))


def gen_command(game: Kernel, why: Refusals | None = None) -> list[Action]:
    """4.2.4: the free recover actions the command still gives, then ending it."""
    dec = game.state["decision"]
    if why is not None:
        why[("rally",)] = _("{defender}'s command recovers defenders in his coloured spaces on his floor, each "
                            "marker once (4.2.4)", defender=defender_name(dec["by"]))
    return [*command_options(game, dec["by"], dec["given"]), Action(ActionKind.END_COMMAND)]


def gen_spend(game: Kernel, why: Refusals | None = None) -> list[Action]:
    """4.2.2: how many of the space's suppression tokens to roll, all of them first."""
    if why is not None:
        dec = game.state["decision"]
        why[("spend",)] = _("{n} suppression tokens lie on {space}: spend 0 to {n} (4.2.2)", n=dec["tokens"],
                            space=space_name(game.rules, dec["space"], sentence=True))
    return [Action(ActionKind.SPEND, (str(k),)) for k in range(game.state["decision"]["tokens"], -1, -1)]
