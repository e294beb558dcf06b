"""``keizer-xl new-season OLD NEW``: next season's workbook (issue 18, item 4).

NEW is the season template in the workbook's language (or ``--language``) with OLD's settings
(the template's rows get OLD's values, settings the template lacks are added under them), the
players active at the end of OLD in their new start order (``Start`` 1..n, ratings carried; a
``Group`` column when OLD has one, as it is), Attendance with its round columns empty and
Results empty.  The plan (who, in which order, which settings) is made by
:func:`keizer_xl.actions.plan_new_season`; this module only writes it.  OLD is opened read-only
and never written; an existing NEW is refused unless ``force``.
"""
from __future__ import annotations

from dataclasses import replace

from pathlib import Path
from typing import TYPE_CHECKING, Any

from keizer_xl.errors import Message, UsageError

if TYPE_CHECKING:
    from openpyxl import Workbook

    from keizer_xl.actions import NewSeasonPlan

__all__ = ["new_season"]


def new_season(old: Path, new: Path, *, start: str = "ranking", language: str | None = None,
               force: bool = False) -> NewSeasonPlan:
    """Write NEW from OLD; returns the plan (for the summary the CLI prints)."""
    from keizer_xl.actions import plan_new_season
    from keizer_xl.clients import files
    from keizer_xl.clients.xlsx import open_book, write_new_workbook
    from keizer_xl.frontends.template import template_workbook

    if new.suffix.lower() != ".xlsx":
        raise UsageError(Message("{path}: the new season workbook must end in .xlsx",
                                 path=str(new)))
    if new.exists() and old.exists() and new.resolve() == old.resolve():
        raise UsageError(Message("{path}: the new season cannot replace the old one",
                                 path=str(new)))
    if new.exists() and not force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(new), flag="--force"))
    files.protect_input(old)  # the writer refuses NEW when it is OLD by any path or link
    files.refuse_unsafe_target(new, kind="zip")  # at once, NEW named as typed
    plan = replace(plan_new_season(open_book(old), start, language), start=start)
    wb = template_workbook(rounds=plan.rounds, language=plan.language)
    _fill_settings(wb, plan)
    _fill_players(wb, plan)
    with files.no_print_only_hint():  # new-season has no --no-write / --dry-run to suggest
        write_new_workbook(wb, new, backup=force)
    return plan


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


def _fill_settings(wb: Workbook, plan: NewSeasonPlan) -> None:
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


def _fill_players(wb: Workbook, plan: NewSeasonPlan) -> None:
    from openpyxl.utils import get_column_letter

    from keizer_xl.frontends.template import put_value
    from keizer_xl.sheets import schema

    ws = wb[schema.sheet_name("Players", plan.language)]
    h = schema.headers("Players", plan.language)
    columns = {str(ws.cell(1, c).value): c for c in range(1, ws.max_column + 1)}
    if plan.group_column and h["group"] not in columns:
        col = ws.max_column + 1
        from copy import copy

        head, left = ws.cell(1, col, h["group"]), ws.cell(1, col - 1)
        head.font, head.fill = copy(left.font), copy(left.fill)  # type: ignore[assignment]
        ws.column_dimensions[get_column_letter(col)].width = 10
        columns[h["group"]] = col
    for i, p in enumerate(plan.players, start=2):
        values = {"name": p.name, "rating": p.rating, "start": p.start, "club": p.club or None,
                  "id": p.id or None, "group": p.group or None}
        for key, value in values.items():
            if h[key] in columns and value is not None:  # a name '=HYPERLINK(..)' stays text
                put_value(ws, i, columns[h[key]], value)
    last = max(2, len(plan.players) + 1)
    _resize(ws, last)
    # the Attendance table gets a row per player, its round columns empty
    att = wb[schema.sheet_name("Attendance", plan.language)]
    for i, p in enumerate(plan.players, start=2):
        put_value(att, i, 1, p.name)
    _resize(att, last)
