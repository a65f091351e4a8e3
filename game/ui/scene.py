"""Scenes and the scene stack (after Tuxemon's state manager).

The top scene gets input first; it returns ``None`` to consume an event or the event to pass it down to the
scene below (only when it is ``transparent`` is it drawn over the one below, and only then is input offered
further down). Lifecycle hooks come in pairs: ``enter``/``exit`` when pushed/popped, ``pause``/``resume`` when
another scene covers it or leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.context import Context


class Scene:
    """Base scene: override what you need."""

    transparent: bool = False  # draw the scene below first (dialogs, pause menu)
    name: str = "scene"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    @property
    def stack(self) -> SceneStack:
        return self.ctx.stack

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped from the stack."""

    def pause(self) -> None:
        """Another scene was pushed above this one."""

    def resume(self) -> None:
        """The scene above was popped: this one is on top again."""

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Process one input event (mouse positions already in logical coordinates). Return ``None`` when
        consumed, the event to offer it to the scene below."""
        return event

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1920x1080 logical surface."""


class SceneStack:
    """Push/pop scenes; offer input top-down; update the top scene; draw from the lowest visible one."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Pop the top scene (or, when given, that scene and everything above it)."""
        if not self.scenes:
            return None
        if scene is not None and scene not in self.scenes:
            return None
        popped: Scene | None = None
        while self.scenes:
            popped = self.scenes.pop()
            popped.exit()
            if scene is None or popped is scene:
                break
        if self.scenes:
            self.scenes[-1].resume()
        return popped

    def replace(self, scene: Scene) -> Scene:
        """Pop the top scene and push ``scene`` (the one below is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack and push ``scene``."""
        self.clear()
        return self.push(scene)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Offer ``event`` top-down; a non-transparent scene is the last one offered it."""
        for scene in reversed(list(self.scenes)):
            result = scene.handle(event)
            if result is None:
                return None
            if not scene.transparent:
                return result
        return event

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """The scenes to draw, lowest first."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0):]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
