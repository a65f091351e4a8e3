"""The guided first game: a play scene on a fixed seed with a coach beside the board.

The opening steps point at the board one thing at a time (the tracks, colours and line of sight, carrying
tokens, then a move: the defender pointed at may take a weapon with him, so the carrying comes first; the end of
the moves, an attack with its odds, suppression, morale, the Hint and Undo) and wait for the player's own click:
the step's action on the board, or the coach's Next. After them the player plays on, and the coach explains each
thing the first time it happens (the Clearing Phase, a grenade bundle, a breach, a suppression or casualty choice,
a support weapon, a new Attack, the Escape Phase).

Nothing is forced: any legal choice is accepted (a step whose moment has passed is left behind), Skip tutorial
ends the coaching and the game goes on, and the game with its coaching is saved after every decision in its own
file (``tutorial.json``: the player's autosave is never touched), so Tutorial on the title resumes it (not
Continue, which resumes the autosave: Quit to title says so). A guided game is not entered in the high-score
table. The coach stands at the bottom of the side panel and the log shrinks above it: it never covers the log.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.i18n import N_, _
from game.rules import Action, Event, Game, LevelError
from game.rules.kinds import ActionKind
from game.ui import palette, scores, storage
from game.ui.fonts import blit_text, wrap
from game.ui.layout import SIDE
from game.ui.play.hud import UNDO_TIP
from game.ui.play.scene import PlayScene
from game.ui.scene import Context
from game.ui.scenes.pause import PauseScene
from game.ui.widgets import Button, handle_buttons, panel

TUTORIAL_SEED = 1939
TUTORIAL_NAME = "tutorial.json"
VERSION = 1
MAX_BYTES = 4 << 20
LEAVE = N_("Leave to the title screen? The guided game is saved; Tutorial resumes it.")
COACH_GAP = 8  # between the log, above, and the coach at the bottom of the side panel


@dataclass(frozen=True)
class Step:
    """An opening step: its words, what it rings on the screen, and when it is done (None: the Next button)."""

    key: str
    text: str
    point: Callable[[TutorialScene], pygame.Rect | None]
    done: Callable[[TutorialScene], bool] | None = None


@dataclass(frozen=True)
class Note:
    """Explained the first time an event of one of ``kinds`` happens (and ``when`` holds for it)."""

    key: str
    kinds: tuple[str, ...]
    text: str
    when: Callable[[TutorialScene, Event], bool] = lambda scene, e: True


def _ring(rect: pygame.Rect | None, grow: int = 10) -> pygame.Rect | None:
    return rect.inflate(grow, grow) if rect is not None else None


def _defender_rect(scene: TutorialScene, name: str | None) -> pygame.Rect | None:
    if not name:
        return None
    x, y = scene.positions.defender_pos(name)
    return pygame.Rect(int(x) - 30, int(y) - 36, 60, 72)


def _first(scene: TutorialScene, kind: str) -> Action | None:
    """The choice of ``kind`` the coach points at: the attack with the best odds, else the first legal one."""
    legal = [a for a in scene.controller.legal if a.kind == kind]
    if kind == ActionKind.ATTACK and legal:
        return max(legal, key=lambda a: scene.game.odds(a) or 0.0)
    return legal[0] if legal else None


def _bar(scene: TutorialScene, label: str) -> pygame.Rect | None:
    return next((b.rect for b in scene.controller.buttons if b.key == label), None)


def _top(scene: TutorialScene, label: str) -> pygame.Rect | None:
    return next((b.rect for b in scene.top_buttons if b.key == label), None)


def _tracks(scene: TutorialScene) -> pygame.Rect:
    points = [scene.positions.space_point(sp) for sp in scene.rules.track_spaces]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs) - 30, min(ys) - 30, max(xs) - min(xs) + 60, max(ys) - min(ys) + 60)


def _did(kinds: tuple[str, ...], phase: str) -> Callable[[TutorialScene], bool]:
    """Done when the player made a choice of one of ``kinds``, or the moment passed (the game left ``phase``)."""
    def done(scene: TutorialScene) -> bool:
        return bool(set(kinds) & scene.made) or (scene.synced and scene.game.phase != phase)
    return done


STEPS: tuple[Step, ...] = (
    Step("welcome", N_("1 September 1939, Danzig. You command the postal workers and soldiers defending the Polish "
         "Post Office. Hold out through three Attacks until the fire truck ends the last one; every defender "
         "still inside scores."), lambda s: None),
    Step("tracks", N_("The enemy comes along these assault tracks. Each turn the Enemy Phase draws cards: counters "
         "are placed on a track and advance one space at a time toward an entrance of the building."), _tracks),
    Step("colours", N_("Every space has a colour. A defender can fire only at track spaces sharing a colour with "
         "his own space: that is his line of sight (rule 1.4). Hover a defender or a space to read it."),
         lambda s: _ring(s.geo.rect(next(iter(s.rules.defender_spaces))))),
    Step("carry", N_("Weapons and ammunition are tokens in the spaces. A defender moving out of a space can carry "
         "them: the popup asks what he takes. A weapon fires only with ammunition beside it."),
         lambda s: None),  # before the first move: it may carry a weapon
    Step("move", N_("The Defense Phase starts with moves. Click a defender: the spaces of his floor he can reach "
         "light up. Click one (anywhere inside it) to move him there. Try it now."),
         lambda s: _defender_rect(s, (_first(s, "move") or Action(ActionKind.MOVE, ("",))).args[0]),
         _did(("move", "shift"), "moves")),
    Step("end_moves", N_("When your moves are done, click End moves (or press Enter). Remember: a defender who moved "
         "this turn cannot also take an action (4.2)."),
         lambda s: _ring(_bar(s, "End moves")), _did(("end_moves",), "moves")),
    Step("attack", N_("Now the actions. Click a defender: his menu opens and the enemies he can hit light up, each "
         "with its chance to be removed on it. Click one to fire."),
         lambda s: _defender_rect(s, (_first(s, "attack") or Action(ActionKind.ATTACK, ("",))).args[0]),
         _did(("attack", "grenade", "suppress", "recover", "command"), "actions")),
    Step("odds", N_("Each die that reaches the counter's defense hits it. The defender who fired is now exhausted "
         "(hatched): only a Recover action (4.2.3) readies him again. The dice show in the tray below; the log "
         "narrates every roll, and a click on a line opens its rule."), lambda s: None),
    Step("suppress", N_("Suppress… in a defender's menu puts suppression tokens on an empty track space he sees "
         "(he needs a Suppress weapon and ammunition): a counter arriving there must get past them."),
         lambda s: None),
    Step("morale", N_("Morale: every defender lost and some enemy successes lower it. At 0 the post office falls "
         "and the game is lost."), lambda s: _ring(s.hud.morale_cache.rect, 4)),
    Step("tools", N_("Stuck? Hint (H) shows what the planner would do and why; then Apply hint (A) does it. Undo "
         "(Ctrl+Z) takes back your choices until a die is rolled or a card drawn."), lambda s: _ring(_top(s, "Hint"))),
    Step("end_actions", N_("Click End actions when you are done: the turn goes on with the Clearing and Enemy Phases. "
         "From here you play on your own; I will explain each new thing when it first happens."),
         lambda s: _ring(_bar(s, "End actions")), _did(("end_actions",), "actions")),
)

def _at_a_door(scene: TutorialScene, event: Event) -> bool:
    space = scene.rules.track_spaces.get(str(event.data.get("space", "")))
    return space is not None and space.next == ""


NOTES: tuple[Note, ...] = (
    Note("door", ("counter_advanced",), N_("A counter stands at a door: its next advance breaks into the building, "
         "and the defenders on that entrance's door space (the space with the entrance's flag) are killed "
         "(3.1.2). Move them away, or shoot the counter first."), _at_a_door),
    Note("disrupted", ("defender_disrupted",), N_("A defender was disrupted (the red D on his counter): he can do "
         "nothing until he recovers (4.2.3), and a second disruption before that kills him.")),
    Note("leader", ("counter_placed",), N_("A leader (a named counter): if an Attack's deck runs out while a counter "
         "is inside and a leader is on the board, the Attack goes on (2.1-2.3). Removing leaders shortens it."),
         lambda scene, e: e.data.get("unit") == "leader"),
    Note("suppression", ("__decision_suppression",), N_("A counter is entering a space with your suppression tokens. "
         "Choose how many to spend: each is a die against its defense, and a hit sends it back (4.2.2).")),
    Note("breach", ("breach",), N_("An enemy counter broke in (3.1.2): it is inside the building now. Defenders of "
         "that floor can fire at it, and grenades hit every counter inside the floor.")),
    Note("clearing", ("clearing_target", "counter_changed_floor", "counter_idle", "casualty"), N_("The Clearing Phase "
         "(5.0): each counter inside removes defenders of its floor, following the Target table printed in the "
         "interior; a disrupted one does nothing."), lambda scene, e: e.section.startswith("5.")),
    Note("casualty", ("__decision_casualty",), N_("A counter removes a defender and the rules let you choose among "
         "equals: click the one who falls.")),
    Note("bundle", ("barrier_destroyed",), N_("A grenade bundle blew a barrier (3.1): the counters stacked behind it "
         "advance through the gap."), lambda scene, e: e.section == "3.1"),
    Note("support", ("support_placed",), N_("A support weapon is placed on a lettered support space (3.2): it fires "
         "at a floor it sees every time its card comes up."), lambda scene, e: e.section.startswith("3.")),
    Note("attack2", ("attack_started",), N_("A new Attack begins: the board is cleared, new counters set up, and a new "
         "deck is used (2.2, 2.3)."), lambda scene, e: int(e.data.get("attack", 1)) > 1),
    Note("escape", ("phase_changed",), N_("The Escape Phase (6.0): a defender on an entrance space whose route is "
         "clear may slip out. An escaped postal worker scores double."),
         lambda scene, e: e.data.get("phase") == "escape"),
)
NOTE_KEYS = {n.key for n in NOTES}


def tutorial_path() -> Path:
    return storage.data_dir() / TUTORIAL_NAME


TUTORIAL_KEYS = {"version", "step", "seen", "game"}  # and "coaching", which the first files did not write


def read_tutorial(raw: object) -> tuple[int, set[str], bool, Game]:
    """The guided game's file, read strictly: the step reached, the notes shown, whether the coach speaks, and the
    game, which must be the guided game (seed :data:`TUTORIAL_SEED`, Standard) and is trusted only once its
    decisions replay to it (``Game.trusted``). Raises ValueError in one line for anything else: a key missing or
    unknown, a field of the wrong type, a step past the last, a note twice."""
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        raise ValueError("not a guided game of this version")
    unknown, missing = set(raw) - TUTORIAL_KEYS - {"coaching"}, TUTORIAL_KEYS - set(raw)
    if unknown or missing:
        raise ValueError(f"an unknown field {sorted(unknown)[0][:20]!r}" if unknown else
                         f"a missing field {sorted(missing)[0]!r}")
    step, seen, coaching, saved = raw["step"], raw["seen"], raw.get("coaching", True), raw["game"]
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(STEPS):
        raise ValueError(f"a step that is not 0 to {len(STEPS)}")
    if not isinstance(seen, list) or any(not isinstance(k, str) or k not in NOTE_KEYS for k in seen) or \
            len(set(seen)) != len(seen):
        raise ValueError("a damaged list of notes shown")
    if not isinstance(coaching, bool):
        raise ValueError("a coaching field that is not true or false")
    if not isinstance(saved, str):
        raise ValueError("no game")
    game = Game.trusted(saved)
    if game.state["seed"] != TUTORIAL_SEED or game.state["difficulty"] != "standard":
        raise ValueError("a game that is not the guided one")
    return step, set(seen), coaching, game


def load_tutorial(ctx: Context) -> TutorialScene | None:
    """The guided game saved in ``tutorial.json`` at the step it reached, or None (no file; a damaged one is set
    aside with a one-line message)."""
    path = tutorial_path()
    try:
        text = storage.read_text(path, MAX_BYTES)
        if text is None:
            return None
        step, seen, coaching, game = read_tutorial(storage.parse_json(text))
        return TutorialScene(ctx, game, fresh=False, step=step, seen=seen, coaching=coaching)
    except LevelError as exc:
        ctx.message = _("Cannot resume the guided game: {error}", error=exc)
        return None
    except Exception as exc:  # noqa: BLE001 - any failure of a damaged file is a message, never a crash
        aside = storage.move_aside(path)
        ctx.message = _("The guided game in {file} was damaged ({error}; kept as {aside}); it starts afresh.",
                        file=TUTORIAL_NAME, error=str(exc)[:80], aside=aside.name) if aside else \
            _("The guided game in {file} was damaged ({error}); it starts afresh.", file=TUTORIAL_NAME,
              error=str(exc)[:80])
        return None


def start_tutorial(ctx: Context) -> None:
    """Tutorial on the title: resume the guided game, or begin it."""
    scene = load_tutorial(ctx)
    if scene is None:
        try:
            scene = TutorialScene(ctx, Game.new(TUTORIAL_SEED, "standard"), fresh=True)
        except LevelError as exc:
            ctx.message = _("Cannot start the guided game: {error}", error=exc)
            return
    ctx.message = ""
    ctx.stack.push(scene)


class TutorialScene(PlayScene):
    """A play scene with the coach: the opening :data:`STEPS` in order, then the :data:`NOTES` as they happen."""

    name = "tutorial"
    guided = True

    def __init__(self, ctx: Context, game: Game, fresh: bool = True, step: int = 0, seen: set[str] | None = None,
                 coaching: bool = True) -> None:
        self.step = step
        self.seen: set[str] = set(seen or ())
        self.coaching = coaching
        self.made: set[str] = set()  # the kinds of choice made since the current step began
        self.notes: list[Note] = []  # waiting to be shown, the first on screen
        self.coach_buttons: list[Button] = []
        super().__init__(ctx, game, fresh)  # (self.log_area: the log's place; the coach takes its lower part)

    def coach_rect(self) -> pygame.Rect | None:
        """Where the coach stands: at the bottom of the side panel, as high as its words need (None when it is
        silent). The log gives it that room: its panel shrinks to what is left above, so that the coach never
        covers a line of the log, the newest above all."""
        text, _point, waits = self.current()
        if not text:
            return None
        h = 40 + 25 * len(wrap(text, "sans", 19, SIDE.w - 28)) + (74 if waits else 104)
        area = self.log_area
        h = min(h, area.h - 4 * self.log.line_h - COACH_GAP)  # the log keeps a few lines whatever the words
        return pygame.Rect(area.x, area.bottom - h, area.w, h)

    # ---- what the coach says
    def current(self) -> tuple[str, pygame.Rect | None, bool]:
        """The coach's words, the rect it rings, and whether it waits for Next / Got it ("" when silent)."""
        if not self.coaching:
            return "", None, False
        if self.notes:
            return _(self.notes[0].text), None, True
        if self.step < len(STEPS):
            step = STEPS[self.step]
            try:
                point = step.point(self) if self.synced else None
            except (KeyError, ValueError, StopIteration):
                point = None  # what it pointed at is gone: the words still stand
            return _(step.text), point, step.done is None
        return "", None, False

    def advance(self) -> None:
        """Next / Got it, or the step's action done: the next note or step."""
        if self.notes:
            self.seen.add(self.notes.pop(0).key)
        elif self.step < len(STEPS):
            self.step += 1
            self.made = set()
        self.save()

    def skip_tutorial(self) -> None:
        self.coaching = False
        self.notes = []
        self.save()
        self.say(_("Coaching off: the guided game goes on as a normal game."))

    # ---- the play scene, coached
    def submit(self, action: Action) -> None:
        self.made.add(action.kind)
        super().submit(action)

    def play(self, events: list[Event]) -> None:
        """The events of a choice: the notes they call for are queued (once each), then animated as usual."""
        if events is not self.game.initial_events:  # the set-up is the tracks step's to explain
            for event in events:
                self._notice(event.kind, event)
        super().play(events)

    def after_queue(self) -> None:
        super().after_queue()
        decision = self.game.decision
        if decision:
            self._notice(f"__decision_{decision['kind']}", None)

    def _notice(self, kind: str, event: Event | None) -> None:
        if not self.coaching:
            return
        for note in NOTES:
            if note.key in self.seen or note in self.notes or kind not in note.kinds:
                continue
            if event is None or note.when(self, event):
                self.notes.append(note)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.coaching and not self.notes and self.step < len(STEPS):
            done = STEPS[self.step].done
            if done is not None and done(self):
                self.advance()

    def save(self) -> str:
        """The guided game in its own file, with the step it reached: the player's autosave is never touched. A
        finished guided game is removed (Tutorial then starts a new one)."""
        if self.game.over:
            try:
                tutorial_path().unlink(missing_ok=True)
                return ""
            except OSError as exc:
                return _("Could not remove the finished guided game: {error}", error=exc)
        record = {"version": VERSION, "step": self.step, "seen": sorted(self.seen), "coaching": self.coaching,
                  "game": self.game.to_json()}
        try:
            storage.write_atomic(tutorial_path(), json.dumps(record))
            return ""
        except OSError as exc:
            return _("Could not save the guided game: {error}", error=exc)

    def open_pause(self) -> None:
        """The pause menu, whose Quit to title says where the guided game is resumed: Tutorial on the title (its
        own file; Continue resumes the player's other game, the autosave)."""
        why = self.undo_blocker()
        self.stack.push(PauseScene(self.ctx, self.undo, why or UNDO_TIP, not why, leave=LEAVE))

    def record_score(self) -> tuple[scores.Tables, int | None]:
        return scores.load_scores()[0], None  # a guided game is not entered in the high-score table

    # ---- input and drawing
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.coach_buttons and handle_buttons(self.coach_buttons, event):
            return None
        return super().handle(event)

    def log_space(self) -> pygame.Rect:
        """The log's place above the coach (all of it when the coach is silent)."""
        coach = self.coach_rect()
        area = self.log_area
        return area if coach is None else pygame.Rect(area.x, area.y, area.w, coach.y - COACH_GAP - area.y)

    def _draw_frame(self, surface: pygame.Surface) -> None:
        super()._draw_frame(surface)
        self.draw_coach(surface)

    def draw_coach(self, surface: pygame.Surface) -> None:
        text, point, waits = self.current()
        coach = self.coach_rect()
        if not text or coach is None:
            self.coach_buttons = []
            return
        if point is not None:
            glow = 2 + int(2 * abs(((self.time * 2) % 2) - 1))
            pygame.draw.rect(surface, palette.GOLD, point, 3 + glow, border_radius=10)
            self.memory.drawn_over(point.inflate(16, 16))  # (it may ring a panel: put back the next frame)
        panel(surface, coach, palette.PAPER_LIGHT, palette.GOLD, width=3)
        self.memory.drawn_over(coach)
        blit_text(surface, _("WHAT JUST HAPPENED") if self.notes else _("GUIDED GAME"), "sans_bold", 18,
                  palette.POST_BLUE,
                  (coach.x + 14, coach.y + 10))
        if not self.notes and self.step < len(STEPS):
            blit_text(surface, f"{self.step + 1} / {len(STEPS)}", "sans", 16, palette.INK_SOFT,
                      (coach.right - 14, coach.y + 12), "topright")
        y = coach.y + 40
        for line in wrap(text, "sans", 19, coach.w - 28):
            blit_text(surface, line, "sans", 19, palette.INK, (coach.x + 14, y))
            y += 25
        buttons = []
        if waits:
            label = N_("Got it") if self.notes else N_("Next")
            buttons.append(Button((coach.x + 14, coach.bottom - 62, 150, 48), label, self.advance, 22,
                                  tip=N_("Go on with the guided game")))
        else:
            blit_text(surface, _("Waiting for your click on the board…"), "sans", 16, palette.INK_SOFT,
                      (coach.x + 14, coach.bottom - 92))
        buttons.append(Button((coach.right - 174, coach.bottom - 62, 160, 48), N_("Skip tutorial"),
                              self.skip_tutorial, 18, tip=N_("Stop the coaching; the game goes on as a normal game")))
        for b in buttons:
            old = next((o for o in self.coach_buttons if o.key == b.key), None)
            b.hover = bool(old and old.hover)
            b.draw(surface)
        self.coach_buttons = buttons
