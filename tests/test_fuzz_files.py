"""Fuzz tests of the player's files (issue "Nothing lost"): random bytes and random JSON in settings.json and
highscores.json load without an exception, with at most one line of message naming the file, the file as it
was kept aside whenever anything in it is dropped, and every good high-score entry kept. Damaged saves are
fuzzed in test_save_integrity.py, the levels in test_levels.py, the command line in test_cli_bounds.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ui import journal, scores
from game.ui.settings import load_settings

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                   st.text(max_size=12), st.sampled_from(["standard", "veteran", "elite", "2026-11-25", "Hero"]))
JSON = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(
        ["volume", "speed", "mute", "fullscreen", "colour_blind", "difficulty", "tables", "version", "score",
         "award", "date", "seed", "game"])), inner, max_size=5)), max_leaves=12)
CONTENT = st.one_of(st.binary(max_size=200), JSON.map(lambda v: json.dumps(v).encode()),
                    st.dictionaries(st.sampled_from(["volume", "speed", "mute", "fullscreen", "colour_blind",
                                                     "difficulty", "zoom"]), LEAVES).map(
                        lambda v: json.dumps(v).encode()))


def one_line_naming(message: str, name: str) -> None:
    assert "\n" not in message and len(message) < 500, message
    assert message == "" or name in message, message


def kept_aside(folder: Path, name: str, content: bytes) -> None:
    """The file as it was, byte for byte, under a ``.damaged`` name beside it."""
    assert any(p.read_bytes() == content for p in folder.glob(f"{name}.damaged*")), "the damaged file was lost"


@FUZZ
@given(content=CONTENT)
def test_any_settings_file_loads_with_one_line_and_is_kept(tmp_path_factory: Any, content: bytes) -> None:
    folder = tmp_path_factory.mktemp("settings")
    path = folder / "settings.json"
    path.write_bytes(content)
    _, message = load_settings(path)
    one_line_naming(message, "settings.json")
    if message:
        kept_aside(folder, "settings.json", content)
        assert load_settings(path)[1] == ""  # mended (or reset) once, said once
    else:
        assert path.read_bytes() == content


ENTRY = st.fixed_dictionaries({"score": st.integers(-50, 60), "award": st.sampled_from(["", "Hero", "Medal"]),
                               "date": st.sampled_from(["2026-11-25", "2025-01-31"]), "seed": st.integers(0, 10**6)})
BAD_ENTRY = st.one_of(JSON, ENTRY.flatmap(lambda e: st.sampled_from(["score", "award", "date", "seed"]).flatmap(
    lambda k: LEAVES.map(lambda v: {**e, k: v}))))


@FUZZ
@given(good=st.lists(st.tuples(st.sampled_from(["standard", "veteran", "elite"]), ENTRY), max_size=12),
       bad=st.lists(st.tuples(st.sampled_from(["standard", "veteran", "elite", "nightmare"]), BAD_ENTRY),
                    max_size=4))
def test_a_high_score_table_keeps_every_good_entry(tmp_path_factory: Any, good: list[tuple[str, dict[str, Any]]],
                                                  bad: list[tuple[str, Any]]) -> None:
    folder = tmp_path_factory.mktemp("scores")
    path = folder / "highscores.json"
    tables: dict[str, list[Any]] = {}
    for difficulty, entry in good + bad:
        tables.setdefault(difficulty, []).append(entry)
    content = json.dumps({"version": 1, "tables": tables}).encode()
    path.write_bytes(content)
    loaded, message = scores.load_scores(path)
    one_line_naming(message, "highscores.json")
    for difficulty in ("standard", "veteran", "elite"):
        kept = [(e.score, e.award, e.date, e.seed) for e in loaded[difficulty]]
        wanted = sorted(((e["score"], e["award"], e["date"], e["seed"]) for d, e in good if d == difficulty),
                        key=lambda t: -t[0])[:scores.TOP]
        for entry in wanted:  # every good entry is kept, unless better ones (a "bad" one may be valid) fill the table
            full = len(kept) == scores.TOP and kept[-1][0] >= entry[0]
            assert entry in kept or full, (entry, kept, message)
    if message:
        kept_aside(folder, "highscores.json", content)


@FUZZ
@given(content=CONTENT)
def test_any_high_score_file_loads_with_one_line_and_is_kept(tmp_path_factory: Any, content: bytes) -> None:
    folder = tmp_path_factory.mktemp("scores")
    path = folder / "highscores.json"
    path.write_bytes(content)
    _, message = scores.load_scores(path)
    one_line_naming(message, "highscores.json")
    if message:
        kept_aside(folder, "highscores.json", content)
    else:
        assert path.read_bytes() == content


ENTRY = st.fixed_dictionaries({
    "game": st.one_of(st.just("1-00000000"), st.text(max_size=4)), "date": st.sampled_from(["2026-11-25", "25/11"]),
    "difficulty": st.sampled_from(["standard", "veteran", "heroic"]), "score": st.one_of(st.integers(-200, 2000),
                                                                                        st.booleans()),
    "outcome": st.sampled_from(["win", "draw", "loss", "won"]), "level": st.text(max_size=6),
    "award": st.text(max_size=6), "how": st.sampled_from(["morale", "fire_truck", "bored"]),
    "attack": st.integers(0, 4), "turn": st.integers(-1, 100), "fallen": st.lists(st.text(max_size=5), max_size=3),
    "daily": st.sampled_from(["", "2026-11-25", "soon"]), "scored": st.one_of(st.booleans(), st.none())})


@FUZZ
@given(content=st.one_of(CONTENT, st.lists(st.one_of(ENTRY, JSON), max_size=6).map(
    lambda games: json.dumps({"version": 1, "games": games}).encode())))
def test_any_journal_of_games_loads_with_one_line_and_is_kept(tmp_path_factory: Any, content: bytes) -> None:
    """The journal the statistics and the daily table read (game/ui/journal.py): any content loads without an
    exception, with at most one line naming it; what it drops is kept aside; the statistics of what it kept are
    computed."""
    folder = tmp_path_factory.mktemp("journal")
    path = folder / journal.NAME
    path.write_bytes(content)
    kept, message = journal.load(path)
    one_line_naming(message, journal.NAME)
    if message:
        kept_aside(folder, journal.NAME, content)
    else:
        assert path.read_bytes() == content
    assert journal.statistics(kept).games == len(kept.games)
