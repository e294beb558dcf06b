"""Issue 11 through LibreOffice: with several tables (database ranges) on Results, the UNO
client reads the one with the contract's headers, as the file and Excel clients do."""
from __future__ import annotations

import openpyxl
from openpyxl.worksheet.table import Table as XLTable

from support.helpers import keizer_example_sheets, make_workbook
from support.languages import run as run_cli


def test_libreoffice_reads_the_table_with_the_results_headers(office, tmp_path, capsys):
    sheets = keizer_example_sheets()
    # the games from column D; a notes table first, at A1 (LibreOffice lists ranges top-left first)
    sheets["Results"] = [[None, None, None, *row] for row in sheets["Results"]]
    path = make_workbook(tmp_path / "tables.xlsx", sheets)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    ws["A1"], ws["B1"], ws["A2"], ws["B2"] = "Note", "By", "first evening", "Jan"
    ws.add_table(XLTable(displayName="tblNotes", ref="A1:B2"))
    ws.add_table(XLTable(displayName="tblGames", ref="D1:H11"))
    wb.save(path)
    code, out, err = run_cli(capsys, "lo-run", path, "check")
    assert code == 0, out + err
    code, out, err = run_cli(capsys, "lo-run", path, "standings", "--format", "json")
    assert code == 0, out + err
    assert '"name": "de Zeeuw", "score": 141' in out
