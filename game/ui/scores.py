"""The local high-score table: the top 10 per difficulty (score, award, date, seed), kept as JSON in the user's
data folder next to the autosave (``highscores.json``; ``POSTMEN_DATA_DIR`` overrides the folder). Written to a
temporary file then renamed; a damaged file gives empty tables, a one-line message, and is moved aside.
Demo games never enter the table (the demo scene never calls :func:`record`).

An entry's claims (score, award, seed, difficulty) are believed only once its game's record (``records/``)
replays to them (``records.EntryCheck``, at each start, off the frame loop): an entry with no record, or whose record
does not replay, every decision legal, to that very game and score, is dropped, the file as it was kept aside."""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.i18n import _, n_
from game.rules.data import DIFFICULTIES
from game.ui import storage

SCORES_NAME = "highscores.json"
DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
TOP = 10
VERSION = 1
MAX_BYTES = 256 << 10  # 30 entries take about 3 KB

Tables = dict[str, list["Entry"]]


@dataclass(frozen=True)
class Entry:
    score: int
    award: str  # "" when the game earned no award
    date: str  # ISO date, local time (YYYY-MM-DD)
    seed: int
    game: str = ""  # the finished game's id (game_id): a game enters the table once; "" in older files

    @classmethod
    def from_raw(cls, raw: Any) -> Entry:
        if not isinstance(raw, dict):
            raise ValueError("an entry is not a JSON object")
        score, award, date, seed = raw.get("score"), raw.get("award", ""), raw.get("date"), raw.get("seed")
        if isinstance(score, bool) or not isinstance(score, int):
            raise ValueError("an entry's score is not a whole number")
        if not isinstance(award, str) or len(award) > 60 or not award.isprintable():
            raise ValueError("an entry's award is not a short line of text")
        if not isinstance(date, str) or not DATE.fullmatch(date):
            raise ValueError("an entry's date is not a date (YYYY-MM-DD)")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError("an entry's seed is not a whole number")
        game = raw.get("game", "")
        if not isinstance(game, str) or len(game) > 40 or not game.isprintable():
            raise ValueError("an entry's game id is not a short text")
        return cls(score, award, date, seed, game)


def scores_path() -> Path:
    return storage.data_dir() / SCORES_NAME


def empty_tables() -> Tables:
    return {d: [] for d in DIFFICULTIES}


def _sorted(entries: list[Entry]) -> list[Entry]:
    """Highest score first; on a tie the earlier entry stays above (the order it was reached in)."""
    return sorted(entries, key=lambda e: -e.score)  # sorted() is stable


class NewerFile(ValueError):
    """A high-score file written by a newer version of the game (its ``version`` above :data:`VERSION`)."""

    def __init__(self, version: int) -> None:
        super().__init__(f"version {version}")
        self.version = version


def parse(text: str) -> tuple[Tables, int, str]:
    """Tables from the file's text, with the number of entries dropped as damaged and the first reason. Raises
    ValueError with a short reason when the file as a whole is damaged (not JSON, no tables), :class:`NewerFile`
    when a newer version wrote it (its entries may mean what this version cannot read)."""
    raw = storage.parse_json(text)
    version = raw.get("version", VERSION) if isinstance(raw, dict) else VERSION
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise NewerFile(min(version, 10**9))
    if not isinstance(raw, dict) or not isinstance(raw.get("tables"), dict):
        raise ValueError("no \"tables\" object")
    tables = empty_tables()
    dropped, reason = 0, ""
    for diff, entries in raw["tables"].items():
        if diff not in tables or not isinstance(entries, list):
            dropped += len(entries) if isinstance(entries, list) and entries else 1
            reason = reason or (f"unknown difficulty {str(diff)[:20]!r}" if diff not in tables else
                                f"the {diff} table is not a list")
            continue
        good = []
        for e in entries:
            try:
                good.append(Entry.from_raw(e))
            except ValueError as exc:
                dropped += 1
                reason = reason or str(exc)
        tables[diff] = _sorted(good)[:TOP]
    return tables, dropped, reason


def to_json(tables: Tables) -> str:
    return json.dumps({"version": VERSION, "tables": {d: [asdict(e) for e in tables.get(d, [])]
                                                      for d in DIFFICULTIES}}, indent=2)


def load_scores(path: Path | None = None) -> tuple[Tables, str]:
    """The tables and "" or a one-line message. A damaged file is kept under a new name beside it
    (``highscores.json.damaged``, ``.damaged.1``, ...): when only some entries are damaged, the others are kept
    and written back at once, and the message says how many were dropped; otherwise the table starts afresh.
    Never raises."""
    path = path or scores_path()
    try:
        text = storage.read_text(path, MAX_BYTES)
        if text is None:
            return empty_tables(), ""
        tables, dropped, reason = parse(text)
    except NewerFile as exc:  # kept aside, never rewritten as this version's (issue 37)
        aside = storage.move_aside(path, "newer")
        if aside is None:  # left where it is: save_scores will not write over it
            return empty_tables(), _("The high-score file {file} was written by a newer version of the game "
                                     "(version {version}); it is left as it is.", file=path.name, version=exc.version)
        return empty_tables(), _("The high-score file {file} was written by a newer version of the game (version "
                                 "{version}; kept as {aside}); the table starts afresh.", file=path.name,
                                 version=exc.version, aside=aside.name)
    except ValueError as exc:
        aside = storage.move_aside(path)
        if aside:
            return empty_tables(), _("The high-score file {file} was damaged ({error}; kept as {aside}); the table "
                                     "starts afresh.", file=path.name, error=exc, aside=aside.name)
        return empty_tables(), _("The high-score file {file} was damaged ({error}); the table starts afresh.",
                                 file=path.name, error=exc)
    if not dropped:
        return tables, ""
    aside = storage.move_aside(path)
    err = save_scores(tables, path)
    return tables, dropped_line(dropped, path, reason, sum(len(v) for v in tables.values()), aside, err)


def dropped_line(dropped: int, path: Path, reason: str, kept: int, aside: Path | None, error: str) -> str:
    """What a file whose damaged entries were dropped says, in one line (the others written back, the file as it
    was kept as ``aside``; ``error``: what writing it back said)."""
    if aside:
        msg = n_("{n} damaged entry was dropped from {file} ({reason}); the other {kept} kept, the file as it was "
                 "kept as {aside}.", "{n} damaged entries were dropped from {file} ({reason}); the other {kept} "
                 "kept, the file as it was kept as {aside}.", dropped, file=path.name, reason=reason, kept=kept,
                 aside=aside.name)
    else:
        msg = n_("{n} damaged entry was dropped from {file} ({reason}); the other {kept} kept.",
                 "{n} damaged entries were dropped from {file} ({reason}); the other {kept} kept.", dropped,
                 file=path.name, reason=reason, kept=kept)
    return "; ".join(m for m in (msg, error) if m)


def _newer_there(path: Path) -> int | None:
    """The version of the file at ``path`` when a newer version of the game wrote it, else None."""
    try:
        text = storage.read_text(path, MAX_BYTES)
        if text is not None:
            parse(text)
    except NewerFile as exc:
        return exc.version
    except ValueError:
        pass
    return None


def save_scores(tables: Tables, path: Path | None = None) -> str:
    """Write atomically; "" or a one-line error message. A file a newer version wrote (that could not be kept
    aside) is never written over."""
    path = path or scores_path()
    newer = _newer_there(path)
    if newer is not None:
        return _("The high scores were not saved: {file} was written by a newer version of the game (version "
                 "{version}).", file=path.name, version=min(newer, 10**9))
    try:
        storage.write_atomic(path, to_json(tables))
        return ""
    except OSError as exc:
        return _("Could not save the high scores: {error}", error=exc)


def insert(tables: Tables, difficulty: str, entry: Entry) -> int | None:
    """Add ``entry`` to the difficulty's table kept to the top 10; its 0-based rank, or None if it fell off."""
    table = tables.setdefault(difficulty, [])
    rank = next((i for i, e in enumerate(table) if entry.score > e.score), len(table))
    if rank >= TOP:
        return None
    table.insert(rank, entry)
    del table[TOP:]
    return rank


def today() -> str:
    return datetime.date.today().isoformat()


def record(difficulty: str, score: int, award: str, seed: int, path: Path | None = None,
           date: str | None = None, game: str = "") -> tuple[Tables, int | None, str]:
    """Enter a finished game: load, insert, save. Returns the tables, the new entry's rank (None if it did not
    make the top 10) and "" or a one-line message (damaged file, failed write). A game already in the table
    (the same ``game`` id: its end was recorded, then Continue showed its results again) is not entered twice."""
    tables, msg = load_scores(path)
    if game:
        table = tables.get(difficulty, [])
        done = next((i for i, e in enumerate(table) if e.game == game), None)
        if done is not None:
            return tables, done, msg
    rank = insert(tables, difficulty, Entry(int(score), award or "", date or today(), int(seed), game))
    if rank is not None:
        err = save_scores(tables, path)
        msg = " ".join(m for m in (msg, err) if m)  # (each a sentence)
    return tables, rank, msg
