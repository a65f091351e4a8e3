"""The play scene's drawing caches never show stale content: a frame drawn from the caches has the same pixels as
the same frame drawn from scratch, and a change of state, hover or animation redraws the panel it shows in the
same frame. Also the one-pass screen shake against the copy-fill-blit it replaces."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.rules import Event
from game.ui.app import App
from game.ui.effects import Shake
from game.ui.layout import BOARD_RECT
from game.ui.play.board_layer import shake_board
from game.ui.play.scene import PlayScene


@pytest.fixture()
def play(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> tuple[App, PlayScene]:
    app, scene = open_play(3, "elite")
    app.step(1 / 60, [])
    return app, scene


def frame(app: App) -> bytes:
    app.ctx.stack.draw(app.display.logical)
    return pygame.image.tobytes(app.display.logical, "RGB")


def fresh_frame(app: App, scene: PlayScene) -> bytes:
    scene.invalidate_caches()
    return frame(app)


def same_as_fresh(app: App, scene: PlayScene) -> bool:
    scene.stage.shake = Shake()  # the shake offset is random: the two draws must not differ by it
    return frame(app) == fresh_frame(app, scene)


def region(app: App, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.display.logical.subsurface(rect), "RGB")


def idle(app: App, scene: PlayScene) -> None:
    scene.skip_animations()
    for _ in range(3):
        app.step(1 / 60, [])
    assert not scene.queue.busy


def first_choice(scene: PlayScene) -> None:
    legal = scene.game.legal_actions()
    ends = [a for a in legal if a.kind.startswith("end_")]
    scene.submit(ends[0] if ends else legal[0])


def test_cached_frames_match_frames_drawn_from_scratch(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    hovers = [(1700, 120), (1700, 300), (1700, 500), (1700, 800), (100, 1000), (1800, 24), (700, 400)]
    checked = 0
    for step in range(400):
        if step % 20 == 0:
            app.hover(hovers[(step // 20) % len(hovers)])
        app.step(1 / 60, [])
        if step % 9 == 0:
            assert same_as_fresh(app, scene), f"frame {step} differs from the frame drawn from scratch"
            checked += 1
        if scene.game.over or app.stack.top is not scene:
            break
        if not scene.queue.busy and scene.game.decision:
            first_choice(scene)
    assert checked > 20


def test_morale_change_redraws_the_morale_panel_the_same_frame(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    box = scene.hud.morale_cache.rect
    frame(app)
    before, renders = region(app, box), scene.hud.morale_cache.renders
    scene.view.state["morale"] = max(1, int(scene.view.state["morale"]) - 2)
    scene.stage.morale_drawn = float(scene.view.state["morale"])
    frame(app)
    assert scene.hud.morale_cache.renders == renders + 1
    assert region(app, box) != before
    assert same_as_fresh(app, scene)
    # the hover text reads the new value the same frame
    assert any(msg.startswith(f"Morale {scene.view.state['morale']}:") for _, msg in scene.hover_regions)


def test_defender_changes_show_the_next_frame(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    name = next(n for n, d in scene.view.state["defenders"].items() if d["status"] == "board")
    frame(app)
    before = pygame.image.tobytes(app.display.logical, "RGB")
    scene.view.apply(Event("defender_disrupted", "4.2.4", "", data={"defender": name},
                           changes=(("set", ("defenders", name, "disrupted"), True, False),)))
    assert frame(app) != before
    assert same_as_fresh(app, scene)
    # the defenders box counts him as fallen
    scene.view.apply(Event("casualty", "5.0", "", data={"defender": name},
                           changes=(("set", ("defenders", name, "status"), "casualty", "board"),)))
    assert frame(app) != before
    assert same_as_fresh(app, scene)


def test_log_panel_redraws_when_a_line_is_added_or_scrolled(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    scene.close_summary()  # the opening's summary lies over the log until closed
    frame(app)
    before = region(app, scene.log.rect)
    scene.log.add("A brand new line of the log.")
    assert region_after(app, scene.log.rect) != before
    assert same_as_fresh(app, scene)
    for _ in range(40):
        scene.log.add("filler line")
    frame(app)
    before = region(app, scene.log.rect)
    scene.log.scroll = 3
    assert region_after(app, scene.log.rect) != before
    assert same_as_fresh(app, scene)


def region_after(app: App, rect: pygame.Rect) -> bytes:
    frame(app)
    return region(app, rect)


def test_hover_and_hint_redraw_the_bars(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    top = scene.hud.top_cache.rect
    frame(app)
    before = region(app, top)
    menu = next(b for b in scene.top_buttons if b.label == "Menu")
    app.hover(menu.rect.center)
    assert region_after(app, top) != before  # the hovered button lights up the same frame
    assert same_as_fresh(app, scene)
    assert scene.controller.buttons, "the moves of the first Defense Phase offer a button (End moves)"
    bottom = scene.hud.bottom_cache.rect
    frame(app)
    before = region(app, bottom)
    app.hover(scene.controller.buttons[0].rect.center)
    assert region_after(app, bottom) != before
    assert same_as_fresh(app, scene)
    scene.say("A notice for the player")
    assert same_as_fresh(app, scene)


def test_tactics_flip_and_flash_redraw_the_tactics_panel(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    cache = scene.hud.tactics_cache
    assert cache is not None
    tactics = scene.view.state["tactics"]
    if not tactics["in_play"]:
        pile = next(p for p in tactics["decks"].values() if p)
        tactics["in_play"].insert(0, pile.pop())
    cid = tactics["in_play"][0]
    frame(app)
    before = region(app, cache.rect)
    for k in (0.2, 0.6, 0.9):
        scene.stage.tactic_flip[cid] = k
        now = region_after(app, cache.rect)
        assert now != before
        before = now
        assert same_as_fresh(app, scene)
    scene.stage.tactic_flip.pop(cid)
    scene.stage.tactic_flash[cid] = 0.7
    assert region_after(app, cache.rect) != before
    assert same_as_fresh(app, scene)


def test_blown_barrier_and_defense_marker_show_the_same_frame(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    closed = [b for b in scene.rules.barriers if b not in scene.view.state["barriers_open"]]
    frame(app)
    before = pygame.image.tobytes(app.display.logical, "RGB")
    opened = len(scene.view.state["barriers_open"])
    scene.view.apply(Event("barrier_destroyed", "3.1.1", "", data={"barrier": closed[0]},
                           changes=(("insert", ("barriers_open",), closed[0], opened),)))
    assert frame(app) != before
    assert same_as_fresh(app, scene)
    fid = next(iter(scene.rules.floors))
    scene.stage.defense_drawn[fid] = 1.4
    assert same_as_fresh(app, scene)


def test_deck_card_flip_redraws_the_decks_panel(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    idle(app, scene)
    scene.view.card = next(iter(scene.rules.cards))
    box = scene.hud.decks_cache.rect
    scene.stage.card_flip = 0.3
    half = region_after(app, box)
    assert same_as_fresh(app, scene)
    scene.stage.card_flip = 1.0
    assert region_after(app, box) != half
    assert same_as_fresh(app, scene)


@pytest.mark.parametrize("dx,dy", [(0, 0), (5, 0), (0, -7), (9, 4), (-12, 11), (-3, -12), (12, -5), (7, 7)])
def test_shake_board_matches_copy_fill_blit(dx: int, dy: int) -> None:
    base = pygame.Surface((1920, 1080))
    for i in range(0, 1920, 13):  # stripes and blocks, so any misplaced pixel shows
        pygame.draw.line(base, ((i * 7) % 256, (i * 3) % 256, 90), (i, 0), (1919 - i, 1079), 3)
    pygame.draw.rect(base, (200, 20, 20), (1540, 50, 30, 30))
    expected = base.copy()
    board = expected.subsurface(BOARD_RECT).copy()
    expected.fill((58, 50, 42), BOARD_RECT)
    expected.blit(board, BOARD_RECT.move(dx, dy))
    got = base.copy()
    shake_board(got, BOARD_RECT, dx, dy, (58, 50, 42))
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB")


def busy_choice(scene: PlayScene) -> None:
    """A choice that keeps the board busy: suppress a space when it can, else attack, else end the step."""
    legal = scene.game.legal_actions()
    for kind in ("suppress", "attack"):
        chosen = [a for a in legal if a.kind == kind]
        if chosen:
            scene.submit(chosen[0])
            return
    first_choice(scene)


@pytest.mark.parametrize("colour_blind", [False, True])
def test_pieces_at_rest_kept_from_frame_to_frame_match_them_drawn_anew_through_enemy_phases(
        play: tuple[App, PlayScene], colour_blind: bool) -> None:
    """The board's pieces at rest are drawn once and kept (BoardLayer._pieces) while nothing they are drawn from
    changes, a side of the board at a time: through the turns of 1,100 frames at 4x (counters placed, advancing,
    breaching, falling; barriers blown; suppression markers placed; cards lit in the street), every third busy
    frame the kept image gives the same frame as the pieces drawn anew (and is put back: an image gone stale would
    stay stale, as in play); with and without the colour-blind letters."""
    app, scene = play
    app.ctx.settings.colour_blind = colour_blind
    scene.set_speed(4.0)
    compared = kept = busy = suppressed = 0
    for _ in range(1100):
        if not scene.queue.busy and scene.game.decision and not scene.game.over:
            busy_choice(scene)
        app.step(1 / 60, [])
        assert not scene.game.over
        busy += scene.queue.busy
        layer = scene.board_layer
        if not scene.queue.busy or busy % 3 or app.stack.top is not scene or layer._layer_key_drawn is None:
            continue
        scene.stage.shake = Shake()
        renders = layer.layer_renders
        cached = frame(app)
        kept += layer.layer_renders == renders
        suppressed += bool(scene.view.state["suppression"])
        assert layer._layer is not None
        kept_image, kept_key = layer._layer.copy(), layer._layer_key_drawn
        layer._layer_key_drawn = None
        assert cached == frame(app), f"frame {compared}: the kept pieces differ from the pieces drawn anew"
        layer._layer, layer._layer_key_drawn = kept_image, kept_key  # a stale image would stay stale
        compared += 1
    assert compared >= 200 and kept >= 150 and suppressed >= 20  # busy phases, mostly from the kept image


STALE = (255, 0, 255)  # no colour of the game: a pixel still this colour was not painted by the frame


def stale_pixels(app: App, scene: PlayScene) -> int:
    """How many pixels a frame left unpainted: the screen is filled with STALE (the scene told it no longer holds
    its last frame: ScreenMemory), a frame drawn over it."""
    app.display.logical.fill(STALE)
    scene.memory.forget()
    app.ctx.stack.draw(app.display.logical)
    return int(pygame.mask.from_threshold(app.display.logical, STALE, (1, 1, 1, 255)).count())


def test_the_table_painted_only_around_the_panels_leaves_no_pixel_of_the_last_frame(
        play: tuple[App, PlayScene], data_dir: object) -> None:
    """The board layer paints the table only where no opaque panel lies over it (BoardLayer._table_gaps): every
    pixel of a frame is still painted, at rest, during an Enemy Phase, and in the guided game (whose coach takes
    the lower part of the log)."""
    from game.ui.scenes.tutorial import TutorialScene
    from tests.test_ui_tutorial import open_tutorial

    app, scene = play
    idle(app, scene)
    assert scene.board_layer._layer_key(scene._marks(), False) is not None  # the kept layer, with the gaps
    assert stale_pixels(app, scene) == 0
    for _ in range(2000):
        if scene.queue.busy and scene.view.state["phase"] == "enemy":
            break
        if not scene.queue.busy and scene.game.decision:
            busy_choice(scene)
        app.step(1 / 60, [])
    assert scene.queue.busy and scene.view.state["phase"] == "enemy"
    for _ in range(30):
        app.step(1 / 60, [])
        assert stale_pixels(app, scene) == 0
    guided = App(headless=True, seed=1)
    tutorial = open_tutorial(guided)
    for _ in range(90):
        guided.step(1 / 60, [])
    assert isinstance(guided.stack.top, TutorialScene) and tutorial.coach_rect() is not None
    assert tutorial.log.rect.h < tutorial.log_area.h  # the coach under the log
    assert stale_pixels(guided, tutorial) == 0


def test_uncovered_parts_tile_the_area_outside_the_covers() -> None:
    """layout.uncovered: the parts are disjoint, inside the area, outside every cover, and with the covers they
    fill the area (checked pixel by pixel on 300 random cases)."""
    import random

    from game.ui.layout import uncovered

    rand = random.Random(7)
    for _ in range(300):
        area = pygame.Rect(rand.randrange(0, 40), rand.randrange(0, 40), rand.randrange(1, 80), rand.randrange(1, 80))
        covers = tuple(pygame.Rect(rand.randrange(-10, 110), rand.randrange(-10, 110), rand.randrange(0, 60),
                                   rand.randrange(0, 60)) for _ in range(rand.randrange(0, 6)))
        parts = uncovered(area, covers)
        counts = [[0] * 130 for _ in range(130)]
        for part in parts:
            assert area.contains(part) and part.w > 0 and part.h > 0
            for x in range(part.left, part.right):
                for y in range(part.top, part.bottom):
                    counts[x][y] += 1
        for x in range(area.left, area.right):
            for y in range(area.top, area.bottom):
                covered = any(c.collidepoint(x, y) for c in covers)
                assert counts[x][y] == (0 if covered else 1), (area, covers, (x, y))


def hover_points(scene: PlayScene) -> list[tuple[int, int]]:
    """Where the mouse goes in turn: the top bar's buttons, every side panel, a line of the log, the bottom bar,
    the board's counters and spaces (their tooltips fall over the panels and the board)."""
    hud = scene.hud
    points = [b.rect.center for b in scene.top_buttons]
    points += [c.rect.center for c in hud.panel_caches()]
    points += [(hud.log.rect.x + 40, hud.log.rect.bottom - 12),
               (hud.bottom_cache.rect.x + 30, hud.bottom_cache.rect.y + 20)]
    points += [scene.geo.pos(space) for space in list(scene.view.state["spaces"])[:6]]
    return [(int(x), int(y)) for x, y in points]


def test_frames_keeping_the_panels_on_screen_match_frames_drawn_whole(play: tuple[App, PlayScene]) -> None:
    """The panels whose image did not change are not blitted again (ScreenMemory): only where the last frame
    drew over them (tooltips, the banner, the flash, the summary, the dice, the morale marker, a menu). Through
    1,000 frames of a busy game at 4x with the mouse moving over every panel and the board, a pause menu opened
    and closed and the summary closed, each frame kept that way has the same pixels as the frame drawn whole."""
    from game.ui.cache import ScreenMemory

    app, scene = play
    scene.set_speed(4.0)
    points = hover_points(scene)
    compared = paused = summaries = 0
    kept_before = scene.memory.kept
    for i in range(1000):
        if not scene.queue.busy and scene.game.decision and not scene.game.over:
            busy_choice(scene)
        events = []
        if i % 7 == 0:
            pos = points[(i // 7) % len(points)]
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if i % 250 == 120:
            scene.open_pause()
            paused += 1
        elif app.stack.top is not scene:
            app.stack.pop()
        if scene.summary is not None and i % 50 == 0:
            scene.close_summary()
            summaries += 1
        app.step(1 / 60, events)
        assert not scene.game.over
        if app.stack.top is not scene:
            continue
        kept = pygame.image.tobytes(app.display.logical, "RGB")
        memory = scene.memory
        scene.memory = scene.hud.memory = ScreenMemory()  # a screen that remembers nothing: every panel blitted
        whole = pygame.Surface(app.display.logical.get_size())
        scene.draw(whole)
        scene.memory = scene.hud.memory = memory
        assert kept == pygame.image.tobytes(whole, "RGB"), f"frame {i}: a kept panel differs from it blitted"
        compared += 1
    assert compared >= 900 and paused == 4 and summaries >= 1
    assert scene.memory.kept - kept_before >= 2000  # most panels kept from frame to frame
