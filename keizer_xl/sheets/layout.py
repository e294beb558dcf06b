"""One description of an engine-owned sheet, computed once and applied by every client: a
:class:`Layout` (the cell values, rectangles of style, widths, frozen rows, print setup) that
the file writer, Excel and LibreOffice each turn into their own calls, deciding nothing.
:func:`sheet_layout` builds it from a table (a DataFrame, or :class:`Rows` where a command should
not import pandas) and a :class:`SheetStyle`, which the builders of the engine's sheets fill in.
"""
from __future__ import annotations

import enum
import itertools
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from collections.abc import Iterator, Mapping, Sequence

from keizer_xl.sheets.cells import CellValue, cell_value, display_width
from keizer_xl.sheets.glyphs import wrap_printed

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
# Print (issue 9, 26): the smallest scale that prints 11 pt at 8 pt or more (8.14; at 73 %
# LibreOffice prints 7.99), and the digit widths of columns an A4 page holds at 100 % between
# the writers' margins (0.75 inch left and right), in Carlito (Calibri's metric twin, a digit of
# 111 twips as LibreOffice measures it) and in DejaVu Sans (LibreOffice's fallback, 140 twips);
# a width includes its cell's padding.  The printable height: 1 inch top and bottom margins.
# Measured: docs/layout-and-print.md.
MIN_PRINT_SCALE = 74
PAGE_CHARS = {True: 104.0, False: 69.0}          # landscape, portrait: DejaVu Sans (fallback)
NAMED_PAGE_CHARS = {True: 132.0, False: 88.0}    # Calibri / Carlito
PAGE_HEIGHT = {True: 451.0, False: 698.0}        # points
ROW_HEIGHT = 15.0   # points: the default row height the writers set (Calibri 11)
LINE_HEIGHT = 13.5  # points, one line of wrapped 11 pt text


@dataclass(frozen=True)
class SheetStyle:
    """How an engine-owned sheet should look, by column name (:func:`sheet_layout` applies it)."""

    title: str = ""                     # the page header's centre
    title_rows: tuple[str, ...] = ()    # bold lines above the table, then an empty row
    wrap: tuple[str, ...] = ()          # columns whose text wraps (a block below shares them by position)
    cell_formats: Mapping[tuple[int, str], str] = field(default_factory=dict)  # (data row, column)
    repeat_cols: int = 0                # columns printed left on every page when split (print_fit)
    footer: HeaderText = ()             # the page footer's centre (default "page / pages")
    number_formats: Mapping[str, str] = field(default_factory=dict)  # Excel number formats
    widths: Mapping[str, float] = field(default_factory=dict)        # characters
    align: Mapping[str, str] = field(default_factory=dict)           # left, center or right
    highlight_rows: int = 0             # data rows from the top shown as podium places
    freeze_header: bool = True
    landscape: bool = False
    fit_to_page: bool = True
    wrap_header: bool = False           # a header wider than its column wraps at its spaces
    notes: tuple[str, ...] = ()         # lines under the table (compromises, warnings)
    blocks: tuple[tuple[str, pd.DataFrame | Rows], ...] = ()  # (heading, table) under it


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

    def column(self, name: str) -> list[Any]:
        j = self.columns.index(name)
        return [row[j] if j < len(row) else None for row in self.rows]


@dataclass(frozen=True)
class Style:
    """What a rectangle of cells is given; None (or False for the border) leaves it as it is,
    so rectangles that overlap (a podium fill over a number format) combine."""

    bold: bool | None = None
    fill: str | None = None            # RRGGBB
    border_bottom: bool = False        # a thin line under each cell
    number_format: str | None = None   # an Excel (en-US) number format code
    align: str | None = None           # "left", "center" or "right"
    wrap: bool = False                 # long text wraps within the column's width
    top: bool = False                  # aligned to the top of a tall row (rows with wrapped text)


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
HeaderText = tuple[str | Field, ...]


@dataclass(frozen=True)
class PageSetup:
    """The print setup: A4, orientation, fit to pages, repeated rows, header and footer."""

    landscape: bool = False
    fit_width: int | None = 1          # pages wide; None prints at 100 %
    fit_height: int = 0                # pages high; 0: as many as needed
    repeat_rows: tuple[int, int] | None = (1, 1)  # rows printed on top of every page
    scale: int | None = None           # percent, when fit_width is None (None: 100 %)
    repeat_cols: tuple[int, int] | None = None  # columns printed left on every page
    col_breaks: tuple[int, ...] = ()   # a new page starts at these columns (1-based)
    row_breaks: tuple[int, ...] = ()   # a new page starts at these rows (1-based)
    print_from_row: int = 1            # rows above it not printed (its title in the header)
    print_areas: tuple[tuple[int, int, int, int], ...] = ()  # (rows, columns) each its pages
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
    heights: tuple[tuple[int, float], ...] = ()  # (row, points) of rows with wrapped text

    @property
    def width(self) -> int:
        return max((len(row) for row in self.grid), default=0)

    def printed_areas(self) -> tuple[tuple[int, int, int, int], ...]:
        """What prints, as (rows, columns) areas each on pages of its own: the page's
        ``print_areas``, or a sheet printed from a row below its first (a split sheet's title
        row not printed) from there down; () when the whole sheet prints."""
        page = self.page
        if page.print_areas or page.print_from_row <= 1 or not self.grid or not self.width:
            return page.print_areas
        return ((page.print_from_row, len(self.grid), 1, self.width),)

    def styles(self) -> dict[tuple[int, int], Style]:
        """The combined style of every styled cell, by (row, column): for clients that style
        cell by cell (the file writer); later spans win where both set an attribute."""
        out: dict[tuple[int, int], Style] = {}
        same: dict[Style, Style] = {}  # equal styles as one object, and pairs combined once:
        made: dict[tuple[int, int], Style] = {}  # the writer finds a cell's style by id (issue 25)
        for span in self.spans:
            style = same.setdefault(span.style, span.style)
            for r in range(span.first_row, span.last_row + 1):
                for c in range(span.first_col, span.last_col + 1):
                    old = out.get((r, c))  # by id: every object stays alive in out, same, made
                    out[(r, c)] = style if old is None else made.get((id(old), id(style))) or \
                        made.setdefault((id(old), id(style)), _combine(old, style))
        return out


def _combine(a: Style, b: Style) -> Style:
    return Style(bold=b.bold if b.bold is not None else a.bold,
                 fill=b.fill or a.fill, border_bottom=a.border_bottom or b.border_bottom,
                 number_format=b.number_format or a.number_format, align=b.align or a.align,
                 wrap=a.wrap or b.wrap, top=a.top or b.top)


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
        self.wrapped: list[int] = []      # the wrapped columns' positions (blocks share them)
        self.sized: set[int] = set()      # the positions the style gives a width: not measured

    def header(self, labels: Sequence[Any]) -> None:
        values = tuple(cell_value(v if isinstance(v, (str, int)) else str(v)) for v in labels)
        self.grid.append(values)
        row = len(self.grid)
        if values:
            self.spans.append(Span(row, row, 1, len(values), _HEADER))
        for j, v in enumerate(values, 1):
            self.fitted[j] = max(self.fitted.get(j, 0), display_width(v) + 2)

    def body(self, frame: pd.DataFrame | Rows) -> None:
        first = len(self.grid) + 1
        for record in frame.itertuples(index=False, name=None):
            self.grid.append(values := tuple(map(cell_value, record)))
            for j, v in enumerate(values, 1):  # _widths reads no fitted width there (issue 25)
                if j not in self.sized and (w := display_width(v)) > self.fitted.get(j, 0):
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
            # a header sits like its column: right over numbers (issue 9), or as ``align`` says
            head = "right" if align is None and _numeric(self.grid[first - 1:last], j - 1) else align
            # a header over "0_0_0" keeps the same space on its right ("Rank" over "12 ")
            head_fmt = "@" + fmt[1:] if fmt and fmt.startswith("0_") else None
            if (head and head != "left") or head_fmt:
                self.spans.append(Span(first - 1, first - 1, j, j,
                                       Style(align=head, number_format=head_fmt)))
            if not fmt and not align:
                continue
            if runs and runs[-1][1] == j - 1 and runs[-1][2:] == (fmt or None, align):
                runs[-1] = (runs[-1][0], j, fmt or None, align)
            else:
                runs.append((j, j, fmt or None, align))
        for c1, c2, fmt, align in runs:
            self.spans.append(Span(first, last, c1, c2, Style(number_format=fmt, align=align)))
        if self.wrapped:  # a tall row reads from its top line: every cell at the top
            self.spans.append(Span(first, last, 1, len(frame.columns), Style(top=True)))
            for j in self.wrapped:
                if j <= len(frame.columns):
                    self.spans.append(Span(first, last, j, j, Style(wrap=True)))

    def cell_formats(self, first: int, columns: list[Any]) -> None:
        where = {str(c): j for j, c in enumerate(columns, 1)}
        for (i, name), fmt in sorted(self.style.cell_formats.items()):
            if name in where:
                row = first + i
                self.spans.append(Span(row, row, where[name], where[name], Style(number_format=fmt)))

    def line(self, text: str, style: Style | None = None) -> None:
        self.grid.append((cell_value(text),))
        if style is not None:
            row = len(self.grid)
            self.spans.append(Span(row, row, 1, 1, style))


def _numeric(rows: Sequence[tuple[CellValue, ...]], j: int) -> bool:
    values = [r[j] for r in rows if j < len(r) and r[j] is not None and r[j] != ""]
    return bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                for v in values)


def print_fit(widths: Sequence[float], landscape: bool, repeat_cols: int = 0
              ) -> tuple[int | None, int | None, tuple[int, int] | None, tuple[int, ...]]:
    """How a sheet prints (issue 9, 26; docs/layout-and-print.md): one page wide when it fits at
    :data:`MIN_PRINT_SCALE` in the named font or has no ``repeat_cols``; else at that scale with
    those columns on every page and the others spread evenly (:func:`column_breaks`, counted in
    the wider fallback font).  Returns (fit_width, scale, repeat_cols, col_breaks)."""
    padded = list(widths)  # a width includes its cell padding
    total = sum(padded)
    if total * MIN_PRINT_SCALE / 100 <= NAMED_PAGE_CHARS[landscape] or not repeat_cols:
        return 1, None, None, ()
    room = PAGE_CHARS[landscape] * 100 / MIN_PRINT_SCALE
    return None, MIN_PRINT_SCALE, (1, repeat_cols), column_breaks(padded, repeat_cols, room)


def column_breaks(widths: Sequence[float], repeat_cols: int, room: float) -> tuple[int, ...]:
    """The columns (1-based) that start a new page of a sheet ``room`` characters wide per
    page whose first ``repeat_cols`` columns print on every page: the other columns shared out
    over the fewest pages that hold them, as evenly as their widths allow (the widest page as
    narrow as it can be), so the last page is no stub of one or two columns."""
    items = list(widths[repeat_cols:])
    each = room - sum(widths[:repeat_cols])
    if not items or each <= 0:
        return ()

    def pack(cap: float) -> list[int]:
        starts, used = [], 0.0
        for k, w in enumerate(items):
            if used and used + w > cap:
                starts.append(k)
                used = 0.0
            used += w
        return starts

    pages = len(pack(each)) + 1
    low, high = max(max(items), sum(items) / pages), max(each, max(items))
    for _ in range(40):  # the narrowest page width that still needs no more pages
        mid = (low + high) / 2
        if len(pack(mid)) + 1 <= pages:
            high = mid
        else:
            low = mid
    return tuple(repeat_cols + k + 1 for k in pack(high))


def _widths(b: _Builder, columns: list[Any], style: SheetStyle) -> list[float]:
    """Each column's width: the style's, else fitted to what the builder wrote in it."""
    widths = []
    for j in range(1, max(b.fitted, default=0) + 1):
        name = columns[j - 1] if j <= len(columns) else None
        width = style.widths.get(str(name)) if name is not None else None
        if width is None:
            width = min(max(b.fitted.get(j, 0) + 1, MIN_AUTO_WIDTH), MAX_AUTO_WIDTH)
        widths.append(float(width))
    return widths


def _note_room(b: _Builder, columns: list[Any], style: SheetStyle) -> float:
    """How wide (digit widths) a note under the table may print: the table's columns, or
    where the sheet splits, the first page's columns right of the repeated ones (where the
    notes start); 0 for a sheet not fitted to the page (its notes as they are)."""
    widths = _widths(b, columns, style)
    if not style.fit_to_page or not widths:
        return 0.0
    _, _, repeat, breaks = print_fit(widths, style.landscape, style.repeat_cols)
    if repeat:
        end = breaks[0] - 1 if breaks else len(widths)
        return max(sum(widths[repeat[1]:end]) - 1, 30.0)
    return max(sum(widths) - 1, 30.0)


def sheet_layout(frame: pd.DataFrame | Rows, style: SheetStyle | None = None) -> Layout:
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
    b.wrapped = [j for j, c in enumerate(columns, 1) if str(c) in style.wrap]
    b.sized = {j for j, c in enumerate(columns, 1) if style.widths.get(str(c)) is not None}
    b.header(columns)
    b.body(frame)
    b.cell_formats(header_row + 1, columns)
    for i in range(min(max(style.highlight_rows, 0), len(frame))):
        if columns:
            row = header_row + 1 + i
            b.spans.append(Span(row, row, 1, len(columns), Style(fill=podium_fill(i))))
    if style.notes or style.blocks:
        b.grid.append(())
    wrote_below = False
    note_rows = []
    room = _note_room(b, columns, style)
    for note in style.notes:
        # a note no wider than the table (or the first page's columns right of Rank and Name
        # where it splits): a longer line is cut at the page's edge, or (LibreOffice, one page
        # wide) shrinks the whole sheet to fit it (issue 26: an Indeling at 6.5 pt)
        for line in (wrap_printed(note, room) if room else [note]):
            b.line(line)
            note_rows.append(len(b.grid))
        wrote_below = True
    for heading, block in style.blocks:
        if wrote_below:
            b.grid.append(())
        b.line(heading, _HEADING)
        b.header(list(block.columns))
        b.body(block)
        wrote_below = True
    widths = _widths(b, columns, style)
    wrapped = b.wrapped
    heights = []
    if style.wrap_header and columns:
        # "Vorige waarde" over two lines in a column as wide as its numbers (issue 26: a
        # Standings of 20 players and 12 rounds on one page)
        b.spans.append(Span(header_row, header_row, 1, len(columns), Style(wrap=True)))
        lines = max(math.ceil(display_width(str(c)) / max(widths[j] - 1, 1))
                    for j, c in enumerate(columns))
        if lines > 1:
            heights.append((header_row, round(LINE_HEIGHT * lines + 3, 1)))
    # rows with wrapped text get their height (no client sizes them on its own: LibreOffice
    # keeps an imported row one line high): the lines its text breaks into in printed widths
    # (the wider of Carlito and DejaVu Sans, sheets/glyphs.py), a cell has one of padding
    for r in range(header_row + 1, len(b.grid) + 1):
        cells = b.grid[r - 1]
        lines = max((len(wrap_printed(str(cells[j - 1]), max(widths[j - 1] - 1, 1)))
                     for j in wrapped if j <= len(cells) and cells[j - 1] not in (None, "")),
                    default=1)
        if lines > 1:
            heights.append((r, round(LINE_HEIGHT * lines + 3, 1)))
    fit_width, scale, repeat_cols, breaks = (
        print_fit(widths, style.landscape, style.repeat_cols)
        if style.fit_to_page else (None, None, None, ()))
    if repeat_cols and note_rows:
        # a sheet split with Rank and Name repeated: its notes (the legend) start right of them,
        # so they print whole on the first page and not cut off at Name on the others (issue 26)
        grid = list(b.grid)
        for r in note_rows:
            grid[r - 1] = (None,) * repeat_cols[1] + grid[r - 1]
        b.grid = grid
    # the title once on each page (issue 26): a sheet with a title row repeats it with the
    # header row (print titles) and has no page header; a sheet without one (History, Audit,
    # ...) has its title in the page header.  A sheet split by columns prints from its header
    # row on, its title in the page header: its title row would print at the top of every
    # column's pages, cut at the Name column (only Rank and Name repeat); A1 keeps the title
    split_title = len(style.title_rows) == 1 and bool(repeat_cols)
    own_row = len(style.title_rows) == 1 and not repeat_cols
    repeat_rows = ((1, header_row) if own_row else (header_row, header_row)) if columns else None
    in_header = bool(style.title) and (not style.title_rows or split_title)
    page = PageSetup(
        landscape=style.landscape, fit_width=fit_width, scale=scale, repeat_cols=repeat_cols,
        col_breaks=breaks, repeat_rows=repeat_rows, header=((), (style.title,) if in_header else (), ()),
        print_from_row=header_row if split_title and columns else 1,
        footer=((), style.footer or PageSetup().footer[1], ()))
    return Layout(grid=tuple(b.grid), spans=tuple(b.spans), widths=tuple(widths),
                  heights=tuple(heights), freeze_rows=header_row if style.freeze_header else 0, page=page)


def stack_layouts(title_rows: Sequence[str], parts: Sequence[tuple[str, Layout]],
                  landscape: bool | None = None) -> Layout:
    """One sheet of several titled blocks (issue 18: a group's standings or pairing, a
    category's sub-standings): the sheet's title rows, then for each part a bold heading and
    the part's own table from its header row on (its title rows left out), an empty row
    between parts.  Each part keeps its header row, formats, notes and blocks; the columns
    are as wide as the widest part needs; nothing is frozen (each block has its own header)."""
    grid: list[tuple[CellValue, ...]] = []
    spans: list[Span] = []
    heights: list[tuple[int, float]] = []
    for line in title_rows:
        grid.append((cell_value(line),))
        spans.append(Span(len(grid), len(grid), 1, 1, _HEADING))
    widths: list[float] = []
    for heading, part in parts:
        grid.append(())
        if heading:  # a part without a heading (blocks side by side) heads its blocks itself
            grid.append((cell_value(heading),))
            spans.append(Span(len(grid), len(grid), 1, 1, _HEADING))
        header_row = part.page.repeat_rows[1] if part.page.repeat_rows else 1
        skip = header_row - 1
        offset = len(grid) - skip
        grid.extend(part.grid[skip:])
        spans.extend(replace(s, first_row=s.first_row + offset, last_row=s.last_row + offset)
                     for s in part.spans if s.first_row > skip)
        heights.extend((r + offset, h) for r, h in part.heights if r > skip)
        widths = [max(a, b) for a, b in itertools.zip_longest(widths, part.widths, fillvalue=-math.inf)]
    first = parts[0][1].page if parts else PageSetup()
    land = first.landscape if landscape is None else landscape
    fit_width, scale, repeat_cols, breaks = print_fit(widths, land,
                                                      2 if first.repeat_cols else 0)
    page = replace(first, landscape=land, fit_width=fit_width, scale=scale,
                   repeat_cols=repeat_cols, repeat_rows=None, col_breaks=breaks)
    return Layout(grid=tuple(grid), spans=tuple(spans), widths=tuple(widths), freeze_rows=0,
                  page=page, heights=tuple(heights))
