"""Check game codes against the simulation: every game ``simulate --codes`` plays, replayed by ``postmen replay
CODE --verify``, must end with the score and outcome the simulation recorded (issue 33).

Plays ``--games`` games of each policy on seeds ``--seed``.. (the simulation's own ``play_many``, the games
``simulate --codes`` prints), packs each game's code as ``simulate --codes`` does, and runs the command-line
``replay CODE --verify`` in this process on each code; prints, per policy, the games checked, the codes' lengths
and how many lines differ from the simulation. Exit 1 if any does.

    .venv/bin/python tools/verify_codes.py [--games 200] [--policies random,heuristic,planner] [--jobs N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import codes  # noqa: E402
from game.__main__ import main as postmen  # noqa: E402
from game.sim import default_jobs, play_many  # noqa: E402


def verify_line(code: str) -> tuple[int, str]:
    """``postmen replay CODE --verify``: its exit status and the line it printed (out or error)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = postmen(["replay", code, "--verify"])
    return status, (out.getvalue() or err.getvalue()).strip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--policies", default="random,heuristic,planner")
    ap.add_argument("--difficulty", default="standard", choices=("standard", "veteran", "elite"))
    ap.add_argument("--jobs", type=int, default=default_jobs())
    args = ap.parse_args(argv)
    policies = args.policies.split(",")
    started = time.perf_counter()
    results = play_many(args.games, args.seed, policies, args.jobs, args.difficulty)
    played = time.perf_counter() - started
    failures = 0
    for policy in policies:
        lengths, wrong = [], 0
        started = time.perf_counter()
        for summary in results[policy]:
            code = codes.pack(codes.GameCode(summary["seed"], args.difficulty, tuple(summary["choices"])))
            lengths.append(len(code))
            status, line = verify_line(code)
            expected = (f"seed {summary['seed']}, {args.difficulty}: score {summary['score']}, {summary['outcome']} "
                        f"({summary['how']}), {summary['decisions']} decisions")
            if status != 0 or line != expected:
                wrong += 1
                print(f"  {policy} seed {summary['seed']}: {line!r}, expected {expected!r}")
        failures += wrong
        print(f"{policy}: {len(lengths)} games, codes of {min(lengths)}-{max(lengths)} characters (median "
              f"{statistics.median(lengths):.0f}), {wrong} replayed differently; verified in "
              f"{time.perf_counter() - started:.1f} s")
    print(f"played in {played:.0f} s with {args.jobs} processes; {failures} differences")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
