"""The frame loop's right of way over the worker threads (issue 36: no frame waits for the workers).

The workers (the danger badges' and the Hint's thinkers, the after-action review, the high-score check) share
one interpreter with the frame loop; while one computed, a frame waited for the interpreter lock each time pygame
gave it up, and a frame drawn beside two or three workers lost up to 80 ms (a monkey walk's slowest steps:
109 ms of which 28 ms its own work). So the frame loop closes the gate while it makes a frame
(:meth:`FrameGate.frame`), and each worker, at its checkpoints (a future or a rollout apart, about a millisecond),
waits until the gate is open again (:meth:`FrameGate.give_way`): the workers think in the time between frames,
which at 60 frames a second is most of it. A worker never waits longer than :data:`MOST_WAIT` (frames drawn back
to back, as the tests and tools draw them, still let it go on).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

MOST_WAIT = 0.1  # seconds a worker waits at most for a frame to be made


class FrameGate:
    def __init__(self) -> None:
        self._open = threading.Event()
        self._open.set()

    @contextmanager
    def frame(self) -> Iterator[None]:
        """The frame loop makes a frame: the workers wait at their next checkpoint until it is made."""
        self._open.clear()
        try:
            yield
        finally:
            self._open.set()

    def give_way(self) -> None:
        """A worker's checkpoint: return once no frame is being made (at once when none is)."""
        self._open.wait(MOST_WAIT)


GATE = FrameGate()
