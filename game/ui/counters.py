"""Counters drawn by code: defenders in Polish Post blue with a red (trained) or white (postal worker) border,
enemy counters (police green, SS dark grey, support weapons), the armoured car, the fire truck, weapon tokens.
Each shows a drawn figure of its kind (game/ui/counter_art.py: helmet, cap or headscarf, rifle, submachine gun,
machine gun, infantry gun, the token's weapon), so the kinds are told apart by shape, not by colour alone; no
insignia. The values, the names and the status letters stay printed."""

from __future__ import annotations

import pygame

from game import i18n
from game.i18n import _, p_, same
from game.rules.data import Rules
from game.rules.names import numbered
from game.ui import counter_art as art
from game.ui import palette
from game.ui.fonts import blit_text, text
from game.ui.layout import COUNT_W, DEF_H, DEF_W, ENEMY_PX, SUPPORT_PX, TOKEN_W

# A token's pale pill behind its drawing, by kind.
TOKEN_FILL = {"gren": (196, 206, 168), "ammo": (232, 214, 150), "lmg": (196, 198, 196), "atr": (212, 190, 170),
              "rifle": (226, 208, 172)}
SUPPORT_TYPES = ("mg", "mg_emplaced", "ig", "ig_emplaced")
BADGE = 8  # a disrupted enemy's image has this margin around the counter for its corner badge
CHIP = {"M": (palette.GOLD, palette.INK), "A": (palette.OK_GREEN, palette.PAPER_LIGHT), "D": (palette.TARGET,
                                                                                              palette.PAPER_LIGHT)}
EXHAUSTED_FACE = (104, 110, 122)
LABEL_SIZES = (14, 13)  # names and labels: never below 13 px logical (9 px at 1280x720)
MIN_SQUEEZE = 0.8  # a label may be narrowed this much before it is abbreviated


def token_kind(token: str) -> str:
    return token.rstrip("0123456789")


def group_tokens(tokens: list[str]) -> list[list[str]]:
    """Tokens of one space grouped by kind (identical tokens are interchangeable, 4.1), in sorted order: the
    board draws one image per group with its count."""
    groups: dict[str, list[str]] = {}
    for tok in sorted(tokens):
        groups.setdefault(token_kind(tok), []).append(tok)
    return list(groups.values())


def named(name: str) -> bool:
    """A defender known by his name (Konrad, Gorski, J. Pipka), not by his rank and a number (names.numbered)."""
    return not numbered(name)


def short_name(name: str) -> str:
    """The defender's name as printed on his counter: "Trained 3" -> "Tr.3", "Postal worker 12" -> "Po.12" (in
    French "En.3", "Po.12")."""
    if name.startswith("Trained "):
        return _("Tr.{n}", n=name.split()[-1])
    if name.startswith("Postal "):
        return _("Po.{n}", n=name.split()[-1])
    return same(name.replace(". ", "."))


def fit_label(s: str, width: int, colour: palette.Colour, face: str = "cond") -> pygame.Surface:
    """``s`` rendered as large as LABEL_SIZES allow within ``width`` pixels: the biggest size that fits, else the
    smallest size narrowed a little, else abbreviated ("Gdaniec" -> "Gdan.")."""
    for size in LABEL_SIZES:
        img = text(s, face, size, colour)
        if img.get_width() <= width:
            return img
    size = LABEL_SIZES[-1]
    img = text(s, face, size, colour)
    if img.get_width() * MIN_SQUEEZE <= width:
        return pygame.transform.smoothscale(img, (width, img.get_height()))
    for k in range(len(s) - 1, 1, -1):
        cut = same(s[:k].rstrip(" .") + ".")  # (a name cut short: the same in every language)
        img = text(cut, face, size, colour)
        if img.get_width() <= width:
            return img
    return text(s[:2], face, size, colour)


def _blit(surface: pygame.Surface, img: pygame.Surface, anchor: str, pos: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(**{anchor: pos}))


def chip(surface: pygame.Surface, letter: str, centre: tuple[int, int], fill: palette.Colour, ink: palette.Colour,
         r: int = 8) -> None:
    """A round status mark with one letter (13 px bold)."""
    pygame.draw.circle(surface, palette.INK, centre, r + 1)
    pygame.draw.circle(surface, fill, centre, r)
    blit_text(surface, letter, "sans_bold", 12, ink, (centre[0], centre[1] + 1), "center")


class CounterArt:
    """Cached counter images."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._caches: dict[str, dict[tuple[object, ...], pygame.Surface]] = {}  # by language (the words drawn)

    @property
    def _cache(self) -> dict[tuple[object, ...], pygame.Surface]:
        """The images made in the player's language."""
        return self._caches.setdefault(i18n.language(), {})

    def kind_of(self, img: pygame.Surface) -> str:
        """What a cached image shows: "d" a defender, "e" an enemy counter, "car", "t" a token, "s" a suppression
        marker, "truck"; "" for any other image (the layout check reads the board's pieces by it)."""
        for key, kept in self._cache.items():
            if kept is img:
                return str(key[0])
        return ""

    def _keep(self, key: tuple[object, ...], img: pygame.Surface) -> pygame.Surface:
        """Cache ``img`` in the display's pixel format when there is one (faster blits every frame)."""
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        self._cache[key] = img
        return img

    def defender(self, name: str, exhausted: bool, disrupted: bool, moved: bool = False,
                 acted: bool = False) -> pygame.Surface:
        """A DEF_W x DEF_H counter: the name on a band in the border colour (red trained, white postal worker;
        edged in gold for a defender known by name), the combat value large on the left of the Post blue body
        (grey with stripes when exhausted), the figure of his kind on the right (counter_art: a soldier in the
        wz.31 helmet, an officer with a pistol for a Command leader, a postman in his cap, a civilian in a
        headscarf), the attribute letter in yellow under the value, and the status chips along the bottom: M
        moved, A acted (left), D disrupted (right)."""
        key = ("d", name, exhausted, disrupted, moved, acted)
        img = self._cache.get(key)
        if img is not None:
            return img
        d = self.rules.defenders[name]
        w, h = DEF_W, DEF_H
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        rect = img.get_rect()
        trained = d.kind == "trained"
        border = palette.TRAINED_RED if trained else palette.WORKER_WHITE
        face = EXHAUSTED_FACE if exhausted else palette.POST_BLUE
        pygame.draw.rect(img, border, rect, border_radius=4)
        body = pygame.Rect(3, 18, w - 6, h - 21)
        pygame.draw.rect(img, face, body, border_radius=3)
        if not exhausted:  # a little shading: the body's lower edge in shadow
            pygame.draw.rect(img, palette.POST_BLUE_DARK, (body.x, body.bottom - 4, body.w, 4),
                             border_bottom_left_radius=3, border_bottom_right_radius=3)
        if exhausted:  # faint diagonal stripes: tired, out of action until recovered
            clip = img.get_clip()
            img.set_clip(body)
            for k in range(-body.h, body.w, 7):
                pygame.draw.line(img, (124, 130, 142), (body.x + k, body.bottom), (body.x + k + body.h, body.y), 2)
            img.set_clip(clip)
        figure = art.defender_figure(d.kind, officer=trained and "C" in d.attributes)
        img.blit(art.tired(figure) if exhausted else figure, (w - 3 - art.DEF_FIG[0], body.y + 1))
        if named(name):  # a defender known by name: his band edged in gold, top and bottom
            pygame.draw.rect(img, palette.GOLD, (3, 1, w - 6, 2))
            pygame.draw.rect(img, palette.GOLD, (3, body.y - 2, w - 6, 2))
        pygame.draw.rect(img, palette.INK, rect, 1, border_radius=4)
        name_ink = palette.PAPER_LIGHT if trained else palette.INK
        _blit(img, fit_label(short_name(name), w - 6, name_ink), "center", (w // 2, 10))
        ink = palette.PAPER_LIGHT if not exhausted else (236, 236, 236)
        value = text(str(d.combat), "sans_bold", 24, ink)
        _blit(img, value, "center", (12, body.y + 11))
        letters = list(d.attributes)
        if d.kind == "noncombatant" and "N" not in letters:
            letters.append("N")
        for k, letter in enumerate(letters[:2]):
            blit_text(img, letter, "sans_bold", 14, palette.HIGHLIGHT, (10 + 10 * k, body.y + 26), "center")
        marks = [m for m, on in (("M", moved), ("A", acted), ("D", disrupted)) if on]
        for k, m in enumerate(marks):  # packed from the right, over the figure's feet: the letter stays clear
            chip(img, m, (w - 10 - 12 * (len(marks) - 1 - k), h - 9), *CHIP[m], r=7)
        return self._keep(key, img)

    def enemy(self, ctype: str, name: str, disrupted: bool) -> pygame.Surface:
        """An assault counter (ENEMY_PX) or a support weapon (SUPPORT_PX) with a BADGE margin: the figure of its
        kind (counter_art: police in their shako or SS in the steel helmet, with a rifle or a submachine gun; a
        machine gun on its tripod, an infantry gun; sandbags when emplaced), a leader's name over his figure in a
        gold frame, the combat-defense values large at the bottom; disrupted shows as a yellow D on the top right
        corner. The figure tells the kind (the unit's word is not printed)."""
        key = ("e", ctype, name, disrupted)
        img = self._cache.get(key)
        if img is not None:
            return img
        support = ctype in SUPPORT_TYPES
        size = SUPPORT_PX if support else ENEMY_PX
        margin = BADGE if disrupted else 0  # room for the badge (the image is drawn centred)
        img = pygame.Surface((size + 2 * margin, size + 2 * margin), pygame.SRCALPHA)
        rect = pygame.Rect(margin, margin, size, size)
        fill = palette.ENEMY_FILL.get(ctype, palette.SS_GREY)
        pygame.draw.rect(img, fill, rect, border_radius=3)
        pygame.draw.rect(img, palette.mix(fill, palette.SHADOW, 0.25), (rect.x, rect.bottom - 17, rect.w, 17),
                         border_bottom_left_radius=3, border_bottom_right_radius=3)  # the values' band, shaded
        ink = (246, 242, 226)
        if ctype == "leader":
            figure = art.enemy_figure(ctype)
            _blit(img, figure, "midbottom", (rect.centerx, rect.bottom - 14))
            top = same(name) if name else p_("counter", "Leader")
            _blit(img, fit_label(top, size - 4, ink), "midtop", (rect.centerx, rect.y + 1))
            pygame.draw.rect(img, palette.GOLD, rect.inflate(-2, -2), 2, border_radius=3)
        elif support:
            _blit(img, art.support_figure(ctype), "midtop", (rect.centerx, rect.y + 3))
        else:
            _blit(img, art.enemy_figure(ctype), "midtop", (rect.centerx, rect.y + 2))
        if "emplaced" in ctype:
            pygame.draw.rect(img, art.SANDBAG, rect.inflate(-2, -2), 2, border_radius=3)
        pygame.draw.rect(img, palette.INK, rect, 2, border_radius=3)
        types = {**self.rules.assault_types, **self.rules.support_types}
        ct = types.get(ctype)
        if ct is not None:
            values = f"{ct.combat}-{ct.defense}"
            shadow = text(values, "sans_bold", 18, palette.INK)
            _blit(img, shadow, "midbottom", (rect.centerx + 1, rect.bottom))
            blit_text(img, values, "sans_bold", 18, ink, (rect.centerx, rect.bottom - 1), "midbottom")
        if disrupted:
            chip(img, "D", (rect.right, rect.y), palette.HIGHLIGHT, palette.INK, r=8)
        return self._keep(key, img)

    def car(self) -> pygame.Surface:
        """The police armoured car (counter_art.car_image), with ARMORED stencilled on its lower plates."""
        key = ("car",)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = art.car_image().copy()
        blit_text(img, _("ARMORED"), "cond", 11, (178, 180, 166), (35, 20), "center")
        return self._keep(key, img)

    def token(self, token: str, width: int = TOKEN_W, count: int = 1) -> pygame.Surface:
        """A weapon or ammunition token: the drawn weapon (counter_art.token_icon: a light machine gun, an
        anti-tank rifle, a rifle, a stick grenade, a box of cartridges) on a pale pill of its kind's colour;
        narrower where a row of them would not fit; ``count`` identical tokens (4.1: interchangeable) as one image
        with their number in a dark disc at its right end."""
        key = ("t", token_kind(token), width, count)
        img = self._cache.get(key)
        if img is not None:
            return img
        kind = token_kind(token)
        img = pygame.Surface((width + (COUNT_W if count > 1 else 0), 20), pygame.SRCALPHA)
        fill = TOKEN_FILL.get(kind, (200, 200, 196))
        pill = pygame.Rect(0, 0, width, 20)
        pygame.draw.rect(img, fill, img.get_rect(), border_radius=4)
        pygame.draw.rect(img, palette.mix(fill, palette.SHADOW, 0.12), (0, 14, img.get_width(), 6),
                         border_bottom_left_radius=4, border_bottom_right_radius=4)
        pygame.draw.rect(img, palette.INK, img.get_rect(), 1, border_radius=4)
        if kind in TOKEN_FILL:
            _blit(img, art.token_icon(kind, width - 4), "center", pill.center)
        else:  # a kind with no drawing: its first letters
            blit_text(img, same(kind[:3].upper()), "cond", 13 if width >= TOKEN_W else 11, palette.INK, pill.center,
                      "center")
        if count > 1:
            pygame.draw.circle(img, palette.INK, (width + 5, 10), 8)
            blit_text(img, str(count), "sans_bold", 11, palette.PAPER_LIGHT, (width + 5, 10), "center")
        return self._keep(key, img)

    def supp(self, n: int) -> pygame.Surface:
        key = ("s", n)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = pygame.Surface((26, 26), pygame.SRCALPHA)
        pygame.draw.circle(img, palette.HIGHLIGHT, (13, 13), 12)
        pygame.draw.circle(img, palette.INK, (13, 13), 12, 2)
        blit_text(img, str(n), "sans_bold", 14, palette.INK, (13, 13), "center")
        return self._keep(key, img)

    def fire_truck(self) -> pygame.Surface:
        """The fire truck (counter_art.truck_image), 120 x 56."""
        key = ("truck",)
        img = self._cache.get(key)
        if img is not None:
            return img
        return self._keep(key, art.truck_image().copy())
