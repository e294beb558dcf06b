"""Messages in the workbook's language: gettext catalogs.

``locale/<lang>/LC_MESSAGES/keizer_xl.po`` beside this file is compiled to the ``.mo`` read at
run time with :mod:`gettext` (~1 ms; parsing the ``.po`` took ~45 ms of a Dutch standings,
issue 25); both are committed package data (docs/languages.md).  Message ids are the English
text with named ``{placeholders}``, so English needs no catalog and a translation may reorder
them.  ``translator(lang).gettext(msgid, **params)`` is the one way to translate; an id missing
from a catalog is shown in English, never an error (``tests/test_i18n.py`` checks the catalogs).
"""
from __future__ import annotations

import functools
import gettext
from dataclasses import dataclass
from pathlib import Path
from typing import Any


#: Languages with a catalog (English is the message ids themselves).
CATALOG_LANGUAGES = ("nl", "de", "fr")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "keizer_xl"


def po_path(lang: str) -> Path:
    """The catalog a translator edits."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """The catalog compiled from :func:`po_path` (``tools/catalogs.py``), read at run time."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


class _Untranslated(gettext.NullTranslations):
    """The fallback of a compiled catalog: asked only for an id the catalog does not hold."""

    def gettext(self, message: str) -> str:
        raise LookupError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise LookupError(msgid1)


@functools.cache
def _catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of one language (its fuzzy and empty translations were left out
    when it was compiled, as msgfmt does); asking it for an id it lacks raises LookupError."""
    if lang not in CATALOG_LANGUAGES:  # English: the ids themselves
        return gettext.NullTranslations()
    with open(mo_path(lang), "rb") as fh:
        catalog = gettext.GNUTranslations(fh)
    catalog.add_fallback(_Untranslated())
    return catalog


@dataclass(frozen=True)
class Translator:
    """The messages of one language; ``gettext(msgid, **params)`` fills named placeholders."""

    lang: str

    def gettext(self, msgid: str, **params: Any) -> str:
        try:
            text = _catalog(self.lang).gettext(msgid)
        except LookupError:  # no translation: the English id
            text = msgid
        return text.format(**params) if params else text

    __call__ = gettext

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The text for the count ``n`` by the catalog's plural rule (its ``Plural-Forms``),
        ``n`` and ``params`` filled in; English (or no translation): ``singular`` for 1."""
        try:
            text = _catalog(self.lang).ngettext(singular, plural, n)
        except LookupError:
            text = singular if n == 1 else plural
        return text.format(n=n, **params)

    def has(self, msgid: str | tuple[str, str]) -> bool:
        """Whether the catalog translates ``msgid`` (a plural message: its (singular, plural))."""
        if self.lang == "en":
            return True
        try:
            if isinstance(msgid, tuple):
                _catalog(self.lang).ngettext(msgid[0], msgid[1], 1)
            else:
                _catalog(self.lang).gettext(msgid)
        except LookupError:
            return False
        return True


def translator(lang: str | None) -> Translator:
    """The translator for ``lang`` (``en``, ``nl``, ``de``, ``fr``); None or unknown: English."""
    return Translator(lang if lang in CATALOG_LANGUAGES else "en")


#: Attendance letters a club types in its own language -> the built-in code (E excused,
#: U unexcused, C club duty, L not yet a member).  E, U, C and L are accepted in every
#: language; these letters only in a workbook of that language (sheets/schema.py reads and
#: writes with this table; it lives here so a translated message can show the club's letter).
CODE_LETTERS: dict[str, dict[str, str]] = {
    "en": {},
    # afgemeld, zonder bericht (afwezig), teamwedstrijd/clubtaak, nog geen lid
    "nl": {"A": "E", "Z": "U", "T": "C", "N": "L"},
    # entschuldigt (E) and unentschuldigt (U) are the built-in letters already;
    # Mannschaftskampf, noch nicht Mitglied
    "de": {"M": "C", "N": "L"},
    # excusé (E) is the built-in letter; non excusé, interclubs, pas encore membre
    "fr": {"N": "U", "I": "C", "P": "L"},
}


def colour_letters(lang: str | Translator | None) -> tuple[str, str]:
    """The letters for White and Black in a table cell (Crosstable, Explain): English W/B,
    Dutch W/Z, German W/S, French B/N (the catalogs say which)."""
    tr = lang if isinstance(lang, Translator) else translator(lang)
    if tr.lang == "en":
        return "W", "B"
    return (tr("the letter for White in a table cell"),
            tr("the letter for Black in a table cell"))


def shown_letter(code: str, lang: str) -> str:
    """The letter a workbook in ``lang`` shows for the built-in ``code`` (a club code as is)."""
    for letter, builtin in CODE_LETTERS.get(lang, {}).items():
        if builtin == code:
            return letter
    return code


def translate(text: Any, lang: str | Translator | None = None) -> str:
    """``text`` in ``lang`` (default English): a
    :class:`keizer_xl.errors.Message` (or anything with ``msgid`` and ``params``) through the
    catalog, its Message parameters translated too; any other text as it is."""
    tr = lang if isinstance(lang, Translator) else translator(lang)
    msgid = getattr(text, "msgid", None)
    if not isinstance(msgid, str):
        return str(text)
    from keizer_xl.errors import Letter, Number

    params = {k: ", ".join(translate(x, tr) for x in v) if isinstance(v, tuple)
              else translate(v, tr) if hasattr(v, "msgid")
              else shown_letter(v, tr.lang) if isinstance(v, Letter)
              else decimal_text(v, tr.lang) if isinstance(v, Number) else v
              for k, v in (getattr(text, "params", None) or {}).items()}
    plural = getattr(text, "plural", None)
    if isinstance(plural, str):
        n = params.pop("n")
        return tr.ngettext(msgid, plural, int(n), **params)
    return tr.gettext(msgid, **params)


def decimal_text(number: str, lang: str | None) -> str:
    """A number written with a point (``53.83``, ``-0.5``) in ``lang``'s way: a decimal comma
    in Dutch, German and French."""
    return number.replace(".", ",") if lang in CATALOG_LANGUAGES else str(number)


def error_text(exc: BaseException, lang: str | Translator | None = None) -> str:
    """The message of an exception in ``lang``: its ``msgid``/``params`` (SettingError,
    ResultError) or its Message argument; else its text as raised (English)."""
    tr = lang if isinstance(lang, Translator) else translator(lang)
    msgid = getattr(exc, "msgid", None)
    if isinstance(msgid, str):
        return translate(exc, tr)
    first = exc.args[0] if exc.args else None
    if hasattr(first, "msgid"):
        return translate(first, tr)
    return first if isinstance(first, str) else str(exc)
