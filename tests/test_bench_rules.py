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


def test_the_rounds_share_out_every_game_and_give_a_ratio_each(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, int, int]] = []

    def postmen(n: int, seed: int) -> float:
        played.append(("postmen", n, seed))
        return 0.01 * n  # 100 games a second

    def chess(n: int, seed: int) -> float:
        played.append(("chess", n, seed))
        return 0.02 * n  # 50 games a second

    monkeypatch.setattr(bench, "games_only", postmen)
    monkeypatch.setattr(bench, "chess_games", chess)
    rounds = bench.interleaved(5, 3, 7, 3)
    # every game once, seeds going on, the two taking turns round by round
    assert played == [("postmen", 1, 7), ("chess", 1, 7), ("postmen", 2, 8), ("chess", 1, 8),
                      ("postmen", 2, 10), ("chess", 1, 9)]
    assert rounds == [(0.01, 0.02), (0.02, 0.02), (0.02, 0.02)]
    assert bench.round_ratios(rounds, 5, 3) == pytest.approx([2.0, 2.0, 2.0])
