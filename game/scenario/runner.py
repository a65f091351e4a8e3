"""Scenarios: the rulebook's gameplay examples as executable tests.

DESIGN.md, section "Scenarios: the rulebook's examples as executable tests": *the core should read a scenario
file (TOML) that sets a position by semantic ids, forces the next dice values, applies actions, and states the
expected outcome; and a command runs one or many.* This module is that reader and that command::

    python -m game.scenario tests/scenarios            # every *.toml below the folder
    python -m game.scenario a.toml b.toml --events     # also print each scenario's event log

It prints ``PASS name`` or ``FAIL name: reason`` per scenario (``ERROR file: reason`` for a file that cannot be
read or understood) and exits with 1 if any scenario did not pass. :func:`run_file` does the same for one file.

File format (unknown keys are errors, so a misspelt expectation can never pass silently)::

    name = "3.1-leader-placement"      # default: the file name without .toml
    section = "3.1"                    # free text: the rulebook section, a description
    description = "..."
    seed = 0                           # seed of the game the position is built on (default 0)
    difficulty = "standard"            # standard | veteran | elite (8.1, 8.2)
    dice = [3, 4]                      # forced dice, consumed in order by every roll (placement dice: 1-12)
    allow_unused_dice = false          # else forced dice left over make the scenario fail
    allow_random_dice = false          # else a roll beyond the forced dice makes the scenario fail

    [position]                         # what is on the board; everything not listed is off it
    attack = 1                         # 1, 2 or 3
    turn = 1                           # and attack_turn = 1
    phase = "enemy"                    # turn_start | enemy | moves | actions | clearing | escape | turn_end
                                       # (turn_start: the turn `turn` begins, Tactics cards are dealt)
    morale = 9
    others = "casualty"                # defenders not listed: casualty | escaped | start (their set-up space)
    other_tokens = "removed"           # weapon/ammunition tokens not listed: removed | start
    enemy_cards = 5                    # phase "enemy": how many cards this Enemy Phase may still draw
    moves_used = 0                     # phases "moves"/"actions": moves and actions already spent
    actions_used = 0
    barriers_destroyed = [2]           # barrier tokens already placed
    bundles_shuffled = [2]             # grenade bundle cards already shuffled into a deck
    fire_truck_drawn = false
    extended = false                   # the Attack was extended (2.1/2.2: its discards were reshuffled)
    deck = ["leader:Heinrich", "1-07"] # the current Attack deck, top first: card ids or descriptions
    discards = []                      # the current Attack deck's discards
    decks = { "2" = ["howitzer"] }     # other Attack decks (default: empty)
    aside = ["grenade_bundle:1"]       # default: unused grenade bundles, and the fire truck before Attack 3
    defenders = { Kuntz = "ground:1", Gdaniec = { space = "ground:1-2", disrupted = true, exhausted = false } }
    tokens = { lmg3 = "ground:1-2", ammo5 = "ground:1-2" }
    track = { "3-4:3" = ["rifleman", "smg @s1"] }      # stacks bottom to top; `9-10:3` is `7:3`;
                                                       # `barrier:2` is the space adjacent to barrier 2,
                                                       # `barrier:2+1` the next one beyond it
    interior = { ground = ["smg disrupted", "leader:Gehrke"] }
    support = { B = ["mg", "mg_emplaced"] }
    cars = { car1 = "7:3" }
    suppression = { "7:2" = 3 }
    defense = { upper = 4, ground = "rightmost" }      # a value (its leftmost position) or leftmost/rightmost
    defense_index = { basement = 0 }                   # or the position itself (negative: from the right)
    tactics = { deck = ["assault", "breach"], in_play = ["smoke_screen"], discards = [] }
                                       # Veteran/Elite: the current Attack's Tactics deck (top first), the cards
                                       # in play (nearest the deck first) and its discards, as card ids (t1-03)
                                       # or card keys of levels/tactics.toml; every other Tactics card is
                                       # removed. Default: each Attack's Tactics deck in file order, none in play.
                                       # `next_deck`: the next Attack's Tactics deck (default: empty).

Card descriptions: ``assault:smg:1-6`` (or ``assault:smg``), ``leader:Heinrich``, ``support:A``, ``howitzer``,
``grenade_bundle:2``, ``fire_truck``; each is mapped to a distinct card id of ``levels/decks.toml``, preferring the
deck being built. Enemy counters are written ``type [@label] [disrupted|undisrupted]`` (types ``rifleman``,
``smg``, ``ss_rifleman``, ``ss_smg``, ``leader:Name``, ``mg``, ``mg_emplaced``, ``ig``, ``ig_emplaced``); a leader
is labelled by its name. Labels stand for counter ids in actions (``attack Gdaniec @s1``) and expectations; track
spaces in actions and event data may be written as aliases or ``barrier:N[+K]`` too.

Steps are applied through the public :meth:`Game.apply`; each is an action text, or a table::

    steps = [
      "attack Gdaniec @s1",
      { do = "end_moves", expect = { phase = "actions" } },     # expectations on that step's events and state
      { expect_illegal = "attack Gdaniec @Heinrich", reason = "not a legal" },  # must raise IllegalAction
      { check = { legal = ["attack Gdaniec @r2"] } },            # a check-point: events so far, state now
    ]

``[expect]`` (and every step's ``expect``/``check``) may hold: ``morale``, ``attack``, ``turn``, ``attack_turn``,
``phase``, ``decision`` (a kind, ``"none"``, or a table matched as a subset), ``over``, ``extended``, ``result``
(subset of the result dict), ``score``, ``defenders`` (name = ``casualty`` | ``escaped`` | a space | a table with
``status``, ``space``, ``disrupted``, ``exhausted``, ``moved``, ``acted``),
``track``/``interior``/``support``/``cars``/``suppression`` (as in the position; with ``exact = true``, the default,
unlisted places must be empty), ``barriers_destroyed``, ``bundles_shuffled``, ``defense``, ``defense_index``,
``tokens`` (id = space or ``removed``), ``events``/``no_events`` (kinds or tables ``{ kind = "casualty", defender =
"Kuntz" }``; ``events`` must occur in that order), ``deck``/``discards``/``aside`` (exact, top first),
``deck_contains``/``discards_contains``/``removed_contains``/``aside_contains``, ``deck_size``, ``counters_removed``
(labels), ``legal``/``illegal`` (actions), ``dice_left``, ``tactics_in_play``/``tactics_deck``/``tactics_discards``
(exact, Tactics card ids or keys: the cards in play, the current Attack's Tactics deck, and the discards of every
Attack's Tactics deck, Attack 1's first).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from game.rules.actions import Action, IllegalAction
from game.rules.data import DIFFICULTIES, Card, LevelError, Rules, default_rules
from game.rules.defense import start_actions, start_defense
from game.rules.enemy import CARDS_PER_ENEMY_PHASE
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.kinds import EventKind
from game.rules.toml_reader import Reader, load_toml
from game.rules.toml_reader import show as _show

PHASES = ("turn_start", "enemy", "moves", "actions", "clearing", "escape", "turn_end")
TACTIC_LISTS = ("tactics_in_play", "tactics_deck", "tactics_discards")
STATUSES = ("board", "casualty", "escaped")
MARKERS = ("disrupted", "exhausted", "moved", "acted")  # a defender's markers: the spec's fields and the state's keys
TOP_LEVEL_KEYS = ("name", "section", "description", "seed", "difficulty", "dice", "allow_unused_dice",
                  "allow_random_dice", "steps")
EVENT_KIND = re.compile(r"[a-z][a-z0-9_]*")


def _expect(out: list[str], what: str, wanted: Any, found: Any) -> None:
    """One line in ``out`` when ``found`` is not ``wanted``."""
    if wanted != found:
        out.append(f"{what}: expected {wanted!r}, found {found!r}")


class ScenarioError(ValueError):
    """The scenario file cannot be read or does not describe a valid scenario (one line, naming the key)."""


@dataclass
class ScenarioResult:
    """The outcome of one scenario: ``passed``, else a one-line ``reason``; ``error`` marks an unusable file."""

    name: str
    path: str
    passed: bool
    reason: str = ""
    error: bool = False
    events: list[Event] = field(default_factory=list, repr=False)
    game: Game | None = field(default=None, repr=False)

    def line(self) -> str:
        if self.passed:
            return f"PASS {self.name}"
        if self.error:
            where = self.path or self.name
            return f"ERROR {self.reason}" if self.reason.startswith(where) else f"ERROR {where}: {self.reason}"
        return f"FAIL {self.name}: {self.reason}"


# ---------------------------------------------------------------------------------------------- typed reading
def _top_level_hint(where: str, key: str) -> str:
    """A key of the top level written below a [table] header reads as a key of that table."""
    if where and key in TOP_LEVEL_KEYS:
        return "unknown key (a top-level key: in TOML it must come before the first [table] header)"
    return ""


def _table(data: Any, where: str) -> Reader:
    """Typed access to one table of a scenario file (the shared strict reader of
    :mod:`game.rules.toml_reader`): each getter checks the type and records the key, ``done()`` rejects
    every key that was not read, so a misspelt key is an error."""
    return Reader(data, where, "", ScenarioError, _top_level_hint)


# ---------------------------------------------------------------------------------------------- small parsers
@dataclass(frozen=True)
class _CounterSpec:
    """An enemy counter as written in a scenario: ``type [@label] [disrupted|undisrupted]``."""

    type: str  # "smg", "leader:Heinrich", "mg_emplaced", ...
    label: str = ""
    disrupted: bool | None = None

    def __str__(self) -> str:
        out = self.type + (f" @{self.label}" if self.label else "")
        if self.disrupted is not None:
            out += " disrupted" if self.disrupted else " undisrupted"
        return out


def _parse_counter(text: Any, where: str, rules: Rules, kinds: str) -> _CounterSpec:
    """``kinds`` is ``assault`` or ``support``."""
    if isinstance(text, dict):
        t = _table(text, where)
        ctype = t.str_("type")
        if ctype is None:
            raise ScenarioError(f"{where}.type: missing")
        spec = _CounterSpec(ctype, (t.str_("label") or "").lstrip("@"), t.bool_("disrupted"))
        t.done()
    elif isinstance(text, str):
        words = text.split()
        if not words:
            raise ScenarioError(f"{where}: empty counter")
        label = ""
        disrupted: bool | None = None
        for word in words[1:]:
            if word.startswith("@") and len(word) > 1 and not label:
                label = word[1:]
            elif word in ("disrupted", "undisrupted") and disrupted is None:
                disrupted = word == "disrupted"
            else:
                raise ScenarioError(f"{where}: cannot read {word!r} in {text!r} (expected @label, disrupted or "
                                    "undisrupted)")
        spec = _CounterSpec(words[0], label, disrupted)
    else:
        raise ScenarioError(f"{where}: expected a counter like 'smg @s1', found {_show(text)}")
    if kinds == "assault":
        if spec.type.startswith("leader:"):
            if spec.type[7:] not in rules.leaders:
                raise ScenarioError(f"{where}: unknown leader {spec.type[7:]!r} (leaders: "
                                    f"{', '.join(rules.leaders)})")
        elif spec.type not in rules.assault_types or spec.type == "leader":
            names = [t for t in rules.assault_types if t != "leader"] + ["leader:Name"]
            raise ScenarioError(f"{where}: unknown assault counter type {spec.type!r} (types: {', '.join(names)})")
    elif spec.type not in rules.support_types:
        raise ScenarioError(f"{where}: unknown support counter type {spec.type!r} (types: "
                            f"{', '.join(rules.support_types)})")
    return spec


def _counter_list(value: Any, where: str, rules: Rules, kinds: str) -> list[_CounterSpec]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list of counters, found {_show(value)}")
    return [_parse_counter(item, f"{where}[{i}]", rules, kinds) for i, item in enumerate(value)]


def _track_space(rules: Rules, text: str, where: str) -> str:
    """A track space: ``track:index`` (aliases of merged tracks allowed), or ``barrier:N`` for the space adjacent
    to barrier N and ``barrier:N+K`` for the K-th space beyond it (so a scenario can read like the rulebook)."""
    if text.startswith("barrier:"):
        number, _, ahead = text[8:].partition("+")
        try:
            barrier, steps = int(number), int(ahead or "0")
        except ValueError:
            raise ScenarioError(f"{where}: write barrier:N or barrier:N+K, not {text!r}") from None
        if barrier not in rules.barrier_space or steps < 0:
            raise ScenarioError(f"{where}: unknown barrier space {text!r}")
        space = rules.barrier_space[barrier]
        for _ in range(steps):
            space = rules.track_spaces[space].next
            if not space:
                raise ScenarioError(f"{where}: {text!r} lies beyond the end of the track")
        return space
    try:
        return rules.resolve_track_space(text)
    except KeyError:
        raise ScenarioError(f"{where}: unknown assault track space {text!r} (write track:index, e.g. '3-4:2', or "
                            "barrier:N)") from None


def card_matches(card: Card, spec: str) -> bool:
    """A card id, or a description whose parts are a prefix of the card's (``assault:smg`` matches both dice)."""
    if spec == card.id:
        return True
    parts = spec.split(":")
    return parts == card.spec.split(":")[: len(parts)]


def _known_card_spec(rules: Rules, spec: str) -> bool:
    return any(card_matches(c, spec) for c in rules.cards.values())


@dataclass(frozen=True)
class _EventSpec:
    kind: str
    data: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        if not self.data:
            return self.kind
        return f"{self.kind}({', '.join(f'{k}={v!r}' for k, v in self.data)})"


def _event_specs(t: Reader, key: str) -> list[_EventSpec] | None:
    """Event kinds (``casualty``) or tables ``{ kind = "casualty", defender = "Kuntz" }``."""
    items = t.list_(key)
    if items is None:
        return None
    out = []
    for i, item in enumerate(items):
        where = f"{t.path(key)}[{i}]"
        kind = item if isinstance(item, str) else item.get("kind") if isinstance(item, dict) else None
        if isinstance(item, dict) and not isinstance(kind, str):
            raise ScenarioError(f"{where}.kind: expected the event kind as a string")
        if not isinstance(kind, str):
            raise ScenarioError(f"{where}: expected an event kind or a table, found {_show(item)}")
        if not EVENT_KIND.fullmatch(kind):
            raise ScenarioError(f"{where}: {_show(kind)} is not an event kind (a word like 'casualty')")
        out.append(_EventSpec(kind, tuple(sorted((k, v) for k, v in item.items() if k != "kind"))
                              if isinstance(item, dict) else ()))
    return out


@dataclass
class _DefenderExpect:
    status: str | None = None
    space: str | None = None
    disrupted: bool | None = None
    exhausted: bool | None = None
    moved: bool | None = None
    acted: bool | None = None


def _defender_value(rules: Rules, value: Any, where: str) -> _DefenderExpect:
    """``casualty`` | ``escaped`` | a space | a table (``status``, ``space``, ``disrupted``, ``exhausted`` ...)."""
    if isinstance(value, str):
        if value in ("casualty", "escaped"):
            return _DefenderExpect(status=value)
        if value not in rules.space_floor:
            raise ScenarioError(f"{where}: unknown defender space {value!r}")
        return _DefenderExpect(status="board", space=value)
    t = _table(value, where)
    out = _DefenderExpect(t.str_("status"), t.str_("space"), t.bool_("disrupted"), t.bool_("exhausted"),
                          t.bool_("moved"), t.bool_("acted"))
    t.done()
    if out.status is not None and out.status not in STATUSES:
        raise ScenarioError(f"{where}.status: expected one of {', '.join(STATUSES)}")
    if out.space is not None:
        if out.space in ("casualty", "escaped"):
            out.status, out.space = out.space, None
        elif out.space not in rules.space_floor:
            raise ScenarioError(f"{where}.space: unknown defender space {out.space!r}")
        elif out.status is None:
            out.status = "board"
    return out


# ---------------------------------------------------------------------------------------------- expectations
CARD_LISTS = ("deck", "discards", "aside")
CARD_CONTAINS = ("deck_contains", "discards_contains", "removed_contains", "aside_contains")


@dataclass
class _Expect:
    """Parsed expectations; :meth:`check` returns one message per unmet expectation."""

    where: str
    ints: dict[str, int] = field(default_factory=dict)  # morale, attack, turn, attack_turn, score, ...
    phase: str | None = None
    decision: str | dict[str, Any] | None = None
    over: bool | None = None
    extended: bool | None = None
    result: dict[str, Any] | None = None
    defenders: dict[str, _DefenderExpect] = field(default_factory=dict)
    track: dict[str, list[_CounterSpec]] | None = None
    interior: dict[str, list[_CounterSpec]] | None = None
    support: dict[str, list[_CounterSpec]] | None = None
    cars: dict[str, str] | None = None
    suppression: dict[str, int] | None = None
    exact: bool = True
    barriers_destroyed: list[int] | None = None
    bundles_shuffled: list[int] | None = None
    defense: dict[str, int | str] = field(default_factory=dict)
    defense_index: dict[str, int | str] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    events: list[_EventSpec] | None = None
    no_events: list[_EventSpec] | None = None
    cards: dict[str, list[str]] = field(default_factory=dict)
    tactics: dict[str, list[str]] = field(default_factory=dict)
    counters_removed: list[str] | None = None
    legal: list[str] | None = None
    illegal: list[str] | None = None

    @classmethod
    def parse(cls, t: Reader, rules: Rules) -> _Expect:
        """The expectations of a scenario's ``[expect]`` table (or of one step's), every key checked."""
        e = cls(t.where)
        e._parse_state(t)
        e._parse_pieces(t, rules)
        e._parse_board(t, rules)
        e._parse_play(t, rules)
        t.done()
        return e

    def _parse_state(self, t: Reader) -> None:
        """The figures, phase, decision, end and result."""
        for key in ("morale", "attack", "turn", "attack_turn", "score", "deck_size", "dice_left"):
            value = t.int_(key)
            if value is not None:
                self.ints[key] = value
        self.phase = t.str_("phase")
        if self.phase is not None and self.phase not in (*PHASES, "over", "setup"):
            raise t.fail("phase", f"unknown phase {self.phase!r}")
        decision = t.raw("decision")
        if isinstance(decision, str):
            self.decision = decision
        elif decision is not None:
            dt = _table(decision, t.path("decision"))
            dt.used.update(dt.data)
            self.decision = dict(dt.data)
        self.over = t.bool_("over")
        self.extended = t.bool_("extended")
        result = t.table("result")
        if result is not None:
            result.used.update(result.data)
            self.result = dict(result.data)

    def _parse_pieces(self, t: Reader, rules: Rules) -> None:
        """Defenders, counters on tracks, interiors and support spaces, cars and suppression."""
        defenders = t.table("defenders")
        if defenders is not None:
            for name in defenders.data:
                if name not in rules.defenders:
                    raise defenders.fail(name, "unknown defender")
                self.defenders[name] = _defender_value(rules, defenders.raw(name), defenders.path(name))
        track = t.table("track")
        if track is not None:
            self.track = {}
            for key in track.data:
                space = _track_space(rules, key, track.path(key))
                self.track[space] = _counter_list(track.raw(key), track.path(key), rules, "assault")
        interior = t.table("interior")
        if interior is not None:
            self.interior = {}
            for key in interior.data:
                if key not in rules.floors:
                    raise interior.fail(key, f"unknown floor (floors: {', '.join(rules.floors)})")
                self.interior[key] = _counter_list(interior.raw(key), interior.path(key), rules, "assault")
        support = t.table("support")
        if support is not None:
            self.support = {}
            for key in support.data:
                if key not in rules.support_spaces:
                    raise support.fail(key, "unknown support space")
                self.support[key] = _counter_list(support.raw(key), support.path(key), rules, "support")
        cars = t.table("cars")
        if cars is not None:
            self.cars = {}
            for key in cars.data:
                value = cars.get(key, str)
                self.cars[key] = value if value in ("", "none") else _track_space(rules, value, cars.path(key))
        supp = t.table("suppression")
        if supp is not None:
            self.suppression = {}
            for key in supp.data:
                self.suppression[_track_space(rules, key, supp.path(key))] = int(supp.get(key, int))

    def _parse_board(self, t: Reader, rules: Rules) -> None:
        """Exactness, barriers, bundles, defense values and tokens."""
        self.exact = bool(t.bool_("exact", True))
        self.barriers_destroyed = t.int_list("barriers_destroyed")
        self.bundles_shuffled = t.int_list("bundles_shuffled")
        self.defense = _defense_table(t, "defense", rules, allow_names=True)
        self.defense_index = _defense_table(t, "defense_index", rules, allow_names=False)
        tokens = t.table("tokens")
        if tokens is not None:
            for key in tokens.data:
                value = tokens.get(key, str)
                if key not in _token_ids(rules):
                    raise tokens.fail(key, "unknown weapon or ammunition token")
                if value not in ("", "removed") and value not in rules.space_floor:
                    raise tokens.fail(key, f"unknown space {value!r}")
                self.tokens[key] = "" if value == "removed" else value

    def _parse_play(self, t: Reader, rules: Rules) -> None:
        """Events that must come (or not), cards, Tactics piles, counters removed, legal and illegal actions."""
        self.events = _event_specs(t, "events")
        self.no_events = _event_specs(t, "no_events")
        for key in (*CARD_LISTS, *CARD_CONTAINS):
            specs = t.str_list(key)
            if specs is not None:
                for i, spec in enumerate(specs):
                    if not _known_card_spec(rules, spec):
                        raise ScenarioError(f"{t.path(key)}[{i}]: no card matches {spec!r}")
                self.cards[key] = specs
        for key in TACTIC_LISTS:
            specs = t.str_list(key)
            if specs is not None:
                for i, spec in enumerate(specs):
                    if spec not in rules.tactics and all(c.key != spec for c in rules.tactics.values()):
                        raise ScenarioError(f"{t.path(key)}[{i}]: no Tactics card matches {spec!r}")
                self.tactics[key] = specs
        self.counters_removed = t.str_list("counters_removed")
        self.legal = t.str_list("legal")
        self.illegal = t.str_list("illegal")

    # -------------------------------------------------------------------------- checking
    def check(self, run: _Run, events: list[Event]) -> list[str]:
        """Every expectation of the scenario against the game it ran: one line per mismatch."""
        out: list[str] = []
        self._check_state(run, out)
        self._check_defenders(run, out)
        self._check_board(run, out)
        self._check_play(run, events, out)
        return out

    def _check_state(self, run: _Run, out: list[str]) -> None:
        """The figures, phase, decision, end and result expected."""
        game, state = run.game, run.game.state
        expect = partial(_expect, out)
        values: dict[str, Callable[[], Any]] = {
            "morale": lambda: state["morale"], "attack": lambda: state["attack"], "turn": lambda: state["turn"],
            "attack_turn": lambda: state["attack_turn"], "score": game.score,
            "deck_size": lambda: len(state["decks"][str(state["attack"])]), "dice_left": lambda: len(state["forced"]),
        }
        for key, wanted in self.ints.items():
            expect(key, wanted, values[key]())
        if self.phase is not None:
            expect("phase", self.phase, state["phase"])
        if self.decision is not None:
            dec = state["decision"]
            if isinstance(self.decision, str):
                expect("decision", self.decision, dec["kind"] if dec else "none")
            elif dec is None:
                out.append(f"decision: expected {self.decision!r}, found none")
            else:
                for key, wanted in self.decision.items():
                    expect(f"decision.{key}", run.resolve_value(wanted), dec.get(key))
        if self.over is not None:
            expect("over", self.over, game.over)
        if self.extended is not None:
            expect("extended", self.extended, state["extended"])
        if self.result is not None:
            if state["result"] is None:
                out.append(f"result: expected {self.result!r}, but the game is not over")
            else:
                for key, wanted in self.result.items():
                    expect(f"result.{key}", wanted, state["result"].get(key))

    def _check_defenders(self, run: _Run, out: list[str]) -> None:
        """Each defender expected: status, space and flags."""
        state = run.game.state
        expect = partial(_expect, out)
        for name, d in self.defenders.items():
            actual = state["defenders"][name]
            if d.status is not None:
                expect(f"{name} status", d.status, actual["status"])
            if d.space is not None and actual["status"] == "board":
                expect(f"{name} space", d.space, actual["space"])
            for flag in MARKERS:
                wanted_flag = getattr(d, flag)
                if wanted_flag is not None:
                    expect(f"{name} {flag}", wanted_flag, actual[flag])

    def _check_board(self, run: _Run, out: list[str]) -> None:
        """The counters, cars, suppression, barriers, bundles, defense values and tokens expected."""
        state, rules = run.game.state, run.game.rules
        expect = partial(_expect, out)
        if self.track is not None:
            self._check_places(run, "track", self.track, state["spaces"], True, out)
        if self.interior is not None:
            self._check_places(run, "interior", self.interior, state["interior"], False, out)
        if self.support is not None:
            self._check_places(run, "support", self.support, state["support"], True, out)
        if self.cars is not None:
            for car, where_car in self.cars.items():
                expect(f"cars.{car}", "" if where_car == "none" else where_car, state["cars"].get(car, ""))
            if self.exact:
                extra = sorted(c for c in state["cars"] if c not in self.cars)
                if extra:
                    shown = ", ".join(f"{c} on {state['cars'][c]}" for c in extra)
                    out.append(f"cars: unexpected {shown}")
        if self.suppression is not None:
            spaces = set(self.suppression) | (set(state["suppression"]) if self.exact else set())
            for space in sorted(spaces):
                expect(f"suppression on {space}", self.suppression.get(space, 0), state["suppression"].get(space, 0))
        if self.barriers_destroyed is not None:
            expect("barriers_destroyed", sorted(self.barriers_destroyed), sorted(state["barriers_open"]))
        if self.bundles_shuffled is not None:
            expect("bundles_shuffled", sorted(self.bundles_shuffled), sorted(state["bundles_shuffled"]))
        for floor, wanted_def in self.defense.items():
            track = rules.floors[floor].defense
            index = state["defense"][floor]
            if wanted_def == "rightmost":
                expect(f"defense.{floor} position", len(track) - 1, index)
            elif wanted_def == "leftmost":
                expect(f"defense.{floor} position", 0, index)
            else:
                expect(f"defense.{floor}", wanted_def, track[index])
        for floor, wanted_index in self.defense_index.items():
            expect(f"defense_index.{floor}", int(wanted_index) % len(rules.floors[floor].defense),
                   state["defense"][floor])
        for token, space in self.tokens.items():
            found = state["tokens"].get(token, "")
            expect(f"token {token}", space or "removed", found or "removed")

    def _check_play(self, run: _Run, events: list[Event], out: list[str]) -> None:
        """The events that came (or must not have), the cards, the Tactics piles, the counters removed, the legal
        and illegal actions."""
        game, state, rules = run.game, run.game.state, run.game.rules
        if self.events is not None:
            _check_event_order(run, self.events, events, out)
        if self.no_events is not None:
            for spec in self.no_events:
                hits = [event for event in events if _event_matches(run, spec, event)]
                if hits:
                    out.append(f"no_events: {spec} occurred: {hits[0].text}")
        self._check_cards(run, out)
        tactics = state["tactics"]
        piles = {"tactics_in_play": tactics["in_play"], "tactics_deck": tactics["decks"][str(state["attack"])],
                 "tactics_discards": [c for a in ("1", "2", "3") for c in tactics["discards"][a]]}
        for key, specs in self.tactics.items():
            pile = piles[key]
            if len(specs) != len(pile) or any(c != spec and rules.tactics[c].key != spec
                                              for c, spec in zip(pile, specs, strict=True)):
                shown = ", ".join(f"{rules.tactics[c].key} ({c})" for c in pile) or "empty"
                out.append(f"{key}: expected [{', '.join(specs)}], found [{shown}]")
        if self.counters_removed is not None:
            for label in self.counters_removed:
                cid = run.label_id(label)
                if cid in state["counters"]:
                    out.append(f"counters_removed: @{label.lstrip('@')} ({cid}) is still on "
                               f"{game.counter_space(cid)!r}")
        legal = game.legal_actions()
        for text in self.legal or []:
            action = run.action(text)
            if action not in legal:
                out.append(f"legal: {action} is not legal now (decision {_decision_kind(game)})")
        for text in self.illegal or []:
            action = run.action(text)
            if action in legal:
                out.append(f"illegal: {action} is legal now")

    def _check_places(self, run: _Run, what: str, wanted: dict[str, list[_CounterSpec]],
                      actual: dict[str, list[str]], ordered: bool, out: list[str]) -> None:
        places = list(wanted)
        if self.exact:
            places += sorted(p for p, stack in actual.items() if stack and p not in wanted)
        for place in places:
            specs = wanted.get(place, [])
            stack = list(actual.get(place, []))
            ok = _stack_matches(run, specs, stack) if ordered else _bag_matches(run, specs, stack)
            if not ok:
                shown = "[" + ", ".join(run.describe(cid) for cid in stack) + "]"
                out.append(f"{what} {place}: expected [{', '.join(map(str, specs))}], found {shown}")

    def _check_cards(self, run: _Run, out: list[str]) -> None:
        state, rules = run.game.state, run.game.rules
        attack = str(state["attack"])
        piles = {"deck": state["decks"][attack], "discards": state["discards"][attack], "aside": state["aside"],
                 "removed": state["removed"]}
        for key, specs in self.cards.items():
            pile_name = key.removesuffix("_contains")
            pile = piles[pile_name]
            shown = ", ".join(rules.cards[c].spec for c in pile) or "empty"
            if key in CARD_LISTS:
                ok = len(specs) == len(pile) and all(card_matches(rules.cards[c], sp)
                                                     for c, sp in zip(pile, specs, strict=True))
                if not ok:
                    out.append(f"{key}: expected [{', '.join(specs)}], found [{shown}]")
            else:
                left = list(pile)
                for spec in specs:
                    hit = next((c for c in left if card_matches(rules.cards[c], spec)), None)
                    if hit is None:
                        out.append(f"{key}: no {spec} in the {pile_name} pile [{shown}]")
                    else:
                        left.remove(hit)


def _decision_kind(game: Game) -> str:
    dec = game.state["decision"]
    return str(dec["kind"]) if dec else "none"


def _defense_table(t: Reader, key: str, rules: Rules, allow_names: bool) -> dict[str, int | str]:
    table = t.table(key)
    out: dict[str, int | str] = {}
    if table is None:
        return out
    for floor in table.data:
        if floor not in rules.floors:
            raise table.fail(floor, f"unknown floor (floors: {', '.join(rules.floors)})")
        value = table.get(floor, (int, str))
        track = rules.floors[floor].defense
        if isinstance(value, str):
            if not allow_names or value not in ("leftmost", "rightmost"):
                raise table.fail(floor, "expected a defense value, 'leftmost' or 'rightmost'" if allow_names
                                 else "expected a position index")
        elif allow_names and value not in track:
            raise table.fail(floor, f"{value} is not on the {floor} defense track {list(track)}")
        elif not allow_names and not -len(track) <= value < len(track):
            raise table.fail(floor, f"position {value} is not on the {floor} defense track {list(track)}")
        out[floor] = value
    return out


def _token_ids(rules: Rules) -> list[str]:
    return [*rules.weapons, *(f"ammo{i}" for i in range(1, len(rules.ammunition) + 1))]


def _spec_matches(run: _Run, spec: _CounterSpec, cid: str) -> bool:
    c = run.game.state["counters"].get(cid)
    if c is None:
        return False
    ctype = f"leader:{c['name']}" if c["type"] == "leader" else c["type"]
    if spec.type != ctype:
        return False
    if spec.label and run.labels.get(spec.label) != cid:
        return False
    return spec.disrupted is None or spec.disrupted == bool(c["disrupted"])


def _stack_matches(run: _Run, specs: list[_CounterSpec], stack: list[str]) -> bool:
    return len(specs) == len(stack) and all(_spec_matches(run, sp, c) for sp, c in zip(specs, stack, strict=True))


def _bag_matches(run: _Run, specs: list[_CounterSpec], items: list[str]) -> bool:
    if len(specs) != len(items):
        return False
    left = list(items)
    # the most specific specs first, so that a bare type never takes the counter a label asks for
    for spec in sorted(specs, key=lambda sp: (not sp.label, sp.disrupted is None)):
        hit = next((c for c in left if _spec_matches(run, spec, c)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def _event_matches(run: _Run, spec: _EventSpec, event: Event) -> bool:
    if event.kind != spec.kind:
        return False
    return all(key in event.data and event.data[key] == run.resolve_value(value) for key, value in spec.data)


def _check_event_order(run: _Run, specs: list[_EventSpec], events: list[Event], out: list[str]) -> None:
    i = 0
    for n, spec in enumerate(specs, start=1):
        while i < len(events) and not _event_matches(run, spec, events[i]):
            i += 1
        if i >= len(events):
            same = [e for e in events if e.kind == spec.kind]
            seen = "; ".join(e.text for e in same[:6]) or "none"
            out.append(f"events: expected #{n} {spec} (in order after the previous ones) did not occur; "
                       f"{spec.kind} events: {seen}")
            return
        i += 1


# ---------------------------------------------------------------------------------------------- a running scenario
@dataclass
class _Step:
    where: str
    action: str = ""
    illegal: bool = False
    reason: str = ""
    expect: _Expect | None = None


class _Run:
    """A built position and the labels of its counters."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.labels: dict[str, str] = {}

    def label_id(self, label: str) -> str:
        name = label.lstrip("@")
        if name not in self.labels:
            known = ", ".join(f"@{k}" for k in sorted(self.labels)) or "none"
            raise ScenarioError(f"unknown counter label @{name} (labels: {known})")
        return self.labels[name]

    def resolve_value(self, value: Any) -> Any:
        if isinstance(value, str):
            if value.startswith("@") and len(value) > 1:
                return self.label_id(value)
            if value in self.game.rules.aliases:
                return self.game.rules.aliases[value]
            if value.startswith("barrier:"):
                return _track_space(self.game.rules, value, "space")
        return value

    def action(self, text: str) -> Action:
        try:
            action = Action.parse(text)
        except IllegalAction as exc:
            raise ScenarioError(str(exc)) from None
        return Action(action.kind, tuple(str(self.resolve_value(a)) for a in action.args))

    def describe(self, cid: str) -> str:
        c = self.game.state["counters"].get(cid)
        if c is None:
            return f"?{cid}"
        out = f"leader:{c['name']}" if c["type"] == "leader" else str(c["type"])
        label = next((k for k, v in self.labels.items() if v == cid), "")
        if label and label != c["name"]:
            out += f" @{label}"
        return out + (" disrupted" if c["disrupted"] else "")


@dataclass
class Scenario:
    """A parsed scenario: position table, forced dice, steps and final expectations."""

    name: str
    path: str
    seed: int
    dice: list[int]
    position: Reader
    steps: list[_Step]
    expect: _Expect | None
    allow_unused_dice: bool
    allow_random_dice: bool
    difficulty: str = "standard"


def parse_scenario(data: dict[str, Any], name: str, path: str = "", rules: Rules | None = None) -> Scenario:
    """Check a scenario's shape (raises :class:`ScenarioError`); the position itself is read by :func:`build`."""
    rules = rules or default_rules()
    top = _table(data, "")
    name = top.str_("name") or name
    top.str_("section")
    top.str_("description")
    seed = top.int_("seed", 0) or 0
    difficulty = top.str_("difficulty", "standard") or "standard"
    if difficulty not in DIFFICULTIES:
        raise ScenarioError(f"difficulty: expected one of {', '.join(DIFFICULTIES)}, found {difficulty!r}")
    dice = top.int_list("dice") or []
    for i, value in enumerate(dice):
        if not 1 <= value <= 12:
            raise ScenarioError(f"dice[{i}]: {value} is not a die face (1-6, placement dice 1-12)")
    position = top.table("position")
    if position is None:
        raise ScenarioError("position: missing")
    steps: list[_Step] = []
    for i, item in enumerate(top.list_("steps") or []):
        where = f"steps[{i}]"
        if isinstance(item, str):
            steps.append(_Step(where, item))
            continue
        st = _table(item, where)
        do, illegal = st.str_("do"), st.str_("expect_illegal")
        check = st.table("check")
        exp = st.table("expect")
        if sum(x is not None for x in (do, illegal, check)) != 1:
            raise ScenarioError(f"{where}: give exactly one of do, expect_illegal, check")
        if check is not None and exp is not None:
            raise ScenarioError(f"{where}: a check step takes its expectations in check")
        step = _Step(where, do or illegal or "", illegal is not None, st.str_("reason") or "")
        table = check or exp
        if table is not None:
            step.expect = _Expect.parse(table, rules)
        st.done()
        steps.append(step)
    exp_table = top.table("expect")
    allow_unused = bool(top.bool_("allow_unused_dice", False))
    expect = None
    if exp_table is not None:
        # allow_unused_dice may also be written among the expectations
        allow_unused = bool(exp_table.bool_("allow_unused_dice", allow_unused))
        expect = _Expect.parse(exp_table, rules)
    allow_random = bool(top.bool_("allow_random_dice", False))
    top.done()
    return Scenario(name, path, seed, dice, position, steps, expect, allow_unused, allow_random, difficulty)


# ---------------------------------------------------------------------------------------------- building a position
def build(scenario: Scenario, rules: Rules | None = None) -> tuple[_Run, list[Event]]:
    """Set up the scenario's position on a new game and run it to its first decision point.

    Returns the run (game and labels) and the events of that first run. Raises :class:`ScenarioError` when the
    position is not valid."""
    rules = rules or default_rules()
    game = Game.new(scenario.seed, scenario.difficulty, rules=rules)
    run = _Run(game)
    p = scenario.position
    state = game.state
    attack = p.int_("attack", 1) or 1
    if attack not in (1, 2, 3):
        raise p.fail("attack", "expected 1, 2 or 3")
    phase = p.str_("phase")
    if phase not in PHASES:
        raise p.fail("phase", f"expected one of {', '.join(PHASES)}")
    if phase == "escape" and attack != 3:
        raise p.fail("phase", "the Escape Phase is played in Attack 3 only (6.0)")
    state["attack"] = attack
    state["turn"] = p.int_("turn", 1, lo=1, hi=99)
    state["attack_turn"] = p.int_("attack_turn", 1, lo=1, hi=99)
    morale = p.int_("morale", rules.morale_start)
    if morale is None or not 1 <= morale <= rules.morale_max:
        raise p.fail("morale", f"expected 1 to {rules.morale_max}")
    state["morale"] = morale
    state.update(tasks=[], decision=None, result=None, in_play=[], drawn=0, moves=0, actions=0, moved_floor=[],
                 forced=list(scenario.dice), fire_truck_drawn=bool(p.bool_("fire_truck_drawn", False)),
                 extended=bool(p.bool_("extended", False)))
    _build_defenders(p, run)
    _build_tokens(p, run)
    state["barriers_open"] = sorted(set(p.int_list("barriers_destroyed") or []))
    state["bundles_shuffled"] = sorted(set(p.int_list("bundles_shuffled") or []))
    for b in (*state["barriers_open"], *state["bundles_shuffled"]):
        if b not in rules.barriers:
            raise p.fail("barriers_destroyed", f"unknown barrier {b}")
    _build_enemies(p, run)
    _build_cards(p, run)
    _build_tactics(p, run)
    for key, allow_names in (("defense", True), ("defense_index", False)):
        for floor, value in _defense_table(p, key, rules, allow_names).items():
            track = rules.floors[floor].defense
            if value == "rightmost":
                state["defense"][floor] = len(track) - 1
            elif value == "leftmost":
                state["defense"][floor] = 0
            elif allow_names:
                state["defense"][floor] = track.index(int(value))
            else:
                state["defense"][floor] = int(value) % len(track)
    enemy_cards = p.int_("enemy_cards", CARDS_PER_ENEMY_PHASE)
    if enemy_cards is None or not 0 <= enemy_cards <= CARDS_PER_ENEMY_PHASE:
        raise p.fail("enemy_cards", f"expected 0 to {CARDS_PER_ENEMY_PHASE}")
    moves_used = p.int_("moves_used", 0, lo=0, hi=9) or 0
    actions_used = p.int_("actions_used", 0, lo=0, hi=9) or 0
    if phase != "enemy" and p.has("enemy_cards"):
        raise p.fail("enemy_cards", "only for phase = \"enemy\"")
    p.done()
    game.legal_cache = None
    try:
        if phase == "turn_start":
            state["turn"] -= 1
            state["attack_turn"] -= 1
            state["tasks"] = [["turn_start"]]
        elif phase == "enemy":
            state["phase"] = "enemy"
            state["drawn"] = CARDS_PER_ENEMY_PHASE - enemy_cards
            state["tasks"] = [["draw"]]
        elif phase == "moves":
            start_defense(game)
            state["moves"], state["actions"] = moves_used, actions_used
        elif phase == "actions":
            state["moves"], state["actions"] = moves_used, actions_used
            start_actions(game)
        elif phase == "clearing":
            state["tasks"] = [["clearing"]]
        elif phase == "escape":
            state["tasks"] = [["after_clearing"]]
        else:
            state["phase"] = "turn_end"
            state["tasks"] = [["turn_end"]]
        game.run()
    finally:
        events = game.take_events()
    game.legal_cache = None
    return run, events


def _build_defenders(p: Reader, run: _Run) -> None:
    game, state, rules = run.game, run.game.state, run.game.rules
    others = p.str_("others", "casualty")
    if others not in ("casualty", "escaped", "start"):
        raise p.fail("others", "expected casualty, escaped or start")
    for name, defender in state["defenders"].items():
        defender.update(space=rules.defenders[name].start, status="board" if others == "start" else others,
                        exhausted=False,
                        disrupted=False, moved=False, acted=False)
    table = p.table("defenders")
    for name in table.data if table is not None else []:
        assert table is not None
        if name not in rules.defenders:
            raise table.fail(name, "unknown defender")
        spec = _defender_value(rules, table.raw(name), table.path(name))
        defender = state["defenders"][name]
        if spec.status is not None:
            defender["status"] = spec.status
        if spec.space is not None:
            defender["space"] = spec.space
        elif spec.status == "board" or spec.status is None:
            raise table.fail(name, "give the defender's space")
        for flag in MARKERS:
            value = getattr(spec, flag)
            if value is not None:
                defender[flag] = value
    for space, sp in rules.defender_spaces.items():
        here = game.defenders_in(space)
        if len(here) > sp.capacity:
            raise p.fail("defenders", f"{len(here)} defenders in {space}, which holds {sp.capacity}: "
                         f"{', '.join(here)}")


def _build_tokens(p: Reader, run: _Run) -> None:
    state, rules = run.game.state, run.game.rules
    other = p.str_("other_tokens", "removed")
    if other not in ("removed", "start"):
        raise p.fail("other_tokens", "expected removed or start")
    starts = {**{w: wd.start for w, wd in rules.weapons.items()},
              **{f"ammo{i}": sp for i, sp in enumerate(rules.ammunition, start=1)}}
    state["tokens"] = {t: (starts[t] if other == "start" else "") for t in _token_ids(rules)}
    table = p.table("tokens")
    for token in table.data if table is not None else []:
        assert table is not None
        space = table.get(token, str)
        if token not in state["tokens"]:
            raise table.fail(token, f"unknown token (tokens: {', '.join(_token_ids(rules))})")
        if space not in ("", "removed") and space not in rules.space_floor:
            raise table.fail(token, f"unknown space {space!r}")
        state["tokens"][token] = "" if space == "removed" else space


def _build_enemies(p: Reader, run: _Run) -> None:
    state, rules = run.game.state, run.game.rules
    state.update(spaces={}, cars={}, suppression={}, support={}, interior={f: [] for f in rules.floors}, counters={},
                 next_cid=1,
                 supply={t: c.supply for t, c in {**rules.assault_types, **rules.support_types}.items()})
    state["leaders_used"] = list(p.str_list("leaders_used") or [])

    def new(spec: _CounterSpec, where: str) -> str:
        unit, name = ("leader", spec.type[7:]) if spec.type.startswith("leader:") else (spec.type, "")
        if state["supply"][unit] <= 0:
            raise ScenarioError(f"{where}: no {unit} counter left in the supply")
        if unit == "leader":
            if name in state["leaders_used"]:
                raise ScenarioError(f"{where}: leader {name} is already used")
            state["leaders_used"].append(name)
        state["supply"][unit] -= 1
        cid = f"e{state['next_cid']}"
        state["next_cid"] += 1
        state["counters"][cid] = {"type": unit, "name": name, "disrupted": spec.disrupted is True}
        for label in (spec.label, name):
            if label and label in run.labels:
                raise ScenarioError(f"{where}: label @{label} is used twice")
            if label:
                run.labels[label] = cid
        return cid

    track = p.table("track")
    for key in track.data if track is not None else []:
        assert track is not None
        where = track.path(key)
        space = _track_space(rules, key, where)
        if space in state["spaces"]:
            raise ScenarioError(f"{where}: space {space} is given twice")
        stack = [new(spec, f"{where}[{i}]") for i, spec in enumerate(_counter_list(track.raw(key), where, rules,
                                                                                   "assault"))]
        barrier = rules.track_spaces[space].barrier
        if len(stack) > 1 and not (barrier and barrier not in state["barriers_open"]):
            raise ScenarioError(f"{where}: counters only stack next to a standing barrier (3.1)")
        if stack:
            state["spaces"][space] = stack
    interior = p.table("interior")
    for floor in interior.data if interior is not None else []:
        assert interior is not None
        if floor not in rules.floors:
            raise interior.fail(floor, f"unknown floor (floors: {', '.join(rules.floors)})")
        where = interior.path(floor)
        specs = _counter_list(interior.raw(floor), where, rules, "assault")
        state["interior"][floor] = [new(spec, f"{where}[{i}]") for i, spec in enumerate(specs)]
    support = p.table("support")
    for sid in support.data if support is not None else []:
        assert support is not None
        where = support.path(sid)
        if sid not in rules.support_spaces:
            raise support.fail(sid, f"unknown support space (spaces: {', '.join(rules.support_spaces)})")
        specs = _counter_list(support.raw(sid), where, rules, "support")
        kind = rules.support_spaces[sid].kind
        if [sp.type for sp in specs] not in ([], [kind], [kind, f"{kind}_emplaced"]):
            raise ScenarioError(f"{where}: space {sid} holds [{kind}] or [{kind}, {kind}_emplaced] (3.2.1)")
        if specs:
            state["support"][sid] = [new(spec, f"{where}[{i}]") for i, spec in enumerate(specs)]
    cars = p.table("cars")
    for car in cars.data if cars is not None else []:
        assert cars is not None
        if car not in [f"car{i}" for i in range(1, rules.armored_car_supply + 1)]:
            raise cars.fail(car, f"armored cars are car1 to car{rules.armored_car_supply}")
        space = _track_space(rules, cars.get(car, str), cars.path(car))
        if space in state["cars"].values():
            raise cars.fail(car, f"another armored car is on {space}")
        state["cars"][car] = space
    supp = p.table("suppression")
    for key in supp.data if supp is not None else []:
        assert supp is not None
        space = _track_space(rules, key, supp.path(key))
        n = supp.get(key, int)
        if n < 1:
            raise supp.fail(key, "expected 1 or more tokens")
        if space in state["spaces"]:
            raise supp.fail(key, "suppression tokens lie on empty assault spaces (4.2.2)")
        state["suppression"][space] = n


def _build_cards(p: Reader, run: _Run) -> None:
    state, rules = run.game.state, run.game.rules
    attack = state["attack"]
    used: set[str] = set()

    def resolve(specs: list[str], deck: int, where: str) -> list[str]:
        out = []
        for i, spec in enumerate(specs):
            matches = sorted((c for c in rules.cards.values() if card_matches(c, spec) and c.id not in used),
                             key=lambda c: (c.deck != deck, c.id))
            if not matches:
                known = "no card" if not _known_card_spec(rules, spec) else "no unused card"
                raise ScenarioError(f"{where}[{i}]: {known} matches {spec!r} (write a card id like '1-07' or "
                                    "assault:smg:1-6, leader:Heinrich, support:A, howitzer, grenade_bundle:2, "
                                    "fire_truck)")
            used.add(matches[0].id)
            out.append(matches[0].id)
        return out

    decks: dict[str, list[str]] = {"1": [], "2": [], "3": []}
    deck = p.str_list("deck")
    if deck is not None:
        decks[str(attack)] = resolve(deck, attack, p.path("deck"))
    others = p.table("decks")
    for key in others.data if others is not None else []:
        assert others is not None
        if key not in decks:
            raise others.fail(key, "expected an Attack deck number 1, 2 or 3")
        if key == str(attack) and deck is not None:
            raise others.fail(key, "the current deck is given twice (deck and decks)")
        specs = others.str_list(key) or []
        decks[key] = resolve(specs, int(key), others.path(key))
    discards: dict[str, list[str]] = {"1": [], "2": [], "3": []}
    discards[str(attack)] = resolve(p.str_list("discards") or [], attack, p.path("discards"))
    aside_specs = p.str_list("aside")
    if aside_specs is not None:
        aside = resolve(aside_specs, attack, p.path("aside"))
    else:
        aside = []
        for cid, card in rules.cards.items():
            if cid in used:
                continue
            if card.type == "grenade_bundle" and card.barrier not in state["barriers_open"] \
                    and card.barrier not in state["bundles_shuffled"] or card.type == "fire_truck" and attack < 3:
                aside.append(cid)
        used.update(aside)
    state["decks"] = decks
    state["discards"] = discards
    state["aside"] = aside
    state["removed"] = [cid for cid in rules.cards if cid not in used]


def _build_tactics(p: Reader, run: _Run) -> None:
    """8.1.2 / 8.2.2: the Tactics cards of the position (a fixed deck order, for forced-dice scenarios)."""
    state, rules = run.game.state, run.game.rules
    attack = state["attack"]
    table = p.table("tactics")
    fresh: dict[str, Any] = {"decks": {str(d): list(ids) for d, ids in rules.tactic_decks.items()},
                             "discards": {"1": [], "2": [], "3": []}, "removed": [], "in_play": []}
    if table is None:
        state["tactics"] = fresh if state["difficulty"] in rules.tactics_modes else \
            {**fresh, "decks": {"1": [], "2": [], "3": []}}
        return
    if state["difficulty"] not in rules.tactics_modes:
        raise p.fail("tactics", "Tactics cards are played at the veteran and elite difficulties only (8.1.2, 8.2.2)")
    used: set[str] = set()

    def resolve(key: str) -> list[str]:
        out = []
        for i, spec in enumerate(table.str_list(key) or []):
            matches = sorted((c for c in rules.tactics.values()
                              if (c.id == spec or c.key == spec) and c.id not in used),
                             key=lambda c: (c.deck != attack, c.id))
            if not matches:
                raise ScenarioError(f"{table.path(key)}[{i}]: no unused Tactics card matches {spec!r} (write a card "
                                    f"id like t1-03 or a key of levels/tactics.toml: "
                                    f"{', '.join(sorted({c.key for c in rules.tactics.values()}))})")
            used.add(matches[0].id)
            out.append(matches[0].id)
        return out

    in_play = resolve("in_play")
    if len(in_play) > rules.tactics_modes[state["difficulty"]].in_play:
        raise table.fail("in_play", f"at most {rules.tactics_modes[state['difficulty']].in_play} cards in play at this "
                         "difficulty")
    deck = resolve("deck")
    discards = resolve("discards")
    next_deck = resolve("next_deck")
    if next_deck and attack == 3:
        raise table.fail("next_deck", "Attack 3 is the last Attack")
    table.done()
    key = str(attack)
    state["tactics"] = {"decks": {"1": [], "2": [], "3": [], str(attack + 1): next_deck, key: deck},
                        "discards": {"1": [], "2": [], "3": [], key: discards},
                        "removed": [c for c in rules.tactics if c not in used], "in_play": in_play}


# ---------------------------------------------------------------------------------------------- running
def _dice_rolled(events: list[Event]) -> int:
    return sum(len(event.data.get("dice", [])) for event in events if event.kind in (EventKind.DIE_ROLLED,
                                                                                     EventKind.DICE_ROLLED))


def run_scenario(scenario: Scenario, rules: Rules | None = None) -> ScenarioResult:
    """Build the position, apply the steps and check the expectations."""
    result = ScenarioResult(scenario.name, scenario.path, False)
    try:
        run, events = build(scenario, rules)
    except ScenarioError as exc:
        result.error, result.reason = True, f"position: {exc}" if not str(exc).startswith("position") else str(exc)
        return result
    except (LevelError, IllegalAction) as exc:
        result.reason = f"building the position: {exc}"
        return result
    except Exception as exc:  # an engine failure is a finding, reported on one line
        result.reason = f"building the position: engine error {type(exc).__name__}: {exc}"
        return result
    result.events, result.game = events, run.game
    game = run.game
    where = "expect"
    try:
        for step in scenario.steps:
            where = step.where
            if step.illegal:
                action = run.action(step.action)
                before = game.to_json()
                try:
                    game.apply(action)
                except IllegalAction as exc:
                    if step.reason and step.reason.lower() not in str(exc).lower():
                        result.reason = f"{step.where}: {action} was refused, but the reason {str(exc)!r} does " \
                                        f"not mention {step.reason!r}"
                        return result
                    if game.to_json() != before:
                        result.reason = f"{step.where}: refusing {action} changed the game state"
                        return result
                    continue
                result.reason = f"{step.where}: {action} was accepted, expected IllegalAction"
                return result
            step_events: list[Event] = []
            if step.action:
                action = run.action(step.action)
                try:
                    step_events = game.apply(action)
                except IllegalAction as exc:
                    result.reason = f"{step.where}: {exc}"
                    return result
                events.extend(step_events)
            if step.expect is not None:
                problems = step.expect.check(run, step_events if step.action else events)
                if problems:
                    result.reason = f"{step.where}: {'; '.join(problems)}"
                    return result
        where = "expect"
        problems = scenario.expect.check(run, events) if scenario.expect is not None else []
    except ScenarioError as exc:
        result.error, result.reason = True, f"{where}: {exc}"
        return result
    except Exception as exc:  # an engine failure is a finding, reported on one line
        result.reason = f"{where}: engine error {type(exc).__name__}: {exc}"
        return result
    forced_used = len(scenario.dice) - len(game.state["forced"])
    rolled = _dice_rolled(events)
    if rolled > forced_used and not scenario.allow_random_dice:
        problems.append(f"dice: {rolled} dice were rolled but only {len(scenario.dice)} forced (the others were "
                        "random)")
    if game.state["forced"] and not scenario.allow_unused_dice:
        problems.append(f"dice: {len(game.state['forced'])} forced dice were not used: {game.state['forced']}")
    if problems:
        result.reason = "; ".join(problems)
        return result
    result.passed = True
    return result


def load_file(path: str | Path, rules: Rules | None = None) -> Scenario:
    """Read and parse one scenario file; raises :class:`ScenarioError` naming the file."""
    path = Path(path)
    data = load_toml(path, str(path), ScenarioError)
    try:
        return parse_scenario(data, path.stem, str(path), rules)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None


def run_file(path: str | Path, rules: Rules | None = None) -> ScenarioResult:
    """Run one scenario file; never raises for a bad file (the result says ``error`` with a one-line reason)."""
    try:
        scenario = load_file(path, rules)
    except ScenarioError as exc:
        return ScenarioResult(Path(path).stem, str(path), False, str(exc), error=True)
    result = run_scenario(scenario, rules)
    if result.error and not result.reason.startswith(str(path)):
        result.reason = f"{path}: {result.reason}"
    return result


def scenario_files(paths: Sequence[str | Path]) -> list[Path]:
    """Files given, and every ``*.toml`` below folders given, in a stable order."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.scenario",
                                     description="Run scenario files (rulebook gameplay examples) against the "
                                                 "rules core.")
    parser.add_argument("paths", nargs="+", help="scenario files or folders (searched for *.toml)")
    parser.add_argument("--events", action="store_true", help="print every scenario's event log")
    args = parser.parse_args(argv)
    files = scenario_files(args.paths)
    if not files:
        print("no scenario files found", file=sys.stderr)
        return 1
    failed = 0
    try:
        rules = default_rules()
    except LevelError as exc:
        print(f"ERROR levels: {exc}")
        return 1
    try:
        for path in files:
            result = run_file(path, rules)
            print(result.line(), flush=True)
            if args.events:
                for event in result.events:
                    print(f"    {event}")
            failed += not result.passed
        if len(files) > 1:
            print(f"{len(files) - failed} passed, {failed} failed")
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
