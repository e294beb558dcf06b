"""The user-facing actions, written once against the table interface (tables.Book).

The CLI (openpyxl files), the Excel buttons (xlwings) and the LibreOffice macro all call these;
none of them prints or exits: they return what happened or raise InputError / ActionError.
"""
from __future__ import annotations

import re

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast
from collections.abc import Sequence

from keizer_xl.core.model import Season
from keizer_xl.errors import ActionError, Message
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book


@dataclass(frozen=True)
class ActionRequest:
    """One action as a front end asks for it (issue 15: replaces the options dict the
    LibreOffice macro was handed and the fake argparse.Namespace ``pair`` on an ``.ods`` built).

    ``round``: pair that round / the standings after it; ``language``: the messages' language
    (None: the workbook's); ``front``: who words the outcome (``cli`` when ``keizer-xl
    lo-run`` or ``pair club.ods`` runs the macro, ``libreoffice`` for a button);
    ``format``: the command line's output format (table, json); ``label``: the workbook as the
    user named it.
    It travels to the macro as JSON (:meth:`to_json` / :meth:`from_json`)."""

    action: str
    round: int | None = None
    force: bool = False
    repair: bool = False
    language: str | None = None
    front: str = "libreoffice"
    format: str = "table"
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "round": self.round, "force": self.force,
                "repair": self.repair, "language": self.language, "front": self.front,
                "format": self.format, "label": self.label}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ActionRequest:
        """The request in ``data`` (keys it does not know, the macro's own, are left)."""
        rnd = data.get("round")
        return cls(action=str(data.get("action", "")),
                   round=None if rnd is None else int(rnd),
                   force=bool(data.get("force")), repair=bool(data.get("repair")),
                   language=data.get("language") or None,
                   front=str(data.get("front") or "libreoffice"),
                   format=str(data.get("format") or "table"), label=str(data.get("label") or ""))


# --------------------------------------------------------------------------- writing a season

def write_season(book: Book, season: Season, *, settings: bool = True) -> None:
    """Replace the rows of the four input sheets with ``season`` (samples, tests, batch).

    Works on any transport and in any language: the input tables keep their place, headers and
    formatting.  ``settings=False`` leaves the Settings sheet as it is (``import`` fills the
    template's own rows)."""
    from keizer_xl.sheets.read_names import find_sheet
    from keizer_xl.sheets.season_tables import input_frames

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
            rows.append({lookup[k.casefold()]: (None if _missing(v) else v)
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


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value)
