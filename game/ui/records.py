"""The record of each finished game in the high-score tables (``records/<game id>.json`` in the data folder: seed,
difficulty and the decisions taken), from which the after-action review replays it. Records of games that left
the tables are removed. A damaged record is one line, never a crash; the table keeps its entry. A record is
trusted only once it replays (:func:`checked`): every decision legal from its seed, to the end of the game, to the
very game its name says (the game id is a checksum of the final state)."""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game import codes, daily
from game.i18n import _
from game.rules import Game, IllegalAction
from game.rules.data import DIFFICULTIES
from game.ui import journal, scores, storage
from game.ui.gate import GATE

if TYPE_CHECKING:
    from game.ui.scene import Context

VERSION = 1
FOLDER = "records"
MAX_BYTES = 1 << 20  # a record takes a few kilobytes
MAX_DECISIONS = 20_000
GAME_ID = re.compile(r"[0-9]{1,20}-[0-9a-f]{8}")


@dataclass(frozen=True)
class Record:
    seed: int
    difficulty: str
    history: list[str]


def game_id(game: Game) -> str:
    """A finished game's id in the high-score table: its seed and a checksum of its final state (its record of
    decisions left out: the same game is the same id however much of it was recorded)."""
    game.to_json()  # brings the saved generator state up to date
    state = {k: v for k, v in game.state.items() if k != "history"}
    return f"{game.state['seed']}-{zlib.crc32(json.dumps(state, separators=(',', ':')).encode()):08x}"


def folder() -> Path:
    return storage.data_dir() / FOLDER


def path(game_id: str) -> Path | None:
    """The record file of ``game_id``; None for an id that is not one of ours (nothing outside the folder)."""
    return folder() / f"{game_id}.json" if GAME_ID.fullmatch(game_id) else None


def save(game_id: str, game: Game) -> str:
    """Write the finished game's record; "" or a one-line error."""
    target = path(game_id)
    if target is None:
        return ""
    text = json.dumps({"version": VERSION, "seed": int(game.state["seed"]),
                       "difficulty": str(game.state["difficulty"]), "history": list(game.state["history"])})
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        storage.write_atomic(target, text)
        return ""
    except OSError as exc:
        return _("Could not save the game's record for its review: {error}", error=exc)


def load(game_id: str) -> tuple[Record | None, str]:
    """The record of ``game_id`` and "" , or None and why (one line; "" when there is simply none)."""
    target = path(game_id)
    if target is None:
        return None, ""
    try:
        text = storage.read_text(target, MAX_BYTES)
        if text is None:
            return None, ""
        raw = storage.parse_json(text)
        if not isinstance(raw, dict) or raw.get("version") != VERSION:
            raise ValueError("not a game record of this version")
        seed, difficulty, history = raw.get("seed"), raw.get("difficulty"), raw.get("history")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError("a damaged seed")
        if difficulty not in DIFFICULTIES:
            raise ValueError("an unknown difficulty")
        if not isinstance(history, list) or len(history) > MAX_DECISIONS or \
                any(not isinstance(h, str) or len(h) > 200 for h in history):
            raise ValueError("a damaged list of decisions")
        return Record(seed, str(difficulty), list(history)), ""
    except (ValueError, OSError) as exc:
        return None, f"The record {target.name} is damaged ({str(exc)[:80]}): no review for that game."


def replayed(gid: str, record: Record) -> tuple[Game | None, str]:
    """The finished game ``record`` replays to, every decision legal, when it is the game whose id is ``gid``,
    and ""; else None and why not (one line)."""
    try:
        game = Game.from_record(record.seed, record.difficulty, record.history)
    except ValueError as exc:
        return None, str(exc)[:120]
    if not game.over:
        return None, "its decisions stop before the end of the game"
    if game_id(game) != gid:
        return None, "its decisions lead to another game than its name says"
    return game, ""


def checked(gid: str) -> tuple[Record | None, str]:
    """The record of ``gid`` once it replays (:func:`replayed`), and ""; or None and why (one line; "" when there
    is none). A record that fails is kept aside under a new name (``.damaged``), so it is not offered again."""
    record, why = load(gid)
    if record is None:
        return None, why
    wrong = replayed(gid, record)[1]
    if not wrong:
        return record, ""
    target = path(gid)
    aside = storage.move_aside(target) if target is not None else None
    name = target.name if target is not None else gid
    if aside:
        return None, _("The record {file} is damaged ({error}; kept as {aside}): no review for that game.",
                       file=name, error=wrong, aside=aside.name)
    return None, _("The record {file} is damaged ({error}): no review for that game.", file=name, error=wrong)


def _entry_game(gid: str) -> tuple[Game | None, str]:
    """The finished game a table entry's record (``gid``) replays to, and ""; or None and why not, in a few
    words."""
    record, why = load(gid)
    if record is None:
        return None, "an entry whose game record is " + ("damaged" if why else "missing")
    game, why = replayed(gid, record)
    if game is None:
        return None, f"an entry whose game record does not replay ({why[:60]})"
    return game, ""


def claim_problem(difficulty: str, entry: scores.Entry) -> str:
    """"" when ``entry`` of the ``difficulty`` table is what its game's record replays to (the game, finished, of
    that seed and difficulty, with that score and award); else why not, in a few words. Replays a whole game
    (about 30 ms)."""
    if not entry.game:
        return "an entry with no game record to check it by"
    game, why = _entry_game(entry.game)
    if game is None:
        return why
    result = game.result or {}
    if (game.state["difficulty"], game.state["seed"]) != (difficulty, entry.seed):
        return "an entry whose game is of another difficulty or seed"
    if (result.get("score"), result.get("award") or "") != (entry.score, entry.award):
        return "an entry whose score or award is not its game's"
    return ""


def daily_problem(played: journal.Played) -> str:
    """"" when the journal's line ``played`` (a daily challenge's scored attempt: a row of the daily table) is
    what its game's record replays to; else why not, in a few words."""
    game, why = _entry_game(played.game)
    if game is None:
        return why
    try:
        seed = daily.daily_seed(datetime.date.fromisoformat(played.daily))
    except ValueError:
        return "an entry whose day is not a date"
    if (game.state["seed"], game.state["difficulty"]) != (seed, daily.DIFFICULTY):
        return "an entry whose game is not that day's challenge"
    # (the line's daily date is the one just checked: played_of finds it only within a few days of today)
    expected = journal.played_of(game, played.game, date=played.date)
    if dataclasses.replace(expected, daily=played.daily, scored=played.scored) != played:
        return "an entry whose score or ending is not its game's"
    return ""


@dataclass
class EntryCheck:
    """The check of every high-score entry's claims against its game's record (:func:`claim_problem`), and of
    the daily table's rows (the journal's last :data:`scores.TOP` scored attempts, :func:`daily_problem`), run in
    a thread at start so that no frame waits for the replays (about 30 ms an entry). :meth:`start` reads the
    files as they are then (nothing is checked of a file that cannot be read: ``scores.load_scores`` and
    ``journal.load`` report it); when :attr:`done`, :meth:`apply` drops the refused entries from the files as they
    are by then (entries entered meanwhile are kept), each file as it was kept aside, and says so in one line.
    Until then the tables show the entries unchecked."""

    claims: list[tuple[str, scores.Entry]]
    daily_rows: list[journal.Played] = field(default_factory=list)
    path: Path | None = None
    refused: dict[tuple[str, scores.Entry], str] = field(default_factory=dict)
    refused_daily: dict[journal.Played, str] = field(default_factory=dict)
    done: threading.Event = field(default_factory=threading.Event)
    applied: bool = False

    @classmethod
    def start(cls, path: Path | None = None) -> EntryCheck:
        try:
            text = storage.read_text(path or scores.scores_path(), scores.MAX_BYTES)
            tables = scores.parse(text)[0] if text else scores.empty_tables()
        except ValueError:
            tables = scores.empty_tables()
        try:
            text = storage.read_text(journal.path(), journal.MAX_BYTES)
            rows = journal.parse(text)[0].daily_table()[: scores.TOP] if text else []
        except ValueError:
            rows = []
        check = cls([(d, e) for d, entries in tables.items() for e in entries], rows, path)
        if check.claims or check.daily_rows:
            threading.Thread(target=check.run, name="high-score check", daemon=True).start()
        else:
            check.done.set()
        return check

    def run(self) -> None:
        try:
            for claim in self.claims:
                GATE.give_way()  # (between two records replayed, the frame being made goes first)
                why = claim_problem(*claim)
                if why:
                    self.refused[claim] = why
            for played in self.daily_rows:
                GATE.give_way()
                why = daily_problem(played)
                if why:
                    self.refused_daily[played] = why
        finally:
            self.done.set()

    def apply(self) -> str:
        """Once :attr:`done`: drop the refused entries (once); "" or the one line that says so."""
        if self.applied or not self.done.is_set():
            return ""
        self.applied = True
        return "; ".join(m for m in (self._apply_tables(), self._apply_daily()) if m)

    def _apply_tables(self) -> str:
        if not self.refused:
            return ""
        path = self.path or scores.scores_path()
        try:
            text = storage.read_text(path, scores.MAX_BYTES)
            tables = scores.parse(text)[0] if text else scores.empty_tables()
        except ValueError:
            return ""  # damaged since: load_scores reports it
        kept = {d: [e for e in entries if (d, e) not in self.refused] for d, entries in tables.items()}
        dropped = sum(len(v) for v in tables.values()) - sum(len(v) for v in kept.values())
        if not dropped:
            return ""
        aside = storage.move_aside(path)
        err = scores.save_scores(kept, path)
        return scores.dropped_line(dropped, path, next(iter(self.refused.values())),
                                   sum(len(v) for v in kept.values()), aside, err)

    def _apply_daily(self) -> str:
        if not self.refused_daily:
            return ""
        path = journal.path()
        try:
            text = storage.read_text(path, journal.MAX_BYTES)
            played = journal.parse(text)[0] if text else journal.Journal()
        except ValueError:
            return ""  # damaged since: journal.load reports it
        kept = journal.Journal([p for p in played.games if p not in self.refused_daily])
        dropped = len(played.games) - len(kept.games)
        if not dropped:
            return ""
        aside = storage.move_aside(path)
        err = journal.save(kept, path)
        return scores.dropped_line(dropped, path, next(iter(self.refused_daily.values())), len(kept.games), aside,
                                   err)


def code_of(record: Record) -> tuple[codes.GameCode | None, str]:
    """The code of a recorded game (to watch it again) and "", or None and why it cannot be replayed (one
    line)."""
    try:
        return codes.Replayed.of_record(record.seed, record.difficulty, record.history), ""
    except (ValueError, IllegalAction) as exc:
        return None, _("This game cannot be replayed: {error}", error=str(exc)[:120])


def watch(ctx: Context, record: Record, at: int = 0) -> str:
    """Open the replay of a recorded game over the scenes (after ``at`` decisions); "" or why it cannot be
    replayed (one line)."""
    code, why = code_of(record)
    if code is None:
        return why
    ctx.stack.push(ctx.scenes.replay(code, at))
    return ""


def prune(keep: set[str]) -> None:
    """Remove the records of games no longer in any table."""
    if storage.outside(folder()):
        return  # records/ leads out of the data folder: nothing there is the game's to delete
    try:
        for item in folder().glob("*.json"):
            if item.stem not in keep and GAME_ID.fullmatch(item.stem):
                item.unlink(missing_ok=True)
    except OSError:
        pass  # a record left behind costs a few kilobytes; never a reason to fail
