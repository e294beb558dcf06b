"""The Excel client in a fresh interpreter: the package and the client modules import without
xlwings."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_imports_without_xlwings():
    code = ("import sys; sys.modules['xlwings'] = None\n"
            "import keizer_xl.clients.excel, keizer_xl.clients.excel_setup, keizer_xl.frontends.lite, "
            "keizer_xl.frontends.cli\n"
            "assert keizer_xl.frontends.lite.pair_next_round.__name__ == 'pair_next_round'\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "ok", out.stderr


def test_excel_module_does_not_import_xlwings_at_import_time():
    code = ("import sys, keizer_xl.clients.excel, keizer_xl.clients.excel_setup; "
            "print('xlwings' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr
