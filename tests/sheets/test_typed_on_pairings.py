"""Issue 16, item 1: results typed on the engine's Pairings sheet are never lost.

The sheet is used exactly as the engine writes it: ``keizer-xl new`` (in each language), players
added, ``keizer-xl pair``, then results typed into the written Pairings sheet with openpyxl,
below the engine's title line (the header is not in row 1).  docs/reading-rules.md, "Results
typed on the Pairings sheet", is the rule tested here:

- a result whose Results cell is empty is read (``check`` notes it, ``standings`` counts it);
- the same result in both is fine; different results are refused naming both cells;
- ``pair``, ``pair --force`` and ``pair --repair`` rewrite Pairings: while a result is typed only
  there they refuse, naming both cells, and write nothing; a result in Results is never erased.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema

NAMES = ["Anna", "Bert", "Cor", "Dirk", "Els", "Frank"]


def cli(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def new_season(tmp_path: Path, capsys, lang: str) -> Path:
    """The template in ``lang`` with six players (ratings in start order), round 1 paired."""
    path = tmp_path / f"season-{lang}.xlsx"
    assert cli(capsys, "new", path, "--language", lang)[0] == 0
    wb = openpyxl.load_workbook(path)
    players = wb[schema.sheet_name("Players", lang)]
    attendance = wb[schema.sheet_name("Attendance", lang)]
    for i, name in enumerate(NAMES):
        players.cell(row=2 + i, column=1, value=name)
        players.cell(row=2 + i, column=2, value=2000 - 10 * i)
        attendance.cell(row=2 + i, column=1, value=name)
    wb.save(path)
    code, out = cli(capsys, "pair", path)
    assert code == 0, out
    return path


def pairings_cells(path: Path, lang: str) -> tuple[str, int, dict[tuple[str, str], str]]:
    """The Pairings sheet as the engine wrote it: its name, its header row (found, as the
    contract says, below the title line) and the Result cell of each game."""
    sheet = schema.sheet_name("Pairings", lang)
    ws = openpyxl.load_workbook(path)[sheet]
    h = schema.headers("Pairings", lang)
    for row in ws.iter_rows(min_row=1, max_row=10):
        labels = [c.value for c in row]
        if h["white"] in labels and h["result"] in labels:
            header = row[0].row
            w, b, r = (labels.index(h[k]) for k in ("white", "black", "result"))
            break
    else:
        raise AssertionError(f"no header row on {sheet}")
    assert header > 1  # the engine's title line sits above it (the case issue 11 missed)
    cells = {}
    for row in ws.iter_rows(min_row=header + 1):
        if row[w].value and row[b].value:
            cells[(row[w].value, row[b].value)] = row[r].coordinate
    return sheet, header, cells


def results_cells(path: Path, lang: str) -> dict[tuple[str, str], str]:
    ws = openpyxl.load_workbook(path)[schema.sheet_name("Results", lang)]
    h = schema.headers("Results", lang)
    labels = [c.value for c in ws[1]]
    w, b, r = (labels.index(h[k]) for k in ("white", "black", "result"))
    return {(row[w].value, row[b].value): row[r].coordinate
            for row in ws.iter_rows(min_row=2) if row[w].value and row[b].value}


def type_in(path: Path, sheet: str, values: dict[str, str]) -> None:
    wb = openpyxl.load_workbook(path)
    for cell, value in values.items():
        wb[sheet][cell] = value
    wb.save(path)


def standings(capsys, path: Path) -> dict[str, dict]:
    code, out = cli(capsys, "standings", path, "--no-write", "--format", "json")
    assert code == 0, out
    return {r["name"]: r for r in json.loads(out[out.index("["):out.rindex("]") + 1])}


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_results_typed_on_the_engine_pairings_sheet_are_read_and_never_erased(tmp_path, capsys,
                                                                              lang):
    path = new_season(tmp_path, capsys, lang)
    sheet, _header, cells = pairings_cells(path, lang)
    games = list(cells)
    assert len(games) == 3  # 6 players, all present: three boards
    typed = dict(zip(games, ["1-0", "½-½", "0-1"], strict=True))
    type_in(path, sheet, {cells[g]: typed[g] for g in games})
    results = results_cells(path, lang)
    results_sheet = schema.sheet_name("Results", lang)

    # check: no problem, a note for each result read from Pairings naming both cells
    code, out = cli(capsys, "check", path)
    assert code == 0, out
    for g in games:
        assert f"{sheet}!{cells[g]}" in out and f"{results_sheet}!{results[g]}" in out, out

    # standings count them: one win, draw and loss per side as typed
    rows = standings(capsys, path)
    (w1, b1), (w2, b2), (w3, b3) = games
    assert (rows[w1]["w"], rows[b1]["l"]) == (1, 1)
    assert (rows[w2]["d"], rows[b2]["d"]) == (1, 1)
    assert (rows[w3]["l"], rows[b3]["w"]) == (1, 1)

    # pairing rewrites Pairings: refused naming both cells, the file untouched
    before = digest(path)
    for extra in ((), ("--force",), ("--repair", "--round", "1")):
        code, out = cli(capsys, "pair", path, *extra)
        assert code == 1, (extra, out)
        assert f"{sheet}!{cells[w1, b1]}" in out and f"{results_sheet}!{results[w1, b1]}" in out
        assert "Traceback" not in out
        assert digest(path) == before, extra
    # --dry-run writes nothing, so it may read them
    assert cli(capsys, "pair", path, "--dry-run")[0] == 0
    assert digest(path) == before

    # typed in Results as well (the same results): pairing round 2 goes ahead; Results keeps them
    type_in(path, results_sheet, {results[g]: typed[g] for g in games})
    code, out = cli(capsys, "pair", path)
    assert code == 0, out
    ws = openpyxl.load_workbook(path)[results_sheet]
    assert [ws[results[g]].value for g in games] == ["1-0", "½-½", "0-1"]


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_a_result_on_pairings_that_differs_from_results_is_refused_naming_both(tmp_path, capsys,
                                                                               lang):
    path = new_season(tmp_path, capsys, lang)
    sheet, _header, cells = pairings_cells(path, lang)
    results = results_cells(path, lang)
    results_sheet = schema.sheet_name("Results", lang)
    first = next(iter(cells))
    type_in(path, results_sheet, {results[first]: "1-0"})
    type_in(path, sheet, {cells[first]: "0-1"})
    before = digest(path)
    for command in (("check",), ("standings",), ("pair",), ("pair", "--force")):
        code, out = cli(capsys, *command, path)
        assert code == 1, (command, out)
        assert f"{sheet}!{cells[first]}" in out and f"{results_sheet}!{results[first]}" in out
        assert digest(path) == before
    # the same result in both: fine
    type_in(path, sheet, {cells[first]: "1-0"})
    code, out = cli(capsys, "check", path)
    assert code == 0 and f"{sheet}!{cells[first]}" not in out, out


def test_a_word_on_pairings_that_is_not_a_result_is_refused_at_its_cell(tmp_path, capsys):
    path = new_season(tmp_path, capsys, "nl")
    sheet, _header, cells = pairings_cells(path, "nl")
    first = next(iter(cells))
    type_in(path, sheet, {cells[first]: "gewonnen"})
    code, out = cli(capsys, "check", path)
    assert code == 1 and f"{sheet}!{cells[first]}" in out and "gewonnen" in out, out


def test_pair_force_keeps_results_typed_in_results(tmp_path, capsys):
    # round 1 half entered in Results: pair --force pairs round 2; the typed result stays
    path = new_season(tmp_path, capsys, "nl")
    results = results_cells(path, "nl")
    first = next(iter(results))
    type_in(path, "Uitslagen", {results[first]: "1-0"})
    code, out = cli(capsys, "pair", path, "--force")
    assert code == 0, out
    assert openpyxl.load_workbook(path)["Uitslagen"][results[first]].value == "1-0"
    # and --repair of round 2 (not started) leaves round 1's result alone as well
    code, out = cli(capsys, "pair", path, "--repair", "--round", "2", "--force")
    assert code == 0, out
    assert openpyxl.load_workbook(path)["Uitslagen"][results[first]].value == "1-0"


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
