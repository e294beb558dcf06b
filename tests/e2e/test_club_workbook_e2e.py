"""A club's own workbook through real processes (issue 25): LibreOffice opens it and renders
the club's chart the same, keeps a pivot table it made; an .xlsm and excel-setup (which asks
this Python whether it imports keizer_xl)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.frontends.cli import main

from support.club_books import (CLUB_CHART_TITLE, STANDINGS_CHART_TITLE, club_workbook)
from support.helpers import lo_missing
from support.season_books import write_book
from support.club_checks import (
    SOFFICE, assert_only_engine_parts_changed, package_parts, page_png, pdf_pages, picture, run,
    season_rows, soffice, through_the_weekly_commands, written_layouts,
)

__all__ = ["picture", "season_rows"]  # the fixtures (support/club_checks.py)


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_opens_it_and_the_club_chart_renders_the_same(tmp_path, season_rows, picture):
    if shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None:
        pytest.skip("pdftotext / pdftoppm are not installed")
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    # the same workbook re-saved by LibreOffice: its own chart, picture and drawing parts
    lo = tmp_path / "lo"
    soffice("--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(lo), str(path),
             profile=tmp_path / "profile")
    lo_book = lo / "club.xlsx"
    assert any(n.startswith("xl/charts/") for n in package_parts(lo_book))
    assert any(n.startswith("xl/media/") for n in package_parts(lo_book))
    for book in (path, lo_book):
        pdf_dir = tmp_path / f"pdf-{book.parent.name}"
        soffice("--convert-to", "pdf", "--outdir", str(pdf_dir / "before"), str(book),
                 profile=tmp_path / "profile")
        before_parts = package_parts(book)
        run("pair", str(book))
        run("standings", str(book))
        assert_only_engine_parts_changed(before_parts, book)
        openpyxl.load_workbook(book)
        soffice("--convert-to", "pdf", "--outdir", str(pdf_dir / "after"), str(book),
                 profile=tmp_path / "profile")
        before_pages = pdf_pages(pdf_dir / "before" / "club.pdf")
        after_pages = pdf_pages(pdf_dir / "after" / "club.pdf")
        # the club's chart (sheet Grafiek, before the engine's sheets): the same page
        page = next(i for i, t in enumerate(before_pages) if CLUB_CHART_TITLE in t)
        assert CLUB_CHART_TITLE in after_pages[page]
        assert after_pages[page] == before_pages[page]
        assert page_png(pdf_dir / "before" / "club.pdf", page + 1, pdf_dir / "b") == \
            page_png(pdf_dir / "after" / "club.pdf", page + 1, pdf_dir / "a")
        # the chart sheet plotting Standings!B4:C13 now shows the engine's standings
        standings = openpyxl.load_workbook(book)["Standings"]
        leader = standings["B4"].value
        assert isinstance(leader, str) and leader
        plotted = next(t for t in after_pages if STANDINGS_CHART_TITLE in t)
        assert leader in plotted


def test_an_xlsm_keeps_its_vba_project_and_buttons(tmp_path, monkeypatch):
    source = tmp_path / "season.xlsx"
    write_book(source, simulate_season(12, 3, seed=7))
    assert main(["excel-setup", str(source)]) == 0
    xlsm = tmp_path / "season.xlsm"
    original = package_parts(xlsm)
    assert "xl/vbaProject.bin" in original
    layouts = written_layouts(monkeypatch)
    through_the_weekly_commands(xlsm, layouts)
    after = package_parts(xlsm)
    assert after["xl/vbaProject.bin"] == original["xl/vbaProject.bin"]
    assert any(n.endswith(".vml") for n in after)  # the buttons' drawing
    assert b"macroEnabled" in after["[Content_Types].xml"]


@pytest.mark.skipif(lo_missing() is not None, reason=f"LibreOffice tests: {lo_missing()}")
def test_a_pivot_table_made_by_libreoffice_is_kept(tmp_path, season_rows, picture):
    from keizer_xl.clients import lo_install, lo_run

    source = club_workbook(tmp_path / "source.xlsx", season_rows, picture=picture)
    path = tmp_path / "club.xlsx"
    with lo_run.Office() as office:
        pivot = Path(__file__).parents[1] / "support" / "lo_pivot.py"
        done = subprocess.run([office.python, str(pivot), office.pipe, str(source), str(path)],
                              capture_output=True, text=True, timeout=180, env=lo_install.clean_env())
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr
    before = package_parts(path)
    assert any(n.startswith("xl/pivotTables/") for n in before)
    assert any(n.startswith("xl/pivotCache/") for n in before)
    for argv in (["pair", str(path)], ["standings", str(path)], ["batch", str(path), "--in-place"]):
        step = package_parts(path)
        run(*argv)
        assert_only_engine_parts_changed(step, path)
    assert_only_engine_parts_changed(before, path)
    openpyxl.load_workbook(path)
    if SOFFICE is not None:
        soffice("--convert-to", "pdf", "--outdir", str(tmp_path / "pdf"), str(path),
                 profile=tmp_path / "profile")
        assert (tmp_path / "pdf" / "club.pdf").stat().st_size > 0


def test_excel_setup_builds_the_button_workbook_of_a_club_workbook(tmp_path, season_rows, picture):
    # openpyxl would drop the club's charts and pictures: the file client adds the Start and
    # xlwings.conf sheets to the package itself, and every part of the club is in the .xlsm
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    before = package_parts(path)
    run("excel-setup", str(path))
    xlsm = tmp_path / "club.xlsm"
    after = package_parts(xlsm)
    assert package_parts(path) == before  # the .xlsx itself is not touched
    assert "xl/vbaProject.bin" in after and b"macroEnabled" in after["[Content_Types].xml"]
    # (the sheets themselves get a codeName from pyOpenVBA: each is a module of the project)
    for name, data in before.items():
        if name.startswith(("xl/charts/", "xl/media/", "xl/drawings/drawing", "xl/comments",
                            "xl/tables/", "xl/metadata.xml", "xl/sharedStrings.xml")):
            assert after.get(name) == data, name
    wb = openpyxl.load_workbook(xlsm, keep_vba=True)
    assert wb.sheetnames[0] == "Start" and wb.active.title == "Start"
    assert "xlwings.conf" in wb.sheetnames
    # and the .xlsm goes through the engine's commands like the .xlsx
    for argv in (["pair", str(xlsm)], ["standings", str(xlsm)]):
        step = package_parts(xlsm)
        run(*argv)
        assert_only_engine_parts_changed(step, xlsm)
    assert package_parts(xlsm)["xl/vbaProject.bin"] == after["xl/vbaProject.bin"]
