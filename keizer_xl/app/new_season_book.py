"""``new-season`` from OLD's own file (issue 33 item 5): next season's workbook is a copy of OLD
with only the season's sheets changed, so the club's own sheets (their pictures, charts, text
boxes, pivot tables, macros, everything) come along unchanged.

:func:`fill` edits a :class:`~keizer_xl.sheets.tables.Book` opened on OLD (the file writer then
saves it under NEW's name; OLD is never written) through the writer's own edits, which change only
what they touch:

- Players: every data row deleted, the report's rows appended (OLD's columns and header
  spelling, each value as typed: numbers, dates, text);
- Attendance: a row per player, his name only; the round columns as OLD had them, a column
  headed by last season's date headed ``R1``, ``R2``, ... instead (as the template path does);
- Results: empty;
- Settings: OLD's rows as typed, the ``season`` row's value advanced and the settings of last
  season's rounds (``round_dates``, ``fixed R3`` ...) deleted;
- every engine sheet (Standings, Pairings, Periods, ...): emptied (the engine writes it again
  at the first ``pair`` / ``standings``); what the club placed on its drawing layer stays.

:func:`carries` says whether a report can be written so: NEW in OLD's language (a language
change renames every sheet: the template is used) and every planned Players column in OLD's
table (OLD without a ``Start`` column: the template adds it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from keizer_xl.core.rules import normalise_key
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.read_attendance import dated_rounds
from keizer_xl.sheets.read_names import find_sheet
from keizer_xl.sheets.tables import Book, blank

if TYPE_CHECKING:
    from keizer_xl.app.new_season import NewSeasonReport

__all__ = ["CarryBook", "carries", "fill", "sheet_roles"]


class CarryBook(Book, Protocol):
    """The file book (clients/xlsx): a Book that also renames a table's header cells."""

    def retitle(self, sheet: str, titles: dict[int, str]) -> None: ...

_INPUTS = ("Settings", "Players", "Attendance", "Results")


def sheet_roles(book: Book) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """OLD's engine sheets (reset in NEW) and the club's own sheets (carried unchanged):
    every sheet that is neither an input nor an engine sheet, chart sheets too, in OLD's order."""
    owned = {n.casefold() for n in schema.OWNED_SHEETS}
    inputs = {find_sheet(book, kind) for kind in _INPUTS}
    engine = tuple(n for n in book.sheet_names() if n.strip().casefold() in owned)
    club = tuple(n for n in book.sheet_names() if n not in inputs and n not in engine)
    return engine, club


def carries(book: Book, report: NewSeasonReport) -> bool:
    """Whether NEW can be OLD's copy (module docstring)."""
    if report.language != report.old_language:
        return False
    players = find_sheet(book, "Players")
    headers = {str(h) for h in book.read_table(players).headers} if players else set()
    return all(c.header in headers for c in report.columns)


def fill(book: CarryBook, report: NewSeasonReport) -> None:
    """Make ``book`` (OLD, not saved here) next season's workbook (module docstring)."""
    players = _sheet(book, "Players")
    _clear(book, players)
    book.append_rows(players, [{c.header: v for c, v in zip(report.columns, row, strict=True)
                                if v is not None} for row in report.rows])
    attendance = _sheet(book, "Attendance")
    _clear(book, attendance)
    name = _name_header(book, attendance)
    book.append_rows(attendance, [{name: p.name} for p in report.players])
    book.retitle(attendance, {i: f"R{n}" for i, n in
                              dated_rounds(book.read_table(attendance).headers).items()})
    _clear(book, _sheet(book, "Results"))
    _settings(book, _sheet(book, "Settings"), report)
    for sheet in report.reset_sheets:
        book.write_sheet(sheet, Layout(grid=()))


def _sheet(book: Book, kind: str) -> str:
    name = find_sheet(book, kind)
    assert name is not None  # read_season read it
    return name


def _clear(book: Book, sheet: str) -> None:
    rows = book.read_table(sheet).rows
    if rows:
        book.delete_rows(sheet, list(range(len(rows))))


def _header(book: Book, sheet: str, kind: str, key: str) -> int:
    """The column (0-based, in the table read) of ``key``'s header, in any language."""
    names = schema.header_aliases(kind)[key]
    headers = book.read_table(sheet).headers
    return next(i for i, h in enumerate(headers) if not blank(h) and
                " ".join(str(h).split()).casefold() in names)


def _name_header(book: Book, sheet: str) -> str:
    return str(book.read_table(sheet).headers[_header(book, sheet, "Attendance", "name")])


def _settings(book: Book, sheet: str, report: NewSeasonReport) -> None:
    """The ``season`` row's value replaced (the row moves to the table's end, its other cells
    kept) and the rows of last season's rounds deleted; every other row as OLD has it."""
    table = book.read_table(sheet)
    at, to = _header(book, sheet, "Settings", "setting"), _header(book, sheet, "Settings", "value")
    headers = [str(h) for h in table.headers]
    dropped = {k.casefold() for k in report.cleared_settings}
    season = dict(report.settings_rows).get("season")
    doomed: list[int] = []
    again: list[dict[str, Any]] = []
    for i, row in enumerate(table.rows):
        key = normalise_key(str(row[at])).casefold() if not blank(row[at]) else ""
        if key in dropped:
            doomed.append(i)
        elif key == "season" and season is not None:
            doomed.append(i)
            again.append({h: season if c == to else v for c, (h, v) in enumerate(
                zip(headers, row, strict=False)) if not blank(table.headers[c])
                and (c == to or v is not None)})
    if season is not None and not again:
        again.append({headers[at]: "season", headers[to]: season})
    if doomed:
        book.delete_rows(sheet, doomed)
    book.append_rows(sheet, again)
