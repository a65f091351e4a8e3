"""The end of a game is recorded the moment the core declares it (issue "Nothing lost"): the final save and the
high-score entry are written before any animation plays, so a crash or a closed window at any moment after the
final decision keeps the score; Continue on a finished game shows its results and never enters it twice. A kill
between the final save and the entry is mended at the next start, Continue pressed or not (issue 36), and the
temporary files a kill leaves are cleaned then."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ai import RandomPolicy
from game.rules import Action, Game
from game.ui import scores, storage
from game.ui.app import App
from game.ui.play.scene import PlayScene, game_id
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene, load_save

ROOT = Path(__file__).resolve().parents[1]

# The child: the real play scene, headless, on the position before the final decision; it prints "ready", takes
# the final decision as a click would, prints "submitted" and goes on drawing the animations until it is killed.
CHILD = """
import sys
from game.rules import Action, Game
from game.ui.app import App
from game.ui.play.scene import PlayScene
app = App(headless=True, seed=0)
scene = PlayScene(app.ctx, Game.from_json(open(sys.argv[1], encoding="utf-8").read()), fresh=False)
app.stack.push(scene)
app.step(1 / 60, [])
print("ready", flush=True)
scene.submit(Action.parse(sys.argv[2]))
print("submitted", flush=True)
while True:
    app.step(1 / 60, [])
"""


def last_decision(seed: int) -> tuple[str, Action, Game]:
    """A Standard game played at random to its end: the saved position before its final decision, that decision,
    and the finished game."""
    game, policy = Game.new(seed), RandomPolicy(seed)
    game.keep_history = True  # as the graphical game keeps it: a save is trusted by its record of decisions
    while True:
        before = game.to_json()
        action = policy.choose(game)
        game.apply(action)
        if game.over:
            return before, action, game


def entered(game: Game) -> bool:
    tables, msg = scores.load_scores()
    assert not msg, msg
    return any(e.game == game_id(game) for e in tables["standard"])


def continue_to_results() -> ResultsScene | None:
    """What the player sees after Continue on the title (None when the save is not a finished game)."""
    app = App(headless=True, seed=0)
    app.stack.push(TitleScene(app.ctx))
    game = load_save(app.ctx)
    if game is None or not game.over:
        return None
    app.stack.push(PlayScene(app.ctx, game, fresh=False))
    app.step(1 / 60, [], draw=False)
    top = app.stack.top
    assert isinstance(top, ResultsScene), top
    return top


KILL_POINTS = [("ready", d) for d in (0.0, 0.002, 0.004, 0.008, 0.015, 0.03)] + \
    [("submitted", d) for d in (0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 0.7, 1.0)]


@pytest.mark.parametrize(("marker", "delay"), KILL_POINTS)
def test_killed_after_the_final_decision_the_score_is_kept(tmp_path: Path, data_dir: Path, marker: str,
                                                           delay: float) -> None:
    before, action, final = last_decision(3)
    data_dir.mkdir(parents=True)
    (data_dir / storage.SAVE_NAME).write_text(before, encoding="utf-8")  # the autosave before the decision
    position = tmp_path / "position.json"
    position.write_text(before, encoding="utf-8")
    env = dict(os.environ, POSTMEN_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(position), str(action)], stdout=subprocess.PIPE,
                             text=True, env=env, cwd=ROOT)
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == marker:
                break
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=60)
    if marker == "submitted":  # the final decision was taken: the score is in the table already
        assert entered(final)
    for leftover in data_dir.rglob("*.tmp"):  # a later start (a minute on): what the kill left is cleaned
        os.utime(leftover, (time.time() - 120, time.time() - 120))
    App(headless=True, seed=0)  # started again, Continue not pressed
    assert not list(data_dir.rglob("*.tmp"))
    finished = Game.from_json((data_dir / storage.SAVE_NAME).read_text(encoding="utf-8")).over
    assert entered(final) == finished  # entered at the start whenever the final save was written
    results = continue_to_results()
    if results is None:  # killed before the final save: the position before the decision, nothing lost
        assert Game.from_json((data_dir / storage.SAVE_NAME).read_text(encoding="utf-8")).to_json() == before
        assert not entered(final)
    else:  # the finished save: Continue shows the results, the score is in the table (entered once)
        assert entered(final)
        assert results.rank is not None
        tables, _ = scores.load_scores()
        assert sum(e.game == game_id(final) for e in tables["standard"]) == 1


def test_continue_on_a_finished_game_shows_its_results_and_enters_it_once(data_dir: Path) -> None:
    _, _, final = last_decision(5)
    data_dir.mkdir(parents=True)
    (data_dir / storage.SAVE_NAME).write_text(final.to_json(), encoding="utf-8")
    first = continue_to_results()
    second = continue_to_results()
    assert first is not None and second is not None and first.rank == second.rank
    tables, _ = scores.load_scores()
    assert [e.game for e in tables["standard"]] == [game_id(final)]
    title = TitleScene(App(headless=True, seed=0).ctx)
    title.refresh()
    assert title.save_finished and title.has_save
