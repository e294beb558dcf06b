"""The checks and fixtures of the club-workbook tests (issue 25): a club's own workbook
through the weekly commands, only the engine's parts changed, its sheets read back as written;
LibreOffice's PDF of a page.  Shared by tests/clients/test_club_workbook.py, test_club_parts.py
and test_new_season_club.py."""
from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.clients.xlsx import FileBook
from keizer_xl.clients.xlsx.package import Package
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.schema import OWNED_SHEETS

from support.club_books import input_rows, png
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
        assert name.lstrip("/") in package_parts, name
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
