"""The after-action review of a finished game, from its record (seed, difficulty and the decisions taken):
the score line by line (7.0), the turning points (breaches, morale steps, the end of each Attack, the fire
truck), a luck report (dice against their expected values, the player's and the enemy's) and the planner's
review of the player's decisions (the three where its estimate lost most, with what it would have done).

The game is replayed from its record; keyed dice make the replay the game that was played. The decision review
is the slow part (sampled futures for each decision where the planner would have chosen otherwise), so it is a
separate call the UI runs in the background, reporting progress.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai import hint_policy
from game.ai.planner import PlannerPolicy
from game.i18n import _, n_, number
from game.rules import Action, Event, Game, Rules
from game.rules.kinds import DecisionKind, EventKind
from game.rules.names import defender_name, door_name

__all__ = ["DecisionReview", "Mark", "Review", "Step", "review", "review_decisions", "replay", "timeline"]

REVIEW_SAMPLES = 8  # sampled futures per option when a decision is reviewed
TOP = 3  # decisions shown


@dataclass
class Step:
    """One decision of the record: the game before it (as saved), the action and the events it brought."""

    before: str
    action: Action
    events: list[Event]


@dataclass
class DecisionReview:
    """A decision the planner would have taken otherwise (the UI says both choices in words)."""

    attack: int
    turn: int
    before: str  # the game at that decision (as saved)
    played: Action  # the player's choice
    better: Action  # the planner's
    loss: float  # expected points the player's choice lost against the planner's (on the same futures)
    index: int = 0  # the decision's place in the record (0: the first): where its replay opens


@dataclass
class Review:
    score: int
    level: str
    breakdown: list[tuple[str, int]]
    turning: list[str]
    luck: list[str]
    complete: bool  # the record replays to the game's end
    decisions: list[DecisionReview] | None = None  # filled by review_decisions
    steps: list[Step] = field(default_factory=list, repr=False)
    turning_at: list[int] = field(default_factory=list)  # each turning point's moment: decisions taken before it
    timeline: list[Mark] = field(default_factory=list)  # morale and defenders turn by turn (the review's chart)


@dataclass(frozen=True)
class Mark:
    """Where a game stood at the end of a turn (or at its start: turn 0 of Attack 1)."""

    attack: int
    turn: int
    morale: int
    defenders: int  # defenders still in the post office


def timeline(steps: list[Step], game: Game) -> list[Mark]:
    """Morale and the defenders in the post office at the player's first decision, then at the end of each turn,
    from the events of the replayed ``steps`` after the opening (``game``: the game they were played in; the
    events count each casualty and escape, so the last mark is the game's last state)."""
    start = Game.new(int(game.state["seed"]), str(game.state["difficulty"]), game.rules).state
    morale = int(start["morale"])
    inside = sum(1 for d in start["defenders"].values() if d["status"] == "board")
    attack, turn = int(start["attack"]), int(start["attack_turn"])
    marks = [Mark(attack, turn - 1, morale, inside)]
    for step in steps[1:]:
        for event in step.events:
            if event.kind == EventKind.PHASE_CHANGED \
                    and (int(event.data["attack"]), int(event.data["attack_turn"])) != (attack, turn):
                marks.append(Mark(attack, turn, morale, inside))
                attack, turn = int(event.data["attack"]), int(event.data["attack_turn"])
            elif event.kind == EventKind.MORALE_CHANGED:
                morale = int(event.data["new"])
            elif event.kind in (EventKind.CASUALTY, EventKind.ESCAPED):
                inside -= 1
    marks.append(Mark(attack, turn, morale, inside))
    return marks


def replay(seed: int, difficulty: str, history: list[str], rules: Rules | None = None,
           snapshots: bool = True) -> tuple[Game, list[Step]]:
    """The game of ``seed`` and ``difficulty`` with the recorded decisions applied again, and each step (the game
    before it saved in ``Step.before`` with ``snapshots``, else ""). Raises ``ValueError`` for a record that is
    not a game of these rules."""
    game = Game.new(seed, difficulty, rules)
    game.keep_history = True  # the replay keeps its record too: the same game, state for state
    steps: list[Step] = [Step("", Action("start"), list(game.initial_events))]
    for text in history:
        if game.over:
            break
        before = game.to_json() if snapshots else ""
        action = Action.parse(text)
        events = game.apply(action)
        steps.append(Step(before, action, events))
    return game, steps


def _when(attack: int, turn: int) -> str:
    return _("Attack {attack}, turn {turn}", attack=attack, turn=turn)


def _signed(change: int) -> str:
    """A change with its sign: "+2", "−1" (a minus sign, not a hyphen)."""
    return f"{change:+d}".replace("-", "\u2212")


def turning_points(steps: list[Step], moments: list[int] | None = None) -> list[str]:
    """The moments that shaped the game, one line per turn that had any: the counters that broke in (by
    entrance), the morale lost or won (and who fell), the end of an Attack, the fire truck, the end. Each line's
    moment is appended to ``moments``: the decisions taken before the one that brought its turn's first
    event (a replay opened there shows the turn coming)."""
    out: list[str] = []
    attack, turn = 1, 0
    since = 0  # the step that brought the current turn's first event
    breaches: list[str] = []
    morale: tuple[int, int] | None = None
    fallen: list[tuple[str, int]] = []  # the casualties that moved morale this turn, each with its change
    other: list[str] = []

    def flush() -> None:
        nonlocal morale
        parts: list[str] = []
        if breaches:
            parts.append(n_("{n} counter broke in ({doors})", "{n} counters broke in ({doors})", len(breaches),
                            doors=", ".join(door_name(b) for b in breaches)))
        if morale is not None and morale[0] != morale[1]:
            # each casualty that moved it, by how much: a Command defender's loss raises morale (1.2), so "7 → 8"
            # reads as the sum of "Konrad fell: +2" and "postal worker 3 fell: −1"
            why = [_("{defender} fell: {change}", defender=defender_name(n), change=_signed(d)) for n, d in fallen]
            parts.append(_("morale {old} → {new} ({why})", old=morale[0], new=morale[1], why=", ".join(why)) if why
                         else _("morale {old} → {new}", old=morale[0], new=morale[1]))
        parts += other
        if parts:
            out.append(_("{when}: {what}", when=_when(attack, turn), what="; ".join(parts)))
            if moments is not None:
                moments.append(max(0, since - 1))
        breaches.clear()
        fallen.clear()
        other.clear()
        morale = None
    for k, step in enumerate(steps):
        for event in step.events:
            if event.kind == EventKind.PHASE_CHANGED \
                    and (int(event.data["attack"]), int(event.data["attack_turn"])) != (attack, turn):
                flush()  # a new turn (counted within its Attack, as every screen counts it)
                attack, turn, since = int(event.data["attack"]), int(event.data["attack_turn"]), k
            elif event.kind == EventKind.BREACH:
                breaches.append(str(event.data["entrance"]))
            elif event.kind == EventKind.MORALE_CHANGED:
                morale = (morale[0] if morale else int(event.data["old"]), int(event.data["new"]))
                if event.data.get("defender"):
                    fallen.append((str(event.data["defender"]), int(event.data["new"]) - int(event.data["old"])))
            elif event.kind == EventKind.ATTACK_ENDED:
                other.append(_("Attack {attack} ends", attack=event.data["attack"]))
            elif event.kind in (EventKind.FIRE_TRUCK, EventKind.FIRE_TRUCK_SHUFFLED, EventKind.GAME_OVER):
                other.append(event.text)
    flush()
    return out


def _hits(dice: list[int], target: int) -> tuple[int, float]:
    p = max(0, 7 - target) / 6
    return sum(1 for d in dice if d >= target), len(dice) * p


def luck_report(steps: list[Step]) -> list[str]:
    """The dice against their expected values: the player's attacks and grenades (hits and counters removed),
    his suppression tokens, and the enemy's support weapons and howitzer."""
    mine_hits = mine_expected = 0.0
    shots = kills = 0
    kill_expected = 0.0
    supp_hits = supp_expected = 0.0
    enemy_hits = enemy_expected = 0.0
    mine_dice = enemy_dice = supp_dice = 0
    for step in steps:
        for event in step.events:
            if event.kind != EventKind.DICE_ROLLED:
                continue
            dice, target = list(event.data["dice"]), int(event.data["target"])
            hits, expected = _hits(dice, target)
            if event.section.startswith("4.2.1"):
                mine_hits += hits
                mine_expected += expected
                mine_dice += len(dice)
                shots += 1
                kills += hits > 0
                kill_expected += 1 - (1 - max(0, 7 - target) / 6) ** len(dice)
            elif event.section.startswith("4.2.2"):
                supp_hits += hits
                supp_expected += expected
                supp_dice += len(dice)
            elif event.section.startswith(("3.2", "3.3")):
                enemy_hits += hits
                enemy_expected += expected
                enemy_dice += len(dice)

    def verdict(actual: float, expected: float, good_high: bool) -> str:
        if expected <= 0:
            return ""
        ratio = actual / expected
        lucky = ratio > 1.1 if good_high else ratio < 0.9
        unlucky = ratio < 0.9 if good_high else ratio > 1.1
        return _(": lucky") if lucky else (_(": unlucky") if unlucky else _(": about as expected"))
    lines: list[str] = [_("Your dice: {hits} hits from {dice} dice (expected {expected}){verdict}", hits=int(mine_hits),
               dice=mine_dice, expected=number(mine_expected), verdict=verdict(mine_hits, mine_expected, True)),
             _("Your rolls removed {kills} of the {shots} counters you fired at (expected {expected}){verdict}",
               kills=kills, shots=shots, expected=number(kill_expected),
               verdict=verdict(kills, kill_expected, True))]
    if supp_dice:
        lines.append(_("Your suppression tokens: {hits} hits from {dice} dice (expected {expected}){verdict}",
                       hits=int(supp_hits), dice=supp_dice, expected=number(supp_expected),
                       verdict=verdict(supp_hits, supp_expected, True)))
    lines.append(_("The enemy's support weapons and howitzer: {hits} hits from {dice} dice (expected {expected})"
                   "{verdict}", hits=int(enemy_hits), dice=enemy_dice, expected=number(enemy_expected),
                   verdict=verdict(enemy_hits, enemy_expected, False)))
    return lines


def review(seed: int, difficulty: str, history: list[str]) -> Review:
    """The quick part of the review: replay, score breakdown, turning points and luck."""
    game, steps = replay(seed, difficulty, history)
    result = game.result or {}
    lines = game.score_breakdown()
    if result.get("how") == "morale":  # 1.2 / 7.0: a broken morale scores 0 whoever is left
        lines = [(_("Morale broke: the post office fell, the score is 0"), 0)]
    moments: list[int] = []
    return Review(score=int(result.get("score", game.score())), level=str(result.get("level", "")),
                  breakdown=lines, turning=turning_points(steps, moments), luck=luck_report(steps),
                  complete=game.over, steps=steps, turning_at=moments, timeline=timeline(steps, game))


def review_decisions(rev: Review, progress: Callable[[int, int], None] | None = None,
                     samples: int = REVIEW_SAMPLES, checkpoint: Callable[[], None] | None = None
                     ) -> list[DecisionReview]:
    """The planner's review of the player's Defense Phase decisions: where it would have chosen otherwise, both
    choices are played out on the same sampled futures; the :data:`TOP` largest losses are kept (those above a
    tenth of a point). ``progress(done, total)`` is called as it goes. At each position the planner is the one
    the Hint asks there (``game.ai.hint_policy``): a choice the Hint recommended is never found at fault.
    ``checkpoint`` is called before each of the planner's rollouts (``PlannerPolicy.checkpoint``)."""
    found: list[DecisionReview] = []
    todo = [(k, s) for k, s in enumerate(rev.steps[1:]) if s.before]
    for i, (index, step) in enumerate(todo):
        if progress is not None:
            progress(i, len(todo))
        game = Game.from_json(step.before)
        if (game.decision or {}).get("kind") not in (DecisionKind.MOVES, DecisionKind.ACTIONS) \
                or len(game.legal_actions()) < 2:
            continue
        planner = hint_policy(game)
        assert isinstance(planner, PlannerPolicy)  # (the Hint's policy is the planner)
        planner.checkpoint = checkpoint
        choice = planner.choose(game)
        played = game.canonical(step.action)
        if game.canonical(choice) == played:
            continue
        values = planner.compare(game, [[choice], [played]], samples)
        loss = sum(values[0]) / samples - sum(values[1]) / samples
        if loss > 0.1:
            found.append(DecisionReview(int(game.state["attack"]), int(game.state["attack_turn"]), step.before,
                                        played, choice, loss, index))
    if progress is not None:
        progress(len(todo), len(todo))
    found.sort(key=lambda d: -d.loss)
    rev.decisions = found[:TOP]
    return rev.decisions
