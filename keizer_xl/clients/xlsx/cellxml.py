"""A worksheet part's cells, read and edited as the bytes Excel stored (issue 25).

The sheet's XML is split once into what comes before ``<sheetData>``, its rows (each row's
start tag and its cells, each cell's bytes as stored) and what comes after.  Values are decoded
from a cell's bytes the way openpyxl reads them (``tests/clients/test_fast_read.py`` compares
the two on every workbook the tests build): shared strings, inline and rich text (phonetic runs
left out), numbers as int or float, dates by the cell's number format (1900 or 1904 epoch),
booleans, error codes as text; a formula cell gives its cached result.  Writing puts back the
rows that were not touched byte for byte; only the rows that changed are written anew.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterator

from keizer_xl.clients.xlsx.package import element_re, escape, unescape
from keizer_xl.sheets.tables import column_letter

_P = rb"(?:[\w.-]+:)?"
_SHEETDATA_OPEN = re.compile(rb"<(" + _P + rb")sheetData\b[^>]*?(/?)>")
_SHEETDATA_CLOSE = re.compile(rb"</" + _P + rb"sheetData\s*>")
_ROW = element_re("row")
_FAST_ROW = re.compile(rb'<row r="(\d+)"([^>]*?)(?:/>|>(.*?)</row>)', re.S)
_CELL = element_re("c")
_V = re.compile(rb"<" + _P + rb"v\b[^>]*?(?:/>|>(.*?)</" + _P + rb"v\s*>)", re.S)
_F = re.compile(rb"<" + _P + rb"f\b([^>]*?)(?:/>|>(.*?)</" + _P + rb"f\s*>)", re.S)
_IS = element_re("is")
_T = re.compile(rb"<" + _P + rb"t\b[^>]*?(?:/>|>(.*?)</" + _P + rb"t\s*>)", re.S)
_RPH = re.compile(rb"<" + _P + rb"rPh\b.*?</" + _P + rb"rPh\s*>", re.S)
_REF = re.compile(r"([A-Za-z]{1,3})(\d+)$")
_R_ATTR = re.compile(rb"""(\s)r\s*=\s*(["'])[^"']*\2""")
_S_ATTR = re.compile(rb"""\ss\s*=\s*["'](\d+)["']""")
_T_ATTR = re.compile(rb"""\st\s*=\s*["'](\w+)["']""")

WINDOWS_EPOCH = dt.datetime(1899, 12, 30)
MAC_EPOCH = dt.datetime(1904, 1, 1)


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


def text_of(xml: bytes) -> str:
    """The plain text of a string item (``<si>`` or ``<is>``): its ``<t>`` runs, phonetic runs
    (``<rPh>``) left out, as openpyxl's ``Text.content``; ``_x005F_`` as openpyxl reads it."""
    xml = _RPH.sub(b"", xml)
    return "".join(unescape(m.group(1).decode("utf-8")) for m in _T.finditer(xml)
                   if m.group(1) is not None)


def shared_strings(xml: bytes) -> list[str]:
    return [text_of(m.group(2) or b"").replace("x005F_", "") for m in element_re("si").finditer(xml)]


@dataclass
class Decoder:
    """What turns a cell's bytes into its value: the shared strings, the styles that are dates
    (and durations), the epoch."""

    strings: list[str]
    date_styles: frozenset[int]
    timedelta_styles: frozenset[int]
    epoch: dt.datetime = WINDOWS_EPOCH

    def value(self, cell: Cell) -> Any:
        """The value a user sees: a formula's cached result, None when there is none."""
        kind, raw, inline = cell.kind, cell.raw, cell.inline
        if kind == "inlineStr":
            return text_of(inline) if inline is not None else None
        if raw is None or raw == "":
            return None
        if kind in ("n", ""):
            number: int | float = float(raw) if ("." in raw or "e" in raw or "E" in raw) else int(raw)
            if cell.style in self.date_styles:
                try:
                    return from_excel(number, self.epoch, cell.style in self.timedelta_styles)
                except (OverflowError, ValueError):
                    return "#VALUE!"  # openpyxl: a date out of range becomes an error cell
            return number
        if kind == "s":
            return self.strings[int(raw)]
        if kind == "b":
            return bool(int(raw))
        if kind == "d":
            return _iso(raw)
        return raw  # str (a formula's text result), e (an error code)


def from_excel(value: float, epoch: dt.datetime, timedelta: bool = False) -> Any:
    """An Excel serial as a date, time or duration, as openpyxl reads it."""
    if timedelta:
        td = dt.timedelta(days=value)
        if td.microseconds:
            td = dt.timedelta(seconds=td.total_seconds() // 1, microseconds=round(td.microseconds, -3))
        return td
    day, fraction = divmod(value, 1)
    diff = dt.timedelta(milliseconds=round(fraction * 86400 * 1000))
    if 0 <= value < 1 and diff.days == 0:
        seconds = diff.seconds
        return dt.time(seconds // 3600, seconds // 60 % 60, seconds % 60, diff.microseconds)
    if 0 < value < 60 and epoch == WINDOWS_EPOCH:
        day += 1  # Excel's 29 February 1900, which never was
    return epoch + dt.timedelta(days=day) + diff


def _iso(text: str) -> Any:
    try:
        if "T" in text or " " in text:
            return dt.datetime.fromisoformat(text.rstrip("Z"))
        if ":" in text:
            return dt.time.fromisoformat(text)
        return dt.datetime.fromisoformat(text)
    except ValueError:
        return text


@dataclass
class Cell:
    """One ``<c>`` as stored (``xml``), decoded on demand."""

    col: int
    xml: bytes
    _parsed: tuple[str, str | None, bytes | None, str | None, int, bool] | None = None

    def _parse(self) -> tuple[str, str | None, bytes | None, str | None, int, bool]:
        if self._parsed is None:
            m = _CELL.match(self.xml)
            head, body = (m.group(1), m.group(2)) if m else (b"", None)
            t = _T_ATTR.search(head)
            s = _S_ATTR.search(head)
            kind = t.group(1).decode() if t else "n"
            raw = inline = formula = None
            has_formula = False
            if body:
                v = _V.search(body)
                if v is not None:
                    raw = unescape(v.group(1).decode("utf-8")) if v.group(1) is not None else ""
                f = _F.search(body)
                if f is not None:
                    has_formula = True
                    formula = "=" + (unescape(f.group(2).decode("utf-8")) if f.group(2) else "")
                if kind == "inlineStr":
                    i = _IS.search(body)
                    inline = (i.group(2) or b"") if i is not None else None
            self._parsed = (kind, raw, inline, formula, int(s.group(1)) if s else 0, has_formula)
        return self._parsed

    @property
    def kind(self) -> str:
        return self._parse()[0]

    @property
    def raw(self) -> str | None:
        return self._parse()[1]

    @property
    def inline(self) -> bytes | None:
        return self._parse()[2]

    @property
    def formula(self) -> str | None:
        """``=`` and the formula's text when the cell holds a formula (as openpyxl shows it)."""
        return self._parse()[3] if self._parse()[5] else None

    @property
    def style(self) -> int:
        return self._parse()[4]

    @property
    def stored_text(self) -> bool:
        """A formula whose result the saving program stored as text (``t="str"``)."""
        return self.kind == "str"

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
            if not row.cells and not _keeps_empty(row.attrs):
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


def _keeps_empty(attrs: bytes) -> bool:
    """An empty row is kept when it carries a height, style or hidden flag of its own."""
    return bool(re.search(rb"""\s(?:ht|s|hidden|customFormat)\s*=""", attrs))


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


# --------------------------------------------------------------------------- the fast read
# The cells of a sheet as Excel, LibreOffice, openpyxl and XlsxWriter write them: r, s and t in
# this order, no namespace prefix.  One findall over the sheet (the loop in C) instead of an
# object per cell; a sheet written otherwise is read by :class:`SheetCells` (same values).
_FAST_CELL = re.compile(
    rb'<c r="([A-Z]{1,3})(\d+)"(?: s="(\d+)")?(?: t="(\w+)")?(?:\s[^>]*?)?'
    # a plain value, plain inline text (kept with its "</t>", so that empty text is seen), else
    # the body: the two common forms taken apart by the regular expression, in C
    rb'(?:/>|><v>([^<]*)</v></c>|><is><t>([^<]*</t>)</is></c>|>(.*?)</c>)', re.S)
_FAST_V = re.compile(rb"<v>([^<]*)</v>")


@dataclass
class SheetValues:
    """A sheet's values: ``shown`` the value of every non-empty cell (a formula's cached
    result), ``formulas`` the text of every formula (``=...``), ``stored_text`` the formulas
    whose result was stored as text (``t="str"``)."""

    shown: dict[tuple[int, int], Any]
    formulas: dict[tuple[int, int], str]
    stored_text: set[tuple[int, int]]

    def region_cells(self) -> dict[tuple[int, int], Any]:
        """As openpyxl's cells hold them: a formula as its text."""
        if not self.formulas:
            return self.shown
        return {**self.shown, **self.formulas}


def sheet_values(xml: bytes, decoder: Decoder) -> SheetValues:
    opened = _SHEETDATA_OPEN.search(xml)
    if opened is None or opened.group(1) or opened.group(2):
        return _slow_values(xml, decoder)
    closed = xml.find(b"</sheetData>", opened.end())
    if closed < 0:
        return _slow_values(xml, decoder)
    found = _FAST_CELL.findall(xml, opened.end(), closed)
    if len(found) != xml.count(b"<c ", opened.end(), closed) or b"<c>" in xml[opened.end():closed]:
        return _slow_values(xml, decoder)
    shown: dict[tuple[int, int], Any] = {}
    formulas: dict[tuple[int, int], str] = {}
    stored: set[tuple[int, int]] = set()
    cols: dict[bytes, int] = {}
    # what repeats from cell to cell is decoded once (issue 25: 7,700 cells of a 60 x 35
    # season, a few hundred distinct): a row's number, a number's bytes, a text's bytes,
    # whether a style shows a date
    rows: dict[bytes, int] = {}
    numbers: dict[bytes, int | float] = {}
    texts: dict[bytes, str] = {}
    is_date: dict[bytes, bool] = {b"": False}
    strings, dates, epoch = decoder.strings, decoder.date_styles, decoder.epoch
    for letters, row, s, t, plain, inline, body in found:
        if not (plain or inline or body):
            continue  # <c .../>, <v></v>
        c = cols.get(letters)
        if c is None:
            c = cols[letters] = col_index(letters.decode())
        r = rows.get(row)
        if r is None:
            r = rows[row] = int(row)
        rc = (r, c)
        if plain:
            raw: bytes | None = plain
        elif inline and t == b"inlineStr":  # plain inline text (openpyxl, this writer)
            text = texts.get(inline)
            if text is None:
                text = inline[:-4].decode("utf-8")
                text = texts[inline] = unescape(text) if "&" in text else text
            shown[rc] = text
            continue
        else:  # a formula, rich inline text: the general way
            if inline:
                body = b"<is><t>" + inline + b"</is>"
            cell = Cell(c, b'<c r="' + letters + row + b'"' + (b' s="' + s + b'"' if s else b"")
                        + (b' t="' + t + b'"' if t else b"") + b">" + body + b"</c>")
            formula = cell.formula
            if formula is not None:
                formulas[rc] = formula
                if cell.stored_text:
                    stored.add(rc)
            value = decoder.value(cell)
            if value is not None:
                shown[rc] = value
            continue
        if not raw:
            continue
        if t == b"s":
            shown[rc] = strings[int(raw)]
        elif not t or t == b"n":
            number = numbers.get(raw)
            if number is None:
                number = numbers[raw] = (float(raw) if (b"." in raw or b"e" in raw or b"E" in raw)
                                         else int(raw))
            date = is_date.get(s)
            if date is None:
                date = is_date[s] = int(s) in dates
            if date:
                try:
                    shown[rc] = from_excel(number, epoch, int(s) in decoder.timedelta_styles)
                except (OverflowError, ValueError):
                    shown[rc] = "#VALUE!"
            else:
                shown[rc] = number
        elif t == b"b":
            shown[rc] = bool(int(raw))
        elif t == b"d":
            shown[rc] = _iso(raw.decode())
        else:  # str, e
            text = raw.decode("utf-8")
            shown[rc] = unescape(text) if "&" in text else text
    return SheetValues(shown, formulas, stored)


def _slow_values(xml: bytes, decoder: Decoder) -> SheetValues:
    shown: dict[tuple[int, int], Any] = {}
    formulas: dict[tuple[int, int], str] = {}
    stored: set[tuple[int, int]] = set()
    for r, c, cell in SheetCells.parse(xml).cells():
        formula = cell.formula
        if formula is not None:
            formulas[(r, c)] = formula
            if cell.stored_text:
                stored.add((r, c))
        value = decoder.value(cell)
        if value is not None:
            shown[(r, c)] = value
    return SheetValues(shown, formulas, stored)
