"""Loading and checking the reconstructed game data in ``levels/`` (board, defenders, weapons, enemies, decks).

Every file may be damaged or wrong: each problem raises :class:`LevelError` with one line naming the file,
the key and the problem. The loaded :class:`Rules` are immutable and shared by every game.
"""

from __future__ import annotations

import sys
import tomllib as _toml  # the standard library's TOML reader (tomli before Python 3.11)
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

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

    def describe(self) -> str:
        if self.type == "assault":
            return f"{self.unit} card (die {self.die})"
        if self.type == "leader":
            return f"leader card: {self.name} on {self.space}"
        if self.type == "grenade_bundle":
            return f"grenade bundle card for barrier {self.barrier}"
        if self.type == "support":
            return f"support card for space {self.space}"
        return f"{self.type.replace('_', ' ')} card"


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


class _Reader:
    """Typed access to one TOML table with errors that name the file and the key path."""

    def __init__(self, file: str, table: Any, path: str = "") -> None:
        self.file = file
        self.table = table
        self.path = path

    def fail(self, key: str, problem: str) -> LevelError:
        where = f"{self.path}.{key}" if self.path and key else (self.path or key)
        return LevelError(f"{self.file}: {where}: {problem}")

    def has(self, key: str) -> bool:
        return isinstance(self.table, dict) and key in self.table

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if not isinstance(self.table, dict):
            raise self.fail("", "expected a table")
        if key not in self.table:
            if default is ...:
                raise self.fail(key, "missing")
            return default
        value = self.table[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(key, f"expected {names}, found {type(value).__name__} {value!r}")
        return value

    def str_list(self, key: str, default: Any = ...) -> tuple[str, ...]:
        value = self.get(key, list, default)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.fail(f"{key}[{i}]", f"expected a string, found {item!r}")
        return tuple(value)

    def sub(self, key: str, index: int | None = None) -> _Reader:
        name = key
        if index is not None:
            item = self.table[key][index]
            label = item.get("id", item.get("name")) if isinstance(item, dict) else None
            name = f"{key}[{label}]" if isinstance(label, (str, int)) and not isinstance(label, bool) \
                else f"{key}[{index}]"
        path = f"{self.path}.{name}" if self.path else name
        table = self.table[key] if index is None else self.table[key][index]
        if not isinstance(table, dict):
            raise LevelError(f"{self.file}: {path}: expected a table")
        return _Reader(self.file, table, path)

    def tables(self, key: str) -> list[_Reader]:
        value = self.get(key, list)
        return [self.sub(key, i) for i in range(len(value))]


def _read(folder: Path, name: str) -> _Reader:
    path = folder / name
    try:
        with path.open("rb") as handle:
            return _Reader(name, _toml.load(handle))
    except FileNotFoundError:
        raise LevelError(f"{name}: file not found in {folder.name}/") from None
    except _toml.TOMLDecodeError as exc:
        raise LevelError(f"{name}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LevelError(f"{name}: cannot be read: {exc}") from None


def _label_range(file: str, key: str, label: str) -> tuple[int, int]:
    try:
        parts = [int(p) for p in label.split("-")]
    except ValueError:
        raise LevelError(f"{file}: {key}: label {label!r} is not a die label like '2-3'") from None
    if len(parts) not in (1, 2) or not all(1 <= p <= 6 for p in parts) or parts[0] > parts[-1]:
        raise LevelError(f"{file}: {key}: label {label!r} is not a die label like '2-3'")
    return parts[0], parts[-1]


def load_rules(folder: Path | None = None) -> Rules:
    """Read and check every file of ``levels/``; raises :class:`LevelError` on the first problem."""
    folder = folder or levels_dir()
    board = _read(folder, "board.toml")
    size = board.get("logical_size", list)
    if len(size) != 2 or not all(isinstance(v, int) and v > 0 for v in size):
        raise board.fail("logical_size", "expected two positive integers")

    floors: dict[str, Floor] = {}
    for r in board.tables("floors"):
        fid = r.get("id", str)
        if fid not in FLOORS:
            raise r.fail("id", f"unknown floor {fid!r}; expected one of {', '.join(FLOORS)}")
        defense = r.get("defense", list)
        if not defense or not all(isinstance(v, int) and 1 <= v <= 7 for v in defense):
            raise r.fail("defense", "expected a list of defense values from 1 to 7")
        target = []
        seen_faces: list[int] = []
        for i, t in enumerate(r.get("target", list)):
            tr = _Reader(r.file, t, f"{r.path}.target[{i}]")
            faces = tr.get("faces", list)
            if not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
                raise tr.fail("faces", "expected die faces 1 to 6")
            seen_faces.extend(faces)
            target.append((tuple(faces), tr.get("colour", str)))
        if sorted(seen_faces) != [1, 2, 3, 4, 5, 6]:
            raise r.fail("target", "the target table must cover die faces 1 to 6 exactly once")
        nxt = r.get("next_floor_when_empty", str)
        if nxt and nxt not in FLOORS:
            raise r.fail("next_floor_when_empty", f"unknown floor {nxt!r}")
        pos = r.sub("interior")
        floors[fid] = Floor(fid, r.get("name", str), tuple(defense), tuple(target), nxt,
                            pos.get("x", int), pos.get("y", int))
    if tuple(sorted(floors)) != tuple(sorted(FLOORS)):
        raise board.fail("floors", f"expected the floors {', '.join(FLOORS)}")
    links = []
    for i, pair in enumerate(board.get("interior_links", list)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in floors for p in pair)):
            raise board.fail(f"interior_links[{i}]", "expected a pair of floor ids")
        links.append((pair[0], pair[1]))

    entrances: dict[str, Entrance] = {}
    for r in board.tables("entrances"):
        eid = r.get("id", str)
        floor = r.get("floor", str)
        if floor not in floors:
            raise r.fail("floor", f"unknown floor {floor!r}")
        entrances[eid] = Entrance(eid, floor, r.get("kills", str), r.get("escape", bool), r.get("x", int),
                                  r.get("y", int))

    dspaces: dict[str, DefenderSpace] = {}
    for r in board.tables("defender_spaces"):
        sid = r.get("id", str)
        floor, _, label = sid.partition(":")
        if floor not in floors or not label:
            raise r.fail("id", f"{sid!r} is not floor:label")
        if sid in dspaces:
            raise r.fail("id", f"duplicate defender space {sid!r}")
        low, high = _label_range(r.file, f"{r.path}.id", label)
        shape = r.get("shape", str)
        if shape not in ("square", "rect"):
            raise r.fail("shape", f"expected 'square' or 'rect', found {shape!r}")
        colours = r.str_list("colours")
        if not 1 <= len(colours) <= 2:
            raise r.fail("colours", "a space carries one or two colours")
        entrance = r.get("entrance", str, "")
        if entrance and entrance not in entrances:
            raise r.fail("entrance", f"unknown entrance {entrance!r}")
        dspaces[sid] = DefenderSpace(sid, floor, label, colours, 2 if shape == "square" else 3, entrance,
                                     low, high, r.get("x", int), r.get("y", int))
    for a in dspaces.values():
        for b in dspaces.values():
            if a.id < b.id and a.floor == b.floor and set(a.colours) & set(b.colours):
                if a.low <= b.high and b.low <= a.high:
                    raise board.fail("defender_spaces", f"labels of {a.id} and {b.id} overlap in one colour")
    for e in entrances.values():
        if e.kills and (e.kills not in dspaces or dspaces[e.kills].floor != e.floor):
            raise board.fail(f"entrances.{e.id}.kills", f"{e.kills!r} is not a defender space on floor {e.floor}")
    for f in floors.values():
        for colour in f.colour_order():
            if not any(s.floor == f.id and colour in s.colours for s in dspaces.values()):
                raise board.fail(f"floors.{f.id}.target", f"colour {colour!r} has no defender space on that floor")

    tracks: dict[str, Track] = {}
    tspaces: dict[str, TrackSpace] = {}
    aliases: dict[str, str] = {}
    pending_joins: list[tuple[str, int, str, _Reader]] = []
    raw_tracks = board.tables("tracks")
    # First pass: every track's own spaces get canonical ids; joins are resolved afterwards.
    seqs: dict[str, list[str]] = {}
    for r in raw_tracks:
        tid = r.get("id", str)
        die = r.get("die", str)
        if die not in ("1-6", "7-12"):
            raise r.fail("die", f"expected '1-6' or '7-12', found {die!r}")
        entrance = r.get("entrance", str)
        if entrance not in entrances:
            raise r.fail("entrance", f"unknown entrance {entrance!r}")
        seq: list[str] = []
        for i, sr in enumerate(r.tables("spaces"), start=1):
            if sr.has("joins"):
                pending_joins.append((tid, i, sr.get("joins", str), sr))
                seq.append("")
                break
            sid = f"{tid}:{i}"
            colours = sr.str_list("colours")
            if not 1 <= len(colours) <= 2:
                raise sr.fail("colours", "a space carries one or two colours")
            tspaces[sid] = TrackSpace(sid, tid, i, colours, "", "", 0, sr.get("x", int), sr.get("y", int))
            seq.append(sid)
        if not seq or not seq[0]:
            raise r.fail("spaces", "a track needs its placement space first")
        seqs[tid] = seq
        tracks[tid] = Track(tid, die, entrance, ())
    for tid, i, joined, sr in pending_joins:
        if joined not in tspaces:
            raise sr.fail("joins", f"unknown track space {joined!r}")
        other = tspaces[joined].track
        if tracks[other].entrance != tracks[tid].entrance:
            raise sr.fail("joins", f"track {tid} joins track {other}, which leads to another entrance")
        k = tspaces[joined].index
        tail = seqs[other][k - 1:]
        seqs[tid] = seqs[tid][: i - 1] + tail
    barrier_space: dict[int, str] = {}
    for r in raw_tracks:
        tid = r.get("id", str)
        seq = seqs[tid]
        tracks[tid] = Track(tid, tracks[tid].die, tracks[tid].entrance, tuple(seq))
        for i, sid in enumerate(seq, start=1):
            if tspaces[sid].track != tid:
                aliases[f"{tid}:{i}"] = sid
        barrier = r.get("barrier", int, 0)
        if barrier:
            after = r.get("barrier_after", int)
            if not 1 <= after < len(seq):
                raise r.fail("barrier_after", f"must be an index from 1 to {len(seq) - 1}")
            if barrier in barrier_space:
                raise r.fail("barrier", f"barrier {barrier} is on two tracks")
            barrier_space[barrier] = seq[after - 1]
    for tid, track in tracks.items():
        for i, sid in enumerate(track.spaces):
            nxt = track.spaces[i + 1] if i + 1 < len(track.spaces) else ""
            old = tspaces[sid]
            if old.next and old.next != nxt:
                raise board.fail(f"tracks.{tid}", f"space {sid} leads to two different spaces")
            barrier = next((b for b, s in barrier_space.items() if s == sid), 0)
            tspaces[sid] = TrackSpace(sid, old.track, old.index, old.colours, nxt,
                                      track.entrance if not nxt else "", barrier, old.x, old.y)
    placement: dict[int, str] = {}
    raw_place = board.get("placement", dict)
    for face in range(1, 13):
        tid = raw_place.get(str(face))
        if tid not in tracks:
            raise board.fail(f"placement.{face}", f"expected a track id, found {tid!r}")
        if (face <= 6) != (tracks[tid].die == "1-6"):
            raise board.fail(f"placement.{face}", f"track {tid} is placed with the {tracks[tid].die} die")
        placement[face] = tid
    barriers: dict[int, tuple[int, int]] = {}
    for r in board.tables("barriers"):
        bid = r.get("id", int)
        if bid not in barrier_space:
            raise r.fail("id", f"barrier {bid} lies on no track")
        barriers[bid] = (r.get("x", int), r.get("y", int))
    if sorted(barriers) != [1, 2, 3, 4] or sorted(barrier_space) != [1, 2, 3, 4]:
        raise board.fail("barriers", "expected barriers 1 to 4, each on one track")

    sspaces: dict[str, SupportSpace] = {}
    for r in board.tables("support_spaces"):
        sid = r.get("id", str)
        kind = r.get("kind", str)
        if kind not in ("mg", "ig"):
            raise r.fail("kind", f"expected 'mg' or 'ig', found {kind!r}")
        sspaces[sid] = SupportSpace(sid, kind, r.str_list("colours"), r.get("x", int), r.get("y", int))

    morale = board.sub("morale")
    mstart, mmax = morale.get("start", int), morale.get("max", int)
    bands = []
    for i, b in enumerate(morale.get("bands", list)):
        br = _Reader(morale.file, b, f"morale.bands[{i}]")
        bands.append((br.get("name", str), br.get("low", int), br.get("high", int)))
    covered = sorted(v for _, lo, hi in bands for v in range(lo, hi + 1))
    if covered != list(range(1, mmax + 1)) or not 1 <= mstart <= mmax:
        raise morale.fail("bands", f"bands must cover morale 1 to {mmax} exactly once, with start inside")
    depth_table = morale.get("fire_truck_depth", dict)
    depth = {}
    for name, _, _ in bands:
        value = depth_table.get(name)
        if not isinstance(value, int) or value < 0:
            raise morale.fail(f"fire_truck_depth.{name}", "expected a card count of 0 or more")
        depth[name] = value

    space_floor: dict[str, str] = {ds.id: ds.floor for ds in dspaces.values()}
    for fid in floors:
        space_floor[f"{fid}:interior"] = fid

    dfile = _read(folder, "defenders.toml")
    defenders: dict[str, DefenderDef] = {}
    for r in dfile.tables("defenders"):
        name = r.get("name", str)
        if name in defenders:
            raise r.fail("name", f"duplicate defender {name!r}")
        kind = r.get("kind", str)
        if kind not in DEFENDER_KINDS:
            raise r.fail("kind", f"expected one of {', '.join(DEFENDER_KINDS)}, found {kind!r}")
        attrs = r.str_list("attributes")
        for attr in attrs:
            if attr not in ATTRIBUTES:
                raise r.fail("attributes", f"unknown attribute {attr!r}")
        start = r.get("start", str)
        if start not in space_floor:
            raise r.fail("start", f"unknown defender space {start!r}")
        combat = r.get("combat", int)
        if not 0 <= combat <= 6:
            raise r.fail("combat", "expected 0 to 6")
        defenders[name] = DefenderDef(name, kind, combat, r.get("morale", int), attrs, start)
    if len(defenders) != 39:
        raise dfile.fail("defenders", f"expected 39 defenders in play, found {len(defenders)}")
    for sid, sp in dspaces.items():
        n = sum(1 for d in defenders.values() if d.start == sid)
        if n > sp.capacity:
            raise dfile.fail("defenders", f"{n} defenders start in {sid}, which holds {sp.capacity}")

    wfile = _read(folder, "weapons.toml")
    weapons: dict[str, Weapon] = {}
    for r in wfile.tables("weapons"):
        wid = r.get("id", str)
        des = r.str_list("designations")
        for d in des:
            if d not in DESIGNATIONS:
                raise r.fail("designations", f"unknown designation {d!r}")
        start = r.get("start", str)
        if start not in space_floor:
            raise r.fail("start", f"unknown space {start!r}")
        if wid in weapons:
            raise r.fail("id", f"duplicate weapon {wid!r}")
        weapons[wid] = Weapon(wid, r.get("name", str), des, start)
    ammo = wfile.str_list("ammunition")
    for i, s in enumerate(ammo):
        if s not in space_floor:
            raise wfile.fail(f"ammunition[{i}]", f"unknown space {s!r}")

    efile = _read(folder, "enemies.toml")
    assault: dict[str, CounterType] = {}
    for tid in ("rifleman", "smg", "ss_rifleman", "ss_smg", "leader"):
        r = efile.sub("assault").sub(tid)
        assault[tid] = CounterType(tid, r.get("name", str), r.get("combat", int), r.get("defense", int),
                                   r.get("clearing_order", int), r.get("supply", int))
    if sum(c.supply for c in assault.values()) != 70:
        raise efile.fail("assault", "the assault counters must add up to 70")
    leaders = efile.sub("assault").sub("leader").str_list("names")
    if len(leaders) != assault["leader"].supply:
        raise efile.fail("assault.leader.names", "one name per leader counter in the supply")
    support: dict[str, CounterType] = {}
    for tid in ("mg", "mg_emplaced", "ig", "ig_emplaced"):
        r = efile.sub("support").sub(tid)
        support[tid] = CounterType(tid, r.get("name", str), r.get("combat", int), r.get("defense", int), 0,
                                   r.get("supply", int))
    car = efile.sub("armored_car")

    kfile = _read(folder, "decks.toml")
    cards: dict[str, Card] = {}
    decks: dict[int, tuple[str, ...]] = {}
    for deck in (1, 2, 3):
        ids: list[str] = []
        for r in kfile.tables(f"deck{deck}"):
            ctype = r.get("type", str)
            if ctype not in CARD_TYPES:
                raise r.fail("type", f"unknown card type {ctype!r}")
            count = r.get("count", int, 1)
            if count < 1:
                raise r.fail("count", "expected 1 or more")
            kw: dict[str, Any] = {}
            if ctype == "assault":
                kw["unit"] = r.get("unit", str)
                if kw["unit"] not in assault or kw["unit"] == "leader":
                    raise r.fail("unit", f"unknown assault unit {kw['unit']!r}")
                kw["die"] = r.get("die", str)
                if kw["die"] not in ("1-6", "7-12"):
                    raise r.fail("die", f"expected '1-6' or '7-12', found {kw['die']!r}")
            elif ctype == "leader":
                kw["name"] = r.get("name", str)
                if kw["name"] not in leaders:
                    raise r.fail("name", f"unknown leader {kw['name']!r}")
                kw["space"] = r.get("space", str)
                if kw["space"] not in tracks:
                    raise r.fail("space", f"unknown placement space {kw['space']!r}")
            elif ctype == "grenade_bundle":
                kw["barrier"] = r.get("barrier", int)
                if kw["barrier"] not in barriers:
                    raise r.fail("barrier", f"unknown barrier {kw['barrier']}")
            elif ctype == "support":
                kw["space"] = r.get("space", str)
                if kw["space"] not in sspaces:
                    raise r.fail("space", f"unknown support space {kw['space']!r}")
            for _ in range(count):
                cid = f"{deck}-{len(ids) + 1:02d}"
                cards[cid] = Card(cid, deck, ctype, **kw)
                ids.append(cid)
        decks[deck] = tuple(ids)
    if sum(len(d) for d in decks.values()) != 90:
        raise kfile.fail("", f"expected 90 enemy cards, found {sum(len(d) for d in decks.values())}")
    bundles = sorted(c.barrier for c in cards.values() if c.type == "grenade_bundle")
    if bundles != [1, 2, 3, 4]:
        raise kfile.fail("", "expected one grenade bundle card per barrier")
    if sum(1 for c in cards.values() if c.type == "fire_truck" and c.deck == 3) != 1:
        raise kfile.fail("deck3", "Attack deck 3 holds exactly one fire truck card")

    sfile = _read(folder, "setup.toml")
    setups: dict[str, dict[int, AttackSetup]] = {}
    for diff in DIFFICULTIES:
        setups[diff] = {}
        for attack in (1, 2, 3):
            sfile.get(diff, dict)
            sfile.sub(diff).get(f"attack{attack}", dict)
            r = sfile.sub(diff).sub(f"attack{attack}")
            raw = r.get("assault", dict, {})
            placed = []
            for unit, spaces in raw.items():
                if unit not in assault:
                    raise r.fail(f"assault.{unit}", "unknown assault unit")
                if not isinstance(spaces, list) or not all(s in tracks for s in spaces):
                    raise r.fail(f"assault.{unit}", "expected a list of placement spaces")
                placed.append((unit, tuple(spaces)))
            cars = r.str_list("armored_cars", [])
            if any(s not in tracks for s in cars) or len(cars) > car.get("supply", int):
                raise r.fail("armored_cars", "expected placement spaces, at most one per armored car")
            opened = tuple(r.get("open_barriers", list, []))
            if any(b not in barriers for b in opened):
                raise r.fail("open_barriers", "unknown barrier")
            fill = r.str_list("fill_support", [])
            if any(k not in ("mg", "ig") for k in fill):
                raise r.fail("fill_support", "expected 'mg' or 'ig'")
            setups[diff][attack] = AttackSetup(tuple(placed), cars, opened, fill)

    tactics, tactic_decks, modes = _load_tactics(folder)

    floor_spaces = {f: tuple(s for s in dspaces if dspaces[s].floor == f) for f in floors}
    palette: dict[str, tuple[str, ...]] = {}
    for table in (dspaces, tspaces, sspaces):
        for sid, item in table.items():
            palette[sid] = item.colours
    seen = {a: frozenset(b for b, cb in palette.items() if set(ca) & set(cb)) for a, ca in palette.items()}
    return Rules(
        logical_size=(size[0], size[1]), floors=floors, interior_links=tuple(links), defender_spaces=dspaces,
        entrances=entrances, tracks=tracks, track_spaces=tspaces, aliases=aliases, placement=placement,
        barriers=barriers, barrier_space=barrier_space, support_spaces=sspaces, morale_start=mstart,
        morale_max=mmax, morale_bands=tuple(bands), fire_truck_depth=depth, defenders=defenders,
        weapons=weapons, ammunition=ammo, assault_types=assault, leaders=leaders, support_types=support,
        armored_car_defense=car.get("defense", int), armored_car_supply=car.get("supply", int), cards=cards,
        decks=decks, setups=setups, floor_spaces=floor_spaces, space_floor=space_floor, seen=seen,
        tactics=tactics, tactic_decks=tactic_decks, tactics_modes=modes,
    )


def _load_tactics(folder: Path) -> tuple[dict[str, TacticCard], dict[int, tuple[str, ...]], dict[str, TacticsMode]]:
    """``levels/tactics.toml``: the Tactics card designs, the three Tactics decks and the difficulty modes."""
    tfile = _read(folder, "tactics.toml")
    modes: dict[str, TacticsMode] = {}
    tfile.get("difficulty", dict)
    for diff in TACTIC_DIFFICULTIES:
        tfile.sub("difficulty").get(diff, dict)
        r = tfile.sub("difficulty").sub(diff)
        removed, in_play = r.get("removed", int), r.get("in_play", int)
        if removed < 0:
            raise r.fail("removed", "expected 0 or more")
        if not 1 <= in_play <= 2:
            raise r.fail("in_play", "expected 1 or 2 cards in play")
        modes[diff] = TacticsMode(removed, in_play)
    designs: dict[str, dict[str, Any]] = {}
    tfile.get("cards", dict)
    cards_table = tfile.sub("cards")
    for key in cards_table.table:
        r = cards_table.sub(key)
        effect = r.get("effect", str)
        if effect not in TACTIC_EFFECTS:
            raise r.fail("effect", f"unknown effect {effect!r}; expected one of {', '.join(TACTIC_EFFECTS)}")
        kw: dict[str, Any] = {"key": key, "name": r.get("name", str), "text": r.get("text", str), "effect": effect}
        if not kw["name"].strip() or not kw["text"].strip():
            raise r.fail("name" if not kw["name"].strip() else "text", "must not be empty")
        params = TACTIC_EFFECTS[effect]
        if "amount" in params:
            kw["amount"] = r.get("amount", int)
            if kw["amount"] == 0 or abs(kw["amount"]) > 3:
                raise r.fail("amount", "expected a small non-zero number (-3 to 3)")
            if effect in ("defender_moves", "defender_actions") and kw["amount"] > 0:
                raise r.fail("amount", "a tactic can only take moves or actions away (negative)")
            if effect not in ("defender_moves", "defender_actions") and kw["amount"] < 0:
                raise r.fail("amount", "expected a positive number")
        if "where" in params:
            kw["where"] = r.get("where", str)
            if kw["where"] not in ("track", "inside", "all"):
                raise r.fail("where", f"expected 'track', 'inside' or 'all', found {kw['where']!r}")
        if "faces" in params:
            faces = r.get("faces", list)
            if not faces or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces) \
                    or len(set(faces)) != len(faces):
                raise r.fail("faces", "expected distinct die faces 1 to 6")
            kw["faces"] = tuple(faces)
        for extra in r.table:
            if extra not in ("name", "text", "effect", *params):
                raise r.fail(extra, f"not a parameter of the {effect} effect")
        designs[key] = kw
    tactics: dict[str, TacticCard] = {}
    decks: dict[int, tuple[str, ...]] = {}
    for deck in (1, 2, 3):
        ids: list[str] = []
        for r in tfile.tables(f"deck{deck}"):
            key = r.get("card", str)
            if key not in designs:
                raise r.fail("card", f"unknown tactics card {key!r}")
            count = r.get("count", int, 1)
            if count < 1:
                raise r.fail("count", "expected 1 or more")
            for _ in range(count):
                tid = f"t{deck}-{len(ids) + 1:02d}"
                tactics[tid] = TacticCard(tid, deck=deck, **designs[key])
                ids.append(tid)
        most = max(m.removed + m.in_play for m in modes.values())
        if len(ids) < most:
            raise tfile.fail(f"deck{deck}", f"{len(ids)} cards; the set-up removes and deals {most}")
        decks[deck] = tuple(ids)
    return tactics, decks, modes


@lru_cache(maxsize=4)
def default_rules() -> Rules:
    """The rules from the game's own ``levels/`` folder, loaded once."""
    return load_rules()
