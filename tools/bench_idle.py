"""CPU the game takes while the player does nothing: the real frame loop (SDL's dummy video driver, real time),
left alone on the title, or on a play scene whose animations are over, measured from the process's own CPU
clock (/proc/PID/stat) over a stretch of wall time.

    python tools/bench_idle.py [--scene title|play|both] [--seconds 10] [--warmup 4]

Prints, per scene, the share of one core used (100% = one core busy all the time). The aim is under 5%.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import sys
from game.rules import Game
from game.ui.app import App
from game.ui.play.scene import PlayScene
app = App(windowed=True, seed=1)
if sys.argv[1] == "play":
    app.ctx.settings.speed = 0.0  # the opening animations skipped: the board is still at once
    app.stack.push(PlayScene(app.ctx, Game.new(1), fresh=True))
app.loop()
"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(scene: str, seconds: float, warmup: float) -> float:
    with tempfile.TemporaryDirectory(prefix="postmen-idle-") as data:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", POSTMEN_DATA_DIR=data,
                   PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
        # settings that skip the first-launch offer of the guided game (a dialog would be the scene measured)
        Path(data, "settings.json").write_text('{"tutorial_offered": true, "fullscreen": false}', encoding="utf-8")
        child = subprocess.Popen([sys.executable, "-c", CHILD, scene], env=env, cwd=ROOT)
        try:
            time.sleep(warmup)
            start_cpu, start = cpu_seconds(child.pid), time.perf_counter()
            time.sleep(seconds)
            used = cpu_seconds(child.pid) - start_cpu
            return used / (time.perf_counter() - start)
        finally:
            child.kill()
            child.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scene", choices=("title", "play", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=4.0, help="seconds before measuring (start-up, the "
                        "opening, and the 2 s without input before idle frames)")
    args = parser.parse_args(argv)
    for scene in (("title", "play") if args.scene == "both" else (args.scene,)):
        share = measure(scene, args.seconds, args.warmup)
        print(f"{scene:6} idle: {share:.1%} of one core over {args.seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
