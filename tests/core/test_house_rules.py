"""House rules (issue 18 item 5, issue 16): bye_choice, bye_first_evening, attendance_default,
min_games, game points and TPR (hand-worked with FIDE's dp table)."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.core.model import Player
from keizer_xl.core.pairing import pair_round
from keizer_xl.core.engine.grid import season_rounds
from keizer_xl.core.performance import dp, performance, records
from keizer_xl.errors import SettingError
from keizer_xl.core.rules import parse_setting
from support.helpers import make_workbook, season as make_season
from support.cli import completed


def test_dp_table_points():
    assert dp(Fraction(1, 2)) == 0
    assert dp(Fraction(3, 4)) == 193
    assert dp(Fraction(1, 4)) == -193
    assert dp(Fraction(2, 3)) == 125  # 0.667 rounds to 0.67
    assert dp(Fraction(1)) == 800 and dp(Fraction(0)) == -800


def test_tpr_hand_worked():
    # A beats B (1800), draws C (1600), loses to D (2000): Ra = (1800+1600+2000)/3 = 1800,
    # p = 1.5/3 = 0.50, dp 0 -> 1800.  B: unrated opponents are left out; E has no rating
    # games (only a forfeit win and a bye) -> no TPR.
    s = make_season([Player("A", 1900), Player("B", 1800), Player("C", 1600), Player("D", 2000),
                     Player("E", 1500), Player("F")], [
        [("A", "B", "1-0"), ("C", "D", "1-0"), ("E", "F", "1-0F")],
        [("C", "A", "½-½"), ("B", "F", "0-1"), ("bye", "E")],
        [("D", "A", "1-0"), ("B", "C", "1-0")],
    ])
    rec = records(season_rounds(s, 3))
    perf = {name: r.tpr for name, r in rec.items()}
    assert perf["A"] == 1800
    # B: lost to A (1900), beat C (1600); F unrated left out: Ra 1750, p 0.5 -> 1750
    assert perf["B"] == 1750
    assert perf["E"] is None  # a forfeit win and a bye: no game over the board
    # F (unrated himself) beat B (1800) over the board: Ra 1800, p 1.00, dp 800
    assert perf["F"] == 2600
    # C: beat D (2000), drew A (1900), lost to B (1800): Ra 1900, p .5 -> 1900
    assert perf["C"] == 1900
    points = {name: r.game_points for name, r in rec.items()}
    assert points["E"] == 1 and points["A"] == Fraction(3, 2) and points["F"] == 1


def test_performance_of_a_clean_sweep_and_rounding():
    assert performance(3 * 1500, 6, 3) == 2300  # three wins against 1500
    # Ra (1501 + 1502) / 2 = 1501.5 -> 1502; p 1/2 -> dp 0
    assert performance(1501 + 1502, 2, 2) == 1502


def test_bye_choice_lowest_gives_the_bye_to_the_lowest_even_after_a_bye():
    names = ["A", "B", "C", "D", "E"]
    rounds = [[("A", "B", "1-0"), ("C", "D", "1-0"), ("bye", "E")]]
    default = make_season(names, rounds)
    lowest = make_season(names, rounds, bye_choice="lowest")
    # default: E had one, so the lowest without a bye (D); lowest: E again (A-C, B-D is legal)
    assert pair_round(default, 2, names, names).bye == "D"
    again = pair_round(lowest, 2, names, names)
    assert again.bye == "E"
    assert any("bye_choice lowest" in str(n) for n in again.notes)


def test_bye_first_evening_no_spares_a_new_player():
    names = [Player("A"), Player("B"), Player("C"), Player("New", joined=2)]
    rounds = [[("A", "B", "1-0"), ("bye", "C")]]
    allowed = make_season(names, rounds, bye_choice="lowest")
    spared = make_season(names, rounds, bye_choice="lowest", bye_first_evening="no")
    ranking = ["A", "B", "C", "New"]
    present = ["A", "C", "New"]
    assert pair_round(allowed, 2, ranking, present).bye == "New"
    assert pair_round(spared, 2, ranking, present).bye == "C"  # A - New is legal
    # when only new players could take it, one of them gets it (unavoidable)
    everyone_new = make_season([Player("X"), Player("Y"), Player("Z")], [],
                               bye_first_evening="no")
    pairing = pair_round(everyone_new, 1, ["X", "Y", "Z"], ["X", "Y", "Z"])
    assert pairing.bye == "Z"
    assert any("first evening" in str(n) for n in pairing.notes)
    assert not any("first evening" in str(n) for n in pair_round(spared, 2, ranking, present).notes)


@pytest.mark.parametrize("key,raw", [("min_games", "0"), ("attendance_default", "maybe"),
                                     ("bye_choice", "highest"), ("bye_first_evening", "perhaps")])
def test_house_rule_ranges(key, raw):
    with pytest.raises(SettingError):
        parse_setting(key, raw)


def book(tmp_path: Path, settings_rows, attendance, results, players=("A", "B", "C", "D")):
    return make_workbook(tmp_path / "club.xlsx", {
        "Settings": [["Setting", "Value"], *settings_rows],
        "Players": [["Name", "Rating"], *[[p, 2000 - 100 * i] for i, p in enumerate(players)]],
        "Attendance": [["Name", "R1", "R2"], *attendance],
        "Results": [["Round", "Board", "White", "Black", "Result"], *results],
    })


def test_attendance_default_absent_pairs_only_who_signed_up(tmp_path: Path):
    path = book(tmp_path, [["attendance_default", "absent"]],
                [["A", "x", "+"], ["B", "x", ""], ["C", "ja", "1"], ["D", "", "E"]], [])
    out = completed("pair", str(path), "--dry-run", "--format", "json")
    assert out.returncode == 0, out.stderr
    paired = json.loads(out.stdout)
    names = {n for b in paired["boards"] for n in (b["white"], b["black"])} | {paired["bye"]}
    assert names == {"A", "B", "C"}
    assert paired["absent"] == {"D": "E"}


def test_attendance_default_absent_a_player_who_played_was_there(tmp_path: Path):
    path = book(tmp_path, [["attendance_default", "absent"]],
                [["A", "", ""], ["B", "x", ""], ["C", "x", ""], ["D", "x", ""]],
                [[1, 1, "A", "B", "1-0"], [1, 2, "C", "D", "0-1"]])
    out = completed("standings", str(path), "--format", "json", "--no-write")
    assert out.returncode == 0, out.stderr
    assert {r["name"]: r["games"] for r in json.loads(out.stdout)}["A"] == 1


def test_min_games_in_the_final_standings_only(tmp_path: Path):
    # two rounds: C absent in round 2, B has the bye: B and C end with 1 game, A and D with 2
    att = [["A", "", ""], ["B", "", ""], ["C", "", "E"], ["D", "", ""]]
    results = [[1, 1, "A", "B", "1-0"], [1, 2, "C", "D", "0-1"],
               [2, 1, "A", "D", "1-0"], [2, None, "B", None, "bye"]]
    path = book(tmp_path, [["min_games", "2"]], att, results)
    out = completed("standings", str(path), "--format", "json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [r["name"] for r in rows if r["rank"] is None] == ["B", "C"]
    assert [r["rank"] for r in rows if r["rank"] is not None] == [1, 2]
    assert all("game_points" in r and "tpr" in r for r in rows)
    ws = openpyxl.load_workbook(path)["Standings"]
    header = next(i for i in range(1, 6) if ws.cell(i, 1).value == "Rank")
    assert ws.cell(header, ws.max_column).value == "TPR"
    last = [ws.cell(header + k, 2).value for k in (3, 4)]
    assert last == ["B", "C"] and ws.cell(header + 3, 1).value == "-"
    # not final (after round 1): everybody ranked
    out = completed("standings", str(path), "--format", "json", "--no-write", "--after-round", "1")
    assert all(r["rank"] is not None for r in json.loads(out.stdout))


def test_check_names_the_settings_cells_of_bad_house_rules(tmp_path: Path):
    path = make_workbook(tmp_path / "bad.xlsx", {
        "Settings": [["Setting", "Value"], ["periods", "1, 11, 5"], ["period_scoring", "1/3/6"],
                     ["min_games", "0"], ["bye_choice", "highst"],
                     ["attendance_default", "afwezig"]],
        "Players": [["Name"], ["A"], ["B"]], "Attendance": [["Name", "R1"]],
        "Results": [["Round", "Board", "White", "Black", "Result"]]})
    out = completed("check", str(path))
    assert out.returncode == 1
    for cell in ("Settings!B2", "Settings!B3", "Settings!B4", "Settings!B5"):
        assert cell in out.stdout + out.stderr
    assert "Settings!B6" not in out.stdout + out.stderr  # 'afwezig' is Dutch for absent
