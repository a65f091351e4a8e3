"""The command line checks every path and count before work starts (issue "Nothing lost"): a file where a folder
belongs, a missing folder, a count beyond its bound, an endless text-mode line: one line and exit status 2 (or
1 when the system refuses later), never a traceback."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.__main__ import MAX_GAMES, main
from game.rules import Game
from game.text_mode import MAX_LINE, TextPlay


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})


@pytest.fixture()
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working folder of the test, holding one file, ``afile``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("not a folder", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("args", "words"), [
    (["--headless", "--frames", "2", "--screenshot-dir", "afile"], "afile is a file, not a folder"),
    (["--headless", "--frames", "2", "--screenshot-dir", "afile/shots"], "cannot write into afile"),
    (["simulate", "--games", "2", "--chart", "."], ". is a folder, not a file"),
    (["simulate", "--games", "2", "--chart", "afile/chart.png"], "afile is a file, not a folder"),
    (["simulate", "--games", "2", "--chart", "nowhere/chart.png"], "the folder nowhere does not exist"),
    (["simulate", "--games", "2", "--levels", "afile"], "afile is not a folder"),
    (["simulate", "--games", "2", "--levels", "nowhere"], "nowhere does not exist"),
    (["simulate", "--games", "1000000000000"], f"expected at most {MAX_GAMES:,}"),
    (["simulate", "--jobs", "100000"], "expected at most 256"),
    (["--seed", "9" * 30], "expected at most 9,223,372,036,854,775,807"),
    (["--frames", "1" * 5000], "expected a whole number from 1"),
], ids=["shots-file", "shots-under-file", "chart-folder", "chart-under-file", "chart-missing-folder",
        "levels-file", "levels-missing", "games-huge", "jobs-huge", "seed-huge", "frames-long"])
def test_bad_paths_and_counts_are_one_line_before_any_work(place: Path, args: list[str], words: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err
    assert sorted(p.name for p in place.iterdir()) == ["afile"]  # nothing made, nothing overwritten


def test_a_screenshot_folder_the_system_refuses_is_one_line(place: Path) -> None:
    """A folder that passes the check but cannot be made (a path under /proc): exit 1, one line."""
    done = run("--headless", "--frames", "2", "--screenshot-dir", "/proc/postmen-shots", cwd=place)
    assert done.returncode in (1, 2) and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "postmen" in done.stderr


def test_an_endless_line_in_the_text_mode_is_refused_in_linear_time() -> None:
    """A line of a megabyte (one quoted word, which shlex reads in quadratic time) is refused unread."""
    lines = "move " + '"' * 1_000_000 + "\n" + "x" * (MAX_LINE + 1) + "\nq\n"
    out = io.StringIO()
    assert TextPlay(Game.new(1), io.StringIO(lines), out, 1).play() == 0
    said = out.getvalue()
    assert said.count("characters long") == 2 and "Leaving the game." in said


VOCABULARY = ["simulate", "play", "--games", "--seed", "--jobs", "--policy", "--difficulty", "--json", "--chart",
              "--levels", "--text", "--frames", "--headless", "--screenshot-dir", "--demo", "--version", "0", "-1",
              "1", "2", "abc", "1e9", "9" * 25, "", "afile", "afile/x", "random", "heuristic,nope", "elite", "\x00",
              "--games=0", "--seed=-5", "-h"]


BASES = [["simulate", "--games", "1"], ["simulate", "--games", "abc"], ["play", "--text"], ["--text"],
         ["--headless", "--frames", "1"], ["play", "--headless", "--frames", "2", "--demo"], ["--version"], ["-h"],
         ["simulate", "-h"], []]


@settings(max_examples=150, deadline=None)
@given(base=st.sampled_from(BASES), tail=st.lists(st.sampled_from(VOCABULARY), max_size=5))
def test_random_command_lines_never_raise_a_traceback(tmp_path_factory: pytest.TempPathFactory, base: list[str],
                                                      tail: list[str]) -> None:
    """Random command lines from the options and some damaged values: a status and one line of error at most.
    Lines that would open the real window (no --text, --headless, simulate, -h or --version) or run long
    (worker processes, more games) are left out: the window is tested elsewhere, the work is not the point."""
    args = base + tail
    if not {"--text", "--headless", "simulate", "-h", "--version"} & set(args) or "--jobs" in args:
        return
    games = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--games"]
    if "simulate" in args and (not games or games[-1] == "2"):
        return
    folder = tmp_path_factory.mktemp("cli")
    (folder / "afile").write_text("x", encoding="utf-8")
    stdin, err = io.StringIO("q\n"), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, io.StringIO(), err
    cwd = Path.cwd()
    try:
        os.chdir(folder)
        with mock.patch("pygame.quit"):  # the graphical runs leave pygame up for the other tests of this process
            status = main(args)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 0
    finally:
        os.chdir(cwd)
        sys.stdin, sys.stdout, sys.stderr = old
    assert status in (0, 1, 2)
    assert err.getvalue().count("\n") <= 1 and "Traceback" not in err.getvalue(), err.getvalue()
