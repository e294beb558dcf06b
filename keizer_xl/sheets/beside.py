"""Small blocks side by side under a wide table (issue 26: a Standings of 17 players in two
groups, with its category blocks, on one A4 page).

The category blocks of a Standings sheet (Rank, Name, Score, Overall place) are narrow and the
group tables above them are wide: stacked one under the other they take a second page, side by
side they fill the width the page already prints.  A sheet has one width per column, set by the
tables above, so a block is laid over those columns: its name starts in one column and runs on
over the empty cells right of it (text overflows into empty neighbours in Excel and
LibreOffice), and each number lands in the next column wide enough to show it (a number never
overflows: it would print ``###``).  Blocks go left to right, a new band of blocks when the next
does not fit; the sheet's columns are never widened (a block wider than the whole sheet widens
the columns it needs, as stacking did).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from keizer_xl.sheets.cells import CellValue, cell_value
from keizer_xl.sheets.glyphs import printed_width
from keizer_xl.sheets.layout import (
    LINE_HEIGHT,
    MIN_PRINT_SCALE,
    NAMED_PAGE_CHARS,
    PAGE_HEIGHT,
    ROW_HEIGHT,
    Layout,
    PageSetup,
    Span,
    Style,
)

PAD = 1.0   # a column's room beside what it shows (digit widths)
GAP = 2.0   # empty width between two blocks of a band (digit widths)
_HEADING = Style(bold=True)


def _shown(value: CellValue, fmt: str | None) -> str:
    if isinstance(value, float) and fmt and fmt.startswith("0.00"):
        return f"{value:.2f}"
    return "" if value is None else str(value)


def column_needs(part: Layout) -> list[tuple[bool, float, float, float]]:
    """Per column of ``part`` (a block from its header row on): whether it holds numbers only
    (which must fit one column), the width its bold header needs on one line and its longest
    word (a header wraps at its spaces), and the width its values need (with the two digits'
    room of a ``0_0_0`` format)."""
    header = part.grid[0] if part.grid else ()
    styles = part.styles()
    out = []
    for j in range(part.width):
        values = [row[j] for row in part.grid[1:] if j < len(row) and row[j] not in (None, "")]
        numeric = bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                       for v in values)
        fmt = next((styles[(r, j + 1)].number_format for r in range(2, len(part.grid) + 1)
                    if (r, j + 1) in styles and styles[(r, j + 1)].number_format), None)
        room = 2.0 if fmt and fmt.startswith("0_") else 0.0
        head = str(header[j]) if j < len(header) and header[j] is not None else ""
        line = printed_width(head, bold=True) + room + PAD
        word = max([printed_width(w, bold=True) for w in head.split()] + [1.0]) + room + PAD
        need = max([printed_width(_shown(v, fmt)) + room for v in values] + [1.0]) + PAD
        out.append((numeric, line, word, need))
    return out


#: how a block's header cell prints over the column it lands on
ONE_LINE, WRAPPED, OVER_LEFT = "one line", "wrapped", "over left"


def place(needs: Sequence[tuple[bool, float, float, float]], widths: Sequence[float],
          start: int) -> tuple[list[int], list[str], int] | None:
    """The sheet columns (0-based) a block's columns land on when it starts at ``start``, how
    each header prints there, and the column after the block; None when it does not fit."""
    at: list[int] = []
    modes: list[str] = []
    pos = start
    for numeric, line, word, need in needs:
        # a number needs one column wide enough (it cannot overflow); text runs on over the
        # empty cells right of it.  The header: on one line, over two at its spaces, or (too
        # narrow for its longest word, as "Plaats algemeen" over a round column) right-aligned
        # on one line over the empty cells left of it
        free = pos
        while pos < len(widths) and widths[pos] < (need if numeric else min(word, need)):
            pos += 1
        if pos >= len(widths):
            return None
        mode = (ONE_LINE if widths[pos] >= line else WRAPPED if widths[pos] >= word
                else OVER_LEFT)
        while mode == OVER_LEFT and sum(widths[free:pos + 1]) < line:
            pos += 1
            if pos >= len(widths):
                return None
            mode = OVER_LEFT if widths[pos] < word else WRAPPED
        at.append(pos)
        modes.append(mode)
        room = 0.0
        while room < (need if not numeric else 0.0) or pos == at[-1]:
            if pos >= len(widths):
                return None
            room += widths[pos]
            pos += 1
    return at, modes, pos


def side_by_side(blocks: Sequence[tuple[str, Layout]], widths: Sequence[float]) -> Layout:
    """``blocks`` (heading, layout from its header row on) in bands over columns ``widths``:
    a bold heading over each block, an empty row between bands.  The Layout's widths are
    ``widths`` (widened only for a block no band can hold)."""
    cols = list(widths)
    grid: list[list[CellValue]] = []
    spans: list[Span] = []
    heights: dict[int, float] = {}
    band: list[tuple[str, Layout, list[int], list[str]]] = []

    def flush() -> None:
        if not band:
            return
        if grid:
            grid.append([])
        top = len(grid) + 1  # the band's heading row
        depth = max(len(part.grid) for _, part, _, _ in band)
        grid.extend([] for _ in range(depth + 1))
        for heading, part, at, modes in band:
            _put(grid, top, at[0], cell_value(heading))
            spans.append(Span(top, top, at[0] + 1, at[0] + 1, _HEADING))
            for r, row in enumerate(part.grid):
                for j, value in enumerate(row):
                    if value is not None and j < len(at):
                        _put(grid, top + 1 + r, at[j], value)
            for s in part.spans:
                if s.first_col - 1 < len(at) and s.last_col - 1 < len(at):
                    style = replace(s.style, wrap=False) if s.first_row == 1 else s.style
                    spans.append(replace(s, first_row=s.first_row + top, last_row=s.last_row + top,
                                         first_col=at[s.first_col - 1] + 1,
                                         last_col=at[s.last_col - 1] + 1, style=style))
            for r, h in part.heights:
                if r > 1:
                    heights[r + top] = max(h, heights.get(r + top, 0.0))
            for j, mode in enumerate(modes):
                if mode == WRAPPED:
                    spans.append(Span(top + 1, top + 1, at[j] + 1, at[j] + 1, Style(wrap=True)))
                    heights[top + 1] = max(heights.get(top + 1, 0.0), 2 * LINE_HEIGHT + 3)
                elif mode == OVER_LEFT:
                    spans.append(Span(top + 1, top + 1, at[j] + 1, at[j] + 1,
                                      Style(align="right")))
        band.clear()

    pos = 0
    for heading, part in blocks:
        needs = column_needs(part)
        spot = place(needs, cols, pos)
        if spot is None and pos > 0:
            flush()
            pos = 0
            spot = place(needs, cols, 0)
        if spot is None:  # wider than the whole sheet: its own band, its columns widened
            for j, (_, line, _, need) in enumerate(needs):
                if j < len(cols):
                    cols[j] = max(cols[j], line, need)
                else:
                    cols.append(max(line, need))
            spot = (list(range(len(needs))), [ONE_LINE] * len(needs), len(needs))
        at, modes, end = spot
        band.append((heading, part, at, modes))
        pos, room = end, 0.0
        while pos < len(cols) and room < GAP:  # an empty gap before the next block
            room += cols[pos]
            pos += 1
    flush()
    return Layout(grid=tuple(tuple(row) for row in grid), spans=tuple(spans),
                  widths=tuple(cols), freeze_rows=0, page=PageSetup(repeat_rows=None),
                  heights=tuple(sorted(heights.items())))


def fits_one_page(layout: Layout) -> bool:
    """Whether ``layout`` prints on one page: its rows' height (the default row height, or a
    row's own) at the scale it prints in the font the workbook names (fit to one page wide,
    or its scale) within the page's printable height (layout.PAGE_HEIGHT)."""
    page = layout.page
    width = sum(layout.widths) or 1.0
    scale = (page.scale or 100) / 100 if page.fit_width is None else min(
        1.0, max(NAMED_PAGE_CHARS[page.landscape] / width, MIN_PRINT_SCALE / 100))
    tall = dict(layout.heights)
    height = sum(tall.get(r, ROW_HEIGHT) for r in range(1, len(layout.grid) + 1))
    return height * scale <= PAGE_HEIGHT[page.landscape]


def _put(grid: list[list[CellValue]], row: int, col: int, value: CellValue) -> None:
    line = grid[row - 1]
    if len(line) <= col:
        line.extend([None] * (col + 1 - len(line)))
    line[col] = value
