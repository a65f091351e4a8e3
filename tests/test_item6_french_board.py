"""Issue 31, item 6, French on the printed board: the floors' titles ("ÉTAGES SUPÉRIEURS") whole and clear of the
spaces beside them at 1280x720, and the colour-blind setting's letters in the player's language (French "Vt",
"Bc"... where English says "Gn", "Wh"...), no two colours alike, none wider than the English ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import _
from game.rules import Game
from game.ui import fonts, palette
from game.ui.board import BoardRenderer, floor_band, los_letter
from game.ui.fonts import font
from game.ui.layout import FLOOR_BANDS, Geometry
from tests.helpers import TextRecording
from tests.test_ui_screens import shot_dir

# What a French player reads for each colour (vert, blanc, bleu, bleu foncé, gris, orange, rouge, marron).
FRENCH = {"green": "Vt", "white": "Bc", "blue": "Bl", "dark_blue": "BF", "gray": "Gr", "orange": "Or", "red": "Rg",
          "brown": "Ma"}
ENGLISH = {"green": "Gn", "white": "Wh", "blue": "Bl", "dark_blue": "DB", "gray": "Gy", "orange": "Or", "red": "Rd",
           "brown": "Br"}


@pytest.fixture()
def printed() -> Iterator[None]:
    pygame.font.init()
    fonts.rendered = {}
    try:
        yield
    finally:
        fonts.rendered = None
        i18n.set_language("en")


def print_board(lang: str, colour_blind: bool) -> tuple[TextRecording, Game, Geometry]:
    """The printed board drawn in ``lang`` on a recording surface."""
    assert i18n.set_language(lang) == ""
    game = Game.new(0)
    geo = Geometry(game.rules)
    board = TextRecording((1920, 1080))
    BoardRenderer(game.rules, geo).draw_static(board, colour_blind)
    return board, game, geo


def at_720p(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (1280, 720))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_upper_floors_title_is_whole_and_clear_of_the_spaces_at_1280x720(lang: str, printed: None,
                                                                         tmp_path: Path) -> None:
    """Each floor's title is drawn whole (all its words, one image, no squeeze), inside its band, and overlaps
    no defender space nor the interior box of its floor; at 1280x720 it is still at least 8 px tall (13 px
    logical). French "ÉTAGES SUPÉRIEURS" ran 16 px under the first space at 15 px."""
    board, game, geo = print_board(lang, False)
    pygame.image.save(at_720p(board), str(shot_dir(tmp_path) / f"item6-floor-titles-{lang}-1280x720.png"))
    for fid in FLOOR_BANDS:
        title = _(game.rules.floors[fid].name).upper()
        where = [rect for words, rect in board.texts if words == title]
        assert len(where) == 1, (title, [w for w, _r in board.texts])
        rect = where[0]
        assert floor_band(fid).contains(rect), (title, rect)
        boxes = [geo.rect(sid) for sid in game.rules.defender_spaces if sid.split(":")[0] == fid]
        boxes.append(geo.rect(f"{fid}:interior"))
        assert rect.collidelist(boxes) == -1, (title, rect, boxes[rect.collidelist(boxes)])
        assert rect.h * 1280 / 1920 >= 8, (title, rect)


def test_each_colour_has_its_own_letters_in_each_language_no_wider_than_english(printed: None) -> None:
    """The colour-blind letters: English as before, French from the catalog (vert "Vt", blanc "Bc"...); in each
    language no two colours share their letters, and each is no wider than the widest English one (so they fit
    where the English ones fit)."""
    widest = max(font("sans_bold", 12).size(w)[0] for w in ENGLISH.values())
    for lang, expected in (("en", ENGLISH), ("fr", FRENCH)):
        i18n.set_language(lang)
        letters = {colour: los_letter(colour) for colour in palette.LOS}
        assert letters == expected, lang
        assert len(set(letters.values())) == len(letters), lang
        assert all(font("sans_bold", 12).size(w)[0] <= widest for w in letters.values()), lang


def test_colour_blind_letters_are_french_on_the_printed_board(printed: None, tmp_path: Path) -> None:
    """With the colour-blind setting in French, every defender space prints its colour's French letters
    (never the English "Gn", "Wh", "DB"...), and so does every cell of the interiors' target tables."""
    board, game, geo = print_board("fr", True)
    pygame.image.save(at_720p(board), str(shot_dir(tmp_path) / "item6-colour-letters-fr-1280x720.png"))
    words = [w for w, _r in board.texts]
    english_only = set(ENGLISH.values()) - set(FRENCH.values())
    assert not [w for w in words if set(w.split()) & english_only]
    for sid, ds in game.rules.defender_spaces.items():
        space = geo.rect(sid)
        inside = [w for w, r in board.texts if space.contains(r)]
        assert FRENCH[ds.colours[0]] in inside, (sid, inside)
    for fid, fl in game.rules.floors.items():
        table = [w for w, r in board.texts if geo.rect(f"{fid}:interior").contains(r)]
        for _faces, colour in fl.target:
            assert any(w.endswith(" " + FRENCH[colour]) for w in table), (fid, colour, table)
