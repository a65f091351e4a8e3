"""The daily challenge (issue 33): the same game for every player on a given day (UTC), another the next.

The seed is drawn from the date's text by SHA-256 (the first 8 bytes, less than 2**63 like every seed): it does
not depend on the machine, the language or the version of Python, and two dates give two different games.
The challenge is played at Standard, the game as printed (DECISION: one difficulty, so that every player's score
of the day is comparable). A challenge's game is known by its seed: no other game has a seed that large (new
games draw theirs below a million), so a saved or continued challenge is still recognised as one."""

from __future__ import annotations

import datetime
import hashlib

SALT = "postmen daily challenge"  # (changing it would give every day another game)
DIFFICULTY = "standard"
LATE_DAYS = 30  # a challenge finished up to this many days after its date still counts as that day's attempt


def daily_seed(day: datetime.date) -> int:
    """The seed of ``day``'s challenge."""
    digest = hashlib.sha256(f"{SALT} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def today() -> datetime.date:
    """Today's date in UTC (the day every player shares)."""
    return datetime.datetime.now(datetime.UTC).date()


def challenge_date(seed: int, difficulty: str, day: datetime.date | None = None) -> datetime.date | None:
    """The date whose challenge a game of ``seed`` and ``difficulty`` is (looked for from ``day``, by default
    today, back :data:`LATE_DAYS` days), or None when it is not a daily challenge."""
    if difficulty != DIFFICULTY or seed < 1 << 20:
        return None
    day = day or today()
    for back in range(LATE_DAYS + 1):
        when = day - datetime.timedelta(days=back)
        if daily_seed(when) == seed:
            return when
    return None
