"""Round robin (issue 36): FIDE's Berger tables written out by hand, a property against an
independent reference (below; it imports nothing of the engine), the settings and the view's
one decision of which system a group plays."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from helpers import berger_reference

from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Player, Season
from keizer_xl.core.round_robin import (berger_table, cycle_table, pair_round_robin, schedule,
                                         scored_games)
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.settings import RoundRobinOrder, RoundRobinWithdrawal, Settings, System
from keizer_xl.errors import SettingError

# FIDE Handbook C.05, Annex 1, the printed tables (white first)
FIDE_4 = (((1, 4), (2, 3)),
          ((4, 3), (1, 2)),
          ((2, 4), (3, 1)))
FIDE_6 = (((1, 6), (2, 5), (3, 4)),
          ((6, 4), (5, 3), (1, 2)),
          ((2, 6), (3, 1), (4, 5)),
          ((6, 5), (1, 4), (2, 3)),
          ((3, 6), (4, 2), (5, 1)))
FIDE_8 = (((1, 8), (2, 7), (3, 6), (4, 5)),
          ((8, 5), (6, 4), (7, 3), (1, 2)),
          ((2, 8), (3, 1), (4, 7), (5, 6)),
          ((8, 6), (7, 5), (1, 4), (2, 3)),
          ((3, 8), (4, 2), (5, 1), (6, 7)),
          ((8, 7), (1, 6), (2, 5), (3, 4)),
          ((4, 8), (5, 3), (6, 2), (7, 1)))


def test_berger_tables_as_fide_prints_them():
    assert berger_table(4) == FIDE_4
    assert berger_table(6) == FIDE_6
    assert berger_table(5) == FIDE_6  # player 6 is the dummy: his opponent has the bye
    assert berger_table(8) == FIDE_8


def test_double_round_robin_swaps_the_first_cycles_last_two_rounds():
    double = cycle_table(4, 2)
    assert double == (FIDE_4[0], FIDE_4[2], FIDE_4[1],
                      ((4, 1), (3, 2)), ((3, 4), (2, 1)), ((4, 2), (1, 3)))
    plain = cycle_table(4, 2, swap=False)
    assert plain[:3] == FIDE_4 and plain[3:] == tuple(tuple((b, w) for w, b in r) for r in FIDE_4)


# --- an independent reference: the circle method, its own arithmetic ----------------------

def reference_meets(n: int) -> set[frozenset[int]]:
    return {frozenset((a, b)) for a in range(1, n + 1) for b in range(a + 1, n + 1)}


@given(n=st.integers(2, 30))
def test_the_table_equals_the_reference_arithmetic(n):
    for r, rnd in enumerate(berger_table(n), 1):
        assert set(rnd) == berger_reference(n, r)


@hsettings(max_examples=60, deadline=None)
@given(n=st.integers(2, 24), cycles=st.sampled_from((1, 2)), swap=st.booleans())
def test_every_pair_meets_once_per_cycle_colours_balanced_byes_rotate(n, cycles, swap):
    table = cycle_table(n, cycles, swap)
    even = n + n % 2
    assert len(table) == (even - 1) * cycles
    per_cycle = even - 1
    for c in range(cycles):
        rounds = table[c * per_cycle:(c + 1) * per_cycle]
        games = [frozenset(p) for r in rounds for p in r if max(p) <= n]
        assert len(games) == len(set(games))
        assert set(games) == reference_meets(n)
        byes = [min(p) for r in rounds for p in r if max(p) > n]
        assert sorted(byes) == (list(range(1, n + 1)) if n % 2 else [])
        for r in rounds:  # every player once per round
            seen = [x for p in r for x in p]
            assert sorted(seen) == list(range(1, even + 1))
    whites = Counter(w for r in table for w, b in r if max(w, b) <= n)
    blacks = Counter(b for r in table for w, b in r if max(w, b) <= n)
    for p in range(1, n + 1):
        if cycles == 2:  # each pair once with each colour
            assert whites[p] == blacks[p]
        else:  # FIDE: at most one more game with one colour (odd rounds)
            assert abs(whites[p] - blacks[p]) <= 1
    if cycles == 2 and swap:  # why FIDE swaps: nobody gets one colour three times in a row
        for p in range(1, n + 1):
            seq = "".join("W" if w == p else "B" for r in table for w, b in r
                          if p in (w, b) and max(w, b) <= n)
            assert "WWW" not in seq and "BBB" not in seq, (p, seq)
    if cycles == 2:
        for a in range(1, n + 1):
            for b in range(a + 1, n + 1):
                colours = [(w, bl) for r in table for w, bl in r if {w, bl} == {a, b}]
                assert sorted(colours) == sorted([(a, b), (b, a)])


def _season(names, groups=None, **settings):
    players = tuple(Player(n, start=i + 1, group=(groups or {}).get(n, ""))
                    for i, n in enumerate(names))
    return Season(players, settings=Settings(**settings))


def test_settings_parse_and_name_their_range():
    s = build_settings([parse_setting("round_robin", "A, B"), parse_setting("round_robin_cycles", 2),
                        parse_setting("round_robin_order", "lot"),
                        parse_setting("round_robin_withdrawal", "annul"),
                        parse_setting("round_robin_seed", "42"),
                        parse_setting("round_robin_swap", "no")])
    assert (s.round_robin, s.round_robin_cycles, s.round_robin_order, s.round_robin_seed,
            s.round_robin_swap) == (("A", "B"), 2, RoundRobinOrder.LOT, 42, False)
    assert s.round_robin_withdrawal == RoundRobinWithdrawal.ANNUL
    assert parse_setting("round_robin", "Alle") == ("round_robin", ("all",))
    assert parse_setting("round_robin", "") == ("round_robin", ())
    with pytest.raises(SettingError):
        parse_setting("round_robin_cycles", 3)
    with pytest.raises(SettingError):
        parse_setting("round_robin", "all, A")
    with pytest.raises(SettingError):
        parse_setting("round_robin_withdrawal", "never")


def test_the_view_says_which_system_a_group_plays_and_its_pairing_numbers():
    names = ["Ann", "Bob", "Cor", "Dan", "Eve"]
    groups = {"Ann": "A", "Bob": "B", "Cor": "A", "Dan": "B", "Eve": "A"}
    view = Competition(_season(names, groups, round_robin=("a",)))
    assert (view.system("A"), view.system("B")) == (System.ROUND_ROBIN, System.KEIZER)
    assert view.round_robin("A").players == ("Ann", "Cor", "Eve")
    whole = Competition(_season(names, round_robin=("all",)))
    assert whole.system("") is System.ROUND_ROBIN
    assert whole.round_robin("").players == tuple(names)
    assert Competition(_season(names)).system("") is System.KEIZER
    lot = Competition(_season(names, round_robin=("all",), round_robin_order="lot",
                              round_robin_seed=7)).round_robin("")
    again = Competition(_season(names, round_robin=("all",), round_robin_order="lot",
                                round_robin_seed=7)).round_robin("")
    assert lot.players == again.players and sorted(lot.players) == sorted(names)


# --- withdrawals and postponed games: scored_games, the one place -------------------------

def _four(withdrawn=None, rule="fide", results=(), absences=()):
    """Ann, Bob, Cor, Dan (numbers 1-4): 1-4 2-3 | 4-3 1-2 | 2-4 3-1; ``results`` typed as
    (round, white, black, result)."""
    from keizer_xl.core.model import Absence, Game, parse_result

    players = tuple(Player(n, start=i + 1, withdrawn_round=(withdrawn or {}).get(n))
                    for i, n in enumerate(("Ann", "Bob", "Cor", "Dan")))
    return Season(players, tuple(Game(r, w, b, parse_result(x)) for r, w, b, x in results),
                  absences=tuple(Absence(r, n, "E") for r, n in absences),
                  settings=Settings(round_robin=("all",), round_robin_withdrawal=rule))


ROUND_1 = ((1, "Ann", "Dan", "1-0"), (1, "Bob", "Cor", "½-½"))


def test_fewer_than_half_played_annuls_his_results():
    s = _four({"Dan": 2}, results=ROUND_1)  # Dan played 1 of 3
    view = Competition(s)
    games = view.round_robin_games()
    assert games.annulled == ("Dan",) and games.forfeits == ()
    assert [(g.white, g.black) for g in games.games] == [("Bob", "Cor")]


def test_half_or_more_played_gives_his_remaining_games_by_forfeit():
    played = (*ROUND_1, (2, "Dan", "Cor", "0-1"), (2, "Ann", "Bob", "1-0"))
    s = _four({"Dan": 3}, results=played)  # Dan played 2 of 3: round 3's 2-4 lost by forfeit
    games = scored_games(s, Competition(s).round_robin())
    assert games.annulled == ()
    assert [(g.round, g.white, g.black, g.result.value) for g in games.forfeits] == [
        (3, "Bob", "Dan", "1-0F")]
    assert len(games.games) == 5 and [(g.white, g.black) for g in games.outstanding] == [
        ("Cor", "Ann")]


@pytest.mark.parametrize(("rule", "annulled"), [("forfeit", ()), ("annul", ("Dan",))])
def test_the_setting_chooses_one_rule_always(rule, annulled):
    s = _four({"Dan": 2}, rule, results=ROUND_1)
    games = scored_games(s, Competition(s).round_robin())
    assert games.annulled == annulled
    assert bool(games.forfeits) is (rule == "forfeit")
    if rule == "forfeit":  # rounds 2 and 3: 4-3 (Cor wins, Black) and 2-4 (Bob wins, White)
        assert {(g.white, g.black, g.result.value) for g in games.forfeits} == {
            ("Dan", "Cor", "0-1F"), ("Bob", "Dan", "1-0F")}


def test_a_postponed_game_counts_in_its_own_round_once_its_result_is_there():
    absent = ((1, "Bob"),)
    before = _four(results=ROUND_1[:1], absences=absent)
    waiting = Competition(before).round_robin_games()
    assert [(g.round, g.white, g.black) for g in waiting.outstanding] == [(1, "Bob", "Cor")]
    later = _four(results=(*ROUND_1, (2, "Dan", "Cor", "1-0"), (2, "Ann", "Bob", "0-1")),
                  absences=absent)  # typed under round 1, played after round 2
    assert Competition(later).round_robin_games().outstanding == ()
    def states(season):
        return [x.state for x in schedule(season, Competition(season).round_robin())][:2]

    assert states(before) == ["played", "postponed"]  # he was absent: postponed
    assert states(_four(results=ROUND_1[:1])) == ["played", "to play"]  # still this evening
    assert states(_four(results=(*ROUND_1[:1], (2, "Dan", "Cor", ""), (2, "Ann", "Bob", "")))
                  ) == ["played", "postponed"]  # the next round is paired: postponed


def test_the_pairing_lists_an_absent_players_game_and_leaves_out_a_withdrawn_ones():
    s = _four({"Dan": 2}, absences=((2, "Bob"),))
    pairing, absent = pair_round_robin(s, Competition(s).round_robin(), 2)
    assert [(b.board, b.white, b.black) for b in pairing.boards] == [(1, "Ann", "Bob")]
    assert absent == {"Bob": "E"} and pairing.bye is None
    assert len(pairing.notes) == 2  # Dan - Cor: no game; Ann - Bob: postponed
