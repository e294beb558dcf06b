"""Pairing methods by round (issue 36 item 5, rules section 11): Geel's pairing with Keizer's for
the season's last n rounds (``keizer_pairing_last``), decided by one schedule."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from keizer_xl.core.model import Game, Result
from keizer_xl.core.pairing import pair_round
from keizer_xl.core.pairing_methods import method_schedule, round_method
from keizer_xl.core.settings import PairingRule
from keizer_xl.errors import SettingError
from keizer_xl.frontends import cli
from support.helpers import make_workbook, season

P = [f"P{i}" for i in range(1, 9)]
GEEL, KEIZER = PairingRule.GEEL, PairingRule.KEIZER


def pairs(p):
    return [frozenset((b.white, b.black)) for b in p.boards]


def fs(*ps):
    return [frozenset(p) for p in ps]


def test_the_schedule_switches_to_keizer_for_the_last_n_rounds():
    s = season(P, pairing="geel", keizer_pairing_last=2, last_round=6)
    assert method_schedule(s) == ((1, GEEL), (5, KEIZER))
    assert [round_method(s, r) for r in range(1, 7)] == [GEEL] * 4 + [KEIZER] * 2
    # without last_round: the last round column of Attendance ends the season
    s = replace(season(P, pairing="geel", keizer_pairing_last=2), attendance_rounds=tuple(range(1, 11)))
    assert method_schedule(s) == ((1, GEEL), (9, KEIZER))
    # last n at least the whole season: Keizer throughout; 0 (the default): `pairing` throughout
    assert method_schedule(season(P, pairing="geel", keizer_pairing_last=3, last_round=3)) == ((1, KEIZER),)
    assert method_schedule(season(P, pairing="geel", last_round=3)) == ((1, GEEL),)
    assert method_schedule(season(P, pairing="geel")) == ((1, GEEL),)


def test_the_schedule_needs_the_seasons_end():
    s = season(P, pairing="geel", keizer_pairing_last=2)
    with pytest.raises(SettingError) as e:
        method_schedule(s)
    assert e.value.key == "keizer_pairing_last"
    with pytest.raises(SettingError):
        pair_round(s, 1, P, P)


def test_a_geel_season_whose_last_two_rounds_pair_by_keizer():
    """Eight players ranked P1..P8, last_round 3, keizer_pairing_last 2.

    Round 1 (Geel, k = 2, n recounted among those left): 8 // 2 = 4 below P1: P5; six left,
    6 // 2 = 3 below P2 in P3 P4 P6: P6; four left, 4 // 2 = 2 below P3 in P4 P7: P7; P4 - P8.
    Round 2 (Keizer: nearest below whom he has not met): P1-P2, P3-P4, P5-P6, P7-P8 (Geel's
    round 2 would be k = 4, 8 // 4 = 2 below P1: P1-P3).
    Round 3 (Keizer): P1 met P5, P2: P3; P2 met P6, P1: P4 (P3 taken); P5 met P1, P6: P7;
    P6 - P8 (P6 met P2, P5; P8 met P4, P7)."""
    d = Result.DRAW
    s = season(P, pairing="geel", keizer_pairing_last=2, last_round=3)
    assert pairs(pair_round(s, 1, P, P)) == fs(("P1", "P5"), ("P2", "P6"), ("P3", "P7"), ("P4", "P8"))
    r1 = (Game(1, "P1", "P5", d), Game(1, "P2", "P6", d), Game(1, "P3", "P7", d), Game(1, "P4", "P8", d))
    assert not pair_round(s, 1, P, P).notes
    s = replace(s, games=r1)
    round_2 = pair_round(s, 2, P, P)
    assert pairs(round_2) == fs(("P1", "P2"), ("P3", "P4"), ("P5", "P6"), ("P7", "P8"))
    note = "Paired by Keizer's rule: one of the season's last 2 rounds (keizer_pairing_last)"
    assert round_2.notes == (note,)
    geel_only = replace(s, settings=replace(s.settings, keizer_pairing_last=0))
    assert pairs(pair_round(geel_only, 2, P, P))[0] == frozenset(("P1", "P3"))
    r2 = (Game(2, "P1", "P2", d), Game(2, "P3", "P4", d), Game(2, "P5", "P6", d), Game(2, "P7", "P8", d))
    s = replace(s, games=r1 + r2)
    assert pairs(pair_round(s, 3, P, P)) == fs(("P1", "P3"), ("P2", "P4"), ("P5", "P7"), ("P6", "P8"))


def _book(tmp_path, settings_rows, rounds=2):
    names = [f"Player {i}" for i in range(1, 9)]
    return make_workbook(tmp_path / "geel.xlsx", {
        "Settings": [["Setting", "Value"], ["preset", "geel"], *settings_rows],
        "Players": [["Name", "Rating"]] + [[n, 2000 - 100 * i] for i, n in enumerate(names)],
        "Attendance": [["Name", *(f"R{r}" for r in range(1, rounds + 1))]] + [[n] for n in names],
        "Results": [["Round", "Board", "White", "Black", "Result"]],
    })


def _pairs_from_json(capsys):
    out = json.loads(capsys.readouterr().out)
    return [frozenset((b["white"], b["black"])) for b in out["boards"]]


def test_the_setting_from_a_workbook(tmp_path, capsys):
    """A Geel workbook of two rounds (Attendance's last column: R2) with keizer_pairing_last 2
    pairs round 1 by Keizer: 1-2, 3-4, ... in rating order; without it Geel's split 1-5, 2-6."""
    book = _book(tmp_path, [["keizer_pairing_last", 2]])
    assert cli.main(["pair", str(book), "--dry-run", "--format", "json"]) == 0
    assert _pairs_from_json(capsys)[:2] == fs(("Player 1", "Player 2"), ("Player 3", "Player 4"))
    book = _book(tmp_path, [])
    assert cli.main(["pair", str(book), "--dry-run", "--format", "json"]) == 0
    assert _pairs_from_json(capsys)[:2] == fs(("Player 1", "Player 5"), ("Player 2", "Player 6"))


def test_an_unknown_season_end_is_named_at_the_settings_cell_in_the_workbooks_language(tmp_path, capsys):
    book = _book(tmp_path, [["keizer_pairing_last", 2], ["language", "nl"]], rounds=0)
    assert cli.main(["pair", str(book), "--dry-run"]) == 1
    err = capsys.readouterr().err
    assert "Settings!B3" in err
    assert "heeft de laatste ronde van het seizoen nodig" in err
