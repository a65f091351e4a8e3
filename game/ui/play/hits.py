"""Hit-testing on the board: the defender, enemy counter or space under a point, found where it is drawn (a
counter under a "+N" tile is not found; one on a spread-out interior is found first)."""

from __future__ import annotations

from collections.abc import Container

from game.ui.layout import DEF_H, DEF_W, ENEMY_PX
from game.ui.play.positions import Positions


def defender_at(positions: Positions, pos: tuple[int, int]) -> str | None:
    with positions.looking():
        hidden = positions.interior_hidden()
        _, spread = positions.spread_members()
        found: str | None = None
        for name, d in positions.view.state["defenders"].items():
            if d["status"] != "board" or name in hidden:
                continue
            x, y = positions.defender_pos(name)
            if abs(pos[0] - x) <= DEF_W / 2 and abs(pos[1] - y) <= DEF_H / 2:
                if name in spread:  # drawn on top of everything
                    return str(name)
                found = found or str(name)
        return found


def enemy_at(positions: Positions, pos: tuple[int, int], lit: Container[str]) -> str | None:
    """The counter under ``pos``: the nearest centre wins (``lit`` targets first, then the top of a stack)."""
    with positions.looking():
        return _enemy_at(positions, pos, lit)


def _enemy_at(positions: Positions, pos: tuple[int, int], lit: Container[str]) -> str | None:
    best: str | None = None
    best_key = (2, 1e9)
    hidden = positions.interior_hidden()
    half = ENEMY_PX / 2
    for cid in positions.view.state["counters"]:
        if not positions.where(cid) or cid in hidden:
            continue
        x, y = positions.enemy_pos(cid)
        if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
            key = (0 if cid in lit else 1, (pos[0] - x) ** 2 + (pos[1] - y) ** 2)
            if key <= best_key:
                best, best_key = cid, key
    return best


def space_at(positions: Positions, pos: tuple[int, int]) -> str | None:
    for sid, rect in positions.geo.rects.items():
        if rect.collidepoint(pos):
            return sid
    return None
