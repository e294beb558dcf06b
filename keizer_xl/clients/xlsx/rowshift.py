"""What hangs on the rows of an input table follows the rows the engine adds or deletes, as in
Excel (issue 25; docs/club-workbook.md says how): the sheet's ``<conditionalFormatting>`` and
``<dataValidation>`` ranges (also Excel 2010's ``x14:`` forms in ``extLst``), after a delete
their formulas' references to the sheet's own cells, and the workbook's defined names.  A range
that straddles the table's edge columns is left as it is (Excel refuses to delete rows then).
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence

from keizer_xl.clients.xlsx.cellxml import split_ref
from keizer_xl.sheets.tables import column_letter

# one range of a sqref or a reference: A1, A1:B2, $A$1:$B$2
_REF = re.compile(r"(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?")
_ATTR_BLOCK = re.compile(rb"(<(?:[\w.-]+:)?(?:conditionalFormatting|dataValidation)\b[^>]*?\ssqref\s*=\s*)"
                         rb"([\"'])([^\"']*)\2")
_X14_BLOCK = re.compile(rb"<((?:[\w.-]+:)?)(conditionalFormatting|dataValidation)\b[^>]*>.*?"
                        rb"</\1\2\s*>", re.DOTALL)
_EMPTY_SQREF = re.compile(rb"\ssqref\s*=\s*([\"'])\1|<(?:[\w.-]+:)?sqref>\s*</")
_XM_SQREF = re.compile(rb"(<(?:[\w.-]+:)?sqref>)([^<]*)(</(?:[\w.-]+:)?sqref>)")

#: (r1, c1, r2, c2) -> the new range, or None when it is gone
Mapper = Callable[[int, int, int, int], "tuple[int, int, int, int] | None"]


def grow_mapper(first_col: int, last_col: int, first_data: int, old_last: int, new_last: int) -> Mapper:
    """A range over whole columns of the table's data (from its first data row or above, down
    to its last data row) grows to ``new_last``."""
    def grow(r1: int, c1: int, r2: int, c2: int) -> tuple[int, int, int, int] | None:
        if first_col <= c1 and c2 <= last_col and r1 <= first_data and r2 == old_last:
            return r1, c1, new_last, c2
        return r1, c1, r2, c2
    return grow


def delete_mapper(first_col: int, last_col: int, doomed: Sequence[int]) -> Mapper:
    """A range within the table's columns after the rows ``doomed`` (sorted) were deleted."""
    def delete(r1: int, c1: int, r2: int, c2: int) -> tuple[int, int, int, int] | None:
        if not (first_col <= c1 and c2 <= last_col):
            return r1, c1, r2, c2
        new_r1 = r1 - bisect_left(doomed, r1)
        new_r2 = r2 - bisect_right(doomed, r2)
        if new_r2 < new_r1:
            return None
        return new_r1, c1, new_r2, c2
    return delete


def _map_ref(m: re.Match[str], mapper: Mapper) -> str | None:
    d1, col1, d2, row1, d3, col2, d4, row2 = m.groups()
    r1, c1 = split_ref(col1 + row1)
    r2, c2 = split_ref(col2 + row2) if col2 else (r1, c1)
    new = mapper(r1, c1, r2, c2)
    if new is None:
        return None
    if new == (r1, c1, r2, c2):
        return m.group(0)  # unchanged: its bytes too
    n1, k1, n2, k2 = new
    text = f"{d1}{column_letter(k1)}{d2}{n1}"
    if (n1, k1) != (n2, k2):
        text += f":{d3 or d1}{column_letter(k2)}{d4 or d2}{n2}"
    return text


def map_sqref(sqref: str, mapper: Mapper) -> str:
    """A space-separated list of ranges, each mapped; the gone ones left out."""
    out = []
    for part in sqref.split():
        m = _REF.fullmatch(part)
        new = _map_ref(m, mapper) if m else part
        if new is not None:
            out.append(new)
    return " ".join(out)


def shift_sheet(xml: bytes, mapper: Mapper, *, formulas: bool = False) -> bytes:
    """The sheet XML (the part after ``<sheetData>`` suffices) with its conditional formats'
    and data validations' ranges mapped; one left with no range is removed.  ``formulas``
    (rows were deleted): the references in their formulas to moved cells of this sheet follow
    them too (a rule's relative references are stored as seen from its range's first cell,
    which moves with the range)."""
    if b"sqref" not in xml:  # nothing hangs on the rows
        return xml
    if formulas:
        xml = _RULE_BLOCK.sub(lambda b: _FORMULA.sub(
            lambda f: f.group(1) + _map_formula(f.group(2), mapper) + f.group(3), b.group(0)), xml)

    def attr_block(m: re.Match[bytes]) -> bytes:
        new = map_sqref(m.group(3).decode(), mapper)
        return m.group(1) + m.group(2) + new.encode() + m.group(2)

    xml = _ATTR_BLOCK.sub(attr_block, xml)
    xml = _X14_BLOCK.sub(lambda b: _XM_SQREF.sub(
        lambda s: s.group(1) + map_sqref(s.group(2).decode(), mapper).encode() + s.group(3), b.group(0)), xml)
    return _drop_empty(xml) if _EMPTY_SQREF.search(xml) else xml


def _drop_empty(xml: bytes) -> bytes:
    """Rules and validations whose range became empty: gone (an empty sqref is invalid)."""
    xml = re.sub(rb"<((?:[\w.-]+:)?)conditionalFormatting\b[^>]*\ssqref\s*=\s*([\"'])\2[^>]*>.*?"
                 rb"</\1conditionalFormatting\s*>", b"", xml, flags=re.DOTALL)
    xml = re.sub(rb"<((?:[\w.-]+:)?)dataValidation\b[^>]*\ssqref\s*=\s*([\"'])\2[^>]*"
                 rb"(?:/>|>.*?</\1dataValidation\s*>)", b"", xml, flags=re.DOTALL)
    xml = re.sub(rb"<((?:[\w.-]+:)?)(conditionalFormatting|dataValidation)\b[^>]*>(?:(?!</\1\2\b).)*?"
                 rb"<(?:[\w.-]+:)?sqref>\s*</(?:[\w.-]+:)?sqref>\s*</\1\2\s*>", b"", xml, flags=re.DOTALL)

    def count(m: re.Match[bytes]) -> bytes:
        n = len(re.findall(rb"<" + re.escape(m.group(1)) + rb"dataValidation\b", m.group(0)))
        if n == 0:
            return b""
        return re.sub(rb"(\scount\s*=\s*)([\"'])\d*\2", lambda c: c.group(1) + b'"%d"' % n, m.group(0),
                      count=1)

    return re.sub(rb"<((?:[\w.-]+:)?)dataValidations\b[^>]*>.*?</\1dataValidations\s*>", count, xml,
                  flags=re.DOTALL)


_RULE_BLOCK = _X14_BLOCK  # a rule or validation, whole
_FORMULA = re.compile(rb"(<(?:[\w.-]+:)?(?:formula[12]?|f)>)([^<]*)(</(?:[\w.-]+:)?(?:formula[12]?|f)>)")
# a reference without a sheet: not part of a name, a function (LOG10(), a sheet reference or
# an entity (&#34;)
_LOCAL_REF = re.compile(r"(?<![\w.!$#&'])" + _REF.pattern + r"(?![\w(!])")


def _map_formula(text: bytes, mapper: Mapper) -> bytes:
    """The references to this sheet's cells in a rule's formula, mapped; a cell deleted becomes
    ``#REF!`` as in Excel.  Text in quotes is left alone."""
    parts = re.split(r'("(?:[^"]|"")*"|&quot;.*?&quot;)', text.decode("utf-8"))
    for i in range(0, len(parts), 2):  # outside the quoted strings
        parts[i] = _LOCAL_REF.sub(lambda m: _map_ref(m, mapper) or "#REF!", parts[i])
    return "".join(parts).encode("utf-8")


_NAME_REF = re.compile(r"((?:'(?:[^']|'')+'|[^\s'!:(),=+\-*/&^<>\"]+)!)" + _REF.pattern)


def shift_names(workbook_xml: bytes, sheet: str, mapper: Mapper) -> bytes:
    """The workbook's defined names with their references to ``sheet`` mapped (``#REF!`` for
    a range whose rows were all deleted, as Excel writes it)."""
    folded = sheet.casefold()

    def ref(m: re.Match[str]) -> str:
        prefix = m.group(1)[:-1]
        name = prefix[1:-1].replace("''", "'") if prefix.startswith("'") else prefix
        if name.casefold() != folded:
            return m.group(0)
        inner = _REF.fullmatch(m.group(0)[len(m.group(1)):])
        assert inner is not None
        new = _map_ref(inner, mapper)
        return m.group(1) + (new if new is not None else "#REF!")

    def defined(m: re.Match[bytes]) -> bytes:
        text = m.group(2).decode("utf-8")
        from keizer_xl.clients.xlsx.package import escape, unescape

        raw = unescape(text)
        new = _NAME_REF.sub(ref, raw)
        return m.group(1) + (escape(new).encode() if new != raw else m.group(2)) + m.group(3)

    return re.sub(rb"(<(?:[\w.-]+:)?definedName\b[^>]*>)([^<]*)(</(?:[\w.-]+:)?definedName\s*>)", defined,
                  workbook_xml)
