"""The withdrawal strategies (core/engine/withdrawal.py), the pending rule (scoring.PENDING_RULES)
and the arithmetic a preset resolves into, each on its own (issue 27: a peer's rule is a
strategy and its test).  The shares are the rules' own numbers, worked by hand."""
from fractions import Fraction as F

import pytest

from keizer_xl.core import scoring
from keizer_xl.core.engine import arithmetic as ar
from keizer_xl.core.engine.engine import Engine
from keizer_xl.core.engine.bundle import resolve
from keizer_xl.core.engine.withdrawal import (WITHDRAWALS, AgainstWithdrawn, ResultShare,
                                              ResultShareOtherAsLoss)
from keizer_xl.core.model import Game, Player, Result, Season
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.settings import Withdrawn


def settings(**raw):
    return build_settings([parse_setting(k, str(v)) for k, v in raw.items()])


# X plays one game a round: round 1 A beats X, round 2 X-B ½-½, round 3 C loses to X by
# forfeit (0-1F for White C), round 4 D-X not played yet; X withdraws from round 5 on, when
# every one of these games is a game against a player who has left the ranking (withdrawn
# remove).
PLAYERS = (Player("A", 2000), Player("B", 1900), Player("C", 1800), Player("D", 1700),
           Player("X", 1600, withdrawn_round=5), Player("E", 1500))
GAMES = (Game(1, "A", "X", Result.WHITE_WINS), Game(1, "B", "C", Result.DRAW),
         Game(1, "D", "E", Result.WHITE_WINS),
         Game(2, "X", "B", Result.DRAW), Game(2, "A", "C", Result.WHITE_WINS),
         Game(2, "E", "D", Result.BLACK_WINS),
         Game(3, "C", "X", Result.BLACK_FORFEIT), Game(3, "A", "B", Result.DRAW),
         Game(3, "D", "E", Result.DRAW),
         Game(4, "D", "X", Result.PENDING), Game(4, "A", "E", Result.WHITE_WINS),
         Game(4, "B", "C", Result.BLACK_WINS),
         Game(5, "A", "D", Result.WHITE_WINS), Game(5, "B", "C", Result.DRAW))


def grid(**raw):
    season = Season(PLAYERS, GAMES, settings=settings(withdrawn="remove", **raw))
    return Engine(season, 5).grid


def share_against_x(g, name, rnd):
    """The share of his own value a game of ``name`` in round ``rnd`` against X earns once X
    has left the ranking (grid.cells of the standing after round 5)."""
    coef, target, _ = g.cells(5, g.active(5), False)
    i = g.index[name]
    assert target[i, rnd] == i  # valued with his own value
    return F(int(coef[i, rnd]), g.cden * g.factor)


def test_a_game_against_a_player_who_left_earns_a_share_of_the_own_value():
    g = grid(withdrawn_opponent="1/2")
    assert isinstance(g.against, AgainstWithdrawn) and g.wd_grid is None
    # whatever the result: 1/2 x the own value
    assert [share_against_x(g, n, r) for n, r in (("A", 1), ("B", 2), ("C", 3), ("D", 4))] \
        == [F(1, 2)] * 4


def test_kfc_result_share_against_a_retired_player():
    # withdrawn_opponent_result: withdrawn_opponent x the result's share (win 1, draw 1/2,
    # forfeit loss 0, a game without a result as a draw)
    g = grid(withdrawn_opponent="1/2", withdrawn_opponent_result="yes", loss="1/10")
    assert type(g.against) is ResultShare
    assert [share_against_x(g, n, r) for n, r in (("A", 1), ("B", 2), ("C", 3), ("D", 4))] \
        == [F(1, 2), F(1, 4), F(0), F(1, 4)]


@pytest.mark.parametrize("pending_zero, pending_share", [("no", F(1, 4)), ("yes", F(1, 20))])
def test_kfc_anything_else_against_a_retired_player_earns_the_loss_share(pending_zero,
                                                                         pending_share):
    # withdrawn_opponent_forfeit_as_loss: a forfeit loss earns the loss bonus share 1/10 x
    # 1/2; a game without a result too when it earns nothing (pending_scores_zero), else it
    # counts as a draw: 1/2 x 1/2
    g = grid(withdrawn_opponent="1/2", withdrawn_opponent_result="yes",
             withdrawn_opponent_forfeit_as_loss="yes", loss="1/10",
             pending_scores_zero=pending_zero)
    assert type(g.against) is ResultShareOtherAsLoss
    assert [share_against_x(g, n, r) for n, r in (("A", 1), ("B", 2), ("C", 3), ("D", 4))] \
        == [F(1, 2), F(1, 4), F(1, 20), pending_share]


def test_the_withdrawal_strategies_say_who_is_ranked():
    # X withdraws from round 5 on: keep ranks him always, remove from round 5 on, retroactive
    # (KeizerForClubs) in no standing at all
    for rule, ranked in (("keep", [True] * 5), ("remove", [True] * 4 + [False]),
                         ("retroactive", [False] * 5)):
        season = Season(PLAYERS, GAMES, settings=settings(withdrawn=rule))
        g = Engine(season, 5).grid
        assert [bool(g.active(k)[g.index["X"]]) for k in range(1, 6)] == ranked, rule
        assert all(g.active(k).sum() == len(PLAYERS) - (not ranked[k - 1])
                   for k in range(1, 6)), rule


def test_the_pending_rule_scores_a_game_without_result_and_words_the_note():
    s, zero = settings(), settings(pending_scores_zero="yes")
    assert scoring.game_fraction(s, scoring.SCORE_KIND[scoring.PENDING]) == F(1, 2)
    assert scoring.game_fraction(zero, scoring.SCORE_KIND[scoring.PENDING]) == 0
    assert scoring.pending_rule(s).other == (scoring.FORFEIT_LOSS,)
    assert scoring.pending_rule(zero).other == (scoring.FORFEIT_LOSS, scoring.PENDING)
    notes = {}
    for name, st in (("draw", s), ("zero", zero)):
        season = Season(PLAYERS, GAMES, settings=st)
        notes[name] = Engine(season, 5).notes
    assert "scored as a draw like an adjourned game: D-X (round 4)" in notes["draw"][0]
    assert "scored 0 for both: D-X (round 4)" in notes["zero"][0]


@pytest.mark.parametrize("raw, kind, scale_den, slack", [
    ({}, ar.Exact, 1, 0),
    ({"rounding": "half"}, ar.RoundedCells, 2, 1),
    ({"rounding": "whole", "float_shares": "yes"}, ar.Float64Cells, 2, 1),
    ({"rounding": "half total"}, ar.RoundedTotals, 2, 1),
    ({"rounding": "none", "float_shares": "yes"}, ar.Exact, 1, 0),  # no rounding, no ties
])
def test_rounding_and_float_shares_resolve_into_one_arithmetic(raw, kind, scale_den, slack):
    s = settings(**raw)
    assert ar.arithmetic_kind(s) is kind
    assert (kind.scale_den, kind.slack) == (scale_den, slack)
    engine = Engine(Season(PLAYERS, GAMES, settings=s), 5)
    assert engine.grid.scale % scale_den == 0  # the unit is a whole number over the scale
    assert type(engine.arithmetic) is kind


@pytest.mark.parametrize("preset, rule, against, kind", [
    ("keizer", "keep", AgainstWithdrawn, ar.Exact),
    ("kfc", "retroactive", ResultShareOtherAsLoss, ar.Exact),
    ("chesspairing", "remove", AgainstWithdrawn, ar.Float64Cells)])
def test_a_preset_resolves_its_withdrawal_rules_and_arithmetic_once(preset, rule, against,
                                                                     kind):
    bundle = resolve(settings(preset=preset))
    assert bundle.in_ranking is WITHDRAWALS[Withdrawn(rule)]
    assert type(bundle.against) is against
    assert bundle.arithmetic_kind is kind
    # the engine's grid uses the bundle's strategies, not the settings again
    engine = Engine(Season(PLAYERS, GAMES, settings=settings(preset=preset)), 5)
    assert type(engine.grid.against) is against
    assert type(engine.arithmetic) is kind
