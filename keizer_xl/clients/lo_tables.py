"""Where a LibreOffice sheet's table is: a sheet found by name (case-insensitively), the
named database ranges on it (what an Excel Table becomes in LibreOffice), the cells that hold
content, and the table itself by the rules in :mod:`keizer_xl.sheets.region` (the first
database range, or without one row 1 as header and everything below; trailing empty rows
dropped; rows typed directly under a table belong to it).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from keizer_xl.clients.lo_cells import read_block
from keizer_xl.clients.lo_uno import CONTENT, prop
from keizer_xl.sheets.region import Region, TableRef, find_region

class Found(NamedTuple):
    """A sheet's table (``sheets.region.Region``, 1-based), its rows as read and its database
    range (the Excel Table LibreOffice kept), if any."""

    region: Region
    rows: tuple[tuple[Any, ...], ...]
    db: Any = None


def find_sheet(doc: Any, name: str) -> Any:
    """The sheet named ``name`` (its case as typed, or any other case), or None."""
    sheets = doc.Sheets
    if sheets.hasByName(name):
        return sheets.getByName(name)
    folded = name.casefold()
    for candidate in sheets.ElementNames:
        if candidate.casefold() == folded:
            return sheets.getByName(candidate)
    return None


def content_bottom_right(sheet: Any, first_row: int = 0, first_col: int = 0,
                         last_col: int | None = None) -> tuple[int, int] | None:
    """(last row, last column) holding any content at or after the given corner, or None."""
    max_col = sheet.Columns.Count - 1 if last_col is None else last_col
    rng = sheet.getCellRangeByPosition(first_col, first_row, max_col, sheet.Rows.Count - 1)
    addresses = rng.queryContentCells(CONTENT).getRangeAddresses()
    if not addresses:
        return None
    return (max(a.EndRow for a in addresses), max(a.EndColumn for a in addresses))


def headed_beside(sheet: Any, row: int, last_col: int) -> int:
    """The last column of the unbroken run of filled cells in ``row`` right after
    ``last_col`` (``last_col`` itself when the next cell is empty)."""
    if last_col + 1 >= sheet.Columns.Count:
        return last_col
    rng = sheet.getCellRangeByPosition(last_col + 1, row, sheet.Columns.Count - 1, row)
    for a in sorted(rng.queryContentCells(CONTENT).getRangeAddresses(),
                    key=lambda a: a.StartColumn):
        if a.StartColumn != last_col + 1:
            break
        last_col = a.EndColumn
    return last_col


def row_end(sheet: Any, row: int, after: int) -> int:
    """The last column of ``row`` holding content right of ``after`` (``after`` if none)."""
    if after + 1 >= sheet.Columns.Count:
        return after
    rng = sheet.getCellRangeByPosition(after + 1, row, sheet.Columns.Count - 1, row)
    addresses = rng.queryContentCells(CONTENT).getRangeAddresses()
    return max((a.EndColumn for a in addresses), default=after)


def dbranges(doc: Any, sheet: Any) -> list[tuple[str, Any]]:
    """The named database ranges (Excel Tables) on ``sheet``, top-left first."""
    index = sheet.RangeAddress.Sheet
    ranges = doc.DatabaseRanges
    found = []
    for name in ranges.ElementNames:
        db = ranges.getByName(name)
        area = db.DataArea
        if area.Sheet == index:
            found.append((area.StartRow, area.StartColumn, name, db))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(name, db) for _, _, name, db in found]


def table_region(doc: Any, sheet: Any, label: str, null_date: datetime) -> Found:
    """The table of ``sheet``: its cells read into a mapping, the rules in sheets.region
    (``label`` names the book in a message)."""
    cells: dict[tuple[int, int], Any] = {}

    def read(first_row: int, first_col: int, last_row: int, last_col: int) -> None:
        block = read_block(doc, sheet, first_row, first_col, last_row, last_col, label,
                           null_date)
        for i, row in enumerate(block):
            for j, value in enumerate(row):
                cells[(first_row + i + 1, first_col + j + 1)] = value

    tables = dbranges(doc, sheet)
    if len(tables) > 1:  # the range with the contract's headers, not merely the first
        from keizer_xl.sheets.read_names import pick_table

        heads = []
        for _, candidate in tables:
            a = candidate.DataArea
            heads.append(read_block(doc, sheet, a.StartRow, a.StartColumn, a.StartRow,
                                    a.EndColumn, label, null_date)[0]
                         if prop(candidate, "ContainsHeader", True) else [])
        tables = [tables[pick_table(sheet.Name, heads)]]
    if not tables:
        corner = content_bottom_right(sheet)
        if corner is not None:
            read(0, 0, corner[0], corner[1])
        region = find_region(cells)
        db = None
    else:
        name, db = tables[0]
        area = db.DataArea
        t = TableRef(name, area.StartRow + 1, area.StartColumn + 1, area.EndRow + 1,
                     area.EndColumn + 1, headers=bool(prop(db, "ContainsHeader", True)),
                     totals=1 if prop(db, "TotalsRow", False) else 0)
        last_col = area.EndColumn
        if t.headers:
            # headed columns typed right beside the range are its columns too: LibreOffice
            # does not widen the range for them (sheets/region.find_region, issue 26)
            last_col = headed_beside(sheet, area.StartRow, area.EndColumn)
            # the header row further right too (a known column past an empty one is named
            # by the reader); a cell far out (a stray mark in column XFD) is not read
            read(area.StartRow, area.StartColumn, area.StartRow,
                 min(max(last_col, row_end(sheet, area.StartRow, last_col)), last_col + 200))
        first = area.StartRow + (1 if t.headers else 0)
        corner = content_bottom_right(sheet, first, area.StartColumn, last_col)
        if corner is not None:
            read(first, area.StartColumn, corner[0], last_col)
        region = find_region(cells, t)
    rows = tuple(tuple(cells.get((r, c)) for c in range(region.first_column, region.last_column + 1))
                 for r in range(region.data_first, region.data_last + 1))
    return Found(region, rows if region.width else (), db)
