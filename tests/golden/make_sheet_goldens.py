"""Record what the FILE client writes for every engine sheet of the sample season.

    python tests/golden/make_sheet_goldens.py --tree /path/to/a/checkout [--out DIR]

runs the command line of the checkout at ``--tree`` (``standings``, ``pair`` on copies and
``batch --compare``) on ``samples/club-season.xlsx`` and describes each engine sheet as JSON:
cell values and types, number formats, fonts, fills, borders, alignment, column widths, frozen
panes and print setup.  The golden files in ``tests/golden/sheets/`` were made from the code
before the one-layout refactor (commit b1fcf7a); ``tests/test_layout_golden.py`` makes the same
description with today's code and compares.  Nothing here imports keizer_xl: the checkout is
run as a subprocess, so the old and the new code are described by the same function.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"
GOLDEN = Path(__file__).resolve().parent / "sheets"

#: (golden file, command, sheets to describe); the book is a fresh copy of the sample
RUNS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("standings", ("standings",), ("Standings",)),
    ("pair-force", ("pair", "--force"), ("Pairings", "Results")),
    ("pair-repair", ("pair", "--repair"), ("Pairings", "Results")),
    ("batch", ("batch", "--compare", "--quiet"),
     ("Standings", "History", "Crosstable", "Explain", "Audit", "Compare")),
)


def _cli_module(tree: Path) -> str:
    if (tree / "keizer_xl" / "frontends" / "cli.py").exists():
        return "keizer_xl.frontends.cli"
    return "keizer_xl.cli"


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


def record(tree: Path, work: Path) -> dict[str, dict[str, Any]]:
    """{golden name: {sheet: description}} for the checkout at ``tree``."""
    import openpyxl

    env = dict(os.environ, PYTHONPATH=str(tree), TZ="UTC")
    out: dict[str, dict[str, Any]] = {}
    for name, command, sheets in RUNS:
        folder = work / name
        folder.mkdir(parents=True)
        book = folder / "club-season.xlsx"
        shutil.copyfile(SAMPLE, book)
        args = [sys.executable, "-m", _cli_module(tree), *command, str(book)]
        if command[0] == "batch":
            args += ["--out", str(folder / "out")]
        done = subprocess.run(args, env=env, cwd=str(tree), capture_output=True, text=True,
                              timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
        written = folder / "out" / "club-season.keizer.xlsx" if command[0] == "batch" else book
        wb = openpyxl.load_workbook(written)
        out[name] = {s: describe_sheet(wb[s]) for s in sheets}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", required=True, help="the checkout whose code writes the sheets")
    ap.add_argument("--out", default=str(GOLDEN))
    a = ap.parse_args()
    target = Path(a.out)
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, sheets in record(Path(a.tree).resolve(), Path(tmp)).items():
            (target / f"{name}.json").write_text(json.dumps(sheets, indent=1, sort_keys=True,
                                                            ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
