"""Build the standalone one-file executable with PyInstaller: ``dist/postmen`` (``dist/postmen.exe`` on Windows).

Usage: ``python tools/build_exe.py`` from anywhere (needs the ``build`` extra:
``pip install -c tools/constraints.txt -e '.[build]'``).
Options are given relative to the repository root, so no path of the build machine is written into the
project; ``levels/``, ``assets/`` and the translation catalogs (``game/i18n/locale``) are bundled and found at
run time through ``sys._MEIPASS``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Modules the game never uses that PyInstaller would otherwise pull in (smaller file, faster start).
EXCLUDES = ("tkinter", "unittest", "pydoc", "doctest", "numpy", "pytest", "setuptools", "distutils")


def build(clean: bool = False) -> Path:
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("build_exe: PyInstaller is missing: "
                         "pip install -c tools/constraints.txt -e '.[build]'") from None
    sep = os.pathsep  # PyInstaller's --add-data separator: ':' on POSIX, ';' on Windows
    args = [
        "tools/exe_entry.py", "--onefile", "--name", "postmen", "--noconfirm", "--log-level", "WARN",
        "--distpath", "dist", "--workpath", "build/pyinstaller", "--specpath", "build",
        "--paths", ".",
        "--add-data", f"../levels{sep}levels", "--add-data", f"../assets{sep}assets",
        "--add-data", f"../game/i18n/locale{sep}game/i18n/locale",
        "--collect-submodules", "game",
    ]
    for name in EXCLUDES:
        args += ["--exclude-module", name]
    if clean:
        args.append("--clean")
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        pyinstaller.run(args)
    finally:
        os.chdir(cwd)
    exe = ROOT / "dist" / ("postmen.exe" if sys.platform == "win32" else "postmen")
    if not exe.exists():
        raise SystemExit(f"build_exe: PyInstaller finished but {exe.relative_to(ROOT)} is missing")
    return exe


def main() -> int:
    parser = argparse.ArgumentParser(description="Build dist/postmen, the one-file executable.")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    args = parser.parse_args()
    start = time.perf_counter()
    exe = build(args.clean)
    size = exe.stat().st_size / 1e6
    print(f"built {exe.relative_to(ROOT)}: {size:.1f} MB in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
