"""Hand-worked tests of the standings engine; the arithmetic is written next to each number."""
from fractions import Fraction as F

import pytest

from keizer_xl.core.model import Player
from keizer_xl.core.engine import compute_history, compute_standing, start_order
from keizer_xl.sheets.frames import part_records
from keizer_xl.core.values import place_values

from support.helpers import scores, season, settings

KEIZER = ["Jansen", "Pietersen", "Bakker", "Slager", "de Vries", "de Zeeuw", "de Jonge",
          "de Oude", "de Wit", "de Bruin"]
ROUND1 = [("Jansen", "Pietersen", "1-0"), ("Bakker", "Slager", "½-½"),
          ("de Vries", "de Zeeuw", "0-1"), ("de Jonge", "de Oude", "½-½"),
          ("de Wit", "de Bruin", "0-1")]
ROUND2 = [("de Zeeuw", "Jansen", "1-0"), ("de Bruin", "Bakker", "1-0"),
          ("Slager", "de Jonge", "½-½"), ("de Oude", "Pietersen", "0-1"),
          ("de Vries", "de Wit", "½-½")]


def keizer_example(**raw):
    raw.setdefault("top_value", 50)
    return season(KEIZER, [ROUND1, ROUND2], **raw)


# --------------------------------------------------------------------------- section 10

def test_keizer_worked_example_round_1():
    st = compute_history(keizer_example()).after(1)
    # Jansen: own 50 + win over Pietersen (49) = 99; Bakker: 48 + 47/2 = 71.5; ...
    assert scores(st) == [("Jansen", 99), ("de Zeeuw", 91), ("de Bruin", 83), ("Bakker", F(143, 2)),
                          ("Slager", 71), ("de Jonge", F(131, 2)), ("de Oude", 65),
                          ("Pietersen", 49), ("de Vries", 46), ("de Wit", 42)]


def test_keizer_worked_example_round_2_revalues_with_ranking_after_round_1():
    st = compute_history(keizer_example()).after(2)
    # values after round 1: Jansen 50, de Zeeuw 49, de Bruin 48, Bakker 47, Slager 46,
    # de Jonge 45, de Oude 44, Pietersen 43, de Vries 42, de Wit 41.
    # de Zeeuw: own 49 + de Vries 42 + Jansen 50 = 141; Jansen: 50 + Pietersen now 43 = 93
    assert scores(st) == [("de Zeeuw", 141), ("de Bruin", 136), ("Jansen", 93), ("Slager", 92),
                          ("de Jonge", 90), ("Pietersen", 87), ("Bakker", 70),
                          ("de Oude", F(133, 2)), ("de Vries", F(125, 2)), ("de Wit", 62)]
    assert st.round_points["Jansen"] == (43, 0)
    assert st.value["de Zeeuw"] == 50 and st.prev_value["de Zeeuw"] == 49
    assert (st.games["Jansen"], st.wins["Jansen"], st.losses["Jansen"]) == (2, 1, 1)


def test_standings_table_has_contract_columns():
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import season_part

    table = part_records(season_part(Competition(keizer_example()).standing("")))
    assert list(table.columns) == ["Rank", "Name", "Score", "Value", "Prev value", "Games",
                                   "W", "D", "L", "R1", "R2", "Game points", "TPR"]
    assert list(table.rows[0][:5]) == [1, "de Zeeuw", 141, 50, 49]


# --------------------------------------------------------------------------- values

def test_linear_values_are_cut_not_rounded():
    s = settings(top_value=100, bottom_value=40)
    v = place_values(s, 18)
    # step 60/17 = 3.5294...: 100 - 3.5294 = 96.4705 -> 96.47; 100 - 7.0588 = 92.94
    assert v[:4] == [100, F(9647, 100), F(9294, 100), F(8941, 100)]
    assert v[-1] == 40


@pytest.mark.parametrize("rule,n,top", [("N", 18, 18), ("1.5N", 9, 14), ("1.5N", 10, 15),
                                        ("2N", 7, 14), ("ratio 3", 10, 14), ("ratio 3", 11, 15)])
def test_top_value_rules(rule, n, top):
    # 1.5N of 9 = 13.5 -> 14 (half up); ratio 3: round(1.5 * (N - 1)): 13.5 -> 14, 15 -> 15
    assert place_values(settings(top_value=rule), n)[0] == top


def test_tied_players_share_the_value_of_the_highest_place():
    # fixed-point codes make exact ties: A and B 5 points, C and D 1 point (own value none)
    s = season(["A", "B", "C", "D"], [[]], absences=[(1, "A", "X"), (1, "B", "X"), (1, "C", "Y"),
                                                     (1, "D", "Y")],
               top_value=9, own_value="none", tied_share_value="yes",
               **{"code X": "5 points", "code Y": "1 points"})
    st = _force_round(s, 1)
    assert st.places == (1, 1, 3, 3)
    # "two players tied for first with top 9 are both worth 9, the third 7"
    assert [st.value[n] for n in st.order] == [9, 9, 7, 7]


def _force_round(s, k):
    """Standing after round k of a season whose rounds hold only absences (no game results)."""
    return compute_history(s, k).after(k)


# --------------------------------------------------------------------------- points

FOUR = ["A", "B", "C", "D"]  # top_value 4, step 1: values 4, 3, 2, 1


def test_absence_kinds_score_a_fraction_of_own_value():
    s = season(FOUR, [[("A", "B", "1-0")]], absences=[(1, "C", "E"), (1, "D", "C")], top_value=4)
    st = compute_standing(s)
    # A: own 4 + win over B (3) = 7; B: 3 + 0; C: 2 + 1/3 * 2 = 8/3; D: 1 + 2/3 * 1 = 5/3
    assert scores(st) == [("A", 7), ("B", 3), ("C", F(8, 3)), ("D", F(5, 3))]


def test_bye_scores_two_thirds_of_own_value():
    s = season(["A", "B", "C"], [[("A", "B", "1-0"), ("bye", "C")]], top_value=3)
    # A: 3 + 2 = 5; B: 2 + 0 = 2; C: 1 + 2/3 * 1 = 5/3
    assert scores(compute_standing(s)) == [("A", 5), ("B", 2), ("C", F(5, 3))]


@pytest.mark.parametrize("result,a,b", [
    ("1-0F", 3, 1),          # forfeit win 1 x 1 (B's value); B forfeit loss 0
    ("0-0F", 2, 1),          # both lose by forfeit: nothing
    ("adj", F(5, 2), 2),     # adjourned scored as a draw: A 2 + 1/2, B 1 + 1
    ("0-1", 2, 3),           # B: 1 + 2
])
def test_forfeits_and_adjourned(result, a, b):
    s = season(["A", "B"], [[("A", "B", result)]], top_value=2)
    st = compute_standing(s)
    assert (st.score["A"], st.score["B"]) == (a, b)


def test_forfeit_fractions_and_no_games_counted():
    s = season(["A", "B"], [[("A", "B", "1-0F")]], top_value=2, forfeit_win="1/2")
    st = compute_standing(s)
    assert st.score["A"] == 2 + F(1, 2)  # own 2 + 1/2 x 1
    assert st.games["A"] == 0 and st.wins["A"] == 0  # a forfeit is not a game over the board


def test_loss_fraction_knsb_sixths():
    s = season(["A", "B"], [[("A", "B", "1-0")]], preset="knsb-sixths", top_value=2)
    # B loses to A (value 2): 1/6 x 2 = 1/3, plus own 1
    assert compute_standing(s).score["B"] == 1 + F(1, 3)


def test_sevilla_percentages_are_exact_hundredths():
    s = season(["A", "B"], [[]], absences=[(1, "A", "E"), (1, "B", "E")], preset="sevilla")
    st = _force_round(s, 1)
    # 33.33 % of 100 = 33.33 exactly (not 100/3); B: 99 + 0.3333 * 99 = 99 + 32.9967
    assert st.score["A"] == 100 + F(3333, 100)
    assert st.score["B"] == 99 + F(3333 * 99, 10000)


def _absence_points(codes, **raw):
    """Round points of A (absent with ``codes``) in the standing after the last round."""
    rounds = [[("B", "C", "½-½")] for _ in codes]
    s = season(["A", "B", "C"], rounds, absences=[(r, "A", c) for r, c in enumerate(codes, 1)],
               top_value=3, **raw)
    st = compute_standing(s)
    return st.round_points["A"], st.prev_value["A"]


def test_absence_max_scores_only_the_first_n():
    pts, v = _absence_points(["E", "E", "E"], absence_max=2)
    assert pts == (v / 3, v / 3, 0)


def test_absence_max_exempts_club_duty_unless_included():
    pts, v = _absence_points(["E", "C", "E"], absence_max=1)
    assert pts == (v / 3, 2 * v / 3, 0)  # club duty is exempt; the 2nd excused is over the max
    pts, v = _absence_points(["E", "C", "E"], absence_max=1, absence_max_includes_club="yes")
    assert pts == (v / 3, 0, 0)


def test_absence_decay_harmonic_and_halving():
    pts, v = _absence_points(["E", "E", "E"], absence_decay="harmonic")
    assert pts == (v / 3, v / 4, v / 5)
    pts, v = _absence_points(["E", "E", "E"], absence_decay="halving")
    assert pts == (v / 3, v / 6, v / 12)


def test_club_defined_codes_fraction_and_fixed_points():
    pts, v = _absence_points(["J", "T"], **{"code J": "1/2", "code T": "20 points"})
    assert pts == (v / 2, 20)


def test_own_value_start_and_none():
    st = compute_history(keizer_example(own_value="none")).after(1)
    # no own value: Jansen 49, de Zeeuw 46, de Bruin 42, Slager 48/2 = 24, Bakker 47/2,
    # de Oude 44/2 = 22, de Jonge 43/2; then three on 0 in their previous (start) order
    assert scores(st) == [("Jansen", 49), ("de Zeeuw", 46), ("de Bruin", 42), ("Slager", 24),
                          ("Bakker", F(47, 2)), ("de Oude", 22), ("de Jonge", F(43, 2)),
                          ("Pietersen", 0), ("de Vries", 0), ("de Wit", 0)]
    st2 = compute_history(keizer_example(own_value="start")).after(2)
    # own value = start value: Jansen 50 + 43 + 0 = 93 (as current); de Zeeuw 45 + 42 + 50 = 137
    assert st2.score["de Zeeuw"] == 137 and st2.score["Jansen"] == 93


# --------------------------------------------------------------------------- recalculation

def test_frozen_values_each_round_once():
    st = compute_history(keizer_example(recalculation="frozen")).after(2)
    # de Zeeuw: R1 de Vries at V0 46 + R2 Jansen at V1 50 + own V1 49 = 145
    # de Bruin: de Wit at V0 42 + Bakker at V1 47 + own 48 = 137
    # Slager: Bakker at V0 48/2 + de Jonge at V1 45/2 + own 46 = 92.5; Jansen: 49 + 0 + 50 = 99
    assert st.score["de Zeeuw"] == 145 and st.score["de Bruin"] == 137
    assert st.score["Slager"] == F(185, 2) and st.score["Jansen"] == 99


def test_extra_pass_revalues_with_the_new_ranking():
    # values 4, 3, 2, 1. R1: B beats A, D beats C. prev: A 4, B 3 + 4 = 7, C 2, D 1 + 2 = 3
    # ranking B, A, D, C -> values B 4, A 3, D 2, C 1; extra pass: A 3, B 4 + 3 = 7,
    # D 2 + 1 = 3, C 1
    rounds = [[("A", "B", "0-1"), ("C", "D", "0-1")]]
    plain = compute_standing(season(FOUR, rounds, top_value=4))
    assert scores(plain) == [("B", 7), ("A", 4), ("D", 3), ("C", 2)]
    extra = compute_standing(season(FOUR, rounds, top_value=4, extra_passes=1))
    assert scores(extra) == [("B", 7), ("A", 3), ("D", 3), ("C", 1)]  # A before D: previous place
    assert extra.passes == 2
    later = compute_standing(season(FOUR, rounds, top_value=4, extra_passes=1,
                                    extra_passes_from_round=2))
    assert later.passes == 1 and later.score["A"] == 4


def test_converge_reaches_a_fixed_point():
    st = compute_history(keizer_example(recalculation="converge")).after(2)
    assert st.converged
    # fixed point: valuing every result with the values of this ranking gives this ranking
    v = st.value
    total = {n: v[n] for n in KEIZER}
    for w, b, r in ROUND1 + ROUND2:
        if r == "1-0":
            total[w] += v[b]
        elif r == "0-1":
            total[b] += v[w]
        else:
            total[w] += v[b] / 2
            total[b] += v[w] / 2
    assert total == st.score


def test_converge_from_round_switches_method():
    hist = compute_history(keizer_example(converge_from_round=2))
    assert hist.after(1).passes == 1
    assert hist.after(2).passes >= 2


# --------------------------------------------------------------------------- players

def test_start_order_start_then_rating_then_rows():
    ps = [Player("A", rating=1500), Player("B", rating=1700), Player("C", rating=1700),
          Player("D")]
    assert [p.name for p in start_order(ps)] == ["B", "C", "A", "D"]  # equal ratings: row order
    ps = [Player("A", start=2), Player("B", start=1), Player("Late", rating=1800),
          Player("C", start=3)]
    ps = [Player("A", start=2, rating=1900), Player("B", start=1, rating=2000),
          Player("C", start=3, rating=1500), Player("Late", rating=1800)]
    # Late has no Start: slotted by rating before the first placed player rated lower (C)
    assert [p.name for p in start_order(ps)] == ["B", "A", "Late", "C"]


def test_late_entrant_scores_absence_late_before_joining():
    players = [Player("A"), Player("B"), Player("C"), Player("D", joined=2)]
    s = season(players, [[("A", "B", "1-0"), ("bye", "C")]], top_value=4)
    assert compute_standing(s).score["D"] == 1  # own 1 + absence_late 0
    s = season(players, [[("A", "B", "1-0"), ("bye", "C")]], top_value=4, absence_late="1/3")
    assert compute_standing(s).score["D"] == 1 + F(1, 3)


WITHDRAW = [Player("A"), Player("B", withdrawn_round=2), Player("C"), Player("D")]
WD_ROUNDS = [[("A", "B", "1-0"), ("C", "D", "1-0")], [("A", "C", "½-½")]]


def test_withdrawn_keep_scores_as_absent_unexcused():
    s = season(WITHDRAW, WD_ROUNDS, absences=[(2, "D", "E")], top_value=4)
    st = compute_history(s).after(2)
    # after R1: A 7, B 3, C 3, D 1 -> B before C on previous place; values A4 B3 C2 D1
    # A: 4 + 3 + 2/2 = 8; C: 2 + 1 + 4/2 = 5; B: 3 + 0 + 0 (U) = 3; D: 1 + 0 + 1/3 = 4/3
    assert scores(st) == [("A", 8), ("C", 5), ("B", 3), ("D", F(4, 3))]


def test_withdrawn_remove_closes_values_and_rescores_his_games():
    s = season(WITHDRAW, WD_ROUNDS, absences=[(2, "D", "E")], top_value=4, withdrawn="remove")
    hist = compute_history(s)
    assert "B" in hist.after(1).order
    st = hist.after(2)
    # B leaves: A, C, D close up to 4, 3, 2. A: 4 + 1/2 x 4 (B's game) + 3/2 = 7.5
    # C: 3 + 2 (beat D) + 4/2 = 7; D: 2 + 0 + 1/3 x 2 = 8/3
    assert scores(st) == [("A", F(15, 2)), ("C", 7), ("D", F(8, 3))]


# --------------------------------------------------------------------------- tie-breaks

@pytest.mark.parametrize("tiebreak,expected", [
    ("previous, rating, start", ["Zed", "Amy", "Bob", "Cas"]),
    ("rating, start", ["Bob", "Amy", "Zed", "Cas"]),
    ("name", ["Amy", "Bob", "Cas", "Zed"]),
])
def test_tiebreaks_decide_exact_ties(tiebreak, expected):
    players = [Player("Zed", rating=1500), Player("Amy", rating=1600), Player("Bob", rating=1700),
               Player("Cas", rating=1400)]
    players = [Player(p.name, rating=p.rating, start=i) for i, p in enumerate(players, 1)]
    # every value 10 (step 0); two draws: everybody 10 + 5 = 15, an exact four-way tie
    s = season(players, [[("Zed", "Amy", "½-½"), ("Bob", "Cas", "½-½")]], top_value=10,
               value_step=0, tiebreak=tiebreak)
    assert list(compute_standing(s).order) == expected


# --------------------------------------------------------------------------- ELO points

def test_rating_basis_values_are_rating_over_100():
    players = [Player("A", rating=1500), Player("B", rating=1400)]
    st = compute_standing(season(players, [[("A", "B", "1-0")]], preset="geel"))
    assert st.score["A"] == 14 and st.score["B"] == 0  # a win earns the opponent's 1400 / 100


def test_k_factor_moves_ratings():
    players = [Player("A", rating=1500), Player("B", rating=1400)]
    s = season(players, [[("A", "B", "1-0")], [("B", "A", "1-0")]], preset="geel", k_factor=20)
    st = compute_history(s).after(2)
    # round 1: expected 1 / (1 + 10^(-100/400)) = 0.640, change 20 x 0.360 = 7.2 -> 7
    assert st.prev_value == {"A": F(1507, 100), "B": F(1393, 100)}
    # prev: both results valued with ratings after round 1
    assert st.score["A"] == F(1393, 100) and st.score["B"] == F(1507, 100)


# --------------------------------------------------------------------------- notes

def test_pending_result_counts_as_draw_and_is_reported():
    s = season(["A", "B", "C", "D"], [[("A", "B", "1-0"), ("C", "D", "")]], top_value=4)
    hist = compute_history(s)
    assert hist.last.score["C"] == 2 + F(1, 2)
    assert any("C-D" in n for n in hist.notes)


def test_unpaired_present_player_scores_unexcused_and_is_reported():
    s = season(["A", "B", "C"], [[("A", "B", "1-0")]], top_value=3, absence_unexcused="1/6")
    hist = compute_history(s)
    assert hist.last.score["C"] == 1 + F(1, 6)
    assert any("C (round 1)" in n for n in hist.notes)


def test_club_scheme_prev_then_extra_pass_then_converge():
    # "original for the first third, one extra pass in the second third, converge in the last"
    rounds = [ROUND1, ROUND2, [("de Zeeuw", "de Bruin", "½-½"), ("Jansen", "Slager", "1-0"),
                               ("de Jonge", "Pietersen", "0-1"), ("Bakker", "de Vries", "1-0"),
                               ("de Oude", "de Wit", "½-½")]]
    s = season(KEIZER, rounds, top_value=50, extra_passes=1, extra_passes_from_round=2,
               converge_from_round=3)
    hist = compute_history(s)
    assert hist.after(1).passes == 1
    assert hist.after(2).passes == 2
    assert hist.after(3).passes >= 2 and hist.after(3).converged
    # round 2 with its extra pass: the worked example's round-2 ranking revalued once more
    plain = compute_history(keizer_example()).after(2)
    v = {n: 50 - i for i, n in enumerate(plain.order)}
    assert hist.after(2).score["Jansen"] == v["Jansen"] + v["Pietersen"]
