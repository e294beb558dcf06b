"""The xlwings transport: the workbook open in Excel as a :class:`~keizer_xl.sheets.tables.Book`.

Thin: it only moves tables in and out of Excel through the public xlwings object model, so the
same class serves a desktop book and an xlwings Lite book; xlwings is imported only in
:func:`caller_book`.  The entry points the buttons run are :mod:`keizer_xl.frontends.excel_buttons`.

Each sheet is read once (``used_range``) and kept; writes go to the kept copy too, so the book
reads back what was written even where (Lite) values come from a snapshot taken before the
script started.  Text Excel would turn into something else on assignment (``=...``, ``007``,
``1-2``, ``TRUE``) is written with Excel's quote prefix, which every assignment honours (a
text number format only on cells formatted before).  :meth:`XlwingsBook.save` does not write
the file: the user saves it (or closes without saving to undo the button), unless the
``Keizer Save`` entry of ``xlwings.conf`` asks Excel to save.
"""
from __future__ import annotations

import datetime as _dt
import sys
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from collections.abc import Callable, Mapping, Sequence


from keizer_xl.errors import ClientError, MissingPartError
from keizer_xl.sheets.cells import NUMERIC_LIMIT as _NUMERIC_LIMIT, cell_value
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.tables import Table, quote_sheet
from keizer_xl.sheets.region import Region, TableRef, find_region, plan_append, plan_delete, runs
from keizer_xl.clients import excel_view

#: A used range taller than this is refused (a real season sheet is far smaller).
MAX_ROWS = 100_000

_TITLE = "Keizer"


class ExcelError(ClientError):
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
    (cleaned as by every client, with the quote prefix where Excel could misread it)."""
    value = cell_value(value)
    if isinstance(value, str):
        return "'" + value if needs_quote_prefix(value) else value
    if isinstance(value, _dt.timedelta):  # xlwings takes no durations: as text, as before
        return str(value)
    return value


def from_excel(value: Any) -> Any:
    """A value read from Excel as the file transport would give it: whole numbers as int
    (Excel hands every number over as a float)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < _NUMERIC_LIMIT:
        return int(value)
    return value


# --------------------------------------------------------------------------- the kept copy


@dataclass
class _Sheet:
    """What was read of one sheet (values by absolute (row, column)) and its first table."""

    title: str
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    table: TableRef | None = None
    others: list[TableRef] = field(default_factory=list)


# --------------------------------------------------------------------------- the book


class XlwingsBook:
    """An open xlwings ``Book`` (desktop Excel or xlwings Lite) as a tables.Book.

    ``book`` is the xlwings Book; ``save`` asks Excel to save the file after an action
    (off by default: the user saves)."""

    def __init__(self, book: Any, *, save: bool = False) -> None:
        self.book = book
        self.save_to_disk = save
        self.messages: list[str] = []
        self.save_requested = 0
        self._kept: dict[str, _Sheet] = {}
        self._names: list[str] | None = None
        try:
            self.label = str(book.name)
        except Exception:  # pragma: no cover - a book that cannot tell its name
            self.label = "the workbook"

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        # read once per action: each name is a round trip to Excel (an Apple Event on a Mac);
        # only write_sheet adds a sheet, and it forgets the list
        if self._names is None:
            self._names = [sheet.name for sheet in self.book.sheets]
        return list(self._names)

    def _title(self, sheet: str) -> str | None:
        names = self.sheet_names()
        if sheet in names:
            return sheet
        folded = sheet.casefold()
        return next((n for n in names if n.casefold() == folded), None)

    @property
    def folder(self) -> str | None:
        """The workbook's folder (None for a book never saved, or on the web): where a path in
        Settings (``rating_list``) is looked for."""
        import os

        full = str(getattr(self.book, "fullname", "") or "")
        folder = os.path.dirname(full)
        return folder if folder and os.path.isdir(folder) else None

    def set_cells(self, sheet: str, values: Mapping[tuple[int, int], Any],
                  header_row: int | None = None) -> None:
        """Put each value at its (row, column) of ``sheet``, both 1-based (issue 37)."""
        kept = self._sheet(sheet)
        xl_sheet = self.book.sheets[kept.title]
        for (r, c), value in values.items():
            xl_sheet.range((r, c)).value = to_excel(value)
            if value is None or value == "":
                kept.cells.pop((r, c), None)
            else:
                kept.cells[(r, c)] = value

    # -- reading ------------------------------------------------------------------------------
    def _sheet(self, sheet: str) -> _Sheet:
        title = self._title(sheet)
        if title is None:
            raise MissingPartError(f"{self.label} has no sheet {sheet!r} "
                           f"(sheets: {', '.join(self.sheet_names())})")
        kept = self._kept.get(title)
        if kept is None:
            kept = self._kept[title] = self._read(self.book.sheets[title])
        return kept

    def _read(self, xl_sheet: Any) -> _Sheet:
        title = xl_sheet.name
        used = xl_sheet.used_range
        top, left = used.row, used.column
        nrows, _ncols = used.shape
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
            from keizer_xl.sheets.read_names import pick_table

            pick = pick_table(title, [[cells.get((t.min_row, c)) for c in range(t.min_col, t.max_col + 1)]
                                      if t.headers else [] for t in tables])
            kept.table, kept.others = tables[pick], tables[:pick] + tables[pick + 1:]
        return kept

    @staticmethod
    def _geometry(xl_table: Any) -> TableRef:
        rng = xl_table.range
        nrows, ncols = rng.shape
        return TableRef(
            name=xl_table.name, min_row=rng.row, min_col=rng.column,
            max_row=rng.row + nrows - 1, max_col=rng.column + ncols - 1,
            headers=xl_table.header_row_range is not None,
            totals=1 if xl_table.totals_row_range is not None else 0)

    @staticmethod
    def _region(kept: _Sheet) -> Region:
        return find_region(kept.cells, kept.table)

    def read_table(self, sheet: str) -> Table:
        kept = self._sheet(sheet)
        region = self._region(kept)
        rows = []
        for r in range(region.data_first, region.data_last + 1):
            rows.append(tuple(kept.cells.get((r, c))
                              for c in range(region.first_column, region.first_column + region.width)))
        return Table(sheet=kept.title, headers=region.headers, rows=tuple(rows),
                     header_row=region.header_row, first_column=region.first_column,
                     outside=region.outside)

    def cell_values(self, sheet: str) -> dict[tuple[int, int], Any]:
        """Every non-empty cell of ``sheet`` by (row, column): for a sheet that is no table
        (the xlwings.conf sheet)."""
        return dict(self._sheet(sheet).cells)

    def top_cells(self, sheet: str, rows: int, columns: int) -> dict[tuple[int, int], Any]:
        title = self._title(sheet)
        if title is None or title in self._kept:  # read already (or missing: said so)
            return {(r, c): v for (r, c), v in self._sheet(sheet).cells.items()
                    if r <= rows and c <= columns}
        # the corner only: a club's sheet is not read whole for its mark
        values = self.book.sheets[title].range((1, 1), (rows, columns)).options(ndim=2).value
        return {(r, c): from_excel(v) for r, row in enumerate(values or (), 1)
                for c, v in enumerate(row, 1) if v is not None and v != ""}

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, layout: Layout) -> None:
        title = self._title(sheet)
        if title is not None:
            xl_sheet = self.book.sheets[title]
            xl_sheet.clear()
        else:
            xl_sheet = self.book.sheets.add(name=sheet, after=self.book.sheets[len(self.book.sheets) - 1])
            title = xl_sheet.name
            self._names = None
        ncols = layout.width or 1
        grid = [[to_excel(v) for v in row] + [None] * (ncols - len(row)) for row in layout.grid]
        whole = xl_sheet.range((1, 1), (max(len(grid), 1), ncols))
        whole.value = grid or [[None]]
        _optional(lambda: setattr(whole.font, "name", layout.font))
        _optional(lambda: setattr(whole.font, "size", layout.font_size))
        for span in layout.spans:  # borders and alignment: not in xlwings' portable API
            rng = xl_sheet.range((span.first_row, span.first_col), (span.last_row, span.last_col))
            if span.style.bold:
                rng.font.bold = True
            if span.style.fill:
                rng.color = tuple(int(span.style.fill[i:i + 2], 16) for i in (0, 2, 4))  # RRGGBB
            if span.style.number_format:
                rng.number_format = span.style.number_format
            if span.style.wrap:  # Range.wrap_text (optional in Lite)
                _optional(partial(setattr, rng, "wrap_text", True))
        for r, height in layout.heights:  # rows with wrapped text (optional in Lite)
            _optional(partial(setattr, xl_sheet.range((r, 1)), "row_height", height))
        # column widths and frozen rows, each in the unit and the way its engine takes them
        # (characters on desktop, points in Lite; see keizer_xl.clients.excel_view)
        engine = excel_view.engine_of(xl_sheet.book)
        excel_view.set_column_widths(xl_sheet, dict(enumerate(layout.widths, 1)), engine)
        _optional(lambda: xl_sheet.activate())
        if layout.freeze_rows:
            excel_view.freeze_header(xl_sheet, layout.freeze_rows, engine)
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
        plan, problems = plan_append(region, rows, kept.others, where, self.label)
        problems = problems or plan.in_the_way(region, lambda r, c: kept.cells.get((r, c)),
                                               where, self.label)
        if problems:
            raise ExcelError(problems[0])
        t = kept.table
        if t is not None and plan.shift:
            # cells inserted above the totals row become table rows; the totals row moves down
            xl_sheet.range((plan.totals_at, t.min_col),
                           (plan.totals_at + plan.shift - 1, t.max_col)).insert(shift="down")
            self._move(kept, plan.totals_at, t.min_col, t.max_col, lambda r: r + plan.shift)
            t.max_row += plan.shift
        elif t is not None and plan.table_last is not None and plan.table_last != t.max_row:
            xl_table = next((x for x in xl_sheet.tables if x.name == t.name), None)
            if xl_table is None:
                raise ExcelError(f"The table {t.name} on {quote_sheet(xl_sheet.name)} "
                                 f"disappeared while it was being changed.")
            xl_table.resize(xl_sheet.range((t.min_row, t.min_col), (plan.table_last, t.max_col)))
            t.max_row = plan.table_last
        first_col = region.first_column
        used_columns = sorted({i for placed in plan.rows for i in placed})
        for c1, c2 in runs(used_columns):
            block = [[to_excel(placed.get(i)) for i in range(c1, c2 + 1)] for placed in plan.rows]
            xl_sheet.range((plan.start, first_col + c1), (plan.end, first_col + c2)).value = block
            for k, values in enumerate(block):
                for i, v in enumerate(values):
                    cell = (plan.start + k, first_col + c1 + i)
                    if v is None:
                        kept.cells.pop(cell, None)
                    else:
                        kept.cells[cell] = from_excel(
                            v[1:] if isinstance(v, str) and v.startswith("'") else v
                        )

    @staticmethod
    def _move(kept: _Sheet, from_row: int, first_col: int, last_col: int,
              to: Callable[[int], int | None]) -> None:
        """The kept cells of these columns from ``from_row`` down to row ``to(row)`` (None: gone)."""
        moving = [(r, c) for (r, c) in kept.cells if r >= from_row and first_col <= c <= last_col]
        moved = {(r, c): kept.cells.pop((r, c)) for r, c in moving}
        for (r, c), value in moved.items():
            if (row := to(r)) is not None:
                kept.cells[(row, c)] = value

    # -- deleting rows of a user's table ------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        """As Excel's 'Delete Table Rows': the cells below move up within the table's columns;
        an Excel Table shrinks with them (keeping one empty data row when all go)."""
        kept = self._sheet(sheet)
        xl_sheet = self.book.sheets[kept.title]
        region = self._region(kept)
        plan = plan_delete(region, data_rows, quote_sheet(kept.title), self.label)
        if not plan.doomed:
            return
        first_col, last_col = region.first_column, region.last_column
        for r1, r2 in reversed(plan.runs()):
            xl_sheet.range((r1, first_col), (r2, last_col)).delete(shift="up")
        gone = set(plan.doomed)
        self._move(kept, plan.doomed[0], first_col, last_col,
                   lambda r: None if r in gone else plan.new_row(r))
        if kept.table is not None and plan.table_last is not None:
            kept.table.max_row = plan.table_last

    # -- messages and saving ------------------------------------------------------------------
    def message(self, text: str) -> None:
        self.messages.append(str(text))

    def save(self) -> None:
        """Excel owns the file: nothing is written unless ``save=True`` was asked for."""
        self.save_requested += 1
        if self.save_to_disk:
            self.book.save()


def _optional(step: Callable[[], Any]) -> None:
    """Formatting a client may not offer (xlwings Lite, an old Excel): skipped, not an error."""
    try:
        step()
    except (AttributeError, NotImplementedError):
        pass
    except _client_errors():
        pass


#: Where Excel's side defines the errors of a call it does not offer: xlwings' own, pywin32's
#: COM error (Windows), appscript's command error (macOS, as xlwings' _xlmac raises it).
_CLIENT_ERRORS = (("xlwings", "XlwingsError"), ("pywintypes", "com_error"),
                  ("appscript.reference", "CommandError"))


def _client_errors() -> tuple[type[Exception], ...]:
    """The classes of :data:`_CLIENT_ERRORS` whose module is loaded (none is imported here: a
    module that is not loaded cannot have raised)."""
    found = (getattr(sys.modules.get(module), name, None) for module, name in _CLIENT_ERRORS)
    return tuple(c for c in found if isinstance(c, type) and issubclass(c, Exception))
