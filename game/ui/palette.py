"""The paper-and-ink 1939 palette: one place for every colour the game draws."""

from __future__ import annotations

Colour = tuple[int, int, int]

PAPER = (236, 224, 196)
PAPER_DARK = (218, 202, 168)
PAPER_LIGHT = (246, 238, 218)
INK = (40, 34, 28)
INK_SOFT = (92, 80, 66)
INK_FAINT = (150, 136, 114)
GRASS = (176, 184, 140)
GRASS_DARK = (140, 150, 108)
ROAD = (196, 184, 160)
BRICK = (150, 92, 70)
BRICK_DARK = (110, 66, 52)
POST_BLUE = (38, 74, 138)
POST_BLUE_LIGHT = (70, 110, 176)
TRAINED_RED = (196, 40, 40)
WORKER_WHITE = (248, 246, 240)
POLICE_GREEN = (72, 112, 70)
SS_GREY = (64, 66, 70)
CAR_GREY = (88, 92, 84)
GOLD = (206, 160, 58)
HIGHLIGHT = (250, 196, 40)
TARGET = (214, 60, 40)
OK_GREEN = (70, 150, 80)
SHADOW = (0, 0, 0)
TABLE = (58, 50, 42)  # the table the board and the panels lie on
FIRE = (240, 120, 30)
FIRE_HOT = (255, 210, 90)
SMOKE = (90, 86, 80)
BUTTON = (74, 64, 52)
BUTTON_HOVER = (110, 92, 70)
BUTTON_DISABLED = (150, 140, 126)

# Line-of-sight colours of the board (1.4), flat and clear.
LOS: dict[str, Colour] = {
    "green": (120, 170, 96),
    "white": (244, 242, 236),
    "blue": (96, 140, 206),
    "dark_blue": (44, 70, 140),
    "gray": (150, 150, 150),
    "orange": (232, 146, 60),
    "red": (200, 70, 60),
    "brown": (140, 96, 60),
}
SIGHT = (255, 250, 225)  # the spaces a pointed-at defender could fire at

FLOOR_BAND: dict[str, Colour] = {"upper": (226, 218, 196), "ground": (222, 210, 184), "basement": (204, 194, 172)}

ENEMY_FILL: dict[str, Colour] = {
    "rifleman": POLICE_GREEN, "smg": (96, 134, 80), "ss_rifleman": SS_GREY, "ss_smg": (46, 48, 52),
    "leader": (40, 42, 46), "mg": (116, 104, 70), "mg_emplaced": (96, 86, 58), "ig": (104, 96, 84),
    "ig_emplaced": (84, 78, 68),
}


def text_on(colour: Colour) -> Colour:
    """Ink or paper, whichever reads on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else PAPER_LIGHT


def mix(a: Colour, b: Colour, k: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * k), int(a[1] + (b[1] - a[1]) * k), int(a[2] + (b[2] - a[2]) * k))


# The counters' figures (game/ui/counter_art.py keeps its own figure colours).
POST_BLUE_DARK = (30, 58, 112)  # the shaded lower edge of a defender counter's body

# The board drawn as a place (game/ui/board_art.py): the paving, pavements, rails and roofs of Heveliusplatz, the
# post office's roof and courtyard, and its storeys cut open on the interior view.
SETT = (150, 140, 124)  # granite setts of the streets
SETT_JOINT = (116, 106, 92)
SQUARE_SETT = (166, 156, 136)  # the square's setts, laid in fans
PAVEMENT = (196, 188, 170)
KERB = (96, 90, 82)
RAIL = (58, 56, 54)
YARD = (150, 140, 118)
TREE = (92, 122, 72)
ROOF = (156, 82, 60)  # the post office's red tiles
COURTYARD = (104, 88, 78)
MASONRY = (150, 118, 98)  # walls and slabs cut open (hatched)
SLAB = (168, 164, 156)
GLASS = (164, 182, 190)
STONE = (176, 166, 146)  # the basement's walls
STONE_JOINT = (150, 140, 122)
FLOOR_BOARDS = (150, 112, 78)
HALO = (250, 244, 228)  # the paper ring under each track space: its colours read on the busy ground
