"""Messages in the workbook's language: gettext catalogs read from the ``.po`` sources.

The catalogs are ``locale/<lang>/LC_MESSAGES/keizer_xl.po`` beside this file (package data).
They are read at first use with Babel's ``.po`` reader into an in-memory catalog, so there is
no build step: an editable install, a wheel and a source tree all use the same files, and
a translator edits one text file.  Message ids are the English text with named ``{placeholders}``
(``str.format`` fields), so English needs no catalog and a translation may reorder the fields.

``translator(lang).gettext(msgid, **params)`` (alias ``_``) is the one way to translate.  A
message id missing from a catalog is shown in English: never an error in front of a user,
and ``tests/test_i18n.py`` fails when any id lacks an ``nl`` or ``de`` translation.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from contextvars import ContextVar
from typing import Any

#: Languages with a catalog (English is the message ids themselves).
CATALOG_LANGUAGES = ("nl", "de", "fr")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "keizer_xl"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.lru_cache(maxsize=None)
def _catalog(lang: str) -> dict[str, str]:
    """msgid -> msgstr of one language (fuzzy and empty translations left out, as msgfmt does)."""
    if lang not in CATALOG_LANGUAGES:
        return {}
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    out: dict[str, str] = {}
    for message in catalog:
        if message.id and isinstance(message.id, str) and isinstance(message.string, str) \
                and message.string and not message.fuzzy:
            out[message.id] = message.string
    return out


@dataclass(frozen=True)
class Translator:
    """The messages of one language; ``gettext(msgid, **params)`` fills named placeholders."""

    lang: str

    def gettext(self, msgid: str, **params: Any) -> str:
        text = _catalog(self.lang).get(msgid, msgid)
        return text.format(**params) if params else text

    __call__ = gettext

    def has(self, msgid: str) -> bool:
        return self.lang == "en" or msgid in _catalog(self.lang)


def translator(lang: str | None) -> Translator:
    """The translator for ``lang`` (``en``, ``nl``, ``de``, ``fr``); None or unknown: English."""
    return Translator(lang if lang in CATALOG_LANGUAGES else "en")


def _(msgid: str, lang: str | None = None, **params: Any) -> str:
    return translator(lang).gettext(msgid, **params)


#: The language messages are shown in when the user chose one (``--language``); None: the
#: workbook's language.  A context variable, so a server or test can set it per request.
message_language: ContextVar[str | None] = ContextVar("keizer_xl_message_language", default=None)
