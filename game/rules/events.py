"""Events: what happened, in order, rich enough to animate and to narrate. Each has a stable ``kind``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One rule application.

    ``kind`` is stable (e.g. ``card_revealed``, ``die_rolled``, ``counter_placed``, ``counter_advanced``,
    ``barrier_destroyed``, ``breach``, ``casualty``, ``morale_changed``, ``defense_shifted``); ``section`` is
    the rulebook section applied; ``text`` narrates it for the log; ``data`` carries plain JSON values.
    """

    kind: str
    section: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "section": self.section, "text": self.text, "data": self.data}

    def __str__(self) -> str:
        return f"[{self.section}] {self.text}"
