"""The one strict reader of the game's TOML files: ``levels/*.toml`` (:func:`game.rules.data.load_rules`) and the
scenario files (:mod:`game.scenario`).

:func:`load_toml` turns every kind of damage to a file (missing, unreadable, not UTF-8, not TOML, nested too
deeply for the parser) into one error line naming the file. :class:`Reader` gives typed access to one table; each
error is one line naming the file and the key path, e.g.
``defenders.toml: defenders[3].combat: expected an integer from 0 to 6, found 9``. It is used in two ways:

* declaratively: :meth:`Reader.check` checks a whole table against a schema made of :class:`Int`, :class:`Str`,
  :class:`Bool`, :class:`List`, :class:`Table`, :class:`Map` and :class:`Tagged`, which rejects unknown keys,
  missing keys, wrong types (a boolean is no integer), values out of range or not among the choices, lists of the
  wrong length and duplicate ids;
* step by step: the getters (:meth:`Reader.get`, :meth:`Reader.int_`, ...) check the type of each key read and
  record it, and :meth:`Reader.done` rejects every key that was not read.

References between tables and files (a space, a colour, a card type that must exist) are checked by the loaders.
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import stat
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Fail = Callable[[str, str], ValueError]  # (key path, problem) -> the error to raise
REQUIRED: Any = object()  # the default of Reader.get: a missing key is an error

_SIMPLE_KEY = re.compile(r"[A-Za-z0-9_:+\-.\[\] ]{1,60}")  # written as is in a key path; others quoted
_REPR = reprlib.Repr()
_REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict, _REPR.maxlevel = 50, 50, 6, 4, 2
_TYPE_NAMES = {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "a list",
               dict: "a table"}


def join(path: str, key: str | int) -> str:
    """``path.key`` (``path[key]`` for a list index); a key with other characters than letters, digits, spaces
    and ``_:+-.[]`` is quoted, so a key path is always one line; a key of over 60 characters is cut to its first
    40 and "…"."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if len(key) > 60:  # a key path is a short line: a long key is shown by its start
        key = key[:40] + "…"
    part = key if _SIMPLE_KEY.fullmatch(key) else json.dumps(key)
    return f"{path}.{part}" if path else part


def show(value: Any) -> str:
    """A short one-line rendering of a value for an error message (safe for deeply nested data)."""
    return _REPR.repr(value)


def found(value: Any) -> str:
    """``a string 'two'``: the kind and the value found, for 'expected ..., found ...'."""
    kind = next((name for t, name in _TYPE_NAMES.items() if isinstance(value, t)), type(value).__name__)
    return f"{kind} {show(value)}"


def one_line(text: str) -> str:
    return " ".join(text.split("\n")).replace("\r", " ")


MAX_BYTES = 1 << 20  # the largest TOML file read (the largest of levels/ is 15 KB, of the scenarios 5 KB)


def read_capped(path: Path, limit: int) -> bytes:
    """The file's bytes; ``OSError`` when it cannot be read, ``ValueError`` when it is not a regular file (a FIFO,
    a device, a folder: opened without blocking and refused, so a pipe in its place never hangs a reader) or holds
    more than ``limit`` bytes (refused after reading ``limit + 1``, never read whole). The one reader of a file the
    game may find damaged or hostile: the level files here, the data folder's files (``game.ui.storage``)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        with os.fdopen(fd, "rb") as fh:
            fd = -1  # closed with the file object
            data = fh.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:
        raise ValueError(f"larger than {limit // 1024} KB")
    return data


def load_toml(path: Path, name: str, error: type[ValueError] = ValueError, limit: int = MAX_BYTES) -> dict[str, Any]:
    """The parsed file, or ``error("NAME: <problem>")`` for a missing or unreadable file, one that is not a
    regular file or larger than ``limit`` bytes, bytes that are not UTF-8, invalid TOML or nesting deeper than the
    parser can follow."""
    try:
        raw = read_capped(path, limit)
    except FileNotFoundError:
        where = f" in {path.parent.name}/" if name == path.name and path.parent.name else ""
        raise error(f"{name}: file not found{where}") from None
    except OSError as exc:
        raise error(one_line(f"{name}: cannot be read: {exc.strerror or exc}")) from None
    except ValueError as exc:
        raise error(f"{name}: cannot be read: {exc}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise error(one_line(f"{name}: cannot be read: not UTF-8 text ({exc.reason} at byte {exc.start})")) from None
    except tomllib.TOMLDecodeError as exc:
        raise error(one_line(f"{name}: not valid TOML: {exc}")) from None
    except RecursionError:
        raise error(f"{name}: not valid TOML: nested too deeply") from None


# ---------------------------------------------------------------------------------------------- words
# Characters no text of a data file may hold: control characters (a NUL cannot even be drawn), lone surrogates and
# the Unicode line and paragraph separators (every text is drawn on one line or wrapped by the game).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


@dataclass(frozen=True)
class WordLimits:
    """How long the keys and texts of a file may be, in characters: every key up to ``key``, every text up to
    ``text``, except the texts under the keys of ``longer`` (a card's sentence), up to their own limit."""

    key: int
    text: int
    longer: Mapping[str, int] = field(default_factory=dict)


def check_words(data: Any, file: str, limits: WordLimits, error: type[ValueError] = ValueError) -> None:
    """Raise ``error("FILE: key.path: problem")`` for the first key or text of ``data`` that is longer than
    ``limits`` allow or holds a control character (issue 37: a name of 100,000 characters once took the game to
    24 GB, a NUL byte in a name raised in the window)."""
    todo: list[tuple[Any, str, int, str | None]] = [(data, "", limits.text, None)]  # in the file's order
    while todo:
        value, path, limit, key = todo.pop()
        if key is not None:
            _check_text(key, path, limits.key, file, "key", error)
        if isinstance(value, str):
            _check_text(value, path, limit, file, "text", error)
        elif isinstance(value, dict):
            todo += reversed([(item, join(path, k), limits.longer.get(k, limits.text), k) for k, item in value.items()])
        elif isinstance(value, list):
            todo += reversed([(item, join(path, i), limit, None) for i, item in enumerate(value)])


def _check_text(text: str, path: str, limit: int, file: str, what: str, error: type[ValueError]) -> None:
    bad = _CONTROL.search(text)
    if bad:
        raise error(f"{file}: {path}: a {what} with the control character U+{ord(bad[0]):04X} (not allowed)")
    if len(text) > limit:
        raise error(f"{file}: {path}: a {what} of {len(text):,} characters (at most {limit} here)")


# ---------------------------------------------------------------------------------------------- schema
class Spec:
    """One value of a schema; :meth:`check` raises ``fail(path, problem)`` for a value that does not fit."""

    def check(self, value: Any, path: str, fail: Fail) -> None:
        raise NotImplementedError

    def expected(self) -> str:
        raise NotImplementedError

    def wrong(self, value: Any, path: str, fail: Fail) -> ValueError:
        return fail(path, f"expected {self.expected()}, found {found(value)}")


@dataclass(frozen=True)
class Of(Spec):
    """Any value of the given Python types (``bool`` counts only where it is named)."""

    types: tuple[type, ...]

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if isinstance(value, bool) and bool not in self.types or not isinstance(value, self.types):
            raise self.wrong(value, path, fail)

    def expected(self) -> str:
        return " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in self.types)


@dataclass(frozen=True)
class Int(Spec):
    """An integer (never a boolean) from ``lo`` to ``hi`` (each bound optional)."""

    lo: int | None = None
    hi: int | None = None

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.wrong(value, path, fail)
        if self.lo is not None and value < self.lo or self.hi is not None and value > self.hi:
            raise fail(path, f"expected {self.expected()}, found {value}")

    def expected(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"an integer from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"an integer of {self.lo} or more"
        return "an integer" if self.hi is None else f"an integer of {self.hi} or less"


@dataclass(frozen=True)
class Str(Spec):
    """A string; one of ``choices`` when they are given; not blank when ``nonempty``."""

    choices: tuple[str, ...] = ()
    nonempty: bool = False

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if not isinstance(value, str):
            raise self.wrong(value, path, fail)
        if self.choices and value not in self.choices:
            raise fail(path, f"unknown value {show(value)} (expected one of: {', '.join(map(repr, self.choices))})")
        if self.nonempty and not value.strip():
            raise fail(path, "must not be empty")

    def expected(self) -> str:
        return f"one of {', '.join(map(repr, self.choices))}" if self.choices else "a string"


@dataclass(frozen=True)
class Bool(Spec):
    """``true`` or ``false``."""

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if not isinstance(value, bool):
            raise self.wrong(value, path, fail)

    def expected(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class List(Spec):
    """A list of ``min`` to ``max`` items of ``item``; ``unique``: the items (``True``) or the value of that key
    in each item table (a key name) must be distinct."""

    item: Spec
    min: int = 0
    max: int | None = None
    unique: bool | str = False

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if not isinstance(value, list):
            raise self.wrong(value, path, fail)
        if len(value) < self.min or self.max is not None and len(value) > self.max:
            raise fail(path, f"expected {self.size()}, found {len(value)}")
        seen: dict[Any, int] = {}
        for i, item in enumerate(value):
            self.item.check(item, join(path, i), fail)
            if self.unique:
                at = join(path, i) if self.unique is True else join(join(path, i), str(self.unique))
                ident = item if self.unique is True else item.get(str(self.unique)) if isinstance(item, dict) else None
                if ident is None or isinstance(ident, (list, dict)):
                    continue
                if ident in seen:
                    raise fail(at, f"duplicate {show(ident)} (also at {join(path, seen[ident])})")
                seen[ident] = i

    def size(self) -> str:
        if self.max is None:
            return f"at least {self.min} items" if self.min else "a list"
        return f"{self.min} items" if self.min == self.max else f"{self.min} to {self.max} items"

    def expected(self) -> str:
        return f"a list of {self.item.expected()}"


@dataclass(frozen=True)
class Opt(Spec):
    """A key of a :class:`Table` that may be left out."""

    spec: Spec

    def check(self, value: Any, path: str, fail: Fail) -> None:
        self.spec.check(value, path, fail)

    def expected(self) -> str:
        return self.spec.expected()


def _check_keys(value: Any, path: str, fail: Fail, fields: Mapping[str, Spec], what: str = "a table") -> None:
    if not isinstance(value, dict):
        raise fail(path, f"expected {what}, found {found(value)}")
    for key in value:
        if key not in fields:
            raise fail(join(path, key), f"unknown key {show(key)} (expected one of: {', '.join(fields)})")
    for key, spec in fields.items():
        if key in value:
            spec.check(value[key], join(path, key), fail)
        elif not isinstance(spec, Opt):
            raise fail(join(path, key), "missing")


@dataclass(frozen=True)
class Table(Spec):
    """A table with exactly these keys (those wrapped in :class:`Opt` may be left out)."""

    fields: Mapping[str, Spec]

    def check(self, value: Any, path: str, fail: Fail) -> None:
        _check_keys(value, path, fail, self.fields)

    def expected(self) -> str:
        return "a table"


@dataclass(frozen=True)
class Map(Spec):
    """A table with free keys (only some of ``keys`` when they are given) and values of one kind."""

    value: Spec
    keys: tuple[str, ...] = ()
    min: int = 0

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if self.keys:
            _check_keys(value, path, fail, {k: Opt(self.value) for k in self.keys})
        if not isinstance(value, dict):
            raise self.wrong(value, path, fail)
        if len(value) < self.min:
            raise fail(path, f"expected at least {self.min} entries, found {len(value)}")
        for key, item in value.items():
            self.value.check(item, join(path, key), fail)

    def expected(self) -> str:
        return "a table"


@dataclass(frozen=True)
class Tagged(Spec):
    """A table whose ``tag`` key picks its other keys: ``common`` plus ``variants[tag value]``."""

    tag: str
    variants: Mapping[str, Mapping[str, Spec]]
    common: Mapping[str, Spec] = field(default_factory=dict)

    def check(self, value: Any, path: str, fail: Fail) -> None:
        if not isinstance(value, dict):
            raise self.wrong(value, path, fail)
        kind = value.get(self.tag)
        if self.tag not in value:
            raise fail(join(path, self.tag), "missing")
        Str(tuple(self.variants)).check(kind, join(path, self.tag), fail)
        _check_keys(value, path, fail, {self.tag: Str(), **self.common, **self.variants[str(kind)]},
                    f"a table with {self.tag}")

    def expected(self) -> str:
        return "a table"


def spec_of(kind: Spec | type | tuple[type, ...]) -> Spec:
    if isinstance(kind, Spec):
        return kind
    return Of(kind if isinstance(kind, tuple) else (kind,))


# ---------------------------------------------------------------------------------------------- reader
class Reader:
    """One TOML table at key path ``where`` of ``file`` (``""`` when the caller names the file itself); errors
    are ``error`` instances with one line ``file: where.key: problem``. ``hint(where, key)`` may explain an
    unknown key better than the list of known ones (it is passed on to the sub-tables)."""

    def __init__(self, data: Any, where: str = "", file: str = "", error: type[ValueError] = ValueError,
                 hint: Callable[[str, str], str] | None = None) -> None:
        self.file, self.where, self.error, self.hint = file, where, error, hint
        if not isinstance(data, dict):
            raise self.error_at(where, f"expected a table, found {found(data)}")
        self.data: dict[str, Any] = data
        self.used: set[str] = set()

    def path(self, key: str | int) -> str:
        return join(self.where, key)

    def error_at(self, path: str, problem: str) -> ValueError:
        text = f"{path}: {problem}" if path else problem
        return self.error(one_line(f"{self.file}: {text}" if self.file else text))

    def fail(self, key: str, problem: str) -> ValueError:
        return self.error_at(self.path(key) if key else self.where, problem)

    def check(self, spec: Spec) -> None:
        """Check the whole table against a schema."""
        spec.check(self.data, self.where, self.error_at)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        self.used.add(key)
        return self.data.get(key)

    def get(self, key: str, kind: Spec | type | tuple[type, ...], default: Any = REQUIRED) -> Any:
        """The value of ``key`` checked against ``kind``; ``default`` when it is missing (an error if none)."""
        self.used.add(key)
        if key not in self.data:
            if default is REQUIRED:
                raise self.fail(key, "missing")
            return default
        spec_of(kind).check(self.data[key], self.path(key), self.error_at)
        return self.data[key]

    def str_(self, key: str, default: str | None = None, choices: tuple[str, ...] = ()) -> str | None:
        value = self.get(key, Str(choices), default)
        return None if value is None else str(value)

    def int_(self, key: str, default: int | None = None, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self.get(key, Int(lo, hi), default)
        return None if value is None else int(value)

    def bool_(self, key: str, default: bool | None = None) -> bool | None:
        value = self.get(key, Bool(), default)
        return None if value is None else bool(value)

    def list_(self, key: str) -> list[Any] | None:
        value = self.get(key, list, None)
        return None if value is None else list(value)

    def str_list(self, key: str) -> list[str] | None:
        value = self.get(key, List(Str()), None)
        return None if value is None else [str(v) for v in value]

    def int_list(self, key: str, lo: int | None = None, hi: int | None = None) -> list[int] | None:
        value = self.get(key, List(Int(lo, hi)), None)
        return None if value is None else [int(v) for v in value]

    def table(self, key: str) -> Reader | None:
        """The sub-table ``key``, or None when it is missing."""
        self.used.add(key)
        if key not in self.data:
            return None
        return Reader(self.data[key], self.path(key), self.file, self.error, self.hint)

    def sub(self, key: str) -> Reader:
        """The sub-table ``key``, which must be there."""
        table = self.table(key)
        if table is None:
            raise self.fail(key, "missing")
        return table

    def tables(self, key: str) -> list[Reader]:
        """The list of tables ``key`` (an array of tables, ``[[key]]``), which must be there."""
        items = self.get(key, list)
        return [Reader(item, join(self.path(key), i), self.file, self.error, self.hint) for i, item in enumerate(items)]

    def done(self) -> None:
        """Reject the first key that was never read."""
        unknown = sorted(k for k in self.data if k not in self.used)
        if unknown:
            extra = self.hint(self.where, unknown[0]) if self.hint else ""
            known = ", ".join(sorted(self.used))
            raise self.fail(unknown[0], extra or f"unknown key {show(unknown[0])} (expected one of: {known})")
