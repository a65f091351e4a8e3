"""Danger before it strikes (issue 31): while the player may act in a Defense Phase, a badge at each door gives
the chance that the coming Enemy Phase breaks in there, and the defender spaces where defenders are expected to
fall are tinted (in colour-blind mode said in words too), with the numbers on hover. The numbers are the rules core's
(``Game.threats``: futures redrawn from what the player may know, the board as it stands), asked in a worker
thread once the board has stayed on a new position for a moment, so the frames never wait for them and a quick
click costs nothing (the work stops when the position changes); the UI restates no rule."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, number, percent
from game.rules import Game, Rules
from game.rules.hidden import Threats
from game.rules.names import door_name, space_name
from game.ui import palette
from game.ui.board import BoardRenderer, label_band
from game.ui.cache import HoverRegions
from game.ui.fonts import blit_text
from game.ui.layout import BUILDING, Geometry, bp
from game.ui.play.hints import Thinker

SAMPLES = 64  # futures a position (about 0.15 s of a worker thread); a breach chance to within about 6 points
DELAY = 0.3  # seconds the board stays on a position before its danger is asked (no work for a quick click)
SHOWN_FROM = 0.05  # a breach chance or an expected loss below this is not drawn (noise of 64 futures)
DANGER = (176, 40, 32)


def ask(game: Game, dropped: Callable[[], bool] | None = None) -> Threats:
    """The core's answer for ``game``, from redraws seeded by the game and the turn; it stops early once
    ``dropped()`` (the position is gone: the answer is not shown).

    Every position of one Defense Phase is asked over the same futures (common random numbers): a choice that
    leaves the board as it was (End moves) shows the same numbers, and a change of the numbers is the choice's, not
    the noise of another draw of 64 futures (a playtest saw a door go from 36% to 25% on End moves alone)."""
    seed = (int(game.state["seed"]) * 7919 + int(game.state["turn"])) % 1_000_000
    return game.threats(SAMPLES, seed=seed, stop=dropped)


class Danger:
    """The danger shown for the position numbered ``serial`` (the play scene counts its positions)."""

    def __init__(self) -> None:
        self.thinker: Thinker[Threats] = Thinker(ask)
        self.shown: Threats | None = None
        self.serial = -1  # the position the numbers shown (or being worked out) are for
        self.waiting: tuple[int, float] | None = None  # a new position and the time it was first offered

    @property
    def thinking(self) -> bool:
        """A position's danger is awaited (its moment not come yet, or being worked out): the board is not
        still, so the frame that shows it is drawn."""
        return self.waiting is not None or self.thinker.thinking

    def update(self, game: Game, serial: int, wanted: bool, now: float) -> None:
        """Called every frame (``now``: the scene's clock): ask again when the position changed and the board
        has stayed on it for :data:`DELAY`, take the answer when it comes; nothing is shown when ``wanted`` is
        False (animations, another decision than the Defense Phase's)."""
        if not wanted:
            if self.shown is not None or self.thinker.thinking:
                self.shown, self.serial = None, -1
                self.thinker.drop()
            self.waiting = None
            return
        if serial != self.serial:
            if self.shown is not None or self.thinker.thinking:
                self.shown = None
                self.thinker.drop()
            if self.waiting is None or self.waiting[0] != serial:
                self.waiting = (serial, now)
            if now - self.waiting[1] < DELAY:
                return
            self.serial, self.waiting = serial, None
            self.thinker.start(game)
        got = self.thinker.take()
        if got is not None:
            self.shown = got


def at_risk(threats: Threats, geo: Geometry) -> list[tuple[str, float, pygame.Rect]]:
    """The defender spaces drawn with a danger: each with its expected losses and its rectangle."""
    spaces = [(space, lost, geo.rect(space)) for space, lost in sorted(threats.lost.items())]
    return [(space, lost, rect) for space, lost, rect in spaces if lost >= SHOWN_FROM and rect.w > 1]


def draw_tints(surface: pygame.Surface, threats: Threats, rules: Rules, geo: Geometry) -> HoverRegions:
    """The defender spaces where defenders are expected to fall, tinted and framed under the counters; their
    hover texts."""
    hovers: HoverRegions = []
    for space, lost, rect in at_risk(threats, geo):
        band = label_band(rect, space.endswith(":interior"))  # the printed words stay clear of the tint
        for part in (pygame.Rect(rect.x, rect.y, rect.w, band.y - rect.y),
                     pygame.Rect(rect.x, band.bottom, rect.w, rect.bottom - band.bottom)):
            tint = pygame.Surface(part.size, pygame.SRCALPHA)
            tint.fill((*DANGER, int(min(150, 50 + 110 * lost))))
            surface.blit(tint, part.topleft)
        pygame.draw.rect(surface, DANGER, rect, 3)
        # the words answer over the space's label band and tokens' row, not over its defenders (a playtest found
        # the danger's words hiding a defender's own when he was pointed at)
        words = _("Danger: about {n} defenders expected to fall in {space} in the coming Enemy Phase, as the board "
                  "stands", n=number(lost), space=space_name(rules, space))
        hovers.append((pygame.Rect(rect.x, band.y, rect.w, rect.bottom - band.y), words))
    return hovers


def draw_badges(surface: pygame.Surface, threats: Threats, board: BoardRenderer, geo: Geometry,
                colour_blind: bool) -> HoverRegions:
    """At each door where a counter may break in, a badge with the chance, over everything on the board (in
    colour-blind mode the tinted spaces say it in words too, on a tag across their top edge); their hover
    texts."""
    hovers: HoverRegions = []
    if colour_blind:
        for _space, lost, rect in at_risk(threats, geo):
            words = _("fall {n}", n=number(lost))
            tag = pygame.Rect(0, 0, 14 + 8 * len(words), 18)
            tag.midbottom = (rect.centerx, rect.top + 7)
            pygame.draw.rect(surface, DANGER, tag, border_radius=5)
            blit_text(surface, words, "sans_bold", 13, palette.PAPER_LIGHT, tag.center, "center")
    centre = bp(BUILDING[0] + BUILDING[2] / 2, BUILDING[1] + BUILDING[3] / 2)
    for entrance, chance in sorted(threats.breach.items()):
        if chance < SHOWN_FROM:
            continue
        door = board.door(entrance)
        text = percent(chance)
        badge = pygame.Rect(0, 0, 58, 24)
        dx, dy = centre[0] - door.centerx, centre[1] - door.centery
        if abs(dx) > abs(dy):  # a door in a side wall: the badge over it, its name under it
            badge.midbottom = (door.centerx, door.top - 2)
        else:  # in the front or back wall: inside the building, past the door's name (the tracks stay clear)
            badge.center = (door.centerx, int(door.centery + (46 if dy > 0 else -46)))
        pygame.draw.rect(surface, palette.INK, badge.move(2, 2), border_radius=7)
        pygame.draw.rect(surface, DANGER, badge, border_radius=7)
        pygame.draw.rect(surface, palette.PAPER_LIGHT, badge, 2, border_radius=7)
        blit_text(surface, text, "sans_bold", 16, palette.PAPER_LIGHT, badge.center, "center")
        hovers.append((badge, _("Danger at the {door} entrance: a counter breaks in {chance} of the time in the "
                                "coming Enemy Phase, as the board stands", door=door_name(entrance), chance=text)))
    return hovers
