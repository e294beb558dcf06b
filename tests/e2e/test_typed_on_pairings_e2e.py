"""Results typed on Pairings, read through real LibreOffice (issue 27)."""
from __future__ import annotations

import json

import openpyxl

from support.typed_pairings import cli, new_season, pairings_cells, results_cells, type_in


def test_through_libreoffice_the_pairings_results_are_read_and_pairing_refuses(
        office, tmp_path, capsys):
    path = new_season(tmp_path, capsys, "de")
    sheet, _header, cells = pairings_cells(path, "de")
    results = results_cells(path, "de")
    games = list(cells)
    type_in(path, sheet, {cells[g]: r for g, r in zip(games, ["1-0", "0-1", "½-½"], strict=True)})
    code, out = cli(capsys, "lo-run", path, "check")
    assert code == 0 and f"{sheet}!{cells[games[0]]}" in out, out
    code, out = cli(capsys, "lo-run", path, "standings", "--format", "json")
    assert code == 0, out
    rows = {r["name"]: r for r in json.loads(out[out.index("["):out.rindex("]") + 1])}
    assert rows[games[0][0]]["w"] == 1 and rows[games[1][1]]["w"] == 1
    assert rows[games[2][0]]["d"] == 1
    code, out = cli(capsys, "lo-run", path, "pair")
    assert code == 1 and f"Ergebnisse!{results[games[0]]}" in out, out
    _sheet, _header, after = pairings_cells(path, "de")
    ws = openpyxl.load_workbook(path)[sheet]
    assert [ws[after[g]].value for g in games] == ["1-0", "0-1", "½-½"]
