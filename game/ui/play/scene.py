"""The play scene: one game from its first event to the results. It sends the player's choices to the core,
autosaves after each, hands the events the core returns to the animator, gives the choices back to the
controller when the animations are done, and draws a frame from its parts: the board layer, the panels, the
hint, the popup and the tooltip. No rule is decided here: every choice offered comes from
``game.legal_actions()`` and every outcome from ``game.apply``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import pygame

from game import codes, i18n
from game.i18n import N_, Msg, _
from game.rules import Action, Event, Game, IllegalAction, LevelError
from game.rules.data import Rules, default_rules
from game.rules.kinds import ActionKind, DecisionKind
from game.ui import effects, journal, music, palette, records, scores, storage
from game.ui.board import BoardRenderer
from game.ui.cache import HoverRegions, ScreenMemory
from game.ui.counters import CounterArt
from game.ui.layout import Geometry
from game.ui.play import hints
from game.ui.play.animator import Animator
from game.ui.play.board_layer import BoardLayer, BoardMarks
from game.ui.play.controller import Controller
from game.ui.play.danger import Danger
from game.ui.play.hud import UNDO_TIP, Hud, top_bar_buttons
from game.ui.play.positions import Positions
from game.ui.play.stage import Stage
from game.ui.play.story import story_of
from game.ui.play.summary import Section, SummaryPanel, summarize, unfinished
from game.ui.play.tooltips import board_text, draw_hover, hover_tip
from game.ui.records import game_id
from game.ui.scene import Context, Scene
from game.ui.tween import AnimQueue
from game.ui.view import View
from game.ui.widgets import Button, handle_buttons
from game.ui.words import describe, explained

HINT_KEY = pygame.K_h
UNDO_KEYS = (pygame.K_z, pygame.K_BACKSPACE)  # Ctrl+Z or Backspace
OFF_SCREEN = (-1000, -1000)  # the mouse position a covered scene keeps until the mouse moves again
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
LOG_LEAST = 150  # pixels of the log kept below a summary (its newest lines); less and the summary takes it all


def autosave(game: Game) -> str:
    """Write the game's JSON atomically to the user's data folder; "" or a one-line error. A finished game is
    saved too: until a new game replaces it, Continue shows its results (and enters its score if a crash came
    before it was entered)."""
    try:
        storage.write_atomic(storage.save_path(), game.to_json())
        return ""
    except OSError as exc:
        return _("Autosave failed: {error}", error=exc)


def enter_game(ctx: Context, game: Game) -> tuple[journal.Played, scores.Tables, int | None]:
    """Enter a finished game (once: the tables and the journal know the game's id) in the journal of games (the
    statistics), and in the high-score table of its difficulty, or, for a daily challenge, as that day's scored
    attempt when it is the first finished (later attempts are practice, in no table); its record is kept for the
    review while it is in a table. The journal's line, the tables and the entry's rank in the high-score table
    (None for a daily challenge); what failed is one line in ``ctx.message``."""
    result = game.result or {}
    gid = game_id(game)
    played = journal.played_of(game, gid)
    if played.daily:  # the journal says whether it is the day's scored attempt
        played, msg = journal.enter(played)
        tables, rank = scores.load_scores()[0], None
        keep = played.scored
    else:
        tables, rank, msg = scores.record(str(game.state.get("difficulty", "standard")),
                                          int(result.get("score", game.score())), str(result.get("award") or ""),
                                          int(game.state["seed"]), game=gid)
        keep = rank is not None
    if keep:  # in a table: its record is kept for the review; those that left, removed
        msg = "; ".join(m for m in (msg, records.save(gid, game)) if m)
        records.prune({e.game for entries in tables.values() for e in entries if e.game} |
                      {p.game for p in journal.load()[0].daily_table()})
    if not played.daily:  # the journal last: a game found there was entered everywhere (``enter_unrecorded``)
        played, err = journal.enter(played)
        msg = "; ".join(m for m in (msg, err) if m)
    if msg:
        ctx.message = msg
    return played, tables, rank


def warm_up() -> Iterator[None]:
    """What the first game's first frame would otherwise make at once (the rules data read, the printed board's
    ground, every figure, the blasts' lights: about 250 ms, a stall at New game or Continue), a piece at each
    step of the generator: the app takes one a frame while the title shows (each under 100 ms). Everything made
    is kept once a process, so the play scene's :meth:`PlayScene.prewarm` then finds it made."""
    try:
        rules = default_rules()
    except LevelError:  # damaged levels: said where a game would start (New game, Continue, the demo)
        return
    yield
    BoardRenderer(rules, Geometry(rules)).ground()
    yield
    draw_figures(CounterArt(rules), rules, ())


def draw_figures(art: CounterArt, rules: Rules, tokens: Iterable[str]) -> None:
    """Every counter's figure, ``tokens``' too, and the blasts' lights: each kept once a process when made."""
    for name in rules.defenders:
        art.defender(name, False, False)
    for ctype in [*rules.assault_types, *rules.support_types]:
        art.enemy(ctype, "", False)
    for tok in tokens:
        art.token(tok)
    art.car()
    art.fire_truck()
    effects.prewarm()


def enter_unrecorded(ctx: Context) -> bool:
    """At start: a finished game in the autosave that the journal does not know (the game was killed between its
    last decision and its entry, :func:`enter_game` writing the journal last) is entered now, trusted only once
    its decisions replay to it (``Game.trusted``). Whether one was entered; never raises (a save that cannot be
    trusted is left for Continue to refuse in one line)."""
    try:
        text = storage.read_text(storage.save_path())
        raw = json.loads(text) if text else None
        if not isinstance(raw, dict) or raw.get("result") is None:
            return False
        game = Game.trusted(text or "")
    except Exception:  # noqa: BLE001 - Continue reports what is wrong with the save
        return False
    if not game.over or any(p.game == game_id(game) for p in journal.load()[0].games):
        return False
    enter_game(ctx, game)
    return True


class PlayScene(Scene):
    """One game in play; ``fresh`` plays its opening events, otherwise it goes on from the autosave."""

    name = "play"
    demo = False  # the demo scene (game/ui/scenes/demo.py) plays by itself and never saves
    guided = False  # the guided first game (game/ui/scenes/tutorial.py): not entered in the high scores
    resumed_line = N_("Game resumed from the autosave.")  # the log's line when a game goes on from a save

    def __init__(self, ctx: Context, game: Game, fresh: bool = True) -> None:
        super().__init__(ctx)
        self.game = game
        game.keep_undo = not self.demo  # the player's decisions since the last die or card can be taken back
        game.keep_history = not self.demo  # the game's record, for its after-action review
        self.rules = game.rules
        self.geo = Geometry(self.rules)
        self.art = CounterArt(self.rules)
        self.queue = AnimQueue()
        self.hud = Hud(game)
        self.memory = self.hud.memory = ScreenMemory()  # what the last frame left on the screen
        self.log = self.hud.log
        self.log_area = pygame.Rect(self.log.rect)  # the log's place (a summary takes its top part while it shows)
        self.log.on_section = lambda section: self.stack.push(self.ctx.scenes.rules(section))
        self.positions = Positions(self.rules, self.geo, View(game.state), self.queue)
        self.positions.aiming = lambda: self.controller.mode == "attack"
        self.view = self.positions.view
        self.stage = Stage(self.positions, self.log, game.state)
        self.animator = Animator(self.stage, self.art, self.queue, ctx.sounds, self.show_results)
        self.board_layer = BoardLayer(self.rules, self.geo, self.art, self.stage)
        self.controller = Controller(game, self.positions, self.queue, self.submit, self.say)
        self.hover_regions: HoverRegions = []  # the panels' and tracks' hover texts, collected as a frame is drawn
        self.fresh = fresh
        self.time = 0.0
        self.top_buttons: list[Button] = []
        self.results_shown = False
        self.recorded: tuple[scores.Tables, int | None] | None = None  # the high-score entry, once the game ends
        self.played: journal.Played | None = None  # its line in the journal of games, once the game ends
        self.synced = False  # the drawn position and the legal actions match the core
        self.hint: tuple[Action, str] | None = None  # the planner's recommendation (Hint button, demo caption)
        self.hint_wanted = False  # Hint asked while animations ran: given when they end
        self.hint_language = i18n.language()  # the language the hint's reason was worded in
        self.thinker = hints.Thinker(hints.think)  # the planner thinking about a Hint off the frame loop
        self.danger = Danger()  # the coming Enemy Phase's danger, worked out off the frame loop
        self.serial = 0  # counts the positions the player has been shown (a choice or an undo makes a new one)
        self.hint_logged = False  # the log has the line of the hint asked for (asking again adds none)
        self.summary: SummaryPanel | None = None  # what changed in the phases just played, over the log
        self.summed: list[Section] = []  # the phases that ended in the events playing (shown when they end)
        self.unsummed: list[list[Event]] = []  # the batches of events of the phase going on, one a decision
        self._build_top()

    def limit(self, what: str) -> int:
        """Moves ("defender_moves") or actions ("defender_actions") allowed this Defense Phase (4.0; fewer with a
        Tactics card): asked of the core."""
        return self.game.limit(what)

    # ------------------------------------------------------------------ lifecycle
    def prewarm(self) -> None:
        """Render the board and the usual counters before the first frame (no hitch when they first appear)."""
        self.board_layer.board.static(self.ctx.settings.colour_blind)
        draw_figures(self.art, self.rules, self.game.state["tokens"])

    def enter(self) -> None:
        self.prewarm()
        self.queue.speed = self.ctx.settings.speed
        if self.fresh:
            self.log.add(Msg("Gdańsk, 1 September 1939. The Polish Post Office No. 1 is attacked."), palette.POST_BLUE)
            self.view.rewind(self.game.initial_events)  # play the opening from the board before it
            self.stage.markers_at(self.view.state)
            self.play(self.game.initial_events)
            self.ctx.message = self.save() or self.ctx.message
        else:
            self.tell_story()
            if self.resumed_line:
                self.log.add(Msg(self.resumed_line), palette.POST_BLUE)
            self.after_queue()

    def tell_story(self) -> None:
        """A continued game shows the story so far (replayed from the game's record): the log, the card being
        resolved and the last dice, as they were when the game was left."""
        told = story_of(self.game)
        if told is None:
            return
        for text, colour in told.lines:
            self.log.add(text, colour)
        self.view.card = told.card
        if told.dice is not None:
            d = told.dice.data
            self.stage.tray.roll(list(d["dice"]), told.dice.said, int(d.get("target", 0)), 0.0)
            self.stage.tray.finish()

    def exit(self) -> None:
        """The scene is left (a replay's Back or turn opens a new one, Quit to title): the questions its worker
        threads still work on are dropped, so they stop at their next future instead of taking the interpreter
        from the next scene's first frames (a danger of 64 futures took about 0.15 s beside it)."""
        self.danger.thinker.drop()
        self.thinker.drop()

    def pause(self) -> None:
        """A scene covers this one (pause menu, results): no tooltip, hover or drag is left behind under it."""
        for b in self.top_buttons:
            b.hover = False
        self.controller.release()
        self.positions.mouse = OFF_SCREEN
        self.positions.spread = None

    def resume(self) -> None:
        self.queue.speed = self.ctx.settings.speed
        self._build_top()

    def button_point(self, prefix: str) -> tuple[int, int] | None:
        """The centre of the first enabled button whose key (its English label) starts with ``prefix`` (popup,
        bar, top bar)."""
        for b in [*self.controller.popup.buttons, *self.controller.buttons, *self.top_buttons]:
            if b.key.startswith(prefix) and b.enabled:
                return b.rect.center
        return None

    # ------------------------------------------------------------------ the turn
    def play(self, events: list[Event]) -> None:
        """Animate ``events``; the choices come back when the queue is done."""
        self.synced = False
        if not self.demo and self.ctx.settings.summaries:
            # a phase's events may come in several batches (an Enemy Phase asks how many suppression tokens to
            # spend, or which casualty): each decision's batch is kept until the phase ends, so it is summed whole
            self.unsummed.append(events)
            flat = [event for batch in self.unsummed for event in batch]
            sections = summarize(self.rules, flat)
            if sections:
                self.summed = sections
                self.unsummed = [unfinished(flat)]
        self.animator.play(events)

    def after_queue(self) -> None:
        """The queue is done: the drawn position becomes the core's state again and the legal actions are
        offered to the player."""
        self.synced = True
        self.stage.settle(self.game.state)
        self.controller.offer(self.game.legal_actions())
        if self.summed and not self.game.over:  # (phases where nothing changed open no panel: the log says it)
            quiet = all(section.quiet for section in self.summed)
            self.summary = None if quiet else SummaryPanel(self.log_space(), self.summed, self.stage.point_at,
                                                          self.close_summary)
            self.summed = []
        if self.game.over and not self.results_shown:
            self.show_results()
        elif self.hint_wanted:
            self.hint_wanted = False
            self.ask_hint()

    def submit(self, action: Action) -> None:
        """Send one choice to the core, autosave, and queue the events it returns."""
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.say(str(exc))
            return
        self.ctx.sounds.play("click", 0.5)
        self.controller.withdraw()
        self.forget_hint()
        err = self.save()
        if err:
            self.say(err)
        if self.game.over:
            self.record_score()  # the moment the core declares the end, before any animation plays
        self.play(events)

    def log_space(self) -> pygame.Rect:
        """Where the log (and a summary over it) may stand this frame."""
        return self.log_area

    def close_summary(self) -> None:
        """The summary's Close button (or Esc): the log shows again."""
        self.summary = None

    def save(self) -> str:
        """Autosave after every choice; "" or a one-line error."""
        return autosave(self.game)

    def skip_animations(self) -> None:
        """Finish every queued animation at once and drop the effects in flight (Space, right click, Skip)."""
        self.queue.skip()
        self.clear_effects()

    def clear_effects(self) -> None:
        self.stage.clear_effects(self.game.over)

    def say(self, msg: str) -> None:
        """One line in the bottom bar for a few seconds (why a click did nothing, an autosave error)."""
        self.hud.say(msg)

    def prompt(self) -> str:
        return self.controller.prompt()

    # ------------------------------------------------------------------ Hint
    def hint_blocker(self) -> str:
        """Why the Hint is not available now, or "" when it is."""
        return hints.hint_blocker(self.game, self.queue.busy, self.synced, self.controller.legal,
                                  self.thinker.thinking)

    def ask_hint(self) -> None:
        """The planner's recommended next action and why (a fresh planner on a copy of the game, in a worker
        thread: the frames go on, the bar says it thinks), highlighted on the board until the player acts. Asked
        again for the same position it is shown again, with no second log line."""
        if self.thinker.thinking:
            self.say(_("Hint: the planner is still thinking."))
            return
        why = self.hint_blocker()
        if why and not self.game.over and (self.queue.busy or not self.synced):
            self.hint_wanted = True  # asked while the animations run: it comes when they end
            self.say(_("Hint: it comes as soon as the animations end."))
            return
        if why:
            self.say(_("No hint now: {why}.", why=why[:1].lower() + why[1:]))
            return
        if self.hint is not None and self.hint_language == i18n.language():
            self.hint_on_bar(self.hint[0])  # the same position, the same hint: shown, not logged twice
            return
        self.hint_language = i18n.language()
        self.thinker.start(self.game)

    def take_hint(self) -> None:
        """The frame loop's side of the Hint: the planner's answer, when it comes, shown and logged (once)."""
        got = self.thinker.take()
        if got is None:
            return
        if self.hint_language != i18n.language():  # the language changed while it thought: asked again
            self.hint_language = i18n.language()
            self.thinker.start(self.game)
            return
        self.hint = got
        self.hint_on_bar(got[0])
        if not self.hint_logged:
            self.log.add(_("Hint: {hint}", hint=explained(self.game, *got)), palette.POST_BLUE)
            self.hint_logged = True

    def wait_hint(self, timeout: float | None = None) -> None:
        """Block until the planner's answer comes and show it (for callers without frames: tests, tools)."""
        self.thinker.wait(timeout)
        self.take_hint()

    def forget_hint(self) -> None:
        """The position changed (a choice, an undo): its hint, and any answer still being thought, are gone."""
        self.hint = None
        self.hint_logged = False
        self.thinker.drop()
        self.serial += 1

    def hint_on_bar(self, action: Action) -> None:
        """The recommendation as one click in the bar (Apply hint); a recommended number of suppression tokens
        the stepper does not show yet is shown too (ringed in gold)."""
        self.controller.show_hint(action)

    def caption(self) -> str:
        """The gold line under the prompt: the hint in words and why, or that the planner thinks (asked again
        of the planner when the player has changed the language since: the same choice, its reason in the new
        words; the log keeps the line of its moment)."""
        if self.hint is not None and not self.queue.busy and self.hint_language != i18n.language():
            self.hint = None
            self.hint_language = i18n.language()
            self.thinker.start(self.game)
        if self.thinker.thinking:
            return _("Hint: the planner is thinking") + "." * (1 + int(self.time * 3) % 3)
        if self.hint is None or self.queue.busy:
            return ""
        return _("Hint: {hint}", hint=explained(self.game, *self.hint))

    def hint_marks(self, action: Action) -> hints.HintMarks:
        """What to highlight for ``action``: defenders, enemy counters, spaces, buttons."""
        return hints.hint_marks(action, self.view.state["defenders"],
                                [*self.controller.buttons, *self.controller.popup.buttons])

    # ------------------------------------------------------------------ the end of the game
    def record_score(self) -> tuple[scores.Tables, int | None]:
        """Enter the finished game once (:func:`enter_game`); the tables and the entry's rank in the high-score
        table (None for a daily challenge)."""
        if self.recorded is None:
            self.played, tables, rank = enter_game(self.ctx, self.game)
            self.recorded = (tables, rank)
        return self.recorded

    def show_results(self) -> None:
        """Show the results with the high-score table (the score was entered when the game ended, or is entered
        now when a finished save is continued)."""
        if self.results_shown:
            return
        self.results_shown = True
        tables, rank = self.record_score()
        self.stack.push(self.ctx.scenes.results(self.game, tables, rank, self.guided, self.played))

    # ------------------------------------------------------------------ the top bar
    def _build_top(self) -> None:
        self.top_buttons = top_bar_buttons(self.ctx.settings.speed, self.set_speed, self.open_pause, self.ask_hint,
                                           self.undo)

    # ------------------------------------------------------------------ Undo
    def undo_blocker(self) -> str:
        """Why Undo is not available now, or "" when it is (the core says what can be taken back)."""
        if self.game.over:
            return N_("The game is over: its end cannot be taken back")  # (message ids: the pause menu's tip and
        if not self.game.undoable:                                      # the Undo button word them when drawn)
            return N_("Nothing to undo: a die, a card or a shuffle has been shown since your last decision")
        return ""

    def undo(self) -> None:
        """Take back the last decision (Undo button, Ctrl+Z, Backspace, the pause menu): the board, the choices
        and the autosave go back to just before it; nothing is rerolled or revealed."""
        why = self.undo_blocker()
        if why:
            self.say(_(why))
            return
        if self.queue.busy:
            self.skip_animations()
        self.controller.withdraw()
        action = self.game.undo()
        if self.unsummed:
            self.unsummed.pop()  # the events of the decision taken back
        self.forget_hint()
        self.log.add(_("Undone: {action}", action=describe(self.game, action)), palette.POST_BLUE)
        self.after_queue()
        err = self.save()
        if err:
            self.say(err)

    def set_speed(self, speed: float) -> None:
        """An animation speed button: saved in the settings at once."""
        self.ctx.settings.speed = speed
        self.queue.speed = speed
        self.ctx.save_settings()
        self._build_top()

    def open_pause(self) -> None:
        why = self.undo_blocker()
        self.stack.push(self.ctx.scenes.pause(self.undo, why or UNDO_TIP, not why,
                                              code=lambda: codes.encode(self.game)))

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Keys for the whole scene (Esc, Space, H), the log's scrolling, the top bar, a right click skipping the
        animations; the rest goes to the controller while the board is still."""
        controller = self.controller
        if event.type in MOUSE_EVENTS:
            self.positions.mouse = event.pos
            self.positions.update_spread(bool(controller.popup.buttons))
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and controller.cancel():
            return None  # Esc first drops what the player is choosing (a target, a menu), then the summary
        if self.summary is not None and self.summary.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not controller.cancel():
                    self.open_pause()
            elif event.key == pygame.K_SPACE:
                self.skip_animations()
            elif event.key == HINT_KEY:
                self.ask_hint()
            elif event.key in UNDO_KEYS and (event.key != pygame.K_z or event.mod & pygame.KMOD_CTRL):
                self.undo()
            elif not self.queue.busy:
                controller.key(event.key)
            return None
        if self.log.handle(event, self.positions.mouse):
            return None
        if handle_buttons(self.top_buttons, event):
            return None
        if self.queue.busy:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
                self.skip_animations()
            return None
        controller.handle(event)
        return None

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.time += dt
        self.stage.reduced = self.ctx.settings.reduced_motion
        s = self.view.state  # the soundtrack follows what the board shows: the bed tenser with the Attack and morale
        self.ctx.music.want("finale" if s.get("fire_truck_drawn") else "attack",
                            music.tension(int(s["attack"]), self.rules.band(int(s["morale"]))))
        self.queue.update(dt)
        if self.queue.speed == 0 and self.stage.effects:
            self.clear_effects()  # Skip speed: no effects left over from the skipped animations
        self.stage.update(dt, self.queue.speed)
        self.hud.update(dt)
        if not self.synced and not self.queue.busy:
            self.after_queue()
        if self.thinker.thinking:
            self.take_hint()
        kind = (self.game.decision or {}).get("kind")
        defending = kind in (DecisionKind.MOVES, DecisionKind.ACTIONS)
        self.danger.update(self.game, self.serial, self.synced and not self.queue.busy and not self.game.over
                           and defending and self.ctx.settings.danger, self.time)

    def still(self) -> bool:
        """The board waits for the player: no animation queued or in flight."""
        return not self.queue.busy and self.synced and self.stage.still() and not self.thinker.thinking \
            and not self.danger.thinking

    def draw(self, surface: pygame.Surface) -> None:
        stack = self.ctx.stack
        self.memory.begin(surface, stack.draws, stack.visible() == [self])
        with self._framed():
            self._draw_frame(surface)

    @contextmanager
    def _framed(self) -> Iterator[None]:
        """Where every counter and defender stands, worked out once for what is done inside (a frame drawn, the
        view cannot change meanwhile); outside it the lookups read the view directly."""
        self.positions.featured = self._featured()
        with self.positions.frame(bool(self.controller.popup.buttons)):
            yield

    def _featured(self) -> frozenset[str]:
        """What a full interior box must show in its row: the selected defender, and the defender and counter a
        hint points at (never under a "+N" tile)."""
        names = {self.controller.selected} if self.controller.selected else set()
        if self.hint is not None and not self.queue.busy:
            defenders, counters, _spaces, _buttons = self.hint_marks(self.hint[0])
            names.update(defenders)
            names.update(counters)
        return frozenset(names)

    def _draw_frame(self, surface: pygame.Surface) -> None:
        c = self.controller
        summary = self.summary  # at the top of the log's place, the log's newest lines below it; or all of it
        area = self.log_space()
        below = summary.fit(area, LOG_LEAST) if summary is not None else area
        self.log.rect = below if below is not None else area
        in_place = summary is not None and summary.rect == self.log.rect
        opaque = self.hud.opaque() if summary is None or in_place else (*self.hud.opaque(), area)
        self.hover_regions = self.board_layer.draw(surface, self._marks(), self.ctx.settings.colour_blind, opaque)
        self.hover_regions.extend(self.hud.draw_top(surface, self.view, self.top_buttons, self.hint_blocker,
                                                    self.undo_blocker))
        self.hover_regions.extend(self.hud.draw_side(surface, self.stage, in_place))
        memory = self.memory  # what is drawn over the panels from here on is told to it (ScreenMemory)
        if summary is not None:  # the log's hover texts are under it
            self.hover_regions = [(r, m) for r, m in self.hover_regions if not r.colliderect(summary.rect)]
            summary.draw(surface, memory)  # a panel of its own place: blitted only when its image changed
            if below is not None:  # the strip of table between the panel and the log under it
                surface.fill(palette.TABLE, (area.x, summary.rect.bottom, area.w, below.y - summary.rect.bottom))
        if "morale" in self.stage.pointed:  # a summary's line about morale, clicked: the track is ringed
            k = self.stage.pointed["morale"]
            ring = self.hud.morale_cache.rect.inflate(6, 6)
            pygame.draw.rect(surface, palette.GOLD, ring, max(2, int(5 * min(1, k))), border_radius=8)
            memory.drawn_over(ring)
        self.hover_regions.extend(self.hud.draw_bottom(surface, self.prompt(), self.caption, c.buttons,
                                                       self.stage.tray))
        if self.hint is not None and not self.queue.busy:
            hints.draw_hint(surface, self.hint_marks(self.hint[0]), self.board_layer.board, self.positions,
                            self.time)
            memory.drawn_over_everything()  # rings on the board and around buttons
        memory.drawn_over(self.board_layer.draw_banner(surface))
        if c.popup.buttons and c.popup.rect:
            c.popup.draw(surface)
            memory.drawn_over(c.popup.rect)
        if self.board_layer.draw_flash(surface):
            memory.drawn_over_everything()
        memory.drawn_over(draw_hover(surface, self.positions.mouse, *self._hovered()))

    def _hovered(self) -> tuple[list[Button], pygame.Rect | None, HoverRegions, Callable[[], str]]:
        """What the tooltip at the mouse is chosen from (``tooltips.hover_tip``): the buttons, the open menu, the
        panels' hover regions of the last frame drawn, and the board's words under the mouse."""
        c = self.controller

        def on_board() -> str:
            if self.queue.busy:  # the enemy acts: no tooltip left over the pieces moving under it
                return ""
            return board_text(self.game, self.positions, self.positions.mouse, c.targets(), c.selected, c.dragging,
                              bool(c.popup.buttons))
        summary = [self.summary.close_button] if self.summary is not None else []
        return ([*c.popup.buttons, *c.buttons, *self.top_buttons, *summary], c.popup.rect if c.popup.buttons else None,
                self.hover_regions, on_board)

    def tooltip_text(self) -> str:
        """What the tooltip at the mouse says ("" none): the words the next frame draws there."""
        with self._framed():
            return hover_tip(self.positions.mouse, *self._hovered())[0]

    def _marks(self) -> BoardMarks:
        """What the player's choice lights up on the board this frame."""
        c = self.controller
        dec = self.game.decision
        question = None  # the space a suppression or casualty decision is about
        if dec and not self.queue.busy and dec["kind"] in (DecisionKind.SUPPRESSION, DecisionKind.CASUALTY):
            question = dec["space"]
        dragged = c.drag[0] if c.dragging and c.drag is not None else None
        return BoardMarks(self.time, c.targets(), c.mode, c.selectable_defenders(), c.selected, self.hint is not None,
                          question, dragged, self.positions.mouse, self._sight(), self._odds(),
                          self.danger.shown if not self.queue.busy else None)

    def _odds(self) -> dict[str, float]:
        """Attack mode: the core's odds of each lit target; the Grenades item of an open menu under the mouse: each
        counter's chance in the interior (shown on the counters before any die rolls)."""
        c = self.controller
        if self.queue.busy:
            return {}
        hovered = next((b.data for b in c.popup.buttons if b.hover and isinstance(b.data, Action)), None)
        if hovered is not None and hovered.kind == ActionKind.GRENADE:  # the Grenades item: each counter's chance
            thrown = self.game.grenade_odds(hovered)
            return dict(thrown[0]) if thrown is not None else {}
        if c.mode != "attack":
            return {}
        out: dict[str, float] = {}
        for key, actions in c.targets().items():
            odds = [p for p in (self.game.odds(a) for a in actions if a.kind == ActionKind.ATTACK) if p is not None]
            if odds:
                out[key] = max(odds)
        return out

    def _sight(self) -> tuple[str, ...]:
        """The spaces the defender under the mouse could fire at (the core's 4.2.1), lit while the board waits
        for the player and no menu or drag is open."""
        c = self.controller
        if self.queue.busy or c.popup.buttons or c.dragging:
            return ()
        name = c.defender_at(self.positions.mouse)
        if name is None or self.game.defender(name)["status"] != "board":
            return ()
        return tuple(self.game.sight(name))

    def invalidate_caches(self) -> None:
        """Forget every cached image: the next frame draws everything from scratch (tests compare the two)."""
        self.board_layer.invalidate()
        self.hud.invalidate()
        self.memory.forget()
