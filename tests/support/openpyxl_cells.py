"""Cells of an openpyxl worksheet: a Python value stored as Excel keeps it, a layout's styles
applied to whole columns at once, the print setup (headers, footers, fit to page); a sheet's
column styles and its Excel Tables as the region code reads them."""
from __future__ import annotations

from copy import copy
from typing import Any, cast

from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.region import TableRef
from keizer_xl.sheets.layout import Field, HeaderText, Layout, PageSetup, Style
from keizer_xl.sheets.tables import column_letter

# --------------------------------------------------------------------------- cell values


def convert_value(value: Any) -> tuple[Any, str] | None:
    """A Python value as (cell value, openpyxl data type); None for an empty cell.

    Data type "s" is forced for every string, so text starting with '=' never becomes a formula.
    Data type "setter" means: let openpyxl's value setter handle it (dates and times).
    """
    value = cell_value(value)
    if value is None:
        return None
    if isinstance(value, str):
        return value, "s"
    if isinstance(value, bool):
        return value, "b"
    if isinstance(value, (int, float)):
        return value, "n"
    return value, "setter"


def store_cell(ws: Any, row: int, column: int, converted: tuple[Any, str], style_array: Any = None) -> Any:
    """Create (or reuse) the cell at (row, column) and put a converted value in it."""
    from openpyxl.cell.cell import Cell

    cells = ws._cells
    cell = cells.get((row, column))
    if cell is None:
        cell = Cell(
            ws, row=row, column=column, style_array=copy(style_array) if style_array is not None else None
        )
        cells[(row, column)] = cell
    elif style_array is not None:
        cell._style = copy(style_array)
    value, data_type = converted
    if data_type == "setter":
        cell.value = value
    else:
        cell._value = value
        cell.data_type = data_type
    return cell


# --------------------------------------------------------------------------- the book


def plain_value(cell: Any) -> Any:
    """A cell's value for the in-the-way check: merged cells are checked apart."""
    from openpyxl.cell.cell import MergedCell

    return None if cell is None or isinstance(cell, MergedCell) else cell.value


def style_array_for(ws: Any, layout: Layout, style: Style | None) -> Any:
    """The openpyxl style of a written cell: the sheet font, and ``style`` (openpyxl shares
    equal styles, so the cells of a sheet get a handful of style arrays)."""
    from openpyxl.cell.cell import Cell
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    proto: Any = Cell(ws)  # type: ignore[call-arg]  # a cell with no place: openpyxl allows it, its stubs do not
    bold = bool(style and style.bold)
    proto.font = Font(name=layout.font, size=layout.font_size, bold=bold)
    if style is not None:
        if style.fill:
            proto.fill = PatternFill("solid", fgColor=style.fill)
        if style.border_bottom:
            proto.border = Border(bottom=Side(style="thin"))
        if style.number_format:
            proto.number_format = style.number_format
        if style.align or style.wrap or style.top:
            proto.alignment = Alignment(horizontal=style.align, wrap_text=style.wrap or None,
                                        vertical="top" if style.top else None)
    return proto._style


def _page_text(part: HeaderText) -> str:
    """A header or footer part in Excel's codes: '&' doubled, &P and &N for the page fields."""
    codes = {Field.PAGE: "&P", Field.PAGES: "&N"}
    return "".join(codes[p] if isinstance(p, Field) else p.replace("&", "&&") for p in part)


def apply_page_setup(ws: Any, page: PageSetup, rows: int = 0, cols: int = 0) -> None:
    from openpyxl.worksheet.properties import PageSetupProperties

    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape" if page.landscape else "portrait"
    if page.fit_width is not None:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        ws.page_setup.fitToWidth = page.fit_width
        ws.page_setup.fitToHeight = page.fit_height
    elif page.scale is not None:
        ws.page_setup.scale = page.scale
    if page.repeat_rows:
        ws.print_title_rows = f"{page.repeat_rows[0]}:{page.repeat_rows[1]}"
    if page.repeat_cols:
        ws.print_title_cols = (f"{column_letter(page.repeat_cols[0])}:"
                               f"{column_letter(page.repeat_cols[1])}")
    if page.print_areas:  # each area its own pages
        ws.print_area = [f"{column_letter(c1)}{r1}:{column_letter(c2)}{r2}"
                         for r1, r2, c1, c2 in page.print_areas]
    elif page.print_from_row > 1 and rows and cols:  # a split sheet's title row not printed
        ws.print_area = f"A{page.print_from_row}:{column_letter(cols)}{rows}"
    if page.row_breaks:
        from openpyxl.worksheet.pagebreak import Break, RowBreak

        ws.row_breaks = RowBreak()
        for row in page.row_breaks:
            ws.row_breaks.append(Break(id=row - 1))  # the break is after row id
    if page.col_breaks:
        from openpyxl.worksheet.pagebreak import Break, ColBreak

        ws.col_breaks = ColBreak()
        for col in page.col_breaks:
            ws.col_breaks.append(Break(id=col - 1))  # the break is after column id
    for parts, target in ((page.header, ws.oddHeader), (page.footer, ws.oddFooter)):
        for part, place in zip(parts, (target.left, target.center, target.right), strict=True):
            if part:
                place.text = _page_text(part)
                if parts is page.header and page.header_bold:
                    place.font = "-,Bold"


def column_styles(ws: Any, first_col: int, last_col: int) -> dict[int, Any]:
    """Styles given to whole columns (<col style=...>) of an openpyxl worksheet, by column number."""
    from openpyxl.utils.cell import column_index_from_string

    out: dict[int, Any] = {}
    for dim in ws.column_dimensions.values():
        if not dim.has_style:
            continue
        lo = dim.min or column_index_from_string(dim.index)
        hi = dim.max or lo
        for c in range(max(lo, first_col), min(hi, last_col) + 1):
            out[c] = dim._style
    return out


def table_ref(table: Any) -> TableRef:
    """An openpyxl Table as the region code's :class:`TableRef`."""
    from openpyxl.utils.cell import range_boundaries

    # an Excel Table's ref is a whole range (A1:D10): no bound is None
    min_col, min_row, max_col, max_row = cast("tuple[int, int, int, int]", range_boundaries(table.ref))
    return TableRef(table.displayName, min_row, min_col, max_row, max_col,
                    headers=table.headerRowCount is None or table.headerRowCount > 0,
                    totals=table.totalsRowCount or 0)


def input_table(ws: Any) -> Any:
    """The Excel Table of an openpyxl worksheet to read: the one with the contract's headers
    (sheets.read_names.pick_table)."""
    from openpyxl.utils.cell import range_boundaries

    from keizer_xl.sheets.read_names import pick_table

    tables = list(ws.tables.values())
    if len(tables) == 1:
        return tables[0]
    header_lists = []
    for t in tables:
        min_col, min_row, max_col, _ = cast("tuple[int, int, int, int]", range_boundaries(t.ref))
        if t.headerRowCount == 0:
            header_lists.append([c.name for c in t.tableColumns] if t.tableColumns else [])
        else:
            header_lists.append([ws._cells[(min_row, c)].value if (min_row, c) in ws._cells
                                 else None for c in range(min_col, max_col + 1)])
    return tables[pick_table(ws.title, header_lists)]
