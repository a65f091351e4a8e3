"""The locked install (issue 30): tools/constraints.txt pins every dependency pyproject.toml names, inside its
range, the build backend is pinned to the lock's version, and the README's commands and CI install through it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "tools" / "constraints.txt"


def locked() -> dict[str, str]:
    """The lock's versions by canonical package name."""
    pins: dict[str, str] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, sep, version = line.partition("==")
            assert sep and version and re.fullmatch(r"[0-9A-Za-z.+!-]+", version), f"not an exact pin: {line!r}"
            assert canonicalize_name(name) not in pins, f"pinned twice: {name}"
            pins[canonicalize_name(name)] = version
    return pins


def test_every_requirement_is_locked_to_one_version_inside_its_range() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)
    pins = locked()
    wanted = [Requirement(r) for r in project["project"]["dependencies"]]
    for extra in project["project"]["optional-dependencies"].values():
        wanted += [Requirement(r) for r in extra]
    checked = 0
    for req in wanted:
        if req.marker is not None and not req.marker.evaluate():
            continue  # not installed here (tomli before Python 3.11)
        version = pins.get(canonicalize_name(req.name))
        assert version is not None, f"{req.name} is not in {LOCK.name}"
        assert req.specifier.contains(version, prereleases=True), f"{req.name}=={version} is outside {req}"
        checked += 1
    assert checked >= 9  # pygame-ce, pymunk, pytest, pytest-xdist, ruff, mypy, hypothesis, babel, pyinstaller...
    backend = project["build-system"]["requires"]
    assert backend == [f"setuptools=={pins['setuptools']}"], backend


def test_the_readme_commands_and_ci_install_through_the_lock() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quick, re.DOTALL)
    assert len(commands) == 2, commands
    for command in commands:
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install -c tools/constraints.txt -e "), \
            command
    assert commands[1].endswith("&& .venv/bin/python -m pytest -q")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci  # CI runs the README's test command itself
    installs = re.findall(r"pip install [^\n]*", ci)
    assert installs and all("-c tools/constraints.txt" in line for line in installs), installs
