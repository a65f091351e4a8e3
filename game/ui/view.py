"""The drawn position: a copy of the core's state that the animations advance event by event, so the board
shows what has been animated so far. Each event carries the changes the core wrote for it, and the view applies
them with the core's own reducer (``game/rules/changes.py``), whatever the event's kind; when the queue is done it
is replaced by a fresh copy of the core's state (the core is always the truth)."""

from __future__ import annotations

from typing import Any

from game.rules import Event
from game.rules.changes import KERNEL_MEMORY, apply_change, plain_copy, undo_change


class View:
    def __init__(self, state: dict[str, Any]) -> None:
        self.state: dict[str, Any] = {}
        self.version = 0  # bumped by every change of the drawn position (what the board's caches are keyed by)
        self.card = ""  # the enemy card being resolved: the last one put in play, kept after its Enemy Phase
        self.sync(state)

    def sync(self, state: dict[str, Any]) -> None:
        self.version += 1
        self.state = {k: plain_copy(v) for k, v in state.items() if k not in KERNEL_MEMORY}
        if self.state["in_play"]:
            self.card = self.state["in_play"][-1]

    def cards_left(self, deck: str) -> int:
        """The cards left in an Attack deck, as drawn so far."""
        return len(self.state["decks"][deck])

    def locations(self) -> dict[str, str]:
        """Every placed counter's space: a track or support space, a floor's interior, or where it is landing
        (the first place it is listed, tracks before interiors before support spaces before transit)."""
        s = self.state
        out: dict[str, str] = {}
        for space, stack in s["spaces"].items():
            for cid in stack:
                out.setdefault(cid, str(space))
        for floor, items in s["interior"].items():
            for cid in items:
                out.setdefault(cid, f"{floor}:interior")
        for space, stack in s["support"].items():
            for cid in stack:
                out.setdefault(cid, str(space))
        for cid, space in s["transit"].items():
            out.setdefault(cid, str(space))
        return out

    def where(self, cid: str) -> str:
        return self.locations().get(cid, "")

    def defenders_by_space(self) -> dict[str, list[str]]:
        """The defenders on the board, by space, in the state's order."""
        here: dict[str, list[str]] = {}
        for name, d in self.state["defenders"].items():
            if d["status"] == "board":
                here.setdefault(d["space"], []).append(name)
        return here

    def apply(self, event: Event) -> None:
        """Mirror one event on the drawn position: the changes the core wrote for it."""
        self.version += 1
        for change in event.changes:
            apply_change(self.state, change)
        if self.state["in_play"]:
            self.card = self.state["in_play"][-1]

    def rewind(self, events: list[Event]) -> None:
        """Step the drawn position back over ``events`` (the core's changes taken back, last first), so a new
        game's opening events can be played from the board as it stood before them."""
        self.version += 1
        for e in reversed(events):
            for change in reversed(e.changes):
                undo_change(self.state, change)
        self.card = self.state["in_play"][-1] if self.state["in_play"] else ""
