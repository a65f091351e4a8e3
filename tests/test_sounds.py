"""A sound for every blow (issue 32): the effects rendered by tools/render_sounds.py are in assets/sounds/, one
file a variation, at least 20 distinct effects with variations for the frequent ones; decoded as the game decodes
them their peaks stay at most -1 dBFS (their loudness is matched by the tool and checked by its --check, which CI
runs); the bank loads them all, places each in the stereo field, and a damaged file silences that effect alone."""

from __future__ import annotations

import array
import math
from pathlib import Path

import pygame
import pytest

from game.ui.sound import EFFECTS, SOUNDS, SoundBank, pan_volumes

FREQUENT = ("rifle", "dice", "slide", "card", "grenade", "breach", "casualty", "suppression")


@pytest.fixture(scope="module")
def mixer() -> None:
    if not pygame.mixer.get_init():
        pygame.mixer.init(frequency=44100, size=-16, channels=2)


def test_every_effect_has_its_files_and_no_file_is_left_over() -> None:
    wanted = {f"{name}-{v}.ogg" for name, n in EFFECTS.items() for v in range(1, n + 1)}
    assert {p.name for p in SOUNDS.glob("*.ogg")} == wanted
    assert len(EFFECTS) >= 20
    assert all(EFFECTS[name] >= 2 for name in FREQUENT)


def test_every_blow_the_issue_names_has_its_effect() -> None:
    for name in ("rifle", "lmg", "hmg", "smg", "atr", "grenade", "bundle", "infantry_gun", "howitzer", "engine",
                 "barrier", "breach", "slide", "card", "casualty", "morale_down", "morale_up", "escape",
                 "suppression", "attack_end", "victory", "defeat"):
        assert name in EFFECTS, name


def test_no_peak_is_over_minus_1_dbfs_as_the_game_decodes_it(mixer: None) -> None:
    for path in sorted(SOUNDS.glob("*.ogg")):
        samples = array.array("h", pygame.mixer.Sound(str(path)).get_raw())
        peak = max(abs(v) for v in samples) / 32768
        assert 20 * math.log10(peak) <= -1.0, path.name


def test_the_bank_loads_every_variation_and_plays_them_in_turn_placed_left_or_right(mixer: None) -> None:
    bank = SoundBank()
    bank.load()
    assert bank.ok and bank.error == ""
    assert {name: len(v) for name, v in bank.sounds.items()} == EFFECTS
    for _ in range(4):
        bank.play("rifle", 1.0, -1.0)
    assert bank.turn["rifle"] == 4  # the next variation each time (rifle-1, -2, -3, -1)
    left, right = pan_volumes(-1.0)
    assert left == pytest.approx(1.0) and right == pytest.approx(0.0, abs=1e-9)
    assert pan_volumes(0.0) == pytest.approx((math.sqrt(0.5), math.sqrt(0.5)))


def test_a_damaged_or_missing_file_silences_that_effect_alone(tmp_path: Path, mixer: None) -> None:
    for path in SOUNDS.glob("*.ogg"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "rifle-2.ogg").write_bytes(b"OggS not a sound at all" * 10)
    (tmp_path / "dice-1.ogg").unlink()
    bank = SoundBank(tmp_path)
    bank.load()
    assert bank.ok
    assert "rifle-2.ogg" in bank.error and "dice-1.ogg" in bank.error and "\n" not in bank.error
    assert len(bank.sounds["rifle"]) == 2 and len(bank.sounds["dice"]) == 2
    bank.play("rifle")  # never raises


def test_the_title_says_which_sound_file_was_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.sound as sound
    from game.ui.app import App

    for path in SOUNDS.glob("*.ogg"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "breach-1.ogg").write_bytes(b"\x00" * 64)
    monkeypatch.setattr(sound, "SOUNDS", tmp_path)
    monkeypatch.setattr(SoundBank.__init__, "__defaults__", (tmp_path,))
    app = App(headless=True, seed=0)
    assert "breach-1.ogg" in app.ctx.message and app.ctx.sounds.ok
