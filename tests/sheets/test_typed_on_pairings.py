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

from keizer_xl.sheets import schema

from support.typed_pairings import cli, new_season, pairings_cells, results_cells, type_in


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
