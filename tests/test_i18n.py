"""The game in English and French (issue 21): the translation layer, its catalogs, the choice of language (system,
settings, ``--lang``), a switch without a restart, and the screens translated so far drawn wholly in French."""

from __future__ import annotations

import ast
import io
import json
import re
import shutil
import string
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.__main__ import build_parser, main
from game.ai import HeuristicPolicy, RandomPolicy
from game.i18n import Said, Words, _, n_
from game.rules import Game
from game.text_mode import play_text
from game.ui import fonts
from game.ui.app import App
from game.ui.log_panel import LogPanel
from game.ui.play.scene import PlayScene
from game.ui.records import Record
from game.ui.scenes import demo as demo_module
from game.ui.scenes.demo import DemoResultsScene, DemoScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.rules_ref import RulesScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tutorial import NOTES, STEPS, TutorialScene
from game.ui.settings import Settings
from tests.helpers import explained_games, load_tool, play_by_clicks

ROOT = Path(__file__).resolve().parents[1]
FRENCH_PO = ROOT / "game" / "i18n" / "locale" / "fr" / "LC_MESSAGES" / "postmen.po"


def test_texts_are_english_until_french_is_chosen() -> None:
    assert i18n.language() == "en"
    assert _("New game") == "New game"
    assert _("{difficulty}: the top {n}", difficulty="Elite", n=10) == "Elite: the top 10"
    assert i18n.set_language("fr") == ""
    assert _("New game") == "Nouvelle partie"
    # the fields are filled after translating (French puts a no-break space before the colon)
    assert _("{difficulty}: the top {n}", difficulty=_("Elite"), n=10) == "Élite\u00a0: les 10 meilleurs"
    assert i18n.set_language("en") == ""
    assert _("New game") == "New game"


def test_a_text_already_translated_comes_back_as_it_is() -> None:
    i18n.set_language("fr")
    said = _("Back")
    assert isinstance(said, Said) and said == "Retour"
    assert _(said) is said  # not looked up again (a French text is no message id)
    i18n.missing = set()
    _(said)
    assert i18n.missing == set()


def test_plural_forms_follow_each_language() -> None:
    forms = {"en": {0: "Spend 0 suppression tokens", 1: "Spend 1 suppression token", 2: "Spend 2 suppression tokens"},
             "fr": {0: "Dépenser 0 jeton de Suppression", 1: "Dépenser 1 jeton de Suppression",
                    2: "Dépenser 2 jetons de Suppression"}}
    for code, expected in forms.items():
        i18n.set_language(code)
        for n, text in expected.items():
            assert n_("Spend {n} suppression token", "Spend {n} suppression tokens", n) == text, (code, n)


def test_numbers_and_percentages_are_written_the_language_s_way() -> None:
    assert (i18n.number(2.5), i18n.percent(0.45)) == ("2.5", "45%")
    i18n.set_language("fr")
    assert (i18n.number(2.5), i18n.percent(0.45)) == ("2,5", "45\u00a0%")


def test_a_missing_or_unknown_catalog_is_one_line_and_english(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    assert "unknown language 'de'" in i18n.set_language("de")
    assert i18n.language() == "en"
    damaged = tmp_path / "postmen.mo"
    damaged.write_bytes(b"\x00not a catalog" * 10)
    monkeypatch.setattr(i18n, "catalog_path", lambda code: damaged)
    problem = i18n.set_language("fr")
    assert problem.startswith("the Français catalog postmen.mo could not be read")
    assert i18n.language() == "en" and _("New game") == "New game"


def test_a_translation_with_wrong_fields_shows_the_english_instead_of_crashing(monkeypatch: pytest.MonkeyPatch
                                                                               ) -> None:
    i18n.set_language("fr")
    monkeypatch.setattr(i18n._catalog, "gettext", lambda message: "{difficulte} : les {n} meilleurs")
    assert _("{difficulty}: the top {n}", difficulty="Elite", n=10) == "Elite: the top 10"


@pytest.mark.parametrize(("env", "code"), [
    ({"LANGUAGE": "fr_FR.UTF-8"}, "fr"), ({"LANGUAGE": "de:fr"}, "fr"), ({"LC_ALL": "fr_CA"}, "fr"),
    ({"LANG": "French_France.1252"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"), ({"LANG": "pl_PL"}, "en"),
    ({"LANG": "C"}, "en"),
])
def test_the_system_locale_picks_the_language(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                              code: str) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert i18n.system_language() == code


def test_the_catalogs_hold_every_message_of_the_code_translated_and_compiled() -> None:
    """``tools/catalogs.py --check``: the template has every id the code asks for, the French catalog translates
    each of them (no fuzzy entry), and the compiled catalog the game reads is that catalog."""
    assert load_tool("catalogs").main(["--check"]) == 0


@pytest.fixture(scope="module")
def code_ids() -> object:
    """The code's message ids (``tools/catalogs.py``'s template), extracted once for the catalog checks."""
    return load_tool("catalogs").extract()


def catalog_copy(tmp_path: Path) -> Path:
    """A copy of the game's catalogs (``game/i18n/locale``) to damage."""
    return Path(shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale"))


def compile_po(catalogs: object, po: Path, change: Callable[[str], str] = lambda text: text) -> bytes:
    """The compiled form of the French catalog ``po`` with its text changed by ``change``."""
    catalog = read_po(io.BytesIO(change(po.read_text(encoding="utf-8")).encode()), locale="fr")
    return catalogs.render_mo(catalog)  # type: ignore[attr-defined,no-any-return]


def test_the_catalog_check_ignores_the_generators_header_and_date(tmp_path: Path, code_ids: object,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: catalogs written by another release of Babel, on another day, are up to date: every header line
    the generator writes (Generated-By, the creation and revision dates) changed in the template, the French
    catalog and its compiled form, and the check still finds nothing."""
    from babel.messages import catalog as babel_catalog

    catalogs = load_tool("catalogs")
    locale = catalog_copy(tmp_path)
    assert catalogs.update(locale, write=False, template=code_ids) == []
    pot, po = locale / "postmen.pot", locale / "fr" / "LC_MESSAGES" / "postmen.po"
    for path in (pot, po):
        text = path.read_text(encoding="utf-8")
        changed = re.sub(r"Generated-By: Babel [^\\]*", "Generated-By: Babel 9.99.1", text)
        changed = re.sub(r"(POT-Creation-Date|PO-Revision-Date): [^\\]*", r"\1: 2031-07-14 09:30+0200", changed)
        assert changed.count("9.99.1") == 1 and changed.count("2031-07-14") == 2, path
        path.write_text(changed, encoding="utf-8")
    monkeypatch.setattr(babel_catalog, "VERSION", "9.99.1")
    mo = po.with_suffix(".mo")
    recompiled = compile_po(catalogs, po)
    assert b"Babel 9.99.1" in recompiled and b"2031-07-14" in recompiled and recompiled != mo.read_bytes()
    mo.write_bytes(recompiled)
    assert catalogs.update(locale, write=False, template=code_ids) == []


def drop_translation(locale: Path, catalogs: object) -> None:
    po = locale / "fr" / "LC_MESSAGES" / "postmen.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgid "setup"\nmsgstr "mise en place"\n' in text
    po.write_text(text.replace('msgid "setup"\nmsgstr "mise en place"\n', 'msgid "setup"\nmsgstr ""\n'),
                  encoding="utf-8")


def change_po_translation(locale: Path, catalogs: object) -> None:
    po = locale / "fr" / "LC_MESSAGES" / "postmen.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "mise en place"', 'msgstr "installation"'), encoding="utf-8")


def change_mo_translation(locale: Path, catalogs: object) -> None:
    po = locale / "fr" / "LC_MESSAGES" / "postmen.po"
    mo = compile_po(catalogs, po, lambda text: text.replace('msgstr "mise en place"', 'msgstr "montage"'))
    assert b"montage" in mo
    po.with_suffix(".mo").write_bytes(mo)


def change_mo_plural_forms(locale: Path, catalogs: object) -> None:
    po = locale / "fr" / "LC_MESSAGES" / "postmen.po"
    mo = compile_po(catalogs, po, lambda text: text.replace("plural=(n > 1);", "plural=(n != 1);"))
    assert b"plural=(n != 1)" in mo
    po.with_suffix(".mo").write_bytes(mo)


def drop_code_id(locale: Path, catalogs: object) -> None:
    pot = locale / "postmen.pot"
    text = pot.read_text(encoding="utf-8")
    assert text.count('msgid "setup"\nmsgstr ""\n') == 1
    pot.write_text(text.replace('msgid "setup"\nmsgstr ""\n', 'msgid "set-up"\nmsgstr ""\n'), encoding="utf-8")


@pytest.mark.parametrize(("damage", "said"), [
    (drop_translation, "fr/LC_MESSAGES/postmen.po: 1 message(s) without a translation: 'setup'"),
    (change_po_translation, "fr/LC_MESSAGES/postmen.mo is not the compiled postmen.po"),
    (change_mo_translation, "fr/LC_MESSAGES/postmen.mo is not the compiled postmen.po"),
    (change_mo_plural_forms, "fr/LC_MESSAGES/postmen.mo is not the compiled postmen.po"),
    (drop_code_id, "postmen.pot is not the code's message ids"),
], ids=["missing translation", "translation changed in the .po", "translation changed in the .mo",
        "plural forms changed in the .mo", "id changed in the template"])
def test_the_catalog_check_fails_on_a_changed_or_missing_message(tmp_path: Path, code_ids: object,
                                                                 damage: Callable[[Path, object], None],
                                                                 said: str) -> None:
    """Issue 30: what the check compares is our text: a translation missing or changed, plural forms changed or a
    message id the code does not ask for are each found, and named."""
    catalogs = load_tool("catalogs")
    locale = catalog_copy(tmp_path)
    damage(locale, catalogs)
    problems = catalogs.update(locale, write=False, template=code_ids)
    assert any(line.endswith(said) for line in problems), problems


def test_each_french_text_has_the_fields_of_its_english() -> None:
    fields = string.Formatter()
    with FRENCH_PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = {name for text in ids for _lit, name, _spec, _conv in fields.parse(text) if name}
        for text in strings:
            have = {name for _lit, name, _spec, _conv in fields.parse(text) if name}
            if message.pluralizable:  # a form for one may leave the number unsaid ("l'intrus")
                assert have <= wanted and wanted - have <= {"n"}, message.id
            else:
                assert have == wanted, message.id
            assert not re.search(r" [:;?!%]", text), f"a plain space before French punctuation: {text!r}"
        checked += 1
    assert checked > 50


def test_no_function_hides_the_translation_function() -> None:
    """A function that assigns ``_`` (``for _ in ...``) makes it local there: a ``_("...")`` in it would fail.
    Every module that imports ``_`` from game.i18n must leave it alone."""
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = any(isinstance(node, ast.ImportFrom) and node.module == "game.i18n"
                      and any(alias.name == "_" for alias in node.names) for node in ast.walk(tree))
        if not imports:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_settings_keep_a_language_and_name_a_wrong_one() -> None:
    settings, problems = Settings.from_json(json.dumps({"language": "fr"}))
    assert settings.language == "fr" and problems == []
    settings, problems = Settings.from_json(json.dumps({"language": "klingon"}))
    assert settings.language == "" and problems == ["'language' = \"klingon\" is not one of en, fr or \"\" (the "
                                                    "system's)"]


def test_the_command_line_takes_a_language() -> None:
    assert build_parser().parse_args(["play", "--lang", "fr"]).lang == "fr"
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["play", "--lang", "de"])
    assert exit_.value.code == 2


def button(scene: object, label: str) -> tuple[int, int]:
    return next(b for b in scene.buttons if b.label == label).rect.center  # type: ignore[attr-defined]


def test_french_chosen_in_settings_shows_at_once_and_at_the_next_start() -> None:
    app = App(headless=True, seed=0)
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.click(button(title, "Settings"))
    app.step(1 / 60)
    settings = app.stack.top
    fonts.drawn = set()
    app.click(next(b for b in settings.buttons if b.label == "Français").rect.center)  # type: ignore[attr-defined]
    app.step(1 / 60)
    assert {"RÉGLAGES", "Langue", "Retour"} <= fonts.drawn and "SETTINGS" not in fonts.drawn
    app.click(button(app.stack.top, "Back"))
    fonts.drawn = set()
    app.step(1 / 60)
    assert app.stack.top is title
    assert {"Nouvelle partie", "Meilleurs scores", "Difficulté d'une nouvelle partie"} <= fonts.drawn
    assert "New game" not in fonts.drawn
    fonts.drawn = None
    i18n.set_language("en")
    again = App(headless=True, seed=0)  # the choice is saved
    assert i18n.language() == "fr" and again.ctx.settings.language == "fr"


def test_the_command_line_language_wins_for_the_run_only() -> None:
    App(headless=True, seed=0, lang="fr")
    assert i18n.language() == "fr"
    App(headless=True, seed=0)
    assert i18n.language() == "en"


ENGLISH_RANK = re.compile(r"\b(Trained|Postal worker) \d")  # a numbered defender not worded in French
FIXED = {"POSTMEN", "Soldiers in Postmen's Uniforms", "POCZTA POLSKA"}  # the title and the sign on the building


def drawn_in_french(app: App) -> tuple[set[str], set[str]]:
    """Every line drawn by one more frame of ``app`` that is not French (not part of a text handed out in
    French since the test set ``i18n.said``, nor a fixed name, nor free of letters), and every message id the
    French catalog lacked in that frame."""
    assert i18n.language() == "fr" and i18n.said is not None
    fonts.drawn, i18n.missing = set(), set()
    app.step(1 / 60)
    drawn, missing = fonts.drawn, i18n.missing
    fonts.drawn = i18n.missing = None
    return set(not_french(drawn)), missing


def not_french(drawn: set[str]) -> list[str]:
    """The lines of ``drawn`` that are not French: not part of a text handed out in French since the test set
    ``i18n.said`` (or a numbered defender in English), nor a fixed name, nor free of letters."""
    assert i18n.said is not None
    return sorted(line for line in drawn if line not in FIXED and re.search(r"[A-Za-z]", line)
                  and (not any(line.strip() in text for text in i18n.said) or ENGLISH_RANK.search(line)))


def test_the_menus_are_drawn_wholly_in_french() -> None:
    """The title (every button's tip shown), Settings, High scores, the pause menu and a confirmation: every line
    drawn is French, and no message the screens ask for lacks a translation."""
    i18n.said = set()  # every French text handed out from the start
    app = App(headless=True, seed=0, lang="fr")
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    screens = 0
    for b in [*title.buttons, *title.difficulty_buttons]:
        app.hover(b.rect.center)
        assert drawn_in_french(app) == (set(), set()), b.label
        screens += 1
    for label in ("Settings", "High scores"):
        app.click(button(title, label))
        assert drawn_in_french(app) == (set(), set()), label
        for b in app.stack.top.buttons:  # type: ignore[attr-defined]
            app.hover(b.rect.center)
            assert drawn_in_french(app) == (set(), set()), (label, b.label)
        app.stack.pop()
        screens += 1
    pause = PauseScene(app.ctx, undo=lambda: None, undo_tip=_("Undo"), undo_enabled=True)
    app.stack.push(pause)
    assert drawn_in_french(app) == (set(), set())
    app.click(button(pause, "Quit to title"))  # the confirmation
    assert drawn_in_french(app) == (set(), set())
    assert screens == len(title.buttons) + len(title.difficulty_buttons) + 2


@pytest.mark.parametrize("seed", [0, 5])
def test_the_results_are_drawn_wholly_in_french(seed: int) -> None:
    """A finished game's results (the award and level of 7.0 in the rulebook's French words, who survived,
    escaped or fell, the high-score table): every line drawn is French."""
    i18n.said = set()
    app = App(headless=True, seed=0, lang="fr")
    game = Game.new(seed)
    policy = HeuristicPolicy(seed)
    while not game.over:
        game.apply(policy.choose(game))
    app.stack.push(ResultsScene(app.ctx, game))
    assert drawn_in_french(app) == (set(), set())
    for b in app.stack.top.buttons:  # type: ignore[attr-defined]
        app.hover(b.rect.center)
        assert drawn_in_french(app) == (set(), set()), b.label
    level = (game.result or {})["level"]
    assert i18n.said is not None and _(level) in i18n.said and _(level) != level


def test_whole_games_are_narrated_in_french() -> None:
    """Every event of three Elite games (Tactics cards, all three Attacks) read in French: no message lacks its
    translation, no numbered defender keeps his English rank, and the same events read in English again give
    the English narration (the events keep no words, only what to say)."""
    i18n.set_language("fr")
    i18n.missing = set()
    events = []
    for seed in (0, 1, 2):
        game = Game.new(seed, "elite")
        policy = HeuristicPolicy(seed)
        while not game.over:
            events += game.apply(policy.choose(game))
    french = [e.text for e in events]
    assert i18n.missing == set()
    assert not [t for t in french if ENGLISH_RANK.search(t)]
    assert {e.kind for e in events} >= {"card_revealed", "counter_placed", "dice_rolled", "casualty",
                                        "tactic_revealed", "attack_started", "game_over"}
    kinds = {e.kind: e.text for e in events}
    assert kinds["attack_started"].startswith("L'attaque ")
    i18n.set_language("en")
    english = [e.text for e in events]
    assert sum(a != b for a, b in zip(french, english, strict=True)) > 0.9 * len(events)
    assert {e.kind: e.text for e in events}["attack_started"].startswith("Attack ")


def test_the_log_is_worded_again_when_the_language_changes() -> None:
    game = Game.new(4)
    events = game.apply(game.legal_actions()[0])
    log = LogPanel(pygame.Rect(0, 0, 400, 600))
    for e in events:
        log.add(Words(str, e))
    log.add("Hint: plain text stays as it was")
    english = log.texts()
    before = log.version
    i18n.set_language("fr")
    french = log.texts()
    log.signature()  # (each frame asks it before drawing)
    assert log.version > before and [line for line, _ in log.lines][-1].startswith("Hint:")
    assert french[:-1] != english[:-1] and french[-1] == english[-1]
    assert [str(e) for e in events] == french[:-1]


def test_the_rules_reference_is_drawn_wholly_in_french_and_searched_in_french() -> None:
    """Every page of the rules reference, scrolled from top to bottom, is French; a French word finds its
    sections."""
    i18n.said = set()
    app = App(headless=True, seed=0, lang="fr")
    app.step(1 / 60)
    app.click(button(app.stack.top, "Rules"))
    scene = app.stack.top
    assert isinstance(scene, RulesScene)
    pages = 0
    while True:
        assert drawn_in_french(app) == (set(), set()), scene.scroll
        pages += 1
        if scene.scroll >= scene.max_scroll:
            break
        scene.scroll_to(scene.scroll + scene.rect.h - 80)
    assert pages > 10
    scene.set_query("grappe")
    assert scene.entries and all("grappe" in e.haystack() for e in scene.entries)
    assert drawn_in_french(app) == (set(), set())


def test_a_whole_game_played_by_clicks_is_drawn_in_french() -> None:
    """From the title to the medal in French: a whole game played by clicks (every defender and space hovered
    every few decisions, their tooltips drawn), the results at the end: every line drawn is French (the log's
    narration, the prompts, the buttons, the board's words and counters, the tooltips), no message lacks its
    translation."""
    i18n.said, i18n.missing = set(), set()
    fonts.drawn = set()
    app = App(headless=True, seed=0, lang="fr")
    app.ctx.settings.speed = 0.0
    app.step(1 / 60)
    app.click(button(app.stack.top, "New game"))
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    decisions = play_by_clicks(app, scene)
    assert isinstance(app.stack.top, ResultsScene)
    app.step(1 / 60)
    drawn, fonts.drawn = fonts.drawn, None
    assert len(drawn) > 500 and decisions > 40
    assert not_french(drawn) == [] and i18n.missing == set()


def test_the_reasons_a_choice_is_refused_are_french() -> None:
    """Why each refused choice is refused (the core's reasons: a disabled menu item's tip, a click's notice), at
    every decision of a Veteran game played by the heuristic: every message translated."""
    i18n.set_language("fr")
    i18n.missing = set()
    game = Game.new(2, "veteran")
    policy = HeuristicPolicy(2)
    reasons: set[str] = set()
    while not game.over:
        reasons.update(game.refusals().values())
        game.apply(policy.choose(game))
    assert i18n.missing == set() and len(reasons) > 100
    assert not [r for r in reasons if ENGLISH_RANK.search(r)]
    assert any(r.endswith("(4.2.3)") and " n'est ni épuisé ni désorganisé " in r for r in reasons)


@pytest.mark.parametrize(("policy", "games"), [("heuristic", 3), ("planner", 1)])
def test_the_hints_and_the_demo_captions_are_french(policy: str, games: int) -> None:
    """What the Hint and the demo's caption say at every decision of whole games (the action and the AI's reason,
    ``words.explained``), in French: every message translated, no numbered defender in English, and the reason
    names the defender the French way."""
    i18n.set_language("fr")
    i18n.missing = set()
    lines = [line for _game, _action, _reason, line in explained_games(policy, games)]
    assert i18n.missing == set() and len(lines) > 50
    assert not [line for line in lines if ENGLISH_RANK.search(line)]
    assert any(" attaque le " in line for line in lines)


def test_the_guided_game_coach_speaks_french() -> None:
    """Every opening step and every first-time note of the guided game, as the coach shows it (with its
    buttons), is drawn in French."""
    i18n.said = set()
    app = App(headless=True, seed=1, lang="fr")
    app.ctx.settings.speed = 0.0
    app.step(1 / 60)
    app.click(button(app.stack.top, "Tutorial"))
    scene = app.stack.top
    assert isinstance(scene, TutorialScene)
    for _i in range(60):
        app.step(1 / 60)
    shown = 0
    for i in range(len(STEPS)):
        scene.step, scene.notes = i, []
        assert drawn_in_french(app) == (set(), set()), STEPS[i].key
        shown += 1
    for note in NOTES:
        scene.notes = [note]
        assert drawn_in_french(app) == (set(), set()), note.key
        shown += 1
    assert shown == len(STEPS) + len(NOTES)


def test_the_after_action_review_is_drawn_in_french() -> None:
    """The review of a whole game (score lines, turning points, luck, the planner's view of the player's
    decisions once worked out), in French."""
    i18n.said = set()
    app = App(headless=True, seed=0, lang="fr")
    game = Game.new(5, "veteran")
    game.keep_history = True
    policy = RandomPolicy(5)
    while not game.over:
        game.apply(policy.choose(game))
    review = ReviewScene(app.ctx, Record(5, "veteran", list(game.state["history"])), samples=2)
    app.stack.push(review)
    review.thread.join(timeout=300)
    assert review.review.decisions is not None and not review.failed
    assert drawn_in_french(app) == (set(), set())
    assert review.review.turning and review.review.luck


def test_the_text_mode_speaks_french() -> None:
    """``postmen play --text --lang fr``: the header, the board summary, the narration and the menus in French
    (the typed commands stay the actions' ids), no message untranslated."""
    i18n.set_language("fr")
    i18n.missing = set()
    out = io.StringIO()
    play_text(3, io.StringIO("1\n1\n?\n1\nq\n"), out)
    text = out.getvalue()
    assert "Graine 3 (rejouer avec --seed 3)" in text and "Phase de défense, mouvements" in text
    assert "ennemis sur les pistes" in text and "On quitte la partie." in text
    assert i18n.missing == set()


def test_a_damaged_settings_file_is_said_in_the_language_it_names(data_dir: Path) -> None:
    """The title's one-line message about a damaged value of the settings is in the language the same file
    chose: French, each problem named in French."""
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({"language": "fr", "volume": 7, "colour": 1}))
    i18n.said = set()
    app = App(headless=True, seed=0)
    assert i18n.language() == "fr"
    assert app.ctx.message.startswith("Réglages de settings.json\u00a0: ")
    assert "'volume' = 7 n'est pas un nombre de 0 à 1" in app.ctx.message
    assert "réglage inconnu 'colour'" in app.ctx.message
    assert drawn_in_french(app)[1] == set()


def test_a_whole_demo_game_is_drawn_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo from its first card to its results in French: the planner's captions (the action and why), the
    board, the log, the panels, the demo's results; every line drawn is French and every message translated.
    (The animations are skipped and each choice is shown briefly, so that the whole game fits in a test.)"""
    monkeypatch.setattr(demo_module, "SHOW_CHOICE", 0.05)
    i18n.said, i18n.missing = set(), set()
    fonts.drawn = set()
    app = App(headless=True, seed=4, demo=True, lang="fr")
    scene = app.stack.top
    assert isinstance(scene, DemoScene)
    for i in range(60000):
        scene.queue.speed = 0.0
        app.step(1 / 60, [], draw=i % 5 == 0)
        if isinstance(app.stack.top, DemoResultsScene):
            break
    assert isinstance(app.stack.top, DemoResultsScene) and scene.game.over and scene.decisions > 50
    app.step(1 / 60)
    drawn, fonts.drawn = fonts.drawn, None
    assert not_french(drawn) == [] and i18n.missing == set()
    assert any(line.startswith("Ordinateur") for line in drawn)


def test_the_command_line_help_and_errors_speak_french(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "fr", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation\u00a0: postmen play") and "afficher cette aide et quitter" in out
    assert "jouer dans le terminal au lieu du jeu en plein écran" in out
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--games", "x", "--lang", "fr"])
    assert done.value.code == 2
    assert "postmen simulate\u00a0: erreur\u00a0: " in capsys.readouterr().err
    i18n.set_language("en")
    with pytest.raises(SystemExit):
        main(["--lang", "en", "--help"])
    assert capsys.readouterr().out.startswith("usage: postmen play")


def test_a_game_in_play_is_redrawn_in_the_new_language() -> None:
    """French chosen while a game is on the screen: the next frame's printed board (its captions, floors,
    doors), panels and log are French; the log's narration is worded again."""
    app = App(headless=True, seed=2)
    app.ctx.settings.speed = 0.0
    app.step(1 / 60)
    app.click(button(app.stack.top, "New game"))
    for _i in range(30):
        app.step(1 / 60)
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    scene.ask_hint()
    scene.wait_hint()
    assert scene.caption().startswith("Hint: ")
    english_log = scene.log.texts()
    scene.close_summary()  # the log in view (under the summary of the opening Enemy Phase it is not drawn)
    fonts.drawn = set()
    i18n.set_language("fr")
    app.step(1 / 60)
    drawn, fonts.drawn = fonts.drawn, None
    assert {"DANS LA POSTE", "DEHORS", "INTÉRIEUR", "REZ-DE-CHAUSSÉE", "JOURNAL", "MORAL"} <= drawn
    assert not {"INSIDE THE POST OFFICE", "OUTSIDE", "INTERIOR", "LOG"} & drawn
    assert scene.log.texts()[1:] != english_log[1:] and any("L'attaque 1 commence" in t for t in scene.log.texts())
    scene.wait_hint()
    caption = scene.caption()
    assert caption.startswith("Conseil\u00a0: ") and scene.hint is not None, caption  # asked again, in French
