"""Nothing trusted that was not checked (issue 36): a file that holds a game (the autosave, the guided game's
``tutorial.json``, a record the review replays) is believed only once its decisions replay from its seed, every
one legal, to exactly what it holds; a data file that is not a regular file is refused without blocking; the
temporary files of a game killed while writing are cleaned at the next start.

Each impossible-but-well-formed file here was accepted (or raised a traceback) before the gate: the saves were
checked field by field only, the records not at all until the review replayed them."""

from __future__ import annotations

import copy
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import HeuristicPolicy
from game.rules import Game
from game.rules.integrity import MAX_HISTORY
from game.ui import records, scores, storage
from game.ui.scenes.title import load_save
from game.ui.scenes.tutorial import NOTE_KEYS, STEPS, TUTORIAL_NAME, TUTORIAL_SEED, load_tutorial, read_tutorial


def played(seed: int, difficulty: str = "standard", decisions: int | None = None) -> Game:
    """A game played by the heuristic with its record kept: ``decisions`` of them, or to the end."""
    game = Game.new(seed, difficulty)
    game.keep_history = True
    policy = HeuristicPolicy(seed)
    n = 0
    while not game.over and (decisions is None or n < decisions):
        game.apply(policy.choose(game))
        n += 1
    return game


@pytest.fixture(scope="module")
def mid() -> dict[str, Any]:
    """A save in the middle of Attack 1 (Standard), as a state."""
    state: dict[str, Any] = json.loads(played(5, decisions=25).to_json())
    assert state["attack"] == 1 and state["result"] is None
    return state


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    """A finished game's save, as a state."""
    state: dict[str, Any] = json.loads(played(11).to_json())
    assert state["result"] is not None
    return state


def changed(state: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> str:
    s = copy.deepcopy(state)
    change(s)
    return json.dumps(s)


def one_line(message: str) -> bool:
    return bool(message) and "\n" not in message and len(message) < 400


def escape_one(s: dict[str, Any]) -> None:
    name = next(iter(s["defenders"]))
    s["defenders"][name]["status"] = "escaped"
    s["defenders"][name]["space"] = ""


def result_in_play(s: dict[str, Any], result: dict[str, Any]) -> None:
    s.update(phase="over", decision=None, tasks=[], result=dict(result))


SAVE_CASES: dict[str, tuple[str, Callable[[dict[str, Any]], object]]] = {
    "tactics at Standard": ("mid", lambda s: s["tactics"]["in_play"].append("t1-01")),
    "a defender escaped in Attack 1": ("mid", escape_one),
    "the Attack 3 deck deleted": ("mid", lambda s: s["decks"].__setitem__("3", [])),
    "20 moves": ("mid", lambda s: s.__setitem__("moves", 20)),
    "morale raised": ("mid", lambda s: s.__setitem__("morale", s["morale"] + 1)),
    "a history of 20,000 entries": ("mid", lambda s: s["history"].extend(["end_moves"] * (MAX_HISTORY
                                                                                          - len(s["history"])))),
    "an illegal history": ("mid", lambda s: s["history"].__setitem__(3, "move Nobody upper:1")),
    "a record of decisions cut out": ("mid", lambda s: s.__setitem__("history", [])),
    "another difficulty": ("mid", lambda s: s.__setitem__("difficulty", "elite")),
    "a forged result of 1,000 points": ("finished", lambda s: s["result"].__setitem__("score", 1000)),
    "an award that is a number": ("finished", lambda s: s["result"].__setitem__("award", 5)),
    "a level that is a number": ("finished", lambda s: s["result"].__setitem__("level", 3)),
    "an outcome changed": ("finished", lambda s: s["result"].__setitem__(
        "outcome", "draw" if s["result"]["outcome"] != "draw" else "win")),
}


@pytest.mark.parametrize("case", list(SAVE_CASES))
def test_an_impossible_save_is_refused_at_continue_in_one_line_and_kept(case: str, mid: dict[str, Any],
                                                                       finished: dict[str, Any],
                                                                       data_dir: Path) -> None:
    which, change = SAVE_CASES[case]
    text = changed(mid if which == "mid" else finished, change)
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_text(text, encoding="utf-8")
    ctx = SimpleNamespace(message="")
    assert load_save(ctx) is None  # type: ignore[arg-type]
    assert one_line(ctx.message) and "damaged" in ctx.message, ctx.message
    assert (data_dir / "save.json.damaged").read_text(encoding="utf-8") == text  # nothing lost
    assert not (data_dir / "save.json").exists()


def test_a_true_save_continues_as_the_replay_of_its_decisions(mid: dict[str, Any], finished: dict[str, Any],
                                                             data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    for state in (mid, finished):
        text = json.dumps(state)
        (data_dir / "save.json").write_text(text, encoding="utf-8")
        ctx = SimpleNamespace(message="")
        game = load_save(ctx)  # type: ignore[arg-type]
        assert game is not None and ctx.message == ""
        assert json.loads(game.to_json()) == state
    assert game.result == finished["result"]  # the score a finished save shows is the replay's


def test_only_the_set_up_is_trusted_without_a_record() -> None:
    assert Game.trusted(Game.new(3).to_json()).to_json() == Game.new(3).to_json()


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a JSON-like ``value`` (containers too)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))


def _set(state: dict[str, Any], path: tuple[Any, ...], how: str, value: Any) -> None:
    *head, last = path
    parent: Any = state
    for key in head:
        parent = parent[key]
    if how == "set":
        parent[last] = value
    elif how == "delete":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))


@pytest.fixture(scope="module")
def fuzz_states(mid: dict[str, Any], finished: dict[str, Any]) -> list[dict[str, Any]]:
    return [mid, finished, json.loads(played(8, "elite", decisions=60).to_json())]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_impossible_save_is_accepted_and_none_raises_more_than_one_line(data: st.DataObject,
                                                                          fuzz_states: list[dict[str, Any]]) -> None:
    """Hypothesis changes one part of a true save (a value set to another well-formed one, an entry deleted or
    doubled) and the gate either refuses it in one line or finds the very same game (the change was none)."""
    state = data.draw(st.sampled_from(fuzz_states))
    paths = [p for p in _leaves(state) if p and p[0] not in ("version",)]
    path = data.draw(st.sampled_from(paths))
    words = sorted({v for p in _leaves(state) for v in [_at(state, p)] if isinstance(v, str)})[:400]
    value = data.draw(st.one_of(st.integers(-2, 40), st.booleans(), st.none(), st.sampled_from(words),
                                st.just([]), st.just({})))
    how = data.draw(st.sampled_from(("set", "set", "delete", "duplicate")))
    s = copy.deepcopy(state)
    _set(s, path, how, value)
    try:
        game = Game.trusted(json.dumps(s))
    except ValueError as exc:
        assert one_line(str(exc)), str(exc)
        return
    assert json.loads(game.to_json()) == state, f"accepted an impossible save: {how} {path} = {value!r}"


def _at(state: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        state = state[key]
    return state


# ---------------------------------------------------------------------------------------------- records
@pytest.fixture(scope="module")
def finished_game() -> Game:
    return played(11)


def _record(data_dir: Path, game: Game, change: Callable[[dict[str, Any]], object] | None = None,
            gid: str | None = None) -> tuple[str, str]:
    """Write ``game``'s record (changed by ``change``) under ``gid`` (its own id by default); the id and text."""
    gid = gid or records.game_id(game)
    assert records.save(gid, game) == ""
    target = records.path(gid)
    assert target is not None
    raw = json.loads(target.read_text(encoding="utf-8"))
    if change:
        change(raw)
    text = json.dumps(raw)
    target.write_text(text, encoding="utf-8")
    return gid, text


RECORD_CASES: dict[str, Callable[[dict[str, Any]], object]] = {
    "another seed": lambda r: r.__setitem__("seed", r["seed"] + 1),
    "another difficulty": lambda r: r.__setitem__("difficulty", "veteran"),
    "an illegal first decision": lambda r: r["history"].__setitem__(0, "move Nobody upper:1"),
    "an illegal middle decision": lambda r: r["history"].__setitem__(len(r["history"]) // 2, "escape Konrad A"),
    "unbalanced quotes": lambda r: r["history"].__setitem__(2, "move 'Trained 1 upper:1"),
    "cut before the end": lambda r: r.__setitem__("history", r["history"][:-3]),
    "decisions after the end": lambda r: r["history"].append("end_moves"),
}


@pytest.mark.parametrize("case", list(RECORD_CASES))
def test_an_impossible_record_is_refused_in_one_line_and_kept_aside(case: str, finished_game: Game,
                                                                    data_dir: Path) -> None:
    gid, text = _record(data_dir, finished_game, RECORD_CASES[case])
    record, why = records.checked(gid)
    assert record is None and one_line(why) and "damaged" in why, why
    target = records.path(gid)
    assert target is not None and not target.exists()
    assert target.with_name(target.name + ".damaged").read_text(encoding="utf-8") == text


def test_a_record_under_another_games_name_is_refused(finished_game: Game, data_dir: Path) -> None:
    other = records.game_id(played(12))
    record, why = records.checked(_record(data_dir, finished_game, gid=other)[0])
    assert record is None and "another game" in why


def test_a_true_record_is_trusted(finished_game: Game, data_dir: Path) -> None:
    gid, _text = _record(data_dir, finished_game)
    record, why = records.checked(gid)
    assert why == "" and record is not None and record.history == finished_game.state["history"]


# ---------------------------------------------------------------------------------------------- the guided game
@pytest.fixture(scope="module")
def guided() -> dict[str, Any]:
    return {"version": 1, "step": 3, "seen": ["escape"], "coaching": True,
            "game": played(TUTORIAL_SEED, decisions=12).to_json()}


def _forged_game(raw: dict[str, Any]) -> None:
    state = json.loads(raw["game"])
    state["morale"] -= 1
    raw["game"] = json.dumps(state)


def _illegal_game(raw: dict[str, Any]) -> None:
    state = json.loads(raw["game"])
    state["history"][1] = "move Nobody upper:1"
    raw["game"] = json.dumps(state)


TUTORIAL_CASES: dict[str, Callable[[dict[str, Any]], object]] = {
    "a step past the last": lambda r: r.__setitem__("step", len(STEPS) + 1),
    "a negative step": lambda r: r.__setitem__("step", -1),
    "a step that is true": lambda r: r.__setitem__("step", True),
    "a coaching field of the wrong type": lambda r: r.__setitem__("coaching", "yes"),
    "a note shown twice": lambda r: r.__setitem__("seen", ["escape", "escape"]),
    "an unknown note": lambda r: r.__setitem__("seen", ["fireworks"]),
    "an unknown field": lambda r: r.__setitem__("cheat", 1),
    "a missing step": lambda r: r.pop("step"),
    "a game of another seed": lambda r: r.__setitem__("game", played(4, decisions=12).to_json()),
    "a Veteran game": lambda r: r.__setitem__("game", played(TUTORIAL_SEED, "veteran", decisions=12).to_json()),
    "an illegal game": _illegal_game,
    "a forged game": _forged_game,
    "a game that is not text": lambda r: r.__setitem__("game", {}),
}


@pytest.mark.parametrize("case", list(TUTORIAL_CASES))
def test_an_impossible_guided_game_is_refused_in_one_line_and_kept_aside(case: str, guided: dict[str, Any],
                                                                         data_dir: Path) -> None:
    raw = copy.deepcopy(guided)
    TUTORIAL_CASES[case](raw)
    text = json.dumps(raw)
    data_dir.mkdir(parents=True)
    (data_dir / TUTORIAL_NAME).write_text(text, encoding="utf-8")
    ctx = SimpleNamespace(message="")
    assert load_tutorial(ctx) is None  # type: ignore[arg-type]
    assert one_line(ctx.message) and "damaged" in ctx.message, ctx.message
    assert (data_dir / (TUTORIAL_NAME + ".damaged")).read_text(encoding="utf-8") == text


def test_a_true_guided_game_is_read_as_the_replay_of_its_decisions(guided: dict[str, Any]) -> None:
    step, seen, coaching, game = read_tutorial(guided)
    assert (step, seen, coaching) == (3, {"escape"}, True)
    assert game.to_json() == guided["game"]
    older = {k: v for k, v in guided.items() if k != "coaching"}  # the first files wrote no "coaching"
    assert read_tutorial(older)[2] is True


# ---------------------------------------------------------------------------------------------- not regular files
@pytest.fixture()
def no_hang() -> Iterator[None]:
    """Fail (instead of hanging the suite) if the test blocks for 60 s."""
    def hung(_signum: int, _frame: object) -> None:
        raise TimeoutError("blocked reading a data file")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


DATA_FILES = ("save.json", "settings.json", "highscores.json", TUTORIAL_NAME, "journal.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(signal, "SIGALRM"), reason="no FIFOs here")
@pytest.mark.parametrize("name", DATA_FILES)
def test_a_fifo_in_place_of_a_data_file_is_one_line_and_never_blocks(name: str, data_dir: Path,
                                                                     no_hang: None) -> None:
    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / name)
    with pytest.raises(ValueError, match=f"^{name} is not a regular file$"):
        storage.read_text(data_dir / name)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(signal, "SIGALRM"), reason="no FIFOs here")
def test_the_game_starts_with_a_fifo_in_place_of_every_data_file(data_dir: Path, finished_game: Game,
                                                                 no_hang: None) -> None:
    from game.ui.app import App
    from game.ui.scenes.highscores import HighScoresScene
    from game.ui.scenes.title import TitleScene
    from game.ui.scenes.tutorial import start_tutorial

    (data_dir / "records").mkdir(parents=True)
    for name in DATA_FILES:
        os.mkfifo(data_dir / name)
    gid = records.game_id(finished_game)
    os.mkfifo(data_dir / "records" / f"{gid}.json")
    app = App(headless=True, seed=1)
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert one_line(app.ctx.message), app.ctx.message  # the settings: one line
    title.continue_game()
    assert isinstance(app.stack.top, TitleScene) and "save" in app.ctx.message and one_line(app.ctx.message)
    start_tutorial(app.ctx)
    assert app.stack.top is not None and app.stack.top.name == "tutorial"  # a new guided game
    assert records.checked(gid)[0] is None
    app.stack.push(HighScoresScene(app.ctx))
    app.step(1 / 60)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_link_out_of_the_data_folder_is_not_read(tmp_path: Path, data_dir: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text("{}", encoding="utf-8")
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").symlink_to(outside)
    (data_dir / "inside.json").write_text("{}", encoding="utf-8")
    (data_dir / "save.json").symlink_to(data_dir / "inside.json")
    with pytest.raises(ValueError, match="link that leads out of the data folder"):
        storage.read_text(data_dir / "settings.json")
    assert storage.read_text(data_dir / "save.json") == "{}"  # a link that stays inside is read


def test_a_killed_writes_temporary_files_are_cleaned_at_the_next_start(data_dir: Path) -> None:
    from game.ui.app import App

    (data_dir / "records").mkdir(parents=True)
    old = [data_dir / "save.json.k2j4_x9a.tmp", data_dir / "records" / "5-0000abcd.json.abcdefgh.tmp"]
    new = data_dir / "highscores.json.zzzzzzzz.tmp"  # a write of another game running now
    other = data_dir / "notes.tmp"  # not one of ours
    for path in (*old, new, other):
        path.write_text("half", encoding="utf-8")
    for path in (*old, other):
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    App(headless=True, seed=1)
    assert not any(p.exists() for p in old)
    assert new.exists() and other.exists()


# ---------------------------------------------------------------------------- fuzzed records and guided games
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_impossible_record_is_trusted(data: st.DataObject, finished_game: Game, tmp_path_factory:
                                         pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hypothesis changes one part of a true record (its seed, difficulty, a decision set to another of the game's
    decisions or a word, one deleted, doubled or swapped with another): :func:`records.checked` refuses it in one
    line, or it still replays to the very game its name says."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("POSTMEN_DATA_DIR", str(folder))
    gid = records.game_id(finished_game)
    assert records.save(gid, finished_game) == ""
    target = records.path(gid)
    assert target is not None
    raw = json.loads(target.read_text(encoding="utf-8"))
    original = copy.deepcopy(raw)
    history = raw["history"]
    what = data.draw(st.sampled_from(("seed", "difficulty", "set", "delete", "duplicate", "swap")))
    i = data.draw(st.integers(0, len(history) - 1))
    if what == "seed":
        raw["seed"] = data.draw(st.integers(0, 2**40))
    elif what == "difficulty":
        raw["difficulty"] = data.draw(st.sampled_from(("standard", "veteran", "elite")))
    elif what == "set":
        history[i] = data.draw(st.one_of(st.sampled_from(history), st.text(max_size=30)))
    elif what == "delete":
        del history[i]
    elif what == "duplicate":
        history.insert(i, history[i])
    else:
        j = data.draw(st.integers(0, len(history) - 1))
        history[i], history[j] = history[j], history[i]
    target.write_text(json.dumps(raw), encoding="utf-8")
    record, why = records.checked(gid)
    if record is None:
        assert one_line(why), why
    else:  # trusted: it replays, every decision legal, to this very game (two moves of one phase may be swapped)
        game = Game.from_record(record.seed, record.difficulty, record.history)
        assert game.over and records.game_id(game) == gid and game.result == finished_game.result, \
            f"accepted: {what} {i}"
        assert (record.seed, record.difficulty) == (original["seed"], original["difficulty"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_impossible_guided_game_is_read(data: st.DataObject, guided: dict[str, Any]) -> None:
    """Hypothesis changes one part of a true guided-game file (a field, or a part of the game inside it): the reader
    refuses it in one line, or reads the very same guided game (at a step and with notes that can be)."""
    raw = copy.deepcopy(guided)
    state = json.loads(raw["game"])
    value = data.draw(st.one_of(st.integers(-2, 40), st.booleans(), st.none(), st.text(max_size=12),
                                st.just([]), st.just({})))
    how = data.draw(st.sampled_from(("set", "delete", "duplicate")))
    if data.draw(st.booleans()):
        path = data.draw(st.sampled_from([p for p in _leaves(raw) if p and p[0] != "game"]))
        _set(raw, path, how, value)
    else:
        path = data.draw(st.sampled_from([p for p in _leaves(state) if p and p[0] != "version"]))
        _set(state, path, how, value)
        raw["game"] = json.dumps(state)
    try:
        step, seen, coaching, game = read_tutorial(raw)
    except ValueError as exc:
        assert one_line(str(exc)), str(exc)
        return
    assert 0 <= step <= len(STEPS) and seen <= NOTE_KEYS and isinstance(coaching, bool)  # another good file
    assert game.to_json() == guided["game"], f"accepted: {how} {path} = {value!r}"


# ---------------------------------------------------------------------------------------------- high-score entries
def _enter(source: Game, difficulty: str = "standard", **claims: Any) -> scores.Entry:
    """Write ``source``'s entry in the table of ``difficulty`` (as a hand would: the same game may be there twice),
    with its record, its claims replaced by ``claims``."""
    gid = records.game_id(source)
    assert records.save(gid, source) == ""
    result = source.result or {}
    entry = {"score": int(result["score"]), "award": str(result.get("award") or ""), "date": "2026-11-28",
             "seed": int(source.state["seed"]), "game": gid, **claims}
    path = scores.scores_path()
    raw = json.loads(path.read_text(encoding="utf-8")) if path.exists() else json.loads(
        scores.to_json(scores.empty_tables()))
    raw["tables"][difficulty].append(entry)
    path.write_text(json.dumps(raw), encoding="utf-8")
    return scores.Entry.from_raw(entry)


def test_a_high_score_entry_is_believed_only_when_its_record_replays_to_it(data_dir: Path) -> None:
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene

    true = played(11)
    other = played(12)
    kept = _enter(true)
    forged = [
        _enter(true, score=1000),  # the same game, a forged score
        _enter(true, award="Virtuti Militari"),  # a forged award
        _enter(true, seed=99),  # another seed claimed
        _enter(true, difficulty="elite"),  # the game entered in another difficulty's table
        _enter(other, game=""),  # no record to check it by
        _enter(other, game="12-00000000"),  # a record that does not exist
    ]
    forged.append(_enter(other))  # its record then changed: its decisions lead to another game than its name
    target = records.path(records.game_id(other))
    assert target is not None
    raw = json.loads(target.read_text(encoding="utf-8"))
    raw["history"] = raw["history"][:-1]
    target.write_text(json.dumps(raw), encoding="utf-8")
    before = (data_dir / "highscores.json").read_text(encoding="utf-8")
    app = App(headless=True, seed=1)
    assert app.score_check.done.wait(60)
    app.step(1 / 60)
    tables, msg = scores.load_scores()
    assert tables["standard"] == [kept] and tables["elite"] == [] and msg == ""
    assert isinstance(app.stack.top, TitleScene)
    line = app.ctx.message
    assert one_line(line) and f"{len(forged)} damaged entries were dropped from highscores.json" in line, line
    assert (data_dir / "highscores.json.damaged").read_text(encoding="utf-8") == before  # nothing lost
    again = App(headless=True, seed=1)  # checked once: the next start finds nothing to say
    assert again.score_check.done.wait(60)
    again.step(1 / 60)
    assert "dropped" not in again.ctx.message and scores.load_scores()[0]["standard"] == [kept]


def test_an_entry_made_while_the_check_runs_is_kept(data_dir: Path) -> None:
    true = played(11)
    _enter(true, score=1000)
    check = records.EntryCheck.start()
    kept = _enter(played(12))  # a game that ends meanwhile
    assert check.done.wait(60)
    assert "1 damaged entry was dropped" in check.apply()
    assert scores.load_scores()[0]["standard"] == [kept]


def test_a_daily_table_row_is_believed_only_when_its_record_replays_to_it(data_dir: Path) -> None:
    """The daily table's rows (the journal's scored attempts) are checked as the high-score entries are: a forged
    score, a game that is not its day's challenge, a row with no record are dropped in one line, nothing lost."""
    import dataclasses
    import datetime

    from game import daily
    from game.ui import journal

    def attempt(day: datetime.date) -> journal.Played:
        game = Game.new(daily.daily_seed(day), daily.DIFFICULTY)
        game.keep_history = True
        policy = HeuristicPolicy(1)
        while not game.over:
            game.apply(policy.choose(game))
        gid = records.game_id(game)
        assert records.save(gid, game) == ""
        row = journal.played_of(game, gid, date=day.isoformat())
        return dataclasses.replace(row, daily=day.isoformat(), scored=True)

    days = [datetime.date(2026, 11, 20) + datetime.timedelta(days=k) for k in range(4)]
    true, forged_score, wrong_day, no_record = (attempt(d) for d in days)
    forged_score = dataclasses.replace(forged_score, score=999)
    wrong_day = dataclasses.replace(wrong_day, daily="2026-10-01")
    target = records.path(no_record.game)
    assert target is not None
    target.unlink()
    data_dir.mkdir(parents=True, exist_ok=True)
    assert journal.save(journal.Journal([true, forged_score, wrong_day, no_record])) == ""
    before = journal.path().read_text(encoding="utf-8")
    check = records.EntryCheck.start()
    assert check.done.wait(60)
    line = check.apply()
    assert one_line(line) and "3 damaged entries were dropped from journal.json" in line, line
    assert journal.load()[0].games == [true]
    assert (data_dir / "journal.json.damaged").read_text(encoding="utf-8") == before
