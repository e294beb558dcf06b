"""Read less (issue 12, item 4): each sheet's region is found once per run, and a cell is
named only when there is something to say about it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from keizer_xl.app import pair as app_pair
from keizer_xl.clients import xlsx
from keizer_xl.errors import InputError
from keizer_xl.sheets import tables
from keizer_xl.sheets.read import read_season

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"


@pytest.fixture
def book_path(tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, path)
    return path


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The headers' first cell of every region the file client scans."""
    scanned: list[str] = []
    real = xlsx.book.find_region

    def spy(values, table=None, names=()):
        region = real(values, table, names)
        scanned.append(region.headers[0] if region.headers else "")
        return region

    monkeypatch.setattr(xlsx.book, "find_region", spy)
    return scanned


def test_pairing_scans_each_sheet_once(book_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = counting(monkeypatch)
    book = xlsx.open_book(book_path)
    rows_before = len(book.read_table("Results").rows)
    report = app_pair.run(book, app_pair.PairRequest(force=True))
    # Settings, Players, Attendance, Results: each once, although pairing reads Results again
    # and appends the new round's games to it (before: Results three times)
    assert sorted(scanned) == ["Name", "Name", "Round", "Setting"]
    # the sheet changed: it is scanned again, and the table read afresh shows the new rows
    added = len(report.pairing.boards) + (1 if report.pairing.bye else 0)
    assert len(book.read_table("Results").rows) == rows_before + added
    assert scanned.count("Round") == 2


def test_a_sheet_the_book_rewrites_is_read_afresh(book_path: Path) -> None:
    book = xlsx.open_book(book_path)
    results = book.read_table("Results")
    book.delete_rows("Results", [0])
    assert book.read_table("Results").rows == results.rows[1:]


def test_cells_are_named_only_for_problems(book_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book = xlsx.open_book(book_path)
    calls = []
    real = tables.Table.cell

    def spy(self, r, c):
        calls.append((self.sheet, r, c))
        return real(self, r, c)

    monkeypatch.setattr(tables.Table, "cell", spy)
    season = read_season(book)
    results = book.read_table("Results")
    # one address per game (its Result cell, kept to name a later problem), none per name read
    per_sheet = sum(1 for s, _, _ in calls if s == "Results")
    assert per_sheet == len(season.games) + len(season.byes)
    assert season.games[0].origin.startswith("Results!E")
    assert results.cell(0, 2) == "Results!C2"


def test_an_unknown_name_is_still_named_with_its_cell(book_path: Path) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(book_path)
    wb["Results"]["D3"] = "Nobody Known"
    wb.save(book_path)
    with pytest.raises(InputError) as e:
        read_season(xlsx.open_book(book_path))
    assert any(p.where == "Results!D3" and "'Nobody Known' is not in Players" in p.message
               for p in e.value.problems)
