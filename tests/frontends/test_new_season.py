"""keizer-xl new-season (issue 18, item 4): round trips through real files in nl and de."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer_xl.app.new_season import advance_season_name
from keizer_xl.clients.xlsx import open_book
from keizer_xl.core.engine import compute_history
from keizer_xl.sheets.read import read_season
from support.period_seasons import played_season
from support.season_books import write_book
from support.cli import completed


@pytest.mark.parametrize("name,expected", [("2025-2026", "2026-2027"), ("2025/26", "2026/27"),
                                           ("Clubcompetitie 2025-2026", "Clubcompetitie 2026-2027"),
                                           ("2099/00", "2100/01"), ("2025", "2026"),
                                           ("Winter", None)])
def test_season_name_advances(name, expected):
    assert advance_season_name(name) == expected


def old_season(lang: str):
    season = played_season(10, 5, seed=4, language=lang, season="2025-2026", club="SV Test",
                           periods="1, 4")
    players = list(season.players)
    players[3] = replace(players[3], withdrawn_round=5)  # withdrew: left out next season
    season = replace(season, players=tuple(players))
    # the withdrawn player plays no more from round 5
    season = replace(season, games=tuple(g for g in season.games
                                         if not (g.round >= 5 and players[3].name in (g.white, g.black))),
                     byes=tuple(b for b in season.byes
                                if not (b.round >= 5 and b.player == players[3].name)))
    return season


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_round_trip(tmp_path: Path, lang: str):
    season = old_season(lang)
    old = write_book(tmp_path / "old.xlsx", season)
    before = old.read_bytes()
    new = tmp_path / "new.xlsx"
    out = completed("new-season", str(old), str(new), "--language", lang)
    assert out.returncode == 0, out.stderr
    withdrawn = season.players[3].name
    assert withdrawn in out.stdout
    assert old.read_bytes() == before  # OLD is never written
    nxt = read_season(open_book(new))
    final = [n for n in compute_history(season).last.order if n != withdrawn]
    assert [p.name for p in sorted(nxt.players, key=lambda p: p.start or 0)] == final
    assert [p.start for p in nxt.players] == list(range(1, len(final) + 1))
    ratings = {p.name: p.rating for p in season.players}
    assert all(p.rating == ratings[p.name] for p in nxt.players)
    assert nxt.games == () and nxt.byes == () and nxt.absences == ()
    assert nxt.attendance_rounds == read_season(open_book(old)).attendance_rounds
    s = nxt.settings
    assert (s.season, s.club, s.language, s.periods) == ("2026-2027", "SV Test", lang, (1, 4))
    # and it is a workbook the engine takes: round 1 pairs
    assert completed("pair", str(new)).returncode == 0


def test_rating_order_and_refusals(tmp_path: Path):
    season = old_season("en")
    old = write_book(tmp_path / "old.xlsx", season)
    new = tmp_path / "new.xlsx"
    assert completed("new-season", str(old), str(new), "--start", "rating").returncode == 0
    nxt = read_season(open_book(new))
    order = [p.name for p in sorted(nxt.players, key=lambda p: p.start or 0)]
    assert order == [p.name for p in sorted(nxt.players, key=lambda p: -(p.rating or 0))]
    again = completed("new-season", str(old), str(new))
    assert again.returncode == 2 and "--force" in again.stderr
    assert completed("new-season", str(old), str(new), "--force").returncode == 0
    assert completed("new-season", str(old), str(old), "--force").returncode == 2
    assert completed("new-season", str(tmp_path / "missing.xlsx"), str(tmp_path / "x.xlsx")).returncode != 0


def test_group_column_is_carried(tmp_path: Path):
    season = old_season("en")
    # two groups from the start: each group's games stay within it (a game across groups is a
    # problem since groups are competitions of their own), so keep only those
    group = {p.name: "A" if i < 5 else "B" for i, p in enumerate(season.players)}
    season = replace(season, players=tuple(replace(p, group=group[p.name])
                                           for p in season.players),
                     games=tuple(g for g in season.games if group[g.white] == group[g.black]))
    old = write_book(tmp_path / "old.xlsx", season)
    import openpyxl
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.table import TableColumn

    wb = openpyxl.load_workbook(old)  # the template has no Group column: add one by hand
    ws = wb["Players"]
    col = ws.max_column + 1
    ws.cell(1, col, "Group")
    row_of = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
    for p in season.players:
        ws.cell(row_of[p.name], col, p.group)
    table = next(iter(ws.tables.values()))
    table.tableColumns.append(TableColumn(id=col, name="Group"))
    table.ref = f"A1:{get_column_letter(col)}{ws.max_row}"
    if table.autoFilter is not None:
        table.autoFilter.ref = table.ref
    wb.save(old)
    assert {p.group for p in read_season(open_book(old)).players} == {"A", "B"}
    new = tmp_path / "new.xlsx"
    assert completed("new-season", str(old), str(new)).returncode == 0
    groups = {p.name: p.group for p in read_season(open_book(new)).players}
    assert groups == {p.name: p.group for p in season.players if p.withdrawn_round is None}
