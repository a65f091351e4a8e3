"""Turns the player's clicks, drags and keys on the board into the core's Actions. It holds the choices on
offer (``game.legal_actions()``), which defender is selected and in what targeting mode, the open popup, the
bottom bar's buttons and the suppression stepper, says which defenders and targets light up, writes the
prompt, and asks the core why a refused click is refused. It decides no rule."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.i18n import N_, _, n_, same
from game.rules import Action, Game
from game.rules.kinds import ActionKind, DecisionKind
from game.rules.names import defender_name, space_name, token_name
from game.ui.play import hits
from game.ui.play.bar import apply_hint_spec, bar_specs, layout_bar
from game.ui.play.popups import Popup, PopupItem, action_items, carry_items, refused
from game.ui.play.positions import Positions
from game.ui.play.tooltips import enemy_info
from game.ui.tween import AnimQueue
from game.ui.widgets import Button, handle_buttons

SPEND_KEYS = {pygame.K_LEFT: -1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1, pygame.K_RIGHT: 1, pygame.K_PLUS: 1,
              pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
DRAG_START = 12  # pixels a pressed defender must travel before it is dragged (less: a click)
NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
               pygame.K_9)  # the popup's items, top to bottom


BUSY_PROMPT = {"enemy": N_("The enemy acts…"), "setup": N_("The Attack is set up…"),
               "moves": N_("Your orders play out…"), "actions": N_("Your orders play out…"),
               "clearing": N_("The Clearing Phase plays out…"), "escape": N_("The escape plays out…")}


def carried_kinds(game: Game, action: Action) -> tuple[str, ...]:
    """What a move carries, by kind of token (alike tokens are interchangeable, 4.1): ``()`` alone."""
    return tuple(sorted(token_name(game.rules, t) for t in action.args[2:])) if action.kind == ActionKind.MOVE else ()


class Controller:
    """The player's side of one game: every choice goes to ``submit`` (the scene sends it to the core), every
    refusal to ``say``. Input waits while ``queue`` plays (the scene does not offer it)."""

    def __init__(self, game: Game, positions: Positions, queue: AnimQueue, submit: Callable[[Action], None],
                 say: Callable[[str], None]) -> None:
        self.game = game
        self.rules = game.rules
        self.positions = positions
        self.view = positions.view
        self.queue = queue
        self.submit = submit
        self.say = say
        self.legal: list[Action] = []
        self.selected: str | None = None
        self.mode = ""  # "" | "attack" | "suppress"
        self.popup = Popup()
        self.buttons: list[Button] = []  # the bottom bar
        self.drag: tuple[str, tuple[int, int]] | None = None  # a defender pressed in the move step
        self.dragging = False
        self.spend_k: int | None = None  # the suppression stepper's number of tokens (many tokens only)
        self.hinted: Action | None = None  # the Hint's recommendation: an "Apply hint" button in the bar
        self.last_carry: tuple[str, ...] = ()  # the token kinds the last move carried: that choice comes first

    # ------------------------------------------------------------------ the choices on offer
    def offer(self, legal: Sequence[Action]) -> None:
        """The core waits for a choice among ``legal``: light them up and lay out the bar."""
        self.legal = list(legal)  # read many times a frame: built once
        self.rebuild_buttons()

    def withdraw(self) -> None:
        """A choice went to the core: selection, popup, bar and stepper start afresh with the next decision."""
        self.selected = None
        self.mode = ""
        self.close_popup()
        self.legal = []
        self.buttons = []
        self.spend_k = None
        self.hinted = None

    def cancel(self) -> bool:
        """Esc: close the popup and drop the selection; False when there was neither."""
        if not self.popup.buttons and not self.selected:
            return False
        self.close_popup()
        self.selected = None
        self.mode = ""
        return True

    def release(self) -> None:
        """Another scene covers this one: no hover or drag is left behind under it."""
        for b in [*self.buttons, *self.popup.buttons]:
            b.hover = False
        self.drag, self.dragging = None, False

    def rebuild_buttons(self) -> None:
        """The buttons of the bottom bar for the current decision, laid out to fit beside the dice tray."""
        self.buttons = []
        dec = self.game.decision
        if not dec or self.game.over:
            return
        specs, self.spend_k = bar_specs(dec, self.legal, self.spend_k, self.submit, self.step_spend)
        if self.hinted is not None and self.hinted in self.legal:
            specs.insert(0, apply_hint_spec(self.hinted, self.submit))
        self.buttons = layout_bar(specs)

    def show_hint(self, action: Action) -> None:
        """The Hint recommends ``action``: the bar offers it as one click (Apply hint, or A)."""
        self.hinted = action
        self.show_spend(action)
        self.rebuild_buttons()

    def step_spend(self, step: int) -> None:
        """The − / + of the suppression stepper (also the arrow keys)."""
        if self.spend_k is None:
            return
        dec = self.game.decision or {}
        self.spend_k = max(1, min(int(dec.get("tokens", 1)), self.spend_k + step))
        self.rebuild_buttons()

    def show_spend(self, action: Action) -> None:
        """A recommended number of suppression tokens the stepper does not show yet: show it (a hint rings it)."""
        if action.kind == ActionKind.SPEND and self.spend_k is not None and 0 < int(action.args[0]) < int(
                (self.game.decision or {}).get("tokens", 0)):
            self.spend_k = int(action.args[0])
            self.rebuild_buttons()

    def prompt(self) -> str:
        """The first line of the bottom bar: what the game waits for."""
        dec = self.game.decision
        if self.queue.busy:  # what plays out is the drawn position's phase (the core is already past it)
            return _("{busy}  (Space: skip)", busy=_(BUSY_PROMPT.get(str(self.positions.view.state.get("phase", "")),
                                                                        N_("Playing out…"))))
        if self.game.over:
            return _("The day is over.")
        if not dec:
            return ""
        kind = dec["kind"]
        state = self.game.state
        if kind == DecisionKind.MOVES:
            if self.selected:
                return _("{defender}: click a lit space to move there (carrying tokens), or another defender",
                         defender=defender_name(self.selected or ""))
            return _("Moves: {n} left. Click a defender to move him (one who moves takes no action this turn, 4.2).",
                     n=max(0, self.game.limit("defender_moves") - state["moves"]))
        if kind == DecisionKind.ACTIONS:
            if self.mode == "attack":
                return _("{defender}: click a lit enemy counter to attack it (the % on it: the chance to remove it)",
                         defender=defender_name(self.selected or ""))
            if self.mode == "suppress":
                return _("{defender}: click a lit assault space to place suppression tokens",
                         defender=defender_name(self.selected or ""))
            left = max(0, self.game.limit("defender_actions") - state["actions"])
            tired = sum(1 for d in state["defenders"].values() if d["status"] == "board" and d.get("exhausted"))
            if tired:  # exhaustion lasts from turn to turn: said where the player reads (the playtest met it in a menu)
                return n_("Actions: {n} left. Click a defender for his actions; {k} exhausted (grey) can only Recover "
                          "(4.2.3).", "Actions: {n} left. Click a defender for his actions; {k} exhausted (grey) can "
                          "only Recover (4.2.3).", tired, n=left, k=tired)
            return _("Actions: {n} left. Click a defender for his actions.", n=left)
        if kind == DecisionKind.COMMAND:
            # the rulebook's word (4.2.4: "three free, immediate recover actions"), as the Hint says it
            return _("{defender} commands: {n} free recoveries left (4.2.4). Click a lit defender or a Recover button.",
                     defender=defender_name(dec["by"]), n=dec["left"])
        if kind == DecisionKind.SUPPRESSION:
            return n_("The {unit} enters {space} ({n} suppression token): how many to spend?",
                      "The {unit} enters {space} ({n} suppression tokens): how many to spend?", int(dec["tokens"]),
                      unit=self.game.counter_label(dec["counter"]),
                      space=space_name(self.game.rules, dec["space"], sentence=True))
        if kind == DecisionKind.CASUALTY:
            return _("Choose the casualty in {space}.", space=space_name(self.game.rules, dec["space"], sentence=True))
        if kind == DecisionKind.ESCAPE:
            return _("Escape: click a lit defender to escape, or End escape.")
        return same(str(kind))

    # ------------------------------------------------------------------ what lights up
    def actions_of(self, name: str) -> list[Action]:
        return [a for a in self.legal if a.args and a.args[0] == name]

    def selectable_defenders(self) -> set[str]:
        dec = self.game.decision
        if not dec or self.queue.busy:
            return set()
        kind = dec["kind"]
        if kind in (DecisionKind.MOVES, DecisionKind.ACTIONS, DecisionKind.ESCAPE, DecisionKind.COMMAND):
            return {a.args[0] for a in self.legal if a.args and a.kind not in (ActionKind.SPEND,)}
        if kind == DecisionKind.CASUALTY:
            return {a.args[0] for a in self.legal}
        return set()

    def targets(self) -> dict[str, list[Action]]:
        """Spaces (for moves/suppress) or enemy counters (attack) that light up, with the actions behind them."""
        out: dict[str, list[Action]] = {}
        if not self.selected or self.queue.busy:
            return out
        for a in self.actions_of(self.selected):
            if a.kind == ActionKind.MOVE:
                out.setdefault(a.args[1], []).append(a)
            elif a.kind == ActionKind.SHIFT:
                out.setdefault(a.args[2], []).append(a)
            elif a.kind == ActionKind.ATTACK and self.mode == "attack":
                out.setdefault(a.args[1], []).append(a)
            elif a.kind == ActionKind.SUPPRESS and self.mode == "suppress":
                out.setdefault(a.args[1], []).append(a)
        return out

    # ------------------------------------------------------------------ what is under the mouse
    def defender_at(self, pos: tuple[int, int]) -> str | None:
        return hits.defender_at(self.positions, pos)

    def enemy_at(self, pos: tuple[int, int]) -> str | None:
        return hits.enemy_at(self.positions, pos, self.targets())

    def space_at(self, pos: tuple[int, int]) -> str | None:
        return hits.space_at(self.positions, pos)

    # ------------------------------------------------------------------ input
    def key(self, key: int) -> None:
        """A key while the board is still: the stepper's arrows, Enter for the End button (or the popup's first
        item; while a hint is shown, Apply hint, the button its gold ring marks: a playtest pressed Enter there
        and ended the moves), 1-9 for the popup's items, A for Apply hint."""
        if self.popup.buttons and (key in NUMBER_KEYS or key in ENTER_KEYS):
            index = NUMBER_KEYS.index(key) if key in NUMBER_KEYS else 0
            items = self.popup.buttons
            press = items[index].action if index < len(items) and items[index].enabled else None
            if press is not None:
                press()
            return
        if (key == pygame.K_a or key in ENTER_KEYS) and self.hinted is not None and self.hinted in self.legal:
            self.submit(self.hinted)
            return
        if key in SPEND_KEYS:
            self.step_spend(SPEND_KEYS[key])
        elif key in ENTER_KEYS and not self.popup.buttons:
            ends = [b for b in self.buttons if b.key.startswith("End ") and b.enabled and b.action]
            if ends and ends[0].action:
                ends[0].action()  # Enter = the End moves / End actions / End ... button

    def handle(self, event: pygame.event.Event) -> None:
        """A mouse event on the popup, the bottom bar or the board while the board is still."""
        if self.popup.buttons:
            if handle_buttons(self.popup.buttons, event):
                return
            if event.type != pygame.MOUSEBUTTONDOWN:
                return
            self.close_popup()  # a click beside the popup closes it; a left click goes on to the board
            if event.button != 1 or any(b.rect.collidepoint(event.pos) for b in self.buttons):
                return  # (not to the bar's buttons: a click that closes a menu never ends a phase)
        if handle_buttons(self.buttons, event):
            return
        if self._handle_drag(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.selected = None
                self.mode = ""
                return
            if event.button == 1:
                self.click(event.pos)

    def _handle_drag(self, event: pygame.event.Event) -> bool:
        """Move by drag: press on a movable defender, drop on a lit space (a plain click still works)."""
        dec = self.game.decision
        if not dec or dec["kind"] != DecisionKind.MOVES:
            self.drag, self.dragging = None, False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self.defender_at(event.pos)
            if name and name in self.selectable_defenders():
                self.drag = (name, event.pos)
                self.dragging = False
            return False
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            if not self.dragging and math.dist(event.pos, self.drag[1]) > DRAG_START:
                self.dragging = True
                self.selected = self.drag[0]
            return self.dragging
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            was_dragging, self.drag, self.dragging = self.dragging, None, False
            if was_dragging:
                space = self.space_at(event.pos)
                targets = self.targets()
                if space and space in targets:
                    self.choose_move(space, targets[space])
                elif space and space in self.rules.space_floor and self.selected:  # dropped on an unlit space
                    self.say(self.game.why_illegal(Action(ActionKind.MOVE, (self.selected, space))))
                return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the board: a lit target, a defender, a space; else the selection is dropped."""
        dec = self.game.decision
        if not dec:
            return
        kind = dec["kind"]
        targets = self.targets()
        enemy = self.enemy_at(pos)
        if self.mode == "attack" and enemy and enemy in targets:
            self.submit(targets[enemy][0])
            return
        name = self.defender_at(pos)
        if kind == DecisionKind.MOVES and self.selected and name != self.selected:
            space = self.space_at(pos)
            if space and space in targets:  # anywhere inside a lit space, on a counter too: the move
                self.choose_move(space, targets[space])
                return
        if self.mode == "suppress":
            space = self.space_at(pos)
            if space and space in targets:
                self.submit(targets[space][0])
                return
        if name:
            self._click_defender(name, kind)
            return
        if kind == DecisionKind.MOVES and self.selected:
            space = self.space_at(pos)
            if space and space in targets:
                self.choose_move(space, targets[space])
                return
            if space and space in self.rules.space_floor:  # an unlit space: the core says why not
                self.say(self.game.why_illegal(Action(ActionKind.MOVE, (self.selected, space))))
                return
        if enemy:
            if self.mode == "attack" and self.selected:
                self.say(self.game.why_illegal(Action(ActionKind.ATTACK, (self.selected, enemy))))
            else:
                self.say(enemy_info(self.game, self.view, enemy).replace("\n", " · "))
            return
        if self.mode == "suppress" and self.selected:
            space = self.space_at(pos)
            if space and space in self.rules.track_spaces:
                self.say(self.game.why_illegal(Action(ActionKind.SUPPRESS, (self.selected, space))))
                return
        self.selected = None
        self.mode = ""

    def _click_defender(self, name: str, kind: str) -> None:
        """A click on defender ``name`` in a decision of ``kind``: select him, open his menu, or choose him. In the
        actions step a defender with nothing to do who has not moved or acted (one who has is told so) opens his
        menu too, every item greyed with the core's reason (a playtest clicked one with no enemy in sight and read
        only why he could not Recover)."""
        if name not in self.selectable_defenders():
            d = self.game.state["defenders"].get(name, {})
            if kind == DecisionKind.ACTIONS and d.get("status") == "board" and not (d.get("moved") or d.get("acted")):
                self.selected, self.mode = None, ""
                self.open_action_menu(name)
                return
            self.say(self.why_not(name))
            return
        if kind == DecisionKind.MOVES:
            self.selected = None if self.selected == name else name
            return
        if kind == DecisionKind.ACTIONS:
            self.selected = name
            # his targets light up with the menu: a click on a lit enemy attacks at once
            self.mode = "attack" if any(a.kind == ActionKind.ATTACK for a in self.actions_of(name)) else ""
            self.open_action_menu(name)
            return
        acts = self.actions_of(name)
        if acts:
            self.submit(acts[0])

    def why_not(self, name: str) -> str:
        """Why defender ``name`` cannot be chosen now (asked of the core)."""
        dec = self.game.decision or {}
        kind = dec.get("kind", "")
        probe = {DecisionKind.MOVES: Action(ActionKind.MOVE, (name, "")),
                 DecisionKind.ACTIONS: Action(ActionKind.RECOVER, (name, "exhausted")),
                 DecisionKind.ESCAPE: Action(ActionKind.ESCAPE, (name,)),
                 DecisionKind.COMMAND: Action(ActionKind.RALLY, (name, "exhausted")),
                 DecisionKind.CASUALTY: Action(ActionKind.REMOVE, (name,))}.get(kind)
        who = defender_name(name)
        if probe is None:
            return _("{defender} cannot be chosen now", defender=who)
        reason = self.game.why_illegal(probe)
        return _("{defender}: {reason}", defender=who, reason=reason) if reason else \
            _("{defender} cannot be chosen now", defender=who)

    # ------------------------------------------------------------------ popups
    def choose_move(self, space: str, actions: list[Action]) -> None:
        """A move to ``space``: at once when there is one way and it moves the defender, else a popup of what to
        carry (a full space where only his tokens can go says so in a popup: the playtest's click sent the
        grenades alone, unasked, and spent the move)."""
        if len(actions) == 1 and actions[0].kind == ActionKind.MOVE:
            self.submit(actions[0])
            return
        x, y = self.positions.space_point(space)
        items = carry_items(self.game, actions)
        if not any(a.kind == ActionKind.MOVE for a in actions):  # he cannot go himself: said, greyed (the playtest
            move = Action(ActionKind.MOVE, (self.selected or "", space))  # found Move gone without a word)
            items.insert(0, (_("Move alone"), None, refused(self.game, move), "Move alone"))
        items.sort(key=lambda item: not (item[1] is not None and item[1].kind == ActionKind.MOVE
                                         and carried_kinds(self.game, item[1]) == self.last_carry))
        self.popup.open((int(x), int(y)), _("{defender} to {space}", defender=defender_name(self.selected or ""),
                                             space=self.game.where(space)), items, self.submit_move, self.set_mode)

    def open_action_menu(self, name: str) -> None:
        """Every action kind, enabled when legal for this defender; a disabled one says why (from the core)."""
        items = action_items(self.game, name, self.actions_of(name))
        pos = self.positions.defender_pos(name)
        self.open_popup((int(pos[0]), int(pos[1])), defender_name(name), items)

    def open_popup(self, pos: tuple[int, int], title: str, items: list[PopupItem]) -> None:
        self.popup.open(pos, title, items, self.submit, self.set_mode)

    def submit_move(self, action: Action) -> None:
        """A move chosen in the carry popup: remembered (its token kinds come first next time), then sent."""
        if action.kind == ActionKind.MOVE:
            self.last_carry = carried_kinds(self.game, action)
        self.submit(action)

    def set_mode(self, mode: str) -> None:
        """Attack… or Suppress… in the menu: the next click on a lit target completes the action."""
        self.mode = mode
        self.close_popup()

    def close_popup(self) -> None:
        self.popup.close()
