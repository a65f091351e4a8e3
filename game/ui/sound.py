"""The sound effects (issue 32): OGG Vorbis files in ``assets/sounds/``, rendered from the recipes of
``tools/render_sounds.py`` (synthesized by the project's own code, level-matched: peaks at most -1 dBFS, loudness
within 3 LU of each other). The frequent ones have variations, played in turn; each effect is placed in the stereo
field by where it happens on the board. A missing audio device (dummy driver, no card) leaves the game silent; a
missing or damaged file silences that effect alone and is named in one line; never a crash."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

RATE = 44100
SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"
# Every effect and its number of variations (the files NAME-1.ogg ... NAME-n.ogg; tools/render_sounds.py renders
# the same names, tests/test_sounds.py checks the two agree)
EFFECTS: dict[str, int] = {
    "rifle": 3, "lmg": 2, "hmg": 2, "smg": 2, "atr": 1, "grenade": 2, "bundle": 1, "infantry_gun": 2,
    "howitzer": 1, "engine": 1, "barrier": 1, "breach": 2, "slide": 3, "card": 2, "casualty": 2, "morale_down": 1,
    "morale_up": 1, "escape": 1, "dice": 3, "suppression": 2, "attack_end": 1, "victory": 1, "defeat": 1,
    "click": 1, "thud": 1, "fire": 1,
}
MAX_BYTES = 2 << 20  # an effect file is read only when a regular file under this size (the largest is ~40 KB)


_DECODED: dict[tuple[str, int, float], pygame.mixer.Sound] = {}  # decoded once a process and mixer


def _decoded(path: Path) -> pygame.mixer.Sound:
    """The effect file at ``path`` decoded for the running mixer (kept while the file is unchanged: a new App in
    the same process, as in the tests, reads nothing again)."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime)
    snd = _DECODED.get(key)
    if snd is None:
        snd = _DECODED[key] = pygame.mixer.Sound(str(path))
    return snd


def pan_volumes(pan: float) -> tuple[float, float]:
    """Equal-power left and right gains for ``pan`` from -1 (left) to 1 (right)."""
    p = (min(1.0, max(-1.0, pan)) + 1) * math.pi / 4
    return math.cos(p), math.sin(p)


class SoundBank:
    """All effects, or none when the audio device is missing. ``play`` never raises."""

    def __init__(self, folder: Path = SOUNDS) -> None:
        self.folder = folder
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self.turn: dict[str, int] = {}  # the variation each effect plays next
        self.volume = 0.7
        self.mute = False
        self.ok = False
        self.error = ""

    def load(self) -> None:
        """Start the mixer (stereo) and read every effect; a file missing or damaged is left out and named in
        ``error`` (one line for all of them)."""
        try:
            if not pygame.mixer.get_init():
                _DECODED.clear()  # sounds of an earlier mixer are not this one's
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            if not pygame.mixer.get_init():
                raise pygame.error("mixer did not start")
            pygame.mixer.set_num_channels(24)
        except (pygame.error, OSError, ValueError) as exc:
            self.sounds, self.ok, self.error = {}, False, f"no sound: {exc}"
            return
        bad: list[str] = []
        for name, count in EFFECTS.items():
            for v in range(1, count + 1):
                path = self.folder / f"{name}-{v}.ogg"
                try:
                    if not path.is_file() or path.stat().st_size > MAX_BYTES:
                        raise OSError("not a file of a sound's size")
                    self.sounds.setdefault(name, []).append(_decoded(path))
                except (pygame.error, OSError, ValueError) as exc:
                    bad.append(f"{path.name} ({exc})")
        self.ok = bool(self.sounds)
        if bad:
            self.error = f"sound files left out: {'; '.join(bad[:3])}{' ...' if len(bad) > 3 else ''}"

    def set_volume(self, volume: float, mute: bool) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.mute = mute

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> None:
        """Play the next variation of effect ``name`` at ``volume`` (0..1 of the effects' volume), placed at
        ``pan`` (-1 left .. 1 right)."""
        if self.mute or not self.ok:
            return
        variations = self.sounds.get(name)
        if not variations:
            return
        k = self.turn.get(name, 0)
        self.turn[name] = k + 1
        snd = variations[k % len(variations)]
        try:
            channel = snd.play()
            if channel is not None:
                left, right = pan_volumes(pan)
                gain = self.volume * volume
                channel.set_volume(gain * left, gain * right)
        except pygame.error:
            pass
