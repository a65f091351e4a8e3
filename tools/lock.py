"""The locked install (issue 30): the exact versions the game, its tests, its build and its benchmark use.

    python3 tools/lock.py      # resolve anew: write tools/constraints.txt and pyproject.toml's build backend pin

``pyproject.toml`` keeps ranges (what the game works with, for whoever installs it as a library); the README's
commands and ``.ci/run`` install through ``tools/constraints.txt`` (``pip install -c tools/constraints.txt ...``),
so a new release of any dependency changes nothing here until this command is run, the suite passes with what it
chose, and the change is committed. The build backend is pinned in ``pyproject.toml`` itself (``[build-system]
requires``: pip builds the project in an isolated environment that a constraints file does not reach).

It installs, into a scratch virtual environment, the newest versions that ``pyproject.toml`` allows of every
dependency and every extra (test, build, bench) and of the build backend, and writes what was installed. The
resolution is this machine's (CPython 3.11 on Linux): a package only another system needs (pywin32-ctypes for the
executable on Windows) is not in the file, and pip takes its newest version there. ``tools/check_latest.sh`` runs
the suite on the newest versions without touching the lock: the way to find a release that breaks us on purpose.
Needs only python3 and the package registry.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "tools" / "constraints.txt"
PYPROJECT = ROOT / "pyproject.toml"
BACKEND = "setuptools"
BACKEND_RANGE = "setuptools>=70.1"  # PEP 660 editable installs and bdist_wheel without the wheel package
HEADER = """\
# The exact versions the game, its tests, its build and its benchmark use (issue 30): the README's commands and
# .ci/run install through this file (pip install -c tools/constraints.txt -e '.[test]'). Written by
# `python3 tools/lock.py`, which takes the newest versions pyproject.toml allows; do not edit by hand.
# Resolved on CPython {python} on Linux; another system's own packages are not listed (pip picks them freely).
"""
PIN = re.compile(r'^requires = \["setuptools==[^"]*"\]', re.MULTILINE)


def requirements() -> list[str]:
    """Every requirement of ``pyproject.toml``: the game's dependencies and each extra's, and the build backend."""
    with PYPROJECT.open("rb") as f:
        project = tomllib.load(f)["project"]
    found = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        found += extra
    return found + [BACKEND_RANGE]


def resolve(wanted: list[str]) -> list[str]:
    """``name==version`` of everything pip installs for ``wanted`` in a new environment (pip itself left out),
    sorted by name."""
    with tempfile.TemporaryDirectory() as scratch:
        venv = Path(scratch) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = str(venv / "bin" / "python")
        subprocess.run([python, "-m", "pip", "install", "--quiet", *wanted], check=True)
        frozen = subprocess.run([python, "-m", "pip", "freeze", "--all"], check=True, capture_output=True,
                                text=True).stdout
    pins = [line.strip() for line in frozen.splitlines() if "==" in line and not line.startswith("pip==")]
    return sorted(pins, key=lambda pin: pin.split("==")[0].lower().replace("_", "-"))


def main() -> int:
    pins = resolve(requirements())
    backend = next((pin for pin in pins if pin.lower().startswith(f"{BACKEND}==")), None)
    if backend is None:
        print(f"lock: {BACKEND} was not installed", file=sys.stderr)
        return 1
    python = ".".join(str(part) for part in sys.version_info[:2])
    LOCK.write_text(HEADER.format(python=python) + "\n".join(pins) + "\n", encoding="utf-8")
    text = PYPROJECT.read_text(encoding="utf-8")
    if not PIN.search(text):
        print(f"lock: {PYPROJECT.name} has no line 'requires = [\"{BACKEND}==...\"]' to pin", file=sys.stderr)
        return 1
    PYPROJECT.write_text(PIN.sub(f'requires = ["{backend}"]', text), encoding="utf-8")
    print(f"lock: {len(pins)} versions in {LOCK.relative_to(ROOT)}; build backend {backend}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
