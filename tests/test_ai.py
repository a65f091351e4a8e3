"""The autoplay policies: legal choices at every kind of decision, a reason for each, determinism, and the
heuristic beating random on a small seeded sample. Speed is measured by tools/bench_ai.py, never here."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from game.ai import POLICIES, HeuristicPolicy, PlannerPolicy, RandomPolicy, make_policy
from game.ai.analysis import Analysis, suppress_plan, win_chance, win_features
from game.ai.planner import evaluate
from game.rules import Action, Game
from game.rules.defense import start_defense
from game.rules.rng import Pcg32
from tests.helpers import load_tool

KINDS = ("moves", "actions", "command", "suppression", "casualty", "escape")


def _casualty_position() -> str:
    """A Clearing Phase choice (5.2): a submachine gunner inside with three postal workers of equal priority in
    the ground floor interior."""
    game = Game.new(0)
    s = game.state
    plain = [n for n, d in game.rules.defenders.items() if d.kind == "postal" and not d.attributes
             and s["defenders"][n]["space"].startswith("ground:")][:3]
    for name in plain:
        s["defenders"][name]["space"] = "ground:interior"
    cid = f"e{s['next_cid']}"
    s["next_cid"] += 1
    s["counters"][cid] = {"type": "smg", "name": "", "disrupted": False}
    s["supply"]["smg"] -= 1
    s["interior"]["ground"].append(cid)
    game = Game.from_json(game.to_json())
    game.apply("end_moves")
    game.apply("end_actions")
    assert (game.decision or {}).get("kind") == "casualty"
    return game.to_json()


def _escape_position() -> str:
    """An Escape Phase (6.0): Attack 3 with the tracks and support spaces clear, defenders at the rear."""
    game = Game.new(0)
    s = game.state
    for stack in s["spaces"].values():
        for cid in stack:
            s["supply"][s["counters"].pop(cid)["type"]] += 1
    s["spaces"] = {}
    s["attack"] = 3
    game = Game.from_json(game.to_json())
    game.apply("end_moves")
    game.apply("end_actions")
    assert (game.decision or {}).get("kind") == "escape"
    return game.to_json()


@functools.cache
def positions() -> dict[str, list[str]]:
    """Saved games (JSON) stopped at each kind of decision, two of each, from random and heuristic playouts:
    worked out once per process, by the first test that asks (not while the suite is collected). Random games on
    the even seeds, the heuristic's on the odd ones: one heuristic game is enough for what it adds (a late
    position, the Escape Phase), so the later odd seeds are passed over (a heuristic game costs some 25 random
    ones)."""
    found: dict[str, list[str]] = {k: [] for k in KINDS}
    found["casualty"].append(_casualty_position())
    found["escape"].append(_escape_position())
    heuristic_games = 0
    for seed in range(60):
        if seed % 2 and heuristic_games:
            continue
        game = Game.new(seed)
        policy = RandomPolicy(seed) if seed % 2 == 0 else HeuristicPolicy(seed)
        heuristic_games += seed % 2
        while not game.over:
            kind = (game.decision or {}).get("kind", "")
            if kind in found and len(found[kind]) < 2 and len(game.legal_actions()) > 1:
                found[kind].append(game.to_json())
            game.apply(policy.choose(game))
        if all(len(v) >= 2 for k, v in found.items() if k != "escape"):
            break
    return found


def test_positions_cover_every_decision() -> None:
    assert all(positions()[k] for k in KINDS), {k: len(v) for k, v in positions().items()}


def test_registry() -> None:
    assert {"random", "heuristic", "planner"} <= set(POLICIES)
    assert isinstance(make_policy("planner", 3), PlannerPolicy)
    with pytest.raises(KeyError):
        make_policy("clairvoyant", 0)


@pytest.mark.parametrize("name", ["random", "heuristic", "planner"])
@pytest.mark.parametrize("kind", KINDS)
def test_legal_choice_and_reason_at_every_decision(name: str, kind: str) -> None:
    for text in positions()[kind]:
        game = Game.from_json(text)
        legal = game.legal_actions()
        action = make_policy(name, 5).choose(game)
        assert action in legal, f"{name} chose {action} at a {kind} decision"
        action2, reason = make_policy(name, 5).explain(game)
        assert action2 in legal
        assert action2 == action, "explain() and choose() agree for the same seed"
        assert isinstance(reason, str) and reason.strip() and "\n" not in reason
        assert game.to_json() == text, "choosing never changes the game"


def _play(policy_name: str, seed: int, limit: int = 10_000) -> tuple[list[str], Game]:
    game = Game.new(seed)
    policy = make_policy(policy_name, seed)
    actions = []
    while not game.over and len(actions) < limit:
        action = policy.choose(game)
        actions.append(str(action))
        game.apply(action)
    return actions, game


def test_heuristic_is_deterministic_and_finishes() -> None:
    first, game = _play("heuristic", 11)
    second, _ = _play("heuristic", 11)
    assert first == second
    assert game.over and game.result is not None


def test_planner_is_deterministic() -> None:
    first, _ = _play("planner", 4, limit=25)
    second, _ = _play("planner", 4, limit=25)
    assert first == second


def test_planner_plays_a_whole_game() -> None:
    _, game = _play("planner", 2)
    assert game.over


def test_heuristic_beats_random_on_a_seeded_sample() -> None:
    """A smoke check on eight seeds (the measurement is `postmen simulate`, README's Simulation table)."""
    def mean(name: str) -> float:
        scores = [int((_play(name, seed)[1].result or {})["score"]) for seed in range(300, 308)]
        return sum(scores) / len(scores)

    assert mean("heuristic") > mean("random") + 5


def test_the_planners_futures_are_the_cores_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The planner's rollouts play on ``Game.redrawn`` (issue 35: no rule about hidden cards restated in the AI):
    the same stream gives the same future as the core's own redraw of the same position."""
    game = Game.new(9)
    seen: list[str] = []
    real = Game.redrawn

    def spy(self: Game, rng: Pcg32) -> Game:
        twin = real(self, rng)
        seen.append(twin.to_json())
        return twin

    monkeypatch.setattr(Game, "redrawn", spy)
    PlannerPolicy(seed=3)._rollout(game, (5, 7), [])
    monkeypatch.undo()
    assert seen == [game.redrawn(Pcg32(5, 7 | 1)).to_json()]
    assert game.clone().to_json() == game.to_json()
    assert isinstance(evaluate(game), float)


def test_suppression_arithmetic() -> None:
    # one counter: spend everything; two equal counters: keep tokens for the second
    assert suppress_plan(4, [(4, 1.0)])[1] == 4
    value, first = suppress_plan(6, [(4, 1.0), (4, 1.0)])
    assert 1 <= first < 6 and value > 1.0
    game = Game.new(0)
    analysis = Analysis(game)
    assert set(analysis.entrance_risk) == set(game.rules.entrances)
    assert all(0.0 <= r <= 1.0 for r in analysis.entrance_risk.values())


def test_heuristic_weights_and_ranking() -> None:
    game = Game.new(1)
    ranked = HeuristicPolicy(0).rank(game)
    assert ranked and ranked[0].action in game.legal_actions()
    assert all(a.value >= b.value for a, b in zip(ranked, ranked[1:], strict=False))


def test_fitted_evaluation_prefers_safer_positions() -> None:
    game = Game.new(3)
    base = win_chance(game)
    assert 0.0 < base < 1.0
    assert set(win_features(game)) >= {"morale", "dis_low", "how_left", "inside_comb"}
    # disrupted postal workers on a floor at its lowest defense (a howitzer card kills them, 3.3)
    worse = game.clone()
    s, r = worse.state, worse.rules
    for floor, track in r.floors.items():
        s["defense"][floor] = len(track.defense) - 1
    lowest = win_chance(worse)
    assert lowest < base
    for name, d in s["defenders"].items():
        if r.defenders[name].morale > 0:
            d["disrupted"] = True
    assert win_chance(worse) < lowest
    assert evaluate(worse) < evaluate(game)
    # a broken morale is worth nothing, a finished game its score
    lost = game.clone()
    lost.state["result"] = {"how": "morale", "score": 0}
    assert evaluate(lost) == 0.0


def test_planner_leaves_attack_1_actions_to_the_heuristic() -> None:
    for text in positions()["actions"]:
        game = Game.from_json(text)
        if int(game.state["attack"]) != 1:
            continue
        planner = PlannerPolicy(5)
        assert planner.choose(game) == HeuristicPolicy(5).choose(game)
        assert planner.lookaheads == 0


def test_planner_move_plan_is_legal_and_bounded() -> None:
    game = Game.new(12)
    assert (game.decision or {}).get("kind") == "moves"
    planner = PlannerPolicy(12, plan_rollouts=8, plan_samples=4)
    rollouts: list[int] = []
    race = planner._race

    def counting(game: Game, options: list[list[Action]], samples: int, turns: int = 1) -> list[list[float]]:
        rollouts.append(len(options) * samples)
        return race(game, options, samples, turns)

    planner._race = counting  # type: ignore[method-assign]
    while not game.over and (game.decision or {}).get("kind") == "moves":
        action, reason = planner.explain(game)
        assert action in game.legal_actions() and reason
        game.apply(action)
    assert rollouts, "the move plan was chosen without a lookahead"
    assert all(n <= max(8, 4 * 4) for n in rollouts)


def test_planner_race_drops_only_hopeless_alternatives_after_the_screen() -> None:
    """Issue 20: after ``screen`` futures an alternative that cannot reach the override bar even with two standard
    errors of doubt is not played further; one that may still reach it is played on every future (the same
    futures as the heuristic's choice, drawn as the full comparison draws them), and the choice is the one the
    full comparison makes."""
    game = Game.new(3)
    names = ("base", "hopeless", "doubtful", "close")
    options = [[Action("attack", (name,))] for name in names]
    futures = PlannerPolicy(3)._seeds(8)  # the futures a planner of seed 3 draws first
    # paired gains over "base" by future: "doubtful" is below the 0.3 bar after 4 futures (mean 0.1) but within
    # two standard errors of it (0.1 + 2 x 0.22 = 0.54), "hopeless" is 4 points below
    gains = {"base": [0.0] * 8, "hopeless": [-4.0 + w for w in (0.4, -0.3, 0.2, -0.1, 0.3, -0.2, 0.1, 0.0)],
             "doubtful": [0.0, 0.5, -0.5, 0.4, 0.1, 0.0, 0.2, 0.1],
             "close": [1.0 + w for w in (0.4, -0.3, 0.2, -0.1, 0.3, -0.2, 0.1, 0.0)]}
    played: dict[str, list[tuple[int, int]]] = {}

    def rollout(game: Game, seed: tuple[int, int], first: list[Action], turns: int = 1) -> float:
        name = str(first[0].args[0])
        played.setdefault(name, []).append(seed)
        return 10.0 + gains[name][futures.index(seed)]

    for screen, hopeless_futures in ((4, futures[:4]), (0, futures), (1, futures)):  # (one future: no spread)
        planner, full = PlannerPolicy(3, screen=screen), PlannerPolicy(3)
        planner._rollout = full._rollout = rollout  # type: ignore[method-assign]
        played.clear()
        values = planner._race(game, options, 8)
        assert played == {"base": futures, "hopeless": hopeless_futures, "doubtful": futures, "close": futures}
        assert planner._pick(values) == 3 and planner.last_gain == pytest.approx(1.05)
        full.compare(game, options, 8)  # every option on every future
        assert len(played["hopeless"]) == len(hopeless_futures) + 8
        assert (planner._rng.state, planner._rng.inc) == (full._rng.state, full._rng.inc)
    # every alternative hopeless: the heuristic's choice after the screen alone
    planner = PlannerPolicy(3, screen=4)
    planner._rollout = rollout  # type: ignore[method-assign]
    played.clear()
    assert planner._pick(planner._race(game, options[:2], 8)) == 0
    assert played == {"base": futures[:4], "hopeless": futures[:4]}


def test_the_planners_bar_is_its_lead_in_standard_errors() -> None:
    """An alternative leading the heuristic's choice by 0.5 points on average, past the 0.3 override, but by less
    than two standard errors of the paired difference (0.38 here) is refused at ``bar=2`` and chosen at
    ``bar=1``; one below ``override`` is refused whatever the bar."""
    leads = [1.5, -0.5, 1.5, -0.5, 1.5, -0.5, 1.5, -0.5]  # mean 0.5, standard error 1.07 / sqrt(8) = 0.378
    values = [[10.0] * 8, [10.0 + x for x in leads]]
    assert PlannerPolicy(1, bar=2.0)._pick(values) == 0
    chosen = PlannerPolicy(1, bar=1.0)
    assert chosen._pick(values) == 1 and chosen.last_gain == pytest.approx(0.5)
    assert PlannerPolicy(1, bar=0.0, override=0.6)._pick(values) == 0


@pytest.mark.parametrize("turns", [1, 2])
def test_planner_plan_is_the_whole_move_plan(turns: int) -> None:
    game = Game.new(12)
    planner = PlannerPolicy(12, plan_rollouts=8, plan_samples=4, plan_turns=turns)
    plan = planner.plan(game)
    assert plan
    for action in plan:
        assert action in game.legal_actions()
        game.apply(action)
    assert (game.decision or {}).get("kind") != "moves"



def test_planner_gain_tool_keeps_overrides_and_replays_them() -> None:
    gain = load_tool("planner_gain")
    rows = []
    for seed in range(6000, 6005):
        rows = gain.positions((seed, "heuristic", "standard"))
        if rows:
            break
    assert rows, "the planner never overrode the heuristic in five games"
    label, text, first = rows[0]
    assert label.startswith(("move plan, Attack", "action, Attack"))
    game = Game.from_json(text)
    assert Action(first[0][0], tuple(first[0][1])) in game.legal_actions()

    def replay(actions: list[list[Any]], k: int) -> int:
        """By hand: resampled future ``k`` of the kept position, ``actions`` first, then the heuristic."""
        sim = Game.from_json(text).redrawn(Pcg32(1000 + k, gain.SAMPLE_STREAM))
        for kind, args in actions:
            sim.apply(Action(kind, tuple(args)))
        heuristic = HeuristicPolicy(0)
        while not sim.over:
            sim.apply(heuristic.choose(sim))
        return int((sim.result or {})["score"])

    assert gain.playout((text, first, 3)) == replay(first, 3)  # the override replayed on future 3
    assert gain.playout((text, [], 3)) == replay([], 3)  # the heuristic's own choice on the same future


def test_planner_rollout_horizon(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move plan looked at ``plan_turns`` Defense Phases ahead: the rollout stops one turn later per turn."""
    import game.ai.planner as planner_module

    reached: list[int] = []

    def where(game: Game) -> float:
        reached.append(int(game.state["turn"]))
        return 0.0

    monkeypatch.setattr(planner_module, "evaluate", where)
    game = Game.new(12)
    planner = PlannerPolicy(12)
    start = int(game.state["turn"])
    planner._rollout(game, (1, 2), [], 1)
    planner._rollout(game, (1, 2), [], 2)
    assert reached == [start + 1, start + 2]


def _attack_3_defense(defenders: dict[str, str], counters: dict[str, str]) -> Game:
    """An Attack 3 Defense Phase (moves) with only these defenders and enemy counters on the board."""
    game = Game.new(0)
    s = game.state
    for name, d in s["defenders"].items():
        d.update(status="board" if name in defenders else "casualty", space=defenders.get(name, d["space"]),
                 exhausted=False, disrupted=False, moved=False, acted=False)
    for cid in list(s["counters"]):
        s["supply"][s["counters"].pop(cid)["type"]] += 1
    s.update(spaces={}, cars={}, suppression={}, support={}, interior={"upper": [], "ground": [], "basement": []},
             attack=3, tasks=[])
    for where, unit in counters.items():
        cid = f"e{s['next_cid']}"
        s["next_cid"] += 1
        s["counters"][cid] = {"type": unit, "name": "", "disrupted": False}
        s["supply"][unit] -= 1
        s["spaces"][where] = [cid]
    start_defense(game)
    return Game.from_json(game.to_json())


def test_heuristic_stages_a_postal_worker_where_one_kill_opens_the_route() -> None:
    """6.0 / 7.0: the side route has a single blocker, the rear and basement routes three each; the heuristic
    moves Kuntz (a postal worker: an escape doubles his point) to a side entrance space to wait for the kill."""
    game = _attack_3_defense({"Kuntz": "ground:4", "Gdaniec": "ground:2-3"},
                             {"5-6:1": "ss_rifleman", "3-4:1": "ss_rifleman", "3-4:3": "rifleman",
                              "3-4:4": "smg", "1-2:1": "ss_rifleman", "1-2:2": "rifleman", "1-2:4": "smg"})
    assert game.escape_blockers("side") == game.state["spaces"]["5-6:1"] and len(game.escape_blockers("rear")) == 3
    action, reason = HeuristicPolicy(0).explain(game)
    assert str(action) in ("move Kuntz ground:1-3", "move Kuntz ground:4-6")
    assert "waits at" in reason and "side entrance" in reason
    # with the side route shut by three counters as well, nobody is staged there
    game = _attack_3_defense({"Kuntz": "ground:4", "Gdaniec": "ground:2-3"},
                             {"5-6:1": "ss_rifleman", "5-6:2": "rifleman", "5-6:4": "smg", "3-4:1": "ss_rifleman",
                              "3-4:3": "rifleman", "3-4:4": "smg", "1-2:1": "ss_rifleman", "1-2:2": "rifleman",
                              "1-2:4": "smg"})
    action, reason = HeuristicPolicy(0).explain(game)
    assert "waits at" not in reason and "escape" not in reason


def test_ranked_reasons_are_worded_before_the_game_changes() -> None:
    """rank() words every reason from the position it ranked (the heuristic words them lazily inside): reading
    them after the game moved on gives the same words, never an error."""
    from game.ai.heuristic import HeuristicPolicy

    checked = 0
    for seed in range(6):
        game, rng = Game.new(seed), RandomPolicy(seed)
        while not game.over and checked < 30:
            if (game.decision or {}).get("kind") == "actions" and any(a.kind == "attack" for a in
                                                                        game.legal_actions()):
                policy = HeuristicPolicy(seed)
                ranked = policy.rank(game)
                expected = policy.explain(game)
                game.apply(ranked[0].action)
                assert (ranked[0].action, ranked[0].reason) == expected
                assert all(isinstance(x.reason, str) and x.reason for x in ranked)
                checked += 1
            else:
                game.apply(rng.choose(game))
    assert checked == 30


def test_move_terms_shared_between_plan_variants_change_no_plan() -> None:
    """Issue 20: the planner's move plans share the weight-free terms of their moves at the positions they pass
    through (``HeuristicPolicy.shared_terms``, worked out on a copy of the game); every variant's plan and
    reason, and every move's value on the way, are those it makes on its own, in each Attack."""
    from game.ai.planner import PLAN_VARIANTS

    def plans(game: Game, shared: dict[bytes, Any] | None) -> list[tuple[list[Action], str, list[float]]]:
        out = []
        for weights in PLAN_VARIANTS:
            policy = HeuristicPolicy(1, weights)
            policy.shared_terms = shared
            plan, values = [], []
            sim = game.clone()
            reason = ""
            while not sim.over and (sim.decision or {}).get("kind") == "moves":
                ranked = policy.rank(sim)
                values.extend(x.value for x in ranked)
                plan.append(ranked[0].action)
                reason = reason or ranked[0].reason
                sim.apply(ranked[0].action)
            out.append((plan, reason, values))
        return out

    positions = decisions = 0
    for game in _move_plan_starts():
        shared: dict[bytes, Any] = {}
        alone = plans(game, None)
        assert plans(game, shared) == alone
        positions += len(shared)
        decisions += sum(len(plan) for plan, _, _ in alone)
    assert 0 < positions < decisions  # the variants met at some positions


def _move_plan_starts(per_attack: int = 4) -> list[Game]:
    """The first move decisions of Defense Phases in heuristic games, ``per_attack`` from each Attack."""
    found: dict[int, list[Game]] = {1: [], 2: [], 3: []}
    for seed in range(21, 41):
        game, heuristic = Game.new(seed), HeuristicPolicy(seed)
        while not game.over:
            attack = int(game.state["attack"])
            if (game.decision or {}).get("kind") == "moves" and int(game.state["moves"]) == 0 and \
                    len(found[attack]) < per_attack and len(game.legal_actions()) > 1:
                found[attack].append(game.clone())
            game.apply(heuristic.choose(game))
        if all(len(games) == per_attack for games in found.values()):
            break
    assert all(len(games) == per_attack for games in found.values())
    return [game for games in found.values() for game in games]


def test_move_terms_shortcut_without_grenade_or_route_targets_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: with no intruder inside and no support counter shutting an escape route, ``MoveTerms`` leaves out
    the grenade and Ranged-weapon terms of the posts (``suppression_only``); every move's value and reason is the
    one the full sum gives, in each Attack."""
    from game.ai.heuristic import MoveTerms

    def ranked(game: Game) -> list[tuple[Action, float, str]]:
        return [(x.action, x.value, x.reason) for x in HeuristicPolicy(2).rank(game.clone())]

    starts = _move_plan_starts()
    quick = [ranked(game) for game in starts]
    made = MoveTerms.__init__

    def full_sum(self: MoveTerms, *args: Any) -> None:
        made(self, *args)
        self.suppression_only = False

    monkeypatch.setattr(MoveTerms, "__init__", full_sum)
    assert [ranked(game) for game in starts] == quick


def test_move_values_read_by_block_are_those_read_action_by_action() -> None:
    """Issue 35, item 4: the heuristic values a Defense Phase's moves block by block (``Listed.blocks``: a
    defender's destinations with each set of tokens he may carry, his shifts), building only the actions worth
    scoring; read from a plain list of the same legal actions (each its own block), every move and shift gets
    the same value and reason, in each Attack, and the listing's blocks hold its actions in its order."""
    from game.ai.analysis import Analysis
    from game.rules.actions import Family, Listed

    for game in _move_plan_starts(per_attack=2):
        legal = game.legal_actions()
        assert isinstance(legal, Listed)
        blocks = legal.blocks()
        assert any(isinstance(part, Family) for part in blocks)
        assert Listed(blocks) == list(legal)
        policy = HeuristicPolicy(3)
        by_block = policy._moves(game, Analysis(game), legal)
        one_by_one = policy._moves(game, Analysis(game), list(legal))
        assert len(by_block) > 1
        assert [(x.action, x.value, x.reason) for x in by_block] == \
            [(x.action, x.value, x.reason) for x in one_by_one]


def test_the_planners_reason_is_its_search_when_it_looked_ahead() -> None:
    """Issue 35: where the planner weighed move plans, its reason says so: the points an alternative gained, or,
    when it kept the heuristic's plan, that the others it weighed were not clearly better, over how many futures."""
    raced = 0
    for game in _move_plan_starts(per_attack=2):
        planner = PlannerPolicy(4, plan_samples=4, plan_rollouts=16)
        _action, reason = planner.explain(game.clone())
        looked = planner.last_lookahead
        if looked is None:
            assert "looking ahead" not in reason
            continue
        raced += 1
        others = len(looked.options) - 1
        if looked.chosen:
            assert "points better over 4 possible futures" in reason
        elif others == 1:
            assert reason.endswith("(looking ahead over 4 possible futures: the other plan was not clearly better)")
        else:
            assert reason.endswith(f"(looking ahead over 4 possible futures: none of the {others} other plans was "
                                   "clearly better)")
    assert raced >= 3
