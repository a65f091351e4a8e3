"""The play scene: draws the board from the core's state, lets the player choose among the legal actions with
the mouse, and plays the returned events as a queue of animations. No rule is decided here: every choice
offered comes from ``game.legal_actions()`` and every outcome from ``game.apply``."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import pygame

from game.ai import make_policy
from game.rules import Action, Event, Game, IllegalAction
from game.rules.engine import hit_chance
from game.ui import palette as P
from game.ui import scores, storage
from game.ui.cache import HoverRegions
from game.ui.counters import TOKEN_SHORT, CounterArt, token_kind
from game.ui.effects import Tracer
from game.ui.fonts import blit_text
from game.ui.layout import (
    BOARD_RECT,
    BOTTOM,
    DEF_H,
    DEF_W,
    DICE_TRAY,
    ENEMY_PX,
    Geometry,
)
from game.ui.play.animator import Animator
from game.ui.play.board_layer import BoardLayer, BoardMarks
from game.ui.play.hud import Hud, top_bar_buttons
from game.ui.play.positions import Positions
from game.ui.play.stage import Stage
from game.ui.scene import Context, Scene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.tween import AnimQueue
from game.ui.view import View
from game.ui.widgets import Button, handle_buttons, panel, tooltip
from game.ui.words import describe, explained


def autosave(game: Game) -> str:
    """Write the game's JSON atomically to the user's data folder; "" or a one-line error."""
    try:
        if game.over:
            p = storage.save_path()
            if p.exists():
                p.unlink()
            return ""
        storage.write_atomic(storage.save_path(), game.to_json())
        return ""
    except OSError as exc:
        return f"autosave failed: {exc}"


HINT_KEY = pygame.K_h


SPEND_BUTTONS_MAX = 6  # up to this many choices (5 tokens) one button each; more: the stepper
SPEND_DEFAULT_ODDS = 0.9  # the stepper starts at the fewest tokens with at least this chance
SPEND_KEYS = {pygame.K_LEFT: -1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1, pygame.K_RIGHT: 1, pygame.K_PLUS: 1,
              pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1}
BAR_GAP = 10
BAR_MIN_W = 120  # the narrowest a bottom-bar button gets (its label shrinks to fit)
OFF_SCREEN = (-1000, -1000)  # the mouse position a covered scene keeps until the mouse moves again


class BarButton(NamedTuple):
    """A bottom-bar button before layout: label, callback, tooltip, natural width, the Action it submits."""

    label: str
    action: Callable[[], object]
    tip: str
    w: int
    data: Action | None = None
    enabled: bool = True


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
        end = [s for s in specs if s.label.startswith("End ")]
        rest = [s for s in specs if not s.label.startswith("End ")]
        specs = [*rest[:len(widths) - len(end)], *end] if len(end) < len(widths) else specs[:len(widths)]
        widths = bar_widths([s.w for s in specs])
    x, y = BOTTOM.x + 10, BOTTOM.bottom - 62
    buttons = []
    for s, w in zip(specs, widths, strict=True):
        buttons.append(Button((x, y, w, 52), s.label, s.action, 22, tip=s.tip, enabled=s.enabled, data=s.data))
        x += w + BAR_GAP
    return buttons


class PlayScene(Scene):
    name = "play"
    demo = False  # the demo scene (game/ui/scenes/demo.py) plays by itself and never saves

    def __init__(self, ctx: Context, game: Game, fresh: bool = True) -> None:
        super().__init__(ctx)
        self.game = game
        self.rules = game.rules
        self.geo = Geometry(self.rules)
        self.art = CounterArt(self.rules)
        self.queue = AnimQueue()
        self.hud = Hud(game)
        self.log = self.hud.log
        self.positions = Positions(self.rules, self.geo, View(game.state), self.queue)
        self.view = self.positions.view
        self.stage = Stage(self.positions, self.log, game.state)
        self.animator = Animator(self.stage, self.art, self.queue, ctx.sounds, self.show_results)
        self.board_layer = BoardLayer(self.rules, self.geo, self.art, self.stage)
        self.hover_regions: HoverRegions = []  # the panels' and tracks' hover texts, collected as a frame is drawn
        self.fresh = fresh
        self.time = 0.0
        self.selected: str | None = None
        self.mode = ""  # "" | "attack" | "suppress"
        self.popup: list[Button] = []
        self.popup_rect: pygame.Rect | None = None
        self.buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        self.legal: list[Action] = []
        self.results_shown = False
        self.drag: tuple[str, tuple[int, int]] | None = None  # a defender pressed in the move step
        self.dragging = False
        self.synced = False  # the drawn position and the legal actions match the core
        self.hint: tuple[Action, str] | None = None  # the planner's recommendation (Hint button, demo caption)
        self.spend_k: int | None = None  # the suppression stepper's number of tokens (many tokens only)
        self._build_top()

    def limit(self, what: str) -> int:
        """Moves ("defender_moves") or actions ("defender_actions") allowed this Defense Phase (4.0; fewer with a
        Tactics card): asked of the core."""
        return self.game.limit(what)

    # ------------------------------------------------------------------ lifecycle
    def prewarm(self) -> None:
        """Render the board and the usual counters before the first frame (no hitch when they first appear)."""
        self.board_layer.board.static(self.ctx.settings.colour_blind)
        for name in self.rules.defenders:
            self.art.defender(name, False, False)
        for ctype in [*self.rules.assault_types, *self.rules.support_types]:
            self.art.enemy(ctype, "", False)
        for tok in self.game.state["tokens"]:
            self.art.token(tok)
        self.art.car()
        self.art.fire_truck()

    def enter(self) -> None:
        self.prewarm()
        self.queue.speed = self.ctx.settings.speed
        if self.fresh:
            self.log.add("Gdańsk, 1 September 1939. The Polish Post Office No. 1 is attacked.", P.POST_BLUE)
            self.view.rewind(self.game.initial_events)  # play the opening from the board before it
            self.stage.markers_at(self.view.s)
            self.play(self.game.initial_events)
            self.ctx.message = self.save() or self.ctx.message
        else:
            self.log.add("Game resumed from the autosave.", P.POST_BLUE)
            self.after_queue()

    def pause(self) -> None:
        """A scene covers this one (pause menu, results): no tooltip, hover or drag is left behind under it."""
        for b in [*self.buttons, *self.top_buttons, *self.popup]:
            b.hover = False
        self.positions.mouse = OFF_SCREEN
        self.positions.spread = None
        self.drag, self.dragging = None, False

    def resume(self) -> None:
        self.queue.speed = self.ctx.settings.speed
        self._build_top()

    def button_point(self, prefix: str) -> tuple[int, int] | None:
        for b in [*self.popup, *self.buttons, *self.top_buttons]:
            if b.label.startswith(prefix) and b.enabled:
                return b.rect.center
        return None

    # ------------------------------------------------------------------ the queue
    def play(self, events: list[Event]) -> None:
        """Animate ``events``; the choices come back when the queue is done."""
        self.synced = False
        self.animator.play(events)

    def after_queue(self) -> None:
        """The queue is done: the drawn position becomes the core's state again and the legal actions are
        listed for the player."""
        self.synced = True
        self.stage.settle(self.game.state)
        self.legal = self.game.legal_actions()
        self._rebuild_buttons()
        if self.game.over and not self.results_shown:
            self.show_results()

    def submit(self, action: Action) -> None:
        """Send one choice to the core, autosave, and queue the events it returns."""
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.say(str(exc))
            return
        self.ctx.sounds.play("click", 0.5)
        self.selected = None
        self.mode = ""
        self.close_popup()
        self.legal = []
        self.buttons = []
        self.hint = None
        self.spend_k = None
        err = self.save()
        if err:
            self.say(err)
        if action.kind == "attack":
            a = self.positions.defender_pos(action.args[0])
            b = self.positions.enemy_pos(action.args[1])
            self.stage.effects.append(Tracer(a, b, 0.3))
            self.ctx.sounds.play("shot")
        self.play(events)

    def save(self) -> str:
        """Autosave after every choice; "" or a one-line error."""
        return autosave(self.game)

    # ------------------------------------------------------------------ Hint
    def hint_blocker(self) -> str:
        """Why the Hint is not available now, or "" when it is."""
        if self.game.over:
            return "The game is over"
        if self.queue.busy or not self.synced:
            return "Wait for the animations to finish (Space skips them)"
        if not self.legal:
            return "Nothing to choose now"
        return ""

    def ask_hint(self) -> None:
        """The planner's recommended next action and why (a fresh planner on the current game), highlighted on
        the board until the player acts."""
        why = self.hint_blocker()
        if why:
            self.say(f"No hint now: {why.lower()}.")
            return
        seed = (int(self.game.state["seed"]) * 1009 + int(self.game.state["turn"]) * 31
                + int(self.game.state.get("actions", 0))) % 1_000_000
        action, reason = make_policy("planner", seed).explain(self.game.clone())
        self.hint = (action, reason)
        self.hint_on_bar(action)
        self.log.add(f"Hint: {explained(self.game, action, reason)}", P.POST_BLUE)

    def hint_on_bar(self, action: Action) -> None:
        """A recommended number of suppression tokens the stepper does not show yet: show it (ringed in gold)."""
        if action.kind == "spend" and self.spend_k is not None and 0 < int(action.args[0]) < int(
                (self.game.decision or {}).get("tokens", 0)):
            self.spend_k = int(action.args[0])
            self._rebuild_buttons()

    def caption(self) -> str:
        """The gold line under the prompt: the hint in words and why."""
        if self.hint is None or self.queue.busy:
            return ""
        return f"Hint: {explained(self.game, *self.hint)}"

    def hint_marks(self, action: Action) -> tuple[list[str], list[str], list[str], list[Button]]:
        """What to highlight for ``action``: defenders, enemy counters, spaces, buttons."""
        k, a = action.kind, action.args
        defenders = [a[0]] if a and a[0] in self.view.s["defenders"] else []
        counters: list[str] = []
        spaces: list[str] = []
        if k == "move" and len(a) > 1:
            spaces.append(a[1])
        elif k == "shift" and len(a) > 2:
            spaces.append(a[2])
        elif k == "attack" and len(a) > 1:
            counters.append(a[1])
        elif k == "suppress" and len(a) > 1:
            spaces.append(a[1])
        buttons = [b for b in [*self.buttons, *self.popup] if b.data == action]
        return defenders, counters, spaces, buttons

    def draw_hint(self, surface: pygame.Surface) -> None:
        """Gold pulsing rings on what the recommended action uses."""
        if self.hint is None or self.queue.busy:
            return
        defenders, counters, spaces, buttons = self.hint_marks(self.hint[0])
        pulse = 4 + int(3 * math.sin(self.time * 6))
        for sp in spaces:
            self.board_layer.board.highlight(surface, sp, P.GOLD, self.time, 6)
        for name in defenders:
            if self.view.s["defenders"][name]["status"] != "board":
                continue
            x, y = self.positions.defender_pos(name)
            pygame.draw.rect(surface, P.GOLD, pygame.Rect(x - 26 - pulse, y - 26 - pulse, 52 + 2 * pulse,
                                                          52 + 2 * pulse), 5, border_radius=7)
        for cid in counters:
            x, y = self.positions.enemy_pos(cid)
            pygame.draw.circle(surface, P.GOLD, (int(x), int(y)), 28 + pulse, 5)
        for b in buttons:
            pygame.draw.rect(surface, P.GOLD, b.rect.inflate(10 + 2 * pulse, 10 + 2 * pulse), 5, border_radius=10)

    def skip_animations(self) -> None:
        """Finish every queued animation at once and drop the effects in flight (Space, right click, Skip)."""
        self.queue.skip()
        self.clear_effects()

    def clear_effects(self) -> None:
        self.stage.clear_effects(self.game.over)

    def say(self, msg: str) -> None:
        """One line in the bottom bar for a few seconds (why a click did nothing, an autosave error)."""
        self.hud.say(msg)

    # ------------------------------------------------------------------ the end of the game
    def show_results(self) -> None:
        if self.results_shown:
            return
        self.results_shown = True
        result = self.game.result or {}
        tables, rank, msg = scores.record(str(self.game.state.get("difficulty", "standard")),
                                          int(result.get("score", self.game.score())), str(result.get("award") or ""),
                                          int(self.game.state["seed"]))
        if msg:
            self.ctx.message = msg
        self.stack.push(ResultsScene(self.ctx, self.game, tables=tables, rank=rank))

    # ------------------------------------------------------------------ buttons
    def _build_top(self) -> None:
        self.top_buttons = top_bar_buttons(self.ctx.settings.speed, self.set_speed, self.open_pause, self.ask_hint)

    def set_speed(self, speed: float) -> None:
        """An animation speed button: saved in the settings at once."""
        self.ctx.settings.speed = speed
        self.queue.speed = speed
        self.ctx.save_settings()
        self._build_top()

    def open_pause(self) -> None:
        self.stack.push(PauseScene(self.ctx))

    def _rebuild_buttons(self) -> None:
        """The buttons of the bottom bar for the current decision, laid out to fit beside the dice tray."""
        self.buttons = []
        dec = self.game.decision
        if not dec or self.game.over:
            return
        kinds = {a.kind for a in self.legal}
        specs: list[BarButton] = []

        def add(label: str, action: Action, tip: str = "", w: int = 190) -> None:
            specs.append(BarButton(label, self._submitter(action), tip, w, action))
        kind = dec["kind"]
        if kind == "moves" and "end_moves" in kinds:
            add("End moves", Action("end_moves"), "Finish the move step and go on to the actions")
        elif kind == "actions" and "end_actions" in kinds:
            add("End actions", Action("end_actions"), "Finish the Defense Phase")
        elif kind == "command":
            for a in self.legal:
                if a.kind == "rally":
                    add(f"Rally {a.args[0]}", a, f"Free recover: {a.args[0]} ({a.args[1]})", 230)
            add("End command", Action("end_command"), "No more rallies")
        elif kind == "suppression":
            specs = self._spend_buttons(dec)
        elif kind == "casualty":
            for a in self.legal:
                add(f"Remove {a.args[0]}", a, "This defender becomes the casualty", 250)
        elif kind == "escape":
            add("End escape", Action("end_escape"), "Nobody else escapes this turn")
        self.buttons = layout_bar(specs)

    def _spend_buttons(self, dec: dict[str, Any]) -> list[BarButton]:
        """4.2.2: one button per number of tokens when they fit; with many tokens a stepper (− Spend k +) beside
        Spend all and Spend none, so every number from none to all can still be chosen."""
        defense = int(dec.get("defense", 6))
        tokens = int(dec.get("tokens", 0))

        def spend(k: int, label: str, w: int) -> BarButton:
            p = hit_chance(k, defense) if k else 0.0
            tip = f"{k} dice vs {defense}: {p:.0%} to send it back" if k else "Roll nothing: the counter comes in"
            action = Action("spend", (str(k),))
            return BarButton(label.format(p=f"{p:.0%}"), self._submitter(action), tip, w, action)
        if tokens + 1 <= SPEND_BUTTONS_MAX:
            return [spend(k, f"Spend {k}: {{p}}" if k else "Spend none", 170) for k in range(tokens, -1, -1)]
        if self.spend_k is None or not 1 <= self.spend_k <= tokens:
            self.spend_k = next((k for k in range(1, tokens + 1) if hit_chance(k, defense) >= SPEND_DEFAULT_ODDS),
                                tokens)
        k = self.spend_k
        return [
            BarButton("−", partial(self.step_spend, -1), "One token fewer (←)", 56, None, k > 1),
            spend(k, f"Spend {k} of {tokens}: {{p}}", 250),
            BarButton("+", partial(self.step_spend, +1), "One token more (→)", 56, None, k < tokens),
            spend(tokens, f"Spend all {tokens}: {{p}}", 230),
            spend(0, "Spend none", 170),
        ]

    def step_spend(self, step: int) -> None:
        """The − / + of the suppression stepper (also the arrow keys)."""
        if self.spend_k is None:
            return
        dec = self.game.decision or {}
        self.spend_k = max(1, min(int(dec.get("tokens", 1)), self.spend_k + step))
        self._rebuild_buttons()

    def prompt(self) -> str:
        dec = self.game.decision
        if self.queue.busy:
            return "The enemy acts…  (Space: skip)"
        if self.game.over:
            return "The day is over."
        if not dec:
            return ""
        kind = dec["kind"]
        s = self.game.state
        if kind == "moves":
            if self.selected:
                return f"{self.selected}: click a lit space to move there (carrying tokens), or another defender"
            return f"Moves: {max(0, self.limit('defender_moves') - s['moves'])} left. Click a defender to move him."
        if kind == "actions":
            if self.mode == "attack":
                return f"{self.selected}: click a lit enemy counter to attack it (hover for the odds)"
            if self.mode == "suppress":
                return f"{self.selected}: click a lit assault space to place suppression tokens"
            return f"Actions: {max(0, self.limit('defender_actions') - s['actions'])} left. Click a defender for " \
                "his actions."
        if kind == "command":
            return f"{dec['by']} commands: {dec['left']} free rallies. Click a lit defender or a Rally button."
        if kind == "suppression":
            label = self.game.counter_label(dec["counter"])
            return f"The {label} enters {dec['space']} ({dec['tokens']} suppression tokens): how many to spend?"
        if kind == "casualty":
            return f"Choose the casualty in {dec['space']}."
        if kind == "escape":
            return "Escape: click a lit defender to escape, or End escape."
        return str(kind)

    # ------------------------------------------------------------------ what lights up
    def _actions_of(self, name: str) -> list[Action]:
        return [a for a in self.legal if a.args and a.args[0] == name]

    def selectable_defenders(self) -> set[str]:
        dec = self.game.decision
        if not dec or self.queue.busy:
            return set()
        kind = dec["kind"]
        if kind in ("moves", "actions", "escape", "command"):
            return {a.args[0] for a in self.legal if a.args and a.kind not in ("spend",)}
        if kind == "casualty":
            return {a.args[0] for a in self.legal}
        return set()

    def targets(self) -> dict[str, list[Action]]:
        """Spaces (for moves/suppress) or enemy counters (attack) that light up, with the actions behind them."""
        out: dict[str, list[Action]] = {}
        if not self.selected or self.queue.busy:
            return out
        for a in self._actions_of(self.selected):
            if a.kind == "move":
                out.setdefault(a.args[1], []).append(a)
            elif a.kind == "shift":
                out.setdefault(a.args[2], []).append(a)
            elif a.kind == "attack" and self.mode == "attack":
                out.setdefault(a.args[1], []).append(a)
            elif a.kind == "suppress" and self.mode == "suppress":
                out.setdefault(a.args[1], []).append(a)
        return out

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.positions.mouse = event.pos
            self.positions.update_spread(bool(self.popup))
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.popup or self.selected:
                    self.close_popup()
                    self.selected = None
                    self.mode = ""
                else:
                    self.open_pause()
                return None
            if event.key == pygame.K_SPACE:
                self.skip_animations()
                return None
            if event.key == HINT_KEY:
                self.ask_hint()
                return None
            if event.key in SPEND_KEYS and not self.queue.busy:
                self.step_spend(SPEND_KEYS[event.key])
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.queue.busy and not self.popup:
                ends = [b for b in self.buttons if b.label.startswith("End ") and b.enabled and b.action]
                if ends and ends[0].action:
                    ends[0].action()  # Enter = the End moves / End actions / End ... button
            return None
        if self.log.handle(event, self.positions.mouse):
            return None
        if handle_buttons(self.top_buttons, event):
            return None
        if self.queue.busy:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
                self.skip_animations()
            return None
        if self.popup:
            if handle_buttons(self.popup, event):
                return None
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.close_popup()
                if event.button != 1:
                    return None
            else:
                return None
        if handle_buttons(self.buttons, event):
            return None
        if self._handle_drag(event):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.selected = None
                self.mode = ""
                return None
            if event.button == 1:
                self.click(event.pos)
        return None

    def _handle_drag(self, event: pygame.event.Event) -> bool:
        """Move by drag: press on a movable defender, drop on a lit space (a plain click still works)."""
        dec = self.game.decision
        if not dec or dec["kind"] != "moves":
            self.drag, self.dragging = None, False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self.defender_at(event.pos)
            if name and name in self.selectable_defenders():
                self.drag = (name, event.pos)
                self.dragging = False
            return False
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            if not self.dragging and math.dist(event.pos, self.drag[1]) > 12:
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
                    self.say(self.game.why_illegal(Action("move", (self.selected, space))))
                return True
        return False

    def defender_at(self, pos: tuple[int, int]) -> str | None:
        hidden = self.positions.interior_hidden()
        _, spread = self.positions.spread_members()
        found: str | None = None
        for name, d in self.view.s["defenders"].items():
            if d["status"] != "board" or name in hidden:
                continue
            x, y = self.positions.defender_pos(name)
            if abs(pos[0] - x) <= DEF_W / 2 and abs(pos[1] - y) <= DEF_H / 2:
                if name in spread:  # drawn on top of everything
                    return str(name)
                found = found or str(name)
        return found

    def enemy_at(self, pos: tuple[int, int]) -> str | None:
        """The counter under ``pos``: the nearest centre wins (lit targets first, then the top of a stack)."""
        best: str | None = None
        best_key = (2, 1e9)
        targets = self.targets()
        hidden = self.positions.interior_hidden()
        half = ENEMY_PX / 2
        for cid in self.view.s["counters"]:
            if not self.positions.where(cid) or cid in hidden:
                continue
            x, y = self.positions.enemy_pos(cid)
            if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                key = (0 if cid in targets else 1, (pos[0] - x) ** 2 + (pos[1] - y) ** 2)
                if key <= best_key:
                    best, best_key = cid, key
        return best

    def space_at(self, pos: tuple[int, int]) -> str | None:
        for sid, rect in self.geo.rects.items():
            if rect.collidepoint(pos):
                return sid
        return None

    def click(self, pos: tuple[int, int]) -> None:
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
        if kind == "moves" and self.selected and (not name or name not in self.selectable_defenders()):
            space = self.space_at(pos)
            if space and space in targets:
                self.choose_move(space, targets[space])
                return
        if self.mode == "suppress":
            space = self.space_at(pos)
            if space and space in targets:
                self.submit(targets[space][0])
                return
        if name:
            selectable = self.selectable_defenders()
            if name not in selectable:
                why = self.why_not(name)
                self.say(why)
                return
            if kind == "moves":
                if self.selected == name:
                    self.selected = None
                else:
                    self.selected = name
                return
            if kind == "actions":
                self.selected = name
                self.mode = ""
                self.open_action_menu(name)
                return
            acts = self._actions_of(name)
            if acts:
                self.submit(acts[0])
            return
        if kind == "moves" and self.selected:
            space = self.space_at(pos)
            if space and space in targets:
                self.choose_move(space, targets[space])
                return
            if space and space in self.rules.space_floor:  # an unlit space: the core says why not
                self.say(self.game.why_illegal(Action("move", (self.selected, space))))
                return
        if enemy:
            if self.mode == "attack" and self.selected:
                self.say(self.game.why_illegal(Action("attack", (self.selected, enemy))))
            else:
                self.say(self.enemy_info(enemy).replace("\n", " · "))
            return
        if self.mode == "suppress" and self.selected:
            space = self.space_at(pos)
            if space and space in self.rules.track_spaces:
                self.say(self.game.why_illegal(Action("suppress", (self.selected, space))))
                return
        self.selected = None
        self.mode = ""

    def why_not(self, name: str) -> str:
        dec = self.game.decision or {}
        kind = dec.get("kind", "")
        probe = {"moves": Action("move", (name, "")), "actions": Action("recover", (name, "exhausted")),
                 "escape": Action("escape", (name,)), "command": Action("rally", (name, "exhausted")),
                 "casualty": Action("remove", (name,))}.get(kind)
        if probe is None:
            return f"{name} cannot be chosen now"
        reason = self.game.why_illegal(probe)
        return f"{name}: {reason}" if reason else f"{name} cannot be chosen now"

    def choose_move(self, space: str, actions: list[Action]) -> None:
        if len(actions) == 1:
            self.submit(actions[0])
            return
        x, y = self.positions.space_point(space)
        items: list[tuple[str, Action, str]] = []
        for a in actions:
            if a.kind == "move":
                carried = [TOKEN_SHORT.get(token_kind(t), t) for t in a.args[2:]]
                label = f"Move, carry {', '.join(carried)}" if carried else "Move alone"
                items.append((label, a, describe(self.game, a)))
            else:
                items.append((f"Send {TOKEN_SHORT.get(token_kind(a.args[1]), a.args[1])} only", a,
                              f"{describe(self.game, a)} without moving"))
        self.open_popup((int(x), int(y)), f"{self.selected} → {space}", items)

    def open_action_menu(self, name: str) -> None:
        """Every action kind, enabled when legal for this defender; a disabled one says why (from the core)."""
        acts = self._actions_of(name)
        g = self.game
        items: list[tuple[str, Action | None, str]] = []

        def why(probe: Action) -> str:
            return "!" + (g.why_illegal(probe) or "not possible now")
        attacks = [a for a in acts if a.kind == "attack"]
        if attacks:
            items.append((f"Attack… ({g.attack_dice(name)} dice)", None, "attack"))
        else:
            enemy = next((c for stack in g.state["spaces"].values() for c in stack), "")
            items.append(("Attack", None, why(Action("attack", (name, enemy))) if enemy else
                          "!no enemy counter to attack"))
        grenades = [a for a in acts if a.kind == "grenade"]
        for a in grenades:
            items.append((f"Grenades ({a.args[1]})", a, "Grenades at every counter in this floor's interior"))
        if not grenades:
            items.append(("Grenades", None, why(Action("grenade", (name, "gren1")))))
        if any(a.kind == "suppress" for a in acts):
            items.append(("Suppress…", None, "suppress"))
        else:
            empty = next((sp for sp in self.rules.track_spaces if sp not in g.state["spaces"]), "")
            items.append(("Suppress", None, why(Action("suppress", (name, empty)))))
        recovers = [a for a in acts if a.kind == "recover"]
        for a in recovers:
            items.append((f"Recover ({a.args[1]})", a, f"{name} recovers from being {a.args[1]}"))
        if not recovers:
            items.append(("Recover", None, why(Action("recover", (name, "exhausted")))))
        commands = [a for a in acts if a.kind == "command"]
        if commands:
            items.append(("Command", commands[0], "Three free recover actions for defenders in his colour"))
        elif "C" in self.rules.defenders[name].attributes:
            items.append(("Command", None, why(Action("command", (name,)))))
        pos = self.positions.defender_pos(name)
        self.open_popup((int(pos[0]), int(pos[1])), name, items)

    def open_popup(self, pos: tuple[int, int], title: str, items: list[Any]) -> None:
        w, h = 300, 44
        rect = pygame.Rect(pos[0] + 30, pos[1] - 20, w + 20, 40 + len(items) * (h + 6))
        if rect.right > BOARD_RECT.right:
            rect.right = pos[0] - 30
        if rect.bottom > 1070:
            rect.bottom = 1070
        rect.top = max(rect.top, 60)
        self.popup_rect = rect
        self.popup_title = title
        self.popup = []
        for i, (label, action, tip) in enumerate(items):
            r = (rect.x + 10, rect.y + 34 + i * (h + 6), w, h)
            enabled = not tip.startswith("!")
            if action is not None:
                cb = self._submitter(action)
            elif tip == "attack":
                cb = self._mode_setter("attack")
            elif tip == "suppress":
                cb = self._mode_setter("suppress")
            else:
                cb = None
            self.popup.append(Button(r, label, cb, 20, tip=tip.lstrip("!") if tip not in ("attack", "suppress")
                                     else ("Choose a lit enemy counter" if tip == "attack" else
                                           "Choose a lit assault space"), enabled=enabled, data=action))

    def _submitter(self, action: Action) -> Any:
        def f() -> None:
            self.submit(action)
        return f

    def _mode_setter(self, mode: str) -> Any:
        def f() -> None:
            self.mode = mode
            self.close_popup()
        return f

    def close_popup(self) -> None:
        self.popup = []
        self.popup_rect = None

    def enemy_info(self, cid: str) -> str:
        label = self.game.counter_label(cid) if cid in self.game.state["counters"] else cid
        try:
            d = self.game.assault_defense(cid)
        except (KeyError, ValueError):
            d = 0
        where = self.view.where(cid)
        return f"{label} ({cid}) on {where}\ndefense {d}"

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.time += dt
        self.queue.update(dt)
        if self.queue.speed == 0 and self.stage.effects:
            self.clear_effects()  # Skip speed: no effects left over from the skipped animations
        self.stage.update(dt, self.queue.speed)
        self.hud.update(dt)
        if not self.synced and not self.queue.busy:
            self.after_queue()

    def draw(self, surface: pygame.Surface) -> None:
        # Where every counter and defender stands is worked out once per frame (the view cannot change while a
        # frame is drawn); outside draw the lookups read the view directly.
        with self.positions.frame(bool(self.popup)):
            self._draw_frame(surface)

    def _draw_frame(self, surface: pygame.Surface) -> None:
        dec = self.game.decision
        question = dec["space"] if dec and not self.queue.busy and dec["kind"] in ("suppression", "casualty") else None
        marks = BoardMarks(self.time, self.targets(), self.mode, self.selectable_defenders(), self.selected,
                           self.hint is not None, question,
                           self.drag[0] if self.dragging and self.drag is not None else None, self.positions.mouse)
        self.hover_regions = self.board_layer.draw(surface, marks, self.ctx.settings.colour_blind)
        self.hud.draw_top(surface, self.view, self.top_buttons, self.hint_blocker)
        self.hover_regions.extend(self.hud.draw_side(surface, self.stage))
        self.hud.draw_bottom(surface, self.prompt(), self.caption, self.buttons, self.stage.tray)
        self.draw_hint(surface)
        self.board_layer.draw_banner(surface)
        if self.popup and self.popup_rect:
            panel(surface, self.popup_rect, P.PAPER_LIGHT, P.INK)
            blit_text(surface, self.popup_title, "sans_bold", 19, P.INK, (self.popup_rect.x + 12,
                                                                           self.popup_rect.y + 6))
            for b in self.popup:
                b.draw(surface)
        self.board_layer.draw_flash(surface)
        self._draw_hover(surface)

    def invalidate_caches(self) -> None:
        """Forget every cached image: the next frame draws everything from scratch (tests compare the two)."""
        self.board_layer.invalidate()
        self.hud.invalidate()

    def _draw_hover(self, surface: pygame.Surface) -> None:
        pos = self.positions.mouse
        for b in [*self.popup, *self.buttons, *self.top_buttons]:
            if b.hover and b.tip:
                b.draw_tip(surface, pos)
                return
        if self.popup:
            return
        for rect, msg in self.hover_regions:
            if rect.collidepoint(pos):
                tooltip(surface, msg, pos)
                return
        if not BOARD_RECT.collidepoint(pos):
            return
        enemy = self.enemy_at(pos)
        if enemy:
            msg = self.enemy_info(enemy)
            targets = self.targets()
            if self.selected and enemy in targets:
                a = targets[enemy][0]
                p = self.game.odds(a)
                if p is not None:
                    msg = f"{self.game.attack_dice(self.selected)} dice vs " \
                          f"{self.game.assault_defense(enemy)}: {p:.0%}\n" + msg
            tooltip(surface, msg, pos)
            return
        name = self.defender_at(pos)
        if name:
            dd = self.rules.defenders[name]
            d = self.view.s["defenders"][name]
            state = ", ".join(x for x, on in (("exhausted", d["exh"]), ("disrupted", d["dis"]),
                                              ("moved", d.get("moved")), ("acted", d.get("acted"))) if on)
            attrs = " ".join(dd.attributes) or "none"
            msg = f"{name} ({dd.kind}) combat {dd.combat}, attributes {attrs}" + (f"\n{state}" if state else "")
            here = self.positions.defenders_at(d["space"])
            if len(here) > 1:
                msg += f"\nwith: {', '.join(n for n in here if n != name)}"
            tooltip(surface, msg, pos)
            return
        space = self.space_at(pos)
        if space:
            toks = sorted(t for t, sp in self.view.s["tokens"].items() if sp == space)
            msg = space + (f"\ntokens: {', '.join(toks)}" if toks else "")
            stack = self.view.s["spaces"].get(space, [])
            if stack:
                msg += "\n" + ", ".join(self.game.counter_label(c) for c in stack
                                         if c in self.game.state["counters"])
            if self.view.s["supp"].get(space):
                msg += f"\n{self.view.s['supp'][space]} suppression tokens"
            if space in self.view.s["cars"].values():
                msg += f"\narmored car: its counters defend at {self.rules.armored_car_defense}"
            if space in self.targets():
                msg += "\nrelease to move here" if self.dragging else "\nclick to choose"
            tooltip(surface, msg, pos)


