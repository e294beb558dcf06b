"""A Dutch season through real LibreOffice (issue 9): the macro's messages and sheets in the
workbook's language, as the command line gives them on an .xlsx."""
from __future__ import annotations

import openpyxl

from support.languages import (
    PLAYERS, fill_results, run, sheet_rows, table_rows, type_rows,
)
from support.office import needs_lo


@needs_lo
def test_a_dutch_season_in_libreoffice(office, tmp_path, capsys):
    book = tmp_path / "club-nl.xlsx"
    assert run(capsys, "new", book, "--language", "nl")[0] == 0
    type_rows(book, "Players", "nl", PLAYERS)
    type_rows(book, "Attendance", "nl", [(n, "A" if n == "Eva" else None) for n, _ in PLAYERS])
    code, out, err = run(capsys, "lo-run", book, "pair")
    assert code == 0, err
    # the macro's messages are Dutch too (issue 9 item 1): lo-run prints them as it got them
    assert out.splitlines()[0] == "Ronde 1" and "Afwezig: Eva" in out
    # ... and the same lines as the command line on an .xlsx (issue 15)
    assert (f"Indeling voor ronde 1 geschreven naar {book} en de partijen toegevoegd aan "
            "Uitslagen") in err
    rows = table_rows(book, "Indeling")
    assert rows[0][:4] == ["Bord", "Wit", "Zwart", "Uitslag"]
    flat = [v for r in rows for v in r if v is not None]
    assert "afgemeld" in flat and "Afwezig" in flat
    # the games were added to Uitslagen under its Dutch headers
    res = sheet_rows(book, "Uitslagen")
    assert res[0] == ["Ronde", "Bord", "Wit", "Zwart", "Uitslag"] and res[1][:4] == [1, 1, "Anna", "Bram"]
    fill_results(book, "nl", ["1:0", "remise"])
    code, _, err = run(capsys, "lo-run", book, "standings")
    assert code == 0, err
    stand = table_rows(book, "Stand")
    assert stand[0][:9] == ["Plaats", "Naam", "Score", "Waarde", "Vorige waarde", "Partijen",
                            "W", "R", "V"]
    assert "Standings" not in openpyxl.load_workbook(book).sheetnames
    # a problem typed in the Dutch workbook is reported in Dutch from LibreOffice too
    fill_results(book, "nl", ["x", "remise"])
    code, out, err = run(capsys, "lo-run", book, "check")
    assert code == 1
    assert "Uitslagen!E2: 'x' is geen uitslag" in out + err
    # as `keizer-xl check` says it on an .xlsx (issue 15: one wording of a check)
    assert f"1 probleem in {book.name}" in err
