"""The layers at run time, in a fresh interpreter: importing the core loads neither pandas nor a
client, reading a season loads no spreadsheet client."""
from __future__ import annotations

import subprocess
import sys


def test_importing_the_core_loads_no_pandas_or_client() -> None:
    code = ("import sys, keizer_xl.core.engine, keizer_xl.core.pairing, "
            "keizer_xl.core.rules, keizer_xl.core.model; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'openpyxl','xlwings','uno','pandas','networkx'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_reading_a_season_loads_no_spreadsheet_client() -> None:
    code = ("import sys, keizer_xl.sheets.read, keizer_xl.app.write_season; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'openpyxl','xlwings','uno'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
