"""The simulator's measures of a game's shape (victory levels, endings, escapes, the fire truck's morale band,
morale breaks by Attack, the longest Attack), ``--levels`` and the chart."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import sim
from game.rules.data import levels_dir
from game.rules.engine import award_for
from game.sim import compare, format_comparison, format_report, play_games, simulate, summarize, write_chart

GAMES = 8
SEED = 0  # heuristic games 0..7: several reach Attack 3, several break morale


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=300)


def timeless(report: dict[str, Any]) -> dict[str, Any]:
    """The report without its machine-dependent speed and the data folder's name."""
    out = dict(report)
    out.pop("games_per_second")
    out.pop("levels_folder")
    return out


@pytest.fixture(scope="module")
def results() -> list[dict[str, Any]]:
    return play_games(GAMES, SEED, "heuristic", 1)


@pytest.fixture(scope="module")
def report(results: list[dict[str, Any]]) -> dict[str, Any]:
    return summarize(results, "heuristic", SEED, 1.0)


@pytest.fixture()
def levels_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "levels"
    shutil.copytree(levels_dir(), folder)
    return folder


def test_each_game_records_its_shape(results: list[dict[str, Any]]) -> None:
    for r in results:
        # one count of turns per Attack played, summing to the game's turns (from the Enemy Phase events)
        assert len(r["attack_turns"]) == r["attack"]
        assert all(t >= 1 for t in r["attack_turns"])
        assert sum(r["attack_turns"]) == r["turns"]
        assert r["longest_attack"] == max(r["attack_turns"])
        # the fire truck is placed exactly when Attack 3 is set up (2.3)
        assert (r["fire_truck_band"] is not None) == (r["attack"] == 3)
        assert r["fire_truck_band"] is None or r["fire_truck_band"] in sim.FIRE_TRUCK_BANDS
        # 7.0 levels: from the score, a broken morale is a Loss with 0 points
        if r["how"] == "morale":
            assert r["level"] == "Loss" and r["score"] == 0
        else:
            assert r["level"] == award_for(r["score"])[1]


def test_report_keys_are_consistent(report: dict[str, Any], results: list[dict[str, Any]]) -> None:
    n = report["games"]
    assert n == GAMES
    assert list(report["victory_levels"]) == list(sim.VICTORY_LEVELS)
    assert sum(report["victory_levels"].values()) == n
    assert abs(sum(report["victory_level_shares"].values()) - 1) < 1e-3
    assert report["victory_levels"]["Loss"] == report["losses"]
    assert sum(report["victory_levels"][level] for level in sim.VICTORY_LEVELS[:3]) == report["wins"]
    assert list(report["endings"])[:3] == list(sim.ENDINGS)
    assert abs(sum(report["ending_shares"].values()) - 1) < 1e-3
    assert report["ending_shares"]["morale"] == round(report["morale_losses"] / n, 4)
    # the fire truck: one band per game that reached Attack 3, and the heuristic reaches it
    reached = sum(1 for r in results if r["attack"] == 3)
    assert reached >= 1
    assert report["attack_3_games"] == reached
    assert list(report["fire_truck_bands"]) == list(sim.FIRE_TRUCK_BANDS)
    assert sum(report["fire_truck_bands"].values()) == reached
    assert abs(sum(report["fire_truck_band_shares"].values()) - 1) < 1e-3
    # morale breaks by Attack add up to the morale losses
    assert list(report["morale_breaks_by_attack"]) == [str(a) for a in sim.ATTACKS]
    assert sum(report["morale_breaks_by_attack"].values()) == report["morale_losses"] >= 1
    # escapes
    assert report["escape_games"] == sum(1 for r in results if r["escaped"] > 0)
    assert report["escape_share"] == round(report["escape_games"] / n, 4)
    assert (report["mean_escaped"] > 0) == (report["escape_games"] > 0)
    # the longest Attack
    assert report["max_longest_attack"] == max(report["max_attack_turns"].values()) == max(
        r["longest_attack"] for r in results)
    assert 1 <= report["mean_longest_attack"] <= report["max_longest_attack"]
    assert report["max_attack_turns"]["3"] >= 1
    assert report["mean_longest_attack"] * n == pytest.approx(sum(r["longest_attack"] for r in results), abs=1e-3)


def test_summary_of_made_up_games() -> None:
    """The aggregation alone, on games the policies rarely play: escapes and every victory level."""
    def game(score: int, how: str, attack: int, escaped: int, band: str | None, turns: list[int]) -> dict[str, Any]:
        award, level = award_for(score)
        outcome = "win" if score >= 16 and how != "morale" else ("draw" if level == "Draw" else "loss")
        return {"seed": 0, "score": score, "outcome": outcome, "how": how, "award": award, "level": level,
                "attack": attack, "turns": sum(turns), "decisions": 10, "survivors": 30, "escaped": escaped,
                "casualties": 9, "fire_truck_band": band, "attack_turns": turns, "longest_attack": max(turns)}

    games = [game(45, "fire_truck", 3, 2, "Emboldened", [6, 6, 6]), game(30, "deck_exhausted", 3, 0, "Panicked",
             [6, 9, 12]), game(20, "fire_truck", 3, 1, "Panicked", [7, 6, 3]), game(5, "fire_truck", 3, 0, "Shaken",
             [6, 6, 2]), game(0, "morale", 2, 0, None, [6, 4])]
    report = summarize(games, "made-up", 0, 1.0)
    assert report["victory_levels"] == {"Epic Victory": 1, "Major Victory": 1, "Minor Victory": 1, "Draw": 1,
                                        "Loss": 1}
    assert report["escape_games"] == 2 and report["escape_share"] == 0.4 and report["mean_escaped"] == 0.6
    assert report["attack_3_games"] == 4
    assert report["fire_truck_bands"] == {"Emboldened": 1, "Shaken": 1, "Panicked": 2}
    assert report["fire_truck_band_shares"] == {"Emboldened": 0.25, "Shaken": 0.25, "Panicked": 0.5}
    assert report["morale_breaks_by_attack"] == {"1": 0, "2": 1, "3": 0}
    assert report["max_attack_turns"] == {"1": 7, "2": 9, "3": 12}
    assert report["max_longest_attack"] == 12 and report["mean_longest_attack"] == 7.4
    text = format_report(report)
    for words in ("Epic Victory (41+)", "Attack 2", "Panicked", "at least one in 2 games (40.0%)",
                  "mean 7.4 turns, max 12"):
        assert words in text


def test_a_copied_levels_folder_gives_the_same_report(levels_copy: Path) -> None:
    own = simulate(20, SEED, "random", 1)
    copied = simulate(20, SEED, "random", 1, levels=levels_copy)
    assert own["levels_folder"] is None and copied["levels_folder"] == str(levels_copy)
    assert timeless(own) == timeless(copied)


def test_levels_and_jobs_do_not_change_the_report(levels_copy: Path) -> None:
    """Spawned workers load the --levels folder themselves: two of them give the one-process report."""
    one = simulate(20, SEED, "random", 1, levels=levels_copy)
    two = simulate(20, SEED, "random", 2, levels=levels_copy)
    assert timeless(one) == timeless(two)
    both = compare(2, SEED, ["random", "heuristic"], 2, levels=levels_copy)
    assert both["levels_folder"] == str(levels_copy)
    assert both["policies"]["heuristic"] == timeless(simulate(2, SEED, "heuristic", 1))


def test_command_line_levels_flag(levels_copy: Path) -> None:
    args = ("simulate", "--games", "10", "--seed", "1", "--policy", "random", "--json")
    own = run(*args, "--jobs", "1")
    copied = run(*args, "--jobs", "2", "--levels", str(levels_copy))
    assert own.returncode == 0 and copied.returncode == 0, own.stderr + copied.stderr
    a, b = json.loads(own.stdout), json.loads(copied.stdout)
    assert b["levels_folder"] == str(levels_copy)
    assert timeless(a) == timeless(b)
    for key in ("victory_level_shares", "ending_shares", "escape_share", "fire_truck_band_shares",
                "morale_breaks_by_attack", "mean_longest_attack", "max_longest_attack", "max_attack_turns"):
        assert key in a


@pytest.mark.parametrize("damage", ["bad toml", "missing file", "no folder"])
def test_a_damaged_levels_folder_is_one_line_and_exit_2(levels_copy: Path, damage: str) -> None:
    folder = levels_copy
    if damage == "bad toml":
        (folder / "board.toml").write_text("logical_size = [1200,\n", encoding="utf-8")
    elif damage == "missing file":
        (folder / "decks.toml").unlink()
    else:
        folder = folder.parent / "nowhere"
    done = run("simulate", "--games", "2", "--jobs", "2", "--levels", str(folder))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "--levels" in lines[0]
    assert {"bad toml": "board.toml", "missing file": "decks.toml", "no folder": "nowhere does not exist"}[damage] \
        in lines[0]
    assert done.stdout == ""


def test_comparison_table_shows_the_shape() -> None:
    report = compare(2, SEED, ["random", "heuristic"], 1)
    scores = report.pop("scores")
    text = format_comparison(report)
    for words in ("Victory level (7.0)", "Major Victory (26-40)", "Game ended by", "Morale broke in",
                  "games that reached Attack 3", "Emboldened, share of those", "games with an escape",
                  "longest Attack, max turns"):
        assert words in text
    assert set(scores) == {"random", "heuristic"}


def test_chart_has_the_shape_panels(tmp_path: Path, report: dict[str, Any], results: list[dict[str, Any]]) -> None:
    import pygame

    plain, shaped = tmp_path / "plain.png", tmp_path / "shaped.png"
    scores = {"heuristic": [r["score"] for r in results]}
    write_chart(plain, scores, "plain")
    write_chart(shaped, scores, "shaped", {"heuristic": report})
    assert pygame.image.load(str(plain)).get_size() == (1200, 640)
    assert pygame.image.load(str(shaped)).get_size() == (1200, 1080)
