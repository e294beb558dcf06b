"""The xlwings transport: the workbook open in Excel as a :class:`~keizer_xl.sheets.tables.Book`,
and the entry points the Excel buttons run.

The buttons (``macros/KeizerXL.bas``) call, through xlwings' ``RunPython``::

    import keizer_xl.excel as k; k.pair_next_round()
    import keizer_xl.excel as k; k.update_standings()
    import keizer_xl.excel as k; k.check_workbook()

Each entry point works on the open book (``xw.Book.caller()``), including edits not saved yet,
runs the same action as the command line (:mod:`keizer_xl.actions`) and ends in one readable
message box; never a traceback.  An unexpected error is logged with its traceback to
:data:`LOG_FILE` and the message box names that file.

This module stays thin: it only moves tables in and out of Excel.  It uses nothing but the
public xlwings object model (``Book``, ``Sheet``, ``Range``, ``Table``, ``App.alert``), so the
same class works on a desktop book (Windows, macOS) and on an xlwings Lite book
(:mod:`keizer_xl.frontends.lite`).  xlwings itself is imported only inside :func:`caller_book`.

Reading: each sheet is read once, with one call (``sheet.used_range.options(ndim=2).value``),
and kept; the Excel Table (ListObject) on the sheet, if any, gives the header row and the data
rows, as for the file transport.  The writes of this class are applied to the kept copy as
well, so the book reads back what was written even where (xlwings Lite) the values read come
from a snapshot taken before the script started.

Writing: an engine-owned sheet (``Standings``, ``Pairings``) is cleared and filled with one
assignment of a 2-D list, then formatted range by range (number formats, bold header, widths,
podium fills, frozen header row).  Text that Excel would turn into something else when it is
assigned (a formula ``=...``, a number ``007``, a date ``1-2``, ``TRUE``, a leading apostrophe)
is written with Excel's quote prefix: a leading apostrophe that makes the cell text and is not
part of its value.  Excel honours the prefix on every assignment; a text number format ('@')
only on cells that were formatted before the assignment, and it would also be taken by the empty
cells around.

Saving: :meth:`XlwingsBook.save` does not write the file.  Excel owns the file; the user saves
it (or closes without saving to undo everything the button did).  Only with ``save=True``
(the ``Keizer Save`` entry of the ``xlwings.conf`` sheet) does it ask Excel to save.
"""
from __future__ import annotations

import datetime as _dt
import math
import tempfile
import traceback
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Sequence

import pandas as pd

from keizer_xl.sheets.tables import SheetStyle, Table, quote_sheet
from keizer_xl.sheets.tables import column_letter
from keizer_xl.sheets.tables import blank as _blank, checked_data_rows, header_text as _header_text, place_rows

__all__ = [
    "XlwingsBook",
    "ExcelError",
    "pair_next_round",
    "update_standings",
    "check_workbook",
    "run_action",
    "caller_book",
    "LOG_FILE",
    "ENTRY_POINTS",
]

#: Where the traceback of an unexpected error goes (the message box names it).
LOG_FILE = Path(tempfile.gettempdir()) / "keizer-xl-excel.log"

#: A used range taller than this is refused (a real season sheet is far smaller).
MAX_ROWS = 100_000
#: At most this many lines of problems in a message box; the full list goes to a file.
MAX_MESSAGE_LINES = 25

_HEADER_FILL = (221, 228, 238)                                  # DDE4EE
_PODIUM_FILLS = ((255, 217, 102), (217, 217, 217), (244, 177, 131))  # gold, silver, bronze
_MORE_PODIUM_FILL = (255, 242, 204)
_MAX_AUTO_WIDTH = 50
_MIN_AUTO_WIDTH = 4
_NUMERIC_LIMIT = 2 ** 53
_TITLE = "Keizer"


class ExcelError(Exception):
    """The open workbook cannot be changed as asked; the message is meant for the user."""


# --------------------------------------------------------------------------- values


_BOOLEAN_WORDS = {"true", "false", "waar", "onwaar", "wahr", "falsch", "vrai", "faux"}


def needs_quote_prefix(text: str) -> bool:
    """Whether Excel could take ``text`` for something other than text when it is assigned:
    a formula (= + - @), a number, date, time or percentage (any digit), a boolean, an error
    value (#...), or text that itself starts with an apostrophe."""
    if not text:
        return False
    if text[0] in "=+-@'#":
        return True
    if any(ch.isdigit() for ch in text):
        return True
    return text.strip().casefold() in _BOOLEAN_WORDS


def to_excel(value: Any) -> Any:
    """A Python value as it is assigned to a cell: None, bool, int, float, datetime or text
    (with the quote prefix where needed)."""
    if value is None:
        return None
    if isinstance(value, str):
        if value == "":
            return None
        value = value[:32767]
        return "'" + value if needs_quote_prefix(value) else value
    if isinstance(value, bool):
        return value
    if value is pd.NA or value is pd.NaT:
        return None
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        np = None
    if np is not None and isinstance(value, np.generic):
        if isinstance(value, np.datetime64):
            return None if np.isnat(value) else to_excel(pd.Timestamp(value))
        return to_excel(value.item())
    if isinstance(value, int):
        return int(value) if -_NUMERIC_LIMIT < value < _NUMERIC_LIMIT else to_excel(str(value))
    if isinstance(value, float):
        if value != value:
            return None
        return float(value) if math.isfinite(value) else to_excel(str(value))
    if isinstance(value, Fraction):
        return to_excel(int(value) if value.denominator == 1 else float(value))
    if isinstance(value, Decimal):
        if value.is_nan():
            return None
        if not value.is_finite():
            return to_excel(str(value))
        return to_excel(int(value) if value == value.to_integral_value() else float(value))
    if isinstance(value, pd.Timestamp):
        value = value.to_pydatetime()
    if isinstance(value, (_dt.datetime, _dt.time)) and value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value
    return to_excel(str(value))


def from_excel(value: Any) -> Any:
    """A value read from Excel as the file transport would give it: whole numbers as int
    (Excel hands every number over as a float)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < _NUMERIC_LIMIT:
        return int(value)
    return value


def _display_width(value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, str):
        text = value[1:] if value.startswith("'") else value
        return max((len(line) for line in text.split("\n")), default=0)
    if isinstance(value, float):
        return len(f"{value:.2f}")
    if isinstance(value, (_dt.datetime, _dt.date)):
        return 10
    return len(str(value))


# --------------------------------------------------------------------------- the kept copy


@dataclass
class _TableGeometry:
    """An Excel Table (ListObject): its whole range, 1-based and inclusive."""

    name: str
    min_row: int
    min_col: int
    max_row: int
    max_col: int
    headers: bool = True
    totals: int = 0


@dataclass
class _Sheet:
    """What was read of one sheet (values by absolute (row, column)) and its first table."""

    title: str
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    table: _TableGeometry | None = None
    others: list[_TableGeometry] = field(default_factory=list)


@dataclass
class _Region:
    header_row: int
    first_column: int
    width: int
    headers: tuple[str, ...]
    data_first: int
    data_last: int  # data_first - 1 when there is no data


# --------------------------------------------------------------------------- the book


class XlwingsBook:
    """An open xlwings ``Book`` (desktop Excel or xlwings Lite) as a tables.Book.

    ``book`` is the xlwings Book; ``save`` asks Excel to save the file after an action
    (off by default: the user saves)."""

    def __init__(self, book, *, save: bool = False):
        self.book = book
        self.save_to_disk = save
        self.messages: list[str] = []
        self.save_requested = 0
        self._kept: dict[str, _Sheet] = {}
        self.label = _book_name(book)

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def _title(self, sheet: str) -> str | None:
        names = self.sheet_names()
        if sheet in names:
            return sheet
        folded = sheet.casefold()
        return next((n for n in names if n.casefold() == folded), None)

    # -- reading ------------------------------------------------------------------------------
    def _sheet(self, sheet: str) -> _Sheet:
        title = self._title(sheet)
        if title is None:
            raise KeyError(f"{self.label} has no sheet {sheet!r} "
                           f"(sheets: {', '.join(self.sheet_names())})")
        kept = self._kept.get(title)
        if kept is None:
            kept = self._kept[title] = self._read(self.book.sheets[title])
        return kept

    def _read(self, xl_sheet) -> _Sheet:
        title = xl_sheet.name
        used = xl_sheet.used_range
        top, left = used.row, used.column
        nrows, ncols = used.shape
        if top + nrows - 1 > MAX_ROWS:
            raise ExcelError(
                f"The sheet {quote_sheet(title)} reaches down to row {top + nrows - 1:,}; a season "
                f"sheet needs far fewer. Delete the empty rows below your data (select them, "
                f"right-click, Delete) and try again.")
        values = used.options(ndim=2).value or [[None]]
        cells: dict[tuple[int, int], Any] = {}
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                if value is not None and value != "":
                    cells[(top + i, left + j)] = from_excel(value)
        kept = _Sheet(title, cells)
        tables = [self._geometry(t) for t in xl_sheet.tables]
        if tables:
            # the table with the contract's headers, not merely the first (issue 11)
            from keizer_xl.sheets.read import pick_table

            pick = pick_table(title, [[cells.get((t.min_row, c)) for c in range(t.min_col, t.max_col + 1)]
                                      if t.headers else [] for t in tables])
            kept.table, kept.others = tables[pick], tables[:pick] + tables[pick + 1:]
        return kept

    @staticmethod
    def _geometry(xl_table) -> _TableGeometry:
        rng = xl_table.range
        nrows, ncols = rng.shape
        return _TableGeometry(
            name=xl_table.name, min_row=rng.row, min_col=rng.column,
            max_row=rng.row + nrows - 1, max_col=rng.column + ncols - 1,
            headers=xl_table.header_row_range is not None,
            totals=1 if xl_table.totals_row_range is not None else 0)

    @staticmethod
    def _region(kept: _Sheet) -> _Region:
        cells = kept.cells
        t = kept.table
        if t is not None:
            width = t.max_col - t.min_col + 1
            if t.headers:
                header_row, data_first = t.min_row, t.min_row + 1
                headers = tuple(_header_text(cells.get((header_row, c)))
                                for c in range(t.min_col, t.max_col + 1))
            else:
                header_row, data_first = t.min_row - 1, t.min_row
                headers = ("",) * width
            filled = {r for (r, c), v in cells.items()
                      if t.min_col <= c <= t.max_col and r >= data_first and not _blank(v)}
            last = t.max_row - t.totals
            if not t.totals:  # rows typed directly under the table (as the file transport)
                while last + 1 in filled:
                    last += 1
            data_last = max((r for r in filled if r <= last), default=data_first - 1)
            return _Region(header_row, t.min_col, width, headers, data_first, data_last)
        last_col, data_last = 0, 1
        for (r, c), v in cells.items():
            if not _blank(v):
                last_col = max(last_col, c)
                data_last = max(data_last, r)
        headers = tuple(_header_text(cells.get((1, c))) for c in range(1, last_col + 1))
        return _Region(1, 1, last_col, headers, 2, data_last if last_col else 1)

    def read_table(self, sheet: str) -> Table:
        kept = self._sheet(sheet)
        region = self._region(kept)
        rows = []
        for r in range(region.data_first, region.data_last + 1):
            rows.append(tuple(kept.cells.get((r, c))
                              for c in range(region.first_column, region.first_column + region.width)))
        return Table(sheet=kept.title, headers=region.headers, rows=tuple(rows),
                     header_row=region.header_row, first_column=region.first_column)

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, frame: pd.DataFrame, style: SheetStyle | None = None) -> None:
        style = style or SheetStyle()
        title = self._title(sheet)
        if title is not None:
            xl_sheet = self.book.sheets[title]
            xl_sheet.clear()
        else:
            xl_sheet = self.book.sheets.add(name=sheet, after=self.book.sheets[len(self.book.sheets) - 1])
            title = xl_sheet.name

        grid: list[list[Any]] = []
        header_rows: list[tuple[int, int]] = []   # (row, number of columns)
        bold_cells: list[int] = []                # rows whose first cell is a heading
        formats: list[tuple[int, int, int, str]] = []  # (first row, last row, column, format)
        widths: dict[int, int] = {}

        def put(row_values: list[Any]) -> int:
            grid.append(row_values)
            return len(grid)  # the 1-based sheet row just written

        def header(labels: Sequence[Any]) -> None:
            values = [to_excel(label if isinstance(label, (str, int)) else str(label)) for label in labels]
            row = put(values)
            header_rows.append((row, len(values)))
            for j, v in enumerate(values, 1):
                widths[j] = max(widths.get(j, 0), _display_width(v) + 2)

        def body(df: pd.DataFrame) -> None:
            first = len(grid) + 1
            for record in df.itertuples(index=False, name=None):
                values = [to_excel(v) for v in record]
                put(values)
                for j, v in enumerate(values, 1):
                    w = _display_width(v)
                    if w > widths.get(j, 0):
                        widths[j] = w
            last = len(grid)
            if last >= first:
                for j, name in enumerate(df.columns, 1):
                    fmt = style.number_formats.get(str(name)) if isinstance(name, (str, int)) else None
                    if fmt:
                        formats.append((first, last, j, fmt))

        columns = list(frame.columns)
        header(columns)
        body(frame)
        wrote_below = False
        if style.notes or style.blocks:
            put([])
        for note in style.notes:
            put([to_excel(note)])
            wrote_below = True
        for heading, block in style.blocks:
            if wrote_below:
                put([])
            bold_cells.append(put([to_excel(heading)]))
            header(list(block.columns))
            body(block)
            wrote_below = True

        ncols = max((len(row) for row in grid), default=1) or 1
        for row in grid:
            row.extend([None] * (ncols - len(row)))
        xl_sheet.range((1, 1), (len(grid), ncols)).value = grid

        for row, n in header_rows:
            if n:
                rng = xl_sheet.range((row, 1), (row, n))
                rng.font.bold = True
                rng.color = _HEADER_FILL
        for row in bold_cells:
            xl_sheet.range((row, 1)).font.bold = True
        for first, last, col, fmt in _merge_formats(formats):
            xl_sheet.range((first, col[0]), (last, col[1])).number_format = fmt
        for i in range(min(max(style.highlight_rows, 0), len(frame))):
            colour = _PODIUM_FILLS[i] if i < len(_PODIUM_FILLS) else _MORE_PODIUM_FILL
            if columns:
                xl_sheet.range((2 + i, 1), (2 + i, len(columns))).color = colour
        final: dict[int, float] = {}
        for j in range(1, max(widths, default=0) + 1):
            name = columns[j - 1] if j <= len(columns) else None
            width = style.widths.get(str(name)) if name is not None else None
            if width is None:
                width = min(max(widths.get(j, 0) + 1, _MIN_AUTO_WIDTH), _MAX_AUTO_WIDTH)
            final[j] = float(width)
        for (c1, c2), width in _runs(final):
            xl_sheet.range((1, c1), (1, c2)).column_width = width
        _optional(lambda: xl_sheet.activate())
        if style.freeze_header:
            _optional(lambda: xl_sheet.freeze_panes.freeze_at("A2"))

        # the kept copy: what the sheet now holds (values as Excel gives them back)
        kept = _Sheet(title)
        for i, row in enumerate(grid, 1):
            for j, v in enumerate(row, 1):
                if v is not None:
                    kept.cells[(i, j)] = v[1:] if isinstance(v, str) and v.startswith("'") else v
        self._kept[title] = kept

    # -- appending to a user's table ----------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        kept = self._sheet(sheet)
        xl_sheet = self.book.sheets[kept.title]
        region = self._region(kept)
        where = quote_sheet(kept.title)
        plan = place_rows(region.headers, rows, where, self.label)

        start = max(region.data_last + 1, region.data_first)
        end = start + len(plan) - 1
        first_col = region.first_column
        t = kept.table
        # the rows the new data takes below the table must be empty: a note typed under the
        # table is the user's and is never overwritten (as the file writer)
        below = t.max_row if t is not None else region.data_last
        for r in range(max(start, below + 1), end + 1 + (t.totals if t is not None else 0)):
            for c in range(first_col, first_col + region.width):
                value = kept.cells.get((r, c))
                if not _blank(value):
                    raise ExcelError(
                        f"Cannot add {len(plan)} rows to {where}: cell {column_letter(c)}{r} below the "
                        f"table holds {str(value)[:40]!r}. Move what is below the table further "
                        f"down (or to another sheet) and run again; nothing was written.")
        if t is not None:
            totals_at = t.max_row - t.totals + 1
            shift = end + 1 - totals_at if t.totals and end >= totals_at else 0
            new_last = max(end, t.max_row - t.totals) + t.totals
            for other in kept.others:
                if other.min_col <= t.max_col and t.min_col <= other.max_col and \
                        other.min_row <= new_last and t.min_row <= other.max_row:
                    raise ExcelError(
                        f"Cannot add {len(plan)} rows to the table {t.name} on {where}: the table "
                        f"{other.name} is in the way below it. Move it further down.")
            if shift:
                # cells inserted above the totals row become table rows; the totals row moves down
                xl_sheet.range((totals_at, t.min_col), (totals_at + shift - 1, t.max_col)).insert(
                    shift="down")
                self._move_down(kept, totals_at, shift, t.min_col, t.max_col)
                t.max_row += shift
            elif new_last != t.max_row:
                xl_table = self._xl_table(xl_sheet, t.name)
                xl_table.resize(xl_sheet.range((t.min_row, t.min_col), (new_last, t.max_col)))
                t.max_row = new_last

        used_columns = sorted({i for placed in plan for i in placed})
        for c1, c2 in _column_runs(used_columns):
            block = [[to_excel(placed.get(i)) for i in range(c1, c2 + 1)] for placed in plan]
            xl_sheet.range((start, first_col + c1), (end, first_col + c2)).value = block
            for k, values in enumerate(block):
                for i, v in enumerate(values):
                    cell = (start + k, first_col + c1 + i)
                    if v is None:
                        kept.cells.pop(cell, None)
                    else:
                        kept.cells[cell] = from_excel(v[1:] if isinstance(v, str) and v.startswith("'") else v)

    @staticmethod
    def _xl_table(xl_sheet, name: str):
        for xl_table in xl_sheet.tables:
            if xl_table.name == name:
                return xl_table
        raise ExcelError(f"The table {name} on {quote_sheet(xl_sheet.name)} disappeared while "
                         f"it was being changed.")

    @staticmethod
    def _move_down(kept: _Sheet, from_row: int, by: int, first_col: int, last_col: int) -> None:
        moving = sorted(((r, c) for (r, c) in kept.cells
                         if r >= from_row and first_col <= c <= last_col), reverse=True)
        for r, c in moving:
            kept.cells[(r + by, c)] = kept.cells.pop((r, c))

    # -- deleting rows of a user's table ------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        """As Excel's 'Delete Table Rows': the cells below move up within the table's columns;
        an Excel Table shrinks with them (keeping one empty data row when all go)."""
        kept = self._sheet(sheet)
        xl_sheet = self.book.sheets[kept.title]
        region = self._region(kept)
        where = quote_sheet(kept.title)
        wanted = checked_data_rows(data_rows, region.data_last - region.data_first + 1,
                                   where, self.label)
        if not wanted:
            return
        first_col = region.first_column
        last_col = first_col + region.width - 1
        doomed = [region.data_first + i for i in wanted]
        for r1, r2 in reversed(_column_runs(doomed)):
            xl_sheet.range((r1, first_col), (r2, last_col)).delete(shift="up")
        gone = set(doomed)
        moving = sorted(((r, c) for (r, c) in kept.cells
                         if r >= doomed[0] and first_col <= c <= last_col))
        for r, c in moving:
            value = kept.cells.pop((r, c))
            if r not in gone:
                kept.cells[(r - sum(1 for d in doomed if d < r), c)] = value
        t = kept.table
        if t is not None:
            header_count = 1 if t.headers else 0
            within = sum(1 for d in doomed if d <= t.max_row - t.totals)
            t.max_row = max(t.max_row - within, t.min_row + header_count + t.totals)

    # -- messages and saving ------------------------------------------------------------------
    def message(self, text: str) -> None:
        self.messages.append(str(text))

    def save(self) -> None:
        """Excel owns the file: nothing is written unless ``save=True`` was asked for."""
        self.save_requested += 1
        if self.save_to_disk:
            self.book.save()


def _book_name(book) -> str:
    try:
        return str(book.name)
    except Exception:  # pragma: no cover - a book that cannot tell its name
        return "the workbook"


def _optional(step: Callable[[], Any]) -> None:
    """Formatting a client may not offer (xlwings Lite, an old Excel): skipped, not an error."""
    try:
        step()
    except (AttributeError, NotImplementedError):
        pass
    except Exception as exc:  # an xlwings error class we cannot name without importing it
        if type(exc).__name__ not in ("XlwingsError", "com_error", "CommandError"):
            raise


def _column_runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """[1, 2, 3, 5] -> [(1, 3), (5, 5)]"""
    runs: list[tuple[int, int]] = []
    for i in sorted(indices):
        if runs and i == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _runs(values: dict[int, Any]) -> list[tuple[tuple[int, int], Any]]:
    """{1: a, 2: a, 3: b} -> [((1, 2), a), ((3, 3), b)]: one call per run of equal values."""
    out: list[tuple[tuple[int, int], Any]] = []
    for j in sorted(values):
        if out and out[-1][0][1] == j - 1 and out[-1][1] == values[j]:
            out[-1] = ((out[-1][0][0], j), values[j])
        else:
            out.append(((j, j), values[j]))
    return out


def _merge_formats(formats: list[tuple[int, int, int, str]]):
    """Neighbouring columns with the same rows and format become one range."""
    merged: list[tuple[int, int, tuple[int, int], str]] = []
    for first, last, col, fmt in formats:
        if merged:
            f0, l0, (c1, c2), fmt0 = merged[-1]
            if (f0, l0, fmt0) == (first, last, fmt) and col == c2 + 1:
                merged[-1] = (f0, l0, (c1, col), fmt)
                continue
        merged.append((first, last, (col, col), fmt))
    return merged


# --------------------------------------------------------------------------- entry points

#: The functions the VBA module calls with RunPython (checked by the static tests).
ENTRY_POINTS = ("pair_next_round", "update_standings", "check_workbook",
                "pair_round_again", "pair_next_round_anyway")

_CLI_HINTS = (
    ("use --repair to pair it again", "use the macro PairRoundAgain to pair it again "
                                      "(Developer > Macros, or Alt+F8)"),
    ("or use --force to pair anyway", "or run the macro PairNextRoundAnyway to pair anyway "
                                      "(Developer > Macros, or Alt+F8)"),
)


def caller_book():
    """The workbook whose button was clicked (xlwings is imported only here)."""
    import xlwings as xw

    return xw.Book.caller()


def pair_next_round(book=None) -> str:
    """Button 'Pair next round': Pairings sheet + the games appended to Results."""
    return run_action("pair", book)


def pair_round_again(book=None) -> str:
    """Macro PairRoundAgain: pair the round just paired again (late arrivals)."""
    return run_action("repair", book)


def pair_next_round_anyway(book=None) -> str:
    """Macro PairNextRoundAnyway: pair although the previous round lacks results."""
    return run_action("force", book)


def update_standings(book=None) -> str:
    """Button 'Update standings': the Standings sheet."""
    return run_action("standings", book)


def check_workbook(book=None) -> str:
    """Button 'Check workbook': every problem with its sheet and cell."""
    return run_action("check", book)


def run_action(action: str, book=None, *, show: Callable[[str, str], Any] | None = None) -> str:
    """Run one action on an xlwings book and show the outcome in one message box.

    Returns the message shown.  Never raises for a problem in the workbook or an unexpected
    error: the first is listed, the second logged to :data:`LOG_FILE`."""
    if book is None:
        book = caller_book()
    alert = show or (lambda text, mode: _alert(book, text, mode))
    try:
        target = XlwingsBook(book, save=_wants_save(book))
        text, mode = _ACTIONS[action](target)
    except Exception as exc:  # every outcome ends in a readable message box
        text, mode = _describe_failure(exc), "critical"
    _show(alert, text, mode)
    return text


def _show(alert, text: str, mode: str) -> None:
    try:
        alert(text, mode)
    except Exception:  # the message box itself failed: keep the text where it can be found
        _log("message box failed", text + "\n" + traceback.format_exc())


def _alert(book, text: str, mode: str) -> None:
    book.app.alert(text, title=_TITLE, buttons="ok", mode=mode)


def _wants_save(book) -> bool:
    """``Keizer Save`` = TRUE on the xlwings.conf sheet asks Excel to save after each action."""
    try:
        names = [s.name for s in book.sheets]
        if "xlwings.conf" not in names:
            return False
        values = book.sheets["xlwings.conf"].used_range.options(ndim=2).value or []
    except Exception:
        return False
    for row in values:
        if row and isinstance(row[0], str) and row[0].strip().casefold() == "keizer save":
            value = row[1] if len(row) > 1 else None
            return value is True or (isinstance(value, str) and value.strip().casefold() in ("true", "yes", "1"))
    return False


def _unsaved(target: XlwingsBook) -> str:
    if target.save_to_disk:
        return "The workbook was saved."
    return "The workbook is not saved yet: save it to keep this (or close it without saving to undo)."


def _notes(notes: Sequence[str], heading: str = "Notes") -> str:
    notes = list(notes)
    if not notes:
        return ""
    lines = [f"- {n}" for n in notes[:MAX_MESSAGE_LINES]]
    if len(notes) > MAX_MESSAGE_LINES:
        lines.append(f"... and {len(notes) - MAX_MESSAGE_LINES} more.")
    return f"\n\n{heading}:\n" + "\n".join(lines)


def _pair(target: XlwingsBook, **options) -> tuple[str, str]:
    from keizer_xl import actions

    report = actions.pair_next_round(target, **options)
    p = report.pairing
    lines = [f"Round {p.round} is paired{' again' if report.repaired else ''}: "
             f"{len(p.boards)} board{'s' if len(p.boards) != 1 else ''}"
             + (f", bye: {p.bye}" if p.bye else "")
             + (f", absent: {len(report.absent)}" if report.absent else "") + "."]
    lines.append("The pairing is on the sheet Pairings; the games were added to Results with an "
                 "empty result.")
    return " ".join(lines) + _notes(list(p.notes) + target.messages) + "\n\n" + _unsaved(target), "info"


def _standings(target: XlwingsBook) -> tuple[str, str]:
    from keizer_xl import actions
    from keizer_xl.core.numbers import display

    report = actions.update_standings(target)
    st = report.standing
    text = f"Standings after round {st.round} are on the sheet Standings."
    if st.order:
        leader = st.order[0]
        text += f" Leader: {leader} ({display(st.score[leader])} points)."
    return text + _notes(list(report.notes) + target.messages) + "\n\n" + _unsaved(target), "info"


def _check(target: XlwingsBook) -> tuple[str, str]:
    from keizer_xl import actions

    problems, warnings = actions.check_workbook(target)
    if problems:
        return _problem_list([str(p) for p in problems], "Check found") + _notes(warnings, "Warnings"), \
            "critical"
    text = "No problems found."
    if warnings:
        text += _notes(warnings, f"{len(warnings)} warning{'s' if len(warnings) != 1 else ''}")
    return text, "info"


_ACTIONS: dict[str, Callable[[XlwingsBook], tuple[str, str]]] = {
    "pair": _pair,
    "repair": lambda t: _pair(t, repair=True),
    "force": lambda t: _pair(t, force=True),
    "standings": _standings,
    "check": _check,
}


def _problem_list(problems: list[str], opening: str) -> str:
    n = len(problems)
    head = f"{opening} {n} problem{'s' if n != 1 else ''} to fix (sheet!cell: what):"
    shown = problems[:MAX_MESSAGE_LINES]
    text = head + "\n" + "\n".join(f"- {p}" for p in shown)
    if n > len(shown):
        path = _write_report(problems)
        text += f"\n... and {n - len(shown)} more"
        text += f"; the full list is in {path}." if path else "."
    return text


def _describe_failure(exc: Exception) -> str:
    from keizer_xl.actions import ActionError
    from keizer_xl.core.model import InputError

    if isinstance(exc, InputError):
        return "Nothing was changed. " + _problem_list([str(p) for p in exc.problems], "There are")
    if isinstance(exc, ActionError):
        message = str(exc)
        for cli, excel in _CLI_HINTS:
            message = message.replace(cli, excel)
        return f"Nothing was changed: {message[:1].upper()}{message[1:]}."
    if isinstance(exc, ExcelError):
        return str(exc)
    where = _log("unexpected error", "".join(traceback.format_exception(exc)))
    detail = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
    return (f"Something unexpected went wrong ({type(exc).__name__}: {detail}).\n\n"
            f"The workbook may be partly changed: close it without saving to undo."
            + (f"\n\nThe details are in {where}; please send that file with your report." if where
               else ""))


def _log(kind: str, text: str) -> str | None:
    """Append to the log file; returns its path (None when it cannot be written)."""
    try:
        LOG_FILE.parent.mkdir(parents=True, exist_ok=True)
        with open(LOG_FILE, "a", encoding="utf-8") as fh:
            fh.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')} {kind}\n{text}\n")
        return str(LOG_FILE)
    except OSError:
        return None


def _write_report(lines: list[str]) -> str | None:
    try:
        path = Path(tempfile.gettempdir()) / "keizer-xl-problems.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return str(path)
    except OSError:
        return None
