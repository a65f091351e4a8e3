"""The text mode (``postmen play --text``): a terminal game with a board summary, the events narrated and the
choices numbered (grouped by defender when there are many); a number or an action's text chooses."""

from __future__ import annotations

import io
import re
import secrets
import sys
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from game.i18n import N_, _, n_, percent
from game.rules import Action, Event, Game, IllegalAction
from game.rules.kinds import ActionKind, DecisionKind
from game.rules.names import floor_name

# The phases as the text mode's header names them ("Enemy phase").
PHASES = {"setup": N_("setup"), "enemy": N_("enemy"), "moves": N_("moves"), "actions": N_("actions"),
          "clearing": N_("clearing"), "escape": N_("escape"), "over": N_("over")}
# A menu lists at most this many entries; larger sets of choices are grouped (defender first).
MENU_LIMIT = 24

HELP = N_("Type a number or an action's text (e.g. end_moves, 'move Konrad ground:2-3 lmg1'); "
          "b = back, ? = board and choices again, h = help, q = quit.")


MAX_LINE = 1000  # characters of one line typed in the text mode (longer lines are refused, unread)
CHUNK = 1 << 16  # bytes of a refused line skipped at a time (a line is never kept whole)
_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8's continuation bytes: the others each start a character
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class Refused:
    """A line of input refused unread: too long (``length`` characters, at least) or not UTF-8 text."""

    length: int = 0
    not_text: bool = False


def shown(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x1b``): what the player typed, echoed in a
    reply, never moves the terminal's cursor or clears its screen."""
    return _CONTROL.sub(lambda m: repr(m[0])[1:-1], text)


def read_line(binary: BinaryIO) -> str | Refused | None:
    """One line of ``binary`` (a terminal or a pipe), read in bounded pieces (issue 37): None at the end of the
    input; :class:`Refused` for a line of over :data:`MAX_LINE` characters (the rest of it skipped a piece at a
    time, never kept: a 200 MB line costs 64 KB) or one that is not UTF-8 text; else its text, without the end of
    line."""
    limit = MAX_LINE * 4 + 2  # UTF-8 spends at most 4 bytes a character, then "\r\n"
    line = binary.readline(limit)
    if not line:
        return None
    if len(line) == limit and not line.endswith(b"\n"):  # longer than any line kept: count the rest, unkept
        length = _characters(line)
        while more := binary.readline(CHUNK):
            length += _characters(more.rstrip(b"\r\n"))
            if more.endswith(b"\n"):
                break
        return Refused(length)
    line = line.rstrip(b"\r\n")
    if _characters(line) > MAX_LINE:
        return Refused(_characters(line))
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return Refused(not_text=True)


def _characters(data: bytes) -> int:
    """The characters of UTF-8 ``data``: its bytes but the continuation bytes."""
    return len(data.translate(None, _CONTINUATION))


def _key(action: Action) -> tuple[str, ...]:
    """Grouping key: the defender (first argument) first, then the kind, then the other arguments."""
    if action.args:
        return (action.args[0], action.kind, *action.args[1:])
    return (action.kind,)


class TextPlay:
    """A terminal game: board summary, narrated events, numbered (grouped) choices."""

    def __init__(self, game: Game, inp: TextIO, out: TextIO, seed: int) -> None:
        self.game = game
        self.inp = inp
        self.out = out
        self.seed = seed
        self.path: tuple[str, ...] = ()  # the group the player has opened
        self.entries: list[tuple[str, tuple[str, ...], list[Action]]] = []

    # ---- output
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def narrate(self, events: list[Event]) -> None:
        for event in events:
            self.say(f"  {event}")

    def counter_text(self, cid: str) -> str:
        dis = "*" if self.game.state["counters"][cid]["disrupted"] else ""
        return f"{self.game.counter_label(cid)} {cid}{dis}"

    def board(self) -> None:
        game, state, rules = self.game, self.game.state, self.game.rules
        defense = ", ".join(f"{floor_name(rules, f)} {rules.floors[f].defense[state['defense'][f]]}"
                            for f in rules.floors)
        decks = ", ".join(f"A{k} {len(v)}" for k, v in sorted(state["decks"].items()))
        self.say(_("== Attack {attack}, turn {turn}, {phase} phase; morale {morale}/{max}; score now {score}",
                   attack=state["attack"], turn=state["attack_turn"],
                   phase=_(PHASES.get(state["phase"], state["phase"])), morale=state["morale"], max=rules.morale_max,
                   score=game.score()))
        self.say(_("   defense: {defense}; cards left: {decks}; barriers destroyed: {barriers}", defense=defense,
                   decks=decks, barriers=", ".join(map(str, sorted(state["barriers_open"]))) or _("none")))
        cars = {space: car for car, space in state["cars"].items()}
        spaces = sorted(set(state["spaces"]) | set(cars) | set(state["suppression"]))
        if spaces:
            self.say(_("   enemy on the tracks:"))
            for space in spaces:
                parts = [self.counter_text(c) for c in state["spaces"].get(space, [])]
                if space in cars:
                    parts.insert(0, _("[armored car]"))
                if state["suppression"].get(space):
                    parts.append(n_("({n} suppression token)", "({n} suppression tokens)",
                                    int(state["suppression"][space])))
                self.say(f"     {space:<9} {', '.join(parts)}")
        else:
            self.say(_("   enemy on the tracks: none"))
        support = [f"{sp}: {', '.join(self.counter_text(c) for c in st)}" for sp, st in sorted(state["support"].items())
                   if st]
        self.say(_("   support: {support}", support="; ".join(support) or _("none")))
        inside = [f"{f}: {', '.join(self.counter_text(c) for c in items)}" for f, items in state["interior"].items()
                  if items]
        self.say(_("   inside the post office: {inside}", inside="; ".join(inside) or _("nobody")))
        self.say(_("   defenders (E exhausted, D disrupted, m moved, a acted; tokens in brackets):"))
        for floor in rules.floors:
            for space in (*rules.floor_spaces[floor], rules.interior(floor)):
                names = []
                for name in game.defenders_in(space):
                    defender = state["defenders"][name]
                    flags = "".join(f for f, on in (("E", defender["exhausted"]), ("D", defender["disrupted"]), ("m",
                                                                                                                 defender["moved"]),
                                                    ("a", defender["acted"])) if on)
                    names.append(f"{name}({flags})" if flags else name)
                tokens = sorted(game.tokens_in(space))
                if not names and not tokens:
                    continue
                cap = "" if rules.is_interior(space) else f"/{rules.defender_spaces[space].capacity}"
                line = f"     {space:<17} {len(names)}{cap:<2} {', '.join(names) or '-'}"
                if tokens:
                    line += f"  [{' '.join(tokens)}]"
                self.say(line)
        statuses = [defender["status"] for defender in state["defenders"].values()]
        self.say(_("   casualties {fallen}, escaped {escaped}", fallen=statuses.count("casualty"),
                   escaped=statuses.count("escaped")))

    def header(self) -> str:
        game, state = self.game, self.game.state
        dec = game.decision or {}
        kind = dec.get("kind", "")
        if kind == DecisionKind.MOVES:
            return _("Defense Phase, moves: {n} of {limit} used", n=state["moves"], limit=game.limit("defender_moves"))
        if kind == DecisionKind.ACTIONS:
            return _("Defense Phase, actions: {n} of {limit} used", n=state["actions"],
                     limit=game.limit("defender_actions"))
        if kind == DecisionKind.COMMAND:
            return _("{defender} commands: {n} free recover actions left", defender=dec.get("by"), n=dec.get("left"))
        if kind == DecisionKind.SUPPRESSION:
            cid = str(dec.get("counter", ""))
            label = game.counter_label(cid) if cid in state["counters"] else _("counter")
            return _("The {unit} enters {space}, which holds {n} suppression tokens (its defense {defense}): how many "
                     "tokens do you spend?", unit=label, space=dec.get("space"), n=dec.get("tokens"),
                     defense=dec.get("defense"))
        if kind == DecisionKind.CASUALTY:
            return _("A defender in {space} must be removed: choose who", space=dec.get("space"))
        if kind == DecisionKind.ESCAPE:
            return _("Escape Phase: who escapes?")
        return _("Decision: {kind}", kind=kind)

    def describe(self, action: Action) -> str:
        text = str(action)
        if action.kind == ActionKind.ATTACK:
            game = self.game
            cid = action.args[1]
            odds = game.odds(action)
            where = game.counter_space(cid)
            text += _("   ({unit} on {space}, {n} dice vs {defense}: {chance})", unit=game.counter_label(cid),
                      space=where,
                      n=game.attack_dice(action.args[0]), defense=game.assault_defense(cid), chance=percent(odds)) \
                if odds is not None else ""
        return text

    def menu(self) -> None:
        """Build and print the entries of the current group: actions, or groups sharing a key prefix."""
        legal = self.game.legal_actions()
        actions = [a for a in legal if _key(a)[: len(self.path)] == self.path]
        if not actions:
            self.path = ()
            actions = list(legal)
        self.entries = []
        if len(actions) <= MENU_LIMIT:
            self.entries = [(self.describe(a), _key(a), [a]) for a in actions]
        else:
            depth = len(self.path) + 1
            while True:  # the shortest deeper prefix that splits the choices
                groups: dict[tuple[str, ...], list[Action]] = {}
                for a in actions:
                    groups.setdefault(_key(a)[:depth], []).append(a)
                if len(groups) > 1 or all(len(_key(a)) <= depth for a in actions):
                    break
                depth += 1
            for prefix, members in groups.items():
                if len(members) == 1:
                    self.entries.append((self.describe(members[0]), _key(members[0]), members))
                else:
                    self.entries.append((_("{group} ... ({n} choices)", group=self.group_label(prefix),
                                           n=len(members)), prefix, members))
        self.say(self.header() + (f"  [{' '.join(self.path)}]" if self.path else ""))
        for i, (label, _prefix, _members) in enumerate(self.entries, start=1):
            self.say(f"  {i:>3}. {label}")

    def group_label(self, prefix: tuple[str, ...]) -> str:
        if len(prefix) == 1:
            name = prefix[0]
            if name in self.game.state["defenders"]:
                d = self.game.state["defenders"][name]
                return _("{defender} (in {space}, combat {combat})", defender=name, space=d["space"],
                         combat=self.game.rules.defenders[name].combat)
            return name
        return str(Action(prefix[1], (prefix[0], *prefix[2:])))

    # ---- input
    def read(self) -> str | Refused | None:
        """The next line typed (see :func:`read_line`): from the bytes of a real standard input, or from a text
        stream (the tests') a bounded piece at a time."""
        self.out.write(f"{'/'.join(self.path) + ' ' if self.path else ''}> ")
        self.out.flush()
        if isinstance(self.inp, io.TextIOWrapper):  # a terminal, a pipe, a file: its bytes
            return read_line(self.inp.buffer)
        line = self.inp.readline(MAX_LINE + 2)
        if len(line) > MAX_LINE and not line.endswith("\n"):  # a long line: skip the rest of it, a chunk at a time
            length = len(line)
            while (more := self.inp.readline(CHUNK)) and not more.endswith("\n"):
                length += len(more)
            return Refused(length + len(more.rstrip("\n")))
        if len(line.rstrip("\r\n")) > MAX_LINE:
            return Refused(len(line.rstrip("\r\n")))
        return line.rstrip("\r\n") if line else None

    def play(self) -> int:
        game = self.game
        self.say(_("Postmen: Soldiers in Postmen's Uniforms. Seed {seed} (replay with --seed {seed}).", seed=self.seed))
        self.say(_(HELP))
        self.narrate(game.initial_events)
        self.board()
        self.menu()
        while not game.over:
            line = self.read()
            if line is None:
                self.say("\n" + _("End of input: leaving the game."))
                return 0
            if isinstance(line, Refused):
                self.say(_("That line is not UTF-8 text; a choice is a number or an action's text.")
                         if line.not_text else
                         _("That line is {n:,} characters long; a choice is a number or at most {max} characters.",
                           n=line.length, max=MAX_LINE))
                continue
            text = line.strip()
            low = text.lower()
            if low in ("q", "quit", "exit"):
                self.say(_("Leaving the game."))
                return 0
            if low in ("", "l", "list"):
                self.menu()
                continue
            if low in ("?", "board"):
                self.board()
                self.menu()
                continue
            if low in ("h", "help"):
                self.say(_(HELP))
                continue
            if low in ("b", "back"):
                if not self.path:
                    self.say(_("Already at the first list of choices."))
                else:
                    self.path = self.path[:-1] if len(self.path) > 1 else ()
                    self.menu()
                continue
            if text.isdecimal():  # (Unicode's decimal digits, which int() reads; not "²" or "①")
                index = int(text)
                if not 1 <= index <= len(self.entries):
                    self.say(_("No choice {index}: pick 1 to {n}.", index=index, n=len(self.entries)))
                    continue
                _label, prefix, members = self.entries[index - 1]
                if len(members) > 1:
                    self.path = prefix
                    self.menu()
                    continue
                action = members[0]
            else:
                try:
                    action = Action.parse(text)
                except IllegalAction as exc:
                    self.say(_("Not understood: {error}", error=shown(str(exc))))
                    continue
            phase = game.phase
            try:
                events = game.apply(action)
            except IllegalAction as exc:
                self.say(_("Not possible: {error}", error=shown(str(exc))))
                continue
            self.path = ()
            self.narrate(events)
            if game.over:
                break
            if game.phase != phase:
                self.board()
            self.menu()
        result = game.result or {}
        level = _(str(result.get("level", "")))
        how, points = result.get("how"), result.get("score")
        self.say(_("Game over ({how}): score {score}, {level}, {award}.", how=how, score=points, level=level,
                   award=_(str(result["award"]))) if result.get("award") else
                 _("Game over ({how}): score {score}, {level}.", how=how, score=points, level=level))
        return 0


def play_text(seed: int | None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    return TextPlay(Game.new(seed), inp or sys.stdin, out or sys.stdout, seed).play()


