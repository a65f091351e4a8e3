"""Hostile inputs beyond the saves (issue 37): the words of ``levels/``, the last guard of the text drawn, the
translation catalogs, the text mode's standard input, and links in the data folder. Each case is refused in one
line naming the file (or answered in one line), never a traceback, a hang or gigabytes of memory."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

from game.rules import LevelError, load_rules
from game.rules.data import LEVEL_BYTES, NAME_CHARS, TEXT_CHARS, levels_dir
from game.ui import fonts

ROOT = Path(__file__).resolve().parents[1]
POSTMEN = [sys.executable, "-m", "game"]


def levels_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "levels"
    shutil.copytree(levels_dir(), folder)
    return folder


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def load_error(folder: Path) -> str:
    with pytest.raises(LevelError) as info:
        load_rules(folder)
    message = str(info.value)
    assert "\n" not in message
    return message


# ---------------------------------------------------------------------------------------------- level words
def test_a_name_of_100000_characters_is_refused_in_one_line(tmp_path: Path) -> None:
    """The audit's name of 100,000 characters (24 GB of memory on the old code) is refused by the reader."""
    folder = levels_copy(tmp_path)
    replace_once(folder / "defenders.toml", 'name = "Konrad"', f'name = "{"K" * 100_000}"')
    assert load_error(folder) == (f"defenders.toml: defenders[0].name: a text of 100,000 characters "
                                  f"(at most {NAME_CHARS} here)")


def test_a_card_text_one_character_over_its_limit_is_refused_and_at_its_limit_loads(tmp_path: Path) -> None:
    folder = levels_copy(tmp_path)
    tactics = folder / "tactics.toml"
    first = re.search(r'^text = "([^"]*)"', tactics.read_text(encoding="utf-8"), re.M)
    assert first is not None
    replace_once(tactics, first[0], f'text = "{"x" * TEXT_CHARS}"')
    load_rules(folder)
    replace_once(tactics, f'text = "{"x" * TEXT_CHARS}"', f'text = "{"x" * (TEXT_CHARS + 1)}"')
    assert f"a text of {TEXT_CHARS + 1} characters (at most {TEXT_CHARS} here)" in load_error(folder)


@pytest.mark.parametrize("escape, code", [("\\u0000", "U+0000"), ("\\u001b[31m", "U+001B"), ("\\u2028", "U+2028"),
                                          ("\\t", "U+0009")])
def test_a_control_character_in_a_name_is_refused(tmp_path: Path, escape: str, code: str) -> None:
    """A NUL byte in a name raised ValueError in the game window; an escape sequence, a line separator or a tab
    would break the one-line texts the game draws."""
    folder = levels_copy(tmp_path)
    replace_once(folder / "defenders.toml", 'name = "Konrad"', f'name = "Kon{escape}rad"')
    assert load_error(folder) == f"defenders.toml: defenders[0].name: a text with the control character {code} " \
                                 "(not allowed)"


def test_a_long_key_is_refused(tmp_path: Path) -> None:
    folder = levels_copy(tmp_path)
    path = folder / "enemies.toml"
    path.write_text(f'{"k" * 5000} = 1\n' + path.read_text(encoding="utf-8"), encoding="utf-8")
    message = load_error(folder)
    assert message.startswith("enemies.toml: ") and f"a key of 5,000 characters (at most {NAME_CHARS} here)" in message
    assert len(message) < 300  # the key itself is not repeated whole


def test_a_level_file_over_the_size_cap_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    folder = levels_copy(tmp_path)
    board = folder / "board.toml"
    with board.open("a", encoding="utf-8") as f:
        f.write(("# padding" + " " * 90 + "\n") * (LEVEL_BYTES // 100 + 1))
    assert board.stat().st_size > LEVEL_BYTES
    assert load_error(folder) == f"board.toml: cannot be read: larger than {LEVEL_BYTES // 1024} KB"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_in_place_of_a_level_file_is_refused_and_simulate_does_not_hang(tmp_path: Path) -> None:
    folder = levels_copy(tmp_path)
    (folder / "board.toml").unlink()
    os.mkfifo(folder / "board.toml")
    assert load_error(folder) == "board.toml: cannot be read: not a regular file"
    res = subprocess.run([*POSTMEN, "simulate", "--games", "1", "--levels", str(folder)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert res.stderr.strip().splitlines() == [f"postmen simulate: error: --levels {folder}: board.toml: cannot be "
                                               "read: not a regular file"]


def padded_levels(dest: Path) -> int:
    """A copy of levels/ in ``dest`` whose every name (``name``, ``names``: counters, floors, bands, weapons,
    cards) is lengthened to :data:`NAME_CHARS` and every card sentence (``text``) to :data:`TEXT_CHARS` with wide
    letters, the same words changed the same way in every file (a name is also an id other files name); how many
    words were lengthened."""
    src = levels_dir()
    shutil.copytree(src, dest)
    limits: dict[str, int] = {}

    def walk(value: object, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in ("name", "names", "text"):
            limits[value] = TEXT_CHARS if key == "text" else NAME_CHARS

    for path in src.glob("*.toml"):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    for path in dest.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        for old, limit in limits.items():
            new = old + "W" * (limit - len(old))
            text = text.replace(f'"{old}"', f'"{new}"')
            if re.fullmatch(r"[A-Za-z0-9_-]+", old) and len(new) <= NAME_CHARS:  # the same word as a bare key
                text = re.sub(rf"(?m)(^\s*|[{{,]\s*){re.escape(old)}(\s*=)", rf"\g<1>{new}\g<2>", text)
        path.write_text(text, encoding="utf-8")
    return len(limits)


# The headless demo on another levels folder (argv[1]), then the process's own peak memory in MB on stderr.
DEMO_MEMORY = ("import resource, sys; from pathlib import Path; from game.rules import data; "
               "data.levels_dir = lambda: Path(sys.argv[1]); from game.__main__ import main; "
               "rc = main(['play', '--demo', '--headless', '--frames', '900', '--seed', '3', '--lang', 'fr']); "
               "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
               "print('peak', peak / (1 << 20) if sys.platform == 'darwin' else peak / 1024, file=sys.stderr); "
               "sys.exit(rc)")


@pytest.mark.skipif(sys.platform.startswith("win"), reason="the resource module is POSIX")
def test_the_longest_allowed_words_keep_peak_memory_under_500_mb(tmp_path: Path) -> None:
    """Every name and card sentence at its longest allowed length: the levels load, and 900 frames of the French
    demo (the board, the counters, the log, the cards, the captions) stay under 500 MB (about 110 MB measured)."""
    folder = tmp_path / "levels"
    assert padded_levels(folder) > 60
    rules = load_rules(folder)
    assert all(len(name) == NAME_CHARS for name in rules.defenders)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    res = subprocess.run([sys.executable, "-c", DEMO_MEMORY, str(folder)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    peak = float(res.stderr.strip().splitlines()[-1].split()[1])
    assert 20 < peak < 500, peak


# ---------------------------------------------------------------------------------------------- text drawn
def test_no_line_drawn_is_wider_than_the_widest_screen() -> None:
    """The last guard: a line of 100,000 wide letters is drawn cut at MAX_LINE_PX, not as a surface of 1.6 GB."""
    pygame.font.init()
    surf = fonts.text("W" * 100_000, "sans", 40, (0, 0, 0))
    assert 0 < surf.get_width() <= fonts.MAX_LINE_PX
    assert surf.get_height() < 100
    line = fonts.drawable("W" * 100_000, fonts.font("sans", 40))
    assert line.endswith("…") and fonts.font("sans", 40).size(line)[0] <= fonts.MAX_LINE_PX
    short = "Attack 1 · Turn 2"
    assert fonts.drawable(short, fonts.font("sans", 40)) == short  # the game's own lines are drawn as they are


def test_a_control_character_is_drawn_as_a_question_mark_not_raised() -> None:
    """pygame raises ValueError for a NUL and UnicodeEncodeError for half a surrogate pair: the guard draws "?"."""
    pygame.font.init()
    f = fonts.font("type", 16)
    assert fonts.drawable("a\x00b\ud800c\x1b", f) == "a?b?c?"
    assert fonts.text("Kon\x00rad", "type", 16, (0, 0, 0)).get_width() > 0
    assert fonts.wrap("Kon\x00rad and\nmore", "type", 16, 400) == ["Kon?rad and", "more"]
