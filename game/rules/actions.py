"""Player actions: small immutable values with a text form that round-trips (``Action.parse(str(a)) == a``)."""

from __future__ import annotations

import shlex
from typing import NamedTuple


class IllegalAction(ValueError):
    """The action is not legal at this decision point; the game state is left untouched."""


MAX_TEXT = 1000  # characters of an action's text form; the longest real one is under 60


class Action(NamedTuple):
    """One choice at a decision point: a kind and string arguments, e.g. ``move Konrad ground:2-3 lmg1``.

    Kinds: ``move`` (defender, destination, carried tokens...), ``shift`` (defender, token, destination: move a
    token without moving), ``end_moves``, ``attack`` (defender, enemy counter), ``grenade`` (defender, token),
    ``suppress`` (defender, assault space), ``recover`` (defender, exhausted|disrupted), ``command``
    (defender), ``rally`` (defender, exhausted|disrupted: a free recover given by a command), ``end_command``,
    ``end_actions``, ``spend`` (number of suppression tokens), ``remove`` (defender chosen as a casualty),
    ``escape`` (defender), ``end_escape``.
    """

    kind: str
    args: tuple[str, ...] = ()

    # A NamedTuple: cheap to create and hash (legal move lists can hold a thousand actions).

    def __str__(self) -> str:
        return " ".join(shlex.quote(part) for part in (self.kind, *self.args))

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text form (``kind arg ...``, shell quoting). Texts over :data:`MAX_TEXT` characters
        are refused unread: shlex's time grows with the square of a word's length."""
        if len(text) > MAX_TEXT:
            raise IllegalAction(f"cannot read an action of {len(text):,} characters (at most {MAX_TEXT})")
        try:
            parts = shlex.split(text)
        except ValueError as exc:
            raise IllegalAction(f"cannot read action {text!r}: {exc}") from None
        if not parts:
            raise IllegalAction("empty action")
        return cls(parts[0], tuple(parts[1:]))

    @classmethod
    def of(cls, kind: str, *args: object) -> Action:
        return cls(kind, tuple(str(a) for a in args))
