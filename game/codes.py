"""Game codes: a game, finished or in progress, as a short text a player hands to another (issue 33).

Every die of a game is drawn from its seed (``game/rules/rng.py``), so a game is its seed, its difficulty and the
decisions taken: replayed from ``Game.new(seed, difficulty)`` they give the same game, event for event. A code
writes each decision as its place in the legal actions of its moment (``Listed.index``: a small number, one byte
for most), the whole as a stream of unsigned varints::

    code version, rules mark (2 bytes), seed, difficulty, number of decisions, each decision's index

followed by a CRC-32 of those bytes (4 bytes), written in base 32 (RFC 4648, no padding: letters and the digits
2-7, read in either case, spaces and dashes ignored). A Standard game of about a hundred decisions is about 200
characters. The rules mark is a checksum of the rules data: a code made with other rules (another version of the
game) is refused, never replayed into a different game.

A code is refused in one line (:class:`CodeError`) when it is damaged (a character outside the alphabet, a wrong
checksum, cut short, bytes left over), of another version, or when a decision is not a legal choice of its moment.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.i18n import _
from game.rules import Action, Event, Game, IllegalAction
from game.rules.data import DIFFICULTIES, Rules, default_rules

CODE_VERSION = 1
MAX_CODE = 8192  # characters: a code longer than this is refused unread (a game takes a few hundred)
MAX_DECISIONS = 5000  # a game takes a few hundred at most
MAX_SEED = 2**63


class CodeError(ValueError):
    """A code that cannot be replayed; the message says why in one line."""


@dataclass(frozen=True)
class GameCode:
    """What a code holds: the seed, the difficulty and each decision as its index among the legal actions."""

    seed: int
    difficulty: str
    decisions: tuple[int, ...]


def _canonical(value: Any) -> str:
    """A text of ``value`` that is the same in every process (sets sorted: their order follows the hash seed)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ",".join(f"{f.name}={_canonical(getattr(value, f.name))}" for f in dataclasses.fields(value)
                          if f.compare)  # (not a cache kept beside the data)
        return f"{type(value).__name__}({fields})"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}" for k, v in value.items())) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(_canonical(v) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    return repr(value)


_marks: dict[int, tuple[Rules, int]] = {}  # by id, with the rules themselves (kept alive: the id stays theirs)


def rules_mark(rules: Rules) -> int:
    """A 16-bit checksum of the rules data (the same rules give the same mark in every process)."""
    kept = _marks.get(id(rules))
    if kept is None or kept[0] is not rules:
        kept = _marks[id(rules)] = (rules, zlib.crc32(_canonical(rules).encode()) & 0xFFFF)
    return kept[1]


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def varint(self, what: str, limit: int) -> int:
        n = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise CodeError(_("the code is cut short (a character or more missing at its end)"))
            byte = self.data[self.pos]
            self.pos += 1
            n |= (byte & 0x7F) << shift
            if n >= limit:
                raise CodeError(_("the code is damaged (a number in it is out of range)"))
            if not byte & 0x80:
                return n
            shift += 7


def pack(code: GameCode, rules: Rules | None = None) -> str:
    """The text of ``code`` (see the module's docstring)."""
    rules = rules or default_rules()
    mark = rules_mark(rules)
    body = bytearray(_varint(CODE_VERSION))
    body += bytes((mark >> 8, mark & 0xFF))
    body += _varint(code.seed)
    body += _varint(DIFFICULTIES.index(code.difficulty))
    body += _varint(len(code.decisions))
    for index in code.decisions:
        body += _varint(index)
    body += zlib.crc32(bytes(body)).to_bytes(4, "big")
    return base64.b32encode(bytes(body)).decode("ascii").rstrip("=")


def unpack(text: str, rules: Rules | None = None) -> GameCode:
    """The seed, difficulty and decisions a code holds; :class:`CodeError` when it is damaged or of another
    version (its decisions are not checked here: :func:`replay` does)."""
    if len(text) > MAX_CODE:
        raise CodeError(_("the code is too long ({n} characters; a game's code takes a few hundred)", n=len(text)))
    letters = "".join(text.split()).replace("-", "").upper()
    if not letters:
        raise CodeError(_("the code is empty"))
    try:
        data = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError):
        raise CodeError(_("this is not a game code (a character that is not part of a code: a code holds letters and "
                          "the digits 2 to 7)")) from None
    if len(data) < 5 or zlib.crc32(data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise CodeError(_("this is not a game code, or a damaged one (its checksum does not match: a character "
                          "changed or missing)"))
    if base64.b32encode(data).decode("ascii").rstrip("=") != letters:  # unused low bits of the last letter set
        raise CodeError(_("the code is damaged (its last character changed)"))
    reader = _Reader(data[:-4])
    version = reader.varint("version", 1 << 16)
    if version != CODE_VERSION:
        raise CodeError(_("the code was made by another version of Postmen (code version {version}; this one "
                          "reads version {mine})", version=version, mine=CODE_VERSION))
    if reader.pos + 2 > len(reader.data):
        raise CodeError(_("the code is cut short (a character or more missing at its end)"))
    mark = reader.data[reader.pos] << 8 | reader.data[reader.pos + 1]
    reader.pos += 2
    if mark != rules_mark(rules or default_rules()):
        raise CodeError(_("the code was made with other rules (another version of Postmen): it cannot be replayed "
                          "here"))
    seed = reader.varint("seed", MAX_SEED)
    difficulty = reader.varint("difficulty", len(DIFFICULTIES))
    count = reader.varint("number of decisions", MAX_DECISIONS + 1)
    decisions = tuple(reader.varint(f"decision {k + 1}", 1 << 32) for k in range(count))
    if reader.pos != len(reader.data):
        raise CodeError(_("the code is damaged (bytes left over after its last decision)"))
    return GameCode(seed, DIFFICULTIES[difficulty], decisions)


def of_history(seed: int, difficulty: str, history: list[str], rules: Rules | None = None,
               seen: Callable[[int, Game, list[Event]], object] | None = None) -> GameCode:
    """The code of the game of ``seed`` and ``difficulty`` whose decisions were ``history`` (action texts, a
    game's record): replayed from the seed, each found among the legal actions of its moment. ``ValueError`` if
    they do not replay. ``seen`` is told of each step as by :func:`replay`."""
    replayed = Game.new(seed, difficulty, rules=rules)
    replayed.keep_history = True  # (as replay's game: its positions are kept for watching)
    if seen is not None:
        seen(0, replayed, list(replayed.initial_events))
    decisions = []
    for text in history:
        legal = replayed.legal_actions()
        index = legal.position(Action.parse(text))
        decisions.append(index)
        events = replayed.apply(legal[index])
        if seen is not None:
            seen(len(decisions), replayed, events)
    return GameCode(seed, difficulty, tuple(decisions))


SNAP_EVERY = 16  # decisions between two positions kept (going to a decision replays at most this many)


@dataclass
class Replayed:
    """A code's game replayed once (``codes.replay``): the turn starts, the events of the set-up and of each
    decision (the story so far of any position) and the game every :data:`SNAP_EVERY` decisions, so that going to
    any decision of a long game (Back, a turn, an Attack) replays a few decisions, not the whole game (a goto in
    a game of several hundred decisions took up to 1.1 s)."""

    turns: list[tuple[int, int, int]] = field(default_factory=list)
    told: list[list[Event]] = field(default_factory=list)
    snaps: dict[int, Game] = field(default_factory=dict)

    @classmethod
    def of(cls, code: GameCode) -> Replayed:
        """The code's game replayed (or the one kept from the last :meth:`of` or :meth:`of_record` of this code:
        the review's Watch and the results' Watch again replay a game once)."""
        kept = _last_replayed.get(code)
        if kept is not None:
            return kept
        memo = cls()
        replay(code, seen=memo._keeper(len(code.decisions)))
        return memo._kept(code)

    @classmethod
    def of_record(cls, seed: int, difficulty: str, history: list[str]) -> GameCode:
        """The code of a game's record (:func:`of_history`), its replay kept for :meth:`of` from the same pass.
        ``ValueError`` if the decisions do not replay."""
        memo = cls()
        code = of_history(seed, difficulty, history, seen=memo._keeper(len(history)))
        memo._kept(code)
        return code

    def _keeper(self, decisions: int) -> Callable[[int, Game, list[Event]], None]:
        """What a replay of ``decisions`` decisions tells, kept: the events, a position every SNAP_EVERY, the
        turn starts."""
        seen: set[tuple[int, int]] = set()

        def keep(k: int, game: Game, events: list[Event]) -> None:
            self.told.append(events)
            if k % SNAP_EVERY == 0:
                self.snaps[k] = game.clone()
            turn = (int(game.state["attack"]), int(game.state["attack_turn"]))
            if turn not in seen and k < decisions and not game.over:  # the turn decision k+1 is taken in
                seen.add(turn)
                self.turns.append((k, *turn))
        return keep

    def _kept(self, code: GameCode) -> Replayed:
        _last_replayed.clear()
        _last_replayed[code] = self
        return self

    def game_at(self, code: GameCode, at: int) -> Game:
        """The game after ``at`` decisions: the nearest kept position, played on; its story so far kept on it
        (``Game.told``) and, at the start, its opening events."""
        k = max(s for s in self.snaps if s <= at)
        game = self.snaps[k].clone()
        game.keep_history = True
        for index in code.decisions[k:at]:
            game.apply(game.legal_actions()[index])
        game.events.clear()
        game.told = self.told[: at + 1]
        game.initial_events = self.told[0]
        return game


_last_replayed: dict[GameCode, Replayed] = {}  # the last game replayed for watching (one: a few MB at most)


def of_game(game: Game) -> GameCode:
    """The code of ``game`` so far (its record of decisions, ``keep_history``)."""
    return of_history(int(game.state["seed"]), str(game.state["difficulty"]), list(game.state["history"]),
                      game.rules)


def encode(game: Game) -> str:
    """The text code of ``game`` so far (finished or not)."""
    return pack(of_game(game), game.rules)


def replay(code: GameCode | str, rules: Rules | None = None,
           seen: Callable[[int, Game, list[Event]], object] | None = None) -> Game:
    """The game a code holds, replayed to its last decision; :class:`CodeError` when the code is damaged, of
    another version, or a decision is not a legal choice of its moment (or comes after the game's end).
    ``seen(k, game, events)``, when given, is told of the set-up (k 0, its events) and of each decision (k from 1:
    the game after it, its events): the replay scene keeps positions and the story so far from one pass."""
    rules = rules or default_rules()
    held = unpack(code, rules) if isinstance(code, str) else code
    game = Game.new(held.seed, held.difficulty, rules=rules)
    game.keep_history = True  # the replayed game keeps its record of decisions, as the game played did
    if seen is not None:
        seen(0, game, list(game.initial_events))
    for k, index in enumerate(held.decisions):
        if game.over:
            raise CodeError(_("the code is damaged (decision {n} comes after the end of the game)", n=k + 1))
        legal = game.legal_actions()
        if index >= len(legal):
            raise CodeError(_("the code is damaged (decision {n} is not a legal choice: {index} of {count})",
                              n=k + 1, index=index + 1, count=len(legal)))
        try:
            events = game.apply(legal[index])
        except IllegalAction as exc:  # (a legal action is always applied: this would be a bug, said in one line)
            raise CodeError(_("decision {n} could not be applied ({error})", n=k + 1, error=exc)) from None
        if seen is not None:
            seen(k + 1, game, events)
    return game


def verdict(game: Game, decisions: int) -> str:
    """One line: the replayed game's score and outcome (or its score so far)."""
    seed, difficulty = game.state["seed"], game.state["difficulty"]
    result = game.result
    if result is None:
        return (f"seed {seed}, {difficulty}: a game in progress, score now {game.score()} after {decisions} "
                f"decisions")
    return (f"seed {seed}, {difficulty}: score {result['score']}, {result['outcome']} ({result['how']}), "
            f"{decisions} decisions")
