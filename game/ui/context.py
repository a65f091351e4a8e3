"""What every scene shares: the scene stack, settings, sounds, the title-screen message and the quit flag."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ui.scene import SceneStack
from game.ui.settings import Settings, save_settings
from game.ui.sound import SoundBank

LOGICAL = (1920, 1080)


@dataclass
class Context:
    stack: SceneStack = field(default_factory=SceneStack)
    settings: Settings = field(default_factory=Settings)
    sounds: SoundBank = field(default_factory=SoundBank)
    message: str = ""  # one line for the title screen (a damaged save or settings file)
    quit: bool = False
    seed: int | None = None
    headless: bool = False
    fullscreen_changed: bool = False
    time: float = 0.0

    def save_settings(self) -> None:
        err = save_settings(self.settings)
        if err:
            self.message = err
        self.sounds.set_volume(self.settings.volume, self.settings.mute)
