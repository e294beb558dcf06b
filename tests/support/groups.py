"""Two groups in one workbook (issue 18): the players of groups A and B, round 1's results, the
workbook as a club types it."""
from __future__ import annotations

from pathlib import Path

import openpyxl

from keizer_xl.frontends.cli import main

from support.helpers import make_workbook


A = ["Anna", "Bert", "Cees", "Dirk", "Eva"]

B = ["Fred", "Gijs", "Hans", "Ilse"]

RESULTS_1 = [[1, 1, "Anna", "Bert", "1-0"], [1, 2, "Cees", "Dirk", "½-½"],
             [1, None, "Eva", None, "bye"], [1, 3, "Fred", "Gijs", "0-1"],
             [1, 4, "Hans", "Ilse", "1-0"]]


def two_groups(path: Path, settings=(("periods", "1, 3"), ("promote", 1), ("relegate", 1)),
               results=RESULTS_1, groups=None, sheets_lang="en") -> Path:
    groups = groups or ["A"] * len(A) + ["B"] * len(B)
    names = A + B
    players = [["Name", "Rating", "Group"]] + [[n, 2000 - 10 * i, g]
                                               for i, (n, g) in enumerate(zip(names, groups, strict=True))]
    return make_workbook(path, {
        "Settings": [["Setting", "Value"], *map(list, settings)],
        "Players": players,
        "Attendance": [["Name", "R1", "R2", "R3"]] + [[n, None, None, None] for n in names],
        "Results": [["Round", "Board", "White", "Black", "Result"], *results]})


def play_round_2(path: Path) -> None:
    assert main(["pair", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    for row in wb["Results"].iter_rows(min_row=2):
        if row[0].value == 2 and row[3].value:
            row[4].value = "1-0"
    wb.save(path)
