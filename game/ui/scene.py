"""Scenes, the scene stack (after Tuxemon's state manager) and the context every scene shares.

The top scene gets input first; it returns ``None`` to consume an event or the event to pass it down to the
scene below (only when it is ``transparent`` is it drawn over the one below, and only then is input offered
further down). Lifecycle hooks come in pairs: ``enter``/``exit`` when pushed/popped, ``pause``/``resume`` when
another scene covers it or leaves.

A scene opens another by importing its module, except where that would close an import cycle (a results screen
starting the next game, a demo going back to the title): those scenes are built by the :class:`Scenes` the App
installs in the context, so no module of ``game/ui`` imports one that imports it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui.music import MusicPlayer
from game.ui.settings import Settings, save_settings_behind
from game.ui.sound import SoundBank

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.codes import GameCode
    from game.rules import Game
    from game.ui.journal import Played
    from game.ui.scores import Tables

LOGICAL = (1920, 1080)


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

    def still(self) -> bool:
        """Nothing on screen needs the full frame rate (no animation under way): once the player leaves the
        mouse and keys alone, the app waits for input and draws a few frames a second."""
        return True


class SceneStack:
    """Push/pop scenes; offer input top-down; update the top scene; draw from the lowest visible one."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.draws = 0  # how many frames were drawn: a scene knows whether the screen still holds its last one

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
        self.draws += 1
        for scene in self.visible():
            scene.draw(surface)


class Scenes(Protocol):
    """The scenes that other scenes open without importing their modules (installed by the App)."""

    def title(self) -> Scene:
        """A title screen."""
        ...

    def play(self, game: Game, fresh: bool = True) -> Scene:
        """A play scene on ``game`` (``fresh``: a new game, autosaved from its first decision)."""
        ...

    def replay(self, code: GameCode, at: int = 0, playing: bool = False) -> Scene:
        """The replay of the game ``code`` holds, shown after ``at`` of its decisions (``playing``: going on by
        itself)."""
        ...

    def pause(self, undo: Callable[[], None] | None = None, undo_tip: str = "", undo_enabled: bool = False,
              leave: str | None = None, code: Callable[[], str] | None = None) -> Scene:
        """The pause menu over a game (``undo``: taking back the last decision; ``leave``: what Quit to title
        asks; ``code``: the game's code so far, to copy)."""
        ...

    def results(self, game: Game, tables: Tables | None = None, rank: int | None = None, guided: bool = False,
                played: Played | None = None) -> Scene:
        """The results of the finished ``game`` (its high-score ``tables`` and ``rank``, its journal line)."""
        ...

    def rules(self, section: str | None = None) -> Scene:
        """The rules reference, opened at ``section`` when given."""
        ...


class NoScenes:
    """The :class:`Scenes` of a context built without the App (tests of the stack alone): opening one is an error
    that says so."""

    def title(self) -> Scene:
        raise RuntimeError("no scenes installed in this context (the App installs them)")

    def play(self, game: Game, fresh: bool = True) -> Scene:
        raise RuntimeError("no scenes installed in this context (the App installs them)")

    def replay(self, code: GameCode, at: int = 0, playing: bool = False) -> Scene:
        raise RuntimeError("no scenes installed in this context (the App installs them)")

    def pause(self, undo: Callable[[], None] | None = None, undo_tip: str = "", undo_enabled: bool = False,
              leave: str | None = None, code: Callable[[], str] | None = None) -> Scene:
        raise RuntimeError("no scenes installed in this context (the App installs them)")

    def results(self, game: Game, tables: Tables | None = None, rank: int | None = None, guided: bool = False,
                played: Played | None = None) -> Scene:
        raise RuntimeError("no scenes installed in this context (the App installs them)")

    def rules(self, section: str | None = None) -> Scene:
        raise RuntimeError("no scenes installed in this context (the App installs them)")


@dataclass
class Context:
    """What every scene shares: the scene stack, the scenes it may open, settings, sounds, the title-screen
    message and the quit flag."""

    stack: SceneStack = field(default_factory=SceneStack)
    settings: Settings = field(default_factory=Settings)
    sounds: SoundBank = field(default_factory=SoundBank)
    music: MusicPlayer = field(default_factory=MusicPlayer)
    scenes: Scenes = field(default_factory=NoScenes)
    message: str = ""  # one line for the title screen (a damaged save or settings file)
    quit: bool = False
    seed: int | None = None
    headless: bool = False
    fullscreen_changed: bool = False
    time: float = 0.0

    def save_settings(self) -> None:
        """The settings saved (behind the frame loop: a failure is said by the app's next frame) and applied."""
        save_settings_behind(self.settings)
        self.sounds.set_volume(self.settings.volume, self.settings.mute)
        self.music.set_volume(self.settings.music_volume, self.settings.mute)
