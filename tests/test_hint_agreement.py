"""tools/hint_agreement.py (issue 35): the Hint's planner against a longer search of the same options."""

from __future__ import annotations

from game.ai import PlannerPolicy
from game.rules.kinds import ActionKind
from tests.helpers import load_tool
from tests.test_ai import _move_plan_starts

agreement = load_tool("hint_agreement")
CHEAP = "planner[plan_samples=4,plan_rollouts=16,samples=2]"


def test_the_long_search_is_the_hints_planner_with_more_futures_and_no_screen() -> None:
    longer = agreement.long_search(CHEAP, 10, 7)
    assert (longer.plan_samples, longer.plan_rollouts, longer.samples, longer.screen) == (40, 160, 20, 0)
    default = agreement.long_search("planner", 4, 7)
    assert (default.plan_samples, default.plan_rollouts, default.samples) == (48, 128, 24)


def test_the_planners_last_lookahead_is_what_it_weighed_and_chose() -> None:
    """``PlannerPolicy.last_lookahead``: the options raced (option 0 the heuristic's plan), each option's values,
    the option chosen, whose first action is the planner's answer; cleared at a decision without a lookahead."""
    looked_at = 0
    for game in _move_plan_starts(per_attack=1):
        planner = PlannerPolicy(5, plan_samples=4, plan_rollouts=16)
        action = planner.choose(game.clone())
        looked = planner.last_lookahead
        if looked is None:
            continue
        looked_at += 1
        assert len(looked.options) == len(looked.values) >= 2
        assert len(looked.values[0]) == 4 and all(1 <= len(v) <= 4 for v in looked.values)  # (4 futures at least)
        assert 0 <= looked.chosen < len(looked.options)
        assert looked.options[looked.chosen][:1] == [action] or \
            (not looked.options[looked.chosen] and action.kind == ActionKind.END_MOVES)
        follow = game.clone()
        follow.apply(action)
        if (follow.decision or {}).get("kind") == "moves" and len(follow.legal_actions()) > 1:
            planner.choose(follow)  # the next move of the plan chosen: no lookahead
            assert planner.last_lookahead is None
    assert looked_at >= 2


def test_a_decision_asked_of_both_searches() -> None:
    """At a move plan the long search weighs the Hint's own options; what the Hint gives away is the long
    search's best mean minus the mean of the Hint's option; a decision is clear when the best leads by the gap."""
    rows = [row for game in _move_plan_starts(per_attack=1)
            if (row := agreement.ask(game, CHEAP, 2, 0.5, 11)) is not None]
    assert len(rows) >= 2
    for row in rows:
        means = row["means"]
        assert row["options"] == len(means) >= 2
        assert row["best"] == max(range(len(means)), key=lambda i: (means[i], -i))
        assert row["given_away"] == means[row["best"]] - means[row["hint"]] >= 0
        lead = means[row["best"]] - max(m for i, m in enumerate(means) if i != row["best"])
        assert row["clear"] == (lead >= 0.5)
