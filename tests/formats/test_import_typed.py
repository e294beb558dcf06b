"""``import`` writes the Players sheet as a leader types it (issue 33 item 5): a rating the
whole number 2100 (not 2100.0), a number id a number (an id with a leading zero text), a birth
date a date with a date's format, a year alone text; the rating report reads them back as the
TRF file had them."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl

from keizer_xl.frontends.cli import main
from keizer_xl.sheets.season_tables import typed_date, typed_text
from support.trf_files import HAND


def test_typed_cells():
    assert typed_text("1503014") == 1503014
    assert typed_text("0123") == "0123" and typed_text("12AB") == "12AB"
    assert typed_text("1234567890123456") == "1234567890123456"  # more than Excel's 15 digits
    assert typed_text("") is None
    assert typed_date("1970/03/04") == dt.date(1970, 3, 4)
    assert typed_date("1970-3-4") == dt.date(1970, 3, 4)
    assert typed_date("1980") == "1980"
    assert typed_date("1980/02/30") == "1980/02/30"
    assert typed_date("") is None


def test_import_types_ratings_ids_and_birth_dates(tmp_path: Path, capsys):
    source = tmp_path / "hand.trf"
    source.write_text(HAND.replace("1990/05/06", "1990      "), encoding="utf-8")
    book = tmp_path / "imported.xlsx"
    assert main(["import", str(source), str(book)]) == 0
    ws = openpyxl.load_workbook(book)["Players"]
    head = [c.value for c in ws[1]]
    rows = {r[0].value: dict(zip(head, r, strict=True))
            for r in ws.iter_rows(min_row=2) if r[0].value}
    piet = rows["Piet Jansen"]
    assert piet["Rating"].value == 2100 and type(piet["Rating"].value) is int
    assert piet["Start"].value == 1 and type(piet["Start"].value) is int
    assert piet["Birth"].value == dt.datetime(1970, 3, 4)
    assert piet["Birth"].number_format == "yyyy-mm-dd"
    ids = [c for c in piet.values() if c.value == 1234567]
    assert len(ids) == 1 and type(ids[0].value) is int
    assert rows["Kees Bakker"]["Birth"].value == "1990"  # a year alone: text
    assert rows["Tom Mulder"]["Birth"].value is None and rows["Tom Mulder"]["Rating"].value == 1600
    # the rating report writes them back as the file had them
    capsys.readouterr()
    assert main(["export", str(book), "--trf", "-"]) == 0
    lines = {line[14:47].strip(): line for line in capsys.readouterr().out.splitlines()
             if line.startswith("001")}
    assert lines["Jansen, Piet"][48:52] == "2100" and lines["Jansen, Piet"][69:79] == "1970/03/04"
    assert lines["Bakker, Kees"][69:79].strip() == "1990"
