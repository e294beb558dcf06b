"""A season written into a workbook's four input sheets, on any client's book (tables.Book):
the samples, ``import``, the tests and the benchmarks fill a workbook this way."""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, Any, cast
from collections.abc import Sequence

from keizer_xl.core.model import Season
from keizer_xl.errors import ActionError, Message
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import find_sheet
from keizer_xl.sheets.season_tables import input_frames

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book


def write_season(book: Book, season: Season, *, settings: bool = True) -> None:
    """Replace the rows of the four input sheets with ``season`` (samples, tests, batch).

    Works on any transport and in any language: the input tables keep their place, headers and
    formatting.  ``settings=False`` leaves the Settings sheet as it is (``import`` fills the
    template's own rows)."""
    # the workbook's own words (issue 26): the bye (vrij), the attendance letters (Dutch A, Z,
    # T, N for E, U, C, L), the withdrawn status (teruggetrokken 5), the forfeits the
    # language's instructions teach (Dutch 1-0R)
    lang = schema.language_of_sheets(book.sheet_names())
    tr = translator(lang)
    bye, withdrawn = tr.gettext("bye"), tr.gettext("withdrawn")
    letters = {code: letter for letter, code in schema.code_letters(lang).items()}
    forfeits = {"1-0F": "1-0R", "0-1F": "0-1R", "0-0F": "0-0R"} if lang == "nl" else {}
    for canonical, frame in input_frames(season).items():
        if canonical == "Settings" and not settings:
            continue
        name = find_sheet(book, canonical)
        if name is None:
            raise ActionError(Message("the workbook has no {sheet} sheet", sheet=canonical))
        table = book.read_table(name)
        if table.rows:
            book.delete_rows(name, list(range(len(table.rows))))
        lookup = _header_lookup(canonical, table.headers)
        rows = []
        for record in cast("list[dict[str, Any]]", frame.to_dict("records")):
            if canonical == "Results":
                result = record.get("Result")
                if isinstance(result, str):
                    record["Result"] = bye if result == "bye" else forfeits.get(result, result)
            elif canonical == "Attendance":
                record = {k: letters.get(v, v) if isinstance(v, str) and k != "Name" else v
                          for k, v in record.items()}
            elif canonical == "Players" and isinstance(record.get("Status"), str):
                record["Status"] = re.sub(r"^withdrawn\b", withdrawn, record["Status"])
            rows.append({lookup[k.casefold()]: (None if isinstance(v, float) and v != v else v)
                         for k, v in record.items() if k.casefold() in lookup})
        book.append_rows(name, rows)


def _header_lookup(canonical: str, headers: Sequence[str]) -> dict[str, str]:
    """The frame's English column (casefolded) -> the table's header, in any language: a
    Dutch template's ``Naam`` takes the ``Name`` column (schema.py names every language)."""
    lookup = {str(h).casefold(): h for h in headers if h}
    for key, spelled in schema.header_aliases(canonical).items():
        for h in headers:
            if h and str(h).strip().casefold() in spelled:
                lookup.setdefault(schema.header(canonical, key, "en").casefold(), h)
    return lookup
