"""The rules reference (issue 18, item 6): every rulebook section in the game's own words, searchable as you type,
opened at a section from a click on a log line, with 7.0's victory bands as the rules core applies them and no
internal id anywhere. Driven through the real UI, headless."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.rules import load_rules
from game.rules.scoring import AWARDS, award_for
from game.ui.app import App
from game.ui.log_panel import section_of
from game.ui.play.scene import PlayScene
from game.ui.rules_text import RULES, matches, numbers, resolve
from game.ui.scenes.rules_ref import RulesScene

# The section headings of the rulebook (sipu-rulebook-en.txt, lines matching ^\d\.\d(\.\d)?), in its order of
# sections. Written out here: a clone of the repository elsewhere (CI) has no copy of the rulebook.
RULEBOOK_SECTIONS = (
    "1.0", "1.1", "1.2", "1.3", "1.4",
    "2.0", "2.1", "2.2", "2.3",
    "3.0", "3.1", "3.1.1", "3.1.2", "3.2", "3.2.1", "3.2.2", "3.3",
    "4.0", "4.1", "4.2", "4.2.1", "4.2.2", "4.2.3", "4.2.4", "4.3", "4.3.1", "4.3.2", "4.3.3", "4.3.4",
    "5.0", "5.1", "5.2", "5.3", "5.4",
    "6.0", "7.0",
    "8.0", "8.1", "8.1.1", "8.1.2", "8.2", "8.2.1", "8.2.2",
)
RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rules" / "sipu-rulebook-en.txt"
# Internal ids (the pattern of tests/test_plain_words.py): token, counter and space ids, names with underscores.
ID = re.compile(r"\b(gren|lmg|ammo|rifle)\d+\b|\be\d+\b|\b(upper|ground|basement):|\b\d+(-\d+)?:\d\b|\b[a-z]+_[a-z]+\b")


def key(app: App, code: int, char: str = "", mod: int = 0) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0)])


def type_text(app: App, words: str) -> None:
    for char in words:
        key(app, pygame.K_SPACE if char == " " else pygame.key.key_code(char), char)


def open_rules(section: str = "") -> tuple[App, RulesScene]:
    app = App(headless=True, seed=3)
    scene = RulesScene(app.ctx, section=section)
    app.stack.push(scene)
    app.step(1 / 60)
    return app, scene


# ---------------------------------------------------------------------------------------------------- the text
def test_every_rulebook_section_has_an_entry() -> None:
    assert set(RULEBOOK_SECTIONS) <= set(numbers())
    assert set(numbers()) <= set(RULEBOOK_SECTIONS), "an entry numbered with a section the rulebook lacks"
    ordered = [n for n in numbers() if n in RULEBOOK_SECTIONS]
    assert ordered == list(RULEBOOK_SECTIONS), "the entries follow the rulebook's order"
    assert RULES[-1].number == "" and "mouse" in RULES[-1].title.lower(), "the controls close the reference"
    for entry in RULES:
        assert entry.title and len(entry.text) > 60, entry


def test_the_rulebook_headings_when_a_copy_is_beside_the_repository() -> None:
    """The written-out list above against the rulebook itself, where a copy sits beside the repository."""
    if not RULEBOOK.is_file():
        pytest.skip("no copy of the rulebook beside the repository")
    found = re.findall(r"^(\d\.\d(?:\.\d)?)\s", RULEBOOK.read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(set(found)) == sorted(RULEBOOK_SECTIONS)


def test_no_internal_id_in_any_entry() -> None:
    for entry in RULES:
        for part in (entry.number, entry.title, entry.text):
            assert not ID.search(part), (entry.number, entry.title, ID.search(part))


def test_the_victory_bands_are_the_ones_the_game_applies() -> None:
    """7.0: each band of ``AWARDS`` (the rules core's) appears with its range, award and level, and the Loss."""
    text = next(e.text for e in RULES if e.number == "7.0")
    upper: int | None = None
    for threshold, award, level in AWARDS:
        band = f"{threshold} or more" if upper is None else f"{threshold} to {upper}"
        assert f"{band}: {award}, " in text, band
        assert level in text
        assert award_for(threshold) == (award, level)
        upper = threshold - 1
    assert f"{upper} or less: a Loss" in text
    assert award_for(upper or 0) == ("", "Loss")
    assert "Draw" in text and "Silver Cross of Merit" in text


def test_the_tactics_cards_named_are_the_game_s() -> None:
    text = " ".join(e.text for e in RULES if e.number == "8.1.2")
    for name in {card.name for card in load_rules().tactics.values()}:
        assert f"{name}:" in text, name


def test_a_section_resolves_to_its_nearest_entry() -> None:
    assert resolve("4.2.1") == "4.2.1"
    assert resolve("4.2.9") == "4.2"
    assert resolve("9.9") == ""
    assert resolve("8.3") == "8.0"
    assert section_of("[4.2.1] 2 dice for Konrad") == "4.2.1"
    assert section_of("Hint: move Konrad") == ""


# ---------------------------------------------------------------------------------------------------- search
def test_typing_filters_and_esc_clears_then_closes(drawn: set[str]) -> None:
    app, scene = open_rules()
    everything = len(scene.entries)
    assert everything == len(RULES)
    type_text(app, "grenade")
    assert scene.query == "grenade"
    kept = scene.entries
    assert 0 < len(kept) < everything
    assert all("grenade" in e.haystack() for e in kept)
    assert {e.number for e in RULES if "grenade" in e.haystack()} == {e.number for e in kept}
    assert {"3.1", "4.2.1"} <= {e.number for e in kept}
    sections = len({e.number or e.title for e in kept})
    total = len({e.number or e.title for e in RULES})
    drawn.clear()
    app.step(1 / 60)
    assert f"{sections} of {total} sections match  ·  Esc clears" in drawn
    assert any("grenade" in line.lower() for line in drawn if line != "grenade")
    # two words: both must be found; Backspace edits
    type_text(app, " inside")
    assert all(matches(e, "grenade inside") for e in scene.entries) and scene.entries
    key(app, pygame.K_BACKSPACE)
    assert scene.query == "grenade insid"
    key(app, pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL)
    assert scene.query == "grenade "
    # Esc clears the search first, then closes the screen
    key(app, pygame.K_ESCAPE)
    assert scene.query == "" and len(scene.entries) == everything and app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_a_search_by_section_number_and_no_match(drawn: set[str]) -> None:
    app, scene = open_rules()
    type_text(app, "4.2.2")
    kept = [e.number for e in scene.entries]
    assert "4.2.2" in kept and kept == [e.number for e in RULES if "4.2.2" in e.haystack()]  # and its mentions
    type_text(app, "xq")
    assert scene.entries == [] and scene.max_scroll == 0
    drawn.clear()
    app.step(1 / 60)
    assert "no section matches  ·  Esc clears" in drawn


def test_the_filtered_list_still_scrolls() -> None:
    app, scene = open_rules()
    type_text(app, "attack")
    assert scene.max_scroll > 0, "the filtered list is still longer than the panel"
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_PAGEUP)
    assert 0 < scene.scroll < scene.max_scroll
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)])
    assert scene.scroll == 120
    thumb = scene.thumb()
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, scene.track.bottom + 40),
                                            rel=(0, 0), buttons=(1, 0, 0)))
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=thumb.center, button=1))
    assert scene.scroll == scene.max_scroll


# ---------------------------------------------------------------------------------------------------- sections
def test_opened_at_a_section_shows_it_at_the_top(drawn: set[str], tmp_path: Path) -> None:
    app, scene = open_rules("5.2")
    assert scene.focus == "5.2" and scene.scroll > 0
    y = scene.entry_y("5.2")
    assert y is not None and scene.rect.y < y < scene.rect.y + 80
    drawn.clear()
    app.screenshot(tmp_path / "rules_5_2.png")
    assert "5.2  Remove defenders" in drawn
    assert "1.1  Game overview" not in drawn, "the top of the text is scrolled away"
    # a search and its clearing come back to the section opened at
    type_text(app, "morale")
    assert scene.scroll == 0
    key(app, pygame.K_ESCAPE)
    assert scene.entry_y("5.2") == y


def test_a_sub_section_without_its_own_entry_opens_at_its_parent() -> None:
    _, scene = open_rules("4.2.9")
    assert scene.focus == "4.2"
    _, scene = open_rules("no such section")
    assert scene.focus == "" and scene.scroll == 0


def test_a_click_on_a_log_line_opens_its_rule(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    app, scene = open_play(5, "standard")
    app.step(1 / 60)
    log = scene.log
    log.add("Hint: a line without a rule")
    plain = log.line_rect(len(log.lines) - 1)
    log.add("[4.2.1] Konrad attacks the rifleman on a long line that wraps onto a second line of the log, "
            "so that its continuation is a line of its own")
    first = next(i for i, (_, section) in enumerate(log.meta) if section == "4.2.1")
    assert len(log.lines) - first >= 2, "the entry wraps"
    rect = log.line_rect(len(log.lines) - 1)  # the continuation line opens the rule too
    assert rect is not None and plain is not None
    # a hover lights the entry and offers the rule in a tooltip; a line without a rule offers nothing
    app.hover(plain.center)
    assert log.hover_regions() == []
    app.hover(rect.center)
    assert log.hovered_entry() == log.meta[first][0], "the whole entry is lit"
    assert log.hover_regions() and not log.hover_regions()[0][0].collidepoint(rect.center)
    tag = log.hover_regions()[0][0]  # the tooltip shows over the [4.2.1] tag of the entry's first line
    app.hover(tag.center)
    assert [msg for _, msg in log.hover_regions()] == ["Click: rule 4.2.1 in the rules reference"]
    assert log.line_at(tag.center) == first
    app.click(plain.center)
    assert app.stack.top is scene
    app.click(rect.center)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.focus == "4.2.1"
    y = rules.entry_y("4.2.1")
    assert y is not None and rules.rect.y < y < rules.rect.y + 80
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_the_log_still_scrolls(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    app, scene = open_play(6, "standard")
    log = scene.log
    for i in range(80):
        log.add(f"[3.0] filler line {i}")
    app.hover(log.rect.center)
    app.ctx.stack.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert log.scroll == 6  # three lines a notch
    rect = log.line_rect(log.shown().start)
    assert rect is not None
    app.click(rect.center)  # a scrolled-back line opens its own rule
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.focus == "3.0"


def test_the_parts_of_one_section_are_headed_under_its_first_title(drawn: set[str], tmp_path: Path) -> None:
    """The playtest read three headings "3.1" as three sections of one number: no two headings are the same, and
    a later part of a section names the section's first title ("3.1  Assault: Armored cars"), drawn so."""
    headings = [e.heading for e in RULES]
    assert len(set(headings)) == len(headings)
    assert "3.1  Assault: Armored cars" in headings and "3.1  Assault" in headings
    firsts: dict[str, str] = {}
    for e in RULES:
        if e.number in firsts:
            assert e.heading.startswith(f"{e.number}  {firsts[e.number]}: "), e.heading
        elif e.number:
            firsts[e.number] = e.heading.split("  ", 1)[1]
    app, scene = open_rules("3.1")
    drawn.clear()
    app.screenshot(tmp_path / "rules_3_1.png")
    assert {"3.1  Assault", "3.1  Assault: Barriers and grenade bundles"} <= drawn
