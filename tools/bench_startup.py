"""Start-up benchmark: the executable's size, and the time from launch to the first drawn frame, from source and
frozen.

Usage: ``python tools/bench_startup.py [--runs N] [--exe dist/postmen]`` (build the executable first with
``python tools/build_exe.py``; without it only the source start is measured).

Each run launches a fresh process ``postmen --headless --frames 1`` (the title scene is drawn once, then the
game quits) and times it from launch to exit, so the figure is an upper bound of "launch to first drawn frame"
(it also counts the shutdown). The first run of each kind is reported apart (the coldest start this machine
allows without emptying the operating system's file cache, which needs root); the rest give the median.
Aims (issue "A standalone executable"): under 40 MB and under 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--frames", "1"]


def time_run(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["(no output)"]
        raise SystemExit(f"bench_startup: {' '.join(cmd)} exited {proc.returncode}: {tail[0]}")
    return elapsed


def measure(name: str, cmd: list[str], runs: int, env: dict[str, str]) -> tuple[str, float, float]:
    times = [time_run(cmd, env) for _ in range(runs)]
    first, rest = times[0], times[1:] or times
    print(f"{name:<8} first {first:6.2f} s   median of next {len(rest)}: {statistics.median(rest):6.2f} s")
    return name, first, statistics.median(rest)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6, help="launches per kind (default 6)")
    parser.add_argument("--exe", default=str(ROOT / "dist" / ("postmen.exe" if sys.platform == "win32" else "postmen")),
                        help="the built executable (default dist/postmen)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    with tempfile.TemporaryDirectory() as data:
        # A scratch data folder: the benchmark never reads or writes the player's settings and saves.
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "POSTMEN_DATA_DIR": data}
        measure("source", [sys.executable, "-m", "game", *ARGS], args.runs, env)
        exe = Path(args.exe)
        if exe.exists():
            size = exe.stat().st_size / 1e6
            print(f"frozen   {exe.name}: {size:.1f} MB (aim: under 40 MB)")
            _, first, median = measure("frozen", [str(exe), *ARGS], args.runs, env)
            verdict = "met" if first < 1.5 and size < 40 else "NOT met"
            print(f"aim (under 1.5 s to the first frame, under 40 MB): {verdict}")
        else:
            print(f"frozen   {exe} not found: build it with python tools/build_exe.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
