"""Settings: volume, mute, animation speed, colour-blind patterns, the danger badges and the phase summaries of the
play scene, reduced motion, full screen or window, language. Saved at once; a new language shows from the next frame on
(issue 21)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.i18n import LANGUAGES, N_, _, same
from game.ui import palette
from game.ui.fonts import blit_text
from game.ui.scene import Context, Scene
from game.ui.settings import SPEEDS
from game.ui.widgets import Button, handle_buttons, panel

ROW = 70  # between two rows of settings
TOP = 200  # the first row


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.build()

    def build(self) -> None:
        s = self.ctx.settings
        x, y = 900, TOP
        b: list[Button] = []

        def change(f: Callable[[], object]) -> Callable[[], None]:
            def g() -> None:
                f()
                self.ctx.save_settings()
                self.build()
            return g
        b.append(Button((x, y, 80, 56), "−", change(lambda: setattr(s, "volume", max(0.0, round(s.volume - 0.1,
                                                                                              1)))), 30))
        b.append(Button((x + 300, y, 80, 56), "+", change(lambda: setattr(s, "volume", min(1.0, round(s.volume +
                                                                                               0.1, 1)))), 30))
        b.append(Button((x, y + ROW, 80, 56), "−", change(lambda: setattr(s, "music_volume", max(
            0.0, round(s.music_volume - 0.1, 1)))), 30, key="music -"))
        b.append(Button((x + 300, y + ROW, 80, 56), "+", change(lambda: setattr(s, "music_volume", min(
            1.0, round(s.music_volume + 0.1, 1)))), 30, key="music +"))
        b.append(Button((x, y + 2 * ROW, 380, 56), N_("Sound off") if s.mute else N_("Sound on"),
                        change(lambda: setattr(s, "mute", not s.mute)), 26))
        for i, sp in enumerate(SPEEDS):
            label = N_("Skip") if sp == 0 else same(f"{int(sp)}x")
            b.append(Button((x + i * 96, y + 3 * ROW, 88, 56), label, change(self._speed_setter(sp)), 24,
                            selected=s.speed == sp))
        b.append(Button((x, y + 4 * ROW, 380, 56), N_("Patterns on") if s.colour_blind else N_("Patterns off"),
                        change(lambda: setattr(s, "colour_blind", not s.colour_blind)), 26))
        b.append(Button((x, y + 5 * ROW, 380, 56), N_("Danger shown") if s.danger else N_("Danger hidden"),
                        change(lambda: setattr(s, "danger", not s.danger)), 26))
        b.append(Button((x, y + 6 * ROW, 380, 56), N_("Summaries on") if s.summaries else N_("Summaries off"),
                        change(lambda: setattr(s, "summaries", not s.summaries)), 26))

        def toggle_fs() -> None:
            s.fullscreen = not s.fullscreen
            self.ctx.fullscreen_changed = True
        b.append(Button((x, y + 7 * ROW, 380, 56), N_("Motion reduced") if s.reduced_motion else N_("Motion full"),
                        change(lambda: setattr(s, "reduced_motion", not s.reduced_motion)), 26))
        b.append(Button((x, y + 8 * ROW, 380, 56), N_("Full screen") if s.fullscreen else N_("Window"),
                        change(toggle_fs), 26))
        for i, (code, name) in enumerate(LANGUAGES.items()):  # each language named in itself
            b.append(Button((x + i * 194, y + 9 * ROW, 186, 56), same(name), change(self._language_setter(code)), 24,
                            selected=code == i18n.language()))
        b.append(Button((1520, 960, 240, 60), N_("Back"), lambda: self.stack.pop(self), 28, tip=N_("Esc")))
        self.buttons = b

    def _language_setter(self, code: str) -> Callable[[], None]:
        def f() -> None:
            self.ctx.settings.language = code
            problem = i18n.set_language(code)
            if problem:
                self.ctx.message = _("Language: {problem}; English is shown.", problem=problem)
        return f

    def _speed_setter(self, speed: float) -> Callable[[], None]:
        def f() -> None:
            self.ctx.settings.speed = speed
        return f

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop(self)
            return None
        handle_buttons(self.buttons, event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.buttons and self.buttons[0].rect.collidepoint(event.pos):
            self.ctx.sounds.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((58, 50, 42))
        blit_text(surface, _("SETTINGS"), "type_bold", 44, palette.PAPER_LIGHT, (160, 40))
        panel(surface, pygame.Rect(400, TOP - 60, 1120, 10 * ROW + 84), palette.PAPER_LIGHT, palette.INK, width=3)
        s = self.ctx.settings
        rows = [N_("Effects volume"), N_("Music volume"), N_("Sound"), N_("Animation speed"),
                N_("Colour-blind patterns"), N_("Danger"), N_("Phase summaries"), N_("Motion"), N_("Display"),
                N_("Language")]
        notes = {4: N_("Patterns and letters on every colour"), 5: N_("Badges at the doors before the enemy acts"),
                 6: N_("What changed, after each Enemy Phase"), 7: N_("Reduced: no screen shake, flash or hit-stop")}
        for i, label in enumerate(rows):
            y = TOP + i * ROW
            blit_text(surface, _(label), "type_bold", 30 if i not in notes else 28, palette.INK, (460,
                                                                                                  y + (8 if i not in
                                                                                                   notes else 0)))
            if i in notes:
                blit_text(surface, _(notes[i]), "sans", 17, palette.INK_SOFT, (460, y + 36))
        blit_text(surface, i18n.percent(round(s.volume, 2)), "sans_bold", 30, palette.INK, (1090, TOP + 28), "center")
        blit_text(surface, i18n.percent(round(s.music_volume, 2)), "sans_bold", 30, palette.INK, (1090, TOP + ROW + 28),
                  "center")
        for b in self.buttons:
            b.draw(surface)
