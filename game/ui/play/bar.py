"""The bottom bar's choice buttons: one per answer the core's decision allows that is not made on the board (End
moves, End actions, Rally, Spend k, Remove, End escape...), the suppression stepper when there are many tokens,
laid out left to right to fit beside the dice tray."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from game.i18n import N_, _, percent
from game.rules import Action
from game.rules.engine import hit_chance
from game.rules.kinds import ActionKind, DecisionKind
from game.rules.names import defender_name
from game.ui.layout import BOTTOM, DICE_TRAY
from game.ui.widgets import Button

SPEND_BUTTONS_MAX = 6  # up to this many choices (5 tokens) one button each; more: the stepper
SPEND_DEFAULT_ODDS = 0.9  # the stepper starts at the fewest tokens with at least this chance
BAR_GAP = 10
BAR_MIN_W = 120  # the narrowest a bottom-bar button gets (its label shrinks to fit)


class BarButton(NamedTuple):
    """A bottom-bar button before layout: label, callback, tooltip, natural width, the Action it submits."""

    label: str
    action: Callable[[], object]
    tip: str
    w: int
    data: Action | None = None
    enabled: bool = True
    key: str = ""  # what it does in words of no language (widgets.Button.key); "" is the label


def bar_widths(widths: list[int]) -> list[int]:
    """Widths for buttons in a row between the bar's left edge and the dice tray: the natural widths when they
    fit, else narrowed alike (not below BAR_MIN_W); as many as fit at that width."""
    room = DICE_TRAY.x - 10 - (BOTTOM.x + 10)
    n = len(widths)
    while n and n * BAR_MIN_W + (n - 1) * BAR_GAP > room:
        n -= 1
    widths = widths[:n]
    total = sum(widths) + BAR_GAP * (n - 1)
    if n and total > room:
        scale = (room - BAR_GAP * (n - 1)) / sum(widths)
        widths = [max(BAR_MIN_W, int(w * scale)) for w in widths]
        while sum(widths) + BAR_GAP * (n - 1) > room:  # the minimum pushed it over: trim the widest
            i = widths.index(max(widths))
            widths[i] -= 1
    return widths


def layout_bar(specs: list[BarButton]) -> list[Button]:
    """The bottom bar's buttons left to right. When not all fit, the last End button (End command...) is kept and
    the optional ones before it are left off: the board still offers them (a lit defender)."""
    widths = bar_widths([s.w for s in specs])
    if len(widths) < len(specs):
        end = [s for s in specs if (s.key or s.label).startswith("End ")]
        rest = [s for s in specs if not (s.key or s.label).startswith("End ")]
        specs = [*rest[:len(widths) - len(end)], *end] if len(end) < len(widths) else specs[:len(widths)]
        widths = bar_widths([s.w for s in specs])
    x, y = BOTTOM.x + 10, BOTTOM.bottom - 62
    buttons = []
    for s, w in zip(specs, widths, strict=True):
        buttons.append(Button((x, y, w, 52), s.label, s.action, 22, tip=s.tip, enabled=s.enabled, data=s.data,
                              key=s.key or s.label))
        x += w + BAR_GAP
    return buttons


def apply_hint_spec(action: Action, submit: Callable[[Action], None]) -> BarButton:
    """The Hint's recommendation as one click (also the key A)."""
    return BarButton(N_("Apply hint"), partial(submit, action), N_("Make the recommended choice (A)"), 170, action)


def bar_specs(decision: dict[str, Any], legal: list[Action], spend_k: int | None, submit: Callable[[Action], None],
              step_spend: Callable[[int], None]) -> tuple[list[BarButton], int | None]:
    """The buttons for ``decision`` (each submits its Action), and the stepper's number of tokens (``spend_k``,
    chosen afresh when it is None or out of range)."""
    kinds = {a.kind for a in legal}
    specs: list[BarButton] = []

    def add(label: str, action: Action, tip: str = "", w: int = 190, key: str = "") -> None:
        specs.append(BarButton(label, partial(submit, action), tip, w, action, key=key))
    kind = decision["kind"]
    if kind == DecisionKind.MOVES and "end_moves" in kinds:
        add(N_("End moves"), Action(ActionKind.END_MOVES), N_("Finish the move step and go on to the actions"))
    elif kind == DecisionKind.ACTIONS and "end_actions" in kinds:
        add(N_("End actions"), Action(ActionKind.END_ACTIONS), N_("Finish the Defense Phase"))
    elif kind == DecisionKind.COMMAND:
        for a in legal:
            if a.kind == ActionKind.RALLY:
                who = defender_name(a.args[0])
                add(_("Recover {defender}", defender=who), a,
                    _("Free recover: {defender} ({state})", defender=who, state=_(a.args[1])), 230,
                    key=f"Rally {a.args[0]}")
        add(N_("End command"), Action(ActionKind.END_COMMAND), N_("No more rallies"))
    elif kind == DecisionKind.SUPPRESSION:
        specs, spend_k = spend_specs(decision, spend_k, submit, step_spend)
    elif kind == DecisionKind.CASUALTY:
        for a in legal:
            add(_("Remove {defender}", defender=defender_name(a.args[0])), a, N_("This defender becomes the casualty"),
                250, key=f"Remove {a.args[0]}")
    elif kind == DecisionKind.ESCAPE:
        add(N_("End escape"), Action(ActionKind.END_ESCAPE), N_("Nobody else escapes this turn"))
    return specs, spend_k


def spend_specs(decision: dict[str, Any], spend_k: int | None, submit: Callable[[Action], None],
                step_spend: Callable[[int], None]) -> tuple[list[BarButton], int | None]:
    """4.2.2: one button per number of tokens when they fit; with many tokens a stepper (− Spend k +) beside
    Spend all and Spend none, so every number from none to all can still be chosen."""
    defense = int(decision.get("defense", 6))
    tokens = int(decision.get("tokens", 0))

    def spend(k: int, label: str, w: int) -> BarButton:
        p = hit_chance(k, defense) if k else 0.0
        tip = _("{n} dice vs {defense}: {chance} to send it back", n=k, defense=defense, chance=percent(p)) if k \
            else _("Roll nothing: the counter comes in")
        action = Action(ActionKind.SPEND, (str(k),))
        key = label.format(k=k, tokens=tokens, p=f"{p:.0%}") if k else "Spend none"
        return BarButton(_(label, k=k, tokens=tokens, p=percent(p)) if k else N_("Spend none"),
                         partial(submit, action), tip, w, action, key=key)
    if tokens + 1 <= SPEND_BUTTONS_MAX:
        return [spend(k, N_("Spend {k}: {p}"), 170) for k in range(tokens, -1, -1)], spend_k
    if spend_k is None or not 1 <= spend_k <= tokens:
        spend_k = next((k for k in range(1, tokens + 1) if hit_chance(k, defense) >= SPEND_DEFAULT_ODDS), tokens)
    k = spend_k
    return [
        BarButton("−", partial(step_spend, -1), N_("One token fewer (←)"), 56, None, k > 1),
        spend(k, N_("Spend {k} of {tokens}: {p}"), 250),
        BarButton("+", partial(step_spend, +1), N_("One token more (→)"), 56, None, k < tokens),
        spend(tokens, N_("Spend all {tokens}: {p}"), 230),
        spend(0, N_("Spend none"), 170),
    ], spend_k
