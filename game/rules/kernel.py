"""The kernel of the rules core: the state, the dice, the events and the task queue (no rule of its own).

Every rule module works on a :class:`Kernel` (the :class:`~game.rules.engine.Game` is one). All state lives in one
JSON-able dict (``Kernel.state``), the random generator included. Pending rule steps are a stack of small task
records (``state["tasks"]``) instead of Python frames, so a game can be saved in the middle of the Enemy Phase while
it waits for a suppression decision; the engine runs them through its table of task handlers.

Layers, each importing only the ones above it: ``kernel`` (this file), ``queries`` (read-only questions about the
board), ``scoring`` (7.0), ``effects`` (changes several sections share: casualties, removals, recovery, Tactics
notes), ``tactics`` (the Tactics decks, 8.x), then one module per part of the rulebook (``setup`` 2.x, ``enemy``
3.x, ``defense`` 4.x, ``clearing`` 5.x, ``escape`` 6.0), which never call each other: one phase hands over to the
next by pushing a task. ``engine`` sits at the bottom and holds the tables.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from game.i18n import N_, Lazy, Msg, Plural, Words
from game.rules.actions import Action, Listed
from game.rules.changes import CONTAINERS, Change, Path, plain_copy
from game.rules.data import Rules, default_rules
from game.rules.events import DiceRolled, DieRolled, Event
from game.rules.kinds import DecisionKindText, EventKind, EventKindText
from game.rules.names import carried_words, space_name, tokens_name
from game.rules.rng import Pcg32

# 2: the state's keys spelled out (``suppression``, a defender's ``exhausted`` and ``disrupted``, a counter's
# ``disrupted``; version 1 wrote ``supp``, ``exh`` and ``dis``): ``engine.migrate`` reads a version 1 save.
SAVE_VERSION = 2
# The stream of the generators keyed by what is rolled for (``Kernel.reseed``).
DICE_STREAM = 0x44494345
# The numbers the narration says in words ("up to four moves"): message ids, worded when read (Msg(NUMBERS[n])).
NUMBERS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"))


class Kernel:
    """The state of one game and the means to change it: events, dice, the task stack and the decision."""

    def __init__(self, state: dict[str, Any], rules: Rules | None = None) -> None:
        self.rules = rules or default_rules()
        self.state = state
        self.rng = Pcg32(state["rng"][0], state["rng"][1])
        self.events: list[Event] = []
        # The changes written since the last event: the next event emitted carries them (game/rules/changes.py).
        self.changes: list[Change] = []
        # The legal actions of the current decision, once listed (any task or decision clears it).
        self.legal_cache: Listed | None = None
        self.memo = self.rules.memo  # answers that depend only on the question and the rules data
        self.tokens_by_space: dict[str, list[str]] | None = None  # tokens by space, only while listing legal actions
        self.tops: list[tuple[str, str]] | None = None  # the stacks' top counters, only while listing (queries)

    @property
    def over(self) -> bool:
        return self.state["result"] is not None

    def take_events(self) -> list[Event]:
        """The events since the last call. Changes written after the last of them (no event followed) are
        added to it, so the events always carry every change; with no event at all they wait for the next."""
        events, self.events = self.events, []
        if events and self.changes:
            last = events[-1]
            events[-1] = Event(last.kind, last.section, last.said, last.data, last.changes + tuple(self.changes))
            self.changes = []
        self.state["rng"] = [self.rng.state, self.rng.inc]
        return events

    def emit(self, kind: EventKindText, section: str, said: str | Lazy, data: Mapping[str, Any], /) -> None:
        """Record an event of ``kind`` (rulebook ``section``, narration ``said``: a :class:`~game.i18n.Msg`
        worded when the event is read, in the reader's language) with its payload ``data``, built with the kind's
        ``TypedDict`` of :mod:`game.rules.events`; it carries the changes written since the event before (the rule
        writes, then says what it wrote)."""
        changes: tuple[Change, ...] = ()
        if self.changes:
            changes, self.changes = tuple(self.changes), []
        self.events.append(Event(kind, section, said, cast(dict[str, Any], data), changes))

    # ------------------------------------------------------------------ the mutators (game/rules/changes.py)
    # Each writes the state as ``apply_change`` would write the change it records (tests/test_playout.py holds a
    # copy fed only ``apply_change`` against the state after every decision), inline: the rollouts of the AI make
    # a thousand writes a game. The state keeps the object written; the change keeps a copy of its own.
    def put(self, path: Path, value: Any) -> None:
        """The entry at ``path`` becomes ``value`` (a new key if it was not there)."""
        parent: Any = self.state
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        record = plain_copy(value) if type(value) in CONTAINERS else value
        if last in parent:
            self.changes.append(("set", path, record, parent[last]))
        else:
            self.changes.append(("add", path, record, None))
        parent[last] = value

    def bump(self, path: Path, by: int) -> None:
        """The number at ``path`` grows by ``by`` (shrinks if negative)."""
        parent: Any = self.state
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        old = parent[last]
        self.changes.append(("set", path, old + by, old))
        parent[last] = old + by

    def drop(self, path: Path) -> None:
        """The key at ``path`` is removed."""
        parent: Any = self.state
        for key in path[:-1]:
            parent = parent[key]
        self.changes.append(("drop", path, None, parent.pop(path[-1])))

    def append(self, path: Path, item: Any) -> None:
        """``item`` goes at the end of the list at ``path`` (a new list if there was none)."""
        parent: Any = self.state
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        record = plain_copy(item) if type(item) in CONTAINERS else item
        items = parent.get(last)
        if items is None:
            self.changes.append(("add", path, [record], None))
            parent[last] = [item]
        else:
            self.changes.append(("insert", path, record, len(items)))
            items.append(item)

    def insert(self, path: Path, index: int, item: Any) -> None:
        """``item`` goes into the list at ``path`` before position ``index``."""
        items: Any = self.state
        for key in path:
            items = items[key]
        index = min(index, len(items))
        self.changes.append(("insert", path, plain_copy(item) if type(item) in CONTAINERS else item, index))
        items.insert(index, item)

    def remove(self, path: Path, item: Any) -> None:
        """The first ``item`` leaves the list at ``path`` (``ValueError`` if it is not there)."""
        items: Any = self.state
        for key in path:
            items = items[key]
        index = items.index(item)
        self.changes.append(("remove", path, item, index))
        del items[index]

    def d6(self, why: str | Lazy, section: str, key: str) -> int:
        """Roll a die for ``why`` (the narration's words); ``key`` names what it is for in the event's data
        (``target_table``, ``safety``...: words of no language)."""
        forced = self.state["forced"]
        value = int(forced.pop(0)) if forced else self.rng.below(6) + 1
        if not 1 <= value <= 6:
            raise ValueError(f"forced die value {value} is not 1 to 6 ({key})")
        self.emit(EventKind.DIE_ROLLED, section, Msg("Die for {why}: {value}", why=why, value=value),
                  DieRolled(dice=[value], why=key))
        return value

    def dice(self, n: int, why: str | Lazy, section: str, target: int, key: str) -> list[int]:
        """Roll ``n`` dice for ``why``; the ``dice_rolled`` event carries them, ``target`` (the number one die
        must reach: the defense rolled against) and ``key`` (what they are for, in words of no language)."""
        forced = self.state["forced"]
        values = []
        for _ in range(n):
            value = int(forced.pop(0)) if forced else self.rng.below(6) + 1
            if not 1 <= value <= 6:
                raise ValueError(f"forced die value {value} is not 1 to 6 ({key})")
            values.append(value)
        self.emit(EventKind.DICE_ROLLED, section, Plural("{n} die for {why}: {values}",
                                                         "{n} dice for {why}: {values}", n,
                                                 why=why, values=", ".join(map(str, values))),
                  DiceRolled(dice=values, why=key, target=target))
        return values

    def placement_die(self, die: str) -> int:
        """3.1.1: the placement die numbered 1-6 or 7-12."""
        forced = self.state["forced"]
        low = 1 if die == "1-6" else 7
        value = int(forced.pop(0)) if forced else self.rng.below(6) + low
        if not low <= value <= low + 5:
            raise ValueError(f"forced placement die value {value} is not on the {die} die")
        self.emit(EventKind.DIE_ROLLED, "3.1.1", Msg("Placement die ({die}): {value}", die=die, value=value),
                  DieRolled(dice=[value], why="placement", die=die))
        return value

    def where(self, space: str) -> str:
        """A space in the player's words (``ground floor, space 1-3``, ``track 1-2, space 3``)."""
        return space_name(self.rules, space)

    def carried(self, tokens: list[str] | tuple[str, ...]) -> str:
        """Tokens in the player's words (``light machine gun and ammunition``, without the article)."""
        return tokens_name(self.rules, tokens)

    def said_where(self, space: str) -> Words:
        """:meth:`where` worded when read, as a phrase of the narration (names.space_name)."""
        return Words(space_name, self.rules, space, True)

    def said_carried(self, tokens: list[str] | tuple[str, ...]) -> Words:
        """:meth:`carried` worded when read (the narration)."""
        return Words(carried_words, self.rules, tuple(tokens))

    def reseed(self, part: str) -> None:
        """Dice keyed by what they are rolled for (common random numbers).

        DECISION: the rulebook only asks for fair dice. Ours are drawn from a generator that is reseeded,
        before each enemy card, each Defense Phase action, each Clearing Phase, each turn and each Attack's
        set-up, from the game's dice key (its seed), the Attack, the turn of the Attack and what is rolled for
        (the card's number in the phase, the action's text and the counter and space it answers). Every die is
        still uniform and unpredictable without the seed, but two games of the same seed see the same luck
        wherever they roll for the same thing: the same enemy card gets the same placement and support dice,
        the same attack in the same turn the same dice, whatever was done before. So a seed is a fair challenge
        between two players, and the simulator's paired comparisons of two policies are about twice as precise
        (the score differences' variance halved over 200 seeded games)."""
        state = self.state
        key = int(state["dice_key"])
        text = f"{key}|{state['attack']}|{state['attack_turn']}|{part}"
        self.rng = Pcg32.seeded(zlib.crc32(text.encode()) << 32 | (key & 0xFFFFFFFF), DICE_STREAM)

    def push(self, task: list[Any]) -> None:
        """Schedule a rule step: a task name (a key of the engine's task table) and its JSON arguments."""
        self.state["tasks"].append(task)

    def push_all(self, tasks: list[list[Any]]) -> None:
        """Push so that the first task of ``tasks`` runs first."""
        for task in reversed(tasks):
            self.state["tasks"].append(task)

    def decide(self, kind: DecisionKindText, **data: Any) -> None:
        """Stop at a decision point of ``kind`` (a key of ``DECISION_KINDS``) with its data (the kernel's working
        memory: recorded by no change, game/rules/changes.py)."""
        self.state["decision"] = {"kind": kind, **data}
        self.legal_cache = None

    def decided(self) -> None:
        """The decision point is passed: the rules run on."""
        self.state["decision"] = None

    def listing(self, generate: Callable[[Kernel], Sequence[Action]]) -> Listed:
        """Run a legal-action generator with the tokens indexed by space for the time it runs; its actions as a
        :class:`Listed`."""
        tokens_by_space: dict[str, list[str]] = {}
        for token, space in self.state["tokens"].items():
            if space:
                tokens_by_space.setdefault(space, []).append(token)
        self.tokens_by_space = tokens_by_space
        try:
            listed = generate(self)
        finally:
            self.tokens_by_space = self.tops = None
        return listed if isinstance(listed, Listed) else Listed(listed)
