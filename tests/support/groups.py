"""Two groups in one workbook (issue 18): the players of groups A and B, round 1's results, the
workbook as a club types it."""
from __future__ import annotations

from pathlib import Path

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
