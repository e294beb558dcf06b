"""Which sheet is the engine's: a sheet is replaced only if keizer-xl wrote it (issue 34).

The mark is the one every engine sheet has carried since 2026-11-24 (issue 9): its title line
in A1, ``season · club · what it is · date``, whose "what" is the sheet's own title in one of
the languages (``Standings after round 8``, ``Stand na ronde 8``; ``sheets.titles``) and whose
last part is the date of the run (a club's sheet headed just ``History`` is not the engine's).  It is a
cell value, so it survives everything a workbook goes through: Excel, LibreOffice and a round
trip through .ods save it as they save any text, and every client (the file, xlwings, UNO)
reads it the same way.  A sheet written before the title line (keizer-xl of 2026-11-21 to 24)
is recognised by its header row in row 1: the engine's Standings (``Rank, Name, Score, Value,
Prev value``) or Pairings (``Board, White, Black, Result``) headers in one language.  A sheet
with nothing in its first rows is the engine's to fill.

Any other sheet under an engine sheet's name is the club's own (its history, its own
standings): :func:`claim` refuses the command before anything is written, naming the sheet,
and the club renames it (or deletes it) once.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from keizer_xl.core.settings import LANGUAGES
from keizer_xl.errors import ActionError, Message
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.tables import Book, header_text
from keizer_xl.sheets.titles import SHEET_TITLES, SHEET_TITLES_NO_ROUND

#: how much of a sheet's top left corner the mark is looked for in
TOP_ROWS = 5
TOP_COLUMNS = 12

#: the date that ends every title line: ISO in English, the long form in the other languages
#: (``2026-03-01``, ``1 maart 2026``, ``1. März 2026``; sheets.titles.date_text)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}\.?\s+\w+\.?\s+\d{4}")

#: the header row keizer-xl wrote in row 1 before the title line (column keys of schema.COLUMNS)
_UNTITLED_HEADERS: Mapping[str, tuple[str, ...]] = {
    "Standings": ("rank", "name", "score", "value", "prev_value"),
    "Pairings": ("board", "white", "black", "result"),
}


@functools.cache
def _title(kind: str, lang: str) -> re.Pattern[str]:
    """The "what" part of ``kind``'s title line in ``lang``, with or without a round."""
    key, tr, marker = kind.casefold(), translator(lang), "\x00"
    spelled = (re.escape(tr.gettext(SHEET_TITLES_NO_ROUND[key])),
               re.escape(tr.gettext(SHEET_TITLES[key], round=marker)).replace(marker, r"\d+"))
    return re.compile("|".join(spelled), re.IGNORECASE)


def engine_wrote(kind: str, cells: Mapping[tuple[int, int], Any], lang: str = "en") -> bool:
    """Whether a sheet whose top left corner holds ``cells`` ((row, column) -> value, 1-based)
    is the engine's sheet of ``kind`` (``schema.ENGINE_SHEETS``): its title line (in any
    language; ``lang``, the workbook's, is tried first: the other catalogs are loaded only when
    it is not that), the header row of an untitled engine sheet, or nothing at all."""
    if not any(header_text(v) for v in cells.values()):
        return True
    first = cells.get((1, 1))
    if isinstance(first, str):
        *parts, last = (part.strip() for part in first.split("·"))
        if _DATE.fullmatch(last) and any(
                _title(kind, tried).fullmatch(part)
                for tried in (lang, *(x for x in LANGUAGES if x != lang)) for part in parts):
            return True
    keys = _UNTITLED_HEADERS.get(kind)
    if keys is None:
        return False
    row = [header_text(cells.get((1, c))).casefold() for c in range(1, len(keys) + 1)]
    return any(row == [schema.header(kind, k, lang).casefold() for k in keys]
               for lang in LANGUAGES)


def claim(book: Book, kinds: Iterable[str], lang: str) -> None:
    """Refuse to write the engine's sheets of ``kinds`` into ``book`` when a sheet of that name
    is the club's own (ActionError, every such sheet named; nothing is written)."""
    present = {name.casefold(): name for name in book.sheet_names()}
    clubs: list[str] = []
    for kind in kinds:
        found = present.get(schema.sheet_name(kind, lang).casefold())
        if found is not None and not engine_wrote(
                kind, book.top_cells(found, TOP_ROWS, TOP_COLUMNS), lang):
            clubs.append(found)
    if clubs:
        raise ActionError(Message(
            "the sheet {sheets} was not written by keizer-xl (A1 has no keizer-xl title line), "
            "but keizer-xl writes its own sheet of that name: rename the club's sheet (or delete "
            "it) and run again", sheets=", ".join(clubs)))
