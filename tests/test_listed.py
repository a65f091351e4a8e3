"""The legal actions kept as blocks (issue "A rules core twice as fast as python-chess"): a Listed is the list of
its actions in every way a caller can ask (length, index, iteration, ``in``, equality), and the legal actions of
real games listed as blocks are exactly those the rules allow."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.rules import Action, Game
from game.rules.actions import Family, Listed

words = st.sampled_from(["a", "b", "c", "d"])
tuples = st.tuples(words).map(tuple) | st.tuples(words, words).map(tuple) | st.just(())
singles = st.builds(Action, st.sampled_from(["x", "y"]), st.lists(words, max_size=3).map(tuple))
families = st.builds(Family, st.sampled_from(["x", "y"]), st.lists(words, min_size=1, max_size=2).map(tuple),
                     st.lists(st.tuples(words).map(tuple), max_size=3), st.lists(tuples, max_size=3))


def materialized(parts: list[Action | Family]) -> list[Action]:
    out: list[Action] = []
    for part in parts:
        if isinstance(part, Action):
            out.append(part)
        else:
            out.extend(Action(part.kind, part.head + a + b) for a in part.first for b in part.second)
    return out


@given(st.lists(singles | families, max_size=6), st.lists(singles, max_size=5))
def test_a_listed_is_the_list_of_its_actions(parts: list[Action | Family], probes: list[Action]) -> None:
    listed, plain = Listed(parts), materialized(parts)
    assert len(listed) == len(plain)
    assert list(listed) == plain and listed == plain
    assert [listed[i] for i in range(len(plain))] == plain
    if plain:
        assert listed[-1] == plain[-1]
    for action in [*plain, *probes]:
        assert (action in listed) == (action in plain), action


def test_the_legal_actions_of_real_games_are_what_the_rules_allow() -> None:
    """Sampled listed moves apply on a copy without being refused, and no action is listed twice."""
    checked = 0
    for seed in range(4):
        game, rng = Game.new(seed), random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            if game.decision and game.decision["kind"] == "moves":
                for action in rng.sample(list(legal), min(5, len(legal))):
                    game.clone().apply(action)  # legal: no IllegalAction
                    checked += 1
                assert len(set(legal)) == len(legal)  # no action twice
            game.apply(legal[rng.randrange(len(legal))])
    assert checked > 200


def test_the_quick_listing_and_the_one_that_records_refusals_agree() -> None:
    """The generators list the same actions in the same order whether or not they record why they refuse the
    others (the quick path works out a space's targets once for all its defenders)."""
    from game.rules.engine import GENERATORS

    compared = 0
    for seed in range(8):
        game, rng = Game.new(seed, "elite" if seed % 2 else "standard"), random.Random(seed)
        while not game.over:
            kind = (game.decision or {})["kind"]
            generate = GENERATORS[kind]
            quick = game.listing(lambda g, generate=generate: generate(g, None))  # type: ignore[misc]
            why: dict[tuple[str, ...], str] = {}
            recorded = game.listing(lambda g, generate=generate, why=why: generate(g, why))  # type: ignore[misc]
            assert list(quick) == list(recorded), (seed, kind)
            compared += 1
            game.apply(quick[rng.randrange(len(quick))])
    assert compared > 300
