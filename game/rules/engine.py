"""The rules of *Soldiers in Postmen's Uniforms* (rulebook sections 1-8) as a deterministic state machine.

The game stops at decision points. :meth:`Game.legal_actions` lists the choices in a fixed order;
:meth:`Game.apply` validates one, applies it, runs every rule and chance step forward to the next decision
point and returns the :class:`Event` list. All state lives in one JSON-able dict (``Game.state``), the random
generator included, so ``Game.from_json(game.to_json())`` continues exactly, and the same seed with the same
actions gives the same events in any process.

Pending rule steps are kept as a stack of small task records (``state["tasks"]``) instead of Python frames,
so a game can be saved in the middle of the Enemy Phase while it waits for a suppression decision.

Decisions taken where the rulebook is silent or ambiguous are marked ``DECISION`` next to the code.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from typing import Any

from game.rules.actions import Action, IllegalAction
from game.rules.data import DIFFICULTIES, Rules, TacticCard, default_rules
from game.rules.events import Event
from game.rules.rng import Pcg32

SAVE_VERSION = 1
# The stream of the generators keyed by what is rolled for (``Game._reseed``).
DICE_STREAM = 0x44494345
FLOOR_ORDER_HIGH_FIRST = ("upper", "ground", "basement")
CLEARING_FLOOR_ORDER = ("ground", "upper", "basement")  # 5.2
DEFENDER_PHASE_MOVES = 4
DEFENDER_PHASE_ACTIONS = 4
CARDS_PER_ENEMY_PHASE = 5
DECISION_KINDS = {  # the action kinds each decision point accepts
    "moves": ("move", "shift", "end_moves"),
    "actions": ("attack", "grenade", "suppress", "recover", "command", "end_actions"),
    "command": ("rally", "end_command"),
    "suppression": ("spend",),
    "casualty": ("remove",),
    "escape": ("escape", "end_escape"),
}
REMOVED_AFTER_USE = ("leader", "howitzer", "grenade_bundle", "fire_truck")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")
AWARDS = (  # 7.0
    (41, "Order of the White Eagle", "Epic Victory"),
    (26, "Order of Polonia Restituta", "Major Victory"),
    (16, "Cross of Valor", "Minor Victory"),
    (1, "Silver Cross of Merit", "Draw"),
)


def hit_chance(dice: int, defense: int) -> float:
    """Probability that at least one of ``dice`` six-sided dice shows ``defense`` or more."""
    if dice <= 0:
        return 0.0
    miss = min(max(defense - 1, 0), 6) / 6
    return 1.0 - miss**dice


def _article(noun: str) -> str:
    if noun.startswith("leader "):
        return noun
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def award_for(score: int) -> tuple[str, str]:
    """The award and victory level of 7.0 for a final score."""
    for threshold, award, level in AWARDS:
        if score >= threshold:
            return award, level
    return "", "Loss"


class Game:
    """One game. Create with :meth:`new`, drive with :meth:`legal_actions` and :meth:`apply`."""

    def __init__(self, state: dict[str, Any], rules: Rules | None = None) -> None:
        self.rules = rules or default_rules()
        self.state = state
        self._rng = Pcg32(state["rng"][0], state["rng"][1])
        self._events: list[Event] = []
        self._legal_cache: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self._kinds: dict[str, str] = {}
        self._tmap: dict[str, list[str]] | None = None  # tokens by space, only while listing legal actions

    # ------------------------------------------------------------------ creation and persistence
    @classmethod
    def new(cls, seed: int = 0, difficulty: str = "standard", rules: Rules | None = None) -> Game:
        """Set up a new game (Set up 1-18) and run it to the first decision point.

        ``difficulty`` is ``standard``, ``veteran`` (8.1) or ``elite`` (8.2); anything else is a ``ValueError``."""
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})")
        game = cls(cls._blank_state(seed, difficulty, rules or default_rules()), rules)
        game._set_up()
        game._events.clear()
        game._push_turn_start()
        game._push(["attack_setup", 1])
        game._run()
        game.initial_events = game._take_events()
        return game

    initial_events: list[Event] = []

    @staticmethod
    def _blank_state(seed: int, difficulty: str, rules: Rules) -> dict[str, Any]:
        rng = Pcg32.seeded(seed)
        return {
            "version": SAVE_VERSION, "seed": seed, "difficulty": difficulty, "rng": [rng.state, rng.inc],
            "dice_key": seed,
            "attack": 1, "turn": 0, "attack_turn": 0, "phase": "setup",
            "decks": {"1": [], "2": [], "3": []}, "discards": {"1": [], "2": [], "3": []},
            "aside": [], "removed": [], "in_play": [], "drawn": 0, "bundles_shuffled": [],
            "barriers_open": [], "fire_truck_drawn": False, "extended": False,
            "spaces": {}, "cars": {}, "supp": {}, "support": {}, "interior": {"upper": [], "ground": [],
                                                                              "basement": []},
            "counters": {}, "next_cid": 1,
            "supply": {t: c.supply for t, c in {**rules.assault_types, **rules.support_types}.items()},
            "leaders_used": [],
            "defenders": {}, "tokens": {}, "defense": {f: 0 for f in rules.floors},
            "morale": rules.morale_start, "moves": 0, "actions": 0,
            "tasks": [], "decision": None, "forced": [], "moved_floor": [], "result": None,
            "transit": {},
            # 8.1.2 / 8.2.2 Tactics cards; empty at Standard. in_play[0] is the card nearest the Tactics deck.
            "tactics": {"decks": {"1": [], "2": [], "3": []}, "discards": {"1": [], "2": [], "3": []},
                        "removed": [], "in_play": []},
        }

    def to_json(self) -> str:
        self.state["rng"] = [self._rng.state, self._rng.inc]
        # Key order is kept (not sorted): rules iterate dicts in insertion order, so a restored game must too.
        return json.dumps(self.state, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, rules: Rules | None = None) -> Game:
        """Restore a game; raises ``ValueError`` with a one-line reason if the text is not a valid save."""
        try:
            state = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a saved game (invalid JSON: {exc.msg} at line {exc.lineno})") from None
        except UnicodeDecodeError:
            raise ValueError("not a saved game (not UTF-8 text)") from None
        if not isinstance(state, dict):
            raise ValueError("not a saved game (expected a JSON object)")
        if state.get("version") != SAVE_VERSION:
            raise ValueError(f"saved game version {state.get('version')!r} is not {SAVE_VERSION}")
        template = cls._blank_state(0, "standard", rules or default_rules())
        if "tactics" not in state:  # a save from before the Tactics cards (a Standard game): none in play
            state["tactics"] = template["tactics"]
        if "dice_key" not in state and isinstance(state.get("seed"), int):  # a save from before keyed dice
            state["dice_key"] = state["seed"]
        if "extended" not in state:  # a save from before the extended Attack was recorded: not extended
            state["extended"] = False
        for key, value in template.items():
            if key not in state:
                raise ValueError(f"saved game is missing {key!r}")
            if value is not None and not isinstance(state[key], type(value)):
                raise ValueError(f"saved game has a wrong type for {key!r}")
        if not (isinstance(state["rng"], list) and len(state["rng"]) == 2 and all(isinstance(v, int)
                                                                                    for v in state["rng"])):
            raise ValueError("saved game has a damaged random generator state")
        if state["difficulty"] not in DIFFICULTIES:
            raise ValueError(f"saved game has an unknown difficulty {state['difficulty']!r}")
        cls._check_tactics_state(state["tactics"], rules or default_rules())
        return cls(state, rules)

    @staticmethod
    def _check_tactics_state(tactics: dict[str, Any], rules: Rules) -> None:
        """A saved ``tactics`` value must hold known card ids in the expected piles (one line if not)."""
        for key in ("decks", "discards"):
            piles = tactics.get(key)
            if not isinstance(piles, dict) or sorted(piles) != ["1", "2", "3"]:
                raise ValueError(f"saved game has damaged tactics {key}")
            lists = list(piles.values())
        for key in ("removed", "in_play"):
            lists.append(tactics.get(key))
        for pile in lists:
            if not isinstance(pile, list) or any(not isinstance(c, str) or c not in rules.tactics for c in pile):
                raise ValueError("saved game has an unknown or damaged tactics card")

    def clone(self) -> Game:
        return Game.from_json(self.to_json(), self.rules)

    # ------------------------------------------------------------------ public queries
    @property
    def phase(self) -> str:
        return str(self.state["phase"])

    @property
    def over(self) -> bool:
        return self.state["result"] is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state["result"]  # type: ignore[no-any-return]

    @property
    def decision(self) -> dict[str, Any] | None:
        return self.state["decision"]  # type: ignore[no-any-return]

    @property
    def morale(self) -> int:
        return int(self.state["morale"])

    def defender(self, name: str) -> dict[str, Any]:
        return self.state["defenders"][name]  # type: ignore[no-any-return]

    def defenders_in(self, space: str) -> list[str]:
        return [n for n, d in self.state["defenders"].items() if d["status"] == "board" and d["space"] == space]

    def tokens_in(self, space: str) -> list[str]:
        if self._tmap is not None:
            return self._tmap.get(space, [])
        return [t for t, s in self.state["tokens"].items() if s == space]

    def counter_type(self, cid: str) -> str:
        return str(self.state["counters"][cid]["type"])

    def counter_label(self, cid: str) -> str:
        c = self.state["counters"][cid]
        if c["type"] == "leader":
            return f"leader {c['name']}"
        types = {**self.rules.assault_types, **self.rules.support_types}
        return types[c["type"]].name.lower() if c["type"] in types else str(c["type"])

    def counter_space(self, cid: str) -> str:
        """Where an enemy counter is: a track space, ``floor:interior`` or a support space letter."""
        for space, stack in self.state["spaces"].items():
            if cid in stack:
                return str(space)
        for floor, items in self.state["interior"].items():
            if cid in items:
                return f"{floor}:interior"
        for space, stack in self.state["support"].items():
            if cid in stack:
                return str(space)
        return str(self.state["transit"].get(cid, ""))

    def assault_defense(self, cid: str) -> int:
        """Defense value of an enemy counter; 6 for assault counters with an armored car (3.1); with the
        Tactics cards in play (``defense_bonus``), at most 6."""
        base = self._base_defense(cid)
        bonus, _ = self._defense_bonus(cid)
        return min(6, base + bonus) if bonus else base

    def _base_defense(self, cid: str) -> int:
        ctype = self.counter_type(cid)
        if ctype in self.rules.support_types:
            return self.rules.support_types[ctype].defense
        space = self.counter_space(cid)
        if space in self.state["cars"].values():
            return self.rules.armored_car_defense
        return self.rules.assault_types[ctype].defense

    def _defense_bonus(self, cid: str) -> tuple[int, list[TacticCard]]:
        """Tactics card effect ``defense_bonus`` for an assault counter on a track (``track``), inside the post
        office (``inside``) or anywhere (``all``)."""
        cards = self._tactics("defense_bonus")
        if not cards or self.counter_type(cid) in self.rules.support_types:
            return 0, []
        where = "inside" if self.counter_space(cid).endswith(":interior") else "track"
        cards = [c for c in cards if c.where in (where, "all")]
        return sum(c.amount for c in cards), cards

    def _note_defense_tactic(self, cid: str, values: list[int], defense: int, label: str) -> None:
        """Log the Tactics card when the attack would have hit the counter's defense without it."""
        base = self._base_defense(cid)
        if base < defense and base <= max(values) < defense:
            _, cards = self._defense_bonus(cid)
            self._tactic_applied(cards, f"the {label} has defense {defense} instead of {base}: the attack misses",
                                 "4.2.1")

    def counters_inside(self) -> int:
        return sum(len(v) for v in self.state["interior"].values())

    def leader_on_board(self) -> bool:
        return any(c["type"] == "leader" for c in self.state["counters"].values())

    def score(self) -> int:
        """7.0: morale adjustments of surviving postal workers and noncombatants, doubled if escaped, minus one
        per assault counter in the post office."""
        total = 0
        for name, d in self.state["defenders"].items():
            vp = self.rules.defenders[name].victory_points
            if d["status"] == "board":
                total += vp
            elif d["status"] == "escaped":
                total += 2 * vp
        return total - self.counters_inside()

    def odds(self, action: Action) -> float | None:
        """Chance that an attack removes its target, or that spending suppression tokens stops the counter;
        None for other actions."""
        if action.kind == "attack":
            name, cid = action.args
            return hit_chance(self._attack_dice(name), self.assault_defense(cid))
        dec = self.state["decision"]
        if action.kind == "spend" and dec is not None and dec["kind"] == "suppression":
            return hit_chance(int(action.args[0]), int(dec["defense"]))
        return None

    def attack_dice(self, name: str) -> int:
        return self._attack_dice(name)

    # ------------------------------------------------------------------ the decision API
    def legal_actions(self) -> list[Action]:
        """Every legal action at the current decision point, in a fixed order (empty when the game is over)."""
        if self._legal_cache is None:
            self._legal_cache = self._generate_legal()
            self._legal_set = None
        return list(self._legal_cache)

    def apply(self, action: Action | str) -> list[Event]:
        """Validate and apply ``action``, run forward to the next decision point and return the events.

        Raises :class:`IllegalAction` (state untouched) when the action is not legal now."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.over:
            raise IllegalAction(f"{action}: the game is over")
        if not isinstance(action, Action) or not isinstance(action.args, tuple):
            raise IllegalAction(f"{action!r} is not an Action")
        legal = self.legal_actions()
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        if action not in self._legal_set and self._canonical(action) not in self._legal_set:
            raise IllegalAction(self._why_illegal(action, legal))
        self._legal_cache = None
        self._legal_set = None
        self._events = []
        handler: Callable[[Action], None] = getattr(self, f"_do_{action.kind}")
        dec = self.state["decision"] or {}
        self._reseed(f"{action} {dec.get('counter', '')} {dec.get('space', '')}")
        handler(action)
        self._run()
        return self._take_events()

    def _canonical(self, action: Action) -> Action:
        """The listed form of an action naming tokens: identical tokens are interchangeable (4.1), so any
        ``gren`` in the space stands for the one listed. Returns the action unchanged when it names none."""
        s = self.state
        if action.kind not in ("move", "shift", "grenade") or not action.args or \
                action.args[0] not in s["defenders"]:
            return action
        here = s["defenders"][action.args[0]]["space"]
        present = sorted(self.tokens_in(here))
        if action.kind == "move":
            carried = action.args[2:]
        elif action.kind == "shift":
            carried = action.args[1:2]
        else:
            carried = action.args[1:]
        if len(set(carried)) != len(carried) or any(t not in present for t in carried):
            return action
        wanted: dict[str, int] = {}
        for t in carried:
            wanted[self._token_kind(t)] = wanted.get(self._token_kind(t), 0) + 1
        canon: list[str] = []
        for kind, n in wanted.items():
            canon.extend([t for t in present if self._token_kind(t) == kind][:n])
        canon.sort()
        if action.kind == "move":
            return Action("move", (*action.args[:2], *canon))
        if action.kind == "shift":
            return Action("shift", (action.args[0], canon[0], *action.args[2:]))
        return Action("grenade", (action.args[0], canon[0]))

    def why_illegal(self, action: Action | str) -> str:
        """A one-line reason why ``action`` is not legal now ("" when it is legal): for the UI's disabled
        choices and illegal clicks. It never changes the state."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except IllegalAction as exc:
                return str(exc)
        if self.over:
            return "the game is over"
        legal = self.legal_actions()
        if action in legal or self._canonical(action) in legal:
            return ""
        return self._why_illegal(action, legal).split(": ", 1)[1]

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        decision = self.state["decision"] or {}
        kinds = sorted(DECISION_KINDS.get(decision.get("kind", ""), ()))
        if action.kind not in kinds:
            return f"{action}: not possible during the {decision.get('kind', 'current')} decision " \
                   f"(possible now: {', '.join(kinds)})"
        reason = self._defender_reason(action)
        return f"{action}: {reason or f'not a legal {action.kind} now'}"

    def _defender_reason(self, action: Action) -> str:
        """The specific rule that forbids a defender's move or action (4.1, 4.2), or ""."""
        s, r = self.state, self.rules
        if not action.args or action.args[0] not in s["defenders"]:
            return f"there is no defender named {action.args[0]!r}" if action.args else ""
        name = action.args[0]
        d = s["defenders"][name]
        if d["status"] != "board":
            return f"{name} is no longer in the post office"
        if action.kind in ("move", "shift"):
            if d["moved"]:
                return f"{name} has already moved this turn (4.1)"
            if d["exh"]:
                return f"{name} is exhausted and cannot move (4.1)"
            if d["dis"]:
                return f"{name} is disrupted and cannot move (4.1)"
            if action.kind == "move" and len(action.args) >= 2:
                dest = action.args[1]
                here = d["space"]
                if dest not in r.space_floor:
                    return f"{dest!r} is not a defender or interior space"
                if r.space_floor[dest] != r.space_floor[here] and not (
                        here.endswith(":interior") and dest.endswith(":interior")):
                    return "defenders change floors only between adjoining interior spaces (4.1)"
                if not self._room(dest):
                    return f"{dest} is full (4.1: two in a square space, three in a rectangle)"
                limit = 4 if "L" in r.defenders[name].attributes else 2
                if len(action.args) - 2 > limit:
                    return f"{name} can carry at most {limit} tokens (4.1, 4.3.2)"
                missing = [t for t in action.args[2:] if s["tokens"].get(t) != here]
                if missing:
                    return f"{', '.join(missing)} is not in {name}'s space"
            return ""
        if action.kind in ("attack", "grenade", "suppress", "command"):
            if d["moved"]:
                return f"{name} moved this turn and cannot take an action (4.2)"
            if d["acted"]:
                return f"{name} has already taken an action this turn (4.2)"
            if d["exh"] or d["dis"]:
                return f"{name} is {'exhausted' if d['exh'] else 'disrupted'}: the only action left is Recover (4.2)"
            attrs = r.defenders[name].attributes
            if action.kind in ("attack", "grenade", "suppress") and "N" in attrs:
                return f"{name} is a noncombatant (4.3.3)"
            here = d["space"]
            if action.kind == "attack" and len(action.args) == 2:
                cid = action.args[1]
                where = self.counter_space(cid)
                if not where:
                    return f"there is no enemy counter {cid}"
                if where.endswith(":interior"):
                    return "" if r.space_floor[here] == where.split(":")[0] else \
                        "counters inside are attacked only from their own floor (1.4)"
                if here.endswith(":interior"):
                    return "interior spaces have no line of sight outside the building (1.4)"
                if not r.sees(here, where):
                    return f"no line of sight: {here} and {where} share no colour (1.4)"
                stack = s["spaces"].get(where) or s["support"].get(where) or []
                if stack and stack[-1] != cid:
                    return "only the top counter of a stack can be attacked (4.2.1)"
                if (r.space_floor[here] == "upper" or where in r.support_spaces) and \
                        not self._has_designation(here, "R"):
                    return "this target needs a Ranged [R] weapon in the defender's space (4.2.1)"
            if action.kind == "suppress":
                if not self._has_designation(here, "S"):
                    return "suppressing needs a Suppress [S] weapon in the defender's space (4.2.2)"
                if not any(t.startswith("ammo") for t in self.tokens_in(here)):
                    return "suppressing needs an ammunition token in the defender's space (4.2.2)"
                if len(action.args) == 2 and action.args[1] in s["spaces"]:
                    return "suppression tokens go on an empty assault space (4.2.2)"
                return "the defender has no line of sight to that assault space (4.2.2)"
            if action.kind == "grenade":
                return "grenades need a Grenade [G] token in the defender's space and enemies inside on his floor" \
                       " (4.2.1)"
            if action.kind == "command":
                if "C" not in attrs:
                    return "only Konrad and Flisykowski have the Command [C] action (4.2.4)"
                if here.endswith(":interior"):
                    return "the command action cannot be used in the interior spaces (4.2.4)"
                return "no defender in the same coloured spaces needs a recover (4.2.4)"
        if action.kind == "escape":
            return self._escape_reason(name)
        if action.kind == "recover":
            if d["moved"]:
                return f"{name} moved this turn and cannot take an action (4.2)"
            if d["acted"]:
                return f"{name} has already taken an action this turn (4.2)"
            return f"{name} is neither exhausted nor disrupted (4.2.3)"
        return ""

    def _take_events(self) -> list[Event]:
        events, self._events = self._events, []
        self.state["rng"] = [self._rng.state, self._rng.inc]
        return events

    # ------------------------------------------------------------------ internals: events, dice, tasks
    def _emit(self, kind: str, section: str, text: str, /, **data: Any) -> None:
        self._events.append(Event(kind, section, text, data))

    def _d6(self, why: str, section: str) -> int:
        forced = self.state["forced"]
        value = int(forced.pop(0)) if forced else self._rng.below(6) + 1
        if not 1 <= value <= 6:
            raise ValueError(f"forced die value {value} is not 1 to 6 ({why})")
        self._emit("die_rolled", section, f"Die for {why}: {value}", dice=[value], why=why)
        return value

    def _dice(self, n: int, why: str, section: str, target: int) -> list[int]:
        """Roll ``n`` dice; the ``dice_rolled`` event carries them and ``target``, the number one die must reach
        (the defense rolled against)."""
        forced = self.state["forced"]
        values = []
        for _ in range(n):
            value = int(forced.pop(0)) if forced else self._rng.below(6) + 1
            if not 1 <= value <= 6:
                raise ValueError(f"forced die value {value} is not 1 to 6 ({why})")
            values.append(value)
        self._emit("dice_rolled", section, f"{n} {'die' if n == 1 else 'dice'} for {why}: "
                   f"{', '.join(map(str, values))}",
                   dice=values, why=why, target=target)
        return values

    def _placement_die(self, die: str) -> int:
        """3.1.1: the placement die numbered 1-6 or 7-12."""
        forced = self.state["forced"]
        low = 1 if die == "1-6" else 7
        value = int(forced.pop(0)) if forced else self._rng.below(6) + low
        if not low <= value <= low + 5:
            raise ValueError(f"forced placement die value {value} is not on the {die} die")
        self._emit("die_rolled", "3.1.1", f"Placement die ({die}): {value}", dice=[value], why="placement",
                   die=die)
        return value

    def _push(self, task: list[Any]) -> None:
        self.state["tasks"].append(task)

    def _push_all(self, tasks: list[list[Any]]) -> None:
        """Push so that the first task of ``tasks`` runs first."""
        for task in reversed(tasks):
            self.state["tasks"].append(task)

    def _run(self) -> None:
        s = self.state
        while s["decision"] is None and s["result"] is None and s["tasks"]:
            task = s["tasks"].pop()
            self._legal_cache = None
            getattr(self, f"_t_{task[0]}")(*task[1:])

    def _decide(self, kind: str, **data: Any) -> None:
        self.state["decision"] = {"kind": kind, **data}
        self._legal_cache = None

    # ------------------------------------------------------------------ set-up (Set up, 2.1-2.3)
    def _set_up(self) -> None:
        s, r = self.state, self.rules
        for deck, ids in r.decks.items():
            pile = []
            for cid in ids:
                card = r.cards[cid]
                if card.type in ("grenade_bundle", "fire_truck"):
                    s["aside"].append(cid)  # Set up 2: kept face up near the board
                else:
                    pile.append(cid)
            self._rng.shuffle(pile)
            s["decks"][str(deck)] = pile
        for name, d in r.defenders.items():
            s["defenders"][name] = {"space": d.start, "status": "board", "exh": False, "dis": False,
                                    "moved": False, "acted": False}
        for wid, w in r.weapons.items():
            s["tokens"][wid] = w.start
        for i, space in enumerate(r.ammunition, start=1):
            s["tokens"][f"ammo{i}"] = space
        mode = r.tactics_modes.get(s["difficulty"])
        if mode is not None:
            # 8.1.2 / 8.2.2 Set up: shuffle each Tactics deck and remove cards from the game. Only difficulties
            # with Tactics cards draw these random numbers, so a Standard game is unchanged.
            t = s["tactics"]
            for deck, ids in r.tactic_decks.items():
                pile = list(ids)
                self._rng.shuffle(pile)
                t["removed"].extend(pile[:mode.removed])
                t["decks"][str(deck)] = pile[mode.removed:]

    def _t_attack_setup(self, attack: int) -> None:
        """2.1-2.3 (and the difficulty changes of 8.1.1 / 8.2.1 read from ``levels/setup.toml``)."""
        s, r = self.state, self.rules
        s["attack"] = attack
        s["attack_turn"] = 0
        self._reseed("setup")
        setup = r.setups[s["difficulty"]][attack]
        self._emit("attack_started", f"2.{attack}", f"Attack {attack} begins", attack=attack)
        for i, space in enumerate(setup.armored_cars, start=1):
            target = r.tracks[space].spaces[0]
            s["cars"][f"car{i}"] = target
            self._emit("car_placed", f"2.{attack}", f"Armored car placed on {space}", car=f"car{i}", space=target)
        for b in setup.open_barriers:
            if b not in s["barriers_open"]:
                s["barriers_open"].append(b)
                self._emit("barrier_destroyed", "2.3", f"A barrier token is placed on barrier {b}", barrier=b)
        for kind in setup.fill_support:
            for sid, sp in r.support_spaces.items():
                if sp.kind == kind and not s["support"].get(sid):
                    self._place_support(sid, "8.2.1" if s["difficulty"] == "elite" else "8.1.1")
        for unit, spaces in setup.assault:
            for space in spaces:
                self._push(["place", unit, space, "", f"2.{attack}"])
        # Pushed tasks run last-in first-out: reverse the placements so they happen in the listed order.
        n = sum(len(sp) for _, sp in setup.assault)
        if n:
            s["tasks"][-n:] = list(reversed(s["tasks"][-n:]))
        if attack == 3:
            self._place_fire_truck()

    def _place_fire_truck(self) -> None:
        """2.3: the fire truck goes to the bottom of Attack deck 3, or among its bottom 7 or 12 cards."""
        s, r = self.state, self.rules
        truck = next(c for c in s["aside"] if r.cards[c].type == "fire_truck")
        s["aside"].remove(truck)
        band = r.band(s["morale"])
        depth = min(r.fire_truck_depth[band], len(s["decks"]["3"]))
        deck = s["decks"]["3"]
        if depth == 0:
            deck.append(truck)
        else:
            bottom = deck[-depth:] + [truck]
            del deck[-depth:]
            self._rng.shuffle(bottom)
            deck.extend(bottom)
        self._emit("fire_truck_shuffled", "2.3",
                   f"Morale is {band}: the fire truck card goes "
                   + ("to the bottom of the deck" if depth == 0 else f"among the bottom {depth} cards"),
                   band=band, depth=depth)

    def _reseed(self, part: str) -> None:
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
        s = self.state
        key = int(s["dice_key"])
        text = f"{key}|{s['attack']}|{s['attack_turn']}|{part}"
        self._rng = Pcg32.seeded(zlib.crc32(text.encode()) << 32 | (key & 0xFFFFFFFF), DICE_STREAM)

    def _push_turn_start(self) -> None:
        self._push(["turn_start"])

    def _t_turn_start(self) -> None:
        s = self.state
        s["turn"] += 1
        s["attack_turn"] += 1
        s["phase"] = "enemy"
        self._reseed("turn")
        s["drawn"] = 0
        s["in_play"] = []
        self._emit("phase_changed", "3.0", f"Attack {s['attack']}, turn {s['attack_turn']}: Enemy Phase",
                   phase="enemy", turn=s["turn"], attack=s["attack"])
        if s["difficulty"] in self.rules.tactics_modes:
            self._deal_tactics()
        self._push(["draw"])

    # ------------------------------------------------------------------ Tactics cards (8.1.2, 8.2.2)
    def tactics_in_play(self) -> list[str]:
        """The Tactics cards in play, the card nearest the Tactics deck (the newest) first; empty at Standard."""
        return list(self.state["tactics"]["in_play"])

    def _tactic_section(self) -> str:
        return "8.2.2" if self.state["difficulty"] == "elite" else "8.1.2"

    def _deal_tactics(self) -> None:
        """8.1.2 / 8.2.2 In Play: at the beginning of the Enemy Phase the card furthest from the Tactics deck is
        discarded, the other one slides over, and new cards are dealt next to the deck until the difficulty's
        number of cards is in play (one at Veteran, two at Elite; two at once on the first turn)."""
        s, r = self.state, self.rules
        t = s["tactics"]
        want = r.tactics_modes[s["difficulty"]].in_play
        while t["in_play"] and len(t["in_play"]) >= want:
            self._discard_tactic(t["in_play"][-1])
        while len(t["in_play"]) < want:
            cid = self._next_tactic()
            if cid is None:
                break
            t["in_play"].insert(0, cid)
            card = r.tactics[cid]
            self._emit("tactic_revealed", self._tactic_section(), f"Tactics card: {card.name}. {card.text}",
                       card=cid, name=card.name, text=card.text)

    def _discard_tactic(self, cid: str) -> None:
        t = self.state["tactics"]
        card = self.rules.tactics[cid]
        t["in_play"].remove(cid)
        t["discards"][str(card.deck)].append(cid)
        self._emit("tactic_discarded", self._tactic_section(), f"The {card.name} Tactics card is discarded",
                   card=cid, name=card.name)

    def _next_tactic(self) -> str | None:
        """The top card of the current Attack's Tactics deck.

        DECISION: the rulebook only reshuffles the Tactics discards together with the Attack deck ("Out of
        Tactics Cards?"); should the Tactics deck still run out, its discards are reshuffled the same way, and
        with no card left at all none is dealt."""
        s = self.state
        key = str(s["attack"])
        deck = s["tactics"]["decks"][key]
        if not deck:
            self._reshuffle_tactics(s["attack"])
            deck = s["tactics"]["decks"][key]
        return str(deck.pop(0)) if deck else None

    def _reshuffle_tactics(self, attack: int) -> None:
        """8.1.2 "Out of Tactics Cards?": when an Attack deck is reshuffled, the Tactics discards are shuffled
        back into that Attack's Tactics deck. DECISION: together with the cards still in the deck (the box says
        to re-shuffle the Tactics deck); the cards in play stay in play."""
        t = self.state["tactics"]
        key = str(attack)
        if not t["discards"][key]:
            return
        pile = t["decks"][key] + t["discards"][key]
        t["discards"][key] = []
        self._rng.shuffle(pile)
        t["decks"][key] = pile
        self._emit("tactics_reshuffled", self._tactic_section(), f"The Attack {attack} Tactics discards are "
                   "reshuffled into the Tactics deck", attack=attack, cards=len(pile))

    def _tactics(self, effect: str) -> list[TacticCard]:
        """The Tactics cards in play with this effect (8.1.2, 8.2.2; effects of ``levels/tactics.toml``)."""
        in_play = self.state["tactics"]["in_play"]
        if not in_play:
            return []
        cards = self.rules.tactics
        return [cards[c] for c in in_play if cards[c].effect == effect]

    def _tactic_bonus(self, effect: str) -> tuple[int, list[TacticCard]]:
        """The summed ``amount`` of the cards in play with this effect (two cards at Elite add up)."""
        found = self._tactics(effect)
        return sum(c.amount for c in found), found

    def _tactic_applied(self, cards: list[TacticCard], how: str, section: str) -> None:
        """Log that a tactic changed a result: ``how`` says what it changed."""
        names = " and ".join(dict.fromkeys(c.name for c in cards))
        card = cards[0]
        self._emit("tactic_applied", section, f"{names}: {how}", card=card.id, name=card.name, text=card.text,
                   cards=[c.id for c in cards])

    # ------------------------------------------------------------------ Enemy Phase (3.0)
    def _t_draw(self) -> None:
        """3.0: resolve five enemy cards one at a time, or what is left of the deck ("Out of Cards?").

        DECISION: a grenade bundle shuffled in during the phase can still be drawn among the five."""
        s, r = self.state, self.rules
        deck = s["decks"][str(s["attack"])]
        limit = CARDS_PER_ENEMY_PHASE
        if s["drawn"] >= limit:
            extra, cards = self._tactic_bonus("enemy_cards")
            limit += extra
            if s["drawn"] < limit and deck:
                self._tactic_applied(cards, f"enemy card {s['drawn'] + 1} is resolved this Enemy Phase", "3.0")
        if s["drawn"] >= limit or not deck:
            self._push(["enemy_end"])
            return
        cid = deck.pop(0)
        s["drawn"] += 1
        self._reseed(f"card {s['drawn']}")
        s["in_play"].append(cid)
        card = r.cards[cid]
        self._emit("card_revealed", "3.0", f"Card {s['drawn']}: {card.describe()}", card=cid, type=card.type,
                   left=len(deck))
        self._push(["draw"])
        if card.type == "assault":
            track = r.placement[self._placement_die(card.die)]
            self._push(["place", card.unit, track, "", "3.1"])
        elif card.type == "leader":
            self._push(["place", "leader", card.space, card.name, "3.1"])
        elif card.type == "grenade_bundle":
            self._push(["bundle", card.barrier])
        elif card.type == "support":
            self._push(["support", card.space])
        elif card.type == "howitzer":
            self._push_all([["howitzer", f] for f in FLOOR_ORDER_HIGH_FIRST])
        elif card.type == "fire_truck":
            s["fire_truck_drawn"] = True
            self._emit("fire_truck", "2.3", "The fire truck arrives: the game ends after this turn")

    def _t_enemy_end(self) -> None:
        """3.0: after the five cards, Leader, Howitzer and Grenade Bundle cards are removed, others discarded."""
        s, r = self.state, self.rules
        for cid in s["in_play"]:
            if r.cards[cid].type in REMOVED_AFTER_USE:
                s["removed"].append(cid)
            else:
                s["discards"][str(s["attack"])].append(cid)
        s["in_play"] = []
        self._start_defense()

    # ---- 3.1 Assault
    def _new_counter(self, unit: str, name: str) -> str | None:
        s = self.state
        if unit == "leader":
            if name in s["leaders_used"]:
                return None
            s["leaders_used"].append(name)
        if s["supply"][unit] <= 0:
            return None
        s["supply"][unit] -= 1
        cid = f"e{s['next_cid']}"
        s["next_cid"] += 1
        s["counters"][cid] = {"type": unit, "name": name, "dis": False}
        return cid

    def _t_place(self, unit: str, track: str, name: str, section: str) -> None:
        """3.1.1: place the assault counter on the placement space, then advance (3.1.2)."""
        cid = self._new_counter(unit, name)
        label = f"leader {name}" if unit == "leader" else f"{self.rules.assault_types[unit].name.lower()} counter"
        if cid is None:
            # DECISION: a counter type exhausted in the supply places nothing (the rulebook is silent).
            self._emit("counter_unavailable", section, f"No {label} left in the supply", unit=unit)
            return
        space = self.rules.tracks[track].spaces[0]
        self._emit("counter_placed", section, f"{_upper_first(_article(label))} is placed on {track}", counter=cid,
                   unit=unit, name=name, space=space)
        # Until the counters already there have advanced, the new counter is "in transit" to its space.
        self.state["transit"][cid] = space
        if section == "3.1":
            extra, cards = self._tactic_bonus("extra_advance")
            if extra:
                self._push(["tactic_advance", cid, extra])
        self._push(["enter", cid, space, ""])

    def _t_tactic_advance(self, cid: str, left: int) -> None:
        """Tactics card effect ``extra_advance``: the counter just placed advances one more space (3.1.2), pushing
        as usual; it cannot pass a standing barrier."""
        s, r = self.state, self.rules
        if cid not in s["counters"] or left <= 0:
            return
        space = self.counter_space(cid)
        if space not in s["spaces"] or s["spaces"][space][-1] != cid or self._barrier_closed(space):
            return
        nxt = r.track_spaces[space].next
        _, cards = self._tactic_bonus("extra_advance")
        self._tactic_applied(cards, f"the {self.counter_label(cid)} advances one extra space from {space}", "3.1.2")
        if left > 1:
            self._push(["tactic_advance", cid, left - 1])
        if not nxt:
            self._push(["breach", cid, space])
            return
        here_car = self._car_at(space)
        moves_car = bool(here_car) and r.track_spaces[space].barrier == 0 and not self._car_at(nxt)
        self._push(["enter_with_car", cid, nxt, space, here_car if moves_car else ""])

    def _barrier_closed(self, space: str) -> bool:
        b = self.rules.track_spaces[space].barrier
        return b != 0 and b not in self.state["barriers_open"]

    def _car_at(self, space: str) -> str:
        for car, where in self.state["cars"].items():
            if where == space:
                return str(car)
        return ""

    def _t_enter(self, cid: str, space: str, src: str) -> None:
        """3.1.2: a counter moves into ``space``; a counter already there advances first (the push chain), unless
        the space is adjacent to a standing barrier, where counters stack."""
        if cid in self.state["counters"]:
            self._t_enter_with_car(cid, space, src, "")

    def _t_enter_with_car(self, cid: str, space: str, src: str, car: str) -> None:
        """As :meth:`_t_enter`, with ``car`` (if any) moving along with the counter (3.1 armored cars)."""
        stack = self.state["spaces"].get(space, [])
        self._push(["land", cid, space, src, car])
        if stack and not self._barrier_closed(space):
            occupant = stack[-1]
            nxt = self.rules.track_spaces[space].next
            here_car = self._car_at(space)
            # the car moves with its counter until barrier 4 or the other car stops it
            moves_car = bool(here_car) and self.rules.track_spaces[space].barrier == 0 and nxt != "" \
                and not self._car_at(nxt)
            if nxt:
                self._push(["enter_with_car", occupant, nxt, space, here_car if moves_car else ""])
            else:
                self._push(["breach", occupant, space])

    def _t_land(self, cid: str, space: str, src: str, car: str) -> None:
        s = self.state
        if cid not in s["counters"]:
            return
        tokens = s["supp"].get(space, 0)
        if car:
            s["cars"][car] = space
            self._emit("car_moved", "3.1", f"The armored car advances to {space}", car=car, src=src, space=space)
            if tokens:
                del s["supp"][space]
                self._emit("suppression_discarded", "3.1",
                           f"The armored car drives over {tokens} suppression tokens: discarded", space=space,
                           tokens=tokens)
                tokens = 0
        if tokens:
            # 4.2.2: the player decides how many suppression tokens to use before rolling.
            self._push(["arrive", cid, space, src])
            self._decide("suppression", counter=cid, space=space, tokens=tokens, src=src,
                         defense=self.rules.assault_types[self.counter_type(cid)].defense)
            return
        self._arrive(cid, space, src)

    def _t_arrive(self, cid: str, space: str, src: str) -> None:
        if cid in self.state["counters"]:
            self._arrive(cid, space, src)

    def _arrive(self, cid: str, space: str, src: str) -> None:
        s, r = self.state, self.rules
        s["transit"].pop(cid, None)
        if src:
            s["spaces"][src].remove(cid)
            if not s["spaces"][src]:
                del s["spaces"][src]
        stack = s["spaces"].setdefault(space, [])
        stack.append(cid)
        verb = "stacks at the barrier on" if len(stack) > 1 else "moves to"
        self._emit("counter_advanced", "3.1.2", f"The {self.counter_label(cid)} {verb} {space}", counter=cid,
                   src=src, space=space, stacked=len(stack) > 1)
        barrier = r.track_spaces[space].barrier
        if barrier and barrier not in s["barriers_open"] and barrier not in s["bundles_shuffled"]:
            self._shuffle_in_bundle(barrier)
        if barrier and barrier not in s["barriers_open"]:
            blasts = self._tactics("barrier_blast")
            if blasts:
                self._blast(barrier, blasts)

    def _blast(self, barrier: int, cards: list[TacticCard]) -> None:
        """Tactics card effect ``barrier_blast``: a die for a counter reaching a standing barrier; on one of the
        card's faces the barrier is destroyed as by its grenade bundle (3.1), whose card is then removed.
        DECISION: two such cards in play still roll one die, hitting on either card's faces."""
        s = self.state
        faces = sorted({f for c in cards for f in c.faces})
        roll = self._d6(f"{cards[0].name} at barrier {barrier} (destroyed on {', '.join(map(str, faces))})", "3.1")
        if roll not in faces:
            return
        s["barriers_open"].append(barrier)
        for pile in (s["decks"][str(s["attack"])], s["aside"]):
            for cid in [c for c in pile if self.rules.cards[c].type == "grenade_bundle"
                        and self.rules.cards[c].barrier == barrier]:
                pile.remove(cid)
                s["removed"].append(cid)
        self._tactic_applied(cards, f"barrier {barrier} is blown open", "3.1")
        self._emit("barrier_destroyed", "3.1", f"Barrier {barrier} is destroyed", barrier=barrier)
        self._push(["release", barrier])

    def _shuffle_in_bundle(self, barrier: int) -> None:
        """3.1: the first time a counter reaches a barrier, its grenade bundle card is shuffled into the deck.

        DECISION: the card goes to a random position, so the deck's other cards keep their order (this keeps
        the fire truck placement of 2.3 intact in Attack 3)."""
        s, r = self.state, self.rules
        s["bundles_shuffled"].append(barrier)
        card = next((c for c in s["aside"] if r.cards[c].barrier == barrier and r.cards[c].type ==
                     "grenade_bundle"), None)
        if card is None:
            return
        s["aside"].remove(card)
        deck = s["decks"][str(s["attack"])]
        deck.insert(self._rng.below(len(deck) + 1), card)
        self._emit("bundle_shuffled", "3.1", f"A counter reached barrier {barrier}: its grenade bundle card is "
                   f"shuffled into the Attack {s['attack']} deck", barrier=barrier, card=card)

    def _t_bundle(self, barrier: int) -> None:
        """3.1 Barriers and Grenade Bundles: the barrier is destroyed and its stack advances from the top."""
        s = self.state
        if barrier not in s["barriers_open"]:
            s["barriers_open"].append(barrier)
        self._emit("barrier_destroyed", "3.1", f"Grenade bundle: barrier {barrier} is destroyed", barrier=barrier)
        self._push(["release", barrier])

    def _t_release(self, barrier: int) -> None:
        space = self.rules.barrier_space[barrier]
        stack = self.state["spaces"].get(space, [])
        if len(stack) <= 1:
            return
        top = stack[-1]
        self._push(["release", barrier])
        nxt = self.rules.track_spaces[space].next
        if nxt:
            self._push(["enter", top, nxt, space])
        else:
            self._push(["breach", top, space])

    def _t_breach(self, cid: str, src: str) -> None:
        """3.1.2 Breaching the Post Office: casualties at the front, rear and basement entrances; the counter is
        placed in the interior space of the entrance's floor."""
        s, r = self.state, self.rules
        if cid not in s["counters"]:
            return
        entrance = r.entrances[r.track_spaces[src].entrance]
        s["spaces"][src].remove(cid)
        if not s["spaces"][src]:
            del s["spaces"][src]
        self._emit("breach", "3.1.2", f"The {self.counter_label(cid)} breaches the {entrance.id} entrance",
                   counter=cid, src=src, entrance=entrance.id, floor=entrance.floor)
        s["interior"][entrance.floor].append(cid)  # on the board throughout, even if morale breaks below
        if entrance.kills:
            for name in self.defenders_in(entrance.kills):
                self._casualty(name, "3.1.2", "killed at the breached entrance")
                if self.over:
                    return
        self._emit("counter_entered", "3.1.2", f"The {self.counter_label(cid)} enters the {entrance.floor} "
                   "interior", counter=cid, floor=entrance.floor, space=f"{entrance.floor}:interior")

    # ---- 3.2 Support
    def _place_support(self, space: str, section: str) -> bool:
        s, r = self.state, self.rules
        stack = s["support"].setdefault(space, [])
        kind = r.support_spaces[space].kind
        if len(stack) >= 2:
            return False
        unit = kind if not stack else f"{kind}_emplaced"
        cid = self._new_counter(unit, "")
        if cid is None:
            return False
        stack.append(cid)
        noun = _upper_first(_article(r.support_types[unit].name.lower()))
        self._emit("support_placed", section, f"{noun} is placed in space {space}",
                   counter=cid, unit=unit, space=space)
        return True

    def _t_support(self, space: str) -> None:
        """3.2.1 place a support counter (if possible), 3.2.2 activate the top counter."""
        self._place_support(space, "3.2.1")
        stack = self.state["support"].get(space)
        if not stack:
            return
        top = stack[-1]
        if self.rules.support_spaces[space].kind == "ig":
            self._infantry_gun(top)
        else:
            self._machine_gunner(top, space)

    def _infantry_gun(self, cid: str) -> None:
        """3.2.2 Infantry Guns: attack the upper floors."""
        combat = self.rules.support_types[self.counter_type(cid)].combat
        self._bombard("upper", combat, "3.2.2", f"the {self.counter_label(cid)}", self._tactic_bonus("support_dice"))

    def _t_howitzer(self, floor: str) -> None:
        """3.3: four dice against each floor."""
        self._bombard(floor, 4, "3.3", "the howitzer", self._tactic_bonus("support_dice"))

    def _bombard(self, floor: str, dice: int, section: str, who: str,
                 bonus: tuple[int, list[TacticCard]] = (0, [])) -> None:
        s, r = self.state, self.rules
        track = r.floors[floor].defense
        index = s["defense"][floor]
        defense = track[index]
        extra, cards = bonus
        values = self._dice(dice + extra, f"{who} against the {r.floors[floor].name.lower()} (defense {defense})"
                            + self._extra_dice_note(extra, cards), section, defense)
        if max(values) < defense:
            self._emit("attack_missed", section, f"No die reaches {defense}: no effect", floor=floor)
            return
        if extra and max(values[:dice]) < defense:
            self._tactic_applied(cards, f"the extra die of the {who.removeprefix('the ')} hits", section)
        if index + 1 < len(track):
            s["defense"][floor] = index + 1
            self._emit("defense_shifted", section, f"The {r.floors[floor].name.lower()} defense drops to "
                       f"{track[index + 1]}", floor=floor, index=index + 1, value=track[index + 1])
            return
        self._emit("floor_disrupted", section, f"The {r.floors[floor].name.lower()} defense is at its lowest: "
                   "everyone on the floor is disrupted", floor=floor)
        for cid in s["interior"][floor]:
            if not s["counters"][cid]["dis"]:
                s["counters"][cid]["dis"] = True
                self._emit("counter_disrupted", section, f"The {self.counter_label(cid)} is disrupted", counter=cid)
        for name in [n for n, d in s["defenders"].items() if d["status"] == "board"
                     and r.floor_of(d["space"]) == floor]:
            self._disrupt(name, section)
            if self.over:
                return

    def _machine_gunner(self, cid: str, sspace: str) -> None:
        """3.2.2 Machine Gunners: the highest floor with a defender in line of sight, a die picks the space."""
        s, r = self.state, self.rules
        combat = r.support_types[self.counter_type(cid)].combat
        for floor in FLOOR_ORDER_HIGH_FIRST:
            seen = [sp for sp in r.floor_spaces[floor] if r.sees(sspace, sp)]
            occupied = [sp for sp in seen if self.defenders_in(sp)]
            if occupied:
                break
        else:
            self._emit("no_target", "3.2.2", f"The {self.counter_label(cid)} in {sspace} sees no defender")
            return
        roll = self._d6(f"the {self.counter_label(cid)}'s target space", "3.2.2")
        target = self._pick_by_label(occupied, roll)
        defense = r.floors[floor].defense[s["defense"][floor]]
        self._emit("support_targets", "3.2.2", f"The {self.counter_label(cid)} in {sspace} fires at {target}",
                   counter=cid, space=sspace, target=target)
        extra, cards = self._tactic_bonus("support_dice")
        values = self._dice(combat + extra, f"the {self.counter_label(cid)} (defense {defense})"
                            + self._extra_dice_note(extra, cards), "3.2.2", defense)
        if max(values) < defense:
            self._emit("attack_missed", "3.2.2", f"No die reaches {defense}: the disruption attempt fails")
            return
        if extra and max(values[:combat]) < defense:
            self._tactic_applied(cards, f"the extra die of the {self.counter_label(cid)} hits", "3.2.2")
        for name in self.defenders_in(target):
            self._disrupt(name, "3.2.2")
            if self.over:
                return

    @staticmethod
    def _extra_dice_note(extra: int, cards: list[TacticCard]) -> str:
        if not extra:
            return ""
        names = " and ".join(dict.fromkeys(c.name for c in cards))
        return f" with {extra} extra {'die' if extra == 1 else 'dice'} ({names})"

    def _pick_by_label(self, spaces: list[str], roll: int) -> str:
        """3.2.2 / 5.2: the space whose label holds the roll; if empty, the next higher number, else the next
        lower. ``spaces`` are the occupied candidates."""
        ds = self.rules.defender_spaces
        for sp in spaces:
            if ds[sp].low <= roll <= ds[sp].high:
                return sp
        higher = sorted((ds[sp].low, sp) for sp in spaces if ds[sp].low > roll)
        if higher:
            return higher[0][1]
        lower = sorted((ds[sp].high, sp) for sp in spaces if ds[sp].high < roll)
        return lower[-1][1]

    # ---- casualties and morale (1.2)
    def _disrupt(self, name: str, section: str) -> None:
        d = self.state["defenders"][name]
        if d["dis"]:
            self._casualty(name, section, "disrupted a second time")
        else:
            d["dis"] = True
            self._emit("defender_disrupted", section, f"{name} is disrupted", defender=name)

    def _casualty(self, name: str, section: str, why: str) -> None:
        s, r = self.state, self.rules
        d = s["defenders"][name]
        space = d["space"]
        d["status"] = "casualty"
        d["dis"] = d["exh"] = False
        self._emit("casualty", section, f"{name} becomes a casualty ({why})", defender=name, space=space)
        adj = r.defenders[name].morale
        if adj:
            old = s["morale"]
            s["morale"] = max(0, min(r.morale_max, old - adj))
            if s["morale"] != old:
                self._emit("morale_changed", "1.2", f"Morale {'falls' if adj > 0 else 'rises'} to {s['morale']}",
                           old=old, new=s["morale"], defender=name)
        if s["morale"] <= 0:
            self._end_game("morale", "1.2")
        elif not any(x["status"] == "board" for x in s["defenders"].values()):
            # DECISION: the rulebook does not say what happens when no defender is left in the post office;
            # nothing remains to defend, so the game ends at once and is scored (7.0).
            self._end_game("no_defenders", section)

    def _end_game(self, how: str, section: str) -> None:
        s = self.state
        score = self.score()
        award, level = award_for(score)
        if how == "morale":
            # 1.2 / 7.0: a broken morale is a loss whatever is left; it is recorded as a score of 0 (DECISION).
            score, award, level = 0, "", "Loss"
        outcome = "win" if score >= 16 and how != "morale" else ("draw" if level == "Draw" else "loss")
        s["result"] = {"how": how, "score": score, "award": award, "level": level, "outcome": outcome,
                       "turns": s["turn"], "attack": s["attack"]}
        s["phase"] = "over"
        s["decision"] = None
        s["tasks"] = []
        if how == "morale":
            text = "Morale has broken: the post office falls (loss)"
        else:
            opening = {"fire_truck": "The fire truck ends the day", "no_defenders": "No defender is left in the "
                       "post office"}.get(how, "The Attack decks are spent")
            text = f"{opening}. Score {score}: {level}" + (f", {award}" if award else "")
        self._emit("game_over", section, text, **s["result"])

    # ------------------------------------------------------------------ Defense Phase (4.0)
    def limit(self, effect: str) -> int:
        """4.1, 4.2, 8.x: how many moves (``"defender_moves"``) or actions (``"defender_actions"``) the defenders
        have this Defense Phase: four, changed by a Tactics card in play (at least one)."""
        base = DEFENDER_PHASE_MOVES if effect == "defender_moves" else DEFENDER_PHASE_ACTIONS
        return max(1, base + self._tactic_bonus(effect)[0])

    def _start_defense(self) -> None:
        s = self.state
        s["phase"] = "moves"
        s["moves"] = 0
        s["actions"] = 0
        limit = self.limit("defender_moves")
        self._emit("phase_changed", "4.0", f"Defense Phase: up to {_NUMBERS[limit]} moves", phase="moves")
        if limit != DEFENDER_PHASE_MOVES:
            self._tactic_applied(self._tactics("defender_moves"), f"only {_NUMBERS[limit]} moves this Defense Phase",
                                 "4.1")
        self._decide("moves")
        self._maybe_auto_end("moves")

    def _floor_spaces_with_interior(self, floor: str) -> list[str]:
        return [*self.rules.floor_spaces[floor], f"{floor}:interior"]

    def _occupancy(self) -> dict[str, int]:
        occ: dict[str, int] = {}
        for d in self.state["defenders"].values():
            if d["status"] == "board":
                occ[d["space"]] = occ.get(d["space"], 0) + 1
        return occ

    def _room(self, space: str, occ: dict[str, int] | None = None) -> bool:
        if space.endswith(":interior"):
            return True
        count = occ.get(space, 0) if occ is not None else len(self.defenders_in(space))
        return count < self.rules.defender_spaces[space].capacity

    def _token_kind(self, token: str) -> str:
        kind = self._kinds.get(token)
        if kind is None:
            if token.startswith("ammo"):
                kind = "ammo"
            else:
                w = self.rules.weapons[token]
                kind = f"{w.name}/{''.join(w.designations)}"
            self._kinds[token] = kind
        return kind

    def _distinct_tokens(self, space: str) -> list[str]:
        """Tokens in a space, one representative per kind (identical tokens are interchangeable)."""
        seen: dict[str, str] = {}
        for t in sorted(self.tokens_in(space)):
            seen.setdefault(self._token_kind(t), t)
        return sorted(seen.values())

    def _carry_options(self, space: str, limit: int) -> list[tuple[str, ...]]:
        """4.1 / 4.3.2: combinations of at most ``limit`` tokens. Identical tokens are interchangeable, so only
        one canonical choice is listed per combination of kinds (the lowest ids of each kind)."""
        tokens = sorted(self.tokens_in(space), key=lambda t: (self._token_kind(t), t))
        by_kind: dict[str, list[str]] = {}
        for t in tokens:
            by_kind.setdefault(self._token_kind(t), []).append(t)
        options: list[tuple[str, ...]] = [()]
        for ids in by_kind.values():
            grown = []
            for opt in options:
                for k in range(0, len(ids) + 1):
                    if len(opt) + k > limit:
                        break
                    grown.append(opt + tuple(ids[:k]))
            options = grown
        return sorted((tuple(sorted(o)) for o in options), key=lambda c: (len(c), c))

    def _gen_moves(self) -> list[Action]:
        """4.1 Moving: a move per defender (not exhausted, not disrupted, not moved yet)."""
        s, r = self.state, self.rules
        out: list[Action] = []
        add = out.append
        make = tuple.__new__  # builds Action tuples without the NamedTuple constructor's overhead
        occ = self._occupancy()
        carry_cache: dict[tuple[str, int], list[tuple[str, ...]]] = {}
        open_spaces: dict[str, list[str]] = {}
        for name, d in s["defenders"].items():
            if d["status"] != "board" or d["moved"] or d["exh"] or d["dis"]:
                continue
            here = d["space"]
            floor = r.space_floor[here]
            spaces = open_spaces.get(floor)
            if spaces is None:
                spaces = open_spaces[floor] = [sp for sp in self._floor_spaces_with_interior(floor)
                                               if self._room(sp, occ)]
            dests = [sp for sp in spaces if sp != here]
            if here.endswith(":interior"):
                dests += [f"{f}:interior" for f in r.adjoining_interiors(floor)]
            limit = 4 if "L" in r.defenders[name].attributes else 2
            key = (here, limit)
            carries = carry_cache.get(key)
            if carries is None:
                carries = carry_cache[key] = self._carry_options(here, limit)
            for dest in dests:
                head = (name, dest)
                for carry in carries:
                    add(make(Action, ("move", head + carry)))
            tokens = self._distinct_tokens(here)
            if tokens:
                everywhere = self._floor_spaces_with_interior(floor)
                for token in tokens:
                    for dest in everywhere:
                        if dest != here:
                            add(make(Action, ("shift", (name, token, dest))))
        add(Action("end_moves"))
        return out

    def _do_move(self, action: Action) -> None:
        s = self.state
        name, dest, *carry = action.args
        d = s["defenders"][name]
        src = d["space"]
        d["space"] = dest
        d["moved"] = True
        for t in carry:
            s["tokens"][t] = dest
        s["moves"] += 1
        extra = f", carrying {', '.join(carry)}" if carry else ""
        self._emit("defender_moved", "4.1", f"{name} moves from {src} to {dest}{extra}", defender=name, src=src,
                   space=dest, tokens=list(carry))
        self._after_move()

    def _do_shift(self, action: Action) -> None:
        s = self.state
        name, token, dest = action.args
        src = s["tokens"][token]
        s["tokens"][token] = dest
        s["defenders"][name]["moved"] = True
        s["moves"] += 1
        self._emit("token_moved", "4.1", f"{name} moves {token} from {src} to {dest}", defender=name, token=token,
                   src=src, space=dest)
        self._after_move()

    def _after_move(self) -> None:
        if self.state["moves"] >= self.limit("defender_moves"):
            self._start_actions()
        else:
            self._maybe_auto_end("moves")

    def _do_end_moves(self, action: Action) -> None:
        self._start_actions()

    def _start_actions(self) -> None:
        s = self.state
        s["phase"] = "actions"
        limit = self.limit("defender_actions")
        self._emit("phase_changed", "4.2", f"Defense Phase: up to {_NUMBERS[limit]} actions", phase="actions")
        if limit != DEFENDER_PHASE_ACTIONS:
            self._tactic_applied(self._tactics("defender_actions"),
                                 f"only {_NUMBERS[limit]} actions this Defense Phase", "4.2")
        self._decide("actions")
        self._maybe_auto_end("actions")

    def _maybe_auto_end(self, kind: str) -> None:
        """Skip a decision whose only choice is to end it (nothing else is possible)."""
        self._legal_cache = None
        if kind == "moves":
            # any defender free to move can at least step into the interior or shift nothing: check cheaply
            if any(d["status"] == "board" and not (d["moved"] or d["exh"] or d["dis"])
                   for d in self.state["defenders"].values()):
                return
            self._do_end_moves(Action("end_moves"))
            return
        legal = self._generate_legal()
        if len(legal) == 1 and legal[0].kind.startswith("end_"):
            getattr(self, f"_do_{legal[0].kind}")(legal[0])
        else:
            self._legal_cache = legal
            self._legal_set = None

    # ---- 4.2 actions
    def _has_designation(self, space: str, designation: str) -> bool:
        return any(not t.startswith("ammo") and designation in self.rules.weapons[t].designations
                   for t in self.tokens_in(space))

    def _inspired(self, name: str) -> bool:
        """4.3.1 Inspire: a fresh [I] defender in the same coloured spaces on the same floor adds one die or one
        suppression token; never for an [I] defender, never in interior spaces."""
        s, r = self.state, self.rules
        if "I" in r.defenders[name].attributes:
            return False
        here = s["defenders"][name]["space"]
        if r.is_interior(here):
            return False
        colours = r.defender_spaces[here].colours
        floor = r.floor_of(here)
        for other, d in s["defenders"].items():
            if other == name or d["status"] != "board" or "I" not in r.defenders[other].attributes:
                continue
            if d["exh"] or d["dis"] or d["acted"] or d["moved"] or r.is_interior(d["space"]):
                continue
            sp = r.defender_spaces[d["space"]]
            if sp.floor == floor and any(c in colours for c in sp.colours):
                return True
        return False

    def _attack_dice(self, name: str) -> int:
        return self.rules.defenders[name].combat + (1 if self._inspired(name) else 0)

    def grenade_dice(self, name: str) -> int:
        """4.2.1 Grenades [G]: the dice ``name`` rolls at each counter in his floor's interior: his attack dice
        (4.3 inspire included), two more when he throws from inside the interior."""
        return self._attack_dice(name) + (2 if self.rules.is_interior(self.state["defenders"][name]["space"]) else 0)

    def suppression_tokens(self, name: str) -> int:
        """4.2.2, 4.3: the suppression tokens a suppress action by ``name`` places: his combat value, +2 for the
        weapon, +1 for the [S] attribute, +1 when inspired."""
        d = self.rules.defenders[name]
        return d.combat + 2 + (1 if "S" in d.attributes else 0) + (1 if self._inspired(name) else 0)

    def _targets(self, name: str) -> list[str]:
        """4.2.1: enemy counters the defender may attack (line of sight, ranged weapons, top of a stack)."""
        s, r = self.state, self.rules
        here = s["defenders"][name]["space"]
        floor = r.floor_of(here)
        out = list(s["interior"][floor])
        if r.is_interior(here):
            return out
        ranged = self._has_designation(here, "R")
        if floor != "upper" or ranged:
            for space, stack in s["spaces"].items():
                if stack and r.sees(here, space):
                    out.append(stack[-1])
        if ranged:
            for space, stack in s["support"].items():
                if stack and r.sees(here, space):
                    out.append(stack[-1])
        return out

    def _gen_actions(self) -> list[Action]:
        s, r = self.state, self.rules
        out: list[Action] = []
        for name, d in s["defenders"].items():
            if d["status"] != "board" or d["moved"] or d["acted"]:
                continue
            if d["exh"] or d["dis"]:
                if d["exh"]:
                    out.append(Action("recover", (name, "exhausted")))
                if d["dis"]:
                    out.append(Action("recover", (name, "disrupted")))
                continue
            here = d["space"]
            attrs = r.defenders[name].attributes
            if "N" not in attrs:
                for cid in self._targets(name):
                    out.append(Action("attack", (name, cid)))
                floor = r.floor_of(here)
                if s["interior"][floor]:
                    for t in self._distinct_tokens(here):
                        if not t.startswith("ammo") and "G" in r.weapons[t].designations:
                            out.append(Action("grenade", (name, t)))
                if not r.is_interior(here) and self._has_designation(here, "S") and \
                        any(t.startswith("ammo") for t in self.tokens_in(here)):
                    for space in r.track_spaces:
                        if space not in s["spaces"] and not self._car_at(space) and r.sees(here, space):
                            out.append(Action("suppress", (name, space)))
            if "C" in attrs and not r.is_interior(here) and self._command_options(name):
                out.append(Action("command", (name,)))
        out.append(Action("end_actions"))
        return out

    def _use_action(self, name: str, exhausts: bool) -> None:
        """4.2: the action token on ``name`` (and the exhausted marker for an attack, grenade, suppress or command
        action, 4.2.1-4.2.4)."""
        s = self.state
        d = s["defenders"][name]
        d["acted"] = True
        if exhausts:
            d["exh"] = True
        s["actions"] += 1
        self._emit("defender_acted", "4.2", f"{name} takes an action" + (" and is exhausted" if exhausts else ""),
                   defender=name, exhausted=exhausts)

    def _after_action(self) -> None:
        if self.over or self.state["decision"] is None or self.state["decision"]["kind"] != "actions":
            return
        if self.state["actions"] >= self.limit("defender_actions"):
            self._end_defense()
        else:
            self._maybe_auto_end("actions")

    def _do_attack(self, action: Action) -> None:
        """4.2.1 Attack: combat value dice (+1 inspire); one die at or above the defense value removes it."""
        name, cid = action.args
        dice = self._attack_dice(name)
        defense = self.assault_defense(cid)
        label = self.counter_label(cid)
        self._use_action(name, True)
        values = self._dice(dice, f"{name} attacking the {label} (defense {defense})", "4.2.1", defense)
        if max(values) >= defense:
            self._remove_enemy(cid, "4.2.1", f"{name} removes the {label}")
        else:
            self._note_defense_tactic(cid, values, defense, label)
            self._emit("attack_missed", "4.2.1", f"{name} misses the {label}", defender=name, counter=cid)
        self._after_action()

    def _remove_enemy(self, cid: str, section: str, text: str) -> None:
        s = self.state
        space = self.counter_space(cid)
        for stack in (*s["spaces"].values(), *s["interior"].values(), *s["support"].values()):
            if cid in stack:
                stack.remove(cid)
        for key in ("spaces", "support"):
            for sp in [k for k, v in s[key].items() if not v]:
                del s[key][sp]
        ctype = s["counters"].pop(cid)["type"]
        s["supply"][ctype] += 1
        self._emit("counter_removed", section, text, counter=cid, unit=ctype, space=space)

    def _do_grenade(self, action: Action) -> None:
        """4.2.1 Grenades [G]: one roll per enemy counter in the floor's interior; +2 dice from inside the
        interior, where a miss risks the thrower (a 1 on one die); the token is then removed."""
        s, r = self.state, self.rules
        name, token = action.args
        here = s["defenders"][name]["space"]
        floor = r.floor_of(here)
        inside = r.is_interior(here)
        dice = self.grenade_dice(name)
        self._use_action(name, True)
        missed = False
        for cid in list(s["interior"][floor]):
            defense = self.assault_defense(cid)
            label = self.counter_label(cid)
            values = self._dice(dice, f"{name}'s grenade at the {label} (defense {defense})", "4.2.1", defense)
            if max(values) >= defense:
                self._remove_enemy(cid, "4.2.1", f"{name}'s grenade removes the {label}")
            else:
                missed = True
                self._note_defense_tactic(cid, values, defense, label)
                self._emit("attack_missed", "4.2.1", f"{name}'s grenade misses the {label}", defender=name,
                           counter=cid)
        s["tokens"][token] = ""
        self._emit("token_spent", "4.2.1", f"The grenade token {token} is used up", token=token)
        if inside and missed:
            if self._d6(f"{name}'s own safety", "4.2.1") == 1:
                self._casualty(name, "4.2.1", "caught by his own grenade")
        self._after_action()

    def _do_suppress(self, action: Action) -> None:
        """4.2.2 Suppress: combat value + 2 (weapon) + 1 ([S] attribute) + 1 (inspire) tokens on an empty assault
        space in line of sight; one ammunition token in the space is removed."""
        s = self.state
        name, space = action.args
        here = s["defenders"][name]["space"]
        n = self.suppression_tokens(name)
        self._use_action(name, True)
        s["supp"][space] = s["supp"].get(space, 0) + n
        ammo = next(t for t in sorted(self.tokens_in(here)) if t.startswith("ammo"))
        s["tokens"][ammo] = ""
        self._emit("suppression_placed", "4.2.2", f"{name} places {n} suppression tokens on {space}",
                   defender=name, space=space, tokens=n, ammo=ammo)
        self._after_action()

    def _do_recover(self, action: Action) -> None:
        """4.2.3 Recover: flip the exhausted side or remove a disrupted token; the defender is not exhausted."""
        name, what = action.args
        self._recover(name, what, "4.2.3")
        self._use_action(name, False)
        self._after_action()

    def _recover(self, name: str, what: str, section: str) -> None:
        d = self.state["defenders"][name]
        if what == "exhausted":
            d["exh"] = False
            self._emit("defender_recovered", section, f"{name} is flipped back from his exhausted side",
                       defender=name, what=what)
        else:
            d["dis"] = False
            self._emit("defender_recovered", section, f"{name}'s disrupted token is removed", defender=name,
                       what=what)

    def command_targets(self, name: str) -> list[tuple[str, str]]:
        """4.2.4 Command [C]: the free recover actions a command by ``name`` could give now, as (defender,
        "exhausted" or "disrupted") pairs in the order of the defenders."""
        return [(str(a.args[0]), str(a.args[1])) for a in self._command_options(name)]

    def _command_options(self, name: str, given: list[list[str]] | None = None) -> list[Action]:
        """4.2.4 Command [C]: recover actions for defenders in the same coloured spaces on the same floor, never
        for a [C] defender, never in interior spaces; at most two on one defender (one of each kind)."""
        s, r = self.state, self.rules
        here = s["defenders"][name]["space"]
        if r.is_interior(here):
            return []
        me = r.defender_spaces[here]
        given = given or []
        out = []
        for other, d in s["defenders"].items():
            if d["status"] != "board" or "C" in r.defenders[other].attributes or r.is_interior(d["space"]):
                continue
            sp = r.defender_spaces[d["space"]]
            if sp.floor != me.floor or not any(c in me.colours for c in sp.colours):
                continue
            for what, flag in (("exhausted", "exh"), ("disrupted", "dis")):
                if d[flag] and [other, what] not in given:
                    out.append(Action("rally", (other, what)))
        return out

    def _do_command(self, action: Action) -> None:
        name = action.args[0]
        self._use_action(name, True)
        self._emit("command", "4.2.4", f"{name} takes the command action: three free recover actions",
                   defender=name)
        self._decide("command", by=name, left=3, given=[])
        self._command_continue()

    def _command_continue(self) -> None:
        dec = self.state["decision"]
        if dec["left"] <= 0 or not self._command_options(dec["by"], dec["given"]):
            self._do_end_command(Action("end_command"))

    def _do_rally(self, action: Action) -> None:
        dec = self.state["decision"]
        other, what = action.args
        self._recover(other, what, "4.2.4")
        dec["given"].append([other, what])
        dec["left"] -= 1
        self._command_continue()

    def _do_end_command(self, action: Action) -> None:
        self._decide("actions")
        self._after_action()

    def _do_end_actions(self, action: Action) -> None:
        self._end_defense()

    def _end_defense(self) -> None:
        """4.0: remove move and action tokens, then the Clearing Phase."""
        s = self.state
        for d in s["defenders"].values():
            d["moved"] = d["acted"] = False
        self._emit("markers_removed", "4.0", "The move and action tokens are removed")
        s["decision"] = None
        self._push(["clearing"])

    # ------------------------------------------------------------------ Clearing Phase (5.0)
    def _t_clearing(self) -> None:
        s = self.state
        s["phase"] = "clearing"
        self._reseed("clearing")
        self._emit("phase_changed", "5.0", "Clearing Phase", phase="clearing")
        s["moved_floor"] = []
        tasks: list[list[Any]] = []
        if self.counters_inside():
            for floor in CLEARING_FLOOR_ORDER:
                tasks.append(["clear_floor", floor])
            tasks.append(["clearing_end"])
        tasks.append(["after_clearing"])
        self._push_all(tasks)

    def _t_clear_floor(self, floor: str) -> None:
        """5.2: submachine gunners, then riflemen, then leaders; disrupted counters do not act (5.1)."""
        s, r = self.state, self.rules
        order = sorted(s["interior"][floor], key=lambda c: (r.assault_types[s["counters"][c]["type"]]
                                                             .clearing_order, int(c[1:])))
        self._push_all([["clear_counter", cid, floor] for cid in order])

    def _floor_defenders(self, floor: str) -> list[str]:
        r = self.rules
        return [n for n, d in self.state["defenders"].items() if d["status"] == "board"
                and r.floor_of(d["space"]) == floor]

    def _t_clear_counter(self, cid: str, floor: str) -> None:
        s, r = self.state, self.rules
        if cid not in s["interior"][floor] or cid in s["moved_floor"]:
            return
        label = self.counter_label(cid)
        if s["counters"][cid]["dis"]:
            self._emit("counter_idle", "5.1", f"The disrupted {label} does not act", counter=cid)
            return
        combat = r.assault_types[s["counters"][cid]["type"]].combat
        extra, _ = self._tactic_bonus("clearing_combat")
        # the extra removals of a Tactics card ride along as a fifth task item (absent without one)
        removal: list[Any] = [combat + extra, cid, extra] if extra else [combat, cid]
        interior = f"{floor}:interior"
        if self.defenders_in(interior):
            self._push(["remove_defenders", interior, *removal])
            return
        if not self._floor_defenders(floor):
            nxt = r.floors[floor].next_floor
            if nxt:
                s["interior"][floor].remove(cid)
                s["interior"][nxt].append(cid)
                s["moved_floor"].append(cid)
                self._emit("counter_changed_floor", "5.3", f"No defenders remain: the {label} moves to the "
                           f"{r.floors[nxt].name.lower()}", counter=cid, src=floor, floor=nxt)
            else:
                self._emit("counter_idle", "5.3", f"The {label} finds no defender in the basement", counter=cid)
            return
        fl = r.floors[floor]
        occupied = [sp for sp in r.floor_spaces[floor] if self.defenders_in(sp)]
        colours = [c for c in fl.colour_order() if any(c in r.defender_spaces[sp].colours for sp in occupied)]
        if len(colours) == 1:
            colour = colours[0]
        else:
            rolled = fl.colour_for_face(self._d6(f"the {label}'s Target table", "5.2"))
            order = list(fl.colour_order())
            i = order.index(rolled)
            higher = [c for c in order[i:] if c in colours]
            lower = [c for c in reversed(order[:i]) if c in colours]
            colour = (higher or lower)[0]
        candidates = [sp for sp in occupied if colour in r.defender_spaces[sp].colours]
        if len(candidates) == 1:
            target = candidates[0]
        else:
            target = self._pick_by_label(candidates, self._d6(f"the {label}'s target space", "5.2"))
        self._emit("clearing_target", "5.2", f"The {label} targets the {colour.replace('_', ' ')} space {target}",
                   counter=cid, colour=colour, space=target)
        self._push(["remove_defenders", target, *removal])

    def _t_remove_defenders(self, space: str, n: int, cid: str, extra: int = 0) -> None:
        """5.2: remove up to ``n`` defenders by the removal priority list; the player chooses among equals.
        The last ``extra`` of the ``n`` removals come from a Tactics card (``clearing_combat``)."""
        if n <= 0:
            return
        here = self.defenders_in(space)
        if not here:
            return
        prio = self.rules.defenders
        best = min(prio[x].priority for x in here)
        group = [x for x in here if prio[x].priority == best]
        tail = [extra] if extra else []
        if len(group) <= n:
            for i, name in enumerate(group):
                if n - i <= extra:
                    self._note_clearing_tactic(cid)
                self._casualty(name, "5.2", f"removed by the {self.counter_label(cid)}")
                if self.over:
                    return
            self._push(["remove_defenders", space, n - len(group), cid, *tail])
            return
        self._push(["remove_defenders", space, n - 1, cid, *tail])
        if extra and n <= extra:
            self._decide("casualty", space=space, options=group, counter=cid, tactic=True)
        else:
            self._decide("casualty", space=space, options=group, counter=cid)

    def _note_clearing_tactic(self, cid: str) -> None:
        _, cards = self._tactic_bonus("clearing_combat")
        if cards:
            self._tactic_applied(cards, f"the {self.counter_label(cid)} removes one more defender", "5.2")

    def _do_remove(self, action: Action) -> None:
        dec = self.state["decision"]
        self.state["decision"] = None
        if dec.get("tactic"):
            self._note_clearing_tactic(dec["counter"])
        self._casualty(action.args[0], "5.2", f"removed by the {self.counter_label(dec['counter'])}")

    def _t_clearing_end(self) -> None:
        """5.4: remove the disrupted tokens from all enemy assault counters."""
        s = self.state
        for items in s["interior"].values():
            for cid in items:
                if s["counters"][cid]["dis"]:
                    s["counters"][cid]["dis"] = False
                    self._emit("counter_recovered", "5.4", f"The {self.counter_label(cid)} recovers", counter=cid)
        s["moved_floor"] = []

    def _t_after_clearing(self) -> None:
        s = self.state
        if s["attack"] == 3:
            s["phase"] = "escape"
            self._emit("phase_changed", "6.0", "Escape Phase", phase="escape")
            self._decide("escape")
            self._maybe_auto_end("escape")
            return
        self._push(["turn_end"])

    # ------------------------------------------------------------------ Escape Phase (6.0)
    def _escape_reason(self, name: str) -> str:
        """6.0: which escape condition ``name`` fails, or "" when he can escape."""
        s, r = self.state, self.rules
        d = s["defenders"][name]
        if d["exh"] or d["dis"]:
            return f"{name} is {'exhausted' if d['exh'] else 'disrupted'} and cannot escape (6.0)"
        here = d["space"]
        entrance = "" if r.is_interior(here) else r.defender_spaces[here].entrance
        if not entrance:
            return f"{name} must be in an entrance defender space to escape (6.0)"
        if not r.entrances[entrance].escape:
            return f"nobody escapes through the {entrance} entrance (6.0)"
        return self.escape_blocker(entrance)

    def escape_blocker(self, entrance: str) -> str:
        """6.0: what keeps defenders from escaping through ``entrance`` (an assault counter on its track, a
        support counter seeing the track), or "" when the route is clear: the first of :meth:`escape_blockers`."""
        blockers = self.escape_blockers(entrance)
        if not blockers:
            return ""
        where = self.counter_space(blockers[0])
        if where in self.rules.support_spaces:
            return f"the support counter in {where} covers the {entrance} entrance (6.0)"
        return f"an assault counter on {where} blocks the {entrance} entrance (6.0)"

    def escape_blockers(self, entrance: str) -> list[str]:
        """6.0: every enemy counter that keeps the ``entrance`` route shut, the assault counters on its tracks
        (nearest the placement space first) and then the support counters (whole stacks) in spaces that see
        them. Empty when the route is clear."""
        s, r = self.state, self.rules
        spaces = self._route_spaces(entrance)
        out = [cid for sp in spaces for cid in s["spaces"].get(sp, ())]
        for sid, stack in s["support"].items():
            if stack and any(r.sees(sid, sp) for sp in spaces):
                out.extend(stack)
        return out

    def _route_spaces(self, entrance: str) -> list[str]:
        return list(dict.fromkeys(sp for t in self.rules.tracks.values() if t.entrance == entrance for sp in t.spaces))

    def _gen_escapes(self) -> list[Action]:
        s = self.state
        out = []
        for name, d in s["defenders"].items():
            if d["status"] == "board" and not self._escape_reason(name):
                out.append(Action("escape", (name,)))
        out.append(Action("end_escape"))
        return out

    def _do_escape(self, action: Action) -> None:
        name = action.args[0]
        d = self.state["defenders"][name]
        d["status"] = "escaped"
        self._emit("escaped", "6.0", f"{name} escapes from the post office", defender=name, space=d["space"])
        self._maybe_auto_end("escape")

    def _do_end_escape(self, action: Action) -> None:
        self.state["decision"] = None
        self._push(["turn_end"])

    # ------------------------------------------------------------------ end of turn, end of Attack (2.x, 7.0)
    def _t_turn_end(self) -> None:
        """2.1 / 2.2 Ending Attack 1 and 2, 2.3 Ending Attack 3, and 8.1.2 "Out of Tactics Cards?".

        An Attack ends at the end of the turn its last card was played. The exception: with an assault counter
        in the post office and a leader on the board, the discards are reshuffled into a deck and the Attack goes
        on; the Attack is then *extended* (``state["extended"]``) and, "until the end of a turn (after the
        Clearing Phase) when there are no assault counters in the post office OR until there are no leader
        assault counters on the board", it ends at the end of the first turn when either holds, whatever is left
        in its deck. An extended Attack whose reshuffled deck runs out again while both still hold is reshuffled
        again ("continue playing in this way")."""
        s = self.state
        attack = s["attack"]
        if attack == 3 and s["fire_truck_drawn"]:
            self._end_game("fire_truck", "7.0")
            return
        inside, leader = self.counters_inside(), self.leader_on_board()
        goes_on = bool(inside) and leader
        deck = s["decks"][str(attack)]
        if s["extended"] and not goes_on and attack != 3:
            self._emit("extension_over", f"2.{attack}", ("No assault counter is left inside the post office"
                       if not inside else "No leader is left on the board") + f": the extended Attack {attack} ends",
                       attack=attack, inside=inside, leader=leader, cards_left=len(deck))
        elif deck:
            self._push_turn_start()
            return
        elif goes_on:
            pile = s["discards"][str(attack)]
            s["decks"][str(attack)] = pile
            s["discards"][str(attack)] = []
            self._rng.shuffle(pile)
            s["extended"] = True
            self._emit("deck_reshuffled", f"2.{attack}", f"Assault counters are inside and a leader is on the "
                       f"board: the Attack {attack} discards are reshuffled and the Attack goes on",
                       attack=attack, cards=len(pile))
            if s["difficulty"] in self.rules.tactics_modes:
                self._reshuffle_tactics(attack)
            if pile:
                self._push_turn_start()
                return
        if attack == 3:
            self._end_game("deck_exhausted", "7.0")
            return
        self._end_attack(attack)
        self._push_turn_start()
        self._push(["attack_setup", attack + 1])

    def _end_attack(self, attack: int) -> None:
        """2.1/2.2: clear disrupted and exhausted, discard suppression tokens and all assault counters."""
        s = self.state
        for d in s["defenders"].values():
            d["dis"] = d["exh"] = False
        s["supp"] = {}
        cleared = [c for c in s["counters"] if s["counters"][c]["type"] in self.rules.assault_types]
        for cid in cleared:
            ctype = s["counters"].pop(cid)["type"]
            s["supply"][ctype] += 1
        s["spaces"] = {}
        s["interior"] = {f: [] for f in self.rules.floors}
        s["extended"] = False
        self._emit("attack_ended", f"2.{attack}", f"Attack {attack} ends: assault counters, suppression, "
                   "disrupted and exhausted markers are cleared", attack=attack, counters=cleared)
        # 8.1.2 / 8.2.2: the Tactics cards in play stay in play. "On the second turn of the game and for all
        # subsequent turns" counts the turns of the game, and nothing in 2.x or 8.x clears the cards between
        # Attacks: the next Attack's first Enemy Phase discards the card furthest from the deck (to its own
        # Attack's discards) and deals the new one from the current Attack's Tactics deck (_deal_tactics).

    # ------------------------------------------------------------------ legal action generation
    def _generate_legal(self) -> list[Action]:
        tmap: dict[str, list[str]] = {}
        for token, space in self.state["tokens"].items():
            if space:
                tmap.setdefault(space, []).append(token)
        self._tmap = tmap
        try:
            return self._generate_legal_now()
        finally:
            self._tmap = None

    def _generate_legal_now(self) -> list[Action]:
        dec = self.state["decision"]
        if dec is None or self.over:
            return []
        kind = dec["kind"]
        if kind == "moves":
            return self._gen_moves()
        if kind == "actions":
            return self._gen_actions()
        if kind == "command":
            return [*self._command_options(dec["by"], dec["given"]), Action("end_command")]
        if kind == "suppression":
            return [Action("spend", (str(k),)) for k in range(dec["tokens"], -1, -1)]
        if kind == "casualty":
            return [Action("remove", (n,)) for n in dec["options"]]
        if kind == "escape":
            return self._gen_escapes()
        raise ValueError(f"unknown decision {kind!r}")

    def _do_spend(self, action: Action) -> None:
        """4.2.2: roll one die per token used; a die at or above the counter's defense sends it to the supply.
        On a failure the counter moves in and the remaining tokens are discarded."""
        s = self.state
        dec = s["decision"]
        s["decision"] = None
        k = int(action.args[0])
        cid, space = dec["counter"], dec["space"]
        label = self.counter_label(cid)
        defense = dec["defense"]
        left = s["supp"][space] - k
        if k:
            values = self._dice(k, f"{k} suppression tokens against the {label} (defense {defense})", "4.2.2",
                                defense)
            if max(values) >= defense:
                s["supp"][space] = left
                if not left:
                    del s["supp"][space]
                # the counter never arrives: drop the pending arrival and remove it from its space
                src = dec["src"]
                if src:
                    s["spaces"][src].remove(cid)
                    if not s["spaces"][src]:
                        del s["spaces"][src]
                s["transit"].pop(cid, None)
                ctype = s["counters"].pop(cid)["type"]
                s["supply"][ctype] += 1
                self._emit("counter_suppressed", "4.2.2", f"The {label} is suppressed and returns to the supply",
                           counter=cid, space=space, spent=k, left=left)
                return
        del s["supp"][space]
        self._emit("suppression_failed", "4.2.2", f"The {label} pushes through; all {k + left} suppression tokens "
                   "there are discarded", counter=cid, space=space, spent=k, discarded=k + left)
