"""The autoplay demo and attract mode: the planner plays whole games with every animation at 1x; a one-line
caption says what it chose and why; any click or key returns to the title. When a game ends the results show
for a few seconds, then the next game (next seed) starts. Demo games are never saved and never enter the
high-score table.

The planner can take a quarter of a second per decision, so it decides only when the animation queue is empty
(the board is still then: nothing stutters); the choice is shown highlighted for a moment before it is played.
"""

from __future__ import annotations

import pygame

from game.ai import Policy, make_policy
from game.i18n import _
from game.rules import Game, LevelError
from game.ui import palette, scores
from game.ui.fonts import blit_text
from game.ui.play.scene import PlayScene
from game.ui.scene import Context, Scene
from game.ui.scenes.highscores import DIFFICULTY_NAMES
from game.ui.scenes.results import ResultsScene
from game.ui.words import explained, fit

DEMO_POLICY = "planner"
SHOW_CHOICE = 0.9  # seconds the chosen action is shown highlighted before it is played (at 1x)
RESULTS_TIME = 6.0  # seconds the results of a demo game stay on screen
EXIT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.JOYBUTTONDOWN,
               pygame.FINGERDOWN)
MOTION_EXIT = 40  # pixels the mouse must travel to end attract mode (a nudged table is not a player)


def go_title(ctx: Context) -> None:
    """Back to the title: pop down to it, or (the game was started with --demo) put a fresh one in place."""
    stack = ctx.stack
    titles = [i for i, sc in enumerate(stack.scenes) if sc.name == "title"]
    if titles:
        above = stack.scenes[titles[-1] + 1:]
        if above:
            stack.pop(above[0])
        return
    stack.reset(ctx.scenes.title())


class ExitWatch:
    """Says when the player wants the title back: a click, key, wheel, joystick button or touch, or the mouse
    moved MOTION_EXIT pixels (measured between the positions it reports: the first report of a newly opened
    window, with whatever ``rel`` it carries, only sets the starting point)."""

    def __init__(self) -> None:
        self.last: tuple[int, int] | None = None
        self.travel = 0.0

    def wants_out(self, event: pygame.event.Event) -> bool:
        if event.type in EXIT_EVENTS:
            return True
        if event.type != pygame.MOUSEMOTION:
            return False
        pos = (int(event.pos[0]), int(event.pos[1]))
        if self.last is not None:
            self.travel += abs(pos[0] - self.last[0]) + abs(pos[1] - self.last[1])
        self.last = pos
        return self.travel >= MOTION_EXIT


def demo_seed(ctx: Context) -> int:
    """The seed of the first demo game: --seed when given, otherwise one from the clock."""
    if ctx.seed is not None:
        return ctx.seed
    return int(pygame.time.get_ticks() * 7919 + 17) % 1_000_000


def start_demo(ctx: Context, attract: bool = False) -> DemoScene | None:
    """Push a demo game (over the title in attract mode or from its Demo button). With damaged ``levels/`` data
    the scene below (the title) shows the one-line message and None is returned; without a title (``postmen
    --demo``) the :class:`LevelError` goes on to the command line, which prints it and exits 1."""
    try:
        scene = DemoScene(ctx, demo_seed(ctx), attract)
    except LevelError as exc:
        if not ctx.stack.scenes:  # postmen --demo: nothing to fall back to
            raise
        ctx.message = _("Cannot start the demo: {error}", error=exc)
        return None
    ctx.stack.push(scene)
    return scene


def demo_difficulty(ctx: Context) -> str:
    return str(getattr(ctx.settings, "difficulty", "standard") or "standard")


class DemoScene(PlayScene):
    """A play scene whose choices come from the planner."""

    name = "demo"
    demo = True

    def __init__(self, ctx: Context, seed: int, attract: bool = False) -> None:
        super().__init__(ctx, Game.new(seed, demo_difficulty(ctx)), fresh=True)
        self.seed = seed
        self.attract = attract
        self.policy: Policy = make_policy(DEMO_POLICY, seed)
        self.pending_t = 0.0  # time left showing the chosen action before playing it
        self.decisions = 0
        self.watch = ExitWatch()
        self.last_caption = ""

    # ---- a play scene that plays itself
    def save(self) -> str:
        return ""  # the demo never touches the player's autosave

    def record_score(self) -> tuple[scores.Tables, int | None]:
        return {}, None  # nor the high-score table

    def _build_top(self) -> None:
        self.top_buttons = []

    def enter(self) -> None:
        super().enter()
        self.queue.speed = 1.0  # every animation, at a watchable pace, whatever the player's speed setting

    def resume(self) -> None:
        self.queue.speed = 1.0

    def still(self) -> bool:
        return False  # it plays by itself

    def prompt(self) -> str:
        difficulty = str(self.game.state.get("difficulty", "standard"))
        return _("DEMO · the planner plays game {seed} ({difficulty})  ·  any key or click returns to the title",
                 seed=self.seed, difficulty=_(DIFFICULTY_NAMES.get(difficulty, "Standard")))

    def caption(self) -> str:
        return self.last_caption  # stays while the choice is animated

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.positions.mouse = event.pos
        if self.watch.wants_out(event):
            go_title(self.ctx)
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.over or self.queue.busy or not self.synced or not self.controller.legal:
            return
        if self.hint is None:
            self.hint = self.policy.explain(self.game)  # decided while the board is still
            self.controller.show_spend(self.hint[0])  # the planner's number of tokens on the stepper
            self.decisions += 1
            self.last_caption = _("Planner: {hint}", hint=explained(self.game, *self.hint))
            self.pending_t = SHOW_CHOICE
            return
        self.pending_t -= dt
        if self.pending_t <= 0:
            action = self.hint[0]
            self.log.add(_("Demo: {hint}", hint=explained(self.game, *self.hint)), palette.POST_BLUE)
            self.submit(action)  # clears the hint; the next one is decided when the animations are done

    def show_results(self) -> None:
        if self.results_shown:
            return
        self.results_shown = True
        self.stack.push(DemoResultsScene(self.ctx, self))

    def next_game(self) -> None:
        """Replace this demo (and its results) with the next seed's game."""
        try:
            nxt = DemoScene(self.ctx, (self.seed + 1) % 1_000_000, self.attract)
        except LevelError as exc:  # the data went bad between games: the title with the message, never a quit
            self.ctx.message = _("Cannot start the demo: {error}", error=exc)
            go_title(self.ctx)
            return
        self.stack.pop(self)
        self.stack.push(nxt)


class DemoResultsScene(Scene):
    """The results of a demo game for a few seconds (the results screen behind a caption), then the next game."""

    name = "demo_results"

    def __init__(self, ctx: Context, demo: DemoScene) -> None:
        super().__init__(ctx)
        self.demo = demo
        self.results = ResultsScene(ctx, demo.game, demo=True)
        self.t = 0.0
        self.watch = ExitWatch()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.watch.wants_out(event):
            go_title(self.ctx)
        return None

    def update(self, dt: float) -> None:
        self.t += dt
        self.results.update(dt)
        if self.t >= RESULTS_TIME:
            self.demo.next_game()

    def draw(self, surface: pygame.Surface) -> None:
        self.results.draw(surface)
        left = max(0, int(RESULTS_TIME - self.t + 0.99))
        rect = pygame.Rect(60, 960, 900, 66)
        pygame.draw.rect(surface, (46, 40, 34), rect, border_radius=8)
        line, size = fit(_("DEMO · next game in {n} s · any key or click returns to the title", n=left), "sans_bold",
                         24, rect.w - 30)
        blit_text(surface, line, "sans_bold", size, palette.GOLD, (rect.x + 16, rect.centery), "midleft")

