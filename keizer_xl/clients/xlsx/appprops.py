"""``docProps/app.xml``: the worksheet names Excel lists there, after the engine added a sheet
(issue 25).  Its ``HeadingPairs`` name each group and its count ("Worksheets" 7, in Excel's
language) and ``TitlesOfParts`` the titles, group after group (ECMA-376 Part 1, 22.2.2.12 and
.26).  The group whose titles are the worksheets as read gets the worksheets as written; an
``app.xml`` without these lists, or with no group that matches, is left as it is.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from keizer_xl.clients.xlsx.package import escape, unescape

REL_APP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties"

_VECTOR = re.compile(rb"(<(?:[\w.-]+:)?(HeadingPairs|TitlesOfParts)\b[^>]*>\s*<((?:[\w.-]+:)?)vector\b)"
                     rb"([^>]*)>(.*?)(</\3vector\s*>)", re.DOTALL)
_LPSTR = re.compile(rb"<((?:[\w.-]+:)?)lpstr>([^<]*)</\1lpstr>")
_I4 = re.compile(rb"<((?:[\w.-]+:)?)i4>\s*(\d+)\s*</\1i4>")


def with_worksheets(xml: bytes, before: Sequence[str], after: Sequence[str]) -> bytes:
    """``app.xml`` with the worksheet titles ``before`` replaced by ``after``."""
    vectors = {m.group(2): m for m in _VECTOR.finditer(xml)}
    pairs, titles = vectors.get(b"HeadingPairs"), vectors.get(b"TitlesOfParts")
    if pairs is None or titles is None or list(before) == list(after) or pairs.start() > titles.start():
        return xml
    names = [unescape(m.group(2).decode("utf-8")) for m in _LPSTR.finditer(pairs.group(5))]
    counts = [int(m.group(2)) for m in _I4.finditer(pairs.group(5))]
    title_matches = list(_LPSTR.finditer(titles.group(5)))
    if len(names) != len(counts) or sum(counts) != len(title_matches):
        return xml  # not as Excel writes it: left alone
    folded = [b.casefold() for b in before]
    start, found = 0, None
    for i, n in enumerate(counts):
        group = [unescape(m.group(2).decode("utf-8")).casefold() for m in title_matches[start:start + n]]
        if group == folded:
            found = (i, start, n)
            break
        start += n
    if found is None:
        return xml
    i, start, n = found
    vt = title_matches[0].group(1) if title_matches else b"vt:"
    new_titles = b"".join(b"<" + vt + b"lpstr>" + escape(name).encode() + b"</" + vt + b"lpstr>"
                          for name in after)
    body = titles.group(5)
    first = title_matches[start].start() if n else (title_matches[start - 1].end() if start else 0)
    last = title_matches[start + n - 1].end() if n else first
    body = body[:first] + new_titles + body[last:]
    total = len(title_matches) - n + len(after)
    sized = re.sub(rb"""(\ssize\s*=\s*)(["'])\d*\2""", lambda m: m.group(1) + b'"%d"' % total,
                   titles.group(4), count=1)
    i4 = list(_I4.finditer(pairs.group(5)))[i]
    pair_body = pairs.group(5)[:i4.start(2)] + str(len(after)).encode() + pairs.group(5)[i4.end(2):]
    return (xml[:pairs.start()] + pairs.group(1) + pairs.group(4) + b">" + pair_body + pairs.group(6)
           + xml[pairs.end():titles.start()]
           + titles.group(1) + sized + b">" + body + titles.group(6)
           + xml[titles.end():])
