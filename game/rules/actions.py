"""Player actions: small immutable values with a text form that round-trips (``Action.parse(str(a)) == a``)."""

from __future__ import annotations

import shlex
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, overload


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


class Family(NamedTuple):
    """Many actions of one kind that share their first arguments (``head``) and differ by a choice from ``first``
    then one from ``second``: action ``j`` is ``kind head + first[j // len(second)] + second[j % len(second)]``
    (a defender's moves: each destination with each set of tokens he may carry). Every tuple of ``first`` has
    the same length."""

    kind: str
    head: tuple[str, ...]
    first: list[tuple[str, ...]]
    second: list[tuple[str, ...]]


class Listed(Sequence[Action]):
    """The legal actions of a decision, in their fixed order, kept as single actions and :class:`Family` blocks:
    its length, an action by its index and ``in`` cost no more than the blocks, so a random pick or a legality
    check does not build the hundreds of actions of a Defense Phase move; iterating builds each in turn.
    Immutable, equal to the list of the same actions."""

    __slots__ = ("_parts", "_starts", "_len", "_plain")

    def __init__(self, parts: Iterable[Action | Family] = (), plain: bool | None = None) -> None:
        self._parts: list[Action | Family] = list(parts)
        # only single actions (most decisions): the parts are the actions, no block to look up (``plain`` says so
        # when the caller knows)
        self._plain = not any(isinstance(part, Family) for part in self._parts) if plain is None else plain
        self._starts: list[int] = []
        self._len = len(self._parts)
        if not self._plain:
            kept: list[Action | Family] = []
            starts = self._starts
            n = 0
            for part in self._parts:
                if isinstance(part, Action):
                    kept.append(part)
                    starts.append(n)
                    n += 1
                else:
                    size = len(part.first) * len(part.second)
                    if size:
                        kept.append(part)
                        starts.append(n)
                        n += size
            self._parts, self._len = kept, n

    @classmethod
    def of_blocks(cls, parts: list[Action | Family], starts: list[int], length: int) -> Listed:
        """A listing made by a generator that kept the index of each part's first action itself (``starts``; no
        empty block among ``parts``) and the number of actions (``length``): nothing to count again."""
        listed = cls.__new__(cls)
        listed._parts, listed._starts, listed._len, listed._plain = parts, starts, length, False
        return listed

    def __len__(self) -> int:
        return self._len

    def blocks(self) -> list[Action | Family]:
        """The listing as it is kept: single actions and :class:`Family` blocks, in the listing's order (a reader
        that values a block's actions by their shared parts need not build each one)."""
        return list(self._parts)

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("legal action index out of range")
        if self._plain:
            return self._parts[i]  # type: ignore[return-value]  # plain: every part is an Action
        k = bisect_right(self._starts, i) - 1
        part = self._parts[k]
        if isinstance(part, Action):
            return part
        j = i - self._starts[k]
        n = len(part.second)
        return Action(part.kind, part.head + part.first[j // n] + part.second[j % n])

    def __iter__(self) -> Iterator[Action]:
        if self._plain:
            yield from self._parts  # type: ignore[misc]  # plain: every part is an Action
            return
        for part in self._parts:
            if isinstance(part, Action):
                yield part
            else:
                kind, head = part.kind, part.head
                for a in part.first:
                    base = head + a
                    for b in part.second:
                        yield Action(kind, base + b)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):  # a plain (kind, args) pair is found as in a list of actions
            if not (isinstance(action, tuple) and len(action) == 2 and isinstance(action[1], tuple)):
                return False
            action = Action(*action)
        if self._plain:
            return action in self._parts
        kind, args = action
        lead = args[0] if args else None
        for part in self._parts:
            if isinstance(part, Action):
                if part == action:
                    return True
            elif part.kind == kind and (not part.head or part.head[0] == lead) and args[:len(part.head)] == part.head:
                rest = args[len(part.head):]
                width = len(part.first[0])
                if rest[:width] in part.first and rest[width:] in part.second:
                    return True
        return False

    def position(self, action: Action) -> int:
        """The index of ``action`` in the listing (a game code's number for a decision, ``game/codes.py``);
        ``ValueError`` when it is not in it. Costs no more than the blocks, like ``in``."""
        if self._plain:
            return self._parts.index(action)
        kind, args = action
        for part, start in zip(self._parts, self._starts, strict=True):
            if isinstance(part, Action):
                if part == action:
                    return start
            elif part.kind == kind and args[:len(part.head)] == part.head:
                rest = args[len(part.head):]
                width = len(part.first[0])
                if rest[:width] in part.first and rest[width:] in part.second:
                    return start + part.first.index(rest[:width]) * len(part.second) + part.second.index(rest[width:])
        raise ValueError(f"{action} is not among the legal actions")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Listed, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Listed({list(self)!r})"
