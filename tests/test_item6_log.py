"""Issue 31, item 6: the log's title and its "newer lines below" note (shown when the log is scrolled up) are drawn
apart and whole, in English and in French, in the play scene's log panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import _, n_
from game.rules import Game
from game.ui import fonts
from game.ui.app import App
from game.ui.play.scene import PlayScene
from tests.helpers import TextRecording
from tests.test_ui_screens import shot_dir


@pytest.fixture()
def rendered() -> Iterator[None]:
    fonts.rendered = {}
    try:
        yield
    finally:
        fonts.rendered = None


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scroll", [1, 12])
def test_the_log_title_and_its_newer_lines_note_are_apart_and_whole(lang: str, scroll: int, rendered: None,
                                                                     tmp_path: Path) -> None:
    app = App(headless=True, seed=0, lang=lang)
    scene = PlayScene(app.ctx, Game.new(0), fresh=True)
    app.stack.push(scene)
    log = scene.log
    for i in range(60):
        log.add(f"[4.2.1] a line of the log, number {i}")
    log.scroll = scroll
    frame = TextRecording((1920, 1080))
    log._render(frame, log.rect)
    title = _("LOG")
    note = n_("↓ {n} newer line below (scroll down)", "↓ {n} newer lines below (scroll down)", scroll)
    title_rects = [r for words, r in frame.texts if words == title]
    note_parts = [(words, r) for words, r in frame.texts if words in note and words != title]
    assert len(title_rects) == 1
    assert " ".join(words for words, _r in note_parts) == note, "the whole note is drawn"
    inside = log.rect.inflate(-6, -6)
    for rect in [*title_rects, *(r for _w, r in note_parts)]:
        assert inside.contains(rect), (rect, log.rect)
        assert not any(rect.colliderect(other) for other in title_rects if other is not rect)
    lines_top = min(r.y for words, r in frame.texts if words.startswith("[4.2.1]"))
    for _words, r in note_parts:
        assert not r.colliderect(title_rects[0]), "the note stands apart from the title"
        assert r.bottom <= lines_top, "the note stands above the log's lines"
    pygame.image.save(frame.subsurface(log.rect), str(shot_dir(tmp_path) / f"log-{lang}-{scroll}.png"))
    i18n.set_language("en")
