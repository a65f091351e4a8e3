"""Read-only questions about a game: where things are, what a defender can do, what a counter's defense is.

Nothing here changes the state (``token_kind`` only fills a cache). Every rule module asks these, and the public
queries of :class:`~game.rules.engine.Game` are these functions.
"""

from __future__ import annotations

from game.i18n import Lazy, Plural, Words, _
from game.rules.actions import Action
from game.rules.data import TacticCard, remember
from game.rules.kernel import Kernel
from game.rules.kinds import ActionKind
from game.rules.names import defender_name, entrance_name, space_name, tactic_names, unit_name

# Why each refused choice is refused, keyed by the action's kind and its first arguments (``Game.why_illegal``
# reads the longest key that starts the action).
Refusals = dict[tuple[str, ...], str]

DEFENDER_PHASE_MOVES = 4
DEFENDER_PHASE_ACTIONS = 4


def refusal_for(why: Refusals, action: Action) -> str:
    """The reason ``why`` gives for ``action``: the one under the longest key that starts it ("" if none)."""
    key = (action.kind, *action.args)
    return next((why[key[:n]] for n in range(len(key), 0, -1) if key[:n] in why), "")


def hit_chance(dice: int, defense: int) -> float:
    """Probability that at least one of ``dice`` six-sided dice shows ``defense`` or more."""
    if dice <= 0:
        return 0.0
    miss = min(max(defense - 1, 0), 6) / 6
    return 1.0 - miss**dice


def defenders_in(game: Kernel, space: str) -> list[str]:
    return [n for n,
            defender in game.state["defenders"].items() if defender["status"] == "board" and defender["space"] == space]


def tokens_in(game: Kernel, space: str) -> list[str]:
    if game.tokens_by_space is not None:
        return game.tokens_by_space.get(space, [])
    return [t for t, s in game.state["tokens"].items() if s == space]


def counter_type(game: Kernel, cid: str) -> str:
    return str(game.state["counters"][cid]["type"])


def counter_label(game: Kernel, cid: str) -> str:
    """The counter in words, in the player's language (``rifleman``, ``leader Heinrich``)."""
    c = game.state["counters"][cid]
    return unit_name(game.rules, c["type"], c.get("name", ""))


def said_label(game: Kernel, cid: str) -> Words:
    """:func:`counter_label` worded when read (the narration: the counter may have left the board by then)."""
    c = game.state["counters"][cid]
    return Words(unit_name, game.rules, c["type"], c.get("name", ""))


def counter_space(game: Kernel, cid: str) -> str:
    """Where an enemy counter is: a track space, ``floor:interior`` or a support space letter."""
    for space, stack in game.state["spaces"].items():
        if cid in stack:
            return str(space)
    for floor, items in game.state["interior"].items():
        if cid in items:
            return f"{floor}:interior"
    for space, stack in game.state["support"].items():
        if cid in stack:
            return str(space)
    return str(game.state["transit"].get(cid, ""))


def assault_defense(game: Kernel, cid: str) -> int:
    """Defense value of an enemy counter; 6 for assault counters with an armored car (3.1); with the
    Tactics cards in play (``defense_bonus``), at most 6."""
    base = base_defense(game, cid)
    bonus, _cards = defense_bonus(game, cid)
    return min(6, base + bonus) if bonus else base


def base_defense(game: Kernel, cid: str) -> int:
    ctype = counter_type(game, cid)
    if ctype in game.rules.support_types:
        return game.rules.support_types[ctype].defense
    space = counter_space(game, cid)
    if space in game.state["cars"].values():
        return game.rules.armored_car_defense
    return game.rules.assault_types[ctype].defense


def defense_bonus(game: Kernel, cid: str) -> tuple[int, list[TacticCard]]:
    """Tactics card effect ``defense_bonus`` for an assault counter on a track (``track``), inside the post
    office (``inside``) or anywhere (``all``)."""
    cards = tactic_cards(game, "defense_bonus")
    if not cards or counter_type(game, cid) in game.rules.support_types:
        return 0, []
    where = "inside" if counter_space(game, cid).endswith(":interior") else "track"
    cards = [c for c in cards if c.where in (where, "all")]
    return sum(c.amount for c in cards), cards


def counters_inside(game: Kernel) -> int:
    return sum(len(v) for v in game.state["interior"].values())


def attack_ends_this_turn(game: Kernel) -> bool:
    """2.1-2.3: the current Attack (the game, in Attack 3) ends at the end of this turn whatever the defenders
    do: the fire truck was drawn (Attack 3), or no extension can follow, its deck being spent (or an Attack 1 or
    2 already extended) with no assault counter inside or no leader on the board. Killing counters only keeps
    it so (no card is left to bring new ones this turn). The assault counters and suppression tokens on the
    tracks are then cleared (2.1, 2.2) or no longer matter (7.0): attacking or suppressing there changes nothing
    (support counters stay for the next Attack). Mirrors ``setup.task_turn_end``."""
    state = game.state
    attack = int(state["attack"])
    if attack == 3 and state["fire_truck_drawn"]:
        return True
    if counters_inside(game) and leader_on_board(game):
        return False
    return not state["decks"][str(attack)] or (bool(state["extended"]) and attack != 3)


def markers_cleared_this_turn(game: Kernel) -> bool:
    """2.1 / 2.2: the exhausted and disrupted markers are cleared at the end of this turn whatever the defenders
    do: Attack 1 or 2 ends with it (``setup.end_attack``). Not in Attack 3, where the Escape Phase still asks who
    is fit to escape (6.0) before the game ends."""
    return int(game.state["attack"]) < 3 and attack_ends_this_turn(game)


def leader_on_board(game: Kernel) -> bool:
    return any(c["type"] == "leader" for c in game.state["counters"].values())


def phase_limit(game: Kernel, effect: str) -> int:
    """4.1, 4.2, 8.x: how many moves (``"defender_moves"``) or actions (``"defender_actions"``) the defenders
    have this Defense Phase: four, changed by a Tactics card in play (at least one)."""
    base = DEFENDER_PHASE_MOVES if effect == "defender_moves" else DEFENDER_PHASE_ACTIONS
    return max(1, base + tactic_bonus(game, effect)[0])


def floor_spaces_with_interior(game: Kernel, floor: str) -> list[str]:
    return [*game.rules.floor_spaces[floor], f"{floor}:interior"]


def occupancy(game: Kernel) -> dict[str, int]:
    occ: dict[str, int] = {}
    for defender in game.state["defenders"].values():
        if defender["status"] == "board":
            occ[defender["space"]] = occ.get(defender["space"], 0) + 1
    return occ


def room(game: Kernel, space: str, occ: dict[str, int] | None = None) -> bool:
    if space.endswith(":interior"):
        return True
    count = occ.get(space, 0) if occ is not None else len(defenders_in(game, space))
    return count < game.rules.defender_spaces[space].capacity


def token_kind(game: Kernel, token: str) -> str:
    kind = game.memo.kinds.get(token)
    if kind is None:
        if token.startswith("ammo"):
            kind = "ammo"
        else:
            w = game.rules.weapons[token]
            kind = f"{w.name}/{''.join(w.designations)}"
        game.memo.kinds[token] = kind
    return kind


def distinct_tokens(game: Kernel, space: str) -> list[str]:
    """Tokens in a space, one representative per kind (identical tokens are interchangeable)."""
    seen: dict[str, str] = {}
    for t in sorted(tokens_in(game, space)):
        seen.setdefault(token_kind(game, t), t)
    return sorted(seen.values())


def carry_options(game: Kernel, space: str, limit: int) -> list[tuple[str, ...]]:
    """4.1 / 4.3.2: combinations of at most ``limit`` tokens. Identical tokens are interchangeable, so only
    one canonical choice is listed per combination of kinds (the lowest ids of each kind). The same tokens give
    the same choices: remembered by the game (and its copies) under the tokens' ids."""
    here = tokens_in(game, space)
    key = (tuple(here), limit)
    known = game.memo.carry.get(key)
    if known is None:
        known = remember(game.memo.carry, key, _carry_options(game, here, limit))
    return known


def _carry_options(game: Kernel, here: list[str], limit: int) -> list[tuple[str, ...]]:
    """4.1 / 4.3.2: :func:`carry_options` for the tokens ``here``, worked out."""
    tokens = sorted(here, key=lambda t: (token_kind(game, t), t))
    by_kind: dict[str, list[str]] = {}
    for t in tokens:
        by_kind.setdefault(token_kind(game, t), []).append(t)
    options: list[tuple[str, ...]] = [()]
    for ids in by_kind.values():
        grown = []
        for opt in options:
            for k in range(0, len(ids) + 1):
                if len(opt) + k > limit:
                    break
                grown.append(opt + tuple(ids[:k]))
        options = grown
    return sorted((tuple(sorted(o)) for o in options), key=lambda c: (len(c), c))


def has_designation(game: Kernel, space: str, designation: str) -> bool:
    """2.0: whether a weapon token in ``space`` has ``designation`` (``R``, ``S``, ``G``)."""
    return designation in space_kit(game, space)[0]


def has_ammo(game: Kernel, space: str) -> bool:
    """2.0: whether an ammunition token lies in ``space``."""
    return space_kit(game, space)[1]


def space_kit(game: Kernel, space: str) -> tuple[frozenset[str], bool]:
    """The designations of the weapon tokens in ``space`` and whether ammunition lies there; the same tokens
    give the same answer, remembered by the rules (``Memo.kits``)."""
    here = tuple(tokens_in(game, space))
    known = game.memo.kits.get(here)
    if known is None:
        weapons = game.rules.weapons
        known = remember(game.memo.kits, here, (
            frozenset(d for t in here if not t.startswith("ammo") for d in weapons[t].designations),
            any(t.startswith("ammo") for t in here)))
    return known


def inspired(game: Kernel, name: str) -> bool:
    """4.3.1 Inspire: a fresh [I] defender in the same coloured spaces on the same floor adds one die or one
    suppression token; never for an [I] defender, never in interior spaces."""
    state, rules = game.state, game.rules
    if "I" in rules.defenders[name].attributes:
        return False
    here = state["defenders"][name]["space"]
    if rules.is_interior(here):
        return False
    colours = rules.defender_spaces[here].colours
    floor = rules.floor_of(here)
    for other in rules.inspirers:
        defender = state["defenders"][other]
        if other == name or defender["status"] != "board":
            continue
        if defender["exhausted"] or defender["disrupted"] or defender["acted"] or defender["moved"] \
                or rules.is_interior(defender["space"]):
            continue
        sp = rules.defender_spaces[defender["space"]]
        if sp.floor == floor and any(c in colours for c in sp.colours):
            return True
    return False


def attack_dice(game: Kernel, name: str) -> int:
    return game.rules.defenders[name].combat + (1 if inspired(game, name) else 0)


def grenade_dice(game: Kernel, name: str) -> int:
    """4.2.1 Grenades [G]: the dice ``name`` rolls at each counter in his floor's interior: his attack dice
    (4.3 inspire included), two more when he throws from inside the interior."""
    return attack_dice(game, name) + (2 if game.rules.is_interior(game.state["defenders"][name]["space"]) else 0)


def suppression_tokens(game: Kernel, name: str) -> int:
    """4.2.2, 4.3: the suppression tokens a suppress action by ``name`` places: his combat value, +2 for the
    weapon, +1 for the [S] attribute, +1 when inspired."""
    d = game.rules.defenders[name]
    return d.combat + 2 + (1 if "S" in d.attributes else 0) + (1 if inspired(game, name) else 0)


def targets(game: Kernel, name: str, why: Refusals | None = None) -> list[str]:
    """4.2.1: enemy counters the defender may attack (line of sight, ranged weapons, top of a stack).

    With ``why``, every other counter on the board is recorded there with the rule that rules it out, keyed
    ``("attack", name, counter)``."""
    state, rules = game.state, game.rules
    here = state["defenders"][name]["space"]
    floor = rules.floor_of(here)
    out = list(state["interior"][floor])
    if why is not None:
        for other, items in state["interior"].items():
            if other != floor:
                for cid in items:
                    why[("attack", name, cid)] = _("counters inside are attacked only from their own floor (1.4)")
    if rules.is_interior(here):
        if why is not None:
            for stack in (*state["spaces"].values(), *state["support"].values()):
                for cid in stack:
                    why[("attack", name, cid)] = _("interior spaces have no line of sight outside the building "
                                                   "(1.4)")
        return out
    if why is None:  # nothing to record: the tops of the stacks in the defender's sight
        seen = _sight_from(game, here, has_designation(game, here, "R"))[1]
        out.extend([top for space, top in stack_tops(game) if space in seen])
        return out
    ranged = has_designation(game, here, "R")  # (the reasons given for the refusals, as :func:`sight` decides)
    needs_ranged = floor == "upper" and not ranged
    for stacks, kind in ((state["spaces"], "track"), (state["support"], "support")):
        for space, stack in stacks.items():
            if not stack:
                continue
            for cid in stack[:-1]:
                why[("attack", name, cid)] = _("only the top counter of a stack can be attacked (4.2.1)")
            if not rules.sees(here, space):
                why[("attack", name, stack[-1])] = \
                    _("no line of sight: {here} and {space} share no colour (1.4)",
                      here=space_name(rules, here, sentence=True), space=space_name(rules, space, sentence=True))
            elif needs_ranged or (kind == "support" and not ranged):
                why[("attack", name, stack[-1])] = \
                    _("this target needs a Ranged [R] weapon in the defender's space (4.2.1)")
            else:
                out.append(stack[-1])
    return out


def stack_tops(game: Kernel) -> list[tuple[str, str]]:
    """Each occupied track space then support space with the counter on top of its stack (the one a defender
    may attack, 4.2.1), in the board's order; worked out once while legal actions are listed."""
    tops = game.tops
    if tops is None:
        state = game.state
        tops = [(space, stack[-1]) for space, stack in state["spaces"].items() if stack]
        tops.extend([(space, stack[-1]) for space, stack in state["support"].items() if stack])
        if game.tokens_by_space is not None:  # listing: the board stands still until it is done
            game.tops = tops
    return tops


def sight(game: Kernel, name: str) -> list[str]:
    """4.2.1 with 1.4: the spaces whose top counter the defender could attack from where he stands, occupied or
    not (what the board lights when the player points at him): his own floor's interior; from a space outside the
    interior, the track spaces that share a colour with it (from the upper floors only with a Ranged [R] weapon
    there) and the support spaces sharing a colour (always with a Ranged [R] weapon). The same tests as
    :func:`targets`."""
    here = game.state["defenders"][name]["space"]
    return list(_sight_from(game, here, not game.rules.is_interior(here) and has_designation(game, here, "R"))[0])


def _sight_from(game: Kernel, here: str, ranged: bool) -> tuple[tuple[str, ...], frozenset[str]]:
    """:func:`sight` from ``here`` with or without a Ranged [R] weapon there, in order and as a set: facts of the
    board alone, worked out once for a game and its copies (``Kernel.memo``)."""
    key = (here, ranged)
    known = game.memo.sight.get(key)
    if known is not None:
        return known
    rules = game.rules
    floor = rules.floor_of(here)
    out = [f"{floor}:interior"]
    if not rules.is_interior(here):
        if ranged or floor != "upper":
            out.extend(space for space in rules.track_spaces if rules.sees(here, space))
        if ranged:
            out.extend(space for space in rules.support_spaces if rules.sees(here, space))
    known = remember(game.memo.sight, key, (tuple(out), frozenset(out)))
    return known


def command_options(game: Kernel, name: str, given: list[list[str]] | None = None) -> list[Action]:
    """4.2.4 Command [C]: recover actions for defenders in the same coloured spaces on the same floor, never
    for a [C] defender, never in interior spaces; at most two on one defender (one of each kind)."""
    state, rules = game.state, game.rules
    here = state["defenders"][name]["space"]
    if rules.is_interior(here):
        return []
    me = rules.defender_spaces[here]
    given = given or []
    out = []
    for other, defender in state["defenders"].items():
        if not (defender["exhausted"] or defender["disrupted"]) or defender["status"] != "board" \
                or "C" in rules.defenders[other].attributes \
                or rules.is_interior(defender["space"]):
            continue
        sp = rules.defender_spaces[defender["space"]]
        if sp.floor != me.floor or not any(c in me.colours for c in sp.colours):
            continue
        for what in ("exhausted", "disrupted"):
            if defender[what] and [other, what] not in given:
                out.append(Action(ActionKind.RALLY, (other, what)))
    return out


def command_targets(game: Kernel, name: str) -> list[tuple[str, str]]:
    """4.2.4 Command [C]: the free recover actions a command by ``name`` could give now, as (defender,
    "exhausted" or "disrupted") pairs in the order of the defenders."""
    return [(str(a.args[0]), str(a.args[1])) for a in command_options(game, name)]


def floor_defenders(game: Kernel, floor: str) -> list[str]:
    rules = game.rules
    return [n for n, defender in game.state["defenders"].items() if defender["status"] == "board"
            and rules.floor_of(defender["space"]) == floor]


def barrier_closed(game: Kernel, space: str) -> bool:
    b = game.rules.track_spaces[space].barrier
    return b != 0 and b not in game.state["barriers_open"]


def car_at(game: Kernel, space: str) -> str:
    for car, where in game.state["cars"].items():
        if where == space:
            return str(car)
    return ""


def pick_by_label(game: Kernel, spaces: list[str], roll: int) -> str:
    """3.2.2 / 5.2: the space whose label holds the roll; if empty, the next higher number, else the next
    lower. ``spaces`` are the occupied candidates."""
    ds = game.rules.defender_spaces
    for sp in spaces:
        if ds[sp].low <= roll <= ds[sp].high:
            return sp
    higher = sorted((ds[sp].low, sp) for sp in spaces if ds[sp].low > roll)
    if higher:
        return higher[0][1]
    lower = sorted((ds[sp].high, sp) for sp in spaces if ds[sp].high < roll)
    return lower[-1][1]


def tactic_cards(game: Kernel, effect: str) -> list[TacticCard]:
    """The Tactics cards in play with this effect (8.1.2, 8.2.2; effects of ``levels/tactics.toml``)."""
    in_play = game.state["tactics"]["in_play"]
    if not in_play:
        return []
    cards = game.rules.tactics
    return [cards[c] for c in in_play if cards[c].effect == effect]


def tactic_bonus(game: Kernel, effect: str) -> tuple[int, list[TacticCard]]:
    """The summed ``amount`` of the cards in play with this effect (two cards at Elite add up)."""
    found = tactic_cards(game, effect)
    return sum(c.amount for c in found), found


def tactic_section(game: Kernel) -> str:
    return "8.2.2" if game.state["difficulty"] == "elite" else "8.1.2"


def extra_dice_note(extra: int, cards: list[TacticCard]) -> str | Lazy:
    """`` with 1 extra die (Coordinated Attack)``, worded when read; "" without extra dice."""
    if not extra:
        return ""
    names = tuple(dict.fromkeys(c.name for c in cards))
    return Plural(" with {n} extra die ({cards})", " with {n} extra dice ({cards})", extra,
                  cards=Words(tactic_names, names))


def escape_reason(game: Kernel, name: str) -> str:
    """6.0: which escape condition ``name`` fails, or "" when he can escape."""
    state, rules = game.state, game.rules
    defender = state["defenders"][name]
    if defender["exhausted"] or defender["disrupted"]:
        return _("{defender} is exhausted and cannot escape (6.0)",
                 defender=defender_name(name)) if defender["exhausted"] else \
            _("{defender} is disrupted and cannot escape (6.0)", defender=defender_name(name))
    here = defender["space"]
    entrance = "" if rules.is_interior(here) else rules.defender_spaces[here].entrance
    if not entrance:
        return _("{defender} must be in an entrance defender space to escape (6.0)", defender=defender_name(name))
    if not rules.entrances[entrance].escape:
        return _("nobody escapes through {entrance} (6.0)", entrance=entrance_name(entrance))
    return escape_blocker(game, entrance)


def escape_blocker(game: Kernel, entrance: str) -> str:
    """6.0: what keeps defenders from escaping through ``entrance`` (an assault counter on its track, a
    support counter seeing the track), or "" when the route is clear: the first of :meth:`escape_blockers`."""
    blockers = escape_blockers(game, entrance)
    if not blockers:
        return ""
    where = counter_space(game, blockers[0])
    if where in game.rules.support_spaces:
        return _("the support counter in {space} covers {entrance} (6.0)",
                 space=space_name(game.rules, where, sentence=True), entrance=entrance_name(entrance))
    return _("an assault counter on {space} blocks {entrance} (6.0)", space=space_name(game.rules, where,
                                                                                       sentence=True),
             entrance=entrance_name(entrance))


def escape_blockers(game: Kernel, entrance: str) -> list[str]:
    """6.0: every enemy counter that keeps the ``entrance`` route shut, the assault counters on its tracks
    (nearest the placement space first) and then the support counters (whole stacks) in spaces that see
    them. Empty when the route is clear."""
    state, rules = game.state, game.rules
    spaces = route_spaces(game, entrance)
    out = [cid for sp in spaces for cid in state["spaces"].get(sp, ())]
    for sid, stack in state["support"].items():
        if stack and any(rules.sees(sid, sp) for sp in spaces):
            out.extend(stack)
    return out


def route_spaces(game: Kernel, entrance: str) -> list[str]:
    return list(dict.fromkeys(sp for t in game.rules.tracks.values() if t.entrance == entrance for sp in t.spaces))


def tactics_in_play(game: Kernel) -> list[str]:
    """The Tactics cards in play, the card nearest the Tactics deck (the newest) first; empty at Standard."""
    return list(game.state["tactics"]["in_play"])


def canonical(game: Kernel, action: Action) -> Action:
    """The listed form of an action naming tokens: identical tokens are interchangeable (4.1), so any
    ``gren`` in the space stands for the one listed. Returns the action unchanged when it names none."""
    state = game.state
    if action.kind not in (ActionKind.MOVE, ActionKind.SHIFT, ActionKind.GRENADE) or not action.args or \
            action.args[0] not in state["defenders"]:
        return action
    here = state["defenders"][action.args[0]]["space"]
    present = sorted(tokens_in(game, here))
    if action.kind == ActionKind.MOVE:
        carried = action.args[2:]
    elif action.kind == ActionKind.SHIFT:
        carried = action.args[1:2]
    else:
        carried = action.args[1:]
    if len(set(carried)) != len(carried) or any(t not in present for t in carried):
        return action
    wanted: dict[str, int] = {}
    for t in carried:
        wanted[token_kind(game, t)] = wanted.get(token_kind(game, t), 0) + 1
    canon: list[str] = []
    for kind, n in wanted.items():
        canon.extend([t for t in present if token_kind(game, t) == kind][:n])
    canon.sort()
    if action.kind == ActionKind.MOVE:
        return Action(ActionKind.MOVE, (*action.args[:2], *canon))
    if action.kind == ActionKind.SHIFT:
        return Action(ActionKind.SHIFT, (action.args[0], canon[0], *action.args[2:]))
    return Action(ActionKind.GRENADE, (action.args[0], canon[0]))
