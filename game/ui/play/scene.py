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
from game.ui.board import BoardRenderer
from game.ui.cache import PanelCache
from game.ui.counters import BADGE, TOKEN_SHORT, CounterArt, group_tokens, token_kind
from game.ui.effects import Tracer
from game.ui.fonts import blit_text, wrap
from game.ui.layout import (
    BOARD_RECT,
    BOTTOM,
    DEF_H,
    DEF_W,
    DICE_TRAY,
    ENEMY_PX,
    INTERIOR_COLS,
    SIDE,
    TOP_BAR,
    Geometry,
)
from game.ui.log_panel import LogPanel
from game.ui.play.animator import Animator
from game.ui.play.positions import Positions
from game.ui.play.stage import Stage
from game.ui.scene import Context, Scene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.tween import AnimQueue
from game.ui.view import View
from game.ui.widgets import Button, button_states, handle_buttons, panel, tooltip
from game.ui.words import describe, explained, fit

SPEED_LABELS = ((1.0, "1x"), (2.0, "2x"), (4.0, "4x"), (0.0, "Skip"))
PHASE_NAMES = {"enemy": "Enemy Phase", "moves": "Defense Phase: moves", "actions": "Defense Phase: actions",
               "clearing": "Clearing Phase", "escape": "Escape Phase", "over": "Game over", "setup": "Set-up"}


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
TACTIC_CARD_H = 104  # a Tactics card in the side panel: name and three lines of effect text
DIFFICULTY_LABELS = {"standard": "Standard", "veteran": "Veteran", "elite": "Elite"}


def shake_board(surface: pygame.Surface, board: pygame.Rect, dx: int, dy: int, background: P.Colour) -> None:
    """Move the pixels of ``board`` by (dx, dy) on ``surface`` and paint the uncovered part of ``board`` with
    ``background``: the same pixels as copying the board, filling it and blitting the copy moved, in one pass
    (a scroll inside the bounding box of both rects, whose two other corners are put back as they were)."""
    if not dx and not dy:
        return  # the copy would land where it was taken
    moved = board.move(dx, dy)
    box = board.union(moved)
    corners: list[pygame.Rect] = []
    if dx and dy:
        xs_out_board = (board.right, board.right + dx) if dx > 0 else (board.x + dx, board.x)
        ys_out_moved = (board.y, board.y + dy) if dy > 0 else (board.bottom + dy, board.bottom)
        xs_out_moved = (board.x, board.x + dx) if dx > 0 else (board.right + dx, board.right)
        ys_out_board = (board.bottom, board.bottom + dy) if dy > 0 else (board.y + dy, board.y)
        for (x0, x1), (y0, y1) in ((xs_out_board, ys_out_moved), (xs_out_moved, ys_out_board)):
            corners.append(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(surface.get_rect()))
    saved = [(r.topleft, surface.subsurface(r).copy()) for r in corners if r.w and r.h]
    clip = surface.get_clip()
    surface.set_clip(box)
    surface.scroll(dx, dy)
    surface.set_clip(clip)
    if dx:
        strip = (board.x, board.x + dx) if dx > 0 else (board.right + dx, board.right)
        surface.fill(background, pygame.Rect(strip[0], board.y, strip[1] - strip[0], board.h))
    if dy:
        strip = (board.y, board.y + dy) if dy > 0 else (board.bottom + dy, board.bottom)
        surface.fill(background, pygame.Rect(board.x, strip[0], board.w, strip[1] - strip[0]))
    for pos, img in saved:
        surface.blit(img, pos)


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
        self.board = BoardRenderer(self.rules, self.geo)
        self.art = CounterArt(self.rules)
        self.queue = AnimQueue()
        self.tactics_rect = self._tactics_rect()
        log_top = self.tactics_rect.bottom + 10 if self.tactics_rect.h else SIDE.y + 420
        self.log = LogPanel(pygame.Rect(SIDE.x, log_top, SIDE.w, SIDE.bottom - log_top))
        self.positions = Positions(self.rules, self.geo, View(game.state), self.queue)
        self.view = self.positions.view
        self.stage = Stage(self.positions, self.log, game.state)
        self.animator = Animator(self.stage, self.art, self.queue, ctx.sounds, self.show_results)
        self.fresh = fresh
        self.time = 0.0
        self.selected: str | None = None
        self.mode = ""  # "" | "attack" | "suppress"
        self.popup: list[Button] = []
        self.popup_rect: pygame.Rect | None = None
        self.buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        self.legal: list[Action] = []
        self.notice = ""
        self.notice_t = 0.0
        self.results_shown = False
        self.drag: tuple[str, tuple[int, int]] | None = None  # a defender pressed in the move step
        self.dragging = False
        self.synced = False  # the drawn position and the legal actions match the core
        self.hint: tuple[Action, str] | None = None  # the planner's recommendation (Hint button, demo caption)
        self.spend_k: int | None = None  # the suppression stepper's number of tokens (many tokens only)
        self._glow_layer = pygame.Surface(BOARD_RECT.size)
        self._glow_layer.fill((255, 120, 30))
        self._flash_layer = pygame.Surface((1920, 1080))
        self._flash_layer.fill((255, 250, 230))
        # drawing caches: each is redrawn the frame what it shows changes (see game/ui/cache.py)
        self._base: pygame.Surface | None = None  # static board + barriers + defense track cells
        self._base_key: object = None
        self._top_cache = PanelCache(TOP_BAR, keyed=False)
        self._decks_cache = PanelCache(pygame.Rect(SIDE.x, SIDE.y, SIDE.w, 190))
        self._morale_cache = PanelCache(pygame.Rect(SIDE.x, SIDE.y + 200, SIDE.w, 110))
        self._tactics_cache = PanelCache(self.tactics_rect) if self.tactics_rect.h else None
        self._bottom_cache = PanelCache(BOTTOM)
        self._build_top()

    def _tactics_rect(self) -> pygame.Rect:
        """The side panel's Tactics area: one card high at Veteran, two at Elite, none at Standard."""
        mode = self.rules.tactics_modes.get(str(self.game.state.get("difficulty", "standard")))
        if mode is None or mode.in_play <= 0:
            return pygame.Rect(SIDE.x, SIDE.y + 420, SIDE.w, 0)
        return pygame.Rect(SIDE.x, SIDE.y + 420, SIDE.w, 40 + mode.in_play * TACTIC_CARD_H)

    def limit(self, what: str) -> int:
        """Moves ("defender_moves") or actions ("defender_actions") allowed this Defense Phase (4.0; fewer with a
        Tactics card): asked of the core."""
        return self.game.limit(what)

    # ------------------------------------------------------------------ lifecycle
    def prewarm(self) -> None:
        """Render the board and the usual counters before the first frame (no hitch when they first appear)."""
        self.board.static(self.ctx.settings.colour_blind)
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
            self.board.highlight(surface, sp, P.GOLD, self.time, 6)
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
        self.notice = msg
        self.notice_t = 3.5

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
        self.top_buttons = []
        x = 1920 - 8 - 5 * 96
        for speed, label in SPEED_LABELS:
            def set_speed(sp: float = speed) -> None:
                self.ctx.settings.speed = sp
                self.queue.speed = sp
                self.ctx.save_settings()
                self._build_top()
            self.top_buttons.append(Button((x, 8, 88, 40), label, set_speed, 22,
                                           tip=f"Animation speed {label}", selected=self.ctx.settings.speed == speed))
            x += 96
        self.top_buttons.append(Button((x, 8, 88, 40), "Menu", self.open_pause, 22, tip="Pause menu (Esc)"))
        self.top_buttons.append(Button((1920 - 8 - 5 * 96 - 106, 8, 96, 40), "Hint", self.ask_hint, 22,
                                       tip="The planner's recommended next action and why (H)"))

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
        self.notice_t = max(0.0, self.notice_t - dt)
        if not self.synced and not self.queue.busy:
            self.after_queue()

    def draw(self, surface: pygame.Surface) -> None:
        # Where every counter and defender stands is worked out once per frame (the view cannot change while a
        # frame is drawn); outside draw the lookups read the view directly.
        with self.positions.frame(bool(self.popup)):
            self._draw_frame(surface)

    def _draw_frame(self, surface: pygame.Surface) -> None:
        self.hover_regions: list[tuple[pygame.Rect, str]] = []
        ox, oy = self.stage.shake.offset()
        surface.blit(self._board_base(), (0, 0))  # the static board, the barriers and the defense track cells
        vs = self.view.s
        self._draw_defense_tracks(surface)
        # highlights
        t = self.time
        targets = self.targets()
        hidden = self.positions.interior_hidden()
        for key in targets:
            if key in vs["counters"]:
                if key not in hidden:
                    self._target_ring(surface, key)
            else:
                self.board.highlight(surface, key, P.HIGHLIGHT if self.mode != "suppress" else P.TARGET, t)
        dec = self.game.decision
        if dec and not self.queue.busy and dec["kind"] in ("suppression", "casualty"):
            self.board.highlight(surface, dec["space"], P.TARGET, t, 5)  # what the question is about
        self._draw_tokens(surface)
        self._draw_defenders(surface)
        for name in self.selectable_defenders() - hidden:
            self._defender_glow(surface, name)
        self._draw_enemies(surface)
        self._draw_interiors(surface)
        for e in self.stage.effects:
            e.draw(surface, (0, 0))
        if self.stage.truck:
            img = self.art.fire_truck()
            surface.blit(img, img.get_rect(center=(int(self.stage.truck[0]), int(self.stage.truck[1]))))
        if self.stage.glow > 0:
            self._glow_layer.set_alpha(int(60 * self.stage.glow))
            surface.blit(self._glow_layer, BOARD_RECT.topleft)
        if ox or oy:  # screen shake: the whole board jolts
            shake_board(surface, BOARD_RECT, int(ox), int(oy), (58, 50, 42))
        self._draw_top(surface)
        self._draw_side(surface)
        self._draw_bottom(surface)
        self.draw_hint(surface)
        if self.stage.banner_t > 0:
            a = min(1.0, self.stage.banner_t * 3)
            rect = pygame.Rect(0, 0, 760, 56)
            rect.midtop = (BOARD_RECT.centerx, BOARD_RECT.y + 4 - int(20 * (1 - a)))  # drops in, fades out
            panel(surface, rect, P.INK, P.GOLD, int(225 * a), 2)
            blit_text(surface, self.stage.banner, "type_bold", 28, P.PAPER_LIGHT, rect.center, "center")
        if self.popup and self.popup_rect:
            panel(surface, self.popup_rect, P.PAPER_LIGHT, P.INK)
            blit_text(surface, self.popup_title, "sans_bold", 19, P.INK, (self.popup_rect.x + 12,
                                                                           self.popup_rect.y + 6))
            for b in self.popup:
                b.draw(surface)
        if self.stage.flash > 0:
            self._flash_layer.set_alpha(min(255, int(400 * self.stage.flash)))
            surface.blit(self._flash_layer, (0, 0))
        self._draw_hover(surface)

    # ------------------------------------------------------------------ drawing parts
    def panel_caches(self) -> list[PanelCache]:
        """The cached panels (top bar, side panels, log, bottom bar)."""
        caches = [self._top_cache, self._decks_cache, self._morale_cache, self._tactics_cache, self.log.cache,
                  self._bottom_cache]
        return [c for c in caches if c is not None]

    def invalidate_caches(self) -> None:
        """Forget every cached image: the next frame draws everything from scratch (tests compare the two)."""
        self._base_key = None
        for cache in self.panel_caches():
            cache.invalidate()

    def _board_base(self) -> pygame.Surface:
        """The board as it stands under the counters: the static board, the barriers (standing or blown) and
        the defense track cells, redrawn only when the colour-blind setting or the blown barriers change."""
        cb = self.ctx.settings.colour_blind
        key = (cb, frozenset(self.view.s["barriers_open"]))
        if self._base is None or key != self._base_key:
            if self._base is None:
                self._base = pygame.Surface((1920, 1080))
            self._base.blit(self.board.static(cb), (0, 0))
            self.board.draw_barriers(self._base, self.view.s["barriers_open"])
            self._draw_track_cells(self._base)
            self._base_key = key
        return self._base

    def _draw_track_cells(self, surface: pygame.Surface) -> None:
        """The printed defense tracks under each floor's interior (the marker is drawn per frame)."""
        for fid, fl in self.rules.floors.items():
            r = self.geo.rect(f"{fid}:interior")
            y = r.bottom + 8
            w = r.w // len(fl.defense)
            for i, v in enumerate(fl.defense):
                cell = pygame.Rect(r.x + i * w, y, w - 2, 28)
                pygame.draw.rect(surface, P.PAPER_LIGHT, cell, border_radius=3)
                pygame.draw.rect(surface, P.INK, cell, 1, border_radius=3)
                blit_text(surface, str(v), "sans_bold", 16, P.INK_SOFT, cell.center, "center")

    def _draw_defense_tracks(self, surface: pygame.Surface) -> None:
        for fid, fl in self.rules.floors.items():
            r = self.geo.rect(f"{fid}:interior")
            y = r.bottom + 8
            w = r.w // len(fl.defense)
            now = fl.defense[self.view.s["defense"][fid]]
            self.hover_regions.append((pygame.Rect(r.x, y, r.w, 28), f"{fl.name}: defense {now} (3.2, 3.3)\n"
                                       f"track {' '.join(map(str, fl.defense))}; hits shift it right"))
            pos = self.stage.defense_drawn.get(fid, 0.0)
            cx = r.x + pos * w + (w - 2) / 2
            marker = pygame.Rect(0, 0, w - 8, 24)
            marker.center = (int(cx), y + 14)
            pygame.draw.rect(surface, P.POST_BLUE, marker, border_radius=4)
            pygame.draw.rect(surface, P.INK, marker, 2, border_radius=4)
            idx = min(len(fl.defense) - 1, max(0, int(round(pos))))
            blit_text(surface, str(fl.defense[idx]), "sans_bold", 16, P.PAPER_LIGHT, marker.center, "center")

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        """Weapon and ammunition tokens along the bottom of their space; identical tokens (4.1: interchangeable)
        share one image with a count, so three or more never overlap into an unreadable pile."""
        by_space: dict[str, list[str]] = {}
        for tok, space in self.view.s["tokens"].items():
            if space:
                by_space.setdefault(space, []).append(tok)
        for space, toks in by_space.items():
            if space not in self.geo.rects:
                continue
            groups = group_tokens(toks)
            n = len(groups)
            chips: list[tuple[pygame.Rect, int]] = []
            for i, same in enumerate(groups):
                x: float
                y: float
                if space.endswith(":interior"):
                    r = self.geo.rect(space)
                    x, y = r.x + 22 + i * min(38.0, (r.w - 44) / max(n - 1, 1)), r.bottom - 35
                else:
                    x, y = self.geo.token_slot(space, i, n)
                img = self.art.token(same[0])
                rect = img.get_rect(center=(int(x), int(y)))
                surface.blit(img, rect)
                if len(same) > 1:
                    chips.append((rect, len(same)))
            for rect, count in chips:  # on top of the row: the count stays readable where the tokens overlap
                chip = pygame.Rect(0, 0, 24, 16)
                chip.midbottom = (rect.left + 10, rect.top + 4)
                pygame.draw.rect(surface, P.INK, chip, border_radius=8)
                blit_text(surface, f"×{count}", "sans_bold", 12, P.PAPER_LIGHT, chip.center, "center")
        for space, n in self.view.s["supp"].items():
            sx, sy = self.geo.pos(space)
            img = self.art.supp(n)
            surface.blit(img, img.get_rect(center=(int(sx + 24), int(sy + 20))))

    def _target_ring(self, surface: pygame.Surface, cid: str) -> None:
        x, y = self.positions.enemy_pos(cid)
        pulse = 3 + int(2 * math.sin(self.time * 7))
        half = ENEMY_PX // 2 + pulse
        pygame.draw.rect(surface, P.TARGET, pygame.Rect(x - half, y - half, 2 * half, 2 * half), 3, border_radius=5)

    def _defender_glow(self, surface: pygame.Surface, name: str) -> None:
        """The pulsing ring of a defender the player may pick now (not while one is selected or hinted)."""
        if self.selected or self.hint is not None:  # a hint shows only what it recommends
            return
        glow = P.mix(P.HIGHLIGHT, P.PAPER_LIGHT, 0.5 + 0.5 * math.sin(self.time * 5))
        x, y = self.positions.defender_pos(name)
        rect = pygame.Rect(0, 0, DEF_W + 4, DEF_H + 4)
        rect.center = (int(x), int(y))
        pygame.draw.rect(surface, glow, rect, 3, border_radius=5)

    def _draw_defender(self, surface: pygame.Surface, name: str) -> None:
        d = self.view.s["defenders"][name]
        x, y = self.positions.defender_pos(name)
        img = self.art.defender(name, d["exh"], d["dis"], d.get("moved", False), d.get("acted", False))
        rect = img.get_rect(center=(int(x), int(y)))
        surface.blit(img, rect)
        if name == self.selected:
            pygame.draw.rect(surface, P.HIGHLIGHT, rect.inflate(8, 8), 4, border_radius=6)

    def _draw_enemy(self, surface: pygame.Surface, cid: str) -> None:
        c = self.view.s["counters"].get(cid)
        if c is None:
            return
        x, y = self.positions.enemy_pos(cid)
        img = self.art.enemy(c["type"], c["name"], c["dis"])
        rect = img.get_rect(center=(int(x), int(y)))
        body = rect.inflate(-2 * BADGE, -2 * BADGE) if c["dis"] else rect
        pygame.draw.rect(surface, (30, 26, 22), body.move(2, 3), border_radius=3)
        surface.blit(img, rect)

    def _draw_defenders(self, surface: pygame.Surface) -> None:
        hidden = self.positions.interior_hidden()
        _, spread = self.positions.spread_members()
        for name, d in self.view.s["defenders"].items():
            if d["status"] != "board" or name in hidden or name in spread:
                continue
            self._draw_defender(surface, name)
        if self.dragging and self.drag is not None:
            d = self.view.s["defenders"][self.drag[0]]
            img = self.art.defender(self.drag[0], d["exh"], d["dis"])
            ghost = img.copy()
            ghost.set_alpha(200)
            surface.blit(ghost, ghost.get_rect(center=self.positions.mouse))

    def _draw_enemies(self, surface: pygame.Surface) -> None:
        vs = self.view.s
        for car in vs["cars"]:
            x, y = self.positions.car_pos(car)
            img = self.art.car()
            surface.blit(img, img.get_rect(center=(int(x), int(y + 16))))
        order: list[str] = []
        fanned: list[str] = []
        for space, stack in vs["spaces"].items():
            if self.positions.fanned(space):
                fanned = list(stack)
            else:
                order.extend(stack)
        for items in vs["interior"].values():
            order.extend(items)
        for stack in vs["support"].values():
            order.extend(stack)
        order.extend(c for c in vs["transit"] if c not in order)
        order.extend(c for c in self.positions.override if c in vs["counters"] and c not in order)
        if fanned:  # the hovered stack, fanned out in a row on top of everything
            first, last = self.positions.enemy_pos(fanned[0]), self.positions.enemy_pos(fanned[-1])
            back = pygame.Rect(int(first[0]) - 26, int(first[1]) - 26, int(last[0] - first[0]) + 52, 52)
            panel(surface, back, P.PAPER_LIGHT, P.INK, alpha=230, width=1)
            order.extend(fanned)
        hidden = self.positions.interior_hidden()
        spread, _ = self.positions.spread_members()
        for cid in order:
            if cid not in hidden and cid not in spread:
                self._draw_enemy(surface, cid)

    def _draw_interiors(self, surface: pygame.Surface) -> None:
        """A full interior box: a "+N" badge on the last counter of each row; when spread (under the mouse), the
        rest of its counters on a panel to the left of the box, over everything else."""
        for floor in self.rules.floors:
            space = f"{floor}:interior"
            ne, nd = self.positions.interior_counts(floor)
            if floor == self.positions.spread:
                enemies, defenders = self.positions.spread_members()
                area = self.geo.interior_spread_rect(space, ne, nd)
                panel(surface, area, P.PAPER_LIGHT, P.INK, alpha=240, width=2)
                targets = self.targets()
                selectable = self.selectable_defenders()
                for name in defenders:
                    self._draw_defender(surface, name)
                    if name in selectable:
                        self._defender_glow(surface, name)
                for cid in enemies:
                    if cid in targets:
                        self._target_ring(surface, cid)
                    self._draw_enemy(surface, cid)
                continue
            for group, n in (("e", ne), ("d", nd)):
                if n > INTERIOR_COLS:
                    x, y = self.geo.interior_slot(space, group, INTERIOR_COLS - 1, n)
                    w, h = (ENEMY_PX, ENEMY_PX) if group == "e" else (DEF_W, DEF_H)
                    self._more_tile(surface, n - INTERIOR_COLS + 1, pygame.Rect(int(x - w / 2), int(y - h / 2), w, h))

    def _more_tile(self, surface: pygame.Surface, more: int, rect: pygame.Rect) -> None:
        """The stack of counters a full interior box does not show: "+N" (hover the box to spread them)."""
        for k in (4, 2):
            pygame.draw.rect(surface, P.PAPER_DARK, rect.move(k, -k), border_radius=4)
            pygame.draw.rect(surface, P.INK_SOFT, rect.move(k, -k), 1, border_radius=4)
        pygame.draw.rect(surface, P.INK, rect, border_radius=4)
        pygame.draw.rect(surface, P.HIGHLIGHT, rect, 2, border_radius=4)
        blit_text(surface, f"+{more}", "sans_bold", 18, P.PAPER_LIGHT, (rect.centerx, rect.centery - 6), "center")
        blit_text(surface, "more", "cond", 13, P.HIGHLIGHT, (rect.centerx, rect.bottom - 3), "midbottom")

    def _draw_top(self, surface: pygame.Surface) -> None:
        s = self.view.s
        phase = PHASE_NAMES.get(s["phase"], s["phase"])
        head = f"Attack {s['attack']}  ·  Turn {s['turn']}  ·  {phase}"
        if s["phase"] == "moves":
            head += f"  ·  moves left {max(0, self.limit('defender_moves') - self.game.state['moves'])}"
        elif s["phase"] == "actions":
            head += f"  ·  actions left {max(0, self.limit('defender_actions') - self.game.state['actions'])}"
        diff = DIFFICULTY_LABELS.get(str(self.game.state.get("difficulty", "standard")), "")
        status = f"{diff}  ·  score now {self.game.score()}"
        for b in self.top_buttons:
            if b.label == "Hint":
                why = self.hint_blocker()
                b.enabled = not why
                b.tip = why or "The planner's recommended next action and why (H)"

        def render(panel_surface: pygame.Surface, rect: pygame.Rect) -> None:
            pygame.draw.rect(panel_surface, (46, 40, 34), rect)
            blit_text(panel_surface, "POSTMEN", "type_bold", 30, P.GOLD, (rect.x + 16, rect.y + 10))
            blit_text(panel_surface, head, "sans_bold", 22, P.PAPER_LIGHT, (rect.x + 190, rect.y + 15))
            blit_text(panel_surface, status, "sans", 18, (200, 190, 170), (rect.x + 1010, rect.y + 18))
            self._draw_buttons(panel_surface, self.top_buttons, self._top_cache.rect.topleft)
        self._top_cache.draw(surface, (head, status, button_states(self.top_buttons)), render)

    def _draw_buttons(self, surface: pygame.Surface, buttons: list[Button], origin: tuple[int, int]) -> None:
        """Draw ``buttons`` on a cached panel whose top left corner is ``origin`` on the screen."""
        for b in buttons:
            b.draw(surface, origin)

    def _deck_count(self, deck: str) -> int:
        s = self.view.s
        if str(s["attack"]) != deck:
            return len(s["decks"][deck])
        return int(self.view.card_left.get(deck, len(s["decks"][deck])))

    def _card_width(self, card_w: int) -> int:
        """The width of the card being resolved as it flips face up (``card_w`` when it lies flat)."""
        k = self.stage.card_flip
        return max(2, int(card_w * abs(math.cos(math.pi * (1 - k) / 2)) if k < 1 else card_w))

    def _draw_side(self, surface: pygame.Surface) -> None:
        s = self.view.s
        # decks and the card being resolved
        card = self.view.card if self.view.card and self.view.card in self.rules.cards else ""
        counts = tuple(self._deck_count(str(i + 1)) for i in range(3))
        flip = self._card_width(self._decks_cache.rect.w - 215) if card else 0
        self.hover_regions.extend(self._decks_cache.draw(surface, (s["attack"], counts, card, flip),
                                                         self._render_decks))
        # morale track (the marker slides over the cached track)
        self.hover_regions.extend(self._morale_cache.draw(surface, (s["morale"],), self._render_morale))
        mbox = self._morale_cache.rect
        mx = self.rules.morale_max
        cw = (mbox.w - 20) // mx
        cx = mbox.x + 10 + (self.stage.morale_drawn - 0.5) * cw
        pygame.draw.circle(surface, P.POST_BLUE, (int(cx), mbox.y + 56), 13)
        pygame.draw.circle(surface, P.PAPER_LIGHT, (int(cx), mbox.y + 56), 13, 2)
        # status box: defenders
        sbox = pygame.Rect(SIDE.x, SIDE.y + 320, SIDE.w, 90)
        panel(surface, sbox, P.PAPER_LIGHT, P.INK)
        board = fallen = escaped = 0
        for d in s["defenders"].values():
            status = d["status"]
            if status == "board":
                board += 1
            elif status == "casualty":
                fallen += 1
            elif status == "escaped":
                escaped += 1
        blit_text(surface, "DEFENDERS", "cond", 16, P.INK_SOFT, (sbox.x + 10, sbox.y + 6))
        blit_text(surface, f"in the building {board}   fallen {fallen}   escaped {escaped}", "sans", 16, P.INK,
                  (sbox.x + 10, sbox.y + 30))
        inside = sum(len(v) for v in s["interior"].values())
        blit_text(surface, f"enemy counters inside {inside}   barriers open {len(s['barriers_open'])}", "sans",
                  16, P.INK, (sbox.x + 10, sbox.y + 56))
        self._draw_tactics(surface)
        self.log.draw(surface)

    def _render_decks(self, surface: pygame.Surface, box: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
        """The attack decks and the card being resolved, drawn at ``box`` (cached: see :meth:`_draw_side`)."""
        s = self.view.s
        panel(surface, box, P.PAPER_LIGHT, P.INK)
        blit_text(surface, "ATTACK DECKS", "cond", 16, P.INK_SOFT, (box.x + 10, box.y + 6))
        for i in range(3):
            deck = str(i + 1)
            cnt = self._deck_count(deck)
            x = box.x + 12 + i * 64
            y = box.y + 34
            for j in range(min(5, max(1, cnt // 6 + 1))):
                r = pygame.Rect(x + j * 2, y - j * 2, 52, 72)
                pygame.draw.rect(surface, (120, 40, 36) if cnt else P.INK_FAINT, r, border_radius=4)
                pygame.draw.rect(surface, P.INK, r, 1, border_radius=4)
            blit_text(surface, deck, "sans_bold", 22, P.PAPER_LIGHT, (x + 26, y + 26), "center")
            blit_text(surface, f"{cnt} left", "sans", 14, P.INK, (x + 28, y + 82), "midtop")
            if str(s["attack"]) == deck:
                pygame.draw.rect(surface, P.GOLD, pygame.Rect(x - 3, y - 14, 64, 90), 2, border_radius=5)
        # card being resolved
        card_rect = pygame.Rect(box.x + 205, box.y + 28, box.w - 215, 150)
        if self.view.card and self.view.card in self.rules.cards:
            w = self._card_width(card_rect.w)
            r = pygame.Rect(0, 0, w, card_rect.h)
            r.center = card_rect.center
            pygame.draw.rect(surface, (250, 244, 226), r, border_radius=6)
            pygame.draw.rect(surface, P.INK, r, 2, border_radius=6)
            if w > card_rect.w * 0.8:
                card = self.rules.cards[self.view.card]
                blit_text(surface, f"Card {card.id}", "type_bold", 15, P.INK, (r.x + 8, r.y + 6))
                heading = wrap(card.type.replace("_", " ").upper(), "cond", 15, r.w - 16)
                for j, line in enumerate(heading[:2]):
                    blit_text(surface, line, "cond", 15, P.TARGET, (r.x + 8, r.y + 26 + j * 17))
                top = r.y + 30 + 17 * min(2, len(heading))
                for j, line in enumerate(wrap(card.describe(), "type", 14, r.w - 16)[:5]):
                    blit_text(surface, line, "type", 14, P.INK, (r.x + 8, top + j * 17))
        else:
            pygame.draw.rect(surface, P.INK_FAINT, card_rect, 2, border_radius=6)
            blit_text(surface, "no card", "type", 14, P.INK_FAINT, card_rect.center, "center")
        return [(box, f"Attack {s['attack']} deck: the enemy draws five cards a turn (3.0)")]

    def _render_morale(self, surface: pygame.Surface, mbox: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
        """The morale track without its marker, drawn at ``mbox`` (cached: see :meth:`_draw_side`)."""
        s = self.view.s
        panel(surface, mbox, P.PAPER_LIGHT, P.INK)
        blit_text(surface, "MORALE", "cond", 16, P.INK_SOFT, (mbox.x + 10, mbox.y + 6))
        mx = self.rules.morale_max
        cw = (mbox.w - 20) // mx
        band_col = {"Panicked": (200, 110, 90), "Shaken": (226, 190, 110), "Emboldened": (140, 180, 120)}
        for name, lo, hi in self.rules.morale_bands:
            r = pygame.Rect(mbox.x + 10 + (lo - 1) * cw, mbox.y + 30, (hi - lo + 1) * cw, 44)
            pygame.draw.rect(surface, band_col.get(name, P.PAPER_DARK), r)
            blit_text(surface, name, "cond", 12, P.INK, (r.centerx, r.bottom + 3), "midtop")
        for v in range(1, mx + 1):
            r = pygame.Rect(mbox.x + 10 + (v - 1) * cw, mbox.y + 30, cw, 44)
            pygame.draw.rect(surface, P.INK, r, 1)
            blit_text(surface, str(v), "sans", 13, P.INK_SOFT, (r.x + 3, r.y + 2))
        return [(mbox, f"Morale {s['morale']}: {self.rules.band(s['morale'])} (1.2); the post office falls at 0")]

    def _tactic_slots(self) -> list[tuple[str | None, int, float, P.Colour, float]]:
        """What each Tactics slot shows now: (card or None, drawn width, flip 0..1, fill, flash)."""
        box = self.tactics_rect
        s = self.view.s
        t = s.get("tactics") or {"decks": {}, "in_play": []}
        mode = self.rules.tactics_modes.get(str(s.get("difficulty", "standard")))
        out: list[tuple[str | None, int, float, P.Colour, float]] = []
        slot_w = box.w - 16
        for i in range(mode.in_play if mode else 1):
            cid = t["in_play"][i] if i < len(t["in_play"]) else None
            if cid is None or cid not in self.rules.tactics:
                out.append((None, 0, 1.0, (250, 244, 226), 0.0))
                continue
            k = self.stage.tactic_flip.get(cid, 1.0)
            w = max(2, int(slot_w * abs(math.cos(math.pi * (1 - k) / 2)))) if k < 1 else slot_w
            flash = self.stage.tactic_flash.get(cid, 0.0)
            fill = P.mix((250, 244, 226), P.HIGHLIGHT, min(1.0, flash)) if flash > 0 else (250, 244, 226)
            out.append((cid, w, k, fill, flash))
        return out

    def _draw_tactics(self, surface: pygame.Surface) -> None:
        """The Tactics cards in play (8.1.2, 8.2.2) with their effect text, newest first, and the deck count."""
        cache = self._tactics_cache
        if cache is None:
            return
        s = self.view.s
        t = s.get("tactics") or {"decks": {}, "in_play": []}
        left = len(t["decks"].get(str(s["attack"]), []))
        slots = self._tactic_slots()
        # what the cached panel shows: the flip and flash values only through the width, side and colour drawn
        key = (s["attack"], left, tuple((cid, w, k < 0.5, fill, flash > 0) for cid, w, k, fill, flash in slots))

        def render(panel_surface: pygame.Surface, box: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
            return self._render_tactics(panel_surface, box, s["attack"], left, slots)
        self.hover_regions.extend(cache.draw(surface, key, render))

    def _render_tactics(self, surface: pygame.Surface, box: pygame.Rect, attack: object, left: int,
                        slots: list[tuple[str | None, int, float, P.Colour, float]]) -> list[tuple[pygame.Rect, str]]:
        hovers: list[tuple[pygame.Rect, str]] = []
        panel(surface, box, P.PAPER_LIGHT, P.INK)
        blit_text(surface, "TACTICS CARDS IN PLAY", "cond", 16, P.INK_SOFT, (box.x + 10, box.y + 6))
        blit_text(surface, f"deck {left} left", "cond", 16, P.INK_SOFT, (box.right - 10, box.y + 6), "topright")
        hovers.append((pygame.Rect(box.x, box.y, box.w, 30),
                       f"Tactics deck of Attack {attack}: {left} cards left (8.1.2, 8.2.2)"))
        for i, (cid, w, k, fill, flash) in enumerate(slots):
            slot = pygame.Rect(box.x + 8, box.y + 32 + i * TACTIC_CARD_H, box.w - 16, TACTIC_CARD_H - 6)
            if cid is None:
                pygame.draw.rect(surface, P.INK_FAINT, slot, 1, border_radius=6)
                blit_text(surface, "no card", "type", 15, P.INK_FAINT, slot.center, "center")
                continue
            card = self.rules.tactics[cid]
            r = pygame.Rect(0, 0, w, slot.h)
            r.center = slot.center
            if k < 0.5:  # still the back of the card
                pygame.draw.rect(surface, (120, 40, 36), r, border_radius=6)
                pygame.draw.rect(surface, P.INK, r, 2, border_radius=6)
                continue
            pygame.draw.rect(surface, fill, r, border_radius=6)
            pygame.draw.rect(surface, P.TARGET if flash > 0 else P.INK, r, 3 if flash > 0 else 2, border_radius=6)
            if w < slot.w * 0.8:
                continue
            blit_text(surface, card.name, "sans_bold", 19, P.TRAINED_RED, (r.x + 10, r.y + 6))
            blit_text(surface, f"Attack {card.deck}", "cond", 14, P.INK_SOFT, (r.right - 8, r.y + 9), "topright")
            lines = wrap(card.text, "sans", 16, r.w - 20)
            for j, line in enumerate(lines[:3]):
                if j == 2 and len(lines) > 3:
                    line = line.rstrip() + "…"
                blit_text(surface, line, "sans", 16, P.INK, (r.x + 10, r.y + 32 + j * 20))
            hovers.append((r, f"{card.name} (Tactics card, Attack {card.deck})\n{card.text}"))
        return hovers

    def notice_line(self) -> str:
        """The notice (why a click did nothing...) fitted beside the dice tray, cut with an ellipsis."""
        return fit(self.notice, "sans", 17, DICE_TRAY.x - BOTTOM.x - 28, 17)[0]

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        prompt = self.prompt()
        width = DICE_TRAY.x - BOTTOM.x - 28
        line: tuple[str, int] | None = None
        if self.notice_t > 0:
            notice: str | None = self.notice_line()
        else:
            notice = None
            caption = self.caption()
            if caption:
                line = fit(caption, "sans_bold", 19, width)

        def render(panel_surface: pygame.Surface, rect: pygame.Rect) -> None:
            panel(panel_surface, rect, (70, 60, 50), P.INK)
            blit_text(panel_surface, prompt, "sans_bold", 20, P.PAPER_LIGHT, (rect.x + 14, rect.y + 12))
            if notice is not None:
                blit_text(panel_surface, notice, "sans", 17, (255, 200, 160), (rect.x + 14, rect.y + 42))
            elif line is not None:
                blit_text(panel_surface, line[0], "sans_bold", line[1], P.GOLD, (rect.x + 14, rect.y + 42))
            self._draw_buttons(panel_surface, self.buttons, self._bottom_cache.rect.topleft)
        self._bottom_cache.draw(surface, (prompt, notice, line, button_states(self.buttons)), render)
        self.stage.tray.draw(surface)

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


