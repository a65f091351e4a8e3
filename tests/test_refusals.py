"""The legal-action generators give the reason for every choice they refuse (``Game.refusals``), and
``why_illegal`` reads that same record: over random games at every difficulty, every candidate a player could try
(each defender to each space, at each enemy counter, each assault space, each token, each marker) is either legal
with no reason, or refused with a reason that cites its rule; every kind of refusal the rules know turns up."""

from __future__ import annotations

import re
from collections import Counter

from game.ai import HeuristicPolicy, RandomPolicy
from game.rules import Action, Game
from game.rules.queries import canonical, refusal_for

CITES_A_RULE = re.compile(r"\((\d+(\.\d+)*)(, \d+(\.\d+)*)*(: [^)]*)?\)$")

# Every kind of refusal of the generators: a phrase of its reason. Each must be met in the games below.
EXPECTED = [
    "has already moved this turn (4.1)", "is exhausted and cannot move (4.1)", "is disrupted and cannot move (4.1)",
    "is full (4.1", "only between adjoining interior spaces (4.1)", "can carry at most",
    "moves to a space of his floor", "moves a token of his own space",
    "moved this turn and cannot take an action (4.2)", "has already taken an action this turn (4.2)",
    "the only action left is Recover (4.2)", "is neither exhausted nor disrupted (4.2.3)", "not disrupted (4.2.3)",
    "is a noncombatant (4.3.3)", "attacked only from their own floor (1.4)",
    "interior spaces have no line of sight outside the building (1.4)", "share no colour (1.4)",
    "only the top counter of a stack", "needs a Ranged [R] weapon", "need a Grenade [G] token",
    "needs a Suppress [S] weapon", "needs an ammunition token", "not possible from an interior space (4.2.2)",
    "go on an empty assault space (4.2.2)", "no line of sight to that assault space (4.2.2)",
    "has no Command [C] attribute (4.2.4)",
    "needs a recover (4.2.4)", "suppression tokens lie on", "must be in an entrance defender space to escape (6.0)",
    "and cannot escape (6.0)", "no longer in the post office",
]


def candidates(game: Game) -> list[Action]:
    """What a player could try at this decision: every combination of a defender with a space, counter, token
    or marker the board has, and every count."""
    s, r = game.state, game.rules
    dec = game.decision or {}
    names = list(s["defenders"])
    spaces = list(r.space_floor)
    counters = list(s["counters"])
    tokens = sorted(s["tokens"])
    kind = dec.get("kind")
    out: list[Action] = []
    if kind == "moves":
        for n in names:
            here = s["defenders"][n]["space"]
            floor = r.space_floor[here]
            out += [Action("move", (n, sp)) for sp in spaces
                    if r.space_floor[sp] == floor or sp.endswith(("1", "interior"))]
            mine = sorted(t for t in tokens if s["tokens"][t] == here)
            out += [Action("move", (n, sp, *mine[:3])) for sp in spaces[:3]]
            out += [Action("shift", (n, t, sp)) for t in tokens[:4] for sp in spaces[:4]]
    elif kind == "actions":
        out += [Action("command", (n,)) for n in names]  # the few first, the many after: a sample keeps them
        out += [Action("recover", (n, what)) for n in names for what in ("exhausted", "disrupted")]
        for n in names:
            out += [Action("grenade", (n, t)) for t in tokens if not t.startswith("ammo")][:3]
            out += [Action("attack", (n, c)) for c in counters]
            out += [Action("suppress", (n, sp)) for sp in r.track_spaces]
    elif kind == "command":
        out += [Action("rally", (n, what)) for n in names for what in ("exhausted", "disrupted")]
    elif kind == "suppression":
        out += [Action("spend", (str(k),)) for k in range(dec["tokens"] + 3)]
    elif kind == "casualty":
        out += [Action("remove", (n,)) for n in names]
    elif kind == "escape":
        out += [Action("escape", (n,)) for n in names]
    return out


def test_every_refusal_cites_its_rule_and_every_kind_of_refusal_happens() -> None:
    seen: Counter[str] = Counter()
    checked = 0
    # random play meets the Defense Phase's refusals; the heuristic's games reach Attack 3 and its escapes
    games = [(d, seed, RandomPolicy(seed)) for d in ("standard", "veteran", "elite") for seed in range(3)]
    games += [("standard", 1, HeuristicPolicy())]
    for difficulty, seed, policy in games:
        game = Game.new(seed, difficulty)
        while not game.over:
            if isinstance(policy, HeuristicPolicy) and game.state["attack"] < 3:  # it is here for Attack 3
                game.apply(policy.choose(game))
                continue
            legal = set(game.legal_actions())
            why = game.refusals()
            tries = candidates(game)
            for action in tries[:80] + tries[80:: 1 + len(tries) // 150]:  # the first ones and an even sample
                reason = refusal_for(why, action)
                if action in legal or canonical(game, action) in legal:  # identical tokens stand in (4.1)
                    continue
                checked += 1
                assert reason, f"{action} is refused with no reason ({difficulty}, seed {seed})"
                assert CITES_A_RULE.search(reason) or reason.endswith("no longer in the post office"), reason
                for phrase in EXPECTED:
                    if phrase in reason:
                        seen[phrase] += 1
            game.apply(policy.choose(game))
    missing = [p for p in EXPECTED if not seen[p]]
    assert not missing, f"refusals never met in {checked} refused candidates: {missing}"


def test_why_illegal_reads_the_generators_record() -> None:
    """The one-line reason of ``why_illegal`` and of the IllegalAction is the generator's (4.1, 4.2 examples)."""
    for seed in range(4):
        game, policy = Game.new(seed), RandomPolicy(seed)
        for _ in range(25):
            if game.over:
                break
            legal = game.legal_actions()
            why = game.refusals()
            tries = candidates(game)
            for action in tries[:: max(1, len(tries) // 8)]:
                expected = "" if action in legal or canonical(game, action) in legal else refusal_for(why, action)
                assert game.why_illegal(action) == expected
            game.apply(policy.choose(game))


def test_the_first_refusals_of_a_game() -> None:
    """Seed 0's first Defense Phase: a defender refused a move to another floor, a full space, too many tokens;
    then a named reason for a defender who does not exist."""
    game = Game.new(0)
    assert game.decision is not None and game.decision["kind"] == "moves"
    s, r = game.state, game.rules
    name = next(n for n, d in s["defenders"].items() if not r.is_interior(d["space"]))
    here = s["defenders"][name]["space"]
    other_floor = next(sp for sp in r.floor_spaces["basement" if r.floor_of(here) != "basement" else "upper"])
    assert game.why_illegal(Action("move", (name, other_floor))) == \
        "defenders change floors only between adjoining interior spaces (4.1)"
    assert game.why_illegal(Action("move", ("Nobody", here))) == "there is no defender named 'Nobody'"
    assert game.why_illegal("end_escape").startswith("not possible during the moves decision")


def test_a_command_from_the_interior_is_refused_for_that_reason() -> None:
    """4.2.4: "The command action cannot be used in the interior spaces", even with a defender nearby to recover."""
    game = Game.new(0)
    s = game.state
    leader = next(n for n in s["defenders"] if "C" in game.rules.defenders[n].attributes)
    s["defenders"][leader]["space"] = "ground:interior"
    other = next(n for n in s["defenders"] if n != leader and "C" not in game.rules.defenders[n].attributes)
    s["defenders"][other].update(space="ground:interior", exhausted=True)
    game.decide("actions")
    assert Action("command", (leader,)) not in game.legal_actions()
    assert game.why_illegal(Action("command", (leader,))) == \
        "the command action cannot be used in the interior spaces (4.2.4)"
