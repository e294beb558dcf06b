"""Pairing one group, then the other, in the same round (issue 23 item 2).

Both groups' blocks stay on the Pairings sheet (read back with openpyxl, and the results typed
in both blocks read back by the engine), the boards are numbered on, and after a promotion
boundary a group's next round is decided from its members of each round: no two of group B's
current members met in round 1, yet round 1 is over for all of them.
"""
from __future__ import annotations

from pathlib import Path

import openpyxl

from support.helpers import make_workbook, season as make_season

from keizer_xl.core.group_rounds import group_next_round, group_rounds
from keizer_xl.core.groups import group_moves
from keizer_xl.core.model import Player
from keizer_xl.frontends.cli import main

A = ["a1", "a2", "a3", "a4"]
B = ["b1", "b2", "b3", "b4"]
#: round 1: the first of each pair wins; with promote 2 / relegate 2 at round 2 the winners of
#: B (b1, b3) move up and the losers of A (a2, a4) move down: B's members of round 2 are b2, b4,
#: a2, a4, and no two of them met in round 1
ROUND_1 = [[1, 1, "a1", "a2", "1-0"], [1, 2, "a3", "a4", "1-0"], [1, 3, "b1", "b2", "1-0"],
           [1, 4, "b3", "b4", "1-0"]]


def book(path: Path, settings=(("periods", "1, 2"), ("promote", 2), ("relegate", 2)),
         names=(A, B), results=ROUND_1) -> Path:
    a, b = names
    return make_workbook(path, {
        "Settings": [["Setting", "Value"], *map(list, settings)],
        "Players": [["Name", "Rating", "Group"]] + [[n, 2000 - 10 * i, "A" if n in a else "B"]
                                                   for i, n in enumerate(a + b)],
        "Attendance": [["Name", "R1", "R2", "R3"]] + [[n, None, None, None] for n in a + b],
        "Results": [["Round", "Board", "White", "Black", "Result"], *results]})


def blocks(path: Path) -> dict[str, list[tuple]]:
    """Each group's boards on the Pairings sheet: (board, white, black) under 'Group X'."""
    out: dict[str, list[tuple]] = {}
    current = None
    for row in openpyxl.load_workbook(path)["Pairings"].iter_rows(values_only=True):
        if isinstance(row[0], str) and row[0].startswith("Group "):
            current = row[0][6:]
            out[current] = []
        elif current and isinstance(row[0], int):
            out[current].append(tuple(row[:3]))
    return out


def results_of(path: Path, rnd: int) -> list[tuple]:
    return [r[:5] for r in openpyxl.load_workbook(path)["Results"].iter_rows(min_row=2,
                                                                             values_only=True)
            if r[0] == rnd]


def test_group_b_after_the_promotion_boundary_then_group_a(tmp_path, capsys):
    path = book(tmp_path / "g.xlsx")
    assert main(["pair", str(path), "--group", "B"]) == 0
    out = capsys.readouterr().out
    assert "Round 2" in out
    assert blocks(path) == {"B": [(1, "a2", "a4"), (2, "b2", "b4")]}
    assert main(["pair", str(path), "--group", "A"]) == 0
    # both blocks: A's (paired now) first in group order, B's (paired before) kept, boards on
    assert blocks(path) == {"A": [(3, "a1", "a3"), (4, "b1", "b3")],
                            "B": [(1, "a2", "a4"), (2, "b2", "b4")]}
    assert sorted(r[1] for r in results_of(path, 2)) == [1, 2, 3, 4]
    # both groups have round 2 now: the next is round 3, which needs round 2's results
    code = main(["pair", str(path), "--dry-run"])
    assert code == 1 and "round 2 has no results yet" in capsys.readouterr().err


def test_pair_without_group_after_one_group_pairs_the_other_and_keeps_both(tmp_path, capsys):
    path = book(tmp_path / "g.xlsx", settings=())
    assert main(["pair", str(path), "--group", "B"]) == 0
    assert main(["pair", str(path)]) == 0
    got = blocks(path)
    assert list(got) == ["A", "B"]
    assert {n for b in got["A"] for n in b[1:]} == set(A)
    assert {n for b in got["B"] for n in b[1:]} == set(B)
    assert sorted(b[0] for bs in got.values() for b in bs) == [1, 2, 3, 4]
    # read back: a result typed in each block of the sheet is read by the engine
    wb = openpyxl.load_workbook(path)
    ws = wb["Pairings"]
    for row in ws.iter_rows():
        if isinstance(row[0].value, int):
            row[3].value = "1-0"
    wb.save(path)
    capsys.readouterr()
    assert main(["standings", str(path), "--no-write", "--format", "json"]) == 0
    out = capsys.readouterr()
    import json

    rows = json.loads(out.out)
    games = {r["name"]: r["games"] for r in rows}
    assert all(games[n] == 2 for n in A + B), games  # round 1 and the round typed on Pairings


def test_pairing_one_group_again_keeps_the_other_block_and_its_board_numbers(tmp_path, capsys):
    path = book(tmp_path / "g.xlsx", settings=())
    assert main(["pair", str(path)]) == 0
    before = blocks(path)
    assert main(["pair", str(path), "--group", "B", "--repair"]) == 0
    after = blocks(path)
    assert after["A"] == before["A"]
    assert {n for b in after["B"] for n in b[1:]} == set(B)
    numbers = [b[0] for bs in after.values() for b in bs]
    assert len(numbers) == len(set(numbers)) == 4  # no board number twice in the round
    rows = results_of(path, 2)
    assert sorted(r[1] for r in rows) == sorted(numbers)


def test_group_next_round_from_the_members_of_each_round():
    """Hand-worked on the season above: round 1 is B's (b1-b2, b3-b4 were B then); after it,
    with B paired for round 2 and A not, A's next round is 2 and B's is 3."""
    players = [Player(n, rating=2000 - 10 * i, group="A" if n in A else "B")
               for i, n in enumerate(A + B)]
    games = [(w, b, r) for _, _, w, b, r in ROUND_1]
    season = make_season(players, [games], periods="1, 2", promote=2, relegate=2)
    moves = group_moves(season)
    assert {(m.name, m.target) for m in moves} == {("b1", "A"), ("b3", "A"), ("a2", "B"),
                                                  ("a4", "B")}
    assert group_rounds(season, "B", moves) == (1,)
    assert group_next_round(season, "A") == group_next_round(season, "B") == 2
    paired_b = make_season(players, [games, [("a2", "a4", None), ("b2", "b4", None)]],
                           periods="1, 2", promote=2, relegate=2)
    assert group_next_round(paired_b, "B") == 3
    assert group_next_round(paired_b, "A") == 2


def test_a_round_passed_by_with_too_few_present_is_over_for_the_group(tmp_path, capsys):
    """Group B had one player present in round 2 while A played it: B's next round is 3."""
    path = book(tmp_path / "g.xlsx", settings=())
    wb = openpyxl.load_workbook(path)
    for row in wb["Attendance"].iter_rows(min_row=2):
        if row[0].value in ("b1", "b2", "b3"):
            row[2].value = "E"
    wb.save(path)
    assert main(["pair", str(path)]) == 0  # A paired, B left out with a note
    wb = openpyxl.load_workbook(path)
    for row in wb["Results"].iter_rows(min_row=2):
        if row[0].value == 2 and row[3].value:
            row[4].value = "½-½"
    wb.save(path)
    capsys.readouterr()
    assert main(["pair", str(path), "--group", "B", "--dry-run"]) == 0
    assert "Round 3" in capsys.readouterr().out


def test_a_season_paired_group_by_group_across_promotion_boundaries(tmp_path, capsys):
    """Six rounds, periods 1, 3, 5, promote 1 / relegate 1, every round paired B first, then
    A: no refusal, both blocks on the sheet each round, every board inside one group of that
    round, the boards numbered 1..n, and each group's block holds exactly its members of the
    round (paired, bye or absent)."""
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.core.groups import membership
    from keizer_xl.sheets.read import read_season

    a, b = ["a1", "a2", "a3", "a4", "a5"], ["b1", "b2", "b3", "b4", "b5"]
    path = make_workbook(tmp_path / "g.xlsx", {
        "Settings": [["Setting", "Value"], ["periods", "1, 3, 5"], ["promote", 1],
                     ["relegate", 1]],
        "Players": [["Name", "Rating", "Group"]] + [[n, 2000 - 10 * i, "A" if n in a else "B"]
                                                   for i, n in enumerate(a + b)],
        "Attendance": [["Name"] + [f"R{r}" for r in range(1, 7)]] + [[n] + [None] * 6
                                                                     for n in a + b],
        "Results": [["Round", "Board", "White", "Black", "Result"]]})
    moved = set()
    for rnd in range(1, 7):
        assert main(["pair", str(path), "--group", "B"]) == 0, capsys.readouterr().err
        assert main(["pair", str(path), "--group", "A"]) == 0, capsys.readouterr().err
        capsys.readouterr()
        season = read_season(open_book(path))
        groups = membership(season, rnd, group_moves(season))
        moved |= {n for n, g in groups.items() if g != ("A" if n in a else "B")}
        got = blocks(path)
        assert list(got) == ["A", "B"]
        numbers = sorted(bd[0] for bs in got.values() for bd in bs)
        assert numbers == list(range(1, len(numbers) + 1))
        for g, bs in got.items():
            assert all(groups[n] == g for bd in bs for n in bd[1:]), (rnd, g, bs)
        rows = results_of(path, rnd)
        for g in ("A", "B"):
            seen = {n for r in rows for n in r[2:4] if n and groups[n] == g}
            assert seen == {n for n, x in groups.items() if x == g}, (rnd, g)
        wb = openpyxl.load_workbook(path)
        for row in wb["Results"].iter_rows(min_row=2):
            if row[0].value == rnd and row[3].value:
                row[4].value = ("1-0", "0-1", "½-½")[(rnd + row[1].value) % 3]
        wb.save(path)
    assert moved  # the boundaries at rounds 3 and 5 moved players between the groups
