"""The many passes of one round (converge, extra passes, chesspairing's iteration) as array
steps.  Same integers as :meth:`~keizer_xl.core.engine.passes.Passes.evaluate`, fewer steps.

With ``value_basis place`` the value map of a ranking is the value of each place, and a cell
(one round of one player) earns ``arithmetic(share x value of the target's place)`` or fixed
points.  A season has a handful of distinct shares, so the points of every (share class,
place) are one small table ``T`` (made once per number of ranked players, with each cell's
rounding and float64 tie already applied), and each cell is an index ``G`` = class x n +
target.  A pass with the targets' places ``pos`` is then

    totals = T[:, pos].ravel()[G] @ 1  + fixed points + own value

(a gather and a row sum: a matrix-vector product with a 0/1 matrix), then a sort on
(-total, tie-break place), the tie-breaks being fixed within a round.  Exactness: the table
holds the same integers the cells would; while every amount is below 2**53 (the grid's
bound) the row sum runs in float64, whose sums of such integers are exact, else in int64.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from keizer_xl.core.settings import OwnValue
from keizer_xl.core.engine.arithmetic import Arithmetic
from keizer_xl.core.engine.grid import Grid
from keizer_xl.core.engine.order import TieBreaks, shared_places
from keizer_xl.core.engine.step import Pass, Step
from keizer_xl.core.engine.valuemap import ValueMaps

Array = npt.NDArray[Any]
IntArray = npt.NDArray[np.int64]

__all__ = ["KernelTables", "RoundKernel"]

#: float64 holds every integer up to this exactly (and so every sum that stays below it)
FLOAT_EXACT = 2 ** 53


class KernelTables:
    """What the kernel of every round shares, made once per season: each cell's class and
    gather index, the fixed points' running sum, and per number of ranked players the table
    of points per (class, place)."""

    def __init__(self, grid: Grid, arithmetic: Arithmetic, values: ValueMaps,
                 tiebreaks: TieBreaks):
        self.grid, self.arithmetic, self.values, self.tiebreaks = (grid, arithmetic, values,
                                                                   tiebreaks)
        g, n = grid, grid.n
        self.known = g.shares()
        self.zero = 2 * len(self.known)  # the class of a cell with no share: a row of zeros
        self.floats = g.bound < FLOAT_EXACT
        share = g.coef != 0
        self.ok_all = not np.any(g.fixed[share])  # a cell is a share or fixed points
        self.G_all = self.index(g.coef, g.target, g.inexact, share)
        # each row's share cells first, in round order: round k's cells of row i are the
        # first count[i, k] (a loss, an absence over the limit add nothing: about a third)
        self.count = np.cumsum(share, axis=1, dtype=np.int64)
        width = int(self.count[:, -1].max(initial=0))
        self.compact = np.full((n, width), self.zero * n, dtype=np.int64)
        rows, cols = np.nonzero(share)
        self.compact[rows, self.count[rows, cols] - 1] = self.G_all[rows, cols]
        self.columns = np.arange(width, dtype=np.int64)[None, :]
        rest = np.where(share, 0, g.fixed)
        self.const_cum = np.cumsum(self._cells(rest), axis=1, dtype=g.dtype)
        self._tables: dict[int, tuple[Array, Array, Array, IntArray]] = {}
        self._own: dict[tuple[int, int], Array] = {}
        self._lean: dict[tuple[int, int | None], Array] = {}

    def index(self, coef: Array, target: IntArray, inexact: npt.NDArray[np.bool_],
              share: npt.NDArray[np.bool_]) -> IntArray:
        """Each cell's place in ``T[:, pos].ravel()``: class x n + target."""
        key = np.searchsorted(self.known, coef) * 2 + inexact
        out: IntArray = np.where(share, key * self.grid.n + target, self.zero * self.grid.n)
        return out

    def _cells(self, fixed: Array) -> Array:
        none = np.zeros(fixed.shape, dtype=bool)
        return self.arithmetic.cells(fixed, none, none, none)

    def table(self, m: int) -> tuple[Array, Array, Array, IntArray]:
        """(T, value per place with place m worth 0, the distinct values, a place of each)."""
        got = self._tables.get(m)
        if got is None:
            g = self.grid
            table = self.values.table(m)
            vt = np.append(table, np.zeros(1, dtype=g.dtype))  # place m: not ranked (0)
            c = np.repeat(self.known, 2)[:, None]
            x = np.tile(np.array([False, True]), len(self.known))[:, None]
            shape = (len(c), m + 1)
            v = vt[None, :]
            t = self.arithmetic.cells(c * v, np.broadcast_to(c, shape), np.broadcast_to(v, shape),
                                      np.broadcast_to(x, shape))
            t = np.vstack([t, np.zeros((1, m + 1), dtype=g.dtype)])  # the zero class
            distinct, first = np.unique(table, return_index=True)
            got = self._tables[m] = (t.astype(np.float64) if self.floats else t, vt, distinct,
                                     first.astype(np.int64))
        return got

    def own_by_place(self, m: int, mult: int) -> Array:
        """The own value's points of each place (current own value), place m worth 0."""
        got = self._own.get((m, mult))
        if got is None:
            vt = self.table(m)[1]
            got = self._own[(m, mult)] = self.arithmetic.own(vt * mult, mult)
        return got


    def lean_table(self, m: int, mult: int | None) -> Array:
        """The table of a pass where everyone is ranked: places 0..m-1 only, and a last row
        with the own value's points per place (``mult`` None: no own value in the table)."""
        got = self._lean.get((m, mult))
        if got is None:
            t = self.table(m)[0][:, :m]
            own = (self.own_by_place(m, mult)[:m] if mult is not None
                   else np.zeros(m, dtype=self.grid.dtype))
            got = self._lean[(m, mult)] = np.ascontiguousarray(
                np.vstack([t, own.astype(t.dtype)[None, :]]))
        return got


class RoundKernel:
    """The passes of round ``step.k`` on the tables (module doc)."""

    def __init__(self, tables: KernelTables, step: Step):
        g, n, k, active = tables.grid, tables.grid.n, step.k, step.active
        self.tables, self.step = tables, step
        self.m = m = len(step.active_idx)
        self.T, self.vt, self._distinct, self._first = tables.table(m)
        if active.all():
            self.ok = tables.ok_all
            count = tables.count[:, k]
            width = int(count.max(initial=0))
            self.G = np.where(tables.columns[:, :width] < count[:, None],
                              tables.compact[:, :width], tables.zero * n)
            self.const = tables.const_cum[:, k]
        else:  # someone has left: his opponents' games count otherwise (grid.cells)
            coef, target, inexact = g.cells(k, active, tables.arithmetic.float_ties)
            coef, target, inexact = coef[:, 1:], target[:, 1:], inexact[:, 1:]
            fixed = g.fixed[:, 1:k + 1]
            share = (coef != 0) & active[:, None]
            self.ok = not np.any(fixed[share])
            self.G = tables.index(coef, target, inexact, share)
            rest = np.where(active[:, None] & ~share, fixed, 0)
            self.const = tables._cells(rest).sum(axis=1).astype(g.dtype)
        self.ones = np.ones(self.G.shape[1], dtype=np.float64)
        mult = tables.values.own_mult(k)
        self.own_by_place: Array | None = None
        self.own_fixed = np.zeros(n, dtype=g.dtype)
        if mult is not None and tables.values.own_value == OwnValue.CURRENT:
            self.own_by_place = tables.own_by_place(m, mult)
        elif mult is not None:  # the start values: the same every pass
            self.own_fixed = tables.values.own(self.own_fixed, active, k)
        self.idx: IntArray | None = step.active_idx
        self.tb = tables.tiebreaks.positions(step.active_idx, step.place_prev, k)
        if len(step.active_idx) == n:  # everyone ranked: sort all totals, no gather
            tb = np.empty(n, dtype=np.int64)
            tb[step.active_idx] = self.tb
            self.tb, self.idx = tb, None
        self.empty_pos = np.full(n, m, dtype=np.int64)
        self.places = np.arange(m, dtype=np.int64)
        self.tied_share = tables.values.tied_share
        # everyone ranked, no shared places, float sums, totals not rounded: a pass is a
        # scatter of the table into the players' columns, a gather, a row sum and a sort
        self.lean = (self.idx is None and not self.tied_share and tables.floats
                     and not tables.arithmetic.round_totals)
        if self.lean:
            current = self.own_by_place is not None
            table = tables.lean_table(m, mult if current else None)
            rows = len(table)
            # players as rows (a player's table row is contiguous): cell = target x rows + class
            self.table_lean = np.ascontiguousarray(table.T)
            G = np.hstack([self.G, (rows - 1) * n + np.arange(n, dtype=np.int64)[:, None]])
            self.G_lean = (G % n) * rows + G // n
            self.ones_lean = np.ones(self.G_lean.shape[1], dtype=np.float64)
            self.const_lean = (self.const + self.own_fixed).astype(np.float64)
            self.pos = np.empty(n, dtype=np.int64)
            self.own_m = self.own_by_place[:m] if self.own_by_place is not None else None

    def _pass(self, pos: IntArray) -> Pass:
        cells = self.T.take(pos, axis=1).ravel().take(self.G)
        if self.tables.floats:
            totals = (cells @ self.ones).astype(np.int64)
        else:
            totals = cells.sum(axis=1)
        totals += self.const
        own = self.own_fixed if self.own_by_place is None else self.own_by_place.take(pos)
        totals += own
        totals = self.tables.arithmetic.totals(totals)
        idx = self.idx
        if idx is None:
            order = np.lexsort((self.tb, -totals))
        else:
            order = idx[np.lexsort((self.tb, -totals[idx]))]
        return Pass(order, totals, own, self.vt.take(pos))

    def _lean(self, valued: IntArray) -> Pass:
        """The pass valued with the ranking ``valued`` (every player, best first)."""
        pos = self.pos
        pos[valued] = self.places  # each player's place (a gather of rows beats a scatter)
        t = self.table_lean.take(pos, axis=0).ravel().take(self.G_lean) @ self.ones_lean
        t += self.const_lean
        order = np.lexsort((self.tb, -t))
        return Pass(order, t.astype(np.int64), fill=lambda: self._fill(valued))

    def _fill(self, valued: IntArray) -> tuple[Array, Array]:
        """The own value's points and the value map of a lean pass."""
        n = len(valued)
        own = self.own_fixed
        if self.own_m is not None:
            own = np.empty(n, dtype=self.vt.dtype)
            own[valued] = self.own_m
        basis = np.empty(n, dtype=self.vt.dtype)
        basis[valued] = self.vt[:self.m]
        return own, basis

    def first(self, values: Array) -> Pass | None:
        """The pass with a value map given as values (None: not a map of this round's
        places; the caller then computes it in full)."""
        active = self.step.active
        if not len(self._distinct):
            return None
        at = np.searchsorted(self._distinct, values[active])
        at = np.minimum(at, len(self._distinct) - 1)
        pos = self.empty_pos.copy()
        pos[active] = self._first[at]
        if not (self.vt.take(pos) == values).all():
            return None
        return self._pass(pos)

    def revalue(self, current: Pass) -> Pass:
        """The results valued with the values of ``current``'s ranking."""
        if self.lean:
            return self._lean(current.order)
        pos = self.empty_pos.copy()
        if self.tied_share and self.m:
            pos[current.order] = shared_places(current.totals[current.order]) - 1
        else:
            pos[current.order] = self.places
        return self._pass(pos)
