"""The play scene's hover tooltip: a button's tip, a panel's hover text, or on the board what the mouse points
at in words (an enemy counter with the odds of the chosen attack, a defender's state and company, a space's
tokens, stack, suppression and armored car)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Action, Game
from game.rules.names import space_name, tokens_name
from game.ui.cache import HoverRegions
from game.ui.layout import BOARD_RECT
from game.ui.play.hits import defender_at, enemy_at, space_at
from game.ui.play.positions import Positions
from game.ui.view import View
from game.ui.widgets import Button, tooltip

KIND_WORDS = {"postal": "postal worker", "trained": "trained defender", "noncombatant": "noncombatant"}


def enemy_info(game: Game, view: View, cid: str) -> str:
    """An enemy counter: its name and space, and its defense now."""
    label = game.counter_label(cid) if cid in game.state["counters"] else "enemy counter"
    try:
        d = game.assault_defense(cid)
    except (KeyError, ValueError):
        d = 0
    where = view.where(cid)
    return f"{label[0].upper()}{label[1:]} on {space_name(game.rules, where)}\ndefense {d}"


def board_text(game: Game, positions: Positions, pos: tuple[int, int], targets: dict[str, list[Action]],
               selected: str | None, dragging: bool, menu_open: bool = False) -> str:
    """What the board says at ``pos`` ("" over nothing): ``targets`` are the lit spaces and counters of the
    ``selected`` defender. While a menu is open only a lit enemy counter speaks (its dice); the selected
    defender never covers what he lights with his own tooltip."""
    view = positions.view
    rules = game.rules
    enemy = enemy_at(positions, pos, targets)
    if menu_open and enemy not in targets:
        return ""
    if enemy:
        msg = enemy_info(game, view, enemy)
        if selected and enemy in targets:
            p = game.odds(targets[enemy][0])
            if p is not None:
                msg = f"{game.attack_dice(selected)} dice vs {game.assault_defense(enemy)}: {p:.0%}\n" + msg
        return msg
    name = defender_at(positions, pos)
    if name and name == selected:
        return ""
    if name:
        dd = rules.defenders[name]
        d = view.s["defenders"][name]
        state = ", ".join(x for x, on in (("exhausted", d["exh"]), ("disrupted", d["dis"]),
                                          ("moved", d.get("moved")), ("acted", d.get("acted"))) if on)
        attrs = " ".join(dd.attributes) or "none"
        msg = f"{name} ({KIND_WORDS.get(dd.kind, dd.kind)}) combat {dd.combat}, attributes {attrs}" + \
            (f"\n{state}" if state else "")
        here = positions.defenders_at(d["space"])
        if len(here) > 1:
            msg += f"\nwith: {', '.join(n for n in here if n != name)}"
        return msg
    space = space_at(positions, pos)
    if not space:
        return ""
    toks = sorted(t for t, sp in view.s["tokens"].items() if sp == space)
    where = space_name(rules, space)
    msg = where[0].upper() + where[1:] + (f"\ntokens: {tokens_name(rules, toks)}" if toks else "")
    stack = view.s["spaces"].get(space, [])
    if stack:
        msg += "\n" + ", ".join(game.counter_label(c) for c in stack if c in game.state["counters"])
    if view.s["supp"].get(space):
        msg += f"\n{view.s['supp'][space]} suppression tokens"
    if space in view.s["cars"].values():
        msg += f"\narmored car: its counters defend at {rules.armored_car_defense}"
    if space in targets:
        msg += "\nrelease to move here" if dragging else "\nclick to choose"
    return msg


def draw_hover(surface: pygame.Surface, pos: tuple[int, int], buttons: list[Button], popup: pygame.Rect | None,
               regions: HoverRegions, on_board: Callable[[], str]) -> None:
    """The one tooltip at ``pos``: a hovered button's tip first; over an open ``popup`` nothing else; then a
    panel's hover region; then, on the board, ``on_board()`` (beside an open action menu too: a lit enemy's dice
    show while the menu waits, placed off the menu)."""
    for b in buttons:
        if b.hover and b.tip:
            b.draw_tip(surface, pos)
            return
    if popup is not None and popup.collidepoint(pos):
        return
    for rect, msg in regions:
        if rect.collidepoint(pos):
            tooltip(surface, msg, pos)
            return
    if not BOARD_RECT.collidepoint(pos):
        return
    msg = on_board()
    if msg:
        tooltip(surface, msg, pos, avoid=popup)
