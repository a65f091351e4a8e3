"""Frame times while the Hint's planner thinks (issue 31: a Hint never freezes the screen).

On each busy board (tests/data/busy-attack2.json, busy-attack3.json) and at the first move decision of turns 2 to
4 of a Standard game (seed 0, the heuristic playing up to there: where the planner thinks longest) the real play
scene, headless, draws frames:
first with nothing to think about (the reference, measured in the same run), then from the moment Hint is pressed
until its answer is shown, 60 frames a second as the game's loop draws them (``--back-to-back``: each frame
at once after the last, as the tests draw them: the planner then thinks only at the frames' checkpoints, the
worst case of ``game.ui.gate``). Prints, per board, the frames' median and largest times in both states, how long the
planner thought (sharing the interpreter with frames drawn back to back, so longer than alone), and the frame the
old loop drew with the planner in it (the same question asked in the frame).

    python tools/bench_hint_frames.py [--frames 120] [--back-to-back]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai import HeuristicPolicy  # noqa: E402
from game.rules import Game  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.play import hints  # noqa: E402
from game.ui.play.scene import PlayScene  # noqa: E402

BOARDS = ("busy-attack2.json", "busy-attack3.json")


PACED = True  # frames 1/60 s apart, as the game's loop waits for the next frame (``App.next_frame``)


def frame_ms(app: App) -> float:
    start = time.perf_counter()
    app.step(1 / 60)
    took = time.perf_counter() - start
    if PACED:
        time.sleep(max(0.0, 1 / 60 - took))
    return took * 1000


def positions() -> list[tuple[str, Game]]:
    """The busy boards, then the first move decision of turns 2, 3 and 4 of the heuristic's seed-0 game."""
    out = [(board, Game.from_json((ROOT / "tests" / "data" / board).read_text(encoding="utf-8")))
           for board in BOARDS]
    game, policy = Game.new(0), HeuristicPolicy(0)
    for turn in (2, 3, 4):
        while not (game.state["attack_turn"] == turn and (game.decision or {}).get("kind") == "moves"):
            game.apply(policy.choose(game))
        out.append((f"seed 0, Attack {game.state['attack']} turn {turn}, moves", Game.from_json(game.to_json())))
    return out


def forget(game: Game) -> None:
    """Empty the rules' memo (answers only, no state): each measure starts as a first question does."""
    memo = game.rules.memo
    for table in (memo.kinds, memo.carry, memo.sight, memo.moves, memo.kits, memo.names):
        table.clear()


def measure(game: Game, frames: int) -> dict[str, float]:
    forget(game)
    start = time.perf_counter()
    hints.recommend(game)  # the question asked in a frame, as before issue 31
    stall = time.perf_counter() - start
    forget(game)
    app = App(headless=True, seed=0)
    app.ctx.settings.speed = 0.0
    scene = PlayScene(app.ctx, game, fresh=False)
    app.stack.push(scene)
    for _ in range(60):  # the board settles and its danger badges are worked out (their thread ends)
        app.step(1 / 60)
        scene.danger.thinker.wait()
    idle = [frame_ms(app) for _ in range(frames)]
    asked = time.perf_counter()
    scene.ask_hint()
    thinking: list[float] = []
    while scene.hint is None:
        thinking.append(frame_ms(app))
    thought = time.perf_counter() - asked
    return {"idle_median": statistics.median(idle), "idle_max": max(idle),
            "think_median": statistics.median(thinking), "think_max": max(thinking), "frames": len(thinking),
            "thought_s": thought, "stall_ms": stall * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=120, help="reference frames drawn before the Hint")
    parser.add_argument("--back-to-back", action="store_true", help="draw each frame at once after the last")
    args = parser.parse_args()
    global PACED
    PACED = not args.back_to_back
    print("| position | frames idle: median / max ms | frames while thinking: median / max ms (n) | thought | "
          "one frame with the planner in it (before) |")
    print("|---|---|---|---|---|")
    for name, game in positions():
        m = measure(game, args.frames)
        print(f"| {name} | {m['idle_median']:.1f} / {m['idle_max']:.1f} | {m['think_median']:.1f} / "
              f"{m['think_max']:.1f} ({m['frames']:.0f}) | {m['thought_s']:.2f} s | {m['stall_ms']:.0f} ms |")


if __name__ == "__main__":
    main()
