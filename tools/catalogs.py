"""Collect keizer-xl's message ids and keep the .po catalogs in step (a developer's tool).

    python tools/catalogs.py          # add new ids to keizer_xl/i18n/locale/*/.po (empty
                                      # translation, to be filled in), mark vanished ones
                                      # obsolete, and compile each .po to its .mo
    python tools/catalogs.py --compile  # only compile each .po to its .mo (after translating)
    python tools/catalogs.py --check  # exit 1 when an id lacks a translation

The command line reads the compiled ``.mo`` files with the standard library's gettext
(keizer_xl/i18n); tests/test_i18n.py fails when a ``.mo`` is not its ``.po`` compiled.

Message ids are found by Babel's Python extractor (calls of ``tr``, ``gettext``, ``Message``,
``ResultError``, ``N_``) plus the text tables that are translated as data: the template's
Settings comments and Instructions lines and the attendance code meanings.
tests/test_i18n.py runs :func:`used_msgids` and fails on any id without an nl/de translation.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KEYWORDS = {"tr": None, "gettext": None, "ResultError": None, "N_": None, "Message": None,
            "ngettext": (1, 2), "Plural": (1, 2)}


def used_msgids() -> dict[str | tuple[str, str], list[str]]:
    """msgid -> where it is used (``path:line``); a plural message (``ngettext``, ``Plural``)
    by its (singular, plural) ids."""
    from babel.messages.extract import extract_from_dir

    from keizer_xl.core.model import BUILTIN_CODES
    from keizer_xl.frontends import template_text

    found: dict[str | tuple[str, str], list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(ROOT / "keizer_xl"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=(), strip_comment_tags=True):
        if isinstance(message, tuple) and len(message) == 2 and all(message):
            message = (str(message[0]), str(message[1]))
        if isinstance(message, (str, tuple)) and message:
            found.setdefault(message, []).append(f"keizer_xl/{filename}:{lineno}")
    tables = [c for _k, _v, c in template_text.DEFAULT_SETTINGS]
    tables += [x for x in template_text.INSTRUCTIONS if x]
    tables += list(BUILTIN_CODES.values()) + list(template_text.CODE_MEANINGS.values())
    for message in tables:
        found.setdefault(message, []).append("keizer_xl/frontends/template_text.py")
    return found


def update() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    from keizer_xl.i18n import CATALOG_LANGUAGES, DOMAIN, po_path

    template = Catalog(domain=DOMAIN, project="keizer-xl")
    for msgid, where in sorted(used_msgids().items()):
        template.add(msgid, locations=[(w.split(":")[0], int(w.split(":")[1]) if ":" in w else None)
                                       for w in where],
                     flags=("python-brace-format",) if "{" in str(msgid) else ())
    for lang in CATALOG_LANGUAGES:
        path = po_path(lang)
        if path.exists():
            with open(path, "rb") as fh:
                catalog = read_po(fh, locale=lang, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain=DOMAIN, project="keizer-xl")
        catalog.update(template, no_fuzzy_matching=True)
        with open(path, "wb") as fh:
            write_po(fh, catalog, width=100, omit_header=False, ignore_obsolete=True)
    compile_catalogs()


def compile_catalogs() -> None:
    """Each .po to the .mo beside it, as msgfmt would: fuzzy and empty translations left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from keizer_xl.i18n import CATALOG_LANGUAGES, DOMAIN, mo_path, po_path

    for lang in CATALOG_LANGUAGES:
        with open(po_path(lang), "rb") as fh:
            catalog = read_po(fh, locale=lang, domain=DOMAIN)
        with open(mo_path(lang), "wb") as fh:
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
