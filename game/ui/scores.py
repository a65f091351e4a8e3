"""The local high-score table: the top 10 per difficulty (score, award, date, seed), kept as JSON in the user's
data folder next to the autosave (``highscores.json``; ``POSTMEN_DATA_DIR`` overrides the folder). Written to a
temporary file then renamed; a damaged file gives empty tables, a one-line message, and is moved aside.
Demo games never enter the table (the demo scene never calls :func:`record`)."""

from __future__ import annotations

import datetime
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.rules.data import DIFFICULTIES
from game.ui import storage

SCORES_NAME = "highscores.json"
TOP = 10
VERSION = 1

Tables = dict[str, list["Entry"]]


@dataclass(frozen=True)
class Entry:
    score: int
    award: str  # "" when the game earned no award
    date: str  # ISO date, local time (YYYY-MM-DD)
    seed: int

    @classmethod
    def from_raw(cls, raw: Any) -> Entry:
        if not isinstance(raw, dict):
            raise ValueError("an entry is not a JSON object")
        score, award, date, seed = raw.get("score"), raw.get("award", ""), raw.get("date"), raw.get("seed")
        if isinstance(score, bool) or not isinstance(score, int):
            raise ValueError("an entry's score is not a whole number")
        if not isinstance(award, str) or len(award) > 60:
            raise ValueError("an entry's award is not a short text")
        if not isinstance(date, str) or len(date) > 32:
            raise ValueError("an entry's date is not a short text")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError("an entry's seed is not a whole number")
        return cls(score, award, date, seed)


def scores_path() -> Path:
    return storage.data_dir() / SCORES_NAME


def empty_tables() -> Tables:
    return {d: [] for d in DIFFICULTIES}


def _sorted(entries: list[Entry]) -> list[Entry]:
    """Highest score first; on a tie the earlier entry stays above (the order it was reached in)."""
    return sorted(entries, key=lambda e: -e.score)  # sorted() is stable


def parse(text: str) -> Tables:
    """Tables from the file's text; ValueError with a short reason when it is damaged."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg})") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("tables"), dict):
        raise ValueError("no \"tables\" object")
    tables = empty_tables()
    for diff, entries in raw["tables"].items():
        if diff not in tables:
            raise ValueError(f"unknown difficulty {str(diff)[:20]!r}")
        if not isinstance(entries, list):
            raise ValueError(f"the {diff} table is not a list")
        tables[diff] = _sorted([Entry.from_raw(e) for e in entries])[:TOP]
    return tables


def to_json(tables: Tables) -> str:
    return json.dumps({"version": VERSION, "tables": {d: [asdict(e) for e in tables.get(d, [])]
                                                      for d in DIFFICULTIES}}, indent=2)


def load_scores(path: Path | None = None) -> tuple[Tables, str]:
    """The tables and "" or, when the file is damaged, empty tables and a one-line message (the damaged file
    is moved aside as ``highscores.json.damaged``). Never raises."""
    path = path or scores_path()
    try:
        text = storage.read_text(path)
        if text is None:
            return empty_tables(), ""
        return parse(text), ""
    except ValueError as exc:
        aside = storage.move_aside(path)
        where = f"; moved to {aside.name}" if aside else ""
        return empty_tables(), f"The high-score file {path.name} was damaged ({exc}{where}); the table starts afresh."


def save_scores(tables: Tables, path: Path | None = None) -> str:
    """Write atomically; "" or a one-line error message."""
    try:
        storage.write_atomic(path or scores_path(), to_json(tables))
        return ""
    except OSError as exc:
        return f"Could not save the high scores: {exc}"


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
           date: str | None = None) -> tuple[Tables, int | None, str]:
    """Enter a finished game: load, insert, save. Returns the tables, the new entry's rank (None if it did not
    make the top 10) and "" or a one-line message (damaged file, failed write)."""
    tables, msg = load_scores(path)
    rank = insert(tables, difficulty, Entry(int(score), award or "", date or today(), int(seed)))
    if rank is not None:
        err = save_scores(tables, path)
        msg = "; ".join(m for m in (msg, err) if m)
    return tables, rank, msg
