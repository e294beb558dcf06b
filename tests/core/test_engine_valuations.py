"""Each valuation strategy and order strategy of core/engine on its own (issue 27: a peer's rule
is a strategy and its test): the strategies of valuation.py on a scripted round (the rankings
its passes give are written out, so what the strategy does with them is all that is tested),
the start orders and tie-breaks of order.py on hand-made players."""
from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from keizer_xl.core.engine.engine import Engine
from keizer_xl.core.engine.order import (START_ORDERS, TieBreaks, rating_order, shared_places,
                                         start_order)
from keizer_xl.core.engine.step import Outcome, Pass
from keizer_xl.core.engine.valuation import Converge, ConvergeTwo, ExtraPasses, Prev
from keizer_xl.core.model import Player, Season
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.settings import StartRanking


class Script:
    """A round whose passes give the rankings ``orders`` in turn (the first is the opening
    pass's); ``start`` is the ranking the opening pass was valued with."""

    def __init__(self, start, orders):
        self.start = np.array(start)
        self.passes = [Pass(np.array(o), np.zeros(len(o)), np.zeros(len(o)), np.zeros(len(o)))
                       for o in orders]
        self.step = SimpleNamespace(active_idx=self.start)
        self.averaged = None

    def opening(self, from_start):
        return self.start, self.passes[0]

    def first_prev(self):
        return self.passes[0]

    def chain(self, current):
        yield from self.passes[self.passes.index(current) + 1:]

    def key(self, p):
        return p.order.tobytes()

    def out_of_passes(self, current, passes):
        return Outcome(current, 1, passes, False, "out of passes")

    def average(self, cycle, passes):
        self.averaged = [self.passes.index(p) for p in cycle]
        return Outcome(cycle[-1], len(cycle), passes, False, "cycle")


def test_prev_values_once():
    out = Prev().run(Script([0, 1, 2], [[2, 1, 0], [0, 1, 2]]))
    assert (out.passes, out.converged, out.final.order.tolist()) == (1, True, [2, 1, 0])


def test_extra_passes_value_n_more_times_with_each_new_ranking():
    ctx = Script([0, 1, 2], [[2, 1, 0], [1, 2, 0], [1, 0, 2], [0, 1, 2]])
    out = ExtraPasses(2).run(ctx)
    assert (out.passes, out.final.order.tolist()) == (3, [1, 0, 2])


def test_converge_stops_at_a_fixed_point():
    ctx = Script([0, 1, 2], [[2, 1, 0], [1, 2, 0], [1, 2, 0], [0, 1, 2]])
    out = Converge(max_passes=10).run(ctx)
    assert (out.passes, out.converged, out.final.order.tolist()) == (3, True, [1, 2, 0])


def test_converge_averages_a_cycle_over_the_passes_valued_with_its_own_rankings():
    # rankings A B C D B: the cycle B C D; the passes valued with its rankings are those
    # after B, C and D (passes 3, 4 and 5 = indices 2, 3, 4)
    a, b, c, d = [0, 1, 2], [1, 0, 2], [1, 2, 0], [2, 1, 0]
    ctx = Script([0, 1, 2], [a, b, c, d, b])
    out = Converge(max_passes=10).run(ctx)
    assert (out.passes, out.divisor, ctx.averaged) == (5, 3, [2, 3, 4])


def test_converge_gives_up_at_max_passes():
    orders = [[0, 1, 2], [1, 0, 2], [1, 2, 0], [2, 1, 0], [2, 0, 1], [0, 2, 1]]
    out = Converge(max_passes=4).run(Script([0, 1, 2], orders))
    assert (out.passes, out.converged, out.final.order.tolist()) == (4, False, [2, 1, 0])


def test_converge_two_averages_the_last_two_passes_of_a_two_cycle():
    # chesspairing's scoreIterative: a pass giving back the ranking of two passes before
    a, b = [0, 1, 2], [1, 0, 2]
    ctx = Script([2, 1, 0], [a, b, a])
    out = ConvergeTwo(max_passes=20).run(ctx)
    assert (out.passes, out.divisor, ctx.averaged) == (3, 2, [1, 2])
    # the opening pass is compared with the ranking it was valued with
    ctx = Script([1, 0, 2], [a, b])
    out = ConvergeTwo(max_passes=20).run(ctx)
    assert (out.passes, ctx.averaged) == (2, [0, 1])


def test_converge_two_runs_a_longer_cycle_to_max_passes():
    a, b, c = [0, 1, 2], [1, 0, 2], [1, 2, 0]
    ctx = Script([2, 1, 0], [a, b, c, a, b, c, a])
    out = ConvergeTwo(max_passes=5).run(ctx)
    assert (out.passes, out.converged, out.final.order.tolist(), ctx.averaged) == (
        5, False, b, None)
    out = ConvergeTwo(max_passes=20).run(Script([2, 1, 0], [a, b, b]))
    assert (out.passes, out.converged) == (3, True)


# --------------------------------------------------------------------------- orders

PLAYERS = (Player("bob", 1800, start=2), Player("Anna", 1800, start=1), Player("Carl", 2000),
           Player("dirk"), Player("Eva", 1700, start=3))


def test_start_order_slots_the_unplaced_in_by_rating_and_the_unrated_last():
    # Start first (Anna, bob, Eva); Carl (2000) before the first placed player rated lower
    # (Anna 1800); dirk (no rating, no Start) last
    assert [p.name for p in start_order(PLAYERS)] == ["Carl", "Anna", "bob", "Eva", "dirk"]
    assert START_ORDERS[StartRanking.LIST](PLAYERS, None) == start_order(PLAYERS)


def test_rating_order_breaks_equal_ratings_by_name_folded_or_exact():
    # chesspairing's initialRanking: rating descending (none = 0), then name; exact names
    # compare by code point ("Anna" < "bob" either way, but "Zed" < "anna" only exactly)
    players = (*PLAYERS, Player("Zed", 1800))
    assert [p.name for p in rating_order(players, exact_names=False)] == [
        "Carl", "Anna", "bob", "Zed", "Eva", "dirk"]
    assert [p.name for p in rating_order(players, exact_names=True)] == [
        "Carl", "Anna", "Zed", "bob", "Eva", "dirk"]


def test_tie_breaks_rank_equal_totals_by_their_keys_in_order():
    season = Season(PLAYERS, settings=build_settings([parse_setting("tiebreak", "rating, name")]))
    engine = Engine(season, 0)
    tb = TieBreaks(engine.grid)
    names = engine.names  # start order: Carl, Anna, bob, Eva, dirk
    totals = np.array([5, 7, 7, 5, 7])
    everyone = np.arange(len(names))
    order = tb.rank(totals, everyone, everyone + 1, 0)
    # 7: Anna and bob (1800, by name), dirk (unrated: last); 5: Carl (2000), Eva
    assert [names[i] for i in order] == ["Anna", "bob", "dirk", "Carl", "Eva"]
    # the same keys as places: ranking by (-total, place) is the same ranking; the places are
    # a permutation (the start order decides what the keys leave tied), so the kernel's sort
    # keys -total x n + place are distinct and any sort gives this ranking
    pos = tb.positions(everyone, everyone + 1, 0)
    assert sorted(pos.tolist()) == list(range(len(names)))
    assert np.lexsort((pos, -totals)).tolist() == order.tolist()
    keys = -totals * len(names) + pos
    assert keys.argsort().tolist() == keys.argsort(kind="stable").tolist() == order.tolist()
    # tiebreak previous: the previous place decides
    prev = replace(season, settings=build_settings([parse_setting("tiebreak", "previous")]))
    tb = TieBreaks(Engine(prev, 0).grid)
    place_prev = np.array([5, 4, 3, 2, 1])
    assert tb.rank(totals, everyone, place_prev, 0).tolist() == [4, 2, 1, 3, 0]


def test_shared_places_give_equal_totals_the_same_place():
    assert shared_places(np.array([9, 7, 7, 5, 5, 5, 1])).tolist() == [1, 2, 2, 4, 4, 4, 7]
