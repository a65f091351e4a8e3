"""A summary that stays (issue 31): after the Enemy and Clearing Phases a panel over the log lists what changed,
each line a click that lights its place; it stays until closed (Close or Esc), a setting turns it off; the danger
badges have their setting too."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from game import i18n
from game.rules import Game
from game.ui import palette
from game.ui.app import App
from game.ui.play.scene import PlayScene
from game.ui.play.summary import summarize
from game.ui.settings import Settings
from tests.helpers import load_tool, submitted
from tests.test_ui_reveal import position

layout_check = load_tool("layout_check")
ATTACK = 1  # the Attack of test_ui_reveal's position


@cache
def summed() -> tuple[list[str], list[str]]:
    """The headings and lines of the summary of the position's Enemy Phase, in English."""
    saved, action = position()
    game = Game.from_json(saved)
    sections = summarize(game.rules, game.clone().apply(action))
    return [str(s.heading) for s in sections], [str(line.words) for s in sections for line in s.lines]


def test_the_summary_lists_who_fell_and_where_morale_barriers_breaches_and_weapons() -> None:
    headings, lines = summed()
    assert headings == [f"Attack {ATTACK}, Clearing Phase, turn 5", f"Attack {ATTACK}, Enemy Phase, turn 6"]
    assert lines[0] == "Nothing changed"  # the Clearing Phase of turn 5
    assert "Morale 9 → 8" in lines
    assert {"Michon fell: basement, space 1-3", "Trained 8 fell: basement, space 1-3",
            "Trained 9 fell: basement, space 1-3"} <= set(lines)
    assert "Barrier 3 blown" in lines
    assert "The leader Gehrke breaches the basement entrance" in lines
    assert "Machine gunner placed: support space C" in lines
    assert "3 counters placed: track 1-2" in lines


def test_the_summary_is_worded_in_the_players_language() -> None:
    saved, action = position()
    game = Game.from_json(saved)
    sections = summarize(game.rules, game.clone().apply(action))
    i18n.set_language("fr")
    try:
        words = [str(line.words) for s in sections for line in s.lines]
        assert "Entraîné 8 est tombé\u00a0: sous-sol, case 1-3" in words
        assert str(sections[1].heading) == f"Attaque {ATTACK}, phase ennemie, tour 6"
    finally:
        i18n.set_language("en")


def played(summaries: bool = True, lang: str = "en") -> tuple[App, PlayScene]:
    app, scene = submitted(*position(), 0.0, lang, summaries=summaries)
    for _ in range(10):
        app.step(1 / 60, [], draw=False)
    return app, scene


def test_the_summary_stays_until_closed_and_esc_closes_it_before_the_menu() -> None:
    app, scene = played()
    assert scene.summary is not None
    for _ in range(600):  # ten seconds: it stays
        app.step(1 / 60, [], draw=False)
    assert scene.summary is not None
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step(1 / 60, [esc], draw=False)
    assert scene.summary is None and app.stack.top is scene  # closed; no pause menu yet
    app.step(1 / 60, [esc], draw=False)
    assert app.stack.top is not scene  # now Esc opens the menu


def test_a_clicked_line_lights_its_place_and_close_shows_the_log_again() -> None:
    app, scene = played()
    app.step(1 / 60, [], draw=True)  # drawn once: the lines know where they are
    panel = scene.summary
    assert panel is not None
    row, line = next((r, ln) for r, ln in panel.rows if ln.place.startswith("space:"))
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1)], draw=False)
    assert line.place in scene.stage.pointed
    close = panel.close_button.rect.center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=close, button=1)], draw=False)
    assert scene.summary is None


def test_the_summaries_setting_turns_the_panel_off() -> None:
    _app, scene = played(summaries=False)
    assert scene.summary is None


def test_the_danger_setting_hides_the_badges() -> None:
    saved, _action = position()
    for wanted in (True, False):
        app = App(headless=True, seed=0)
        app.ctx.settings.speed = 0.0
        app.ctx.settings.danger = wanted
        game = Game.from_json(saved)
        scene = PlayScene(app.ctx, game, fresh=False)
        app.stack.push(scene)
        for _ in range(40):
            app.step(1 / 60, [], draw=False)
            scene.danger.thinker.wait(60)
        assert (game.decision or {}).get("kind") in ("moves", "actions")
        assert (scene.danger.shown is not None) is wanted


def test_both_settings_are_saved_and_a_damaged_value_is_named() -> None:
    s = Settings()
    s.danger, s.summaries = False, False
    back, problems = Settings.from_json(s.to_json())
    assert (back.danger, back.summaries, problems) == (False, False, [])
    back, problems = Settings.from_json('{"danger": "yes", "summaries": 3}')
    assert (back.danger, back.summaries) == (True, True)
    assert len(problems) == 2 and "'danger'" in problems[0] and "'summaries'" in problems[1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panel_is_drawn_whole_in_both_languages(lang: str) -> None:
    """Every word of the panel inside it, none clipped or covered (the frame drawn without the panel, then the
    panel over it, as the scene does: the log's words under it are covered on purpose)."""
    app, scene = played(lang=lang)
    panel = scene.summary
    assert panel is not None
    scene.summary = None
    with layout_check.recording_shapes():
        frame = layout_check.Recording((1920, 1080), scene.board_layer.art.kind_of)
        scene.invalidate_caches()
        scene.draw(frame)
        first = len(frame.items)
        panel.draw(frame)
    ours = frame.items[first:]
    words = [d for d in ours if d.kind == "text"]
    assert len(words) >= 12 and all(panel.rect.contains(d.rect) for d in words)
    found = [str(p) for p in layout_check.problems(frame.items, []) if p.item in ours]
    assert not found, found


def test_the_log_s_newest_lines_show_below_the_summary_while_the_player_acts() -> None:
    """The playtest: with the summary over the whole log, an attack's result went on in the log unseen. The panel
    takes the room its lines need at the top of the log's place, leaving the log at least LOG_LEAST pixels (the
    newest lines in sight); lines that do not fit are scrolled to with the wheel, a line saying how many."""
    from game.ui.play.scene import LOG_LEAST
    from game.ui.play.summary import GAP

    app, scene = played()
    app.step(1 / 60, [], draw=True)
    panel = scene.summary
    assert panel is not None
    area = scene.log_area
    assert panel.rect.top == area.top and panel.rect.h == min(panel.height(area.w), area.h - LOG_LEAST - GAP)
    assert scene.log.rect.top > panel.rect.bottom and scene.log.rect.bottom == area.bottom
    assert scene.log.rect.h >= LOG_LEAST
    for _ in range(5):  # frames that keep what did not change: the panel stays on screen (a first version's
        app.step(1 / 60, [], draw=True)  # table, painted under the panels, covered it from the second frame)
    assert app.display.logical.get_at((panel.rect.x + 6, panel.rect.centery))[:3] == palette.PAPER_LIGHT
    scene.log.add("[4.2.1] the newest line of the log")
    app.step(1 / 60, [], draw=True)
    newest = scene.log.line_rect(len(scene.log.lines) - 1)
    assert newest is not None and scene.log.rect.contains(newest) and not newest.colliderect(panel.rect)
    assert panel.more > 0  # this Enemy Phase's lines need more room than the panel has: the rest scrolls
    shown = {line.words for _rect, line in panel.rows}
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=panel.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60, [over], draw=True)
    for _ in range(len(panel.items)):
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], draw=True)
        shown |= {line.words for _rect, line in panel.rows}
    assert panel.more == 0 and panel.first > 0
    assert shown == {line.words for heading, line in panel.items if not heading}  # every line reached
    for _ in range(len(panel.items)):
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], draw=True)
    assert panel.first == 0
    scene.close_summary()
    app.step(1 / 60, [], draw=True)
    assert scene.log.rect == area  # closed: the log has its whole place again


def test_a_phase_where_nothing_changed_opens_no_panel_and_puts_an_old_one_away() -> None:
    """The playtest: in the middle of an Enemy Phase (its first question) a panel "Clearing Phase, turn 1:
    Nothing changed" replaced the last Enemy Phase's summary, pushing the log down for no news."""
    from game.i18n import Msg
    from game.ui.play.summary import Line, Section

    app, scene = played()
    assert scene.summary is not None
    nothing = Line(Msg("Nothing changed"), "", palette.INK_SOFT)
    quiet = Section(Msg("Attack {attack}, Clearing Phase, turn {turn}", attack=1, turn=1), (nothing,), True)
    scene.summed = [quiet]
    scene.after_queue()
    assert scene.summary is None and scene.summed == []
    app.step(1 / 60, [], draw=True)
    assert scene.log.rect == scene.log_area
    saved, action = position()
    sections = summarize(Game.from_json(saved).rules, Game.from_json(saved).apply(action))
    assert [s.quiet for s in sections] == [True, False]  # this position's: a quiet Clearing, then the Enemy Phase


def test_an_enemy_phase_that_asks_a_question_midway_is_summed_up_whole_when_it_ends() -> None:
    """The playtest: an Enemy Phase that stopped to ask how many suppression tokens to spend was never summed up
    (its events came in two batches, and neither held the whole phase); the panel said the Clearing Phase before
    it instead. Each batch is kept until the phase ends."""
    from game.ai import HeuristicPolicy

    for seed in range(20):
        app = App(headless=True, seed=seed)
        app.ctx.settings.speed = 0.0
        scene = PlayScene(app.ctx, Game.new(seed), fresh=True)
        app.stack.push(scene)
        policy = HeuristicPolicy(seed)
        asked: str | None = None
        for _ in range(400):
            app.step(1 / 60, [], draw=False)
            game = scene.game
            if game.over or scene.queue.busy or not scene.synced:
                continue
            if asked is not None and game.phase != "enemy":
                headings = [str(s.heading) for s in scene.summary.sections] if scene.summary else []
                assert asked in headings, (seed, headings)
                return
            if game.phase == "enemy" and asked is None:  # a question in the middle of an Enemy Phase
                asked = f"Attack {game.state['attack']}, Enemy Phase, turn {game.state['attack_turn']}"
            scene.submit(policy.choose(game))
    raise AssertionError("no Enemy Phase asked a question in 20 games")
