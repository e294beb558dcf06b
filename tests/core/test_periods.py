"""Periods (issue 18, item 1): a period is the Keizer competition of its own rounds, started
from the season's ranking before it; checked against the independent reference (tests/
reference.py) on a sub-season this test builds itself, and through the CLI."""
from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.core.model import Absence, Bye, Game, Player, Season
from keizer_xl.core.pairing import History
from keizer_xl.core.competition import Competition
from keizer_xl.core.periods import periods_of
from keizer_xl.errors import SettingError
from keizer_xl.core.rules import parse_setting
from keizer_xl.core.engine import compute_history
from support.helpers import season as make_season
from support.period_seasons import played_season
from support.reference import reference_history
from support.season_books import write_book
from support.cli import completed


def reference_order_after(season: Season, k: int) -> list[str]:
    """The reference's ranking after round k (round 0: its start list)."""
    from support.reference import start_list

    if k == 0:
        return start_list(season.players)
    return list(reference_history(season, k)[-1][0])


def hand_built_sub_season(season: Season, first: int, last: int, start: list[str]) -> Season:
    """The period as a season of its own, built here without the package's periods module:
    Start from ``start``, only rounds first..last, renumbered from 1, periods switched off."""
    shift = first - 1
    keep = range(first, last + 1)
    players = tuple(replace(p, start=start.index(p.name) + 1,
                            joined=max(1, p.joined - shift),
                            withdrawn_round=None if p.withdrawn_round is None
                            else max(1, p.withdrawn_round - shift))
                    for p in season.players)
    return Season(players=players,
                  games=tuple(Game(g.round - shift, g.white, g.black, g.result, g.board)
                              for g in season.games if g.round in keep),
                  byes=tuple(Bye(b.round - shift, b.player) for b in season.byes if b.round in keep),
                  absences=tuple(Absence(a.round - shift, a.player, a.code)
                                 for a in season.absences if a.round in keep),
                  settings=replace(season.settings, periods=()))


@pytest.mark.parametrize("seed,raw", [
    (1, {}),
    (2, {"recalculation": "frozen"}),
    (3, {"absence_max": 1, "own_value": "start"}),
    (4, {"top_value": 50, "draw": "1/2", "loss": "1/6"}),
])
def test_a_period_equals_the_sub_season_started_from_the_ranking_before_it(seed, raw):
    season = played_season(11, 9, seed=seed, periods="1, 4, 7", **raw)
    for period in periods_of(season.settings):
        last = period.last or 9
        start = reference_order_after(season, period.first - 1)
        sub = hand_built_sub_season(season, period.first, last, start)
        ref_order, ref_totals, _ = reference_history(sub, last - period.first + 1)[-1]
        got = Competition(season).part("", period.number)
        assert got.start_order == tuple(start)
        assert [r.name for r in got.rows] == list(ref_order)
        assert {r.name: r.score for r in got.rows} == {n: Fraction(t) for n, t in ref_totals.items()}


def test_the_first_period_is_the_season_up_to_its_last_round_and_the_season_is_unchanged():
    with_periods = played_season(10, 8, seed=5, periods="1, 5")
    without = replace(with_periods, settings=replace(with_periods.settings, periods=()))
    p1 = Competition(with_periods).part("", 1)
    season_after_4 = compute_history(without, 4).after(4)
    assert [r.name for r in p1.rows] == list(season_after_4.order)
    assert p1.upto == 4
    a, b = compute_history(with_periods).last, compute_history(without).last
    assert a.order == b.order and a.score == b.score


def test_match_points_hand_worked():
    # 4 players, period 2 = rounds 2-3, 6/3/1 per win/draw/loss, bye as a win
    s = make_season(["A", "B", "C", "D", "E"], [
        [("A", "B", "1-0"), ("C", "D", "1-0"), ("bye", "E")],
        [("A", "C", "0-1"), ("B", "E", "½-½"), ("bye", "D")],
        [("C", "E", "1-0"), ("D", "A", "½-½"), ("bye", "B")],
    ], periods="1, 2", period_scoring="6/3/1")
    rows = {r.name: r.score for r in Competition(s).part("", 2).rows}
    # C: win + win = 6 + 6; D: bye 6 + draw 3; B: draw 3 + bye 6; A: loss 1 + draw 3; E: 3 + 1
    assert rows == {"C": 12, "D": 9, "B": 9, "A": 4, "E": 4}
    assert [r.value for r in Competition(s).part("", 2).rows] == [None] * 5


def test_absence_max_per_period_counts_each_period_anew():
    names = ["A", "B", "C"]
    rounds = [[("A", "B", "1-0"), ("bye", "C")] for _ in range(4)]
    absences = [(r, "C", "E") for r in (1, 2, 3, 4)]
    for r in range(4):  # C is absent: A and B only, no bye
        rounds[r] = [("A", "B", "1-0")]
    season_wide = make_season(names, rounds, absences, absence_max=1, periods="1, 3")
    per_period = make_season(names, rounds, absences, absence_max=1, periods="1, 3",
                             absence_max_per_period="yes")
    pts_wide = compute_history(season_wide).last.round_points["C"]
    pts_per = compute_history(per_period).last.round_points["C"]
    assert [p > 0 for p in pts_wide] == [True, False, False, False]
    assert [p > 0 for p in pts_per] == [True, False, True, False]


def test_rematch_rules_per_period_in_pairing():
    s = make_season(["A", "B", "C", "D"], [[("A", "B", "1-0"), ("C", "D", "1-0")]],
                    periods="1, 2", rematch_period="yes")
    # round 2 opens period 2: the round-1 meeting no longer counts
    assert History.from_season(s, 2).meetings == {}
    s2 = replace(s, settings=replace(s.settings, rematch_period=False))
    assert History.from_season(s2, 2).meetings


def test_no_rematch_within_a_period_over_a_played_season():
    season = played_season(10, 9, seed=7, periods="1, 4, 7", rematch_period="yes")
    for period in periods_of(season.settings):
        pairs = [frozenset((g.white, g.black)) for g in season.games
                 if period.first <= g.round <= (period.last or g.round)]
        assert len(pairs) == len(set(pairs)), period
    # across periods they do meet again (10 players, 9 rounds, 3 per period)
    all_pairs = [frozenset((g.white, g.black)) for g in season.games]
    assert len(all_pairs) > len(set(all_pairs))


@pytest.mark.parametrize("raw,message", [("1, 11, 5", "must increase"), ("2, 11", "round 1"),
                                         ("1, x", "not a round number")])
def test_bad_periods_setting_is_refused(raw, message):
    with pytest.raises(SettingError, match=message):
        parse_setting("periods", raw)


def test_period_scoring_parsing():
    assert parse_setting("period_scoring", "6-3-1") == ("period_scoring", "6/3/1")
    assert parse_setting("period_scoring", "Keizer") == ("period_scoring", "keizer")
    with pytest.raises(SettingError):
        parse_setting("period_scoring", "1/3/6")


def test_cli_period_json_sheet_and_exit_codes(tmp_path: Path):
    season = played_season(10, 6, seed=3, periods="1, 4, 20")
    book = write_book(tmp_path / "club.xlsx", season)
    out = completed("standings", str(book), "--period", "2")
    assert out.returncode == 0, out.stderr
    out = completed("standings", str(book), "--period", "2", "--format", "json", "--no-write")
    rows = json.loads(out.stdout)
    expected = Competition(season).part("", 2)
    assert [r["name"] for r in rows] == [r.name for r in expected.rows]
    assert {r["period"] for r in rows} == {2}
    assert completed("standings", str(book), "--period", "3").returncode == 2  # starts in round 20
    assert completed("standings", str(book), "--period", "4").returncode == 2  # no such period
    wb = openpyxl.load_workbook(book)
    ws = wb["Periods"]
    texts = [str(c.value) for c in ws["A"] if c.value]
    assert any(t.startswith("Period 1 (rounds 1-3, after round 3): period winner") for t in texts)
    assert any(t.startswith("Period 2 (rounds 4-19, after round 6): leader "
                            + expected.leader) for t in texts)


def test_periods_sheet_in_dutch(tmp_path: Path):
    season = played_season(8, 4, seed=2, periods="1, 3", language="nl")
    book = write_book(tmp_path / "club.xlsx", season)
    assert completed("standings", str(book)).returncode == 0
    assert "Periodes" in openpyxl.load_workbook(book).sheetnames


def test_html_has_one_section_per_period(tmp_path: Path):
    season = played_season(8, 5, seed=6, periods="1, 3, 5, 9")
    book = write_book(tmp_path / "club.xlsx", season)
    out = completed("export", str(book), "--html")
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "club.html").read_text(encoding="utf-8")
    assert [f'id="period-{n}"' in page for n in (1, 2, 3, 4)] == [True, True, True, False]
    assert "Period 3 (rounds 5-8, after round 5): leader " in page


def test_rating_basis_period_starts_from_the_moved_ratings():
    # value_basis rating with k_factor: the second period's values come from the ratings as
    # moved by round 1 (rules section 8), like the season's own values after round 1
    s = make_season([Player("A", 1600), Player("B", 1500), Player("C", 1400), Player("D", 1300)],
                    [[("A", "B", "0-1"), ("C", "D", "1-0")], [("B", "C", "1-0"), ("A", "D", "1-0")]],
                    preset="geel", k_factor=20, periods="1, 2")
    season_st = compute_history(s, 1).after(1)
    p2 = Competition(s).part("", 2)
    assert p2.keizer.prev_value == {n: season_st.value[n] for n in p2.keizer.prev_value}
    # B beat A: B's rating rose (20 x (1 - 1/(1 + 10^(100/400))) = 12.8 -> 13): 1513 -> 15.13
    assert season_st.value["B"] == Fraction(1513, 100)
