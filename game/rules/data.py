"""Loading and checking the reconstructed game data in ``levels/`` (board, defenders, weapons, enemies, decks).

Every file may be damaged or wrong: each problem raises :class:`LevelError` with one line naming the file,
the key and the problem. The loaded :class:`Rules` are immutable and shared by every game.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, TypeVar

from game.rules.toml_reader import (
    Bool,
    Int,
    List,
    Map,
    Opt,
    Reader,
    Spec,
    Str,
    Table,
    Tagged,
    WordLimits,
    check_words,
    load_toml,
)

FLOORS = ("upper", "ground", "basement")
ATTRIBUTES = ("C", "I", "L", "N", "S")
DESIGNATIONS = ("R", "S", "G")
DEFENDER_KINDS = ("trained", "postal", "noncombatant")
CARD_TYPES = ("assault", "leader", "grenade_bundle", "support", "howitzer", "fire_truck")
DIFFICULTIES = ("standard", "veteran", "elite")
TACTIC_DIFFICULTIES = ("veteran", "elite")  # 8.1.2, 8.2.2: the difficulties that play Tactics cards
# The effect kinds of levels/tactics.toml the rules core interprets, with the parameters each one reads.
TACTIC_EFFECTS = {
    "extra_advance": ("amount",),
    "barrier_blast": ("faces",),
    "support_dice": ("amount",),
    "defense_bonus": ("amount", "where"),
    "clearing_combat": ("amount",),
    "enemy_cards": ("amount",),
    "defender_moves": ("amount",),
    "defender_actions": ("amount",),
}


class LevelError(ValueError):
    """A level file is missing, unreadable or inconsistent; the message is one line naming file and key."""


def levels_dir() -> Path:
    """The ``levels/`` folder, from a source checkout or from a frozen bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "levels"
    return Path(__file__).resolve().parents[2] / "levels"


@dataclass(frozen=True)
class Floor:
    id: str
    name: str
    defense: tuple[int, ...]
    target: tuple[tuple[tuple[int, ...], str], ...]
    next_floor: str
    x: int
    y: int

    def colour_order(self) -> tuple[str, ...]:
        return tuple(colour for _, colour in self.target)

    def colour_for_face(self, face: int) -> str:
        for faces, colour in self.target:
            if face in faces:
                return colour
        raise LevelError(f"board.toml: floors.{self.id}.target: no colour for die face {face}")


@dataclass(frozen=True)
class DefenderSpace:
    id: str
    floor: str
    label: str
    colours: tuple[str, ...]
    capacity: int
    entrance: str
    low: int
    high: int
    x: int
    y: int


@dataclass(frozen=True)
class TrackSpace:
    id: str
    track: str
    index: int
    colours: tuple[str, ...]
    next: str  # the next space id, or "" when the next step breaches `entrance`
    entrance: str  # set on the last space of a track
    barrier: int  # barrier between this space and the next one (0 = none)
    x: int
    y: int


@dataclass(frozen=True)
class Track:
    id: str
    die: str
    entrance: str
    spaces: tuple[str, ...]  # canonical space ids from placement (index 1) toward the post office


@dataclass(frozen=True)
class Entrance:
    id: str
    floor: str
    kills: str
    escape: bool
    x: int
    y: int


@dataclass(frozen=True)
class SupportSpace:
    id: str
    kind: str  # "mg" or "ig"
    colours: tuple[str, ...]
    x: int
    y: int


@dataclass(frozen=True)
class DefenderDef:
    name: str
    kind: str
    combat: int
    morale: int
    attributes: tuple[str, ...]
    start: str

    @property
    def priority(self) -> int:
        """Clearing removal priority (5.2): lower is removed first."""
        if self.name == "Konrad":
            return 1
        if self.name == "Flisykowski":
            return 2
        if "S" in self.attributes:
            return 3
        if self.kind == "trained":
            return 4
        if "I" in self.attributes:
            return 5
        if "L" in self.attributes:
            return 6
        if self.kind == "postal":
            return 7
        if self.name in ("J. Pipka", "M. Pipka"):
            return 8
        return 9

    @property
    def victory_points(self) -> int:
        """7.0: postal workers and noncombatants score their morale adjustment."""
        return self.morale if self.kind in ("postal", "noncombatant") and self.morale > 0 else 0


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    designations: tuple[str, ...]
    start: str


@dataclass(frozen=True)
class CounterType:
    id: str
    name: str
    combat: int
    defense: int
    clearing_order: int
    supply: int


@dataclass(frozen=True)
class Card:
    id: str
    deck: int
    type: str
    unit: str = ""
    die: str = ""
    name: str = ""
    space: str = ""
    barrier: int = 0

    @property
    def spec(self) -> str:
        """The card's kind as the scenario files write it: ``assault:smg:1-6``, ``leader:Heinrich``,
        ``grenade_bundle:2``, ``support:A``, ``howitzer``, ``fire_truck`` (the narration's words for a card are
        :func:`game.rules.names.card_text`)."""
        if self.type == "assault":
            return f"assault:{self.unit}:{self.die}"
        if self.type == "leader":
            return f"leader:{self.name}"
        if self.type == "grenade_bundle":
            return f"grenade_bundle:{self.barrier}"
        if self.type == "support":
            return f"support:{self.space}"
        return self.type


@dataclass(frozen=True)
class TacticCard:
    """A Tactics card (8.1.2, 8.2.2): ``deck`` is the Attack it belongs to, ``key`` its design in
    ``levels/tactics.toml``, ``effect`` one of :data:`TACTIC_EFFECTS` with its parameters."""

    id: str
    key: str
    name: str
    deck: int
    text: str
    effect: str
    amount: int = 0
    where: str = ""
    faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class TacticsMode:
    """How a difficulty plays the Tactics cards: cards removed per deck at set-up, cards in play at once."""

    removed: int
    in_play: int


@dataclass(frozen=True)
class AttackSetup:
    assault: tuple[tuple[str, tuple[str, ...]], ...]
    armored_cars: tuple[str, ...]
    open_barriers: tuple[int, ...]
    fill_support: tuple[str, ...]


# What a defender of a space may do in the moves (4.1), as defense.gen_moves lists it: the destinations, the sets of
# tokens to carry, the kinds of token to shift, where to, and the number of moves and of shifts these make.
Rows = list[tuple[str, ...]]
MoveBlocks = tuple[Rows, Rows, Rows, Rows, tuple[int, int]]


class Memo:
    """Answers of the rules that depend only on their question and the rules data, remembered by the rules
    (:attr:`Rules.memo`) for every game played on them: the planner's futures ask the same questions thousands of
    times. Nothing here is state: forgetting it changes no result. Each table is emptied when it grows past
    :data:`MEMO_LIMIT` entries."""

    __slots__ = ("kinds", "carry", "sight", "moves", "kits", "names")

    def __init__(self) -> None:
        self.kinds: dict[str, str] = {}  # token id -> its kind (identical tokens are interchangeable, 4.1)
        # the tokens of a space (in the order listed) and a carry limit -> the choices of what to carry (4.1)
        self.carry: dict[tuple[tuple[str, ...], int], list[tuple[str, ...]]] = {}
        # a space and whether a Ranged weapon is there -> the spaces seen from it (queries.sight)
        self.sight: dict[tuple[str, bool], tuple[tuple[str, ...], frozenset[str]]] = {}
        # a space, the open spaces of its floor, its tokens and a carry limit -> the blocks of its defenders' moves
        # (defense.gen_moves)
        self.moves: dict[tuple[Any, ...], MoveBlocks] = {}
        # the tokens of a space -> their weapons' designations and whether ammunition is there (queries.space_kit)
        self.kits: dict[tuple[str, ...], tuple[frozenset[str], bool]] = {}
        # a language and a space id -> the space's name in that language (names.space_name)
        self.names: dict[tuple[str, str, bool], str] = {}


MEMO_LIMIT = 200_000
K = TypeVar("K")
V = TypeVar("V")


def remember(table: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` under ``key`` in a table of :class:`Memo` (emptied first once it holds
    :data:`MEMO_LIMIT` entries, so a long run of games cannot fill the memory) and return it."""
    if len(table) >= MEMO_LIMIT:
        table.clear()
    table[key] = value
    return value


@dataclass(frozen=True)
class Rules:
    """Everything the rules core reads from ``levels/``, checked for consistency."""

    logical_size: tuple[int, int]
    floors: dict[str, Floor]
    interior_links: tuple[tuple[str, str], ...]
    defender_spaces: dict[str, DefenderSpace]
    entrances: dict[str, Entrance]
    tracks: dict[str, Track]
    track_spaces: dict[str, TrackSpace]
    aliases: dict[str, str]
    placement: dict[int, str]
    barriers: dict[int, tuple[int, int]]
    barrier_space: dict[int, str]
    support_spaces: dict[str, SupportSpace]
    morale_start: int
    morale_max: int
    morale_bands: tuple[tuple[str, int, int], ...]
    fire_truck_depth: dict[str, int]
    defenders: dict[str, DefenderDef]
    weapons: dict[str, Weapon]
    ammunition: tuple[str, ...]
    assault_types: dict[str, CounterType]
    leaders: tuple[str, ...]
    support_types: dict[str, CounterType]
    armored_car_defense: int
    armored_car_supply: int
    cards: dict[str, Card]
    decks: dict[int, tuple[str, ...]]
    setups: dict[str, dict[int, AttackSetup]]
    # Derived look-ups.
    floor_spaces: dict[str, tuple[str, ...]] = field(default_factory=dict)
    space_floor: dict[str, str] = field(default_factory=dict)
    seen: dict[str, frozenset[str]] = field(default_factory=dict)
    # Tactics cards (8.1.2, 8.2.2), from levels/tactics.toml.
    tactics: dict[str, TacticCard] = field(default_factory=dict)
    tactic_decks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    tactics_modes: dict[str, TacticsMode] = field(default_factory=dict)
    # answers worked out from these rules, remembered for every game on them (not part of the rules' value)
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)

    @cached_property
    def inspirers(self) -> tuple[str, ...]:
        """4.3.1: the defenders with the Inspire [I] attribute (the only ones :func:`queries.inspired` asks)."""
        return tuple(name for name, d in self.defenders.items() if "I" in d.attributes)

    @cached_property
    def tracks_through(self) -> dict[str, list[str]]:
        """1.2: the tracks through each track space (merged tracks share their spaces)."""
        out: dict[str, list[str]] = {}
        for track in self.tracks.values():
            for space in track.spaces:
                out.setdefault(space, []).append(track.id)
        return out

    @cached_property
    def spaces_ahead(self) -> dict[str, list[str]]:
        """1.2: the track spaces ahead of each track space, in order, to the entrance."""
        out: dict[str, list[str]] = {}
        for space in self.track_spaces:
            ahead: list[str] = []
            nxt = self.track_spaces[space].next
            while nxt:
                ahead.append(nxt)
                nxt = self.track_spaces[nxt].next
            out[space] = ahead
        return out

    @cached_property
    def entrance_ahead(self) -> dict[str, str]:
        """1.2: the entrance each track space leads to."""
        return {space: self.track_spaces[ahead[-1] if ahead else space].entrance
                for space, ahead in self.spaces_ahead.items()}

    def interior(self, floor: str) -> str:
        return f"{floor}:interior"

    def is_interior(self, space: str) -> bool:
        return space.endswith(":interior")

    def floor_of(self, space: str) -> str:
        return self.space_floor[space]

    def resolve_track_space(self, space: str) -> str:
        """Canonical id of a track space written as ``track:index`` (merged tracks share spaces)."""
        if space in self.track_spaces:
            return space
        if space in self.aliases:
            return self.aliases[space]
        raise KeyError(space)

    def colours_of(self, space: str) -> tuple[str, ...]:
        if space in self.defender_spaces:
            return self.defender_spaces[space].colours
        if space in self.track_spaces:
            return self.track_spaces[space].colours
        if space in self.support_spaces:
            return self.support_spaces[space].colours
        return ()

    def sees(self, a: str, b: str) -> bool:
        """Line of sight by colour (1.4) between two non-interior spaces."""
        return b in self.seen.get(a, ())

    def band(self, morale: int) -> str:
        for name, low, high in self.morale_bands:
            if low <= morale <= high:
                return name
        return self.morale_bands[0][0]

    def adjoining_interiors(self, floor: str) -> tuple[str, ...]:
        out = []
        for a, b in self.interior_links:
            if a == floor:
                out.append(b)
            elif b == floor:
                out.append(a)
        return tuple(out)


# ---------------------------------------------------------------------------------------------- schemas
# What each file of levels/ may hold: every key, its type and its range (toml_reader). The bounds are sane limits
# for this game: die-checked values (defense, faces) 1 to 6, dice counts and combat values 0 to 6, coordinates on
# the logical board. References between tables and files are checked by load_rules.
_ASSAULT_UNITS = ("rifleman", "smg", "ss_rifleman", "ss_smg")
_SUPPORT_UNITS = ("mg", "mg_emplaced", "ig", "ig_emplaced")
_DIES = ("1-6", "7-12")
_ID = Str(nonempty=True)
_COLOURS = List(_ID, 1, 2, unique=True)
_FACES = List(Int(1, 6), 1, 6, unique=True)


def _board_schema(width: int, height: int) -> Table:
    """board.toml, with coordinates from 0 to the logical board size."""
    x, y = Int(0, width), Int(0, height)
    return Table({
        "logical_size": List(Int(100, 8000), 2, 2),
        "interior_links": List(List(Str(FLOORS), 2, 2, unique=True)),
        "placement": Table({str(face): _ID for face in range(1, 13)}),
        "floors": List(Table({
            "id": Str(FLOORS), "name": _ID, "defense": List(Int(1, 6), 1, 10),
            "target": List(Table({"faces": _FACES, "colour": _ID}), 1, 6, unique="colour"),
            "interior": Table({"x": x, "y": y}), "next_floor_when_empty": Str(("", *FLOORS)),
        }), len(FLOORS), len(FLOORS), unique="id"),
        "defender_spaces": List(Table({"id": _ID, "colours": _COLOURS, "shape": Str(("square", "rect")),
                                       "entrance": Opt(Str()), "x": x, "y": y}), 1, unique="id"),
        "entrances": List(Table({"id": _ID, "floor": Str(FLOORS), "kills": Str(), "escape": Bool(), "x": x, "y": y}),
                          1, unique="id"),
        "tracks": List(Table({
            "id": _ID, "die": Str(_DIES), "entrance": _ID, "barrier": Opt(Int(1, 4)), "barrier_after": Opt(Int(1, 20)),
            "spaces": List(Table({"colours": Opt(_COLOURS), "x": Opt(x), "y": Opt(y), "joins": Opt(_ID)}), 1, 20),
        }), 1, unique="id"),
        "barriers": List(Table({"id": Int(1, 4), "x": x, "y": y}), 4, 4, unique="id"),
        "support_spaces": List(Table({"id": _ID, "kind": Str(("mg", "ig")), "colours": List(_ID, 1, 3, unique=True),
                                      "x": x, "y": y}), 1, unique="id"),
        "morale": Table({
            "start": Int(1, 20), "max": Int(1, 20),
            "bands": List(Table({"name": _ID, "low": Int(1, 20), "high": Int(1, 20)}), 1, 10, unique="name"),
            "fire_truck_depth": Map(Int(0, 90)),
        }),
    })


_DEFENDERS = Table({"defenders": List(Table({
    "name": _ID, "kind": Str(DEFENDER_KINDS), "combat": Int(0, 6), "morale": Int(-5, 5),
    "attributes": List(Str(ATTRIBUTES), 0, len(ATTRIBUTES), unique=True), "start": _ID,
}), unique="name")})
_WEAPONS = Table({
    "ammunition": List(_ID, 0, 50),
    "weapons": List(Table({"id": _ID, "name": _ID, "designations": List(Str(DESIGNATIONS), 1, 3, unique=True),
                           "start": _ID}), unique="id"),
})
_UNIT = {"name": _ID, "combat": Int(0, 6), "defense": Int(1, 6), "supply": Int(0, 70)}
_ASSAULT = Table({**_UNIT, "clearing_order": Int(1, 9)})
_ENEMIES = Table({
    "assault": Table({**{u: _ASSAULT for u in _ASSAULT_UNITS},
                      "leader": Table({**_ASSAULT.fields, "names": List(_ID, unique=True)})}),
    "support": Table({u: Table(_UNIT) for u in _SUPPORT_UNITS}),
    "armored_car": Table({"name": _ID, "defense": Int(1, 6), "supply": Int(0, 10)}),
})
_CARD = Tagged("type", {
    "assault": {"unit": Str(_ASSAULT_UNITS), "die": Str(_DIES)}, "leader": {"name": _ID, "space": _ID},
    "grenade_bundle": {"barrier": Int(1, 4)}, "support": {"space": _ID}, "howitzer": {}, "fire_truck": {},
}, common={"count": Opt(Int(1, 90))})
_DECKS = Table({f"deck{deck}": List(_CARD, 1) for deck in (1, 2, 3)})
_ATTACK_SETUP = Table({
    "assault": Opt(Map(List(_ID, 1, 12, unique=True), keys=_ASSAULT_UNITS)),
    "armored_cars": Opt(List(_ID, 0, 10, unique=True)), "open_barriers": Opt(List(Int(1, 4), 0, 4, unique=True)),
    "fill_support": Opt(List(Str(("mg", "ig")), 0, 2, unique=True)),
})
_SETUP = Table({diff: Table({f"attack{a}": _ATTACK_SETUP for a in (1, 2, 3)}) for diff in DIFFICULTIES})
_MORE, _FEWER = Int(1, 3), Int(-3, -1)  # a tactic adds a little, or (moves, actions) takes a little away
_TACTIC_PARAMS: dict[str, dict[str, Spec]] = {
    "extra_advance": {"amount": _MORE}, "barrier_blast": {"faces": _FACES}, "support_dice": {"amount": _MORE},
    "defense_bonus": {"amount": _MORE, "where": Str(("track", "inside", "all"))}, "clearing_combat": {"amount": _MORE},
    "enemy_cards": {"amount": _MORE}, "defender_moves": {"amount": _FEWER}, "defender_actions": {"amount": _FEWER},
}
assert {k: tuple(v) for k, v in _TACTIC_PARAMS.items()} == TACTIC_EFFECTS
_TACTICS = Table({
    "difficulty": Table({diff: Table({"removed": Int(0, 10), "in_play": Int(1, 2)}) for diff in TACTIC_DIFFICULTIES}),
    "cards": Map(Tagged("effect", _TACTIC_PARAMS, common={"name": _ID, "text": _ID}), min=1),
    **{f"deck{deck}": List(Table({"card": _ID, "count": Opt(Int(1, 30))}), 1, unique="card") for deck in (1, 2, 3)},
})


# The longest words a level file may hold (issue 37), in characters: they fit where the game draws them. Every
# key and every text (an id, a name) up to NAME_CHARS: the longest today is 23 ("Emplaced machine gunner", a name
# on a counter and in the log); a Tactics card's sentence (``text``) up to TEXT_CHARS, wrapped on its card (the
# longest today 97). A level file is at most LEVEL_BYTES (the largest today is 15 KB).
NAME_CHARS = 24
TEXT_CHARS = 120
LEVEL_BYTES = 256 << 10
WORDS = WordLimits(key=NAME_CHARS, text=NAME_CHARS, longer={"text": TEXT_CHARS})


def _read(folder: Path, name: str, schema: Table | None = None) -> Reader:
    """One file of ``folder`` as a :class:`Reader`, its words checked against :data:`WORDS`, and checked against
    ``schema`` when given."""
    data = load_toml(folder / name, name, LevelError, LEVEL_BYTES)
    check_words(data, name, WORDS, LevelError)
    reader = Reader(data, "", name, LevelError)
    if schema is not None:
        reader.check(schema)
    return reader


def _label_range(r: Reader, label: str) -> tuple[int, int]:
    parts = [int(p) for p in label.split("-")] if re.fullmatch(r"\d\d?(-\d\d?)?", label) else []
    if not parts or not all(1 <= p <= 6 for p in parts) or parts[0] > parts[-1]:
        raise r.fail("id", f"label {label!r} is not a die label like '2-3'")
    return parts[0], parts[-1]


def _ref(r: Reader, key: str, value: Any, known: Any, what: str, where: str = "") -> None:
    """A reference to something that must exist: ``value`` in ``known``, else "unknown WHAT 'value' WHERE"."""
    if value not in known:
        names = ", ".join(map(str, known)) if len(known) <= 12 else f"{len(known)} of them"
        raise r.fail(key, f"unknown {what} {value!r}{where} (expected one of: {names})")


@dataclass
class _Board:
    """What ``board.toml`` holds, checked: the floors, entrances and spaces, the tracks (joins resolved), the
    placement table, the barriers, the support spaces and the morale track (read by :func:`load_rules`)."""

    reader: Reader
    size: tuple[int, int]
    floors: dict[str, Floor]
    links: tuple[tuple[str, str], ...]
    entrances: dict[str, Entrance]
    dspaces: dict[str, DefenderSpace]
    tracks: dict[str, Track] = field(default_factory=dict)
    tspaces: dict[str, TrackSpace] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    placement: dict[int, str] = field(default_factory=dict)
    barriers: dict[int, tuple[int, int]] = field(default_factory=dict)
    barrier_space: dict[int, str] = field(default_factory=dict)
    sspaces: dict[str, SupportSpace] = field(default_factory=dict)
    morale: tuple[int, int, tuple[tuple[str, int, int], ...]] = (0, 0, ())  # start, max, bands
    depth: dict[str, int] = field(default_factory=dict)  # the fire truck's depth in deck 3 by morale band (2.3)
    depth_reader: Reader | None = None  # (its table, for a depth found too deep once the decks are read)

    @property
    def all_colours(self) -> list[str]:
        return sorted({c for floor in self.floors.values() for c in floor.colour_order()})


def _floors(board: Reader) -> dict[str, Floor]:
    """The floors: each with its defense values, its Target table (faces 1 to 6 exactly once) and its interior."""
    floors: dict[str, Floor] = {}
    for r in board.tables("floors"):
        fid = r.get("id", str)
        target = [(tuple(t["faces"]), t["colour"]) for t in r.get("target", list)]
        if sorted(f for faces, _ in target for f in faces) != [1, 2, 3, 4, 5, 6]:
            raise r.fail("target", "the target table must cover die faces 1 to 6 exactly once")
        pos = r.sub("interior")
        floors[fid] = Floor(fid, r.get("name", str), tuple(r.get("defense", list)), tuple(target),
                            r.get("next_floor_when_empty", str), pos.get("x", int), pos.get("y", int))
    return floors


def _interior_links(board: Reader) -> tuple[tuple[str, str], ...]:
    links = [(pair[0], pair[1]) for pair in board.get("interior_links", list)]
    for i, (a, b) in enumerate(links):
        if (a, b) in links[:i] or (b, a) in links[:i]:
            raise board.fail(f"interior_links[{i}]", f"duplicate link {a} - {b}")
    return tuple(links)


def _entrances(board: Reader) -> dict[str, Entrance]:
    entrances: dict[str, Entrance] = {}
    for r in board.tables("entrances"):
        eid = r.get("id", str)
        entrances[eid] = Entrance(eid, r.get("floor", str), r.get("kills", str), r.get("escape", bool),
                                  r.get("x", int), r.get("y", int))
    return entrances


def _defender_spaces(board: Reader, floors: dict[str, Floor],
                     entrances: dict[str, Entrance]) -> dict[str, DefenderSpace]:
    """The defender spaces (``floor:label``): colours on their floor's Target table, labels that do not overlap
    in a colour, an entrance's killing space on its floor, every Target colour with a space."""
    floor_colours = {f: set(floor.colour_order()) for f, floor in floors.items()}
    dspaces: dict[str, DefenderSpace] = {}
    for r in board.tables("defender_spaces"):
        sid = r.get("id", str)
        floor, _, label = sid.partition(":")
        if floor not in floors or not label:
            raise r.fail("id", f"{sid!r} is not floor:label")
        low, high = _label_range(r, label)
        colours = tuple(r.get("colours", list))
        for i, colour in enumerate(colours):
            _ref(r, f"colours[{i}]", colour, sorted(floor_colours[floor]), "colour",
                 f" on the {floor} Target table")
        entrance = r.get("entrance", str, "")
        if entrance:
            _ref(r, "entrance", entrance, entrances, "entrance")
        dspaces[sid] = DefenderSpace(sid, floor, label, colours, 2 if r.get("shape", str) == "square" else 3,
                                     entrance, low, high, r.get("x", int), r.get("y", int))
    for a in dspaces.values():
        for b in dspaces.values():
            if a.id < b.id and a.floor == b.floor and set(a.colours) & set(b.colours):
                if a.low <= b.high and b.low <= a.high:
                    raise board.fail("defender_spaces", f"labels of {a.id} and {b.id} overlap in one colour")
    for i, e in enumerate(entrances.values()):
        if e.kills and (e.kills not in dspaces or dspaces[e.kills].floor != e.floor):
            raise board.fail(f"entrances[{i}].kills", f"{e.kills!r} is not a defender space on floor {e.floor}")
    for f in floors.values():
        for colour in f.colour_order():
            if not any(s.floor == f.id and colour in s.colours for s in dspaces.values()):
                raise board.fail(f"floors.{f.id}.target", f"colour {colour!r} has no defender space on that floor")
    return dspaces


def _track_spaces(b: _Board) -> dict[str, list[str]]:
    """Every track's own spaces, with canonical ids (``track:index``), into ``b.tspaces`` and ``b.tracks``; a
    track ending on another's space joins it (resolved here). Each track's sequence of space ids."""
    pending_joins: list[tuple[str, int, str, Reader]] = []
    seqs: dict[str, list[str]] = {}
    for r in b.reader.tables("tracks"):
        tid = r.get("id", str)
        if tid in b.floors:
            raise r.fail("id", f"{tid!r} is a floor id: its spaces would be named like defender spaces")
        entrance = r.get("entrance", str)
        _ref(r, "entrance", entrance, b.entrances, "entrance")
        seq: list[str] = []
        spaces = r.tables("spaces")
        for i, sr in enumerate(spaces, start=1):
            if sr.has("joins"):
                if len(sr.data) > 1 or i != len(spaces) or i == 1:
                    raise sr.fail("joins", "a joining space is the last of its track (after the placement space), "
                                           "with no other keys")
                pending_joins.append((tid, i, sr.get("joins", str), sr))
                seq.append("")
                break
            sid = f"{tid}:{i}"
            colours = tuple(sr.get("colours", list))
            for k, colour in enumerate(colours):
                _ref(sr, f"colours[{k}]", colour, b.all_colours, "colour")
            b.tspaces[sid] = TrackSpace(sid, tid, i, colours, "", "", 0, sr.get("x", int), sr.get("y", int))
            seq.append(sid)
        seqs[tid] = seq
        b.tracks[tid] = Track(tid, r.get("die", str), entrance, ())
    for tid, i, joined, sr in pending_joins:
        if joined not in b.tspaces or b.tspaces[joined].track == tid:
            raise sr.fail("joins", f"unknown track space {joined!r} of another track")
        other = b.tspaces[joined].track
        if b.tracks[other].entrance != b.tracks[tid].entrance:
            raise sr.fail("joins", f"track {tid} joins track {other}, which leads to another entrance")
        tail = seqs[other][b.tspaces[joined].index - 1:]
        if "" in tail:
            raise sr.fail("joins", f"track {other} joins a third track: join that track's space instead")
        seqs[tid] = seqs[tid][: i - 1] + tail
    return seqs


def _tracks(b: _Board) -> None:
    """The tracks (3.1): their spaces in order (a joined track's shared spaces under their aliases), the barrier
    after a space of some tracks, each space's next space or its entrance."""
    seqs = _track_spaces(b)
    for r in b.reader.tables("tracks"):
        tid = r.get("id", str)
        seq = seqs[tid]
        b.tracks[tid] = Track(tid, b.tracks[tid].die, b.tracks[tid].entrance, tuple(seq))
        for i, sid in enumerate(seq, start=1):
            if b.tspaces[sid].track != tid:
                b.aliases[f"{tid}:{i}"] = sid
        barrier = r.get("barrier", int, 0)
        if barrier:
            after = r.get("barrier_after", int)
            if not 1 <= after < len(seq):
                raise r.fail("barrier_after", f"must be an index from 1 to {len(seq) - 1}")
            if barrier in b.barrier_space:
                raise r.fail("barrier", f"barrier {barrier} is on two tracks")
            b.barrier_space[barrier] = seq[after - 1]
        elif r.has("barrier_after"):
            raise r.fail("barrier_after", "only for a track with a barrier")
    for tid, track in b.tracks.items():
        for i, sid in enumerate(track.spaces):
            nxt = track.spaces[i + 1] if i + 1 < len(track.spaces) else ""
            old = b.tspaces[sid]
            if old.next and old.next != nxt:
                raise b.reader.fail(f"tracks.{tid}", f"space {sid} leads to two different spaces")
            barrier = next((n for n, s in b.barrier_space.items() if s == sid), 0)
            b.tspaces[sid] = TrackSpace(sid, old.track, old.index, old.colours, nxt,
                                        track.entrance if not nxt else "", barrier, old.x, old.y)


def _placement_and_barriers(b: _Board) -> None:
    """3.1's placement table (faces 1-6 on the 1-6 tracks, 7-12 on the others) and barriers 1 to 4."""
    raw_place = b.reader.sub("placement")
    for face in range(1, 13):
        tid = raw_place.get(str(face), str)
        _ref(raw_place, str(face), tid, b.tracks, "track")
        if (face <= 6) != (b.tracks[tid].die == "1-6"):
            raise b.reader.fail(f"placement.{face}", f"track {tid} is placed with the {b.tracks[tid].die} die")
        b.placement[face] = tid
    for r in b.reader.tables("barriers"):
        bid = r.get("id", int)
        if bid not in b.barrier_space:
            raise r.fail("id", f"barrier {bid} lies on no track")
        b.barriers[bid] = (r.get("x", int), r.get("y", int))
    if sorted(b.barrier_space) != [1, 2, 3, 4]:
        raise b.reader.fail("barriers", "expected barriers 1 to 4, each on one track")


def _support_spaces_and_morale(b: _Board) -> None:
    """The support spaces (ids of their own, colours of some floor) and the morale track: its bands cover 1 to
    its maximum once, the start inside; the fire truck's depth per band (2.3)."""
    for r in b.reader.tables("support_spaces"):
        sid = r.get("id", str)
        if sid in b.dspaces or sid in b.tspaces:
            raise r.fail("id", f"{sid!r} is also the id of a defender or track space")
        colours = tuple(r.get("colours", list))
        for k, colour in enumerate(colours):
            _ref(r, f"colours[{k}]", colour, b.all_colours, "colour")
        b.sspaces[sid] = SupportSpace(sid, r.get("kind", str), colours, r.get("x", int), r.get("y", int))
    morale = b.reader.sub("morale")
    mstart, mmax = morale.get("start", int), morale.get("max", int)
    bands = tuple((band["name"], band["low"], band["high"]) for band in morale.get("bands", list))
    covered = sorted(v for _, lo, hi in bands for v in range(lo, hi + 1))
    if covered != list(range(1, mmax + 1)) or not 1 <= mstart <= mmax:
        raise morale.fail("bands", f"bands must cover morale 1 to {mmax} exactly once, with start inside")
    b.morale = (mstart, mmax, bands)
    b.depth_reader = morale.sub("fire_truck_depth")
    b.depth = {name: b.depth_reader.get(name, int) for name, _, _ in bands}
    b.depth_reader.done()


def _load_board(folder: Path) -> _Board:
    """``levels/board.toml`` against its schema, then its references (see :func:`load_rules`)."""
    board = _read(folder, "board.toml")
    size = board.get("logical_size", List(Int(100, 8000), 2, 2))
    board.check(_board_schema(size[0], size[1]))
    floors = _floors(board)
    links = _interior_links(board)
    entrances = _entrances(board)
    b = _Board(board, (size[0], size[1]), floors, links, entrances, _defender_spaces(board, floors, entrances))
    _tracks(b)
    _placement_and_barriers(b)
    _support_spaces_and_morale(b)
    return b


def _load_defenders(folder: Path, b: _Board, space_ids: list[str]) -> dict[str, DefenderDef]:
    """``levels/defenders.toml``: 39 defenders in play, each starting in a defender space that holds them."""
    dfile = _read(folder, "defenders.toml", _DEFENDERS)
    defenders: dict[str, DefenderDef] = {}
    for r in dfile.tables("defenders"):
        name = r.get("name", str)
        start = r.get("start", str)
        _ref(r, "start", start, space_ids, "defender space")
        defenders[name] = DefenderDef(name, r.get("kind", str), r.get("combat", int), r.get("morale", int),
                                      tuple(r.get("attributes", list)), start)
    if len(defenders) != 39:
        raise dfile.fail("defenders", f"expected 39 defenders in play, found {len(defenders)}")
    for sid, sp in b.dspaces.items():
        n = sum(1 for d in defenders.values() if d.start == sid)
        if n > sp.capacity:
            raise dfile.fail("defenders", f"{n} defenders start in {sid}, which holds {sp.capacity}")
    return defenders


def _load_weapons(folder: Path, space_ids: list[str]) -> tuple[dict[str, Weapon], tuple[str, ...]]:
    """``levels/weapons.toml``: the weapon tokens and the ammunition tokens, each starting in a space."""
    wfile = _read(folder, "weapons.toml", _WEAPONS)
    weapons: dict[str, Weapon] = {}
    for r in wfile.tables("weapons"):
        wid = r.get("id", str)
        if wid.startswith("ammo"):
            raise r.fail("id", f"{wid!r}: ids starting with 'ammo' name ammunition tokens")
        start = r.get("start", str)
        _ref(r, "start", start, space_ids, "space")
        weapons[wid] = Weapon(wid, r.get("name", str), tuple(r.get("designations", list)), start)
    ammo = tuple(wfile.get("ammunition", list))
    for i, s in enumerate(ammo):
        _ref(wfile, f"ammunition[{i}]", s, space_ids, "space")
    return weapons, ammo


@dataclass
class _Enemies:
    assault: dict[str, CounterType]
    leaders: tuple[str, ...]
    support: dict[str, CounterType]
    car: Reader  # the armored car's table (its defense and supply)


def _load_enemies(folder: Path) -> _Enemies:
    """``levels/enemies.toml``: the assault counter types (70 counters in all, a name per leader), the support
    types and the armored car."""
    efile = _read(folder, "enemies.toml", _ENEMIES)
    assault: dict[str, CounterType] = {}
    for tid in (*_ASSAULT_UNITS, "leader"):
        r = efile.sub("assault").sub(tid)
        assault[tid] = CounterType(tid, r.get("name", str), r.get("combat", int), r.get("defense", int),
                                   r.get("clearing_order", int), r.get("supply", int))
    if sum(c.supply for c in assault.values()) != 70:
        raise efile.fail("assault", "the assault counters must add up to 70")
    leaders = tuple(efile.sub("assault").sub("leader").get("names", list))
    if len(leaders) != assault["leader"].supply:
        raise efile.fail("assault.leader.names", "one name per leader counter in the supply")
    support: dict[str, CounterType] = {}
    for tid in _SUPPORT_UNITS:
        r = efile.sub("support").sub(tid)
        support[tid] = CounterType(tid, r.get("name", str), r.get("combat", int), r.get("defense", int), 0,
                                   r.get("supply", int))
    return _Enemies(assault, leaders, support, efile.sub("armored_car"))


def _load_decks(folder: Path, b: _Board, leaders: tuple[str, ...]) -> tuple[dict[str, Card],
                                                                            dict[int, tuple[str, ...]]]:
    """``levels/decks.toml``: the three Attack decks, 90 cards (ids ``deck-NN``); a card per leader, one grenade
    bundle per barrier, one fire truck in deck 3, no deeper than that deck (2.3)."""
    kfile = _read(folder, "decks.toml", _DECKS)
    cards: dict[str, Card] = {}
    decks: dict[int, tuple[str, ...]] = {}
    leader_cards: set[str] = set()
    for deck in (1, 2, 3):
        ids: list[str] = []
        for r in kfile.tables(f"deck{deck}"):
            ctype = r.get("type", str)
            kw: dict[str, Any] = {k: v for k, v in r.data.items() if k not in ("type", "count")}
            if ctype == "leader":
                _ref(r, "name", kw["name"], leaders, "leader")
                if kw["name"] in leader_cards:
                    raise r.fail("name", f"a second card for leader {kw['name']!r}")
                leader_cards.add(kw["name"])
                _ref(r, "space", kw["space"], b.tracks, "placement space")
            elif ctype == "grenade_bundle":
                _ref(r, "barrier", kw["barrier"], b.barriers, "barrier")
            elif ctype == "support":
                _ref(r, "space", kw["space"], b.sspaces, "support space")
            for _ in range(r.get("count", int, 1)):
                cid = f"{deck}-{len(ids) + 1:02d}"
                cards[cid] = Card(cid, deck, ctype, **kw)
                ids.append(cid)
        decks[deck] = tuple(ids)
    if sum(len(d) for d in decks.values()) != 90:
        raise kfile.fail("", f"expected 90 enemy cards, found {sum(len(d) for d in decks.values())}")
    bundles = sorted(c.barrier for c in cards.values() if c.type == "grenade_bundle")
    if bundles != [1, 2, 3, 4]:
        raise kfile.fail("", "expected one grenade bundle card per barrier")
    if sum(1 for c in cards.values() if c.type == "fire_truck" and c.deck == 3) != 1 \
            or sum(1 for c in cards.values() if c.type == "fire_truck") != 1:
        raise kfile.fail("deck3", "Attack deck 3 holds exactly one fire truck card")
    assert b.depth_reader is not None
    for name, value in b.depth.items():
        if value > len(decks[3]):
            raise b.depth_reader.fail(name, f"deeper than Attack deck 3 ({len(decks[3])} cards)")
    return cards, decks


def _load_setups(folder: Path, b: _Board, car: Reader) -> dict[str, dict[int, AttackSetup]]:
    """``levels/setup.toml``: each difficulty's set-up of each Attack (2.1, 8.1, 8.2), on placement spaces."""
    sfile = _read(folder, "setup.toml", _SETUP)
    setups: dict[str, dict[int, AttackSetup]] = {}
    for diff in DIFFICULTIES:
        setups[diff] = {}
        for attack in (1, 2, 3):
            r = sfile.sub(diff).sub(f"attack{attack}")
            placed = []
            for unit, spaces_of in r.get("assault", dict, {}).items():
                for i, space in enumerate(spaces_of):
                    _ref(r, f"assault.{unit}[{i}]", space, b.tracks, "placement space")
                placed.append((unit, tuple(spaces_of)))
            cars = tuple(r.get("armored_cars", list, []))
            for i, space in enumerate(cars):
                _ref(r, f"armored_cars[{i}]", space, b.tracks, "placement space")
            if len(cars) > car.get("supply", int):
                raise r.fail("armored_cars", "at most one placement space per armored car")
            opened = tuple(r.get("open_barriers", list, []))
            setups[diff][attack] = AttackSetup(tuple(placed), cars, opened, tuple(r.get("fill_support", list, [])))
    return setups


def load_rules(folder: Path | None = None) -> Rules:
    """Read and check every file of ``levels/``; raises :class:`LevelError` on the first problem.

    Each file is first checked against its schema (above): unknown and missing keys, types, ranges and duplicate
    ids. Then the references: a defender space's colours are on its floor's Target table, every track and support
    space colour is some floor's, entrances, tracks, joined track spaces, start spaces, leaders, support spaces,
    barriers and Tactics cards exist; and the totals the rules fix (39 defenders, 70 assault counters, 90 enemy
    cards, one grenade bundle per barrier, one fire truck in deck 3, a space's capacity). One function a file, read
    in this order: board, defenders, weapons, enemies, decks, setup, tactics.
    """
    folder = folder or levels_dir()
    b = _load_board(folder)
    space_floor: dict[str, str] = {ds.id: ds.floor for ds in b.dspaces.values()}
    for fid in b.floors:
        space_floor[f"{fid}:interior"] = fid
    space_ids = list(space_floor)
    defenders = _load_defenders(folder, b, space_ids)
    weapons, ammo = _load_weapons(folder, space_ids)
    enemies = _load_enemies(folder)
    cards, decks = _load_decks(folder, b, enemies.leaders)
    setups = _load_setups(folder, b, enemies.car)
    tactics, tactic_decks, modes = _load_tactics(folder)

    floor_spaces = {f: tuple(s for s in b.dspaces if b.dspaces[s].floor == f) for f in b.floors}
    palette: dict[str, tuple[str, ...]] = {}
    for table in (b.dspaces, b.tspaces, b.sspaces):
        for sid, item in table.items():
            palette[sid] = item.colours
    seen = {a: frozenset(n for n, cb in palette.items() if set(ca) & set(cb)) for a, ca in palette.items()}
    mstart, mmax, bands = b.morale
    return Rules(
        logical_size=b.size, floors=b.floors, interior_links=b.links, defender_spaces=b.dspaces,
        entrances=b.entrances, tracks=b.tracks, track_spaces=b.tspaces, aliases=b.aliases, placement=b.placement,
        barriers=b.barriers, barrier_space=b.barrier_space, support_spaces=b.sspaces, morale_start=mstart,
        morale_max=mmax, morale_bands=bands, fire_truck_depth=b.depth, defenders=defenders,
        weapons=weapons, ammunition=ammo, assault_types=enemies.assault, leaders=enemies.leaders,
        support_types=enemies.support, armored_car_defense=enemies.car.get("defense", int),
        armored_car_supply=enemies.car.get("supply", int), cards=cards, decks=decks, setups=setups,
        floor_spaces=floor_spaces, space_floor=space_floor, seen=seen, tactics=tactics, tactic_decks=tactic_decks,
        tactics_modes=modes,
    )


def _load_tactics(folder: Path) -> tuple[dict[str, TacticCard], dict[int, tuple[str, ...]], dict[str, TacticsMode]]:
    """``levels/tactics.toml``: the Tactics card designs, the three Tactics decks and the difficulty modes; each
    deck entry names a card design, and each deck holds at least the cards the set-up removes and deals."""
    tfile = _read(folder, "tactics.toml", _TACTICS)
    raw_modes = tfile.get("difficulty", dict)
    modes = {d: TacticsMode(raw_modes[d]["removed"], raw_modes[d]["in_play"]) for d in TACTIC_DIFFICULTIES}
    designs: dict[str, dict[str, Any]] = {}
    for key, design in tfile.get("cards", dict).items():
        kw = {"key": key, **design}
        if "faces" in kw:
            kw["faces"] = tuple(kw["faces"])
        designs[key] = kw
    tactics: dict[str, TacticCard] = {}
    decks: dict[int, tuple[str, ...]] = {}
    most = max(m.removed + m.in_play for m in modes.values())
    for deck in (1, 2, 3):
        ids: list[str] = []
        for r in tfile.tables(f"deck{deck}"):
            key = r.get("card", str)
            _ref(r, "card", key, designs, "tactics card")
            for _ in range(r.get("count", int, 1)):
                tid = f"t{deck}-{len(ids) + 1:02d}"
                tactics[tid] = TacticCard(tid, deck=deck, **designs[key])
                ids.append(tid)
        if len(ids) < most:
            raise tfile.fail(f"deck{deck}", f"{len(ids)} cards; the set-up removes and deals {most}")
        decks[deck] = tuple(ids)
    return tactics, decks, modes


@lru_cache(maxsize=4)
def default_rules() -> Rules:
    """The rules from the game's own ``levels/`` folder, loaded once."""
    return load_rules()
