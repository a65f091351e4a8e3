"""7.0 Victory: the score, the award it earns and the end of the game."""

from __future__ import annotations

from typing import Any

from game.i18n import N_, Msg, _, n_
from game.rules.data import Rules
from game.rules.events import GameOver
from game.rules.kernel import Kernel
from game.rules.kinds import EventKind
from game.rules.names import defender_name
from game.rules.queries import counters_inside

AWARDS = (  # 7.0 (the names are shown in the player's language: marked for the catalogs)
    (41, N_("Order of the White Eagle"), N_("Epic Victory")),
    (26, N_("Order of Polonia Restituta"), N_("Major Victory")),
    (16, N_("Cross of Valor"), N_("Minor Victory")),
    (1, N_("Silver Cross of Merit"), N_("Draw")),
)
LOSS = N_("Loss")
OPENINGS = {"fire_truck": N_("The fire truck ends the day"), "no_defenders": N_("No defender is left in the post "
                                                                                 "office")}


def bands() -> tuple[int, int]:
    """7.0: the least score of a victory and of a draw (below it, a loss)."""
    return (min(threshold for threshold, _award, level in AWARDS if level != "Draw"),
            min(threshold for threshold, _award, _level in AWARDS))


def award_for(score: int) -> tuple[str, str]:
    """The award and victory level of 7.0 for a final score."""
    for threshold, award, level in AWARDS:
        if score >= threshold:
            return award, level
    return "", LOSS


def _scoring(game: Kernel) -> list[tuple[str, str, int]]:
    """7.0: each surviving defender who scores, with his status and points (doubled if he escaped)."""
    return _scoring_of(game.rules, game.state)


def _scoring_of(rules: Rules, state: dict[str, Any]) -> list[tuple[str, str, int]]:
    out = []
    for name, defender in state["defenders"].items():
        vp = rules.defenders[name].victory_points
        if vp and defender["status"] == "board":
            out.append((name, "board", vp))
        elif vp and defender["status"] == "escaped":
            out.append((name, "escaped", 2 * vp))
    return out


def breakdown(game: Kernel) -> list[tuple[str, int]]:
    """7.0, line by line: each surviving defender who scores (his points, doubled if he escaped) and the assault
    counters in the post office (minus one each); :func:`score` is their sum."""
    lines: list[tuple[str, int]] = [
        (_("{defender}, escaped ×2", defender=defender_name(name)) if status == "escaped" else defender_name(name),
         points) for name, status, points in _scoring(game)]
    inside = counters_inside(game)
    if inside:
        lines.append((n_("{n} enemy counter inside", "{n} enemy counters inside", inside), -inside))
    return lines


def score(game: Kernel) -> int:
    """7.0: morale adjustments of surviving postal workers and noncombatants, doubled if escaped, minus one
    per assault counter in the post office."""
    return score_of(game.rules, game.state)


def score_of(rules: Rules, state: dict[str, Any]) -> int:
    """7.0, :func:`score` of a position given as its state (the one a screen draws while the events that led
    past it still play)."""
    board, escaped, inside = parts_of(rules, state)
    return board + escaped - inside


def parts_of(rules: Rules, state: dict[str, Any]) -> tuple[int, int, int]:
    """7.0, the parts of :func:`score_of`: the points of the scoring defenders still in the post office, those
    of the defenders who escaped (doubled), and the assault counters inside (minus one each)."""
    scored = _scoring_of(rules, state)
    return (sum(points for _name, status, points in scored if status == "board"),
            sum(points for _name, status, points in scored if status == "escaped"),
            sum(len(v) for v in state["interior"].values()))


def end_game(game: Kernel, how: str, section: str) -> None:
    """7.0: the game ends (``how``: ``fire_truck``, ``deck_exhausted``, ``morale`` or ``no_defenders``) and is
    scored; the tasks still pending are dropped."""
    state = game.state
    points = score(game)
    award, level = award_for(points)
    if how == "morale":
        # 1.2 / 7.0: a broken morale is a loss whatever is left; it is recorded as a score of 0 (DECISION).
        points, award, level = 0, "", LOSS
    outcome = "win" if points >= 16 and how != "morale" else ("draw" if level == "Draw" else "loss")
    result = GameOver(how=how, score=points, award=award, level=level, outcome=outcome, turns=state["turn"],
                      attack=state["attack"])
    game.put(("result",), dict(result))
    game.put(("phase",), "over")
    game.decided()
    state["tasks"] = []  # the kernel's working memory, recorded by no change (game/rules/changes.py)
    text: Msg
    if how == "morale":
        text = Msg("Morale has broken: the post office falls (loss)")
    else:
        opening = Msg(OPENINGS.get(how, N_("The Attack decks are spent")))
        text = Msg("{opening}. Score {score}: {level}, {award}", opening=opening, score=points, level=Msg(level),
                   award=Msg(award)) if award else \
            Msg("{opening}. Score {score}: {level}", opening=opening, score=points, level=Msg(level))
    game.emit(EventKind.GAME_OVER, section, text, result)
