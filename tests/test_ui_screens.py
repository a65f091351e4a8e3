"""Screenshots of the title, play and results scenes (saved as PNGs for a person to look at, and checked to be
non-blank); fonts with Polish letters; mouse mapping through the letterbox scale; silent sound."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.rules import Game
from game.ui.app import App
from game.ui.display import Display
from game.ui.fonts import font
from game.ui.play.scene import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.sound import SoundBank


def shot_dir(tmp_path: Path) -> Path:
    """PNGs go to the test's tmp folder, or to $POSTMEN_SHOTS when set (to keep them)."""
    d = Path(os.environ.get("POSTMEN_SHOTS", tmp_path))
    d.mkdir(parents=True, exist_ok=True)
    return d


def assert_not_blank(path: Path) -> None:
    img = pygame.image.load(str(path))
    assert img.get_size() == (1920, 1080)
    samples = [tuple(img.get_at((x, y)))[:3] for x in range(0, 1920, 37) for y in range(0, 1080, 29)]
    most = max(samples.count(c) for c in set(samples))
    assert len(set(samples)) > 12, f"{path.name} looks blank ({len(set(samples))} colours)"
    assert most < 0.8 * len(samples), f"{path.name} is mostly one colour"


def make_app() -> App:
    return App(headless=True, seed=7)


def test_screenshots_title_play_results(tmp_path: Path) -> None:
    out = shot_dir(tmp_path)
    app = make_app()
    app.step(1 / 60)
    app.screenshot(out / "title.png")
    assert_not_blank(out / "title.png")
    game = Game.new(7)
    scene = PlayScene(app.ctx, game, fresh=True)
    app.stack.push(scene)
    for _ in range(20):  # mid-animation
        app.step(1 / 60, [])
    app.screenshot(out / "play_animating.png")
    scene.queue.skip()
    app.step(1 / 60, [])
    app.hover(tuple(int(v) for v in scene.positions.defender_pos("Konrad")))  # type: ignore[arg-type]
    app.screenshot(out / "play.png")
    assert_not_blank(out / "play.png")
    # finish the game quickly through the core and show the results
    while not game.over:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.kind.startswith("end_")), legal[0]))
    app.stack.push(ResultsScene(app.ctx, game))
    app.step(1 / 60, [])
    app.screenshot(out / "results.png")
    assert_not_blank(out / "results.png")


def test_polish_letters_have_glyphs() -> None:
    pygame.font.init()
    for face in ("type", "sans", "sans_bold"):
        f = font(face, 24)
        metrics = f.metrics("Gdańsk Michał ąćęłńóśźż")
        assert all(m is not None for m in metrics), face
        assert f.size("ń")[0] > 0


def test_mouse_maps_back_through_the_letterbox() -> None:
    d = Display(fullscreen=False, headless=True)
    d._fit((1280, 800))  # 16:10 window: bars above and below
    assert d.scale == 1280 / 1920
    assert d.offset == (0, (800 - 720) // 2)
    assert d.to_logical((640, 400)) == (960, 540)
    assert d.to_logical((0, 40)) == (0, 0)
    d._fit((3840, 2160))
    assert d.to_logical((3840 - 2, 2160 - 2)) == (1919, 1079)


def test_sound_without_a_device_never_crashes() -> None:
    bank = SoundBank()
    bank.load()  # dummy driver: loads or stays silent
    bank.set_volume(0.5, False)
    bank.play("dice")
    bank.play("no such sound")
    bank.set_volume(0.5, True)
    bank.play("explosion")


def test_rules_screen_scrollbar(tmp_path: Path) -> None:
    """The rules reference scrolls with the wheel, the keys and a draggable scrollbar; the thumb follows."""
    from game.ui.scenes.rules_ref import RulesScene

    out = shot_dir(tmp_path)
    app = make_app()
    scene = RulesScene(app.ctx)
    app.stack.push(scene)
    app.step(1 / 60, [])
    assert scene.max_scroll > 0, "the summary fits: no scrollbar to test"
    top = scene.thumb()
    # drag the thumb to the bottom of its track
    start = top.center
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], scene.track.bottom + 50),
                                            rel=(0, 0), buttons=(1, 0, 0)))
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], scene.track.bottom), button=1))
    assert scene.scroll == scene.max_scroll and scene.thumb().bottom == scene.track.bottom
    app.step(1 / 60, [])
    app.screenshot(out / "rules_bottom.png")
    assert_not_blank(out / "rules_bottom.png")
    # a click on the track above the thumb pages up; Home goes to the top, End to the bottom
    app.click((scene.track.centerx, scene.track.y + 5))
    assert 0 <= scene.scroll < scene.max_scroll
    app.ctx.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    assert scene.scroll == 0 and scene.thumb().y == scene.track.y
    app.ctx.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert scene.scroll == scene.max_scroll
