"""Issue 31, item 6: "Entraîné 10" (the defender "Trained 10" in French) on one line: on his counter, where the
name band says "En.10" as English says "Tr.10" (the first two letters of the rank and the number, whole at a label
size, never narrowed nor cut), and in every wrapped text that names him (the log, the dice tray, the summary, the
enemy card): the rank and the number never land on two lines."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.ai import HeuristicPolicy
from game.rules import Game
from game.ui import fonts
from game.ui.counters import LABEL_SIZES, CounterArt, short_name
from game.ui.fonts import font, wrap
from game.ui.layout import DEF_W

SHORT = {"en": ("Tr.", "Po."), "fr": ("En.", "Po.")}  # Trained / Entraîné, Postal worker / Postier
RANK = {"en": r"(Trained|Postal worker)", "fr": r"(Entraîné|Postier)"}


@pytest.fixture()
def restore() -> Iterator[None]:
    pygame.font.init()
    try:
        yield
    finally:
        fonts.drawn = None
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_trained_10_s_counter_names_him_on_one_line(lang: str, restore: None) -> None:
    """Every numbered defender's counter prints its short name ("En.10" in French, "Tr.10" in English) whole, on
    one line that fits the name band at a label size; never the long name ("Entraîné 10")."""
    assert i18n.set_language(lang) == ""
    game = Game.new(0)
    art = CounterArt(game.rules)
    numbered = [n for n, d in game.rules.defenders.items() if n.startswith(("Trained ", "Postal worker "))]
    assert "Trained 10" in numbered
    for name in numbered:
        short = short_name(name)
        rank = SHORT[lang][0 if name.startswith("Trained ") else 1]
        assert short == rank + name.split()[-1], (name, short)
        assert font("cond", LABEL_SIZES[-1]).size(short)[0] <= DEF_W - 4, short  # one line, neither narrowed nor cut
        fonts.drawn = set()
        art.defender(name, False, False)
        drawn, fonts.drawn = fonts.drawn, None
        assert short in drawn and not [w for w in drawn if " " in w], (name, drawn)


def narrations() -> list[object]:
    """What two games played by the heuristic narrate (lazy texts, worded when read)."""
    said: list[object] = []
    for seed in range(2):
        game, policy = Game.new(seed), HeuristicPolicy(seed)
        for _step in range(3000):
            if game.over:
                break
            said += [e.said for e in game.apply(policy.choose(game)) or []]
    return said


def test_a_numbered_defender_s_name_never_breaks_across_lines(restore: None) -> None:
    """Wrapped at any width from 200 to 400 px (the log, the tray, the summary panel, the enemy card, the coach),
    a narration never ends a line with the rank ("Entraîné", "Trained") and starts the next with his number (the
    French narration of two games broke "Entraîné / 10" at 25 of these widths)."""
    said = narrations()
    for lang in ("en", "fr"):
        assert i18n.set_language(lang) == ""
        texts = [t for t in (str(s) for s in said) if re.search(RANK[lang] + r"\s\d", t)]
        assert len(texts) > 50, lang
        end = re.compile(RANK[lang] + r"$")
        broken = []
        for width in range(200, 400, 4):
            for t in texts:
                lines = wrap(t, "type", 15, width)
                broken += [(width, a, b) for a, b in zip(lines, lines[1:], strict=False)
                           if end.search(a) and re.match(r"\d", b)]
        assert not broken, (lang, len(broken), broken[:3])
