"""The strongest policy: Monte Carlo lookahead over cloned games, with the heuristic as the default policy.

It looks ahead where that pays. In each Defense Phase it weighs whole move plans (4.1): the heuristic's, those of
two re-weighted heuristics (``PLAN_VARIANTS``: no token logistics; the vulnerable kept out of breach spaces and
shelled floors) and no move at all, each played on clones by the heuristic to the start of the next Defense
Phase (``plan_turns`` of them) over ``plan_samples`` futures (``plan_rollouts`` rollouts at most). Actions (4.2)
are looked at only from Attack ``action_from`` on (by default never) and only when the heuristic's best choices lie
within ``margin``; every other decision is the heuristic's.

A rollout ends valued in expected points: the chance of winning from its position (``analysis.win_chance``, a
logistic model fitted on heuristic games) times the expected score of a win, since the game is nearly all-or-
nothing. Each sample redraws what the player cannot know (``Game.redrawn``, the core's own redraw: the order of the
decks, the dice to come), the same samples serve every candidate (common random numbers), and an alternative
replaces the heuristic's choice only when it wins by more than ``override`` points and ``bar`` (two) standard
errors; one that cannot reach that bar after ``screen`` samples is dropped (``_race``). Forced and trivial
decisions skip the lookahead. Deterministic for a given seed. What each setting gained and cost when it was
chosen: ``CHANGELOG.md``, "The planner's settings".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from game.ai.analysis import WIN_SCORE_BASE, WIN_SCORE_SLOPE, win_chance
from game.ai.heuristic import HeuristicPolicy, MoveTerms, Scored
from game.i18n import _, n_, number
from game.rules import Action, Game
from game.rules.kinds import ActionKind, DecisionKind
from game.rules.rng import Pcg32

PLANNER_STREAM = 0x706C616E
MAX_ROLLOUT_DECISIONS = 400
# How many standard errors of doubt a hopeless alternative is given at the screen (``PlannerPolicy._race``).
SCREEN_Z = 2.0
# Weights of the heuristic whose move plans are the candidates of a Defense Phase (the first is the heuristic).
PLAN_VARIANTS: list[dict[str, float]] = [
    {},
    {"logistics": 0.0},
    {"evacuate": 2.0, "heat": 2.0},
]


def _paired(mine: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of the paired differences ``mine - base`` and its standard error."""
    diffs = [a - b for a, b in zip(mine, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
    return mean, sd / n**0.5


def evaluate(game: Game) -> float:
    """How good a position is for the defenders, in expected points of final score: the fitted chance of winning
    (``analysis.win_chance``) times the expected score of a win; a finished game is worth its score (0 when
    morale broke, 1.2)."""
    if game.over:
        result = game.result or {}
        if result.get("how") == "morale":
            return 0.0
        return float(result.get("score", 0))
    p = win_chance(game)
    return p * (WIN_SCORE_BASE + WIN_SCORE_SLOPE * game.score())


class Lookahead(NamedTuple):
    """The planner's last lookahead: the options it weighed (each a list of actions played first; option 0 is the
    heuristic's), each option's values on the futures it was played on (an option dropped by the screen has
    fewer) and the option chosen. ``tools/hint_agreement.py`` compares two planners' lookaheads."""

    options: list[list[Action]]
    values: list[list[float]]
    chosen: int


class PlannerPolicy:
    """Monte Carlo lookahead on cloned games (see the module docstring)."""

    name = "planner"

    def __init__(self, seed: int = 0, samples: int = 6, candidates: int = 3, margin: float = 0.15,
                 override: float = 0.3, diverse: float = 0.0, plan_rollouts: int = 32, plan_samples: int = 12,
                 action_from: int = 4, plan_turns: int = 1, screen: int = 4, bar: float = 2.0) -> None:
        self.seed = seed
        self.samples = samples  # sampled futures per action lookahead
        self.candidates = candidates
        self.margin = margin  # heuristic choices further apart than this are not looked ahead
        self.override = override  # an alternative must beat the heuristic's choice by this much (points)
        self.diverse = diverse  # the best action of each kind within this much of the best is a candidate too
        self.plan_rollouts = plan_rollouts  # rollouts per move-plan lookahead (bounds the decision time)
        self.plan_samples = plan_samples  # at most this many sampled futures per move plan
        self.action_from = action_from  # actions are looked ahead from this Attack on (4: never)
        self.plan_turns = plan_turns  # move plans are looked ahead to the start of this many Defense Phases on
        self.screen = screen  # after this many futures, alternatives that cannot win are dropped (0 or 1: never)
        # an alternative must also beat the heuristic's choice by this many standard errors; 0 (only ``override``)
        # lost points over 1000 Standard seeds (README, "Told apart from the futures' noise")
        self.bar = bar
        self.heuristic = HeuristicPolicy(seed)
        self._variants = [HeuristicPolicy(seed, w) for w in PLAN_VARIANTS]
        # the variants' plans often pass through the same positions: the weight-free terms of their moves there
        # are worked out once (kept for one Defense Phase's plans)
        self._terms: dict[bytes, MoveTerms] = {}
        for variant in self._variants:
            variant.shared_terms = self._terms
        self._rng = Pcg32.seeded(seed, PLANNER_STREAM)
        self._plan: list[Action] = []
        self._plan_reason = ""
        self._plan_key: tuple[int, int] = (-1, -1)
        self.lookaheads = 0
        self.last_gain = 0.0
        self.last_lookahead: Lookahead | None = None  # set by each decision that looks ahead, cleared by the others
        # called before each rollout (about a millisecond apart): a caller thinking in a worker thread gives way to
        # its frames there, or raises to stop a search whose answer is no longer wanted
        self.checkpoint: Callable[[], None] | None = None

    def __repr__(self) -> str:
        return f"PlannerPolicy(seed={self.seed})"

    def choose(self, game: Game) -> Action:
        return self.explain(game)[0]

    def plan(self, game: Game) -> list[Action]:
        """What the planner decides at this decision: at the first move of a Defense Phase the whole move plan
        (it is chosen as one), otherwise the one action. Used by ``tools/planner_gain.py``."""
        self._plan, self._plan_key = [], (-1, -1)
        first = self.choose(game)
        if first.kind in (ActionKind.MOVE, ActionKind.SHIFT):
            return [first, *self._plan]
        return [first]

    def explain(self, game: Game) -> tuple[Action, str]:
        self.last_lookahead = None
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return self.heuristic.explain(game)
        kind = (game.decision or {}).get("kind", "")
        if kind == DecisionKind.MOVES:
            return self._moves(game, legal)
        if kind == DecisionKind.ACTIONS:
            return self._actions(game)
        return self.heuristic.explain(game)

    # ------------------------------------------------------------------ rollouts
    def _seeds(self, n: int) -> list[tuple[int, int]]:
        return [(self._rng.next32(), self._rng.next32()) for _i in range(n)]

    def _rollout(self, game: Game, seed: tuple[int, int], first: list[Action], turns: int = 1) -> float:
        """Play ``first`` then the heuristic on a future redrawn from what the player knows (``Game.redrawn``:
        the hidden order of the decks and the dice to come) to the start of the next Defense Phase; evaluate the
        position there."""
        if self.checkpoint is not None:
            self.checkpoint()
        rng = Pcg32(seed[0], seed[1] | 1)
        sim = game.redrawn(rng)
        turn = int(sim.state["turn"])
        for action in first:
            if sim.over:
                break
            sim.apply(action)
        steps = 0
        while not sim.over and steps < MAX_ROLLOUT_DECISIONS:
            dec = sim.decision or {}
            if int(sim.state["turn"]) >= turn + turns and dec.get("kind") in (DecisionKind.MOVES, DecisionKind.ACTIONS):
                break
            sim.apply(self.heuristic.choose(sim))
            steps += 1
        return evaluate(sim)

    def compare(self, game: Game, options: list[list[Action]], samples: int) -> list[list[float]]:
        """Each option (a list of actions played first) valued on the same ``samples`` sampled futures, to the
        next Defense Phase, every option on every future (the after-action review's comparison of two
        choices)."""
        return self._race(game, options, samples, screen=0)

    def _race(self, game: Game, options: list[list[Action]], samples: int, turns: int = 1,
              screen: int | None = None) -> list[list[float]]:
        """Each option's evaluation on the same ``samples`` sampled futures (common random numbers); a
        hopeless alternative is dropped early: after the first ``screen`` futures (the planner's own setting
        unless given; 0 or 1: never), an alternative whose paired gain over the heuristic's choice (option 0) is
        below ``override`` by more than ``SCREEN_Z`` standard errors is dropped, and only the others (with
        option 0) are played on the remaining futures. A dropped alternative keeps its first values only, so
        :meth:`_pick` passes it over; when every alternative is dropped, the heuristic's choice stands (each is
        below the bar on the futures played, so :meth:`_pick` refuses it there too).

        Measured on 24 planner games (1043 lookaheads, seeds 500..523): the screen at 4 futures drops 36% of
        the rollouts and changed none of their choices; it can change one (a review found 1 in 124 lookaheads
        of three other games), so the planner's results are not the same as without it, only close."""
        seeds = self._seeds(samples)
        self.lookaheads += 1
        screen = self.screen if screen is None else screen
        head = screen if 2 <= screen < samples else samples  # (one future has no spread to judge)
        values = [[self._rollout(game, sd, opt, turns) for sd in seeds[:head]] for opt in options]
        if head < samples:
            keep = [0, *(i for i in range(1, len(options)) if self._hopeful(values[i], values[0]))]
            if len(keep) > 1:
                for i in keep:
                    values[i].extend(self._rollout(game, sd, options[i], turns) for sd in seeds[head:])
        return values

    def _hopeful(self, mine: list[float], base: list[float]) -> bool:
        """Whether an alternative valued ``mine`` may still beat ``base`` by ``override`` points: its mean paired
        gain so far plus ``SCREEN_Z`` standard errors reaches the bar."""
        mean, se = _paired(mine, base)
        return mean + SCREEN_Z * se >= self.override

    def _pick(self, values: list[list[float]]) -> int:
        """The option to play: 0 (the heuristic's choice) unless another beats it on the same samples by more
        than ``override`` points and by ``bar`` standard errors of the paired difference (an option with fewer
        values than option 0, dropped by :meth:`_race`, is passed over)."""
        best, best_gain = 0, 0.0
        self.last_gain = 0.0
        for i in range(1, len(values)):
            if len(values[i]) < len(values[0]):
                continue
            mean, se = _paired(values[i], values[0])
            if mean > max(self.override, self.bar * se) and mean > best_gain:
                best, best_gain = i, mean
        self.last_gain = best_gain
        return best

    # ------------------------------------------------------------------ Defense Phase: the move plan
    def _moves(self, game: Game, legal: Sequence[Action]) -> tuple[Action, str]:
        key = (int(game.state["turn"]), int(game.state["moves"]))
        if key == self._plan_key and self._plan:
            action = self._plan.pop(0)
            self._plan_key = (key[0], key[1] + 1)
            if action in set(legal):
                return action, (self._plan_reason if action.kind != ActionKind.END_MOVES
                                else _("the move plan is complete"))
        plans = self.move_plans(game)
        if len(plans) == 1:
            best = plans[0]
        else:
            n = max(4, min(self.plan_samples, self.plan_rollouts // len(plans)))
            options = [p for p, _reason in plans]
            values = self._race(game, options, n, self.plan_turns)
            i = self._pick(values)
            self.last_lookahead = Lookahead(options, values, i)
            best = plans[i]
            if i:
                best = (best[0], _("{reason} (looking ahead: about {points} points better over {n} possible futures)",
                                   reason=best[1], points=number(self.last_gain), n=n))
            else:  # the search's own word: it weighed the others and kept this one
                best = (best[0], n_("{reason} (looking ahead over {futures} possible futures: the other plan was "
                                    "not clearly better)",
                                    "{reason} (looking ahead over {futures} possible futures: none of the {n} other "
                                    "plans was clearly better)", len(plans) - 1, reason=best[1], futures=n))
        plan, reason = best
        if not plan:
            return Action(ActionKind.END_MOVES), _("no move improves the defense")
        self._plan = list(plan[1:])
        self._plan_key = (key[0], key[1] + 1)
        self._plan_reason = reason
        return plan[0], reason

    def move_plans(self, game: Game) -> list[tuple[list[Action], str]]:
        """The move plans weighed at the first move of a Defense Phase, each with its reason: the heuristic's
        first, then its re-weighted variants' (``PLAN_VARIANTS``) and no move at all, each plan once."""
        plans: list[tuple[list[Action], str]] = []
        seen: set[tuple[Action, ...]] = set()
        for variant in self._variants:
            plan, reason = self._plan_moves(game, variant)
            if tuple(plan) not in seen:
                seen.add(tuple(plan))
                plans.append((plan, reason))
        self._terms.clear()
        if plans[0][0] and plans[0][0][0].kind != ActionKind.END_MOVES and (Action(ActionKind.END_MOVES),) not in seen:
            plans.append(([Action(ActionKind.END_MOVES)], _("keeping everyone ready to act beats any move")))
        return plans

    @staticmethod
    def _plan_moves(game: Game, policy: HeuristicPolicy) -> tuple[list[Action], str]:
        """The moves ``policy`` would make this Defense Phase (moves have no dice: played on a clone)."""
        sim = game.clone()
        turn = sim.state["turn"]
        plan: list[Action] = []
        reasons: list[str] = []
        while not sim.over and (sim.decision or {}).get("kind") == DecisionKind.MOVES and sim.state["turn"] == turn:
            action, why = policy.explain(sim)
            plan.append(action)
            if action.kind != ActionKind.END_MOVES:
                reasons.append(why)
            sim.apply(action)
            if action.kind == ActionKind.END_MOVES:
                break
        reason = reasons[0] if reasons else _("no move improves the defense")
        if len(reasons) > 1:
            reason = n_("{reason} (+{n} more move)", "{reason} (+{n} more moves)", len(reasons) - 1, reason=reason)
        return plan, reason

    # ------------------------------------------------------------------ Defense Phase: actions
    def _actions(self, game: Game) -> tuple[Action, str]:
        ranked: list[Scored] = self.heuristic.rank(game)
        if int(game.state["attack"]) < self.action_from:
            return ranked[0].action, ranked[0].reason
        top = ranked[: self.candidates]
        end = next((x for x in ranked if x.action.kind == ActionKind.END_ACTIONS), None)
        if end is not None and end not in top and top[0].value < 0.6:
            top.append(end)
        top = [x for i, x in enumerate(top) if i == 0 or top[0].value - x.value <= self.margin]
        if self.diverse:
            # the best action of each other kind (recover, attack, grenade, command, suppress) is a candidate too:
            # the heuristic's values of different kinds are the least comparable
            kinds = {x.action.kind for x in top}
            for x in ranked:
                if x.action.kind not in kinds and x.value > top[0].value - self.diverse:
                    kinds.add(x.action.kind)
                    top.append(x)
        if len(top) == 1:
            return top[0].action, top[0].reason
        options = [[x.action] for x in top]
        values = self._race(game, options, self.samples)
        i = self._pick(values)
        self.last_lookahead = Lookahead(options, values, i)
        chosen = top[i]
        if i:
            return chosen.action, _("{reason} (looking ahead: about {points} points better over {n} possible futures)",
                                    reason=chosen.reason, points=number(self.last_gain), n=self.samples)
        return chosen.action, n_("{reason} (looking ahead over {futures} possible futures: the other action was not "
                                 "clearly better)",
                                 "{reason} (looking ahead over {futures} possible futures: none of the {n} other "
                                 "actions was clearly better)", len(top) - 1, reason=chosen.reason,
                                 futures=self.samples)
