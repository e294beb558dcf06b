"""The competition view (core/competition.py, issue 23): the worked example of
docs/club-year.md by hand, against the independent reference, and what the commands show of it
(``--period N --group G``, ``check`` saying a move once, a mistyped ``periods``, explain)."""
from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import openpyxl

from support.helpers import make_workbook, season as make_season
from support.reference import reference_history

from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Player
from keizer_xl.frontends.cli import main

NAMES = [("Anna", 1900, "A"), ("Bert", 1850, "A"), ("Cees", 1800, "A"), ("Dirk", 1750, "A"),
         ("Eva", 1700, "B"), ("Fred", 1650, "B"), ("Gijs", 1600, "B"), ("Hans", 1550, "B")]
ROUNDS = [[("Anna", "Bert", "1-0"), ("Cees", "Dirk", "1-0"), ("Eva", "Fred", "0-1"),
           ("Gijs", "Hans", "0-1")],
          [("Anna", "Cees", "1-0"), ("Bert", "Dirk", "1-0"), ("Fred", "Hans", "1-0"),
           ("Eva", "Gijs", "½-½")],
          [("Fred", "Anna", "1-0"), ("Hans", "Cees", "½-½"), ("Bert", "Eva", "1-0"),
           ("Dirk", "Gijs", "0-1")],
          [("Anna", "Hans", "1-0"), ("Cees", "Fred", "1-0"), ("Eva", "Dirk", "0-1"),
           ("Gijs", "Bert", "½-½")]]


def example(rounds=ROUNDS):
    players = [Player(n, rating=r, group=g) for n, r, g in NAMES]
    return make_season(players, rounds, periods="1, 3", promote=2, relegate=2)


def test_the_worked_example_by_hand():
    view = Competition(example())
    assert [(m.name, m.target, m.round) for m in view.moves] == [
        ("Fred", "A", 3), ("Hans", "A", 3), ("Bert", "B", 3), ("Dirk", "B", 3)]
    assert view.members("A", 2) == ("Anna", "Bert", "Cees", "Dirk")
    assert view.members("A", 3) == ("Anna", "Cees", "Fred", "Hans")
    # period 1 of group A (docs/club-year.md): Anna 15, Cees 8, Bert 7, Dirk 3
    p1 = view.part("A", 1)
    assert [(r.name, r.score) for r in p1.rows] == [("Anna", 15), ("Cees", 8), ("Bert", 7),
                                                     ("Dirk", 3)]
    # period 2 of group A: started Anna 17, Fred 12, Cees 10, Hans 6; Cees wins with 11.5
    p2 = view.part("A", 2)
    assert p2.start_order == ("Anna", "Fred", "Cees", "Hans")
    assert [(r.name, r.score) for r in p2.rows] == [("Cees", F(23, 2)), ("Fred", 11),
                                                     ("Anna", 8), ("Hans", 5)]
    assert p2.leader == "Cees" and p2.group == "A"
    assert all(r.games == 2 for r in p2.rows)  # the period's games only
    # Fred's season standing in A: rounds 1-2 (group B) as a win's share of his own value
    a = view.standing("A")
    assert [(n, a.standing.score[n]) for n in a.standing.order] == [
        ("Fred", 20), ("Anna", 17), ("Cees", F(31, 2)), ("Hans", 8)]
    fred = a.records["Fred"]
    assert (fred.games, fred.wins, fred.losses, fred.game_points) == (4, 3, 1, 3)
    assert a.standing.games["Fred"] == 4 and a.standing.wins["Fred"] == 3


def test_the_worked_example_against_the_reference():
    """The parts and the season standing, computed by the reference on seasons built here."""
    from dataclasses import replace

    from keizer_xl.core.model import Absence, Season

    season = example()
    view = Competition(season)
    period_2 = [[g for g in r if g[0] in ("Anna", "Cees", "Fred", "Hans")] for r in ROUNDS[2:]]
    players = [Player(n, start=i) for i, n in enumerate(("Anna", "Fred", "Cees", "Hans"), 1)]
    sub = make_season(players, period_2)
    order, totals, _ = reference_history(sub, 2)[-1]
    assert [r.name for r in view.part("A", 2).rows] == order
    assert {r.name: r.score for r in view.part("A", 2).rows} == totals
    # the season of group A's players of round 4, a game against B as a club code
    members = {"Anna", "Cees", "Fred", "Hans"}
    kind = {"1-0": ("=1", "=0"), "0-1": ("=0", "=1"), "½-½": ("=½", "=½")}
    games, absences = [], []
    for r, games_of_round in enumerate(ROUNDS, 1):
        for w, b, res in games_of_round:
            if w in members and b in members:
                games.append((w, b, res))
            elif w in members:
                absences.append(Absence(r, w, kind[res][0]))
            elif b in members:
                absences.append(Absence(r, b, kind[res][1]))
    built = make_season([Player(n, rating=r) for n, r, _ in NAMES if n in members],
                        [[(w, b, res) for w, b, res in rnd
                                 if w in members and b in members] for rnd in ROUNDS])
    from keizer_xl.core.settings import Credit

    codes = {"=1": Credit(F(1)), "=½": Credit(F(1, 2)), "=0": Credit(F(0))}
    built = replace(built, absences=tuple(absences),
                    settings=replace(built.settings, codes=tuple(sorted(codes.items()))))
    assert isinstance(built, Season)
    order, totals, _ = reference_history(built, 4)[-1]
    a = view.standing("A").standing
    assert list(a.order) == order and a.score == totals


def test_next_round_per_group_after_a_boundary():
    """Group A has round 3 in Results, group B not yet: B pairs round 3 next, with its players
    of round 3 (the moved ones included), not 'round 3 is already paired'."""
    played = [ROUNDS[0], ROUNDS[1], [g for g in ROUNDS[2] if g[0] in ("Fred", "Hans")]]
    view = Competition(example(played))
    assert view.next_round("A") == 4
    assert view.next_round("B") == 3
    assert view.group_of("Bert", 3) == "B" and view.group_of("Bert", 2) == "A"


# --------------------------------------------------------------------------- the commands

def workbook(path: Path, rounds=ROUNDS, periods="1, 3") -> Path:
    results = [["Round", "Board", "White", "Black", "Result"]]
    for r, games in enumerate(rounds, 1):
        results += [[r, b, w, bl, res] for b, (w, bl, res) in enumerate(games, 1)]
    return make_workbook(path, {
        "Settings": [["Setting", "Value"], ["periods", periods], ["promote", 2],
                     ["relegate", 2]],
        "Players": [["Name", "Rating", "Group"]] + [[n, r, g] for n, r, g in NAMES],
        "Attendance": [["Name", "R1", "R2", "R3", "R4"]] + [[n] + [None] * 4
                                                              for n, _, _ in NAMES],
        "Results": results})


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_period_with_group_and_one_block_per_group(tmp_path, capsys):
    path = workbook(tmp_path / "y.xlsx")
    code, out, err = run(capsys, "standings", path, "--period", "2", "--group", "A",
                         "--format", "json", "--no-write")
    assert code == 0, err
    rows = json.loads(out)
    assert [(r["name"], r["score"]) for r in rows] == [("Cees", 11.5), ("Fred", 11),
                                                       ("Anna", 8), ("Hans", 5)]
    code, out, _ = run(capsys, "standings", path, "--period", "2", "--no-write")
    assert code == 0
    assert "Group A" in out and "Group B" in out
    assert out.index("Cees") < out.index("Group B") < out.index("Bert")
    # the Periods sheet: a block per (group, period), the group of THAT period
    assert run(capsys, "standings", path)[0] == 0
    cells = [r[0] for r in openpyxl.load_workbook(path)["Periods"].iter_rows(values_only=True)
             if r[0]]
    headings = [c for c in cells if str(c).startswith("Group ")]
    # round 4 is the last round Attendance and Results know (no last_round setting): the
    # season's end, so the last period is finished too (issue 33)
    assert headings == [
        "Group A · Period 1 (rounds 1-2, after round 2): period winner Anna; finished",
        "Group A · Period 2 (from round 3, after round 4): period winner Cees; finished",
        "Group B · Period 1 (rounds 1-2, after round 2): period winner Fred; finished",
        "Group B · Period 2 (from round 3, after round 4): period winner Bert; finished"]


def test_check_says_a_move_once(tmp_path, capsys):
    path = workbook(tmp_path / "y.xlsx", rounds=ROUNDS[:2])
    code, out, err = run(capsys, "check", path)
    assert code == 0
    assert (out + err).count("moves up to group A") == 2  # decided now: said
    path = workbook(tmp_path / "z.xlsx")
    code, out, err = run(capsys, "check", path)
    assert code == 0
    assert "moves up" not in out + err and "moves down" not in out + err  # two weeks later


def test_a_mistyped_periods_setting_is_one_problem_at_its_cell(tmp_path, capsys):
    """periods '1, 30' where the club moved players at round 3: the games of rounds 3-4 are
    between groups by the setting; one problem names Settings!B2, not eight Result cells."""
    path = workbook(tmp_path / "y.xlsx", periods="1, 30")
    code, out, _err = run(capsys, "check", path)
    assert code == 1
    assert "Settings!B2: periods 1, 30:" in out
    assert "does a period start at round 3?" in out
    assert "Results!" not in out.replace("at Results!", "")
    assert out.count("play each other") == 0


def test_explain_names_a_game_in_the_other_group_as_a_game(tmp_path, capsys):
    path = workbook(tmp_path / "y.xlsx")
    code, out, _ = run(capsys, "explain", path, "Fred")
    assert code == 0
    assert ("won with Black against Eva (in group B: counts as its result's share of his own "
            "value)") in out
    assert "club code" not in out
    assert "Fred's record this season: 4 games (W 3, D 0, L 1), 3 game points." in out


def test_pair_one_group_then_the_other_after_a_boundary(tmp_path, capsys):
    """Round 3 is the first of period 2: group A is paired first, then group B, each with its
    players of round 3 (the moved ones included); B is not 'already paired'."""
    path = workbook(tmp_path / "y.xlsx", rounds=ROUNDS[:2])
    code, out, err = run(capsys, "pair", path, "--group", "A", "--format", "json")
    assert code == 0, out + err
    a = {n for b in json.loads(out)["boards"] for n in (b["white"], b["black"])}
    assert a == {"Anna", "Cees", "Fred", "Hans"}
    code, out, err = run(capsys, "pair", path, "--group", "B", "--format", "json")
    assert code == 0, out + err
    pairing = json.loads(out)
    assert pairing["round"] == 3
    assert {n for b in pairing["boards"] for n in (b["white"], b["black"])} == {
        "Bert", "Dirk", "Eva", "Gijs"}
    rows = [r for r in openpyxl.load_workbook(path)["Results"].iter_rows(values_only=True)
            if r[0] == 3]
    assert len(rows) == 4  # both groups' boards of round 3 in Results


def test_explain_names_a_game_against_a_player_who_left_the_group(tmp_path, capsys):
    """Anna stayed in group A; Bert, whom she beat in round 1, plays in group B now."""
    path = workbook(tmp_path / "y.xlsx")
    code, out, _ = run(capsys, "explain", path, "Anna")
    assert code == 0
    assert ("won with White against Bert (Bert plays in group B now: counts as its result's "
            "share of his own value)") in out
    assert "Anna's record this season: 4 games (W 3, D 0, L 1), 3 game points." in out
