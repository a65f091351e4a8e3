"""The play scene's hover tooltip: a button's tip, a panel's hover text, or on the board what the mouse points
at in words (an enemy counter with the odds of the chosen attack, a defender's state and company, a space's
tokens, stack, suppression and armored car)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _, n_, percent, same
from game.rules import Action, Game
from game.rules.names import defender_name, space_name, tokens_name
from game.ui.cache import HoverRegions
from game.ui.layout import BOARD_RECT
from game.ui.play.hits import defender_at, enemy_at, space_at
from game.ui.play.positions import Positions
from game.ui.view import View
from game.ui.widgets import Button, tooltip
from game.ui.words import upper_first

# The attributes' names as the rules reference heads their sections (4.2.4, 4.3.1-4.3.4)
ATTRIBUTE_NAMES = {"C": N_("Command [C]"), "I": N_("Inspire [I]"), "L": N_("Logistics [L]"),
                   "N": N_("Noncombatant [N]"), "S": N_("Suppression [S]")}

KIND_WORDS = {"postal": N_("postal worker"), "trained": N_("trained defender"), "noncombatant": N_("noncombatant")}
STATE_WORDS = (("exhausted", N_("exhausted")), ("disrupted", N_("disrupted")), ("moved", N_("moved")), ("acted",
                                                                                                        N_("acted")))


def enemy_info(game: Game, view: View, cid: str) -> str:
    """An enemy counter: its name and space, and its defense now."""
    label = game.counter_label(cid) if cid in game.state["counters"] else _("enemy counter")
    try:
        d = game.assault_defense(cid)
    except (KeyError, ValueError):
        d = 0
    where = view.where(cid)
    if where.endswith(":interior"):  # inside the post office: "in the basement interior", never "on"
        return _("{unit} in {space}\ndefense {defense}", unit=upper_first(label),
                 space=space_name(game.rules, where, sentence=True), defense=d)
    return _("{unit} on {space}\ndefense {defense}", unit=upper_first(label),
             space=space_name(game.rules, where, sentence=True), defense=d)


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
                msg = _("{n} dice vs {defense}: {chance}\n{info}", n=game.attack_dice(selected),
                        defense=game.assault_defense(enemy), chance=percent(p), info=msg)
        return msg
    name = defender_at(positions, pos)
    if name and name == selected:
        return ""
    if name:
        dd = rules.defenders[name]
        d = view.state["defenders"][name]
        state = same(", ".join(_(word) for key, word in STATE_WORDS if d.get(key)))
        kind = _(KIND_WORDS[dd.kind]) if dd.kind in KIND_WORDS else dd.kind
        if dd.attributes:  # each by its name in the rules reference (a playtest read "attributes S" unexplained)
            attrs = same(", ".join(_(ATTRIBUTE_NAMES[a]) for a in dd.attributes if a in ATTRIBUTE_NAMES))
            msg = _("{defender} ({kind}) combat {combat}, attributes {attributes}", defender=defender_name(name),
                    kind=kind, combat=dd.combat, attributes=attrs)
        else:
            msg = _("{defender} ({kind}) combat {combat}", defender=defender_name(name), kind=kind,
                    combat=dd.combat)
        msg += f"\n{state}" if state else ""
        here = positions.defenders_at(d["space"])
        if len(here) > 1:
            msg += "\n" + _("with: {defenders}", defenders=", ".join(defender_name(n) for n in here if n != name))
        return msg
    space = space_at(positions, pos)
    if not space:
        return ""
    toks = sorted(t for t, sp in view.state["tokens"].items() if sp == space)
    msg = upper_first(space_name(rules, space))
    if toks:
        msg += "\n" + _("tokens: {tokens}", tokens=tokens_name(rules, toks))
    stack = [c for c in view.state["spaces"].get(space, []) if c in game.state["counters"]]
    if stack:
        msg += "\n" + stack_words(game, stack)
    if view.state["suppression"].get(space):
        msg += "\n" + n_("{n} suppression token", "{n} suppression tokens", view.state["suppression"][space])
    if space in view.state["cars"].values():
        msg += "\n" + _("armored car: its counters defend at {defense}", defense=rules.armored_car_defense)
    if space in targets:
        msg += "\n" + (_("release to move here") if dragging else _("click to choose"))
    return msg


def stack_words(game: Game, stack: list[str]) -> str:
    """The enemy counters of a space in words: one by its name; more counted by kind ("7 enemy counters: 6 ×
    rifleman, SS rifleman"), not named seven times over (the playtest could not count a stack)."""
    if len(stack) == 1:
        return game.counter_label(stack[0])
    kinds: dict[str, int] = {}
    for c in stack:
        label = game.counter_label(c)
        kinds[label] = kinds.get(label, 0) + 1
    units = same(", ".join(f"{n} × {label}" if n > 1 else label for label, n in kinds.items()))
    return n_("{n} enemy counter: {units}", "{n} enemy counters: {units}", len(stack), units=units)


def hover_tip(pos: tuple[int, int], buttons: list[Button], popup: pygame.Rect | None, regions: HoverRegions,
              on_board: Callable[[], str]) -> tuple[str, bool]:
    """What the one tooltip at ``pos`` says ("" none), and whether it is placed off an open ``popup``: a hovered
    button's tip first; over an open ``popup`` nothing else; then a panel's hover region (a danger badge, a
    panel: placed off an open menu, never over it); then, on the board, ``on_board()`` (beside an open action menu
    too: a lit enemy's dice show while the menu waits, placed off the menu)."""
    for b in buttons:
        tip = b.shown_tip()
        if tip:
            return tip, False
    if popup is not None and popup.collidepoint(pos):
        return "", False
    for rect, msg in regions:
        if rect.collidepoint(pos):  # (a danger badge's or a panel's words: placed off an open menu too)
            return msg, popup is not None
    if not BOARD_RECT.collidepoint(pos):
        return "", False
    return on_board(), True


def draw_hover(surface: pygame.Surface, pos: tuple[int, int], buttons: list[Button], popup: pygame.Rect | None,
               regions: HoverRegions, on_board: Callable[[], str]) -> pygame.Rect | None:
    """The one tooltip at ``pos`` (:func:`hover_tip`); where it was drawn, if it was."""
    msg, off_popup = hover_tip(pos, buttons, popup, regions, on_board)
    if msg:
        return tooltip(surface, msg, pos, avoid=popup if off_popup else None)
    return None
