"""The LibreOffice transport: an open Calc document (UNO) as a :class:`~keizer_xl.sheets.tables.Book`.

:class:`UnoBook` works inside LibreOffice (``macros/keizer_xl_lo.py``) and over a UNO bridge,
with the semantics of the file transport so that every action gives the same sheets on both:
tables found and read as :mod:`~keizer_xl.clients.lo_tables` and
:mod:`~keizer_xl.clients.lo_cells` say, engine-owned sheets cleared in place and laid out by
:mod:`~keizer_xl.clients.lo_layout`, rows appended and deleted inside the table's database
range.  ``uno`` is imported lazily (:mod:`keizer_xl.clients.lo_uno`).
"""
from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from keizer_xl.clients.lo_cells import KIND_FORMATS, format_key, read_block, to_cell
from keizer_xl.clients.lo_layout import clear_sheet, freeze_rows, put_layout
from keizer_xl.clients.lo_tables import dbranges, find_sheet, table_region
from keizer_xl.clients.lo_uno import (LibreOfficeError, doc_title, range_address, supports,
                                      unformatted, uno_enum)
from keizer_xl.errors import Message, MissingPartError
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.region import Region, TableRef, plan_append, plan_delete
from keizer_xl.sheets.tables import Table, quote_sheet

# Cell properties copied from the row above to appended rows (what FileBook copies as a style).
_COPIED_PROPERTIES = ("BottomBorder", "CellBackColor", "CellProtection", "CharColor",
                      "CharFontName", "CharHeight", "CharPosture", "CharUnderline", "CharWeight",
                      "HoriJustify", "IsCellBackgroundTransparent", "IsTextWrapped",
                      "LeftBorder", "NumberFormat", "RightBorder", "TopBorder", "VertJustify")


class UnoBook:
    """A LibreOffice Calc document as a :class:`~keizer_xl.sheets.tables.Book`.

    ``store`` (default True): :meth:`save` stores the document in its own file and format
    (``doc.store()``); a new document that was never saved is left unsaved (``saved`` tells).
    """

    def __init__(self, doc: Any, *, store: bool = True, label: str | None = None) -> None:
        if not supports(doc, "com.sun.star.sheet.SpreadsheetDocument"):
            raise LibreOfficeError(Message("this is not a spreadsheet: open the season workbook "
                                           "in LibreOffice Calc"))
        self.doc = doc
        self.store = store
        self.messages: list[str] = []
        self.written: list[str] = []  # engine-owned sheets written, in order
        self.frozen: dict[str, int] = {}  # rows each written sheet freezes (lo_run's fix-up)
        self.modified = False  # whether any write began (for rolling a failed action back)
        self.saved = False
        self.label = label or doc_title(doc)
        nd = doc.NullDate
        self._null_date = datetime(nd.Year, nd.Month, nd.Day)
        self._formats: dict[str, int] = {}

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self.doc.Sheets.ElementNames)

    def _sheet(self, name: str) -> Any:
        sheet = find_sheet(self.doc, name)
        if sheet is None:
            raise MissingPartError(Message("{book} has no sheet {name!r} (sheets: {sheets})",
                                           book=self.label, name=name,
                                           sheets=", ".join(self.sheet_names())))
        return sheet

    # -- reading ------------------------------------------------------------------------------
    def read_table(self, sheet: str) -> Table:
        sh = self._sheet(sheet)
        found = table_region(self.doc, sh, self.label, self._null_date)
        region = found.region
        return Table(sheet=sh.Name, headers=region.headers, rows=found.rows,
                     header_row=region.header_row, first_column=region.first_column,
                     outside=region.outside)

    def top_cells(self, sheet: str, rows: int, columns: int) -> dict[tuple[int, int], Any]:
        sh = self._sheet(sheet)
        block = read_block(self.doc, sh, 0, 0, rows - 1, columns - 1, self.label, self._null_date)
        return {(r, c): v for r, row in enumerate(block, 1) for c, v in enumerate(row, 1)
                if v is not None}

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, layout: Layout) -> None:
        self.modified = True
        sheets = self.doc.Sheets
        sh = find_sheet(self.doc, sheet)
        if sh is not None:
            clear_sheet(self.doc, sh, self.label)
        else:
            sheets.insertNewByName(sheet, sheets.Count)
            sh = sheets.getByName(sheet)
        if sh.Name not in self.written:
            self.written.append(sh.Name)
        put_layout(self.doc, sh, layout, self._null_date, self._format_key)
        if layout.freeze_rows:
            self.frozen[sh.Name] = layout.freeze_rows
            freeze_rows(self.doc, sh, layout.freeze_rows)

    def _format_key(self, code: str) -> int:
        """The number format key of an Excel-style format code (en-US notation)."""
        return format_key(self.doc, self._formats, code)

    @property
    def folder(self) -> str | None:
        """The document's folder (None for a document never saved): where a path in Settings
        (``rating_list``) is looked for."""
        import os
        from urllib.parse import unquote, urlparse

        url = str(getattr(self.doc, "URL", "") or "")
        if not url.startswith("file:"):
            return None
        return os.path.dirname(unquote(urlparse(url).path)) or None

    def set_cells(self, sheet: str, values: Mapping[tuple[int, int], Any],
                  header_row: int | None = None) -> None:
        """Put each value at its (row, column) of ``sheet``, both 1-based (issue 37); text
        stays text (never a formula)."""
        sh = self._sheet(sheet)
        self.modified = True
        for (r, c), value in values.items():
            cell = sh.getCellByPosition(c - 1, r - 1)
            if value is None:
                cell.setString("")
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                cell.setValue(value)
            else:
                cell.setString(str(value))
        if sh.Name not in self.written:
            self.written.append(sh.Name)

    # -- appending to a user's table ----------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        """Carry out the append plan of sheets.region (UNO counts rows and columns from 0)."""
        rows = list(rows)
        if not rows:
            return
        sh = self._sheet(sheet)
        found = table_region(self.doc, sh, self.label, self._null_date)
        region, db = found.region, found.db
        where = quote_sheet(sh.Name)
        others = [TableRef(n, a.StartRow + 1, a.StartColumn + 1, a.EndRow + 1, a.EndColumn + 1)
                  for n, a in ((n, o.DataArea) for n, o in dbranges(self.doc, sh))]
        plan, problems = plan_append(region, rows, others, where, self.label)
        if region.width == 0:
            raise LibreOfficeError(Message("{where} in {book} has no header row to append to",
                                           where=where, book=self.label))
        first_col, last_col = region.first_column - 1, region.last_column - 1
        start, end = plan.start - 1, plan.end - 1
        if end > sh.Rows.Count - 1:
            raise LibreOfficeError(Message("{where} in {book} is full", where=where,
                                           book=self.label))
        below: dict[tuple[int, int], Any] = {}
        if plan.empty_to >= plan.empty_from:
            block = sh.getCellRangeByPosition(first_col, plan.empty_from - 1, last_col,
                                              plan.empty_to - 1).getDataArray()
            below = {(plan.empty_from + i, region.first_column + j): v
                     for i, row in enumerate(block) for j, v in enumerate(row)}
        problems = problems or plan.in_the_way(region, lambda r, c: below.get((r, c)),
                                               where, self.label)
        if problems:
            raise LibreOfficeError(problems[0])
        self.modified = True
        s_index = sh.RangeAddress.Sheet
        if db is not None and plan.shift:  # the totals row moves down below the new rows
            area = db.DataArea
            sh.insertCells(range_address(s_index, area.StartColumn, plan.totals_at - 1,
                                         area.EndColumn, plan.totals_at + plan.shift - 2),
                           uno_enum("com.sun.star.sheet.CellInsertMode", "DOWN"))
        self._copy_formats_down(sh, region, start, end)
        values, kinds, nd = [], [], self._null_date
        for k, placed in enumerate(plan.rows):
            out = []
            for j in range(region.width):
                value, kind = to_cell(placed.get(j), nd)
                if kind:
                    kinds.append((start + k, first_col + j, kind))
                out.append(value)
            values.append(tuple(out))
        sh.getCellRangeByPosition(first_col, start, last_col, end).setDataArray(tuple(values))
        for r, c, kind in kinds:
            sh.getCellByPosition(c, r).NumberFormat = self._format_key(KIND_FORMATS[kind])
        if db is not None and plan.table_last is not None:
            area = db.DataArea
            if area.EndRow < plan.table_last - 1:
                db.setDataArea(range_address(s_index, area.StartColumn, area.StartRow,
                                             area.EndColumn, plan.table_last - 1))

    def _copy_formats_down(self, sh: Any, region: Region, start: int, end: int) -> None:
        """New cells (0-based rows ``start``..``end``) without a format of their own take the
        format of the data row above."""
        source_row = start - 1 if start >= region.data_first else None
        if source_row is None:
            if end <= start:
                return
            source_row, start = start, start + 1  # the first new row is the pattern
        for c in range(region.first_column - 1, region.last_column):
            target = sh.getCellRangeByPosition(c, start, c, end)
            if not unformatted(target):
                continue
            source = sh.getCellByPosition(c, source_row)
            try:
                values = source.getPropertyValues(_COPIED_PROPERTIES)
                target.CellStyle = source.CellStyle
                target.setPropertyValues(_COPIED_PROPERTIES, values)
            except Exception:  # a property this LibreOffice does not know: copy what it can
                for name in _COPIED_PROPERTIES:
                    with contextlib.suppress(Exception):
                        target.setPropertyValue(name, source.getPropertyValue(name))

    # -- deleting rows of a user's table ------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        sh = self._sheet(sheet)
        found = table_region(self.doc, sh, self.label, self._null_date)
        region, db = found.region, found.db
        plan = plan_delete(region, data_rows, quote_sheet(sh.Name), self.label)
        if not plan.doomed:
            return
        self.modified = True
        s_index = sh.RangeAddress.Sheet
        before: Any = db.DataArea if db is not None else None
        up = uno_enum("com.sun.star.sheet.CellDeleteMode", "UP")
        for first, last in reversed(plan.runs()):
            sh.removeRange(range_address(s_index, region.first_column - 1, first - 1,
                                         region.last_column - 1, last - 1), up)
        if db is not None and plan.table_last is not None:
            area = db.DataArea
            if area.EndRow != plan.table_last - 1 or area.StartRow != before.StartRow:
                db.setDataArea(range_address(s_index, before.StartColumn, before.StartRow,
                                             before.EndColumn, plan.table_last - 1))

    # -- messages and saving ------------------------------------------------------------------
    def message(self, text: str) -> None:
        self.messages.append(text)  # a Message keeps its catalog id (translated where shown)

    def save(self) -> None:
        """Store the document in its own file and format (nothing for a never-saved document)."""
        if not self.store:
            return
        if not self.doc.hasLocation():
            self.message(Message("The workbook has not been saved yet: the changes are in the "
                                 "open document; save it yourself."))
            return
        if self.doc.isReadonly():
            raise LibreOfficeError(Message("{book} is open read-only, so the changes could not be "
                                           "saved; open it for editing and run the action "
                                           "again.", book=self.label))
        try:
            self.doc.store()
        except Exception as exc:  # com.sun.star.io.IOException and friends
            detail = getattr(exc, "Message", "") or type(exc).__name__
            raise LibreOfficeError(Message("{book} could not be saved ({detail}); is the file or "
                                           "its folder read-only, or the disk full?",
                                           book=self.label, detail=str(detail))) from None
        self.saved = True
