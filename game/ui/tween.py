"""Tweens and the animation queue (after Tuxemon's animation module, without its import-time side effects).

A :class:`Tween` changes numbers over time; the owner steps it with ``update(dt)`` and can ``finish()`` it at
once (skip). An :class:`Anim` is any step of the play scene's queue: a tween, a pause, a call, or a group
running in parallel. :class:`AnimQueue` runs steps one after another; nothing here touches the rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from game.ui.easing import Easing, linear


class Anim:
    """One step of an animation: stepped by :meth:`update`, skipped by :meth:`finish`."""

    done: bool = False
    instant: bool = False  # takes no time: the next step of a sequence gets the whole frame

    def start(self) -> None:
        """Called once when the step begins (reads the starting values)."""

    def update(self, dt: float) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end state at once."""
        self.done = True


class Tween(Anim):
    """Moves ``setter`` from ``start_value`` (or ``getter()`` at start) to ``end`` over ``duration`` seconds."""

    def __init__(self, setter: Callable[[tuple[float, ...]], None], end: tuple[float, ...], duration: float,
                 easing: Easing = linear, getter: Callable[[], tuple[float, ...]] | None = None,
                 start_value: tuple[float, ...] | None = None, delay: float = 0.0,
                 on_done: Callable[[], None] | None = None) -> None:
        self.setter = setter
        self.getter = getter
        self.begin = start_value
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.delay = delay
        self.elapsed = 0.0
        self.done = False
        self.on_done = on_done
        self._started = False

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        if self.begin is None:
            self.begin = self.getter() if self.getter else self.end

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def _apply(self) -> None:
        assert self.begin is not None
        k = self.easing(self.progress)
        self.setter(tuple(a + (b - a) * k for a, b in zip(self.begin, self.end, strict=True)))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.start()
        self.elapsed += dt
        if self.elapsed >= self.delay:
            self._apply()
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self.start()
        self.elapsed = self.delay + self.duration
        self._apply()
        self.done = True
        if self.on_done:
            self.on_done()


class Wait(Anim):
    """A pause of ``duration`` seconds, with an optional per-frame callback given progress 0..1."""

    def __init__(self, duration: float, tick: Callable[[float], None] | None = None,
                 on_done: Callable[[], None] | None = None) -> None:
        self.duration = duration
        self.elapsed = 0.0
        self.tick = tick
        self.on_done = on_done
        self.done = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.tick:
            self.tick(min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0)
        if self.elapsed >= self.duration:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self.tick:
            self.tick(1.0)
        if self.on_done:
            self.on_done()


class Call(Anim):
    """Runs a function once (e.g. update the drawn state, play a sound) and is done."""

    instant = True

    def __init__(self, func: Callable[[], object]) -> None:
        self.func = func
        self.done = False

    def update(self, dt: float) -> None:
        self.finish()

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.func()


class Group(Anim):
    """Runs its steps in parallel; done when all are."""

    def __init__(self, *steps: Anim) -> None:
        self.steps = list(steps)
        self.done = not self.steps

    def start(self) -> None:
        for s in self.steps:
            s.start()

    def update(self, dt: float) -> None:
        for s in self.steps:
            if not s.done:
                s.update(dt)
        self.done = all(s.done for s in self.steps)

    def finish(self) -> None:
        for s in self.steps:
            s.finish()
        self.done = True


class Sequence(Anim):
    """Runs its steps one after another."""

    def __init__(self, *steps: Anim) -> None:
        self.steps = deque(steps)
        self.done = not self.steps
        self._current: Anim | None = None

    def update(self, dt: float) -> None:
        while not self.done:
            if self._current is None:
                if not self.steps:
                    self.done = True
                    return
                self._current = self.steps.popleft()
                self._current.start()
            self._current.update(dt)
            if not self._current.done:
                return
            if not self._current.instant:
                dt = 0.0
            self._current = None

    def finish(self) -> None:
        if self._current is not None:
            self._current.finish()
        while self.steps:
            step = self.steps.popleft()
            step.start()
            step.finish()
        self._current = None
        self.done = True


class Deferred(Anim):
    """Builds its steps only when it starts, so they read the drawn position as the earlier steps left it
    (where a counter is now, which slot is free), not as it was when the events arrived."""

    def __init__(self, factory: Callable[[], list[Anim]]) -> None:
        self.factory = factory
        self.inner: Sequence | None = None
        self.done = False

    def start(self) -> None:
        if self.inner is None:
            self.inner = Sequence(*self.factory())

    def update(self, dt: float) -> None:
        self.start()
        assert self.inner is not None
        self.inner.update(dt)
        self.done = self.inner.done

    def finish(self) -> None:
        self.start()
        assert self.inner is not None
        self.inner.finish()
        self.done = True


class AnimQueue:
    """The play scene's queue: steps run in order at ``speed`` times real time; ``skip()`` finishes them all."""

    def __init__(self) -> None:
        self.seq = Sequence()
        self.speed = 1.0

    def add(self, *steps: Anim) -> None:
        self.seq.steps.extend(steps)
        self.seq.done = False

    @property
    def busy(self) -> bool:
        return not self.seq.done

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.skip()
            return
        self.seq.update(dt * self.speed)

    def skip(self) -> None:
        self.seq.finish()

    def __len__(self) -> int:
        return len(self.seq.steps) + (1 if self.seq._current is not None else 0)
