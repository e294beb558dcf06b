"""The openpyxl Book: a season workbook loaded whole into openpyxl's object model, the oracle
the file book (``keizer_xl.clients.xlsx.book.FileBook``, which reads and writes without
openpyxl) is compared with: it shipped as the package's second writer until issue 38.

* Reading yields the values a user sees: a formula cell gives its cached result (a second,
  value-only copy of the workbook is loaded lazily, only when a formula is actually read).
  Text that starts with ``=`` stays text, both when read and when written.
* :meth:`OpenpyxlBook.unsafe_to_write` reports what openpyxl would drop on sheets the engine
  does not own, and :meth:`OpenpyxlBook.save` refuses to write while any are present (unless
  ``force=True``).
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import warnings
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast
from collections.abc import Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

from keizer_xl.clients import file_locks
from keizer_xl.clients.files import WorkbookFileError
from support.openpyxl_cells import (
    convert_value,
    apply_page_setup,
    plain_value,
    store_cell,
    style_array_for,
    column_styles,
    input_table,
    table_ref,
)
from keizer_xl.clients.xlsx.inspector import Unsupported
from keizer_xl.clients.xlsx.safety import (
    save_copy,
    written_path,
    check_save,
)
from keizer_xl.clients.xlsx.save import write_atomically
from keizer_xl.errors import Message, MissingPartError
from keizer_xl.sheets.layout import Layout, Style
from keizer_xl.sheets.region import Region, filter_last_row, find_region, plan_append, plan_delete
from keizer_xl.sheets.read_names import OWNED_SHEETS as _OWNED
from keizer_xl.sheets.tables import Table, column_letter, quote_sheet

OWNED_SHEETS = frozenset(_OWNED)


def openpyxl_book(path: str | os.PathLike[str]) -> OpenpyxlBook:
    """``path`` loaded whole into openpyxl, after the file book's preflight."""
    from keizer_xl.clients.xlsx.book import FileBook

    book = FileBook(path)
    return OpenpyxlBook(book.path, book.label, book._data, book._signature, list(book.stored_sheets),
                        book.macro_enabled, list(book.unsupported), set())


def caused_by_defusedxml(exc: BaseException | None) -> bool:
    """True when defusedxml refused an XML part (openpyxl wraps the error in a ValueError)."""
    from defusedxml import DefusedXmlException

    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, DefusedXmlException):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


class OpenpyxlBook:
    """A .xlsx / .xlsm workbook loaded into openpyxl, implementing the
    :class:`~keizer_xl.sheets.tables.Book` protocol."""

    def __init__(self, path: Path, label: str, data: bytes, signature: tuple[int, int],
                 stored_sheets: list[str], macro_enabled: bool, unsupported: list[Unsupported],
                 written: set[str]):
        self.path = path
        self.label = label
        self.messages: list[str] = []
        self._signature = signature
        self._data = data
        self.stored_sheets = stored_sheets
        self.macro_enabled = macro_enabled
        self.unsupported = unsupported
        self._written: set[str] = set(written)
        self._values_wb: Workbook | None = None
        self._calculated: bool | None = None  # see _cached_values_saved
        # formula cells moved by append_rows / delete_rows: sheet -> {(row, col) now: as loaded},
        # so a cached result is still looked up where Excel stored it
        self._moved: dict[str, dict[tuple[int, int], tuple[int, int]]] = {}
        # each sheet's region and table, found once per run (issue 12: scan each sheet once);
        # forgotten when this book changes the sheet (append_rows, delete_rows, write_sheet)
        self._regions: dict[str, Region] = {}
        self._tables: dict[str, Table] = {}
        self.wb = self._load(data_only=False)
        self.wb.template = False  # saved as a workbook, never as a template

    # -- loading ------------------------------------------------------------------------------
    def _load(self, *, data_only: bool) -> Workbook:
        import openpyxl

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                wb = openpyxl.load_workbook(io.BytesIO(self._data), data_only=data_only,
                                            keep_vba=self.macro_enabled and not data_only,
                                            keep_links=True, rich_text=False)
            except Exception as exc:  # openpyxl raises many kinds; the user needs one message
                name = type(exc).__name__
                if caused_by_defusedxml(exc):
                    raise WorkbookFileError(
                        f"{self.label} contains XML entity declarations, which Excel never writes "
                        f"(an 'XML bomb'); refused for safety.") from exc
                raise WorkbookFileError(
                    f"{self.label} could not be read as an Excel workbook ({name}: {exc}). Open it in "
                    f"Excel or LibreOffice and save it again as .xlsx.") from exc
        if not data_only:
            self._note_warnings(caught)
        # keep_vba: openpyxl keeps the macro parts in a zip archive open in 'a' mode on a buffer
        # and never closes it; left to the garbage collector the buffer may be closed first and
        # the archive's own clean-up fails ('Exception ignored in ZipFile.__del__', issue 15).
        # Closed as soon as the workbook is gone (weakref callbacks run before __del__ methods).
        archive = getattr(wb, "vba_archive", None)
        if archive is not None:
            weakref.finalize(wb, archive.close)
        return wb

    _WARNING_KINDS: ClassVar[dict[str, str]] = {
        "conditional formatting": "conditional formatting",
        "data validation": "data validation",
        "sparkline": "sparklines",
        "slicer": "slicer",
        "protected range": "protected ranges",
        "web extension": "web extension",
        "timeline": "timeline",
    }

    def _note_warnings(self, caught: Iterable[warnings.WarningMessage]) -> None:
        """openpyxl warns about parts it is going to drop; report any the preflight missed."""
        known = " | ".join(u.kind.lower() for u in self.unsupported)
        for w in caught:
            text = str(w.message)
            if "will be removed" not in text or text.startswith("Ignored Error"):
                continue
            lowered = text.lower()
            keyword = next((k for k in self._WARNING_KINDS if k in lowered), None)
            if keyword is not None and self._WARNING_KINDS[keyword] in known:
                continue
            kind = f"an Excel feature this tool cannot keep ({text})"
            if kind.lower() not in known:
                known += " | " + kind.lower()
                self.unsupported.append(Unsupported(None, kind))

    def _values(self) -> Workbook:
        """The workbook as last saved by Excel, formulas replaced by their cached results."""
        if self._values_wb is None:
            self._values_wb = self._load(data_only=True)
        return self._values_wb

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self.wb.sheetnames)

    def _find(self, sheet: str) -> Any:
        if sheet in self.wb.sheetnames:
            return self.wb[sheet]
        folded = sheet.casefold()
        for ws in self.wb._sheets:  # type: ignore[attr-defined]  # every sheet, chart sheets too
            if ws.title.casefold() == folded:
                return ws
        return None

    def _worksheet(self, sheet: str) -> Any:
        ws = self._find(sheet)
        if ws is None:
            raise MissingPartError(
                f"{self.label} has no sheet {sheet!r} (sheets: {', '.join(self.wb.sheetnames)})"
            )
        if not hasattr(ws, "_cells"):
            raise MissingPartError(f"{quote_sheet(ws.title)} in {self.label} is a chart sheet, not a table")
        return ws

    # -- reading ------------------------------------------------------------------------------
    def _region(self, ws: Any) -> Region:
        region = self._regions.get(ws.title)
        if region is not None:
            return region
        table = input_table(ws) if ws.tables else None
        names = [col.name for col in table.tableColumns] if table is not None and table.tableColumns else []
        values = {rc: cell.value for rc, cell in ws._cells.items() if cell.value is not None}
        region = find_region(values, table_ref(table) if table is not None else None, names)
        self._regions[ws.title] = region
        return region

    def _changed(self, title: str) -> None:
        """``title`` was changed by this book: its region and table are found again."""
        self._regions.pop(title, None)
        self._tables.pop(title, None)

    def read_table(self, sheet: str) -> Table:
        ws = self._worksheet(sheet)
        table = self._tables.get(ws.title)
        if table is None:
            table = self._tables[ws.title] = self._read_table(ws)
        return table

    def _read_table(self, ws: Any) -> Table:
        region = self._region(ws)
        first_col, width = region.first_column, region.width
        n = region.data_last - region.data_first + 1
        rows: list[list[Any]] = [[None] * width for _ in range(max(n, 0))]
        formulas: list[tuple[int, int, Any]] = []
        if n > 0:
            lo, hi = region.data_first, region.data_last
            last_col = first_col + width - 1
            for (r, c), cell in ws._cells.items():
                if lo <= r <= hi and first_col <= c <= last_col:
                    value = cell._value
                    if value is None:
                        continue
                    if cell.data_type == "f":
                        formulas.append((r, c, value))
                    else:
                        rows[r - lo][c - first_col] = value
            if formulas:
                values_ws = self._values_sheet(ws.title)
                moved = self._moved.get(ws.title, {})
                for r, c, formula in formulas:
                    cached = None
                    stored_text = False
                    if values_ws is not None:
                        vcell = values_ws._cells.get(moved.get((r, c), (r, c)))
                        cached = vcell.value if vcell is not None else None
                        # t="str": the program that saved the file calculated a text result,
                        # "" for =IF(F16="","",F16) (openpyxl never writes t on a formula cell)
                        stored_text = vcell is not None and vcell.data_type == "str"
                    if cached is None and not stored_text and not self._cached_values_saved():
                        # never calculated (saved by a program that does not compute, e.g.
                        # openpyxl): the formula's text, which the reader refuses with its cell,
                        # rather than guessing "empty"
                        cached = (
                            formula if isinstance(formula, str) else getattr(formula, "text", str(formula))
                        )
                    # else: Excel or LibreOffice stored an empty result (=IF(F16="","",F16) for a
                    # game not played yet): the cell is empty (issue 11)
                    rows[r - lo][c - first_col] = cached
        return Table(sheet=ws.title, headers=region.headers, rows=tuple(tuple(r) for r in rows),
                     header_row=region.header_row, first_column=first_col, outside=region.outside)

    def _cached_values_saved(self) -> bool:
        """Whether the file holds the results of its formulas as last calculated: Excel and
        LibreOffice store them; a writer that cannot calculate (openpyxl, this tool's own file
        client) marks the workbook ``fullCalcOnLoad`` and stores none."""
        if self._calculated is None:
            import zipfile

            self._calculated = True
            try:
                with zipfile.ZipFile(io.BytesIO(self._data)) as zf:
                    for info in zf.infolist():
                        name = info.filename.lower()
                        if name.endswith("workbook.xml") and "_rels" not in name and \
                                info.file_size < 8_000_000:
                            text = zf.read(info).decode("utf-8", "replace")
                            if re.search(r"<(?:\w+:)?calcPr\b[^>]*\bfullCalcOnLoad\s*=\s*[\"'](?:1|true)",
                                         text):
                                self._calculated = False
                            break
            except Exception:  # a damaged part (zlib.error, ...): trust no cached value
                self._calculated = False
        return self._calculated

    def _values_sheet(self, title: str) -> Any:
        values = self._values()
        if title in values.sheetnames:
            ws = values[title]
            return ws if hasattr(ws, "_cells") else None
        return None

    def top_cells(self, sheet: str, rows: int, columns: int) -> dict[tuple[int, int], Any]:
        ws = self._worksheet(sheet)
        return {(r, c): ws._cells[(r, c)].value for r in range(1, rows + 1)
                for c in range(1, columns + 1)
                if (r, c) in ws._cells and ws._cells[(r, c)].value is not None}

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, layout: Layout) -> None:
        ws = self._fresh_sheet(sheet)
        cells, styles = layout.grid, layout.styles()
        arrays: dict[Style | None, Any] = {}
        for r, row in enumerate(cells, 1):
            for c, value in enumerate(row, 1):
                conv = convert_value(value)
                style = styles.pop((r, c), None)
                if conv is not None or style is not None:
                    if style not in arrays:
                        arrays[style] = style_array_for(ws, layout, style)
                    store_cell(ws, r, c, conv or (None, "n"), arrays[style])
        for (r, c), style in styles.items():  # styled cells beyond a row's values
            store_cell(ws, r, c, (None, "n"), style_array_for(ws, layout, style))
        for j, width in enumerate(layout.widths, 1):
            ws.column_dimensions[column_letter(j)].width = width
        for r, height in layout.heights:
            ws.row_dimensions[r].height = height
        if layout.freeze_rows:
            ws.freeze_panes = f"A{layout.freeze_rows + 1}"
        apply_page_setup(ws, layout.page, len(layout.grid), layout.width)

    def _fresh_sheet(self, sheet: str) -> Any:
        """An empty sheet in the place (and with the tab state) of the old one, if any."""
        existing = self._find(sheet)
        if existing is not None:
            index = self.wb.index(existing)
            selected = bool(getattr(existing, "sheet_view", None) and existing.sheet_view.tabSelected)
            tab_color = getattr(existing.sheet_properties, "tabColor", None)
            state = existing.sheet_state
            self.wb.remove(existing)
            ws = self.wb.create_sheet(sheet, index)
            ws.sheet_view.tabSelected = selected
            ws.sheet_properties.tabColor = tab_color
            ws.sheet_state = state
        else:
            ws = self.wb.create_sheet(sheet)
        self._written.add(ws.title)
        self._moved.pop(ws.title, None)
        self._changed(ws.title)
        return ws

    def set_cells(self, sheet: str, values: Mapping[tuple[int, int], Any],
                  header_row: int | None = None) -> None:
        """Put each value at its (row, column) of ``sheet`` (rowedit.RowEditing's, here)."""
        ws = self._worksheet(sheet)
        for (r, c), value in values.items():
            ws.cell(row=r, column=c).value = value
        self._changed(ws.title)

    # -- appending to a user's table ----------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        from openpyxl.cell.cell import MergedCell

        rows = list(rows)
        if not rows:
            return
        ws = self._worksheet(sheet)
        region = self._region(ws)
        self._changed(ws.title)  # whatever happens below, the sheet is read afresh
        where, cells = quote_sheet(ws.title), ws._cells
        others = [table_ref(t) for t in ws.tables.values()]
        plan, problems = plan_append(region, rows, others, where, self.label)
        problems = problems or plan.in_the_way(region, lambda r, c: plain_value(cells.get((r, c))),
                                               where, self.label)
        if problems:
            raise WorkbookFileError(problems[0])
        first_col, last_col = region.first_column, region.last_column
        for r in range(plan.start, plan.end + 1 + (region.totals if plan.shift else 0)):
            for c in range(first_col, last_col + 1):
                if isinstance(cells.get((r, c)), MergedCell):
                    raise WorkbookFileError(
                        f"Cannot add rows to {where} in {self.label}: cell {column_letter(c)}{r} "
                        f"below the table is part of merged cells; unmerge them first.")
        for r in range(plan.totals_at + region.totals - 1, plan.totals_at - 1, -1) if plan.shift else ():
            for c in range(first_col, last_col + 1):
                moved = cells.pop((r, c), None)
                if moved is not None:
                    moved.row = r + plan.shift
                    cells[(r + plan.shift, c)] = moved
                    self._note_move(ws.title, (r, c), (r + plan.shift, c))
        col_styles = column_styles(ws, first_col, last_col)
        for r, placed in enumerate(plan.rows, plan.start):
            for c in range(first_col, last_col + 1):
                existing = cells.get((r, c))
                style_array = None
                if existing is None or not existing.has_style:
                    above = cells.get((r - 1, c)) if r - 1 >= region.data_first else None
                    if above is not None and above.has_style:
                        style_array = above._style
                    elif col_styles.get(c) is not None:
                        style_array = col_styles[c]
                conv = convert_value(placed.get(c - first_col))
                if conv is not None or style_array is not None:
                    store_cell(ws, r, c, conv or (None, "n"), style_array)
        self._resize(ws, region, plan.table_last, plan.data_end, grow_to=plan.end)

    def _resize(self, ws: Any, region: Region, last: int | None, data_end: int | None,
                grow_to: int | None = None, deleted: Sequence[int] = ()) -> None:
        """The Table (and its autofilter) or the sheet's autofilter after rows were added or
        deleted: a Table's ref ends at ``last``, its filter at ``data_end``."""
        from openpyxl.utils.cell import range_boundaries

        t = region.table
        if t is not None and last is not None:
            table = next(iter(ws.tables.values()))  # the region's Table: the first
            left, right = column_letter(t.min_col), column_letter(t.max_col)
            table.ref = f"{left}{t.min_row}:{right}{last}"
            if table.autoFilter is not None:
                table.autoFilter.ref = f"{left}{t.min_row}:{right}{data_end}"
        elif t is None and ws.auto_filter.ref:
            # an autofilter's ref is a whole range (A1:D10): no bound is None
            a_min_col, a_min_row, a_max_col, a_max_row = cast("tuple[int, int, int, int]",
                                                              range_boundaries(ws.auto_filter.ref))
            if a_min_row != region.header_row:
                return
            a_max_row = filter_last_row(a_min_row, a_max_row, grow_to, deleted)
            ws.auto_filter.ref = (
                f"{column_letter(a_min_col)}{a_min_row}:{column_letter(a_max_col)}{a_max_row}"
            )

    # -- deleting rows of a user's table ------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        """Delete data rows (0-based indices into ``read_table(sheet).rows``).

        As Excel's 'Delete Table Rows': the cells below move up within the table's columns only
        (a note to the right of the table stays where it is); formulas that move are translated;
        an Excel Table shrinks with them, keeping at least one (empty) data row.
        """
        from openpyxl.formula.translate import Translator

        ws = self._worksheet(sheet)
        region = self._region(ws)
        self._changed(ws.title)  # whatever happens below, the sheet is read afresh
        where = quote_sheet(ws.title)
        plan = plan_delete(region, data_rows, where, self.label)
        if not plan.doomed:
            return
        first_col, last_col = region.first_column, region.last_column
        top = plan.doomed[0]
        for merged in ws.merged_cells.ranges:
            if merged.max_row >= top and merged.min_col <= last_col and merged.max_col >= first_col:
                raise WorkbookFileError(
                    f"Cannot delete rows of {where} in {self.label}: the merged cells {merged.coord} "
                    f"are in the way; unmerge them first.")
        cells = ws._cells
        gone = set(plan.doomed)
        moving = sorted(((r, c) for (r, c) in cells
                         if r >= top and first_col <= c <= last_col), key=lambda rc: rc[0])
        for r, c in moving:
            cell = cells.pop((r, c))
            if r in gone:
                self._note_move(ws.title, (r, c), None)
                continue
            new_row = plan.new_row(r)
            if cell.data_type == "f" and isinstance(cell._value, str):
                with contextlib.suppress(Exception):  # an unusual formula: keep its text as it is
                    cell._value = Translator(cell._value, origin=f"{column_letter(c)}{r}") \
                        .translate_formula(f"{column_letter(c)}{new_row}")
            cell.row = new_row
            cells[(new_row, c)] = cell
            self._note_move(ws.title, (r, c), (new_row, c))
        last = plan.table_last
        self._resize(ws, region, last, last - region.totals if last is not None else None,
                     deleted=plan.doomed)

    def _note_move(self, title: str, old: tuple[int, int], new: tuple[int, int] | None) -> None:
        moved = self._moved.setdefault(title, {})
        origin = moved.pop(old, old)
        if new is not None:
            moved[new] = origin

    # -- messages -----------------------------------------------------------------------------
    def message(self, text: str) -> None:
        # a Message keeps its catalog id: the front end words it in the club's language
        self.messages.append(text if isinstance(text, Message) else str(text))

    # -- what would be lost -------------------------------------------------------------------
    def unsafe_to_write(self, owned_sheets: Iterable[str] = OWNED_SHEETS) -> list[str]:
        """What openpyxl would drop on sheets the engine does not own, one line each."""
        owned = {s.casefold() for s in owned_sheets}
        return [str(u) for u in self.unsupported
                if u.sheet is None or u.sheet.casefold() not in owned]

    # -- saving -------------------------------------------------------------------------------
    def _bytes(self) -> bytes:
        """openpyxl's ``Workbook.save`` into memory: its zip writer never gets the file, so a
        save that fails half-way cannot leave zip objects that later seek a closed file
        ('ValueError: seek of closed file', issue 11)."""
        buffer = io.BytesIO()
        self.wb.save(buffer)
        return buffer.getvalue()

    def save(self, force: bool = False) -> None:
        """Write the workbook back to its file: atomically, with a backup of the old version."""
        target = written_path(self.path)
        with file_locks.workbook_lock(target):  # re-entrant: the command line holds it from the read
            if not force:
                check_save(target, self.label, self._signature,
                           lost=self.unsafe_to_write(OWNED_SHEETS | self._written))
            # the weekly loop rewrites the workbook it read: on purpose (issue 22: the writer
            # refuses every other write onto a file this run reads)
            write_atomically(self._bytes(), target, self.label, backup=True, in_place=True)
            st = target.stat()
            self._signature = (st.st_mtime_ns, st.st_size)

    def save_as(self, path: str | os.PathLike[str], force: bool = False) -> None:
        """Write a copy to ``path`` (same atomic procedure; a replaced file is kept as backup)."""
        save_copy(self, path, force=force,
                  write=lambda target: write_atomically(self._bytes(), target, str(path),
                                                        backup=target.exists()),
                  lost=lambda: self.unsafe_to_write(OWNED_SHEETS | self._written))

