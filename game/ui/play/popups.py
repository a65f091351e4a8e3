"""The popup menus of the play scene: a defender's action menu (every action kind, a disabled one saying why,
asked of the core) and the choice of what a move carries. A button submits its Action or sets the targeting
mode ("attack", "suppress") for the next click on the board."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.i18n import N_, _, n_, percent
from game.rules import Action, Game
from game.rules.kinds import ActionKind
from game.rules.names import carried_words, join_words, state_name, the_token, unit_name
from game.ui import palette
from game.ui.fonts import blit_text, font
from game.ui.layout import BOARD_RECT
from game.ui.widgets import Button, panel
from game.ui.words import describe, upper_first

# (label, the Action it submits or None, tip, key): a tip "!reason" is a disabled item; "attack" and "suppress"
# (with no Action) set that targeting mode; the key is the item in words of no language (widgets.Button.key)
PopupItem = tuple[str, Action | None, str, str]
MIN_W, MAX_W = 300, 620  # a popup's button width, fitted to its longest label
MODE_TIPS = {"attack": N_("Choose a lit enemy counter"), "suppress": N_("Choose a lit assault space")}


class Popup:
    """One popup at a time: ``buttons`` is empty while none is open."""

    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.title = ""
        self.buttons: list[Button] = []

    def open(self, pos: tuple[int, int], title: str, items: list[PopupItem], submit: Callable[[Action], None],
             set_mode: Callable[[str], None]) -> None:
        """Open beside ``pos`` (on the other side near the board's right edge), kept over the board: never over the
        bottom bar's prompt (the playtest found a menu of a basement defender covering it) nor the top bar."""
        # sized to its words: the widest label (or the title), between MIN_W and MAX_W; rows lower when many
        widest = max([font("sans_bold", 20).size(item[0])[0] + 36 for item in items] +
                     [font("sans_bold", 19).size(title)[0] + 4])
        w = max(MIN_W, min(MAX_W, widest))
        h = 44 if len(items) <= 8 else 36
        rect = pygame.Rect(pos[0] + 30, pos[1] - 20, w + 20, 40 + len(items) * (h + 6))
        if rect.right > BOARD_RECT.right:
            rect.right = pos[0] - 30
        if rect.bottom > BOARD_RECT.bottom:
            rect.bottom = BOARD_RECT.bottom
        rect.top = max(rect.top, BOARD_RECT.top)
        self.rect = rect
        self.title = title
        self.buttons = []
        for i, (label, action, tip, key) in enumerate(items):
            r = (rect.x + 10, rect.y + 34 + i * (h + 6), w, h)
            enabled = not tip.startswith("!")
            cb: Callable[[], object] | None
            if action is not None:
                cb = partial(submit, action)
            elif tip in MODE_TIPS:
                cb = partial(set_mode, tip)
            else:
                cb = None
            shown = tip if enabled else upper_first(tip[1:])  # a reason shown on its own: a sentence
            self.buttons.append(Button(r, label, cb, 20, tip=MODE_TIPS.get(tip, shown), enabled=enabled,
                                       data=action, key=key))

    def close(self) -> None:
        self.buttons = []
        self.rect = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.buttons and self.rect:
            panel(surface, self.rect, palette.PAPER_LIGHT, palette.INK)
            blit_text(surface, self.title, "sans_bold", 19, palette.INK, (self.rect.x + 12, self.rect.y + 6))
            for b in self.buttons:
                b.draw(surface)


def carry_items(game: Game, actions: list[Action]) -> list[PopupItem]:
    """The ways to move to one space: alone, or carrying each legal set of tokens (or sending a token only)."""
    items: list[PopupItem] = []
    for a in actions:
        if a.kind == ActionKind.MOVE:
            carried = carried_words(game.rules, a.args[2:])
            label = _("Move, carry {tokens}", tokens=carried) if carried else _("Move alone")
            items.append((label, a, describe(game, a), "Move, carry " + "+".join(a.args[2:]) if carried else
                          "Move alone"))
        else:
            items.append((_("Send {token} only", token=the_token(game.rules, a.args[1])), a,
                          _("{action}, staying where he is", action=describe(game, a)), f"Send {a.args[1]} only"))
    return items


def grenade_tip(game: Game, action: Action) -> str:
    """What a grenade action is and its odds before the dice roll (the core's ``grenade_odds``): each counter in
    the floor's interior and its chance to be removed, and the thrower's risk from his own grenade."""
    odds = game.grenade_odds(action)
    if odds is None:
        return ""
    chances, own = odds
    counters = game.state["counters"]
    said = join_words(_("{unit} {chance}", unit=unit_name(game.rules, counters[cid]["type"], counters[cid]["name"]),
                        chance=percent(p)) for cid, p in chances.items())
    tip = _("Grenades at every counter in this floor's interior: {odds}", odds=said)
    if own > 0:
        tip = _("{tip}; {risk} that he is caught by his own grenade", tip=tip, risk=percent(own))
    return tip


def refused(game: Game, probe: Action) -> str:
    """The tip of a disabled item for ``probe``: "!" and the core's reason it is not legal now."""
    return "!" + (game.why_illegal(probe) or _("not possible now"))


def action_items(game: Game, name: str, acts: list[Action]) -> list[PopupItem]:
    """Every action kind for defender ``name``, enabled when one of ``acts`` (his legal actions) is of that kind;
    a disabled one says why (from the core)."""
    g = game
    items: list[PopupItem] = []

    attacks = [a for a in acts if a.kind == ActionKind.ATTACK]
    if attacks:
        items.append((n_("Attack… ({n} die)", "Attack… ({n} dice)", g.attack_dice(name)), None, "attack", "Attack…"))
    else:
        enemy = next((c for stack in g.state["spaces"].values() for c in stack), "")
        items.append((_("Attack"), None, refused(g, Action(ActionKind.ATTACK, (name, enemy))) if enemy else
                      "!" + _("no enemy counter to attack"), "Attack"))
    grenades = [a for a in acts if a.kind == ActionKind.GRENADE]
    for a in grenades:
        items.append((n_("Grenades ({n} die)", "Grenades ({n} dice)", g.grenade_dice(name)), a,
                      grenade_tip(g, a), "Grenades"))
    if not grenades:
        items.append((_("Grenades"), None, refused(g, Action(ActionKind.GRENADE, (name, "gren1"))), "Grenades"))
    if any(a.kind == ActionKind.SUPPRESS for a in acts):
        items.append((_("Suppress…"), None, "suppress", "Suppress…"))
    else:
        empty = next((sp for sp in g.rules.track_spaces if sp not in g.state["spaces"]), "")
        items.append((_("Suppress"), None, refused(g, Action(ActionKind.SUPPRESS, (name, empty))), "Suppress"))
    recovers = [a for a in acts if a.kind == ActionKind.RECOVER]
    for a in recovers:
        items.append((_("Recover ({state})", state=state_name(a.args[1])), a, describe(g, a),
                      f"Recover ({a.args[1]})"))
    if not recovers:
        items.append((_("Recover"), None, refused(g, Action(ActionKind.RECOVER, (name, "exhausted"))), "Recover"))
    commands = [a for a in acts if a.kind == ActionKind.COMMAND]
    if commands:
        items.append((_("Command"), commands[0], _("Three free recover actions for defenders in his colour"),
                      "Command"))
    elif "C" in g.rules.defenders[name].attributes:
        items.append((_("Command"), None, refused(g, Action(ActionKind.COMMAND, (name,))), "Command"))
    return items
