"""The scene stack: push/pop, lifecycle hooks in pairs, input offered top-down and consumed, transparency."""

from __future__ import annotations

import pygame

from game.ui.scene import Context, Scene, SceneStack


class Probe(Scene):
    def __init__(self, ctx: Context, name: str, log: list[str], consume: bool = False,
                 transparent: bool = False) -> None:
        super().__init__(ctx)
        self.name = name
        self.log = log
        self.consume = consume
        self.transparent = transparent

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.log.append(f"{self.name}.handle")
        return None if self.consume else event

    def update(self, dt: float) -> None:
        self.log.append(f"{self.name}.update")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def key() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)


def test_push_pop_and_lifecycle_pairs() -> None:
    log: list[str] = []
    ctx = Context()
    st = ctx.stack
    a, b = Probe(ctx, "a", log), Probe(ctx, "b", log)
    st.push(a)
    st.push(b)
    assert st.top is b
    assert st.pop() is b
    assert st.top is a
    st.pop()
    assert st.top is None and st.pop() is None
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume", "a.exit"]
    # every enter has its exit and every pause its resume
    for first, second in (("enter", "exit"), ("pause", "resume")):
        assert sum(x.endswith(first) for x in log) == sum(x.endswith(second) for x in log)


def test_pop_a_given_scene_pops_those_above() -> None:
    log: list[str] = []
    ctx = Context()
    a, b, c = (Probe(ctx, n, log) for n in "abc")
    for s in (a, b, c):
        ctx.stack.push(s)
    log.clear()
    ctx.stack.pop(b)
    assert ctx.stack.top is a
    assert log == ["c.exit", "b.exit", "a.resume"]


def test_input_top_down_and_consumed() -> None:
    log: list[str] = []
    ctx = Context()
    bottom = Probe(ctx, "bottom", log, consume=True)
    dialog = Probe(ctx, "dialog", log, consume=False, transparent=True)
    ctx.stack.push(bottom)
    ctx.stack.push(dialog)
    log.clear()
    assert ctx.stack.handle(key()) is None  # passed down by the transparent dialog, consumed below
    assert log == ["dialog.handle", "bottom.handle"]
    log.clear()
    dialog.consume = True
    ctx.stack.handle(key())
    assert log == ["dialog.handle"]  # consumed on top: the scene below never sees it


def test_opaque_scene_stops_input_and_drawing() -> None:
    log: list[str] = []
    ctx = Context()
    ctx.stack.push(Probe(ctx, "under", log, consume=True))
    ctx.stack.push(Probe(ctx, "top", log, consume=False))
    log.clear()
    ev = key()
    assert ctx.stack.handle(ev) is ev  # not consumed, but an opaque scene does not offer it further down
    assert log == ["top.handle"]
    log.clear()
    ctx.stack.draw(pygame.Surface((10, 10)))
    ctx.stack.update(0.1)
    assert log == ["top.draw", "top.update"]


def test_transparent_scene_draws_over_the_one_below() -> None:
    log: list[str] = []
    ctx = Context()
    ctx.stack.push(Probe(ctx, "play", log))
    ctx.stack.push(Probe(ctx, "pause", log, transparent=True))
    log.clear()
    ctx.stack.draw(pygame.Surface((10, 10)))
    ctx.stack.update(0.1)
    assert log == ["play.draw", "pause.draw", "pause.update"]  # only the top scene updates


def test_replace_and_reset() -> None:
    log: list[str] = []
    ctx = Context()
    st: SceneStack = ctx.stack
    st.push(Probe(ctx, "a", log))
    st.replace(Probe(ctx, "b", log))
    st.reset(Probe(ctx, "c", log))
    assert [s.name for s in st.scenes] == ["c"]
    assert log == ["a.enter", "a.exit", "b.enter", "b.exit", "c.enter"]
