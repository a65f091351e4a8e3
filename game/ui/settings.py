"""Player settings: volume, mute, animation speed, colour-blind patterns, fullscreen. Saved as JSON; a damaged
file gives the defaults and a message."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.rules.data import DIFFICULTIES
from game.ui import storage

SPEEDS = (1.0, 2.0, 4.0, 0.0)  # 0 = skip animations


@dataclass
class Settings:
    volume: float = 0.7
    mute: bool = False
    speed: float = 1.0
    colour_blind: bool = False
    fullscreen: bool = True
    difficulty: str = "standard"  # of New game: standard | veteran | elite (8.1, 8.2)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)

    @classmethod
    def from_json(cls, text: str) -> Settings:
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"settings are not valid JSON ({exc.msg})") from None
        if not isinstance(raw, dict):
            raise ValueError("settings are not a JSON object")
        s = cls()
        for f in fields(cls):
            if f.name not in raw:
                continue
            value = raw[f.name]
            default = getattr(s, f.name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"setting {f.name!r} is not true/false")
            elif isinstance(default, float):
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise ValueError(f"setting {f.name!r} is not a number")
                value = float(value)
            elif isinstance(default, str) and not isinstance(value, str):
                raise ValueError(f"setting {f.name!r} is not a text")
            setattr(s, f.name, value)
        s.volume = min(1.0, max(0.0, s.volume))
        if s.speed not in SPEEDS:
            s.speed = 1.0
        if s.difficulty not in DIFFICULTIES:
            s.difficulty = "standard"
        return s


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The saved settings and "" or, when the file is damaged, the defaults and a one-line message (the
    damaged file is moved aside)."""
    path = path or storage.settings_path()
    try:
        text = storage.read_text(path)
        if text is None:
            return Settings(), ""
        return Settings.from_json(text), ""
    except ValueError as exc:
        storage.move_aside(path)
        return Settings(), f"Settings were damaged ({exc}); defaults restored."


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Save; returns "" or a one-line error message."""
    try:
        storage.write_atomic(path or storage.settings_path(), settings.to_json())
        return ""
    except OSError as exc:
        return f"Could not save settings: {exc}"
