"""Run a script of the shipped xlwings Lite ``main.py`` the way the xlwings Lite runtime does, in
CPython, on a workbook file: the real xlwings remote engine and the real ``@script`` decorator.

What the Wasm runtime does for a script click (xlwings 0.37.8): the environment says
``XLWINGS_ON_SERVER=true``; the task pane sends the workbook as JSON (the payload of
``js/xlwings.ts``: values as ``getValues`` returns them, empty cells ``""``, dates as ISO text,
tables with their addresses); Python builds ``xw.Book(json=payload)`` (the remote engine,
``xlwings.pro._xlremote``) and awaits ``xlwings.server.custom_scripts_call(main, name,
typehint_to_value={xw.Book: book})``; the actions the script queued (``book.json()``) go back to
Office.js.  The remote engine is xlwings PRO code: noncommercial use needs
``XLWINGS_LICENSE_KEY=noncommercial`` (keizer-xl is noncommercial open source).

    python tests/support/lite_runtime.py BOOK.xlsx MAIN.py SCRIPT   -> prints {"actions": [...]} as JSON

Run as its own process because xlwings reads XLWINGS_ON_SERVER when it is imported.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import importlib.util
import json
import os
import sys
from typing import Any


def payload(path: str) -> dict[str, Any]:
    """The JSON the Office.js client sends for the workbook at ``path``."""
    import openpyxl
    import xlwings as xw
    from openpyxl.utils.cell import get_column_letter, range_boundaries

    wb = openpyxl.load_workbook(path, data_only=True)

    def cell(v: Any) -> Any:
        if v is None:
            return ""  # Office.js getValues gives "" for an empty cell
        if isinstance(v, (dt.datetime, dt.date)):
            return v.isoformat()
        return v

    def addr(c1: int, r1: int, c2: int, r2: int) -> str:
        return f"${get_column_letter(c1)}${r1}:${get_column_letter(c2)}${r2}"

    sheets = []
    for ws in wb.worksheets:
        rows = [[cell(v) for v in row] for row in ws.iter_rows(min_row=1, min_col=1, values_only=True)]
        tables = []
        for t in ws.tables.values():
            c1, r1, c2, r2 = range_boundaries(t.ref)
            head = bool(t.headerRowCount if t.headerRowCount is not None else 1)
            tot = bool(t.totalsRowCount)
            tables.append({
                "name": t.displayName or t.name,
                "range_address": addr(c1, r1, c2, r2),
                "header_row_range_address": addr(c1, r1, c2, r1) if head else None,
                "data_body_range_address": addr(c1, r1 + head, c2, r2 - tot),
                "total_row_range_address": addr(c1, r2, c2, r2) if tot else None,
                "show_headers": head, "show_totals": tot,
                "table_style": "TableStyleMedium2", "show_autofilter": True,
            })
        sheets.append({"name": ws.title, "values": rows or [[]], "pictures": [], "tables": tables})
    return {"client": "Office.js", "version": xw.__version__,
            "book": {"name": os.path.basename(path), "active_sheet_index": 0, "selection": "A1"},
            "names": [], "sheets": sheets}


def run(path: str, main_py: str, script_name: str) -> dict[str, Any]:
    if os.environ.get("XLWINGS_ON_SERVER") != "true":
        raise SystemExit("set XLWINGS_ON_SERVER=true (and XLWINGS_LICENSE_KEY=noncommercial)")
    import xlwings as xw
    from xlwings.server import custom_scripts_call, custom_scripts_meta

    spec = importlib.util.spec_from_file_location("main", main_py)
    assert spec is not None and spec.loader is not None
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    book = xw.Book(json=payload(path))
    asyncio.run(custom_scripts_call(main, script_name, typehint_to_value={xw.Book: book}))
    return {"engine": book.app.engine.name,
            "scripts": sorted(m["function_name"] for m in custom_scripts_meta(main)),
            "actions": book.json()["actions"]}


if __name__ == "__main__":
    print(json.dumps(run(*sys.argv[1:4]), default=str))
