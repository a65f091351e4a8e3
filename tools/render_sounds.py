"""Renders the game's sound effects and music (issue 32) into ``assets/sounds/`` and ``assets/music/`` as OGG
Vorbis, from the recipes below: every effect and every piece is synthesized from noise, tones and envelopes by code
in this file, seeded, so a render is the same every time (no sample pack, nothing downloaded; the sounds are the
project's own, CC0: see the LICENSE.txt beside them).

    python tools/render_sounds.py            # write assets/sounds/*.ogg and print each effect's peak and loudness
    python tools/render_sounds.py --check    # change nothing: render anew and compare with the committed files

Each effect is level-matched: its loudness (the loudest 400 ms window, K-weighted as ITU-R BS.1770 weights it,
in LUFS) brought to TARGET, its peak kept at most PEAK_CEILING (a soft limiter shaves the loudest peaks when the
loudness would push them over); ``--check`` fails when a committed file's decoded samples differ from a new
render, when a peak is over -1 dBFS or when an effect's loudness is more than 1.5 LU from TARGET (so any two are
within 3 LU). The frequent effects have two or three variations (``NAME-1.ogg``, ``NAME-2.ogg``, ...): the game
picks among them. Needs the ``audio`` extra: ``pip install -c tools/constraints.txt -e '.[audio]'``.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import soundfile as sf

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
MUSIC_OUT = ROOT / "assets" / "music"
MUSIC_TARGET = -20.0  # LUFS, the loudest 400 ms of a piece: under the effects (-16), so a blow stands out
SR = 44100
TARGET = -16.0  # LUFS, the loudest 400 ms of every effect
PEAK_CEILING = -2.5  # dBFS before encoding (Vorbis overshoots on a gunshot's crack: the check allows -1.0)
PEAK_LIMIT = -1.0
SPREAD = 1.5  # LU either side of TARGET the check allows

Array = np.ndarray


def t_of(seconds: float) -> Array:
    return np.arange(int(seconds * SR)) / SR


def band(x: Array, lo: float = 0.0, hi: float = SR / 2) -> Array:
    """``x`` kept between ``lo`` and ``hi`` Hz (gentle cosine edges an octave wide), by FFT."""
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / SR)
    gain = np.ones_like(f)
    if lo > 0:
        gain *= np.clip(np.log2(np.maximum(f, 1e-9) / (lo / 2)), 0, 1)
    if hi < SR / 2:
        gain *= np.clip(np.log2(2 * hi / np.maximum(f, 1e-9)), 0, 1)
    return np.fft.irfft(spec * gain, len(x))


def env(t: Array, attack: float, decay: float) -> Array:
    """A quick rise over ``attack`` seconds and an exponential fall (``decay``: seconds to 1/e)."""
    rise = np.clip(t / max(attack, 1e-4), 0, 1)
    return rise * np.exp(-np.maximum(t - attack, 0) / decay)


def place(out: Array, x: Array, at: float, gain: float = 1.0) -> None:
    """Add ``x`` into ``out`` starting at ``at`` seconds (cut at the end)."""
    i = int(at * SR)
    n = min(len(x), len(out) - i)
    if n > 0:
        out[i:i + n] += gain * x[:n]


# ---------------------------------------------------------------------------------------------- the parts
def crack(rng: np.random.Generator, length: float, body: float, bright: float, tail: float) -> Array:
    """A gunshot: a bright noise crack, a low body, a short reverberant tail."""
    t = t_of(length)
    n = rng.standard_normal(len(t))
    snap = band(n, 1200, bright) * env(t, 0.0008, 0.012)
    thump = np.sin(2 * np.pi * body * t * (1 - 0.6 * t)) * env(t, 0.001, 0.04)
    room = band(rng.standard_normal(len(t)), 200, 3000) * env(t, 0.01, tail) * 0.25
    return 1.2 * snap + 0.9 * thump + room


def burst(rng: np.random.Generator, rounds: int, interval: float, jitter: float, length: float,
          shot: Callable[[np.random.Generator], Array]) -> Array:
    out = np.zeros(int(length * SR))
    at = 0.0
    for k in range(rounds):
        place(out, shot(rng), at, 1.0 - 0.04 * k)
        at += interval * (1 + jitter * rng.uniform(-1, 1))
    return out


def boom(rng: np.random.Generator, length: float, low: float, size: float) -> Array:
    """An explosion: a sharp front, a low rumble that falls, debris crackle."""
    t = t_of(length)
    front = band(rng.standard_normal(len(t)), 300, 6000) * env(t, 0.001, 0.03)
    rumble = band(rng.standard_normal(len(t)), 20, low) * env(t, 0.01, 0.35 * size) * 3.0
    sub = np.sin(2 * np.pi * 45 * t * (1 - 0.3 * t)) * env(t, 0.005, 0.25 * size)
    crackle = band(rng.standard_normal(len(t)) * (rng.random(len(t)) > 0.985), 1500, 8000) * env(t, 0.05, 0.5)
    return front + rumble + sub + 0.6 * crackle


def tone(freq: float, t: Array, shape: str = "sine") -> Array:
    ph = 2 * np.pi * freq * t
    if shape == "square":
        return np.tanh(4 * np.sin(ph))
    if shape == "brass":
        return sum(np.sin(k * ph) / k ** 1.2 for k in range(1, 7))  # type: ignore[return-value]
    return np.sin(ph)


def notes(seq: list[tuple[float, float, float]], length: float, shape: str, decay: float) -> Array:
    """Notes (start s, frequency Hz, gain) each with an attack and a decay."""
    out = np.zeros(int(length * SR))
    for start, freq, gain in seq:
        t = t_of(length - start)
        place(out, tone(freq, t, shape) * env(t, 0.015, decay) * gain, start)
    return out


# ---------------------------------------------------------------------------------------------- the recipes
def rifle(rng: np.random.Generator) -> Array:
    return crack(rng, 0.7, rng.uniform(85, 110), rng.uniform(7000, 9000), 0.18)


def lmg(rng: np.random.Generator) -> Array:
    return burst(rng, 5, 0.085, 0.08, 0.95, lambda r: crack(r, 0.35, 95, 8000, 0.08))


def hmg(rng: np.random.Generator) -> Array:
    return burst(rng, 7, 0.075, 0.05, 1.05, lambda r: crack(r, 0.4, 70, 5500, 0.1) * 1.1)


def smg(rng: np.random.Generator) -> Array:
    return burst(rng, 8, 0.055, 0.1, 0.85, lambda r: crack(r, 0.25, 130, 9000, 0.05) * 0.8)


def atr(rng: np.random.Generator) -> Array:
    return crack(rng, 1.1, 55, 6000, 0.45) + 0.5 * boom(rng, 1.1, 300, 0.5)


def grenade(rng: np.random.Generator) -> Array:
    return boom(rng, 1.3, rng.uniform(350, 450), 0.8)


def bundle(rng: np.random.Generator) -> Array:
    return boom(rng, 2.0, 500, 1.6) + 0.5 * band(rng.standard_normal(int(2.0 * SR)), 800, 5000) * \
        env(t_of(2.0), 0.02, 0.12)


def infantry_gun(rng: np.random.Generator) -> Array:
    out = np.zeros(int(1.8 * SR))
    place(out, crack(rng, 0.5, 60, 5000, 0.3), 0.0, 0.7)  # the report
    place(out, boom(rng, 1.5, 400, 1.0), 0.28)  # the impact
    return out


def howitzer(rng: np.random.Generator) -> Array:
    """The shell's whistle falling in pitch, then the impact."""
    whistle_t = t_of(1.1)
    freq = 1800 - 1100 * (whistle_t / 1.1) ** 1.5
    phase = 2 * np.pi * np.cumsum(freq) / SR
    whistle = np.sin(phase) * np.clip(whistle_t / 0.6, 0, 1) * 0.35
    out = np.zeros(int(3.0 * SR))
    place(out, whistle, 0.0)
    place(out, boom(rng, 1.9, 300, 1.9) * 1.2, 1.1)
    return out


def engine(rng: np.random.Generator) -> Array:
    """The armored car's engine and tracks rolling past (also the fire truck's)."""
    t = t_of(2.0)
    f = 38 + 5 * np.sin(2 * np.pi * 1.3 * t)
    phase = 2 * np.pi * np.cumsum(f) / SR
    motor = np.tanh(3 * np.sin(phase)) * 0.6 + band(rng.standard_normal(len(t)), 40, 300) * 0.8
    clank = band(rng.standard_normal(len(t)) * (np.sin(2 * np.pi * 9 * t) > 0.95), 800, 4000) * 0.5
    shape = np.clip(t / 0.4, 0, 1) * np.clip((2.0 - t) / 0.6, 0, 1)
    return (motor + clank) * shape


def barrier(rng: np.random.Generator) -> Array:
    """Planks and sandbags bursting: a crash with splinters."""
    t = t_of(1.4)
    splinters = sum(band(rng.standard_normal(len(t)), 900, 6000) * env(t - d, 0.001, 0.05) * (t >= d)
                    for d in rng.uniform(0.0, 0.5, 9))
    return boom(rng, 1.4, 400, 0.9) * 0.8 + 0.6 * splinters  # type: ignore[operator]


def breach(rng: np.random.Generator) -> Array:
    """A door smashed in: two heavy blows, the wood giving way."""
    out = np.zeros(int(1.2 * SR))
    for at, gain in ((0.0, 0.7), (0.22, 1.0)):
        t = t_of(0.6)
        hit = np.sin(2 * np.pi * 70 * t) * env(t, 0.001, 0.08) + band(rng.standard_normal(len(t)), 200, 3000) * \
            env(t, 0.001, 0.06)
        place(out, hit, at, gain)
    t = t_of(0.9)
    place(out, band(rng.standard_normal(len(t)), 600, 5000) * env(t, 0.005, 0.2) * 0.7, 0.25)
    return out


def slide(rng: np.random.Generator) -> Array:
    """A counter sliding over the board: a soft paper scrape."""
    t = t_of(0.3)
    return band(rng.standard_normal(len(t)), 1500, 6000) * np.sin(np.pi * t / 0.3) ** 2 * 0.5


def card(rng: np.random.Generator) -> Array:
    """A card drawn and flipped: a swish, then a snap."""
    t = t_of(0.45)
    swish = band(rng.standard_normal(len(t)), 2000, 9000) * np.exp(-((t - 0.12) / 0.06) ** 2)
    snap = band(rng.standard_normal(len(t)), 1500, 7000) * env(t - 0.3, 0.001, 0.015) * (t >= 0.3) * 2.0
    return swish + snap


def casualty(rng: np.random.Generator) -> Array:
    """A defender falls: a dull body blow and a low falling tone."""
    t = t_of(1.0)
    blow = np.sin(2 * np.pi * 60 * t) * env(t, 0.002, 0.1) + band(rng.standard_normal(len(t)), 80, 600) * \
        env(t, 0.002, 0.08)
    fall = np.sin(2 * np.pi * np.cumsum(220 - 90 * t) / SR) * env(t - 0.12, 0.05, 0.35) * (t >= 0.12) * 0.5
    return blow + fall


def morale_down(rng: np.random.Generator) -> Array:
    return notes([(0.0, 392.0, 0.8), (0.22, 311.1, 0.9)], 1.0, "brass", 0.35)


def morale_up(rng: np.random.Generator) -> Array:
    return notes([(0.0, 392.0, 0.8), (0.18, 523.3, 0.9)], 0.9, "brass", 0.3)


def escape(rng: np.random.Generator) -> Array:
    """Quick footsteps running off."""
    out = np.zeros(int(1.0 * SR))
    for k in range(5):
        t = t_of(0.15)
        step = band(rng.standard_normal(len(t)), 100, 1500) * env(t, 0.002, 0.03)
        place(out, step, 0.14 * k, 1.0 - 0.16 * k)
    return out


def dice(rng: np.random.Generator) -> Array:
    """Dice rolled in the tray: a rattle of clicks."""
    out = np.zeros(int(0.7 * SR))
    for at in np.sort(rng.uniform(0, 0.45, 8)):
        t = t_of(0.05)
        place(out, (band(rng.standard_normal(len(t)), 1500, 8000) + 0.5 * np.sin(2 * np.pi * 2400 * t)) *
              env(t, 0.0005, 0.006), float(at), rng.uniform(0.5, 1.0))
    return out


def suppression(rng: np.random.Generator) -> Array:
    """Suppression dice: many dice poured out, heavier than an attack's roll."""
    out = np.zeros(int(0.9 * SR))
    for at in np.sort(rng.uniform(0, 0.6, 18)):
        t = t_of(0.05)
        place(out, band(rng.standard_normal(len(t)), 1200, 7000) * env(t, 0.0005, 0.008), float(at),
              rng.uniform(0.4, 1.0))
    return out


def attack_end(rng: np.random.Generator) -> Array:
    """An Attack ends: a bell tolling twice, far off."""
    t = t_of(2.2)
    bell = sum(np.sin(2 * np.pi * f * t) * g for f, g in ((330, 1.0), (660, 0.5), (877, 0.35), (1320, 0.2)))
    one = bell * env(t, 0.003, 0.7)
    out = np.zeros(int(2.6 * SR))
    place(out, one, 0.0)
    place(out, one, 0.8, 0.8)
    return out


def victory(rng: np.random.Generator) -> Array:
    """A victory level: a bright rising fanfare."""
    return notes([(0.0, 392.0, 0.7), (0.15, 523.3, 0.8), (0.3, 659.3, 0.9), (0.45, 784.0, 1.0),
                  (0.45, 523.3, 0.5)], 1.8, "brass", 0.6)


def defeat(rng: np.random.Generator) -> Array:
    """A loss: a low, falling minor close."""
    return notes([(0.0, 293.7, 0.8), (0.3, 261.6, 0.8), (0.6, 220.0, 1.0), (0.6, 174.6, 0.6)], 2.0, "brass", 0.7)


def click(rng: np.random.Generator) -> Array:
    t = t_of(0.06)
    return np.sin(2 * np.pi * 1200 * t) * env(t, 0.0005, 0.01)


def thud(rng: np.random.Generator) -> Array:
    t = t_of(0.25)
    return np.sin(2 * np.pi * np.cumsum(95 - 120 * t) / SR) * env(t, 0.001, 0.05) + \
        band(rng.standard_normal(len(t)), 40, 400) * env(t, 0.001, 0.03) * 0.5


def fire(rng: np.random.Generator) -> Array:
    """The building burning: a roar with cracks (the finale)."""
    t = t_of(2.5)
    roar = band(rng.standard_normal(len(t)), 60, 700) * 1.5
    cracks = band(rng.standard_normal(len(t)) * (rng.random(len(t)) > 0.997), 1500, 8000) * 2.0
    return (roar + cracks) * np.clip(t / 0.5, 0, 1) * np.clip((2.5 - t) / 0.6, 0, 1)


# name -> (recipe, variations): every effect the game plays (game/ui/sound.py lists the same names)
RECIPES: dict[str, tuple[Callable[[np.random.Generator], Array], int]] = {
    "rifle": (rifle, 3), "lmg": (lmg, 2), "hmg": (hmg, 2), "smg": (smg, 2), "atr": (atr, 1),
    "grenade": (grenade, 2), "bundle": (bundle, 1), "infantry_gun": (infantry_gun, 2), "howitzer": (howitzer, 1),
    "engine": (engine, 1), "barrier": (barrier, 1), "breach": (breach, 2), "slide": (slide, 3), "card": (card, 2),
    "casualty": (casualty, 2), "morale_down": (morale_down, 1), "morale_up": (morale_up, 1), "escape": (escape, 1),
    "dice": (dice, 3), "suppression": (suppression, 2), "attack_end": (attack_end, 1), "victory": (victory, 1),
    "defeat": (defeat, 1), "click": (click, 1), "thud": (thud, 1), "fire": (fire, 1),
}


# ---------------------------------------------------------------------------------------------- the music
# Four pieces of at least 60 s that loop (the title theme, the Attack bed in a calm and a tense layer that the game
# crossfades, the fire truck's finale) and two closes (victory, defeat). Each is a whole number of bars with
# everything that rings past its end folded back onto its start, so the loop point is seamless.
MINOR = {"D": 146.83, "Bb": 116.54, "G": 98.0, "A": 110.0, "F": 87.31, "C": 130.81, "E": 82.41}
PROGRESSION = [("D", (0, 3, 7)), ("Bb", (0, 4, 7)), ("G", (0, 3, 7)), ("A", (0, 4, 7))]  # i VI iv V in D minor


def semis(root: float, n: float) -> float:
    return root * 2 ** (n / 12)


def pad(freq: float, length: float, bright: float = 0.3) -> Array:
    """A held chord tone: a slow swell, a little vibrato, a few soft harmonics."""
    t = t_of(length)
    vib = 1 + 0.003 * np.sin(2 * np.pi * 5.2 * t)
    ph = 2 * np.pi * freq * np.cumsum(vib) / SR
    x = np.sin(ph) + bright * np.sin(2 * ph) + 0.5 * bright * np.sin(3 * ph)
    shape = np.clip(t / 0.5, 0, 1) * np.clip((length - t) / 0.6, 0, 1)
    return x * shape


def pluck(freq: float, length: float, decay: float, shape: str = "sine") -> Array:
    t = t_of(length)
    return tone(freq, t, shape) * env(t, 0.004, decay)


def snare(rng: np.random.Generator, gain: float = 1.0) -> Array:
    t = t_of(0.25)
    return (band(rng.standard_normal(len(t)), 1500, 9000) * env(t, 0.001, 0.05)
            + 0.4 * np.sin(2 * np.pi * 190 * t) * env(t, 0.001, 0.03)) * gain


def drum(freq: float, decay: float) -> Array:
    t = t_of(decay * 5)
    return np.sin(2 * np.pi * np.cumsum(freq * (1 + 0.5 * np.exp(-t / 0.02))) / SR) * env(t, 0.002, decay)


def piece(bars: int, bpm: float, voices: Callable[[Array, float, float, np.random.Generator], None],
          seed: int) -> Array:
    """``bars`` bars of 4 beats at ``bpm``; ``voices(out, bar, beat, rng)`` adds each bar's notes; the ring past
    the end is folded onto the start (the loop point is seamless)."""
    beat = 60 / bpm
    bar = 4 * beat
    length = bars * bar
    out = np.zeros(int((length + 4.0) * SR))
    rng = np.random.default_rng(seed)
    for b in range(bars):
        voices(out, b * bar, beat, rng)
    n = int(length * SR)
    tail = out[n:]
    out = out[:n].copy()
    out[:len(tail)] += tail
    return out


def march_bar(out: Array, at: float, beat: float, rng: np.random.Generator, b: int, tense: float,
              melody: bool) -> None:
    root_name, chord = PROGRESSION[b % 4]
    root = MINOR[root_name]
    for n in chord:  # the strings' chord, an octave up
        place(out, pad(semis(root * 2, n), 4 * beat + 0.6, 0.25 + 0.2 * tense), at, 0.12)
    for k in range(4):  # the bass on each beat
        place(out, pluck(root / 2 if k % 2 == 0 else semis(root / 2, 7), beat, 0.25, "brass"), at + k * beat,
              0.22)
    for k in range(4):  # the snare: a march, with ruffs when tense
        place(out, snare(rng, 0.5 if k % 2 else 0.8), at + k * beat, 0.35)
        if tense > 0.5 or k == 3:
            for r in range(3 if tense > 0.5 else 2):
                place(out, snare(rng, 0.3), at + k * beat + beat * (0.5 + 0.12 * r), 0.3)
    if tense > 0:  # the tense layer: a timpani on the bar and a sixteenth ostinato
        place(out, drum(root / 2, 0.35), at, 0.6 * tense)
        for k in range(16):
            f = semis(root * 2, chord[k % 3] + (12 if k % 4 == 3 else 0))
            place(out, pluck(f, beat / 2, 0.08, "square") * 0.4, at + k * beat / 4, 0.12 * tense)
    if melody:
        motif = [(0, 7, 1.0), (1, 5, 0.5), (1.5, 3, 0.5), (2, 7, 1.0), (3, 10, 1.0)] if b % 2 == 0 else \
            [(0, 12, 1.5), (1.5, 10, 0.5), (2, 7, 2.0)]
        for start, n, dur in motif:
            place(out, pad(semis(root * 2, n + chord[0]), dur * beat + 0.3, 0.6), at + start * beat, 0.16)


def title_theme(rng: np.random.Generator) -> Array:
    return piece(22, 84, lambda o, a, bt, r: march_bar(o, a, bt, r, int(round(a / (4 * bt))), 0.0, True), 101)


def bed_calm(rng: np.random.Generator) -> Array:
    return piece(22, 84, lambda o, a, bt, r: march_bar(o, a, bt, r, int(round(a / (4 * bt))), 0.0, False), 102)


def bed_tense(rng: np.random.Generator) -> Array:
    return piece(22, 84, lambda o, a, bt, r: march_bar(o, a, bt, r, int(round(a / (4 * bt))), 1.0, False), 102)


def finale(rng: np.random.Generator) -> Array:
    return piece(30, 116, lambda o, a, bt, r: march_bar(o, a, bt, r, int(round(a / (4 * bt))), 1.0, True), 103)


def close(major: bool) -> Array:
    """A close of about 8 s: a fanfare up to the tonic (victory) or a fall to it (defeat)."""
    root = MINOR["D"] * 2
    third = 4 if major else 3
    steps = [0, third, 7, 12] if major else [7, third, 2, 0]
    out = np.zeros(int(8.0 * SR))
    for k, n in enumerate(steps):
        place(out, pad(semis(root, n), 1.2 if k < 3 else 6.5, 0.6), 0.55 * k, 0.3)
    for n in (0, third, 7):
        place(out, pad(semis(root / 2, n), 6.0, 0.3), 1.65, 0.15)
    place(out, drum(MINOR["D"] / 2, 0.8), 1.65, 0.5)
    return out


# name -> recipe: the music the game plays (game/ui/music.py lists the same names)
MUSIC: dict[str, Callable[[np.random.Generator], Array]] = {
    "title": title_theme, "bed_calm": bed_calm, "bed_tense": bed_tense, "finale": finale,
    "victory": lambda r: close(True), "defeat": lambda r: close(False),
}


# ---------------------------------------------------------------------------------------------- levels
def _biquad(x: Array, b: tuple[float, float, float], a: tuple[float, float]) -> Array:
    y = np.zeros_like(x)
    x1 = x2 = y1 = y2 = 0.0
    b0, b1, b2 = b
    a1, a2 = a
    for i, v in enumerate(x.tolist()):
        out = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, out
        y[i] = out
    return y


def k_weighted(x: Array, rate: int = SR) -> Array:
    """ITU-R BS.1770's K-weighting (its high shelf and high pass, worked out for ``rate``)."""
    k = math.tan(math.pi * 1681.974450955533 / rate)
    vh = 10 ** (3.999843853973347 / 20)
    vb = vh ** 0.4996667741545416
    q = 0.7071752369554196
    a0 = 1 + k / q + k * k
    shelf = _biquad(x, ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
                    (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
    k = math.tan(math.pi * 38.13547087602444 / rate)
    q = 0.5003270373238773
    a0 = 1 + k / q + k * k
    return _biquad(shelf, (1.0, -2.0, 1.0), (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))


def loudness(x: Array, rate: int = SR) -> float:
    """The loudest 400 ms window's K-weighted loudness in LUFS (the whole effect when shorter)."""
    w = k_weighted(x, rate) ** 2
    win = int(0.4 * rate)
    if len(w) <= win:
        power = float(w.mean())
    else:
        c = np.concatenate(([0.0], np.cumsum(w)))
        hop = int(0.1 * rate)
        power = max(float((c[i + win] - c[i]) / win) for i in range(0, len(w) - win + 1, hop))
    return -0.691 + 10 * math.log10(max(power, 1e-12))


def peak_db(x: Array) -> float:
    return 20 * math.log10(max(float(np.max(np.abs(x))), 1e-12))


def level(x: Array) -> Array:
    """``x`` brought to TARGET loudness with its peak at most PEAK_CEILING (a soft limiter when needed)."""
    x = x - float(np.mean(x))
    fade = min(len(x), int(0.01 * SR))
    x[-fade:] *= np.linspace(1, 0, fade)  # ends at silence: no click
    ceiling = 10 ** (PEAK_CEILING / 20)
    for _ in range(8):
        x = x * 10 ** ((TARGET - loudness(x)) / 20)
        if peak_db(x) <= PEAK_CEILING:
            return x
        x = ceiling * np.tanh(x / ceiling)  # shave the peaks, then bring the loudness back
    return x * min(1.0, ceiling / max(float(np.max(np.abs(x))), 1e-12))


def level_music(x: Array) -> Array:
    """A piece brought to MUSIC_TARGET, or lower when its peak would pass PEAK_CEILING (no limiter on music);
    its ends not faded: the loop joins them."""
    x = x - float(np.mean(x))
    x = x * 10 ** ((MUSIC_TARGET - loudness(x)) / 20)
    ceiling = 10 ** (PEAK_CEILING / 20)
    return x * min(1.0, ceiling / max(float(np.max(np.abs(x))), 1e-12))


def render(name: str, variation: int) -> Array:
    recipe, _count = RECIPES[name]
    seed = sum(ord(c) * 131 ** i for i, c in enumerate(name)) % 2**31 + 7919 * variation
    return level(recipe(np.random.default_rng(seed)))


def encode(x: Array, path: Path) -> Array:
    """Write ``x`` as OGG Vorbis at ``path`` and return what it decodes to; the encoder's overshoot on a sharp
    transient is taken back by lowering the whole effect until the decoded peak is under PEAK_LIMIT."""
    for _ in range(4):
        data = x.astype(np.float32)
        with sf.SoundFile(str(path), "w", SR, 1, format="OGG", subtype="VORBIS") as f:
            for i in range(0, len(data), 8192):  # in blocks: libsndfile's Vorbis writer crashes on a long one
                f.write(data[i:i + 8192])
        fresh, _ = sf.read(str(path), dtype="float32")
        over = peak_db(fresh) - (PEAK_LIMIT - 0.3)
        if over <= 0:
            break
        x = x * 10 ** (-over / 20)
    return np.asarray(fresh)


def files() -> list[tuple[str, int, Path]]:
    return [(name, v, OUT / f"{name}-{v}.ogg") for name, (_r, count) in RECIPES.items() for v in range(1, count + 1)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="render anew and compare with the committed files")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    problems = 0
    louds = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, v, path in files():
            x = render(name, v)
            target = Path(scratch) / path.name if args.check else path
            fresh = encode(x, target)
            pk, lu = peak_db(fresh), loudness(fresh.astype(np.float64))
            louds.append(lu)
            note = ""
            if args.check:
                if not path.exists():
                    note = "missing"
                else:
                    kept, _ = sf.read(str(path), dtype="float32")
                    if kept.shape != fresh.shape or not np.array_equal(kept, fresh):
                        note = "differs from a new render"
            if pk > PEAK_LIMIT:
                note = note or f"peak {pk:.2f} dBFS over {PEAK_LIMIT}"
            if abs(lu - TARGET) > SPREAD:
                note = note or f"loudness {lu:.1f} LUFS, {abs(lu - TARGET):.1f} LU from {TARGET}"
            problems += bool(note)
            print(f"{path.name:22} {len(fresh) / SR:5.2f} s  peak {pk:6.2f} dBFS  loudness {lu:6.1f} LUFS"
                  f"{'  ' + note if note else ''}")
    print(f"{len(louds)} files, {len(RECIPES)} effects; loudness {min(louds):.1f} to {max(louds):.1f} LUFS "
          f"(spread {max(louds) - min(louds):.1f} LU); {problems} problems")
    MUSIC_OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, recipe in MUSIC.items():
            path = MUSIC_OUT / f"{name}.ogg"
            target = Path(scratch) / path.name if args.check else path
            fresh = encode(level_music(recipe(np.random.default_rng(0))), target)
            pk = peak_db(fresh)
            note = ""
            if args.check:
                kept = sf.read(str(path), dtype="float32")[0] if path.exists() else None
                if kept is None or kept.shape != fresh.shape or not np.array_equal(kept, fresh):
                    note = "missing" if kept is None else "differs from a new render"
            if pk > PEAK_LIMIT:
                note = note or f"peak {pk:.2f} dBFS over {PEAK_LIMIT}"
            problems += bool(note)
            print(f"{path.name:22} {len(fresh) / SR:5.1f} s  peak {pk:6.2f} dBFS{'  ' + note if note else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
