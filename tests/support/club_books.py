"""A club's own workbook, as a club could have made it with XlsxWriter around keizer-xl's four
input sheets (issue 25): charts (one plotting a range of Standings, one on a chart sheet of its
own), a picture, a text box, sparklines, Tables, a conditional format, a comment, data
validation, a defined name and a dynamic-array formula.  Shared by the club-workbook tests
(tests/clients/test_club_workbook.py, test_club_parts.py) and ``benchmarks/bench_cli.py
--club``, which times the commands on it against openpyxl's load + save of the same file."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

import openpyxl
import xlsxwriter

__all__ = ["CLUB_CHART_TITLE", "INPUTS", "STANDINGS_CHART_TITLE", "club_workbook", "input_rows",
           "png"]

INPUTS = ("Settings", "Players", "Attendance", "Results")
CLUB_CHART_TITLE = "Rating per club member"
STANDINGS_CHART_TITLE = "Top ten in the standings"


def png(width: int = 4, height: int = 3) -> bytes:
    """A small red PNG, built byte by byte (signature, IHDR, IDAT, IEND)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def input_rows(path: Path) -> dict[str, list[list[Any]]]:
    """The four input tables of a season workbook (the template's sheets), as values, without
    the empty rows at their ends."""
    wb = openpyxl.load_workbook(path)
    out = {}
    for name in INPUTS:
        rows = [list(r) for r in wb[name].iter_rows(values_only=True)]
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        out[name] = rows
    return out


def club_workbook(path: Path, rows: dict[str, list[list[Any]]], *, picture: Path) -> Path:
    """``rows`` (:func:`input_rows`) in a club's workbook around them, saved at ``path``; the
    input sheets sit between the club's own sheets, Standings holds a placeholder and a chart."""
    wb = xlsxwriter.Workbook(str(path), {"default_date_format": "yyyy-mm-dd"})
    info = wb.add_worksheet("Clubinfo")
    graph = wb.add_worksheet("Grafiek")
    bold = wb.add_format({"bold": True})
    info.write("A1", "Club", bold)
    info.write("B1", "De Witte Dame")
    info.write_row("A3", ["Member", "Rating"], bold)
    members = [("Ann", 1850), ("Bob", 1720), ("Cor", 1640), ("Dee", 1590)]
    for i, (name, rating) in enumerate(members, start=4):
        info.write_row(i - 1, 0, [name, rating])
    info.insert_image("E2", str(picture))
    info.insert_textbox("E10", "House rules: phones off, touch-move applies.", {"width": 300, "height": 60})
    info.write_comment("B1", "Founded 1921")
    info.data_validation(
        "B4:B7", {"validate": "integer", "criteria": "between", "minimum": 0, "maximum": 3000}
    )
    info.conditional_format("B4:B7", {"type": "3_color_scale"})
    info.add_sparkline("C4", {"range": "Clubinfo!B4:B7"})
    info.write_dynamic_array_formula("D4:D7", "=SORT(B4:B7)", None, 1590)
    info.write_string("A9", "=HYPERLINK(\"x\") typed as text")
    wb.define_name("Clubnaam", "=Clubinfo!$B$1")
    chart = wb.add_chart({"type": "column"})
    chart.add_series({"name": "Rating", "categories": "=Clubinfo!$A$4:$A$7", "values": "=Clubinfo!$B$4:$B$7"})
    chart.set_title({"name": CLUB_CHART_TITLE})
    graph.insert_chart("B2", chart)
    graph.write("A1", "The club's own chart")
    for name in INPUTS:
        ws = wb.add_worksheet(name)
        table = rows[name]
        for r, row in enumerate(table):
            for c, value in enumerate(row):
                if isinstance(value, str):  # write() would take '=...' for a formula
                    ws.write_string(r, c, value)
                elif value is not None:
                    ws.write(r, c, value)
        if name in ("Results", "Players"):
            ws.add_table(0, 0, max(len(table) - 1, 1), len(table[0]) - 1,
                         {"name": f"tbl{name}", "columns": [{"header": str(h)} for h in table[0]]})
    standings = wb.add_worksheet("Standings")
    # written by keizer-xl before the club drew its chart on it (its title line: issue 34)
    standings.write_row("A1", ["Schaakclub Oost 2025-2026 · Standings after round 4 · 2026-11-30"])
    on_standings = wb.add_chart({"type": "bar"})
    on_standings.add_series({"name": "Score", "categories": "=Standings!$B$4:$B$13",
                             "values": "=Standings!$C$4:$C$13"})
    standings.insert_chart("K2", on_standings)
    sheet = wb.add_chartsheet("Stand grafiek")
    top = wb.add_chart({"type": "bar"})
    top.add_series(
        {"name": "Score", "categories": "=Standings!$B$4:$B$13", "values": "=Standings!$C$4:$C$13"}
    )
    top.set_title({"name": STANDINGS_CHART_TITLE})
    sheet.set_chart(top)
    wb.close()
    return path
