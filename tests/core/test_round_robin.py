"""Round robin (issue 36): FIDE's Berger tables written out by hand, a property against an
independent reference (below; it imports nothing of the engine), the settings and the view's
one decision of which system a group plays."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Player, Season
from keizer_xl.core.round_robin import berger_table, cycle_table
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
