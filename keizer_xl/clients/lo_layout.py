"""A :class:`~keizer_xl.sheets.layout.Layout` put on a LibreOffice sheet: the engine-owned
sheet cleared *in place* (so formulas elsewhere that point at it keep working), all values
written with one ``setDataArray`` (text that starts with ``=`` stays text), then the formats:
bold shaded header, number formats, widths, podium fills, A4 page setup with repeated header
row, title in the page header and ``page / pages`` in the footer, the frozen header (through
the view, when there is one).
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from keizer_xl.clients.lo_cells import KIND_FORMATS, to_cell
from keizer_xl.clients.lo_tables import content_bottom_right, dbranges
from keizer_xl.clients.lo_uno import (BOLD, EVERYTHING, LibreOfficeError, current_controller,
                                      range_address, thin_line, uno_enum, uno_struct)
from keizer_xl.errors import Message
from keizer_xl.sheets.layout import Field, Layout, PageSetup
from keizer_xl.sheets.tables import quote_sheet

if TYPE_CHECKING:
    from keizer_xl.sheets.layout import HeaderText

#: LibreOffice reads an Excel column width of w characters as w times the widest digit of the
#: workbook's default font (Calibri 11), measured in twips on the document's reference device
#: (oox/source/xls/unitconverter.cxx, UnitConverter::finalizeImport), and writes it back the
#: same way.  That digit is 111 twips where Carlito (Calibri's metric twin) is installed and
#: 140 twips where LibreOffice falls back on DejaVu Sans (issue 26): measured per document.
_FALLBACK_DIGIT_TWIPS = 140

#: Page styles this transport creates for the sheets it writes.
OWNED_PAGE_STYLE_PREFIX = "KeizerXL_"


def width_to_uno(chars: float, digit_twips: int = _FALLBACK_DIGIT_TWIPS) -> int:
    """A column width in characters (as in Excel / SheetStyle) in 1/100 mm, for a document
    whose default font's widest digit is ``digit_twips`` (see :func:`digit_twips`)."""
    return round(chars * digit_twips * 2540 / 1440)


def digit_twips(doc: Any) -> int:
    """The widest digit of ``doc``'s default cell font in twips, as LibreOffice measures it
    to read and write an xlsx column width (the same device and call as its importer), so a
    width this client sets is the one LibreOffice gives the file writer's width."""
    try:
        style = doc.StyleFamilies.getByName("CellStyles").getByName("Default")
        font = uno_struct("com.sun.star.awt.FontDescriptor", Name=style.CharFontName,
                          Height=round(style.CharHeight * 20))
        measured = doc.ReferenceDevice.getFont(font)
        widest = max(measured.getCharWidth(ch) for ch in "0123456789")
    except Exception:  # an older LibreOffice without the property: its historical unit
        return _FALLBACK_DIGIT_TWIPS
    return int(widest) if widest > 0 else _FALLBACK_DIGIT_TWIPS


def clear_sheet(doc: Any, sh: Any, label: str) -> None:
    """Empty an engine-owned sheet in place: contents, formats, objects, merges, layout."""
    if sh.isProtected():
        with contextlib.suppress(Exception):  # a password: refused just below
            sh.unprotect("")
        if sh.isProtected():
            raise LibreOfficeError(Message(
                "{sheet} in {book} is protected with a password; unprotect it (Tools > "
                "Protect Sheet) so keizer-xl can write it.", sheet=quote_sheet(sh.Name),
                book=label))
    index = sh.RangeAddress.Sheet
    corner = content_bottom_right(sh)
    whole = sh.getCellRangeByPosition(0, 0, sh.Columns.Count - 1, sh.Rows.Count - 1)
    whole.merge(False)
    whole.clearContents(EVERYTHING)
    draw_page = sh.DrawPage
    for i in range(draw_page.Count - 1, -1, -1):
        draw_page.remove(draw_page.getByIndex(i))
    with contextlib.suppress(Exception):  # older LibreOffice: cleared with the hard attributes
        formats = sh.ConditionalFormats
        for entry in formats.ConditionalFormats:
            formats.removeByID(entry.ID)
    ranges = doc.DatabaseRanges
    for name, _db in dbranges(doc, sh):
        ranges.removeByName(name)
    with contextlib.suppress(Exception):  # no sheet-local database range: nothing filtered
        unnamed = doc.UnnamedDatabaseRanges
        if unnamed.hasByTable(index):
            unnamed.getByTable(index).AutoFilter = False
    with contextlib.suppress(Exception):  # no outline on the sheet
        sh.clearOutline()
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


def put_layout(doc: Any, sh: Any, layout: Layout, null_date: datetime,
               format_key: Callable[[str], int]) -> None:
    """The layout's values, formats, widths, heights and page setup on the (cleared or new)
    sheet ``sh``; ``format_key``: the document's number format key of a format code."""
    n_cols = layout.width
    if layout.grid and n_cols:
        cells = [[to_cell(v, null_date) for v in row] + [("", "")] * (n_cols - len(row))
                 for row in layout.grid]
        whole = sh.getCellRangeByPosition(0, 0, n_cols - 1, len(cells) - 1)
        whole.setDataArray(tuple(tuple(value for value, _ in row) for row in cells))
        whole.CharFontName = layout.font
        whole.CharHeight = layout.font_size
        for r, row in enumerate(cells):  # dates, times and booleans need a format to show
            for c, (_, kind) in enumerate(row):
                if kind:
                    sh.getCellByPosition(c, r).NumberFormat = format_key(KIND_FORMATS[kind])
    for span in layout.spans:
        rng = sh.getCellRangeByPosition(span.first_col - 1, span.first_row - 1,
                                        span.last_col - 1, span.last_row - 1)
        if span.style.bold:
            rng.CharWeight = BOLD
        if span.style.fill:
            rng.CellBackColor = int(span.style.fill, 16)
        if span.style.border_bottom:
            rng.BottomBorder = thin_line()
        if span.style.number_format:
            rng.NumberFormat = format_key(span.style.number_format)
        if span.style.align:
            rng.HoriJustify = uno_enum("com.sun.star.table.CellHoriJustify", span.style.align.upper())
        if span.style.wrap:
            rng.IsTextWrapped = True
        if span.style.top:
            rng.VertJustify = uno_enum("com.sun.star.table.CellVertJustify", "TOP")
    digit = digit_twips(doc) if layout.widths else _FALLBACK_DIGIT_TWIPS
    for j, width in enumerate(layout.widths):
        sh.Columns.getByIndex(j).Width = width_to_uno(width, digit)
    for r, height in layout.heights:  # points -> 1/100 mm
        sh.Rows.getByIndex(r - 1).Height = round(height * 2540 / 72)
    _page_setup(doc, sh, layout.page, layout.printed_areas())


def _page_setup(doc: Any, sh: Any, page: PageSetup,
                areas: tuple[tuple[int, int, int, int], ...]) -> None:
    """A4, orientation, fit to one page wide, header row on every page, title and pages."""
    page_styles = doc.StyleFamilies.PageStyles
    current = sh.PageStyle
    others = [s for s in doc.Sheets.ElementNames if s != sh.Name
              and doc.Sheets.getByName(s).PageStyle == current]
    if current.startswith(OWNED_PAGE_STYLE_PREFIX) or (
            current != "Default" and not others and page_styles.hasByName(current)):
        name = current
    else:
        name = OWNED_PAGE_STYLE_PREFIX + sh.Name
        if not page_styles.hasByName(name):
            page_styles.insertByName(name, doc.createInstance("com.sun.star.style.PageStyle"))
        sh.PageStyle = name
    ps = page_styles.getByName(name)
    landscape = page.landscape
    ps.IsLandscape = landscape
    ps.Size = uno_struct("com.sun.star.awt.Size", Width=29700 if landscape else 21000,
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
        for part, text in zip(parts, (content.LeftText, content.CenterText, content.RightText), strict=True):
            _page_text(doc, text, part, bold)
        setattr(ps, name, content)
    index = sh.RangeAddress.Sheet
    if page.repeat_rows:
        sh.setPrintTitleRows(True)
        sh.setTitleRows(range_address(index, 0, page.repeat_rows[0] - 1, 0, page.repeat_rows[1] - 1))
    else:
        sh.setPrintTitleRows(False)
    if page.repeat_cols:
        sh.setPrintTitleColumns(True)
        sh.setTitleColumns(range_address(index, page.repeat_cols[0] - 1, 0, page.repeat_cols[1] - 1, 0))
    else:
        sh.setPrintTitleColumns(False)
    for col in page.col_breaks:
        sh.Columns.getByIndex(col - 1).IsStartOfNewPage = True
    for row in page.row_breaks:
        sh.Rows.getByIndex(row - 1).IsStartOfNewPage = True
    # a split sheet's title row not printed (its title is in the page header)
    sh.setPrintAreas(tuple(range_address(index, c1 - 1, r1 - 1, c2 - 1, r2 - 1)
                           for r1, r2, c1, c2 in areas))


def _page_text(doc: Any, text: Any, part: HeaderText, bold: bool) -> None:
    """One header or footer part: its text and page fields, black (LibreOffice writes
    "automatic" to .xlsx as white, &Kffffff), bold if asked."""
    text.setString("")
    cursor = text.createTextCursor()
    for piece in part:
        if isinstance(piece, Field):
            service = "PageNumber" if piece is Field.PAGE else "PageCount"
            text.insertTextContent(cursor, doc.createInstance(
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
            cursor.CharWeight = BOLD


def freeze_rows(doc: Any, sh: Any, rows: int) -> None:
    """Freeze the top rows through the view (a document without a view has no frozen panes)."""
    controller = current_controller(doc)
    if controller is None:
        return
    with contextlib.suppress(Exception):  # a view that cannot switch sheets: panes as they are
        active = controller.getActiveSheet()
        controller.setActiveSheet(sh)
        controller.freezeAtPosition(0, rows)
        if active is not None and active.Name != sh.Name:
            controller.setActiveSheet(active)
