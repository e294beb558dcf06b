"""The checks and fixtures of the club-workbook tests (issue 25): a club's own workbook
through the weekly commands, only the engine's parts changed, its sheets read back as written;
LibreOffice's PDF of a page.  Shared by tests/clients/test_club_workbook.py, test_club_parts.py
and test_new_season_club.py."""
from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlsxwriter

from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.clients.xlsx import FileBook
from keizer_xl.clients.xlsx.package import Package
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.schema import OWNED_SHEETS

from support.club_books import club_workbook, input_rows, png
from support.season_books import write_book

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
#: the Results sheet in every language (its rows are the engine's to add)
RESULTS_NAMES = {schema.sheet_name("Results", lang) for lang in ("en", "nl", "de", "fr")}
HISTORY_NAMES = {schema.sheet_name("History", lang) for lang in ("en", "nl", "de", "fr")}


@pytest.fixture(scope="module")
def season_rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[Any]]]:
    """The four input tables of a simulated season (16 players, 5 rounds), as values."""
    path = write_book(tmp_path_factory.mktemp("season") / "s.xlsx", simulate_season(16, 5, seed=25))
    return input_rows(path)


def package_parts(path: Path) -> dict[str, bytes]:
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


def zip_parts(parts: dict[str, bytes]) -> bytes:
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def assert_only_engine_parts_changed(before: dict[str, bytes], path: Path) -> None:
    after = package_parts(path)
    owned = engine_parts(path) | engine_parts(zip_parts(before)) | engine_drawn(path.read_bytes()) \
        | engine_drawn(zip_parts(before))
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
        before = package_parts(path)
        layouts.clear()
        run(*argv)
        assert_only_engine_parts_changed(before, path)
        assert_reads_back(path, layouts)


@pytest.fixture
def picture(tmp_path: Path) -> Path:
    p = tmp_path / "logo.png"
    p.write_bytes(png())
    return p


def content_types_and_rels_unique(path: Path) -> None:
    parts = package_parts(path)
    types = parts["[Content_Types].xml"].decode()
    overrides = re.findall(r'PartName="([^"]+)"', types)
    assert len(overrides) == len(set(overrides))
    for name in overrides:
        assert name.lstrip("/") in parts, name
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    ids = re.findall(r'Id="([^"]+)"', rels)
    targets = re.findall(r'Target="([^"]+)"', rels)
    assert len(ids) == len(set(ids)) and len(targets) == len(set(targets))


def soffice(*args: str, profile: Path) -> None:
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", *args],
                   check=True, capture_output=True, timeout=240)


def pdf_pages(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    return text.split("\f")


def page_png(pdf: Path, page: int, out: Path) -> bytes:
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", str(page), "-l", str(page), str(pdf), str(out)],
                   check=True, capture_output=True)
    found = sorted(out.parent.glob(out.name + "*.png"))
    assert found
    return found[-1].read_bytes()


_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def rewrite_parts(path: Path, change: dict[str, bytes]) -> None:
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
    rewrite_parts(path, change)


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


@pytest.fixture
def club(tmp_path: Path, season_rows, picture) -> Path:
    path = richer_club_workbook(tmp_path / "club.xlsx", season_rows, picture)
    add_pivot(path, season_rows["Players"])
    return path


@pytest.fixture
def old(tmp_path: Path, season_rows: dict[str, list[list[Any]]], picture: Path) -> Path:
    """A played club workbook: birth dates typed as dates, a number setting, a season name,
    pairings written for the next round."""
    rows = {k: [list(r) for r in v] for k, v in season_rows.items()}
    rows["Players"][0] += ["Birth", "Phone"]
    for i, row in enumerate(rows["Players"][1:], start=1):
        row += [dt.date(1970 + i, 1 + i % 12, i), f"06-{i:08d}"]
    rows["Settings"] += [["min_games", 2, None], ["season", "2025-2026", None],
                         ["round_dates", "2025-09-04", None]]
    path = club_workbook(tmp_path / "club.xlsx", rows, picture=picture)
    assert main(["pair", str(path)]) == 0
    assert main(["standings", str(path)]) == 0
    return path
