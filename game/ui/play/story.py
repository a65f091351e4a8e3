"""The story so far of a continued game: the game is replayed from its record (seed, difficulty and the decisions
taken, ``state["history"]``; keyed dice make it the same game), and its events give back what the board showed
before the window closed: the log's narration, the card last drawn and the last dice. Nothing is kept beside the
save: the core's record is the one source (and a save is trusted only once its record replays to it: ``Game.trusted``);
a game whose record does not lead to it tells no story."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.review import replay
from game.i18n import Lazy, Words
from game.rules import Event, Game
from game.rules.kinds import EventKind
from game.ui import palette
from game.ui.play.animator import log_colour
from game.ui.view import View

LOG_KEEP = 400  # lines of narration given back (the log keeps scrolling through them)


@dataclass
class Story:
    lines: list[tuple[str | Lazy, palette.Colour]] = field(default_factory=list)
    card: str = ""  # the card being resolved when the game was saved ("" when none is)
    dice: Event | None = None  # the last roll


def story_of(game: Game) -> Story | None:
    """The story of ``game`` replayed from its record, or None when the record does not lead to this game."""
    told = game.told  # a game trusted from its file was replayed already: its events are kept
    if told is None:
        history = list(game.state.get("history", []))
        if not history:
            return None
        try:
            replayed, steps = replay(int(game.state["seed"]), str(game.state["difficulty"]), history, game.rules,
                                     snapshots=False)
        except (ValueError, KeyError):
            return None
        if replayed.to_json() != game.to_json():
            return None
        told = [step.events for step in steps]
    view = View(Game.new(int(game.state["seed"]), str(game.state["difficulty"]), game.rules).state)
    view.rewind(told[0])
    story = Story()
    for events in told:
        for event in events:
            story.lines.append((Words(str, event), log_colour(event.kind)))
            view.apply(event)
            if event.kind in (EventKind.DIE_ROLLED, EventKind.DICE_ROLLED):
                story.dice = event
    story.lines = story.lines[-LOG_KEEP:]
    story.card = view.card
    return story
