"""The translation catalogs (issue 21): extract every text the game asks of ``game/i18n`` from the code, update
the catalogs, compile them.

    python tools/catalogs.py            # write game/i18n/locale/postmen.pot, update fr .po, compile fr .mo
    python tools/catalogs.py --check    # change nothing; exit 1 and say what is out of date or untranslated

Out of date means the messages differ (ids, contexts, translations, plural forms, where they come from), never the
header a version of Babel writes (Generated-By, dates): the check holds whichever Babel release is installed.

The English catalog is the template ``postmen.pot``: every message id found in the code (the calls ``_("...")``,
``n_("...", "...", n)`` and ``N_("...")`` with literal texts), in English. ``fr/LC_MESSAGES/postmen.po`` is the
French catalog, written by a person: an update adds the new ids (untranslated) and marks the ones the code no
longer asks for as obsolete (kept at the end of the file, unused). ``postmen.mo`` is its compiled form, which the
game reads; it is committed so that the game runs from a checkout without this tool. Babel does the extraction,
the merge and the compilation (``pip install -c tools/constraints.txt -e '.[test]'``).
"""

from __future__ import annotations

import argparse
import gettext
import io
import sys
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402

KEYWORDS = {"_": None, "n_": (1, 2), "N_": None, "pgettext": ((1, "c"), 2), "p_": ((1, "c"), 2), "Msg": None,
            "Plural": (1, 2)}
# The words of the rules data a player reads (levels/*.toml): (file, table, key) -> the contexts each value is
# worded in ("" plain; "the" and "of the": with the article French puts there, names.the_token and
# names.floor_words; "space colour": a colour qualifying a space, names.colour_name). "*" is any table.
DATA_WORDS: dict[tuple[str, str, str], tuple[str, ...]] = {
    ("board.toml", "floors", "name"): ("", "the", "of the"),
    ("board.toml", "bands", "name"): ("",),
    ("board.toml", "*", "colour"): ("space colour",),
    ("board.toml", "*", "colours"): ("space colour",),
    ("enemies.toml", "*", "name"): ("",),
    ("weapons.toml", "*", "name"): ("", "the"),
    ("tactics.toml", "*", "name"): ("",),
    ("tactics.toml", "*", "text"): ("",),
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # a constant header date: an unchanged catalog is unchanged
PROJECT = "Postmen"


def extract() -> Catalog:
    """Every message id of the code under ``game/``, in the order found (files sorted), with where it is."""
    template = Catalog(project=PROJECT, domain=DOMAIN, creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                       fuzzy=False)
    found = extract_from_dir(str(ROOT / "game"), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in sorted(found, key=lambda x: (x[0], x[1])):
        if isinstance(message, tuple) and not all(message):
            continue  # (a call with a non-literal argument)
        add(template, message, f"game/{filename}", lineno, comments, context)
    for (filename, table, key), contexts in DATA_WORDS.items():
        with (ROOT / "levels" / filename).open("rb") as f:
            data = tomllib.load(f)
        for words in sorted(data_words(data, table, key), key=str.lower):
            for context in contexts:
                add(template, words, f"levels/{filename}", 0, ["the rules data"], context or None)
    return template


def add(template: Catalog, message: str | tuple[str, ...], where: str, lineno: int, comments: list[str],
        context: str | None) -> None:
    """One more place of ``message``: a new entry, or one more location of the entry already there."""
    known = template.get(message if isinstance(message, str) else message[0], context)
    if known is None:
        template.add(message, locations=[(where, lineno)], auto_comments=comments, context=context)
    elif (where, lineno) not in known.locations:
        known.locations.append((where, lineno))


def data_words(data: object, table: str, key: str, parent: str = "") -> set[str]:
    """The values of ``key`` in the tables named ``table`` ("*": any) of a TOML document, each a text (a list
    counts its items; a colour's ``_`` is a space)."""
    found: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            if k == key and table in ("*", parent):
                for item in v if isinstance(v, list) else [v]:
                    if isinstance(item, str) and item:
                        found.add(item.replace("_", " ") if "colour" in key else item)
            else:
                found |= data_words(v, table, key, k)
    elif isinstance(data, list):
        for item in data:
            found |= data_words(item, table, key, parent)
    return found


def render_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=116, include_lineno=False, omit_header=False, sort_output=False,
             ignore_obsolete=False)
    return out.getvalue()


def render_mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


# What a catalog says, as the checks compare it (issue 30): our text, never the tool that wrote it. A catalog's
# header is the generator's (Generated-By, the dates, the template's placeholders) except for the fields that change
# what the game shows: its language, its plural forms and its charset.
HEADER_FIELDS = ("language", "plural-forms", "content-type")


def po_messages(data: bytes, code: str | None) -> tuple[object, ...]:
    """The messages of the .po or .pot text ``data``: for each, in order, its context, id (singular and plural),
    translations, flags, the files it comes from and its comments for the translator; then the obsolete ones; and
    the catalog's language and plural forms. Nothing of the header else (generator, dates, names)."""
    catalog = read_po(io.BytesIO(data), locale=code, domain=DOMAIN)

    def entry(message: Message) -> tuple[object, ...]:
        return (message.context, message.id, message.string, tuple(sorted(message.flags)),
                tuple(where for where, _line in message.locations), tuple(message.auto_comments),
                tuple(message.user_comments))

    return (str(catalog.locale) if catalog.locale else None, catalog.plural_forms,
            tuple(entry(m) for m in catalog if m.id), tuple(entry(m) for m in catalog.obsolete.values()))


def mo_messages(data: bytes) -> tuple[object, ...]:
    """The messages of the compiled catalog ``data`` as the game reads them (the standard library's gettext): every
    id (with its context and plural index) and its translation, and the header fields that change what is shown."""
    translations = gettext.GNUTranslations(io.BytesIO(data))
    table: dict[object, str] = translations._catalog  # type: ignore[attr-defined]
    info: dict[str, str] = translations._info  # type: ignore[attr-defined]
    return (tuple(sorted(((repr(k), v) for k, v in table.items() if k != ""))),
            tuple(info.get(field) for field in HEADER_FIELDS))


def shown(path: Path) -> str:
    """``path`` as a message names it: from the checkout's root when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def read(path: Path, code: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def untranslated(catalog: Catalog) -> list[str]:
    """The ids of ``catalog`` that have no translation (or only a fuzzy one)."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def update(locale_dir: Path, write: bool, template: Catalog | None = None) -> list[str]:
    """What of the catalogs under ``locale_dir`` is out of date with ``template`` (by default the code's message
    ids, ``extract()``), each one line, written anew when ``write``. A catalog is out of date when its messages
    differ (``po_messages``, ``mo_messages``), never for its header alone: a catalog another version of Babel
    wrote, or wrote on another day, is up to date."""
    template = extract() if template is None else template
    problems: list[str] = []
    pot = locale_dir / f"{DOMAIN}.pot"
    wanted = render_po(template)
    if not pot.exists() or po_messages(pot.read_bytes(), None) != po_messages(wanted, None):
        problems.append(f"{shown(pot)} is not the code's message ids")
        if write:
            pot.parent.mkdir(parents=True, exist_ok=True)
            pot.write_bytes(wanted)
    for code in LANGUAGES:
        if code == "en":
            continue
        path = locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = read(path, code) if path.exists() else Catalog(locale=code, domain=DOMAIN, project=PROJECT,
                                                                 creation_date=FIXED_DATE, fuzzy=False)
        catalog.revision_date = FIXED_DATE
        before = render_po(catalog)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        after = render_po(catalog)
        if not path.exists() or po_messages(after, code) != po_messages(before, code):
            problems.append(f"{shown(path)} is not up to date with the code's message ids")
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(after)
        mo = path.with_suffix(".mo")
        compiled = render_mo(catalog)
        if not mo.exists() or mo_messages(mo.read_bytes()) != mo_messages(compiled):
            problems.append(f"{shown(mo)} is not the compiled {path.name}")
            if write:
                mo.write_bytes(compiled)
        missing = untranslated(catalog)
        if missing:
            listed = "; ".join(repr(m[:40]) for m in missing[:5])
            problems.append(f"{shown(path)}: {len(missing)} message(s) without a translation: {listed}"
                            + (" ..." if len(missing) > 5 else ""))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when out of date")
    args = parser.parse_args(argv)
    problems = update(LOCALE_DIR, write=not args.check)
    for line in problems:
        print(("out of date: " if args.check else "updated: ") + line if "without" not in line else line)
    if args.check:
        return 1 if problems else 0
    return 1 if any("without" in line for line in problems) else 0


if __name__ == "__main__":
    raise SystemExit(main())
