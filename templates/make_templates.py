"""Regenerate the committed templates from the code that makes them.

    python templates/make_templates.py

* ``templates/season-template.xlsx``: the season template of ``keizer-xl new`` (keizer_xl/template.py);
* ``macros/KeizerXL.bas``: the VBA module of the Excel buttons (keizer_xl/excel_setup.py:KEIZER_VBA).

tests/test_excel_static.py fails when a committed file differs from what this script makes.
The macro-enabled workbook is deliberately not made here: see templates/README.md.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from keizer_xl.excel_setup import KEIZER_VBA  # noqa: E402
from keizer_xl.template import template_workbook  # noqa: E402
from keizer_xl.workbook import write_new_workbook  # noqa: E402

TEMPLATE = ROOT / "templates" / "season-template.xlsx"
VBA = ROOT / "macros" / "KeizerXL.bas"


def main() -> None:
    wb = template_workbook()
    # fixed document dates, so regenerating an unchanged template changes no byte that matters
    import datetime as dt

    wb.properties.created = wb.properties.modified = dt.datetime(2025, 1, 1)
    write_new_workbook(wb, TEMPLATE, backup=False)
    VBA.write_text(KEIZER_VBA, encoding="ascii", newline="\n")
    print(f"wrote {TEMPLATE.relative_to(ROOT)} and {VBA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
