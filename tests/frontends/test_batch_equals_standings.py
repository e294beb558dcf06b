"""``batch`` writes the sheets ``standings`` writes, cell by cell (issue 23 item 3).

A Dutch year with groups A and B, periods, promotion and relegation, categories, a late entrant,
a withdrawal and ``min_games``: one copy gets ``standings``, another ``batch``; the Standings
(``Stand``) and Periods (``Periodes``) sheets are compared cell by cell (value, number format,
bold) and by their merged ranges, read back with openpyxl.
"""
from __future__ import annotations

import shutil

import openpyxl

from test_new_season_year import played_year

from keizer_xl.frontends.cli import main


def cells(ws) -> dict[str, tuple]:
    return {c.coordinate: (c.value, c.number_format, bool(c.font and c.font.b))
            for row in ws.iter_rows() for c in row if c.value is not None}


def test_batch_sheets_equal_standings_sheets_cell_by_cell(tmp_path, capsys):
    year = played_year(tmp_path, (("min_games", 4),))  # the bye takers and Cees have 3
    by_standings = tmp_path / "standings" / "jaar.xlsx"
    by_batch = tmp_path / "batch" / "jaar.xlsx"
    for target in (by_standings, by_batch):
        target.parent.mkdir()
        shutil.copy(year, target)
    assert main(["standings", str(by_standings)]) == 0
    assert main(["batch", str(by_batch)]) == 0
    out = by_batch.with_name("jaar.keizer.xlsx")
    capsys.readouterr()
    a, b = openpyxl.load_workbook(by_standings), openpyxl.load_workbook(out)
    for name in ("Stand", "Periodes"):
        assert name in a.sheetnames and name in b.sheetnames, name
        ca, cb = cells(a[name]), cells(b[name])
        assert ca == cb, name
        assert sorted(map(str, a[name].merged_cells.ranges)) == \
            sorted(map(str, b[name].merged_cells.ranges))
    stand = [v for row in a["Stand"].iter_rows(values_only=True) for v in row if v is not None]
    # what the sheet must hold for the comparison to mean something: both groups, game points
    # and TPR, the min_games note, a category block
    for text in ("Groep A", "Groep B", "Bordpunten", "TPR", "Groep A · Categorie Jeugd"):
        assert text in stand, text
    assert any(isinstance(v, str) and "min_games" in v for v in stand)


def test_without_groups_batch_has_game_points_tpr_and_min_games_too(tmp_path, capsys):
    from tests.period_seasons import played_season
    from tests.season_books import write_book

    season = played_season(9, 5, seed=3, season="2025-2026", periods="1, 3", min_games=4)
    by_standings = write_book(tmp_path / "s" / "club.xlsx", season)
    by_batch = write_book(tmp_path / "b" / "club.xlsx", season)
    assert main(["standings", str(by_standings)]) == 0
    assert main(["batch", str(by_batch)]) == 0
    capsys.readouterr()
    a = openpyxl.load_workbook(by_standings)
    b = openpyxl.load_workbook(by_batch.with_name("club.keizer.xlsx"))
    for name in ("Standings", "Periods"):
        assert cells(a[name]) == cells(b[name]), name
    header = next(r for r in a["Standings"].iter_rows(values_only=True) if "Name" in r)
    assert "Game points" in header and "TPR" in header
