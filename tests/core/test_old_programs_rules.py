"""The last rows where keizer-xl differed from KeizerForClubs and chesspairing (issue 35): each
rule is a strategy a setting selects, worked out by hand here (docs/presets-kfc.md,
docs/presets-chesspairing.md)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from keizer_xl.core.engine import compute_history
from keizer_xl.core.engine.order import float32_hundredths, printed_hundredths
from keizer_xl.core.model import Player
from keizer_xl.core.rules import build_settings, parse_setting

from support.helpers import season as make_season


# --------------------------------------------------------------------------- KFC's DecayBonus

def kfc_absentee(**raw):
    """X (rated highest) is excused in round 1 and absent unexcused in round 2; A beats B and
    C beats D in both rounds."""
    players = [Player("X", rating=2000), Player("A", rating=1900), Player("B", rating=1800),
               Player("C", rating=1700), Player("D", rating=1600)]
    rounds = [[("A", "B", "1-0"), ("C", "D", "1-0")]] * 2
    return make_season(players, rounds, absences=[(1, "X", "E"), (2, "X", "U")],
                       preset="kfc", absence_decay="halving-eu", **raw)


def test_kfc_decay_counts_an_excused_absence_that_earns_nothing():
    """N = 5, ratio 3: top (5 - 1) x 3 / 2 = 6; start values X 6, A 5, B 4, C 3, D 2.
    Round 1: A 5 + 4 = 9, X 6 + 0 % x 6 = 6, C 3 + 2 = 5, B 4, D 2 -> values A 6, X 5, C 4,
    B 3, D 2.  Round 2, everything valued with those: A 6 + 3 + 3 = 12, C 4 + 2 + 2 = 8, and X
    5 + 0 (round 1) + 50 % x 5 x 1/2 = 6.25: his unexcused absence is the second excused or
    unexcused row (KFC's GetPlayer_CountOfExcusedOrUnexcused counts the 0 % row too), so the
    DecayBonus halves it.  Without the zero row counted it would be 5 + 2.5 = 7.5."""
    last = compute_history(kfc_absentee(absence_excused="0%", absence_unexcused="50%")).last
    assert last.round_points["X"] == (0, F(5, 4))
    assert last.score == {"A": 12, "C": 8, "X": F(25, 4), "B": 3, "D": 2}
    # excused 35 %: X 6 + 2.1 = 8.1 after round 1, still second (value 5); after round 2 his
    # rows are 35 % x 5 (the first) and 50 % x 5 / 2 (the second)
    last = compute_history(kfc_absentee(absence_excused="35%", absence_unexcused="50%")).last
    assert last.round_points["X"] == (F(35, 100) * 5, F(5, 4))


# --------------------------------------------------------------------------- printed order

def test_kfc_rounds_its_float32_total_to_two_decimals():
    # 3.865 is stored as the float32 3.8650000095367..., so Math.Round gives 3.87 (the exact
    # value, a tie, would go to the even 3.86); 2.675 is the float32 2.6749999523 -> 2.67;
    # 4.125 is a float32 exactly, a tie: to the even 4.12
    assert float32_hundredths(3865, 1000) == 387
    assert float32_hundredths(2675, 1000) == 267
    assert float32_hundredths(4125, 1000) == 412
    assert float32_hundredths(-3865, 1000) == -387
    assert float32_hundredths(1, 3) == 33 and float32_hundredths(0, 7) == 0


def test_the_fast_rounding_is_the_exact_one_also_on_float32_midpoints():
    # (2m + 1) / 2^25 with a 24-bit m lies exactly halfway between two float32 numbers: the
    # float32 is the even one; the numpy path must give what the integer one gives
    import random

    import numpy as np
    rng = random.Random(3)
    cases = [(2 * rng.randint(2 ** 23, 2 ** 24 - 1) + 1, 2 ** rng.randint(25, 50))
             for _ in range(300)]
    cases += [(rng.randint(-10 ** 12, 10 ** 12), rng.choice([1, 100, 600, 12345]))
              for _ in range(300)]
    for num, scale in cases:
        assert printed_hundredths(np.array([num], dtype=np.int64), scale).tolist() == \
            [float32_hundredths(num, scale)]
    big = np.array([3 ** 40, -(3 ** 40)], dtype=object)  # beyond int64: the exact way
    assert printed_hundredths(big, 7).tolist() == [float32_hundredths(3 ** 40, 7),
                                                   float32_hundredths(-(3 ** 40), 7)]


def test_the_printed_order_follows_the_printed_points():
    """N = 4, ratio 3: top 4.5 -> 4 (half to even); A 4, B 3, C 2, D 1.  A loses to D with a
    loss bonus of 1/200: A 4 + 1/200 x 1 = 4.005, B draws C: 3 + 2/2 = 4.  KFC prints A
    4.01 (float32 4.0050001144) and B 4.00, and so orders A before B; rounding the exact 4.005
    half to even (4.00) put B first on game points under a table showing A 4.01, B 4.00."""
    players = [Player(n, rating=r) for n, r in [("A", 2000), ("B", 1900), ("C", 1800),
                                                 ("D", 1700)]]
    season = make_season(players, [[("A", "D", "0-1"), ("B", "C", "½-½")]], preset="kfc",
                         loss="1/200")
    last = compute_history(season).last
    assert last.score["A"] == F(4) + F(1, 200) and last.score["B"] == 4
    assert last.shown_order == ("D", "A", "B", "C")


# --------------------------------------------------------------------------- chesspairing

def test_chesspairing_decay_halves_unmarked_rounds_too():
    """chesspairing's TestScoreAbsenceDecay: Alice and Bob draw three times, Carol is in no
    game (neither paired nor marked); no own value, no limit.  Values by rating: Alice 3,
    Bob 2, Carol 1.  Carol's absences: 0.35 x 1 x 2 = 0.7 -> 1 (x2) = 0.5, then 1 >> 1 = 0,
    1 >> 2 = 0: 0.5 in all (1.5 without the decay, and with ``halving``, which halves only
    excused absences)."""
    players = [Player("Alice", rating=2000), Player("Bob", rating=1800),
               Player("Carol", rating=1600)]
    rounds = [[("Alice", "Bob", "½-½")]] * 3

    def carol(decay):
        return compute_history(make_season(players, rounds, preset="chesspairing",
                                           own_value="none", absence_max="none",
                                           absence_decay=decay)).last.score["Carol"]
    assert carol("halving-all") == F(1, 2)
    assert carol("halving") == carol("none") == F(3, 2)


def test_chesspairing_decay_halves_the_rounded_amount_and_rounds_down():
    """Prev (chesspairing-1956), no own value, excused 1/2.  Values by rating: Carol 3, Alice
    2, Bob 1.  Round 1: Alice beats Bob (1), Carol excused 1/2 x 3 = 1.5 (x2: 3); the ranking
    stays Carol, Alice, Bob.  Round 2 the same: Alice 2; Carol 1.5 + (3 >> 1 = 1, x2) 0.5 =
    2, before Alice on rating.  Halving the exact credit instead (``halving``): 0.75, rounded
    to the half away from zero 1: Carol 2.5."""
    players = [Player("Carol", rating=2000), Player("Alice", rating=1900),
               Player("Bob", rating=1800)]
    rounds = [[("Alice", "Bob", "1-0")]] * 2
    absences = [(1, "Carol", "E"), (2, "Carol", "E")]

    def last(decay):
        return compute_history(make_season(players, rounds, absences=absences,
                                           preset="chesspairing-1956", own_value="none",
                                           absence_excused="1/2",
                                           absence_decay=decay)).last
    st = last("halving-all")
    assert st.score == {"Carol": 2, "Alice": 2, "Bob": 0}
    assert st.round_points["Carol"] == (F(3, 2), F(1, 2))
    assert st.order == ("Carol", "Alice", "Bob")
    assert last("halving").score["Carol"] == F(5, 2)
    # exact points (rounding none): the credit itself is halved, 1.5 + 0.75
    exact = compute_history(make_season(players, rounds, absences=absences,
                                        preset="chesspairing-1956", own_value="none",
                                        absence_excused="1/2", rounding="none",
                                        absence_decay="halving-all")).last
    assert exact.score["Carol"] == F(9, 4)


def test_chesspairing_gives_everyone_zero_before_the_first_round():
    """chesspairing's Score without rounds: every player 0, ranked by rating then name (its
    TestScoreNoRounds); the values of that ranking still value round 1 (N = 3: 3, 2, 1)."""
    players = [Player("Bob", rating=1800), Player("Alice", rating=1800),
               Player("Carol", rating=2000)]
    hist = compute_history(make_season(players, [[("Alice", "Bob", "1-0")]],
                                       preset="chesspairing"))
    start = hist.after(0)
    assert start.score == {"Carol": 0, "Alice": 0, "Bob": 0}
    assert start.order == ("Carol", "Alice", "Bob")
    assert start.value == {"Carol": 3, "Alice": 2, "Bob": 1}
    # the default: each player's own value
    keizer = compute_history(make_season(players, [[("Alice", "Bob", "1-0")]])).after(0)
    assert set(keizer.score.values()) != {0}
    assert build_settings([parse_setting("preset", "chesspairing")]).start_points == "zero"
    assert build_settings([parse_setting("preset", "esg")]).start_points == "own"


@pytest.mark.parametrize("key, value", [("start_points", "zero"), ("start_points", "own"),
                                        ("absence_decay", "halving-all")])
def test_the_new_setting_values_parse(key, value):
    assert parse_setting(key, value) == (key, value)
