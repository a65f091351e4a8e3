"""The rules of *Soldiers in Postmen's Uniforms* (rulebook sections 1-8) as a deterministic state machine.

The game stops at decision points. :meth:`Game.legal_actions` lists the choices in a fixed order;
:meth:`Game.apply` validates one, applies it, runs every rule and chance step forward to the next decision
point and returns the :class:`Event` list. All state lives in one JSON-able dict (``Game.state``), the random
generator included, so ``Game.from_json(game.to_json())`` continues exactly, and the same seed with the same
actions gives the same events in any process.

``Game`` is the one public face of the rules core. The rules themselves live in one module per part of the
rulebook (``setup`` 2.x, ``enemy`` 3.x, ``defense`` 4.x, ``clearing`` 5.x, ``escape`` 6.0, ``scoring`` 7.0,
``tactics`` 8.x) over the shared ``kernel``, ``queries`` and ``effects``; this module holds the tables that name
their handlers: :data:`TASKS` (pending rule steps), :data:`ACTIONS` (the player's choices) and :data:`GENERATORS`
(the legal choices of each decision point).

Decisions taken where the rulebook is silent or ambiguous are marked ``DECISION`` next to the code.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable, Sequence
from typing import Any

import game.rules.clearing as clearing
import game.rules.defense as defense
import game.rules.enemy as enemy
import game.rules.escape as escape
import game.rules.hidden as hidden
import game.rules.integrity as integrity
import game.rules.queries as queries
import game.rules.scoring as scoring
import game.rules.setup as setup
from game.i18n import _
from game.rules.actions import Action, IllegalAction, Listed
from game.rules.data import DIFFICULTIES, Rules, default_rules
from game.rules.events import REVEALING, Event
from game.rules.kernel import SAVE_VERSION, Kernel
from game.rules.kinds import ActionKind, DecisionKind, EventKind
from game.rules.queries import hit_chance
from game.rules.rng import Pcg32
from game.rules.scoring import AWARDS, award_for

__all__ = ["ACTIONS", "ACTION_SECTIONS", "AWARDS", "DECISION_KINDS", "GENERATORS", "SAVE_VERSION", "TASKS", "Game",
           "NewerSaveError", "award_for", "hit_chance"]

# The pending rule steps: a task record ``[name, *args]`` on the stack runs ``TASKS[name](game, *args)``. The
# names are part of the save format: a task may wait on the stack while the game waits for a decision.
TASKS: dict[str, Callable[..., None]] = {
    "attack_setup": setup.task_attack_setup,
    "turn_start": setup.task_turn_start,
    "turn_end": setup.task_turn_end,
    "draw": enemy.task_draw,
    "enemy_end": enemy.task_enemy_end,
    "place": enemy.task_place,
    "tactic_advance": enemy.task_tactic_advance,
    "enter": enemy.task_enter,
    "enter_with_car": enemy.task_enter_with_car,
    "land": enemy.task_land,
    "arrive": enemy.task_arrive,
    "bundle": enemy.task_bundle,
    "release": enemy.task_release,
    "breach": enemy.task_breach,
    "support": enemy.task_support,
    "howitzer": enemy.task_howitzer,
    "defense_start": defense.start_defense,
    "clearing": clearing.task_clearing,
    "clear_floor": clearing.task_clear_floor,
    "clear_counter": clearing.task_clear_counter,
    "remove_defenders": clearing.task_remove_defenders,
    "clearing_end": clearing.task_clearing_end,
    "after_clearing": clearing.task_after_clearing,
    "escape_start": escape.task_escape_start,
}

# The player's choices: ``ACTIONS[action.kind](game, action)`` applies a legal action.
ACTIONS: dict[str, Callable[[Kernel, Action], None]] = {
    "move": defense.do_move,
    "shift": defense.do_shift,
    "end_moves": defense.do_end_moves,
    "attack": defense.do_attack,
    "grenade": defense.do_grenade,
    "suppress": defense.do_suppress,
    "recover": defense.do_recover,
    "command": defense.do_command,
    "rally": defense.do_rally,
    "end_command": defense.do_end_command,
    "end_actions": defense.do_end_actions,
    "spend": defense.do_spend,
    "remove": clearing.do_remove,
    "escape": escape.do_escape,
    "end_escape": escape.do_end_escape,
}

# The rulebook section of each kind of choice (the Hint cites it; each handler's docstring opens with it).
ACTION_SECTIONS = {
    "move": "4.1", "shift": "4.1", "end_moves": "4.1", "attack": "4.2.1", "grenade": "4.2.1", "suppress": "4.2.2",
    "recover": "4.2.3", "command": "4.2.4", "rally": "4.2.4", "end_command": "4.2.4", "end_actions": "4.2",
    "spend": "4.2.2", "remove": "5.2", "escape": "6.0", "end_escape": "6.0",
}

# The legal actions of each decision point, in their fixed order.
GENERATORS: dict[str, Callable[[Kernel, queries.Refusals | None], Sequence[Action]]] = {
    "moves": defense.gen_moves,
    "actions": defense.gen_actions,
    "command": defense.gen_command,
    "suppression": defense.gen_spend,
    "casualty": clearing.gen_remove,
    "escape": escape.gen_escapes,
}

# The action kinds whose first argument is a defender's name.
NAMES_A_DEFENDER = ("move", "shift", "attack", "grenade", "suppress", "recover", "command", "rally", "remove",
                    "escape")

DECISION_KINDS = {  # the action kinds each decision point accepts
    "moves": ("move", "shift", "end_moves"),
    "actions": ("attack", "grenade", "suppress", "recover", "command", "end_actions"),
    "command": ("rally", "end_command"),
    "suppression": ("spend",),
    "casualty": ("remove",),
    "escape": ("escape", "end_escape"),
}


THREAT_STREAM = 0x7E7A  # the generator stream of the danger's redraws (not the game's dice)
THREAT_DECISIONS = 500  # a bound on one future's decisions (a turn takes a few dozen)

UNDO_LIMIT = 100  # decisions kept for undo (a Defense Phase without a die takes a dozen at most)
TRIALS = 2  # playouts tried on a save before it is accepted (Game.from_save); about 15 ms each
TRIAL_DECISIONS = 5000  # far more than any game takes (a random game: well under a hundred decisions)
TRIAL_STREAM = 91  # the generator stream that picks the trial actions (not the game's dice)


class NewerSaveError(ValueError):
    """A save written by a newer version of the game (its ``version`` is above :data:`SAVE_VERSION`): not
    damaged, just not readable here; keep it."""

    def __init__(self, version: int) -> None:
        super().__init__(f"the saved game was written by a newer version of Postmen (save version {version}; "
                         f"this one reads version {SAVE_VERSION})")
        self.version = version


def _renamed(entries: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """``entries`` with the keys of ``names`` renamed, every key where it stood (the rules iterate in order)."""
    return {names.get(key, key): value for key, value in entries.items()}


def migrate_from_1(state: dict[str, Any]) -> dict[str, Any]:
    """A version 1 save's state in today's words (version 2 spelled the clipped keys out: ``supp``, a defender's
    ``exh`` and ``dis``, a counter's ``dis``); nothing else differs. What is not shaped as a save is left as it is,
    for the checks that follow to refuse in one line."""
    state = _renamed(state, {"supp": "suppression"})
    state["version"] = SAVE_VERSION
    defenders, counters = state.get("defenders"), state.get("counters")
    if isinstance(defenders, dict):
        state["defenders"] = {name: _renamed(d, {"exh": "exhausted", "dis": "disrupted"}) if isinstance(d, dict)
                              else d for name, d in defenders.items()}
    if isinstance(counters, dict):
        state["counters"] = {cid: _renamed(c, {"dis": "disrupted"}) if isinstance(c, dict) else c
                             for cid, c in counters.items()}
    return state


class Game(Kernel):
    """One game. Create with :meth:`new`, drive with :meth:`legal_actions` and :meth:`apply`."""

    initial_events: list[Event] = []
    # Undo (a digital convenience, not a rule): with ``keep_undo`` on (the graphical game sets it; rollouts and
    # simulations do not pay for it) each decision that revealed nothing is kept, so it can be taken back.
    keep_undo = False
    # The game's record (``state["history"]``, the decisions as action texts, for the after-action review): kept
    # by the graphical game; rollouts and simulations do not pay for it.
    keep_history = False

    def __init__(self, state: dict[str, Any], rules: Rules | None = None) -> None:
        super().__init__(state, rules)
        # (the save before it, the decision) for each decision that can be taken back, oldest first
        self.undo_history: list[tuple[str, Action]] = []
        # a game replayed from its record (from_record, trusted): the events of its set-up and of each decision
        self.told: list[list[Event]] | None = None

    # ------------------------------------------------------------------ creation and persistence
    @classmethod
    def new(cls, seed: int = 0, difficulty: str = "standard", rules: Rules | None = None) -> Game:
        """Set up a new game (Set up 1-18) and run it to the first decision point.

        ``difficulty`` is ``standard``, ``veteran`` (8.1) or ``elite`` (8.2); anything else is a ``ValueError``."""
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})")
        game = cls(cls._blank_state(seed, difficulty, rules or default_rules()), rules)
        setup.set_up(game)
        game.events.clear()
        game.changes.clear()  # the board as set up is where the opening events start from (View.rewind)
        game.push(["turn_start"])
        game.push(["attack_setup", 1])
        game.run()
        game.initial_events = game.take_events()
        return game

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
            "truck_window": 0,  # 2.3: the fire truck lies among this many bottom cards of deck 3 (0: not there)
            "spaces": {}, "cars": {}, "suppression": {}, "support": {}, "interior": {"upper": [], "ground": [],
                                                                                     "basement": []},
            "counters": {}, "next_cid": 1,
            "supply": {t: c.supply for t, c in {**rules.assault_types, **rules.support_types}.items()},
            "leaders_used": [],
            "defenders": {}, "tokens": {}, "defense": {f: 0 for f in rules.floors},
            "morale": rules.morale_start, "moves": 0, "actions": 0,
            "tasks": [], "decision": None, "forced": [], "moved_floor": [], "result": None,
            "transit": {},
            "history": [],  # the decisions taken, as action texts (with keep_history: the game's record)
            # 8.1.2 / 8.2.2 Tactics cards; empty at Standard. in_play[0] is the card nearest the Tactics deck.
            "tactics": {"decks": {"1": [], "2": [], "3": []}, "discards": {"1": [], "2": [], "3": []},
                        "removed": [], "in_play": []},
        }

    def to_json(self) -> str:
        self.state["rng"] = [self.rng.state, self.rng.inc]
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
        except RecursionError:
            raise ValueError("not a saved game (nested too deeply)") from None
        if not isinstance(state, dict):
            raise ValueError("not a saved game (expected a JSON object)")
        version = state.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
            raise NewerSaveError(version)
        if version == 1:
            state = migrate_from_1(state)
        if version not in (1, SAVE_VERSION):
            raise ValueError(f"saved game version {str(version)[:20]!r} is not {SAVE_VERSION}")
        template = cls._blank_state(0, "standard", rules or default_rules())
        if "tactics" not in state:  # a save from before the Tactics cards (a Standard game): none in play
            state["tactics"] = template["tactics"]
        if "dice_key" not in state and isinstance(state.get("seed"), int):  # a save from before keyed dice
            state["dice_key"] = state["seed"]
        if "extended" not in state:  # a save from before the extended Attack was recorded: not extended
            state["extended"] = False
        if "truck_window" not in state:  # a save from before it was kept: the truck anywhere in its deck
            decks = state.get("decks")
            deck = decks.get("3") if isinstance(decks, dict) else None
            cards = (rules or default_rules()).cards
            placed = isinstance(deck, list) and any(isinstance(c, str) and c in cards and
                                                    cards[c].type == "fire_truck" for c in deck)
            state["truck_window"] = len(deck) if placed and isinstance(deck, list) else 0
        if "history" not in state:  # a save from before the game's record: its decisions are not known
            state["history"] = []
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
        integrity.check_state(state, rules or default_rules())
        return cls(state, rules)

    @classmethod
    def from_save(cls, text: str, rules: Rules | None = None) -> Game:
        """Restore a player's save: :meth:`from_json` (every id, count, range and pending step checked against
        the rules data), then :data:`TRIALS` playouts to the end on copies, with actions picked by a fixed
        generator, so a save the rules cannot play on is refused now (``SaveDamaged``, one line), never later
        in play. The copies use the save's own dice; the game returned is untouched."""
        game = cls.from_json(text, rules)
        for k in range(TRIALS):
            trial, pick = cls.from_json(text, rules), Pcg32.seeded(k, TRIAL_STREAM)
            try:
                for _trial in range(TRIAL_DECISIONS):
                    if trial.over:
                        break
                    legal = trial.legal_actions()
                    if not legal:
                        raise integrity.SaveDamaged("saved game has a decision with no legal choice")
                    trial.apply(legal[pick.below(len(legal))])
                    trial.events.clear()
            except integrity.SaveDamaged:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure of the rules on this save means it is damaged
                raise integrity.SaveDamaged(f"saved game cannot be played on ({type(exc).__name__}: "
                                            f"{str(exc)[:60]})") from None
        return game

    @classmethod
    def from_record(cls, seed: int, difficulty: str, history: Sequence[str], rules: Rules | None = None) -> Game:
        """The game of ``seed`` and ``difficulty`` with the recorded decisions (action texts) applied again from
        its set-up (Set up 1-18), each one legal where it was taken; the game keeps its record
        (``keep_history``) and the events of its set-up and of each decision (:attr:`told`: a continued game's story
        so far). Raises ``SaveDamaged`` in one line for a record that is not a game of these rules: an unknown
        difficulty, a decision that cannot be read or is not legal there (named with its number), a
        decision after the end. Keyed dice (``Kernel.reseed``) make it the same game, die for die."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise integrity.SaveDamaged("its seed is not a whole number from 0")
        if difficulty not in DIFFICULTIES:
            raise integrity.SaveDamaged(f"an unknown difficulty {str(difficulty)[:20]!r}")
        if len(history) > integrity.MAX_HISTORY:
            raise integrity.SaveDamaged(f"more than {integrity.MAX_HISTORY:,} decisions")
        game = cls.new(seed, difficulty, rules)
        game.keep_history = True
        told = [list(game.initial_events)]
        for n, text in enumerate(history, 1):
            if not isinstance(text, str):
                raise integrity.SaveDamaged(f"decision {n} is not a text")
            if game.over:
                raise integrity.SaveDamaged(f"decision {n} comes after the end of the game")
            try:
                told.append(game.apply(text))
            except IllegalAction as exc:
                raise integrity.SaveDamaged(f"decision {n} is not legal there ({str(exc)[:80]})") from None
        game.events.clear()
        game.changes.clear()
        game.told = told
        return game

    @classmethod
    def trusted(cls, text: str, rules: Rules | None = None) -> Game:
        """A game from a file the player's machine holds (the autosave, the guided game): trusted only once its
        record of decisions replays from its seed to exactly the state it holds. :meth:`from_json` first (one
        line naming the first impossible thing), then :meth:`from_record`; any difference of the state (a score,
        a result, a card, a counter: whatever was not reached by legal play) is refused with one line naming the
        first part that differs. A save with no decisions recorded is trusted only at its set-up (a save from
        before the record was kept cannot be checked, so it is refused). The game returned is the replay, so
        nothing of the file but its decisions is ever believed. Raises ``SaveDamaged`` (or ``NewerSaveError``,
        ``ValueError``) in one line."""
        game = cls.from_json(text, rules)
        state = game.to_json_state()
        replay = cls.from_record(state["seed"], state["difficulty"], state["history"], rules)
        mine = replay.to_json_state()
        if mine != state:
            if not state["history"]:
                raise integrity.SaveDamaged("saved game has no record of its decisions to check it by (a save "
                                            "from before the record was kept, or one whose record was cut out)")
            part = next((k for k in mine if mine[k] != state.get(k)), next(iter(set(state) - set(mine)), "?"))
            raise integrity.SaveDamaged(f"saved game is not where its decisions lead (its {str(part)[:30]!r} "
                                        f"differs)")
        replay.keep_history = False  # the caller decides (the graphical game keeps it)
        return replay

    def to_json_state(self) -> dict[str, Any]:
        """The state as a save holds it (a fresh JSON-like copy: the generator brought up to date)."""
        parsed: dict[str, Any] = json.loads(self.to_json())
        return parsed

    def clone(self) -> Game:
        """A copy to play on (the planner's sampled futures, the hint, the review): the same state and the dice
        where they stand, without the undo history or any per-session setting. The state is copied in C by
        ``marshal`` (a round trip of the JSON-like dict in memory, never written or read as a file): 7x faster
        than a save and restore, which also re-checked what a live game cannot have damaged."""
        self.state["rng"] = [self.rng.state, self.rng.inc]
        twin = Game(marshal.loads(marshal.dumps(self.state)), self.rules)
        twin.legal_cache = self.legal_cache  # the same decision: the same legal actions (immutable)
        twin.memo = self.memo  # answers that depend only on the question, whichever game asks
        return twin

    def redrawn(self, rng: Pcg32) -> Game:
        """A copy to play on in which everything the player cannot know is drawn again from ``rng``: the order
        of every Attack and Tactics deck (the fire truck kept among the bottom cards where 2.3 put it) and every
        die to come; every public fact is the same (``hidden.redraw``). The planner's futures and the danger
        shown before an Enemy Phase are played on such copies, so they never peek at the true order."""
        state = self.clone().state
        return Game(hidden.redraw(state, self.rules, rng), self.rules)

    def threats(self, samples: int, seed: int = 0, stop: Callable[[], bool] | None = None) -> hidden.Threats:
        """The danger of the coming Enemy Phase as the board stands (issue 31): ``samples`` futures played on
        :meth:`redrawn` copies (the redraws from ``seed``), each from now to the player's next Defense Phase (the
        passing choices of ``hidden.PASSING``); the chance of a breach at each entrance, the defenders expected
        lost in each space and the expected change of morale. Only what the player may know is read. ``stop()``,
        asked before each future, ends the work early (the answer then counts the futures played)."""
        rng = Pcg32.seeded(seed, THREAT_STREAM)
        breach: dict[str, float] = {}
        lost: dict[str, float] = {}
        morale = 0
        played = 0
        for _sample in range(samples):
            if stop is not None and stop():
                break
            played += 1
            future = self.redrawn(rng)
            start = int(future.state["morale"])
            enemy = False
            seen: set[str] = set()  # the entrances broken in at in this future (a chance: once each)
            for _step in range(THREAT_DECISIONS):
                decision = future.decision or {}
                if future.over or (enemy and decision.get("kind") == DecisionKind.MOVES):
                    break
                legal = future.legal_actions()
                passing = hidden.PASSING.get(str(decision.get("kind", "")))
                action = next((a for a in legal if a.kind == passing), legal[0])
                for e in future.apply(action):
                    if e.kind == EventKind.PHASE_CHANGED and e.data["phase"] == "enemy":
                        enemy = True
                    elif e.kind == EventKind.BREACH and e.data["entrance"] not in seen:
                        seen.add(e.data["entrance"])
                        breach[e.data["entrance"]] = breach.get(e.data["entrance"], 0.0) + 1
                    elif e.kind == EventKind.CASUALTY:
                        lost[e.data["space"]] = lost.get(e.data["space"], 0.0) + 1
                future.events.clear()
            morale += int(future.state["morale"]) - start
        n = max(1, played)
        return hidden.Threats(played, {k: v / n for k, v in breach.items()}, {k: v / n for k, v in lost.items()},
                              morale / n)

    # ------------------------------------------------------------------ public queries
    @property
    def phase(self) -> str:
        return str(self.state["phase"])

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
        """The defenders on the board in ``space``."""
        return queries.defenders_in(self, space)

    def tokens_in(self, space: str) -> list[str]:
        """The weapon and ammunition tokens in ``space``."""
        return queries.tokens_in(self, space)

    def counter_type(self, cid: str) -> str:
        return queries.counter_type(self, cid)

    def counter_label(self, cid: str) -> str:
        """An enemy counter's name for the log: ``rifleman``, ``leader Heinrich``."""
        return queries.counter_label(self, cid)

    def counter_space(self, cid: str) -> str:
        """Where an enemy counter is: a track space, ``floor:interior`` or a support space letter."""
        return queries.counter_space(self, cid)

    def assault_defense(self, cid: str) -> int:
        """An enemy counter's defense value now (3.1 armored car, 8.x Tactics cards)."""
        return queries.assault_defense(self, cid)

    def counters_inside(self) -> int:
        """The assault counters inside the post office."""
        return queries.counters_inside(self)

    def leader_on_board(self) -> bool:
        return queries.leader_on_board(self)

    def score(self) -> int:
        """7.0: the score if the game ended now."""
        return scoring.score(self)

    def score_of(self, state: dict[str, Any]) -> int:
        """7.0: the score of ``state``, a position of this game (the one a screen shows while the events that
        led past it play out)."""
        return scoring.score_of(self.rules, state)

    def score_parts_of(self, state: dict[str, Any]) -> tuple[int, int, int]:
        """7.0: the parts of :meth:`score_of` (the defenders in the post office, those escaped doubled, the
        assault counters inside)."""
        return scoring.parts_of(self.rules, state)

    def score_breakdown(self) -> list[tuple[str, int]]:
        """7.0: the score line by line (each scoring survivor, escapes doubled, the counters inside)."""
        return scoring.breakdown(self)

    def odds(self, action: Action) -> float | None:
        """Chance that an attack removes its target, or that spending suppression tokens stops the counter;
        None for other actions."""
        if action.kind == ActionKind.ATTACK:
            name, cid = action.args
            return hit_chance(queries.attack_dice(self, name), queries.assault_defense(self, cid))
        dec = self.state["decision"]
        if action.kind == ActionKind.SPEND and dec is not None and dec["kind"] == DecisionKind.SUPPRESSION:
            return hit_chance(int(action.args[0]), int(dec["defense"]))
        return None

    def grenade_odds(self, action: Action) -> tuple[dict[str, float], float] | None:
        """4.2.1 Grenades [G], before the dice roll: for a grenade action, the chance each enemy counter in the
        thrower's floor's interior is removed (one roll of his grenade dice against each counter's defense), and
        the chance the thrower is caught by his own grenade (thrown from inside the interior: a counter missed,
        then a 1 on the safety die); None for other actions."""
        if action.kind != ActionKind.GRENADE:
            return None
        name = str(action.args[0])
        here = self.state["defenders"][name]["space"]
        dice = queries.grenade_dice(self, name)
        chances = {cid: hit_chance(dice, queries.assault_defense(self, cid))
                   for cid in self.state["interior"][self.rules.floor_of(here)]}
        all_removed = 1.0
        for p in chances.values():
            all_removed *= p
        own = (1.0 - all_removed) / 6 if self.rules.is_interior(here) and chances else 0.0
        return chances, own

    def attack_dice(self, name: str) -> int:
        """4.2.1, 4.3.1: the dice ``name`` rolls in an attack (his combat value, +1 when inspired)."""
        return queries.attack_dice(self, name)

    def grenade_dice(self, name: str) -> int:
        """4.2.1: the dice ``name``'s grenade rolls at each counter in his floor's interior."""
        return queries.grenade_dice(self, name)

    def suppression_tokens(self, name: str) -> int:
        """4.2.2, 4.3: the suppression tokens a suppress action by ``name`` places."""
        return queries.suppression_tokens(self, name)

    def sight(self, name: str) -> list[str]:
        """4.2.1, 1.4: the spaces whose top counter ``name`` could attack from where he stands, occupied or not."""
        return queries.sight(self, name)

    def command_targets(self, name: str) -> list[tuple[str, str]]:
        """4.2.4: the free recover actions a command by ``name`` could give now."""
        return queries.command_targets(self, name)

    def limit(self, effect: str) -> int:
        """4.1, 4.2, 8.x: the moves (``"defender_moves"``) or actions (``"defender_actions"``) of this Defense
        Phase."""
        return queries.phase_limit(self, effect)

    def attack_ends_this_turn(self) -> bool:
        """2.1-2.3: the current Attack ends with this turn whatever the defenders do (the assault counters and
        suppression tokens on the tracks are then cleared: attacking or suppressing there changes nothing)."""
        return queries.attack_ends_this_turn(self)

    def markers_cleared_this_turn(self) -> bool:
        """2.1 / 2.2: Attack 1 or 2 ends with this turn whatever the defenders do, clearing every exhausted and
        disrupted marker: a Recover or Command now changes nothing."""
        return queries.markers_cleared_this_turn(self)

    def canonical(self, action: Action) -> Action:
        """4.1: identical tokens are interchangeable: ``action`` with its tokens named as the legal actions name
        them (two actions that differ only by which of two alike tokens moves are the same choice)."""
        return queries.canonical(self, action)

    def escape_blocker(self, entrance: str) -> str:
        """6.0: why the ``entrance`` route is shut, or "" when it is clear."""
        return queries.escape_blocker(self, entrance)

    def escape_blockers(self, entrance: str) -> list[str]:
        """6.0: the enemy counters that keep the ``entrance`` route shut."""
        return queries.escape_blockers(self, entrance)

    def tactics_in_play(self) -> list[str]:
        """The Tactics cards in play, the newest first; empty at Standard."""
        return queries.tactics_in_play(self)

    # ------------------------------------------------------------------ the decision API
    def legal_actions(self) -> Listed:
        """Every legal action at the current decision point, in a fixed order (empty when the game is over): an
        immutable sequence (:class:`~game.rules.actions.Listed`) whose length, items and ``in`` cost no more than
        its blocks of moves; ``list()`` it to change it."""
        if self.legal_cache is None:
            self.legal_cache = self._generate_legal()
        return self.legal_cache

    def _generate_legal(self) -> Listed:
        dec = self.state["decision"]
        if dec is None or self.over:
            return Listed()
        generate = GENERATORS.get(dec["kind"])
        if generate is None:
            raise ValueError(f"unknown decision {dec['kind']!r}")
        return self.listing(lambda g: generate(g, None))

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
        if action not in legal and queries.canonical(self, action) not in legal:
            raise IllegalAction(self._why_illegal(action, legal))
        self.legal_cache = None
        self.events = []
        before = self.to_json() if self.keep_undo else None
        dec = self.state["decision"] or {}
        text = str(action)
        self.reseed(f"{text} {dec.get('counter', '')} {dec.get('space', '')}")
        ACTIONS[action.kind](self, action)
        if self.keep_history:
            self.state["history"].append(text)  # the record of decisions: recorded by no change (KERNEL_MEMORY)
        self.run()
        events = self.take_events()
        if before is not None:
            history = self.undo_history
            if self.over or any(event.kind in REVEALING for event in events):
                history.clear()  # a die, a card or a shuffle was shown, or the game ended: no way back past it
            else:
                history.append((before, action))
                del history[:-UNDO_LIMIT]
        return events

    @property
    def undoable(self) -> int:
        """How many decisions can be taken back now: those since the last die, card or shuffle, in this session
        (``keep_undo`` on); none once the game is over. Undo is the digital edition's, not the rulebook's."""
        return len(self.undo_history) if not self.over else 0

    def undo(self) -> Action:
        """Take back the last decision (:attr:`undoable` must be above 0) and return it: the game is as it was
        just before it, dice generator included, so nothing is revealed or rerolled. Raises
        :class:`IllegalAction` if there is none."""
        if not self.undoable:
            raise IllegalAction("nothing to undo: no decision since the last die, card or shuffle")
        text, action = self.undo_history.pop()
        restored = Game.from_json(text, self.rules)
        self.state.clear()
        self.state.update(restored.state)  # in place: whoever holds the state dict sees the restored game
        self.rng = restored.rng
        self.legal_cache = None
        self.events = []
        self.changes = []
        return action

    def run(self) -> None:
        """Run the pending tasks until a decision point or the end of the game."""
        state = self.state
        while state["decision"] is None and state["result"] is None and state["tasks"]:
            task = state["tasks"].pop()
            self.legal_cache = None
            TASKS[task[0]](self, *task[1:])

    def why_illegal(self, action: Action | str) -> str:
        """A one-line reason why ``action`` is not legal now ("" when it is legal): for the UI's disabled
        choices and illegal clicks. It never changes the state."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except IllegalAction as exc:
                return str(exc)
        if self.over:
            return _("the game is over")
        legal = self.legal_actions()
        if action in legal or queries.canonical(self, action) in legal:
            return ""
        return self._why_illegal(action, legal).split(": ", 1)[1]

    def _why_illegal(self, action: Action, legal: Sequence[Action]) -> str:
        """The reason the generator of the current decision gives for refusing ``action`` (``Refusals``: the
        longest recorded key that starts the action), prefixed with the action."""
        decision = self.state["decision"] or {}
        kinds = sorted(DECISION_KINDS.get(decision.get("kind", ""), ()))
        if action.kind not in kinds:
            return f"{action}: not possible during the {decision.get('kind', 'current')} decision " \
                   f"(possible now: {', '.join(kinds)})"
        if action.kind in NAMES_A_DEFENDER and (not action.args or action.args[0] not in self.state["defenders"]):
            return f"{action}: there is no defender named {action.args[0]!r}" if action.args else \
                f"{action}: name a defender"
        reason = queries.refusal_for(self.refusals(), action)
        return f"{action}: {reason or f'not a legal {action.kind} now'}"

    def refusals(self) -> queries.Refusals:
        """Why each refused choice of the current decision is refused, as its generator records it while it
        lists the legal actions: keys are an action's kind and first arguments (``queries.refusal_for`` finds an
        action's reason). Empty when the game is over or waits for no decision."""
        dec = self.state["decision"]
        why: queries.Refusals = {}
        if dec is not None and not self.over:
            generate = GENERATORS[dec["kind"]]
            self.listing(lambda g: generate(g, why))
        return why
