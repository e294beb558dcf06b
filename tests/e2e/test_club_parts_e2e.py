"""The club's parts through real processes (issue 25): LibreOffice renders the club's chart
the same after every command; an XlsxWriter .xlsm through excel-setup, which asks this Python
whether it imports keizer_xl."""
from __future__ import annotations

import shutil

import openpyxl
import pytest

from keizer_xl.frontends.cli import main

from support.club_books import CLUB_CHART_TITLE
from support.club_checks import (
    SOFFICE, add_pivot, club, package_parts, page_png, pdf_pages, picture, richer_club_workbook, run,
    season_rows, soffice, through_the_weekly_commands, written_layouts,
)

__all__ = ["club", "picture", "season_rows"]  # the fixtures (support/club_checks.py)


def test_an_xlsxwriter_xlsm_with_a_vba_project(tmp_path, season_rows, picture, monkeypatch):
    from support.season_books import write_book

    from keizer_xl.analysis.simulate import simulate_season

    seed = tmp_path / "seed.xlsx"
    write_book(seed, simulate_season(8, 2, seed=3))
    assert main(["excel-setup", str(seed)]) == 0
    vba = tmp_path / "vbaProject.bin"
    vba.write_bytes(package_parts(tmp_path / "seed.xlsm")["xl/vbaProject.bin"])
    path = richer_club_workbook(tmp_path / "club.xlsm", season_rows, picture, vba=vba)
    add_pivot(path, season_rows["Players"])
    original = package_parts(path)
    layouts = written_layouts(monkeypatch)
    through_the_weekly_commands(path, layouts)
    after = package_parts(path)
    assert after["xl/vbaProject.bin"] == original["xl/vbaProject.bin"] == vba.read_bytes()
    assert b"macroEnabled" in after["[Content_Types].xml"]
    openpyxl.load_workbook(path, keep_vba=True)


@pytest.mark.skipif(SOFFICE is None or shutil.which("pdftoppm") is None,
                    reason="LibreOffice (soffice) and pdftoppm are needed")
def test_libreoffice_renders_the_club_chart_the_same_after_every_command(club, tmp_path):
    before_pdf = tmp_path / "before"
    soffice("--convert-to", "pdf", "--outdir", str(before_pdf), str(club), profile=tmp_path / "profile")
    for argv in (["pair", str(club)], ["standings", str(club)], ["batch", str(club), "--in-place"]):
        run(*argv)
    after_pdf = tmp_path / "after"
    soffice("--convert-to", "pdf", "--outdir", str(after_pdf), str(club), profile=tmp_path / "profile")
    before_pages = pdf_pages(before_pdf / "club.pdf")
    after_pages = pdf_pages(after_pdf / "club.pdf")
    page = next(i for i, t in enumerate(before_pages) if CLUB_CHART_TITLE in t)
    assert after_pages[page] == before_pages[page]
    assert page_png(before_pdf / "club.pdf", page + 1, tmp_path / "b") == \
        page_png(after_pdf / "club.pdf", page + 1, tmp_path / "a")
    # LibreOffice read the pivot table (its output is on the Clubinfo pages)
    assert any("Sum of Rating" in t or "Sum - Rating" in t for t in after_pages)
