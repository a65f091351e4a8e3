"""The kinds the rules core names (issue 34): :class:`EventKind` (what happened; each with one typed payload in
:data:`game.rules.events.PAYLOADS`), :class:`ActionKind` (what a player may choose) and :class:`DecisionKind`
(where the game waits for a choice).

Each kind is a constant of its class, typed as its own ``Literal`` text, and each family's type is the union of
its texts (``EventKindText``...): code writes ``EventKind.BREACH``, never ``"breach"``, so a misspelt kind fails
the type checker, and ``tests/test_kinds.py`` reads the source for any literal left. Saves, records, codes and
the narration keep the same words. (Not an ``enum.Enum``: on Python 3.11 reading a member goes through the enum
class's ``__getattr__``, 90 ns against 20 ns for a constant, and the core compares kinds in its hottest loops:
the rules benchmark lost 5-9%.)"""

from __future__ import annotations

from typing import Final, Literal

EventKindText = Literal["attack_started", "car_placed", "attack_ended", "deck_reshuffled", "extension_over",
                        "fire_truck_shuffled", "phase_changed", "die_rolled", "dice_rolled", "card_revealed",
                        "fire_truck", "counter_placed", "counter_unavailable", "counter_advanced", "car_moved",
                        "suppression_discarded", "barrier_destroyed", "bundle_shuffled", "breach", "counter_entered",
                        "support_placed", "support_targets", "no_target", "attack_missed", "defense_shifted",
                        "floor_disrupted", "counter_disrupted", "counter_idle", "counter_recovered",
                        "defender_disrupted", "command", "casualty", "morale_changed", "defender_moved",
                        "token_moved", "defender_acted", "counter_removed", "token_spent", "suppression_placed",
                        "counter_suppressed", "suppression_failed", "defender_recovered", "markers_removed",
                        "clearing_target", "counter_changed_floor", "escaped", "game_over", "tactic_revealed",
                        "tactic_discarded", "tactics_reshuffled", "tactic_applied"]


class EventKind:
    """What happened, in words of no language (the log says it in the player's)."""

    ATTACK_STARTED: Final = "attack_started"
    CAR_PLACED: Final = "car_placed"
    ATTACK_ENDED: Final = "attack_ended"
    DECK_RESHUFFLED: Final = "deck_reshuffled"
    EXTENSION_OVER: Final = "extension_over"
    FIRE_TRUCK_SHUFFLED: Final = "fire_truck_shuffled"
    PHASE_CHANGED: Final = "phase_changed"
    DIE_ROLLED: Final = "die_rolled"
    DICE_ROLLED: Final = "dice_rolled"
    CARD_REVEALED: Final = "card_revealed"
    FIRE_TRUCK: Final = "fire_truck"
    COUNTER_PLACED: Final = "counter_placed"
    COUNTER_UNAVAILABLE: Final = "counter_unavailable"
    COUNTER_ADVANCED: Final = "counter_advanced"
    CAR_MOVED: Final = "car_moved"
    SUPPRESSION_DISCARDED: Final = "suppression_discarded"
    BARRIER_DESTROYED: Final = "barrier_destroyed"
    BUNDLE_SHUFFLED: Final = "bundle_shuffled"
    BREACH: Final = "breach"
    COUNTER_ENTERED: Final = "counter_entered"
    SUPPORT_PLACED: Final = "support_placed"
    SUPPORT_TARGETS: Final = "support_targets"
    NO_TARGET: Final = "no_target"
    ATTACK_MISSED: Final = "attack_missed"
    DEFENSE_SHIFTED: Final = "defense_shifted"
    FLOOR_DISRUPTED: Final = "floor_disrupted"
    COUNTER_DISRUPTED: Final = "counter_disrupted"
    COUNTER_IDLE: Final = "counter_idle"
    COUNTER_RECOVERED: Final = "counter_recovered"
    DEFENDER_DISRUPTED: Final = "defender_disrupted"
    COMMAND: Final = "command"
    CASUALTY: Final = "casualty"
    MORALE_CHANGED: Final = "morale_changed"
    DEFENDER_MOVED: Final = "defender_moved"
    TOKEN_MOVED: Final = "token_moved"
    DEFENDER_ACTED: Final = "defender_acted"
    COUNTER_REMOVED: Final = "counter_removed"
    TOKEN_SPENT: Final = "token_spent"
    SUPPRESSION_PLACED: Final = "suppression_placed"
    COUNTER_SUPPRESSED: Final = "counter_suppressed"
    SUPPRESSION_FAILED: Final = "suppression_failed"
    DEFENDER_RECOVERED: Final = "defender_recovered"
    MARKERS_REMOVED: Final = "markers_removed"
    CLEARING_TARGET: Final = "clearing_target"
    COUNTER_CHANGED_FLOOR: Final = "counter_changed_floor"
    ESCAPED: Final = "escaped"
    GAME_OVER: Final = "game_over"
    TACTIC_REVEALED: Final = "tactic_revealed"
    TACTIC_DISCARDED: Final = "tactic_discarded"
    TACTICS_RESHUFFLED: Final = "tactics_reshuffled"
    TACTIC_APPLIED: Final = "tactic_applied"


EVENT_KINDS: frozenset[str] = frozenset(value for name, value in vars(EventKind).items() if name.isupper())

ActionKindText = Literal["move", "shift", "end_moves", "attack", "grenade", "suppress", "recover", "command",
                         "rally", "end_command", "end_actions", "spend", "remove", "escape", "end_escape"]


class ActionKind:
    """The kinds of choice a player makes (the first word of an action's text; 4.0 to 6.0)."""

    MOVE: Final = "move"
    SHIFT: Final = "shift"
    END_MOVES: Final = "end_moves"
    ATTACK: Final = "attack"
    GRENADE: Final = "grenade"
    SUPPRESS: Final = "suppress"
    RECOVER: Final = "recover"
    COMMAND: Final = "command"
    RALLY: Final = "rally"
    END_COMMAND: Final = "end_command"
    END_ACTIONS: Final = "end_actions"
    SPEND: Final = "spend"
    REMOVE: Final = "remove"
    ESCAPE: Final = "escape"
    END_ESCAPE: Final = "end_escape"


ACTION_KINDS: frozenset[str] = frozenset(value for name, value in vars(ActionKind).items() if name.isupper())

DecisionKindText = Literal["moves", "actions", "command", "suppression", "casualty", "escape"]


class DecisionKind:
    """The decision points at which the game waits for the player (each accepts some action kinds)."""

    MOVES: Final = "moves"
    ACTIONS: Final = "actions"
    COMMAND: Final = "command"
    SUPPRESSION: Final = "suppression"
    CASUALTY: Final = "casualty"
    ESCAPE: Final = "escape"


DECISION_POINTS: frozenset[str] = frozenset(value for name, value in vars(DecisionKind).items() if name.isupper())
