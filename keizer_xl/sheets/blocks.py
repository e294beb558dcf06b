"""Blocks whole on printed pages (issue 33): where a sheet of several titled blocks starts a new
page, so that each block prints whole under its heading when it fits a page.  Row heights (the
default or ``Layout.heights``) at the sheet's print scale against an A4 page less the repeated
rows, with :data:`ROOM` to spare: a break estimated too late would cut a block from its header.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from keizer_xl.sheets.layout import (
    MIN_PRINT_SCALE,
    NAMED_PAGE_CHARS,
    PAGE_HEIGHT,
    ROW_HEIGHT,
    Layout,
)

#: the share of a page's printable height the blocks are packed into
ROOM = 0.96


def print_scale(layout: Layout) -> float:
    """The scale ``layout`` prints at: its own, or fit to one page wide in the font the
    workbook names (never below :data:`MIN_PRINT_SCALE`)."""
    page = layout.page
    if page.fit_width is None:
        return (page.scale or 100) / 100
    wide = sum(layout.widths) or 1.0
    return min(1.0, max(NAMED_PAGE_CHARS[page.landscape] / wide, MIN_PRINT_SCALE / 100))


def keep_whole(layout: Layout, units: Sequence[tuple[int, int]], fresh: Sequence[int] = ()
               ) -> tuple[int, ...]:
    """The rows (1-based) that start a new page so that each unit (first row, last row: a
    block with its heading, or a block with the legend under it) prints on one page when it
    fits one.  ``fresh``: rows where the printout starts a new page anyway (a second print
    area).  Rows repeated on every page (``page.repeat_rows``) take their height off each page."""
    height = _heights(layout)
    page = layout.page
    cap = _cap(layout)
    breaks: list[int] = []
    used, row = 0.0, page.print_from_row
    if page.repeat_rows:
        row = max(row, page.repeat_rows[1] + 1)
    for first, last in units:
        if any(row <= f <= first for f in fresh):
            used, row = 0.0, first
        used += height(row, first - 1)  # the rows between units (an empty row, a note)
        need = height(first, last)
        if used > 0 and used + need > cap and need <= cap:
            breaks.append(first)
            used = 0.0
        used = (used + need) % cap if need > cap else used + need
        row = last + 1
    return tuple(breaks)


def _heights(layout: Layout) -> Callable[[int, int], float]:
    tall = dict(layout.heights)

    def height(first: int, last: int) -> float:
        return sum(tall.get(r, ROW_HEIGHT) for r in range(first, last + 1))
    return height


def _cap(layout: Layout) -> float:
    """The height (points at 100 %) of the rows one page holds, less the repeated rows."""
    page = layout.page
    repeated = _heights(layout)(*page.repeat_rows) if page.repeat_rows else 0.0
    return PAGE_HEIGHT[page.landscape] * ROOM / print_scale(layout) - repeated


def fits_page(layout: Layout, first: int, last: int) -> bool:
    """Whether rows ``first`` to ``last`` of ``layout`` print on one page."""
    return _heights(layout)(first, last) <= _cap(layout)


def block_rows(layout: Layout, headings: Sequence[str], start: int = 1) -> list[tuple[int, int]]:
    """The rows of each block of ``layout``: from the row whose first cell is the block's
    heading (in order, from row ``start``) to the row before the next block's empty row
    (the last: the layout's last row)."""
    firsts: list[int] = []
    r = start
    for heading in headings:
        while r <= len(layout.grid) and layout.grid[r - 1][:1] != (heading,):
            r += 1
        if r > len(layout.grid):
            break
        firsts.append(r)
        r += 1
    ends = [f - 2 for f in firsts[1:]] + [len(layout.grid)]
    return [(f, max(f, e)) for f, e in zip(firsts, ends, strict=True)]

