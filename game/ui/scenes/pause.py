"""The pause menu (Esc): resume, undo the last decision, rules, settings, or back to the title (the game is
autosaved)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _, n_
from game.ui import clipboard, palette
from game.ui.fonts import blit_text
from game.ui.scene import Context
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules_ref import RulesScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.widgets import panel
from game.ui.words import fit


def copied(code: str) -> str:
    """Put a game's ``code`` on the clipboard; what happened, in one line."""
    if clipboard.copy(code):
        return n_("The game code is on the clipboard ({n} character).",
                  "The game code is on the clipboard ({n} characters).", len(code))
    return _("The clipboard cannot be used here.")


LEAVE = N_("Leave to the title screen? The game is saved; Continue resumes it.")


class PauseScene(MenuScene):
    transparent = True
    name = "pause"

    def __init__(self, ctx: Context, undo: Callable[[], None] | None = None, undo_tip: str = "",
                 undo_enabled: bool = False, leave: str = LEAVE, code: Callable[[], str] | None = None) -> None:
        """``undo`` takes back the player's last decision (offered when ``undo_enabled``); ``undo_tip`` says what
        it does, or why it cannot now. ``leave``: what Quit to title asks, saying where the game is resumed.
        ``code``: the game's code so far (offered to be copied to the clipboard)."""
        super().__init__(ctx)
        self.undo = undo
        self.leave = leave
        self.code = code
        self.note = ""  # what Copy game code did
        items = [(N_("Resume"), self.resume_play, N_("Back to the game (Esc)"), True)]
        if undo is not None:
            items.append((N_("Undo"), self.undo_last, undo_tip, undo_enabled))
        if code is not None:
            items.append((N_("Copy game code"), self.copy_code, N_("The game so far as a short code on the clipboard: "
                                                                   "open it on a title screen to watch it"), True))
        # the title, the buttons (66 high, 16 apart) and a line for what Copy game code did
        self.rect = pygame.Rect(0, 0, 520, 142 + 82 * (len(items) + 3) + (30 if code is not None else 0))
        self.rect.center = (960, 540)
        self.layout([
            *items,
            (N_("Rules"), self.rules, N_("The phases with their section numbers"), True),
            (N_("Settings"), self.settings, N_("Volume, speed, colour-blind patterns, full screen, language"), True),
            (N_("Quit to title"), self.to_title, N_("The game is autosaved after every decision"), True),
        ], self.rect.x + 50, self.rect.y + 110)

    def resume_play(self) -> None:
        self.stack.pop(self)

    def undo_last(self) -> None:
        self.stack.pop(self)
        if self.undo is not None:
            self.undo()

    def copy_code(self) -> None:
        if self.code is not None:
            self.note = copied(self.code())

    def rules(self) -> None:
        self.stack.push(RulesScene(self.ctx))

    def settings(self) -> None:
        self.stack.push(SettingsScene(self.ctx))

    def to_title(self) -> None:

        def go() -> None:
            while self.stack.top is not None and self.stack.top.name != "title":
                self.stack.pop()
        self.stack.push(ConfirmScene(self.ctx, self.leave, go, N_("Leave")))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_play()
            return None
        super().handle(event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        shade.fill((20, 16, 12, 140))
        surface.blit(shade, (0, 0))
        panel(surface, self.rect, palette.PAPER_LIGHT, palette.INK, width=3)
        blit_text(surface, _("PAUSED"), "type_bold", 48, palette.INK, (self.rect.centerx, self.rect.y + 30), "midtop")
        if self.note:
            line, size = fit(self.note, "sans", 18, self.rect.w - 40, 12)
            blit_text(surface, line, "sans", size, palette.INK_SOFT, (self.rect.centerx, self.rect.bottom - 34),
                      "midtop")
        self.draw_buttons(surface)
