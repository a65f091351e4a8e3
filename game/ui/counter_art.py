"""The figures printed on the counters, drawn by code in the manner of a 1939 wargame counter: flat colours, an
ink outline around each silhouette, a little shading on the side away from the light (the light comes from the top
left).

Every figure is drawn SCALE times larger on its own surface and smoothly scaled down (anti-aliased edges); the
figures depend on no language nor display, so they are kept once a process (``_cached``) and every counter image
made from them is a blit. Coordinates in the drawing functions are logical pixels of the finished figure.

What each figure shows:

- defenders: a trained soldier (Polish wz.31 helmet with its flat brim, khaki, rifle at port arms), his officer
  (the same helmet with a gold star, a raised pistol, binoculars), a postal worker (navy peaked cap with a gold
  badge, brass buttons, a leather mail satchel, a slung rifle), a noncombatant (a civilian in a headscarf and a
  coat, hands clasped, no weapon);
- enemy assault counters: Danzig police (a tall shako) with a rifle or a submachine gun, SS (the flared German
  steel helmet) with a rifle or a submachine gun, a leader (an officer's high peaked cap, a pistol);
- support weapons: a machine gun on its tripod, an infantry gun (spoked wheel, shield, short barrel, box trail),
  each behind a wall of sandbags when emplaced;
- weapon tokens: a light machine gun (bipod, magazine), an anti-tank rifle (very long barrel, muzzle brake,
  bipod), a rifle, a stick grenade, a box of cartridges;
- the police armoured car (eight wheels, sloped plates, a turret with its gun) and the fire truck (cab, ladder,
  hose reel, bell).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import palette
from game.ui.cache import Kept

SCALE = 4  # figures are drawn this much larger, then smoothly scaled down
Point = tuple[float, float]

# The figures' own colours (the counters' colours are in the palette).
SKIN = (226, 186, 146)
SKIN_SHADE = (192, 146, 108)
KHAKI = (142, 130, 80)
KHAKI_SHADE = (108, 98, 58)
HELMET_PL = (118, 120, 76)
HELMET_PL_SHADE = (86, 88, 54)
POSTAL_NAVY = (66, 76, 108)
POSTAL_NAVY_SHADE = (46, 54, 80)
CAP_NAVY = (36, 42, 66)
LEATHER = (150, 98, 52)
LEATHER_SHADE = (112, 70, 36)
WOOD = (140, 90, 48)
METAL = (54, 56, 60)
METAL_LIGHT = (120, 124, 128)
COAT = (134, 72, 58)
COAT_SHADE = (100, 52, 42)
SCARF = (222, 196, 120)
SCARF_SHADE = (178, 150, 82)
POLICE_UNIFORM = (128, 152, 110)
POLICE_UNIFORM_SHADE = (96, 120, 82)
SHAKO = (44, 58, 44)
FIELD_GREY = (132, 136, 124)
FIELD_GREY_SHADE = (100, 104, 94)
HELMET_DE = (96, 100, 96)
HELMET_DE_SHADE = (66, 70, 66)
OFFICER_GREY = (150, 152, 140)
SANDBAG = (204, 180, 124)
SANDBAG_SHADE = (160, 136, 88)
GUN_GREY = (112, 118, 100)
GUN_GREY_SHADE = (80, 86, 70)
TRUCK_RED = (178, 42, 34)
TRUCK_RED_SHADE = (132, 28, 24)
CHROME = (214, 214, 204)
GLASS = (196, 218, 228)
FIRE_LAMP = (250, 236, 170)


class Pen:
    """A drawing surface SCALE times the size of the finished figure, addressed in the figure's pixels."""

    def __init__(self, w: float, h: float) -> None:
        self.size = (round(w), round(h))
        self.surf = pygame.Surface((round(w * SCALE), round(h * SCALE)), pygame.SRCALPHA)

    @staticmethod
    def _pts(pts: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * SCALE, y * SCALE) for x, y in pts]

    def poly(self, colour: palette.Colour, pts: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surf, colour, self._pts(pts))

    def circle(self, colour: palette.Colour, c: Point, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, (c[0] * SCALE, c[1] * SCALE), r * SCALE, round(width * SCALE))

    def ellipse(self, colour: palette.Colour, x: float, y: float, w: float, h: float, width: float = 0) -> None:
        pygame.draw.ellipse(self.surf, colour, pygame.Rect(round(x * SCALE), round(y * SCALE), round(w * SCALE),
                                                           round(h * SCALE)), round(width * SCALE))

    def rect(self, colour: palette.Colour, x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        pygame.draw.rect(self.surf, colour, pygame.Rect(round(x * SCALE), round(y * SCALE), round(w * SCALE),
                                                        round(h * SCALE)), border_radius=round(radius * SCALE))

    def line(self, colour: palette.Colour, a: Point, b: Point, width: float = 1.0) -> None:
        """A straight stroke with round ends."""
        pygame.draw.line(self.surf, colour, (a[0] * SCALE, a[1] * SCALE), (b[0] * SCALE, b[1] * SCALE),
                         max(1, round(width * SCALE)))
        for x, y in (a, b):
            pygame.draw.circle(self.surf, colour, (x * SCALE, y * SCALE), width * SCALE / 2)

    def outline(self, width: float = 0.9) -> None:
        """An ink outline around everything drawn so far: its silhouette, grown by ``width`` pixels, in ink
        beneath it."""
        mask = pygame.mask.from_surface(self.surf, 40)
        ink = mask.to_surface(setcolor=(*palette.INK, 255), unsetcolor=(0, 0, 0, 0))
        r = width * SCALE
        under = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        steps = 12
        for k in range(steps):
            v = pygame.Vector2(r, 0).rotate(360 * k / steps)
            under.blit(ink, (round(v.x), round(v.y)))
        under.blit(self.surf, (0, 0))
        self.surf = under

    def done(self) -> pygame.Surface:
        """The figure at its size, anti-aliased."""
        return pygame.transform.smoothscale(self.surf, self.size)


_cached = Kept()  # every figure, once a process


# ---- defenders: a 20 x 34 figure, head and body to the waist ---------------------------------------------------

DEF_FIG = (20, 34)


def _torso(pen: Pen, cloth: palette.Colour, shade: palette.Colour, narrow: float = 0.0) -> None:
    """Shoulders and chest to the bottom of the figure, shaded on the right."""
    n = narrow
    pen.poly(cloth, [(2.5 + n, 18), (5.5 + n, 15), (14.5 - n, 15), (17.5 - n, 18), (18.5 - n, 34), (1.5 + n, 34)])
    pen.poly(shade, [(13 - n, 15), (14.5 - n, 15), (17.5 - n, 18), (18.5 - n, 34), (14 - n, 34)])


def _face(pen: Pen, cx: float = 10, top: float = 7.2) -> None:
    pen.rect(SKIN_SHADE, cx - 1.6, top + 5.5, 3.2, 3)  # neck
    pen.ellipse(SKIN, cx - 3.3, top, 6.6, 7.6)
    pen.ellipse(SKIN_SHADE, cx + 0.8, top + 1.5, 2.4, 5.6)


def _wz31(pen: Pen, officer: bool) -> None:
    """The Polish wz.31 helmet seen from the front: a round dome over a wide flat brim."""
    pen.ellipse(HELMET_PL, 4.6, 2.4, 10.8, 10)
    pen.ellipse(HELMET_PL_SHADE, 11.2, 3.6, 3.8, 7)
    pen.ellipse(HELMET_PL, 2.4, 7.6, 15.2, 3)
    pen.ellipse(HELMET_PL_SHADE, 10, 8.6, 7.4, 2)
    pen.ellipse((160, 162, 112), 6.4, 3.6, 3, 2.2)  # the light on the dome
    if officer:
        star(pen, (10, 5.6), 1.9, palette.GOLD)


def _rifle(pen: Pen, butt: Point, muzzle: Point) -> None:
    """A rifle from its butt to its muzzle: the wooden stock on the first half, the barrel beyond."""
    mid = (butt[0] + (muzzle[0] - butt[0]) * 0.55, butt[1] + (muzzle[1] - butt[1]) * 0.55)
    pen.line(METAL, mid, muzzle, 1.2)
    pen.line(WOOD, butt, mid, 2.3)


def star(pen: Pen, c: Point, r: float, colour: palette.Colour) -> None:
    """A five-pointed star."""
    pts = []
    for k in range(10):
        v = pygame.Vector2(0, -r if k % 2 == 0 else -r * 0.45).rotate(36 * k)
        pts.append((c[0] + v.x, c[1] + v.y))
    pen.poly(colour, pts)


def _trained(officer: bool) -> pygame.Surface:
    pen = Pen(*DEF_FIG)
    _torso(pen, KHAKI, KHAKI_SHADE)
    pen.poly(KHAKI_SHADE, [(7.6, 15), (10, 18.2), (12.4, 15)])  # the collar
    pen.rect((96, 70, 40), 2, 28, 16.4, 1.8)  # the belt
    if officer:
        pen.line(KHAKI, (4, 17), (2.2, 9), 3)  # the arm raised, a pistol in the hand
        pen.poly(METAL, [(1.2, 7.4), (3.8, 7.4), (3.8, 4.4), (2.4, 4.4), (2.4, 6.2), (1.2, 6.2)])
        pen.circle(SKIN, (2.4, 8.4), 1.4)
        pen.ellipse(METAL, 10.8, 19.6, 5, 3)  # binoculars on the chest
        pen.line(METAL, (11, 15.6), (12, 19.6), 0.6)
    else:
        pen.line(METAL, (10.2, 24.8), (1.2, 10.5), 1.2)  # the rifle at port arms, across the chest
        pen.line(WOOD, (17, 33), (10.2, 24.8), 2.3)
        pen.circle(SKIN, (13.4, 28.2), 1.5)
        pen.circle(SKIN, (5.2, 17.6), 1.5)
    _face(pen)
    _wz31(pen, officer)
    pen.outline()
    if officer:  # the officer's gold zigzag on the collar, over the outline
        pen.line(palette.GOLD, (7.4, 15.2), (8.6, 16.6), 0.6)
        pen.line(palette.GOLD, (12.6, 15.2), (11.4, 16.6), 0.6)
    return pen.done()


def _postal() -> pygame.Surface:
    pen = Pen(*DEF_FIG)
    pen.line(METAL, (3, 34), (2.2, 9.5), 1.1)  # a rifle slung on the left shoulder, muzzle up
    pen.line(WOOD, (3.1, 34), (2.8, 25), 2)
    _torso(pen, POSTAL_NAVY, POSTAL_NAVY_SHADE)
    pen.poly((220, 214, 196), [(8.2, 15), (10, 17.6), (11.8, 15)])  # the shirt at the collar
    for y in (20, 24.5):
        pen.circle(palette.GOLD, (10, y), 0.8)  # brass buttons
    pen.line(LEATHER_SHADE, (5, 15.4), (15.5, 28), 1.4)  # the satchel's strap and the bag on the hip
    pen.rect(LEATHER, 12.6, 26.2, 6.6, 7.8, 1)
    pen.rect(LEATHER_SHADE, 12.6, 26.2, 6.6, 2.6, 1)
    _face(pen)
    # the postman's peaked cap: a wide flat crown, a band with a gold badge, a black visor
    pen.poly(CAP_NAVY, [(3.6, 3.4), (16.4, 3.4), (14.8, 7.8), (5.2, 7.8)])
    pen.poly((26, 30, 50), [(12, 3.4), (16.4, 3.4), (14.8, 7.8), (12, 7.8)])
    pen.rect((58, 66, 98), 5.2, 6.6, 9.6, 1.8)
    pen.circle(palette.GOLD, (10, 5.4), 1.1)
    pen.poly(palette.INK, [(5.6, 8.2), (14.4, 8.2), (13.4, 10.2), (6.6, 10.2)])
    pen.outline()
    return pen.done()


def _civilian() -> pygame.Surface:
    pen = Pen(*DEF_FIG)
    _torso(pen, COAT, COAT_SHADE, narrow=1.0)
    pen.poly((236, 228, 208), [(7.4, 15), (10, 18.6), (12.6, 15)])  # a pale collar
    pen.circle(SKIN, (8.8, 27), 1.5)  # hands clasped in front
    pen.circle(SKIN_SHADE, (11, 27.2), 1.5)
    _face(pen, top=7.4)
    # the headscarf: round over the head, down both cheeks, knotted under the chin
    pen.poly(SCARF, [(4.6, 12.6), (4.4, 6.2), (7, 2.6), (10, 2), (13, 2.6), (15.6, 6.2), (15.4, 12.6), (13.2, 13),
                     (13.4, 8.2), (10, 6.6), (6.6, 8.2), (6.8, 13)])
    pen.poly(SCARF_SHADE, [(13, 2.6), (15.6, 6.2), (15.4, 12.6), (13.2, 13), (13.4, 8.2), (12.4, 6.8)])
    pen.poly(SCARF, [(8.4, 14), (10, 13.4), (11.6, 14), (12.8, 16.8), (10, 15.4), (7.2, 16.8)])
    for c in ((7.6, 4.6), (11.4, 4.2), (9.6, 6.2), (14.2, 8.6), (5.8, 8.8)):
        pen.circle((176, 64, 48), c, 0.55)  # the scarf's printed flowers
    pen.outline()
    return pen.done()


def defender_figure(kind: str, officer: bool = False) -> pygame.Surface:
    """The DEF_FIG figure of a defender of ``kind`` ("trained", "postal", "noncombatant"); ``officer`` for a
    trained leader with the Command attribute."""
    if kind == "trained":
        return _cached(("d", kind, officer), lambda: _trained(officer))
    if kind == "noncombatant":
        return _cached(("d", kind), _civilian)
    return _cached(("d", "postal"), _postal)


def tired(img: pygame.Surface) -> pygame.Surface:
    """``img`` in greys, faded: an exhausted defender's figure."""
    return _cached(("tired", id(img)), lambda: _faded(img))


def _faded(img: pygame.Surface) -> pygame.Surface:
    grey = pygame.transform.grayscale(img)
    grey.fill((255, 255, 255, 190), special_flags=pygame.BLEND_RGBA_MULT)
    return grey


# ---- enemy assault counters: a 36 x 28 bust -------------------------------------------------------------------

ENEMY_FIG = (36, 28)
LEADER_FIG = (30, 18)


def _enemy_torso(pen: Pen, cloth: palette.Colour, shade: palette.Colour) -> None:
    pen.poly(cloth, [(6.5, 20), (11.5, 16.8), (24.5, 16.8), (29.5, 20), (31, 28), (5, 28)])
    pen.poly(shade, [(22, 16.8), (24.5, 16.8), (29.5, 20), (31, 28), (24, 28)])
    pen.poly(shade, [(15.6, 16.8), (18, 20), (20.4, 16.8)])  # the collar


def _enemy_face(pen: Pen) -> None:
    pen.rect(SKIN_SHADE, 16.2, 13, 3.6, 4.4)
    pen.ellipse(SKIN, 14.2, 6.4, 7.6, 8.6)
    pen.ellipse(SKIN_SHADE, 18.8, 8, 2.8, 6.2)


def _shako(pen: Pen) -> None:
    """The Danzig police shako: a tall flat-topped drum with a badge and a black visor."""
    pen.poly(SHAKO, [(12.8, 0.6), (23.2, 0.6), (22.6, 8.6), (13.4, 8.6)])
    pen.poly((30, 40, 30), [(19.6, 0.6), (23.2, 0.6), (22.6, 8.6), (20, 8.6)])
    pen.rect((70, 88, 66), 12.8, 0.4, 10.4, 1.4)  # the top's rim catching the light
    pen.circle((226, 222, 200), (18, 4.2), 1.5)  # the badge
    pen.poly(palette.INK, [(13, 8.2), (23, 8.2), (24.4, 10.2), (11.6, 10.2)])


def _stahlhelm(pen: Pen) -> None:
    """The German steel helmet from the front: a dome whose skirt flares out and down over the ears."""
    pts = [(10.2, 12.6), (11.4, 7.4), (12.6, 4), (15, 1.8), (18, 1.2), (21, 1.8), (23.4, 4), (24.6, 7.4),
           (25.8, 12.6), (23, 11.2), (22.4, 9.4), (13.6, 9.4), (13, 11.2)]
    pen.poly(HELMET_DE, pts)
    pen.poly(HELMET_DE_SHADE, [(21, 1.8), (23.4, 4), (24.6, 7.4), (25.8, 12.6), (23, 11.2), (22.4, 9.4),
                               (21.6, 9.4), (22.2, 5)])
    pen.ellipse((136, 140, 134), 13.6, 3, 3.4, 2.4)  # the light on the dome
    pen.line(HELMET_DE_SHADE, (13.2, 8.6), (22.8, 8.6), 0.7)  # the rim over the brow


def _smg(pen: Pen) -> None:
    """A submachine gun held across the body at the hip, its muzzle out to the right: folding stock, receiver,
    perforated barrel jacket, a long magazine below."""
    pen.line(METAL, (3, 23.6), (10, 21.8), 1.3)  # the folding stock
    pen.line(METAL, (3, 23.6), (3.6, 20.6), 1.1)
    pen.rect(METAL, 9, 19.6, 17, 3.8, 1.2)
    pen.line(METAL_LIGHT, (10.4, 20.4), (24.6, 20.4), 0.6)  # the light along its top
    pen.rect(METAL, 25.5, 20.2, 9, 2.8)
    for x in (27.4, 29.8, 32.2):
        pen.circle(METAL_LIGHT, (x, 21.6), 0.6)
    pen.rect(METAL, 14, 22.8, 3, 5.2)  # the magazine
    pen.circle(SKIN, (12.4, 24.4), 1.7)
    pen.circle(SKIN, (23.4, 24.4), 1.7)


def _enemy(ctype: str) -> pygame.Surface:
    pen = Pen(*ENEMY_FIG)
    ss = ctype.startswith("ss")
    cloth, shade = (FIELD_GREY, FIELD_GREY_SHADE) if ss else (POLICE_UNIFORM, POLICE_UNIFORM_SHADE)
    rifle = not ctype.endswith("smg")
    if rifle:
        _rifle(pen, (28.5, 28), (3.5, 3.5))  # port arms, across the chest
    _enemy_torso(pen, cloth, shade)
    pen.rect((60, 52, 40), 6, 25.4, 24, 1.8)  # the belt
    if rifle:
        pen.line(WOOD, (28.5, 28), (23, 22.5), 2.6)
        pen.line(METAL, (23, 22.5), (12, 11.5), 1.2)
        pen.circle(SKIN, (25.2, 24.6), 1.6)
        pen.circle(SKIN, (13.4, 20.6), 1.6)
    else:
        _smg(pen)
    _enemy_face(pen)
    if ss:
        _stahlhelm(pen)
    else:
        _shako(pen)
    pen.outline()
    return pen.done()


def _leader() -> pygame.Surface:
    """The officer's bust: a high-fronted peaked cap, shoulder boards, a pistol raised by the shoulder."""
    pen = Pen(*LEADER_FIG)
    pen.poly(OFFICER_GREY, [(5, 14), (9, 11.6), (21, 11.6), (25, 14), (26, 18), (4, 18)])
    pen.poly(FIELD_GREY_SHADE, [(18.6, 11.6), (21, 11.6), (25, 14), (26, 18), (19.5, 18)])
    pen.line(METAL, (21.6, 17.6), (24.2, 9.4), 2.4)  # the arm raised, a pistol
    pen.poly(METAL, [(23.4, 9.6), (25.4, 9.6), (25.4, 5.4), (24.2, 5.4), (24.2, 8.2), (23.4, 8.2)])
    pen.circle(SKIN, (24.4, 10.2), 1.3)
    pen.rect(CHROME, 7, 12.2, 3.4, 1.2)  # silver shoulder boards
    pen.rect(CHROME, 19.6, 12.2, 3.4, 1.2)
    pen.rect(SKIN_SHADE, 13.5, 9.6, 3, 2.4)
    pen.ellipse(SKIN, 11.8, 4.6, 6.4, 7)
    pen.ellipse(SKIN_SHADE, 15.6, 5.8, 2.2, 5)
    # the peaked cap: a crown rising high at the front, a dark band, a black visor
    pen.poly(OFFICER_GREY, [(9, 5), (10, 1.8), (15, 0.6), (20, 1.8), (21, 5)])
    pen.rect((44, 46, 44), 10.4, 3.8, 9.2, 1.6)
    pen.circle(CHROME, (15, 2.5), 0.8)
    pen.poly(palette.INK, [(10.6, 5.2), (19.4, 5.2), (18.6, 6.6), (11.4, 6.6)])
    pen.outline(0.8)
    return pen.done()


def enemy_figure(ctype: str) -> pygame.Surface:
    """The figure of an assault counter (ENEMY_FIG; a leader's is LEADER_FIG, under his name)."""
    if ctype == "leader":
        return _cached(("e", ctype), _leader)
    return _cached(("e", ctype), lambda: _enemy(ctype))


# ---- support weapons: a 44 x 30 drawing ------------------------------------------------------------------------

SUPPORT_FIG = (44, 30)


def _sandbags(pen: Pen, x0: float, x1: float, top: float) -> None:
    """Two courses of sandbags from ``x0`` to ``x1``, the upper one at ``top``."""
    n = max(2, round((x1 - x0) / 8))
    w = (x1 - x0) / n
    for row, y in enumerate((top + 4.4, top)):
        off = 0 if row == 0 else w / 2
        for k in range(n if row == 0 else n - 1):  # the upper course sits in the joints of the lower
            x = x0 + off + k * w
            pen.ellipse(SANDBAG, x, y, w + 0.6, 5)
            pen.ellipse(SANDBAG_SHADE, x + w * 0.45, y + 2.6, w * 0.55, 2.2)
            pen.line(SANDBAG_SHADE, (x + w * 0.2, y + 1.6), (x + w * 0.3, y + 3.2), 0.5)


def _mg(emplaced: bool) -> pygame.Surface:
    """A machine gun on its tripod, the barrel to the left."""
    pen = Pen(*SUPPORT_FIG)
    pen.line(METAL, (22, 17), (12, 29), 1.4)  # the tripod's legs
    pen.line(METAL, (22, 17), (31, 29), 1.4)
    pen.line(METAL_LIGHT, (22, 17), (23, 29), 1.0)
    pen.rect(METAL, 3, 12.4, 17, 3.4, 1)  # the perforated barrel jacket and the muzzle
    for x in range(5, 19, 3):
        pen.circle(METAL_LIGHT, (x, 14.1), 0.7)
    pen.rect(METAL, 0.5, 13.2, 3, 1.8)
    pen.line(METAL, (5, 15.4), (2.6, 21), 0.9)  # the folded bipod
    pen.rect(METAL, 19, 11, 12, 6, 1)  # the receiver with its feed cover
    pen.rect(METAL_LIGHT, 20, 10.2, 9, 1.6)
    pen.poly(WOOD, [(30.5, 12), (42, 14.2), (42.5, 19.5), (39, 19.5), (30.5, 17)])  # the butt
    pen.poly((110, 70, 36), [(36, 16.6), (42.2, 17.4), (42.5, 19.5), (39, 19.5)])
    pen.line(METAL, (25, 17), (25.6, 20), 1.4)  # the grip
    pen.ellipse(METAL, 21, 16.4, 6, 4.6)  # the drum magazine
    pen.line((184, 150, 70), (20.5, 18.4), (16, 23.6), 1.1)  # a belt of cartridges
    if emplaced:
        _sandbags(pen, 0.5, 43.5, 20.6)
    pen.outline(0.9)
    return pen.done()


def _ig(emplaced: bool) -> pygame.Surface:
    """An infantry gun: the short barrel to the left through its shield, a big spoked wheel, the box trail to the
    right on the ground."""
    pen = Pen(*SUPPORT_FIG)
    pen.poly(GUN_GREY_SHADE, [(22, 19), (43, 26.6), (43, 29), (22, 22.5)])  # the box trail
    pen.poly(GUN_GREY, [(13, 3), (24, 5), (24, 21), (13, 19)])  # the shield
    pen.poly(GUN_GREY_SHADE, [(20.5, 4.4), (24, 5), (24, 21), (20.5, 20.4)])
    pen.rect(METAL, 1.5, 9.6, 16, 4.2, 1)  # the barrel, its muzzle and the cradle
    pen.rect(METAL, 0.5, 9.2, 2.2, 5)
    pen.rect(GUN_GREY_SHADE, 15, 8.4, 11, 6.6, 1)
    pen.circle(METAL, (20, 21), 8.4)  # the wheel: tyre, spokes, hub
    pen.circle((150, 120, 80), (20, 21), 6.6)
    for k in range(8):
        v = pygame.Vector2(6.4, 0).rotate(22.5 * k)
        pen.line(METAL, (20 - v.x, 21 - v.y), (20 + v.x, 21 + v.y), 0.8)
    pen.circle(METAL_LIGHT, (20, 21), 1.8)
    if emplaced:
        _sandbags(pen, 0.5, 18, 20.6)
        _sandbags(pen, 26, 43.5, 20.6)
    pen.outline(0.9)
    return pen.done()


def support_figure(ctype: str) -> pygame.Surface:
    """The SUPPORT_FIG drawing of ``ctype`` ("mg", "mg_emplaced", "ig", "ig_emplaced")."""
    emplaced = ctype.endswith("emplaced")
    if ctype.startswith("ig"):
        return _cached(("s", ctype), lambda: _ig(emplaced))
    return _cached(("s", ctype), lambda: _mg(emplaced))


# ---- tokens: a 32 x 16 icon (scaled to the token's width) ------------------------------------------------------

TOKEN_FIG = (32, 16)


def _icon(kind: str) -> pygame.Surface:
    pen = Pen(*TOKEN_FIG)
    if kind == "lmg":  # a light machine gun: a thick finned barrel, a curved magazine on top, a bipod, a butt
        pen.line(METAL, (1.5, 8.6), (13, 8.6), 1.6)
        pen.poly(METAL, [(0.4, 7.2), (2.6, 7.8), (2.6, 9.4), (0.4, 10)])  # the flash hider
        for x in (6, 8, 10):
            pen.line(METAL, (x, 7.2), (x, 10), 0.7)
        pen.line(METAL, (4.2, 9.4), (2, 15), 0.9)  # the bipod
        pen.line(METAL, (4.2, 9.4), (6.8, 15), 0.9)
        pen.rect(METAL, 12, 6.8, 9.5, 4.2, 1)
        pen.poly(METAL, [(14.2, 7), (17.2, 7), (18.8, 0.6), (16.2, 0.4)])  # the magazine, curved forward
        pen.line(METAL, (19, 10.6), (19.6, 13.6), 1.3)  # the grip
        pen.poly(WOOD, [(21, 7.2), (31, 8.4), (31, 13), (21, 10.6)])
    elif kind == "atr":  # an anti-tank rifle: a very long thin barrel, a big muzzle brake, a bipod, a slim stock
        pen.line(METAL, (2, 7.6), (21, 7.6), 1.0)
        pen.rect(METAL, 0.3, 5.8, 3.2, 3.6, 0.5)  # the muzzle brake
        pen.line(METAL_LIGHT, (1.9, 6.2), (1.9, 9), 0.5)
        pen.line(METAL, (11, 8), (8.6, 15), 0.9)  # the bipod, halfway along
        pen.line(METAL, (11, 8), (13.6, 15), 0.9)
        pen.rect(METAL, 20, 6.2, 4.6, 3.2, 0.6)
        pen.line(METAL, (22, 6.2), (23.6, 4.2), 0.9)  # the bolt handle
        pen.poly(WOOD, [(24, 6.8), (29, 7.6), (31, 6.6), (31.4, 12.6), (28.4, 12.6), (24, 9.4)])
    elif kind == "rifle":  # a rifle: a long wooden stock nearly to the muzzle
        pen.line(METAL, (1, 7.2), (10, 7.2), 1.1)
        pen.poly(WOOD, [(6, 6.4), (21, 6.4), (24, 7.6), (31, 9.4), (31, 13.2), (26, 11.4), (20.5, 9), (6, 8.4)])
        pen.line(METAL, (19, 5.8), (20.4, 4.2), 1)
        pen.line(METAL, (16.5, 9), (18.4, 10.8), 0.7)
    elif kind == "gren":  # a stick grenade: a metal head on a wooden handle, with a pull cord's cap
        pen.poly(WOOD, [(11, 6.8), (28, 6.8), (28, 9.4), (11, 9.4)])
        pen.rect(METAL_LIGHT, 27.4, 6.4, 2.4, 3.4, 0.6)
        pen.rect((80, 96, 64), 2, 3, 10, 10.4, 2)
        pen.rect((60, 74, 46), 2, 9.2, 10, 2.6)
        pen.rect((60, 74, 46), 9, 3, 3, 10.4, 1)
    else:  # ammunition: a wooden box of cartridges, their brass tips above the lid
        for k in range(6):
            left = 7 + k * 3.2
            pen.rect((204, 168, 72), left, 1.4, 2.2, 6, 1)
            pen.rect((168, 100, 50), left, 1, 2.2, 1.6, 1)
        pen.rect(WOOD, 3, 6, 26, 9, 1)
        pen.rect((110, 70, 36), 3, 6, 26, 2.2)
        pen.rect((110, 70, 36), 21, 6, 8, 9)
        pen.line((214, 190, 120), (7, 11.6), (18, 11.6), 1.2)  # a stencilled band
    pen.outline(0.7)
    return pen.done()


def token_icon(kind: str, width: int) -> pygame.Surface:
    """The icon of a token of ``kind``, ``width`` pixels wide (TOKEN_FIG squeezed on a narrow token)."""
    def draw() -> pygame.Surface:
        icon = _cached(("t", kind), lambda: _icon(kind))
        if width == TOKEN_FIG[0]:
            return icon
        return pygame.transform.smoothscale(icon, (width, TOKEN_FIG[1]))
    return _cached(("t", kind, width), draw)


# ---- the armoured car and the fire truck ------------------------------------------------------------------------

def _car() -> pygame.Surface:
    """The police armoured car (a long eight-wheeled car of sloped plates, a turret in the middle), from the side,
    70 x 40."""
    pen = Pen(70, 40)
    hull = [(2, 24), (8, 15.5), (19, 13), (51, 13), (62, 15.5), (68, 24), (65, 30), (5, 30)]
    pen.poly(palette.CAR_GREY, hull)
    pen.poly((68, 72, 64), [(2, 24), (68, 24), (65, 30), (5, 30)])  # the lower plates in shadow
    pen.poly((112, 116, 106), [(8, 15.5), (19, 13), (51, 13), (62, 15.5)])  # the top plates in the light
    pen.poly(palette.CAR_GREY, [(24, 13), (26.5, 5.6), (43.5, 5.6), (46, 13)])  # the turret and its gun
    pen.poly((68, 72, 64), [(38, 5.6), (43.5, 5.6), (46, 13), (39, 13)])
    pen.rect(METAL, 9, 7.6, 18, 2.4, 1)
    pen.rect(METAL, 6.5, 7, 3.2, 3.6)
    pen.rect((112, 116, 106), 30, 4.4, 10, 1.6)  # the hatch
    for x0 in (12, 52):  # vision slits front and back
        pen.rect(palette.INK, x0, 16.6, 6, 1.2)
    pen.rect(palette.INK, 31, 8.4, 5, 1)
    for x in range(10, 62, 6):  # rivets along the plates
        pen.circle((50, 52, 48), (x, 22.2), 0.5)
    for wheel in (12.5, 24.5, 45.5, 57.5):  # eight wheels, four to a side
        pen.circle(palette.INK, (wheel, 31), 6)
        pen.circle((118, 118, 108), (wheel, 31), 2.4)
        pen.circle(palette.INK, (wheel, 31), 0.9)
    pen.outline(1.0)
    return pen.done()


def car_image() -> pygame.Surface:
    return _cached(("car",), _car)


def _truck() -> pygame.Surface:
    """The fire truck from the side, 120 x 56: the engine and cab at the right, the body with its hose reel, the
    ladder on top, the bell, spoked wheels."""
    pen = Pen(120, 56)
    pen.poly(TRUCK_RED, [(4, 16), (86, 16), (86, 44), (4, 44)])  # the body
    pen.poly(TRUCK_RED_SHADE, [(4, 36), (86, 36), (86, 44), (4, 44)])
    pen.poly(TRUCK_RED, [(84, 8), (102, 8), (106, 22), (117, 25), (117, 44), (84, 44)])  # cab and bonnet
    pen.poly(TRUCK_RED_SHADE, [(84, 36), (117, 36), (117, 44), (84, 44)])
    pen.poly(GLASS, [(88, 11), (100, 11), (103, 22), (88, 22)])  # the windscreen and the side window
    pen.poly((160, 188, 200), [(96, 11), (100, 11), (103, 22), (99, 22)])
    pen.rect(CHROME, 115, 25.5, 3, 10, 1)  # the radiator
    pen.circle(FIRE_LAMP, (113, 27.5), 2.2)  # the headlamp
    pen.rect(CHROME, 2, 43, 116, 2.4)  # the running board
    pen.circle(palette.GOLD, (80, 12.5), 3.4)  # the bell
    pen.rect((150, 112, 40), 79.4, 8, 1.2, 2.5)
    # the ladder along the top, its far end over the cab
    pen.line((214, 206, 188), (6, 12.6), (92, 5.6), 1.4)
    pen.line((214, 206, 188), (6, 9.6), (92, 2.6), 1.4)
    for k in range(13):
        x = 9 + k * 6.6
        y = 12.4 - (x - 6) * 7 / 86
        pen.line((214, 206, 188), (x, y), (x, y - 3), 0.8)
    # the hose on its reel and the lockers
    pen.circle((90, 80, 70), (30, 27), 7.4)
    pen.circle((196, 184, 150), (30, 27), 6.2)
    for r in (4.8, 3.4):
        pen.circle((150, 136, 104), (30, 27), r, 0.6)
    pen.circle(METAL, (30, 27), 1.4)
    for x0 in (44, 62):
        pen.rect(TRUCK_RED_SHADE, x0, 20, 14, 14, 1)
        pen.rect(CHROME, x0 + 10, 26, 2.4, 1.2)
    pen.rect(CHROME, 4, 34, 82, 1.2)  # a bright stripe along the side
    for x in (20, 48, 100):  # the wheels
        pen.circle(palette.INK, (x, 45), 9)
        pen.circle((150, 150, 146), (x, 45), 5.6)
        for k in range(6):
            v = pygame.Vector2(5, 0).rotate(30 * k)
            pen.line((90, 90, 86), (x - v.x, 45 - v.y), (x + v.x, 45 + v.y), 0.7)
        pen.circle(TRUCK_RED, (x, 45), 1.8)
    pen.outline(1.0)
    return pen.done()



def truck_image() -> pygame.Surface:
    return _cached(("truck",), _truck)
