"""The LibreOffice transport: an open Calc document (UNO) as a :class:`~keizer_xl.sheets.tables.Book`.

:class:`UnoBook` works on a ``com.sun.star.sheet.SpreadsheetDocument``, both inside
LibreOffice (the macro in ``macros/keizer_xl_lo.py``) and over a UNO bridge from a Python that
has the ``uno`` module.  It follows the semantics of the openpyxl :class:`~keizer_xl.clients.xlsx.
FileBook` so that every action gives the same sheets on both:

* a sheet's table is the first *database range* on it (what an Excel Table becomes in
  LibreOffice) or, without one, row 1 as header and everything below; trailing empty rows are
  dropped; rows typed directly under a table belong to it;
* values are read in bulk (``getDataArray`` over the used area, never cell by cell): whole
  numbers come back as ``int``, date/time cells as ``datetime``/``time``, error cells as their
  text (``#N/A``), empty cells as ``None``;
* ``write_sheet`` clears an engine-owned sheet *in place* (so formulas elsewhere that point at
  it keep working) or adds it at the end, writes all values with one ``setDataArray`` (text that
  starts with ``=`` stays text), then formats: bold shaded header, number formats, widths,
  podium fills, frozen header (through the view, when there is one), A4 page setup with
  repeated header row, title in the page header and ``page / pages`` in the footer;
* ``append_rows`` / ``delete_rows`` move only the table's columns and grow / shrink its
  database range, like FileBook does with an Excel Table.

``uno`` is imported lazily: importing this module needs nothing from LibreOffice.
"""
from __future__ import annotations

import math
import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any, Sequence

import pandas as pd

from keizer_xl.sheets.tables import SheetStyle, Table, quote_sheet
from keizer_xl.sheets.tables import column_letter
from keizer_xl.sheets.tables import blank as _blank, checked_data_rows, header_text as _header_text, place_rows

try:  # numpy comes with pandas
    import numpy as np
except ImportError:  # pragma: no cover
    np = None  # type: ignore[assignment]

__all__ = ["UnoBook", "LibreOfficeError", "OWNED_PAGE_STYLE_PREFIX", "width_to_uno",
           "width_from_uno"]


class LibreOfficeError(Exception):
    """A workbook operation LibreOffice cannot do as asked; the message is meant for the user."""


# --------------------------------------------------------------------------- constants

# com.sun.star.sheet.CellFlags
_VALUE, _DATETIME, _STRING, _ANNOTATION, _FORMULA = 1, 2, 4, 8, 16
_HARDATTR, _STYLES, _OBJECTS, _EDITATTR, _FORMATTED = 32, 64, 128, 256, 512
_CONTENT = _VALUE | _DATETIME | _STRING | _FORMULA
_EVERYTHING = 1023
# com.sun.star.sheet.FormulaResult.ERROR
_FORMULA_ERROR = 4
# com.sun.star.util.NumberFormat
_NF_DATE, _NF_TIME, _NF_LOGICAL = 2, 4, 1024

_HEADER_FILL = 0xDDE4EE
_PODIUM_FILLS = (0xFFD966, 0xD9D9D9, 0xF4B183)  # gold, silver, bronze (as the file writer)
_MORE_PODIUM_FILL = 0xFFF2CC
_MAX_AUTO_WIDTH = 50
_MIN_AUTO_WIDTH = 4
_BOLD = 150.0  # com.sun.star.awt.FontWeight.BOLD
_NUMERIC_LIMIT = 2 ** 53

#: LibreOffice reads an Excel column width of w characters (Calibri 11) as w * 6914 / 28
#: hundredths of a millimetre and writes it back the same way.
_WIDTH_UNIT = 6914 / 28

#: Page styles this transport creates for the sheets it writes.
OWNED_PAGE_STYLE_PREFIX = "KeizerXL_"

# The same limits as the file transport's preflight: a season table is far below them.
MAX_ROWS = 100_000
MAX_COLUMNS = 2_000

_ILLEGAL_CHARS = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")

# Cell properties copied from the row above to appended rows (what FileBook copies as a style).
_COPIED_PROPERTIES = ("BottomBorder", "CellBackColor", "CellProtection", "CharColor",
                      "CharFontName", "CharHeight", "CharPosture", "CharUnderline", "CharWeight",
                      "HoriJustify", "IsCellBackgroundTransparent", "IsTextWrapped",
                      "LeftBorder", "NumberFormat", "RightBorder", "TopBorder", "VertJustify")


def width_to_uno(chars: float) -> int:
    """A column width in characters (as in Excel / SheetStyle) in 1/100 mm."""
    return int(round(chars * _WIDTH_UNIT))


def width_from_uno(hundredths_mm: int) -> float:
    return hundredths_mm / _WIDTH_UNIT


def _uno():
    import uno  # noqa: PLC0415 - only where LibreOffice's Python (or python3-uno) runs

    return uno


def _struct(name: str, **fields):
    value = _uno().createUnoStruct(name)
    for key, val in fields.items():
        setattr(value, key, val)
    return value


def _enum(type_name: str, value: str):
    return _uno().Enum(type_name, value)


# --------------------------------------------------------------------------- values

def _clean_text(text: str) -> str:
    if _ILLEGAL_CHARS.search(text):
        text = _ILLEGAL_CHARS.sub("", text)
    return text[:32767]


class _Cell:
    """What a Python value becomes in a cell: the setDataArray value, an optional format kind,
    and the width the file writer counts for it (so both fit columns alike)."""

    __slots__ = ("value", "kind", "width")

    def __init__(self, value: Any, kind: str = "", width: int = 0):
        self.value = value  # str or float ("" = empty)
        self.kind = kind    # "", "date", "datetime", "time", "bool"
        self.width = width


_EMPTY = _Cell("")


def _text_cell(text: str) -> _Cell:
    if text == "":
        return _EMPTY
    text = _clean_text(text)
    return _Cell(text, "", max((len(line) for line in text.split("\n")), default=0))


def _to_cell(value: Any, null_date: datetime) -> _Cell:
    """A Python value as a cell value; mirrors FileBook's conversion (text stays text)."""
    if value is None:
        return _EMPTY
    t = type(value)
    if t is str:
        return _text_cell(value)
    if t is bool:
        return _Cell(1.0 if value else 0.0, "bool", len(str(value)))
    if t is int:
        if -_NUMERIC_LIMIT < value < _NUMERIC_LIMIT:
            return _Cell(float(value), "", len(str(value)))
        return _text_cell(str(value))
    if t is float:
        if value != value:
            return _EMPTY
        return _Cell(value, "", len(f"{value:.2f}")) if math.isfinite(value) \
            else _text_cell(str(value))
    if value is pd.NA or value is pd.NaT:
        return _EMPTY
    if isinstance(value, Fraction):
        return _to_cell(int(value) if value.denominator == 1 else float(value), null_date)
    if isinstance(value, Decimal):
        if not value.is_finite():
            return _EMPTY if value.is_nan() else _text_cell(str(value))
        return _to_cell(int(value) if value == value.to_integral_value() else float(value), null_date)
    if np is not None and isinstance(value, np.generic):
        if isinstance(value, np.bool_):
            return _to_cell(bool(value), null_date)
        if isinstance(value, np.integer):
            return _to_cell(int(value), null_date)
        if isinstance(value, np.floating):
            return _to_cell(float(value), null_date)
        if isinstance(value, np.datetime64):
            return _EMPTY if np.isnat(value) else _to_cell(pd.Timestamp(value), null_date)
        return _to_cell(value.item(), null_date)
    if isinstance(value, bool):
        return _to_cell(bool(value), null_date)
    if isinstance(value, int):
        return _to_cell(int(value), null_date)
    if isinstance(value, float):
        return _to_cell(float(value), null_date)
    if isinstance(value, pd.Timestamp):
        value = value.to_pydatetime()
    if isinstance(value, (datetime, time)) and value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    if isinstance(value, datetime):
        return _Cell((value - null_date) / timedelta(days=1), "datetime", 10)
    if isinstance(value, date):
        return _Cell(float((value - null_date.date()).days), "date", 10)
    if isinstance(value, time):
        return _Cell((value.hour * 3600 + value.minute * 60 + value.second
                      + value.microsecond / 1e6) / 86400, "time", len(str(value)))
    if isinstance(value, timedelta):
        return _Cell(value / timedelta(days=1), "time", len(str(value)))
    return _text_cell(str(value))


_KIND_FORMATS = {"date": "YYYY-MM-DD", "datetime": "YYYY-MM-DD HH:MM:SS", "time": "HH:MM:SS",
                 "bool": "BOOLEAN"}


# --------------------------------------------------------------------------- regions

class _Region:
    """Where the table of a sheet sits (0-based rows and columns, as UNO counts them)."""

    __slots__ = ("header_row", "first_col", "width", "headers", "data_first", "data_last",
                 "dbrange", "totals", "rows")

    def __init__(self, header_row, first_col, width, headers, data_first, data_last,
                 dbrange=None, totals=0, rows=()):
        self.header_row = header_row
        self.first_col = first_col
        self.width = width
        self.headers = headers
        self.data_first = data_first
        self.data_last = data_last  # data_first - 1 when there are no data rows
        self.dbrange = dbrange      # (name, DatabaseRange) or None
        self.totals = totals
        self.rows = rows            # raw data rows data_first..data_last (converted values)

    @property
    def last_col(self) -> int:
        return self.first_col + self.width - 1


class UnoBook:
    """A LibreOffice Calc document as a :class:`~keizer_xl.sheets.tables.Book`.

    ``store`` (default True): :meth:`save` stores the document in its own file and format
    (``doc.store()``); a new document that was never saved is left unsaved (``saved`` tells).
    """

    def __init__(self, doc, *, store: bool = True, label: str | None = None):
        if not _supports(doc, "com.sun.star.sheet.SpreadsheetDocument"):
            raise LibreOfficeError("this is not a spreadsheet: open the season workbook in "
                                   "LibreOffice Calc")
        self.doc = doc
        self.store = store
        self.messages: list[str] = []
        self.written: list[str] = []  # engine-owned sheets written, in order
        self.modified = False  # whether any write began (for rolling a failed action back)
        self.saved = False
        self.label = label or _title(doc)
        nd = doc.NullDate
        self._null_date = datetime(nd.Year, nd.Month, nd.Day)
        self._formats: dict[str, int] = {}

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self.doc.Sheets.ElementNames)

    def _find(self, name: str):
        sheets = self.doc.Sheets
        if sheets.hasByName(name):
            return sheets.getByName(name)
        folded = name.casefold()
        for candidate in sheets.ElementNames:
            if candidate.casefold() == folded:
                return sheets.getByName(candidate)
        return None

    def _sheet(self, name: str):
        sheet = self._find(name)
        if sheet is None:
            raise KeyError(f"{self.label} has no sheet {name!r} "
                           f"(sheets: {', '.join(self.sheet_names())})")
        return sheet

    # -- reading ------------------------------------------------------------------------------
    def _content_bottom_right(self, sheet, first_row=0, first_col=0, last_col=None):
        """(last row, last column) holding any content at or after the given corner, or None."""
        max_col = sheet.Columns.Count - 1 if last_col is None else last_col
        rng = sheet.getCellRangeByPosition(first_col, first_row, max_col, sheet.Rows.Count - 1)
        addresses = rng.queryContentCells(_CONTENT).getRangeAddresses()
        if not addresses:
            return None
        return (max(a.EndRow for a in addresses), max(a.EndColumn for a in addresses))

    def _read_block(self, sheet, first_row, first_col, last_row, last_col) -> list[list[Any]]:
        """Values of a block, converted as FileBook reads them (None for empty)."""
        if last_row < first_row or last_col < first_col:
            return []
        where = quote_sheet(sheet.Name)
        if last_row - first_row + 1 > MAX_ROWS or last_col - first_col + 1 > MAX_COLUMNS:
            raise LibreOfficeError(
                f"{where} in {self.label} spans {last_row - first_row + 1:,} rows x "
                f"{last_col - first_col + 1:,} columns (the limit is {MAX_ROWS:,} x "
                f"{MAX_COLUMNS:,}); delete the unused rows and columns below and right of the "
                f"data.")
        rng = sheet.getCellRangeByPosition(first_col, first_row, last_col, last_row)
        rows = [[_read_value(v) for v in row] for row in rng.getDataArray()]
        # date, time and boolean cells: numbers with such a format
        formats = rng.getUniqueCellFormatRanges()
        number_formats = self.doc.NumberFormats
        for i in range(formats.Count):
            ranges = formats.getByIndex(i)
            try:
                kind = number_formats.getByKey(ranges.NumberFormat).Type
            except Exception:  # an unknown key: leave the numbers as numbers
                continue
            if not kind & (_NF_DATE | _NF_TIME | _NF_LOGICAL):
                continue
            for a in ranges.getRangeAddresses():
                for r in range(a.StartRow, a.EndRow + 1):
                    for c in range(a.StartColumn, a.EndColumn + 1):
                        value = rows[r - first_row][c - first_col]
                        if isinstance(value, (int, float)) and not isinstance(value, bool):
                            rows[r - first_row][c - first_col] = self._typed(value, kind)
        # error results (#N/A, #DIV/0!) read as their text, like the cached value in a file
        try:
            errors = rng.queryFormulaCells(_FORMULA_ERROR).getRangeAddresses()
        except Exception:
            errors = ()
        for a in errors:
            for r in range(a.StartRow, a.EndRow + 1):
                for c in range(a.StartColumn, a.EndColumn + 1):
                    rows[r - first_row][c - first_col] = sheet.getCellByPosition(c, r).String
        return rows

    def _typed(self, value: float, kind: int):
        if kind & _NF_LOGICAL:
            return bool(value)
        millis = round(float(value) * 86_400_000)
        if kind & _NF_DATE:
            try:
                return self._null_date + timedelta(milliseconds=millis)
            except OverflowError:
                return value
        if 0 <= millis < 86_400_000:  # a time of day
            seconds = round(millis / 1000)
            return time(seconds // 3600 % 24, seconds // 60 % 60, seconds % 60)
        return timedelta(milliseconds=millis)

    def _dbranges(self, sheet) -> list[tuple[str, Any]]:
        """The named database ranges (Excel Tables) on ``sheet``, top-left first."""
        index = sheet.RangeAddress.Sheet
        ranges = self.doc.DatabaseRanges
        found = []
        for name in ranges.ElementNames:
            db = ranges.getByName(name)
            area = db.DataArea
            if area.Sheet == index:
                found.append((area.StartRow, area.StartColumn, name, db))
        found.sort(key=lambda item: (item[0], item[1]))
        return [(name, db) for _, _, name, db in found]

    def _region(self, sheet) -> _Region:
        tables = self._dbranges(sheet)
        if len(tables) > 1:  # the range with the contract's headers, not merely the first
            from keizer_xl.sheets.read import pick_table

            heads = []
            for _, candidate in tables:
                a = candidate.DataArea
                heads.append(self._read_block(sheet, a.StartRow, a.StartColumn, a.StartRow,
                                              a.EndColumn)[0]
                             if _prop(candidate, "ContainsHeader", True) else [])
            tables = [tables[pick_table(sheet.Name, heads)]]
        if tables:
            name, db = tables[0]
            area = db.DataArea
            first_col, last_col = area.StartColumn, area.EndColumn
            width = last_col - first_col + 1
            totals = 1 if _prop(db, "TotalsRow", False) else 0
            if _prop(db, "ContainsHeader", True):
                header_row, data_first = area.StartRow, area.StartRow + 1
                raw = self._read_block(sheet, header_row, first_col, header_row, last_col)[0]
                headers = tuple(_header_text(v) for v in raw)
            else:
                header_row, data_first = area.StartRow - 1, area.StartRow
                headers = ("",) * width
            ref_last = area.EndRow - totals
            corner = self._content_bottom_right(sheet, data_first, first_col, last_col)
            block = self._read_block(sheet, data_first, first_col, corner[0], last_col) \
                if corner else []
            filled = {data_first + i for i, row in enumerate(block)
                      if any(not _blank(v) for v in row)}
            last = ref_last
            if not totals:  # rows typed directly under the table belong to it
                while last + 1 in filled:
                    last += 1
            data_last = max((r for r in filled if r <= last), default=data_first - 1)
            rows = tuple(tuple(block[r - data_first]) for r in range(data_first, data_last + 1))
            return _Region(header_row, first_col, width, headers, data_first, data_last,
                           (name, db), totals, rows)
        corner = self._content_bottom_right(sheet)
        if corner is None:
            return _Region(0, 0, 0, (), 1, 0)
        block = self._read_block(sheet, 0, 0, corner[0], corner[1])
        last_col = max((c for row in block for c, v in enumerate(row) if not _blank(v)),
                       default=-1)
        data_last = max((r for r, row in enumerate(block) if any(not _blank(v) for v in row)),
                        default=0)
        width = last_col + 1
        headers = tuple(_header_text(v) for v in block[0][:width]) if block else ()
        rows = tuple(tuple(row[:width]) for row in block[1:data_last + 1]) if width else ()
        return _Region(0, 0, width, headers, 1, data_last if width else 0, None, 0, rows)

    def read_table(self, sheet: str) -> Table:
        sh = self._sheet(sheet)
        region = self._region(sh)
        return Table(sheet=sh.Name, headers=region.headers, rows=region.rows,
                     header_row=region.header_row + 1, first_column=region.first_col + 1)

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, frame: pd.DataFrame, style: SheetStyle | None = None) -> None:
        style = style or SheetStyle()
        self.modified = True
        sheets = self.doc.Sheets
        existing = self._find(sheet)
        if existing is not None:
            self._clear_sheet(existing)
            sh = existing
        else:
            sheets.insertNewByName(sheet, sheets.Count)
            sh = sheets.getByName(sheet)
        name = sh.Name
        if name not in self.written:
            self.written.append(name)

        # the whole sheet as one grid: header, body, notes and blocks below
        grid: list[list[_Cell]] = []
        widths: dict[int, int] = {}
        bold_rows: list[tuple[int, int]] = []   # (row, number of cells) shown as headings
        header_rows: list[tuple[int, int]] = []  # (row, number of cells) styled as headers
        formatted: list[tuple[int, int, int, str]] = []  # (col, first row, last row, format)
        kinds: list[tuple[int, int, str]] = []  # (row, col, kind) for dates and booleans
        nd = self._null_date

        def header(labels) -> None:
            row = []
            for j, label in enumerate(labels):
                cell = _to_cell(label if isinstance(label, (str, int)) else str(label), nd)
                row.append(cell)
                widths[j] = max(widths.get(j, 0), cell.width + 2)
            header_rows.append((len(grid), len(row)))
            grid.append(row)

        def body(df: pd.DataFrame) -> None:
            first = len(grid)
            for values in df.itertuples(index=False, name=None):
                row = []
                for j, value in enumerate(values):
                    cell = _to_cell(value, nd)
                    row.append(cell)
                    if cell.kind:
                        kinds.append((len(grid), j, cell.kind))
                    if cell.width > widths.get(j, 0):
                        widths[j] = cell.width
                grid.append(row)
            if len(grid) > first:
                for j, col in enumerate(df.columns):
                    fmt = style.number_formats.get(str(col)) if isinstance(col, (str, int)) else None
                    if fmt:
                        formatted.append((j, first, len(grid) - 1, fmt))

        columns = list(frame.columns)
        header(columns)
        body(frame)
        last_data = len(grid) - 1
        grid.append([])
        wrote_below = False
        for note in style.notes:
            grid.append([_to_cell(note, nd)])
            wrote_below = True
        for heading, block in style.blocks:
            if wrote_below:
                grid.append([])
            bold_rows.append((len(grid), 1))
            grid.append([_to_cell(heading, nd)])
            header(list(block.columns))
            body(block)
            wrote_below = True
        while grid and not any(c.value != "" for c in grid[-1]):
            grid.pop()

        n_cols = max((len(r) for r in grid), default=0)
        if grid and n_cols:
            data = tuple(tuple(r[j].value if j < len(r) else "" for j in range(n_cols))
                         for r in grid)
            sh.getCellRangeByPosition(0, 0, n_cols - 1, len(grid) - 1).setDataArray(data)

        # formats
        for row, count in header_rows:
            if not count:
                continue
            rng = sh.getCellRangeByPosition(0, row, count - 1, row)
            rng.CharWeight = _BOLD
            rng.CellBackColor = _HEADER_FILL
            rng.BottomBorder = _thin_line()
        for row, count in bold_rows:
            sh.getCellRangeByPosition(0, row, count - 1, row).CharWeight = _BOLD
        for col, first, last, fmt in formatted:
            sh.getCellRangeByPosition(col, first, col, last).NumberFormat = self._format_key(fmt)
        for row, col, kind in kinds:
            sh.getCellByPosition(col, row).NumberFormat = self._format_key(_KIND_FORMATS[kind])
        podium = min(max(style.highlight_rows, 0), len(frame))
        for i in range(podium):
            color = _PODIUM_FILLS[i] if i < len(_PODIUM_FILLS) else _MORE_PODIUM_FILL
            if columns:
                sh.getCellRangeByPosition(0, 1 + i, len(columns) - 1, 1 + i).CellBackColor = color

        # widths: as the file writer (explicit width for the main columns, else fitted)
        cols = sh.Columns
        for j in range(max(widths, default=-1) + 1):
            col_name = columns[j] if j < len(columns) else None
            width = style.widths.get(str(col_name)) if col_name is not None else None
            if width is None:
                width = min(max(widths.get(j, 0) + 1, _MIN_AUTO_WIDTH), _MAX_AUTO_WIDTH)
            cols.getByIndex(j).Width = width_to_uno(float(width))

        self._page_setup(sh, style, has_columns=bool(columns))
        if style.freeze_header and last_data >= 0:
            self._freeze_header(sh)

    def _clear_sheet(self, sh) -> None:
        """Empty an engine-owned sheet in place: contents, formats, objects, merges, layout."""
        if sh.isProtected():
            try:
                sh.unprotect("")
            except Exception:
                pass
            if sh.isProtected():
                raise LibreOfficeError(f"{quote_sheet(sh.Name)} in {self.label} is protected with "
                                       f"a password; unprotect it (Tools > Protect Sheet) so "
                                       f"keizer-xl can write it.")
        index = sh.RangeAddress.Sheet
        corner = self._content_bottom_right(sh)
        whole = sh.getCellRangeByPosition(0, 0, sh.Columns.Count - 1, sh.Rows.Count - 1)
        whole.merge(False)
        whole.clearContents(_EVERYTHING)
        draw_page = sh.DrawPage
        for i in range(draw_page.Count - 1, -1, -1):
            draw_page.remove(draw_page.getByIndex(i))
        try:
            formats = sh.ConditionalFormats
            for entry in formats.ConditionalFormats:
                formats.removeByID(entry.ID)
        except Exception:  # older LibreOffice: cleared with the hard attributes
            pass
        ranges = self.doc.DatabaseRanges
        for name, _db in self._dbranges(sh):
            ranges.removeByName(name)
        try:
            unnamed = self.doc.UnnamedDatabaseRanges
            if unnamed.hasByTable(index):
                unnamed.getByTable(index).AutoFilter = False
        except Exception:
            pass
        try:
            sh.clearOutline()
        except Exception:
            pass
        sh.setPrintAreas(())
        # column widths and row heights back to the defaults, nothing hidden
        used_cols = max(corner[1] + 1 if corner else 0, 64)
        used_rows = max(corner[0] + 1 if corner else 0, 256)
        default_width = sh.Columns.getByIndex(sh.Columns.Count - 1).Width
        columns = sh.getCellRangeByPosition(0, 0, used_cols - 1, 0).Columns
        columns.IsVisible = True
        columns.Width = default_width
        rows = sh.getCellRangeByPosition(0, 0, 0, used_rows - 1).Rows
        rows.IsVisible = True
        rows.OptimalHeight = True

    def _format_key(self, code: str) -> int:
        """The number format key of an Excel-style format code (en-US notation)."""
        key = self._formats.get(code)
        if key is not None:
            return key
        formats = self.doc.NumberFormats
        us = _struct("com.sun.star.lang.Locale", Language="en", Country="US", Variant="")
        if code == "BOOLEAN":
            key = formats.getStandardFormat(_NF_LOGICAL, us)
        else:
            local = self.doc.CharLocale
            same = (local.Language, local.Country) in (("en", "US"), ("", ""))
            if same:
                key = formats.queryKey(code, us, False)
                if key == -1:
                    key = formats.addNew(code, us)
            else:  # the document's own locale: convert the separators
                key = formats.addNewConverted(code, us, local)
        self._formats[code] = key
        return key

    def _page_setup(self, sh, style: SheetStyle, has_columns: bool) -> None:
        """A4, orientation, fit to one page wide, header row on every page, title and pages."""
        page_styles = self.doc.StyleFamilies.PageStyles
        current = sh.PageStyle
        others = [s for s in self.doc.Sheets.ElementNames if s != sh.Name
                  and self.doc.Sheets.getByName(s).PageStyle == current]
        if current.startswith(OWNED_PAGE_STYLE_PREFIX) or (
                current != "Default" and not others and page_styles.hasByName(current)):
            name = current
        else:
            name = OWNED_PAGE_STYLE_PREFIX + sh.Name
            if not page_styles.hasByName(name):
                page_styles.insertByName(name, self.doc.createInstance("com.sun.star.style.PageStyle"))
            sh.PageStyle = name
        ps = page_styles.getByName(name)
        landscape = bool(style.landscape)
        ps.IsLandscape = landscape
        ps.Size = _struct("com.sun.star.awt.Size", Width=29700 if landscape else 21000,
                          Height=21000 if landscape else 29700)
        if style.fit_to_page:
            ps.ScaleToPagesX = 1
            ps.ScaleToPagesY = 0
        else:
            ps.PageScale = 100
        ps.HeaderIsOn = True
        ps.FooterIsOn = True
        ps.HeaderIsShared = True
        ps.FooterIsShared = True
        header = ps.RightPageHeaderContent
        for part in (header.LeftText, header.CenterText, header.RightText):
            part.setString("")
        if style.title:
            text = header.CenterText
            text.setString(style.title)
            cursor = text.createTextCursor()
            cursor.gotoStart(False)
            cursor.gotoEnd(True)
            cursor.CharWeight = _BOLD
            cursor.CharColor = 0  # black: "automatic" is written to .xlsx as white (&Kffffff)
        ps.RightPageHeaderContent = header
        footer = ps.RightPageFooterContent
        for part in (footer.LeftText, footer.RightText, footer.CenterText):
            part.setString("")
        center = footer.CenterText
        cursor = center.createTextCursor()
        center.insertTextContent(cursor, self.doc.createInstance(
            "com.sun.star.text.TextField.PageNumber"), False)
        cursor.gotoEnd(False)
        center.insertString(cursor, " / ", False)
        cursor.gotoEnd(False)
        center.insertTextContent(cursor, self.doc.createInstance(
            "com.sun.star.text.TextField.PageCount"), False)
        cursor = center.createTextCursor()
        cursor.gotoStart(False)
        cursor.gotoEnd(True)
        cursor.CharColor = 0
        ps.RightPageFooterContent = footer
        index = sh.RangeAddress.Sheet
        if has_columns:
            sh.setPrintTitleRows(True)
            sh.setTitleRows(_struct("com.sun.star.table.CellRangeAddress", Sheet=index,
                                    StartColumn=0, StartRow=0, EndColumn=0, EndRow=0))
        else:
            sh.setPrintTitleRows(False)

    def _freeze_header(self, sh) -> None:
        """Freeze row 1 through the view (a document without a view has no frozen panes)."""
        controller = _current_controller(self.doc)
        if controller is None:
            return
        try:
            active = controller.getActiveSheet()
            controller.setActiveSheet(sh)
            controller.freezeAtPosition(0, 1)
            if active is not None and active.Name != sh.Name:
                controller.setActiveSheet(active)
        except Exception:  # a view that cannot switch sheets: leave the panes as they are
            pass

    # -- appending to a user's table ----------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        sh = self._sheet(sheet)
        region = self._region(sh)
        where = quote_sheet(sh.Name)
        plan = place_rows(region.headers, rows, where, self.label)
        if region.width == 0:
            raise LibreOfficeError(f"{where} in {self.label} has no header row to append to")

        self.modified = True
        start = max(region.data_last + 1, region.data_first)
        end = start + len(plan) - 1
        first_col, last_col = region.first_col, region.last_col
        s_index = sh.RangeAddress.Sheet
        if end > sh.Rows.Count - 1:
            raise LibreOfficeError(f"{where} in {self.label} is full")

        db = region.dbrange[1] if region.dbrange else None
        # the rows the new data takes below the table must be empty: a note typed under the
        # table is the user's and is never overwritten (as the file writer)
        below = db.DataArea.EndRow if db is not None else region.data_last
        last_taken = end + (region.totals if db is not None else 0)
        if last_taken > below:
            r1 = max(start, below + 1)
            block = sh.getCellRangeByPosition(first_col, r1, last_col, last_taken).getDataArray()
            for k, row in enumerate(block):
                for j, value in enumerate(row):
                    if value != "":
                        raise LibreOfficeError(
                            f"Cannot add {len(plan)} rows to {where} in {self.label}: cell "
                            f"{column_letter(first_col + j + 1)}{r1 + k + 1} below the table holds "
                            f"{str(value)[:40]!r}. Move what is below the table further down (or "
                            f"to another sheet) and run again; nothing was written.")
        if db is not None:
            area = db.DataArea
            totals = region.totals
            totals_at = area.EndRow - totals + 1
            data_end = max(end, area.EndRow - totals)
            new_last = data_end + totals
            for other_name, other in self._dbranges(sh):
                if other_name == region.dbrange[0]:
                    continue
                o = other.DataArea
                if o.StartColumn <= area.EndColumn and area.StartColumn <= o.EndColumn and \
                        o.StartRow <= new_last and area.StartRow <= o.EndRow:
                    raise LibreOfficeError(
                        f"Cannot add {len(plan)} rows to the table {region.dbrange[0]} on {where} "
                        f"in {self.label}: the table {other_name} is in the way below it.")
            if totals and end >= totals_at:  # the totals row moves down below the new rows
                shift = end + 1 - totals_at
                sh.insertCells(_range_address(s_index, area.StartColumn, totals_at,
                                              area.EndColumn, totals_at + shift - 1),
                               _enum("com.sun.star.sheet.CellInsertMode", "DOWN"))

        self._copy_formats_down(sh, region, start, end)
        values = []
        nd = self._null_date
        kinds = []
        for k, placed in enumerate(plan):
            out = []
            for j in range(region.width):
                cell = _to_cell(placed.get(j), nd)
                if cell.kind:
                    kinds.append((start + k, first_col + j, cell.kind))
                out.append(cell.value)
            values.append(tuple(out))
        sh.getCellRangeByPosition(first_col, start, last_col, end).setDataArray(tuple(values))
        for r, c, kind in kinds:
            sh.getCellByPosition(c, r).NumberFormat = self._format_key(_KIND_FORMATS[kind])

        if db is not None:
            area = db.DataArea
            if area.EndRow < new_last:
                db.setDataArea(_range_address(s_index, area.StartColumn, area.StartRow,
                                              area.EndColumn, new_last))

    def _copy_formats_down(self, sh, region: _Region, start: int, end: int) -> None:
        """New cells without a format of their own take the format of the data row above."""
        source_row = start - 1 if start - 1 >= region.data_first else None
        if source_row is None:
            if end <= start:
                return
            source_row, start = start, start + 1  # the first new row is the pattern
        for c in range(region.first_col, region.last_col + 1):
            target = sh.getCellRangeByPosition(c, start, c, end)
            if not _unformatted(target):
                continue
            source = sh.getCellByPosition(c, source_row)
            try:
                values = source.getPropertyValues(_COPIED_PROPERTIES)
                target.CellStyle = source.CellStyle
                target.setPropertyValues(_COPIED_PROPERTIES, values)
            except Exception:  # a property this LibreOffice does not know: copy what it can
                for name in _COPIED_PROPERTIES:
                    try:
                        target.setPropertyValue(name, source.getPropertyValue(name))
                    except Exception:
                        pass

    # -- deleting rows of a user's table ------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        sh = self._sheet(sheet)
        region = self._region(sh)
        where = quote_sheet(sh.Name)
        wanted = checked_data_rows(data_rows, region.data_last - region.data_first + 1,
                                   where, self.label)
        if not wanted:
            return
        self.modified = True
        doomed = [region.data_first + i for i in wanted]
        s_index = sh.RangeAddress.Sheet
        db = region.dbrange[1] if region.dbrange else None
        before = db.DataArea if db is not None else None
        blocks: list[list[int]] = []
        for r in doomed:
            if blocks and blocks[-1][1] == r - 1:
                blocks[-1][1] = r
            else:
                blocks.append([r, r])
        up = _enum("com.sun.star.sheet.CellDeleteMode", "UP")
        for first, last in reversed(blocks):
            sh.removeRange(_range_address(s_index, region.first_col, first, region.last_col, last),
                           up)
        if db is not None:
            header_count = 1 if _prop(db, "ContainsHeader", True) else 0
            within = sum(1 for d in doomed if d <= before.EndRow - region.totals)
            new_last = max(before.EndRow - within,
                           before.StartRow + header_count + region.totals)
            area = db.DataArea
            if area.EndRow != new_last or area.StartRow != before.StartRow:
                db.setDataArea(_range_address(s_index, before.StartColumn, before.StartRow,
                                              before.EndColumn, new_last))

    # -- messages and saving ------------------------------------------------------------------
    def message(self, text: str) -> None:
        self.messages.append(str(text))

    def save(self) -> None:
        """Store the document in its own file and format (nothing for a never-saved document)."""
        if not self.store:
            return
        if not self.doc.hasLocation():
            self.message("The workbook has not been saved yet: the changes are in the open "
                         "document; save it yourself.")
            return
        if self.doc.isReadonly():
            raise LibreOfficeError(f"{self.label} is open read-only, so the changes could not be "
                                   f"saved; open it for editing and run the action again.")
        try:
            self.doc.store()
        except Exception as exc:  # com.sun.star.io.IOException and friends
            detail = getattr(exc, "Message", "") or type(exc).__name__
            raise LibreOfficeError(f"{self.label} could not be saved ({detail}); is the file or "
                                   f"its folder read-only, or the disk full?") from None
        self.saved = True


# --------------------------------------------------------------------------- helpers

def _supports(obj, service: str) -> bool:
    try:
        return bool(obj is not None and obj.supportsService(service))
    except Exception:
        return False


def _title(doc) -> str:
    try:
        url = doc.getURL()
        if url:
            return _uno().fileUrlToSystemPath(url).replace("\\", "/").rsplit("/", 1)[-1]
    except Exception:
        pass
    try:
        return doc.Title or "the workbook"
    except Exception:
        return "the workbook"


def _prop(obj, name: str, default):
    try:
        return obj.getPropertyValue(name)
    except Exception:
        return default


def _read_value(v: Any) -> Any:
    if v is None:  # an error result reads as void; fixed up afterwards
        return None
    if type(v) is str:
        return v if v != "" else None
    if isinstance(v, float):
        return int(v) if v.is_integer() and abs(v) < _NUMERIC_LIMIT else v
    return v


def _current_controller(doc):
    try:
        controller = doc.getCurrentController()
    except Exception:
        return None
    if controller is None or not hasattr(controller, "freezeAtPosition"):
        return None
    return controller


def _thin_line():
    """A thin solid black line (what Excel's "thin" border is)."""
    return _struct("com.sun.star.table.BorderLine2", Color=0, InnerLineWidth=0,
                   OuterLineWidth=26, LineDistance=0, LineStyle=0, LineWidth=26)


def _range_address(sheet: int, c0: int, r0: int, c1: int, r1: int):
    return _struct("com.sun.star.table.CellRangeAddress", Sheet=sheet, StartColumn=c0,
                   StartRow=r0, EndColumn=c1, EndRow=r1)


def _unformatted(target) -> bool:
    """True when the cells carry no format of their own (as far as a quick look tells)."""
    try:
        style = target.CellStyle
        number = target.NumberFormat
    except Exception:
        return True
    return style in ("Default", "") and number == 0

