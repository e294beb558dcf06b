"""``keizer-xl new-season OLD NEW``: next season's workbook (issue 18 item 4, issue 23).

The use case :func:`keizer_xl.app.new_season.run` decides what NEW holds (the players in their
new start order and group, every Players column of OLD, the settings, what was left); this
module checks the paths, writes it into the season template in NEW's language and returns the
report for the front end to show.  OLD is opened read-only and never written; an existing NEW
is refused unless ``force``.  Every text is written as text (a name like ``=HYPERLINK(...)``
never becomes a formula).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keizer_xl.errors import Message, UsageError

if TYPE_CHECKING:
    from openpyxl import Workbook

    from keizer_xl.app.new_season import NewSeasonReport

__all__ = ["new_season"]


def new_season(old: Path, new: Path, *, start: str = "ranking", language: str | None = None,
               force: bool = False) -> NewSeasonReport:
    """Write NEW from OLD; returns the report (what the CLI prints)."""
    from keizer_xl.app.new_season import NewSeasonRequest, run
    from keizer_xl.app.new_season_book import carries, fill
    from keizer_xl.clients import files
    from keizer_xl.clients.xlsx import open_book, write_new_workbook
    from keizer_xl.frontends.template import template_workbook

    # an .xlsm's copy stays an .xlsm (its macros and buttons carried); else NEW is .xlsx
    macros = new.suffix.lower() == ".xlsm" and old.suffix.lower() == ".xlsm"
    must_be_xlsx = UsageError(Message("{path}: the new season workbook must end in .xlsx",
                                      path=str(new)))
    if new.suffix.lower() != ".xlsx" and not macros:
        raise must_be_xlsx
    if new.exists() and old.exists() and new.resolve() == old.resolve():
        raise UsageError(Message("{path}: the new season cannot replace the old one",
                                 path=str(new)))
    if new.exists() and not force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(new), flag="--force"))
    files.protect_input(old)  # the writer refuses NEW when it is OLD by any path or link
    files.refuse_unsafe_target(new, kind="zip")  # at once, NEW named as typed
    book = open_book(old)
    report = run(book, NewSeasonRequest(start=start, language=language))
    if book.macro_enabled == macros and carries(book, report):
        # NEW is OLD's copy with the season's sheets changed: the club's own sheets (their
        # pictures, charts, text boxes ...) stay byte for byte (app/new_season_book.py)
        fill(book, report)
        with files.no_print_only_hint():
            book.save_as(new, force=True)  # an existing NEW: --force was checked above
        return replace(report, carried=True)
    if macros:  # from the template (another language): no macros, so no .xlsm
        raise must_be_xlsx
    wb = template_workbook(rounds=report.rounds, language=report.language)
    _fill_settings(wb, report)
    _fill_players(wb, report)
    with files.no_print_only_hint():  # new-season has no --no-write / --dry-run to suggest
        write_new_workbook(wb, new, backup=force)
    return report


def _table_of(ws: Any) -> Any:
    return next(iter(ws.tables.values()))


def _resize(ws: Any, last_row: int) -> None:
    """The sheet's Excel Table over A1 to the last column and ``last_row`` (a new column gets
    its table column, so Excel opens the file without a repair)."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.table import TableColumn

    table = _table_of(ws)
    width = ws.max_column
    for c in range(len(table.tableColumns) + 1, width + 1):
        table.tableColumns.append(TableColumn(id=c, name=str(ws.cell(1, c).value)))
    table.ref = f"A1:{get_column_letter(width)}{last_row}"
    if table.autoFilter is not None:
        table.autoFilter.ref = table.ref


def _fill_settings(wb: Workbook, plan: NewSeasonReport) -> None:
    """OLD's value in each template row; OLD's other settings appended below."""
    from keizer_xl.core.rules import normalise_key
    from keizer_xl.frontends.template import put_value
    from keizer_xl.sheets import schema

    ws = wb[schema.sheet_name("Settings", plan.language)]
    wanted = dict(plan.settings_rows)
    row_of = {normalise_key(str(ws.cell(r, 1).value)): r for r in range(2, ws.max_row + 1)
              if ws.cell(r, 1).value}
    # put_value: a setting typed as '=1+1' in OLD stays that text in NEW (issue 22)
    for key, text in plan.settings_rows:
        if key in row_of:
            put_value(ws, row_of[key], 2, text)
    last = ws.max_row
    for key, text in plan.settings_rows:
        if key not in row_of:
            last += 1
            put_value(ws, last, 1, key)
            put_value(ws, last, 2, text)
    # a template default OLD does not have (the preset's value stands): leave the cell empty
    for key, r in row_of.items():
        if key not in wanted and key not in ("preset", "language", "season", "club"):
            ws.cell(r, 2, None)
    _resize(ws, last)


def _fill_players(wb: Workbook, plan: NewSeasonReport) -> None:
    """The report's Players table into the template's: a column the template has (by key)
    takes its place and OLD's header spelling; every other column is added on the right, its
    header styled as the one before it; then a row per player in Attendance."""
    from copy import copy

    from openpyxl.utils import get_column_letter

    from keizer_xl.frontends.template import put_value
    from keizer_xl.sheets import schema

    ws = wb[schema.sheet_name("Players", plan.language)]
    table = _table_of(ws)
    h = schema.headers("Players", plan.language)
    template = {str(ws.cell(1, c).value): c for c in range(1, ws.max_column + 1)}
    target: list[int] = []
    for column in plan.columns:
        col = template.get(h[column.key]) if column.key else None
        if col is None:
            col = ws.max_column + 1
            head, left = ws.cell(1, col), ws.cell(1, col - 1)
            head.font, head.fill = copy(left.font), copy(left.fill)  # type: ignore[assignment]
            head.alignment = copy(left.alignment)  # type: ignore[assignment]
            ws.column_dimensions[get_column_letter(col)].width = max(10, len(column.header) + 3)
        elif col <= len(table.tableColumns):  # the Excel Table's column carries the header too
            table.tableColumns[col - 1].name = column.header
        put_value(ws, 1, col, column.header)
        target.append(col)
    for i, row in enumerate(plan.rows, start=2):
        for col, value in zip(target, row, strict=True):  # a value per planned column
            if value is not None:
                put_value(ws, i, col, value)
    last = max(2, len(plan.rows) + 1)
    _resize(ws, last)
    # the Attendance table gets a row per player, its round columns empty
    att = wb[schema.sheet_name("Attendance", plan.language)]
    for i, p in enumerate(plan.players, start=2):
        put_value(att, i, 1, p.name)
    _resize(att, last)
