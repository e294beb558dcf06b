"""A new season of a club's own workbook through real processes (issue 25): LibreOffice opens
it and prints the club's pages the same; an .xlsm's macros and buttons carried over (excel-setup
asks this Python whether it imports keizer_xl)."""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main

from support.club_books import CLUB_CHART_TITLE
from support.club_checks import (
    SOFFICE, old, package_parts, page_png, pdf_pages, picture, season_rows, soffice,
)

__all__ = ["old", "picture", "season_rows"]  # the fixtures (support/club_checks.py)


@pytest.mark.skipif(SOFFICE is None or shutil.which("pdftoppm") is None,
                    reason="LibreOffice (soffice) and pdftoppm are needed")
def test_libreoffice_opens_the_new_season_and_prints_the_club_pages_the_same(old: Path,
                                                                             tmp_path: Path):
    new = tmp_path / "next.xlsx"
    assert main(["new-season", str(old), str(new)]) == 0
    profile = tmp_path / "profile"
    soffice("--convert-to", "pdf", "--outdir", str(tmp_path / "old"), str(old), profile=profile)
    soffice("--convert-to", "pdf", "--outdir", str(tmp_path / "new"), str(new), profile=profile)
    old_pages = pdf_pages(tmp_path / "old" / "club.pdf")
    new_pages = pdf_pages(tmp_path / "new" / "next.pdf")
    # the club's sheets come first: the same pages, text and pixels
    info = next(i for i, t in enumerate(old_pages) if "De Witte Dame" in t)
    chart = next(i for i, t in enumerate(old_pages) if CLUB_CHART_TITLE in t)
    for page in (info, chart):
        assert new_pages[page] == old_pages[page]
        assert page_png(tmp_path / "old" / "club.pdf", page + 1, tmp_path / "o") == \
            page_png(tmp_path / "new" / "next.pdf", page + 1, tmp_path / "n")
    # LibreOffice reads it back as a workbook too (xlsx out): the club's chart and picture in it
    soffice("--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(tmp_path / "lo"),
             str(new), profile=profile)
    with zipfile.ZipFile(tmp_path / "lo" / "next.xlsx") as zf:
        names = zf.namelist()
    assert any(n.startswith("xl/charts/") for n in names)
    assert any(n.startswith("xl/media/") for n in names)
    assert openpyxl.load_workbook(tmp_path / "lo" / "next.xlsx")["Clubinfo"]["B1"].value == \
        "De Witte Dame"


def test_an_xlsm_season_carries_its_macros_and_buttons_into_an_xlsm(tmp_path: Path, capsys):
    from keizer_xl.analysis.simulate import simulate_season
    from support.season_books import write_book

    source = write_book(tmp_path / "season.xlsx", simulate_season(8, 3, seed=5))
    assert main(["excel-setup", str(source)]) == 0
    old = tmp_path / "season.xlsm"
    before = package_parts(old)
    capsys.readouterr()
    new = tmp_path / "next.xlsm"
    assert main(["new-season", str(old), str(new)]) == 0
    out = capsys.readouterr().out
    after = package_parts(new)
    assert after["xl/vbaProject.bin"] == before["xl/vbaProject.bin"]
    assert b"macroEnabled" in after["[Content_Types].xml"]
    buttons = [n for n in before if n.endswith(".vml")]
    assert buttons and all(after[n] == before[n] for n in buttons)
    carried = next(line for line in out.splitlines() if line.startswith("Carried unchanged: "))
    assert "xlwings.conf" in carried
    # from the template (another language) an .xlsm cannot be made: refused, nothing written
    assert main(["new-season", str(old), str(tmp_path / "volgend.xlsm"), "--language", "nl"]) == 2
    assert not (tmp_path / "volgend.xlsm").exists()
    # an .xlsx from an .xlsm: from the template, saying what it leaves
    assert main(["new-season", str(old), str(tmp_path / "plain.xlsx")]) == 0
    assert "Not carried (the new workbook is made from the template" in capsys.readouterr().out
