"""The engine as strategies (issue 27): a preset resolves into named strategies, each
arithmetic counts as the rules say (hand-worked numbers), the table kernel gives the same
standings as the plain passes, and the season is classified once for every reader."""
import sys
from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pytest

from keizer_xl.core import performance, scoring
from keizer_xl.core.engine import arithmetic as ar
from keizer_xl.core.engine.engine import Engine
from keizer_xl.core.engine import compute_history
from keizer_xl.core.engine.bundle import resolve
from keizer_xl.core.engine.grid import season_rounds
from keizer_xl.core.engine.passes import Passes
from keizer_xl.core.engine.valuation import (Converge, ConvergeTwo, ExtraPasses, Frozen, Prev,
                                             Schedule, Valuation, schedule_for)
from keizer_xl.core.rules import build_settings, parse_setting

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "golden"))

import engine_dump


def settings(**raw):
    return build_settings([parse_setting(k.replace("code_", "code "), str(v))
                           for k, v in raw.items()])


# --------------------------------------------------------------------------- presets

@pytest.mark.parametrize("preset, kind, arithmetic", [
    ("keizer", Prev, ar.Exact), ("sevilla", Prev, ar.Exact), ("knsb-sixths", Prev, ar.Exact),
    ("kfc", Prev, ar.Exact), ("geel", Prev, ar.Exact), ("frozen-fixed", Frozen, ar.Exact),
    ("esg", Frozen, ar.RoundedCells), ("chesspairing-1956", Prev, ar.Float64Cells),
    ("chesspairing", ConvergeTwo, ar.Float64Cells)])
def test_each_preset_resolves_into_its_strategies(preset, kind, arithmetic):
    bundle = resolve(settings(preset=preset))
    assert bundle.name == preset
    assert type(bundle.schedule.for_round(1)) is kind
    season = engine_dump.rich_season(10, 5, 1)
    engine = Engine(replace(season, settings=settings(preset=preset, code_X="1/4",
                                                      code_Y="3 points")))
    assert type(engine.arithmetic) is arithmetic


def test_chesspairing_converges_from_the_start_ranking_within_20_passes():
    valuation = resolve(settings(preset="chesspairing")).schedule.for_round(7)
    assert valuation == ConvergeTwo(max_passes=20, from_start=True)


def test_the_schedule_converges_from_its_round_even_with_extra_passes():
    s = schedule_for(settings(extra_passes=2, extra_passes_from_round=3, converge_from_round=5))
    assert [type(s.for_round(k)) for k in (1, 2, 3, 4, 5, 9)] == [
        Prev, Prev, ExtraPasses, ExtraPasses, Converge, Converge]
    # converge_from_round before extra_passes_from_round: converge wins from its round on
    s = schedule_for(settings(extra_passes=1, extra_passes_from_round=6, converge_from_round=4))
    assert [type(s.for_round(k)) for k in (3, 4, 6, 8)] == [Prev, Converge, Converge, Converge]
    assert s.for_round(3) == Prev() and schedule_for(settings(extra_passes=1)).for_round(1) == \
        ExtraPasses(1)


def test_a_new_valuation_is_a_strategy_not_a_branch():
    # a peer's rule "value twice" written as a strategy gives what extra_passes 1 gives
    class Twice(Valuation):
        many = True

        def run(self, ctx):
            from keizer_xl.core.engine.step import Outcome
            return Outcome(ctx.revalue(ctx.first(ctx.step.prev_values)), 1, 2, True, "")

    season = engine_dump.rich_season(14, 6, 2)
    season = replace(season, settings=settings(code_X="1/4", code_Y="3 points"))
    bundle = replace(resolve(season.settings), schedule=Schedule(((1, Twice()),)))
    mine = Engine(season, bundle=bundle).history()
    extra = compute_history(replace(season, settings=settings(code_X="1/4", code_Y="3 points",
                                                              extra_passes=1)))
    assert engine_dump.dump(mine) == engine_dump.dump(extra)


# --------------------------------------------------------------------------- arithmetic

def test_round_to_unit_rounds_ties_away_from_zero():
    x = np.array([5, 6, 7, -6, 2, 1, -1, 0], dtype=np.int64)
    assert ar.round_to_unit(x, 4).tolist() == [4, 8, 8, -8, 4, 0, 0, 0]


def test_float64_cells_round_a_tie_as_a_binary_double_does():
    # 0.35 of a value 45 is 15.75 points; to the half point exactly 16 (a tie, away from
    # zero), but float64(45) x float64(0.35) = 15.749999999999998 rounds to 15.5.  Over scale
    # 20: share 0.35 = coefficient 7, the half-point unit 10, 7 x 45 = 315.
    pts, coef, val = (np.array([315]), np.array([7]), np.array([45]))
    inexact = np.array([True])
    assert ar.RoundedCells(10).cells(pts, coef, val, inexact).tolist() == [320]  # 16
    assert ar.Float64Cells(10, 20, 1).cells(pts, coef, val, inexact).tolist() == [310]  # 15.5
    # 0.35 x 40 = 14 is no tie: both give 14; a share binary doubles hold never moves
    assert ar.Float64Cells(10, 20, 1).cells(np.array([280]), coef, np.array([40]),
                                            inexact).tolist() == [280]
    assert ar.Float64Cells(10, 20, 1).cells(pts, coef, val, np.array([False])).tolist() == [320]


def test_rounded_totals_round_only_the_total_and_a_cycles_average():
    a = ar.RoundedTotals(10)
    assert a.cells(np.array([13]), None, None, None).tolist() == [13]
    assert a.totals(np.array([13, 15, -15])).tolist() == [10, 20, -20]
    # a 3-cycle's summed totals 47 average 15.67: rounded to the unit of the sum (30): 60
    assert a.average(np.array([47]), 3).tolist() == [60]
    assert ar.Exact(10).average(np.array([47]), 3).tolist() == [47]


# --------------------------------------------------------------------------- the kernel

@pytest.mark.parametrize("raw", [
    {"preset": "chesspairing"}, {"recalculation": "converge"},
    {"recalculation": "converge", "tied_share_value": "yes", "value_step": "2"},
    {"recalculation": "converge", "withdrawn": "remove", "rounding": "half"},
    {"recalculation": "converge", "withdrawn": "remove", "withdrawn_opponent_result": "yes",
     "withdrawn_opponent": "3/4"},
    {"extra_passes": "3", "rounding": "whole total", "own_value": "start"},
    {"converge_from_round": "3", "own_value_fade": "5", "converge_cycle": "two"}])
@pytest.mark.parametrize("seed", [11, 12])
def test_the_table_kernel_gives_the_plain_passes_standings(monkeypatch, raw, seed):
    season = engine_dump.rich_season(23, 9, seed)
    season = replace(season, settings=settings(code_X="1/4", code_Y="3 points", **raw))
    engine = Engine(season)
    assert engine.passes.kernel(_step(engine)) is not None  # the kernel does run here
    fast = engine_dump.dump(engine.history())
    monkeypatch.setattr(Passes, "kernel", lambda self, step: None)
    assert engine_dump.dump(compute_history(season)) == fast


def _step(engine):
    from keizer_xl.core.engine.step import Step
    active = engine.grid.active(1)
    idx = np.flatnonzero(active)
    engine.values.start_values = engine.values.values(idx, None, active)
    return Step(1, active, idx, engine.values.start_values, np.arange(1, engine.n + 1))


# --------------------------------------------------------------------------- one classification

def test_the_season_is_classified_once_for_every_reader(monkeypatch):
    from keizer_xl.analysis.history import round_facts
    season = replace(engine_dump.rich_season(12, 5, 3),
                     settings=settings(code_X="1/4", code_Y="3 points"))
    history = compute_history(season)
    calls = []
    real = scoring.classify
    monkeypatch.setattr(scoring, "classify", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert season_rounds(season, 5) is season_rounds(season, 5)
    points = {n: r.game_points for n, r in performance.records(season_rounds(season, 5)).items()}
    facts = round_facts(season, 5)
    compute_history(season)
    assert calls == []  # all read the classification the engine made
    # and they agree with the engine: game points = wins + draws / 2 over the board, and
    # forfeit wins (the engine's W/D/L counts only games over the board)
    last = history.last
    for name in last.order:
        won = sum(1 for f in facts[name].values()
                  if f.score_kind is not None and f.score_kind.value == "forfeit_win")
        assert points[name] == last.wins[name] + F(last.draws[name], 2) + won


def test_kfc_display_order_rounds_points_to_two_decimals_half_to_even():
    # KeizerForClubs' printed order compares Math.Round(points, 2) (half to even): 10.125
    # and 10.135 are 10.12 and 10.14; 10.125 ties 10.12 (shown by game points, then rating)
    from keizer_xl.core.engine.order import points_games_rating
    season = replace(engine_dump.rich_season(10, 5, 1),
                     settings=settings(code_X="1/4", code_Y="3 points"))
    grid = Engine(season).grid
    scale = 1000
    totals = np.zeros(grid.n, dtype=np.int64)
    a, b, c, d = 0, 1, 2, 3  # 10.125 -> 10.12, 10.12, 10.135 -> 10.14, 10.1349 -> 10.13
    totals[[a, b, c, d]] = [10125, 10120, 10135, 10134]
    order = np.array([a, b, c, d], dtype=np.int64)  # the ranking the display reorders
    games2 = grid.games2()[:, 5]
    shown = points_games_rating(grid, 5, order, totals, scale).tolist()
    assert shown[:2] == [c, d]
    # a and b both show 10.12: game points first, then rating, then the ranking
    rating = {i: grid.players[i].rating or 0 for i in (a, b)}
    expect = sorted((a, b), key=lambda i: (-games2[i], -rating[i], [a, b].index(i)))
    assert shown[2:] == expect


@pytest.mark.parametrize("top", [10 ** 12, 10 ** 15])
def test_the_kernel_sums_in_int64_where_float64_could_round(monkeypatch, top):
    # a top value of 10**15 makes the bound pass 2**53 (float64's exact integers) while it
    # stays in int64: the kernel then sums in integers; 10**12 stays in float64
    from keizer_xl.core.engine.kernel import FLOAT_EXACT
    from keizer_xl.core.settings import TopValue
    season = engine_dump.rich_season(18, 7, 5)
    s = replace(settings(code_X="1/4", code_Y="3 points", recalculation="converge",
                         rounding="half"), top_value=TopValue(number=F(top)))
    season = replace(season, settings=s)
    engine = Engine(season)
    assert engine.dtype is np.int64
    assert (engine.bound < FLOAT_EXACT) == (top == 10 ** 12)
    assert engine.passes.kernel(_step(engine)) is not None
    fast = engine_dump.dump(engine.history())
    monkeypatch.setattr(Passes, "kernel", lambda self, step: None)
    assert engine_dump.dump(compute_history(season)) == fast


@pytest.mark.parametrize("preset", ["keizer", "chesspairing", "kfc"])
def test_the_shared_classification_reordered_is_the_classification_in_start_order(preset):
    # the engine reads the season's one classification (row order) with its rows put in the
    # start order: the same arrays as classifying in the start order itself
    season = replace(engine_dump.rich_season(19, 6, 8),
                     settings=settings(preset=preset, code_X="1/4", code_Y="3 points"))
    engine = Engine(season)
    assert [p.name for p in engine.players] != [p.name for p in season.players]
    direct = scoring.classify(season, engine.players, engine.last_round)
    mine = engine.grid.rounds
    assert mine.players == direct.players and mine.codes == direct.codes
    for field in ("kind", "opponent", "white", "result", "code"):
        assert np.array_equal(getattr(mine, field), getattr(direct, field)), field
