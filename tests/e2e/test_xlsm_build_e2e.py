"""A built .xlsm in real processes (issue 7): its xlwings.conf names this Python (asked whether
it imports keizer_xl), and LibreOffice reopens it with three buttons and compiles KeizerXL."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients import lo_run
from keizer_xl.clients.excel_setup import BUTTON_MACROS, button_captions
from keizer_xl.clients.xlwings_conf import CONFIG_SHEET
from keizer_xl.clients.xlsx.new_book import SHEET_ORDER

from support.xlsm import PROBE, built

__all__ = ["built"]  # the fixture (support/xlsm.py)

ROOT = Path(__file__).resolve().parents[2]


def test_the_season_sheets_and_a_config_naming_this_python(built):
    wb = openpyxl.load_workbook(built)
    assert wb.sheetnames == ["Start", *SHEET_ORDER, CONFIG_SHEET]
    rows = [[c.value for c in row][:2] for row in wb[CONFIG_SHEET].iter_rows()]
    keys = [k for k, _ in rows]
    assert all(k and v not in (None, "") for k, v in rows), rows   # no empty keys
    assert len({k.casefold() for k in keys}) == len(keys)
    key = {"win32": "Interpreter_Win", "darwin": "Interpreter_Mac"}.get(sys.platform, "Interpreter")
    assert dict(rows)[key] == sys.executable
    assert dict(rows)["ADD_WORKBOOK_TO_PYTHONPATH"] == "false"


def _libreoffice(book: Path, *modules: Path) -> dict:
    soffice = lo_run.find_soffice()
    python = lo_run.find_uno_python(soffice) if soffice else None
    if soffice is None or python is None:
        pytest.skip("LibreOffice (soffice) with a Python that can import uno is not installed")
    done = subprocess.run([python, str(PROBE), soffice, str(book), *map(str, modules)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_libreoffice_reopens_it_with_three_buttons_and_compiles_keizerxl(built, tmp_path):
    good = ROOT / "keizer_xl" / "macros" / "KeizerXL.bas"
    broken = tmp_path / "KeizerXL broken.bas"
    # a deliberately broken copy: a Sub that is never closed
    broken.write_bytes(good.read_bytes().replace(b"End Sub\r\n", b"\r\n", 1))
    report = _libreoffice(built, good, broken, ROOT / "macros" / "KeizerXL.bas")
    assert report["sheets"] == ["Start", *SHEET_ORDER, CONFIG_SHEET]
    on_start = [(b["label"], b["events"]) for b in report["buttons"] if b["sheet"] == "Start"]
    captions = button_captions("en")
    assert [label for label, _ in on_start] == [captions[m] for m in BUTTON_MACROS]
    for (label, events), macro in zip(on_start, BUTTON_MACROS, strict=True):
        (event,) = events
        assert event["code"] == (f"vnd.sun.star.script:VBAProject.KeizerXL.{macro}"
                                 "?language=Basic&location=document"), label
    assert {"xlwings", "Dictionary", "KeizerXL"} <= set(report["vba_modules"])
    assert report["vba_mode"] is True
    compiled = [c["ok"] for c in report["compile"]]
    assert compiled == [True, False, True], report["compile"]
