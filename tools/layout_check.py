"""Layout check of the play scene: draws a saved game's board as the player sees it and reports every word that is
clipped or covered, and every counter or token covered.

One still frame of the play scene (no mouse over the board, the banners gone; with ``--aim``, an attack being aimed,
every target lit with its odds; with ``--reveal``, the first enemy card of the game's next Enemy Phase shown large
in the street with what it did; with ``--summary``, the panel of what changed in that phase over the log; in a
Defense Phase, the danger badges at the doors) is drawn on a surface that records what lands on it, in order: each
line of text (told apart by the font cache's images), each counter or token (told apart by the counter art's images)
and each shape; the cached panels (top bar, side panels, log, bottom bar) are drawn again on recording surfaces, so
their words are seen where they land. The words printed on the board (space labels, entrance names, the floors'
titles) are recorded by drawing the printed board once more. Not drawn: hovers, open menus and tooltips (they cover
the board on purpose). Then:

- a word is *clipped* when it runs out of the screen or of its panel, or lies across the board's edge;
- a word is *covered* when anything drawn after it overlaps it by more than a sliver (3 px each way), except
  the full-screen layers (the flash and glow of effects, none in a still frame);
- a counter is *hidden* when a counter or a shape not of its own stack (centres more than a stack's offsets
  apart), a word or a token is drawn over it by more than a sliver; a token, when a token, counter or word is.

The frame is drawn through the real window scaler at each size asked (the logical layout is the same at every
size: the screen is the 1920x1080 logical surface scaled) and saved as PNG for a person to look at.

    .venv/bin/python tools/layout_check.py SAVE.json [...] [--sizes 1280x720,1920x1080,3840x2160]
        [--colour-blind] [--aim] [--reveal] [--summary] [--lang fr] [--shots DIR] [--screens]
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import os
import sys
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.rules import Game  # noqa: E402
from game.ui import fonts  # noqa: E402
from game.ui.cache import PanelCache  # noqa: E402
from game.ui.layout import BOARD_RECT  # noqa: E402

SLIVER = 3  # an overlap narrower or lower than this (antialiased edges, a ring's pixel) is not a cover
STACK_SPREAD = 16  # counters whose centres are this close belong to one stack (drawn offset on purpose)
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))


@dataclass(frozen=True)
class Drawn:
    """One thing drawn on the screen, in drawing order."""

    kind: str  # "text", "printed" (a word of the printed board), "counter", "token", "shape", "outline" (label:
    # its width), "layer"
    rect: pygame.Rect
    label: str = ""  # the words of a text, the kind of a counter


@dataclass(frozen=True)
class Problem:
    what: str  # "clipped", "covered", "hidden"
    item: Drawn
    by: Drawn | None = None

    def __str__(self) -> str:
        r = self.item.rect
        where = f"{self.item.label!r} at ({r.x},{r.y} {r.w}x{r.h})"
        if self.by is None:
            return f"{self.what}: {where}"
        b = self.by.rect
        return f"{self.what}: {where} by {self.by.kind} {self.by.label!r} at ({b.x},{b.y} {b.w}x{b.h})"


class Recording(pygame.Surface):
    """A surface that notes every blit (text, counter art or other image) and fill on it."""

    def __init__(self, size: tuple[int, int], kinds: Callable[[pygame.Surface], str]) -> None:
        super().__init__(size)
        self.items: list[Drawn] = []
        self.kinds = kinds

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if isinstance(source, Recording) and area is None:  # a cached panel: what was drawn in it, in place
            for item in source.items:
                moved = item.rect.move(rect.topleft)
                if item.kind == "text" and not rect.contains(moved):
                    self.items.append(Drawn("clipped", moved, item.label))  # a word running out of its panel
                self.items.append(Drawn(item.kind, moved, item.label))
            return rect
        words = (fonts.rendered or {}).get(id(source))
        if words is not None:  # the inked pixels of the words, not the font's line box
            ink = source.get_bounding_rect().move(rect.x - (area.x if isinstance(area, pygame.Rect) else 0),
                                                  rect.y - (area.y if isinstance(area, pygame.Rect) else 0))
            self.items.append(Drawn("text", ink.clip(rect) if ink.colliderect(rect) else rect, words))
        else:
            kind = self.kinds(source)
            if kind in ("d", "e", "car"):
                self.items.append(Drawn("counter", rect, kind))
            elif kind:
                self.items.append(Drawn("token", rect, kind))
            elif rect.w * rect.h >= BOARD_RECT.w * BOARD_RECT.h // 2:
                self.items.append(Drawn("layer", rect))
            else:
                self.items.append(Drawn("shape", rect))
        return rect

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        self.items.append(Drawn("layer" if done.w * done.h >= BOARD_RECT.w * BOARD_RECT.h // 2 else "shape", done))
        return done


DRAW_FUNCTIONS = ("rect", "circle", "line", "lines", "polygon", "ellipse", "arc", "aaline", "aalines")


@contextmanager
def recording_shapes() -> Iterator[None]:
    """pygame.draw's functions note the rect they change on a :class:`Recording` surface; text images are known
    by id while it lasts."""
    saved = {name: getattr(pygame.draw, name) for name in DRAW_FUNCTIONS}

    def noting(name: str, original: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
        def draw(surface: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = original(surface, *args, **kwargs)
            if isinstance(surface, Recording) and rect.w and rect.h:
                at = {"rect": 2, "circle": 3}.get(name, -1)  # width follows the colour and the rect/centre+radius
                width = kwargs.get("width", args[at] if 0 <= at < len(args) else 0)
                if name in ("rect", "circle") and isinstance(width, int) and width > 0:  # a frame around what is in
                    surface.items.append(Drawn("outline", pygame.Rect(rect), str(width)))
                else:
                    surface.items.append(Drawn("shape", pygame.Rect(rect)))
            return rect
        return draw

    for name, original in saved.items():
        setattr(pygame.draw, name, noting(name, original))
    refresh = PanelCache.refresh

    def recorded_refresh(panel: PanelCache, key: Hashable, render: Any) -> bool:
        panel.valid = False  # drawn again, on a surface that records what lands on it
        panel.surface = Recording(panel.rect.size, lambda _img: "")
        panel.keyed = False
        return refresh(panel, key, render)

    PanelCache.refresh = recorded_refresh  # type: ignore[method-assign]
    fonts.rendered = {}
    fonts._text_cache.clear()  # every text rendered anew while recording: its image is known by id
    try:
        yield
    finally:
        for name, original in saved.items():
            setattr(pygame.draw, name, original)
        PanelCache.refresh = refresh  # type: ignore[method-assign]
        fonts.rendered = None


def covers(a: pygame.Rect, b: Drawn) -> bool:
    """``b`` is drawn over ``a`` by more than a sliver (a frame, only where its band crosses ``a``)."""
    cut = a.clip(b.rect)
    if cut.w <= SLIVER or cut.h <= SLIVER:
        return False
    if b.kind == "outline":
        width = int(b.label)
        return not b.rect.inflate(-2 * width, -2 * width).contains(a)
    return True


def problems(items: list[Drawn], printed: list[Drawn], board: pygame.Rect | None = BOARD_RECT) -> list[Problem]:
    """The words clipped or covered and the counters hidden in one frame (see the module's docstring); a word
    that starts on ``board`` must end on it (the play scene's board; None for the other screens)."""
    screen = pygame.Rect(0, 0, 1920, 1080)
    out: list[Problem] = []
    order = [*printed, *items]
    for i, item in enumerate(order):
        if item.kind == "clipped":
            out.append(Problem("clipped", Drawn("text", item.rect, item.label)))
            continue
        if item.kind in ("text", "printed"):
            across = board is not None and item.rect.colliderect(board) and not board.contains(item.rect)
            if not screen.contains(item.rect) or across:
                out.append(Problem("clipped", item))
            for later in order[i + 1:]:
                if later.kind != "layer" and covers(item.rect, later):
                    out.append(Problem("covered", item, later))
                    break
        elif item.kind == "token":
            for later in order[i + 1:]:
                if later.kind in ("token", "counter", "text") and covers(item.rect, later):
                    out.append(Problem("hidden", item, later))
                    break
        elif item.kind == "counter":
            cx, cy = item.rect.center
            for later in order[i + 1:]:
                if later.kind not in ("text", "token", "shape", "counter") or not covers(item.rect, later):
                    continue
                lx, ly = later.rect.center
                stacked = abs(lx - cx) <= STACK_SPREAD and abs(ly - cy) <= STACK_SPREAD  # its own stack (a shadow)
                if later.kind in ("text", "token") or not stacked:
                    out.append(Problem("hidden", item, later))
                    break
    return out


def still_scene(game: Game, colour_blind: bool, lang: str = "en") -> tuple[Any, Any]:
    """A headless app in language ``lang`` with the play scene on ``game``, its opening animations played out, the
    mouse off the board."""
    from game.ui.app import App
    from game.ui.play.scene import PlayScene

    app = App(headless=True, seed=1, lang=lang)
    app.ctx.settings.colour_blind = colour_blind
    scene = PlayScene(app.ctx, game, fresh=False)
    app.stack.push(scene)
    app.hover((1900, 1070))
    for _ in range(600):
        app.step(1 / 60, [], draw=False)
        scene.danger.thinker.wait(60)  # the danger badges of a Defense Phase are drawn (worked out in a thread)
        if scene.still():
            break
    for _ in range(240):  # the banner fades
        app.step(1 / 60, [], draw=False)
    return app, scene


def aim(scene: Any) -> str:
    """Select the defender with the most attacks and aim (attack mode: every target lit with its odds); his
    name, or "" when no attack is possible."""
    c = scene.controller
    attacks: dict[str, int] = {}
    for a in c.legal:
        if a.kind == "attack":
            attacks[a.args[0]] = attacks.get(a.args[0], 0) + 1
    if not attacks:
        return ""
    name = max(attacks, key=lambda n: attacks[n])
    c.selected = name
    c.set_mode("attack")
    return name


def next_enemy_phase(game: Game) -> list[Any]:
    """The events of the heuristic's play on a copy of ``game`` up to the end of the next Enemy Phase in which a
    card acts on the board (at most 300 decisions)."""
    from game.ai import HeuristicPolicy
    from game.ui.play.reveal import focus_of

    copy, policy = game.clone(), HeuristicPolicy(int(game.state["seed"]))
    events: list[Any] = []
    for _ in range(300):
        if copy.over:
            break
        events += copy.apply(policy.choose(copy))
        cards = [i for i, e in enumerate(events) if e.kind == "card_revealed"]
        if cards and any(focus_of(e) for e in events[cards[0]:]) and \
                any(e.kind == "phase_changed" for e in events[cards[0]:]):
            break
    return events


def stage_reveal(scene: Any, events: list[Any]) -> bool:
    """The first card revealed among ``events`` shown in the street, with the words of its first effect; False
    when no card comes (the game ends first)."""
    from game.ui.play.reveal import focus_of

    first = next((i for i, e in enumerate(events) if e.kind == "card_revealed"), None)
    if first is None:
        return False
    st = scene.stage
    st.show_card(str(events[first].data["card"]))
    st.shown_k = 1.0
    end = next((i for i, e in enumerate(events) if i > first and e.kind in ("card_revealed", "phase_changed")),
               len(events))
    acted = next((e for e in events[first:end] if focus_of(e)), None)
    if acted is not None:
        st.acts_at(focus_of(acted), acted.text)
    return True


def stage_summary(scene: Any, events: list[Any]) -> Any:
    """The panel of what changed in the phases that end among ``events`` (None when none ends: the game ends
    first)."""
    from game.ui.play.summary import SummaryPanel, summarize

    sections = summarize(scene.rules, events)
    return SummaryPanel(scene.log_space(), sections, scene.stage.point_at, lambda: None) if sections else None


def check(game: Game, colour_blind: bool = False, aiming: bool = False,
          lang: str = "en", reveal: bool = False, summary: bool = False) -> tuple[list[Problem], pygame.Surface]:
    """The problems of one still frame of ``game`` in language ``lang`` and the frame (1920x1080); with
    ``aiming``, the frame of an attack being aimed (:func:`aim`); with ``reveal`` and ``summary``, the next Enemy
    Phase's first card shown in the street and the panel of what changed in it, at the top of the log's place
    (the log's newest lines below it; when its lines need the whole place, the log is not drawn)."""
    app, scene = still_scene(game, colour_blind, lang)
    if aiming and not aim(scene):
        raise ValueError("no attack to aim in this position")
    events = next_enemy_phase(game) if reveal or summary else []
    if reveal and not stage_reveal(scene, events):
        print("  no enemy card comes before the game ends: no card shown")
    panel = stage_summary(scene, events) if summary else None
    if summary and panel is None:
        print("  no phase ends before the game does: no summary shown")
    scene.summary = panel  # drawn by the scene, as a player sees it: above the log's newest lines, or over it all
    layer = scene.board_layer
    with recording_shapes():
        board = Recording((1920, 1080), layer.art.kind_of)
        layer.board.draw_static(board, colour_blind)
        layer.print_board(board, colour_blind)
        printed = [Drawn("printed", d.rect, d.label) for d in board.items if d.kind == "text"]
        frame = Recording((1920, 1080), layer.art.kind_of)
        scene.invalidate_caches()  # every cached panel drawn again, on a recording surface
        scene.draw(frame)
    found = problems(frame.items, printed)
    return found, frame


def check_screen(app: Any, scene: Any, frames: int = 120) -> tuple[list[Problem], pygame.Surface]:
    """The problems of a screen other than the board: ``scene`` pushed on ``app``'s stack, ``frames`` frames run,
    then everything on screen drawn once (no board: only the screen's edges bound its words)."""
    app.stack.push(scene)
    for _ in range(frames):
        app.step(1 / 60, [], draw=False)
    with recording_shapes():
        frame = Recording((1920, 1080), lambda _img: "")
        for shown in app.stack.visible():
            shown.draw(frame)
    return problems(frame.items, [], None), frame


def scaled(frame: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``frame`` as the window of that size shows it, through the game's own scaler."""
    from game.ui.display import Display

    display = Display(fullscreen=False, headless=False, size=size)
    display.logical = frame.copy()
    display.present()
    assert display.window is not None
    return display.window.copy()


def screens() -> list[tuple[str, Any]]:
    """Each screen besides the board, as a function of the app's context (the results of a finished game)."""
    from game.ai import HeuristicPolicy
    from game.rules.data import DIFFICULTIES
    from game.ui import journal
    from game.ui.records import Record
    from game.ui.scenes.highscores import HighScoresScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.review import ReviewScene
    from game.ui.scenes.rules_ref import RulesScene
    from game.ui.scenes.settings_scene import SettingsScene
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.title import TitleScene

    def played(seed: int, difficulty: str = "standard") -> Game:
        game, policy = Game.new(seed, difficulty), HeuristicPolicy(seed)
        game.keep_history = True
        while not game.over:
            game.apply(policy.choose(game))
        return game

    def results(ctx: Any) -> Any:
        return ResultsScene(ctx, played(5))

    def statistics(ctx: Any) -> Any:
        """Twelve games, three days of daily challenges among them: every panel of the screen has something."""
        games = journal.Journal()
        for k in range(12):
            game = played(k, DIFFICULTIES[k % 3])
            day = datetime.date(2026, 11, 1 + k)
            games.games.append(dataclasses.replace(journal.played_of(game, f"{k}-0000000{k % 10}", day.isoformat()),
                                                   daily=day.isoformat() if k < 3 else "", scored=k < 3))
        return StatisticsScene(ctx, games)

    def review(ctx: Any) -> Any:
        game = played(1, "veteran")
        scene = ReviewScene(ctx, Record(1, "veteran", list(game.state["history"])), samples=2)
        scene.thread.join()  # the planner's view of the decisions on screen too
        return scene
    return [("title", TitleScene), ("settings", SettingsScene), ("high scores", HighScoresScene),
            ("daily challenge table", lambda ctx: HighScoresScene(ctx, "daily")),
            ("rules", RulesScene), ("rules, a search", lambda ctx: RulesScene(ctx, "4.2")),
            ("pause", lambda ctx: PauseScene(ctx, code=lambda: "")), ("results", results),
            ("statistics", statistics),
            ("statistics, no game yet", lambda ctx: StatisticsScene(ctx, journal.Journal())),
            ("review", review)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("saves", nargs="+", type=Path)
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    ap.add_argument("--colour-blind", action="store_true")
    ap.add_argument("--aim", action="store_true", help="the frame of an attack being aimed (odds on the targets)")
    ap.add_argument("--shots", type=Path, default=None, help="folder for the PNG screenshots")
    ap.add_argument("--reveal", action="store_true", help="the next Enemy Phase's first card shown in the street")
    ap.add_argument("--summary", action="store_true", help="the panel of what changed in the next Enemy Phase")
    ap.add_argument("--lang", choices=("en", "fr"), default="en", help="the language the board is drawn in")
    ap.add_argument("--screens", action="store_true", help="also check every other screen (title, settings, high "
                    "scores, rules, pause, results, statistics, review) and save it with --shots")
    args = ap.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    total = 0
    for path in args.saves:
        game = Game.from_save(path.read_text(encoding="utf-8"))
        found, frame = check(game, args.colour_blind, args.aim, args.lang, args.reveal, args.summary)
        total += len(found)
        print(f"{path.name}: {len(found)} problems")
        for p in found:
            print(f"  {p}")
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
            for w, h in sizes:
                out = args.shots / f"{path.stem}{'-cb' if args.colour_blind else ''}{'-aim' if args.aim else ''}" \
                    f"{'-reveal' if args.reveal else ''}{'-summary' if args.summary else ''}" \
                    f"{'' if args.lang == 'en' else '-' + args.lang}-{w}x{h}.png"
                pygame.image.save(scaled(frame, (w, h)), str(out))
                print(f"  saved {out}")
    if args.screens:
        total += check_screens(args.lang, args.shots, sizes)
    return 1 if total else 0


def check_screens(lang: str, shots: Path | None, sizes: list[tuple[int, ...]]) -> int:
    """Every screen of :func:`screens` in ``lang``: its problems printed, its frame saved in ``shots``; the
    number of problems."""
    from game.ui.app import App

    total = 0
    for name, make in screens():
        app = App(headless=True, seed=1, lang=lang)
        while app.stack.top is not None:
            app.stack.pop()
        found, frame = check_screen(app, make(app.ctx))
        total += len(found)
        print(f"screen {name} ({lang}): {len(found)} problems")
        for p in found:
            print(f"  {p}")
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
            for w, h in sizes:
                out = shots / f"screen-{name.replace(' ', '-').replace(',', '')}-{lang}-{w}x{h}.png"
                pygame.image.save(scaled(frame, (w, h)), str(out))
    return total


if __name__ == "__main__":
    sys.exit(main())
