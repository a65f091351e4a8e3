"""A saved game checked against the rules data before it is played.

A save may be damaged, hand-edited or hostile. :func:`check_state` reads the whole state as untrusted JSON and
names the first thing that cannot be true of a game played by these rules: an unknown id (card, counter type,
space, defender, token, task), a count out of range (morale, supply, the defense track, moves and actions), a
piece in two places, or a pending decision or rule step that does not fit the phase. It never raises anything
but :class:`SaveDamaged`, whatever the input; :meth:`game.rules.engine.Game.from_json` calls it, so a damaged
save is refused with one line before play, never later.

The state's invariants here are the ones the random playouts (tests/test_playout.py) check after every
decision, so a game saved at any decision point passes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from game.rules.data import DIFFICULTIES, Rules
from game.rules.kinds import DecisionKind

__all__ = ["PHASE_DECISIONS", "TASK_ARGS", "SaveDamaged", "check_state"]

MAX_TURN = 1000  # far beyond any real game (a random game ends well before turn 100)
MAX_TASKS = 2000  # pending rule steps; a real game holds a few dozen at most
MAX_FORCED = 1000  # forced dice (scenarios only)
MAX_HISTORY = 20_000  # decisions in the game's record (a game takes a few hundred)
COUNTER_ID = re.compile(r"e[1-9][0-9]{0,5}")
STATUSES = ("board", "casualty", "escaped")
OUTCOMES = ("win", "draw", "loss")
ENDINGS = ("morale", "fire_truck", "deck_exhausted", "no_defenders")

# The decisions each phase of the turn may wait on (3.0 suppression, 4.1 moves, 4.2 actions and 4.3 command,
# 5.2 casualty, 6.0 escape).
PHASE_DECISIONS: dict[str, tuple[str, ...]] = {
    "enemy": ("suppression",),
    "moves": ("moves",),
    "actions": ("actions", "command"),
    "clearing": ("casualty",),
    "escape": ("escape",),
}
PHASES = ("setup", *PHASE_DECISIONS, "turn_end", "over")

# The arguments of each pending rule step (``[name, *args]`` on the task stack), by kind; a trailing "?" marks
# an optional one. The names are the keys of ``game.rules.engine.TASKS`` (a test keeps the two in step).
TASK_ARGS: dict[str, tuple[str, ...]] = {
    "attack_setup": ("attack",),
    "turn_start": (),
    "turn_end": (),
    "draw": (),
    "enemy_end": (),
    "place": ("unit", "track", "leader_name", "section"),
    "tactic_advance": ("counter", "count"),
    "enter": ("counter", "track_space", "source"),
    "enter_with_car": ("counter", "track_space", "source", "car"),
    "land": ("counter", "track_space", "source", "car"),
    "arrive": ("counter", "track_space", "source"),
    "bundle": ("barrier",),
    "release": ("barrier",),
    "breach": ("counter", "track_space"),
    "support": ("support_space",),
    "howitzer": ("floor",),
    "defense_start": (),
    "clearing": (),
    "clear_floor": ("floor",),
    "clear_counter": ("counter", "floor"),
    "remove_defenders": ("defender_space", "count", "counter", "count?"),
    "clearing_end": (),
    "after_clearing": (),
    "escape_start": (),
}


class SaveDamaged(ValueError):
    """The save breaks the rules data; the message is one line naming where."""


def _fail(what: str) -> SaveDamaged:
    return SaveDamaged(f"saved game has {what}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(value: Any, low: int, high: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(f"{where} {_short(value)} (expected a whole number from {low} to {high})")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"{where} {_short(value)} (expected true or false)")
    return value


def _str_in(value: Any, allowed: Iterable[str], where: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _fail(f"an unknown {where} {_short(value)}")
    return value


def _require(ok: object, what: str) -> None:
    if not ok:
        raise _fail(what)


def _list(value: Any, where: str, limit: int = 10_000) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise _fail(f"a damaged {where} (expected a list)")
    return value


def _dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"a damaged {where} (expected an object)")
    return value


class _Checker:
    """One pass over a state; each method checks one part and raises :class:`SaveDamaged` at the first fault."""

    def __init__(self, state: dict[str, Any], rules: Rules) -> None:
        self.state, self.rules = state, rules

    def run(self) -> None:
        self.header()
        self.cards()
        self.counters()
        self.defenders()
        self.tokens()
        self.tracks()
        self.progress()
        self.decision()
        self.tasks()

    # ------------------------------------------------------------------ parts
    def header(self) -> None:
        s = self.state
        _int(s["seed"], -(2**63), 2**64 - 1, "a seed")
        _int(s["dice_key"], -(2**63), 2**64 - 1, "a dice key")
        for value in s["rng"]:
            _int(value, 0, 2**64 - 1, "a random generator state")
        _str_in(s["difficulty"], DIFFICULTIES, "difficulty")
        _str_in(s["phase"], PHASES, "phase")
        _int(s["attack"], 1, 3, "Attack")
        _int(s["turn"], 0, MAX_TURN, "turn")
        _int(s["attack_turn"], 0, MAX_TURN, "turn of the Attack")
        _bool(s["fire_truck_drawn"], "a fire truck mark")
        _bool(s["extended"], "an extended-Attack mark")
        _int(s["truck_window"], 0, len(self.rules.cards), "the fire truck's place")
        for value in _list(s["forced"], "list of forced dice", MAX_FORCED):
            _int(value, 1, 12, "a forced die")
        for text in _list(s["history"], "record of decisions", MAX_HISTORY):
            if not isinstance(text, str) or len(text) > 200:
                raise _fail("a damaged record of decisions")

    def cards(self) -> None:
        """2.0 / 8.1.2: every card in exactly one pile, each pile holding only its own kind of card."""
        s, rules = self.state, self.rules
        seen: Counter[str] = Counter()
        for key in ("decks", "discards"):
            piles = _dict(s[key], key)
            if sorted(piles) != ["1", "2", "3"]:
                raise _fail(f"damaged {key} (expected the piles of Attacks 1, 2 and 3)")
            for pile in piles.values():
                seen.update(_str_in(c, rules.cards, "card") for c in _list(pile, key))
        for key in ("aside", "removed", "in_play"):
            seen.update(_str_in(c, rules.cards, "card") for c in _list(s[key], f"{key} pile"))
        twice = sorted(c for c, n in seen.items() if n > 1)
        if twice:
            raise _fail(f"card {_short(twice[0])} in two piles")
        _int(s["drawn"], 0, len(rules.cards), "a count of cards drawn")
        tactics = _dict(s["tactics"], "tactics")
        tseen: Counter[str] = Counter()
        for key in ("decks", "discards"):
            piles = _dict(tactics.get(key), f"tactics {key}")
            if sorted(piles) != ["1", "2", "3"]:
                raise _fail(f"damaged tactics {key}")
            for pile in piles.values():
                tseen.update(_str_in(c, rules.tactics, "Tactics card") for c in _list(pile, f"tactics {key}"))
        for key in ("removed", "in_play"):
            tseen.update(_str_in(c, rules.tactics, "Tactics card") for c in _list(tactics.get(key), f"tactics {key}"))
        if any(n > 1 for n in tseen.values()):
            raise _fail("a Tactics card in two piles")
        barriers = set(rules.barriers)
        for key in ("bundles_shuffled", "barriers_open"):
            values = [_int(b, 1, max(barriers), "a barrier") for b in _list(s[key], key)]
            if len(set(values)) != len(values) or not set(values) <= barriers:
                raise _fail(f"a damaged list of {key.replace('_', ' ')}")

    def known_counters(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """3.1 / 3.2: the counters, each of a known id, type and leader name; with the counter types."""
        s, rules = self.state, self.rules
        next_cid = _int(s["next_cid"], 1, 10**6, "a next counter number")
        counters = _dict(s["counters"], "counters")
        types = {**rules.assault_types, **rules.support_types}
        for cid, c in counters.items():
            if not COUNTER_ID.fullmatch(cid) or int(cid[1:]) >= next_cid:
                raise _fail(f"an unknown counter id {_short(cid)}")
            c = _dict(c, f"counter {cid}")
            if set(c) != {"type", "name", "disrupted"}:
                raise _fail(f"a damaged counter {cid}")
            kind = _str_in(c["type"], types, "counter type")
            _bool(c["disrupted"], f"a disrupted mark on {cid}")
            if c["name"] != "" and not (kind == "leader" and c["name"] in rules.leaders):
                raise _fail(f"an unknown leader name {_short(c['name'])}")
        return counters, types

    def counter_places(self, counters: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
        """Every counter id on the board (track spaces, interiors, support spaces, in transit), the places known
        and the support spaces holding support counters; with the interiors."""
        s, rules = self.state, self.rules
        places: list[str] = []
        for space, stack in _dict(s["spaces"], "track spaces").items():
            _str_in(space, rules.track_spaces, "track space")
            stack = _list(stack, f"stack on {space}", 100)
            if not stack:
                raise _fail(f"an empty stack on {space}")
            places += stack
        interior = _dict(s["interior"], "interiors")
        if set(interior) != set(rules.floors):
            raise _fail("damaged interiors (expected one per floor)")
        for floor, items in interior.items():
            places += _list(items, f"{floor} interior", 100)
        for space, stack in _dict(s["support"], "support spaces").items():
            _str_in(space, rules.support_spaces, "support space")
            stack = _list(stack, f"stack on support space {space}", 2)
            if not stack:
                raise _fail(f"an empty stack on support space {space}")
            for cid in stack:
                if not isinstance(cid, str) or cid not in counters or counters[cid]["type"] not in rules.support_types:
                    raise _fail(f"a counter {_short(cid)} on support space {space} that is not a support counter")
            places += stack
        transit = _dict(s["transit"], "counters in transit")
        for space in transit.values():
            _str_in(space, rules.track_spaces, "track space")
        places += list(transit)
        return places, interior

    def counters(self) -> None:
        """3.1 / 3.2: every enemy counter of a known type, on exactly one space, the supply adding up."""
        s, rules = self.state, self.rules
        counters, types = self.known_counters()
        places, interior = self.counter_places(counters)
        assault = rules.assault_types
        for cid in places:
            if not isinstance(cid, str) or cid not in counters:
                raise _fail(f"an unknown counter {_short(cid)} on the board")
        for space, stack in s["spaces"].items():
            for cid in stack:
                if counters[cid]["type"] not in assault:
                    raise _fail(f"a support counter {cid} on track space {space}")
        for items in interior.values():
            for cid in items:
                if counters[cid]["type"] not in assault:
                    raise _fail(f"a support counter {cid} inside")
        count = Counter(places)
        twice = sorted(c for c, n in count.items() if n > 1)
        if twice:
            raise _fail(f"counter {twice[0]} in two places")
        nowhere = sorted(set(counters) - set(count))
        if nowhere:
            raise _fail(f"counter {nowhere[0]} on no space")
        supply = _dict(s["supply"], "supply")
        if set(supply) != set(types):
            raise _fail("a damaged supply (expected one count per counter type)")
        in_play = Counter(c["type"] for c in counters.values())
        for kind, ctype in types.items():
            _int(supply[kind], 0, ctype.supply, f"a supply of {kind}")
            if supply[kind] + in_play[kind] != ctype.supply:
                raise _fail(f"{supply[kind]} {kind} counters in the supply and {in_play[kind]} in play, "
                            f"not the {ctype.supply} of the counter mix")
        cars = _dict(s["cars"], "armored cars")
        if len(cars) > rules.armored_car_supply:
            raise _fail("too many armored cars")
        car_spaces = [_str_in(v, rules.track_spaces, "armored car space") for v in cars.values()]
        if len(set(car_spaces)) != len(car_spaces) or not all(re.fullmatch(r"car[1-9]", k) for k in cars):
            raise _fail("damaged armored cars")
        for space, n in _dict(s["suppression"], "suppression tokens").items():
            _str_in(space, rules.track_spaces, "track space")
            _int(n, 1, 100, f"a count of suppression tokens on {space}")
        leaders = _list(s["leaders_used"], "list of leaders used", len(rules.leaders))
        if len(set(leaders)) != len(leaders) or any(not isinstance(x, str) or x not in rules.leaders for x in leaders):
            raise _fail("a damaged list of leaders used")
        moved = _list(s["moved_floor"], "list of counters that changed floor", 1000)
        if any(not isinstance(c, str) or c not in counters for c in moved):
            raise _fail("an unknown counter among those that changed floor")

    def defenders(self) -> None:
        """2.0: all the defenders of the rules data, each on a real space (within its capacity) or gone."""
        s, rules = self.state, self.rules
        defenders = _dict(s["defenders"], "defenders")
        if set(defenders) != set(rules.defenders):
            unknown = sorted(set(defenders) - set(rules.defenders))
            raise _fail(f"an unknown defender {_short(unknown[0])}" if unknown else "a defender missing")
        occupancy: Counter[str] = Counter()
        for name, d in defenders.items():
            d = _dict(d, f"defender {name}")
            if set(d) != {"space", "status", "exhausted", "disrupted", "moved", "acted"}:
                raise _fail(f"a damaged defender {name}")
            status = _str_in(d["status"], STATUSES, f"status of {name}")
            for key in ("exhausted", "disrupted", "moved", "acted"):
                _bool(d[key], f"a mark on {name}")
            if status == "board":
                occupancy[_str_in(d["space"], rules.space_floor, f"space of {name}")] += 1
            elif not isinstance(d["space"], str) or len(d["space"]) > 40:
                raise _fail(f"a damaged space of {name}")
        for space, n in occupancy.items():
            if not rules.is_interior(space) and n > rules.defender_spaces[space].capacity:
                raise _fail(f"{n} defenders on {space}, above its capacity of {rules.defender_spaces[space].capacity}")

    def tokens(self) -> None:
        """2.0 / 4.4: every weapon and ammunition token of the rules data, on a real space or spent ("")."""
        s, rules = self.state, self.rules
        tokens = _dict(s["tokens"], "tokens")
        expected = set(rules.weapons) | {f"ammo{i}" for i in range(1, len(rules.ammunition) + 1)}
        if set(tokens) != expected:
            odd = sorted(set(tokens) ^ expected)
            raise _fail(f"an unknown or missing token {_short(odd[0])}")
        for token, space in tokens.items():
            if space != "":
                _str_in(space, rules.space_floor, f"space of token {token}")

    def tracks(self) -> None:
        """3.2.2 / 3.3: a position on each floor's defense track; 2.0: morale within its track."""
        s, rules = self.state, self.rules
        defense = _dict(s["defense"], "defense track")
        if set(defense) != set(rules.floors):
            raise _fail("a damaged defense track (expected one position per floor)")
        for floor, index in defense.items():
            _int(index, 0, len(rules.floors[floor].defense) - 1, f"a {floor} defense position")
        _int(s["morale"], 0, rules.morale_max, "morale")

    def progress(self) -> None:
        """4.1 / 4.2: the moves and actions used this phase; 7.0: the result of a finished game."""
        s = self.state
        _int(s["moves"], 0, 20, "a count of moves used")
        _int(s["actions"], 0, 20, "a count of actions used")
        result = s["result"]
        if result is None:
            if s["phase"] == "over":
                raise _fail("phase 'over' without a result")
            if s["morale"] == 0:
                raise _fail("morale 0 in a game that goes on")
            return
        result = _dict(result, "result")
        if s["phase"] != "over":
            raise _fail(f"a result in phase {_short(s['phase'])}")
        _int(result.get("score"), -1000, 1000, "a score")
        _str_in(result.get("outcome"), OUTCOMES, "outcome")
        _str_in(result.get("how"), ENDINGS, "ending")

    def decision(self) -> None:
        """A game that goes on waits on one decision, of a kind its phase offers, about pieces that exist."""
        s, rules = self.state, self.rules
        dec = s["decision"]
        if s["result"] is not None:
            if dec is not None or s["tasks"]:
                raise _fail("a pending decision or rule step in a finished game")
            return
        if dec is None:
            raise _fail("no pending decision in a game that goes on")
        dec = _dict(dec, "decision")
        kind = _str_in(dec.get("kind"), PHASE_DECISIONS.get(s["phase"], ()), f"decision in phase {s['phase']}")
        fields: dict[str, Callable[[Any], object]] = {}
        names = self.state["defenders"]
        if kind == DecisionKind.COMMAND:
            fields = {"by": lambda v: _str_in(v, names, "commander"),
                      "left": lambda v: _int(v, 0, 3, "a count of commands left"),
                      "given": lambda v: [self.rally(x) for x in _list(v, "commands", 100)]}
        elif kind == DecisionKind.SUPPRESSION:
            fields = {"counter": lambda v: _str_in(v, s["counters"], "counter"),
                      "space": lambda v: _str_in(v, rules.track_spaces, "track space"),
                      "tokens": lambda v: _int(v, 1, 100, "a count of suppression tokens"),
                      "src": lambda v: v == "" or _str_in(v, rules.track_spaces, "track space"),
                      "defense": lambda v: _int(v, 1, 7, "a defense value")}
        elif kind == DecisionKind.CASUALTY:
            fields = {"space": lambda v: _str_in(v, rules.space_floor, "space"),
                      "options": lambda v: _require([_str_in(x, names, "defender")
                                                     for x in _list(v, "casualty options", 39)], "no casualty options"),
                      "counter": lambda v: _str_in(v, s["counters"], "counter"),
                      "tactic": lambda v: _bool(v, "a Tactics mark")}
        extra = set(dec) - {"kind"} - set(fields)
        if extra:
            raise _fail(f"an unknown field {_short(sorted(extra)[0])} in the decision")
        for key, check in fields.items():
            if key not in dec:
                if key == "tactic":
                    continue
                raise _fail(f"a {kind} decision without its {key}")
            check(dec[key])

    def rally(self, given: Any) -> list[Any]:
        """4.3.1: a rally given this command: ``[defender, "exhausted" | "disrupted"]``."""
        pair = _list(given, "command given", 2)
        if len(pair) != 2:
            raise _fail("a damaged command given")
        _str_in(pair[0], self.state["defenders"], "defender commanded")
        _str_in(pair[1], ("exhausted", "disrupted"), "rally")
        return pair

    def tasks(self) -> None:
        """The pending rule steps: known names with arguments of the right kind."""
        s, rules = self.state, self.rules
        kinds: dict[str, Callable[[Any], object]] = {
            "attack": lambda v: _int(v, 1, 3, "Attack"),
            "count": lambda v: _int(v, -100, 100, "a count"),
            "unit": lambda v: _str_in(v, rules.assault_types, "counter type"),
            "track": lambda v: _str_in(v, rules.tracks, "track"),
            "leader_name": lambda v: v == "" or _str_in(v, rules.leaders, "leader name"),
            "section": lambda v: _require(isinstance(v, str) and len(v) <= 10, "a damaged section number"),
            "counter": lambda v: _require(isinstance(v, str) and COUNTER_ID.fullmatch(v), "a damaged counter id"),
            "track_space": lambda v: _str_in(v, rules.track_spaces, "track space"),
            "source": lambda v: v == "" or _str_in(v, rules.track_spaces, "track space"),
            "car": lambda v: v == "" or _str_in(v, s["cars"], "armored car"),
            "barrier": lambda v: _require(_int(v, 1, max(rules.barriers), "a barrier") in rules.barriers,
                                          "an unknown barrier"),
            "support_space": lambda v: _str_in(v, rules.support_spaces, "support space"),
            "floor": lambda v: _str_in(v, rules.floors, "floor"),
            "defender_space": lambda v: _str_in(v, rules.space_floor, "space"),
        }
        for task in _list(s["tasks"], "list of rule steps", MAX_TASKS):
            task = _list(task, "rule step", 10)
            if not task:
                raise _fail("an empty rule step")
            name = _str_in(task[0], TASK_ARGS, "rule step")
            spec, args = TASK_ARGS[name], task[1:]
            needed = sum(1 for a in spec if not a.endswith("?"))
            if not needed <= len(args) <= len(spec):
                raise _fail(f"a {name} step with {len(args)} arguments")
            for kind, value in zip(spec, args, strict=False):
                kinds[kind.rstrip("?")](value)


def check_state(state: dict[str, Any], rules: Rules) -> None:
    """Raise :class:`SaveDamaged` (one line) if ``state``, read from a save, cannot be a game of these rules.

    The top-level keys and their JSON types are checked by the caller (``Game.from_json``)."""
    try:
        _Checker(state, rules).run()
    except SaveDamaged:
        raise
    except (KeyError, TypeError, AttributeError, ValueError, IndexError, RecursionError) as exc:
        # a shape no check above foresaw: still damaged, still one line
        raise _fail(f"a damaged part ({type(exc).__name__}: {_short(str(exc))})") from None
