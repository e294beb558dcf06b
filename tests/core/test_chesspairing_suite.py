"""chesspairing's own Keizer scorer tests (gnutterts/chesspairing,
scoring/keizer/keizer_test.go @ a413c36), each scenario written again as a keizer-xl season
under ``preset chesspairing`` with chesspairing's option mapped to its setting, asserting the
values and orders chesspairing's test asserts (its numbers are facts; the tests are written
here).  The tests of Go helpers only (New, NewFromMap, ParseOptions*, GetBool) have no
keizer-xl counterpart; docs/presets-chesspairing.md lists them and the one scenario keizer-xl
does not reproduce (TestScoreInactivePlayersExcluded)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from keizer_xl.core.engine import compute_history, round_to_unit
from keizer_xl.core.engine.standing import Standing
from keizer_xl.core.model import Absence, Bye, Game, Player, Season, parse_result
from keizer_xl.core.rules import build_settings, parse_setting

import numpy as np

ALICE, BOB, CAROL, DAVE = "Alice", "Bob", "Carol", "Dave"
RATING = {ALICE: 2000, BOB: 1800, CAROL: 1600, DAVE: 1400}
#: chesspairing's option -> the keizer-xl setting (docs/presets-chesspairing.md)
NO_SELF = {"own_value": "none"}  # SelfVictory false


def run(names, rounds, settings=None, joined=None, preset="chesspairing"):
    """The last standing of a season: ``rounds`` lists per round its games (white, black,
    result), its byes ("bye", name) and absences ("E"/"C"/"U"/"HB"/"ZB", name); a player in
    none of them is neither paired nor marked (chesspairing: absent)."""
    joined = joined or {}
    players = tuple(Player(n, rating=RATING[n], joined=joined.get(n, 1)) for n in names)
    games, byes, absences = [], [], []
    for r, items in enumerate(rounds, start=1):
        for item in items:
            if item[0] == "bye":
                byes.append(Bye(r, item[1]))
            elif item[0] in ("E", "C", "U", "HB", "ZB"):
                absences.append(Absence(r, item[1], item[0]))
            else:
                games.append(Game(r, item[0], item[1], parse_result(item[2])))
    raw = [("preset", preset), ("code HB", "1/2"), ("code ZB", "0")]
    raw += list((settings or {}).items())
    season = Season(players=players, games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences),
                    settings=build_settings([parse_setting(k, v) for k, v in raw]))
    return compute_history(season).last


def points(st: Standing) -> dict[str, F]:
    return dict(st.score)


def rank(st: Standing, name: str) -> int:
    return st.order.index(name) + 1


FOUR = (ALICE, BOB, CAROL, DAVE)
THREE = (ALICE, BOB, CAROL)


def test_no_players():  # TestScoreNoPlayers
    assert points(run((), ())) == {}


def test_no_rounds():  # TestScoreNoRounds: all 0, ranked by rating
    st = run(THREE, ())
    assert points(st) == {ALICE: 0, BOB: 0, CAROL: 0}
    assert st.order == (ALICE, BOB, CAROL)


def test_one_round_all_play():  # TestScoreOneRoundAllPlay
    st = run(FOUR, [[(ALICE, BOB, "1-0"), (CAROL, DAVE, "1-0")]])
    assert points(st) == {ALICE: 7, BOB: 3, CAROL: 3, DAVE: 1}
    assert st.order == (ALICE, BOB, CAROL, DAVE)  # Bob before Carol on rating


def test_draws():  # TestScoreDraws
    st = run((ALICE, BOB), [[(ALICE, BOB, "½-½")]])
    assert points(st) == {ALICE: F(5, 2), BOB: 2}
    assert st.order == (ALICE, BOB)


def test_absent_player():  # TestScoreAbsentPlayer
    st = run(FOUR, [[(ALICE, CAROL, "1-0"), (BOB, DAVE, "1-0")], [(ALICE, BOB, "1-0")]])
    assert st.score[CAROL] > 0 and st.score[DAVE] > 0
    assert rank(st, ALICE) == 1
    assert rank(st, BOB) < max(rank(st, CAROL), rank(st, DAVE))


def test_bye_player():  # TestScoreByePlayer
    st = run(THREE, [[(ALICE, BOB, "1-0"), ("bye", CAROL)]])
    assert st.score[CAROL] > 0


@pytest.mark.xfail(strict=True, reason="chesspairing leaves a player out when the caller's "
                   "CurrentRound is past his withdrawal even with no round played; keizer-xl's "
                   "standing before round 1 has every player (docs/presets-chesspairing.md)")
def test_inactive_players_excluded():  # TestScoreInactivePlayersExcluded
    players = (Player(ALICE, rating=2000), Player(BOB, rating=1800, withdrawn_round=2))
    season = Season(players=players, settings=build_settings([parse_setting("preset",
                                                                            "chesspairing")]))
    assert compute_history(season).last.order == (ALICE,)


def test_custom_options():  # TestScoreCustomOptions: draw 0.4, absent 0, no self-victory
    st = run(THREE, [[(ALICE, BOB, "½-½")]], {"draw": "0.4", "absence_unexcused": "0",
                                              **NO_SELF})
    assert st.score[CAROL] == 0


def test_multiple_rounds():  # TestScoreMultipleRounds
    st = run(FOUR, [[(ALICE, BOB, "1-0"), (CAROL, DAVE, "1-0")],
                    [(BOB, CAROL, "1-0"), (DAVE, ALICE, "0-1")]])
    assert st.order[0] == ALICE
    assert [r.place for r in st.rows] == [1, 2, 3, 4]


def test_points_for_result():  # TestPointsForResult{Win,Draw,Absent,Bye,ForfeitWin,DoubleForfeit}
    # win 5 x 1 = 5; draw 4 x 1/2 = 2; absent 6 x 0.35 = 2.1 -> x2 4.2 -> 4 = 2; bye 4 x 1/2
    # = 2; forfeit win 5 x 1 = 5; double forfeit 5 x 0 = 0 (contributions rounded to 1/2)
    s = build_settings([parse_setting("preset", "chesspairing")])

    def half(x):
        return F(int(round_to_unit(np.array([int(x * 100)]), 50)[0]), 100)
    assert half(5 * s.win) == 5 and half(4 * s.draw) == 2
    assert half(6 * s.absence_unexcused.fraction) == 2
    assert half(4 * s.bye.fraction) == 2 and half(5 * s.forfeit_win) == 5
    # a double forfeit earns nothing: TestScoreWithDoubleForfeit below


def test_options_with_defaults():  # TestOptionsWithDefaults, ...PreservesExplicit, ValueNumber
    s = build_settings([parse_setting("preset", "chesspairing")])
    assert (str(s.top_value), s.value_step, s.win, s.draw, s.loss, s.forfeit_win,
            s.forfeit_loss) == ("N", 1, 1, F(1, 2), 0, 1, 0)
    assert (s.absence_unexcused.fraction, s.bye.fraction, s.absence_excused.fraction,
            s.absence_club.fraction) == (F(35, 100), F(1, 2), F(35, 100), F(70, 100))
    assert (s.own_value, s.absence_max, s.absence_decay) == ("current", 5, "none")
    explicit = build_settings([parse_setting("preset", "chesspairing"),
                               parse_setting("win", "0.75"), parse_setting("top_value", "20"),
                               parse_setting("own_value", "none")])
    assert (explicit.win, str(explicit.top_value), explicit.own_value) == \
        (F(3, 4), "20", "none")
    # ValueNumber: base 10, step 1: places 1, 2, 5, 10 are worth 10, 9, 6, 1
    st = run(FOUR, [[(ALICE, BOB, "1-0"), (CAROL, DAVE, "1-0")]], {"top_value": "10"})
    assert [st.value[n] for n in st.order] == [10, 9, 8, 7]


def test_exact_convergence():  # TestScoreExactConvergence
    rounds = [[(ALICE, DAVE, "1-0"), (BOB, CAROL, "½-½")],
              [(ALICE, BOB, "½-½"), (CAROL, DAVE, "1-0")]]
    st = run(FOUR, rounds)
    assert points(st) == {ALICE: F(13, 2), BOB: 6, CAROL: F(9, 2), DAVE: 1}
    assert st.order == (ALICE, BOB, CAROL, DAVE)


def test_exact_convergence_no_self_victory():  # ...NoSelfVictory: a 2-cycle averaged
    rounds = [[(ALICE, DAVE, "1-0"), (BOB, CAROL, "½-½")],
              [(ALICE, BOB, "½-½"), (CAROL, DAVE, "1-0")]]
    st = run(FOUR, rounds, NO_SELF)
    assert points(st) == {ALICE: F(5, 2), BOB: 3, CAROL: F(5, 2), DAVE: 0}
    assert st.order == (BOB, ALICE, CAROL, DAVE)


def test_with_forfeit():  # TestScoreWithForfeit
    assert points(run((ALICE, BOB), [[(ALICE, BOB, "1-0F")]])) == {ALICE: 3, BOB: 1}


def test_with_forfeit_custom_fractions():  # forfeit win 0.5, loss 0.1, no self-victory
    st = run((ALICE, BOB), [[(ALICE, BOB, "1-0F")]],
             {"forfeit_win": "0.5", "forfeit_loss": "0.1", **NO_SELF})
    assert points(st) == {ALICE: F(1, 2), BOB: 0}


def test_with_double_forfeit():  # TestScoreWithDoubleForfeit
    st = run(FOUR, [[(ALICE, BOB, "1-0"), (CAROL, DAVE, "0-0F")]])
    assert (st.score[CAROL], st.score[DAVE], st.score[ALICE]) == (2, 1, 7)


def test_exact_bye():  # TestScoreExactBye
    st = run(THREE, [[(ALICE, BOB, "1-0"), ("bye", CAROL)]])
    assert points(st) == {ALICE: 5, BOB: 2, CAROL: F(3, 2)}
    assert st.order == (ALICE, BOB, CAROL)


def test_self_victory_on_vs_off():  # TestScoreSelfVictoryOnVsOff
    rounds = [[(ALICE, BOB, "1-0")]]
    assert points(run((ALICE, BOB), rounds)) == {ALICE: 3, BOB: 1}
    assert points(run((ALICE, BOB), rounds, NO_SELF)) == {ALICE: 1, BOB: 0}


def test_club_commitment():  # TestScoreClubCommitmentByeType
    st = run(THREE, [[(ALICE, BOB, "1-0"), ("C", CAROL)]], NO_SELF)
    assert points(st) == {CAROL: 2, ALICE: 1, BOB: 0}
    assert rank(st, CAROL) == 1


def test_excused_absence():  # TestScoreExcusedAbsenceByeType
    assert run(THREE, [[(ALICE, BOB, "1-0"), ("E", CAROL)]], NO_SELF).score[CAROL] > 0


def test_fixed_bye_value():  # TestScoreFixedValueOverride: ByeFixedValue 10
    st = run(THREE, [[(ALICE, BOB, "1-0"), ("bye", CAROL)]], {"bye": "10 points", **NO_SELF})
    assert st.score[CAROL] == 10


def test_absence_limit():  # TestScoreAbsenceLimit: limit 5 scores less than no limit
    rounds = [[(ALICE, BOB, "½-½")]] * 7
    limited = run(FOUR, rounds, {"absence_max": "5", **NO_SELF})
    unlimited = run(FOUR, rounds, {"absence_max": "none", **NO_SELF})
    assert unlimited.score[CAROL] > limited.score[CAROL]


def test_absence_decay():  # TestScoreAbsenceDecay: Carol 0.5 with the decay, 1.5 without
    rounds = [[(ALICE, BOB, "½-½")]] * 3
    decay = run(THREE, rounds, {"absence_decay": "halving-all", "absence_max": "none",
                                **NO_SELF})
    plain = run(THREE, rounds, {"absence_max": "none", **NO_SELF})
    assert (decay.score[CAROL], plain.score[CAROL]) == (F(1, 2), F(3, 2))


def test_club_commitment_exempt_from_limit_and_decay():  # ...ExemptFromLimitAndDecay
    options = {"absence_max": "5", "absence_decay": "halving-all", **NO_SELF}
    club = run(THREE, [[(ALICE, BOB, "½-½"), ("C", CAROL)]] * 7, options)
    absent = run(THREE, [[(ALICE, BOB, "½-½")]] * 7, options)
    assert club.score[CAROL] > absent.score[CAROL] and club.score[CAROL] > 0


def test_half_and_zero_bye():  # TestScoreHalfAndZeroBye (club codes HB 1/2, ZB 0)
    st = run(FOUR, [[(ALICE, BOB, "1-0"), ("HB", CAROL), ("ZB", DAVE)]], NO_SELF)
    assert st.score[CAROL] > 0 and st.score[DAVE] == 0


def test_loss_fraction():  # TestScoreLossFraction: 2 x 1/6 x 2 = 0.667 -> 1 (x2) = 0.5
    st = run((ALICE, BOB), [[(ALICE, BOB, "1-0")]], {"loss": "1/6", **NO_SELF})
    assert points(st) == {ALICE: 1, BOB: F(1, 2)}


@pytest.mark.parametrize("value, share, x2", [(10, "1", 20), (10, "1/2", 10), (3, "0.35", 2),
                                              (4, "0.35", 3), (1, "0.70", 1), (3, "0.70", 4),
                                              (5, "1/6", 2), (0, "1", 0), (10, "0", 0)])
def test_score_x2(value, share, x2):  # TestScoreX2Helper: round(value x share x 2)
    # keizer-xl's rounding of a contribution (over a scale of 600, where every case is whole)
    exact = value * F(share) * 2 * 600
    assert int(round_to_unit(np.array([int(exact)]), 600)[0]) // 600 == x2
    # and in a season: an absentee of value 1 (Carol) or 3 (Alice) in the rating order,
    # excused (0.35) or on club duty (0.70), valued once (prev), no own value
    if value in (1, 3) and share in ("0.35", "0.70"):
        code, key = ("E", "absence_excused") if share == "0.35" else ("C", "absence_club")
        absentee, game = (CAROL, (ALICE, BOB, "½-½")) if value == 1 else \
            (ALICE, (BOB, CAROL, "½-½"))
        st = run(THREE, [[game, (code, absentee)]],
                 {**NO_SELF, "recalculation": "prev", key: share})
        assert st.round_points[absentee] == (F(x2, 2),)


def test_fixed_x2():  # TestFixedX2Helper: fixed amounts are whole points, doubled
    st = run(THREE, [[(ALICE, BOB, "1-0")]], {"absence_unexcused": "10 points", **NO_SELF})
    assert st.score[CAROL] == 10
    st = run(THREE, [[(ALICE, BOB, "1-0")]], {"absence_unexcused": "0 points", **NO_SELF})
    assert st.score[CAROL] == 0


def test_absent_fixed_value():  # TestScoreAbsentFixedValueOverride: 5
    st = run(THREE, [[(ALICE, BOB, "1-0")]], {"absence_unexcused": "5 points", **NO_SELF})
    assert st.score[CAROL] == 5


def frozen_rounds():
    return [[(CAROL, ALICE, "1-0"), ("bye", BOB)], [(ALICE, BOB, "1-0")]]


def test_frozen_differs_from_standard():  # TestScoreFrozenDiffersFromStandard
    frozen = run(THREE, frozen_rounds(), {"recalculation": "frozen", **NO_SELF})
    assert points(frozen) == {CAROL: 4, ALICE: 2, BOB: 1}
    assert frozen.order == (CAROL, ALICE, BOB)
    standard = run(THREE, frozen_rounds(), NO_SELF)
    assert points(standard) == {CAROL: 3, ALICE: 1, BOB: F(1, 2)}


def test_frozen_single_round():  # TestScoreFrozenSingleRound
    st = run(THREE, [[(ALICE, BOB, "1-0"), ("bye", CAROL)]],
             {"recalculation": "frozen", **NO_SELF})
    assert points(st) == {ALICE: 2, CAROL: F(1, 2), BOB: 0}
    assert st.order == (ALICE, CAROL, BOB)


@pytest.mark.xfail(strict=True, reason="chesspairing's frozen method adds the own value once, "
                   "with the ranking the frozen rounds give, and ranks again; keizer-xl adds "
                   "the own value of the ranking in force (docs/presets-chesspairing.md)")
def test_frozen_with_self_victory():  # TestScoreFrozenWithSelfVictory
    st = run(THREE, [[(ALICE, BOB, "1-0"), ("bye", CAROL)]], {"recalculation": "frozen"})
    assert points(st) == {ALICE: 5, CAROL: F(5, 2), BOB: 1}


def test_options_frozen_default():  # TestOptionsFrozenDefault
    assert build_settings([parse_setting("preset", "chesspairing")]).recalculation == "converge"


@pytest.mark.parametrize("code, key, amount", [("HB", "code HB", 8), ("ZB", "code ZB", 3),
                                               ("E", "absence_excused", 7),
                                               ("C", "absence_club", 20)])
def test_fixed_value_overrides(code, key, amount):
    # TestScore{HalfBye,ZeroBye,ExcusedAbsent,ClubCommitment}FixedValueOverride
    st = run(THREE, [[(ALICE, BOB, "1-0"), (code, CAROL)]],
             {key: f"{amount} points", **NO_SELF})
    assert st.score[CAROL] == amount


def test_points_for_result_respects_fixed_values():  # bye 12, absent 4 points
    st = run(FOUR, [[(ALICE, BOB, "1-0"), ("bye", CAROL)]],
             {"bye": "12 points", "absence_unexcused": "4 points", **NO_SELF})
    assert (st.round_points[CAROL], st.round_points[DAVE]) == ((12,), (4,))


LATE = {"absence_late": "15 points", "absence_unexcused": "20 points", **NO_SELF}


def test_late_joiner_fixed_handicap():  # TestScoreLateJoinerFixedHandicap
    rounds = [[(ALICE, BOB, "1-0")], [(ALICE, CAROL, "1-0")],
              [(ALICE, BOB, "1-0"), (DAVE, CAROL, "1-0")]]
    st = run(FOUR, rounds, LATE, joined={DAVE: 3})
    assert st.round_points[DAVE][:2] == (15, 15) and st.score[DAVE] > 30


def test_late_joiner_vs_absent():  # TestScoreLateJoinerVsAbsent: 50 < 60
    rounds = [[(ALICE, BOB, "½-½")]] * 3
    late = run(THREE, rounds, LATE, joined={CAROL: 3})
    absent = run(THREE, rounds, LATE)
    assert (late.score[CAROL], absent.score[CAROL]) == (50, 60)


def test_late_joiner_default_handicap_is_zero():  # ...DefaultHandicapIsZero
    st = run(THREE, [[(ALICE, BOB, "½-½")]] * 2, {"absence_unexcused": "0", **NO_SELF},
             joined={CAROL: 2})
    assert st.score[CAROL] == 0
    assert build_settings([parse_setting("preset", "chesspairing")]).absence_late.fixed == 0


def test_late_joiner_not_counted_toward_absence_limit():  # ...DoesNotCountTowardAbsenceLimit
    st = run(THREE, [[(ALICE, BOB, "½-½")]] * 7,
             {"absence_late": "10 points", "absence_unexcused": "20 points",
              "absence_max": "2", **NO_SELF}, joined={CAROL: 4})
    assert st.score[CAROL] == 70


def test_late_joiner_does_not_decay():  # TestScoreLateJoinerDoesNotDecay: 10 + 10 + 10 + 5
    st = run(THREE, [[(ALICE, BOB, "½-½")]] * 4,
             {"absence_late": "10 points", "absence_unexcused": "10 points",
              "absence_decay": "halving-all", "absence_max": "none", **NO_SELF},
             joined={CAROL: 3})
    assert st.score[CAROL] == 35


def test_late_joiner_frozen():  # TestScoreLateJoinerFrozen
    rounds = [[(ALICE, BOB, "1-0")], [(BOB, ALICE, "1-0")], [(CAROL, ALICE, "1-0")]]
    st = run(THREE, rounds, {"recalculation": "frozen", "absence_late": "15 points",
                             **NO_SELF}, joined={CAROL: 3})
    assert st.score[CAROL] > 30


def test_late_joiner_joined_round_one_is_an_original_player():  # ...JoinedRoundZero...
    st = run(THREE, [[(ALICE, BOB, "½-½")]],
             {"absence_late": "15 points", "absence_unexcused": "5 points", **NO_SELF},
             joined={CAROL: 1})
    assert st.score[CAROL] == 5


def test_options_late_join_handicap():  # TestParseOptionsLateJoinHandicap / ...Default
    assert build_settings([parse_setting("preset", "chesspairing"),
                           parse_setting("absence_late", "15 points")]).absence_late.fixed == 15
