"""A worksheet part's cells, edited as the bytes Excel stored (issue 25).

The sheet's XML is split once into what comes before ``<sheetData>``, its rows (each row's
start tag and its cells, each cell's bytes as stored) and what comes after, for the rows the
engine adds, moves or deletes.  Writing puts back the rows that were not touched byte for byte;
only the rows that changed are written anew.  Values are read by :mod:`.reader` (an XML
parser), never from these bytes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterator

from keizer_xl.clients.xlsx.package import element_re, escape
from keizer_xl.sheets.tables import column_letter

_P = rb"(?:[\w.-]+:)?"
_SHEETDATA_OPEN = re.compile(rb"<(" + _P + rb")sheetData\b[^>]*?(/?)>")
_SHEETDATA_CLOSE = re.compile(rb"</" + _P + rb"sheetData\s*>")
_ROW = element_re("row")
_FAST_ROW = re.compile(rb'<row r="(\d+)"([^>]*?)(?:/>|>(.*?)</row>)', re.S)
_CELL = element_re("c")
_REF = re.compile(r"([A-Za-z]{1,3})(\d+)$")
_R_ATTR = re.compile(rb"""(\s)r\s*=\s*(["'])[^"']*\2""")
_S_ATTR = re.compile(rb"""\ss\s*=\s*["'](\d+)["']""")


def col_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def split_ref(ref: str) -> tuple[int, int]:
    """``B5`` -> (5, 2)."""
    m = _REF.match(ref.replace("$", ""))
    if m is None:
        raise ValueError(f"not a cell reference: {ref!r}")
    return int(m.group(2)), col_index(m.group(1))


def split_range(ref: str) -> tuple[int, int, int, int]:
    """``A1:C5`` (or ``B2``) -> (1, 1, 5, 3): first row and column, last row and column."""
    first, _, last = ref.partition(":")
    return (*split_ref(first), *split_ref(last or first))


@dataclass
class Cell:
    """One ``<c>`` as stored (``xml``)."""

    col: int
    xml: bytes
    _style: int | None = None

    @property
    def style(self) -> int:
        """The cell's style (``s``), 0 when it has none."""
        if self._style is None:
            m = _CELL.match(self.xml)
            s = _S_ATTR.search(m.group(1)) if m else None
            self._style = int(s.group(1)) if s else 0
        return self._style

    def moved_to(self, row: int) -> Cell:
        """This cell's bytes with its ``r`` pointing at ``row`` (same column)."""
        ref = f"{column_letter(self.col)}{row}".encode()
        xml, n = _R_ATTR.subn(lambda m: m.group(1) + b'r="' + ref + b'"', self.xml, count=1)
        if n == 0:  # a cell without r (its place implied): give it one
            xml = re.sub(rb"^<(" + _P + rb")c\b", lambda m: m.group(0) + b' r="' + ref + b'"', xml, count=1)
        return Cell(self.col, xml)


class Row:
    """One ``<row>``: its start tag's attributes, its cells (parsed when first asked for) and
    its bytes as stored (None once changed)."""

    __slots__ = ("_body", "_cells", "attrs", "number", "xml")

    def __init__(self, number: int, attrs: bytes, xml: bytes | None, body: bytes | None = None,
                 cells: dict[int, Cell] | None = None):
        self.number = number
        self.attrs = attrs
        self.xml = xml
        self._body = body
        self._cells = cells

    @property
    def cells(self) -> dict[int, Cell]:
        if self._cells is None:
            cells: dict[int, Cell] = {}
            c = 0
            if self._body:
                for cm in _CELL.finditer(self._body):
                    ca = re.search(rb"""(?:^|\s)r\s*=\s*["']\$?([A-Za-z]{1,3})""", cm.group(1))
                    c = col_index(ca.group(1).decode()) if ca else c + 1
                    cells[c] = Cell(c, cm.group(0))
            self._cells = cells
        return self._cells

    def changed(self) -> None:
        _ = self.cells  # parsed before the stored bytes are let go
        self.xml = None


@dataclass
class SheetCells:
    """A worksheet part split into head, rows and tail (see the module docstring)."""

    head: bytes
    rows: dict[int, Row]
    tail: bytes
    prefix: bytes = b""

    @classmethod
    def parse(cls, xml: bytes) -> SheetCells:
        opened = _SHEETDATA_OPEN.search(xml)
        if opened is None:
            raise ValueError("a worksheet without <sheetData>")
        prefix = opened.group(1)
        if opened.group(2):  # <sheetData/>
            head = xml[:opened.start()] + b"<" + prefix + b"sheetData>"
            return cls(head, {}, b"</" + prefix + b"sheetData>" + xml[opened.end():], prefix)
        closed = _SHEETDATA_CLOSE.search(xml, opened.end())
        if closed is None:
            raise ValueError("a worksheet whose <sheetData> does not end")
        rows: dict[int, Row] = {}
        if not prefix:  # rows as every writer writes them, r first: no search per row
            begin, stop = opened.end(), closed.start()
            from keizer_xl.clients.xlsx.rowspans import row_spans

            matches = row_spans(xml, begin, stop)
            if matches is None:
                matches = [(m.start(), m.end(), m.group(1), m.group(2), m.group(3))
                           for m in _FAST_ROW.finditer(xml, begin, stop)]
            if len(matches) == xml.count(b"<row", begin, stop):
                for start, end, number, attrs, body in matches:
                    r = int(number)
                    rows[r] = Row(r, b' r="' + number + b'"' + attrs, xml[start:end], body)
                return cls(xml[:opened.end()], rows, xml[closed.start():], prefix)
        r = 0
        for m in _ROW.finditer(xml, opened.end(), closed.start()):
            head_attrs = m.group(1)
            ra = re.search(rb"""(?:^|\s)r\s*=\s*["'](\d+)["']""", head_attrs)
            r = int(ra.group(1)) if ra else r + 1
            rows[r] = Row(r, head_attrs, m.group(0), m.group(2))
        return cls(xml[:opened.end()], rows, xml[closed.start():], prefix)

    def cell(self, r: int, c: int) -> Cell | None:
        row = self.rows.get(r)
        return row.cells.get(c) if row is not None else None

    def cells(self) -> Iterator[tuple[int, int, Cell]]:
        for r, row in self.rows.items():
            for c, cell in row.cells.items():
                yield r, c, cell

    def put(self, r: int, c: int, cell: Cell | None) -> None:
        row = self.rows.get(r)
        if row is None:
            if cell is None:
                return
            row = self.rows[r] = Row(r, b' r="%d"' % r, None, cells={})
        if cell is None:
            row.cells.pop(c, None)
        else:
            row.cells[c] = cell
        row.changed()

    def to_bytes(self) -> bytes:
        p = self.prefix
        parts = [self.head]
        for r in sorted(self.rows):
            row = self.rows[r]
            if row.xml is not None:
                parts.append(row.xml)
                continue
            # an empty row is kept when it carries a height, style or hidden flag of its own
            if not row.cells and not re.search(rb"""\s(?:ht|s|hidden|customFormat)\s*=""", row.attrs):
                continue
            # spans is an optional hint of the row's columns: dropped rather than kept wrong
            attrs = re.sub(rb"""\s(?:r|spans)\s*=\s*["'][^"']*["']""", b"", row.attrs)
            cells = b"".join(row.cells[c].xml for c in sorted(row.cells))
            parts.append(b"<" + p + b'row r="%d"' % r + attrs + b">" + cells + b"</" + p + b"row>")
        parts.append(self.tail)
        return b"".join(parts)

    def extent(self) -> tuple[int, int]:
        """(last row, last column) holding a cell: the rows changed are looked at, the others
        by whether they hold anything, their columns by the sheet's old ``<dimension>``."""
        last_r, last_c = 1, 1
        m = re.search(rb"""<(?:[\w.-]+:)?dimension\s+ref\s*=\s*["'][^"':]*:?\$?([A-Za-z]{1,3})""", self.head)
        if m is not None:
            last_c = col_index(m.group(1).decode())
        for r, row in self.rows.items():
            if row.xml is None or row._cells is not None:
                if row.cells:
                    last_r = max(last_r, r)
                    last_c = max(last_c, max(row.cells))
            elif row._body and b"<" in row._body:
                last_r = max(last_r, r)
        return last_r, last_c


def value_cell(r: int, c: int, value: Any, style: int, prefix: bytes = b"") -> Cell:
    """A new cell holding ``value`` (str, bool, int, float: already converted to a cell value
    and, for dates, to a serial number), with style ``style``; text as an inline string, so
    that text starting with '=' is never a formula.  ``prefix``: the sheet's namespace prefix
    for its cells (``x:`` where the main namespace is not the default one)."""
    ref = f"{column_letter(c)}{r}"
    s = f' s="{style}"' if style else ""
    p = prefix.decode()
    if value is None:
        return Cell(c, f'<{p}c r="{ref}"{s}/>'.encode())
    if isinstance(value, bool):
        return Cell(c, f'<{p}c r="{ref}"{s} t="b"><{p}v>{int(value)}</{p}v></{p}c>'.encode())
    if isinstance(value, (int, float)):
        return Cell(c, f'<{p}c r="{ref}"{s}><{p}v>{number_text(value)}</{p}v></{p}c>'.encode())
    text = str(value)
    space = ' xml:space="preserve"' if text != text.strip() or "\n" in text else ""
    return Cell(c, f'<{p}c r="{ref}"{s} t="inlineStr"><{p}is><{p}t{space}>{escape(text)}</{p}t>'
                   f'</{p}is></{p}c>'.encode())


def number_text(value: int | float) -> str:
    if isinstance(value, int):
        return str(value)
    return repr(value)  # 1.0 stays "1.0": read back as the float it was
