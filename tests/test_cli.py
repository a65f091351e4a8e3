"""The command line: simulate (table and JSON, any --jobs), argparse errors, the terminal game."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main
from game.rules import Game
from game.text_mode import TextPlay

REQUIRED = {"games", "policy", "seed", "mean_score", "win_rate", "draw_rate", "loss_rate", "morale_losses",
            "games_per_second"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


def simulate_json(*extra: str) -> dict[str, Any]:
    done = run("simulate", "--games", "5", "--seed", "1", "--json", *extra)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1, "exactly one JSON object on one line"
    report = json.loads(done.stdout)
    assert isinstance(report, dict)
    return report


def test_simulate_json() -> None:
    report = simulate_json()
    assert REQUIRED <= set(report)
    assert report["games"] == 5 and report["policy"] == "random" and report["seed"] == 1
    rates = [report["win_rate"], report["draw_rate"], report["loss_rate"]]
    assert all(isinstance(r, float) and 0 <= r <= 1 for r in rates)
    assert abs(sum(rates) - 1) < 1e-9
    assert report["wins"] + report["draws"] + report["losses"] == 5
    assert sum(report["score_distribution"].values()) == 5
    assert sum(report["endings"].values()) == 5


def test_simulate_jobs_do_not_change_the_result() -> None:
    one = simulate_json()
    two = simulate_json("--jobs", "2")
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two


def test_simulate_in_process_matches_jobs() -> None:
    from game.sim import simulate

    a, b = simulate(7, 20, "random", 1), simulate(7, 20, "random", 3)
    a.pop("games_per_second")
    b.pop("games_per_second")
    assert a == b


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for word in ("Score distribution", "win", "draw", "loss", "morale", "fire_truck", "games per second"):
        assert word in out


@pytest.mark.parametrize("args", [
    ["simulate", "--bogus"],
    ["simulate", "--games", "zero"],
    ["simulate", "--games", "0"],
    ["simulate", "--policy", "clairvoyant"],
    ["simulate", "--jobs", "-1"],
    ["frobnicate"],
    ["play", "--seed", "x"],
])
def test_bad_command_line(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0], done.stderr
    assert done.stdout == ""


def test_version() -> None:
    done = run("--version")
    assert done.returncode == 0 and "postmen" in done.stdout


def test_text_play_scripted() -> None:
    script = "1\n?\n1\nb\nb\nh\n\n999\nfly away\n'unclosed\nend_moves\n1\n1\nq\n"
    done = run("play", "--text", "--seed", "4", stdin=script)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "[3.0]" in done.stdout  # events are narrated with their section
    assert "No choice 999" in done.stdout
    assert "Not possible" in done.stdout and "Not understood" in done.stdout
    assert "Leaving the game." in done.stdout


def test_text_play_eof() -> None:
    done = run("play", "--text", "--seed", "4", stdin="")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "End of input" in done.stdout


def test_text_play_numbers_until_eof() -> None:
    done = run("play", "--text", "--seed", "8", stdin="1\n" * 60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_text_play_to_the_end() -> None:
    """Always taking the last choice (usually 'end_...') plays a whole game in process."""
    out = io.StringIO()
    play = TextPlay(Game.new(5), io.StringIO(""), out, 5)
    # answer every prompt with the number of the last entry: feed through a custom reader
    answers: list[str] = []

    def read() -> str | None:
        if play.game.over or len(answers) > 3000:
            return None
        answers.append(str(len(play.entries)))
        return answers[-1]

    play.read = read  # type: ignore[method-assign]
    assert play.play() == 0
    assert play.game.over
    assert "Game over" in out.getvalue()


def test_graphical_game_runs_headless_from_the_command_line(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "POSTMEN_DATA_DIR": str(tmp_path / "data")}
    shots = tmp_path / "shots"
    done = subprocess.run([sys.executable, "-m", "game", "--headless", "--frames", "30", "--screenshot-dir",
                           str(shots)], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert list(shots.glob("*.png"))


def test_headless_without_frames_is_a_usage_error() -> None:
    done = run("--demo", "--headless")
    assert done.returncode == 2
    assert "--headless needs --frames" in done.stderr
    assert "Traceback" not in done.stderr


def test_simulate_compares_several_policies() -> None:
    done = run("simulate", "--games", "3", "--seed", "2", "--policy", "random,heuristic", "--json", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report["policies"]) == {"random", "heuristic"}
    for summary in report["policies"].values():
        assert summary["games"] == 3
        low, high = summary["score_ci95"]
        assert low <= summary["mean_score"] <= high
        assert {"win_rate", "draw_rate", "loss_rate", "awards", "morale_losses", "mean_survivors"} <= set(summary)
    assert report["comparisons"][0]["a"] == "random" and report["comparisons"][0]["b"] == "heuristic"
    # repeated --policy is the same as a comma-separated list, and --jobs does not change the result
    again = run("simulate", "--games", "3", "--seed", "2", "--policy", "random", "--policy", "heuristic", "--json",
                "--jobs", "2")
    assert again.returncode == 0, again.stderr
    other = json.loads(again.stdout)
    report.pop("games_per_second")
    other.pop("games_per_second")
    assert report == other


def test_simulate_table_compares_and_writes_a_chart(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "scores.png"
    assert main(["simulate", "--games", "2", "--seed", "3", "--policy", "random,heuristic", "--jobs", "1",
                 "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    for word in ("random", "heuristic", "95%", "win", "morale", "survivors", "Awards"):
        assert word in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_single_policy_reports_an_interval() -> None:
    report = simulate_json("--policy", "heuristic")
    assert report["policy"] == "heuristic"
    low, high = report["score_ci95"]
    assert low <= report["mean_score"] <= high


def test_simulate_rejects_an_unknown_policy_in_a_list() -> None:
    done = run("simulate", "--policy", "random,clairvoyant")
    assert done.returncode == 2 and "clairvoyant" in done.stderr and "Traceback" not in done.stderr


def test_rules_core_never_imports_pygame() -> None:
    code = ("import sys, game.rules, game.ai, game.sim; "
            "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "False", done.stderr


def test_text_mode_header_counts_against_the_difficultys_limit() -> None:
    """The text mode asks the core for the moves allowed (4.1, 8.x): a Veteran game's Tactics card can allow
    fewer than four, and the header says so instead of a fixed "of 4"."""
    for seed in range(40):
        game = Game.new(seed, "veteran")
        while not game.over and (game.decision or {}).get("kind") != "moves":
            game.apply(game.legal_actions()[-1])
        if game.limit("defender_moves") != 4:
            break
    else:
        pytest.fail("no Veteran game of 40 starts its first Defense Phase with a move limit other than four")
    header = TextPlay(game, io.StringIO(), io.StringIO(), seed).header()
    assert header == f"Defense Phase, moves: 0 of {game.limit('defender_moves')} used"


def test_the_planner_takes_settings_from_its_name_and_nothing_else() -> None:
    from game.ai import PlannerPolicy, make_policy, parse_policy, policy_name, split_policies

    assert split_policies("heuristic, planner[action_from=9,samples=4],random") == [
        "heuristic", "planner[action_from=9,samples=4]", "random"]
    assert parse_policy("planner[action_from=9, plan_samples=16]") == ("planner", {"action_from": 9,
                                                                                  "plan_samples": 16})
    policy = make_policy("planner[margin=0.5,plan_turns=2]", 4)
    assert isinstance(policy, PlannerPolicy) and policy.margin == 0.5 and policy.plan_turns == 2
    for bad, words in (("planner[seed=3]", "is not one of"), ("planner[samples=0]", "must be 1 to 64"),
                       ("planner[samples=two]", "whole number"), ("planner[samples=2", "end with"),
                       ("heuristic[samples=2]", "only the planner"), ("planner[__class__=1]", "is not one of"),
                       ("oracle", "unknown policy"), ("planner[" + "x" * 300 + "]", "at most")):
        with pytest.raises(ValueError, match=words):
            parse_policy(bad)
    for bad, words in (("planner[samples=2,samples=3]", "set twice"), ("planner[samples=1_0]", "digits 0-9"),
                       ("planner[samples=\u0663]", "digits 0-9"), ("planner[margin=1e3]", "digits 0-9")):
        with pytest.raises(ValueError, match=words):
            parse_policy(bad)
    assert policy_name(" planner[ samples=4 , margin=0.20 ]") == "planner[samples=4,margin=0.2]"
    # the default settings written out are the planner: the same kind, seed and every setting, and so the same
    # choices (the policies are deterministic: the first decisions of a game, three lookaheads among them, played
    # by both, show it; a whole game costs 3 s each and tells nothing more)
    from game.ai import PLANNER_SETTINGS

    plain = make_policy("planner", 11)
    written = make_policy("planner[samples=6,plan_rollouts=32,plan_samples=12,action_from=4]", 11)
    assert type(plain) is type(written) is PlannerPolicy
    assert plain.seed == written.seed == 11
    for key in PLANNER_SETTINGS:
        assert getattr(plain, key) == getattr(written, key), key
    game, copy = Game.new(11), Game.new(11)
    for _ in range(20):
        action = plain.choose(game)
        assert written.choose(copy) == action
        game.apply(action)
        copy.apply(action)
    assert plain.lookaheads == written.lookaheads >= 3


def test_the_games_of_a_planner_with_settings_are_played_by_that_planner(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.sim as sim
    from game.ai import PlannerPolicy, make_policy

    made: list[Any] = []

    def recording(name: str, seed: int) -> Any:
        made.append(make_policy(name, seed))
        return make_policy("random", seed)  # quick games: what is checked is the policy the name makes

    monkeypatch.setattr(sim, "make_policy", recording)
    sim.play_games(2, 4, "planner[action_from=9,plan_samples=5]")
    assert len(made) == 2 and all(isinstance(p, PlannerPolicy) for p in made)
    assert [(p.seed, p.action_from, p.plan_samples, p.samples) for p in made] == [(4, 9, 5, 6), (5, 9, 5, 6)]


def test_simulate_compares_the_planner_with_other_settings() -> None:
    done = run("simulate", "--games", "1", "--seed", "5", "--policy", "heuristic,planner[action_from=9,samples=4]",
               "--json", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report["policies"]) == {"heuristic", "planner[action_from=9,samples=4]"}
    # two spellings of one planner are one policy
    same = run("simulate", "--games", "1", "--seed", "5", "--policy", "planner[samples=4]",
               "--policy", " planner[ samples=4 ]", "--json", "--jobs", "1")
    assert same.returncode == 0, same.stderr
    assert json.loads(same.stdout)["policy"] == "planner[samples=4]"
    bad = run("simulate", "--games", "2", "--policy", "planner[plan_turns=7]")
    assert bad.returncode == 2 and "plan_turns must be 1 to 3" in bad.stderr and "Traceback" not in bad.stderr
