"""The user's data folder, atomic JSON writes, and reading files that may be damaged (never a traceback).

Linux: ``$XDG_DATA_HOME/postmen`` or ``~/.local/share/postmen``; Windows: ``%APPDATA%/postmen``; macOS:
``~/Library/Application Support/postmen``. ``POSTMEN_DATA_DIR`` overrides (tests use it).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import re
import stat
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from game.rules.toml_reader import read_capped

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


MAX_BYTES = 4 << 20  # the largest file the game reads (a save is about 20 KB, the other files far smaller)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a new temporary file beside ``path``, then rename it over ``path`` (never half a file).

    The temporary file is created exclusively under a fresh name (``tempfile.mkstemp``: ``O_EXCL``, never through a
    link planted under that name), and the rename replaces ``path`` itself, never the target of a link there.

    Decision (issue 36): the file is flushed to the disk (``fsync``) by a worker thread after the rename, not
    before it on the frame loop: on a busy disk an ``fsync`` took up to 300 ms, a stall at every decision's
    autosave. A killed game loses nothing by it (the operating system keeps what was written: the kill tests
    kill at 14 moments); only a power cut in the moment after a write could leave that one file short, and a
    short file is refused in one line and kept aside like any damaged one."""
    problem = outside(path.parent)  # (a link in the file's own place is replaced, never followed)
    if problem:
        raise OSError(problem)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _flush_later(path)


# The disk thread: it flushes each file written to the disk after its rename, and writes the files written behind
# the frame loop (``write_behind``), one job at a time in the order asked.
_jobs: queue.SimpleQueue[tuple[str, Path]] = queue.SimpleQueue()
_disk: threading.Thread | None = None
_lock = threading.Condition()
_behind: dict[Path, str] = {}  # the newest text of each file written behind, not written yet
_outstanding = 0  # writes behind asked and not finished (the flushes are not waited for)
_failures: list[tuple[Path, OSError]] = []  # the writes behind that failed, not yet taken by the frame loop


def _ask(kind: str, path: Path) -> None:
    """Give the disk thread a job (started at the first; it finishes the writes behind when the game exits)."""
    global _disk, _outstanding
    if kind == "write":
        with _lock:
            _outstanding += 1
    if _disk is None or not _disk.is_alive():
        if _disk is None:
            atexit.register(settle, EXIT_WAIT)
        _disk = threading.Thread(target=_disk_forever, name="disk", daemon=True)
        _disk.start()
    _jobs.put((kind, path))


def _flush_later(path: Path) -> None:
    """Have the disk thread flush ``path`` and its folder to the disk."""
    _ask("flush", path)


EXIT_WAIT = 2.0  # seconds the game waits at exit for the writes behind still to be done


def write_behind(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as :func:`write_atomic` does, by the disk thread: the frame loop never waits for
    the disk. A file written behind again before its turn is written once, with its newest text; a failure is
    kept for :func:`take_failures`; the game waits for them at exit (:data:`EXIT_WAIT`).

    Decision (issue 36): the settings are written behind (a player clicks 1x/2x/4x or a volume button many times;
    a monkey walk of 30,000 events met 1,061 settings writes on the frame loop, 80 of them over 5 ms and the
    longest 32 ms, the rename waiting behind the disk thread's ``fsync``); a game killed in the milliseconds after
    such a click loses that one preference. Saves, records and high scores stay written before the frame goes on:
    what a kill must never lose (a decision, a score) is on the disk before the next frame is drawn."""
    with _lock:
        first = path not in _behind
        _behind[path] = text
    if first:
        _ask("write", path)


def take_failures() -> list[tuple[Path, OSError]]:
    """The writes behind that failed since the last call (the frame loop says so in one line)."""
    with _lock:
        got = list(_failures)
        _failures.clear()
    return got


def settle(timeout: float | None = None) -> bool:
    """Wait until the disk thread has done every write behind asked so far (at most ``timeout`` seconds; its
    flushes to the disk are not waited for); whether it has. A reader of a file written behind calls it first
    (tests; loading the settings)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    with _lock:
        while _outstanding:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            _lock.wait(left)
    return True


def _disk_forever() -> None:
    global _outstanding
    while True:
        kind, path = _jobs.get()
        try:
            if kind == "write":
                with _lock:
                    text = _behind.pop(path, None)
                if text is not None:
                    try:
                        write_atomic(path, text)
                    except OSError as exc:
                        with _lock:
                            _failures.append((path, exc))
            else:
                _flush(path)
        finally:
            if kind == "write":
                with _lock:
                    _outstanding -= 1
                    _lock.notify_all()


def _flush(path: Path) -> None:
    for target, flags in ((path, os.O_RDONLY), (path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))):
        try:
            fd = os.open(target, flags | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue  # gone already (replaced again, moved aside), or a folder Windows cannot open
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def read_text(path: Path, limit: int = MAX_BYTES) -> str | None:
    """The file's text, or None when it does not exist. Raises ValueError with a short reason when it cannot be
    read as text: a link that leads out of the data folder, not a regular file (a FIFO, a device, a folder: opened
    without blocking and refused, so a pipe put in a file's place never hangs the game), unreadable, larger than
    ``limit`` bytes, not UTF-8 (a byte-order mark is accepted)."""
    problem = outside(path)
    if problem:
        raise ValueError(problem)
    try:
        data = read_capped(path, limit)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"cannot read {path.name}: {exc.strerror or exc}") from None
    except ValueError as exc:  # not a regular file, larger than the limit
        raise ValueError(f"{path.name} is {exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"{path.name} is not UTF-8 text") from None


def outside(path: Path) -> str:
    """"" unless ``path`` lies in the data folder by its name but leads out of it through a link (issue 37): then
    one line naming the link (``records is a link that leads out of the data folder``). Nothing the game writes,
    moves or deletes is ever outside the data folder: a link in place of a subfolder or a file there is refused
    (one the player made that stays inside it is followed)."""
    base = data_dir()
    try:
        parts = path.relative_to(base).parts
    except ValueError:
        return ""  # not a path of the data folder (a test's or a tool's own file)
    here = base
    for part in parts:
        here = here / part
        try:
            link = here.is_symlink()
        except OSError:
            link = False
        if link and not _inside(here, base):
            return f"{here.relative_to(base).as_posix()} is a link that leads out of the data folder"
    return ""


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, its links followed, lies in ``folder`` (its links followed too); False for a link that
    cannot be followed (a loop)."""
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False


# What ``write_atomic`` names its temporary files (``tempfile.mkstemp``: the file's name, 8 random characters).
LEFTOVER = re.compile(r"[\w.-]+\.[A-Za-z0-9_]{8}\.tmp", re.ASCII)
LEFTOVER_AGE = 60.0  # seconds: a write takes milliseconds, so an older temporary file was left by a killed game


def clean_leftovers(folders: tuple[str, ...] = ("", "records")) -> int:
    """Remove the temporary files a game killed while writing left in the data folder (and ``records/``): regular
    files named as :func:`write_atomic` names them, older than :data:`LEFTOVER_AGE`. How many were removed; never
    raises (a file that cannot be removed is left for the next start)."""
    removed = 0
    now = time.time()
    for sub in folders:
        folder = data_dir() / sub
        try:
            if outside(folder) or folder.is_symlink() or not folder.is_dir():
                continue
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
                if LEFTOVER.fullmatch(entry.name) and stat.S_ISREG(info.st_mode) and now - info.st_mtime > LEFTOVER_AGE:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed


def parse_json(text: str) -> Any:
    """``json.loads`` whose every failure is a ValueError with a short reason (invalid JSON, nesting too deep)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise ValueError("nested too deeply to be read") from None


def move_aside(path: Path, why: str = "damaged") -> Path | None:
    """Keep a damaged file under a new name beside it, never overwriting one kept before: ``save.json.damaged``,
    then ``save.json.damaged.1``, ``.2``, ... (``why`` names the reason: ``newer`` for a file of a newer version);
    the new path, or None if it could not be moved (nor when it lies through a link out of the data folder)."""
    if outside(path.parent):  # (a link in the file's own place is moved itself, never followed)
        return None
    for n in range(1000):
        target = path.with_name(f"{path.name}.{why}" + (f".{n}" if n else ""))
        if os.path.lexists(target):
            continue
        try:
            os.link(path, target, follow_symlinks=False)  # fails if the name was taken meanwhile
            os.unlink(path)
            return target
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some file systems, a folder): a plain rename to the free name
            try:
                os.rename(path, target)
                return target
            except OSError:
                return None
    return None


def save_path() -> Path:
    return data_dir() / SAVE_NAME


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME
