"""A rules-aware policy: scores the legal choices of each decision with the threat analysis and takes the best.

It guards the postal workers and noncombatants (out of the entrance spaces a breach would kill, recovered when a
second disruption would kill them), keeps ammunition with the suppressors, suppresses the spaces the enemy is
about to enter, attacks the counters most likely to breach or already inside, throws grenades into crowded
interiors, commands and recovers, spends suppression tokens by a small dynamic programme, gives up the
least valuable defender in the Clearing Phase and escapes in Attack 3. Deterministic: ties fall to the fixed
order of ``legal_actions()``.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from game.ai.analysis import Analysis, hit, suppress_plan
from game.i18n import Lazy, Msg, Plural, Words, _, n_, percent
from game.rules import Action, Game
from game.rules.actions import Family, Listed
from game.rules.data import Rules
from game.rules.kinds import ActionKind, DecisionKind
from game.rules.names import (
    defender_name,
    entrance_name,
    floor_words,
    said_name,
    space_name,
    state_name,
    the_token,
)
from game.rules.queries import said_label

END_KINDS = ("end_moves", "end_actions", "end_command", "end_escape")
MIN_MOVE_VALUE = 0.04
MIN_ACTION_VALUE = 0.02


def _defense_said(game: Game, floor: str) -> Lazy:
    """A floor's defense as its track on the board shows it (3.2.2, 3.3): its value now, and the lowest value
    and how many hits bring it there, after which every hit disrupts everyone on the floor."""
    value, lowest, hits = _defense_key(game, floor)
    if not hits:
        return Msg("defense {value}, its lowest", value=value)
    return Plural("defense {value}, lowest {lowest} in {n} hit", "defense {value}, lowest {lowest} in {n} hits",
                  hits, value=value, lowest=lowest)


def _defense_key(game: Game, floor: str) -> tuple[int, int, int]:
    """What :func:`_defense_said` says of ``floor``: its defense now, its lowest and the hits between them."""
    fl = game.rules.floors[floor]
    index, last = int(game.state["defense"][floor]), len(fl.defense) - 1
    return fl.defense[min(index, last)], fl.defense[last], max(0, last - index)


def _shells_said(an: Analysis, floor: str) -> Lazy:
    """Whose shells are still to come against ``floor`` (the sources of ``Analysis.heat``)."""
    howitzer, guns = an.shellers(floor)
    if howitzer and guns:
        return Msg("the shells of the howitzer and the infantry guns")
    if guns:
        return Msg("the infantry guns' shells")
    return Msg("the howitzer's shells")


def shelling_reason(game: Game, an: Analysis, name: str, here: str, dest: str) -> Lazy:
    """Why ``name`` moves from ``here`` to ``dest`` away from the shelling (``Analysis.potential``): which floor is
    shelled, by whom, and the two floors' defense tracks, which the move compares. Shelling strikes a whole floor,
    interior included (3.2.2, 3.3), so only another floor is away from it: a move into the interior is on the way
    to the adjoining floor least exposed. Named in full so that two hints that send defenders opposite ways on
    consecutive turns say what changed between them (a floor's defense lowered by the howitzer)."""
    rules = game.rules
    floor, to = rules.space_floor[here], rules.space_floor[dest]

    def heat(f: str) -> float:
        return min(3.0, an.heat(f))  # as Analysis.potential counts it

    if to == floor and dest.endswith(":interior"):
        others = rules.adjoining_interiors(floor)
        to = min(others, key=heat) if others else floor
    if to == floor or heat(to) >= heat(floor):  # (not expected: the move's value compares these floors)
        return Msg("{defender} heads for {space}, on his way to a floor less exposed to the shelling",
                   defender=said_name(name), space=game.said_where(dest))
    fields: dict[str, object] = {
        "defender": said_name(name), "space": game.said_where(dest), "shells": _shells_said(an, floor),
        "floor": Words(floor_words, rules, floor, "the"), "defense": _defense_said(game, floor),
        "safer": Words(floor_words, rules, to, "the"), "safer_defense": _defense_said(game, to)}
    if _defense_key(game, floor) == _defense_key(game, to):
        # the two tracks read alike: their numbers would only seem to contradict "more often" (a playtest read
        # "the upper floors more often (defense 6, lowest 4 in 3 hits) than the ground floor (defense 6, ...)")
        if rules.space_floor[dest] == floor:
            return Msg("{defender} heads for {space}, on his way to the {safer}, less exposed to the shelling: "
                       "{shells} will disrupt the {floor} more often than the {safer}", **fields)
        if list(rules.floors).index(to) > list(rules.floors).index(floor):
            return Msg("{defender} goes down to {space}, away from the shelling: {shells} will disrupt the {floor} "
                       "more often than the {safer}", **fields)
        return Msg("{defender} goes up to {space}, away from the shelling: {shells} will disrupt the {floor} "
                   "more often than the {safer}", **fields)
    if rules.space_floor[dest] == floor:
        return Msg("{defender} heads for {space}, on his way to the {safer}, less exposed to the shelling: {shells} "
                   "will disrupt the {floor} more often ({defense}) than the {safer} ({safer_defense})", **fields)
    order = list(rules.floors)
    if order.index(to) > order.index(floor):
        return Msg("{defender} goes down to {space}, away from the shelling: {shells} will disrupt the {floor} "
                   "more often ({defense}) than the {safer} ({safer_defense})", **fields)
    return Msg("{defender} goes up to {space}, away from the shelling: {shells} will disrupt the {floor} "
               "more often ({defense}) than the {safer} ({safer_defense})", **fields)


class Scored:
    """A legal action with its value and the one-line reason. The reason may be given as a function that words
    it (``said``, with its arguments bound): most scored actions are never explained (the planner's futures ask
    for the best action only), so their words are made only when read."""

    __slots__ = ("action", "value", "_reason", "_said")

    def __init__(self, action: Action, value: float, reason: str | Lazy = "",
                 said: Callable[[], str] | None = None) -> None:
        self.action = action
        self.value = value
        self._reason = reason
        self._said = said

    @property
    def reason(self) -> str:
        if self._said is not None:
            self._reason, self._said = self._said(), None
        if isinstance(self._reason, Lazy):  # (worded now: the player's language of this moment)
            self._reason = str(self._reason)
        return str(self._reason)


# A token as a number that sums (``token_code``): how many Suppression, Grenade and Ranged weapons and rounds of
# ammunition a set of tokens holds, each count in its own 16 bits (no level has 65,536 tokens of a kind).
_COUNT = 0xFFFF
_AMMO, _GRENADE, _RANGED = 16, 32, 48


def token_code(rules: Rules, token: str) -> int:
    """``token`` as a number whose sum over a set of tokens counts its Suppression weapons (the lowest 16 bits),
    its ammunition (the next 16: shifted by ``_AMMO``), its Grenade and its Ranged weapons (4.2.1, 4.2.2)."""
    if token.startswith("ammo"):
        return 1 << _AMMO
    designations = rules.weapons[token].designations
    return ("S" in designations) + (("G" in designations) << _GRENADE) + (("R" in designations) << _RANGED)


class MoveTerms:
    """The terms of a move's value that no weight of the heuristic changes, at one position (4.1): the posts'
    suppression, grenade and Ranged-weapon values with and without the tokens a move carries or a shift sends,
    the breach and fire risks by space, the blockers of the escape routes. Worked out when first asked and
    remembered, so ``game`` must not change while they are in use."""

    def __init__(self, policy: HeuristicPolicy, game: Game, an: Analysis) -> None:
        state, rules = game.state, game.rules
        self.game, self.an, self.rules, self.policy = game, an, rules, policy
        self.defenders: dict[str, Any] = state["defenders"]
        self.kill_risk = policy._kill_risk(an)
        self.danger = policy._support_danger(game, an)
        # each token summed as a number (``token_code``), and the sum of each space's tokens: what a post's value
        # depends on (its Suppression, Grenade and Ranged weapons and its ammunition), so that a move's carry or a
        # shift changes two sums, not two lists
        self.code: dict[str, int] = {}
        self.code_at: dict[str, int] = {}
        for t, sp in state["tokens"].items():
            code = self.code[t] = token_code(rules, t)
            if sp:
                self.code_at[sp] = self.code_at.get(sp, 0) + code
        occupancy: dict[str, int] = {}
        for d in self.defenders.values():
            if d["status"] == "board":
                occupancy[d["space"]] = occupancy.get(d["space"], 0) + 1
        # suppression readiness: best target value seen from each non-interior space, by token count
        self.empty_targets = [sp for sp in rules.track_spaces if sp not in state["spaces"] and sp not in an.car_spaces]
        self.supp_cache: dict[tuple[str, int], float] = {}
        self.entries_cache: dict[tuple[str, int, str], list[float]] = {}
        self.grenade_cache: dict[tuple[str, str], float] = {}
        self.ranged_cache: dict[tuple[str, str, str], float] = {}
        self.supp_tokens: dict[str, int] = {}  # each defender's suppression tokens (4.2.2, 4.3) in this position
        entries: dict[str, list[float]] = {}
        for space in {*self.code_at, *occupancy}:
            entries[space] = self.post_entries(space, self.code_at.get(space, 0), "")
        # every post's values, best first: the two best after a change are among the two best of the posts it
        # leaves alone and the changed posts' own
        self.everyone = sorted(((v, sp) for sp, es in entries.items() for v in es), key=lambda x: x[0],
                               reverse=True)
        self.supp_now = self.global_supp({})
        self.inside = {f: list(items) for f, items in state["interior"].items() if items}
        # Attack 3: support counters on top of a stack that keep an escape route shut (6.0), which only a
        # defender with a Ranged weapon can attack (4.2.1): a Ranged weapon is worth carrying where it sees them
        self.route_support: list[tuple[str, float, int]] = []
        if an.attack == 3:
            for sid, stack in state["support"].items():
                if stack:
                    bonus = policy._escape_bonus(game, an, stack[-1])
                    if bonus > 0:
                        self.route_support.append((sid, bonus, game.assault_defense(stack[-1])))
        # no intruder to throw grenades at and no support counter shutting a route: every post_value is 0
        self.suppression_only = not self.inside and not self.route_support
        self.base_cache: dict[str, float] = {}
        self.emptied: dict[tuple[str, str], float] = {}  # token_gain's suppression term when both posts are empty
        self.leave_cache: dict[str, float] = {}  # what leaving his post costs a mover carrying nothing
        # each carrying move's (defender, destination, tokens) and shift's (defender, token, destination) token_gain
        # (no weight in it)
        self.gains: dict[tuple[str, str, tuple[str, ...] | str], float] = {}
        # Attack 3: how many enemy counters keep each escape route shut (6.0)
        self.route_blockers: dict[str, int] = {}
        if an.attack == 3:
            for eid, e in rules.entrances.items():
                if e.escape:
                    self.route_blockers[eid] = len(game.escape_blockers(eid))

    def best_supp(self, space: str, n: int) -> float:
        if space.endswith(":interior"):
            return 0.0
        key = (space, n)
        got = self.supp_cache.get(key)
        if got is None:
            got = 0.0
            for sp in self.empty_targets:
                if self.rules.sees(space, sp):
                    got = max(got, self.an.suppress_value(sp, n))
            self.supp_cache[key] = got
        return got

    def post_entries(self, space: str, code: int, moved: str) -> list[float]:
        """Values of the suppress actions possible from ``space`` holding the tokens summed in ``code`` (one per
        able suppressor and ammo, best first), ``moved`` (a mover from there, or a shifter) not among them."""
        if not code & _COUNT or not (code >> _AMMO) & _COUNT or space.endswith(":interior"):
            return []  # no Suppression weapon or no ammunition there: no post
        if moved and moved not in self.an.defenders_at.get(space, ()):
            moved = ""  # (a mover arriving there is no suppressor of it this turn: the same entries)
        ammo = (code >> _AMMO) & _COUNT
        key = (space, ammo, moved)
        got = self.entries_cache.get(key)
        if got is None:
            got = self.entries_cache[key] = self._post_entries(space, ammo, moved)
        return got

    def _post_entries(self, space: str, ammo: int, moved: str) -> list[float]:
        rules = self.rules
        vals = []
        for n in self.an.defenders_at.get(space, ()):
            defender = self.defenders[n]
            if n == moved or "N" in rules.defenders[n].attributes or defender["acted"] or defender["moved"]:
                continue
            ready = 1.0 if not (defender["exhausted"] or defender["disrupted"]) else 0.25
            tokens_of = self.supp_tokens.get(n)
            if tokens_of is None:
                tokens_of = self.supp_tokens[n] = self.game.suppression_tokens(n)
            vals.append(ready * self.best_supp(space, tokens_of))
        vals.sort(reverse=True)
        return vals[:ammo]

    def global_supp(self, changed: dict[str, list[float]]) -> float:
        vals: list[float] = []
        for v, sp in self.everyone:
            if sp not in changed:
                vals.append(v)
                if len(vals) == 2:
                    break
        for es in changed.values():
            vals.extend(es)
        vals.sort(reverse=True)
        return sum(vals[:2])

    def grenade_value(self, space: str, code: int, moved: str) -> float:
        floor = self.rules.space_floor[space]
        if floor not in self.inside or not (code >> _GRENADE) & _COUNT:
            return 0.0
        key = (space, moved)
        got = self.grenade_cache.get(key)
        if got is None:
            got = self.grenade_cache[key] = self._grenade_value(space, floor, moved)
        return got

    def _grenade_value(self, space: str, floor: str, moved: str) -> float:
        rules, an, game = self.rules, self.an, self.game
        best = 0.0
        for n in an.defenders_at.get(space, ()):
            defender = self.defenders[n]
            if n == moved or "N" in rules.defenders[n].attributes or not self.policy._able(defender):
                continue
            dice = game.grenade_dice(n)  # he stands in ``space``: his own grenade dice there (4.2.1, 4.3.1)
            best = max(best, sum(hit(dice, game.assault_defense(c)) * an.threat(c) for c in self.inside[floor]))
        return best * 0.7

    def ranged_value(self, space: str, code: int, leaving: str, arriving: str) -> float:
        """The best shot at a route-blocking support counter from ``space`` holding a Ranged weapon (in
        ``code``), taken by one of its defenders (``leaving`` gone, ``arriving`` come) this turn or the next: a
        mover acts next turn."""
        if not self.route_support or space.endswith(":interior") or not (code >> _RANGED) & _COUNT:
            return 0.0
        key = (space, leaving, arriving)
        got = self.ranged_cache.get(key)
        if got is None:
            got = self.ranged_cache[key] = self._ranged_value(space, leaving, arriving)
        return got

    def _ranged_value(self, space: str, leaving: str, arriving: str) -> float:
        rules = self.rules
        names = [n for n in self.an.defenders_at.get(space, ()) if n != leaving] + ([arriving] if arriving else [])
        shooters = [rules.defenders[n].combat for n in names if "N" not in rules.defenders[n].attributes]
        if not shooters:
            return 0.0
        best = 0.0
        for sid, bonus, defense in self.route_support:
            if rules.sees(space, sid):
                best = max(best, hit(max(shooters), defense) * bonus)
        return best * 0.5

    def post_value(self, space: str, code: int, moved: str, leaving: str = "", arriving: str = "") -> float:
        return self.grenade_value(space, code, moved) + self.ranged_value(space, code, leaving, arriving)

    def base(self, space: str) -> float:
        got = self.base_cache.get(space)
        if got is None:
            got = self.base_cache[space] = self.post_value(space, self.code_at.get(space, 0), "")
        return got

    def token_gain(self, here: str, left: int, dest: str, arrived: int, moved: str, dest_moved: str) -> float:
        """The change in the posts' value when ``here`` keeps the tokens summed in ``left`` and ``dest`` holds
        those in ``arrived`` (sums of ``code``)."""
        entries_here, entries_dest = self.post_entries(here, left, moved), self.post_entries(dest, arrived, dest_moved)
        if entries_here or entries_dest:
            gain = self.global_supp({here: entries_here, dest: entries_dest}) - self.supp_now
        else:  # (most often: neither space is a post after the change, and only the two spaces matter then)
            known = self.emptied.get((here, dest))
            if known is None:
                known = self.emptied[(here, dest)] = self.global_supp({here: [], dest: []}) - self.supp_now
            gain = known
        if self.suppression_only:
            return gain
        # a move (``dest_moved`` set) takes the mover from ``here`` to ``dest``; a shift leaves him where he is
        return gain + self.post_value(here, left, moved, leaving=dest_moved) + \
            self.post_value(dest, arrived, dest_moved, arriving=dest_moved) - self.base(here) - self.base(dest)


class HeuristicPolicy:
    """Greedy, rules-aware policy (fast: a few milliseconds per decision)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None) -> None:
        self.seed = seed
        self.w: dict[str, float] = {"evacuate": 1.0, "logistics": 1.0, "escape": 1.0, "attack": 1.0,
                                    "suppress": 1.0, "recover": 1.0, "ammo_cost": 0.35, "shield": 1.0, "heat": 1.0}
        if weights:
            self.w.update(weights)
        # the weight-free terms of the moves by position (the state's bytes), shared with other policies when
        # set (the planner's move plans); None: worked out at every decision
        self.shared_terms: dict[bytes, MoveTerms] | None = None

    def __repr__(self) -> str:
        return f"HeuristicPolicy(seed={self.seed})"

    # ------------------------------------------------------------------ protocol
    def choose(self, game: Game) -> Action:
        return self._ranked(game)[0].action  # no reason is read: none is worded

    def explain(self, game: Game) -> tuple[Action, str]:
        best = self._ranked(game)[0]
        return best.action, best.reason

    def rank(self, game: Game) -> list[Scored]:
        """Every considered legal action, best first (the first is always legal), each with its reason."""
        ranked = self._ranked(game)
        for scored in ranked:
            scored.reason  # noqa: B018 - worded now, from this position, whatever the caller does to the game next
        return ranked

    def _ranked(self, game: Game) -> list[Scored]:
        """:meth:`rank` with the reasons worded only when read (read them before the game changes)."""
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        dec = game.decision or {}
        kind = dec.get("kind", "")
        if len(legal) == 1:
            return [Scored(legal[0], 0.0, self._only_reason(game, legal[0]))]
        an = Analysis(game)
        if kind == DecisionKind.MOVES:
            scored = self._moves(game, an, legal)
        elif kind == DecisionKind.ACTIONS:
            scored = self._actions(game, an, legal)
        elif kind == DecisionKind.COMMAND:
            scored = self._rallies(game, an, legal)
        elif kind == DecisionKind.SUPPRESSION:
            scored = self._spend(game, an, legal, dec)
        elif kind == DecisionKind.CASUALTY:
            scored = self._casualty(game, an, legal)
        elif kind == DecisionKind.ESCAPE:
            scored = self._escape(game, an, legal)
        else:
            scored = [Scored(legal[0], 0.0, Msg("the only sensible choice"))]
        scored.sort(key=lambda x: -x.value)  # stable: ties keep the legal order
        return scored

    def _only_reason(self, game: Game, action: Action) -> Lazy:
        if action.kind == ActionKind.END_MOVES:
            return Msg("nobody can move")
        if action.kind == ActionKind.END_ACTIONS:
            return Msg("no action is possible")
        if action.kind == ActionKind.REMOVE:
            return Msg("{defender} is the only one who can fall", defender=said_name(action.args[0]))
        return Msg("the only choice")

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _able(d: dict[str, Any]) -> bool:
        return d["status"] == "board" and not (d["exhausted"] or d["disrupted"] or d["moved"] or d["acted"])

    def _support_danger(self, game: Game, an: Analysis) -> dict[str, float]:
        return an.danger()

    def _kill_risk(self, an: Analysis) -> dict[str, float]:
        """Chance, per entrance defender space, that a breach kills its occupants in the next Enemy Phase."""
        rules = an.rules
        out = {}
        for eid, e in rules.entrances.items():
            if not e.kills:
                continue
            risk = an.entrance_risk[eid]
            horizon = 0.0
            active = False
            for cid, sp in an.counter_where.items():
                if an.entrance_of(sp) == eid:
                    active = True
                    horizon = max(horizon, an.breach_chance(cid, an.draws_horizon))
            if not active:
                active = any(an.per_card.get(t.id, 0.0) > 0 for t in rules.tracks.values() if t.entrance == eid)
            out[e.kills] = max(risk, 0.5 * horizon, 0.15 if active else 0.0)
        return out

    # ------------------------------------------------------------------ Defense Phase: moves (4.1)
    def _move_terms(self, game: Game, an: Analysis) -> MoveTerms:
        """The weight-free terms of the moves at this position: worked out here, or, when the policy shares them
        (``shared_terms``, the planner's move plans), taken from another policy that scored the same position
        (they are worked out on a copy of the game, which nothing plays on)."""
        shared = self.shared_terms
        if shared is None:
            return MoveTerms(self, game, an)
        key = marshal.dumps(game.state)
        terms = shared.get(key)
        if terms is None:
            copy = game.clone()
            terms = shared[key] = MoveTerms(self, copy, Analysis(copy))
        return terms

    def _stay_or_go(self, game: Game, an: Analysis, terms: MoveTerms, name: str,
                    dest: str) -> tuple[float, Lazy | None]:
        """What moving ``name`` to ``dest`` is worth before the tokens he carries (the same for every set of
        tokens), with the reason, if any: the first terms of a move's value, in their order."""
        rules = game.rules
        kill_risk, danger, route_blockers = terms.kill_risk, terms.danger, terms.route_blockers
        defender = game.state["defenders"][name]
        here = defender["space"]
        dd = rules.defenders[name]
        value = 0.0
        reason: Lazy | None = None
        v_name = an.defender_value(name)
        # leaving / entering a breach space
        risk_here = kill_risk.get(here, 0.0)
        risk_dest = kill_risk.get(dest, 0.0)
        safety = (risk_here - risk_dest) * v_name * self.w["evacuate"]
        safety += (danger.get(here, 0.0) - danger.get(dest, 0.0)) * v_name * (0.9 if defender["disrupted"] else 0.45)
        if dd.victory_points == 0:
            safety *= 0.35
        value += safety
        if safety > 0.05:
            reason = Msg("{defender} leaves {space}: a breach or the enemy's fire there could cost his life",
                         defender=said_name(name), space=game.said_where(here))
        # escape positions in Attack 3
        if an.attack == 3 and dd.victory_points and not dest.endswith(":interior"):
            ent = rules.defender_spaces[dest].entrance
            blockers = route_blockers.get(ent, -1) if ent else -1
            if blockers == 0:
                gain = dd.victory_points * self.w["escape"] * 1.2
                value += gain
                reason = Msg("{defender} goes to {space} to escape through {entrance}, now open",
                             defender=said_name(name), space=game.said_where(dest),
                             entrance=Words(entrance_name, ent))
            elif 0 < blockers <= 2 and ent != ("" if here.endswith(":interior")
                                               else rules.defender_spaces[here].entrance):
                # staging: one or two kills open the route, and an escape doubles his points (7.0)
                gain = dd.victory_points * self.w["escape"] * 0.45 / blockers
                value += gain
                reason = Msg("{defender} waits at {space} to escape through {entrance} once the last enemy "
                             "blocking it is gone", defender=said_name(name), space=game.said_where(dest),
                             entrance=Words(entrance_name, ent)) if blockers == 1 else \
                    Msg("{defender} waits at {space} to escape through {entrance} once the two enemies "
                        "blocking it are gone", defender=said_name(name), space=game.said_where(dest),
                        entrance=Words(entrance_name, ent))
        # bombardment over the rest of the game: make for the safer floors (through the interiors)
        shift = (an.potential(here) - an.potential(dest)) * v_name * 0.35 * self.w["heat"]
        if dd.victory_points == 0:
            shift *= 0.2
        value += shift
        if shift > 0.05 and not reason:
            reason = shelling_reason(game, an, name, here, dest)
        if dest.endswith(":interior"):
            value -= an.interior_risk(rules.space_floor[dest]) * v_name * 0.9  # cleared first (5.2)
        if here.endswith(":interior"):
            value += an.interior_risk(rules.space_floor[here]) * v_name * 0.9
        return value, reason

    def _moves(self, game: Game, an: Analysis, legal: Sequence[Action]) -> list[Scored]:
        """Each move and shift valued (4.1), read block by block (``Listed.blocks``: a defender's moves are each
        destination with each set of tokens he may carry, his shifts each kind of token to each space): the parts
        of a value that a block's actions share are worked out once, and only an action worth scoring is built."""
        state, rules = game.state, game.rules
        defenders = state["defenders"]
        terms = self._move_terms(game, an)
        code, code_at = terms.code, terms.code_at
        token_gain, leave_cache, gains = terms.token_gain, terms.leave_cache, terms.gains
        logistics = self.w["logistics"]
        scored: list[Scored] = []
        blocks = legal.blocks() if isinstance(legal, Listed) else list(legal)
        for part in blocks:
            if isinstance(part, Action):
                if part.kind == ActionKind.END_MOVES:
                    scored.append(Scored(part, 0.0, Msg("no move is worth more than keeping everyone ready to act")))
                    continue
                # (a single move or shift, as a block of one)
                part = Family(part.kind, part.args[:1], [part.args[1:2]], [part.args[2:]])
            name = part.head[0]
            defender = defenders[name]
            here = defender["space"]
            at_here = code_at.get(here, 0)
            if part.kind == ActionKind.MOVE:
                carries = [(carry, sum(code[t] for t in carry)) for carry in part.second]  # (his own space's, 4.1)
                fresh = defender["exhausted"] is False and rules.defenders[name].combat >= 2
                for (dest,) in part.first:
                    known_value, known_reason = self._stay_or_go(game, an, terms, name, dest)
                    at_dest = code_at.get(dest, 0)
                    for carry, carried in carries:
                        value, reason = known_value, known_reason
                        # carried tokens and the suppression posts
                        if carry:
                            key = (name, dest, carry)
                            gain = gains.get(key)
                            if gain is None:
                                gain = gains[key] = token_gain(here, at_here - carried, dest, at_dest + carried, name,
                                                               name)
                            gain = gain * logistics - 0.06
                            value += gain
                            if gain > 0.05 and not reason:
                                reason = Msg("{defender} carries the {tokens} to {space} to arm a post",
                                             defender=said_name(name), tokens=game.said_carried(carry),
                                             space=game.said_where(dest))
                            elif gain <= 0:
                                value -= 0.01 * len(carry)
                        else:
                            # leaving the post empties it of its suppressor
                            leave = leave_cache.get(name)
                            if leave is None:
                                leave = leave_cache[name] = min(0.0, token_gain(here, at_here, dest, at_dest, name,
                                                                                name))
                            value += leave
                        value -= 0.02  # the mover cannot act this turn
                        if fresh:
                            value -= 0.03
                        if value > 0:
                            scored.append(Scored(Action(ActionKind.MOVE, (name, dest, *carry)), value,
                                                 reason or Msg("{defender} moves to {space}", defender=said_name(name),
                                                               space=game.said_where(dest))))
            elif part.kind == ActionKind.SHIFT:
                for (token,) in part.first:
                    sent = code[token]
                    if not sent:  # (neither ammunition nor a Suppression, Grenade or Ranged weapon)
                        continue
                    for (dest,) in part.second:
                        sent_to = (name, token, dest)
                        gain0 = gains.get(sent_to)
                        if gain0 is None:
                            gain0 = gains[sent_to] = token_gain(here, at_here - sent, dest, code_at.get(dest, 0) + sent,
                                                            name, "")
                        gain = gain0 * logistics - 0.08
                        if gain > 0:
                            what = Words(the_token, rules, token)
                            scored.append(Scored(
                                Action(ActionKind.SHIFT, (name, token, dest)), gain,
                                Msg("{defender} sends {token} to {space} to throw at the intruders",
                                    defender=said_name(name), token=what, space=game.said_where(dest))
                                if (sent >> _GRENADE) & _COUNT else
                                Msg("{defender} sends {token} to {space} for the suppressors there",
                                    defender=said_name(name), token=what, space=game.said_where(dest))))
        if not scored:
            scored.append(Scored(Action(ActionKind.END_MOVES), 0.0, Msg("no move improves the defense")))
        return scored

    # ------------------------------------------------------------------ Defense Phase: actions (4.2)
    def _recover_value(self, game: Game, an: Analysis, name: str, what: str, danger: dict[str, float]) -> float:
        state, rules = game.state, game.rules
        defender = state["defenders"][name]
        dd = rules.defenders[name]
        here = defender["space"]
        value = 0.0
        if what == "disrupted":
            value += danger.get(here, 0.0) * an.defender_value(name) * 1.2 + 0.05
        if dd.combat and "N" not in dd.attributes:
            value += 0.12 + 0.1 * dd.combat
            if "S" in dd.attributes:
                value += 0.1
        else:
            value += 0.02
        if what == "exhausted" and defender["disrupted"]:
            value *= 0.3  # still disrupted afterwards
        if what == "disrupted" and defender["exhausted"]:
            value = danger.get(here, 0.0) * an.defender_value(name) * 1.2 + 0.03
        # an exhausted defender in a breach space cannot run next turn
        kill = an.breach_risk_at
        if here in kill and dd.victory_points:
            value += kill[here] * an.defender_value(name) * 0.5
        if an.attack == 3 and dd.victory_points:
            value += 0.2 * dd.victory_points
        return value * self.w["recover"]

    def _actions(self, game: Game, an: Analysis, legal: Sequence[Action]) -> list[Scored]:
        s, rules = game.state, game.rules
        danger = self._support_danger(game, an)
        scored: list[Scored] = []
        dice_of: dict[str, int] = {}
        target_of: dict[str, tuple[int, float]] = {}
        supp_n: dict[str, int] = {}

        def dice_for(name: str) -> int:
            got = dice_of.get(name)
            if got is None:
                got = dice_of[name] = game.attack_dice(name)
            return got

        ammo_left = sum(1 for t, sp in s["tokens"].items() if t.startswith("ammo") and sp)
        ammo_cost = self.w["ammo_cost"] * (1.5 if ammo_left <= 3 else 1.0) * (0.3 if an.attack == 3 else 1.0)
        ending = game.attack_ends_this_turn()  # the tracks are cleared with the Attack: leave them be
        clearing_markers = game.markers_cleared_this_turn()
        for a in legal:
            kind = a.kind
            if ending and (kind == ActionKind.SUPPRESS or kind == ActionKind.ATTACK
                           and game.counter_space(a.args[1]) in game.rules.track_spaces):
                scored.append(Scored(a, -1.0, Msg("pointless: the Attack ends with this turn and the assault "
                                                  "counters and suppression tokens on the tracks are cleared with it "
                                                  "(2.1-2.3)")))
                continue
            if kind in (ActionKind.RECOVER, ActionKind.COMMAND) and clearing_markers:
                scored.append(Scored(a, -1.0, Msg("pointless: the Attack ends with this turn and every exhausted or "
                                                  "disrupted marker is cleared with it (2.1, 2.2)")))
                continue
            if kind == ActionKind.END_ACTIONS:
                scored.append(Scored(a, 0.0, Msg("nothing left worth an action")))
            elif kind == ActionKind.ATTACK:
                name, cid = a.args
                target = target_of.get(cid)
                if target is None:  # the target's defense and worth, the same whoever attacks it
                    target = target_of[cid] = (game.assault_defense(cid),
                                               an.threat(cid) + self._escape_bonus(game, an, cid))
                defense, threat = target
                p = hit(dice_for(name), defense)
                value = p * threat * self.w["attack"] - 0.04 * rules.defenders[name].combat
                scored.append(Scored(a, value, said=partial(self._attack_reason, game, an, name, cid, p)))
            elif kind == ActionKind.GRENADE:
                name, token = a.args
                here = s["defenders"][name]["space"]
                floor = rules.space_floor[here]
                inside = here.endswith(":interior")
                dice = game.grenade_dice(name)
                value = 0.0
                p_all = 1.0
                for cid in s["interior"][floor]:
                    p = hit(dice, game.assault_defense(cid))
                    value += p * an.threat(cid)
                    p_all *= p
                if inside:
                    value -= (1 - p_all) / 6 * an.defender_value(name)
                value -= 0.25
                n = len(s["interior"][floor])
                scored.append(Scored(a, value, Plural("{defender} throws grenades at the {n} intruder on the {floor}",
                                                      "{defender} throws grenades at the {n} intruders on the {floor}",
                                                      n, defender=said_name(name),
                                                      floor=Words(floor_words, rules, floor, "of the"))))
            elif kind == ActionKind.SUPPRESS:
                name, space = a.args
                n = supp_n.get(name, 0)
                if not n:
                    n = supp_n[name] = game.suppression_tokens(name)
                value = an.suppress_value(space, n) * self.w["suppress"] - ammo_cost
                scored.append(Scored(a, value, said=partial(self._suppress_reason, game, an, name, space, n)))
            elif kind == ActionKind.RECOVER:
                name, what = a.args
                value = self._recover_value(game, an, name, what, danger)
                state = Words(state_name, what)
                scored.append(Scored(a, value, Msg("{defender} recovers ({state}): a second disruption would kill",
                                                   defender=said_name(name), state=state)
                                     if what == "disrupted" and danger.get(s["defenders"][name]["space"], 0) > 0.05
                                     else Msg("{defender} recovers ({state})", defender=said_name(name),
                                              state=state)))
            elif kind == ActionKind.COMMAND:
                name = a.args[0]
                opts = self._command_targets(game, an, name, danger)
                gain = sum(sorted(opts, reverse=True)[:3])
                alt = 0.0
                for b in legal:
                    if b.kind == ActionKind.ATTACK and b.args[0] == name:
                        alt = max(alt, hit(game.attack_dice(name), game.assault_defense(b.args[1]))
                                  * an.threat(b.args[1]))
                value = gain - 0.5 * alt - 0.1
                scored.append(Scored(a, value, Msg("{defender} commands: {n} of his three free recoveries help "
                                                   "nearby (4.2.4)", defender=said_name(name), n=min(3, len(opts)))))
        return scored

    @staticmethod
    def _attack_reason(game: Game, an: Analysis, name: str, cid: str, p: float) -> str:
        rules = game.rules
        where = game.counter_space(cid)
        label = game.counter_label(cid)
        space = space_name(rules, where, sentence=True)
        if where.endswith(":interior"):
            why = _("it is inside, on the {floor}", floor=floor_words(rules, where.split(":")[0], "of the"))
        elif where in rules.support_spaces:
            why = _("it keeps firing from {space}", space=space)
        else:
            need, blocked = an.pushes(cid)
            entrance = entrance_name(an.entrance_of(where))
            why = n_("it is {n} push from {entrance} behind a barrier", "it is {n} pushes from {entrance} behind a "
                     "barrier", need, entrance=entrance) if blocked else \
                n_("it is {n} push from {entrance}", "it is {n} pushes from {entrance}", need, entrance=entrance)
        return _("{defender} attacks the {unit} on {space} ({chance}): {why}", defender=defender_name(name),
                 unit=label, space=space, chance=percent(p), why=why)

    @staticmethod
    def _suppress_reason(game: Game, an: Analysis, name: str, space: str, n: int) -> str:
        arrivals = an.arrivals(space)
        said = space_name(game.rules, space, sentence=True)
        if arrivals:
            return _("{defender} suppresses {space} with {n} tokens: the {unit} is about to come through",
                     defender=defender_name(name), space=said, n=n, unit=game.counter_label(arrivals[0]))
        return _("{defender} suppresses {space} with {n} tokens: the next counter is about to come through",
                 defender=defender_name(name), space=said, n=n)

    def _command_targets(self, game: Game, an: Analysis, name: str, danger: dict[str, float]) -> list[float]:
        """The value of each free recover a command by ``name`` would give (the core's command_targets, 4.2.4)."""
        defenders = game.state["defenders"]
        out = []
        for other, what in game.command_targets(name):
            defender = defenders[other]
            v = self._recover_value(game, an, other, what, danger)
            if not (defender["acted"] or defender["moved"] or (defender["exhausted"] and defender["disrupted"])):
                v += 0.1  # can still act this turn
            out.append(v)
        return out

    def _escape_bonus(self, game: Game, an: Analysis, cid: str) -> float:
        """Attack 3: counters that keep an escape route shut (6.0) are worth removing, the more so the fewer
        blockers are left and the more victory points wait on the route's floor (an escape doubles them, 7.0)."""
        if an.attack != 3:
            return 0.0
        state, rules = game.state, game.rules
        bonus = 0.0
        for eid, e in rules.entrances.items():
            if not e.escape:
                continue
            blockers = game.escape_blockers(eid)
            if cid not in blockers or len(blockers) > 4:
                continue
            candidates = sum(rules.defenders[n].victory_points for n, defender in state["defenders"].items()
                             if defender["status"] == "board" and rules.space_floor[defender["space"]] == e.floor)
            bonus += min(8.0, candidates) * 0.6 / len(blockers)
        return bonus

    def _rallies(self, game: Game, an: Analysis, legal: Sequence[Action]) -> list[Scored]:
        danger = self._support_danger(game, an)
        by = (game.decision or {}).get("by", "the commander")
        out = []
        for a in legal:
            if a.kind == ActionKind.END_COMMAND:
                out.append(Scored(a, 0.0, Msg("no one else needs a recover")))
                continue
            other, what = a.args
            defender = game.state["defenders"][other]
            v = self._recover_value(game, an, other, what, danger) + 0.01
            if not (defender["acted"] or defender["moved"] or (defender["exhausted"] and defender["disrupted"])):
                v += 0.1
            out.append(Scored(a, v, Msg("{defender} rallies {other} ({state})", defender=said_name(by),
                                        other=said_name(other), state=Words(state_name, what))))
        return out

    # ------------------------------------------------------------------ Enemy Phase: suppression (4.2.2)
    def _spend(self, game: Game, an: Analysis, legal: Sequence[Action], dec: dict[str, Any]) -> list[Scored]:
        cid, space, tokens = dec["counter"], dec["space"], int(dec["tokens"])
        defense = int(dec["defense"])
        label: Lazy = said_label(game, cid) if cid in game.state["counters"] else Msg("counter")
        # who else comes through this space: counters behind it on the tracks feeding the space
        seq: list[tuple[int, float]] = [(defense, 1.0 + an.threat(cid) if cid in an.counter_where else 1.5)]
        for other in an.arrivals(space):
            if other != cid:
                seq.append((game.assault_defense(other), 0.7 * (1.0 + an.threat(other))))
        _value, best_k = suppress_plan(tokens, seq)
        best_k = max(1, best_k)
        out = []
        for a in legal:
            k = int(a.args[0])
            value = 1.0 if k == best_k else -abs(k - best_k) * 0.01
            out.append(Scored(a, value, Msg("spend {k} of {tokens} suppression tokens on the {unit} ({chance}), "
                                            "keeping the rest for the next", k=k, tokens=tokens, unit=label,
                                            chance=Words(percent, hit(k, defense)))))
        return out

    # ------------------------------------------------------------------ Clearing: casualty choice (5.2)
    def _casualty(self, game: Game, an: Analysis, legal: Sequence[Action]) -> list[Scored]:
        state, rules = game.state, game.rules
        out = []
        for a in legal:
            name = a.args[0]
            defender = state["defenders"][name]
            keep = an.defender_value(name) + 0.05 * rules.defenders[name].combat
            keep -= 0.1 if defender["disrupted"] else 0.0
            keep -= 0.05 if defender["exhausted"] else 0.0
            keep += 0.02 * sum(1 for t, sp in state["tokens"].items() if sp == defender["space"])
            out.append(Scored(a, -keep, Msg("{defender} falls: the least valuable of the defenders the rules let us "
                                            "choose from", defender=said_name(name))))
        return out

    # ------------------------------------------------------------------ Escape Phase (6.0)
    def _escape(self, game: Game, an: Analysis, legal: Sequence[Action]) -> list[Scored]:
        rules = game.rules
        out = []
        for a in legal:
            if a.kind == ActionKind.END_ESCAPE:
                out.append(Scored(a, 0.0, Msg("everyone worth saving who can go has gone")))
                continue
            name = a.args[0]
            vp = rules.defenders[name].victory_points
            if vp:
                out.append(Scored(a, float(vp), Msg("{defender} escapes: worth {points} points instead of {vp}",
                                                    defender=said_name(name), points=2 * vp, vp=vp)))
            elif game.state.get("fire_truck_drawn"):
                out.append(Scored(a, -0.01, Msg("{defender} could escape, but a trained defender scores nothing",
                                                defender=said_name(name))))
        return out
