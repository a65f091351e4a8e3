"""The soundtrack (issue 32): pieces rendered by ``tools/render_sounds.py`` into ``assets/music/`` (OGG Vorbis, our
own, CC0): the title theme, the Attack bed in two layers (calm and tense, played together in step and crossfaded
by the tension of the moment: the Attack and the morale band), the fire truck's finale, and a victory and a
defeat close. Every change fades (never a hard cut); each looping piece is a whole number of bars whose ring is
folded onto its start, so the loop has no click. The title, the finale and the closes are streamed
(``pygame.mixer.music``); the two bed layers are decoded once (0.1 s each) when the first game starts. A missing
device or file leaves the music silent, never a crash."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

MUSIC = Path(__file__).resolve().parents[2] / "assets" / "music"
PIECES = ("title", "bed_calm", "bed_tense", "finale", "victory", "defeat")  # tools/render_sounds.py's MUSIC
STREAMED = {"title": -1, "finale": -1, "victory": 0, "defeat": 0}  # piece -> loops (-1: for ever)
FADE = 1.5  # seconds of a crossfade (and of a piece fading in or out)
MAX_BYTES = 4 << 20


def tension(attack: int, band: str) -> float:
    """How tense the Attack bed plays (0 calm .. 1 tense): later Attacks and a shakier morale band tense it."""
    return min(1.0, 0.3 * max(0, attack - 1) + {"Emboldened": 0.0, "Shaken": 0.4, "Panicked": 0.7}.get(band, 0.2))


class MusicPlayer:
    """What plays now (``piece``: "", a streamed piece, or "attack" for the two bed layers) at ``volume``."""

    def __init__(self, folder: Path = MUSIC) -> None:
        self.folder = folder
        self.ok = False
        self.error = ""
        self.piece = ""
        self.tension = 0.0
        self.volume = 0.5
        self.mute = False
        self.layers: list[pygame.mixer.Sound] = []
        self.channels: list[pygame.mixer.Channel] = []
        self.levels = [0.0, 0.0]  # the bed layers' gains as they fade (calm, tense)
        self.stream = 0.0  # the streamed piece's gain as it fades in

    def start(self) -> None:
        """Take two mixer channels for the bed layers (the mixer must be running: SoundBank.load starts it)."""
        try:
            if not pygame.mixer.get_init():
                raise pygame.error("no mixer")
            pygame.mixer.set_reserved(2)
            self.channels = [pygame.mixer.Channel(0), pygame.mixer.Channel(1)]
            self.ok = True
        except (pygame.error, OSError) as exc:
            self.ok, self.error = False, f"no music: {exc}"

    def set_volume(self, volume: float, mute: bool) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.mute = mute

    def _file(self, name: str) -> str:
        path = self.folder / f"{name}.ogg"
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            raise OSError(f"{path.name}: not a file of a piece's size")
        return str(path)

    def want(self, piece: str, level: float = 0.0) -> None:
        """Play ``piece`` ("title", "attack", "finale", "victory", "defeat" or "" for silence), crossfading from
        what plays; for "attack", ``level`` is the tension (0..1) the two layers are mixed by."""
        self.tension = min(1.0, max(0.0, level))
        if piece == self.piece:
            return
        if not self.ok:  # silent: only what is wanted is kept
            self.piece = piece
            return
        try:
            if self.piece in STREAMED:
                pygame.mixer.music.fadeout(int(FADE * 1000))
            self.piece = piece
            if piece in STREAMED:
                pygame.mixer.music.load(self._file(piece))
                pygame.mixer.music.set_volume(0.0)
                pygame.mixer.music.play(loops=STREAMED[piece])
                self.stream = 0.0
            elif piece == "attack" and not any(ch.get_busy() for ch in self.channels):
                if not self.layers:
                    self.layers = [pygame.mixer.Sound(self._file("bed_calm")),
                                   pygame.mixer.Sound(self._file("bed_tense"))]
                for ch, layer in zip(self.channels, self.layers, strict=True):  # started together: in step
                    ch.set_volume(0.0)
                    ch.play(layer, loops=-1)
        except (pygame.error, OSError) as exc:
            self.error = f"music left out: {exc}"

    def update(self, dt: float) -> None:
        """Move every gain toward its target (FADE seconds for a whole change): the bed layers by the tension
        (equal power), the streamed piece in; stop the bed once it has faded out."""
        if not self.ok:
            return
        gain = 0.0 if self.mute else self.volume
        step = dt / FADE
        if self.piece == "attack":
            targets = [math.cos(self.tension * math.pi / 2), math.sin(self.tension * math.pi / 2)]
        else:
            targets = [0.0, 0.0]
        for i, target in enumerate(targets):
            now = self.levels[i]
            self.levels[i] = min(target, now + step) if target > now else max(target, now - step)
        try:
            for ch, level in zip(self.channels, self.levels, strict=True):
                ch.set_volume(level * gain)
            if self.piece != "attack" and self.levels == [0.0, 0.0]:
                for ch in self.channels:
                    if ch.get_busy():
                        ch.stop()
            if self.piece in STREAMED:
                self.stream = min(1.0, self.stream + step)
                pygame.mixer.music.set_volume(self.stream * gain)
        except pygame.error:
            pass
