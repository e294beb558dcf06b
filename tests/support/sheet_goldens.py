"""Describe what the FILE client writes for every engine sheet of the sample season.

The command line (``standings``, ``pair`` on copies and ``batch --compare``) runs in-process on
``samples/club-season.xlsx``, and each engine sheet is described as JSON: cell values and types,
number formats, fonts, fills, borders, alignment, column widths, frozen panes and print setup.
``tests/sheets/test_layout_golden.py`` compares the description with ``tests/golden/sheets/``
and writes it there under ``KEIZER_XL_REGEN_GOLDENS=1`` (docs/development.md).
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"

#: (golden file, command, sheets to describe); the book is a fresh copy of the sample
RUNS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("standings", ("standings",), ("Standings",)),
    ("pair-force", ("pair", "--force"), ("Pairings", "Results")),
    ("pair-repair", ("pair", "--repair"), ("Pairings", "Results")),
    ("batch", ("batch", "--compare", "--quiet"),
     ("Standings", "History", "Crosstable", "Explain", "Audit", "Compare")),
)


def _colour(c: Any) -> str | None:
    if c is None:
        return None
    rgb = getattr(c, "rgb", None)
    return rgb if isinstance(rgb, str) else None


def describe_sheet(ws: Any) -> dict[str, Any]:
    """Everything a reader of the printed or opened sheet sees, as plain JSON data."""
    cells: dict[str, Any] = {}
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is None and not cell.has_style:
                continue
            d: dict[str, Any] = {}
            if cell.value is not None:
                v = cell.value
                d["v"] = v if isinstance(v, (str, int, float, bool)) else str(v)
                d["t"] = cell.data_type
            if cell.number_format != "General":
                d["fmt"] = cell.number_format
            f = cell.font
            if f.b:
                d["bold"] = True
            if f.name is not None and (cell.value is not None or f.b):
                d["font"] = f.name
            if f.sz not in (None, 11, 11.0):
                d["size"] = float(f.sz)
            fill = cell.fill
            if fill is not None and fill.fill_type:
                d["fill"] = _colour(fill.fgColor)
            if cell.border is not None and cell.border.bottom is not None and cell.border.bottom.style:
                d["border_bottom"] = cell.border.bottom.style
            al = cell.alignment
            if al is not None and (al.horizontal or al.vertical or al.wrap_text):
                d["align"] = [al.horizontal, al.vertical, bool(al.wrap_text)]
            if d:
                cells[cell.coordinate] = d
    widths = {k: float(dim.width) for k, dim in sorted(ws.column_dimensions.items())
              if dim.width is not None and dim.customWidth}
    ps = ws.page_setup
    pr = ws.sheet_properties.pageSetUpPr
    header = ws.oddHeader
    footer = ws.oddFooter
    return {
        "title": ws.title,
        "cells": cells,
        "widths": widths,
        "freeze": ws.freeze_panes,
        "print": {
            "orientation": ps.orientation, "paper": ps.paperSize,
            "fit_to_page": bool(pr.fitToPage) if pr is not None else False,
            "fit_width": ps.fitToWidth, "fit_height": ps.fitToHeight,
            "title_rows": ws.print_title_rows,
            "header": [header.left.text, header.center.text, header.right.text,
                       header.center.font],
            "footer": [footer.left.text, footer.center.text, footer.right.text],
        },
        "merged": sorted(str(r) for r in ws.merged_cells.ranges),
        "charts": len(getattr(ws, "_charts", [])),
    }


def record(work: Path) -> dict[str, dict[str, Any]]:
    """{golden name: {sheet: description}} of today's code, run in this process."""
    import openpyxl

    from keizer_xl.frontends.cli import main

    out: dict[str, dict[str, Any]] = {}
    for name, command, sheets in RUNS:
        folder = work / name
        folder.mkdir(parents=True)
        book = folder / "club-season.xlsx"
        shutil.copyfile(SAMPLE, book)
        args = [*command, str(book)]
        if command[0] == "batch":
            args += ["--out", str(folder / "out")]
        code = main(args)
        if code != 0:
            raise RuntimeError(f"keizer-xl {' '.join(args)} exited {code}")
        written = folder / "out" / "club-season.keizer.xlsx" if command[0] == "batch" else book
        wb = openpyxl.load_workbook(written)
        out[name] = {s: describe_sheet(wb[s]) for s in sheets}
    return out
