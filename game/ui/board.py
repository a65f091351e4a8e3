"""The board drawn by code: a paper map with the exterior view (Heveliusplatz from above with the assault tracks,
barriers, support squares, entrances, the post office) and the interior view (the post office cut open: three
storeys with coloured defender spaces). The ground without words (game/ui/board_art.py and the spaces) is drawn
once a process; the static board (that ground, the colour-blind patterns and the words in the player's language)
once per renderer, setting and language; barriers and highlights are drawn per frame."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from game import i18n
from game.i18n import N_, Said, _, p_, same
from game.rules.data import Rules
from game.rules.names import door_name
from game.ui import board_art, fonts, palette
from game.ui.cache import Kept
from game.ui.fonts import blit_text, font, text
from game.ui.layout import (
    BOARD_RECT,
    BUILDING,
    DEF_H,
    ENEMY_PX,
    EXTERIOR,
    FLOOR_BANDS,
    FLOOR_X,
    INTERIOR_TOP,
    Geometry,
    bp,
    bs,
    support_tab,
)
from game.ui.widgets import panel

CAPTION = N_("Heveliusplatz, Danzig")
# The words printed on the board (message ids): the support squares' kinds (the doors': names.door_name).
SUPPORT_WORDS = {"mg": N_("MG"), "ig": N_("IG")}
# The colour-blind setting's letters of each line-of-sight colour in the player's language (context "colour
# letters"): two letters, no two colours alike in a language, none wider than the English "Wh" (French: Vt vert,
# Bc blanc, Bl bleu, BF bleu foncé, Gr gris, Or orange, Rg rouge, Ma marron).
_LETTERS = {"green": lambda: p_("colour letters", "Gn"), "white": lambda: p_("colour letters", "Wh"),
            "blue": lambda: p_("colour letters", "Bl"), "dark_blue": lambda: p_("colour letters", "DB"),
            "gray": lambda: p_("colour letters", "Gy"), "orange": lambda: p_("colour letters", "Or"),
            "red": lambda: p_("colour letters", "Rd"), "brown": lambda: p_("colour letters", "Br")}
# A floor's title: as large as these sizes allow in the room between the band's edge and its first space.
FLOOR_TITLE_SIZES = (15, 14, 13)


def los_letter(colour: str) -> Said:
    """The letters printed for line-of-sight colour ``colour`` with the colour-blind setting, in the player's
    language (English "Gn", French "Vt" for green)."""
    word = _LETTERS.get(colour)
    return word() if word else same(colour[:2].title())


def caption_rect() -> pygame.Rect:
    """Where the place's name is printed: the exterior's bottom left corner."""
    w, h = font("type_bold", 15).size(_(CAPTION))
    return pygame.Rect(EXTERIOR.x + 10, EXTERIOR.bottom - 25, w, h)


def floor_band(floor: str) -> pygame.Rect:
    """The band of a floor on the interior view."""
    y0, y1 = FLOOR_BANDS[floor]
    return pygame.Rect(*bp(FLOOR_X[0], y0), bs(FLOOR_X[1] - FLOOR_X[0]), bs(y1 - y0))


def floor_title(rules: Rules, geo: Geometry, floor: str) -> tuple[Said, int, pygame.Rect]:
    """A floor's title as printed on its band (upper case), its size and where it goes: in the strip over the
    interior box, left-aligned with it, at the largest of FLOOR_TITLE_SIZES that ends 4 px short of the floor's
    first defender space (whose top is beside the strip: French "ÉTAGES SUPÉRIEURS" ran under it at 15 px);
    vertically centred where the 15 px title stood. A title too wide even at the smallest size is narrowed to
    the room (drawn by :meth:`BoardRenderer.draw_static`)."""
    band = floor_band(floor)
    words = same(_(rules.floors[floor].name).upper())
    left = geo.rect(f"{floor}:interior").x
    beside = [geo.rect(sid).x for sid in rules.defender_spaces if sid.split(":")[0] == floor]
    room = min([*beside, band.right - 6]) - 4 - left
    size = next((k for k in FLOOR_TITLE_SIZES if font("cond", k).size(words)[0] <= room), FLOOR_TITLE_SIZES[-1])
    w, h = font("cond", size).size(words)
    rect = pygame.Rect(left, 0, min(w, room), h)
    rect.centery = band.y + 7 + font("cond", FLOOR_TITLE_SIZES[0]).get_height() // 2
    return words, size, rect


def font_size(words: str, face: str = "type_bold", size: int = 15) -> tuple[int, int]:
    """The size in pixels of ``words`` in that face and size (an entrance's name)."""
    return font(face, size).size(words)


def _hatch(surface: pygame.Surface, rect: pygame.Rect, colour: palette.Colour, step: int = 9, kind: str = "/") -> None:
    """Diagonal or crossed line pattern (colour-blind mode)."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    for k in range(-rect.h, rect.w, step):
        if kind in ("/", "x"):
            pygame.draw.line(surface, colour, (rect.x + k, rect.bottom), (rect.x + k + rect.h, rect.y), 1)
        if kind in ("\\", "x"):
            pygame.draw.line(surface, colour, (rect.x + k, rect.y), (rect.x + k + rect.h, rect.bottom), 1)
    surface.set_clip(clip)


PATTERN = {"green": "/", "white": "", "blue": "\\", "dark_blue": "x", "gray": "-", "orange": "|", "red": "o",
           "brown": "+"}


def pattern(surface: pygame.Surface, rect: pygame.Rect, colour_name: str) -> None:
    kind = PATTERN.get(colour_name, "")
    ink = palette.mix(palette.text_on(palette.LOS[colour_name]), palette.LOS[colour_name], 0.45)
    if kind in ("/", "\\", "x"):
        _hatch(surface, rect, ink, 10, kind)
    elif kind == "-":
        for y in range(rect.y + 5, rect.bottom, 10):
            pygame.draw.line(surface, ink, (rect.x, y), (rect.right - 1, y), 1)
    elif kind == "|":
        for x in range(rect.x + 5, rect.right, 10):
            pygame.draw.line(surface, ink, (x, rect.y), (x, rect.bottom - 1), 1)
    elif kind == "o":
        for y in range(rect.y + 6, rect.bottom - 3, 12):
            for x in range(rect.x + 6, rect.right - 3, 12):
                pygame.draw.circle(surface, ink, (x, y), 2)
    elif kind == "+":
        for y in range(rect.y + 6, rect.bottom - 3, 14):
            for x in range(rect.x + 6, rect.right - 3, 14):
                pygame.draw.line(surface, ink, (x - 3, y), (x + 3, y))
                pygame.draw.line(surface, ink, (x, y - 3), (x, y + 3))


def label_band(space: pygame.Rect, interior: bool = False) -> pygame.Rect:
    """The strip of a defender space where its number, its door and its colour's letters are printed, between
    the defenders' row (top) and the tokens' row (bottom); of a floor's interior box (``interior``), its name and
    target table under its two rows: kept clear of anything drawn over the space."""
    if interior:
        top = space.y + INTERIOR_TOP + ENEMY_PX + 5 + DEF_H + 2
        return pygame.Rect(space.x, top, space.w, space.bottom - top)
    middle = space.y + 4 + DEF_H + (space.h - 4 - DEF_H - 26) // 2 + 2
    return pygame.Rect(space.x, middle - 9, space.w, 18)


def _soft_shadow(s: pygame.Surface, rect: pygame.Rect) -> None:
    """A soft shadow to the south-east under a space laid on the board."""
    for k, alpha in ((5, 40), (3, 60)):
        shade = pygame.Surface((rect.w, rect.h), pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 14, 8, alpha), shade.get_rect(), border_radius=5)
        s.blit(shade, rect.move(k, k))


_statics = Kept(limit=8)  # the printed board by board, colour-blind setting and language (BoardRenderer.static)


class BoardRenderer:
    """Draws the static board once (per colour-blind setting) and the changing parts each frame."""

    def __init__(self, rules: Rules, geo: Geometry) -> None:
        self.rules = rules
        self.geo = geo
        self._key: tuple[object, ...] | None = None  # the board's geometry (its ground's key), once asked
        self._own: dict[Hashable, pygame.Surface] = {}  # the printed board of this scene alone (checks, below)
        self._tags: dict[tuple[int, int], tuple[int, int]] = {}

    def static(self, colour_blind: bool) -> pygame.Surface:
        """The printed board in the player's language, drawn once a process for each board, colour-blind setting
        and language (every play scene shares it: a replay's Back or a turn opens a new scene, and redrawing it
        cost each of them 10-20 ms). Never drawn on, only blitted."""
        if self._key is None:
            self._key = self._ground_key()
        key = (self._key, colour_blind, i18n.language())

        def build() -> pygame.Surface:
            surf = pygame.Surface((1920, 1080))
            self.draw_static(surf, colour_blind)
            return surf
        if fonts.drawn is not None or fonts.rendered is not None:
            # a check records the words each scene draws (and the messages it asks for): kept by this scene only,
            # so that every scene prints its board's words again, as it did before the board was shared
            own = self._own.get(key)
            if own is None:
                own = self._own[key] = build()
            return own
        return _statics(key, build)

    # ---------------------------------------------------------------- static layer
    def draw_static(self, s: pygame.Surface, cb: bool) -> None:
        """The printed board on ``s`` (cached by :meth:`static`; the layout check draws it to see its words): the
        ground without words (:meth:`ground`, drawn once a process), then the colour-blind patterns and every
        word in the player's language."""
        rules, geo = self.rules, self.geo
        s.blit(self.ground(), (0, 0))
        # the place's name on a paper label over the busy ground
        cap = caption_rect()
        panel(s, cap.inflate(14, 8), palette.PAPER_LIGHT, palette.INK_SOFT, width=1, radius=4)
        blit_text(s, _(CAPTION), "type_bold", 15, palette.INK, cap.topleft)
        # the post office's name in its courtyard
        building = self.building()
        inner = building.inflate(-bs(60), -bs(60))
        for i, words in enumerate((N_("POLISH"), N_("POST"), N_("OFFICE"))):  # (French says the noun first)
            blit_text(s, _(words), "cond", 18, palette.PAPER_LIGHT, (inner.centerx, inner.centery - 34 + 22 * i),
                      "center")
        blit_text(s, _("No. 1"), "type_bold", 18, palette.PAPER_LIGHT, (inner.centerx, inner.centery + 34), "center")
        # (each track's placement label is drawn with the counters, clear of them: BoardLayer)
        # entrances: the door's name inside the building beside it (never under the counters outside), on a dark
        # plate over the roof
        for eid in rules.entrances:
            name = self.door_name_rect(eid)
            panel(s, name.inflate(8, 2), palette.INK, alpha=170, width=0, radius=4)
            blit_text(s, door_name(eid), "type_bold", 15, palette.PAPER_LIGHT, name.center, "center")
        # support squares: the name on the tab
        for sid, sp in rules.support_spaces.items():
            tab = support_tab(geo.rect(sid))
            blit_text(s, same(f"{sid} · {_(SUPPORT_WORDS.get(sp.kind, N_('IG')))}"), "sans_bold", 12, palette.INK,
                      tab.center, "center")
        # interior: the floors' titles
        for fid in FLOOR_BANDS:
            if fid not in rules.floors:
                continue
            title, size, where = floor_title(rules, geo, fid)  # above the interior box, short of the first space
            img = text(title, "cond", size, palette.INK_SOFT)
            if img.get_width() > where.w:
                img = pygame.transform.smoothscale(img, where.size)
            s.blit(img, where)
        # interior spaces: the name and the target table's die faces
        for fid, fl in rules.floors.items():
            rect = geo.rect(f"{fid}:interior")
            # the box's name under its two rows (the strip over the enemies' row carries the piles' numbers)
            blit_text(s, _("INTERIOR"), "cond", 15, palette.INK_SOFT,
                      (rect.centerx, rect.y + INTERIOR_TOP + ENEMY_PX + 5 + DEF_H + 3), "midtop")
            n = len(fl.target)
            w = rect.w // n
            for i, (faces, colour) in enumerate(fl.target):
                cell = pygame.Rect(rect.x + i * w, rect.bottom - 22, w, 22)
                label = f"{faces[0]}-{faces[-1]}" if len(faces) > 1 else str(faces[0])
                if cb:  # the colour's letters beside the die faces (no pattern under the numbers)
                    label = same(f"{label} {los_letter(colour)}")
                blit_text(s, label, "sans_bold", 12 if cb else 13, palette.text_on(palette.LOS[colour]), cell.center,
                          "center")
        # defender spaces: the colour-blind pattern, the words
        for sid, ds in rules.defender_spaces.items():
            rect = geo.rect(sid)
            colour = ds.colours[0]
            if cb:
                pattern(s, rect, colour)
                pygame.draw.rect(s, palette.INK, rect, 2, border_radius=3)
            ink = palette.text_on(palette.LOS[colour])
            # between the defenders' row (top) and the tokens' row (bottom): the space's number, its door, the
            # colour's letters
            middle = label_band(rect).centery
            if cb:  # a plain strip under the words: the pattern never runs through them
                pygame.draw.rect(s, palette.LOS[colour], pygame.Rect(rect.x + 2, middle - 9, rect.w - 4, 18))
            blit_text(s, ds.label, "sans_bold", 16, ink, (rect.right - 5, middle), "midright")
            left = rect.x + 4
            if cb:
                left = blit_text(s, los_letter(colour), "sans_bold", 12, ink, (left, middle), "midleft").right + 4
            if ds.entrance:
                blit_text(s, same(f"⚑{door_name(ds.entrance)}"), "sans", 11, ink, (left, middle), "midleft")
        # compass-rose style title on the interior
        blit_text(s, _("INSIDE THE POST OFFICE"), "type_bold", 18, palette.INK_SOFT, bp(1870, 10), "topright")
        outside = _("OUTSIDE")  # on paper where it reaches over the ground
        plate = pygame.Rect(bp(40, 4), font_size(outside, "type_bold", 18)).inflate(12, 2).move(0, 1)
        panel(s, plate, palette.PAPER, width=0, radius=4)
        blit_text(s, outside, "type_bold", 18, palette.INK_SOFT, bp(40, 4), "topleft")

    def building(self) -> pygame.Rect:
        """The post office's walls on the exterior view."""
        bx, by, bw, bh = BUILDING
        return pygame.Rect(*bp(bx, by), bs(bw), bs(bh))

    def door_name_rect(self, eid: str) -> pygame.Rect:
        """Where an entrance's name is printed: inside the building, beside its door, on the wall's side the
        door is in (the top or bottom wall when it is there, a door near a corner too)."""
        door, building = self.door(eid), self.building()
        name = pygame.Rect(0, 0, *font_size(door_name(eid)))
        wall = min((abs(door.centery - building.top), "top"), (abs(door.centery - building.bottom), "bottom"))
        if wall[0] > 12:
            wall = min((abs(door.centerx - building.left), "left"), (abs(door.centerx - building.right), "right"))
        if wall[1] == "top":
            name.midtop = (door.centerx, door.bottom + 3)
        elif wall[1] == "bottom":
            name.midbottom = (door.centerx, door.top - 3)
        elif wall[1] == "right":  # under the door, inside
            name.topright = (building.right - 4, door.bottom + 3)
        else:
            name.topleft = (building.left + 4, door.bottom + 3)
        return name

    def _ground_key(self) -> tuple[object, ...]:
        """Everything :meth:`ground` draws from: the board's geometry and the colours of its spaces (two play
        scenes on the same board share one ground)."""
        rules, geo = self.rules, self.geo
        tracks = tuple((tuple(track.spaces), track.entrance) for track in rules.tracks.values())
        spaces = tuple((sid, geo.pos(sid), sp.colours, sp.track) for sid, sp in rules.track_spaces.items())
        support = tuple((tuple(geo.rect(sid)), sp.colours) for sid, sp in rules.support_spaces.items())
        doors = tuple((eid, geo.pos(f"entrance:{eid}")) for eid in rules.entrances)
        floors = tuple((fid, tuple(geo.rect(f"{fid}:interior")), tuple(c for _f, c in fl.target))
                       for fid, fl in rules.floors.items())
        defenders = tuple((tuple(geo.rect(sid)), ds.colours[0]) for sid, ds in rules.defender_spaces.items())
        return ("board ground 1", tuple(BOARD_RECT), tuple(EXTERIOR), BUILDING, tuple(FLOOR_BANDS.items()),
                FLOOR_X, tracks, spaces, tuple(rules.aliases.items()), support, doors, floors, defenders)

    def ground(self) -> pygame.Surface:
        """The printed board without its words and patterns (the same in every language and colour setting),
        drawn once a process for each board (:func:`board_art.cached`)."""
        return board_art.cached(self._ground_key(), self._draw_ground)

    def _draw_ground(self) -> pygame.Surface:
        """The paper, Heveliusplatz and the post office from above with the tracks, the doors and the support
        squares on the exterior view; the post office cut open with its storeys, interior boxes, target tables
        and defender spaces (flat line-of-sight colours) on the interior view."""
        rules, geo = self.rules, self.geo
        s = pygame.Surface((1920, 1080))
        s.fill(palette.TABLE)
        # paper with a faint grain
        pygame.draw.rect(s, palette.PAPER, BOARD_RECT, border_radius=6)
        for i in range(0, BOARD_RECT.h, 7):
            y = BOARD_RECT.y + i
            shade = palette.mix(palette.PAPER, palette.PAPER_DARK, 0.18 if (i // 7) % 3 == 0 else 0.05)
            pygame.draw.line(s, shade, (BOARD_RECT.x + 4, y), (BOARD_RECT.right - 5, y))
        # the exterior: the square, its streets and buildings, the post office
        ext = pygame.Rect(EXTERIOR)
        building = self.building()
        board_art.draw_exterior(s, ext, building)
        pygame.draw.rect(s, palette.INK_SOFT, ext.inflate(2, 2), 3, border_radius=3)
        # tracks: lines then circles
        for track in rules.tracks.values():
            pts = [geo.pos(sid) for sid in track.spaces]
            ent = geo.pos(f"entrance:{track.entrance}")
            pygame.draw.lines(s, palette.INK, False, [*pts, ent], 6)
            pygame.draw.lines(s, palette.ROAD, False, [*pts, ent], 3)
        for track in rules.tracks.values():
            for idx, sid in enumerate(track.spaces):
                if sid in rules.aliases:
                    continue
                if rules.track_spaces[sid].track != track.id:
                    continue
                self._track_space(s, sid, first=(idx == 0))
        # entrances: the door, a double door in its frame with a step before it
        for eid in rules.entrances:
            door = self.door(eid)
            pygame.draw.rect(s, (70, 50, 36), door)
            pygame.draw.line(s, (46, 32, 24), (door.centerx, door.y + 3), (door.centerx, door.bottom - 4), 2)
            pygame.draw.rect(s, palette.INK, door, 2)
        # support squares (their names are printed on the tabs: draw_static)
        for sid, sp in rules.support_spaces.items():
            rect = geo.rect(sid)
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (20, 16, 12, 110), shadow.get_rect(), border_radius=4)
            s.blit(shadow, rect.move(3, 4))
            fill = palette.mix(palette.PAPER_LIGHT, palette.INK_FAINT, 0.25)
            pygame.draw.rect(s, fill, rect, border_radius=4)
            stripe = rect.w // max(len(sp.colours), 1)
            for i, col in enumerate(sp.colours):
                band = pygame.Rect(rect.x + i * stripe, rect.bottom - 10, stripe, 10)
                pygame.draw.rect(s, palette.LOS[col], band)
            pygame.draw.rect(s, palette.INK, rect, 2, border_radius=4)
            tab = support_tab(rect)
            pygame.draw.rect(s, palette.PAPER_LIGHT, tab, border_top_left_radius=4, border_top_right_radius=4)
            pygame.draw.rect(s, palette.INK, tab, 1, border_top_left_radius=4, border_top_right_radius=4)
        # interior: the post office cut open, its storeys the floor bands
        bands = {fid: floor_band(fid) for fid in FLOOR_BANDS}
        top, bottom = min(b.y for b in bands.values()), max(b.bottom for b in bands.values())
        section = pygame.Rect(EXTERIOR.right + 1, top - 6, BOARD_RECT.right - 8 - EXTERIOR.right - 1,
                              bottom - top + 12)
        board_art.draw_section(s, bands, section)
        for band in bands.values():
            pygame.draw.rect(s, palette.INK, band, 3, border_radius=2)
        pygame.draw.rect(s, palette.INK, section, 2, border_radius=4)
        # interior spaces with their target tables
        for fid, fl in rules.floors.items():
            rect = geo.rect(f"{fid}:interior")
            _soft_shadow(s, rect)
            pygame.draw.rect(s, (200, 188, 160), rect, border_radius=4)
            _hatch(s, rect, (186, 172, 144), 12, "/")
            pygame.draw.rect(s, palette.INK, rect, 2, border_radius=4)
            # target table strip at the bottom (its die faces are printed by draw_static)
            n = len(fl.target)
            w = rect.w // n
            for i, (_faces, colour) in enumerate(fl.target):
                cell = pygame.Rect(rect.x + i * w, rect.bottom - 22, w, 22)
                pygame.draw.rect(s, palette.LOS[colour], cell)
            pygame.draw.rect(s, palette.INK, pygame.Rect(rect.x, rect.bottom - 22, rect.w, 22), 1)
        # defender spaces: flat line-of-sight colours (game information: never shaded by the art)
        for sid, ds in rules.defender_spaces.items():
            rect = geo.rect(sid)
            _soft_shadow(s, rect)
            pygame.draw.rect(s, palette.LOS[ds.colours[0]], rect, border_radius=3)
            pygame.draw.rect(s, palette.INK, rect, 2, border_radius=3)
        return s

    def door(self, entrance: str) -> pygame.Rect:
        """The door of an entrance on the building's wall."""
        c = self.geo.pos(f"entrance:{entrance}")
        door = pygame.Rect(0, 0, 34, 24)
        door.center = (int(c[0]), int(c[1]))
        return door

    def _track_space(self, s: pygame.Surface, sid: str, first: bool) -> None:
        """A track space: its line-of-sight colour(s) in a disc (two colours: half discs) ringed in ink, on a ring
        of paper that keeps it clear of the ground's paving and rails. (The colour-blind letters are drawn with
        the counters: in the circle, or beside the counters on it.)"""
        geo, sp = self.geo, self.rules.track_spaces[sid]
        cx, cy = geo.pos(sid)
        rad = bs(27)
        cols = sp.colours
        pygame.draw.circle(s, palette.INK_SOFT, (cx + 2, cy + 3), rad + 5)
        pygame.draw.circle(s, palette.HALO, (cx, cy), rad + 4)
        pygame.draw.circle(s, palette.INK, (cx + 2, cy + 3), rad + 1)
        if len(cols) == 1:
            pygame.draw.circle(s, palette.LOS[cols[0]], (cx, cy), rad)
        else:
            pygame.draw.circle(s, palette.LOS[cols[0]], (cx, cy), rad, draw_top_left=True, draw_bottom_left=True)
            pygame.draw.circle(s, palette.LOS[cols[1]], (cx, cy), rad, draw_top_right=True, draw_bottom_right=True)
        pygame.draw.circle(s, palette.INK, (cx, cy), rad, 3 if first else 2)

    # ---------------------------------------------------------------- dynamic parts
    def draw_barriers(self, s: pygame.Surface, open_barriers: list[int], hidden: set[int] | None = None) -> None:
        for b, (x, y) in self.rules.barriers.items():
            if hidden and b in hidden:
                continue
            cx, cy = bp(x, y)
            a = self._barrier_angle(b)
            if b in open_barriers:
                # blown: scattered rubble (dark, edged: it reads on the paving), its number faded on a paper disc
                for k in range(6):
                    ang = a + k * 1.1
                    px = cx + math.cos(ang) * (6 + 3 * k)
                    py = cy + math.sin(ang) * (4 + 2 * k)
                    pygame.draw.rect(s, (96, 78, 60), (px - 3, py - 3, 7, 5))
                    pygame.draw.line(s, (176, 156, 128), (px - 3, py - 3), (px + 3, py - 3))
                dx, dy = math.cos(a + math.pi / 2) * 30, math.sin(a + math.pi / 2) * 30
                tag = self._tag_point((cx, cy), (dx, dy))
                pygame.draw.circle(s, palette.PAPER, tag, 10)
                pygame.draw.circle(s, palette.INK_FAINT, tag, 10, 1)
                blit_text(s, str(b), "sans_bold", 14, palette.INK_FAINT, tag, "center")
                continue
            self.draw_barrier_at(s, b, (cx, cy), a)

    def draw_barrier_at(self, s: pygame.Surface, b: int, c: tuple[float, float], a: float) -> None:
        cx, cy = c
        half = 30
        dx, dy = math.cos(a + math.pi / 2) * half, math.sin(a + math.pi / 2) * half
        p1, p2 = (cx - dx, cy - dy), (cx + dx, cy + dy)
        pygame.draw.line(s, palette.INK, p1, p2, 14)
        pygame.draw.line(s, (150, 116, 70), p1, p2, 9)
        for k in (-0.6, 0.0, 0.6):
            mx, my = cx + dx * k, cy + dy * k
            pygame.draw.line(s, palette.INK, (mx - dy * 0.15, my + dx * 0.15), (mx + dy * 0.15, my - dx * 0.15), 2)
        tag = pygame.Rect(0, 0, 22, 22)
        tag.center = self._tag_point(c, (dx, dy))
        pygame.draw.circle(s, palette.PAPER_LIGHT, tag.center, 11)
        pygame.draw.circle(s, palette.INK, tag.center, 11, 2)
        blit_text(s, str(b), "sans_bold", 14, palette.INK, tag.center, "center")

    def barrier_tags(self) -> list[pygame.Rect]:
        """Where each barrier's number is drawn, standing or blown (what an odds pill keeps off)."""
        out = []
        for b, (x, y) in self.rules.barriers.items():
            cx, cy = bp(x, y)
            a = self._barrier_angle(b)
            point = self._tag_point((cx, cy), (math.cos(a + math.pi / 2) * 30, math.sin(a + math.pi / 2) * 30))
            out.append(pygame.Rect(point[0] - 12, point[1] - 12, 24, 24))
        return out

    def _tag_point(self, c: tuple[float, float], half: tuple[float, float]) -> tuple[int, int]:
        """The barrier's number goes past one end of its line (beyond the colour rings of the spaces either side):
        the end farther from every other track space (worked out once per barrier: the board never moves)."""
        key = (round(c[0]), round(c[1]))
        kept = self._tags.get(key)
        if kept is not None:
            return kept
        ends = []
        for sign in (1, -1):
            x, y = c[0] + sign * half[0] * 1.4, c[1] + sign * half[1] * 1.4
            room = min(math.hypot(x - px, y - py) for px, py in (self.geo.pos(sp) for sp in self.rules.track_spaces))
            ends.append((room, (int(x), int(y))))
        self._tags[key] = max(ends)[1]
        return self._tags[key]

    def _barrier_angle(self, b: int) -> float:
        """Direction of the track at barrier ``b`` (the barrier is drawn across it)."""
        sid = self.rules.barrier_space[b]
        nxt = self.rules.track_spaces[sid].next or sid
        x0, y0 = self.geo.pos(sid)
        x1, y1 = self.geo.pos(nxt)
        return math.atan2(y1 - y0, x1 - x0)

    def highlight(self, s: pygame.Surface, space: str, colour: palette.Colour, t: float, width: int = 4) -> None:
        """Pulse an outline around ``space``."""
        pulse = 0.5 + 0.5 * math.sin(t * 6)
        rect = self.geo.rect(space).inflate(8 + int(4 * pulse), 8 + int(4 * pulse))
        if space in self.rules.track_spaces or space in self.rules.aliases:
            pygame.draw.circle(s, colour, rect.center, rect.w // 2, width)
        else:
            pygame.draw.rect(s, colour, rect, width, border_radius=6)


