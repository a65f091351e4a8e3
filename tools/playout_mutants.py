"""How many random playouts tests/test_playout.py needs (issue 30): mutants of the rules core, one line changed
each, and for each the first seed at which the test's checked random game fails, at each difficulty.

    python tools/playout_mutants.py [--games 200]

Each mutant is played in a scratch copy of game/, levels/ and tests/ (the checkout is never changed). A mutant the
playouts catch is caught by the test as long as it plays more seeds than the smallest first seed printed for it;
"-" means no seed up to --games failed (the invariants cannot see that change: other tests must).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (file, line, text on that line, replacement): invariants the playouts check (supply, capacities, one place per
# counter, the view fed only the events) and rarer paths (clearing priorities, support stacks, the armored car).
MUTANTS = [
    ("game/rules/defense.py", 's["supply"][ctype] += 1', "pass"),
    ("game/rules/effects.py", 's["supply"][ctype] += 1', "pass"),
    ("game/rules/clearing.py", 's["moved_floor"].append(cid)', "pass"),
    ("game/rules/defense.py", 'd["moved"] = True', 'd["moved"] = False'),
    ("game/rules/defense.py", 'd["acted"] = True', 'd["acted"] = False'),
    ("game/rules/enemy.py", 's["barriers_open"].append(barrier)', "pass"),
    ("game/rules/queries.py", "return count < g.rules.defender_spaces[space].capacity",
     "return count <= g.rules.defender_spaces[space].capacity"),
    ("game/rules/enemy.py", 's["interior"][entrance.floor].append(cid)', "pass"),
    ("game/rules/setup.py", 's["supply"][ctype] += 1', "pass"),
    ("game/rules/enemy.py", 's["in_play"].append(cid)', "pass"),
    ("game/rules/clearing.py", 's["interior"][nxt].append(cid)', "pass"),
    ("game/rules/clearing.py", "if n <= 0:", "if n < 0:"),
    ("game/rules/clearing.py", "if len(group) <= n:", "if len(group) < n:"),
    ("game/rules/clearing.py", "if n - i <= extra:", "if n - i < extra:"),
    ("game/rules/effects.py", 'if s["supply"][unit] <= 0:', 'if s["supply"][unit] < 0:'),
    ("game/rules/effects.py", "if len(stack) >= 2:", "if len(stack) >= 3:"),
    ("game/rules/enemy.py", 's["cars"][car] = space', "pass"),
]

CHILD = """
import json, sys
sys.path.insert(0, ".")
import tests.test_playout as T
first = {}
for difficulty in T.DIFFICULTIES:
    first[difficulty] = None
    for seed in range(int(sys.argv[1])):
        try:
            failed = bool(T.play_checked(seed, difficulty))
        except Exception:
            failed = True
        if failed:
            first[difficulty] = seed
            break
print(json.dumps(first))
"""


def mutate(folder: Path, path: str, old: str, new: str) -> bool:
    """Replace the first line of ``folder/path`` holding ``old`` (``old`` by ``new``); False when none does."""
    target = folder / path
    lines = target.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if old in line:
            lines[i] = line.replace(old, new, 1)
            target.write_text("\n".join(lines), encoding="utf-8")
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeds tried at each difficulty (default 200)")
    args = parser.parse_args(argv)
    caught: list[int] = []
    for path, old, new in MUTANTS:
        with tempfile.TemporaryDirectory(prefix="postmen-mutant-") as scratch:
            folder = Path(scratch)
            for part in ("game", "levels", "tests"):
                shutil.copytree(ROOT / part, folder / part, ignore=shutil.ignore_patterns("__pycache__"))
            if not mutate(folder, path, old, new):
                print(f"{path}: no line holds {old!r} (the code moved on: update MUTANTS)")
                continue
            done = subprocess.run([sys.executable, "-c", CHILD, str(args.games)], cwd=folder, capture_output=True,
                                  text=True, check=False)
        first = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else {}
        shown = "  ".join(f"{d} {'-' if s is None else s}" for d, s in first.items()) or done.stderr[-200:]
        print(f"{path}: {old!r} -> {new!r}: first failing seed: {shown}")
        seeds = [s for s in first.values() if s is not None]
        if seeds:
            caught.append(min(seeds))
    print(f"{len(caught)} of {len(MUTANTS)} mutants caught; the last of them first caught at seed "
          f"{max(caught) if caught else '-'} of some difficulty")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
