"""The journal of finished games (``journal.json`` in the data folder): one short line per game the player
finished (not the demo's, not the guided game's), from which the Statistics screen draws its pictures and the
daily challenge keeps its table (issue 33).

A game is entered once (its id, as in the high-score table). The daily challenge's first finished attempt of a
day is its scored one; later attempts of that day are practice (entered, not scored). A damaged file is set aside
under a new name with one line; damaged entries are dropped one by one and the others kept. Never raises."""

from __future__ import annotations

import datetime
import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import daily
from game.i18n import _
from game.rules import Game
from game.rules.data import DIFFICULTIES
from game.ui import storage
from game.ui.scores import DATE, dropped_line

NAME = "journal.json"
VERSION = 1
MAX_GAMES = 5000  # the oldest are dropped beyond this (about 200 bytes a game: 1 MB)
MAX_BYTES = 4 << 20
OUTCOMES = ("win", "draw", "loss")
ENDINGS = ("fire_truck", "morale", "no_defenders", "deck_exhausted")


@dataclass(frozen=True)
class Played:
    """One finished game."""

    game: str  # its id (records.game_id)
    date: str  # the local date it was finished (YYYY-MM-DD)
    difficulty: str
    score: int
    outcome: str  # win, draw or loss (7.0)
    level: str  # the victory level's English name
    award: str  # the award's English name, "" for none
    how: str  # how it ended (the result's "how")
    attack: int  # where it ended: the Attack and its turn
    turn: int
    fallen: tuple[str, ...] = ()  # the defenders who fell
    daily: str = ""  # the challenge's date when it was a daily challenge (YYYY-MM-DD)
    scored: bool = False  # the scored attempt of that day's challenge (the first finished)

    @classmethod
    def from_raw(cls, raw: Any) -> Played:
        """An entry of the file, checked field by field; ValueError with a short reason."""
        if not isinstance(raw, dict):
            raise ValueError("an entry is not a JSON object")

        def text(key: str, limit: int, allowed: tuple[str, ...] | None = None, empty: bool = True) -> str:
            value = raw.get(key, "")
            if not isinstance(value, str) or len(value) > limit or not value.isprintable() or \
                    (allowed is not None and value not in allowed) or (not empty and not value):
                raise ValueError(f"an entry's {key} is damaged")
            return value

        def whole(key: str, low: int, high: int) -> int:
            value = raw.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"an entry's {key} is not a whole number from {low} to {high}")
            return value
        date = text("date", 10)
        if not DATE.fullmatch(date):
            raise ValueError("an entry's date is not a date (YYYY-MM-DD)")
        day = text("daily", 10)
        if day and not DATE.fullmatch(day):
            raise ValueError("an entry's daily date is not a date (YYYY-MM-DD)")
        fallen = raw.get("fallen", [])
        if not isinstance(fallen, list) or len(fallen) > 40 or \
                any(not isinstance(n, str) or not 0 < len(n) <= 40 or not n.isprintable() for n in fallen):
            raise ValueError("an entry's list of the fallen is damaged")
        scored = raw.get("scored", False)
        if not isinstance(scored, bool):
            raise ValueError("an entry's scored mark is not true or false")
        return cls(game=text("game", 40, empty=False), date=date, difficulty=text("difficulty", 20, DIFFICULTIES),
                   score=whole("score", -99, 999), outcome=text("outcome", 10, OUTCOMES), level=text("level", 40),
                   award=text("award", 60), how=text("how", 20, ENDINGS), attack=whole("attack", 1, 3),
                   turn=whole("turn", 0, 99), fallen=tuple(fallen), daily=day, scored=scored and bool(day))


@dataclass
class Journal:
    games: list[Played] = field(default_factory=list)

    def scored_daily(self, day: str) -> Played | None:
        """The scored attempt of ``day``'s challenge, if there is one."""
        return next((p for p in self.games if p.daily == day and p.scored), None)

    def daily_table(self) -> list[Played]:
        """The scored attempts of the daily challenges, the latest day first."""
        return sorted((p for p in self.games if p.scored), key=lambda p: p.daily, reverse=True)


def path() -> Path:
    return storage.data_dir() / NAME


def to_json(journal: Journal) -> str:
    return json.dumps({"version": VERSION, "games": [{**asdict(p), "fallen": list(p.fallen)}
                                                      for p in journal.games]}, separators=(",", ":"))


def parse(text: str) -> tuple[Journal, int, str]:
    """The journal from the file's text, the number of entries dropped as damaged and the first reason; raises
    ValueError when the file as a whole is damaged."""
    raw = storage.parse_json(text)
    if not isinstance(raw, dict) or not isinstance(raw.get("games"), list):
        raise ValueError("no \"games\" list")
    if raw.get("version") != VERSION:
        raise ValueError(f"a journal of another version ({str(raw.get('version'))[:12]})")
    journal, dropped, reason = Journal(), 0, ""
    seen: set[str] = set()
    for entry in raw["games"][-MAX_GAMES:]:
        try:
            played = Played.from_raw(entry)
        except ValueError as exc:
            dropped, reason = dropped + 1, reason or str(exc)
            continue
        if played.game in seen:
            dropped, reason = dropped + 1, reason or "a game entered twice"
            continue
        seen.add(played.game)
        journal.games.append(played)
    return journal, dropped, reason


def load(target: Path | None = None) -> tuple[Journal, str]:
    """The journal and "" or a one-line message; a damaged file is kept under a new name beside it (the entries
    that could be read are kept and written back). Never raises."""
    target = target or path()
    try:
        text = storage.read_text(target, MAX_BYTES)
        if text is None:
            return Journal(), ""
        journal, dropped, reason = parse(text)
    except ValueError as exc:
        aside = storage.move_aside(target)
        return Journal(), _("The journal of your games {file} was damaged ({error}; kept as {aside}); the statistics "
                            "start afresh.", file=target.name, error=exc, aside=aside.name) if aside else \
            _("The journal of your games {file} was damaged ({error}); the statistics start afresh.",
              file=target.name, error=exc)
    if not dropped:
        return journal, ""
    aside = storage.move_aside(target)
    return journal, dropped_line(dropped, target, reason, len(journal.games), aside, save(journal, target))


def save(journal: Journal, target: Path | None = None) -> str:
    try:
        storage.write_atomic(target or path(), to_json(journal))
        return ""
    except OSError as exc:
        return _("Could not save the journal of your games: {error}", error=exc)


def played_of(game: Game, game_id: str, date: str | None = None) -> Played:
    """The journal's line for a finished game (its daily date when it is a daily challenge, not yet scored)."""
    state = game.state
    result = game.result or {}
    day = daily.challenge_date(int(state["seed"]), str(state["difficulty"]))
    return Played(game=game_id, date=date or datetime.date.today().isoformat(), difficulty=str(state["difficulty"]),
                  score=int(result.get("score", 0)), outcome=str(result.get("outcome", "loss")),
                  level=str(result.get("level", "")), award=str(result.get("award") or ""),
                  how=str(result.get("how",
                                     "deck_exhausted")), attack=int(state["attack"]), turn=int(state["attack_turn"]),
                  fallen=tuple(n for n, defender in state["defenders"].items() if defender["status"] == "casualty"),
                  daily=day.isoformat() if day else "")


def enter(played: Played, target: Path | None = None) -> tuple[Played, str]:
    """Enter a finished game (once: a game already there is returned as it was entered). A daily challenge is
    the scored attempt of its day when no other is. Returns the entry and "" or a one-line message."""
    journal, msg = load(target)
    known = next((p for p in journal.games if p.game == played.game), None)
    if known is not None:
        return known, msg
    if played.daily and journal.scored_daily(played.daily) is None:
        played = Played(**{**asdict(played), "scored": True})
    journal.games.append(played)
    del journal.games[:-MAX_GAMES]
    err = save(journal, target)
    return played, "; ".join(m for m in (msg, err) if m)


# ---------------------------------------------------------------------------------------------- the statistics
@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    best: int | None = None
    total: int = 0

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


def _days(dates: set[str]) -> list[datetime.date]:
    return sorted(datetime.date.fromisoformat(d) for d in dates)


def longest_run(days: list[datetime.date]) -> int:
    """The longest run of consecutive days in ``days`` (sorted, no repeats)."""
    best = run = 0
    for i, day in enumerate(days):
        run = run + 1 if i and (day - days[i - 1]).days == 1 else 1
        best = max(best, run)
    return best


def current_run(days: list[datetime.date], today: datetime.date) -> int:
    """The run of consecutive days ending today, or yesterday when today's is still to be played."""
    have = set(days)
    day = today if today in have else today - datetime.timedelta(days=1)
    run = 0
    while day in have:
        run += 1
        day -= datetime.timedelta(days=1)
    return run


@dataclass
class Statistics:
    tallies: dict[str, Tally]
    scores: list[Played]  # every game, oldest first (the chart)
    levels: Counter[str]
    awards: Counter[str]
    morale_broke: Counter[int]  # games whose morale broke, by Attack
    fallen: Counter[str]  # defenders by the number of games they fell in
    best_wins: int  # the longest run of games won in a row
    daily_streak: int  # consecutive days with a daily challenge played, to today
    best_daily_streak: int

    @property
    def games(self) -> int:
        return len(self.scores)


def statistics(journal: Journal, today: datetime.date | None = None) -> Statistics:
    """Everything the Statistics screen shows, from the journal."""
    tallies = {d: Tally() for d in DIFFICULTIES}
    wins = best_wins = 0
    for p in journal.games:
        t = tallies.setdefault(p.difficulty, Tally())
        t.games += 1
        t.total += p.score
        t.best = p.score if t.best is None else max(t.best, p.score)
        if p.outcome == "win":
            t.wins += 1
        elif p.outcome == "draw":
            t.draws += 1
        else:
            t.losses += 1
        wins = wins + 1 if p.outcome == "win" else 0
        best_wins = max(best_wins, wins)
    days = _days({p.daily for p in journal.games if p.scored})
    return Statistics(
        tallies=tallies, scores=list(journal.games), levels=Counter(p.level for p in journal.games if p.level),
        awards=Counter(p.award for p in journal.games if p.award),
        morale_broke=Counter(p.attack for p in journal.games if p.how == "morale"),
        fallen=Counter(name for p in journal.games for name in p.fallen), best_wins=best_wins,
        daily_streak=current_run(days, today or daily.today()), best_daily_streak=longest_run(days))
