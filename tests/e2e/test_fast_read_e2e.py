"""Workbooks written by XlsxWriter and re-saved by LibreOffice read as openpyxl reads them
(issue 34)."""
from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import pytest

from support.reader_oracle import differences


def test_xlsxwriter_and_libreoffice_workbooks_read_as_openpyxl_reads_them(tmp_path):
    xlsxwriter = pytest.importorskip("xlsxwriter")
    p = tmp_path / "x.xlsx"
    wb = xlsxwriter.Workbook(str(p))
    ws = wb.add_worksheet("Players")
    date = wb.add_format({"num_format": "dd/mm/yyyy"})
    ws.write_row(0, 0, ["Name", "Rating", "Joined", "Active"])
    ws.write_row(1, 0, ["Ann", 1800])
    ws.write_datetime(1, 2, dt.datetime(2023, 5, 4), date)
    ws.write_boolean(1, 3, True)
    ws.write_formula(2, 1, "=B2+1", None, 1801)
    ws.write_string(2, 0, "=not a formula")
    ws.write_rich_string(3, 0, "Rich ", wb.add_format({"bold": True}), "text")
    wb.close()
    assert differences(p) == []
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    out = tmp_path / "lo"
    profile = tmp_path / "profile"
    subprocess.run([soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to",
                    "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out), str(p)],
                   check=True, capture_output=True, timeout=180)
    assert differences(out / "x.xlsx") == []
