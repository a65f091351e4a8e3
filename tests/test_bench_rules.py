"""tools/bench_rules.py reports what issue "A rules core twice as fast as python-chess" asks: games and decisions
per second, the time of a decision split into its parts, a profile, and python-chess's rate in the same run."""

from __future__ import annotations

import pytest

from tests.helpers import load_tool

bench = load_tool("bench_rules")


def test_the_benchmark_prints_the_split_and_the_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "2", "--chess-games", "0", "--profile", "3"]) == 0
    out = capsys.readouterr().out
    for words in ("games per second", "decisions per second", "legal actions", "apply", "Game.clone", "dice",
                  "profile of 1 games, top 3", "ncalls"):
        assert words in out, words


def test_the_split_adds_up_to_the_decisions_played() -> None:
    split = bench.play(2, 0)
    assert split.decisions > 50
    assert split.legal > 0 and split.apply > 0 and split.copy > 0
    timed = split.legal + split.choose + split.apply
    assert 0.7 * split.total <= timed <= split.total + 1e-3  # the parts are the decisions' time, loop aside
