"""The rules reference: a scrollable summary of the turn, phase by phase, with the rulebook's section numbers.
(A summary for the player's orientation; the rules core is what applies them.)"""

from __future__ import annotations

import pygame

from game.ui import palette as P
from game.ui.fonts import blit_text, font, wrap
from game.ui.scene import Context, Scene
from game.ui.widgets import Button, handle_buttons, panel

SUMMARY: list[tuple[str, str]] = [
    ("1.1 Game overview", "You command the defenders of Polish Post Office No. 1 in Danzig on 1 September 1939. "
     "The enemy comes in three Attacks, each with its own deck of cards. Survive until the fire truck arrives."),
    ("1.2 Morale", "Each casualty may lower morale by the defender's morale adjustment (Konrad and "
     "Flisykowski raise it). If morale reaches 0 the post office falls. The band (Emboldened, Shaken, Panicked) "
     "decides where the fire truck card is shuffled in Attack 3."),
    ("1.3-1.4 Board and line of sight", "Outside: assault tracks, barriers, support spaces A-F. Inside: three "
     "floors of coloured defender spaces. A defender space sees every outside space that shares its colour. "
     "In Settings, colour-blind patterns add letters and hatching to every colour."),
    ("2.1-2.3 Attack periods", "Each Attack sets up its counters, armored cars and support weapons, then turns "
     "repeat until its deck is spent. If an assault counter is then inside and a leader on the board, the "
     "discards are reshuffled and the Attack goes on until the end of a turn with no counter inside or no "
     "leader left. In Attack 3 the fire truck card ends the game after its turn."),
    ("3.0 Enemy Phase", "Five cards are revealed and resolved one by one."),
    ("3.1 Assault", "3.1.1 A die places the new assault counter on the track of its label. 3.1.2 Counters "
     "ahead advance one space, stacking at a standing barrier; a counter leaving the last space breaches its "
     "entrance and enters the floor's interior. A Grenade Bundle card destroys a barrier and releases its stack."),
    ("3.2 Support", "3.2.1 A support counter takes its space. 3.2.2 A machine gunner rolls for a defender "
     "space it sees and tries to disrupt its defenders; infantry guns shift a floor's defense token."),
    ("3.3 Howitzer", "Dice against a floor's defense: a hit shifts the defense token; at its lowest, everyone "
     "on that floor is disrupted."),
    ("4.0 Defense Phase", "Up to four moves, then up to four actions."),
    ("4.1 Moving", "A defender that is neither exhausted nor disrupted moves to a space with room on his "
     "floor (interiors connect floors), carrying up to two tokens (four with Logistics)."),
    ("4.2 Actions", "4.2.1 Attack: roll the defender's dice (plus weapons) against an enemy counter's "
     "defense; grenades strike every counter in the floor's interior. 4.2.2 Suppress: spend ammunition to "
     "place suppression tokens on an empty assault space in sight. 4.2.3 Recover from exhausted or disrupted. "
     "4.2.4 Command [C]: three free recover actions."),
    ("4.3 Attributes", "Inspire [I], Logistics [L], Noncombatant [N], Suppression [S] +1 token."),
    ("5.0 Clearing Phase", "5.1 Disrupted counters do not act. 5.2 Each counter inside targets a coloured "
     "space by die and removes defenders by priority; you choose among equals. 5.3 With no defender left on a "
     "floor it moves on. 5.4 Counters recover."),
    ("6.0 Escape Phase", "Defenders next to an open escape entrance may escape; escaped postal workers score "
     "double."),
    ("7.0 Ending the game", "Score: victory points of surviving postal workers and noncombatants (doubled if "
     "escaped), minus one per assault counter inside. 41+ Order of the White Eagle (Epic), 26-40 Order of "
     "Polonia Restituta (Major), 16-25 Cross of Valor (Minor), 0 or lower a loss."),
    ("Playing with the mouse", "Click a defender: his moves or targets light up. Hover an enemy counter for "
     "the odds. End moves / End actions finish a step. During the enemy phase, answer with the buttons at the "
     "bottom. Esc pauses; Space or a right click skips the animation; 1x/2x/4x/Skip set the speed."),
]


class RulesScene(Scene):
    name = "rules"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.scroll = 0
        self.rect = pygame.Rect(160, 120, 1600, 820)
        self.lines: list[tuple[str, str, int]] = []
        for head, body in SUMMARY:
            self.lines.append((head, "type_bold", 28))
            for line in wrap(body, "type", 24, self.rect.w - 110):  # clear of the scrollbar
                self.lines.append((line, "type", 24))
            self.lines.append(("", "type", 14))
        self.height = sum(font(f, s).get_linesize() for _, f, s in self.lines)
        self.back = Button((1520, 960, 240, 60), "Back", lambda: self.stack.pop(self), 28, tip="Esc")
        self.track = pygame.Rect(self.rect.right - 30, self.rect.y + 14, 16, self.rect.h - 28)
        self.drag: int | None = None  # while the thumb is dragged: the grab point's offset from its top

    @property
    def max_scroll(self) -> int:
        return max(0, self.height - self.rect.h + 60)

    def scroll_to(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, value)))

    def thumb(self) -> pygame.Rect:
        """The scrollbar's thumb: its height is the visible share of the text, its place the scroll."""
        h = max(48, int(self.track.h * self.rect.h / max(1, self.height + 60)))
        y = self.track.y + int((self.track.h - h) * self.scroll / max(1, self.max_scroll))
        return pygame.Rect(self.track.x, y, self.track.w, h)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop(self)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * 60)
            return None
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: self.rect.h - 80,
                     pygame.K_PAGEUP: 80 - self.rect.h, pygame.K_HOME: -self.height, pygame.K_END: self.height}
            if event.key in steps:
                self.scroll_to(self.scroll + steps[event.key])
                return None
        if self.max_scroll and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.track.inflate(12, 0).collidepoint(event.pos):
            thumb = self.thumb()
            if thumb.inflate(12, 0).collidepoint(event.pos):
                self.drag = event.pos[1] - thumb.y
            else:  # a click on the track pages toward it
                page = self.rect.h - 80
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.y else -page))
            return None
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            thumb = self.thumb()
            free = max(1, self.track.h - thumb.h)
            self.scroll_to((event.pos[1] - self.drag - self.track.y) / free * self.max_scroll)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self.drag = None
            return None
        handle_buttons([self.back], event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((58, 50, 42))
        blit_text(surface, "RULES REFERENCE", "type_bold", 44, P.PAPER_LIGHT, (160, 40))
        blit_text(surface, "scroll with the wheel, the arrow keys or the bar", "sans", 18, P.PAPER_DARK,
                  (1760, 60), "topright")
        panel(surface, self.rect, P.PAPER_LIGHT, P.INK, width=3)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-8, -8))
        y = self.rect.y + 30 - self.scroll
        for line, face, size in self.lines:
            if self.rect.y - 40 < y < self.rect.bottom:
                blit_text(surface, line, face, size, P.POST_BLUE if face == "type_bold" else P.INK,
                          (self.rect.x + 40, y))
            y += font(face, size).get_linesize()
        surface.set_clip(clip)
        if self.max_scroll:
            pygame.draw.rect(surface, P.PAPER_DARK, self.track, border_radius=8)
            pygame.draw.rect(surface, P.POST_BLUE if self.drag is not None else P.INK_SOFT, self.thumb(),
                             border_radius=8)
        self.back.draw(surface)
