"""Rows and cells the engine adds to, changes in or deletes from a user's table, in the sheet's
XML (issue 25): :class:`RowEditing` gives :class:`.book.FileBook` ``append_rows``,
``delete_rows``, ``retitle`` and ``set_cells`` (issue 37: ratings and ids from a rating list;
each cell keeps its style).  Adding: below the last data row, each new cell styled as the one above it (a date
given a date format), what is in the way refused with its cell, a Table grown.  Deleting: as
Excel's "Delete Table Rows" (formulas that move translated, an array formula that would move
refused).  What hangs on those rows follows them (:mod:`.rowshift`).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping, Sequence

from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.clients.xlsx.cellxml import Cell, SheetCells, split_range, value_cell
from keizer_xl.clients.xlsx.package import REL_STYLES, attributes, element_re, unescape
from keizer_xl.clients.xlsx.stylesheet import DATE_FORMATS, StyleSheet
from keizer_xl.errors import Message
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.region import Region, filter_last_row, plan_append, plan_delete
from keizer_xl.sheets.tables import column_letter, quote_sheet

if TYPE_CHECKING:
    from keizer_xl.clients.xlsx.reader import Decoder, SheetValues
    from keizer_xl.clients.xlsx.package import Package, SheetEntry
    from keizer_xl.clients.xlsx.splice import Edits
    from keizer_xl.clients.xlsx.tablepart import TablePart


class RowEditing:
    """The edits of a user's table of :class:`.book.FileBook` (which gives the rest)."""

    label: str
    _edits: Edits
    _pkg: Package

    if TYPE_CHECKING:  # given by FileBook
        def _worksheet(self, sheet: str) -> SheetEntry: ...
        def _region(self, entry: SheetEntry) -> tuple[Region, TablePart | None]: ...
        def _values(self, entry: SheetEntry) -> SheetValues: ...
        def _table_parts(self, entry: SheetEntry) -> list[TablePart]: ...
        def _sheet_cells(self, entry: SheetEntry) -> SheetCells: ...
        def _changed(self, title: str) -> None: ...
        def _decode(self) -> Decoder: ...

    # -- appending to a user's table --------------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        entry = self._worksheet(sheet)
        assert entry.part is not None
        region, table = self._region(entry)
        values = self._values(entry)
        shown = values.region_cells()
        others = [t.table_ref() for t in self._table_parts(entry)]
        cells = self._sheet_cells(entry)
        self._changed(entry.name)
        where = quote_sheet(entry.name)
        merged = _covered(values.merges)

        def plain(r: int, c: int) -> Any:
            return None if (r, c) in merged else shown.get((r, c))

        plan, problems = plan_append(region, rows, others, where, self.label)
        problems = problems or plan.in_the_way(region, plain, where, self.label)
        if problems:
            raise WorkbookFileError(problems[0])
        first_col, last_col = region.first_column, region.last_column
        for r in range(plan.start, plan.end + 1 + (region.totals if plan.shift else 0)):
            for c in range(first_col, last_col + 1):
                if (r, c) in merged:
                    raise WorkbookFileError(
                        f"Cannot add rows to {where} in {self.label}: cell {column_letter(c)}{r} "
                        f"below the table is part of merged cells; unmerge them first.")
        if plan.shift:  # the totals row moves down below the new rows
            for r in range(plan.totals_at + region.totals - 1, plan.totals_at - 1, -1):
                for c in range(first_col, last_col + 1):
                    moved = cells.cell(r, c)
                    if moved is not None:
                        cells.put(r, c, None)
                        # rows inserted above it: its references (to the rows above) stay
                        cells.put(r + plan.shift, c, moved.moved_to(r + plan.shift))
        col_styles = _column_styles(cells, first_col, last_col)
        dates = self._decode().date_styles
        styles: StyleSheet | None = None
        for r, placed in enumerate(plan.rows, plan.start):
            for c in range(first_col, last_col + 1):
                existing = cells.cell(r, c)
                style: int | None = None
                if existing is None or not existing.style:
                    above = cells.cell(r - 1, c) if r - 1 >= region.data_first else None
                    if above is not None and above.style:
                        style = above.style
                    elif col_styles.get(c):
                        style = col_styles[c]
                value = cell_value(placed.get(c - first_col))
                if value is None and style is None:
                    continue
                s = style if style is not None else (existing.style if existing is not None else 0)
                if value is not None and not isinstance(value, (str, bool, int, float)):
                    from keizer_xl.clients.xlsx.layoutxml import excel_serial

                    serial = excel_serial(value, self._decode().epoch)
                    if serial is None:
                        raise TypeError(f"cannot write {type(value).__name__} to a cell")
                    value, kind = serial
                    if s not in dates:  # as openpyxl: a date gets a date format
                        styles = styles or self._styles_for_edit()
                        s = styles.with_number_format(s, DATE_FORMATS[kind])
                        decoder = self._decode()
                        decoder.date_styles = decoder.date_styles | {s}
                        dates = decoder.date_styles
                cells.put(r, c, value_cell(r, c, value, s, cells.prefix))
        t = region.table
        if t is not None and plan.data_end is not None and plan.data_end > t.max_row - t.totals:
            # the Table grows: what covered whole columns of its data grows with it (rowshift,
            # imported here: a standings run moves no rows, ~2 ms of it, issue 25)
            from keizer_xl.clients.xlsx.rowshift import grow_mapper, shift_sheet

            cells.tail = shift_sheet(cells.tail, grow_mapper(
                t.min_col, t.max_col, region.data_first, t.max_row - t.totals, plan.data_end))
        self._edits.sheets[entry.part] = cells
        self._resize(entry, cells, region, table, plan.table_last, plan.data_end, grow_to=plan.end)

    def _styles_for_edit(self) -> StyleSheet:
        """The workbook's styles, to add to; spliced in on save."""
        if self._edits.styles is None:
            self._edits.styles = StyleSheet(self._pkg.workbook_related(REL_STYLES))
        return self._edits.styles

    def _resize(self, entry: SheetEntry, cells: SheetCells, region: Region, table: TablePart | None,
                last: int | None, data_end: int | None, grow_to: int | None = None,
                deleted: Sequence[int] = ()) -> None:
        """The Table (and its autofilter) or the sheet's autofilter after rows were added or
        deleted: a Table's ref ends at ``last``, its filter at ``data_end``."""
        assert entry.part is not None
        t = region.table
        if t is not None and table is not None and last is not None:
            left, right = column_letter(t.min_col), column_letter(t.max_col)
            table.ref = f"{left}{t.min_row}:{right}{last}"
            self._edits.tables[table.part] = (
                table.ref, f"{left}{t.min_row}:{right}{data_end}" if table.has_filter else None)
            return
        if t is not None:
            return
        m = re.search(rb"<(?:[\w.-]+:)?autoFilter\b([^>]*)", cells.tail)
        ref = attributes(m.group(1)).get("ref") if m else None
        if not ref:
            return
        a_min_row, a_min_col, a_max_row, a_max_col = split_range(ref)
        if a_min_row != region.header_row:
            return
        a_max_row = filter_last_row(a_min_row, a_max_row, grow_to, deleted)
        self._edits.filters[entry.part] = (f"{column_letter(a_min_col)}{a_min_row}:"
                                           f"{column_letter(a_max_col)}{a_max_row}")

    # -- renaming headers of a user's table --------------------------------------------------------
    def retitle(self, sheet: str, titles: dict[int, str]) -> None:
        """Write ``titles`` (0-based column of ``read_table(sheet)`` -> text) in the table's
        header row, each cell keeping its style; an Excel Table's columns take the names too
        (``new-season``: last season's dated round headers become R1, R2, ...)."""
        if not titles:
            return
        region, table = self._region(self._worksheet(sheet))
        self.set_cells(sheet, {(region.header_row, region.first_column + i): text
                               for i, text in titles.items()})
        if table is not None and region.table is not None:
            offset = region.first_column - region.table.min_col
            named = self._edits.columns.setdefault(table.part, {})
            named.update({i + offset: text for i, text in titles.items()})

    def set_cells(self, sheet: str, values: Mapping[tuple[int, int], Any],
                  header_row: int | None = None) -> None:
        """Put each value (str, int, float or None) at its (row, column) of ``sheet``, both
        1-based; a new cell in ``header_row`` is styled as the header cell left of it."""
        if not values:
            return
        entry = self._worksheet(sheet)
        assert entry.part is not None
        cells = self._sheet_cells(entry)
        self._changed(entry.name)
        for (r, c), value in sorted(values.items()):
            existing = cells.cell(r, c)
            style = existing.style if existing is not None else 0
            if existing is None and r == header_row and c > 1:
                left = cells.cell(r, c - 1)
                style = left.style if left is not None else 0
            cells.put(r, c, value_cell(r, c, value, style, cells.prefix))
        self._edits.sheets[entry.part] = cells

    # -- deleting rows of a user's table ----------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        """Delete data rows (0-based indices into ``read_table(sheet).rows``).

        As Excel's 'Delete Table Rows': the cells below move up within the table's columns only
        (a note to the right of the table stays where it is); formulas that move are translated;
        an Excel Table shrinks with them, keeping at least one (empty) data row.
        """
        entry = self._worksheet(sheet)
        assert entry.part is not None
        region, table = self._region(entry)
        cells = self._sheet_cells(entry)
        merges = self._values(entry).merges
        self._changed(entry.name)
        where = quote_sheet(entry.name)
        plan = plan_delete(region, data_rows, where, self.label)
        if not plan.doomed:
            return
        first_col, last_col = region.first_column, region.last_column
        top = plan.doomed[0]
        for r1, c1, r2, c2 in merges:
            if r2 >= top and c1 <= last_col and c2 >= first_col:
                raise WorkbookFileError(
                    f"Cannot delete rows of {where} in {self.label}: the merged cells "
                    f"{column_letter(c1)}{r1}:{column_letter(c2)}{r2} are in the way; unmerge them first.")
        moving = sorted(((r, c) for r, c, _ in cells.cells() if r >= top and first_col <= c <= last_col),
                        key=lambda rc: rc[0])
        if any(_shared_or_array(cells.cell(r, c)) for r, c in moving):
            _unshare(cells)
        gone = set(plan.doomed)
        for r, c in moving:
            cell = cells.cell(r, c)
            assert cell is not None
            cells.put(r, c, None)
            if r in gone:
                continue
            new_row = plan.new_row(r)
            cells.put(new_row, c, _translated(cell, r, new_row))
        # what refers to the moved cells moves with them, as in Excel (rowshift)
        from keizer_xl.clients.xlsx.rowshift import delete_mapper, shift_sheet

        mapper = delete_mapper(first_col, last_col, plan.doomed)
        cells.tail = shift_sheet(cells.tail, mapper, formulas=True)
        self._edits.names.append((entry.name, mapper))
        self._edits.sheets[entry.part] = cells
        last = plan.table_last
        self._resize(entry, cells, region, table, last, last - region.totals if last is not None else None,
                     deleted=plan.doomed)


# --------------------------------------------------------------------------- sheet helpers


def _covered(merges: list[tuple[int, int, int, int]]) -> set[tuple[int, int]]:
    """The cells covered by a merge other than its top-left one (openpyxl's MergedCell)."""
    out: set[tuple[int, int]] = set()
    for r1, c1, r2, c2 in merges:
        if (r2 - r1 + 1) * (c2 - c1 + 1) > 100_000:
            continue
        out.update((r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1) if (r, c) != (r1, c1))
    return out


def _column_styles(cells: SheetCells, first_col: int, last_col: int) -> dict[int, int]:
    """Styles given to whole columns (<col style=...>), by column number."""
    out: dict[int, int] = {}
    for m in element_re("col").finditer(cells.head):
        a = attributes(m.group(1))
        try:
            style, lo, hi = int(a.get("style", "0")), int(a.get("min", "0")), int(a.get("max", "0"))
        except ValueError:
            continue
        if style:
            for c in range(max(lo, first_col), min(hi, last_col) + 1):
                out[c] = style
    return out


_F_ELEMENT = re.compile(rb"<((?:[\w.-]+:)?)f\b([^>]*?)(?:/>|>(.*?)</(?:[\w.-]+:)?f\s*>)", re.S)


def _shared_or_array(cell: Cell | None) -> bool:
    if cell is None:
        return False
    m = _F_ELEMENT.search(cell.xml)
    return m is not None and attributes(m.group(2)).get("t") in ("shared", "array")


def _translated(cell: Cell, old_row: int, new_row: int) -> Cell:
    """``cell`` moved from ``old_row`` to ``new_row``: its formula translated as Excel moves it
    (openpyxl's Translator, loaded only when a moved cell holds a formula)."""
    moved = cell.moved_to(new_row)
    m = _F_ELEMENT.search(moved.xml)
    if m is None or not m.group(3):
        return moved
    from openpyxl.formula.translate import Translator

    from keizer_xl.clients.xlsx.package import escape

    text = "=" + unescape(m.group(3).decode("utf-8"))
    letter = column_letter(cell.col)
    try:
        new = Translator(text, origin=f"{letter}{old_row}").translate_formula(f"{letter}{new_row}")
    except Exception:  # an unusual formula: keep its text as it is
        return moved
    body = escape(new[1:]).encode()
    xml = moved.xml[:m.start(3)] + body + moved.xml[m.end(3):]
    return Cell(cell.col, xml)


def _unshare(cells: SheetCells) -> None:
    """Every shared formula of the sheet written out in its own cell (as openpyxl keeps them),
    so that cells can move without their group; an array formula that would move is refused."""
    from openpyxl.formula.translate import Translator

    from keizer_xl.clients.xlsx.package import escape

    masters: dict[str, tuple[str, str]] = {}
    for r, c, cell in cells.cells():
        m = _F_ELEMENT.search(cell.xml)
        if m is None:
            continue
        a = attributes(m.group(2))
        if a.get("t") == "array":
            raise WorkbookFileError(Message(
                "Cannot move the array formula in cell {cell}: enter it again after the rows are "
                "deleted, or delete the rows in Excel. Nothing was written.",
                cell=f"{column_letter(c)}{r}"))
        if a.get("t") == "shared" and m.group(3):
            masters[a.get("si", "")] = ("=" + unescape(m.group(3).decode("utf-8")), f"{column_letter(c)}{r}")
    for r, c, cell in list(cells.cells()):
        m = _F_ELEMENT.search(cell.xml)
        if m is None:
            continue
        a = attributes(m.group(2))
        if a.get("t") != "shared" or a.get("si", "") not in masters:
            continue
        text, origin = masters[a["si"]]
        try:
            own = Translator(text, origin=origin).translate_formula(f"{column_letter(c)}{r}")
        except Exception:
            own = text
        prefix = m.group(1)
        element = b"<" + prefix + b"f>" + escape(own[1:]).encode() + b"</" + prefix + b"f>"
        cells.put(r, c, Cell(c, cell.xml[:m.start()] + element + cell.xml[m.end():]))
