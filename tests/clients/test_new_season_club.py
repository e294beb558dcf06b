"""``new-season`` on a club's own workbook (issue 33 item 5): NEW is OLD's copy, the club's
sheets (picture, text box, sparklines, charts, a chart sheet) byte for byte, the engine's sheets
emptied, the season's attendance and results reset, values typed as OLD has them; the summary
names what was carried.  A language change makes NEW from the template and says what is not
carried.  LibreOffice opens NEW and prints the club's pages as it printed OLD's."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients.xlsx.package import REL_TABLE, Package, rels_path
from keizer_xl.frontends.cli import main

from support.club_checks import old, package_parts, picture, season_rows

__all__ = ["old", "picture", "season_rows"]  # the fixtures (support/club_checks.py)

pytest.importorskip("xlsxwriter")

CLUB_SHEETS = ("Clubinfo", "Grafiek", "Stand grafiek")
ENGINE_SHEETS = ("Standings", "Pairings")
INPUT_SHEETS = ("Settings", "Players", "Attendance", "Results")


def _own_parts(path: Path, sheets: tuple[str, ...]) -> set[str]:
    """The parts of ``sheets`` that the engine may change: each sheet's part, its
    relationships and its Excel Tables."""
    pkg = Package(path.read_bytes())
    out: set[str] = set()
    for s in pkg.sheets:
        if s.name in sheets and s.part:
            out |= {s.part, rels_path(s.part)}
            out |= set(pkg.related(s.part, REL_TABLE))
    return out


def test_new_season_carries_every_club_part_byte_for_byte(old: Path, tmp_path: Path, capsys):
    before = package_parts(old)
    new = tmp_path / "next.xlsx"
    capsys.readouterr()
    assert main(["new-season", str(old), str(new)]) == 0
    out = capsys.readouterr().out
    assert package_parts(old) == before  # OLD only read
    after = package_parts(new)
    changeable = _own_parts(old, ENGINE_SHEETS + INPUT_SHEETS) | {
        "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "[Content_Types].xml",
        "docProps/app.xml", "xl/calcChain.xml"}
    kept = set(before) - changeable
    # every other part: the club's sheets, drawings, charts, the picture, the chart sheet
    assert kept and {n for n in kept if after.get(n) != before[n]} == set()
    assert any(n.startswith("xl/charts/") for n in kept)
    assert any(n.startswith("xl/media/") for n in kept)
    assert any(n.startswith("xl/drawings/") for n in kept)
    assert any(n.startswith("xl/chartsheets/") for n in kept)
    assert set(after) - set(before) == set()
    # the summary names them (and what was emptied)
    assert "Carried unchanged: Clubinfo, Grafiek, Stand grafiek" in out
    assert "Emptied until the engine writes them again: Standings, Pairings" in out
    assert "Season: 2026-2027" in out
    assert "Settings left out (last season's rounds): round_dates" in out

    wb = openpyxl.load_workbook(new)
    assert wb.sheetnames == openpyxl.load_workbook(old).sheetnames
    # typed: numbers numbers, dates dates with a date's format (no time), text text
    players = wb["Players"]
    head = [c.value for c in players[1]]
    rows = [dict(zip(head, (c.value for c in r), strict=True)) for r in players.iter_rows(min_row=2)
            if r[0].value]
    old_players = {r[0]: dict(zip(head, r, strict=False)) for r in
                   openpyxl.load_workbook(old)["Players"].iter_rows(min_row=2, values_only=True)
                   if r[0]}
    assert [r["Start"] for r in rows] == list(range(1, len(rows) + 1))
    for r in rows:
        o = old_players[r["Name"]]
        assert r["Rating"] == o["Rating"] and type(r["Rating"]) is int
        assert r["Birth"] == o["Birth"] and isinstance(r["Birth"], dt.datetime)
        assert r["Phone"] == o["Phone"] and isinstance(r["Phone"], str)
    birth = head.index("Birth") + 1
    assert {players.cell(i, birth).number_format for i in range(2, len(rows) + 2)} == \
        {"yyyy-mm-dd"}
    settings = {r[0]: r[1] for r in wb["Settings"].iter_rows(min_row=2, values_only=True) if r[0]}
    assert settings["min_games"] == 2 and settings["season"] == "2026-2027"
    assert "round_dates" not in settings
    # the season reset: a row per player in Attendance (names only), Results empty, the
    # engine's sheets empty, the club's chart on Standings still there
    att = [r for r in wb["Attendance"].iter_rows(min_row=2, values_only=True) if any(r)]
    assert [r[0] for r in att] == [r["Name"] for r in rows]
    assert all(v is None for r in att for v in r[1:])
    assert not any(any(r) for r in wb["Results"].iter_rows(min_row=2, values_only=True))
    for sheet in ENGINE_SHEETS:
        assert not any(any(r) for r in wb[sheet].iter_rows(values_only=True))
    assert len(wb["Standings"]._charts) == 1
    # and the engine takes it: check, then round 1 paired
    assert main(["check", str(new)]) == 0
    assert main(["pair", str(new)]) == 0
    assert openpyxl.load_workbook(new)["Pairings"].max_row > 3


def test_another_language_is_made_from_the_template_and_says_what_is_left(old: Path,
                                                                         tmp_path: Path, capsys):
    new = tmp_path / "volgend.xlsx"
    capsys.readouterr()
    assert main(["new-season", str(old), str(new), "--language", "nl"]) == 0
    out = capsys.readouterr().out
    said = ("Niet meegenomen (de nieuwe werkmap komt uit het sjabloon, in een andere taal of "
            "zonder macro's): Clubinfo, Grafiek, Stand grafiek")
    assert said in out
    wb = openpyxl.load_workbook(new)
    assert "Clubinfo" not in wb.sheetnames
    players = wb["Spelers"]
    head = [c.value for c in players[1]]
    birth = head.index("Geboortedatum") + 1  # a known column: named in NEW's language
    assert isinstance(players.cell(2, birth).value, dt.datetime)
    assert players.cell(2, birth).number_format == "yyyy-mm-dd"  # a date, not h:mm:ss
    settings = {r[0]: r[1] for r in wb["Instellingen"].iter_rows(min_row=2, values_only=True)
                if r[0]}
    assert settings["min_games"] == 2  # a number, as OLD types it


def test_last_seasons_dated_round_headers_become_round_numbers(tmp_path: Path, capsys):
    from keizer_xl.analysis.simulate import simulate_season
    from support.season_books import write_book

    old = write_book(tmp_path / "dated.xlsx", simulate_season(8, 3, seed=33))
    wb = openpyxl.load_workbook(old)
    ws = wb["Attendance"]
    table = next(iter(ws.tables.values()))
    for c in range(2, ws.max_column + 1):  # every round column headed by its evening's date
        day = dt.datetime(2025, 9, 4) + dt.timedelta(weeks=c - 2)
        ws.cell(1, c, day)
        table.tableColumns[c - 1].name = day.strftime("%Y-%m-%d")
    wb.save(old)
    assert main(["check", str(old)]) == 0
    new = tmp_path / "next.xlsx"
    assert main(["new-season", str(old), str(new)]) == 0
    ws = openpyxl.load_workbook(new)["Attendance"]
    rounds = [f"R{n}" for n in range(1, ws.max_column)]
    assert [c.value for c in ws[1]] == ["Name", *rounds]
    # the Excel Table's columns are named as their header cells (Excel repairs a file otherwise)
    table = next(iter(ws.tables.values()))
    assert [c.name for c in table.tableColumns] == ["Name", *rounds]
    assert main(["check", str(new)]) == 0
