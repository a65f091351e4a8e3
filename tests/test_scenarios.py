"""The rulebook's gameplay examples as scenario files (DESIGN.md, "Scenarios"), and tests of the runner itself."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.scenario import ScenarioResult, main, run_file, scenario_files

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = scenario_files([SCENARIOS])

# A small scenario the runner tests vary: Gdaniec attacks the submachine gunner (4.2.1 example).
GOOD = """
dice = [3, 4]
steps = ["attack Gdaniec @s1"]

[position]
attack = 1
phase = "actions"
defenders = { Gdaniec = "ground:2-3", Fuz = { space = "basement:5-6", exhausted = true } }
track = { "3-4:4" = ["smg @s1"] }

[expect]
counters_removed = ["s1"]
defenders = { Gdaniec = { exhausted = true } }
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.scenario", *args], capture_output=True, text=True,
                          timeout=300)


# ------------------------------------------------------------------------------------------ the scenario files
# The opening words of each of the rulebook's 20 gameplay examples, with the section whose scenario file quotes it.
RULEBOOK_EXAMPLES = [
    ("2.1", "You play through all of the enemy cards in Attack"),
    ("3.1", "Next, a leader card is drawn. The card specifies that"),
    ("3.1", "A submachine gunner card is drawn. You roll the placement"),
    ("3.1", "The grenade bundle card for barrier location 2 is drawn"),
    ("3.1", "A submachine gunner assault counter moves off the assault track"),
    ("3.1", "You draw a rifleman card. You roll the placement die"),
    ("3.2", "An infantry gun card for support counter space E is"),
    ("3.2", "A machine gunner card for support counter space A is"),
    ("3.3", "A howitzer card is drawn. You need to make an"),
    ("4.1", "At the beginning of the Defense Phase you can move"),
    ("4.2.1", "Gdaniec attacks the submachine gunner (1). Gdaniec has a 2"),
    ("4.2.1", "Konrad attacks the SS rifleman (1). Konrad has a combat"),
    ("4.2.1", "Gdaniec uses the grenade in his space to attack all"),
    ("4.2.2", "Gdaniec (1) takes a suppression action to place four suppression"),
    ("4.2.3", "Fuz (1) takes a recover action to remove the disrupted"),
    ("4.3", "Gorski (1) takes a suppress action. He is able to"),
    ("5.0", "The submachine gunner (1) removes Konrad and Kuntz from the"),
    ("6.0", "Barzychowska and Kuntz (1) are able to escape because the"),
    ("8.1", "on the first turn, you flip over the Assault Tactics card."),
    ("8.2", "on the first turn, you flip over the Assault and Breach Tactics cards."),
]


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


@pytest.mark.parametrize(("section", "opening"), RULEBOOK_EXAMPLES, ids=[o[:40] for _, o in RULEBOOK_EXAMPLES])
def test_every_rulebook_example_has_a_scenario(section: str, opening: str) -> None:
    """A scenario file of the example's section quotes it (and test_scenario runs that file)."""
    quoting = [f.name for f in FILES if f.name.startswith(f"{section}-") and _words(opening) in _words(f.read_text())]
    assert quoting, f"no {section} scenario quotes the example {opening!r}"


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    if not result.passed:
        pytest.fail(result.line(), pytrace=False)


# ------------------------------------------------------------------------------------------ the runner
def test_good_scenario_passes(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, "good.toml", GOOD))
    assert result.passed, result.reason
    assert result.line() == "PASS good"
    assert [e.kind for e in result.events][-1] == "counter_removed"


def test_wrong_expectation_fails_with_a_readable_reason(tmp_path: Path) -> None:
    text = GOOD.replace('defenders = { Gdaniec = { exhausted = true } }',
                        'defenders = { Gdaniec = { exhausted = false } }\nmorale = 4')
    result = run_file(write(tmp_path, "wrong.toml", text))
    assert not result.passed and not result.error
    assert "morale: expected 4, found 9" in result.reason
    assert "Gdaniec exhausted: expected False, found True" in result.reason
    assert result.line().startswith("FAIL wrong: ")
    assert "\n" not in result.line()


def test_wrong_track_expectation_names_the_counters(tmp_path: Path) -> None:
    text = GOOD.replace('steps = ["attack Gdaniec @s1"]', "").replace('counters_removed = ["s1"]',
                                                                      'track = { "3-4:4" = ["rifleman"] }')
    text = text.replace("dice = [3, 4]", "")
    result = run_file(write(tmp_path, "track.toml", text))
    assert not result.passed
    assert "track 3-4:4: expected [rifleman], found [smg @s1]" in result.reason


def test_unused_forced_dice_fail(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, "dice.toml", GOOD.replace("dice = [3, 4]", "dice = [3, 4, 6]")))
    assert not result.passed
    assert "1 forced dice were not used: [6]" in result.reason
    allowed = GOOD.replace("dice = [3, 4]", "dice = [3, 4, 6]\nallow_unused_dice = true")
    assert run_file(write(tmp_path, "allowed.toml", allowed)).passed


def test_random_dice_fail(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, "random.toml", GOOD.replace("dice = [3, 4]", "dice = [3]")))
    assert not result.passed
    assert "2 dice were rolled but only 1 forced" in result.reason


def test_expect_illegal(tmp_path: Path) -> None:
    ok = GOOD.replace('steps = ["attack Gdaniec @s1"]',
                      'steps = [{ expect_illegal = "attack Fuz @s1" }, "attack Gdaniec @s1"]')
    assert run_file(write(tmp_path, "illegal.toml", ok)).passed
    bad = GOOD.replace('steps = ["attack Gdaniec @s1"]', 'steps = [{ expect_illegal = "attack Gdaniec @s1" }]')
    result = run_file(write(tmp_path, "legal.toml", bad))
    assert not result.passed
    assert "was accepted, expected IllegalAction" in result.reason


def test_illegal_step_fails_with_the_engine_reason(tmp_path: Path) -> None:
    text = GOOD.replace('steps = ["attack Gdaniec @s1"]', 'steps = ["attack Fuz @s1"]')
    result = run_file(write(tmp_path, "refused.toml", text))
    assert not result.passed and not result.error
    assert result.reason.startswith("steps[0]: attack Fuz e1")


@pytest.mark.parametrize("text, message", [
    ("dice = [3, 4\n[position]\n", "not valid TOML"),
    (GOOD.replace('phase = "actions"', 'phase = "lunch"'), "position.phase: expected one of"),
    (GOOD.replace("[expect]", "[expect]\nmorale_ = 3"), "expect.morale_: unknown key"),
    (GOOD.replace('"smg @s1"', '"tank @s1"'), "unknown assault counter type 'tank'"),
    (GOOD.replace('"3-4:4"', '"3-4:9"'), "unknown assault track space '3-4:9'"),
    (GOOD.replace("Gdaniec = \"ground:2-3\"", "Gdanietz = \"ground:2-3\""), "Gdanietz: unknown defender"),
    (GOOD.replace("attack Gdaniec @s1", "attack Gdaniec @s2"), "unknown counter label @s2"),
    (GOOD + "\nsteps = []\n", "expect.steps: unknown key (a top-level key"),
    ("dice = [13]\n[position]\nphase = \"moves\"\n", "dice[0]: 13 is not a die face"),
    (GOOD.replace("[position]", "[position]\ndeck = [\"leader:Nobody\"]"), "no card matches 'leader:Nobody'"),
])
def test_damaged_file_gives_a_one_line_error(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "damaged.toml", text)
    result = run_file(path)
    assert isinstance(result, ScenarioResult)
    assert not result.passed and result.error
    assert message in result.reason, result.reason
    line = result.line()
    assert line.startswith(f"ERROR {path}") and "\n" not in line


def test_unreadable_file(tmp_path: Path) -> None:
    result = run_file(tmp_path / "missing.toml")
    assert result.error and "file not found" in result.reason
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert run_file(binary).error


def test_main_returns_non_zero_on_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.toml", GOOD)
    assert main([str(good)]) == 0
    assert capsys.readouterr().out.strip() == "PASS good"
    write(tmp_path, "wrong.toml", GOOD.replace("[expect]", "[expect]\nmorale = 1"))
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "PASS good" in out and "FAIL wrong: morale: expected 1, found 9" in out


def test_cli_exit_codes(tmp_path: Path) -> None:
    good = write(tmp_path, "good.toml", GOOD)
    done = run_cli(str(good))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "PASS good"

    wrong = write(tmp_path, "wrong.toml", GOOD.replace("[expect]", "[expect]\nmorale = 1"))
    done = run_cli(str(good), str(wrong))
    assert done.returncode == 1
    assert "FAIL wrong: morale: expected 1, found 9" in done.stdout

    damaged = write(tmp_path, "damaged.toml", "[position\n")
    done = run_cli(str(damaged))
    assert done.returncode == 1
    assert done.stdout.startswith(f"ERROR {damaged}: not valid TOML")
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.count("\n") == 1

    done = run_cli(str(tmp_path / "missing.toml"))
    assert done.returncode == 1 and "file not found" in done.stdout
