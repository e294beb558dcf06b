"""The message catalogs (keizer_xl/i18n/locale/*/LC_MESSAGES/keizer_xl.po): every message the
code uses has a Dutch and a German translation with the same placeholders, the .po files are
valid and ship in the wheel."""
from __future__ import annotations

import datetime
import functools
import shutil
import string
import sys
from pathlib import Path

import pytest
from babel.dates import format_date
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from keizer_xl.i18n import CATALOG_LANGUAGES, DOMAIN, mo_path, po_path, translator
from keizer_xl.sheets.titles import date_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from catalogs import package_literals, update, used_msgids
from support.sources import GROUP

#: one process reads the catalogs and extracts the package's messages once for every test
#: of this file (the inner loop's time: tests/conftest.py); the tests only read them
pytestmark = GROUP
used_once = functools.cache(used_msgids)


@functools.cache
def catalog(lang):
    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def fields(text: str) -> set[str]:
    """The named placeholders of a str.format text, with their conversion ({text!r})."""
    return {f"{name}!{conv}" if conv else name
            for _lit, name, _spec, conv in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_every_message_used_has_a_translation_with_the_same_placeholders(lang):
    assert lang in CATALOG_LANGUAGES
    entries = {m.id: m for m in catalog(lang) if m.id}
    used = used_once()
    assert len(used) > 50
    missing = [m for m in used if m not in entries or not all(forms(entries[m].string))
               or entries[m].fuzzy]
    assert not missing, f"{lang}: no translation for {missing}"
    for msgid, entry in entries.items():
        if isinstance(msgid, tuple):  # a plural: the last form has the plural's fields, every
            # form only fields the message has (the singular may leave out the count's)
            texts = forms(entry.string)
            assert len(texts) == 2 and fields(texts[-1]) == fields(msgid[1]), (lang, msgid)
            assert all(fields(t) <= fields(msgid[0]) | fields(msgid[1]) for t in texts)
            continue
        assert fields(entry.string) == fields(msgid), (lang, msgid)


def forms(string):
    """The translated forms of an entry: one text, or a plural's texts."""
    return tuple(string) if isinstance(string, (tuple, list)) else (string,)


def test_plurals_follow_each_catalogs_rule():
    """ngettext (issue 33: "1 Warnungen"): German and Dutch one for 1, French one for 0 and 1."""
    assert translator("de").ngettext("{n} warning", "{n} warnings", 1) == "1 Warnung"
    assert translator("de").ngettext("{n} warning", "{n} warnings", 2) == "2 Warnungen"
    assert translator("nl").ngettext("{n} warning", "{n} warnings", 0) == "0 waarschuwingen"
    assert translator("fr").ngettext("{n} warning", "{n} warnings", 0) == "0 avertissement"
    assert translator("en").ngettext("{n} warning", "{n} warnings", 1) == "1 warning"
    assert translator("de").has(("{n} warning", "{n} warnings"))


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_each_compiled_catalog_is_its_po_compiled(lang):
    """The command line reads the .mo (keizer_xl/i18n): it must hold exactly the .po's
    translations, fuzzy and empty ones left out as msgfmt leaves them out."""
    translated = {m.id: forms(m.string) for m in catalog(lang)
                  if m.id and all(forms(m.string)) and not m.fuzzy}
    with open(mo_path(lang), "rb") as fh:
        compiled = {forms(m.id) if len(forms(m.id)) > 1 else m.id: forms(m.string)
                    for m in read_mo(fh) if m.id}
    assert compiled == translated, "run: python tools/catalogs.py --compile"
    tr = translator(lang)
    assert all(tr.gettext(msgid) == text[0] and tr.has(msgid)
               for msgid, text in translated.items() if isinstance(msgid, str))
    untranslated = [m.id for m in catalog(lang) if isinstance(m.id, str) and m.id
                    and m.id not in translated]
    assert not any(tr.has(msgid) for msgid in untranslated)
    assert tr.gettext("no such message {x}", x=1) == "no such message 1"  # the English id


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_a_sheets_date_is_the_long_date_babel_writes(lang):
    """sheets/titles.py writes the date from the catalog's months and pattern, not with Babel
    (its import and CLDR data cost every command): the same text as Babel's (CLDR's) long
    date, every month, one- and two-digit days."""
    for month in range(1, 13):
        for day in (1, 9, 10, 28):
            date = datetime.date(2026, month, day)
            assert date_text(date, lang) == format_date(date, format="long", locale=lang)
    assert date_text(datetime.date(2026, 3, 1), "en") == "2026-03-01"  # English: ISO


def test_the_checker_can_fail():
    # a placeholder lost in translation is seen
    assert fields("{text!r} staat niet in {players}") != fields("{text!r} is not in {sheet}")


def test_translator_fills_placeholders_and_falls_back_to_english_ids():
    assert translator("nl").gettext("Standings after round {round}", round=8) == "Stand na ronde 8"
    assert translator("de")("Round {round}", round=3) == "Runde 3"
    assert translator("en")("Round {round}", round=3) == "Round 3"
    assert translator(None).lang == "en" and translator("xx").lang == "en"


def _translations(po: Path) -> dict[str, str]:
    with open(po, "rb") as fh:
        return {m.id: m.string for m in read_po(fh) if isinstance(m.id, str) and m.id and m.string}


@pytest.mark.slow
def test_the_catalog_tool_keeps_every_translation_in_use_and_is_stable(tmp_path):
    """``python tools/catalogs.py``, the documented way to add a translation, run on a copy of
    the catalogs: every translation of an id the package still uses (found by the extractor, a
    table, argparse, or a string literal of the package) is still in the .po and the .mo with
    the same text, and a second run writes the same files (locations carry no line numbers)."""
    from keizer_xl.i18n import LOCALE_DIR

    first, second = tmp_path / "first", tmp_path / "second"
    shutil.copytree(LOCALE_DIR, first)
    update(first)
    shutil.copytree(first, second)
    update(second)
    in_use = set(used_once()) | package_literals()
    for lang in CATALOG_LANGUAGES:
        po = Path("LC_MESSAGES") / f"{DOMAIN}.po"
        before = {k: v for k, v in _translations(LOCALE_DIR / lang / po).items() if k in in_use}
        after = _translations(first / lang / po)
        assert len(before) > 900
        assert {k: after.get(k) for k in before} == before, lang
        with open(first / lang / po.with_suffix(".mo"), "rb") as fh:
            compiled = {m.id: m.string for m in read_mo(fh) if isinstance(m.id, str) and m.id}
        assert {k: compiled.get(k) for k in before} == before, lang
        assert (first / lang / po).read_bytes() == (second / lang / po).read_bytes(), lang
        locations = [line for line in (first / lang / po).read_text().splitlines()
                     if line.startswith("#: ")]
        assert locations and not any(x.rsplit(":", 1)[-1].isdigit()
                                     for line in locations for x in line[3:].split()), lang


def test_argparse_messages_are_in_use():
    """The command line shows argparse's usage and errors in the workbook's language: the
    tool counts them as in use."""
    assert {"usage: ", "the following arguments are required: %s"} <= package_literals()
