"""A huge setting refused through ``python -m keizer_xl.frontends.cli``, a whole process
(issue 11): every command exits 1 naming both cells, within its budget, the file unchanged."""
from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from support.helpers import keizer_example_sheets, make_workbook
from support.timing import budget, within

ROOT = Path(__file__).resolve().parents[2]


def test_the_huge_setting_is_refused_through_python_m(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Settings"] = [["Setting", "Value"], ["top_value", "1e999999999"], ["extra_passes", "1e9"]]
    path = make_workbook(tmp_path / "club.xlsx", sheets)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    hang = budget(60)
    for command in (("check",), ("standings",), ("pair", "--dry-run"), ("pair",)):
        with within(30):
            proc = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", command[0],
                                   str(path), *command[1:]], capture_output=True, text=True,
                                  timeout=hang, cwd=ROOT)
        assert proc.returncode == 1, proc.stderr
        out = proc.stdout + proc.stderr
        assert "Settings!B2" in out and "Settings!B3" in out and "Traceback" not in out
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
