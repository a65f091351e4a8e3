"""The Enemy Phase told where it happens (issue 31): each enemy card drawn flies from its deck to the street beside
the post office and shows its face there, large; the places it acts on are lit as it acts there (the track where
a counter is placed, the support space, the barrier, the floor, the door) and the card says what it did first;
the counters it moves are ringed as they move and the weapon that fires is ringed red; a breach and a casualty
get their own beat, a callout naming them where they happen.

The animator starts each of these from the events (it reads events, never decides a rule); the stage holds them;
this module draws them: the lit places under the counters, the rings, the card and the callouts over them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.i18n import _, same
from game.rules import Event, Rules
from game.rules.data import Card
from game.rules.kinds import EventKind
from game.rules.names import card_text
from game.ui import palette
from game.ui.cache import PanelCache
from game.ui.fonts import blit_text, font, wrap
from game.ui.layout import BOARD_RECT, FLOOR_BANDS, FLOOR_X, SIDE, Geometry, bp
from game.ui.play.positions import Positions
from game.ui.words import CARD_KINDS

READ_CARD = 0.6  # seconds a card's face is shown still before its effects play, at 1x (it stays during them)
FLY = 0.3  # seconds the card takes from its deck to the street, at 1x
READ_BEAT = 0.7  # seconds the animations wait on a breach's or a casualty's callout, at 1x (it stays longer)
CALLOUT_LIFE = 1.8  # seconds a callout stays on the board at 1x (fading over its last third)
POINT_LIFE = 2.0  # seconds a place stays lit when a summary's line points at it
RING_LIFE = 0.6  # seconds a ring stays around a counter that moved or a weapon that fired, at 1x
# The street left of the post office, between the support square D and the rear door's track: no track space,
# label or support square lies there (the layout check verifies nothing is covered).
CARD_SPOT = pygame.Rect(28, 384, 262, 196)
DECK_SLOT = pygame.Rect(SIDE.x + 205, SIDE.y + 28, 60, 90)  # where a card leaves the side panel's deck


@dataclass
class Callout:
    """A beat's words where it happens: ``title`` (BREACH, CASUALTY) over ``text``, pointing at ``at``."""

    title: str
    text: str
    at: tuple[float, float]
    colour: palette.Colour
    t: float = 1.0  # its life left (1 -> 0)


def focus_of(event: Event) -> tuple[str, ...]:
    """The places event ``e`` of an enemy card acts on, as keys this module draws: ``track:<id>``,
    ``space:<id>``, ``barrier:<n>``, ``floor:<id>``, ``entrance:<id>``."""
    kind, data = event.kind, event.data
    if kind == EventKind.COUNTER_PLACED:
        return (f"track:{str(data['space']).split(':')[0]}",)
    if kind in (EventKind.SUPPORT_PLACED, EventKind.CAR_PLACED, EventKind.CAR_MOVED):
        return (f"space:{data['space']}",)
    if kind == EventKind.SUPPORT_TARGETS:
        return (f"space:{data['space']}", f"space:{data['target']}")
    if kind == EventKind.BARRIER_DESTROYED:
        return (f"barrier:{data['barrier']}",)
    if kind in (EventKind.DEFENSE_SHIFTED, EventKind.FLOOR_DISRUPTED):
        return (f"floor:{data['floor']}",)
    if kind == EventKind.BREACH:
        return (f"entrance:{data['entrance']}",)
    return ()


class RevealArt:
    """Draws the stage's card, lit places, rings and callouts."""

    def __init__(self, rules: Rules, geo: Geometry, positions: Positions) -> None:
        self.rules = rules
        self.geo = geo
        self.positions = positions
        # the card lying in the street with its words and shadow, drawn once for what it shows (its corners keyed)
        self._card_cache: PanelCache | None = None

    def invalidate(self) -> None:
        """Forget the card's kept image: the next frame draws it anew."""
        self._card_cache = None

    # ------------------------------------------------------------------ places
    def anchor(self, key: str) -> tuple[float, float] | None:
        """The point of the board a focus key stands for (None when unknown: nothing drawn)."""
        kind, _sep, ident = key.partition(":")
        if kind == "track":
            track = self.rules.tracks.get(ident)
            return self.geo.pos(track.spaces[0]) if track is not None else None
        if kind in ("space", "entrance"):
            sid = ident if kind == "space" else f"entrance:{ident}"
            return self.geo.pos(sid) if sid in self.geo.centre else None
        if kind == "barrier":
            xy = self.rules.barriers.get(int(ident)) if ident.isdigit() else None
            return bp(*xy) if xy is not None else None
        if kind == "floor":
            band = FLOOR_BANDS.get(ident)
            return bp((FLOOR_X[0] + FLOOR_X[1]) / 2, (band[0] + band[1]) / 2) if band is not None else None
        return None

    def draw_lit(self, surface: pygame.Surface, focus: tuple[str, ...], t: float) -> None:
        """Under the counters: the places the card acts on, lit gold (a track: each of its spaces; no line to
        the card: it would cross the board's words)."""
        pulse = 0.5 + 0.5 * math.sin(t * 5)
        colour = palette.mix(palette.GOLD, palette.PAPER_LIGHT, 0.3 * pulse)
        for key in focus:
            kind, _sep, ident = key.partition(":")
            if kind == "track" and ident in self.rules.tracks:
                for sid in self.rules.tracks[ident].spaces:
                    r = self.geo.rect(sid).inflate(14, 14)
                    pygame.draw.circle(surface, colour, r.center, r.w // 2, 5)
            elif kind == "space" and ident in self.geo.rects:
                pygame.draw.rect(surface, colour, self.geo.rect(ident).inflate(12, 12), 5, border_radius=8)
            elif kind == "floor" and ident in FLOOR_BANDS:
                y0, y1 = FLOOR_BANDS[ident]
                x, y = bp(FLOOR_X[0], y0)
                x1, y2 = bp(FLOOR_X[1], y1)
                pygame.draw.rect(surface, colour, pygame.Rect(int(x), int(y), int(x1 - x), int(y2 - y)), 5,
                                 border_radius=8)
            else:
                at = self.anchor(key)
                if at is not None:
                    pygame.draw.circle(surface, colour, (int(at[0]), int(at[1])), 30, 5)

    def draw_pointed(self, surface: pygame.Surface, pointed: dict[str, float], t: float) -> None:
        """Over the counters: each place a summary's line points at, lit and ringed by a shrinking circle."""
        for key, k in pointed.items():
            if key == "morale":
                continue  # the side panel's (the scene rings it)
            self.draw_lit(surface, (key,), t)
            at = self.anchor(key)
            if at is not None:
                r = int(34 + 60 * k * k)
                pygame.draw.circle(surface, palette.GOLD, (int(at[0]), int(at[1])), r, 4)

    def draw_rings(self, surface: pygame.Surface, rings: dict[str, float]) -> None:
        """Over the counters: a ring around each counter that moves (gold) or weapon that fires (red)."""
        at = self.positions
        for key, k in rings.items():
            kind, _sep, ident = key.partition(":")
            if kind in ("e", "fire") and ident in at.view.state["counters"]:
                pos = at.enemy_pos(ident)
            elif kind == "d" and ident in at.view.state["defenders"]:
                pos = at.defender_pos(ident)
            else:
                continue
            colour = palette.TARGET if kind == "fire" else palette.GOLD
            r = int(30 + 6 * (1 - min(1.0, k)))
            pygame.draw.circle(surface, colour, (int(pos[0]), int(pos[1])), r, max(2, int(4 * min(1.0, k * 2))))

    # ------------------------------------------------------------------ the card
    def card_rect(self, k: float) -> pygame.Rect:
        """The card on its way from the deck (``k`` 0) to the street (1)."""
        e = 1 - (1 - k) ** 3
        w = int(DECK_SLOT.w + (CARD_SPOT.w - DECK_SLOT.w) * e)
        h = int(DECK_SLOT.h + (CARD_SPOT.h - DECK_SLOT.h) * e)
        cx = DECK_SLOT.centerx + (CARD_SPOT.centerx - DECK_SLOT.centerx) * e
        cy = DECK_SLOT.centery + (CARD_SPOT.centery - DECK_SLOT.centery) * e
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(cx), int(cy))
        return r

    def draw_card(self, surface: pygame.Surface, card_id: str, k: float, where: str) -> None:
        """The enemy card ``card_id`` (``k``: its flight from the deck) and ``where`` (what it did, in words) under
        its text once it has acted."""
        card = self.rules.cards.get(card_id)
        if card is None:
            return
        r = self.card_rect(k)
        if k < 1:  # in flight from the deck: its face down
            self._card_face(surface, r)
            return
        box = r.union(r.move(5, 6))  # with its shadow
        if self._card_cache is None or self._card_cache.rect != box:
            self._card_cache = PanelCache(box)

        def render(panel_surface: pygame.Surface, local: pygame.Rect) -> None:
            self._card_words(panel_surface, r.move(-box.x, -box.y), card, where)
        # (it lies there for a whole Enemy Phase: its words are not worded again every frame)
        self._card_cache.draw(surface, (card_id, where), render)

    @staticmethod
    def _card_face(surface: pygame.Surface, r: pygame.Rect) -> None:
        """The card's shadow, paper and border at ``r``."""
        pygame.draw.rect(surface, palette.mix(palette.INK, palette.PAPER_DARK, 0.5), r.move(5, 6),
                         border_radius=8)  # its shadow
        pygame.draw.rect(surface, (250, 244, 226), r, border_radius=8)
        pygame.draw.rect(surface, (120, 40, 36), r, 3, border_radius=8)

    def _card_words(self, surface: pygame.Surface, r: pygame.Rect, card: Card, where: str) -> None:
        """The card face up at ``r``: its number, kind and text, and ``where`` (what it did) under them."""
        self._card_face(surface, r)
        x, y, w = r.x + 12, r.y + 8, r.w - 24
        blit_text(surface, _("Card {id}", id=card.id), "type_bold", 18, palette.INK, (x, y))
        kind = same(_(CARD_KINDS.get(card.type, card.type)).upper())
        for line in wrap(kind, "cond", 24, w)[:1]:
            blit_text(surface, line, "cond", 24, palette.TARGET, (x, y + 24))
        rows = wrap(where, "sans_bold", 16, w)[:3] if where else []
        room = (r.bottom - 10 - 20 * len(rows) - (y + 58)) // 22  # the card's text above what it did
        for j, line in enumerate(wrap(card_text(self.rules, card), "type", 18, w)[:max(1, room)]):
            blit_text(surface, line, "type", 18, palette.INK, (x, y + 58 + j * 22))
        if rows:
            y2 = r.bottom - 8 - 20 * len(rows)
            pygame.draw.line(surface, palette.INK_FAINT, (x, y2 - 5), (x + w, y2 - 5), 1)
            for j, line in enumerate(rows):
                blit_text(surface, line, "sans_bold", 16, palette.POST_BLUE, (x, y2 + j * 20))

    # ------------------------------------------------------------------ callouts
    def draw_callouts(self, surface: pygame.Surface, callouts: list[Callout]) -> None:
        """Each beat's callout: its title and words in a box beside the place, a pointer to it."""
        for c in callouts:
            a = min(1.0, c.t * 3)  # fades over the last third of its life
            if a <= 0:
                continue
            rows = wrap(c.text, "sans", 16, 330)[:3]
            w = 24 + max([self._width(c.title, "cond", 24), *(self._width(row, "sans", 16) for row in rows)])
            h = 40 + 20 * len(rows)
            box = pygame.Rect(0, 0, w, h)
            above = c.at[1] - 40 - h >= BOARD_RECT.y + 4
            box.midbottom = (int(c.at[0]), int(c.at[1]) - 40) if above else (int(c.at[0]), int(c.at[1]) + 40 + h)
            box.clamp_ip(BOARD_RECT.inflate(-8, -8))
            if box.colliderect(CARD_SPOT):  # beside the enemy card, never over it
                box.left = CARD_SPOT.right + 10
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*palette.INK, int(235 * a)), layer.get_rect(), border_radius=8)
            pygame.draw.rect(layer, (*c.colour, int(255 * a)), layer.get_rect(), 3, border_radius=8)
            surface.blit(layer, box)
            tip = (box.centerx, box.bottom if above else box.top)
            pygame.draw.line(surface, c.colour, tip, (int(c.at[0]), int(c.at[1])), 3)
            pygame.draw.circle(surface, c.colour, (int(c.at[0]), int(c.at[1])), 6)
            if a < 0.5:
                continue  # the words go before the box
            blit_text(surface, c.title, "cond", 24, c.colour, (box.x + 12, box.y + 6))
            for j, row in enumerate(rows):
                blit_text(surface, row, "sans", 16, palette.PAPER_LIGHT, (box.x + 12, box.y + 36 + j * 20))

    @staticmethod
    def _width(words: str, face: str, size: int) -> int:
        return font(face, size).size(words)[0]
