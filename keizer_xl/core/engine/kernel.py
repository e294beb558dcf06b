"""The passes of one round (converge, extra passes, chesspairing's iteration; one pass with
float64 ties) as array steps: the same integers as :meth:`.passes.Passes.evaluate`, fewer steps.

With ``value_basis place`` a cell earns ``arithmetic(share x value of the target's place)`` or
fixed points, and a season has a handful of distinct shares, so the points of every (place,
share class) are one small table ``T[place, class]`` (rounding and float64 ties applied; one
more class for the own value), and each cell an index ``G`` = target x classes + class, stored
slot by slot so the cells of rounds 1..k are the first rows of one array.  A pass is

    totals = 1 @ T[pos].ravel()[G]  + fixed points

then a sort on (-total, tie-break place); when everyone is ranked the sort key is one float64
per player and one stable argsort ranks the pass (``RoundKernel._keyed``).  Exact: while every
amount (times n for the sort key) is below 2**53, checked against the grid's bound, float64
sums of such integers are exact; else int64.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from keizer_xl.core.scoring import Array, IntArray
from keizer_xl.core.settings import OwnValue
from keizer_xl.core.engine.arithmetic import Arithmetic
from keizer_xl.core.engine.grid import Grid
from keizer_xl.core.engine.order import TieBreaks, shared_places
from keizer_xl.core.engine.step import Pass, Step
from keizer_xl.core.engine.valuemap import ValueMaps

#: float64 holds every integer up to this exactly (and so every sum that stays below it)
FLOAT_EXACT = 2 ** 53


class KernelTables:
    """What the kernel of every round shares, made once per season: each cell's class, the
    gather index of every round's cells, the fixed points' running sum, and per number of
    ranked players (and own-value multiplier) the table of points per (place, class)."""

    def __init__(self, grid: Grid, arithmetic: Arithmetic, values: ValueMaps,
                 tiebreaks: TieBreaks):
        self.grid, self.arithmetic, self.values, self.tiebreaks = (grid, arithmetic, values,
                                                                   tiebreaks)
        g, n = grid, grid.n
        self.known = g.shares()
        self.classes = g.classes  # cell classes per share (grid.inexact)
        self.zero = self.classes * len(self.known)  # the class of a cell with no share: zero points
        self.own = self.zero + 1  # the class of the own value (current)
        self.width = self.own + 1  # classes per place in the table
        self.floats = g.bound < FLOAT_EXACT
        share = g.coef != 0
        # a cell is a share or fixed points (each credit of the table is one or the other)
        self.ok_all = not np.any(g.fixed_tab[g.coef_tab != 0])
        G_all = self.index(g.coef, g.target, g.inexact, share)
        # the own value's cell first, then each row's share cells in round order: round k's
        # cells of row i are the first 1 + count[i, k] (a loss, an absence over the limit
        # add nothing: about a third of the cells)
        self.count = np.cumsum(share, axis=1, dtype=np.int64) + 1
        cells = int(self.count[:, -1].max(initial=1))
        self.compact = np.full((n, cells), self.zero, dtype=np.int64)
        self.compact[:, 0] = self.own_cells(n)
        cols, rows = np.nonzero(share.T)  # round by round, each round's cells by row
        slots = self.count[rows, cols] - 1
        self.compact[rows, slots] = G_all[rows, cols]
        self.columns = np.arange(cells, dtype=np.int64)[None, :]
        # the share cells of round r: _rows[_starts[r]:_starts[r + 1]], with their column
        # in compact
        self._starts = np.searchsorted(cols, np.arange(share.shape[1] + 1))
        self._rows, self._slots = rows, slots
        self._running: tuple[int, IntArray] | None = None
        rest = np.where(share, 0, g.fixed)
        self.const_cum = np.cumsum(self.fixed_cells(rest), axis=1, dtype=g.dtype)
        self._tables: dict[tuple[int, int | None], Array] = {}
        self._values: dict[int, tuple[Array, Array, IntArray]] = {}
        self._own: dict[tuple[int, int], Array] = {}
        self._positions: IntArray | None = None
        self._weights: dict[tuple[int, float], Array] = {}
        self.zeros = np.zeros(n, dtype=g.dtype)  # never written to
        self.everyone = np.arange(n, dtype=np.int64)  # never written to
        # the places of the ranking a keyed pass is valued with: filled and read within the
        # pass (one pass at a time)
        self.pos_buffer = np.empty(n, dtype=np.int64)
        self._places: dict[int, tuple[IntArray, IntArray]] = {}

    def positions_all(self, step: Step) -> IntArray:
        """Every player's place by the tie-breaks and start order alone (everyone ranked);
        the same every round unless a tie-break changes per round (previous, games)."""
        tb = self.tiebreaks
        if self._positions is not None and tb.static:
            return self._positions
        everyone = np.arange(self.grid.n, dtype=np.int64)
        self._positions = tb.positions(everyone, step.place_prev, step.k)
        return self._positions

    def weights(self, width: int, weight: float) -> Array:
        """``weight`` per cell of a row: the row sums (times it) as one product."""
        got = self._weights.get((width, weight))
        if got is None:
            got = self._weights[(width, weight)] = np.full(width, weight)
        return got

    def places(self, m: int) -> tuple[IntArray, IntArray]:
        """(every player at place m, unranked; the places 0..m-1) to fill in per pass."""
        got = self._places.get(m)
        if got is None:
            got = self._places[m] = (np.full(self.grid.n, m, dtype=np.int64),
                                     np.arange(m, dtype=np.int64))
        return got

    def cells_of_round(self, k: int) -> IntArray:
        """Every player's cells of rounds 1..k (everyone ranked), slot by slot: row 0 the own
        value's cells, then each player's share cells, zero cells up to the widest player's
        count (shape: slots x players).  Kept from round to round: round k adds its own cells
        to those of round k - 1, and the rounds' cells are the first rows of one array (a
        view, valid until the next round's kernel is made)."""
        running = self._running
        if running is not None and running[0] == k - 1:
            cells = running[1]
            at = slice(self._starts[k], self._starts[k + 1])
            rows, slots = self._rows[at], self._slots[at]
            cells[slots, rows] = self.compact[rows, slots]
        else:
            cells = np.ascontiguousarray(
                np.where(self.columns < self.count[:, k, None], self.compact, self.zero).T)
        self._running = (k, cells)
        width = int(self.count[:, k].max(initial=1))
        return cells[:width]

    def own_cells(self, n: int) -> IntArray:
        """The cell of each player's own value: his own place's own-value class."""
        return np.arange(n, dtype=np.int64) * self.width + self.own

    def index(self, coef: Array, target: IntArray, inexact: IntArray,
              share: npt.NDArray[np.bool_]) -> IntArray:
        """Each cell's place in ``T[pos].ravel()``: target x width + class."""
        key = np.searchsorted(self.known, coef) * self.classes + inexact
        out: IntArray = np.where(share, target * self.width + key, self.zero)
        return out

    def fixed_cells(self, fixed: Array) -> Array:
        """Fixed points as the arithmetic counts each cell."""
        none = np.zeros(fixed.shape, dtype=bool)
        return self.arithmetic.cells(fixed, none, none, none)

    def values_of(self, m: int) -> tuple[Array, Array, IntArray]:
        """(value per place with place m worth 0, the distinct values, a place of each)."""
        got = self._values.get(m)
        if got is None:
            table = self.values.table(m)
            vt = np.append(table, np.zeros(1, dtype=self.grid.dtype))  # place m: unranked
            # each distinct value and its first place (no np.unique: it imports numpy.ma)
            place_of: dict[Any, int] = {}
            for place, value in enumerate(table.tolist()):
                place_of.setdefault(value, place)
            distinct = sorted(place_of)
            got = self._values[m] = (vt, np.array(distinct, dtype=self.grid.dtype),
                                     np.array([place_of[v] for v in distinct], dtype=np.int64))
        return got

    def own_by_place(self, m: int, mult: int) -> Array:
        """The own value's points of each place (current own value), place m worth 0."""
        got = self._own.get((m, mult))
        if got is None:
            vt = self.values_of(m)[0]
            got = self._own[(m, mult)] = self.arithmetic.own(vt * mult, mult)
        return got

    def table(self, m: int, mult: int | None) -> Array:
        """``T[place, class]``: the points of a cell of each class against each place, as the
        arithmetic counts them; the own-value class holds the own value's points (``mult``
        None: none in the table)."""
        got = self._tables.get((m, mult))
        if got is None:
            g = self.grid
            vt = self.values_of(m)[0]
            c = np.repeat(self.known, self.classes)[None, :]
            x = np.tile(np.arange(self.classes, dtype=np.int64), len(self.known))[None, :]
            v = vt[:, None]
            shape = (m + 1, c.shape[1])
            t = self.arithmetic.cells(v * c, np.broadcast_to(c, shape), np.broadcast_to(v, shape),
                                      np.broadcast_to(x, shape))
            own = (self.own_by_place(m, mult) if mult is not None
                   else np.zeros(m + 1, dtype=g.dtype))
            t = np.hstack([t, np.zeros((m + 1, 1), dtype=g.dtype), own[:, None]])
            got = self._tables[(m, mult)] = np.ascontiguousarray(
                t.astype(np.float64) if self.floats else t)
        return got


class RoundKernel:
    """The passes of round ``step.k`` on the tables (module doc)."""

    def __init__(self, tables: KernelTables, step: Step):
        g, n, k, active = tables.grid, tables.grid.n, step.k, step.active
        self.tables, self.step = tables, step
        self.m = m = len(step.active_idx)
        self.vt, self._distinct, self._first = tables.values_of(m)
        if active.all():
            self.ok = tables.ok_all
            self.G = tables.cells_of_round(k)
            self.const = tables.const_cum[:, k]
        else:  # someone has left: his opponents' games count otherwise (grid.cells)
            coef, target, inexact = g.cells(k, active, tables.arithmetic.float_ties)
            coef, target, inexact = coef[:, 1:], target[:, 1:], inexact[:, 1:]
            fixed = g.fixed[:, 1:k + 1]
            share = (coef != 0) & active[:, None]
            self.ok = not np.any(fixed[share])
            own = np.where(active, tables.own_cells(n), tables.zero)[:, None]
            self.G = np.ascontiguousarray(
                np.hstack([own, tables.index(coef, target, inexact, share)]).T)
            rest = np.where(active[:, None] & ~share, fixed, 0)
            self.const = tables.fixed_cells(rest).sum(axis=1).astype(g.dtype)
        mult = tables.values.own_mult(k)
        self.own_by_place: Array | None = None
        self.own_fixed = tables.zeros
        if mult is not None and tables.values.own_value == OwnValue.CURRENT:
            self.own_by_place = tables.own_by_place(m, mult)
            self.T = tables.table(m, mult)
        else:
            if mult is not None:  # the start values: the same every pass
                self.own_fixed = tables.values.own(self.own_fixed, active, k)
                self.const = self.const + self.own_fixed
            self.T = tables.table(m, None)
        self.idx: IntArray | None = step.active_idx
        if m == n:  # everyone ranked: sort all totals, no gather
            self.tb, self.idx = tables.positions_all(step), None
        else:
            self.tb = tables.tiebreaks.positions(step.active_idx, step.place_prev, k)
        self.empty_pos, self.places = tables.places(m)
        self.tied_share = tables.values.tied_share
        self.round_totals = tables.arithmetic.round_totals
        # everyone ranked, totals not rounded, amounts small enough: the sort key is one
        # float64 per player, -total x n + tie-break place, made by the product itself
        self.keyed = (tables.floats and self.idx is None and not self.round_totals
                      and (g.bound + 1) * (n + 1) < FLOAT_EXACT)
        if self.keyed:
            self.scaled = tables.weights(self.G.shape[0], -float(n))
            self.adjust = self.tb - self.const.astype(np.float64) * n
        else:
            self.ones = tables.weights(self.G.shape[0], 1.0)
        self._pass = self._keyed if self.keyed else self._plain
        self._pos_buffer = tables.pos_buffer  # the places of chain's rankings
        #: the passes valued straight from a ranking (:meth:`chain`)
        self.chained = self.keyed and not self.tied_share

    def _keyed(self, pos: IntArray) -> Pass:
        """A pass when everyone is ranked (``keyed``): one product gives the sort key."""
        key = self.scaled @ self.T.take(pos, axis=0).ravel().take(self.G)
        key += self.adjust
        return KernelPass(key.argsort(), self, pos, None, key)  # distinct keys (chain)

    def chain(self, by: IntArray) -> Iterator[Pass]:
        """The keyed passes from the ranking ``by`` on, each valued with the place values of
        the ranking of the one before (everyone ranked, no shared places): the step a
        converging loop repeats, in as few array operations as it takes.  The keys are
        distinct (a total x n plus a tie-break place below n), so any sort gives the one
        ranking: numpy's default (quick) sort, the fastest here."""
        pos, places, table, cells = self._pos_buffer, self.places, self.T, self.G
        scaled, adjust = self.scaled, self.adjust
        while True:
            pos[by] = places  # every entry: everyone is ranked
            key = scaled @ table.take(pos, axis=0).ravel().take(cells)
            key += adjust
            order = key.argsort()
            yield KernelPass(order, self, None, None, key, by)
            by = order

    def _plain(self, pos: IntArray) -> Pass:
        """A pass with each player's place ``pos`` in the ranking that values it (m: not
        ranked)."""
        cells = self.T.take(pos, axis=0).ravel().take(self.G)
        totals = (self.ones @ cells).astype(np.int64) if self.tables.floats else cells.sum(axis=0)
        totals += self.const
        if self.round_totals:
            totals = self.tables.arithmetic.totals(totals)
        idx = self.idx
        order = np.lexsort((self.tb, -totals)) if idx is None else idx[np.lexsort((self.tb, -totals[idx]))]
        return KernelPass(order, self, pos, totals=totals)

    def start_order(self) -> IntArray:
        """The start ranking of this round's ranked players (their indices in order)."""
        if self.m == len(self.empty_pos):
            return self.tables.everyone
        return np.flatnonzero(self.step.active).astype(np.int64)

    def positions(self, by: IntArray) -> IntArray:
        """Each player's place in the ranking ``by`` (m: not ranked)."""
        pos = self.empty_pos.copy()
        pos[by] = self.places
        return pos

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

    def by_order(self, order: IntArray) -> Pass:
        """The pass valued with the place values of the ranking ``order`` (no shared
        places)."""
        if self.chained:
            return next(self.chain(order))
        return self._pass(self.positions(order))

    def revalue(self, current: Pass) -> Pass:
        """The results valued with the values of ``current``'s ranking."""
        pos = self.empty_pos.copy()
        if self.tied_share and self.m:
            pos[current.order] = shared_places(current.totals[current.order]) - 1
        else:
            pos[current.order] = self.places
        return self._pass(pos)


class KernelPass(Pass):
    """A pass of the table kernel: its ranking at once; totals, own value points and value
    map computed from the kernel when first asked (most passes of a converging round are
    only compared by their ranking, so a pass sets only what it has)."""

    __slots__ = ("_by", "_kernel", "_key", "_pos")

    def __init__(self, order: IntArray, kernel: RoundKernel, pos: IntArray | None,
                 totals: Array | None = None, key: Array | None = None,
                 by: IntArray | None = None):
        """``pos``: the places that valued the pass, or None and ``by``, the ranking whose
        places they are; ``totals`` or ``key``, the sort key they are read from."""
        self.order = order
        self._kernel = kernel
        self._pos = pos
        self._by = by
        self._key = key
        if totals is not None:
            self._totals = totals

    # one valuation, not a cycle's sum
    mult = 1
    parts = ()

    @property
    def totals(self) -> Array:
        try:
            return self._totals
        except AttributeError:
            assert self._key is not None
            tb = self._kernel.tb
            # the totals a sort key holds: (tie-break place - key) / n, exact in float64
            self._totals = ((tb - self._key) / len(tb)).astype(np.int64)
            return self._totals

    @property
    def places(self) -> IntArray:
        if self._pos is None:
            assert self._by is not None
            self._pos = self._kernel.positions(self._by)
        return self._pos

    @property
    def own(self) -> Array:
        try:
            return self._own
        except AttributeError:
            k = self._kernel
            self._own = k.own_fixed if k.own_by_place is None else k.own_by_place.take(self.places)
            return self._own

    @property
    def basis(self) -> Array | tuple[Array, ...]:
        try:
            return self._basis
        except AttributeError:
            self._basis = self._kernel.vt.take(self.places)
            return self._basis
