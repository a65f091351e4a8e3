"""The daily challenge's seed (issue 33): the same game for every player on a given day (UTC), another the next.

The seed is drawn from the date's text by SHA-256 (the first 8 bytes, less than 2**63 like every seed): it does
not depend on the machine, the language or the version of Python, and two dates give two different games."""

from __future__ import annotations

import datetime
import hashlib

SALT = "postmen daily challenge"  # (changing it would give every day another game)


def daily_seed(day: datetime.date) -> int:
    """The seed of ``day``'s challenge."""
    digest = hashlib.sha256(f"{SALT} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def today() -> datetime.date:
    """Today's date in UTC (the day every player shares)."""
    return datetime.datetime.now(datetime.UTC).date()
