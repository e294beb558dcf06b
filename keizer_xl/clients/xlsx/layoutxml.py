"""An engine sheet's :class:`~keizer_xl.sheets.layout.Layout` as worksheet XML (issue 25): the
cells (text as inline strings, never a formula), their styles (indices into the workbook's own
``styles.xml``, :mod:`.stylesheet`), column widths, row heights, the frozen header and the
print setup.  The print titles are a defined name of the workbook (:mod:`.splice`).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from keizer_xl.clients.xlsx.cellxml import number_text
from keizer_xl.clients.xlsx.reader import MAIN_NAMESPACES, WINDOWS_EPOCH
from keizer_xl.clients.xlsx.package import REL_NS, escape
from keizer_xl.clients.xlsx.stylesheet import DATE_FORMATS, StyleSheet, is_date_format
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.tables import column_letter
from keizer_xl.sheets.layout import Field, HeaderText, Layout, PageSetup, Style


def excel_serial(value: Any, epoch: dt.datetime = WINDOWS_EPOCH) -> tuple[float | int, str] | None:
    """A date, time or duration as (Excel serial, the kind of format it needs); None for others."""
    if isinstance(value, dt.datetime):
        delta = value.replace(tzinfo=None) - epoch
        kind = "datetime"
    elif isinstance(value, dt.date):
        delta = dt.datetime(value.year, value.month, value.day) - epoch
        kind = "date"
    elif isinstance(value, dt.time):
        delta = dt.timedelta(hours=value.hour, minutes=value.minute, seconds=value.second,
                             microseconds=value.microsecond)
        return delta.total_seconds() / 86400, "time"
    elif isinstance(value, dt.timedelta):
        return value.total_seconds() / 86400, "timedelta"
    else:
        return None
    days = delta.days
    if epoch == WINDOWS_EPOCH and 0 < days < 61:
        days -= 1  # Excel counts a 29 February 1900 that never was
    serial = days + delta.seconds / 86400 + delta.microseconds / 86400e6
    return (int(serial) if float(serial).is_integer() else serial), kind


def sheet_xml(layout: Layout, styles: StyleSheet, *, tab_selected: bool = False,
              tab_color: bytes = b"", keep: bytes = b"", date1904: bool = False,
              breaks: bytes = b"") -> bytes:
    """The worksheet part of ``layout``.  ``tab_color``: the old sheet's ``<tabColor>``;
    ``keep``: the old sheet's drawing elements (``<drawing>``, ``<legacyDrawing>``, ...), put
    where the schema wants them."""
    from keizer_xl.clients.xlsx.reader import MAC_EPOCH

    epoch = MAC_EPOCH if date1904 else WINDOWS_EPOCH
    cells, spans = layout.grid, layout.styles()
    xf: dict[tuple[Style | None, str | None], int] = {}
    by_id: dict[int, int] = {}  # the same Style object on many cells: looked up by identity
    keep_alive: list[Style | None] = []

    def index(style: Style | None, number_format: str | None = None) -> int:
        if number_format is None:
            found = by_id.get(id(style))
            if found is not None:
                return found
        key = (style, number_format)
        found = xf.get(key)
        if found is None:
            s = style or Style()
            found = xf[key] = styles.index(layout.font, layout.font_size,
                                           replace(s, number_format=number_format) if number_format else s)
        if number_format is None:
            by_id[id(style)] = found
            keep_alive.append(style)
        return found

    heights = dict(layout.heights)
    rows_out: list[str] = []
    last_row = len(cells)
    styled_rows: dict[int, dict[int, Style]] = {}
    for (r, c), st in spans.items():
        styled_rows.setdefault(r, {})[c] = st
    last_row = max([last_row, *styled_rows])
    last_col = max([layout.width, *(c for (_, c) in spans)]) if (spans or layout.width) else 1
    letters = [""] + [column_letter(c) for c in range(1, last_col + 1)]
    no_styles: dict[int, Style] = {}
    quoted: dict[str, str] = {}  # a text's inline-string element, made once (a name stands in many cells)
    for r in range(1, last_row + 1):
        row = cells[r - 1] if r <= len(cells) else ()
        row_styles = styled_rows.get(r, no_styles)
        out: list[str] = []
        n = len(row)
        for c in range(1, max(n, max(row_styles, default=0)) + 1):
            raw = row[c - 1] if c <= n else None
            value = cell_value(raw) if raw is not None else None
            style = row_styles.get(c)
            if value is None and style is None:
                continue
            s = by_id.get(id(style))  # the same Style object on many cells (index's cache)
            if s is None:
                s = index(style)
            ref = f"{letters[c] if c < len(letters) else column_letter(c)}{r}"
            t = type(value)
            if value is None:
                out.append(f'<c r="{ref}" s="{s}"/>')
            elif t is str:
                text = quoted.get(value)  # type: ignore[arg-type]
                if text is None:
                    assert isinstance(value, str)
                    space = ' xml:space="preserve"' if value != value.strip() or "\n" in value else ""
                    text = quoted[value] = f"<t{space}>{escape(value)}</t>"
                out.append(f'<c r="{ref}" s="{s}" t="inlineStr"><is>{text}</is></c>')
            elif t is int:
                out.append(f'<c r="{ref}" s="{s}"><v>{value}</v></c>')
            elif t is float:
                out.append(f'<c r="{ref}" s="{s}"><v>{value!r}</v></c>')
            elif isinstance(value, bool):
                out.append(f'<c r="{ref}" s="{s}" t="b"><v>{int(value)}</v></c>')
            elif isinstance(value, (int, float)):
                out.append(f'<c r="{ref}" s="{s}"><v>{number_text(value)}</v></c>')
            else:
                serial = excel_serial(value, epoch)
                if serial is None:  # cell_value gives nothing else; never drop a value silently
                    raise TypeError(f"cannot write {type(value).__name__} to a cell")
                number, kind = serial
                fmt = style.number_format if style is not None else None
                s = index(style, None if is_date_format(fmt) else DATE_FORMATS[kind])
                out.append(f'<c r="{ref}" s="{s}"><v>{number_text(number)}</v></c>')
        height = heights.get(r)
        if out or height is not None:
            ht = f' ht="{height}" customHeight="1"' if height is not None else ""
            rows_out.append(f'<row r="{r}"{ht}>' + "".join(out) + "</row>")
    page = layout.page
    parts = [(f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             f'<worksheet xmlns="{MAIN_NAMESPACES[0]}" xmlns:r="{REL_NS}">')]
    parts.append("<sheetPr>" + tab_color.decode("utf-8")
                 + ('<pageSetUpPr fitToPage="1"/>' if page.fit_width is not None else "") + "</sheetPr>")
    parts.append(f'<dimension ref="A1:{column_letter(max(last_col, 1))}{max(last_row, 1)}"/>')
    parts.append(sheet_views(layout.freeze_rows, tab_selected))
    parts.append('<sheetFormatPr defaultRowHeight="15"/>')
    if layout.widths:
        parts.append("<cols>" + "".join(
            f'<col min="{j}" max="{j}" width="{w}" customWidth="1"/>'
            for j, w in enumerate(layout.widths, 1)) + "</cols>")
    parts.append("<sheetData>" + "".join(rows_out) + "</sheetData>")
    parts.append('<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/>')
    parts.append(_page_setup(page))
    parts.append(_header_footer(page))
    if not breaks and page.row_breaks:  # a chart's sheet brings its own (History)
        breaks = (f'<rowBreaks count="{len(page.row_breaks)}" '
                  f'manualBreakCount="{len(page.row_breaks)}">'
                  + "".join(f'<brk id="{r - 1}" max="16383" man="1"/>' for r in page.row_breaks)
                  + "</rowBreaks>").encode("utf-8")
    parts.append(breaks.decode("utf-8"))  # <rowBreaks>: after the header and footer
    if page.col_breaks:
        parts.append(f'<colBreaks count="{len(page.col_breaks)}" manualBreakCount="{len(page.col_breaks)}">'
                     + "".join(f'<brk id="{c - 1}" max="1048575" man="1"/>' for c in page.col_breaks)
                     + "</colBreaks>")
    return "".join(parts).encode("utf-8") + keep + b"</worksheet>"


def sheet_views(freeze_rows: int, tab_selected: bool = False) -> str:
    """An engine sheet's ``<sheetViews>``: its top ``freeze_rows`` frozen (title lines and the
    header)."""
    selected = ' tabSelected="1"' if tab_selected else ""
    if not freeze_rows:
        return f'<sheetViews><sheetView{selected} workbookViewId="0"/></sheetViews>'
    top = f"A{freeze_rows + 1}"
    return (f'<sheetViews><sheetView{selected} workbookViewId="0"><pane ySplit="{freeze_rows}" '
            f'topLeftCell="{top}" activePane="bottomLeft" state="frozen"/><selection '
            f'pane="bottomLeft" activeCell="{top}" sqref="{top}"/></sheetView></sheetViews>')


def _page_setup(page: PageSetup) -> str:
    attrs = ['paperSize="9"']
    if page.fit_width is None and page.scale is not None:
        attrs.append(f'scale="{page.scale}"')
    if page.fit_width is not None:
        attrs.append(f'fitToWidth="{page.fit_width}" fitToHeight="{page.fit_height}"')
    attrs.append(f'orientation="{"landscape" if page.landscape else "portrait"}"')
    return "<pageSetup " + " ".join(attrs) + "/>"


def _page_text(part: HeaderText) -> str:
    """A header or footer part in Excel's codes: '&' doubled, &P and &N for the page fields."""
    codes = {Field.PAGE: "&P", Field.PAGES: "&N"}
    return "".join(codes[p] if isinstance(p, Field) else p.replace("&", "&&") for p in part)


def _header_footer(page: PageSetup) -> str:
    def line(parts: tuple[HeaderText, HeaderText, HeaderText], bold: bool) -> str:
        out = ""
        for code, part in zip(("&L", "&C", "&R"), parts, strict=True):
            if part:
                out += code + ('&"-,Bold"' if bold else "") + _page_text(part)
        return out

    header = line(page.header, page.header_bold)
    footer = line(page.footer, False)
    if not header and not footer:
        return ""
    return ("<headerFooter>" + (f"<oddHeader>{escape(header)}</oddHeader>" if header else "")
            + (f"<oddFooter>{escape(footer)}</oddFooter>" if footer else "") + "</headerFooter>")


def print_area(sheet: str, layout: Layout) -> str | None:
    """The ``_xlnm.Print_Area`` of a sheet printed in parts (:meth:`Layout.printed_areas`),
    or None: the whole sheet prints."""
    quoted = "'" + sheet.replace("'", "''") + "'"
    return ",".join(f"{quoted}!${column_letter(c1)}${r1}:${column_letter(c2)}${r2}"
                    for r1, r2, c1, c2 in layout.printed_areas()) or None


def print_titles(sheet: str, page: PageSetup) -> str | None:
    """The ``_xlnm.Print_Titles`` of a sheet (columns first, as Excel writes it), or None."""
    quoted = "'" + sheet.replace("'", "''") + "'"
    parts = []
    if page.repeat_cols:
        parts.append(f"{quoted}!${column_letter(page.repeat_cols[0])}:${column_letter(page.repeat_cols[1])}")
    if page.repeat_rows:
        parts.append(f"{quoted}!${page.repeat_rows[0]}:${page.repeat_rows[1]}")
    return ",".join(parts) or None
