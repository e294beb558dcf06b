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

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Sequence, cast

if TYPE_CHECKING:
    from keizer_xl.sheets.layout import HeaderText


from keizer_xl.errors import ClientError, Message, MissingPartError
from keizer_xl.sheets.cells import NUMERIC_LIMIT as _NUMERIC_LIMIT, cell_value
from keizer_xl.sheets.layout import Field, Layout, PageSetup
from keizer_xl.sheets.tables import Table, quote_sheet
from keizer_xl.sheets.region import Region, TableRef, find_region, plan_append, plan_delete

__all__ = ["UnoBook", "LibreOfficeError", "OWNED_PAGE_STYLE_PREFIX", "width_to_uno"]


class LibreOfficeError(ClientError):
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

_BOLD = 150.0  # com.sun.star.awt.FontWeight.BOLD

#: LibreOffice reads an Excel column width of w characters (Calibri 11) as w * 6914 / 28
#: hundredths of a millimetre and writes it back the same way.
_WIDTH_UNIT = 6914 / 28

#: Page styles this transport creates for the sheets it writes.
OWNED_PAGE_STYLE_PREFIX = "KeizerXL_"

# The same limits as the file transport's preflight: a season table is far below them.
MAX_ROWS = 100_000
MAX_COLUMNS = 2_000

# Cell properties copied from the row above to appended rows (what FileBook copies as a style).
_COPIED_PROPERTIES = ("BottomBorder", "CellBackColor", "CellProtection", "CharColor",
                      "CharFontName", "CharHeight", "CharPosture", "CharUnderline", "CharWeight",
                      "HoriJustify", "IsCellBackgroundTransparent", "IsTextWrapped",
                      "LeftBorder", "NumberFormat", "RightBorder", "TopBorder", "VertJustify")


def width_to_uno(chars: float) -> int:
    """A column width in characters (as in Excel / SheetStyle) in 1/100 mm."""
    return int(round(chars * _WIDTH_UNIT))


def _uno() -> Any:
    import uno  # noqa: PLC0415 - only where LibreOffice's Python (or python3-uno) runs

    return uno


def _struct(name: str, **fields: Any) -> Any:
    value = _uno().createUnoStruct(name)
    for key, val in fields.items():
        setattr(value, key, val)
    return value


def _enum(type_name: str, value: str) -> Any:
    return _uno().Enum(type_name, value)


# --------------------------------------------------------------------------- values

def _to_cell(value: Any, null_date: datetime) -> tuple[Any, str]:
    """A value (converted as by every client, ``sheets.cells``) as setDataArray takes it: text
    or a float ("" = empty), with the format kind a date, time or boolean needs."""
    value = cell_value(value)
    if value is None:
        return "", ""
    if isinstance(value, str):
        return value, ""
    if isinstance(value, bool):
        return (1.0 if value else 0.0), "bool"
    if isinstance(value, (int, float)):
        return float(value), ""
    if isinstance(value, datetime):
        return (value - null_date) / timedelta(days=1), "datetime"
    if isinstance(value, date):
        return float((value - null_date.date()).days), "date"
    if isinstance(value, time):
        return (value.hour * 3600 + value.minute * 60 + value.second
                + value.microsecond / 1e6) / 86400, "time"
    return value / timedelta(days=1), "time"


_KIND_FORMATS = {"date": "YYYY-MM-DD", "datetime": "YYYY-MM-DD HH:MM:SS", "time": "HH:MM:SS",
                 "bool": "BOOLEAN"}


# --------------------------------------------------------------------------- regions

class _Found:
    """A sheet's table (``sheets.region.Region``, 1-based), its rows as read and its database
    range (the Excel Table LibreOffice kept), if any."""

    __slots__ = ("region", "rows", "db")

    def __init__(self, region: Region, rows: tuple[tuple[Any, ...], ...], db: Any = None):
        self.region, self.rows, self.db = region, rows, db


class UnoBook:
    """A LibreOffice Calc document as a :class:`~keizer_xl.sheets.tables.Book`.

    ``store`` (default True): :meth:`save` stores the document in its own file and format
    (``doc.store()``); a new document that was never saved is left unsaved (``saved`` tells).
    """

    def __init__(self, doc: Any, *, store: bool = True, label: str | None = None) -> None:
        if not _supports(doc, "com.sun.star.sheet.SpreadsheetDocument"):
            raise LibreOfficeError(Message("this is not a spreadsheet: open the season workbook "
                                           "in LibreOffice Calc"))
        self.doc = doc
        self.store = store
        self.messages: list[str] = []
        self.written: list[str] = []  # engine-owned sheets written, in order
        self.frozen: dict[str, int] = {}  # rows each written sheet freezes (lo_run's fix-up)
        self.modified = False  # whether any write began (for rolling a failed action back)
        self.saved = False
        self.label = label or _title(doc)
        nd = doc.NullDate
        self._null_date = datetime(nd.Year, nd.Month, nd.Day)
        self._formats: dict[str, int] = {}

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self.doc.Sheets.ElementNames)

    def _find(self, name: str) -> Any:
        sheets = self.doc.Sheets
        if sheets.hasByName(name):
            return sheets.getByName(name)
        folded = name.casefold()
        for candidate in sheets.ElementNames:
            if candidate.casefold() == folded:
                return sheets.getByName(candidate)
        return None

    def _sheet(self, name: str) -> Any:
        sheet = self._find(name)
        if sheet is None:
            raise MissingPartError(Message("{book} has no sheet {name!r} (sheets: {sheets})",
                                           book=self.label, name=name,
                                           sheets=", ".join(self.sheet_names())))
        return sheet

    # -- reading ------------------------------------------------------------------------------
    def _content_bottom_right(self, sheet: Any, first_row: int = 0, first_col: int = 0,
                              last_col: int | None = None) -> tuple[int, int] | None:
        """(last row, last column) holding any content at or after the given corner, or None."""
        max_col = sheet.Columns.Count - 1 if last_col is None else last_col
        rng = sheet.getCellRangeByPosition(first_col, first_row, max_col, sheet.Rows.Count - 1)
        addresses = rng.queryContentCells(_CONTENT).getRangeAddresses()
        if not addresses:
            return None
        return (max(a.EndRow for a in addresses), max(a.EndColumn for a in addresses))

    @staticmethod
    def _headed_beside(sheet: Any, row: int, last_col: int) -> int:
        """The last column of the unbroken run of filled cells in ``row`` right after
        ``last_col`` (``last_col`` itself when the next cell is empty)."""
        if last_col + 1 >= sheet.Columns.Count:
            return last_col
        rng = sheet.getCellRangeByPosition(last_col + 1, row, sheet.Columns.Count - 1, row)
        for a in sorted(rng.queryContentCells(_CONTENT).getRangeAddresses(),
                        key=lambda a: a.StartColumn):
            if a.StartColumn != last_col + 1:
                break
            last_col = a.EndColumn
        return last_col

    def _read_block(self, sheet: Any, first_row: int, first_col: int, last_row: int,
                    last_col: int) -> list[list[Any]]:
        """Values of a block, converted as FileBook reads them (None for empty)."""
        if last_row < first_row or last_col < first_col:
            return []
        where = quote_sheet(sheet.Name)
        if last_row - first_row + 1 > MAX_ROWS or last_col - first_col + 1 > MAX_COLUMNS:
            raise LibreOfficeError(Message(
                "{where} in {book} spans {rows} rows x {columns} columns (the limit is "
                "{max_rows} x {max_columns}); delete the unused rows and columns below and right "
                "of the data.", where=where, book=self.label,
                rows=f"{last_row - first_row + 1:,}", columns=f"{last_col - first_col + 1:,}",
                max_rows=f"{MAX_ROWS:,}", max_columns=f"{MAX_COLUMNS:,}"))
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

    def _typed(self, value: float, kind: int) -> bool | float | datetime | time | timedelta:
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

    def _dbranges(self, sheet: Any) -> list[tuple[str, Any]]:
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

    def _region(self, sheet: Any) -> _Found:
        """The table of ``sheet``: its cells read into a mapping, the rules in sheets.region."""
        cells: dict[tuple[int, int], Any] = {}

        def read(first_row: int, first_col: int, last_row: int, last_col: int) -> None:
            block = self._read_block(sheet, first_row, first_col, last_row, last_col)
            for i, row in enumerate(block):
                for j, value in enumerate(row):
                    cells[(first_row + i + 1, first_col + j + 1)] = value

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
        if not tables:
            corner = self._content_bottom_right(sheet)
            if corner is not None:
                read(0, 0, corner[0], corner[1])
            region = find_region(cells)
            db = None
        else:
            name, db = tables[0]
            area = db.DataArea
            t = TableRef(name, area.StartRow + 1, area.StartColumn + 1, area.EndRow + 1,
                         area.EndColumn + 1, headers=bool(_prop(db, "ContainsHeader", True)),
                         totals=1 if _prop(db, "TotalsRow", False) else 0)
            last_col = area.EndColumn
            if t.headers:
                # headed columns typed right beside the range are its columns too: LibreOffice
                # does not widen the range for them (sheets/region.find_region, issue 26)
                last_col = self._headed_beside(sheet, area.StartRow, area.EndColumn)
                read(area.StartRow, area.StartColumn, area.StartRow, last_col)
            first = area.StartRow + (1 if t.headers else 0)
            corner = self._content_bottom_right(sheet, first, area.StartColumn, last_col)
            if corner is not None:
                read(first, area.StartColumn, corner[0], last_col)
            region = find_region(cells, t)
        rows = tuple(tuple(cells.get((r, c)) for c in range(region.first_column, region.last_column + 1))
                     for r in range(region.data_first, region.data_last + 1))
        return _Found(region, rows if region.width else (), db)

    def read_table(self, sheet: str) -> Table:
        sh = self._sheet(sheet)
        found = self._region(sh)
        region = found.region
        return Table(sheet=sh.Name, headers=region.headers, rows=found.rows,
                     header_row=region.header_row, first_column=region.first_column)

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, layout: Layout) -> None:
        self.modified = True
        sheets = self.doc.Sheets
        sh = self._find(sheet)
        if sh is not None:
            self._clear_sheet(sh)
        else:
            sheets.insertNewByName(sheet, sheets.Count)
            sh = sheets.getByName(sheet)
        if sh.Name not in self.written:
            self.written.append(sh.Name)
        n_cols = layout.width
        if layout.grid and n_cols:
            cells = [[_to_cell(v, self._null_date) for v in row] + [("", "")] * (n_cols - len(row))
                     for row in layout.grid]
            whole = sh.getCellRangeByPosition(0, 0, n_cols - 1, len(cells) - 1)
            whole.setDataArray(tuple(tuple(value for value, _ in row) for row in cells))
            whole.CharFontName = layout.font
            whole.CharHeight = layout.font_size
            for r, row in enumerate(cells):  # dates, times and booleans need a format to show
                for c, (_, kind) in enumerate(row):
                    if kind:
                        sh.getCellByPosition(c, r).NumberFormat = self._format_key(_KIND_FORMATS[kind])
        for span in layout.spans:
            rng = sh.getCellRangeByPosition(span.first_col - 1, span.first_row - 1,
                                            span.last_col - 1, span.last_row - 1)
            if span.style.bold:
                rng.CharWeight = _BOLD
            if span.style.fill:
                rng.CellBackColor = int(span.style.fill, 16)
            if span.style.border_bottom:
                rng.BottomBorder = _thin_line()
            if span.style.number_format:
                rng.NumberFormat = self._format_key(span.style.number_format)
            if span.style.align:
                rng.HoriJustify = _enum("com.sun.star.table.CellHoriJustify", span.style.align.upper())
            if span.style.wrap:
                rng.IsTextWrapped = True
            if span.style.top:
                rng.VertJustify = _enum("com.sun.star.table.CellVertJustify", "TOP")
        for j, width in enumerate(layout.widths):
            sh.Columns.getByIndex(j).Width = width_to_uno(width)
        for r, height in layout.heights:  # points -> 1/100 mm
            sh.Rows.getByIndex(r - 1).Height = round(height * 2540 / 72)
        self._page_setup(sh, layout.page)
        if layout.freeze_rows:
            self.frozen[sh.Name] = layout.freeze_rows
            self._freeze_rows(sh, layout.freeze_rows)

    def _clear_sheet(self, sh: Any) -> None:
        """Empty an engine-owned sheet in place: contents, formats, objects, merges, layout."""
        if sh.isProtected():
            try:
                sh.unprotect("")
            except Exception:
                pass
            if sh.isProtected():
                raise LibreOfficeError(Message(
                    "{sheet} in {book} is protected with a password; unprotect it (Tools > "
                    "Protect Sheet) so keizer-xl can write it.", sheet=quote_sheet(sh.Name),
                    book=self.label))
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
        return cast(int, key)  # UNO's number format keys are ints

    def _page_setup(self, sh: Any, page: PageSetup) -> None:
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
        landscape = page.landscape
        ps.IsLandscape = landscape
        ps.Size = _struct("com.sun.star.awt.Size", Width=29700 if landscape else 21000,
                          Height=21000 if landscape else 29700)
        if page.fit_width is not None:
            ps.ScaleToPagesX = page.fit_width
            ps.ScaleToPagesY = page.fit_height
        else:
            ps.ScaleToPagesX = 0
            ps.ScaleToPagesY = 0
            ps.PageScale = page.scale or 100
        ps.HeaderIsOn = True
        ps.FooterIsOn = True
        ps.HeaderIsShared = True
        ps.FooterIsShared = True
        for name, parts, bold in (("RightPageHeaderContent", page.header, page.header_bold),
                                  ("RightPageFooterContent", page.footer, False)):
            content = getattr(ps, name)
            for part, text in zip(parts, (content.LeftText, content.CenterText, content.RightText)):
                self._page_text(text, part, bold)
            setattr(ps, name, content)
        index = sh.RangeAddress.Sheet
        if page.repeat_rows:
            sh.setPrintTitleRows(True)
            sh.setTitleRows(_struct("com.sun.star.table.CellRangeAddress", Sheet=index,
                                    StartColumn=0, StartRow=page.repeat_rows[0] - 1, EndColumn=0,
                                    EndRow=page.repeat_rows[1] - 1))
        else:
            sh.setPrintTitleRows(False)
        if page.repeat_cols:
            sh.setPrintTitleColumns(True)
            sh.setTitleColumns(_struct("com.sun.star.table.CellRangeAddress", Sheet=index,
                                       StartColumn=page.repeat_cols[0] - 1, StartRow=0,
                                       EndColumn=page.repeat_cols[1] - 1, EndRow=0))
        else:
            sh.setPrintTitleColumns(False)
        for col in page.col_breaks:
            sh.Columns.getByIndex(col - 1).IsStartOfNewPage = True

    def _page_text(self, text: Any, part: HeaderText, bold: bool) -> None:
        """One header or footer part: its text and page fields, black (LibreOffice writes
        "automatic" to .xlsx as white, &Kffffff), bold if asked."""
        text.setString("")
        cursor = text.createTextCursor()
        for piece in part:
            if isinstance(piece, Field):
                service = "PageNumber" if piece is Field.PAGE else "PageCount"
                text.insertTextContent(cursor, self.doc.createInstance(
                    f"com.sun.star.text.TextField.{service}"), False)
            else:
                text.insertString(cursor, piece, False)
            cursor.gotoEnd(False)
        if part:
            cursor = text.createTextCursor()
            cursor.gotoStart(False)
            cursor.gotoEnd(True)
            cursor.CharColor = 0
            if bold:
                cursor.CharWeight = _BOLD

    def _freeze_rows(self, sh: Any, rows: int) -> None:
        """Freeze the top rows through the view (a document without a view has no frozen panes)."""
        controller = _current_controller(self.doc)
        if controller is None:
            return
        try:
            active = controller.getActiveSheet()
            controller.setActiveSheet(sh)
            controller.freezeAtPosition(0, rows)
            if active is not None and active.Name != sh.Name:
                controller.setActiveSheet(active)
        except Exception:  # a view that cannot switch sheets: leave the panes as they are
            pass

    # -- appending to a user's table ----------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        """Carry out the append plan of sheets.region (UNO counts rows and columns from 0)."""
        rows = list(rows)
        if not rows:
            return
        sh = self._sheet(sheet)
        found = self._region(sh)
        region, db = found.region, found.db
        where = quote_sheet(sh.Name)
        others = [TableRef(n, a.StartRow + 1, a.StartColumn + 1, a.EndRow + 1, a.EndColumn + 1)
                  for n, a in ((n, o.DataArea) for n, o in self._dbranges(sh))]
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
            sh.insertCells(_range_address(s_index, area.StartColumn, plan.totals_at - 1,
                                          area.EndColumn, plan.totals_at + plan.shift - 2),
                           _enum("com.sun.star.sheet.CellInsertMode", "DOWN"))
        self._copy_formats_down(sh, region, start, end)
        values, kinds, nd = [], [], self._null_date
        for k, placed in enumerate(plan.rows):
            out = []
            for j in range(region.width):
                value, kind = _to_cell(placed.get(j), nd)
                if kind:
                    kinds.append((start + k, first_col + j, kind))
                out.append(value)
            values.append(tuple(out))
        sh.getCellRangeByPosition(first_col, start, last_col, end).setDataArray(tuple(values))
        for r, c, kind in kinds:
            sh.getCellByPosition(c, r).NumberFormat = self._format_key(_KIND_FORMATS[kind])
        if db is not None and plan.table_last is not None:
            area = db.DataArea
            if area.EndRow < plan.table_last - 1:
                db.setDataArea(_range_address(s_index, area.StartColumn, area.StartRow,
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
        found = self._region(sh)
        region, db = found.region, found.db
        plan = plan_delete(region, data_rows, quote_sheet(sh.Name), self.label)
        if not plan.doomed:
            return
        self.modified = True
        s_index = sh.RangeAddress.Sheet
        before: Any = db.DataArea if db is not None else None
        up = _enum("com.sun.star.sheet.CellDeleteMode", "UP")
        for first, last in reversed(plan.runs()):
            sh.removeRange(_range_address(s_index, region.first_column - 1, first - 1,
                                          region.last_column - 1, last - 1), up)
        if db is not None and plan.table_last is not None:
            area = db.DataArea
            if area.EndRow != plan.table_last - 1 or area.StartRow != before.StartRow:
                db.setDataArea(_range_address(s_index, before.StartColumn, before.StartRow,
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


# --------------------------------------------------------------------------- helpers

def _supports(obj: Any, service: str) -> bool:
    try:
        return bool(obj is not None and obj.supportsService(service))
    except Exception:
        return False


def _title(doc: Any) -> str:
    try:
        url = doc.getURL()
        if url:
            return cast(str, _uno().fileUrlToSystemPath(url).replace("\\", "/").rsplit("/", 1)[-1])
    except Exception:
        pass
    try:
        return doc.Title or "the workbook"
    except Exception:
        return "the workbook"


def _prop(obj: Any, name: str, default: Any) -> Any:
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


def _current_controller(doc: Any) -> Any:
    try:
        controller = doc.getCurrentController()
    except Exception:
        return None
    if controller is None or not hasattr(controller, "freezeAtPosition"):
        return None
    return controller


def _thin_line() -> Any:
    """A thin solid black line (what Excel's "thin" border is)."""
    return _struct("com.sun.star.table.BorderLine2", Color=0, InnerLineWidth=0,
                   OuterLineWidth=26, LineDistance=0, LineStyle=0, LineWidth=26)


def _range_address(sheet: int, c0: int, r0: int, c1: int, r1: int) -> Any:
    return _struct("com.sun.star.table.CellRangeAddress", Sheet=sheet, StartColumn=c0,
                   StartRow=r0, EndColumn=c1, EndRow=r1)


def _unformatted(target: Any) -> bool:
    """True when the cells carry no format of their own (as far as a quick look tells)."""
    try:
        style = target.CellStyle
        number = target.NumberFormat
    except Exception:
        return True
    return style in ("Default", "") and number == 0

