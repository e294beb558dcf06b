"""Regenerate the committed templates from the code that makes them.

    python templates/make_templates.py

* ``templates/season-template.xlsx``: the season template of ``keizer-xl new`` (keizer_xl/template.py);
* ``macros/KeizerXL.bas``: a copy of the VBA module of the Excel buttons, whose source is the
  package file ``keizer_xl/macros/KeizerXL.bas`` (read with importlib.resources), with Windows
  line endings (CRLF: the VBA editor's File > Import breaks a module with bare LF;
  ``.gitattributes`` keeps them);
* ``macros/keizer_xl_lo.py``: the LibreOffice macro (keizer_xl/macros/keizer_xl_lo.py).

The files under ``macros/`` are copies for people who browse or import them by hand; the
package's own sources are what runs (an installed wheel has no ``macros/`` folder), and the
tests fail when a copy drifts.

tests/test_excel_static.py fails when a committed file differs from what this script makes.
The macro-enabled workbook is deliberately not made here: see templates/README.md.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from keizer_xl.clients.xlsx.new_book import template_workbook
from keizer_xl.sheets.template_text import NewBook

TEMPLATE = ROOT / "templates" / "season-template.xlsx"
VBA = ROOT / "macros" / "KeizerXL.bas"
VBA_PACKAGE = ROOT / "keizer_xl" / "macros" / "KeizerXL.bas"
LO_MACRO = ROOT / "macros" / "keizer_xl_lo.py"
LO_SOURCE = ROOT / "keizer_xl" / "macros" / "keizer_xl_lo.py"


def main() -> None:
    wb = template_workbook(NewBook())
    # fixed document dates, so regenerating an unchanged template changes no byte that matters
    import datetime as dt

    wb.properties.created = wb.properties.modified = dt.datetime(2025, 1, 1)
    wb.save(TEMPLATE)
    VBA.write_bytes(VBA_PACKAGE.read_bytes())
    LO_MACRO.write_bytes(LO_SOURCE.read_bytes())
    print(f"wrote {TEMPLATE.relative_to(ROOT)}, {VBA.relative_to(ROOT)} and "
          f"{LO_MACRO.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
