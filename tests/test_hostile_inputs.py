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
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Game, LevelError, load_rules
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


def test_the_first_long_word_in_the_file_is_the_one_named(tmp_path: Path) -> None:
    folder = levels_copy(tmp_path)
    path = folder / "defenders.toml"
    text = path.read_text(encoding="utf-8")
    names = re.findall(r'^name = "([^"]*)"', text, re.M)
    for name in (names[0], names[5]):
        text = text.replace(f'name = "{name}"', f'name = "{name}{"x" * 30}"', 1)
    path.write_text(text, encoding="utf-8")
    assert load_error(folder).startswith("defenders.toml: defenders[0].name: a text of ")


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


# The peak memory of a child process in MB, printed last on its stderr: Linux's VmHWM (this process's own peak:
# ru_maxrss would also count the pytest worker the child was forked from), else ru_maxrss.
PEAK = """
import sys

def peak_mb():
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024
"""
# The headless demo on another levels folder (argv[1]), then its peak memory.
DEMO_MEMORY = PEAK + """
from pathlib import Path
from game.rules import data
data.levels_dir = lambda: Path(sys.argv[1])
from game.__main__ import main
rc = main(['play', '--demo', '--headless', '--frames', '900', '--seed', '3', '--lang', 'fr'])
print('peak', peak_mb(), file=sys.stderr)
sys.exit(rc)
"""


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



def test_a_word_wider_than_its_panel_is_cut_into_lines_that_fit() -> None:
    """A card sentence ending in a word of 100 letters ran off its card; the game's own words are wrapped at their
    spaces and hyphens as before."""
    pygame.font.init()
    f = fonts.font("sans", 16)
    sentence = "Machine gunners roll one extra die this turn." + "W" * 100
    lines = fonts.wrap(sentence, "sans", 16, 300)
    assert len(lines) > 2 and all(f.size(line)[0] <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == sentence.replace(" ", "")  # nothing lost
    assert fonts.wrap("pistolet-mitrailleur allemand", "sans", 16, 120) == ["pistolet-", "mitrailleur", "allemand"]

# ---------------------------------------------------------------------------------------------- catalogs
def write_mo(path: Path, messages: dict[str | tuple[str, str], str | list[str]],
             plural_forms: str = "nplurals=2; plural=(n > 1);") -> Path:
    """A GNU gettext catalog at ``path`` (the .mo layout: a header, then the tables of ids and translations
    sorted by id); a plural message is ``(singular, plural) -> [forms]``."""
    import struct

    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural_forms}\n"
    entries: list[tuple[bytes, bytes]] = [(b"", header.encode())]
    for key, value in messages.items():
        ids = key if isinstance(key, tuple) else (key,)
        forms = value if isinstance(value, list) else [value]
        entries.append(("\x00".join(ids).encode(), "\x00".join(forms).encode()))
    entries.sort()
    n = len(entries)
    start = 28 + 16 * n
    ids_table, strs_table, data = [], [], b""
    for which, table in ((0, ids_table), (1, strs_table)):
        for entry in entries:
            table.append((len(entry[which]), start + len(data)))
            data += entry[which] + b"\x00"
    out = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    out += b"".join(struct.pack("<2I", *t) for t in ids_table + strs_table) + data
    path.write_bytes(out)
    return path


GOOD = {"New game": "Nouvelle partie", "{difficulty}: the top {n}": "{difficulty}\u00a0: les {n} meilleurs",
        ("{n} die", "{n} dice"): ["{n} dé", "{n} dés"],
        "That line is {n:,} characters long; a choice is a number or at most {max} characters.":
            "Cette ligne fait {n} caractères ; un choix est un nombre ou au plus {max} caractères."}


def use_catalog(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    from game import i18n

    monkeypatch.setattr(i18n, "catalog_path", lambda code: path)


def test_a_sound_catalog_loads_and_translates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import i18n

    use_catalog(monkeypatch, write_mo(tmp_path / "postmen.mo", GOOD))
    assert i18n.set_language("fr") == ""
    assert i18n._("New game") == "Nouvelle partie"
    assert i18n.n_("{n} die", "{n} dice", 3) == "3 dés"


@pytest.mark.parametrize("formula, problem", [
    ("(n / 0)", "the plural formula fails for 0 (ZeroDivisionError)"),
    ("(n % 0)", "the plural formula fails for 0 (ZeroDivisionError)"),
    ("(n + 5)", "the plural formula gives 5 for 0, not a form from 0 to 1"),
    ("(n > 1 ? 2 : 0)", "the plural formula gives 2 for 2, not a form from 0 to 1"),
])
def test_a_plural_formula_that_fails_or_leaves_the_forms_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     formula: str, problem: str) -> None:
    """The audit's ``n / 0`` raised ZeroDivisionError at the first plural; now the catalog is refused when it
    loads, in one line, and the game speaks English."""
    from game import i18n

    use_catalog(monkeypatch, write_mo(tmp_path / "postmen.mo", GOOD, f"nplurals=2; plural={formula};"))
    assert i18n.set_language("fr") == f"the Français catalog postmen.mo is refused ({problem})"
    assert i18n.language() == "en"
    assert i18n.n_("{n} die", "{n} dice", 3) == "3 dice"


@pytest.mark.parametrize("translation, problem", [
    ("{difficulty[0]} : les {n}", "the field {difficulty[0]} is not one of the English's"),
    ("{difficulty.upper} : les {n}", "the field {difficulty.upper} is not one of the English's"),
    ("{difficulty:>100000000} : les {n}", "the field {difficulty:>100000000} is not one of the English's"),
    ("{difficulty!a} : les {n}", "the field {difficulty!a} is not one of the English's"),
    ("{difficult} : les {n}", "the field {difficult} is not one of the English's"),
    ("{} : les {n}", "the field {} is not one of the English's"),
    ("{difficulty : les {n}", "a translation str.format cannot read"),
    ("Élite\x00 : les {n}", "the control character U+0000"),
    ("Élite\x1b[2J : les {n}", "the control character U+001B"),
    ("x" * 5000, "a translation of 5,000 characters for 25"),
])
def test_a_translation_that_could_crash_or_flood_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             translation: str, problem: str) -> None:
    """``{attack[0]}`` raised TypeError, a NUL ValueError, ``{attack:>100000000}`` crashed the process."""
    from game import i18n

    use_catalog(monkeypatch, write_mo(tmp_path / "postmen.mo", {**GOOD, "{difficulty}: the top {n}": translation}))
    said = i18n.set_language("fr")
    assert said.startswith(f"the Français catalog postmen.mo is refused ({problem}")
    assert said.endswith(", in the translation of '{difficulty}: the top {n}')") and "\n" not in said
    assert i18n.language() == "en"
    assert i18n._("{difficulty}: the top {n}", difficulty="Elite", n=10) == "Elite: the top 10"


def test_the_game_s_own_french_catalog_passes_the_check() -> None:
    from game import i18n

    assert i18n.set_language("fr") == ""
    assert i18n.language() == "fr"


def test_the_help_and_the_text_mode_say_the_refused_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """They used to fall back to English without a word."""
    import io

    from game.__main__ import main

    use_catalog(monkeypatch, write_mo(tmp_path / "postmen.mo", GOOD, "nplurals=2; plural=(n / 0);"))
    line = ("postmen: the Français catalog postmen.mo is refused (the plural formula fails for 0 "
            "(ZeroDivisionError)); English is shown.")
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    out, err = capsys.readouterr()
    assert err.splitlines() == [line] and "usage:" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--text", "--lang", "fr", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [line] and "Leaving the game." in out


ENGLISH = ["{difficulty}: the top {n}", "That line is {n:,} characters long; a choice is a number or at most {max} "
           "characters.", "Not understood: {text!r}", "New game", "{defender} (in {space}, combat {combat})"]
_NAMES = st.sampled_from(["n", "max", "text", "difficulty", "defender", "space", "combat", "x", ""])
_FIELD = st.builds(lambda name, tail, conv, spec: "{" + name + tail + conv + spec + "}", _NAMES,
                   st.sampled_from(["", "", "[0]", ".real", "[n]"]), st.sampled_from(["", "", "!r", "!s", "!a"]),
                   st.one_of(st.just(""), st.just(":,"), st.builds(lambda s: ":" + s, st.text(max_size=12)),
                             st.sampled_from([":>100000000", ":{max}", ":.999999999f", ":^50000"])))
_TRANSLATION = st.lists(st.one_of(st.text(max_size=15), _FIELD, st.sampled_from(["{", "}", "{{", "}}", "\x00"])),
                        max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(english=st.sampled_from(ENGLISH), translation=_TRANSLATION, plural=st.booleans())
def test_fuzz_an_accepted_translation_always_formats_safely(english: str, translation: str, plural: bool) -> None:
    """Whatever a translation holds, the check never raises; one it accepts formats with the English's fields
    (numbers, the kind the game passes) without an exception and without growing beyond its words."""
    from game import i18n

    problem = i18n.check_translation(english, translation, plural)
    assert isinstance(problem, str) and "\n" not in problem
    if problem:
        return
    values = {name: 1_234_567 for name in ("n", "max", "text", "difficulty", "defender", "space", "combat")}
    out = translation.format(**values) if "{" in translation or "}" in translation else translation
    assert len(out) <= len(translation) + 20 * translation.count("{")
    assert not re.search("[\\x00-\\x09\\x0b-\\x1f]", out)


_ATOM = st.one_of(st.just("n"), st.integers(0, 12).map(str))


def _formula(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _ATOM
    inner = _formula(depth - 1)
    return st.one_of(
        _ATOM,
        st.builds(lambda a, op, b: f"({a} {op} {b})", inner,
                  st.sampled_from(["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"]), inner),
        st.builds(lambda c, a, b: f"({c} ? {a} : {b})", inner, inner, inner),
        st.builds(lambda a: f"!{a}", inner))


@settings(max_examples=200, deadline=None)
@given(formula=_formula(3), nplurals=st.integers(0, 8))
def test_fuzz_a_plural_formula_is_refused_or_works_for_every_count(formula: str, nplurals: int) -> None:
    """Any formula of C operators and any ``nplurals``: the catalog is refused in one line, or every plural the
    game asks for (0 to 1000) works and is one of the forms."""
    import tempfile

    from game import i18n

    with tempfile.TemporaryDirectory() as folder:
        path = write_mo(Path(folder) / "postmen.mo", GOOD, f"nplurals={nplurals}; plural={formula};")
        real = i18n.catalog_path
        i18n.catalog_path = lambda code: path  # type: ignore[assignment]
        try:
            said = i18n.set_language("fr")
        finally:
            i18n.catalog_path = real  # type: ignore[assignment]
    try:
        assert "\n" not in said
        if said:
            assert said.startswith("the Français catalog postmen.mo ") and i18n.language() == "en"
        else:
            assert 1 <= nplurals <= i18n.MAX_PLURALS
            for n in range(0, 1001):
                assert i18n.n_("{n} die", "{n} dice", n) in (f"{n} dé", f"{n} dés", f"{n} die", f"{n} dice")
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------------------------------- the text mode
def text_mode(stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    """``postmen play --text`` on a real standard input (a pipe), as a player's shell gives it."""
    return subprocess.run([*POSTMEN, "play", "--text", "--seed", "1", "--lang", "en"], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120)


def replies(out: bytes) -> list[str]:
    """The text mode's replies to the lines typed (each after a prompt ``> ``)."""
    return [line.split("> ", 1)[1] for line in out.decode("utf-8").splitlines() if "> " in line[:60]]


@pytest.mark.parametrize("typed", ["²", "①", "𐩀", "\x1b[2J", "\x00", "Ⅻ"])
def test_any_character_a_terminal_sends_gets_a_one_line_reply(typed: str) -> None:
    """``printf '²\\n' | postmen play --text`` gave a ValueError traceback (``'²'.isdigit()``, then ``int``)."""
    res = text_mode(typed.encode("utf-8") + b"\nq\n")
    assert res.returncode == 0 and b"Traceback" not in res.stderr, res.stderr
    said = replies(res.stdout)
    assert said[0].startswith("Not possible: ") and said[-1] == "Leaving the game.", said
    assert "\x1b" not in said[0] and "\x00" not in said[0]  # echoed as escapes, never to the terminal itself


def test_an_invalid_utf8_line_is_answered_and_the_game_goes_on() -> None:
    """An invalid byte gave UnicodeDecodeError."""
    res = text_mode(b"\xff\xfe 1\n\xc3\nend_moves\nq\n")
    assert res.returncode == 0 and b"Traceback" not in res.stderr, res.stderr
    said = replies(res.stdout)
    assert said[:2] == ["That line is not UTF-8 text; a choice is a number or an action's text."] * 2
    assert said[-1] == "Leaving the game."


@pytest.mark.skipif(sys.platform.startswith("win"), reason="the resource module is POSIX")
def test_a_200_mb_line_on_a_real_standard_input_is_refused_without_keeping_it(tmp_path: Path) -> None:
    """It was read whole (440 MB); now in 64 KB pieces, counted, never kept: the whole process stays small."""
    big = tmp_path / "input.txt"
    with big.open("wb") as f:
        for _ in range(200):
            f.write(b"x" * 1_000_000)
        f.write(b"\n" + "é".encode() * 1001 + b"\nq\n")
    code = PEAK + """
from game.__main__ import main
rc = main(['play', '--text', '--seed', '1', '--lang', 'en'])
print('peak', peak_mb(), file=sys.stderr)
sys.exit(rc)
"""
    with big.open("rb") as stdin:
        res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, stdin=stdin, capture_output=True, timeout=120)
    assert res.returncode == 0, res.stderr
    said = replies(res.stdout)
    assert said == ["That line is 200,000,000 characters long; a choice is a number or at most 1000 characters.",
                    "That line is 1,001 characters long; a choice is a number or at most 1000 characters.",
                    "Leaving the game."]
    peak = float(res.stderr.decode().strip().splitlines()[-1].split()[1])
    assert peak < 100, peak  # MB (the line alone is 200)


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.one_of(st.binary(max_size=40), st.text(max_size=40).map(lambda t: t.encode("utf-8",
                                                                                                      "surrogatepass")),
                                st.sampled_from([b"1", b"2", b"b", b"?", b"h", b"end_moves", b"\xef\xbb\xbf1",
                                                 b"9" * 5000, "٣".encode(), b"\r"])), max_size=12))
def test_fuzz_text_mode_lines_each_get_a_reply_never_a_traceback(lines: list[bytes]) -> None:
    """Any bytes, one line at a time, through the same reader a real standard input uses: every line read gets
    a reply or moves the game on, and the game ends at the end of the input, never with an exception."""
    import io

    from game.rules import Game
    from game.text_mode import TextPlay

    data = b"".join(line.replace(b"\n", b" ") + b"\n" for line in lines)
    out = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")  # read as a real standard input: its bytes
    assert TextPlay(Game.new(1), stdin, out, 1).play() == 0
    text = out.getvalue()
    assert "End of input: leaving the game." in text or "Leaving the game." in text or "Game over" in text
    assert not re.search("[\\x00-\\x08\\x0b-\\x1f]", text)  # no control character echoed to the terminal


# ---------------------------------------------------------------------------------------------- links, versions
@pytest.fixture(scope="module")
def finished() -> Game:
    from game.ai import HeuristicPolicy

    game = Game.new(11)
    game.keep_history = True
    policy = HeuristicPolicy(11)
    while not game.over:
        game.apply(policy.choose(game))
    return game


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_records_folder_linked_out_of_the_data_folder_is_never_written_or_emptied(
        tmp_path: Path, data_dir: Path, finished: Game) -> None:
    """With ``records`` a link to a folder outside, records were written there and the clean-up deleted files
    there. Now writing a record, the clean-up of old records, the removal of leftovers and keeping a damaged
    record aside each leave that folder as it was, and say one line where they say anything."""
    from game.ui import records, storage

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    precious = {"0-0badc0de.json": "{}", "save.json.abcdefgh.tmp": "mine", "notes.json": "[]"}
    for name, text in precious.items():
        (elsewhere / name).write_text(text, encoding="utf-8")
        os.utime(elsewhere / name, (1, 1))  # older than any leftover age
    data_dir.mkdir(parents=True)
    (data_dir / "records").symlink_to(elsewhere, target_is_directory=True)
    gid = records.game_id(finished)
    said = records.save(gid, finished)
    assert said == ("Could not save the game's record for its review: records is a link that leads out of the "
                    "data folder")
    records.prune(keep=set())
    assert storage.clean_leftovers() == 0
    assert records.load(gid) == (None, f"The record {gid}.json is damaged (records is a link that leads out of "
                                       "the data folder): no review for that game.")
    assert storage.move_aside(data_dir / "records" / "0-0badc0de.json") is None
    assert {p.name: p.read_text(encoding="utf-8") for p in elsewhere.iterdir()} == precious


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_link_that_stays_inside_the_data_folder_is_followed(data_dir: Path, finished: Game) -> None:
    """A player who links ``records`` to another folder of the data folder keeps the game's records there."""
    from game.ui import records

    (data_dir / "kept").mkdir(parents=True)
    (data_dir / "records").symlink_to(data_dir / "kept", target_is_directory=True)
    gid = records.game_id(finished)
    assert records.save(gid, finished) == ""
    assert (data_dir / "kept" / f"{gid}.json").is_file()
    assert records.checked(gid)[0] is not None


def test_a_high_score_file_of_a_newer_version_is_kept_aside_never_overwritten(data_dir: Path) -> None:
    """It was silently rewritten as the current version's."""
    from game.ui import scores

    data_dir.mkdir(parents=True)
    newer = '{"version": 7, "tables": {"standard": [{"score": 99, "stars": 5}]}}'
    (data_dir / "highscores.json").write_text(newer, encoding="utf-8")
    tables, said = scores.load_scores()
    assert said == ("The high-score file highscores.json was written by a newer version of the game (version 7; "
                    "kept as highscores.json.newer); the table starts afresh.")
    assert not any(tables.values())
    assert (data_dir / "highscores.json.newer").read_text(encoding="utf-8") == newer
    assert scores.record("standard", 30, "", 5)[2] == ""  # the table of this version starts afresh beside it
    assert (data_dir / "highscores.json.newer").read_text(encoding="utf-8") == newer


def test_a_newer_high_score_file_that_cannot_be_moved_is_left_as_it_is(data_dir: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import scores, storage

    data_dir.mkdir(parents=True)
    newer = '{"version": 2, "tables": {}}'
    (data_dir / "highscores.json").write_text(newer, encoding="utf-8")
    monkeypatch.setattr(storage, "move_aside", lambda path, why="damaged": None)
    assert scores.load_scores()[1] == ("The high-score file highscores.json was written by a newer version of the "
                                       "game (version 2); it is left as it is.")
    tables, rank, said = scores.record("standard", 30, "", 5)
    assert rank == 0 and said.endswith(" The high scores were not saved: highscores.json was written by a newer "
                                       "version of the game (version 2).")
    assert (data_dir / "highscores.json").read_text(encoding="utf-8") == newer
