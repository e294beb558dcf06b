"""The one reader of a workbook's values (issue 34): a worksheet's XML and its shared strings
parsed by the standard library's XML parser (ElementTree on expat, the tree built in C, as
openpyxl parses them), into the values openpyxl reads (``load_workbook(data_only=True)``).

The XML is the parser's to read: any attribute order and white space, CDATA, character
references, comments, end-of-line normalisation (CR LF in text is LF), namespace prefixes.
The values are openpyxl's (``tests/clients/test_reader_corpus.py`` and
``tools/compare_reader.py`` compare the two cell by cell):

* a row's number is its ``r``, else the row after the last; a cell's place is its ``r``, else
  the column after the last in its row; a later cell at the same place replaces an earlier one
  (two ``<row>`` elements with the same ``r`` both count);
* a cell a merge covers (its first cell apart) holds nothing, as Excel shows it;
* a value is the cell's first ``<v>`` (a formula's cached result; empty text is no value); text
  of an inline or shared string is its ``<t>`` and its runs' ``<t>``, phonetic runs left out,
  ``xml:space`` changing nothing; ``_x005F_`` in a shared string as openpyxl reads it;
* numbers as int or float; dates by the cell's number format (1900 or 1904 epoch), durations;
  booleans; ISO dates (``t="d"``); error codes and a formula's text result as text.

The transitional and the strict OOXML namespaces are both the sheet's (openpyxl reads only the
first; Excel both).  A formula's text is kept apart (``SheetValues.formulas``) for a workbook
whose formulas were never calculated.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keizer_xl.clients.xlsx.cellxml import split_range, split_ref
from keizer_xl.clients.xlsx.package import parse_xml

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

MAIN_NAMESPACES = ("http://schemas.openxmlformats.org/spreadsheetml/2006/main",
                   "http://purl.oclc.org/ooxml/spreadsheetml/main")
WINDOWS_EPOCH = dt.datetime(1899, 12, 30)
MAC_EPOCH = dt.datetime(1904, 1, 1)

_DIGITS = "0123456789"
_ISO = re.compile(r"(?P<date>(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2}))?T?"
                  r"(?P<time>(?P<hour>\d{2}):(?P<minute>\d{2})(:(?P<second>\d{2})"
                  r"(?P<microsecond>\.\d{1,3})?)?)?Z?")
_DURATION = re.compile(r"PT((?P<hours>\d+)H)?((?P<minutes>\d+)M)?((?P<seconds>\d+(\.\d{1,3})?)S)?")


@dataclass
class Decoder:
    """What a cell's value depends on beyond its own XML: the shared strings, the styles that
    show dates (and durations), the epoch."""

    strings: list[str]
    date_styles: frozenset[int]
    timedelta_styles: frozenset[int]
    epoch: dt.datetime = WINDOWS_EPOCH


@dataclass
class SheetValues:
    """A sheet's values: ``shown`` the value of every non-empty cell (a formula's cached
    result), ``formulas`` the text of every formula (``=...``), ``stored_text`` the formulas
    whose result was stored as text (``t="str"``), ``merges`` the merged ranges (first row and
    column, last row and column)."""

    shown: dict[tuple[int, int], Any]
    formulas: dict[tuple[int, int], str]
    stored_text: set[tuple[int, int]]
    merges: list[tuple[int, int, int, int]]

    def region_cells(self) -> dict[tuple[int, int], Any]:
        """As openpyxl's cells hold them: a formula as its text."""
        if not self.formulas:
            return self.shown
        return {**self.shown, **self.formulas}


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
    """A ``t="d"`` cell's ISO 8601 text as openpyxl reads it (a date, a time, a datetime or a
    duration); text that is none of them stays text (openpyxl refuses the workbook)."""
    m = _ISO.match(text)
    if m is None or not any(m.groups()):
        d = _DURATION.match(text)
        if d is None or not any(d.groups()):
            return text
        return dt.timedelta(**{k: float(v) for k, v in d.groupdict().items() if v})
    p = m.groupdict()
    micro = int(float(p["microsecond"]) * 1_000_000) if p["microsecond"] else 0
    hms = (int(p["hour"] or 0), int(p["minute"] or 0), int(p["second"] or 0), micro)
    if not p["date"]:
        return dt.time(*hms)
    ymd = (int(p["year"]), int(p["month"]), int(p["day"]))
    return dt.datetime(*ymd, *hms) if p["time"] else dt.date(*ymd)


def _number(raw: str) -> int | float:
    return float(raw) if ("." in raw or "e" in raw or "E" in raw) else int(raw)


def _namespace(root: Element) -> str:
    """``{ns}`` of the part's main namespace (transitional or strict), by its root element."""
    ns = root.tag[1:].partition("}")[0] if root.tag[:1] == "{" else ""
    return "{" + (ns if ns in MAIN_NAMESPACES else MAIN_NAMESPACES[0]) + "}"


def text_content(item: Element) -> str:
    """The text of a string item (``<si>`` or ``<is>``) as openpyxl's ``Text.content``: its own
    ``<t>`` (the last one), then each run's ``<t>`` (the last of each); phonetic runs (``<rPh>``)
    left out; children known by their local name, whatever their namespace."""
    plain: str | None = None
    runs: list[str] = []
    for child in item:
        local = child.tag.rpartition("}")[2]
        if local == "t":
            plain = child.text
        elif local == "r":
            run: str | None = None
            for part in child:
                if part.tag.rpartition("}")[2] == "t":
                    run = part.text
            if run is not None:
                runs.append(run)
    return (plain or "") + "".join(runs)


def _row_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        number = float(text)
        if not number.is_integer():
            raise ValueError(f"{text} is not a valid row number") from None
        return int(number)


def sheet_values(xml: bytes, decoder: Decoder) -> SheetValues:
    """A worksheet part's values (see the module docstring); raises ValueError for XML that is
    not well-formed or a reference that is no cell's."""
    shown: dict[tuple[int, int], Any] = {}
    formulas: dict[tuple[int, int], str] = {}
    stored: set[tuple[int, int]] = set()
    strings, epoch = decoder.strings, decoder.epoch
    dates, spans = decoder.date_styles, decoder.timedelta_styles
    root = parse_xml(xml)
    ns = _namespace(root)
    c_tag, v_tag, f_tag, is_tag = ns + "c", ns + "v", ns + "f", ns + "is"
    # what repeats from cell to cell is decoded once (a 150 x 35 season: 18,500 cells, a few
    # dozen columns, a few hundred distinct numbers)
    columns: dict[str, int] = {}
    numbers: dict[str, int | float] = {}
    is_date: dict[str | None, bool] = {None: False}
    t_tag = ns + "t"
    row = 0
    for row_element in root.iter(ns + "row"):
        r = row_element.get("r")
        row = _row_number(r) if r is not None else row + 1
        col = 0
        for cell in row_element:
            if cell.tag != c_tag:
                continue
            get = cell.get
            ref = get("r")
            if ref:
                letters = ref.rstrip(_DIGITS)
                col = columns.get(letters, 0)
                if col and len(letters) < len(ref):
                    rc = (int(ref[len(letters):]), col)
                else:
                    rc = split_ref(ref)
                    if letters.isalpha() and letters.isascii():
                        columns[letters] = rc[1]
                    col = rc[1]
            else:
                col += 1
                rc = (row, col)
            kind = get("t", "n")
            value: Any = None
            formula: Element | None = None
            # the cell's first <v>, first <is> (inline text only) and first <f>: its children
            # looked at once (ElementTree's find and findtext would look twice)
            seen_v = False
            for child in cell:
                tag = child.tag
                if tag == v_tag:
                    if not seen_v and kind != "inlineStr":
                        value = child.text
                    seen_v = True
                elif tag == f_tag:
                    if formula is None:
                        formula = child
                elif tag == is_tag and kind == "inlineStr" and value is None:
                    if len(child) == 1 and child[0].tag == t_tag:  # plain inline text
                        value = child[0].text or ""
                    else:
                        value = text_content(child)
            if formula is not None:
                formulas[rc] = "=" + (formula.text or "")
                if kind == "str":
                    stored.add(rc)
                else:
                    stored.discard(rc)
            elif formulas:
                formulas.pop(rc, None)
                stored.discard(rc)
            if not value:
                if value is None or kind != "inlineStr":
                    shown.pop(rc, None)
                    continue
            elif kind == "n":
                number = numbers.get(value)
                if number is None:
                    number = numbers[value] = _number(value)
                value = number
                style = get("s")
                date = is_date.get(style)
                if date is None:
                    date = is_date[style] = bool(style) and int(style) in dates  # type: ignore[arg-type]
                if date:
                    try:
                        value = from_excel(number, epoch, int(style) in spans)  # type: ignore[arg-type]
                    except (OverflowError, ValueError):
                        value = "#VALUE!"  # openpyxl: a date out of range becomes an error cell
            elif kind == "s":
                value = strings[int(value)]
            elif kind == "b":
                value = bool(int(value))
            elif kind == "d":
                value = _iso(value)
            # else inline text, str (a formula's text result), e (an error code): the text
            shown[rc] = value
    merges = [split_range(ref) for ref in (m.get("ref") or "" for m in root.iter(ns + "mergeCell"))
              if ref.partition(":")[0]]
    for merge in merges:
        _merged(merge, shown, formulas, stored)
    return SheetValues(shown, formulas, stored, merges)


def _merged(merge: tuple[int, int, int, int], shown: dict[tuple[int, int], Any],
            formulas: dict[tuple[int, int], str], stored: set[tuple[int, int]]) -> None:
    """The cells a merge covers, its first one apart, hold nothing (Excel shows none of them;
    openpyxl reads them as empty MergedCells)."""
    r1, c1, r2, c2 = merge
    if (r2 - r1 + 1) * (c2 - c1 + 1) <= len(shown) + len(formulas):
        covered = [(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
        del covered[0]
    else:  # a merge larger than the cells: the cells looked at, not the merge's every place
        covered = [rc for rc in (*shown, *formulas)
                   if r1 <= rc[0] <= r2 and c1 <= rc[1] <= c2 and rc != (r1, c1)]
    for rc in covered:
        shown.pop(rc, None)
        formulas.pop(rc, None)
        stored.discard(rc)


def shared_strings(xml: bytes) -> list[str]:
    """The shared strings part's strings, as openpyxl reads them."""
    root = parse_xml(xml)
    return [text_content(si).replace("x005F_", "") for si in root.iter(_namespace(root) + "si")]
