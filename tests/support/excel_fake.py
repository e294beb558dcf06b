"""An in-memory stand-in for the part of the xlwings object model that keizer_xl.clients.excel uses.

Only what the transport calls exists here (tests/test_excel.py checks that every public name
of these classes is also a name of the real xlwings class, with the same parameter names), and
it behaves as Excel does where that matters to us:

* numbers are handed over as floats; assigning a list of lists needs a range of that shape
  (or a single cell, which xlwings expands);
* assigning text works like typing it: a leading apostrophe is Excel's quote prefix (the cell
  holds the rest as text), ``=...`` becomes a formula, text that looks like a number becomes a
  number (unless the cell is formatted as text, '@'), TRUE/FALSE become booleans;
* deleting cells (shift up) and inserting cells (shift down) move the cells below within the
  columns of the range, and shrink or grow an Excel Table they cut through;
* every call is recorded in ``book.calls`` so tests can assert how the workbook was touched;
* it refuses what the real engines refuse (xlwings 0.37.8 sources): on the desktop engine
  (``FakeBook(engine="excel")``, the default) ``sheet.freeze_panes`` does not exist (the
  Windows and macOS impls have no ``freeze_panes``) and a column wider than 255 characters is an
  error (Excel's limit: a width given in points by mistake hits it); on the remote engine behind
  xlwings Lite (``engine="remote"``) widths are points, ``freeze_at`` freezes the whole range
  given (``"A2"`` = rows 1-2 and column A, which ``frozen_rows``/``frozen_cols`` show), and
  reading ``column_width`` is refused as the real engine refuses it.
"""
from __future__ import annotations

import re
from pathlib import Path
from dataclasses import dataclass
from typing import Any

_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


@dataclass
class Formula:
    """A cell that Excel would have turned into a formula (tests assert there are none)."""

    text: str


class _Engine:
    def __init__(self, name: str):
        self.name = name


class FakeApp:
    def __init__(self, book, engine: str = "excel"):
        self._book = book
        self.engine = _Engine(engine)
        self.alerts: list[dict[str, Any]] = []
        self.macros: dict[str, Any] = {}  # name -> what running the VBA macro does
        self.active = book

    def macro(self, name):
        def run(*args):
            self._book.calls.append(("macro", name, args))
            return self.macros[name](*args) if name in self.macros else None
        return run

    def alert(self, prompt, title=None, buttons="ok", mode=None, callback=None):
        self._book.calls.append(("alert", prompt))
        self.alerts.append({"prompt": prompt, "title": title, "buttons": buttons, "mode": mode})
        return "ok"


class FakeBook:
    def __init__(self, name="club.xlsm", engine="excel"):
        self.name = name
        self.calls: list[tuple] = []
        self.app = FakeApp(self, engine)
        self._sheets: list[FakeSheet] = []
        self.sheets = FakeSheets(self)
        self.saved = 0

    def save(self, path=None, password=None):
        self.calls.append(("save", path))
        self.saved += 1

    # -- used by keizer_xl.clients.excel_setup only -------------------------------------------------
    api = None  # a FakeComApi (Windows) where a test needs the VBA project

    def macro(self, name):
        return self.app.macro(f"'{self.name}'!{name}")

    def activate(self, steal_focus=False):
        self.calls.append(("activate book", self.name))
        self.app.active = self

    def close(self):
        self.calls.append(("close", self.name))

    # -- building ---------------------------------------------------------------------------
    def add_sheet(self, name: str) -> FakeSheet:
        sheet = FakeSheet(self, name)
        self._sheets.append(sheet)
        return sheet

    @classmethod
    def from_file(cls, path, name=None, engine="excel") -> FakeBook:
        """The values, number formats and Excel Tables of a workbook file (via openpyxl)."""
        import openpyxl
        from openpyxl.utils.cell import range_boundaries

        wb = openpyxl.load_workbook(path, data_only=True)
        book = cls(name or getattr(path, "name", str(path)), engine=engine)
        for ws in wb.worksheets:
            sheet = book.add_sheet(ws.title)
            for row in ws.iter_rows():
                for cell in row:
                    if cell.number_format and cell.number_format != "General":
                        sheet.formats[(cell.row, cell.column)] = cell.number_format
                    if cell.value is not None and cell.value != "":
                        value = cell.value
                        sheet.cells[(cell.row, cell.column)] = float(value) \
                            if isinstance(value, int) and not isinstance(value, bool) else value
            for t in ws.tables.values():
                c1, r1, c2, r2 = range_boundaries(t.ref)
                sheet._tables.append(FakeTable(sheet, t.displayName, r1, c1, r2, c2,
                                               headers=(t.headerRowCount is None or t.headerRowCount > 0),
                                               totals=t.totalsRowCount or 0))
        return book

    # -- reading back -----------------------------------------------------------------------
    def grid(self, sheet: str) -> list[list[Any]]:
        return self.sheets[sheet].grid()


class FakeSheets:
    def __init__(self, book: FakeBook):
        self._book = book

    def __iter__(self):
        return iter(list(self._book._sheets))

    def __len__(self):
        return len(self._book._sheets)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self._book._sheets[key]
        for sheet in self._book._sheets:
            if sheet.name.lower() == key.lower():  # Excel's sheet names are case-insensitive
                return sheet
        raise KeyError(key)

    def add(self, name=None, before=None, after=None):
        self._book.calls.append(("sheets.add", name))
        if any(s.name.lower() == (name or "").lower() for s in self._book._sheets):
            raise ValueError(f"sheet {name} exists")
        sheet = FakeSheet(self._book, name or f"Sheet{len(self._book._sheets) + 1}")
        if after is not None:
            self._book._sheets.insert(self._book._sheets.index(after) + 1, sheet)
        elif before is not None:
            self._book._sheets.insert(self._book._sheets.index(before), sheet)
        else:
            self._book._sheets.insert(0, sheet)  # Excel adds before the active sheet
        return sheet


class FakeFreezePanes:
    def __init__(self, sheet):
        self._sheet = sheet

    def freeze_at(self, frozen_range):
        self._sheet.book.calls.append(("freeze_at", self._sheet.name, frozen_range))
        self._sheet.frozen = frozen_range
        m = re.fullmatch(r"(\d+):(\d+)|([A-Z]+):([A-Z]+)|([A-Z]+)(\d+)", frozen_range)
        if m is None:
            raise ValueError(f"freeze_at({frozen_range!r}): not a range Office.js takes")
        if m.group(1):      # "1:1": whole rows
            self._sheet.frozen_rows, self._sheet.frozen_cols = int(m.group(2)), 0
        elif m.group(3):    # "A:A": whole columns
            self._sheet.frozen_rows, self._sheet.frozen_cols = 0, _col_number(m.group(4))
        else:               # a cell: Office.js freezes every row and column up to it
            self._sheet.frozen_rows, self._sheet.frozen_cols = int(m.group(6)), _col_number(m.group(5))


def _col_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


class FakeSheet:
    def __init__(self, book: FakeBook, name: str):
        self.book = book
        self.name = name
        self.cells: dict[tuple[int, int], Any] = {}
        self.formats: dict[tuple[int, int], str] = {}
        self.bold: set[tuple[int, int]] = set()
        self.colors: dict[tuple[int, int], tuple] = {}
        self.widths: dict[int, float] = {}
        self.frozen = None
        self.frozen_rows = 0
        self.frozen_cols = 0
        self._tables: list[FakeTable] = []

    # -- the xlwings API --------------------------------------------------------------------
    @property
    def used_range(self):
        if not self.cells:
            return FakeRange(self, 1, 1, 1, 1)
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return FakeRange(self, min(rows), min(cols), max(rows), max(cols))

    def range(self, cell1, cell2=None):
        r1, c1 = cell1
        r2, c2 = cell2 if cell2 is not None else cell1
        return FakeRange(self, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))

    @property
    def tables(self):
        return list(self._tables)

    @property
    def freeze_panes(self):
        if self.book.app.engine.name == "excel":
            # xlwings' Windows and macOS impls have no freeze_panes: the real call fails so
            raise AttributeError("'Sheet' object has no attribute 'freeze_panes'")
        return FakeFreezePanes(self)

    def clear(self):
        self.book.calls.append(("clear", self.name))
        self.cells.clear()
        self.formats.clear()
        self.bold.clear()
        self.colors.clear()

    def activate(self):
        self.book.calls.append(("activate", self.name))

    # -- for the tests ----------------------------------------------------------------------
    def grid(self) -> list[list[Any]]:
        if not self.cells:
            return []
        rows = max(r for r, _ in self.cells)
        cols = max(c for _, c in self.cells)
        out = [[self.cells.get((r, c)) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        while out and all(v is None for v in out[-1]):
            out.pop()
        return out

    def table(self, name=None):
        return self._tables[0] if name is None else next(t for t in self._tables if t.name == name)


class _Options:
    def __init__(self, rng, options):
        self._rng = rng
        self._options = options

    @property
    def value(self):
        rng = self._rng
        rng.sheet.book.calls.append(("read", rng.sheet.name, rng.address))
        values = [[_out(rng.sheet.cells.get((r, c))) for c in range(rng.column, rng.last_col + 1)]
                  for r in range(rng.row, rng.last_row + 1)]
        if self._options.get("ndim") == 2:
            return values
        raise NotImplementedError("the fake reads only with options(ndim=2)")


def _out(value):
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)  # Excel hands every number over as a float
    return value


class _Font:
    def __init__(self, rng):
        self._rng = rng

    @property
    def bold(self):
        raise NotImplementedError

    @bold.setter
    def bold(self, value):
        rng = self._rng
        rng.sheet.book.calls.append(("bold", rng.sheet.name, rng.address))
        for cell in rng._cells():
            (rng.sheet.bold.add if value else rng.sheet.bold.discard)(cell)


class FakeRange:
    def __init__(self, sheet: FakeSheet, r1: int, c1: int, r2: int, c2: int):
        self.sheet = sheet
        self.row, self.column, self.last_row, self.last_col = r1, c1, r2, c2

    @property
    def shape(self):
        return (self.last_row - self.row + 1, self.last_col - self.column + 1)

    @property
    def address(self):
        from openpyxl.utils import get_column_letter as L

        return f"${L(self.column)}${self.row}:${L(self.last_col)}${self.last_row}"

    def _cells(self):
        return [(r, c) for r in range(self.row, self.last_row + 1)
                for c in range(self.column, self.last_col + 1)]

    def options(self, convert=None, **options):
        return _Options(self, options)

    @property
    def value(self):
        raise NotImplementedError("the transport must read with options(ndim=2)")

    @value.setter
    def value(self, data):
        sheet = self.sheet
        sheet.book.calls.append(("write", sheet.name, self.address))
        if not isinstance(data, list):
            data = [[data]]
        nrows, ncols = len(data), max((len(r) for r in data), default=0)
        if any(len(r) != ncols for r in data):
            raise ValueError("ragged list of lists")
        if self.shape != (1, 1) and self.shape != (nrows, ncols):
            raise ValueError(f"{nrows}x{ncols} values do not fit {self.address}")
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                cell = (self.row + i, self.column + j)
                stored = _typed(value, sheet.formats.get(cell))
                if stored is None:
                    sheet.cells.pop(cell, None)
                else:
                    sheet.cells[cell] = stored

    @property
    def number_format(self):
        raise NotImplementedError

    @number_format.setter
    def number_format(self, value):
        self.sheet.book.calls.append(("number_format", self.sheet.name, self.address, value))
        for cell in self._cells():
            self.sheet.formats[cell] = value

    @property
    def font(self):
        return _Font(self)

    @property
    def color(self):
        raise NotImplementedError

    @color.setter
    def color(self, value):
        self.sheet.book.calls.append(("color", self.sheet.name, self.address, value))
        for cell in self._cells():
            self.sheet.colors[cell] = value

    @property
    def column_width(self):
        raise NotImplementedError

    @column_width.setter
    def column_width(self, value):
        if self.sheet.book.app.engine.name == "excel" and not 0 <= value <= 255:
            raise com_error(-2146827284, f"Unable to set the ColumnWidth property ({value}): "
                                         f"a width is 0 to 255 characters")
        self.sheet.book.calls.append(("column_width", self.sheet.name, self.address, value))
        for c in range(self.column, self.last_col + 1):
            self.sheet.widths[c] = value

    def delete(self, shift=None):
        if shift != "up":
            raise NotImplementedError("the fake deletes with shift='up' only")
        sheet = self.sheet
        sheet.book.calls.append(("delete", sheet.name, self.address))
        n = self.last_row - self.row + 1
        for store in (sheet.cells, sheet.formats):
            moved = {}
            for (r, c), v in list(store.items()):
                if self.column <= c <= self.last_col and r >= self.row:
                    del store[(r, c)]
                    if r > self.last_row:
                        moved[(r - n, c)] = v
            store.update(moved)
        for t in sheet._tables:
            if not (self.column <= t.min_col and t.max_col <= self.last_col):
                if t.min_col <= self.last_col and self.column <= t.max_col and t.max_row >= self.row:
                    raise ValueError("deleting part of a table's columns is refused by Excel")
                continue
            if t.min_row > self.last_row:
                t.min_row -= n
                t.max_row -= n
            elif t.max_row >= self.row:
                data_first = t.min_row + (1 if t.headers else 0)
                if self.row < data_first or self.last_row > t.max_row - t.totals:
                    raise ValueError("the fake deletes data rows of a table only")
                t.max_row = max(t.max_row - n, data_first + t.totals)  # one empty row stays

    def insert(self, shift, copy_origin="format_from_left_or_above"):
        if shift != "down":
            raise NotImplementedError("the fake inserts with shift='down' only")
        sheet = self.sheet
        sheet.book.calls.append(("insert", sheet.name, self.address))
        n = self.last_row - self.row + 1
        for store in (sheet.cells, sheet.formats):
            moved = {}
            for (r, c), v in list(store.items()):
                if self.column <= c <= self.last_col and r >= self.row:
                    del store[(r, c)]
                    moved[(r + n, c)] = v
            store.update(moved)
        for t in sheet._tables:
            if not (self.column <= t.min_col and t.max_col <= self.last_col):
                continue
            if t.min_row >= self.row:
                t.min_row += n
                t.max_row += n
            elif t.max_row >= self.row:
                t.max_row += n


class FakeTable:
    def __init__(self, sheet, name, min_row, min_col, max_row, max_col, *, headers=True, totals=0):
        self.parent = sheet
        self.name = name
        self.min_row, self.min_col, self.max_row, self.max_col = min_row, min_col, max_row, max_col
        self.headers = headers
        self.totals = totals

    @property
    def range(self):
        return FakeRange(self.parent, self.min_row, self.min_col, self.max_row, self.max_col)

    @property
    def header_row_range(self):
        if not self.headers:
            return None
        return FakeRange(self.parent, self.min_row, self.min_col, self.min_row, self.max_col)

    @property
    def totals_row_range(self):
        if not self.totals:
            return None
        return FakeRange(self.parent, self.max_row, self.min_col, self.max_row, self.max_col)

    def resize(self, range):
        self.parent.book.calls.append(("resize", self.name, range.address))
        if (range.row, range.column) != (self.min_row, self.min_col):
            raise ValueError("Excel keeps the header row of a table where it is")
        self.max_row, self.max_col = range.last_row, range.last_col

    @property
    def ref(self) -> str:
        from openpyxl.utils import get_column_letter as L

        return f"{L(self.min_col)}{self.min_row}:{L(self.max_col)}{self.max_row}"


def _typed(value, number_format):
    """What Excel stores when ``value`` is assigned to a cell."""
    if value is None:
        return None
    if isinstance(value, str):
        if value == "":
            return None
        if value.startswith("'"):
            return value[1:] or None
        if number_format == "@":
            return value
        if value.startswith("="):
            return Formula(value)
        if _NUMBER.fullmatch(value.strip()):
            return float(value)
        if value.strip().upper() in ("TRUE", "FALSE"):
            return value.strip().upper() == "TRUE"
        return value
    if isinstance(value, (list, tuple, dict, set)):
        raise TypeError(f"cannot assign {type(value).__name__} to a cell")
    return value


# --------------------------------------------------------------------------- the VBA project (COM)


class com_error(Exception):
    pass


class FakeVBComponent:
    def __init__(self, name, source=""):
        self.Name = name
        self.source = source


class FakeVBComponents:
    def __init__(self, names=("ThisWorkbook", "Sheet1")):
        self.items = [FakeVBComponent(n) for n in names]
        self.log: list[tuple] = []

    @property
    def Count(self):
        return len(self.items)

    def __iter__(self):
        return iter(list(self.items))

    def __call__(self, name):
        for c in self.items:
            if c.Name == name:
                return c
        raise com_error("Subscript out of range")

    def Remove(self, component):
        self.log.append(("Remove", component.Name))
        self.items.remove(component)

    def Import(self, path):
        data = Path(path).read_bytes().decode("cp1252")
        m = re.search(r'Attribute VB_Name = "([^"]+)"', data)
        name = m.group(1) if m else "Module1"
        while any(c.Name == name for c in self.items):  # the VBE renames a clash: xlwings1
            name += "1"
        self.log.append(("Import", path, name))
        self.items.append(FakeVBComponent(name, data))


class FakeVBProject:
    def __init__(self, components):
        self.VBComponents = components


class FakeComApi:
    """``book.api`` of a Windows book, as far as the VBA project goes."""

    def __init__(self, trusted=True, components=None):
        self.trusted = trusted
        self.components = components or FakeVBComponents()

    @property
    def VBProject(self):
        if not self.trusted:
            raise com_error(-2146827284, "Programmatic access to Visual Basic Project is not trusted")
        return FakeVBProject(self.components)
