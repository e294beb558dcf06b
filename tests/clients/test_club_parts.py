"""More of what a club keeps in its workbook, through every writing command (issue 25): a pivot
table with its cache built byte by byte (no LibreOffice needed), dynamic-array formulas
(``_xlfn._xlws.SORT``, ``_xlfn.ANCHORARRAY``) also reading Standings, a form button, data
validation and conditional formats on Results that follow the rows the engine adds and deletes
(as Excel's Table does), ``docProps/app.xml``'s sheet list, an ``.xlsm`` made by XlsxWriter
with a VBA project, ``batch --out`` copies, and ``new-season`` / ``import`` (which write new
files and leave the club's workbook they read as it was)."""
from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from support.club_books import CLUB_CHART_TITLE, club_workbook
from support.club_checks import (
    SOFFICE,
    content_types_and_rels_unique,
    page_png,
    package_parts,
    pdf_pages,
    soffice,
    assert_only_engine_parts_changed,
    assert_reads_back,
    picture,
    run,
    season_rows,
    through_the_weekly_commands,
    written_layouts,
)

from keizer_xl.clients.xlsx.package import Package
from keizer_xl.frontends.cli import main

__all__ = ["picture", "season_rows"]  # the fixtures (support/club_checks.py)

xlsxwriter = pytest.importorskip("xlsxwriter")

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def _rewrite(path: Path, change: dict[str, bytes]) -> None:
    parts = package_parts(path)
    parts.update(change)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def add_pivot(path: Path, players: list[list[Any]], sheet: str = "Clubinfo", at: str = "H20") -> None:
    """A pivot table (sum of Rating by Name over Players!A1:B<n>) with its cache definition and
    records, written part by part as Excel lays them out (ECMA-376 Part 1, 18.10)."""
    from xml.sax.saxutils import escape

    names = [str(r[0]) for r in players[1:]]
    ratings = [int(r[1] or 0) for r in players[1:]]
    n = len(names)
    parts = package_parts(path)
    pkg = Package(path.read_bytes())
    entry = next(s for s in pkg.sheets if s.name == sheet)
    assert entry.part is not None
    shared = "".join(f'<s v="{escape(x)}"/>' for x in names)
    definition = (
        f'{_HEAD}<pivotCacheDefinition xmlns="{_MAIN}" xmlns:r="{_R}" r:id="rId1" refreshOnLoad="1" '
        f'createdVersion="6" refreshedVersion="6" minRefreshableVersion="3" recordCount="{n}">'
        f'<cacheSource type="worksheet"><worksheetSource ref="A1:B{n + 1}" sheet="Players"/></cacheSource>'
        f'<cacheFields count="2"><cacheField name="Name" numFmtId="0"><sharedItems count="{n}">{shared}'
        f'</sharedItems></cacheField><cacheField name="Rating" numFmtId="0"><sharedItems '
        f'containsSemiMixedTypes="0" containsString="0" containsNumber="1" containsInteger="1" '
        f'minValue="{min(ratings)}" maxValue="{max(ratings)}"/></cacheField></cacheFields>'
        f'</pivotCacheDefinition>').encode()
    records = (f'{_HEAD}<pivotCacheRecords xmlns="{_MAIN}" xmlns:r="{_R}" count="{n}">'
               + "".join(f'<r><x v="{i}"/><n v="{v}"/></r>' for i, v in enumerate(ratings))
               + "</pivotCacheRecords>").encode()
    col, row = re.match(r"([A-Z]+)(\d+)", at).groups()  # type: ignore[union-attr]
    end = f"{chr(ord(col) + 1)}{int(row) + n + 1}"
    table = (
        f'{_HEAD}<pivotTableDefinition xmlns="{_MAIN}" name="PivotPlayers" cacheId="7" '
        f'applyNumberFormats="0" applyBorderFormats="0" applyFontFormats="0" applyPatternFormats="0" '
        f'applyAlignmentFormats="0" applyWidthHeightFormats="1" dataCaption="Values" updatedVersion="6" '
        f'minRefreshableVersion="3" useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" '
        f'indent="0" outline="1" outlineData="1" multipleFieldFilters="0">'
        f'<location ref="{at}:{end}" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/>'
        f'<pivotFields count="2"><pivotField axis="axisRow" showAll="0"><items count="{n + 1}">'
        + "".join(f'<item x="{i}"/>' for i in range(n)) + '<item t="default"/></items></pivotField>'
        '<pivotField dataField="1" showAll="0"/></pivotFields>'
        '<rowFields count="1"><field x="0"/></rowFields>'
        f'<rowItems count="{n + 1}"><i><x/></i>'
        + "".join(f'<i><x v="{i}"/></i>' for i in range(1, n)) + '<i t="grand"><x/></i></rowItems>'
        '<colItems count="1"><i/></colItems>'
        '<dataFields count="1"><dataField name="Sum of Rating" fld="1" baseField="0" baseItem="0"/>'
        '</dataFields>'
        '<pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" showColHeaders="1" '
        'showRowStripes="0" showColStripes="0" showLastColumn="1"/></pivotTableDefinition>').encode()
    rel = '<Relationship Id="{id}" Type="' + _R + '/{type}" Target="{target}"/>'
    rels_head = f'{_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    change = {
        "xl/pivotCache/pivotCacheDefinition1.xml": definition,
        "xl/pivotCache/pivotCacheRecords1.xml": records,
        "xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels": (rels_head + rel.format(
            id="rId1", type="pivotCacheRecords", target="pivotCacheRecords1.xml")
            + "</Relationships>").encode(),
        "xl/pivotTables/pivotTable1.xml": table,
        "xl/pivotTables/_rels/pivotTable1.xml.rels": (rels_head + rel.format(
            id="rId1", type="pivotCacheDefinition", target="../pivotCache/pivotCacheDefinition1.xml")
            + "</Relationships>").encode(),
    }
    sheet_rels = entry.part.replace("worksheets/", "worksheets/_rels/") + ".rels"
    pivot_rel = rel.format(id="rIdPivot1", type="pivotTable",
                           target="../pivotTables/pivotTable1.xml").encode()
    change[sheet_rels] = (parts[sheet_rels].replace(b"</Relationships>", pivot_rel + b"</Relationships>")
                          if sheet_rels in parts else (rels_head + "</Relationships>").encode().replace(
                              b"</Relationships>", pivot_rel + b"</Relationships>"))
    wb_rels = parts["xl/_rels/workbook.xml.rels"].replace(b"</Relationships>", rel.format(
        id="rIdCache1", type="pivotCacheDefinition", target="pivotCache/pivotCacheDefinition1.xml").encode()
        + b"</Relationships>")
    change["xl/_rels/workbook.xml.rels"] = wb_rels
    workbook = parts["xl/workbook.xml"]
    caches = b'<pivotCaches><pivotCache cacheId="7" r:id="rIdCache1"/></pivotCaches>'
    at_calc = re.search(rb"<calcPr\b[^>]*/>", workbook)
    assert at_calc is not None
    change["xl/workbook.xml"] = workbook[:at_calc.end()] + caches + workbook[at_calc.end():]
    ct = "application/vnd.openxmlformats-officedocument.spreadsheetml."
    change["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", (
        f'<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
        f'ContentType="{ct}pivotCacheDefinition+xml"/>'
        f'<Override PartName="/xl/pivotCache/pivotCacheRecords1.xml" '
        f'ContentType="{ct}pivotCacheRecords+xml"/>'
        f'<Override PartName="/xl/pivotTables/pivotTable1.xml" ContentType="{ct}pivotTable+xml"/>'
        "</Types>").encode())
    _rewrite(path, change)


def richer_club_workbook(path: Path, rows: dict[str, list[list[Any]]], picture: Path,
                         vba: Path | None = None) -> Path:
    """``club_workbook`` plus what this module adds: dynamic arrays over the club's data and
    over Standings, a form button, data validation and conditional formats on Results."""

    real = xlsxwriter.Workbook

    class Richer(real):  # type: ignore[misc, valid-type]
        def close(self) -> None:
            info = self.get_worksheet_by_name("Clubinfo")
            info.write_dynamic_array_formula("F4", "=SUM(ANCHORARRAY(D4))", None, 6800)
            info.write_dynamic_array_formula("G4", "=_xlfn._xlws.SORT(Standings!C4:C13,1,-1)", None, 0)
            info.write_dynamic_array_formula("H4", "=SUM(D4#)", None, 6800)
            info.insert_button("A12", {"caption": "Club macro", "macro": "ClubMacro"})
            results = self.get_worksheet_by_name("Results")
            n = len(rows["Results"])
            results.data_validation(f"E2:E{n}", {"validate": "list", "source": ["1-0", "0-1", "½-½"],
                                                 "error_type": "information"})
            results.conditional_format(f"A2:E{n}", {"type": "formula", "criteria": "=$E2=\"\"",
                                                    "format": self.add_format({"bg_color": "#FFEEAA"})})
            results.conditional_format("H1:H5", {"type": "cell", "criteria": ">", "value": 0,
                                                 "format": self.add_format({"bold": True})})
            self.define_name("ResultsRange", f"=Results!$A$2:$E${n}")
            self.define_name("ResultsBelow", "=Results!$A$2:$E$100")
            self.define_name("ResultsNew", f"=Results!$A${n + 1}:$E${n + 8}")
            if vba is not None:
                self.add_vba_project(str(vba))
            super().close()

    xlsxwriter.Workbook = Richer
    try:
        return club_workbook(path, rows, picture=picture)
    finally:
        xlsxwriter.Workbook = real


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


@pytest.fixture
def club(tmp_path: Path, season_rows, picture) -> Path:
    path = richer_club_workbook(tmp_path / "club.xlsx", season_rows, picture)
    add_pivot(path, season_rows["Players"])
    return path


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
    from keizer_xl import actions
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.frontends.template import build_template

    seed = tmp_path / "seizoen.xlsx"
    build_template(seed, rounds=10, language="nl")
    book = open_book(seed)
    actions.write_season(book, simulate_season(12, 4, seed=11))
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
