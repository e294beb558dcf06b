"""The one scoring classification (core/scoring.py), the engine's integer arithmetic and its
int64 switch point, the value-scale check, and converge cycles (issue 8 item 4, issue 12)."""
from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pytest

from keizer_xl.analysis.history import round_facts
from keizer_xl.core import scoring
from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import Engine, StandingRow, compute_history, fits_int64
from keizer_xl.core.values import value_scale_check

from support.helpers import season
from support.reference import reference_history
from support.golden_standings import load


def _settings(**raw):
    return build_settings([parse_setting(k, str(v)) for k, v in raw.items()])


# --------------------------------------------------------------------------- classification

def _one_round_season(**raw):
    players = (Player("A"), Player("B"), Player("C"), Player("D", joined=2),
               Player("E", withdrawn_round=1), Player("F"), Player("G"), Player("H"))
    games = (Game(1, "A", "B", Result.PENDING), Game(1, "G", "H", Result.ADJOURNED))
    return Season(players, games, byes=(Bye(1, "C"),), absences=(Absence(1, "F", "E"),),
                  settings=_settings(**raw))


def test_classification_in_the_rules_order():
    rounds = scoring.classify(_one_round_season(), last=1)
    kinds = dict(zip((p.name for p in rounds.players), rounds.kind[:, 1].tolist(), strict=True))
    assert kinds == {"A": scoring.PENDING, "B": scoring.PENDING, "C": scoring.BYE,
                     "D": scoring.LATE, "E": scoring.WITHDRAWN, "F": scoring.ABSENT,
                     "G": scoring.ADJOURNED, "H": scoring.ADJOURNED}
    removed = scoring.classify(_one_round_season(withdrawn="remove"), last=1)
    assert removed.kind[4, 1] == scoring.NONE  # he has left the ranking: no fact at all


def test_pending_and_adjourned_count_as_a_draw_in_one_place():
    s = _settings(draw="1/2", win=1)
    pending, draw = scoring.ScoreKind.PENDING, scoring.ScoreKind.DRAW
    assert scoring.game_fraction(s, pending) == scoring.game_fraction(s, draw) == F(1, 2)
    grid = scoring.credit_grid(scoring.classify(_one_round_season(), last=1), s)
    credit = [grid.table[i] for i in grid.credit[:, 1].tolist()]
    assert credit[0].fraction == credit[6].fraction == F(1, 2)  # A (no result), G (adjourned)


def test_explain_and_crosstable_read_the_same_classification():
    facts = round_facts(_one_round_season(), 1)
    assert facts["A"][1].kind == "game" and facts["A"][1].short == "?"
    assert facts["G"][1].short == "adj" and facts["C"][1].kind == "bye"
    assert facts["D"][1].kind == "late" and facts["E"][1].kind == "withdrawn"
    assert facts["F"][1].code == "E" and facts["H"][1].colour == "B"
    assert round_facts(_one_round_season(withdrawn="remove"), 1)["E"] == {}


def test_absence_max_and_decay_give_a_handful_of_credits():
    s = _settings(absence_max=2, absence_decay="halving")
    players = (Player("A"), Player("B"), Player("C"))
    games = tuple(Game(r, "B", "C", Result.DRAW) for r in range(1, 5))
    absences = tuple(Absence(r, "A", "E") for r in range(1, 5))
    grid = scoring.credit_grid(scoring.classify(Season(players, games, absences=absences,
                                                       settings=s)), s)
    a = [grid.table[i] for i in grid.credit[0, 1:].tolist()]
    # E 1/3, halving: the 2nd is 1/6; absence_max 2: the 3rd and 4th score nothing
    assert [c.fraction for c in a] == [F(1, 3), F(1, 6), 0, 0]


def test_unknown_code_is_an_error_not_a_guess():
    bad = Season((Player("A"), Player("B"), Player("C")), (Game(1, "B", "C", Result.DRAW),),
                 absences=(Absence(1, "A", "Q"),), settings=_settings())
    with pytest.raises(ValueError, match="Q"):
        scoring.classify(bad)


# --------------------------------------------------------------------------- standings as rows

def test_standing_rows_carry_what_the_dicts_carry():
    st = compute_history(season(["A", "B", "C", "D"], [[("A", "B", "1-0"), ("C", "D", "½-½")]],
                                top_value=4)).last
    # values 4 3 2 1; A 4 + 3 = 7, C 2 + 1/2 = 5/2, D 1 + 1 = 2... B 3 + 0
    # A beat B (value 3 before the round): 3 points in round 1
    assert st.rows[0] == StandingRow(1, "A", F(7), F(4), F(4), F(4), 1, 1, 0, 0, (F(3),))
    assert [r.name for r in st.rows] == list(st.order)
    assert all(r.score == st.score[r.name] and r.games == st.games[r.name] for r in st.rows)


# --------------------------------------------------------------------------- int64 switch point

def test_fits_int64_is_the_int64_range():
    assert fits_int64(2 ** 63 - 1) and not fits_int64(2 ** 63)


def _big_season(top):
    # the engine itself must stay exact for any top value; the Settings sheet bounds what a
    # user may type (setting_values.MAX_DECIMAL_EXPONENT, issue 11), so the huge top goes in directly
    from dataclasses import replace

    from keizer_xl.core.settings import TopValue

    s = replace(_settings(value_step=1), top_value=TopValue(number=F(top)))
    players = tuple(Player(f"P{i}") for i in range(4))
    games = (Game(1, "P0", "P1", Result.WHITE_WINS), Game(1, "P2", "P3", Result.DRAW),
             Game(2, "P3", "P0", Result.WHITE_WINS), Game(2, "P1", "P2", Result.BLACK_WINS))
    return Season(players, games, settings=s)


def test_engine_switches_to_python_integers_exactly_where_int64_could_overflow():
    # bound = (rounds x (max fraction x max value + max fixed) + max value) x max_passes x
    # scale with scale 2 (halves), max fraction 1, 3 rounds (0..2), max_passes 50:
    # (3 x top + top) x 50 x 2 = 400 x top.  int64 holds it up to top = (2**63 - 1) // 400.
    edge = (2 ** 63 - 1) // 400
    below, above = Engine(_big_season(edge)), Engine(_big_season(edge + 1))
    assert below.bound == 400 * edge <= 2 ** 63 - 1 and below.dtype is np.int64
    assert above.bound == 400 * (edge + 1) > 2 ** 63 - 1 and above.dtype is object
    # both exact (the naive reference works in Fractions)
    for s in (_big_season(edge), _big_season(edge + 1), _big_season(10 ** 19)):
        hist, ref = compute_history(s), reference_history(s, 2)
        for r in (1, 2):
            assert list(hist.after(r).order) == ref[r - 1][0]
            assert hist.after(r).score == ref[r - 1][1]
    # 10**19 is over int64's range by itself: only the object path can be exact
    assert compute_history(_big_season(10 ** 19)).last.score["P3"] > 2 ** 63


def test_object_path_gives_the_same_history_as_int64(monkeypatch):
    s = load(Path(__file__).resolve().parents[1] / "golden" / "standings" / "keizer-1956.txt")[0]
    fast = compute_history(s)
    from keizer_xl.core.engine import grid  # where the engine decides int64 or Python integers
    monkeypatch.setattr(grid, "fits_int64", lambda bound: False)
    slow_engine = Engine(s)
    assert slow_engine.dtype is object
    slow = slow_engine.history()
    for a, b in zip(fast.standings, slow.standings, strict=True):
        assert a.order == b.order and a.score == b.score and a.round_points == b.round_points


# --------------------------------------------------------------------------- value scale

def test_value_scale_reaching_zero_is_reported_with_what_to_set():
    sevilla = _settings(preset="sevilla")
    # top 100, step 1: place 150 is worth 100 - 149 = -49; places 101..150 are 0 or below
    found = value_scale_check(sevilla, 150)
    assert found is not None
    msg = found[1]
    assert "last 50 of 150 places" in msg and "-49" in msg
    assert "top_value to 150 or more" in msg and "value_step to at most 99/149" in msg
    assert value_scale_check(sevilla, 100) is None  # place 100 is worth 1
    assert value_scale_check(_settings(), 150) is None  # 1.5N: 225 down to 76
    # bottom_value 0 the Settings sheet refuses itself (rules.parse_setting); built directly
    from dataclasses import replace

    linear = replace(_settings(top_value=100), bottom_value=F(0))
    assert "bottom_value 0" in (value_scale_check(linear, 18) or ("", ""))[1]


# --------------------------------------------------------------------------- converge cycles

def test_a_cycle_is_averaged_over_the_totals_valued_with_its_own_rankings():
    """The golden season cycles in round 4.  Pass 1 (valued with the ranking after round 3)
    ranks ... P5 P4 P3 P6 (o0); pass 2, valued with o0, ranks ... P6 P3 (o1); pass 3, valued
    with o1, ranks o0 again.  The cycle is {o0, o1}; the totals valued with them are those
    of passes 2 and 3, so the average is (pass 2 + pass 3) / 2, never pass 1's."""
    s = load(Path(__file__).resolve().parents[1] / "golden" / "standings" / "converge-cycle.txt")[0]
    st = compute_history(s).after(4)
    assert not st.converged and st.passes == 3 and "between 2 orders" in st.note
    pass2 = {"P2": 20, "P0": 19, "P1": F(83, 6), "P5": F(31, 3), "P4": F(15, 2), "P6": 4,
             "P3": F(7, 2)}
    pass3 = {"P2": 19, "P0": 19, "P1": F(83, 6), "P5": F(34, 3), "P4": F(15, 2), "P3": 4,
             "P6": F(7, 2)}
    assert st.score == {n: (pass2[n] + pass3[n]) / 2 for n in pass2}
    assert st.order == ("P2", "P0", "P1", "P5", "P4", "P6", "P3")
    assert reference_history(s, 4)[3][1] == st.score  # the independent reference agrees


# --------------------------------------------------------------------------- frozen + withdrawals

def test_frozen_round_keeps_the_closed_up_values_it_was_valued_with():
    """Values 4 3 2 1, own value none.  R1: A beats B, C beats D -> A 3, C 1, B 0, D 0.  B leaves
    from round 2 (remove): the values close up to A 4, C 3, D 2.  R2: A beats C (3), D has the
    bye: 2/3 x 2 = 4/3.  R3: A beats D, C the bye.  Frozen: round 2 is never revisited, so D
    keeps 4/3 in the standing after round 3 (before: 2/3, valued with D's old value 1)."""
    players = [Player("A"), Player("B", withdrawn_round=2), Player("C"), Player("D")]
    s = season(players, [[("A", "B", "1-0"), ("C", "D", "1-0")],
                         [("A", "C", "1-0"), ("bye", "D")],
                         [("A", "D", "1-0"), ("bye", "C")]],
               top_value=4, own_value="none", recalculation="frozen", withdrawn="remove")
    hist = compute_history(s)
    assert hist.after(2).round_points["D"] == (0, F(4, 3))
    # A: R1 against B, who left: 1/2 x A's own value then (4) = 2; R2 3; R3 D's value after
    # round 2 (A 5, D 4/3, C 1 -> D is worth 3) = 3.  C: 1 + 0 + bye 2/3 x 2 = 7/3.
    assert [(n, hist.after(3).score[n]) for n in hist.after(3).order] == [
        ("A", 8), ("C", F(7, 3)), ("D", F(4, 3))]
    assert hist.after(3).round_points["D"] == (0, F(4, 3), 0)


def test_start_standing_has_distinct_places_with_shared_values():
    st = compute_history(season(["A", "B", "C"], [[("A", "B", "½-½")]], top_value=3,
                                tied_share_value="yes")).after(0)
    assert st.places == (1, 2, 3) and st.score == {"A": 3, "B": 2, "C": 1}
