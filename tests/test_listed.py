"""The legal actions kept as blocks (issue "A rules core twice as fast as python-chess"): a Listed is the list of
its actions in every way a caller can ask (length, index, iteration, ``in``, equality), and the legal actions of
real games are exactly those listed before the blocks."""

from __future__ import annotations

import hashlib
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
        assert (tuple(action) in listed) == (tuple(action) in plain), action  # a plain (kind, args) pair too
    assert (listed == tuple(plain)) == (plain == tuple(plain))  # never equal to a tuple, as a list is not
    # the same blocks with their starts counted by the generator (as gen_moves does): the same sequence
    kept = [p for p in parts if isinstance(p, Action) or (p.first and p.second)]
    sizes = [1 if isinstance(p, Action) else len(p.first) * len(p.second) for p in kept]
    counted = Listed.of_blocks(kept, [sum(sizes[:i]) for i in range(len(kept))], sum(sizes))
    assert counted == plain and len(counted) == len(plain)
    assert [counted[i] for i in range(len(plain))] == plain
    assert all((action in counted) == (action in plain) for action in [*plain, *probes])


# The legal actions of six random games (seeds 0-5, Standard, Veteran and Elite), every decision's list in order,
# hashed: measured on the code before the actions were listed as blocks (commit 67ed5a8) and unchanged since. A
# change of the rules that changes what is legal changes this on purpose: measure it again and say why.
LISTS_BEFORE_BLOCKS = (318, "c0c50f2fa8f7bf14145341eefb9f9863620e539e8b48830d95d2476a2213ca94")


def test_the_legal_actions_are_those_listed_before_the_blocks() -> None:
    digest = hashlib.sha256()
    decisions = 0
    for seed in range(6):
        game = Game.new(seed, ("standard", "veteran", "elite")[seed % 3])
        rng = random.Random(seed)
        while not game.over:
            legal = list(game.legal_actions())
            digest.update("|".join(map(str, legal)).encode())
            decisions += 1
            game.apply(legal[rng.randrange(len(legal))])
    assert (decisions, digest.hexdigest()) == LISTS_BEFORE_BLOCKS


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


def test_the_rules_memo_changes_no_result() -> None:
    """What the rules remember for every game (``Rules.memo``: carry choices, sight, move blocks, the weapons of
    a set of tokens) is only a shortcut: a game whose memo is forgotten before every decision lists the same
    actions and tells the same events as one that remembers, and a full table is emptied, not grown."""
    from game.rules import data

    def played(forget: bool) -> list[str]:
        out: list[str] = []
        for seed in (3, 4):
            game, rng = Game.new(seed, "veteran"), random.Random(seed)
            while not game.over:
                if forget:
                    memo = game.rules.memo
                    for table in (memo.kinds, memo.carry, memo.sight, memo.moves, memo.kits, memo.names):
                        table.clear()
                legal = list(game.legal_actions())
                out.append("|".join(map(str, legal)))
                out.extend(event.text for event in game.apply(legal[rng.randrange(len(legal))]))
        return out

    remembered = played(False)
    assert played(True) == remembered and len(remembered) > 200
    table: dict[int, int] = {}
    for i in range(data.MEMO_LIMIT + 5):
        data.remember(table, i, i)
    assert len(table) == 5 and table[data.MEMO_LIMIT + 4] == data.MEMO_LIMIT + 4
