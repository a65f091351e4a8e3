"""The translation layer (issue 21): every word a player reads is asked of this module in the game's language.

* ``_("New game")`` is the text in the current language; ``_("Turn {n}", n=3)`` fills the named fields after
  translating, so a translation may put them in its own order. ``n_("{n} die", "{n} dice", n)`` picks the plural
  form of the language (French: one form for 0 and 1, another above) and fills ``{n}`` and the other fields.
  ``N_("Resume")`` only marks a text for the catalogs (a constant translated where it is shown).
* What these return is a :class:`Said`, a ``str`` that is already in the player's language: ``_()`` hands it back
  unchanged, so a widget may translate whatever label it is given, a message id or a ready text.
* The catalogs are GNU gettext catalogs in ``game/i18n/locale``: ``postmen.pot`` (every message id, in English,
  the English catalog) and ``fr/LC_MESSAGES/postmen.po`` (French), compiled to ``postmen.mo`` beside it by
  ``python tools/catalogs.py`` (Babel extracts the ids from the code, updates the catalog and compiles it); the
  game reads the compiled file with the standard library's ``gettext``.
* The language follows the system's locale unless the settings or ``--lang`` name one; :func:`set_language`
  switches it at once (nothing is translated ahead of being shown, so the next frame is in the new language).
* Numbers: :func:`number` and :func:`percent` write a decimal comma and a space before ``%`` in French.
* Texts said later: :class:`Msg` (a message and its fields), :class:`Plural` and :class:`Words` (words worked out
  from the rules data, a space's name...) are kept unformatted and worded each time they are read, in the
  language of that moment. The rules core narrates its events with them: nothing is formatted for the events
  nobody reads (the AI's futures), and a log shows its old lines in a language chosen later.

This module knows nothing of pygame; the rules core may word its narration through it.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
import string
from collections.abc import Callable
from pathlib import Path

DOMAIN = "postmen"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# Each language the game speaks, by code, with its name in itself (as the settings show it).
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
DEFAULT = "en"
NBSP = "\u00a0"  # French puts a no-break space before "%" (and ":" in running text)


class Said(str):
    """A text already in the player's language (what :func:`_` and :func:`n_` return)."""

    __slots__ = ()


_language = DEFAULT
_catalog: gettext.NullTranslations = gettext.NullTranslations()
# When a test or a tool sets these to sets: every text handed out in the current language, every message id asked
# for, and every one the current language's catalog lacks (the translation checks).
said: set[str] | None = None
asked: set[str] | None = None
missing: set[str] | None = None


class _Missing(gettext.NullTranslations):
    """The fallback of a catalog: a message it lacks is shown in English, and noted when a check asks."""

    def gettext(self, message: str) -> str:
        if missing is not None:
            missing.add(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if missing is not None:
            missing.add(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        if missing is not None:
            missing.add(f"{context}\x04{message}")
        return message


def language() -> str:
    """The code of the current language (``en``, ``fr``)."""
    return _language


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def set_language(code: str) -> str:
    """Speak ``code`` from now on; returns "" or a one-line reason why it could not be (an unknown code, a
    missing or damaged catalog), in which case the game stays in English."""
    global _language, _catalog
    if code not in LANGUAGES:
        _language, _catalog = DEFAULT, gettext.NullTranslations()
        return f"unknown language {code[:20]!r} (known: {', '.join(LANGUAGES)})"
    if code == DEFAULT:
        _language, _catalog = DEFAULT, gettext.NullTranslations()
        return ""
    path = catalog_path(code)
    try:
        with path.open("rb") as f:
            catalog = gettext.GNUTranslations(f)
        catalog.add_fallback(_Missing())
    except Exception as exc:  # noqa: BLE001 - a missing or damaged catalog is a message, never a crash
        _language, _catalog = DEFAULT, gettext.NullTranslations()
        return f"the {LANGUAGES[code]} catalog {path.name} could not be read ({type(exc).__name__})"
    problem = check_catalog(catalog)
    if problem:
        _language, _catalog = DEFAULT, gettext.NullTranslations()
        return f"the {LANGUAGES[code]} catalog {path.name} is refused ({problem})"
    _language, _catalog = code, catalog
    return ""


# What a catalog is checked for when it loads (issue 37): a damaged or hostile ``postmen.mo`` once raised
# ZeroDivisionError at the first plural (a formula ``n / 0``), TypeError at a translation ``{attack[0]}``,
# ValueError at a NUL byte, and crashed the process at ``{attack:>100000000}``.
PLURAL_COUNTS = (*range(0, 1001), 10**4, 10**6, 10**9, 2**31 - 1, 2**63)  # the counts a formula is tried on
MAX_PLURALS = 6  # no language has more plural forms (Arabic's six)
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")  # all but the newline
_FORMATTER = string.Formatter()
Field = tuple[str, str, str | None]  # a field of a text: its name, format spec and conversion


def _fields(text: str) -> set[Field]:
    """The fields of a text as ``str.format`` reads them; ValueError when it cannot (an unmatched brace)."""
    return {(name, spec or "", conv) for _lit, name, spec, conv in _FORMATTER.parse(text) if name is not None}


def check_translation(english: str, translation: str, plural: bool = False) -> str:
    """"" when ``translation`` can stand for ``english`` safely, else why not (one short line): no control
    character but the newline, not much longer than the English, and every field one of the English's, by name,
    format spec and conversion (``{n}`` may also appear in a plural form), so formatting it can only do what
    formatting the English does: no indexing, no attribute, no other width or padding."""
    bad = _CONTROL.search(translation)
    if bad:
        return f"the control character U+{ord(bad[0]):04X}"
    if len(translation) > max(3 * len(english), len(english) + 200):
        return f"a translation of {len(translation):,} characters for {len(english)}"
    try:
        wanted = _fields(english)
    except ValueError:
        wanted = set()  # an English text that is never formatted: its translation may have no field either
    if plural:
        wanted.add(("n", "", None))
    try:
        have = _fields(translation)
    except ValueError as exc:
        return f"a translation str.format cannot read ({exc})"
    names = {name for name, _spec, _conv in wanted}
    for name, spec, conv in sorted(have - wanted, key=str):
        if name in names and not spec and conv is None:
            continue  # the English's field plainly (``{n}`` for ``{n:,}``)
        conversion = f"!{conv}" if conv else ""
        return f"the field {{{name}{conversion}{':' if spec else ''}{spec}}}"[:80] + " is not one of the English's"
    return ""


def check_catalog(catalog: gettext.GNUTranslations) -> str:
    """"" when every message of ``catalog`` passes :func:`check_translation` and its plural formula gives a form
    from 0 to ``nplurals - 1`` for each of :data:`PLURAL_COUNTS`, else why not, naming the message (one line)."""
    header = catalog.info().get("plural-forms", "nplurals=2; plural=(n != 1);")
    found = re.search(r"nplurals\s*=\s*(\d+)", header)
    nplurals = int(found[1]) if found else 0
    if not 1 <= nplurals <= MAX_PLURALS:
        return f"nplurals of the Plural-Forms header is not from 1 to {MAX_PLURALS}"
    plural = vars(catalog).get("plural")
    for n in PLURAL_COUNTS:
        try:
            form = plural(n) if callable(plural) else -1
        except Exception as exc:  # noqa: BLE001 - the formula is the catalog's: any failure refuses it
            return f"the plural formula fails for {n} ({type(exc).__name__})"
        if not isinstance(form, int) or not 0 <= form < nplurals:
            return f"the plural formula gives {str(form)[:20]} for {n}, not a form from 0 to {nplurals - 1}"
    messages = vars(catalog).get("_catalog")  # the standard library's table: id -> text, (id, form) -> text
    if not isinstance(messages, dict):
        return "its messages cannot be listed"
    for key, translation in messages.items():
        english, plural_form = (key, False) if isinstance(key, str) else (key[0], True)
        if not english:
            continue  # the header
        english = english.split("\x04")[-1]  # without its context
        problem = check_translation(english, translation, plural_form)
        if problem:
            return f"{problem}, in the translation of {english[:40]!r}"
    return ""


def system_language() -> str:
    """The game's language closest to the system's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    then the locale the system reports), English when none matches."""
    names: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            names += value.split(":")
            break
    if not names:
        try:
            names.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    for name in names:
        code = name.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code.startswith("french"):  # Windows names its locales in English words
            return "fr"
    return DEFAULT


def _fill(text: str, english: str, fields: dict[str, object]) -> str:
    """``text`` with its fields filled in; a translation whose fields do not match the English (a damaged
    catalog) gives the English text instead of a crash."""
    if not fields:
        return text
    try:
        return text.format(**fields)
    except (KeyError, IndexError, ValueError, AttributeError):
        return english.format(**fields)


def _record(text: str) -> Said:
    out = Said(text)
    if said is not None:
        said.add(out)
    return out


# Whether a message has a letter, by message: asked for every text worded (the narration, the refusals, every
# frame's words), where looking at each character again cost a third of the call. Kept small: a message is a
# literal of the code, but a caller may pass any text.
_lettered: dict[str, bool] = {}


def _(message: str, /, **fields: object) -> Said:
    """``message`` in the current language, its ``{fields}`` filled in; a :class:`Said` text comes back as it
    is, and so does a text without a letter (``+``, ``3-4``)."""
    if isinstance(message, Said):
        return message
    lettered = _lettered.get(message)
    if lettered is None:
        if len(_lettered) >= 4096:
            _lettered.clear()
        lettered = _lettered[message] = any(c.isalpha() for c in message)
    if not lettered:  # a sign or a number: the same in every language
        return _record(message.format(**fields) if fields else message)
    if asked is not None:
        asked.add(message)
    return _record(_fill(_catalog.gettext(message), message, fields))


def n_(singular: str, plural: str, n: int, /, **fields: object) -> Said:
    """The form of ``singular``/``plural`` the current language uses for ``n``, with ``{n}`` and ``fields``
    filled in."""
    if asked is not None:
        asked.add(singular)
    english = singular if n == 1 else plural
    return _record(_fill(_catalog.ngettext(singular, plural, n), english, {"n": n, **fields}))


def same(text: str) -> Said:
    """``text`` shown as it is in every language (a language's own name, ``2x``): no translation to ask for."""
    return _record(text)


def pgettext(context: str, message: str) -> Said:
    """``message`` in the current language as worded in ``context`` (the catalogs' ``msgctxt``): the same
    English words may need other French ones there (a weapon's name with its article, context ``the``)."""
    if asked is not None:
        asked.add(f"{context}\x04{message}")
    return _record(_catalog.pgettext(context, message))


def p_(context: str, message: str, /, **fields: object) -> Said:
    """:func:`_` for ``message`` as worded in ``context`` (the catalogs' ``msgctxt``): in English the message
    itself; another language may word it otherwise there."""
    if asked is not None:
        asked.add(f"{context}\x04{message}")
    return _record(_fill(_catalog.pgettext(context, message), message, fields))


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (a constant, translated where it is shown)."""
    return message


def number(value: float, digits: int = 1) -> Said:
    """``value`` with ``digits`` decimals: ``2.5`` in English, ``2,5`` in French."""
    text = f"{value:.{digits}f}"
    return _record(text.replace(".", ",") if _language == "fr" else text)


def percent(fraction: float) -> Said:
    """A chance as a whole percentage: ``45%`` in English, ``45 %`` (a no-break space) in French."""
    whole = f"{fraction:.0%}"
    return _record(whole.replace("%", NBSP + "%") if _language == "fr" else whole)


class Lazy:
    """A text worded when it is read (``str()``, an f-string), in the language of that moment."""

    __slots__ = ()

    def key(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __str__(self) -> str:
        raise NotImplementedError

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lazy) and type(other) is type(self) and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return repr(str(self))


class Msg(Lazy):
    """``_(message, **fields)`` when read; a field may itself be a :class:`Lazy` text."""

    __slots__ = ("message", "fields")

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields

    def key(self) -> tuple[object, ...]:
        return (self.message, *sorted(self.fields.items()))

    def __str__(self) -> str:
        return _(self.message, **{k: str(v) if isinstance(v, Lazy) else v for k, v in self.fields.items()})


class Plural(Lazy):
    """``n_(singular, plural, n, **fields)`` when read."""

    __slots__ = ("singular", "plural", "n", "fields")

    def __init__(self, singular: str, plural: str, n: int, /, **fields: object) -> None:
        self.singular, self.plural, self.n, self.fields = singular, plural, n, fields

    def key(self) -> tuple[object, ...]:
        return (self.singular, self.plural, self.n, *sorted(self.fields.items()))

    def __str__(self) -> str:
        return n_(self.singular, self.plural, self.n,
                  **{k: str(v) if isinstance(v, Lazy) else v for k, v in self.fields.items()})


class Words(Lazy):
    """``words(*args)`` when read: words worked out in the reader's language from plain values (a space's id,
    a unit type), never from a game that may have changed since."""

    __slots__ = ("words", "args")

    def __init__(self, words: Callable[..., str], /, *args: object) -> None:
        self.words, self.args = words, args

    def key(self) -> tuple[object, ...]:
        return (self.words, *(id(a) if not isinstance(a, str | int | tuple | Lazy) else a for a in self.args))

    def __str__(self) -> str:
        return str(self.words(*self.args))
