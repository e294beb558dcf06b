"""A club's own workbook through every writing command (issue 25): made with XlsxWriter (charts,
one of them plotting a range of Standings, a chart sheet, a picture, a text box, sparklines,
Tables, conditional formats, comments, data validation, defined names, a dynamic-array
formula), re-saved by LibreOffice (its own chart and picture parts), and an .xlsm with a VBA
project.  After `pair`, `standings` and `batch --in-place` every part the engine does not own
is byte for byte what it was, openpyxl and LibreOffice open the file, the club's chart sheet
renders the same in LibreOffice's PDF, the chart on Standings still plots Standings, and the
engine's sheets read back as the engine wrote them."""
from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from club_books import (CLUB_CHART_TITLE, INPUTS, STANDINGS_CHART_TITLE, club_workbook,
                        input_rows, png)
from helpers import lo_missing
from season_books import write_book

from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.clients.xlsx import FileBook
from keizer_xl.clients.xlsx.package import Package
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.schema import OWNED_SHEETS

xlsxwriter = pytest.importorskip("xlsxwriter")
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
#: the Results sheet in every language (its rows are the engine's to add)
RESULTS_NAMES = {schema.sheet_name("Results", lang) for lang in ("en", "nl", "de", "fr")}
HISTORY_NAMES = {schema.sheet_name("History", lang) for lang in ("en", "nl", "de", "fr")}


@pytest.fixture(scope="module")
def season_rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[Any]]]:
    """The four input tables of a simulated season (16 players, 5 rounds), as values."""
    path = write_book(tmp_path_factory.mktemp("season") / "s.xlsx", simulate_season(16, 5, seed=25))
    return input_rows(path)


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def engine_parts(path: Path | bytes) -> set[str]:
    """What the engine owns in this package (keizer_xl/clients/xlsx/splice.py): the engine
    sheets' parts and relationships, Results and its Table, the workbook's sheet list,
    relationships, content types, styles and calculation chain, the sheet titles in
    docProps/app.xml (and xlwings.conf, which `excel-config` writes)."""
    pkg = Package(path if isinstance(path, bytes) else path.read_bytes())
    owned = {s.casefold() for s in OWNED_SHEETS} | {"xlwings.conf"}
    out = {"[Content_Types].xml", pkg.workbook, "xl/_rels/workbook.xml.rels", "xl/styles.xml",
           "xl/calcChain.xml", "docProps/app.xml"}  # app.xml: the sheet titles (splice.py)
    for sheet in pkg.sheets:
        if sheet.part and (sheet.name.casefold() in owned or sheet.name in RESULTS_NAMES):
            out.add(sheet.part)
            out.add(sheet.part.replace("worksheets/", "worksheets/_rels/") + ".rels")
            # Results' Table grows; an engine sheet's Table goes with its old cells
            out.update(r.target for r in pkg.rels(sheet.part) if r.target and "/tables/" in r.target)
    return out


def engine_drawn(data: bytes) -> set[str]:
    """The drawing and charts the engine draws itself on its History sheet (batch)."""
    pkg = Package(data)
    out: set[str] = set()
    for sheet in pkg.sheets:
        if sheet.part and sheet.name in HISTORY_NAMES:
            for rel in pkg.rels(sheet.part):
                if rel.target and rel.type.endswith("/drawing"):
                    out.add(rel.target)
                    out.add(rel.target.replace("drawings/", "drawings/_rels/") + ".rels")
                    out.update(r.target for r in pkg.rels(rel.target) if r.target)
    return out


def _zip(parts: dict[str, bytes]) -> bytes:
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def assert_only_engine_parts_changed(before: dict[str, bytes], path: Path) -> None:
    after = _parts(path)
    owned = engine_parts(path) | engine_parts(_zip(before)) | engine_drawn(path.read_bytes()) \
        | engine_drawn(_zip(before))
    for name, data in before.items():
        if name in owned:
            continue
        assert name in after, f"{name} was dropped"
        assert after[name] == data, f"{name} changed"
    assert set(after) - set(before) <= owned, set(after) - set(before) - owned


def written_layouts(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The layouts the engine hands to the file writer, by sheet."""
    seen: dict[str, Any] = {}
    real = FileBook.write_sheet

    def recording(self: FileBook, sheet: str, layout: Any) -> None:
        seen[sheet] = layout
        real(self, sheet, layout)
    monkeypatch.setattr(FileBook, "write_sheet", recording)
    return seen


def assert_reads_back(path: Path, layouts: dict[str, Any]) -> None:
    """openpyxl opens the file and each engine sheet holds what its layout says, cell by cell."""
    wb = openpyxl.load_workbook(path)
    for sheet, layout in layouts.items():
        ws = wb[sheet]
        for r, row in enumerate(layout.grid, 1):
            for c, value in enumerate(row, 1):
                want = cell_value(value)
                got = ws.cell(row=r, column=c).value
                assert got == want or (want is None and got is None), (sheet, r, c, want, got)
                if isinstance(want, str):
                    assert ws.cell(row=r, column=c).data_type == "s"  # text stays text


def run(*argv: str) -> None:
    assert main(list(argv)) == 0, argv


def through_the_weekly_commands(path: Path, layouts: dict[str, Any]) -> None:
    """``pair``, ``standings`` and ``batch --in-place`` on ``path``; after each, only the
    engine's parts changed and its sheets read back as they were written."""
    for argv in (["pair", str(path)], ["standings", str(path)], ["batch", str(path), "--in-place"]):
        before = _parts(path)
        layouts.clear()
        run(*argv)
        assert_only_engine_parts_changed(before, path)
        assert_reads_back(path, layouts)


@pytest.fixture
def picture(tmp_path: Path) -> Path:
    p = tmp_path / "logo.png"
    p.write_bytes(png())
    return p


def test_pair_standings_and_batch_keep_everything_of_an_xlsxwriter_club_workbook(
        tmp_path, season_rows, picture, monkeypatch, capsys):
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    original = _parts(path)
    layouts = written_layouts(monkeypatch)
    for argv in (["pair", str(path)], ["standings", str(path)], ["batch", str(path), "--in-place"],
                 ["compare", str(path)],
                 ["excel-config", str(path), "--for", "win", "--python", "C:\\py\\python.exe"]):
        before = _parts(path)
        layouts.clear()
        run(*argv)
        assert layouts, argv
        assert_only_engine_parts_changed(before, path)
        assert_reads_back(path, layouts)
    assert_only_engine_parts_changed(original, path)
    err = capsys.readouterr().err
    assert "would drop" not in err and "cannot keep" not in err
    after = _parts(path)
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


def _content_types_and_rels_unique(path: Path) -> None:
    parts = _parts(path)
    types = parts["[Content_Types].xml"].decode()
    import re
    overrides = re.findall(r'PartName="([^"]+)"', types)
    assert len(overrides) == len(set(overrides))
    for name in overrides:
        assert name.lstrip("/") in parts, name
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    ids = re.findall(r'Id="([^"]+)"', rels)
    targets = re.findall(r'Target="([^"]+)"', rels)
    assert len(ids) == len(set(ids)) and len(targets) == len(set(targets))


def test_the_package_stays_valid(tmp_path, season_rows, picture):
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    run("pair", str(path))
    run("standings", str(path))
    run("standings", str(path))  # a second run adds no styles and no sheets
    styles = _parts(path)["xl/styles.xml"]
    run("standings", str(path))
    assert _parts(path)["xl/styles.xml"] == styles
    _content_types_and_rels_unique(path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames.count("Standings") == 1 and wb.sheetnames.count("Pairings") == 1
    assert wb["Standings"].print_title_rows  # print titles as a defined name of the sheet


def _soffice(*args: str, profile: Path) -> None:
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", *args],
                   check=True, capture_output=True, timeout=240)


def _pdf_pages(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    return text.split("\f")


def _page_png(pdf: Path, page: int, out: Path) -> bytes:
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", str(page), "-l", str(page), str(pdf), str(out)],
                   check=True, capture_output=True)
    found = sorted(out.parent.glob(out.name + "*.png"))
    assert found
    return found[-1].read_bytes()


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_opens_it_and_the_club_chart_renders_the_same(tmp_path, season_rows, picture):
    if shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None:
        pytest.skip("pdftotext / pdftoppm are not installed")
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    # the same workbook re-saved by LibreOffice: its own chart, picture and drawing parts
    lo = tmp_path / "lo"
    _soffice("--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(lo), str(path),
             profile=tmp_path / "profile")
    lo_book = lo / "club.xlsx"
    assert any(n.startswith("xl/charts/") for n in _parts(lo_book))
    assert any(n.startswith("xl/media/") for n in _parts(lo_book))
    for book in (path, lo_book):
        pdf_dir = tmp_path / f"pdf-{book.parent.name}"
        _soffice("--convert-to", "pdf", "--outdir", str(pdf_dir / "before"), str(book),
                 profile=tmp_path / "profile")
        before_parts = _parts(book)
        run("pair", str(book))
        run("standings", str(book))
        assert_only_engine_parts_changed(before_parts, book)
        openpyxl.load_workbook(book)
        _soffice("--convert-to", "pdf", "--outdir", str(pdf_dir / "after"), str(book),
                 profile=tmp_path / "profile")
        before_pages = _pdf_pages(pdf_dir / "before" / "club.pdf")
        after_pages = _pdf_pages(pdf_dir / "after" / "club.pdf")
        # the club's chart (sheet Grafiek, before the engine's sheets): the same page
        page = next(i for i, t in enumerate(before_pages) if CLUB_CHART_TITLE in t)
        assert CLUB_CHART_TITLE in after_pages[page]
        assert after_pages[page] == before_pages[page]
        assert _page_png(pdf_dir / "before" / "club.pdf", page + 1, pdf_dir / "b") == \
            _page_png(pdf_dir / "after" / "club.pdf", page + 1, pdf_dir / "a")
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
    original = _parts(xlsm)
    assert "xl/vbaProject.bin" in original
    layouts = written_layouts(monkeypatch)
    through_the_weekly_commands(xlsm, layouts)
    after = _parts(xlsm)
    assert after["xl/vbaProject.bin"] == original["xl/vbaProject.bin"]
    assert any(n.endswith(".vml") for n in after)  # the buttons' drawing
    assert b"macroEnabled" in after["[Content_Types].xml"]


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
    assert b"<f>" not in _parts(path)[standings.part or ""]


@pytest.mark.skipif(lo_missing() is not None, reason=f"LibreOffice tests: {lo_missing()}")
def test_a_pivot_table_made_by_libreoffice_is_kept(tmp_path, season_rows, picture):
    from keizer_xl.clients import lo_install, lo_run

    source = club_workbook(tmp_path / "source.xlsx", season_rows, picture=picture)
    path = tmp_path / "club.xlsx"
    with lo_run.Office() as office:
        done = subprocess.run([office.python, str(Path(__file__).with_name("lo_pivot.py")), office.pipe,
                               str(source), str(path)], capture_output=True, text=True, timeout=180,
                              env=lo_install.clean_env())
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr
    before = _parts(path)
    assert any(n.startswith("xl/pivotTables/") for n in before)
    assert any(n.startswith("xl/pivotCache/") for n in before)
    for argv in (["pair", str(path)], ["standings", str(path)], ["batch", str(path), "--in-place"]):
        step = _parts(path)
        run(*argv)
        assert_only_engine_parts_changed(step, path)
    assert_only_engine_parts_changed(before, path)
    openpyxl.load_workbook(path)
    if SOFFICE is not None:
        _soffice("--convert-to", "pdf", "--outdir", str(tmp_path / "pdf"), str(path),
                 profile=tmp_path / "profile")
        assert (tmp_path / "pdf" / "club.pdf").stat().st_size > 0


def test_excel_setup_builds_the_button_workbook_of_a_club_workbook(tmp_path, season_rows, picture):
    # openpyxl would drop the club's charts and pictures: the file client adds the Start and
    # xlwings.conf sheets to the package itself, and every part of the club is in the .xlsm
    path = club_workbook(tmp_path / "club.xlsx", season_rows, picture=picture)
    before = _parts(path)
    run("excel-setup", str(path))
    xlsm = tmp_path / "club.xlsm"
    after = _parts(xlsm)
    assert _parts(path) == before  # the .xlsx itself is not touched
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
        step = _parts(xlsm)
        run(*argv)
        assert_only_engine_parts_changed(step, xlsm)
    assert _parts(xlsm)["xl/vbaProject.bin"] == after["xl/vbaProject.bin"]
