"""An Enemy Phase you can follow (issue 31): each enemy card flies to the street and is shown there, large, long
enough to read at 1x before it acts and all the while it acts; the places it acts on are lit only once it acts
there (never before its placement die); a breach and a casualty get a beat and a callout naming them; the speed
buttons and Space rule all of it; the phase banner covers the top bar's words whole."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame
import pytest

from game.ai import HeuristicPolicy
from game.rules import Action, Event, Game
from game.rules.names import card_text
from game.ui.app import App
from game.ui.play import reveal
from game.ui.play.board_layer import BANNER
from game.ui.play.scene import PlayScene
from tests.helpers import load_tool

FPS = 60
layout_check = load_tool("layout_check")


@cache
def position() -> tuple[str, Action]:
    """The heuristic's seed-0 game just before the decision whose Enemy Phase breaks in and kills (Attack 1,
    turn 6: three breaches, three casualties), and that decision."""
    game, policy = Game.new(0), HeuristicPolicy(0)
    while True:
        action = policy.choose(game)
        if any(e.kind == "casualty" and e.section.startswith("3.1") for e in game.clone().apply(action)):
            return game.to_json(), action
        game.apply(action)


@dataclass
class Frame:
    card: str
    k: float
    focus: tuple[str, ...]
    where: str
    callouts: tuple[tuple[str, str], ...]
    rolls: int  # the dice rolled in the tray so far


def opened(speed: float, lang: str = "en") -> tuple[App, PlayScene, list[Event]]:
    """The scene on the position at ``speed``, the decision submitted; the events it plays."""
    saved, action = position()
    app = App(headless=True, seed=0, lang=lang)
    app.ctx.settings.speed = speed
    scene = PlayScene(app.ctx, Game.from_json(saved), fresh=False)
    app.stack.push(scene)
    for _ in range(3):
        app.step(1 / FPS, [], draw=False)
    events = scene.game.clone().apply(action)
    scene.submit(action)
    return app, scene, events


@cache
def played(speed: float) -> tuple[tuple[Frame, ...], tuple[Event, ...]]:
    """Every frame of the Enemy Phase played at ``speed`` (what the stage shows), and its events."""
    app, scene, events = opened(speed)
    frames: list[Frame] = []
    rolls, age = 0, scene.stage.tray.age
    for _ in range(FPS * 60):
        app.step(1 / FPS, [], draw=False)
        st = scene.stage
        rolls, age = rolls + (st.tray.age < age), st.tray.age
        frames.append(Frame(st.shown_card, st.shown_k, st.shown_focus, st.shown_where,
                            tuple((c.title, c.text) for c in st.callouts), rolls))
        if not scene.queue.busy and scene.synced:
            break
    return tuple(frames), tuple(events)


def cards(events: tuple[Event, ...]) -> list[str]:
    return [str(e.data["card"]) for e in events if e.kind == "card_revealed"]


def test_every_enemy_card_is_shown_large_on_the_board_in_turn() -> None:
    frames, events = played(1.0)
    shown = [f.card for f in frames if f.card]
    order = [c for i, c in enumerate(shown) if i == 0 or shown[i - 1] != c]
    assert order == cards(events)
    assert len(order) == 5


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_a_card_is_read_still_before_it_acts_for_at_least_the_reading_time(speed: float) -> None:
    """At 1x each card lies face up and still for READ_CARD seconds before its first effect; at 2x half that
    (the speed buttons rule it)."""
    frames, events = played(speed)
    for card in cards(events):
        still = [f for f in frames if f.card == card and f.k >= 1 and not f.focus]
        assert len(still) >= reveal.READ_CARD / speed * FPS - 2, (card, len(still))


def test_a_card_stays_shown_while_it_acts_and_leaves_when_the_phase_ends() -> None:
    frames, _events = played(1.0)
    assert frames[-1].card == ""  # the Defense Phase came: the card left the board
    for card in {f.card for f in frames if f.card}:
        seen = [i for i, f in enumerate(frames) if f.card == card]
        assert seen == list(range(seen[0], seen[-1] + 1))  # shown without a gap from its reveal to the next
        assert sum(1 for i in seen if frames[i].k >= 1) >= reveal.READ_CARD * FPS * 1.5  # still shown as it acts


def test_the_place_a_card_acts_on_is_lit_only_once_it_acts_there() -> None:
    """Never before its placement die: the track is lit from the frame its counter is placed, and the card then
    says what it did in the event's own words."""
    frames, events = played(1.0)
    placed = [(i, e) for i, e in enumerate(events) if e.kind == "counter_placed" and events[i - 1].kind ==
              "die_rolled"]
    assert len(placed) >= 2
    for i, e in placed:
        track = f"track:{str(e.data['space']).split(':')[0]}"
        card = next(str(c.data["card"]) for c in reversed(events[:i]) if c.kind == "card_revealed")
        shown = [f for f in frames if f.card == card]
        before = [f for f in shown if f.rolls == shown[0].rolls]  # the card shown, its placement die not rolled
        assert before and all(track not in f.focus and not f.where for f in before)
        assert any(track in f.focus and f.where == e.text for f in shown)


def test_a_breach_and_a_casualty_each_get_a_callout_that_stays_readable() -> None:
    frames, events = played(1.0)
    for kind, title in (("breach", "BREACH"), ("casualty", "CASUALTY")):
        said = [e.text for e in events if e.kind == kind]
        assert len(said) == 3
        for text in said:
            shown = [f for f in frames if (title, text) in f.callouts]
            assert len(shown) >= reveal.READ_BEAT * FPS, (text, len(shown))


def test_space_skips_the_reveal_and_leaves_nothing_on_the_board() -> None:
    app, scene, _events = opened(1.0)
    for _ in range(90):
        app.step(1 / FPS, [], draw=False)
    assert scene.stage.shown_card
    app.step(1 / FPS, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")], draw=False)
    app.step(1 / FPS, [], draw=False)
    assert not scene.queue.busy
    assert scene.stage.shown_card == "" and not scene.stage.callouts and not scene.stage.rings


def staged(lang: str) -> tuple[list[object], list[object], pygame.Surface]:
    """The layout check's frame with the card of the longest text in the rules shown large, what it did in its
    longest words, and a casualty's callout on a defender inside: the problems, what was drawn, the frame."""
    saved, _action = position()
    game = Game.from_json(saved)
    app, scene = layout_check.still_scene(game, False, lang)
    rules = scene.rules
    card = max(rules.cards.values(), key=lambda c: len(card_text(rules, c)))
    _action_events = game.clone().apply(_action)
    placed = max((e.text for e in _action_events if e.kind == "counter_placed"), key=len)
    casualty = next(e for e in _action_events if e.kind == "casualty")
    st = scene.stage
    st.show_card(card.id)
    st.shown_k = 1.0
    st.acts_at(("track:3-4",), placed)
    st.call_out("CASUALTY", casualty.text, scene.positions.defender_pos(str(casualty.data["defender"])),
                (200, 40, 30))
    layer = scene.board_layer
    with layout_check.recording_shapes():
        frame = layout_check.Recording((1920, 1080), layer.art.kind_of)
        scene.invalidate_caches()
        scene.draw(frame)
    return layout_check.problems(frame.items, []), frame.items, frame


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_card_and_a_callout_are_drawn_whole_and_the_card_covers_nothing(lang: str) -> None:
    """Every word of the card and of the callout is inside it and uncovered; the card lies where it covers no
    word, counter or token of the board (the callout, a passing beat, may)."""
    found, items, _frame = staged(lang)
    spot = reveal.CARD_SPOT
    on_card = [d for d in items if d.kind == "text" and spot.colliderect(d.rect)]
    assert len(on_card) >= 4  # the card's id, its kind, its text, what it did
    assert all(spot.contains(d.rect) for d in on_card)
    bad = [str(p) for p in found if spot.colliderect(p.item.rect) or (p.by is not None and
                                                                      spot.colliderect(p.by.rect))]
    assert not bad, bad
    callout = [d for d in items if d.kind == "text" and d.label in ("CASUALTY",)]
    assert callout
    near = [str(p) for p in found if p.item.label == "CASUALTY" or p.item.label in
            [d.label for d in items if d.kind == "text" and d.rect.colliderect(callout[0].rect.inflate(0, 120))
             and d.rect.x >= callout[0].rect.x - 2]]
    assert not near, near


def test_the_phase_banner_covers_the_top_bars_words_whole() -> None:
    """The banner says the same as the top bar's title: it hides all of its words, never half of them."""
    app, scene, _events = opened(1.0)
    scene.stage.show_banner("Attack 1, turn 6: Enemy Phase")
    with layout_check.recording_shapes():
        frame = layout_check.Recording((1920, 1080), scene.board_layer.art.kind_of)
        scene.invalidate_caches()
        scene.draw(frame)
    title = [d for d in frame.items if d.kind == "text" and d.rect.y < 56 and d.label.startswith("Attack 1")]
    assert title
    assert all(BANNER.contains(d.rect) for d in title), title
