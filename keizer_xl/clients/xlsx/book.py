"""The file Book: a season workbook (.xlsx / .xlsm) on disk as a :class:`Book` (issue 25).
Opening runs the preflight (:mod:`.safety`); a sheet is parsed when it is read (:mod:`.reader`:
the values a user sees; a never-calculated formula as its text); writing changes only what the
engine owns (:mod:`.splice`), every other part stays byte for byte.
"""
from __future__ import annotations

import contextlib
import itertools
import os
import re
from pathlib import Path
from typing import Any

from keizer_xl.clients import file_locks
from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.clients.xlsx.cellxml import SheetCells
from keizer_xl.clients.xlsx.reader import (
    MAC_EPOCH,
    WINDOWS_EPOCH,
    Decoder,
    SheetValues,
    shared_strings,
    sheet_values,
)
from keizer_xl.clients.xlsx.package import (
    REL_SHARED_STRINGS,
    REL_STYLES,
    REL_TABLE,
    Package,
    SheetEntry,
    attr,
    attributes,
    element_re,
    same_type,
)
from keizer_xl.clients.xlsx.inspector import Unsupported
from keizer_xl.clients.xlsx.limits import MACRO_SUFFIXES
from keizer_xl.clients.xlsx.safety import (
    save_copy,
    written_path,
    check_save,
    check_suffix,
    read_with_signature,
    preflight,
)
from keizer_xl.clients.xlsx.rowedit import RowEditing
from keizer_xl.clients.xlsx.save import write_atomically
from keizer_xl.clients.xlsx.splice import Edits, splice
from keizer_xl.clients.xlsx.tablepart import TablePart
from keizer_xl.clients.xlsx.stylesheet import StyleSheet
from keizer_xl.errors import KeizerError, Message, MissingPartError
from keizer_xl.sheets.chart import Chart
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.region import Region, find_region
from keizer_xl.sheets.tables import Table, quote_sheet


#: a row's end tag, with its namespace prefix (``x:``) if any
_ROW_END = re.compile(rb"</((?:[A-Za-z_][\w.-]*:)?)row\s*>")


def open_book(path: str | os.PathLike[str]) -> FileBook:
    """Open a season workbook; raises :class:`WorkbookFileError` with a user-facing message."""
    return FileBook(path)


class FileBook(RowEditing):
    """A .xlsx / .xlsm workbook on disk, implementing the :class:`~keizer_xl.sheets.tables.Book` protocol."""

    def __init__(self, path: str | os.PathLike[str], data: bytes | None = None):
        """The workbook in the file ``path``, or one made in memory (``data``: new_book.py)."""
        self.path = Path(path)
        self.label = str(path)
        self.messages: list[str] = []
        check_suffix(self.path, self.label)
        self._signature = (0, 0)  # nothing read from a file: nothing another program changed
        if data is None:
            data, self._signature = read_with_signature(self.path, self.label)
        self._data = data
        info = preflight(self.path, data)
        #: the sheet names as the file lists them (the sheet reader checks for ambiguous input
        #: sheets against this list)
        self.stored_sheets = [s.name for s in info.sheets]
        # saved as the name says (Excel refuses a macro file named .xlsx)
        self.macro_enabled = self.path.suffix.lower() in MACRO_SUFFIXES
        #: what a save would lose: only a macro-enabled file named .xlsx (Excel refuses it)
        self.unsupported: list[Unsupported] = []
        if info.macro_enabled and not self.macro_enabled:
            self.unsupported.append(Unsupported(
                None, "macros (the file is macro-enabled but named .xlsx: rename it to .xlsm)"))
        self._open_package(info.package)

    def _open_package(self, pkg: Package) -> None:
        self._pkg = pkg
        self._edits = Edits()
        self._cells: dict[str, SheetCells] = {}       # parts being edited
        self._sheet_values: dict[str, SheetValues] = {}
        self._decoder: Decoder | None = None
        self._regions: dict[str, Region] = {}
        self._tables: dict[str, Table] = {}
        self._new_sheets: list[str] = []

    @property
    def folder(self) -> str:
        """The workbook's folder: where a path in Settings (``rating_list``) is looked for."""
        return str(self.path.resolve().parent)

    # -- sheets -----------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        written = {n.casefold(): n for n in self._edits.layouts}  # 'standings' becomes 'Standings'
        return [written.get(s.name.casefold(), s.name) if s.kind == "worksheet" else s.name
                for s in self._pkg.sheets] + self._new_sheets

    def _entry(self, sheet: str) -> SheetEntry | None:
        folded = sheet.casefold()
        return next((s for s in self._pkg.sheets if s.name == sheet), None) or \
            next((s for s in self._pkg.sheets if s.name.casefold() == folded), None)

    def _worksheet(self, sheet: str) -> SheetEntry:
        entry = self._entry(sheet)
        if entry is None:
            raise MissingPartError(f"{self.label} has no sheet {sheet!r} (sheets: "
                                   f"{', '.join(self.sheet_names())})")
        if entry.kind != "worksheet" or entry.part is None:
            raise MissingPartError(f"{quote_sheet(entry.name)} in {self.label} is a chart sheet, not a table")
        return entry

    def _sheet_cells(self, entry: SheetEntry) -> SheetCells:
        assert entry.part is not None
        cells = self._cells.get(entry.part)
        if cells is None:
            try:
                cells = SheetCells.parse(self._pkg.read(entry.part))
            except (ValueError, UnicodeDecodeError) as exc:
                raise self._unreadable(entry, str(exc)) from exc
            self._cells[entry.part] = cells
        return cells

    def _unreadable(self, entry: SheetEntry, detail: str) -> WorkbookFileError:
        return WorkbookFileError(
            f"{self.label} could not be read as an Excel workbook (the sheet "
            f"{quote_sheet(entry.name)}: {detail}). Open it in Excel or LibreOffice and save it "
            f"again as .xlsx.")

    def _decode(self) -> Decoder:
        if self._decoder is None:
            pkg = self._pkg
            sst = pkg.workbook_related(REL_SHARED_STRINGS)
            strings = shared_strings(sst) if sst is not None else []
            styles = StyleSheet(pkg.workbook_related(REL_STYLES))
            if self._edits.styles is None:  # the save adds to it: styles.xml not read twice (issue 25)
                self._edits.styles = styles
            dates, spans = styles.date_styles()
            self._decoder = Decoder(strings, dates, spans, MAC_EPOCH if pkg.date1904() else WINDOWS_EPOCH)
        return self._decoder

    def _sheet_xml(self, entry: SheetEntry) -> bytes:
        assert entry.part is not None
        cells = self._cells.get(entry.part)
        return cells.to_bytes() if cells is not None else self._pkg.read(entry.part)

    def _values(self, entry: SheetEntry) -> SheetValues:
        """The sheet's values, read once (again after this book changed the sheet)."""
        assert entry.part is not None
        values = self._sheet_values.get(entry.part)
        if values is None:
            try:
                values = sheet_values(self._sheet_xml(entry), self._decode())
            except (ValueError, UnicodeDecodeError, IndexError) as exc:
                raise self._unreadable(entry, f"{type(exc).__name__}: {exc}") from exc
            self._sheet_values[entry.part] = values
        return values

    def _table_parts(self, entry: SheetEntry) -> list[TablePart]:
        assert entry.part is not None
        rels = self._pkg.rels(entry.part)
        if not any(same_type(r.type, REL_TABLE) for r in rels):
            return []
        targets = {r.id: r.target for r in rels if same_type(r.type, REL_TABLE)}
        out = []
        xml = self._sheet_xml(entry)
        for m in element_re("tablePart").finditer(xml, max(xml.rfind(b"sheetData>"), 0)):
            target = targets.get(attr(attributes(m.group(1)), "id") or "")
            if target and self._pkg.has(target):
                table = TablePart(target, self._pkg.read(target))
                if target in self._edits.tables:  # grown or shrunk by this book, not saved yet
                    table.ref = self._edits.tables[target][0]
                out.append(table)
        return out

    # -- reading ----------------------------------------------------------------------------------
    def _region(self, entry: SheetEntry) -> tuple[Region, TablePart | None]:
        tables = self._table_parts(entry)
        table = self._input_table(entry, tables) if tables else None
        region = self._regions.get(entry.name)
        if region is None:
            region = find_region(self._values(entry).region_cells(),
                                 table.table_ref() if table else None,
                                 table.columns if table is not None else [])
            self._regions[entry.name] = region
        return region, table

    def _input_table(self, entry: SheetEntry, tables: list[TablePart]) -> TablePart:
        """The Excel Table to read: the one with the contract's headers (sheets.read_names.pick_table)."""
        from keizer_xl.sheets.read_names import pick_table

        if len(tables) == 1:
            return tables[0]
        cells = self._values(entry).region_cells()
        header_lists: list[list[Any]] = []
        for t in tables:
            min_row, min_col, _, max_col = t.bounds()
            if t.header_rows == 0:
                header_lists.append(list(t.columns))
            else:
                header_lists.append([cells.get((min_row, c)) for c in range(min_col, max_col + 1)])
        return tables[pick_table(entry.name, header_lists)]

    def _changed(self, title: str) -> None:
        self._regions.pop(title, None)
        self._tables.pop(title, None)
        entry = self._entry(title)
        if entry is not None and entry.part is not None:
            self._sheet_values.pop(entry.part, None)

    def read_table(self, sheet: str) -> Table:
        entry = self._worksheet(sheet)
        table = self._tables.get(entry.name)
        if table is None:
            try:
                table = self._tables[entry.name] = self._read_table(entry)
            except KeizerError:
                raise
            except (ValueError, IndexError, KeyError) as exc:  # a part no Excel writes so
                raise self._unreadable(entry, f"{type(exc).__name__}: {exc}") from exc
        return table

    def _read_table(self, entry: SheetEntry) -> Table:
        values = self._values(entry)
        region, _ = self._region(entry)
        first_col, width = region.first_column, region.width
        lo, hi = region.data_first, region.data_last
        last_col = first_col + width - 1
        rows: list[list[Any]] = [[None] * width for _ in range(max(hi - lo + 1, 0))]
        for (r, c), value in values.shown.items():
            if lo <= r <= hi and first_col <= c <= last_col:
                rows[r - lo][c - first_col] = value
        # the file lacks its formulas' results? Excel and LibreOffice store them; a
        # writer that cannot calculate marks the workbook ``fullCalcOnLoad`` and stores none
        if values.formulas and re.search(rb"<(?:\w+:)?calcPr\b[^>]*\bfullCalcOnLoad\s*=\s*[\"'](?:1|true)",
                                         self._pkg.read(self._pkg.workbook)):
            for (r, c), formula in values.formulas.items():
                if lo <= r <= hi and first_col <= c <= last_col and (r, c) not in values.shown \
                        and (r, c) not in values.stored_text:
                    # never calculated (saved by a program that does not compute): the
                    # formula's text, which the reader refuses with its cell, rather than
                    # guessing "empty"; else an empty result is an empty cell (issue 11)
                    rows[r - lo][c - first_col] = formula
        return Table(sheet=entry.name, headers=region.headers, rows=tuple(tuple(r) for r in rows),
                     header_row=region.header_row, first_column=first_col, outside=region.outside)

    def cell_values(self, sheet: str) -> dict[tuple[int, int], Any]:
        """Every non-empty cell of ``sheet`` as a user sees it, by (row, column): for a sheet
        that is no table (the xlwings.conf sheet)."""
        return dict(self._values(self._worksheet(sheet)).shown)

    def top_cells(self, sheet: str, rows: int, columns: int) -> dict[tuple[int, int], Any]:
        entry = self._worksheet(sheet)
        assert entry.part is not None
        values = self._sheet_values.get(entry.part)
        if values is None and entry.part not in self._cells:
            # the sheet's first rows only (a Standings of 150 x 35 is some 40 ms to read
            # whole): cut after the ``rows``-th row end tag, closed as the file closes them
            xml = self._pkg.read(entry.part)
            ends = list(itertools.islice(_ROW_END.finditer(xml), rows))
            if len(ends) == rows:
                prefix = ends[-1].group(1)
                head = xml[:ends[-1].end()] + b"</%ssheetData></%sworksheet>" % (prefix, prefix)
                with contextlib.suppress(ValueError, UnicodeDecodeError, IndexError):
                    values = sheet_values(head, self._decode())
        if values is None:
            values = self._values(entry)
        return {(r, c): v for (r, c), v in values.shown.items() if r <= rows and c <= columns}

    # -- writing an engine-owned sheet ------------------------------------------------------------
    def write_sheet(self, sheet: str, layout: Layout) -> None:
        entry = self._entry(sheet)
        if entry is not None and entry.kind != "worksheet":
            # the preflight refuses a chart sheet named like an engine sheet; any other name
            raise MissingPartError(f"{quote_sheet(entry.name)} in {self.label} is a chart sheet, not a table")
        name = sheet
        for known in list(self._edits.layouts):
            if known.casefold() == name.casefold():
                del self._edits.layouts[known]
        self._edits.layouts[name] = layout
        if entry is None and not any(n.casefold() == name.casefold() for n in self._new_sheets):
            self._new_sheets.append(name)
        self._changed(name)

    def add_chart(self, sheet: str, chart: Chart) -> None:
        """Draw ``chart`` on the engine sheet ``sheet``, written earlier with :meth:`write_sheet`
        (on save: its chart and drawing parts, :mod:`.chartxml`)."""
        name = next((n for n in self._edits.layouts if n.casefold() == sheet.casefold()), None)
        if name is None:
            raise MissingPartError(f"{self.label}: write the sheet {sheet!r} before drawing on it")
        self._edits.charts.setdefault(name, []).append(chart)

    # -- messages ---------------------------------------------------------------------------------
    def message(self, text: str) -> None:
        # a Message keeps its catalog id: the front end words it in the club's language
        self.messages.append(text if isinstance(text, Message) else str(text))

    # -- what would be lost -----------------------------------------------------------------------
    def unsafe_to_write(self) -> list[str]:
        """What saving this book would lose on sheets the engine does not own, one line each:
        nothing, since it writes only what the engine owns (issue 25), except a macro-enabled
        file named .xlsx, which Excel does not open."""
        return [str(u) for u in self.unsupported if u.kind.startswith("macros (")]

    # -- saving -----------------------------------------------------------------------------------
    def spliced_bytes(self) -> bytes:
        """The workbook as :meth:`save` writes it (also for a caller that builds another file
        from it without writing this one: ``excel-setup``'s .xlsm)."""
        if not self._edits:
            return self._data
        try:
            return splice(self._pkg, self._edits)
        except KeizerError:
            raise
        except (ValueError, KeyError, IndexError, UnicodeDecodeError) as exc:  # a part no Excel writes so
            raise WorkbookFileError(
                f"{self.label} was not changed: its parts could not be updated ({type(exc).__name__}: "
                f"{exc}). Open it in Excel or LibreOffice and save it again as .xlsx.") from exc

    def save(self, force: bool = False) -> None:
        """Write the workbook back to its file: atomically, with a backup of the old version."""
        target = written_path(self.path)
        with file_locks.workbook_lock(target):  # re-entrant: the command line holds it from the read
            if not force:
                check_save(target, self.label, self._signature,
                           lost=self.unsafe_to_write())
            data = self.spliced_bytes()
            # the weekly loop rewrites the workbook it read: on purpose (issue 22: the writer
            # refuses every other write onto a file this run reads)
            write_atomically(data, target, self.label, backup=True, in_place=True)
            st = target.stat()
            self._signature = (st.st_mtime_ns, st.st_size)
            self._data = data
            self._open_package(Package(data, self.label))

    def save_as(self, path: str | os.PathLike[str], force: bool = False) -> None:
        """Write a copy to ``path`` (same atomic procedure; a replaced file is kept as backup)."""
        def write(target: Path) -> None:
            data = self.spliced_bytes()
            write_atomically(data, target, str(path), backup=target.exists())
            self._data = data
            self._open_package(Package(data, self.label))

        save_copy(self, path, force=force, write=write,
                  lost=self.unsafe_to_write)

