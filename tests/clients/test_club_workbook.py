"""A club's own workbook through every writing command (issue 25): made with XlsxWriter (charts,
one of them plotting a range of Standings, a chart sheet, a picture, a text box, sparklines,
Tables, conditional formats, comments, data validation, defined names, a dynamic-array
formula), re-saved by LibreOffice (its own chart and picture parts), and an .xlsm with a VBA
project.  After `pair`, `standings` and `batch --in-place` every part the engine does not own
is byte for byte what it was, openpyxl and LibreOffice open the file, the club's chart sheet
renders the same in LibreOffice's PDF, the chart on Standings still plots Standings, and the
engine's sheets read back as the engine wrote them."""
from __future__ import annotations

import openpyxl
import pytest

from keizer_xl.clients.xlsx import FileBook
from keizer_xl.clients.xlsx.package import Package

from support.club_books import (INPUTS, club_workbook)
from support.club_checks import (
    assert_only_engine_parts_changed, assert_reads_back, content_types_and_rels_unique, package_parts,
    picture, run, season_rows, written_layouts,
)

__all__ = ["picture", "season_rows"]  # the fixtures (support/club_checks.py)

xlsxwriter = pytest.importorskip("xlsxwriter")


def test_pair_standings_and_batch_keep_everything_of_an_xlsxwriter_club_workbook(
        tmp_path, season_rows, picture, monkeypatch, capsys):
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    original = package_parts(path)
    layouts = written_layouts(monkeypatch)
    for argv in (["pair", str(path)], ["standings", str(path)], ["batch", str(path), "--in-place"],
                 ["compare", str(path)],
                 ["excel-config", str(path), "--for", "win", "--python", "C:\\py\\python.exe"]):
        before = package_parts(path)
        layouts.clear()
        run(*argv)
        assert layouts, argv
        assert_only_engine_parts_changed(before, path)
        assert_reads_back(path, layouts)
    assert_only_engine_parts_changed(original, path)
    err = capsys.readouterr().err
    assert "would drop" not in err and "cannot keep" not in err
    after = package_parts(path)
    # the club's parts are all there: pictures, charts, drawings, comments, the chart sheet
    for prefix in ("xl/media/", "xl/charts/", "xl/drawings/", "xl/chartsheets/", "xl/comments"):
        assert any(n.startswith(prefix) for n in after), prefix
    # the chart on Standings stays on its drawing layer; Standings keeps its place and name
    pkg = Package(path.read_bytes())
    standings = next(s for s in pkg.sheets if s.name == "Standings")
    assert b"<drawing r:id=" in after[standings.part or ""]
    names = [s.name for s in pkg.sheets]
    assert names[:7] == ["Clubinfo", "Grafiek", *INPUTS, "Standings"]
    assert len(names) == len({n.casefold() for n in names})  # nothing duplicated
    # the workbook's defined names and the club's formulas are there as the club wrote them
    assert b'name="Clubnaam"' in after[pkg.workbook]
    assert after["xl/metadata.xml"] == original["xl/metadata.xml"]  # the dynamic array's metadata
    # the games of the new round were added to Results, and the Table grew with them
    results = openpyxl.load_workbook(path)["Results"]
    table = results.tables["tblResults"]
    last = int(table.ref.split(":")[1].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    assert results.cell(row=last, column=1).value == 6  # round 6 was paired
    # the engine's Standings: round 5's standings, names in column B from row 4 (the chart's range)
    book = FileBook(path)
    assert book.unsafe_to_write() == []


def test_the_package_stays_valid(tmp_path, season_rows, picture):
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    run("pair", str(path))
    run("standings", str(path))
    run("standings", str(path))  # a second run adds no styles and no sheets
    styles = package_parts(path)["xl/styles.xml"]
    run("standings", str(path))
    assert package_parts(path)["xl/styles.xml"] == styles
    content_types_and_rels_unique(path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames.count("Standings") == 1 and wb.sheetnames.count("Pairings") == 1
    assert wb["Standings"].print_title_rows  # print titles as a defined name of the sheet


def test_text_like_a_formula_is_written_as_text(tmp_path, season_rows, picture):
    rows = {k: [list(r) for r in v] for k, v in season_rows.items()}
    name_col = [str(h).casefold() for h in rows["Players"][0]].index("name")
    old = rows["Players"][1][name_col]
    new = '=HYPERLINK("http://x","y")'
    for sheet in INPUTS:
        for row in rows[sheet][1:]:
            for i, v in enumerate(row):
                if v == old:
                    row[i] = new
    path = club_workbook(tmp_path / "club.xlsx", rows, picture=picture)
    run("standings", str(path))
    ws = openpyxl.load_workbook(path)["Standings"]
    cells = [c for row in ws.iter_rows() for c in row if c.value == new]
    assert cells and all(c.data_type == "s" for c in cells)
    standings = next(x for x in Package(path.read_bytes()).sheets if x.name == "Standings")
    assert b"<f>" not in package_parts(path)[standings.part or ""]
