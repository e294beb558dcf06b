"""The outcome on a console that cannot encode a name (a whole process under LANG=C)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from support.helpers import keizer_example_sheets, make_workbook

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_console_that_cannot_encode_a_name(tmp_path, encoding):
    """An emoji on a Windows cp1252 console, an accent on an ASCII one: the command writes the
    workbook and prints what it can (replacing the rest), exit 0, never a traceback."""
    book = make_workbook(tmp_path / "names.xlsx", keizer_example_sheets())
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if c.value == "de Zeeuw":
                    c.value = "Zoë de Zeeuw 🙂"
    wb.save(book)
    env = dict(os.environ, PYTHONIOENCODING=encoding, LANG="C", LC_ALL="C",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONUTF8", None)
    out = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", "standings", str(book)],
                         capture_output=True, env=env, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    assert b"Traceback" not in out.stderr
    assert b"de Zeeuw ?" in out.stdout  # the emoji replaced, the rest of the name printed
    assert "Standings" in openpyxl.load_workbook(book).sheetnames
