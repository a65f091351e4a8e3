"""The soundtrack (issue 32): four looping pieces of at least 60 s (the title theme, the Attack bed's calm and tense
layers, the fire truck's finale) and two closes, rendered by tools/render_sounds.py into assets/music/; each loop
joins its end to its start without a click; the player crossfades (never a hard cut) and follows the tension of
the Attack and the morale band; the music has its own volume."""

from __future__ import annotations

import array
import math

import pygame
import pytest

from game.ui.music import FADE, MUSIC, PIECES, MusicPlayer, tension
from game.ui.settings import Settings

LOOPS = ("title", "bed_calm", "bed_tense", "finale")


@pytest.fixture(scope="module")
def mixer() -> None:
    if not pygame.mixer.get_init():
        pygame.mixer.init(frequency=44100, size=-16, channels=2)


def samples(name: str) -> array.array[int]:
    return array.array("h", pygame.mixer.Sound(str(MUSIC / f"{name}.ogg")).get_raw())


def test_every_piece_is_there_and_the_four_loops_last_a_minute(mixer: None) -> None:
    assert {p.stem for p in MUSIC.glob("*.ogg")} == set(PIECES)
    for name in LOOPS:
        assert pygame.mixer.Sound(str(MUSIC / f"{name}.ogg")).get_length() >= 60.0, name


@pytest.mark.parametrize("name", LOOPS)
def test_the_loop_point_has_no_click(name: str, mixer: None) -> None:
    """The jump from the last sample to the first is no bigger than the music's own steps between samples (a click
    is a jump far out of the signal's range of steps)."""
    x = samples(name)[::2]  # the left channel (the pieces are mono, played centred)
    steps = sorted(abs(x[i + 1] - x[i]) for i in range(0, len(x) - 1, 7))
    typical = steps[int(len(steps) * 0.999)]
    assert abs(x[0] - x[-1]) <= typical, (x[0], x[-1], typical)
    peak = max(abs(v) for v in x[::3]) / 32768
    assert 20 * math.log10(peak) <= -1.0


def test_the_bed_grows_tenser_with_the_attack_and_the_morale_band() -> None:
    assert tension(1, "Emboldened") < tension(1, "Shaken") < tension(1, "Panicked")
    assert tension(1, "Shaken") < tension(2, "Shaken") < tension(3, "Shaken")
    assert 0.0 <= tension(1, "Emboldened") and tension(3, "Panicked") == 1.0


def test_the_player_crossfades_the_layers_without_a_hard_cut(mixer: None) -> None:
    player = MusicPlayer()
    player.start()
    assert player.ok
    player.set_volume(1.0, False)
    player.want("attack", 0.0)
    levels = []
    for _ in range(int(FADE * 60) + 5):
        player.update(1 / 60)
        levels.append(list(player.levels))
    assert levels[-1] == pytest.approx([1.0, 0.0])
    player.want("attack", 1.0)  # the morale breaks: the tense layer comes in, the calm one goes
    before = list(player.levels)
    for _ in range(int(FADE * 60) + 5):
        player.update(1 / 60)
        now = list(player.levels)
        assert all(abs(a - b) <= 1 / (FADE * 60) + 1e-9 for a, b in zip(now, before, strict=True))  # no jump
        before = now
    assert player.levels == pytest.approx([0.0, 1.0])
    player.want("title")
    for _ in range(int(FADE * 60) + 5):
        player.update(1 / 60)
    assert player.levels == [0.0, 0.0] and not any(ch.get_busy() for ch in player.channels)
    pygame.mixer.music.stop()


def test_a_missing_piece_leaves_the_music_silent_and_says_so(tmp_path: object, mixer: None) -> None:
    from pathlib import Path
    player = MusicPlayer(Path(str(tmp_path)))
    player.start()
    player.want("title")
    assert "title.ogg" in player.error
    player.update(0.1)  # never raises


def test_the_music_volume_is_a_setting_of_its_own() -> None:
    s = Settings()
    s.music_volume = 0.3
    back, problems = Settings.from_json(s.to_json())
    assert back.music_volume == 0.3 and back.volume == Settings().volume and problems == []
    back, problems = Settings.from_json('{"music_volume": 2}')
    assert back.music_volume == 0.5 and len(problems) == 1
