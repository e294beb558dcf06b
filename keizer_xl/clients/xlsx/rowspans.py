"""The rows of a worksheet's ``<sheetData>`` found with ``bytes.find`` (issue 25).

:mod:`.cellxml` splits a sheet into its rows with the regular expression
``<row r="(\\d+)"([^>]*?)(?:/>|>(.*?)</row>)``; its lazy ``(.*?)</row>`` tries ``</row>`` at
every byte, 6 of the 11 ms that splitting a 150 x 35 Results sheet took.  The same matches
are found here by looking for ``<row``, the start tag's first ``>`` (``[^>]*?`` cannot pass one)
and the first ``</row>`` after it (what ``(.*?)`` stops at); a row that the expression would
not match at that place hands the sheet back to the expression.
"""
from __future__ import annotations

import re

_ROW_HEAD = re.compile(rb'<row r="(\d+)"')  # how cellxml._FAST_ROW starts


def row_spans(xml: bytes, begin: int, stop: int
              ) -> list[tuple[int, int, bytes, bytes, bytes | None]] | None:
    """``cellxml._FAST_ROW``'s matches in ``xml[begin:stop]`` as (start, end, r, attributes,
    body), or None where a ``<row`` starts no match (a row without r first, no ``</row>``):
    then the regular expression decides, as before."""
    out: list[tuple[int, int, bytes, bytes, bytes | None]] = []
    find, head = xml.find, _ROW_HEAD.match
    at = begin
    while True:
        start = find(b"<row", at, stop)
        if start < 0:
            return out
        m = head(xml, start, stop)
        if m is None:
            return None
        gt = find(b">", m.end(), stop)  # the end of the start tag: [^>]*? stops at the first >
        if gt < 0:
            return None
        if gt - 1 >= m.end() and xml[gt - 1] == 0x2F:  # "/>": an empty row
            out.append((start, gt + 1, m.group(1), xml[m.end():gt - 1], None))
            at = gt + 1
            continue
        close = find(b"</row>", gt + 1, stop)  # (.*?)</row>: the first one
        if close < 0:
            return None
        out.append((start, close + 6, m.group(1), xml[m.end():gt], xml[gt + 1:close]))
        at = close + 6
