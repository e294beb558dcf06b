"""The history of a season: the standing after every round (KEIZER-RULES.md sections 2-4, 7).

The engine walks the rounds in order: who is in the ranking, the values in force, the
valuation the bundle's schedule names for the round (:mod:`.valuation`), the new values.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from keizer_xl.core.scoring import Array
from keizer_xl.core.model import Season
from keizer_xl.core.engine.bundle import Bundle, resolve
from keizer_xl.core.engine.grid import Grid
from keizer_xl.core.engine.order import TieBreaks
from keizer_xl.core.engine.passes import Passes, RoundContext
from keizer_xl.core.engine.step import Outcome, Pass, Step
from keizer_xl.core.engine.standing import History, Standing, StandingData
from keizer_xl.core.engine.valuemap import ValueMaps, moved_ratings


class Engine:
    """Computes the history of a season; construct once, ask for any round."""

    def __init__(self, season: Season, rounds: int | None = None,
                 bundle: Bundle | None = None):
        """``rounds``: how many rounds to score (default: up to the last round with results)."""
        self.season = season
        self.settings = season.settings
        self.bundle = bundle if bundle is not None else resolve(season.settings)
        self.players = self.bundle.players(season.players)
        last = season.last_round_with_results() if rounds is None else rounds
        b = self.bundle
        self.grid = g = Grid(season, self.players, last, b.arithmetic_kind, b.in_ranking,
                             b.against)
        self.names, self.n, self.last_round = g.names, g.n, last
        self.bound, self.dtype = g.bound, g.dtype
        self.notes = list(g.notes)
        self.arithmetic = self.bundle.arithmetic(g)
        self.values = ValueMaps(g, self.arithmetic)
        self.tiebreaks = TieBreaks(g)
        self.passes = Passes(g, self.arithmetic, self.values, self.tiebreaks)
        self._frozen = self.bundle.schedule.frozen

    def history(self, upto: int | None = None) -> History:
        g, vm = self.grid, self.values
        upto = self.last_round if upto is None else min(upto, self.last_round)
        n = self.n
        ratings = vm.ratings = moved_ratings(self.season, g.players, g.index, upto)
        active = g.active(1)
        order = np.flatnonzero(active).astype(np.int64)  # start ranking (indices: start order)
        values = vm.values(order, None, active, ratings[0])
        vm.start_values = values.copy()
        start_totals = vm.start_points(values)
        zero = np.zeros(n, dtype=self.dtype)
        standings = [self._standing(None, Outcome(Pass(order, start_totals, zero, zero), 1, 1,
                                                  True, ""), values, values)]
        memory: dict[str, Any] = {}  # what the valuation keeps from round to round
        totals: Array | None = None
        for k in range(1, upto + 1):
            active = g.active(k)
            active_idx = order[active[order]]
            if len(active_idx) != len(order) or vm.by_rating:
                # a player left the ranking (withdrawn remove): values close up (section 7);
                # values by rating: the ratings after round k - 1
                values = vm.values(active_idx, totals, active, ratings[k - 1])
            place_prev = np.full(n, n + 1, dtype=np.int64)
            place_prev[active_idx] = np.arange(1, len(active_idx) + 1)
            # the values in force are the place values of active_idx (the previous ranking,
            # closed up), unless they come from ratings or shared places
            step = Step(k, active, active_idx, values, place_prev,
                        active_idx if vm.by_place else None)
            valuation = self.bundle.schedule.for_round(k)
            out = valuation.run(RoundContext(self.passes, step, ratings, valuation.many, memory))
            new_values = vm.values(out.final.order, out.final.totals, active, ratings[k])
            standings.append(self._standing(step, out, new_values, values))
            order, totals, values = out.final.order, out.final.totals, new_values
        return History(tuple(standings), tuple(self.notes))

    def _standing(self, step: Step | None, out: Outcome, values: Array,
                  prev_values: Array) -> Standing:
        """The output of one round (``step`` None: the start ranking, before round 1)."""
        k = step.k if step is not None else 0
        p = out.final
        frozen = self._frozen
        grid_of = self.passes.grid_of(step, p, frozen) if step is not None else None
        places = self.values.places(p.totals[p.order]) if k else np.arange(
            1, len(p.order) + 1, dtype=np.int64)
        scale = self.grid.scale * out.divisor
        display = self.bundle.display
        shown = display(self.grid, k, p.order, p.totals, scale) if k and display else None
        data = StandingData(
            round=k, names=self.names, order=p.order, places=places, totals=p.totals,
            own=p.own, values=values, prev_values=prev_values, grid_of=grid_of,
            stats=self.grid.stats[:, k], scale=scale, vden=self.grid.vden, shown=shown)
        return Standing(data, passes=out.passes, converged=out.converged, note=out.note)


def compute_history(season: Season, upto: int | None = None) -> History:
    """Standings after every round 0..upto (default: the last round with results)."""
    return Engine(season, upto).history(upto)


def compute_standing(season: Season) -> Standing:
    """The standing after the last round with results."""
    return compute_history(season).last
