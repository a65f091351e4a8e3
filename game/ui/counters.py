"""Counters drawn by code: defenders in Polish Post blue with a red (trained) or white (postal worker) border,
enemy counters (police green, SS dark grey, support weapons), armored car silhouettes, weapon tokens.
Units are named in text and told apart by colour and shape: no insignia."""

from __future__ import annotations

import pygame

from game.rules.data import Rules
from game.ui import palette as P
from game.ui.fonts import blit_text
from game.ui.layout import DEF_COUNTER, ENEMY_COUNTER, bs

ENEMY_SHORT = {"rifleman": ("Police", "rifle"), "smg": ("Police", "SMG"), "ss_rifleman": ("SS", "rifle"),
               "ss_smg": ("SS", "SMG"), "leader": ("Leader", ""), "mg": ("MG", ""), "mg_emplaced": ("MG", "empl."),
               "ig": ("Gun", ""), "ig_emplaced": ("Gun", "empl.")}
TOKEN_SHORT = {"lmg": "LMG", "atr": "ATR", "rifle": "RFL", "gren": "GRN", "ammo": "AMO"}


def token_kind(token: str) -> str:
    return token.rstrip("0123456789")


class CounterArt:
    """Cached counter images."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def defender(self, name: str, exhausted: bool, disrupted: bool, moved: bool = False,
                 acted: bool = False) -> pygame.Surface:
        key = ("d", name, exhausted, disrupted, moved, acted)
        img = self._cache.get(key)
        if img is not None:
            return img
        d = self.rules.defenders[name]
        size = bs(DEF_COUNTER)
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = img.get_rect()
        border = P.TRAINED_RED if d.kind == "trained" else P.WORKER_WHITE
        face = P.mix(P.POST_BLUE, (150, 150, 150), 0.65) if exhausted else P.POST_BLUE
        pygame.draw.rect(img, border, rect, border_radius=4)
        pygame.draw.rect(img, face, rect.inflate(-6, -6), border_radius=3)
        pygame.draw.rect(img, P.INK, rect, 1, border_radius=4)
        short = name if len(name) <= 7 else name[:6] + "."
        if name.startswith("Trained "):
            short = "Tr." + name.split()[-1]
        elif name.startswith("Postal "):
            short = "Po." + name.split()[-1]
        ink = P.PAPER_LIGHT if not exhausted else (225, 225, 225)
        blit_text(img, short, "cond", 10, ink, (size // 2, 4), "midtop")
        blit_text(img, str(d.combat), "sans_bold", 20, ink, (size // 2 - 6, size - 3), "midbottom")
        letters = "".join(d.attributes)
        if letters:
            blit_text(img, letters, "sans_bold", 10, P.HIGHLIGHT, (size - 5, size - 5), "bottomright")
        if d.kind == "noncombatant":
            blit_text(img, "N", "sans_bold", 10, P.HIGHLIGHT, (5, size - 5), "bottomleft")
        if exhausted:
            pygame.draw.line(img, (210, 210, 210), (4, size - 4), (size - 4, 4), 2)
        if disrupted:
            pygame.draw.circle(img, P.TARGET, (size - 8, 8), 7)
            blit_text(img, "D", "sans_bold", 10, P.PAPER_LIGHT, (size - 8, 8), "center")
        if moved:
            pygame.draw.circle(img, P.GOLD, (8, size - 9), 6)
            blit_text(img, "M", "sans_bold", 9, P.INK, (8, size - 9), "center")
        if acted:
            pygame.draw.circle(img, P.OK_GREEN, (8, 9), 6)
            blit_text(img, "A", "sans_bold", 9, P.PAPER_LIGHT, (8, 9), "center")
        self._cache[key] = img
        return img

    def enemy(self, ctype: str, name: str, disrupted: bool) -> pygame.Surface:
        key = ("e", ctype, name, disrupted)
        img = self._cache.get(key)
        if img is not None:
            return img
        size = bs(ENEMY_COUNTER)
        if ctype in ("mg", "mg_emplaced", "ig", "ig_emplaced"):
            size = bs(52)
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = img.get_rect()
        fill = P.ENEMY_FILL.get(ctype, P.SS_GREY)
        pygame.draw.rect(img, fill, rect, border_radius=3)
        pygame.draw.rect(img, P.INK, rect, 2, border_radius=3)
        ink = (236, 232, 214)
        top, sub = ENEMY_SHORT.get(ctype, (ctype, ""))
        if ctype == "leader":
            top = (name or "Leader")[:7]
            pygame.draw.rect(img, P.GOLD, rect, 2, border_radius=3)
        types = {**self.rules.assault_types, **self.rules.support_types}
        ct = types.get(ctype)
        blit_text(img, top[:8], "cond", 9, ink, (size // 2, 2), "midtop")
        if sub:
            blit_text(img, sub, "sans", 8, ink, (size // 2, 12), "midtop")
        if ct is not None:
            blit_text(img, f"{ct.combat}-{ct.defense}", "sans_bold", 13, ink, (size // 2, size - 2), "midbottom")
        if ctype.startswith("ss"):
            pygame.draw.line(img, (150, 150, 150), (3, size // 2 - 1), (size - 4, size // 2 - 1), 1)
        if "emplaced" in ctype:
            pygame.draw.rect(img, (200, 180, 120), rect, 2, border_radius=3)
        if disrupted:
            pygame.draw.circle(img, P.HIGHLIGHT, (size - 7, 7), 6)
            blit_text(img, "D", "sans_bold", 9, P.INK, (size - 7, 7), "center")
        self._cache[key] = img
        return img

    def car(self) -> pygame.Surface:
        key = ("car",)
        img = self._cache.get(key)
        if img is not None:
            return img
        w, h = 70, 40
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        body = [(4, 26), (10, 14), (22, 12), (28, 4), (46, 4), (52, 12), (64, 14), (67, 26), (60, 30), (8, 30)]
        pygame.draw.polygon(img, P.CAR_GREY, body)
        pygame.draw.polygon(img, P.INK, body, 2)
        pygame.draw.line(img, P.INK, (46, 8), (66, 6), 3)  # gun
        for x in (16, 30, 44, 56):
            pygame.draw.circle(img, P.INK, (x, 31), 6)
            pygame.draw.circle(img, (120, 120, 110), (x, 31), 2)
        blit_text(img, "ARMORED", "cond", 8, (220, 220, 200), (34, 20), "center")
        self._cache[key] = img
        return img

    def token(self, token: str) -> pygame.Surface:
        key = ("t", token_kind(token))
        img = self._cache.get(key)
        if img is not None:
            return img
        kind = token_kind(token)
        img = pygame.Surface((36, 20), pygame.SRCALPHA)
        fill = {"gren": (96, 110, 70), "ammo": (176, 150, 80), "lmg": (70, 70, 70), "atr": (90, 70, 60),
                "rifle": (120, 90, 60)}.get(kind, (90, 90, 90))
        pygame.draw.rect(img, fill, img.get_rect(), border_radius=4)
        pygame.draw.rect(img, P.INK, img.get_rect(), 1, border_radius=4)
        blit_text(img, TOKEN_SHORT.get(kind, kind[:3].upper()), "cond", 11, (245, 240, 220), (18, 10), "center")
        self._cache[key] = img
        return img

    def supp(self, n: int) -> pygame.Surface:
        key = ("s", n)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = pygame.Surface((26, 26), pygame.SRCALPHA)
        pygame.draw.circle(img, P.HIGHLIGHT, (13, 13), 12)
        pygame.draw.circle(img, P.INK, (13, 13), 12, 2)
        blit_text(img, str(n), "sans_bold", 14, P.INK, (13, 13), "center")
        self._cache[key] = img
        return img

    def fire_truck(self) -> pygame.Surface:
        key = ("truck",)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = pygame.Surface((120, 56), pygame.SRCALPHA)
        pygame.draw.rect(img, (170, 40, 34), (4, 14, 84, 28), border_radius=3)
        pygame.draw.rect(img, (170, 40, 34), (84, 6, 32, 36), border_radius=4)
        pygame.draw.rect(img, (200, 220, 230), (94, 10, 18, 12))
        pygame.draw.line(img, (210, 210, 200), (10, 10), (80, 4), 4)  # ladder
        for x in (20, 48, 98):
            pygame.draw.circle(img, P.INK, (x, 44), 9)
            pygame.draw.circle(img, (150, 150, 150), (x, 44), 3)
        pygame.draw.rect(img, P.INK, (4, 14, 84, 28), 2, border_radius=3)
        self._cache[key] = img
        return img
