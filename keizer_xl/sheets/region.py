"""Where a user's table sits on a sheet, and the plans to append rows to it and delete rows
from it, computed once for every client (WORKBOOK-CONTRACT.md, Input sheets).  Rows and columns
are 1-based; a client reads its cells into ``{(row, column): value}``, asks for a
:class:`Region`, :class:`AppendPlan` or :class:`DeletePlan`, and only carries it out.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from keizer_xl.sheets.tables import blank, checked_data_rows, column_letter, header_text, place_rows

Cells = Mapping[tuple[int, int], Any]


@dataclass
class TableRef:
    """An Excel Table (ListObject) or LibreOffice database range: its whole range, inclusive."""

    name: str
    min_row: int
    min_col: int
    max_row: int
    max_col: int
    headers: bool = True
    totals: int = 0

    def overlaps(self, other: TableRef, last_row: int) -> bool:
        """Whether ``other`` is in the way of this table grown down to ``last_row``."""
        return (other.min_col <= self.max_col and self.min_col <= other.max_col
                and other.min_row <= last_row and self.min_row <= other.max_row)


@dataclass(frozen=True)
class Region:
    """Where the table of a sheet sits: header row, columns and data rows."""

    header_row: int
    first_column: int
    width: int
    headers: tuple[str, ...]
    data_first: int
    data_last: int                 # last non-empty data row (data_first - 1 when there is none)
    table: TableRef | None = None
    #: headed cells in the header row further right, past an empty column: (column, header)
    outside: tuple[tuple[int, str], ...] = ()

    @property
    def last_column(self) -> int:
        return self.first_column + self.width - 1

    @property
    def count(self) -> int:
        return self.data_last - self.data_first + 1

    @property
    def totals(self) -> int:
        return self.table.totals if self.table is not None else 0


def find_region(cells: Cells, table: TableRef | None = None,
                column_names: Sequence[str] = ()) -> Region:
    """The table of a sheet whose non-empty cells are ``cells``: the first Excel Table on it (a
    header cell left empty takes the Table's column name; headed columns typed right beside it
    are its columns too), else the block from A1 whose header is row 1 and which reaches down
    to the last non-empty row."""
    if table is None:
        # one pass over the cells, blank() inlined (issue 25: a 150 x 35 Results sheet has
        # 11,500 cells, each looked at once per pass)
        last_col, data_last = 0, 1
        for (r, c), v in cells.items():
            if v is not None and (type(v) is not str or v.strip()):
                if c > last_col:
                    last_col = c
                if r > data_last:
                    data_last = r
        headers = tuple(header_text(cells.get((1, c))) for c in range(1, last_col + 1))
        return Region(1, 1, last_col, headers, 2, max(data_last, 1) if last_col else 1)
    t = table
    width = t.max_col - t.min_col + 1
    if t.headers:
        header_row, data_first = t.min_row, t.min_row + 1
        headers = tuple(header_text(cells.get((header_row, c)))
                        or (header_text(column_names[i]) if i < len(column_names) else "")
                        for i, c in enumerate(range(t.min_col, t.max_col + 1)))
        # a column typed right beside the Table belongs to it, as rows typed under it do:
        # Excel and LibreOffice do not widen the Table for it, and a Group or Federation
        # column there must not be ignored without a word (issue 26)
        beside = t.max_col + 1
        while not blank(cells.get((header_row, beside))):
            headers += (header_text(cells.get((header_row, beside))),)
            beside += 1
        width = len(headers)
        # further right, past an empty column, the Table does not reach: the reader says so of
        # a known column there (read_names.find_columns); the header row's cells picked first,
        # then sorted (sorting every cell took 5 ms of a 150 x 35 Results sheet, issue 25)
        outside = tuple((c, header_text(v)) for c, v in sorted(
            (c, v) for (r, c), v in cells.items() if r == header_row and c > beside and not blank(v)))
    else:
        header_row, data_first = t.min_row - 1, t.min_row
        headers = ("",) * width
        outside = ()
    lo_col, hi_col = t.min_col, t.max_col
    filled = {r for (r, c), v in cells.items()  # blank() inlined: once per cell (issue 25)
              if lo_col <= c <= hi_col and r >= data_first and v is not None
              and (type(v) is not str or v.strip())}
    last = t.max_row - t.totals
    if not t.totals:  # rows typed directly under the table (LibreOffice does not grow it)
        while last + 1 in filled:
            last += 1
    data_last = max((r for r in filled if r <= last), default=data_first - 1)
    return Region(header_row, t.min_col, width, headers, data_first, data_last, t, outside)


@dataclass(frozen=True)
class AppendPlan:
    """Where appended rows go and what moves to make room."""

    rows: tuple[dict[int, Any], ...]   # each: column offset (0 = first column) -> value
    start: int                         # the sheet row of the first new row
    end: int                           # ... and of the last
    shift: int = 0                     # rows the totals row moves down (inserted above it)
    totals_at: int = 0                 # the first totals row before the move
    table_last: int | None = None      # the Table's last row afterwards (None: no Table)
    data_end: int | None = None        # the Table's last data row afterwards
    empty_from: int = 0                # rows empty_from..empty_to below the table must be empty
    empty_to: int = -1

    def in_the_way(self, region: Region, value_at: Callable[[int, int], Any],
                   where: str, label: str) -> list[str]:
        """The cells below the table that the new rows would take and that hold something
        (a note typed under the table is the user's and is never overwritten)."""
        problems = []
        for r in range(self.empty_from, self.empty_to + 1):
            for c in range(region.first_column, region.last_column + 1):
                value = value_at(r, c)
                if not blank(value):
                    problems.append(
                        f"Cannot add {len(self.rows)} rows to {where} in {label}: cell "
                        f"{column_letter(c)}{r} below the table holds {str(value)[:40]!r}. Move "
                        f"what is below the table further down (or to another sheet) and run "
                        f"again; nothing was written.")
        return problems[:1]


def plan_append(region: Region, rows: Sequence[dict[str, Any]], others: Sequence[TableRef],
                where: str, label: str) -> tuple[AppendPlan, list[str]]:
    """The plan to append ``rows`` (keyed by header, see ``tables.place_rows``) below the last
    data row, and the problems that forbid it (another Table in the way)."""
    placed = tuple(place_rows(region.headers, rows, where, label))
    start = max(region.data_last + 1, region.data_first)
    end = start + len(placed) - 1
    t = region.table
    if t is None:
        return AppendPlan(placed, start, end, empty_from=max(start, region.data_last + 1),
                          empty_to=end), []
    totals_at = t.max_row - t.totals + 1
    shift = end + 1 - totals_at if t.totals and end >= totals_at else 0
    data_end = max(end, t.max_row - t.totals)
    new_last = data_end + t.totals
    problems = [f"Cannot add {len(placed)} rows to the table {t.name} on {where} in {label}: "
                f"the table {o.name} is in the way below it; move it further down."
                for o in others if o.name != t.name and t.overlaps(o, new_last)]
    return AppendPlan(placed, start, end, shift, totals_at, new_last, data_end,
                      empty_from=max(start, t.max_row + 1),
                      empty_to=end + (t.totals if shift else 0)), problems


def runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """[5, 6, 7, 9] -> [(5, 7), (9, 9)]: blocks of neighbouring rows or columns."""
    out: list[tuple[int, int]] = []
    for i in sorted(indices):
        if out and i == out[-1][1] + 1:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, i))
    return out


@dataclass(frozen=True)
class DeletePlan:
    """The sheet rows to delete (within the table's columns; the cells below move up)."""

    doomed: tuple[int, ...]
    table_last: int | None = None      # the Table's last row afterwards (None: no Table)

    def runs(self) -> list[tuple[int, int]]:
        """One delete per block of neighbouring rows."""
        return runs(self.doomed)

    def new_row(self, row: int) -> int:
        """Where a row below a deleted one ends up."""
        return row - bisect_left(self.doomed, row)


def plan_delete(region: Region, data_rows: Sequence[int], where: str, label: str) -> DeletePlan:
    """As Excel's 'Delete Table Rows': an Excel Table shrinks with the deleted rows, keeping at
    least one (empty) data row; an IndexError names rows that do not exist."""
    wanted = checked_data_rows(data_rows, region.count, where, label)
    doomed = tuple(region.data_first + i for i in wanted)
    t = region.table
    if t is None or not doomed:
        return DeletePlan(doomed)
    within = sum(1 for d in doomed if d <= t.max_row - t.totals)
    header_count = 1 if t.headers else 0
    return DeletePlan(doomed, max(t.max_row - within, t.min_row + header_count + t.totals))


def filter_last_row(first_row: int, last_row: int, grow_to: int | None,
                    deleted: Sequence[int]) -> int:
    """The last row of an AutoFilter (no Excel Table) over a region from ``first_row`` (its
    header) after rows are appended down to ``grow_to`` or ``deleted`` (sheet rows): it grows
    with the rows added and shrinks by the deleted rows inside it, as Excel moves it, keeping
    one data row."""
    if grow_to is not None:
        return max(last_row, grow_to)
    within = sum(1 for d in deleted if d <= last_row)
    return max(last_row - within, first_row + 1)
