"""Plain words everywhere a player reads (issue "A new player's first hour"): no internal id in any popup,
tooltip, menu, hint, log line or results screen. Every line of text the UI draws is recorded (game/ui/fonts.py)
while a whole game is played by clicks, with every defender and space hovered along the way, the other screens
opened, and the hints and the demo's captions of the policies said for whole games."""

from __future__ import annotations

import re

import pytest

from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.scenes.results import ResultsScene
from tests.helpers import explained_games, play_by_clicks

# Internal ids: token ids (gren2, lmg1, ammo3, rifle1), counter ids (e17), space ids (upper:4, 1-2:3,
# ground:interior), type ids (ss_rifleman, end_moves), and "1 dice".
ID = re.compile(r"\b(gren|lmg|ammo|rifle)\d+\b|\be\d+\b|\b(upper|ground|basement):|\b\d+(-\d+)?:\d\b"
                r"|\b[a-z]+_[a-z]+\b|\b1 dice\b")


def test_the_pattern_finds_ids_and_spares_words() -> None:
    for text in ("carries gren2", "the rifleman (e4)", "moves to upper:4", "ss_rifleman card", "on 1-2:3",
                 "Attack… (1 dice)", "the ground:interior", "end_moves"):
        assert ID.search(text), text
    for text in ("Trained 2 attacks the SS rifleman on track 1-2, space 3 (75%)", "upper floors, space 4",
                 "Card 1-04", "Attack 2  ·  Turn 7", "[4.2.1] 1 die for Konrad", "Po.3", "1-2 dice"):
        assert not ID.search(text), text


def test_no_id_is_drawn_in_a_whole_game_by_clicks(drawn: set[str]) -> None:
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    app.step(1 / 60)
    title = app.stack.top
    for label in ("Rules", "Settings", "High scores"):  # the other screens, and back
        app.click(next(b for b in title.buttons if b.label == label).rect.center)  # type: ignore[attr-defined]
        app.step(1 / 60)
        app.stack.pop()
        app.step(1 / 60)
    app.click(next(b for b in title.buttons if b.label == "New game").rect.center)  # type: ignore[attr-defined]
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    play_by_clicks(app, scene)
    assert isinstance(app.stack.top, ResultsScene)
    app.step(1 / 60)
    assert len(drawn) > 500
    shown = sorted(t for t in drawn if ID.search(t))
    assert shown == [], shown[:20]


@pytest.mark.parametrize(("policy", "games"), [("heuristic", 3), ("planner", 1)])
def test_no_id_in_the_hints_and_captions_of_whole_games(policy: str, games: int) -> None:
    """The Hint and the demo's caption say ``explained(game, action, reason)`` for the policy's choice."""
    shown = {line for _, _, _, line in explained_games(policy, games) if ID.search(line)}
    assert sorted(shown) == []


def test_an_enemy_inside_is_in_the_interior_never_on_it() -> None:
    """The playtest read "Rifleman on the basement interior": a counter inside the post office is *in* its
    interior, in the hover text and in the words of an action, in English and in French."""
    from game import i18n
    from game.ai import HeuristicPolicy
    from game.rules import Game
    from game.ui.play.tooltips import enemy_info
    from game.ui.view import View
    from game.ui.words import counter_words

    game, policy = Game.new(3), HeuristicPolicy(3)
    while not any(game.state["interior"].values()):
        game.apply(policy.choose(game))
    inside = next(ids for ids in game.state["interior"].values() if ids)
    view = View(game.state)
    outside = next(c for stack in game.state["spaces"].values() for c in stack)
    assert " in the " in counter_words(game, inside[0]) and " on " not in counter_words(game, inside[0])
    assert " in the " in enemy_info(game, view, inside[0]).split("\n")[0]
    assert " on " in counter_words(game, outside)  # on a track's space, as before
    i18n.set_language("fr")
    assert " dans l'intérieur " in counter_words(game, inside[0]) and " sur " not in counter_words(game, inside[0])


def test_a_token_sent_alone_is_told_with_one_verb_in_the_menu_the_log_and_undo() -> None:
    """The playtest read "moves the grenades" in the log and "passes the grenades" on Undo for one choice: the
    rulebook's verb (4.1, "move a weapon or ammunition token ... without moving the defender") everywhere."""
    from game.ai import HeuristicPolicy
    from game.rules import Game
    from game.ui.play.popups import carry_items
    from game.ui.words import describe

    game, policy = Game.new(0), HeuristicPolicy(0)
    while not any(a.kind == "shift" for a in game.legal_actions()):
        game.apply(policy.choose(game))
    shift = next(a for a in game.legal_actions() if a.kind == "shift")
    said = describe(game, shift)
    tip = next(item[2] for item in carry_items(game, [shift]))
    logged = next(e.text for e in game.clone().apply(shift) if e.kind == "token_moved")
    for text in (said, tip, logged):
        assert " moves " in text and " passes " not in text, text
    assert tip.endswith("staying where he is")


def test_a_defender_s_attributes_are_named_on_hover_and_none_is_not_said() -> None:
    """The playtest read "attributes S" and "attributes none" unexplained: each attribute by its name in the rules
    reference ("Suppression [S]"), and nothing said of attributes a defender does not have."""
    from game.rules import Game

    app = App(headless=True, seed=0)
    scene = PlayScene(app.ctx, Game.new(0), fresh=True)
    app.stack.push(scene)
    scene.skip_animations()
    app.step(1 / 60, [], draw=False)
    rules = scene.game.rules
    with_s = next(n for n, d in rules.defenders.items() if d.attributes == ("S",) or list(d.attributes) == ["S"])
    plain = next(n for n, d in rules.defenders.items() if not d.attributes
                 and scene.game.state["defenders"][n]["status"] == "board")
    said = {}
    for name in (with_s, plain):
        x, y = scene.positions.defender_pos(name)
        app.hover((int(x), int(y)))
        app.step(1 / 60, [], draw=False)
        said[name] = scene.tooltip_text()
    assert "attributes Suppression [S]" in said[with_s], said[with_s]
    assert "attributes" not in said[plain] and "none" not in said[plain], said[plain]


def test_a_stack_is_counted_by_kind_in_its_space_s_hover_text() -> None:
    """The playtest read "rifleman, rifleman, rifleman, ..." over a stack of seven: counted by kind instead."""
    from game import i18n
    from game.ai import HeuristicPolicy
    from game.rules import Game
    from game.ui.play.tooltips import stack_words

    game, policy = Game.new(0), HeuristicPolicy(0)
    while not any(len(s) >= 5 for s in game.state["spaces"].values()):
        game.apply(policy.choose(game))
    stack = max(game.state["spaces"].values(), key=len)
    kinds = {game.counter_label(c) for c in stack}
    text = stack_words(game, stack)
    assert text.startswith(f"{len(stack)} enemy counters: ")
    assert all(text.count(kind) == 1 for kind in kinds), text  # each kind named once
    assert stack_words(game, stack[:1]) == game.counter_label(stack[0])
    i18n.set_language("fr")
    assert stack_words(game, stack).startswith(f"{len(stack)} pions ennemis\u00a0: ")


def test_a_floor_s_defense_names_its_rules_as_rules() -> None:
    """The playtest read "Upper floors: defense 5 (3.2, 3.3)" as two more values: the sections are named rules."""
    from game.rules import Game

    app = App(headless=True, seed=0)
    scene = PlayScene(app.ctx, Game.new(0), fresh=True)
    app.stack.push(scene)
    scene.skip_animations()
    app.step(1 / 60)
    tips = [text for _rect, text in scene.hover_regions if ": defense " in text]
    assert len(tips) == 3 and all("(rules 3.2, 3.3)" in t for t in tips), tips


def test_a_shelling_reason_shows_no_numbers_when_both_floors_read_alike() -> None:
    """The playtest read "will disrupt the upper floors more often (defense 6, lowest 4 in 3 hits) than the ground
    floor (defense 6, lowest 4 in 3 hits)": when the two tracks read alike their numbers are left out."""
    from game.ai import HeuristicPolicy
    from game.rules import Game
    from game.ui.play.hints import recommend

    game, policy = Game.new(3), HeuristicPolicy(3)
    while not (game.state["turn"] == 5 and (game.decision or {}).get("kind") == "moves"):
        game.apply(policy.choose(game))
    reason = recommend(game)[1]
    assert "away from the shelling" in reason and "more often than the" in reason, reason
    assert "(defense" not in reason, reason


def test_a_command_is_told_in_the_rulebook_s_word_everywhere() -> None:
    """The playtest read "2 free recoveries nearby" in the hint, then "3 free rallies" and a Rally button: 4.2.4
    gives "three free, immediate recover actions", and the hint, the prompt and the buttons all say recover."""
    from game.ai import HeuristicPolicy
    from game.rules import Game

    def commanded() -> tuple[Game, str]:
        """The first command decision of the heuristic's games (seeds 0-19), and the reason it gave for it."""
        for seed in range(20):
            game, policy = Game.new(seed), HeuristicPolicy(seed)
            while not game.over:
                chosen, why = policy.explain(game)
                game.apply(chosen)
                if chosen.kind == "command" and (game.decision or {}).get("kind") == "command":
                    return game, why
        raise AssertionError("no command in 20 games")

    game, reason = commanded()
    assert reason and "of his three free recoveries help nearby (4.2.4)" in reason, reason
    app = App(headless=True, seed=0)
    scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    prompt = scene.controller.prompt()
    labels = [b.label for b in scene.controller.buttons]
    assert "free recoveries left (4.2.4)" in prompt and "a Recover button" in prompt, prompt
    assert any(label.startswith("Recover ") for label in labels), labels
    assert not any("ally" in text.lower() for text in (reason, prompt, *labels)), (reason, prompt, labels)
