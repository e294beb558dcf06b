"""Value maps: what each player is worth for a ranking (KEIZER-RULES.md sections 3 and 8).

A value map is an integer array over the players (values over ``vden``): by place
(``value_basis place``: the value of each place, shared with ``tied_share_value``) or by
rating (``value_basis rating``: rating / 100, moving with Elo when ``k_factor`` is set).  The
own value's points (``own_value`` current, start or none, faded by ``own_value_fade``) are
read off a value map too.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from keizer_xl.core.scoring import Array, BoolArray, IntArray
from keizer_xl.core.model import Game, Player, Result, Season
from keizer_xl.core.settings import OwnValue, StartPoints, ValueBasis
from keizer_xl.core.values import scaled_values
from keizer_xl.core.engine.arithmetic import Arithmetic
from keizer_xl.core.engine.grid import Grid
from keizer_xl.core.engine.order import shared_places


def moved_ratings(season: Season, players: Sequence[Player], index: dict[str, int],
                  upto: int) -> list[IntArray | None]:
    """The ratings before round 1 and after each round 1..upto (section 8): with a
    ``k_factor`` each over-the-board game moves both ratings by Elo, in whole rating points
    (half away from zero, so values stay exact hundredths); None unless ``value_basis rating``."""
    s = season.settings
    if s.value_basis != ValueBasis.RATING:
        return [None] * (upto + 1)
    current = np.array([p.rating or 0 for p in players], dtype=np.int64)
    out: list[IntArray | None] = [current.copy()]
    if not s.k_factor:  # ratings do not move
        return out + [current.copy() for _ in range(upto)]
    by_round: dict[int, list[Game]] = {}
    for g in season.games:
        by_round.setdefault(g.round, []).append(g)
    score_of = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5, Result.BLACK_WINS: 0.0}
    for r in range(1, upto + 1):
        delta = np.zeros(len(players))
        for g in by_round.get(r, ()):
            if not g.result.is_over_the_board:
                continue
            w, b = index[g.white], index[g.black]
            expected = 1 / (1 + 10 ** ((current[b] - current[w]) / 400))
            score = score_of[g.result]
            delta[w] += s.k_factor * (score - expected)
            delta[b] -= s.k_factor * (score - expected)
        rounded = np.floor(np.abs(delta) + 0.5).astype(np.int64)
        current = current + np.sign(delta).astype(np.int64) * rounded
        out.append(current.copy())
    return out


class ValueMaps:
    """The value maps and own-value points of one season's grid."""

    def __init__(self, grid: Grid, arithmetic: Arithmetic):
        self.grid = grid
        self.arithmetic = arithmetic
        s = grid.settings
        self.by_rating = s.value_basis == ValueBasis.RATING
        self.tied_share = s.tied_share_value
        self.own_value = s.own_value
        self.start_zero = s.start_points == StartPoints.ZERO or s.own_value == OwnValue.NONE
        self.fade = s.own_value_fade
        self._tables: dict[int, Array] = {}
        self.ratings: list[IntArray | None] = []
        self.start_values: Array = np.zeros(grid.n, dtype=grid.dtype)

    def table(self, m: int) -> Array:
        """The value of each place 1..m (scaled), built once per number of ranked players."""
        table = self._tables.get(m)
        if table is None:
            linear = self.grid.linear_values(m)
            if linear is not None and self.grid.dtype is not object:
                # top - (place - 1) x step, over vden: integers (the bound keeps them in int64)
                top, step = (int(x * self.grid.vden) for x in linear)
                table = np.arange(m, dtype=np.int64) * -step + top
            else:
                table = np.array(scaled_values(self.grid.settings, range(1, m + 1), m),
                                 dtype=self.grid.dtype)
            self._tables[m] = table
        return table

    def values(self, order: IntArray, totals: Array | None, active: BoolArray,
               ratings: IntArray | None = None) -> Array:
        """Scaled values per player index for a ranking (``order`` lists active indices)."""
        out = np.zeros(self.grid.n, dtype=self.grid.dtype)
        if self.by_rating:
            assert ratings is not None
            out[active] = ratings[active]  # rating / 100, denominator 100
            return out
        m = len(order)
        table = self.table(m)
        if self.tied_share and totals is not None and m:
            table = table[shared_places(totals[order]) - 1]
        out[order] = table
        return out

    @property
    def by_place(self) -> bool:
        """A value map is the value of each place of a ranking, nothing else (no ratings, no
        shared places)."""
        return not (self.by_rating or self.tied_share)

    def places(self, totals: Array) -> IntArray:
        """The places of totals listed best first: 1..N, or shared (1, 1, 3) with
        ``tied_share_value``."""
        if self.tied_share:
            return shared_places(totals)
        return np.arange(1, len(totals) + 1, dtype=np.int64)

    def start_points(self, values: Array) -> Array:
        """The start standing's totals: the own value (unrounded: no round is played yet), or
        nothing (``own_value none``; ``start_points zero``: chesspairing's standing without
        rounds gives everyone 0)."""
        if self.start_zero:
            return np.zeros(self.grid.n, dtype=self.grid.dtype)
        out: Array = values * self.grid.own_mult
        return out

    def own_mult(self, k: int) -> int | None:
        """The multiplier of the own value onto the scale after round k (None: no own value;
        ``own_value_fade`` n scales it by (n - k) / n, 0 from round n on)."""
        if self.own_value == OwnValue.NONE or (self.fade and k >= self.fade):
            return None
        mult = self.grid.own_mult
        return mult if not self.fade else mult * (self.fade - k) // self.fade

    def own(self, values: Array, active: BoolArray, k: int = 0) -> Array:
        """The own value's points (section 3: current, start or none) after round k."""
        mult = self.own_mult(k)
        if mult is None:
            return np.zeros(self.grid.n, dtype=self.grid.dtype)
        base = values if self.own_value == OwnValue.CURRENT else self.start_values
        points = np.where(active, base * mult, 0).astype(self.grid.dtype)
        return self.arithmetic.own(points, mult)
