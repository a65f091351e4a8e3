"""Player settings: volume, mute, animation speed, colour-blind patterns, danger badges, phase summaries, reduced
motion, fullscreen, language. Saved as JSON; a damaged file gives the defaults and a message."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.i18n import LANGUAGES, _
from game.rules.data import DIFFICULTIES
from game.ui import storage

SPEEDS = (1.0, 2.0, 4.0, 0.0)  # 0 = skip animations
MAX_BYTES = 64 << 10  # the file takes about 200 bytes


@dataclass
class Settings:
    volume: float = 0.7  # the sound effects'
    music_volume: float = 0.5  # the soundtrack's (issue 32)
    mute: bool = False
    speed: float = 1.0
    colour_blind: bool = False
    danger: bool = True  # the danger badges and tints of the Defense Phase (issue 31)
    summaries: bool = True  # the panel of what changed after an Enemy or Clearing Phase (issue 31)
    reduced_motion: bool = False  # no screen shake, flash or hit-stop (issue 32)
    fullscreen: bool = True
    difficulty: str = "standard"  # of New game: standard | veteran | elite (8.1, 8.2)
    tutorial_offered: bool = False  # the guided first game was offered at a first launch
    language: str = ""  # en | fr; "" follows the system's locale (issue 21)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)

    @classmethod
    def from_json(cls, text: str) -> tuple[Settings, list[str]]:
        """The settings of the file's text and what was wrong in it: each unknown key and each invalid value is
        named (``'volume' = NaN is not a number from 0 to 1``) and that setting keeps its default. Raises
        ValueError with a short reason when the text is not a JSON object at all."""
        raw = storage.parse_json(text)
        if not isinstance(raw, dict):
            raise ValueError("the settings are not a JSON object")
        s = cls()
        problems: list[str] = []
        known = {f.name for f in fields(cls)}
        problems += [_("unknown setting {name}", name=repr(str(k)[:20])) for k in raw if k not in known]
        for name in sorted(known & set(raw)):
            problem = _check(name, raw[name])
            if problem:
                problems.append(_("{name} = {value} {problem}", name=repr(name), value=_show(raw[name]),
                                  problem=problem))
            else:
                setattr(s, name, float(raw[name]) if isinstance(getattr(s, name), float) else raw[name])
        return s, problems


def _show(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, float) or math.isfinite(value) else str(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _check(name: str, value: object) -> str:
    """Why ``value`` cannot be setting ``name`` ("" when it can)."""
    if name in ("mute", "colour_blind", "danger", "summaries", "reduced_motion", "fullscreen", "tutorial_offered"):
        return "" if isinstance(value, bool) else _("is not true or false")
    if name in ("volume", "music_volume"):
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0.0 <= value <= 1.0
        return "" if ok else _("is not a number from 0 to 1")
    if name == "speed":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and value in SPEEDS
        return "" if ok else _("is not one of 1, 2, 4 or 0 (skip)")
    if name == "language":
        ok = isinstance(value, str) and (value == "" or value in LANGUAGES)
        return "" if ok else _("is not one of {languages} or \"\" (the system's)", languages=", ".join(LANGUAGES))
    if name == "difficulty":
        return "" if isinstance(value, str) and value in DIFFICULTIES else \
            _("is not one of {difficulties}", difficulties=", ".join(DIFFICULTIES))
    return _("is not a setting")


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The saved settings and "" or a one-line message. Each damaged value is named and that setting takes its
    default (the others are kept); a file that cannot be read at all gives the defaults and is kept under a new
    name beside it (``settings.json.damaged``, ...). Never raises."""
    path = path or storage.settings_path()
    storage.settle(storage.EXIT_WAIT)  # a save behind still on its way is read back, not the file before it
    try:
        text = storage.read_text(path, MAX_BYTES)
        if text is None:
            return Settings(), ""
        settings, problems = Settings.from_json(text)
    except ValueError as exc:
        aside = storage.move_aside(path)
        if aside:
            return Settings(), _("The settings file {file} was damaged ({error}; kept as {aside}); defaults "
                                 "restored.", file=path.name, error=exc, aside=aside.name)
        return Settings(), _("The settings file {file} was damaged ({error}); defaults restored.", file=path.name,
                             error=exc)
    if not problems:
        return settings, ""
    aside = storage.move_aside(path)  # the file as it was is kept; the mended settings are written back
    err = save_settings(settings, path)
    shown = "; ".join(problems[:3]) + (_("; and {n} more", n=len(problems) - 3) if len(problems) > 3 else "")
    msg = _("Settings in {file}: {problems}. Defaults used for those (the file as it was is kept as {aside}).",
            file=path.name, problems=shown, aside=aside.name) if aside else \
        _("Settings in {file}: {problems}. Defaults used for those.", file=path.name, problems=shown)
    return settings, msg + (f" {err}" if err else "")


def saved_language(path: Path | None = None) -> str:
    """The language the settings file names ("" when none, or when the file cannot be read): read before the
    settings themselves, so that what their loading says is said in that language."""
    storage.settle(storage.EXIT_WAIT)  # (a save behind on its way is read back)
    try:
        raw = storage.parse_json(storage.read_text(path or storage.settings_path(), MAX_BYTES) or "{}")
    except (ValueError, OSError):
        return ""
    value = raw.get("language") if isinstance(raw, dict) else None
    return value if isinstance(value, str) and value in LANGUAGES else ""


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Save now; returns "" or a one-line error message."""
    try:
        storage.write_atomic(path or storage.settings_path(), settings.to_json())
        return ""
    except OSError as exc:
        return _("Could not save settings: {error}", error=exc)


def save_settings_behind(settings: Settings) -> None:
    """Save by the disk thread (``storage.write_behind``: the frame loop never waits for the disk); a failure is
    said by :func:`failed_saves`."""
    storage.write_behind(storage.settings_path(), settings.to_json())


def failed_saves() -> str:
    """"" or one line for each save behind that failed since the last call."""
    return " ".join(_("Could not save settings: {error}", error=exc) for _path, exc in storage.take_failures())
