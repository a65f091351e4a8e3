"""Check a levels folder (default: the game's own ``levels/``) and print a one-line verdict.

Usage: ``python tools/validate_levels.py [LEVELS_DIR]``. Exit status 0 when every file loads and agrees with
the others, 1 with one line naming the file, the key path and the problem otherwise: a missing, unreadable or
invalid TOML file, an unknown or missing key, a wrong type, a value out of range, a duplicate id or a reference
to something that does not exist (see :func:`game.rules.data.load_rules`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.rules.data import LevelError, load_rules


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else None
    try:
        rules = load_rules(folder)
    except LevelError as exc:
        print(f"levels: {exc}")
        return 1
    inferred = 0
    root = folder or Path(__file__).resolve().parents[1] / "levels"
    for path in sorted(root.glob("*.toml")):
        inferred += path.read_text(encoding="utf-8", errors="replace").count("# inferred")
    print(f"levels OK: {len(rules.defenders)} defenders, {len(rules.cards)} enemy cards, {len(rules.tactics)} "
          f"tactics cards, {len(rules.tracks)} tracks, {len(rules.defender_spaces)} defender spaces; "
          f"difficulties {', '.join(rules.setups)}; {inferred} values marked inferred")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
