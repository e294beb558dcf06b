"""Collect keizer-xl's message ids and keep the .po catalogs in step (a developer's tool).

    python tools/catalogs.py          # add new ids to keizer_xl/i18n/locale/*/.po (empty
                                      # translation, to be filled in), mark vanished ones
                                      # obsolete (#~, kept in the file), compile each .po
    python tools/catalogs.py --compile  # only compile each .po to its .mo (after translating)
    python tools/catalogs.py --check  # exit 1 when an id lacks a translation

The command line reads the compiled ``.mo`` files with the standard library's gettext
(keizer_xl/i18n); tests/test_i18n.py fails when a ``.mo`` is not its ``.po`` compiled.

Which ids are new: what Babel's Python extractor finds (calls of ``tr``, ``gettext``,
``Message``, ``ResultError``, ``N_``) and the text tables translated as data (the template's
Settings comments and Instructions lines, the attendance code meanings, the Settings rows an
import adds).

Which ids are in use, so never marked obsolete: those; every translated id that is a string
literal anywhere in the package (a table of words, a loop over column names, ``tr.gettext(h)``:
the extractor cannot see those calls); and argparse's own messages that have a translation (the
command line shows argparse's usage and errors through the catalog).  A translation a user
reads is never dropped by the tool (issue 38).  Only an id that is nowhere in the package any
more becomes obsolete; it stays in the ``.po`` (``#~``) so a translator can take it back, and
leaves the ``.mo``.

Locations are written without line numbers, sorted: moving code does not rewrite the catalogs.
tests/test_i18n.py runs the tool on a copy of the catalogs and checks that every translation in
use survives and that a second run changes nothing.
"""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KEYWORDS = {"tr": None, "gettext": None, "ResultError": None, "N_": None, "Message": None,
            "ngettext": (1, 2), "Plural": (1, 2)}

#: a message id: its text, or a plural message's (singular, plural) ids
MsgId = str | tuple[str, str]


def _argparse_msgids() -> set[str]:
    """The ids argparse asks gettext for (``_('usage: ')``, ``ngettext(...)``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext"):
            found.update(a.value for a in node.args
                         if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value)
    return found


def package_literals() -> set[str]:
    """Every string literal of the package's modules (what may be translated as data) and
    argparse's messages."""
    found: set[str] = _argparse_msgids()
    for path in (ROOT / "keizer_xl").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
                found.add(node.value)
    return found


def used_msgids() -> dict[MsgId, list[str]]:
    """msgid -> where it is used (a module's path); a plural message (``ngettext``,
    ``Plural``) by its (singular, plural) ids."""
    from babel.messages.extract import extract_from_dir

    from keizer_xl.core.model import BUILTIN_CODES
    from keizer_xl.sheets import template_text

    found: dict[MsgId, list[str]] = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
            str(ROOT / "keizer_xl"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=(), strip_comment_tags=True):
        if isinstance(message, tuple) and len(message) == 2 and all(message):
            message = (str(message[0]), str(message[1]))
        if isinstance(message, (str, tuple)) and message:
            where = found.setdefault(message, [])
            if f"keizer_xl/{filename}" not in where:
                where.append(f"keizer_xl/{filename}")
    tables = [c for _k, _v, c in template_text.DEFAULT_SETTINGS]
    tables += [x for x in template_text.INSTRUCTIONS if x]
    tables += list(BUILTIN_CODES.values()) + list(template_text.CODE_MEANINGS.values())
    tables += list(template_text.ADDED_SETTINGS.values())
    for message in tables:
        where = found.setdefault(message, [])
        if "keizer_xl/sheets/template_text.py" not in where:
            where.append("keizer_xl/sheets/template_text.py")
    return found


def update(locale_dir: Path | None = None) -> None:
    """Merge the ids in use into each language's .po under ``locale_dir`` (default the
    package's) and compile it."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    from keizer_xl.i18n import CATALOG_LANGUAGES, DOMAIN, po_path

    used = used_msgids()
    literals = package_literals()
    for lang in CATALOG_LANGUAGES:
        path = _in(locale_dir, po_path(lang))
        if path.exists():
            with open(path, "rb") as fh:
                catalog = read_po(fh, locale=lang, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain=DOMAIN, project="keizer-xl")
        # a translated id the extractor misses but the package (or argparse) still holds
        kept: dict[MsgId, list[str]] = {m.id: ["keizer_xl"] for m in catalog
                if isinstance(m.id, str) and m.id and m.string and m.id in literals
                and m.id not in used}
        template = Catalog(domain=DOMAIN, project="keizer-xl")
        for msgid, where in sorted({**kept, **used}.items(), key=lambda kv: str(kv[0])):
            template.add(msgid, locations=[(w, None) for w in sorted(where)],
                         flags=("python-brace-format",) if "{" in str(msgid) else ())
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False,
                       update_creation_date=False)
        with open(path, "wb") as fh:
            write_po(fh, catalog, width=100, omit_header=False, ignore_obsolete=False,
                     include_lineno=False, sort_output=True)
    compile_catalogs(locale_dir)


def _in(locale_dir: Path | None, path: Path) -> Path:
    """``path`` (a file of the package's locale folder) under ``locale_dir`` instead."""
    from keizer_xl.i18n import LOCALE_DIR

    return path if locale_dir is None else locale_dir / path.relative_to(LOCALE_DIR)


def compile_catalogs(locale_dir: Path | None = None) -> None:
    """Each .po to the .mo beside it, as msgfmt would: fuzzy and empty translations left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from keizer_xl.i18n import CATALOG_LANGUAGES, DOMAIN, mo_path, po_path

    for lang in CATALOG_LANGUAGES:
        with open(_in(locale_dir, po_path(lang)), "rb") as fh:
            catalog = read_po(fh, locale=lang, domain=DOMAIN)
        with open(_in(locale_dir, mo_path(lang)), "wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)


if __name__ == "__main__":
    if "--check" in sys.argv:
        from keizer_xl.i18n import CATALOG_LANGUAGES, translator

        missing = [(lang, m) for m in used_msgids() for lang in CATALOG_LANGUAGES
                   if not translator(lang).has(m)]
        for lang, m in missing:
            print(f"{lang}: {m!r}")
        sys.exit(1 if missing else 0)
    if "--compile" in sys.argv:
        compile_catalogs()
    else:
        update()
