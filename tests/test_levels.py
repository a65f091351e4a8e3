"""The real levels/ load; damaged copies give one-line LevelErrors naming the file and the key."""

from __future__ import annotations

import importlib.util
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.rules import LevelError, load_rules
from game.rules.data import levels_dir
from game.rules.toml_reader import load_toml
from game.scenario import run_file, scenario_files

LEVELS = levels_dir()


def test_real_levels_load() -> None:
    rules = load_rules(LEVELS)
    assert len(rules.defenders) == 39
    assert sum(len(deck) for deck in rules.decks.values()) == 90
    assert {s.capacity for s in rules.defender_spaces.values()} <= {2, 3}
    for name, d in rules.defenders.items():
        assert d.start in rules.space_floor, name


def test_decks_make_the_support_examples_possible() -> None:
    """The card mix is inferred, but the gameplay examples must be able to happen: 3.2 machine gunners (an A card
    finds A empty, then a B card finds B's machine gunner: one Attack deck with an A card and two B cards); 3.2
    infantry guns (an E card finds E empty, then two F cards find F's gun and its emplaced gun: one deck with an
    E card and two F cards, F's first gun standing from an earlier card); 6.0 (C's emplaced machine gunner in
    Attack 3: two C cards by deck 3, one in it)."""
    rules = load_rules(LEVELS)

    def count(deck: int, space: str) -> int:
        return sum(1 for cid in rules.decks[deck]
                   if rules.cards[cid].type == "support" and rules.cards[cid].space == space)

    assert any(count(d, "A") >= 1 and count(d, "B") >= 2 for d in (1, 2, 3))
    assert any(count(d, "E") >= 1 and count(d, "F") >= 2 for d in (1, 2, 3))
    assert count(1, "C") + count(2, "C") + count(3, "C") >= 2 and count(3, "C") >= 1


def damaged(tmp_path: Path, name: str, change: Callable[[str], str]) -> Path:
    """A copy of levels/ whose file ``name`` is replaced by ``change(text)`` (which must change it)."""
    folder = tmp_path / "levels"
    shutil.copytree(LEVELS, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    new = change(text)
    assert new != text, f"the damage to {name} did not apply: the file layout changed?"
    path.write_text(new, encoding="utf-8")
    return folder


def sub_first(pattern: str, repl: str, count: int = 1) -> Callable[[str], str]:
    return lambda text: re.sub(pattern, repl, text, count=count, flags=re.MULTILINE)


def load_error(folder: Path) -> str:
    with pytest.raises(LevelError) as info:
        load_rules(folder)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "\n" not in message, f"not one line: {message!r}"
    return message


def square_space() -> str:
    rules = load_rules(LEVELS)
    return next(s.id for s in rules.defender_spaces.values() if s.capacity == 2)


def test_missing_file(tmp_path: Path) -> None:
    folder = tmp_path / "levels"
    shutil.copytree(LEVELS, folder)
    (folder / "decks.toml").unlink()
    assert "decks.toml" in load_error(folder)


def test_invalid_toml(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "board.toml", lambda t: t + "\n[[defender_spaces]\nid = \n")
    message = load_error(folder)
    assert message.startswith("board.toml") and "line" in message


def test_not_utf8(tmp_path: Path) -> None:
    folder = tmp_path / "levels"
    shutil.copytree(LEVELS, folder)
    (folder / "weapons.toml").write_bytes(b"ammunition = [\"\xff\xfe\"]\n")
    assert "weapons.toml" in load_error(folder)


def test_missing_key(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "defenders.toml", sub_first(r"^combat = .*\n", ""))
    message = load_error(folder)
    assert "defenders.toml" in message and "combat" in message and "missing" in message


def test_wrong_type(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "defenders.toml", sub_first(r"^combat = \d+", 'combat = "two"'))
    message = load_error(folder)
    assert "defenders.toml" in message and "combat" in message and "int" in message


def test_wrong_type_of_table(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "board.toml", sub_first(r"^logical_size = .*$", 'logical_size = "big"'))
    message = load_error(folder)
    assert "board.toml" in message and "logical_size" in message


def test_unknown_start_space(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "defenders.toml", sub_first(r'^start = "[^"]*"', 'start = "attic:9"'))
    message = load_error(folder)
    assert "defenders.toml" in message and "start" in message and "attic:9" in message


def test_unknown_weapon_space(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "weapons.toml", sub_first(r'^start = "[^"]*"', 'start = "roof:1"'))
    message = load_error(folder)
    assert "weapons.toml" in message and "start" in message and "roof:1" in message


def test_start_space_over_capacity(tmp_path: Path) -> None:
    square = square_space()
    folder = damaged(tmp_path, "defenders.toml", sub_first(r'^start = "[^"]*"', f'start = "{square}"', count=3))
    message = load_error(folder)
    assert "defenders.toml" in message and "defenders" in message and square in message


def test_card_with_unknown_support_space(tmp_path: Path) -> None:
    pattern = r'(^type = "support"\s*\nspace = )"[^"]*"'
    folder = damaged(tmp_path, "decks.toml", sub_first(pattern, r'\1"Z"'))
    message = load_error(folder)
    assert "decks.toml" in message and "space" in message and "'Z'" in message


def test_card_of_unknown_type(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "decks.toml", sub_first(r'^type = "howitzer"', 'type = "zeppelin"'))
    message = load_error(folder)
    assert "decks.toml" in message and "type" in message and "zeppelin" in message


def test_duplicate_defender(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "defenders.toml", sub_first(r'^name = "Flisykowski"', 'name = "Konrad"'))
    message = load_error(folder)
    assert "defenders.toml" in message and "name" in message and "Konrad" in message


def test_validate_levels_tool(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    ok = subprocess.run([sys.executable, str(root / "tools" / "validate_levels.py")], capture_output=True,
                        text=True, cwd=root)
    assert ok.returncode == 0 and ok.stdout.startswith("levels OK: 39 defenders, 90 enemy cards")
    bad = tmp_path / "levels"
    bad.mkdir()
    for path in (root / "levels").glob("*.toml"):
        (bad / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (bad / "decks.toml").write_text("[[deck1]\n", encoding="utf-8")
    res = subprocess.run([sys.executable, str(root / "tools" / "validate_levels.py"), str(bad)],
                         capture_output=True, text=True, cwd=root)
    assert res.returncode == 1 and res.stdout.count("\n") == 1 and "decks.toml" in res.stdout


def test_tactics_cards_load() -> None:
    """8.1.2 / 8.2.2: three Tactics decks holding the three cards the rulebook names; each card has text."""
    rules = load_rules(LEVELS)
    assert sorted(rules.tactic_decks) == [1, 2, 3]
    names = {c.name for c in rules.tactics.values()}
    assert {"Assault", "Breach", "Coordinated Attack"} <= names
    for deck, ids in rules.tactic_decks.items():
        assert all(rules.tactics[c].deck == deck for c in ids)
        assert len(ids) >= rules.tactics_modes["veteran"].removed + 6  # enough for a six-turn Attack
    assert (rules.tactics_modes["veteran"].removed, rules.tactics_modes["veteran"].in_play) == (3, 1)
    assert (rules.tactics_modes["elite"].removed, rules.tactics_modes["elite"].in_play) == (2, 2)
    assert all(c.text.strip() and c.text.endswith(".") for c in rules.tactics.values())
    assert sorted(rules.setups) == ["elite", "standard", "veteran"]


def test_every_tactics_card_has_a_scenario_showing_it_change_a_result() -> None:
    rules = load_rules(LEVELS)
    scenarios = Path(__file__).resolve().parent / "scenarios"
    texts = [p.read_text(encoding="utf-8") for p in scenarios.glob("8.*.toml")]
    for name in sorted({c.name for c in rules.tactics.values()}):
        assert any(f'kind = "tactic_applied", name = "{name}"' in t for t in texts), name


def test_missing_tactics_file(tmp_path: Path) -> None:
    folder = tmp_path / "levels"
    shutil.copytree(LEVELS, folder)
    (folder / "tactics.toml").unlink()
    assert "tactics.toml" in load_error(folder)


def test_tactics_card_with_unknown_effect(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "tactics.toml", sub_first(r'^effect = "support_dice"', 'effect = "air_strike"'))
    message = load_error(folder)
    assert "tactics.toml" in message and "effect" in message and "air_strike" in message


def test_tactics_deck_with_unknown_card(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "tactics.toml", sub_first(r'^card = "breach"', 'card = "zeppelin"'))
    message = load_error(folder)
    assert "tactics.toml" in message and "deck1" in message and "zeppelin" in message


def test_tactics_card_with_bad_faces_and_missing_difficulty(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "tactics.toml", sub_first(r"^faces = \[.*\]", "faces = [7]"))
    message = load_error(folder)
    assert "tactics.toml" in message and "faces" in message
    folder2 = damaged(tmp_path / "b", "tactics.toml", sub_first(r"^\[difficulty\.elite\]", "[difficulty.hard]"))
    message = load_error(folder2)
    assert message == "tactics.toml: difficulty.hard: unknown key 'hard' (expected one of: veteran, elite)"


def test_setup_without_a_difficulty(tmp_path: Path) -> None:
    folder = damaged(tmp_path, "setup.toml", sub_first(r"^\[elite\.attack2\]", "[elite.attack4]"))
    message = load_error(folder)
    assert message == "setup.toml: elite.attack4: unknown key 'attack4' (expected one of: attack1, attack2, attack3)"


# ---------------------------------------------------------------------------------------------- strict levels
# One test per kind of damage: the one-line message names the file and the key path, and
# tools/validate_levels.py exits with 1 printing that line.
def _validate_main() -> Callable[[list[str]], int]:
    spec = importlib.util.spec_from_file_location("validate_levels", ROOT / "tools" / "validate_levels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    main: Callable[[list[str]], int] = module.main
    return main


ROOT = Path(__file__).resolve().parents[1]
VALIDATE = _validate_main()


def assert_rejected(folder: Path, capsys: pytest.CaptureFixture[str], where: str, problem: str) -> str:
    """load_rules raises a one-line LevelError starting with ``where: `` and containing ``problem``; the
    validator prints the same line and exits with 1."""
    message = load_error(folder)
    assert message.startswith(f"{where}: "), message
    assert problem in message, message
    capsys.readouterr()
    assert VALIDATE([str(folder)]) == 1
    assert capsys.readouterr().out == f"levels: {message}\n"
    return message


def first_entrance_space() -> int:
    """The index in board.toml of the first defender space with an ``entrance`` key."""
    return next(i for i, s in enumerate(load_rules(LEVELS).defender_spaces.values()) if s.entrance)


def test_unknown_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt optional key (an escape route would silently disappear) is rejected, listing the known keys."""
    index = first_entrance_space()
    folder = damaged(tmp_path, "board.toml", sub_first(r"^entrance = ", "entrnce = "))
    assert_rejected(folder, capsys, f"board.toml: defender_spaces[{index}].entrnce",
                    "unknown key 'entrnce' (expected one of: id, colours, shape, entrance, x, y)")


def test_unknown_key_in_a_fixed_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "enemies.toml", sub_first(r"^clearing_order = ", "clearing_ordr = "))
    assert_rejected(folder, capsys, "enemies.toml: assault.rifleman.clearing_ordr", "unknown key 'clearing_ordr'")


def test_wrong_type_list_for_a_string(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "defenders.toml", sub_first(r'^start = ("[^"]*")', r"start = [\1]"))
    assert_rejected(folder, capsys, "defenders.toml: defenders[0].start", "expected a string, found a list [")


def test_wrong_type_bool_for_an_int(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "defenders.toml", sub_first(r"^combat = \d+", "combat = true"))
    assert_rejected(folder, capsys, "defenders.toml: defenders[0].combat",
                    "expected an integer from 0 to 6, found a boolean True")


def test_duplicate_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "board.toml", sub_first(r'^id = "B"', 'id = "A"'))
    assert_rejected(folder, capsys, "board.toml: support_spaces[1].id", "duplicate 'A' (also at support_spaces[0])")


def test_duplicate_weapon_and_tactics_deck_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "weapons.toml", sub_first(r'^id = "lmg2"', 'id = "lmg1"'))
    assert_rejected(folder, capsys, "weapons.toml: weapons[1].id", "duplicate 'lmg1' (also at weapons[0])")
    folder = damaged(tmp_path / "b", "tactics.toml", sub_first(r'^card = "breach"', 'card = "assault"'))
    assert_rejected(folder, capsys, "tactics.toml: deck1[1].card", "duplicate 'assault' (also at deck1[0])")


def test_out_of_range_enemy_defense(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An enemy defense of 0 (any die would hit) is outside 1 to 6."""
    folder = damaged(tmp_path, "enemies.toml", sub_first(r"^defense = \d+", "defense = 0"))
    assert_rejected(folder, capsys, "enemies.toml: assault.rifleman.defense",
                    "expected an integer from 1 to 6, found 0")


def test_out_of_range_coordinate_and_morale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    width = load_rules(LEVELS).logical_size[0]
    folder = damaged(tmp_path, "board.toml", sub_first(r"^x = \d+", "x = 99999"))
    assert_rejected(folder, capsys, "board.toml: defender_spaces[0].x",
                    f"expected an integer from 0 to {width}, found 99999")
    folder = damaged(tmp_path / "b", "board.toml", sub_first(r"^start = \d+", "start = 0"))
    assert_rejected(folder, capsys, "board.toml: morale.start", "expected an integer from 1 to 20, found 0")
    folder = damaged(tmp_path / "c", "decks.toml", sub_first(r"^count = \d+", "count = 0"))
    assert_rejected(folder, capsys, "decks.toml: deck1[5].count", "expected an integer from 1 to 90, found 0")


def test_dangling_reference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A colour not on the floor's Target table, an entrance, a joined track space that do not exist."""
    folder = damaged(tmp_path, "board.toml", sub_first(r'^colours = \["green"\]', 'colours = ["purple"]'))
    assert_rejected(folder, capsys, "board.toml: defender_spaces[0].colours[0]",
                    "unknown colour 'purple' on the upper Target table (expected one of: ")
    folder = damaged(tmp_path / "b", "board.toml", sub_first(r'^(die = .*\nentrance = )"basement"', r'\1"attic"'))
    assert_rejected(folder, capsys, "board.toml: tracks[0].entrance", "unknown entrance 'attic'")
    folder = damaged(tmp_path / "c", "board.toml", sub_first(r'\{ joins = "7:3" \}', '{ joins = "7:9" }'))
    assert_rejected(folder, capsys, "board.toml: tracks[4].spaces[2].joins", "unknown track space '7:9'")


def test_dangling_reference_across_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "decks.toml", sub_first(r'^name = "Heinrich"', 'name = "Rommel"'))
    assert_rejected(folder, capsys, "decks.toml: deck1[3].name", "unknown leader 'Rommel'")
    folder = damaged(tmp_path / "b", "setup.toml", sub_first(r'rifleman = \["1-2"', 'rifleman = ["13-14"'))
    assert_rejected(folder, capsys, "setup.toml: standard.attack1.assault.rifleman[0]",
                    "unknown placement space '13-14'")


def test_bad_toml_syntax(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = damaged(tmp_path, "tactics.toml", sub_first(r"^\[difficulty\.veteran\]", "[difficulty.veteran"))
    assert_rejected(folder, capsys, "tactics.toml", "not valid TOML: ")


@pytest.mark.parametrize("content, problem", [
    (b"[[deck1]\n", "not valid TOML: "),
    (b"deck1 = [\"\xff\"]\n", "cannot be read: not UTF-8 text"),
    (b"deck1 = " + b"[" * 5000 + b"]" * 5000 + b"\n", "not valid TOML: nested too deeply"),
    (b"deck1 = " + b"[" * 50 + b"]" * 50 + b"\n", "deck1[0]: expected a table, found a list"),
    (b"deck1 = []\n\"a\\nb\" = 1\n", 'decks.toml: "a\\nb": a key with the control character U+000A'),
])
def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, problem: str) -> None:
    folder = tmp_path / "levels"
    shutil.copytree(LEVELS, folder)
    (folder / "decks.toml").write_bytes(content)
    assert_rejected(folder, capsys, "decks.toml", problem)


def test_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_rejected(tmp_path / "nowhere", capsys, "board.toml", "file not found in nowhere/")


def test_shipped_levels_and_scenarios_pass(capsys: pytest.CaptureFixture[str]) -> None:
    """The game's own levels/ and every tests/scenarios/*.toml go through the strict reader."""
    assert VALIDATE([str(LEVELS)]) == 0
    assert capsys.readouterr().out.startswith("levels OK: 39 defenders, 90 enemy cards")
    files = scenario_files([ROOT / "tests" / "scenarios"])
    assert len(files) >= 40
    for path in files:
        result = run_file(path)
        assert result.passed, result.line()


def test_random_damage_never_escapes_as_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """300 random changes to the parsed files (a key dropped or renamed, an item repeated, a value replaced by
    one of another type or range) either load or raise a one-line LevelError, never another exception."""
    import copy
    import random

    import game.rules.data as data

    names = ["board.toml", "defenders.toml", "weapons.toml", "enemies.toml", "decks.toml", "setup.toml",
             "tactics.toml"]
    real = {name: load_toml(LEVELS / name, name, LevelError) for name in names}
    values: list[Any] = [0, -1, 7, 10**9, True, "", "x", "upper:1-2", "1-2", "A", [], [1], ["a"], {}, {"a": 1},
                         1.5, "a\nb", [[[]]], "7:3", "front", 3, "rifleman", "Konrad"]
    rng = random.Random(15)
    changed: dict[str, Any] = {}
    monkeypatch.setattr(data, "load_toml",
                        lambda path, name, error, limit: copy.deepcopy(changed.get(name, real[name])))
    outcomes = {"loaded": 0, "rejected": 0}
    for _ in range(300):
        name = rng.choice(names)
        tree = copy.deepcopy(real[name])
        places: list[tuple[Any, Any]] = []
        stack: list[Any] = [tree]
        while stack:
            node = stack.pop()
            keys = list(node) if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else []
            for key in keys:
                places.append((node, key))
                stack.append(node[key])
        parent, key = rng.choice(places)
        move = rng.randrange(4)
        if move == 0 and isinstance(parent, dict):
            del parent[key]
        elif move == 1 and isinstance(parent, dict):
            parent[f"{key}x"] = parent.pop(key)
        elif move == 2 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        else:
            parent[key] = copy.deepcopy(rng.choice(values))
        changed.clear()
        changed[name] = tree
        try:
            load_rules(LEVELS)
            outcomes["loaded"] += 1
        except LevelError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(f"{name}: "), str(exc)
            outcomes["rejected"] += 1
    assert outcomes["rejected"] > 200, outcomes
