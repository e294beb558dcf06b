"""An Excel Table (ListObject) as its own part (``xl/tables/tableN.xml``) says: its name, range,
header and totals rows, filter and column names (ECMA-376 Part 1, 18.5)."""
from __future__ import annotations

import re

from keizer_xl.clients.xlsx.cellxml import split_range
from keizer_xl.clients.xlsx.package import attributes, element_re
from keizer_xl.sheets.region import TableRef


class TablePart:
    """An Excel Table (ListObject) as its part says."""

    def __init__(self, part: str, xml: bytes):
        self.part = part
        m = re.search(rb"<(?:[\w.-]+:)?table\b([^>]*)>", xml)
        a = attributes(m.group(1)) if m else {}
        self.name = a.get("displayName") or a.get("name") or ""
        self.ref = a.get("ref", "A1:A1")
        self.header_rows = int(a["headerRowCount"]) if a.get("headerRowCount", "").isdigit() else 1
        self.totals = int(a["totalsRowCount"]) if a.get("totalsRowCount", "").isdigit() else 0
        self.has_filter = re.search(rb"<(?:[\w.-]+:)?autoFilter\b", xml) is not None
        self.columns = [attributes(c.group(1)).get("name", "")
                        for c in element_re("tableColumn").finditer(xml)]

    def bounds(self) -> tuple[int, int, int, int]:
        """(min_row, min_col, max_row, max_col)."""
        return split_range(self.ref)

    def table_ref(self) -> TableRef:
        r1, c1, r2, c2 = self.bounds()
        return TableRef(self.name, r1, c1, r2, c2, headers=self.header_rows > 0, totals=self.totals)
