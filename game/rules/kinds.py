"""The kinds the rules core names (issue 34): :class:`EventKind` (what happened; each with one typed payload in
:data:`game.rules.events.PAYLOADS`), :class:`ActionKind` (what a player may choose) and :class:`DecisionKind`
(where the game waits for a choice). Each a ``StrEnum``: a member is its text (saves, records, codes and the
narration keep the same words), but code compares members, so a misspelt kind fails the type checker and a test
(``tests/test_kinds.py``) instead of never matching."""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """What happened, in words of no language (the log says it in the player's)."""

    ATTACK_STARTED = "attack_started"
    CAR_PLACED = "car_placed"
    ATTACK_ENDED = "attack_ended"
    DECK_RESHUFFLED = "deck_reshuffled"
    EXTENSION_OVER = "extension_over"
    FIRE_TRUCK_SHUFFLED = "fire_truck_shuffled"
    PHASE_CHANGED = "phase_changed"
    DIE_ROLLED = "die_rolled"
    DICE_ROLLED = "dice_rolled"
    CARD_REVEALED = "card_revealed"
    FIRE_TRUCK = "fire_truck"
    COUNTER_PLACED = "counter_placed"
    COUNTER_UNAVAILABLE = "counter_unavailable"
    COUNTER_ADVANCED = "counter_advanced"
    CAR_MOVED = "car_moved"
    SUPPRESSION_DISCARDED = "suppression_discarded"
    BARRIER_DESTROYED = "barrier_destroyed"
    BUNDLE_SHUFFLED = "bundle_shuffled"
    BREACH = "breach"
    COUNTER_ENTERED = "counter_entered"
    SUPPORT_PLACED = "support_placed"
    SUPPORT_TARGETS = "support_targets"
    NO_TARGET = "no_target"
    ATTACK_MISSED = "attack_missed"
    DEFENSE_SHIFTED = "defense_shifted"
    FLOOR_DISRUPTED = "floor_disrupted"
    COUNTER_DISRUPTED = "counter_disrupted"
    COUNTER_IDLE = "counter_idle"
    COUNTER_RECOVERED = "counter_recovered"
    DEFENDER_DISRUPTED = "defender_disrupted"
    COMMAND = "command"
    CASUALTY = "casualty"
    MORALE_CHANGED = "morale_changed"
    DEFENDER_MOVED = "defender_moved"
    TOKEN_MOVED = "token_moved"
    DEFENDER_ACTED = "defender_acted"
    COUNTER_REMOVED = "counter_removed"
    TOKEN_SPENT = "token_spent"
    SUPPRESSION_PLACED = "suppression_placed"
    COUNTER_SUPPRESSED = "counter_suppressed"
    SUPPRESSION_FAILED = "suppression_failed"
    DEFENDER_RECOVERED = "defender_recovered"
    MARKERS_REMOVED = "markers_removed"
    CLEARING_TARGET = "clearing_target"
    COUNTER_CHANGED_FLOOR = "counter_changed_floor"
    ESCAPED = "escaped"
    GAME_OVER = "game_over"
    TACTIC_REVEALED = "tactic_revealed"
    TACTIC_DISCARDED = "tactic_discarded"
    TACTICS_RESHUFFLED = "tactics_reshuffled"
    TACTIC_APPLIED = "tactic_applied"


class ActionKind(StrEnum):
    """The kinds of choice a player makes (the first word of an action's text; 4.0 to 6.0)."""

    MOVE = "move"
    SHIFT = "shift"
    END_MOVES = "end_moves"
    ATTACK = "attack"
    GRENADE = "grenade"
    SUPPRESS = "suppress"
    RECOVER = "recover"
    COMMAND = "command"
    RALLY = "rally"
    END_COMMAND = "end_command"
    END_ACTIONS = "end_actions"
    SPEND = "spend"
    REMOVE = "remove"
    ESCAPE = "escape"
    END_ESCAPE = "end_escape"


class DecisionKind(StrEnum):
    """The decision points at which the game waits for the player (each accepts some action kinds)."""

    MOVES = "moves"
    ACTIONS = "actions"
    COMMAND = "command"
    SUPPRESSION = "suppression"
    CASUALTY = "casualty"
    ESCAPE = "escape"
