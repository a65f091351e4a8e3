"""Command line of Postmen: ``postmen`` / ``python -m game``.

``postmen simulate`` plays headless games with an autoplay policy and reports the score distribution;
``postmen play --text`` is a terminal game; ``postmen --demo`` watches the planner play. With no arguments it
opens the full-screen game.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from game import __version__, i18n
from game.ai import POLICIES, policy_name, split_policies
from game.codes import GameCode
from game.i18n import LANGUAGES, _
from game.rules import LevelError
from game.text_mode import play_text


class _Help(argparse.HelpFormatter):
    """argparse's help in the player's language (its own words too: the usage line's prefix)."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error: ``prog: error: message (see prog --help)`` and exit status 2; its help in
    the player's language (set before the parser is built: ``--lang``, else the settings', else the system's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        kwargs["add_help"] = False  # (our own -h, worded in the player's language)
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{prog}: error: {error} (see {prog} --help)", prog=self.prog, error=message) + "\n")


# Bounds of the counts on the command line: far above any real use, low enough that memory stays bounded.
MAX_GAMES = 1_000_000  # simulate keeps one small record per game (about 1 KB): at most about 1 GB
MAX_JOBS = 256
MAX_FRAMES = 100_000_000
MAX_SEED = 2**63 - 1


def _whole(text: str, low: int, high: int) -> int:
    if len(text) > 40:
        raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, found {text[:20]!r}...")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected {low} or more, found {value}")
    if value > high:
        raise argparse.ArgumentTypeError(f"expected at most {high:,}, found {value:,}")
    return value


def _counter(high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        return _whole(text, 1, high)
    return parse


def _positive(text: str) -> int:
    return _whole(text, 1, MAX_FRAMES)


def _seed(text: str) -> int:
    return _whole(text, 0, MAX_SEED)


def _writable_folder(text: str) -> str:
    """A folder to write into: an existing, writable folder, or one that can be made inside a writable one."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    probe = path
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir() or not os.access(probe, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write into {probe} (not a writable folder)")
    return text


def _writable_file(text: str) -> str:
    """A file to write: not a folder, in an existing, writable folder, and writable itself if it exists."""
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{folder} is a file, not a folder" if folder.exists() else
                                         f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {text} (no permission)")
    return text


def _folder(text: str) -> str:
    if not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a folder" if Path(text).exists() else
                                         f"{text} does not exist")
    return text


def _policies(text: str) -> list[str]:
    names = split_policies(text)
    if not names:
        raise argparse.ArgumentTypeError("expected a policy name")
    try:
        return [policy_name(name) for name in names]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _window_options(command: argparse.ArgumentParser) -> None:
    """The options of a command that opens the game's window: --windowed, --headless, --frames,
    --screenshot-dir and --lang."""
    command.add_argument("--windowed", action="store_true", help=_("open a window instead of full screen"))
    command.add_argument("--headless", action="store_true", help=_("no window: run --frames frames (for checks)"))
    command.add_argument("--frames", type=_positive, default=None, help=_("stop after this many frames"))
    command.add_argument("--screenshot-dir", type=_writable_folder, default=None,
                         help=_("save PNG screenshots into this folder"))
    command.add_argument("--lang", choices=tuple(LANGUAGES), default=None,
                         help=_("the game's language for this run: en (English) or fr (French) (default: the one "
                                "chosen in Settings, else the system's)"))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="postmen", description=_("Soldiers in Postmen's Uniforms: defend the Polish Post Office "
                                                   "in Danzig. With no command, starts the game."))
    parser.add_argument("--version", action="version", version=f"postmen {__version__}",
                        help=_("show the program's version number and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))

    play = sub.add_parser("play", help=_("play a game (the default command): full screen, --windowed, --demo or "
                                         "--text"), description=_("Play a game. --text plays in the terminal."))
    play.add_argument("--text", action="store_true", help=_("play in the terminal instead of the full-screen game"))
    play.add_argument("--seed", type=_seed, default=None, help=_("game seed (default: a random one, printed)"))
    _window_options(play)
    play.add_argument("--demo", action="store_true", help=_("watch the planner play whole games (any key or click "
                      "goes to the title); with --headless --frames N a check that saves --screenshot-dir PNGs"))

    sim = sub.add_parser("simulate", help=_("play many headless games with autoplay policies and compare them"),
                         description=_("Play games with seeds S, S+1, ... with each policy and report the score "
                                       "distributions (several policies: a comparison on the same seeds)."))
    sim.add_argument("--games", type=_counter(MAX_GAMES), default=100,
                     help=_("number of games per policy (default 100, at most {max})", max=format(MAX_GAMES, ",")))
    sim.add_argument("--seed", type=_seed, default=0, help=_("seed of the first game (default 0)"))
    sim.add_argument("--policy", type=_policies, action="append", default=None, metavar="NAME[,NAME...]",
                     help=_("autoplay policy, repeatable or comma-separated ({policies}; default random); the "
                            "planner with other settings: {example}", policies=", ".join(POLICIES),
                            example="'planner[action_from=9,plan_samples=16]'"))
    sim.add_argument("--jobs", type=_counter(MAX_JOBS), default=None,
                     help=_("worker processes (default: the number of cores); the results do not depend on it"))
    sim.add_argument("--difficulty", choices=("standard", "veteran", "elite"), default="standard",
                     help=_("difficulty: standard, veteran (8.1) or elite (8.2) (default standard)"))
    sim.add_argument("--levels", metavar="DIR", type=_folder, default=None,
                     help=_("play with the rules data of this folder (a copy of levels/ with a change to try; "
                            "default: the game's own levels/)"))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object instead of the table"))
    sim.add_argument("--codes", action="store_true",
                     help=_("print each game's code instead of the table: one line per game, its seed, a space "
                            "and its code (postmen replay CODE --verify replays it)"))
    sim.add_argument("--chart", metavar="PATH", type=_writable_file, default=None,
                     help=_("also write a PNG chart of the score distributions, victory levels, fire truck morale "
                            "bands and escapes"))

    replay = sub.add_parser("replay", help=_("replay a game from its code"),
                            description=_("Replay a game from its code (a game handed on as a short text). "
                                          "--verify replays it without a window and prints its score and "
                                          "outcome in one line (exit 0), or why the code is refused (exit 2)."))
    replay.add_argument("code", metavar="CODE", help=_("the game's code"))
    replay.add_argument("--verify", action="store_true",
                        help=_("replay without a window and print the final score and outcome"))
    _window_options(replay)

    daily = sub.add_parser("daily", help=_("print the seed of a day's daily challenge"),
                           description=_("Print the seed of the daily challenge of a date (UTC): the same game "
                                         "for every player that day."))
    daily.add_argument("--date", type=_date, default=None,
                       help=_("the date, YYYY-MM-DD (default: today, UTC)"))
    return parser


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a date YYYY-MM-DD, got {text!r}", text=text[:40])) from None


def _cli_language(args: Sequence[str]) -> str:
    """The language of this run's words (help, errors, text mode): ``--lang`` when given and known, else the
    settings', else the system's."""
    for i, arg in enumerate(args):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else args[i + 1] if arg == "--lang" and \
            i + 1 < len(args) else ""
        if value in LANGUAGES:
            return value
    from game.ui.settings import saved_language  # (no pygame: the settings file only)

    return saved_language() or i18n.system_language()


def _simulate(args: argparse.Namespace) -> int:
    from game.sim import compare, default_jobs, format_comparison, format_report, rules_for, simulate, write_chart

    policies: list[str] = []
    for group in args.policy or [["random"]]:
        for name in group:
            if name not in policies:
                policies.append(name)
    if args.levels is not None:
        try:
            rules_for(args.levels)  # loaded and checked once here; the workers load it again, once each
        except LevelError as exc:
            message = " ".join(str(exc).split())
            print(f"postmen simulate: error: --levels {args.levels}: {message}", file=sys.stderr)
            return 2
    jobs = args.jobs or default_jobs()
    if args.codes:
        return _print_codes(args, policies, jobs)
    report: dict[str, Any]
    summaries: dict[str, dict[str, Any]]
    if len(policies) == 1:
        report = simulate(args.games, args.seed, policies[0], jobs, args.difficulty, args.levels)
        scores = {policies[0]: [int(s) for s, c in report["score_distribution"].items() for _copy in range(c)]}
        summaries = {policies[0]: report}
        text = format_report(report)
    else:
        report = compare(args.games, args.seed, policies, jobs, args.difficulty, args.levels)
        scores = report.pop("scores")
        summaries = report["policies"]
        text = format_comparison(report)
    if args.chart:
        try:
            write_chart(args.chart, scores, f"{args.games} games per policy, {args.difficulty}, seeds {args.seed}.."
                        f"{args.seed + args.games - 1}" + (f", levels {args.levels}" if args.levels else ""),
                        summaries)
        except (OSError, ImportError) as exc:
            print(f"postmen: cannot write the chart {args.chart}: {exc}", file=sys.stderr)
            return 1
        text += f"\nChart written to {args.chart}"
    if args.json:
        print(json.dumps(report))
    else:
        print(text)
    return 0


def _replay(args: argparse.Namespace) -> int:
    """``replay CODE``: the game replayed on the board; with ``--verify`` one line, the replayed game's score and
    outcome (exit 0). A refused code: why, in one line (exit 2)."""
    from game import codes

    try:
        held = codes.unpack(args.code)
        game = codes.replay(held)
    except codes.CodeError as exc:
        print(f"postmen replay: the code is refused: {exc}", file=sys.stderr)
        return 2
    if not args.verify:  # the replay on the board, over the title
        if args.headless and args.frames is None:
            build_parser().error("--headless needs --frames N (a headless run has no window to close)")
        args.seed, args.demo = None, False
        return _graphical(args, held)
    print(codes.verdict(game, len(held.decisions)))
    return 0


def _print_codes(args: argparse.Namespace, policies: list[str], jobs: int) -> int:
    """``simulate --codes``: each game's seed and code, a line a game (the policies in turn)."""
    from game import codes
    from game.sim import play_many, rules_for

    rules = rules_for(args.levels)
    results = play_many(args.games, args.seed, policies, jobs, args.difficulty, args.levels)
    for policy in policies:
        for summary in results[policy]:
            code = codes.GameCode(int(summary["seed"]), args.difficulty, tuple(summary["choices"]))
            print(f"{summary['seed']} {codes.pack(code, rules)}")
    return 0


def _graphical(args: argparse.Namespace, replay: GameCode | None = None) -> int:
    """The full-screen game; a failure of the display, the sound or the screenshot folder is one line."""
    import pygame  # imported only for the graphical game

    from game.ui.app import run

    try:
        return run(windowed=args.windowed, headless=args.headless, frames=args.frames,
                   screenshot_dir=args.screenshot_dir, seed=args.seed, demo=args.demo, lang=args.lang,
                   replay=replay)
    except pygame.error as exc:
        print(f"postmen: cannot open the game's window or sound: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"postmen: cannot write {exc.filename or 'a file'}: {exc.strerror or exc}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0].split("=")[0] in ("--windowed", "--headless", "--frames", "--screenshot-dir",
                                                          "--demo", "--seed", "--lang"):
        args_list = ["play", *args_list]
    language = _cli_language(args_list)
    problem = i18n.set_language(language)
    if problem:  # a damaged catalog: said once, here, whatever the command (the help, the text mode, the game)
        print(f"postmen: {problem}; English is shown.", file=sys.stderr)
    args = build_parser().parse_args(args_list)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "daily":
            from game.daily import daily_seed, today

            print(daily_seed(args.date or today()))
            return 0
        if args.command == "play":
            if args.text:
                if args.demo:
                    build_parser().error("--demo is the graphical demo: it cannot be combined with --text")
                return play_text(args.seed)
            if args.headless and args.frames is None:
                build_parser().error("--headless needs --frames N (a headless run has no window to close)")
            return _graphical(args)
        build_parser().print_help()
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except LevelError as exc:
        print(f"postmen: damaged game data: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader went away (e.g. `postmen simulate | head`): exit quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
