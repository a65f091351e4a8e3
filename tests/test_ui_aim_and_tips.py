"""What the new-player playtest of the board found (issue "A board a player reads at a glance"): a stack stays put
while the player aims at it, a tooltip keeps off an open menu, a Hint asked during the animations comes when they
end, and the bar says whose turn plays out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ai import HeuristicPolicy
from game.rules import Action, Game
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.widgets import tooltip
from game.ui.words import upper_first
from tests.helpers import load_tool

DATA = Path(__file__).parent / "data"
layout_check = load_tool("layout_check")


def aiming_at_a_stack() -> tuple[Game, str, str, str]:
    """A game at a Defense Phase action where a defender may attack the top counter of a stack of two or more:
    (game, defender, counter, space)."""
    game, policy = Game.new(0), HeuristicPolicy(0)
    while not game.over:
        if game.decision and game.decision["kind"] == "actions":
            for a in game.legal_actions():
                if a.kind != "attack":
                    continue
                for space, stack in game.state["spaces"].items():
                    if len(stack) > 1 and stack[-1] == a.args[1]:
                        return game, a.args[0], a.args[1], space
        game.apply(policy.choose(game))
    raise AssertionError("no attack on a stack in the game of seed 0")


def test_a_stack_stays_put_while_the_player_aims_and_a_click_on_it_attacks_its_top() -> None:
    game, name, top, space = aiming_at_a_stack()
    app, scene = layout_check.still_scene(Game.from_json(game.to_json()), False)
    c = scene.controller
    point = tuple(int(v) for v in scene.geo.pos(space))
    app.hover(point)
    scene.draw(app.display.logical)
    assert scene.positions.fanned(space)  # browsing: the stack fans out under the mouse
    c.selected = name
    app.hover(point)
    assert scene.positions.fanned(space)  # a defender selected, not aiming yet: it still fans out
    c.set_mode("attack")
    app.hover(point)
    scene.draw(app.display.logical)
    assert not scene.positions.fanned(space)  # aiming: it stays where it is
    app.click(point)
    assert scene.game.state["history"][-1] == str(Action("attack", (name, top)))


def test_a_tooltip_keeps_off_an_open_menu() -> None:
    pygame.init()
    surface = pygame.Surface((1920, 1080))
    menu = pygame.Rect(400, 400, 300, 200)
    surface.fill((0, 0, 0))
    tooltip(surface, "Konrad (trained defender) combat 2\nwith: Trained 3", (420, 410), avoid=menu)
    inside = surface.subsurface(menu)
    assert pygame.transform.average_color(inside)[:3] == (0, 0, 0)  # nothing drawn over the menu
    assert pygame.transform.average_color(surface)[:3] != (0, 0, 0)  # but drawn



def test_a_danger_badge_s_or_a_panel_s_words_keep_off_an_open_menu() -> None:
    """A hover region's tooltip (a danger badge beside the action menu) was drawn over the open menu; it is
    placed off it now, as the board's tooltips were."""
    from game.ui.play.tooltips import draw_hover

    pygame.init()
    surface = pygame.Surface((1920, 1080))
    surface.fill((0, 0, 0))
    menu = pygame.Rect(420, 420, 300, 200)
    badge = pygame.Rect(390, 390, 40, 40)
    drawn = draw_hover(surface, (405, 405), [], menu, [(badge, "Breach: 62% that an enemy gets in")], lambda: "")
    assert drawn is not None and not drawn.colliderect(menu)
    assert pygame.transform.average_color(surface.subsurface(menu))[:3] == (0, 0, 0)

def test_a_hint_asked_during_the_animations_comes_when_they_end(
        open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    app, scene = open_play(2, "standard")
    assert scene.queue.busy  # the opening Enemy Phase plays out
    scene.ask_hint()
    assert scene.hint is None and scene.hint_wanted
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        scene.wait_hint()  # the planner thinks in its thread once the animations end
        if scene.hint is not None:
            break
    assert scene.hint is not None and not scene.hint_wanted


def test_the_bar_says_whose_turn_plays_out(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    app, scene = open_play(2, "standard")
    assert scene.queue.busy
    assert scene.controller.prompt().startswith(("The enemy acts", "The Attack is set up"))
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if not scene.queue.busy and scene.controller.legal:
            break
    scene.submit(next(a for a in scene.controller.legal if a.kind == "move"))
    assert scene.queue.busy and scene.controller.prompt().startswith("Your orders play out")


def test_a_click_that_closes_a_menu_never_ends_the_phase(open_play: Callable[[int, str], tuple[App, PlayScene]]
                                                         ) -> None:
    """A new player's click on "End moves" to put away the carry menu ended the Moves (the click went on to the
    bar); it only closes the menu now, and the next click on the bar ends the phase."""
    app, scene = open_play(0, "standard")
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if scene.synced and not scene.queue.busy:
            break
    assert scene.game.decision and scene.game.decision["kind"] == "moves"
    c = scene.controller
    by_target: dict[tuple[str, str], list[Action]] = {}
    for a in scene.game.legal_actions():
        if a.kind == "move":
            by_target.setdefault((a.args[0], a.args[1]), []).append(a)
    (name, space), actions = next((k, v) for k, v in by_target.items() if len(v) > 1)
    c.selected = name
    c.choose_move(space, actions)
    assert c.popup.buttons
    end = scene.button_point("End moves")
    assert end is not None
    click = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
    app.step(1 / 60, click)
    assert not c.popup.buttons and scene.game.decision["kind"] == "moves"  # closed, nothing more
    app.step(1 / 60, click)
    assert scene.game.decision["kind"] != "moves"  # a click of its own ends the Moves


def test_a_full_space_where_only_the_tokens_can_go_asks_before_sending_them(
        open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    """The playtest: a click on a lit space that was full sent the defender's grenades there alone, unasked, and
    spent his move. The carry menu opens now, its one item "Send ... only"; nothing is sent before it is chosen."""
    app, scene = open_play(0, "standard")
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if scene.synced and not scene.queue.busy:
            break
    game = scene.game
    assert game.decision and game.decision["kind"] == "moves"
    acts = game.legal_actions()
    moves = {(a.args[0], a.args[1]) for a in acts if a.kind == "move"}
    shift = next(a for a in acts if a.kind == "shift" and (a.args[0], a.args[2]) not in moves)
    name, token, space = shift.args
    c = scene.controller
    c.selected = name
    assert c.targets()[space][0].kind == "shift"  # the space is lit for his tokens only
    c.choose_move(space, [shift])  # one way there, and it does not move him
    assert [b.key for b in c.popup.buttons] == ["Move alone", f"Send {token} only"]
    assert game.decision["kind"] == "moves" and game.state["moves"] == 0  # nothing sent yet
    # the second playtest found Move gone without a word: it stays, greyed, with the core's reason (4.1)
    move = c.popup.buttons[0]
    assert not move.enabled and move.tip == upper_first(game.why_illegal(Action("move", (name, space))))
    assert c.popup.buttons[1].enabled


def test_the_top_bar_s_score_is_the_drawn_position_s(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    """The playtest: "score now 24" showed while the Enemy Phase that cost those points was still to be played on
    the board. The bar asks the core for the score of the position drawn (7.0, ``Game.score_of``), which is the
    game's own score once the board has caught up."""
    from game.rules.scoring import score

    for seed in range(10):
        app, scene = open_play(seed, "standard")
        policy = HeuristicPolicy(seed)
        differed = False
        for _ in range(3000):
            game = scene.game
            assert game.score_of(game.state) == score(game)
            if scene.queue.busy and game.score_of(scene.view.state) != game.score():
                differed = True
                from game.ui import fonts

                fonts.drawn = set()
                try:
                    scene.invalidate_caches()
                    scene.draw(pygame.Surface((1920, 1080)))
                    said = fonts.drawn
                finally:
                    fonts.drawn = None
                assert f"Standard  ·  score now {game.score_of(scene.view.state)}" in said
                assert f"Standard  ·  score now {game.score()}" not in said
                break
            app.step(1 / 60, [], draw=False)
            if not game.over and scene.synced and not scene.queue.busy and game.decision:
                scene.submit(policy.choose(game))
        if differed:
            return
    raise AssertionError("no Enemy Phase changed the score while it played out in 10 games")


def test_the_score_in_the_top_bar_says_its_parts_on_hover(open_play: Callable[[int, str], tuple[App, PlayScene]]
                                                          ) -> None:
    """The playtest found no word on what the score is: hovering it tells its parts (7.0), which add up to it,
    and what it earns."""
    app, scene = open_play(3, "standard")
    policy = HeuristicPolicy(3)
    game = scene.game
    while int(game.state["turn"]) < 4:
        scene.skip_animations()
        app.step(1 / 60, [], draw=False)
        if scene.synced and not scene.queue.busy and game.decision:
            scene.submit(policy.choose(game))
    scene.skip_animations()
    app.step(1 / 60, [], draw=True)
    board, escaped, inside = game.score_parts_of(game.state)
    assert board + escaped - inside == game.score() and board > 0
    tips = [(rect, text) for rect, text in scene.hover_regions if text.startswith("The score if the game ended")]
    assert len(tips) == 1
    rect, text = tips[0]
    assert f"{board} for the postal workers and noncombatants still in the post office" in text
    assert f"minus {inside}" in text
    assert "16 or more is a victory" in text
    app.hover(rect.center)
    app.step(1 / 60, [], draw=True)
    assert scene.tooltip_text() == text  # the tooltip shown is the score's


def test_a_long_tooltip_wraps_and_stays_on_the_screen() -> None:
    """The score's tooltip ran off both sides of the screen in one line: a long tip wraps into lines."""
    from game.ui.widgets import TOOLTIP_WIDTH

    surface = pygame.Surface((1920, 1080))
    msg = " ".join(["a long tooltip of many words"] * 30)
    for pos in ((1200, 28), (10, 10), (1900, 1070)):
        rect = tooltip(surface, msg, pos)
        assert surface.get_rect().contains(rect), rect
        assert rect.w <= TOOLTIP_WIDTH + 16 + 3 and rect.h > 100  # wrapped onto several lines


def test_an_action_menu_never_covers_the_bottom_bar_s_prompt() -> None:
    """The playtest: the action menu of a defender low in the basement ran over the prompt of the bottom bar. Every
    defender's menu, at every Defense Phase action decision of a game, stays over the board."""
    from game.ui.layout import BOARD_RECT, BOTTOM

    game, policy = Game.new(2), HeuristicPolicy(2)
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    opened = 0
    lowest = 0.0
    while not game.over and game.state["attack"] == 1:
        if (game.decision or {}).get("kind") == "actions":
            scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
            app.stack.push(scene)
            app.step(1 / 60, [], draw=False)
            c = scene.controller
            for name in sorted(c.selectable_defenders()):
                c.open_action_menu(name)
                rect = c.popup.rect
                assert rect is not None and not rect.colliderect(BOTTOM) and rect.top >= BOARD_RECT.top, (name, rect)
                lowest = max(lowest, scene.positions.defender_pos(name)[1])
                opened += 1
                c.close_popup()
            app.stack.pop(scene)
        game.apply(policy.choose(game))
    assert opened > 20 and lowest > BOTTOM.y - 150  # defenders low on the board were among them


def test_a_stack_on_a_track_carries_its_number(drawn: set[str]) -> None:
    """The playtest could not count a stack of riflemen at a barrier: a stack of two or more on a track space
    carries "×N" at its top counter, at rest; none while the player aims (the odds stand there)."""
    from game.ui.play.board_layer import STACK_COUNT_FROM

    game, policy = Game.new(0), HeuristicPolicy(0)
    while not (game.decision and game.decision["kind"] == "actions"
               and any(len(s) >= 5 for s in game.state["spaces"].values())):
        game.apply(policy.choose(game))
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
    app.stack.push(scene)
    app.hover((5, 1075))  # the mouse away from every stack (none fanned out)
    app.step(1 / 60, [], draw=False)
    drawn.clear()
    app.step(1 / 60)
    stacks = {space: len(s) for space, s in scene.view.state["spaces"].items() if len(s) >= STACK_COUNT_FROM}
    marks = scene._marks()
    counted = {space: n for space, n, _at in scene.board_layer.stack_counts(marks)}
    assert counted == stacks and max(stacks.values()) >= 5
    assert {f"×{n}" for n in stacks.values()} <= drawn
    attacker = next(a.args[0] for a in scene.controller.legal if a.kind == "attack")
    scene.controller._click_defender(attacker, "actions")
    scene.controller.set_mode("attack")
    app.step(1 / 60)
    assert scene.board_layer.stack_counts(scene._marks()) == []  # aiming: the odds stand there instead


def test_a_disabled_menu_item_says_why_in_a_sentence() -> None:
    """The playtest read a disabled item's reason starting in lower case: each reason shown on its own starts
    with a capital, at every action menu of a game's first Attack."""
    game, policy = Game.new(4), HeuristicPolicy(4)
    app = App(headless=True, seed=0)
    reasons = 0
    while not game.over and game.state["attack"] == 1:
        if (game.decision or {}).get("kind") == "actions":
            scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
            app.stack.push(scene)
            c = scene.controller
            for name in sorted(c.selectable_defenders()):
                c.open_action_menu(name)
                for b in c.popup.buttons:
                    if not b.enabled:
                        reasons += 1
                        assert b.tip[:1].isupper(), (b.label, b.tip)
                c.close_popup()
            app.stack.pop(scene)
        game.apply(policy.choose(game))
    assert reasons > 20


def test_a_defender_with_nothing_to_do_opens_his_menu_with_each_reason() -> None:
    """The playtest clicked a defender with no enemy in sight and read only "... is neither exhausted nor
    disrupted (4.2.3)", why he could not Recover. His menu opens, every item greyed with the core's own reason."""
    game, policy = Game.new(0), HeuristicPolicy(0)
    app = App(headless=True, seed=0)
    while not game.over:
        if (game.decision or {}).get("kind") == "actions":
            scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
            app.stack.push(scene)
            c = scene.controller
            idle = [n for n, d in game.state["defenders"].items() if d["status"] == "board"
                    and not d.get("moved") and not d.get("acted") and n not in c.selectable_defenders()]
            if idle:
                c._click_defender(idle[0], "actions")
                assert c.popup.buttons and not any(b.enabled for b in c.popup.buttons)
                attack = next(b for b in c.popup.buttons if b.key == "Attack")
                assert "neither exhausted nor disrupted" not in attack.tip and attack.tip, attack.tip
                assert c.selected is None  # nothing selected: no target lit for him
                return
            app.stack.pop(scene)
        game.apply(policy.choose(game))
    raise AssertionError("no idle defender in seed 0's game")


def test_the_actions_prompt_says_how_many_are_exhausted_and_what_they_can_do() -> None:
    """The playtest met exhaustion lasting from turn to turn only in a menu: the actions prompt counts the
    exhausted defenders (grey) and says their one action is Recover (4.2.3), in both languages within the bar."""
    from game import i18n
    from game.ui.fonts import font
    from game.ui.layout import BOTTOM, DICE_TRAY

    game, policy = Game.new(0), HeuristicPolicy(0)
    app = App(headless=True, seed=0)
    while True:
        tired = sum(1 for d in game.state["defenders"].values() if d["status"] == "board" and d.get("exhausted"))
        if (game.decision or {}).get("kind") == "actions" and tired >= 2:
            break
        game.apply(policy.choose(game))
    scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    prompt = scene.controller.prompt()
    assert f"{tired} exhausted (grey) can only Recover (4.2.3)" in prompt, prompt
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        assert font("sans_bold", 20).size(str(scene.controller.prompt()))[0] <= DICE_TRAY.x - BOTTOM.x - 28


@pytest.mark.parametrize("speed", [1.0, 4.0])
def test_the_dice_of_the_attack_that_ends_the_actions_stay_in_sight(speed: float) -> None:
    """The playtest, at 4x, never saw whether the attack that ended its actions hit: the Enemy Phase's first roll
    replaced it at once. The player's own last roll stays at rest READ_ROLL real seconds before another replaces
    it, at any speed."""
    from game.ui.play.animator import READ_ROLL

    def enemy_rolls_next(game: Game) -> bool:
        """The last action is an attack, and the enemy rolls next before any question to the player."""
        left = game.limit("defender_actions") - game.state["actions"]
        attack = next((a for a in game.legal_actions() if a.kind == "attack"), None)
        if (game.decision or {}).get("kind") != "actions" or left != 1 or attack is None:
            return False
        return [e.kind for e in game.clone().apply(attack)].count("dice_rolled") >= 2

    game, policy = Game.new(0), HeuristicPolicy(0)
    while not enemy_rolls_next(game):
        game.apply(policy.choose(game))
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = speed
    scene = PlayScene(app.ctx, Game.from_json(game.to_json()), fresh=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    scene.queue.speed = speed
    tray = scene.stage.tray
    scene.submit(next(a for a in scene.controller.legal if a.kind == "attack"))
    assert scene.game.phase != "actions"  # the last action ended the Defense Phase
    rolls, rest, label = 0, 0.0, tray.label
    for _ in range(1200):
        app.step(1 / 60, [], draw=False)
        if tray.label is not label:  # a new roll
            label = tray.label
            rolls += 1
            if rolls == 2:
                break
        elif rolls == 1 and tray.settled:
            rest += 1 / 60
    assert rolls == 2, "the enemy rolled after the player's roll"
    assert rest >= READ_ROLL - 2 / 60, rest


def test_esc_first_drops_the_choice_under_way_then_the_summary() -> None:
    """The playtest pressed Esc while choosing where to place suppression and the What changed panel closed
    instead; the choice under way goes first, the panel with the next Esc."""
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    scene = PlayScene(app.ctx, Game.new(0), fresh=True)
    app.stack.push(scene)
    policy = HeuristicPolicy(0)
    c = scene.controller
    for _ in range(3000):
        app.step(1 / 60, [], draw=False)
        if scene.queue.busy or not scene.synced or not scene.game.decision:
            continue
        legal = scene.game.legal_actions()
        if scene.summary is not None and scene.game.decision["kind"] == "actions" \
                and any(a.kind == "suppress" for a in legal):
            break
        scene.submit(policy.choose(scene.game))
    assert scene.summary is not None and scene.game.decision is not None
    name = next(a.args[0] for a in c.legal if a.kind == "suppress")
    c._click_defender(name, "actions")
    c.set_mode("suppress")
    c.selected = name
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.feed(esc)
    assert c.mode == "" and c.selected is None and scene.summary is not None
    app.feed(esc)
    assert scene.summary is None and app.stack.top is scene


def test_the_score_tooltip_s_bands_are_the_core_s() -> None:
    """The tooltip's "16 or more is a victory, 1 to 15 a draw" is asked of the core (7.0), not restated."""
    from game.rules.scoring import LOSS, award_for, bands

    win, draw = bands()
    assert (win, draw) == (16, 1)
    assert award_for(win)[1] != "Draw" and award_for(win - 1)[1] == "Draw"
    assert award_for(draw)[1] == "Draw" and award_for(draw - 1)[1] == LOSS
