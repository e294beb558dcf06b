"""``batch`` writes the sheets ``standings`` writes, cell by cell (issue 23 item 3).

A Dutch year with groups A and B, periods, promotion and relegation, categories, a late entrant,
a withdrawal and ``min_games``: one copy gets ``standings``, another ``batch``; the Standings
(``Stand``) and Periods (``Periodes``) sheets are compared cell by cell (value, number format,
bold) and by their merged ranges, read back with openpyxl.
"""
from __future__ import annotations

import shutil

import openpyxl
import pytest

from support.year_nl import played_year

from keizer_xl.frontends.cli import main
from support.year_nl import group_blocks


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
    from support.period_seasons import played_season
    from support.season_books import write_book

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


# --------------------------------------------------------------------------- issue 33 item 1


def test_batch_analysis_sheets_agree_with_its_standings_per_group(tmp_path, capsys):
    """With groups, batch's History, Explain, Crosstable, Audit and Compare hold one block per
    group, each the group's own competition: the players and points of the group's block on
    batch's own Standings sheet; the audit as ``audit`` has it (issue 33: they were computed
    on the whole season, one ranking over both groups)."""
    from keizer_xl.app.audit import audit_view
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.core.competition import Competition
    from keizer_xl.sheets.read import read_season

    year = played_year(tmp_path, (("min_games", 4),))
    assert main(["batch", str(year), "--compare"]) == 0
    capsys.readouterr()
    wb = openpyxl.load_workbook(year.with_name("oud.keizer.xlsx"))
    stand = group_blocks(wb["Stand"])
    assert set(stand) == {"A", "B"}
    points = {g: {r[1]: r[2] for r in rows} for g, rows in stand.items()}
    assert all(len(p) == 6 for p in points.values())
    for sheet, score_at in (("Verloop", 2), ("Uitleg", 4), ("Kruistabel", None),
                            ("Vergelijking", None)):
        blocks = group_blocks(wb[sheet])
        assert set(blocks) == {"A", "B"}, sheet
        for g, rows in blocks.items():
            name_at = 0 if sheet == "Vergelijking" else 1
            names = [r[name_at] for r in rows]
            assert sorted(names) == sorted(points[g]), (sheet, g)
            if score_at is not None:
                assert {r[1]: r[score_at] for r in rows} == pytest.approx(points[g]), (sheet, g)
            if name_at == 1:  # the Rank the Standings block shows ('-' below min_games)
                assert {r[1]: r[0] for r in rows} == {r[1]: r[0] for r in stand[g]}, (sheet, g)
    # the Compare sheet's "Season" column is the group's ranking: its ranked players in the
    # Standings block's order
    season_rank = {g: [r[0] for r in sorted(rows, key=lambda r: r[1])]
                   for g, rows in group_blocks(wb["Vergelijking"]).items()}
    for g, rows in stand.items():
        ranked = [r[1] for r in rows if r[0] != "-"]
        assert [n for n in season_rank[g] if n in ranked] == ranked, g
    # Audit: each group's rounds, verdicts as the audit command finds them
    audit = group_blocks(wb["Controle"])
    expected = audit_view(Competition(read_season(open_book(year))))
    assert set(audit) == {g for g, _ in expected.parts}
    for g, audits in expected.parts:
        assert [r[0] for r in audit[g]] == [a.round for a in audits], g
        assert [r[1] for r in audit[g]] == [a.verdict_in("nl") for a in audits], g
