"""Events: what happened, in order, rich enough to animate and to narrate. Each has a stable ``kind``.

Every kind has a typed payload below (a ``TypedDict`` of plain JSON values): the rules build the payload with it,
so mypy checks each event's data where it is made, and :data:`PAYLOADS` names the payload of each kind for the
readers (the view, the animator, the simulator) and for the test that checks every event of many games against
it. An event carries every change the board shows, so a view fed only the events draws the core's board.
"""

from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from game.i18n import Lazy
from game.rules.changes import Change
from game.rules.kinds import EVENT_KINDS, EventKind, EventKindText


@dataclass(frozen=True)
class Event:
    """One rule application.

    ``kind`` is stable (e.g. ``card_revealed``, ``die_rolled``, ``counter_placed``, ``counter_advanced``,
    ``barrier_destroyed``, ``breach``, ``casualty``, ``morale_changed``, ``defense_shifted``); ``section`` is
    the rulebook section applied; ``said`` narrates it for the log, worded when read (``text``) in the reader's
    language (issue 21: a :class:`~game.i18n.Lazy` text, or a plain one); ``data`` carries plain JSON values,
    shaped by the kind's payload in :data:`PAYLOADS`. ``kind`` is one of :class:`EventKind`'s texts (any other is
    refused).
    """

    kind: EventKindText
    section: str
    said: str | Lazy
    data: dict[str, Any] = field(default_factory=dict)
    # What the rule wrote to the state for this event (game/rules/changes.py): a view of the state applies these
    # with ``apply_change`` and stays in step with the core, whatever the kind.
    changes: tuple[Change, ...] = ()

    @property
    def text(self) -> str:
        """The narration in the current language."""
        return str(self.said)

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ValueError(f"unknown event kind {self.kind!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "section": self.section, "text": self.text, "data": self.data}

    def __str__(self) -> str:
        return f"[{self.section}] {self.text}"


# ---------------------------------------------------------------------------------------------- 2.x The Attacks
class AttackStarted(TypedDict):
    attack: int


class CarPlaced(TypedDict):
    car: str
    space: str


class AttackEnded(TypedDict):
    """The Attack's assault counters (``counters``) go back to the supply with the markers."""
    attack: int
    counters: list[str]


class DeckReshuffled(TypedDict):
    attack: int
    cards: int


class ExtensionOver(TypedDict):
    attack: int
    inside: int
    leader: bool
    cards_left: int


class FireTruckShuffled(TypedDict):
    band: str
    depth: int


class PhaseChanged(TypedDict):
    """``phase``: enemy, moves, actions, clearing or escape; ``turn`` counts the game's turns (the dice's keys,
    the saves' checks), ``attack_turn`` the turns of the Attack (the rulebook's numbering, 8.1.2's "first turn of
    the Attack": the one every screen shows)."""
    phase: str
    turn: int
    attack: int
    attack_turn: int


# ---------------------------------------------------------------------------------------------- dice
class DieRolled(TypedDict):
    """One die: ``die`` names the placement die (1-6 or 7-12) of 3.1.1."""
    dice: list[int]
    why: str
    die: NotRequired[str]


class DiceRolled(TypedDict):
    """Several dice against ``target``, the number one of them must reach."""
    dice: list[int]
    why: str
    target: int


# ---------------------------------------------------------------------------------------------- 3.x Enemy Phase
class CardRevealed(TypedDict):
    card: str
    type: str
    left: int


class FireTruck(TypedDict):
    pass


class CounterPlaced(TypedDict):
    counter: str
    unit: str
    name: str
    space: str


class CounterUnavailable(TypedDict):
    unit: str


class CounterAdvanced(TypedDict):
    counter: str
    src: str
    space: str
    stacked: bool


class CarMoved(TypedDict):
    car: str
    src: str
    space: str


class SuppressionDiscarded(TypedDict):
    space: str
    tokens: int


class BarrierDestroyed(TypedDict):
    barrier: int


class BundleShuffled(TypedDict):
    barrier: int
    card: str


class Breach(TypedDict):
    counter: str
    src: str
    entrance: str
    floor: str


class CounterEntered(TypedDict):
    counter: str
    floor: str
    space: str


class SupportPlaced(TypedDict):
    counter: str
    unit: str
    space: str


class SupportTargets(TypedDict):
    counter: str
    space: str
    target: str


class NoTarget(TypedDict):
    counter: str
    space: str


class AttackMissed(TypedDict):
    """A roll that hits nothing: a defender's attack or grenade (``defender``, ``counter``), a bombardment of a
    ``floor`` (3.2.2 infantry gun, 3.3 howitzer) or a machine gunner (``counter``) firing at ``space``."""
    defender: NotRequired[str]
    counter: NotRequired[str]
    floor: NotRequired[str]
    space: NotRequired[str]


class DefenseShifted(TypedDict):
    floor: str
    index: int
    value: int


class FloorDisrupted(TypedDict):
    floor: str


class CounterEvent(TypedDict):
    """An enemy counter disrupted (3.2.2, 3.3), idle (5.1) or recovered (5.4)."""
    counter: str


class DefenderEvent(TypedDict):
    """A defender disrupted (1.2) or taking the command action (4.2.4)."""
    defender: str


# ---------------------------------------------------------------------------------------------- 1.2 casualties
class Casualty(TypedDict):
    defender: str
    space: str


class MoraleChanged(TypedDict):
    old: int
    new: int
    defender: str


# ---------------------------------------------------------------------------------------------- 4.x Defense Phase
class DefenderMoved(TypedDict):
    defender: str
    src: str
    space: str
    tokens: list[str]


class TokenMoved(TypedDict):
    defender: str
    token: str
    src: str
    space: str


class DefenderActed(TypedDict):
    defender: str
    exhausted: bool


class CounterRemoved(TypedDict):
    counter: str
    unit: str
    space: str


class TokenSpent(TypedDict):
    token: str


class SuppressionPlaced(TypedDict):
    defender: str
    space: str
    tokens: int
    ammo: str


class CounterSuppressed(TypedDict):
    counter: str
    space: str
    spent: int
    left: int


class SuppressionFailed(TypedDict):
    counter: str
    space: str
    spent: int
    discarded: int


class DefenderRecovered(TypedDict):
    defender: str
    what: str


class MarkersRemoved(TypedDict):
    pass


# ---------------------------------------------------------------------------------------------- 5.x, 6.0, 7.0
class ClearingTarget(TypedDict):
    counter: str
    colour: str
    space: str


class CounterChangedFloor(TypedDict):
    counter: str
    src: str
    floor: str


class Escaped(TypedDict):
    defender: str
    space: str


class GameOver(TypedDict):
    how: str
    score: int
    award: str
    level: str
    outcome: str
    turns: int
    attack: int


# ---------------------------------------------------------------------------------------------- 8.x Tactics
class TacticRevealed(TypedDict):
    card: str
    name: str
    text: str


class TacticDiscarded(TypedDict):
    card: str
    name: str


class TacticsReshuffled(TypedDict):
    attack: int
    cards: int


class TacticApplied(TypedDict):
    card: str
    name: str
    text: str
    cards: list[str]


# The events that show the player something the dice or the decks decided: a die, a card, a shuffle. A decision
# whose events hold none of them can be taken back (Game.undo) without revealing or rerolling anything.
REVEALING = frozenset({EventKind.DIE_ROLLED, EventKind.DICE_ROLLED, EventKind.CARD_REVEALED,
                       EventKind.BUNDLE_SHUFFLED, EventKind.DECK_RESHUFFLED,
                       EventKind.FIRE_TRUCK_SHUFFLED, EventKind.TACTIC_REVEALED, EventKind.TACTICS_RESHUFFLED})

PAYLOADS: dict[str, type] = {
    EventKind.ATTACK_STARTED: AttackStarted, EventKind.CAR_PLACED: CarPlaced, EventKind.ATTACK_ENDED: AttackEnded,
    EventKind.DECK_RESHUFFLED: DeckReshuffled, EventKind.EXTENSION_OVER: ExtensionOver,
    EventKind.FIRE_TRUCK_SHUFFLED: FireTruckShuffled, EventKind.PHASE_CHANGED: PhaseChanged,
    EventKind.DIE_ROLLED: DieRolled, EventKind.DICE_ROLLED: DiceRolled, EventKind.CARD_REVEALED: CardRevealed,
    EventKind.FIRE_TRUCK: FireTruck, EventKind.COUNTER_PLACED: CounterPlaced,
    EventKind.COUNTER_UNAVAILABLE: CounterUnavailable, EventKind.COUNTER_ADVANCED: CounterAdvanced,
    EventKind.CAR_MOVED: CarMoved, EventKind.SUPPRESSION_DISCARDED: SuppressionDiscarded,
    EventKind.BARRIER_DESTROYED: BarrierDestroyed, EventKind.BUNDLE_SHUFFLED: BundleShuffled,
    EventKind.BREACH: Breach, EventKind.COUNTER_ENTERED: CounterEntered, EventKind.SUPPORT_PLACED: SupportPlaced,
    EventKind.SUPPORT_TARGETS: SupportTargets, EventKind.NO_TARGET: NoTarget, EventKind.ATTACK_MISSED: AttackMissed,
    EventKind.DEFENSE_SHIFTED: DefenseShifted, EventKind.FLOOR_DISRUPTED: FloorDisrupted,
    EventKind.COUNTER_DISRUPTED: CounterEvent, EventKind.COUNTER_IDLE: CounterEvent,
    EventKind.COUNTER_RECOVERED: CounterEvent, EventKind.DEFENDER_DISRUPTED: DefenderEvent,
    EventKind.COMMAND: DefenderEvent, EventKind.CASUALTY: Casualty, EventKind.MORALE_CHANGED: MoraleChanged,
    EventKind.DEFENDER_MOVED: DefenderMoved, EventKind.TOKEN_MOVED: TokenMoved,
    EventKind.DEFENDER_ACTED: DefenderActed, EventKind.COUNTER_REMOVED: CounterRemoved,
    EventKind.TOKEN_SPENT: TokenSpent, EventKind.SUPPRESSION_PLACED: SuppressionPlaced,
    EventKind.COUNTER_SUPPRESSED: CounterSuppressed, EventKind.SUPPRESSION_FAILED: SuppressionFailed,
    EventKind.DEFENDER_RECOVERED: DefenderRecovered, EventKind.MARKERS_REMOVED: MarkersRemoved,
    EventKind.CLEARING_TARGET: ClearingTarget, EventKind.COUNTER_CHANGED_FLOOR: CounterChangedFloor,
    EventKind.ESCAPED: Escaped, EventKind.GAME_OVER: GameOver, EventKind.TACTIC_REVEALED: TacticRevealed,
    EventKind.TACTIC_DISCARDED: TacticDiscarded, EventKind.TACTICS_RESHUFFLED: TacticsReshuffled,
    EventKind.TACTIC_APPLIED: TacticApplied,
}
