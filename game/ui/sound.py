"""Sound effects synthesized at start without numpy: raw 16-bit PCM built with :mod:`array` and handed to
``pygame.mixer.Sound(buffer=...)``. A missing audio device (dummy driver, no card) leaves the game silent,
never crashed."""

from __future__ import annotations

import array
import math
import random
from collections.abc import Callable

import pygame

RATE = 22050


def _noise(seed: int) -> Callable[[], float]:
    """White noise in [-1, 1), the same for a seed on every run (the standard library's generator, seeded by an
    integer, is reproducible across platforms and fast enough to make every effect in well under a second)."""
    uniform = random.Random(seed).random
    return lambda: uniform() * 2.0 - 1.0


def _samples(duration: float, gen: Callable[[float, int], float]) -> list[float]:
    n = int(RATE * duration)
    return [gen(i / RATE, i) for i in range(n)]


def _dice() -> list[float]:
    noise = _noise(1)
    out = [0.0] * int(RATE * 0.55)
    for k, start in enumerate((0.0, 0.06, 0.13, 0.19, 0.27, 0.33, 0.42)):
        s0 = int(start * RATE)
        amp = 0.7 - 0.07 * k
        for i in range(int(0.03 * RATE)):
            if s0 + i < len(out):
                env = math.exp(-i / (0.004 * RATE))
                out[s0 + i] += amp * env * (0.6 * noise() + 0.4 * math.sin(2 * math.pi * 2400 * i / RATE))
    return out


def _shot() -> list[float]:
    noise = _noise(2)
    return _samples(0.35, lambda t, i: math.exp(-t * 18) * (0.9 * noise() + 0.4 * math.sin(2 * math.pi * 90 * t)))


def _explosion() -> list[float]:
    noise = _noise(3)
    state = [0.0]

    def gen(t: float, i: int) -> float:
        state[0] = state[0] * 0.93 + noise() * 0.07  # low-passed rumble
        return math.exp(-t * 3.2) * (3.2 * state[0] + 0.35 * noise() * math.exp(-t * 12)) \
            + 0.4 * math.exp(-t * 6) * math.sin(2 * math.pi * 48 * t)
    return _samples(1.3, gen)


def _breach() -> list[float]:
    noise = _noise(4)
    return _samples(0.6, lambda t, i: math.exp(-t * 7) * (0.7 * noise() + 0.6 * math.sin(2 * math.pi * 70 * t))
                    + (0.3 * math.sin(2 * math.pi * 420 * t) * math.exp(-t * 20)))


def _engine() -> list[float]:
    noise = _noise(5)

    def gen(t: float, i: int) -> float:
        env = min(1.0, t * 4) * min(1.0, (2.0 - t) * 3)
        f = 38 + 6 * math.sin(t * 3)
        v = math.sin(2 * math.pi * f * t)
        return float(env * 0.5 * (0.7 * (1 if v > 0 else -1) * abs(v) ** 0.3 + 0.2 * noise()))
    return _samples(2.0, gen)


def _fire() -> list[float]:
    noise = _noise(6)
    pops = _noise(7)
    state = [0.0]

    def gen(t: float, i: int) -> float:
        state[0] = state[0] * 0.96 + noise() * 0.04
        crack = noise() * 0.8 if pops() > 0.996 else 0.0
        env = min(1.0, t * 2) * min(1.0, (2.5 - t) * 2)
        return env * (2.5 * state[0] + crack)
    return _samples(2.5, gen)


def _thud() -> list[float]:
    """A low knock (the morale marker landing)."""
    noise = _noise(8)
    return _samples(0.18, lambda t, i: math.exp(-t * 28) * (0.8 * math.sin(2 * math.pi * (90 - 120 * t) * t)
                                                            + 0.15 * noise()))


def _click() -> list[float]:
    return _samples(0.05, lambda t, i: math.exp(-t * 120) * math.sin(2 * math.pi * 1200 * t) * 0.5)


RECIPES: dict[str, Callable[[], list[float]]] = {
    "dice": _dice, "shot": _shot, "explosion": _explosion, "breach": _breach, "engine": _engine, "fire": _fire,
    "click": _click, "thud": _thud,
}


_PCM: dict[tuple[str, int, int], bytes] = {}  # synthesized once per process (a new App reuses them)


def effect_pcm(name: str, rate: int, channels: int) -> bytes:
    """The effect ``name`` as 16-bit frames for the mixer's format, synthesized on first use."""
    key = (name, rate, channels)
    pcm = _PCM.get(key)
    if pcm is None:
        pcm = _PCM[key] = pcm16(RECIPES[name](), rate, channels)
    return pcm


def pcm16(samples: list[float], rate: int, channels: int) -> bytes:
    """Resample (nearest) from RATE to ``rate`` and pack signed 16-bit native-endian frames."""
    peak = max((abs(v) for v in samples), default=0.0)
    scale = (0.9 / peak if peak > 0.9 else 1.0) * 32000  # normalise instead of clipping: |v| * scale <= 32000
    step = RATE / rate
    picked = samples if step == 1 else [samples[int(i * step)] for i in range(int(len(samples) / step))]
    frames = [int(v * scale) for v in picked]
    if channels > 1:
        frames = [s for s in frames for _ in range(channels)]
    return array.array("h", frames).tobytes()  # size=-16 asks the mixer for signed 16-bit in the system's order


class SoundBank:
    """All effects, or none when the audio device is missing. ``play`` never raises."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0.7
        self.mute = False
        self.ok = False
        self.error = ""

    def load(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            rate, size, channels = init
            if abs(size) != 16:
                raise pygame.error(f"unsupported sample size {size}")
            for name in RECIPES:
                self.sounds[name] = pygame.mixer.Sound(buffer=effect_pcm(name, rate, channels))
            pygame.mixer.set_num_channels(16)
            self.ok = True
        except (pygame.error, OSError, ValueError) as exc:
            self.sounds = {}
            self.ok = False
            self.error = f"no sound: {exc}"

    def set_volume(self, volume: float, mute: bool) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.mute = mute

    def play(self, name: str, volume: float = 1.0) -> None:
        if self.mute or not self.ok:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            snd.set_volume(self.volume * volume)
            snd.play()
        except pygame.error:
            pass
