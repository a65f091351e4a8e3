"""The real levels/ load; damaged copies give one-line LevelErrors naming the file and the key."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game.rules import LevelError, load_rules
from game.rules.data import levels_dir

LEVELS = levels_dir()


def test_real_levels_load() -> None:
    rules = load_rules(LEVELS)
    assert len(rules.defenders) == 39
    assert sum(len(deck) for deck in rules.decks.values()) == 90
    assert {s.capacity for s in rules.defender_spaces.values()} <= {2, 3}
    for name, d in rules.defenders.items():
        assert d.start in rules.space_floor, name


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
