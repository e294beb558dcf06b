"""More of what a club keeps in its workbook, through every writing command (issue 25): a pivot
table with its cache built byte by byte (no LibreOffice needed), dynamic-array formulas
(``_xlfn._xlws.SORT``, ``_xlfn.ANCHORARRAY``) also reading Standings, a form button, data
validation and conditional formats on Results that follow the rows the engine adds and deletes
(as Excel's Table does), ``docProps/app.xml``'s sheet list, an ``.xlsm`` made by XlsxWriter
with a VBA project, ``batch --out`` copies, and ``new-season`` / ``import`` (which write new
files and leave the club's workbook they read as it was)."""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients.xlsx.package import Package
from keizer_xl.frontends.cli import main

from support.club_books import club_workbook
from support.club_checks import (
    assert_only_engine_parts_changed, assert_reads_back, club, content_types_and_rels_unique,
    package_parts, picture, richer_club_workbook, run, season_rows, through_the_weekly_commands,
    written_layouts,
)

__all__ = ["club", "picture", "season_rows"]  # the fixtures (support/club_checks.py)

xlsxwriter = pytest.importorskip("xlsxwriter")


def _sqrefs(xml: bytes, element: str) -> list[str]:
    return [m.group(1).decode() for m in re.finditer(
        rb"<" + element.encode() + rb"\b[^>]*\bsqref=\"([^\"]*)\"", xml)]


def _sheet_xml(path: Path, name: str) -> bytes:
    pkg = Package(path.read_bytes())
    entry = next(s for s in pkg.sheets if s.name == name)
    return pkg.read(entry.part or "")


def _results_last(path: Path) -> int:
    ws = openpyxl.load_workbook(path)["Results"]
    return int(ws.tables["tblResults"].ref.split(":")[1].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))


def test_every_writing_command_keeps_the_pivot_dynamic_arrays_and_buttons(club, tmp_path, monkeypatch,
                                                                          capsys):
    original = package_parts(club)
    assert b"_xlfn.ANCHORARRAY" in original["xl/worksheets/sheet1.xml"]
    assert b"_xlfn._xlws.SORT" in original["xl/worksheets/sheet1.xml"]
    openpyxl.load_workbook(club)  # the pivot is valid for openpyxl's parser
    layouts = written_layouts(monkeypatch)
    out = tmp_path / "out"
    out.mkdir()
    for argv in (["pair", str(club)], ["standings", str(club)], ["pair", str(club), "--repair"],
                 ["batch", str(club), "--in-place"], ["compare", str(club)],
                 ["excel-config", str(club), "--for", "win", "--python", "C:\\py\\python.exe"]):
        before = package_parts(club)
        layouts.clear()
        run(*argv)
        assert_only_engine_parts_changed(before, club)
        assert_reads_back(club, layouts)
        content_types_and_rels_unique(club)
    assert_only_engine_parts_changed(original, club)
    after = package_parts(club)
    for name in ("xl/pivotTables/pivotTable1.xml", "xl/pivotCache/pivotCacheDefinition1.xml",
                 "xl/pivotCache/pivotCacheRecords1.xml", "xl/metadata.xml", "xl/vmlDrawing1.vml"):
        assert after.get(name) == original.get(name), name
    assert b'<pivotCache cacheId="7" r:id="rIdCache1"/>' in after["xl/workbook.xml"]
    # the pivot caches come after calcPr, as the schema orders workbook.xml
    xml = after["xl/workbook.xml"]
    assert xml.index(b"<calcPr") < xml.index(b"<pivotCaches")
    wb = openpyxl.load_workbook(club)
    assert [p.name for p in wb["Clubinfo"]._pivots] == ["PivotPlayers"]
    # batch --out: a copy with everything of the club's
    run("batch", str(club), "--out", str(out))
    copy = out / "club.keizer.xlsx"
    assert_only_engine_parts_changed(package_parts(club), copy)
    err = capsys.readouterr().err
    assert "would drop" not in err and "cannot keep" not in err


def test_validation_formats_and_names_on_results_follow_the_rows(club):
    n0 = _results_last(club)
    xml = _sheet_xml(club, "Results")
    assert _sqrefs(xml, "dataValidation") == [f"E2:E{n0}"]
    assert _sqrefs(xml, "conditionalFormatting") == [f"A2:E{n0}", "H1:H5"]
    run("pair", str(club))
    n1 = _results_last(club)
    assert n1 > n0
    xml = _sheet_xml(club, "Results")
    # the Table grew: what covered its whole columns grows with it (Excel's table expansion);
    # the note's format beside the table stays where it was
    assert _sqrefs(xml, "dataValidation") == [f"E2:E{n1}"]
    assert _sqrefs(xml, "conditionalFormatting") == [f"A2:E{n1}", "H1:H5"]
    # no row was inserted: a defined name keeps its cells (as in Excel)
    names = openpyxl.load_workbook(club).defined_names
    assert names["ResultsRange"].attr_text == f"Results!$A$2:$E${n0}"
    assert names["ResultsBelow"].attr_text == "Results!$A$2:$E$100"
    # pairing the round again deletes its rows and adds the new ones: the same count here
    run("pair", str(club), "--repair")
    assert _results_last(club) == n1
    xml = _sheet_xml(club, "Results")
    assert _sqrefs(xml, "dataValidation") == [f"E2:E{n1}"]
    assert _sqrefs(xml, "conditionalFormatting") == [f"A2:E{n1}", "H1:H5"]
    # the deleted rows (round 6's, rows n0+1..n1) left the names' ranges: those below moved up
    names = openpyxl.load_workbook(club).defined_names
    assert names["ResultsRange"].attr_text == f"Results!$A$2:$E${n0}"
    assert names["ResultsBelow"].attr_text == f"Results!$A$2:$E${100 - (n1 - n0)}"
    assert names["ResultsNew"].attr_text == "Results!#REF!"  # all its rows were deleted, as Excel writes it


def test_app_xml_lists_the_sheets_the_engine_adds(tmp_path, season_rows, picture):
    path = richer_club_workbook(tmp_path / "club.xlsx", season_rows, picture)
    with zipfile.ZipFile(path) as zf:
        app = zf.read("docProps/app.xml").decode()
    assert "<vt:lpstr>Standings</vt:lpstr>" in app and "Pairings" not in app
    run("pair", str(path))
    with zipfile.ZipFile(path) as zf:
        app = zf.read("docProps/app.xml").decode()
    titles = re.findall(r"<vt:lpstr>([^<]*)</vt:lpstr>", app.split("<TitlesOfParts>")[1])
    sheets = [s.name for s in Package(path.read_bytes()).sheets if s.kind == "worksheet"]
    assert titles[:len(sheets)] == sheets and "Pairings" in sheets
    size = int(re.search(r'<TitlesOfParts><vt:vector size="(\d+)"', app).group(1))  # type: ignore[union-attr]
    assert size == len(titles)
    pairs = re.search(r"<HeadingPairs>(.*)</HeadingPairs>", app).group(1)  # type: ignore[union-attr]
    counts = dict(zip(re.findall(r"<vt:lpstr>([^<]*)</vt:lpstr>", pairs),
                      map(int, re.findall(r"<vt:i4>(\d+)</vt:i4>", pairs)), strict=True))
    assert counts["Worksheets"] == len(sheets)
    assert sum(counts.values()) == len(titles)


def test_new_season_and_import_write_new_files_and_leave_the_club_workbook_alone(club, tmp_path):
    original = package_parts(club)
    new = tmp_path / "next.xlsx"
    run("new-season", str(club), str(new))
    assert package_parts(club) == original  # read, never written
    assert openpyxl.load_workbook(new).sheetnames
    trf = tmp_path / "club.trf"
    run("export", str(club), "--trf", str(trf))
    assert package_parts(club) == original
    imported = tmp_path / "imported.xlsx"
    run("import", str(trf), str(imported))
    assert package_parts(club) == original
    # import onto the club's workbook is refused without --force: nothing of it is replaced
    assert main(["import", str(trf), str(club)]) != 0
    assert package_parts(club) == original


def test_an_engine_sheet_keeps_its_drawing_and_drops_its_old_table(tmp_path, season_rows, picture):
    """What the club placed on Standings: the chart and a comment stay (the drawing layer), an
    Excel Table over the old cells goes with them (the sheet is the engine's): its part, its
    relationship and its content type, nothing dangling."""

    real = xlsxwriter.Workbook

    class WithTable(real):  # type: ignore[misc, valid-type]
        def close(self) -> None:
            ws = self.get_worksheet_by_name("Standings")
            ws.write_row("A3", ["Rank", "Name", "Score"])
            ws.add_table("A3:C6", {"name": "tblOldStandings", "header_row": False})
            ws.write_comment("A1", "Our standings")
            super().close()

    xlsxwriter.Workbook = WithTable
    try:
        path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    finally:
        xlsxwriter.Workbook = real
    before = package_parts(path)
    table_part = next(n for n, d in before.items() if n.startswith("xl/tables/") and b"tblOldStandings" in d)
    run("standings", str(path))
    after = package_parts(path)
    assert table_part not in after
    assert table_part.encode() not in after["[Content_Types].xml"]
    content_types_and_rels_unique(path)
    pkg = Package(path.read_bytes())
    standings = next(s for s in pkg.sheets if s.name == "Standings")
    rels = pkg.rels(standings.part or "")
    assert all(r.target is None or pkg.has(r.target) for r in rels)
    kinds = {r.type.rsplit("/", 1)[-1] for r in rels}
    assert {"drawing", "comments", "vmlDrawing"} <= kinds and "table" not in kinds
    wb = openpyxl.load_workbook(path)
    assert not wb["Standings"].tables
    assert wb["Standings"]["A1"].comment is not None
    assert_only_engine_parts_changed(before, path)


def test_a_dutch_club_workbook_through_pair_standings_and_batch(tmp_path, picture, monkeypatch, capsys):
    """The issue's own example: a Dutch workbook with a logo on Clubinfo and a chart sheet
    Grafiek plotting the Stand sheet; the engine's sheets in Dutch (Indeling, Stand)."""
    from keizer_xl.app.write_season import write_season
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.clients.xlsx.new_book import build_template

    seed = tmp_path / "seizoen.xlsx"
    build_template(seed, rounds=10, language="nl")
    book = open_book(seed)
    write_season(book, simulate_season(12, 4, seed=11))
    book.save()
    values = openpyxl.load_workbook(seed)
    path = tmp_path / "club.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    info = wb.add_worksheet("Clubinfo")
    info.write("A1", "Schaakclub De Witte Dame")
    info.insert_image("C2", str(picture))
    info.insert_textbox("C8", "Huisregels: telefoon uit.", {"width": 200, "height": 40})
    for name in ("Instellingen", "Spelers", "Aanwezigheid", "Uitslagen"):
        ws = wb.add_worksheet(name)
        rows = [list(r) for r in values[name].iter_rows(values_only=True)]
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if isinstance(v, str):
                    ws.write_string(r, c, v)
                elif v is not None:
                    ws.write(r, c, v)
        if name == "Uitslagen":
            ws.add_table(0, 0, len(rows) - 1, len(rows[0]) - 1,
                         {"name": "tblUitslagen", "columns": [{"header": str(h)} for h in rows[0]]})
            ws.data_validation(f"E2:E{len(rows)}", {"validate": "list", "source": ["1-0", "0-1", "½-½"]})
    # written by keizer-xl before the club drew its chart (its title line: a placeholder of the
    # club's own would be the club's sheet, refused since issue 34)
    wb.add_worksheet("Stand").write("A1", "De Witte Dame · Stand na ronde 3 · 30 november 2026")
    chart = wb.add_chart({"type": "bar"})
    chart.add_series({"name": "Score", "categories": "=Stand!$B$4:$B$13", "values": "=Stand!$C$4:$C$13"})
    wb.add_chartsheet("Grafiek").set_chart(chart)
    wb.close()
    original = package_parts(path)
    layouts = written_layouts(monkeypatch)
    through_the_weekly_commands(path, layouts)
    assert_only_engine_parts_changed(original, path)
    names = [s.name for s in Package(path.read_bytes()).sheets]
    assert names[:7] == ["Clubinfo", "Instellingen", "Spelers", "Aanwezigheid", "Uitslagen", "Stand",
                         "Grafiek"]
    assert "Stand" in names and "Indeling" in names
    xml = _sheet_xml(path, "Uitslagen")
    last = int(openpyxl.load_workbook(path)["Uitslagen"].tables["tblUitslagen"].ref.split(":")[1][1:])
    assert _sqrefs(xml, "dataValidation") == [f"E2:E{last}"]
    err = capsys.readouterr().err
    assert "would drop" not in err and "zou" not in err
