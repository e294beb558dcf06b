"""Results typed on the engine's Pairings sheet (issue 16 item 1): the template in a language
with six players and round 1 paired, the cells of each game on Pairings and on Results, typing
into them as openpyxl does."""
from __future__ import annotations

from pathlib import Path

import openpyxl

from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema

from support.built import once


NAMES = ["Anna", "Bert", "Cor", "Dirk", "Els", "Frank"]


def cli(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


def new_season(tmp_path: Path, capsys, lang: str) -> Path:
    """The template in ``lang`` with six players (ratings in start order), round 1 paired."""
    path = tmp_path / f"season-{lang}.xlsx"
    return once(("typed_pairings", lang), path, lambda: _new_season(path, capsys, lang))


def _new_season(path: Path, capsys, lang: str) -> Path:
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
