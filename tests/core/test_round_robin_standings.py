"""A round robin's standings by game points (issue 36): FIDE tie-breaks, withdrawals, postponed
games, and a Keizer group beside it unchanged."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Player
from keizer_xl.core.round_robin import RoundRobin
from keizer_xl.core.rows import season_parts
from keizer_xl.core.settings import RoundRobinWithdrawal as W
from tests.helpers import season

NAMES = ["Anna", "Bert", "Cor", "Dirk", "Eva", "Frank"]
#: the row player's points against each (pairing numbers 1..6), as in test_tiebreaks.py
TABLE = {"Anna": "-1½101", "Bert": "0-1½11", "Cor": "½0-11½", "Dirk": "0½0-11",
         "Eva": "1000-1", "Frank": "00½00-"}
TEXT = {"1": "1-0", "0": "0-1", "½": "½-½"}


def rounds(names, table, upto=99, leave_out=()):
    """The Berger table's rounds with the results of ``table`` (a pair in ``leave_out``:
    blank, postponed)."""
    rr = RoundRobin("", tuple(names))
    out = []
    for pairs in rr.table()[:upto]:
        games = []
        for w, b in pairs:
            if not b:
                games.append(("bye", w))
                continue
            res = "" if {w, b} in leave_out else TEXT[table[w][names.index(b)]]
            games.append((w, b, res))
        out.append(games)
    return out


def part(s, after=None):
    (p,) = season_parts(Competition(s, after))
    return p


def test_a_whole_season_round_robin_ranked_by_game_points_and_cs07s_default():
    p = part(season(NAMES, rounds(NAMES, TABLE), round_robin="all"))
    assert p.round_robin and not p.keizer and p.tiebreaks == ("DE", "WIN", "SB", "KS")
    got = [(r.place, r.number, r.name, r.score, r.tiebreaks) for r in p.rows]
    # the values worked by hand in test_tiebreaks.py: A and B on 3½, A beat B (DE)
    assert got == [
        (1, 1, "Anna", F(7, 2), (F(1), F(3), F(8), F(5, 2))),
        (2, 2, "Bert", F(7, 2), (F(0), F(3), F(27, 4), F(3, 2))),
        (3, 3, "Cor", F(3), (None, F(2), F(13, 2), F(3, 2))),
        (4, 4, "Dirk", F(5, 2), (None, F(2), F(17, 4), F(1, 2))),
        (5, 5, "Eva", F(2), (None, F(2), F(4), F(1))),
        (6, 6, "Frank", F(1, 2), (None, F(0), F(3, 2), F(1, 2)))]
    anna = p.rows[0]
    assert anna.cells == ("", "1", "½", "1", "0", "1") and (anna.wins, anna.draws) == (3, 1)
    assert anna.value is None and anna.game_points == F(7, 2)


def test_the_tiebreak_setting_orders_them():
    p = part(season(NAMES, rounds(NAMES, TABLE), round_robin="all", tiebreak="SB, ks"))
    assert p.tiebreaks == ("SB", "KS") and p.rows[0].tiebreaks == (F(8), F(5, 2))
    # Keizer tie-breaks alone: the round robin takes C.07's default
    p = part(season(NAMES, rounds(NAMES, TABLE), round_robin="all", tiebreak="rating"))
    assert p.tiebreaks == ("DE", "WIN", "SB", "KS")


def test_postponed_game_counts_once_played():
    # Anna - Bert (round 1 of the Berger table? wherever it falls) not played yet
    rs = rounds(NAMES, TABLE, leave_out=({"Anna", "Bert"},))
    p = part(season(NAMES, rs, round_robin="all"))
    assert p.rows[0].name == "Bert" and p.rows[0].score == F(7, 2)  # Anna has 2½ now
    assert {r.name: r.score for r in p.rows}["Anna"] == F(5, 2)
    (note,) = p.notes
    assert "still to play" in str(note) and "Anna" in str(note)


def test_standings_after_round_r():
    s = season(NAMES, rounds(NAMES, TABLE), round_robin="all")
    p = part(s, 2)
    assert p.round == 2 and sum(r.score for r in p.rows) == 6  # 3 games a round
    assert all(r.games == 2 for r in p.rows)


def _withdrawn(s, name, rnd):
    return replace(s, players=tuple(replace(p, withdrawn_round=rnd) if p.name == name else p
                                    for p in s.players))


def test_withdrawal_before_half_annuls_his_results():
    # Frank leaves before round 3: 2 of his 5 games played, fewer than half: annulled
    rs = [[g for g in rnd if "Frank" not in g or r < 2] for r, rnd in
          enumerate(rounds(NAMES, TABLE), 0)]
    p = part(_withdrawn(season(NAMES, rs, round_robin="all"), "Frank", 3))
    frank = p.rows[-1]
    assert frank.name == "Frank" and frank.place is None and not frank.ranked
    (note,) = p.notes  # his games after he left are not outstanding
    assert "annulled" in str(note)
    # nobody has a point from Frank: the others' scores are their games among themselves
    total = sum(r.score for r in p.rows if r.name != "Frank")
    assert total == 10  # the 10 games among five players


def test_withdrawal_after_half_loses_the_rest_by_forfeit():
    # Frank leaves before round 5: 4 of 5 played; his round-5 game is lost by forfeit
    rs = [[g for g in rnd if "Frank" not in g or r < 4] for r, rnd in
          enumerate(rounds(NAMES, TABLE), 0)]
    s = _withdrawn(season(NAMES, rs, round_robin="all"), "Frank", 5)
    p = part(s)
    (note,) = p.notes  # nothing outstanding
    assert "lost by forfeit" in str(note)
    frank = next(r for r in p.rows if r.name == "Frank")
    assert frank.ranked and "0F" in frank.cells
    # the setting's other choice annuls instead
    p = part(replace(s, settings=replace(s.settings, round_robin_withdrawal=W.ANNUL)))
    assert next(r for r in p.rows if r.name == "Frank").place is None


def test_a_keizer_group_beside_a_round_robin_group_is_unchanged():
    players = [Player(n, group="A") for n in NAMES[:4]] + [Player(n, group="B")
                                                          for n in "PQRS"]
    games = [[("Anna", "Dirk", "1-0"), ("Bert", "Cor", "½-½"), ("P", "Q", "1-0"),
              ("R", "S", "0-1")]]
    keizer = season_parts(Competition(season(players, games)))
    both = season_parts(Competition(season(players, games, round_robin="A")))
    assert [p.round_robin for p in both] == [True, False]
    assert both[1] == keizer[1]
    assert [r.name for r in both[0].rows][:1] == ["Anna"]


def test_a_shared_place_is_stated():
    # a double round robin of two who draw both games: equal on everything
    s = season(["Anna", "Bert"], [[("Anna", "Bert", "½-½")], [("Bert", "Anna", "½-½")]],
               round_robin="all", round_robin_cycles=2)
    p = part(s)
    assert [(r.place, r.name) for r in p.rows] == [(1, "Anna"), (1, "Bert")]
    assert p.rows[0].cells == ("", "½ ½")
    (note,) = p.notes
    assert str(note) == "equal on points and every tie-break, Anna, Bert share place 1"


def test_aro_reads_the_players_ratings():
    players = [Player(n, rating=1000 + 100 * i) for i, n in enumerate(NAMES)]
    p = part(season(players, rounds(NAMES, TABLE), round_robin="all", tiebreak="ARO"))
    # Anna met the other five: (1100 + 1200 + 1300 + 1400 + 1500) / 5 = 1300
    assert {r.name: r.tiebreaks for r in p.rows}["Anna"] == (F(1300),)
