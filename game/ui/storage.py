"""The user's data folder, atomic JSON writes, and reading files that may be damaged (never a traceback).

Linux: ``$XDG_DATA_HOME/postmen`` or ``~/.local/share/postmen``; Windows: ``%APPDATA%/postmen``; macOS:
``~/Library/Application Support/postmen``. ``POSTMEN_DATA_DIR`` overrides (tests use it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "postmen"
SAVE_NAME = "save.json"
SETTINGS_NAME = "settings.json"


def data_dir() -> Path:
    override = os.environ.get("POSTMEN_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` then rename it over ``path`` (never half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        try:
            os.fsync(fh.fileno())
        except OSError:
            pass
    os.replace(tmp, path)


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist. Raises ValueError when it cannot be read as text."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {path.name}: {exc}") from None


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``*.damaged`` (replacing an older one); None if that fails too."""
    target = path.with_name(path.name + ".damaged")
    try:
        os.replace(path, target)
        return target
    except OSError:
        return None


def save_path() -> Path:
    return data_dir() / SAVE_NAME


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME
