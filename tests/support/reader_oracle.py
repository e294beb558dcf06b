"""openpyxl as the oracle of the file client's own reader (issue 25).

``sheet_values(path)``: every worksheet's non-empty cells as openpyxl reads them (formulas as
their cached results, ``data_only=True``), against ``fast_values(path)``: the same from
``FileBook``'s reader (clients/xlsx/reader.py).  ``install(monkeypatch)`` makes every
``FileBook.read_table`` in a test run also read the table through openpyxl and compare
(``KEIZER_XL_READER_ORACLE=1``, tests/conftest.py), so the whole test suite can be run against the oracle.
"""
from __future__ import annotations

import io
import math
import zipfile
from pathlib import Path
from typing import Any

import openpyxl

from keizer_xl.clients.xlsx.book import FileBook
from support.openpyxl_book import openpyxl_book


#: strict OOXML's namespaces and the transitional ones openpyxl reads (it reads a strict
#: workbook's sheets as empty; Excel reads them as their transitional twins)
STRICT = {b"http://purl.oclc.org/ooxml/spreadsheetml/main":
          b"http://schemas.openxmlformats.org/spreadsheetml/2006/main",
          b"http://purl.oclc.org/ooxml/officeDocument/relationships":
          b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
          b"http://purl.oclc.org/ooxml/drawingml/main": b"http://schemas.openxmlformats.org/drawingml/2006/main"}


def transitional(data: bytes) -> bytes:
    """A strict OOXML package as its transitional twin (the same parts, the namespaces
    renamed); any other package as it is."""
    with zipfile.ZipFile(io.BytesIO(data)) as zin:
        if not any(strict in zin.read(i) for i in zin.infolist()
                   if i.filename.endswith((".xml", ".rels")) for strict in STRICT):
            return data
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                part = zin.read(info)
                if info.filename.endswith((".xml", ".rels")):
                    for strict, plain in STRICT.items():
                        part = part.replace(strict, plain)
                zout.writestr(info, part)
    return out.getvalue()


def sheet_values(path: Path) -> dict[str, dict[tuple[int, int], Any]]:
    """Every worksheet's values as openpyxl reads them (a strict workbook: its transitional twin)."""
    from openpyxl.worksheet._reader import WorksheetReader

    # openpyxl writes a hyperlink's target into an empty cell that carries the link (the
    # setter of Cell.hyperlink); Excel shows the cell empty, and so does the file client
    keep = WorksheetReader.bind_hyperlinks
    WorksheetReader.bind_hyperlinks = lambda self: None  # type: ignore[method-assign]
    try:
        wb = openpyxl.load_workbook(io.BytesIO(transitional(Path(path).read_bytes())), data_only=True,
                                    rich_text=False)
    finally:
        WorksheetReader.bind_hyperlinks = keep  # type: ignore[method-assign]
    out = {}
    for ws in wb.worksheets:
        out[ws.title] = {rc: c.value for rc, c in ws._cells.items() if c.value is not None}
    return out


def fast_values(path: Path) -> tuple[dict[str, dict[tuple[int, int], Any]], list[str]]:
    """The same from the file client's reader (clients/xlsx/reader.py), and the sheets it
    reads as no worksheet (macro and dialog sheets, which openpyxl reads as worksheets)."""
    book = FileBook(path)
    out = {}
    for entry in book._pkg.sheets:
        if entry.kind == "worksheet":
            out[entry.name] = book.cell_values(entry.name)
    return out, [e.name for e in book._pkg.sheets if e.kind == "other"]


def same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return type(a) is type(b) and a == b


def compare(want: dict[str, dict[tuple[int, int], Any]], got: dict[str, dict[tuple[int, int], Any]],
            others: list[str]) -> tuple[list[str], int]:
    """(the differences, one line each, the cells compared): every worksheet's every cell;
    ``others``, the sheets the file client reads as no worksheet, left out."""
    want = {name: values for name, values in want.items() if name not in others}
    out = []
    if list(want) != list(got):
        out.append(f"sheets: openpyxl {list(want)} != {list(got)}")
    cells = 0
    for sheet, values in want.items():
        mine = got.get(sheet, {})
        for rc in sorted(set(values) | set(mine)):
            cells += 1
            if not same(values.get(rc), mine.get(rc)):
                out.append(f"{sheet}!R{rc[0]}C{rc[1]}: openpyxl {values.get(rc)!r} != {mine.get(rc)!r}")
    return out, cells


def differences(path: Path) -> list[str]:
    return compare(sheet_values(path), *fast_values(path))[0]


def install(monkeypatch: Any) -> None:
    """Every read_table of an unchanged FileBook compared with openpyxl's read of the file."""
    real = FileBook.read_table

    def checked(self: FileBook, sheet: str) -> Any:
        table = real(self, sheet)
        if not self._edits:
            expected = openpyxl_book(self.path).read_table(sheet)
            assert (table.headers, table.header_row, table.first_column) == \
                (expected.headers, expected.header_row, expected.first_column), sheet
            assert len(table.rows) == len(expected.rows), sheet
            for i, (mine, theirs) in enumerate(zip(table.rows, expected.rows, strict=True)):
                assert all(same(a, b) for a, b in zip(mine, theirs, strict=True)), (sheet, i, mine, theirs)
        return table

    monkeypatch.setattr(FileBook, "read_table", checked)
