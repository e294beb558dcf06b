"""One description of an engine-owned sheet, computed once and applied by every client.

A :class:`Layout` says everything a reader of the sheet sees, in terms every client knows: a grid
of cell values from A1 (already converted by :mod:`keizer_xl.sheets.cells`, numbers already
rounded for display), rectangles of cell style (bold, fill, bottom border, number format,
alignment), one named font, column widths in characters, the frozen rows and the print setup
(orientation, fit to pages, rows repeated on every page, header and footer with page fields).
The file writer, Excel and LibreOffice each turn it into their own calls and decide nothing.

:func:`sheet_layout` builds a Layout from a table (a DataFrame, or :class:`Rows` where a command
should not pay for importing pandas) and a :class:`SheetStyle`: a title,
number formats and widths by column name, podium rows, notes and extra blocks under the table.
The builders of the engine's sheets (``sheets/report_sheets.py``, ``read.standings_table``,
``actions.pairing_tables``) only fill in a SheetStyle, so a title row, a header or footer text,
landscape with repeated rows or a column's alignment is a data change here or there.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence, Union

from keizer_xl.sheets.cells import CellValue, cell_value, display_width

if TYPE_CHECKING:  # a layout is built from a DataFrame or from Rows; pandas is not needed here
    import pandas as pd

# The look of every engine sheet (WORKBOOK-CONTRACT.md, Output sheets).
SHEET_FONT = "Calibri"   # one named sans font: Excel's default, metric-compatible Carlito in LO
FONT_SIZE = 11.0
HEADER_FILL = "DDE4EE"
PODIUM_FILLS = ("FFD966", "D9D9D9", "F4B183")  # gold, silver, bronze
MORE_PODIUM_FILL = "FFF2CC"
MAX_AUTO_WIDTH = 50
MIN_AUTO_WIDTH = 4


@dataclass(frozen=True)
class SheetStyle:
    """How an engine-owned sheet should look, by column name; :func:`sheet_layout` turns it
    (with the table) into a Layout.

    ``number_formats`` maps a column name to an Excel number format; ``widths`` maps a column name
    to a width in characters; ``align`` maps a column name to "left", "center" or "right";
    ``highlight_rows`` is the number of data rows (from the top) shown as podium places;
    ``notes`` are lines written under the table (compromises, warnings); ``blocks`` are extra
    tables under it, each (heading, DataFrame).  ``title_rows`` are bold lines above the table
    (then one empty row; the header row is frozen and printed on every page); ``title`` is the
    page header's centre, ``footer`` the page footer's centre (default: "page / pages").
    """

    title: str = ""
    title_rows: tuple[str, ...] = ()
    footer: "HeaderText" = ()
    number_formats: Mapping[str, str] = field(default_factory=dict)
    widths: Mapping[str, float] = field(default_factory=dict)
    align: Mapping[str, str] = field(default_factory=dict)
    highlight_rows: int = 0
    freeze_header: bool = True
    landscape: bool = False
    fit_to_page: bool = True
    notes: tuple[str, ...] = ()
    blocks: tuple[tuple[str, "pd.DataFrame | Rows"], ...] = ()


@dataclass(frozen=True)
class Rows:
    """A table of plain rows under named columns: the part of a DataFrame that
    :func:`sheet_layout` reads (``columns``, ``itertuples``, ``len``), so that the sheets a
    command writes on every run (Standings, Pairings) need no pandas (issue 12: start-up)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def itertuples(self, index: bool = False, name: str | None = None) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def to_frame(self) -> "pd.DataFrame":
        """The same table as a DataFrame (for CSV output and tests)."""
        import pandas as pd

        return pd.DataFrame(list(self.rows), columns=list(self.columns), dtype=object)


@dataclass(frozen=True)
class Style:
    """What a rectangle of cells is given; None (or False for the border) leaves it as it is,
    so rectangles that overlap (a podium fill over a number format) combine."""

    bold: bool | None = None
    fill: str | None = None            # RRGGBB
    border_bottom: bool = False        # a thin line under each cell
    number_format: str | None = None   # an Excel (en-US) number format code
    align: str | None = None           # "left", "center" or "right"


@dataclass(frozen=True)
class Span:
    """A rectangle of cells, 1-based and inclusive, with the style it is given."""

    first_row: int
    last_row: int
    first_col: int
    last_col: int
    style: Style


class Field(enum.Enum):
    """A page field in a header or footer text."""

    PAGE = "page"
    PAGES = "pages"


#: a header or footer part: text and page fields, in order
HeaderText = tuple[Union[str, Field], ...]


@dataclass(frozen=True)
class PageSetup:
    """The print setup: A4, orientation, fit to pages, repeated rows, header and footer."""

    landscape: bool = False
    fit_width: int | None = 1          # pages wide; None prints at 100 %
    fit_height: int = 0                # pages high; 0: as many as needed
    repeat_rows: tuple[int, int] | None = (1, 1)  # rows printed on top of every page
    header: tuple[HeaderText, HeaderText, HeaderText] = ((), (), ())  # left, centre, right
    header_bold: bool = True
    footer: tuple[HeaderText, HeaderText, HeaderText] = ((), (Field.PAGE, " / ", Field.PAGES), ())


@dataclass(frozen=True)
class Layout:
    """An engine sheet as every client writes it (see the module docstring)."""

    grid: tuple[tuple[CellValue, ...], ...]   # rows from A1, each as wide as it needs
    spans: tuple[Span, ...] = ()
    widths: tuple[float, ...] = ()            # characters, from column A
    freeze_rows: int = 1
    page: PageSetup = PageSetup()
    font: str = SHEET_FONT
    font_size: float = FONT_SIZE

    @property
    def width(self) -> int:
        return max((len(row) for row in self.grid), default=0)

    def styles(self) -> dict[tuple[int, int], Style]:
        """The combined style of every styled cell, by (row, column): for clients that style
        cell by cell (the file writer); later spans win where both set an attribute."""
        out: dict[tuple[int, int], Style] = {}
        for span in self.spans:
            for r in range(span.first_row, span.last_row + 1):
                for c in range(span.first_col, span.last_col + 1):
                    old = out.get((r, c))
                    out[(r, c)] = span.style if old is None else _combine(old, span.style)
        return out


def _combine(a: Style, b: Style) -> Style:
    return Style(bold=b.bold if b.bold is not None else a.bold,
                 fill=b.fill or a.fill, border_bottom=a.border_bottom or b.border_bottom,
                 number_format=b.number_format or a.number_format, align=b.align or a.align)


def podium_fill(place: int) -> str:
    """The fill of the podium row ``place`` (0 = first)."""
    return PODIUM_FILLS[place] if place < len(PODIUM_FILLS) else MORE_PODIUM_FILL


_HEADER = Style(bold=True, fill=HEADER_FILL, border_bottom=True)
_HEADING = Style(bold=True)


class _Builder:
    def __init__(self, style: SheetStyle):
        self.style = style
        self.grid: list[tuple[CellValue, ...]] = []
        self.spans: list[Span] = []
        self.fitted: dict[int, int] = {}  # column -> widest content seen (characters)

    def header(self, labels: Sequence[Any]) -> None:
        values = tuple(cell_value(v if isinstance(v, (str, int)) else str(v)) for v in labels)
        self.grid.append(values)
        row = len(self.grid)
        if values:
            self.spans.append(Span(row, row, 1, len(values), _HEADER))
        for j, v in enumerate(values, 1):
            self.fitted[j] = max(self.fitted.get(j, 0), display_width(v) + 2)

    def body(self, frame: "pd.DataFrame | Rows") -> None:
        first = len(self.grid) + 1
        for record in frame.itertuples(index=False, name=None):
            values = tuple(cell_value(v) for v in record)
            self.grid.append(values)
            for j, v in enumerate(values, 1):
                w = display_width(v)
                if w > self.fitted.get(j, 0):
                    self.fitted[j] = w
        last = len(self.grid)
        if last < first:
            return
        # one span per run of neighbouring columns with the same format and alignment
        runs: list[tuple[int, int, str | None, str | None]] = []
        for j, name in enumerate(frame.columns, 1):
            key = str(name) if isinstance(name, (str, int)) else None
            fmt = self.style.number_formats.get(key) if key is not None else None
            align = self.style.align.get(key) if key is not None else None
            if not fmt and not align:
                continue
            if runs and runs[-1][1] == j - 1 and runs[-1][2:] == (fmt or None, align):
                runs[-1] = (runs[-1][0], j, fmt or None, align)
            else:
                runs.append((j, j, fmt or None, align))
        for c1, c2, fmt, align in runs:
            self.spans.append(Span(first, last, c1, c2, Style(number_format=fmt, align=align)))

    def line(self, text: str, style: Style | None = None) -> None:
        self.grid.append((cell_value(text),))
        if style is not None:
            row = len(self.grid)
            self.spans.append(Span(row, row, 1, 1, style))


def sheet_layout(frame: "pd.DataFrame | Rows", style: SheetStyle | None = None) -> Layout:
    """The layout of an engine sheet: ``frame`` with its header in row 1, podium fills, the
    notes under it after an empty row, then each block (a bold heading, its own header row
    and rows) after one more empty row; widths from ``style`` or fitted to the content."""
    style = style or SheetStyle()
    b = _Builder(style)
    columns = list(frame.columns)
    for line in style.title_rows:
        b.line(line, _HEADING)
    if style.title_rows:
        b.grid.append(())
    header_row = len(b.grid) + 1
    b.header(columns)
    b.body(frame)
    for i in range(min(max(style.highlight_rows, 0), len(frame))):
        if columns:
            row = header_row + 1 + i
            b.spans.append(Span(row, row, 1, len(columns), Style(fill=podium_fill(i))))
    if style.notes or style.blocks:
        b.grid.append(())
    wrote_below = False
    for note in style.notes:
        b.line(note)
        wrote_below = True
    for heading, block in style.blocks:
        if wrote_below:
            b.grid.append(())
        b.line(heading, _HEADING)
        b.header(list(block.columns))
        b.body(block)
        wrote_below = True
    widths = []
    for j in range(1, max(b.fitted, default=0) + 1):
        name = columns[j - 1] if j <= len(columns) else None
        width = style.widths.get(str(name)) if name is not None else None
        if width is None:
            width = min(max(b.fitted.get(j, 0) + 1, MIN_AUTO_WIDTH), MAX_AUTO_WIDTH)
        widths.append(float(width))
    page = PageSetup(
        landscape=style.landscape,
        fit_width=1 if style.fit_to_page else None,
        repeat_rows=(header_row, header_row) if columns else None,
        header=((), (style.title,) if style.title else (), ()),
        footer=((), style.footer or PageSetup().footer[1], ()))
    return Layout(grid=tuple(b.grid), spans=tuple(b.spans), widths=tuple(widths),
                  freeze_rows=header_row if style.freeze_header else 0, page=page)
