"""A valuation pass (KEIZER-RULES.md section 4): every result of rounds 1..k valued with one
value map, ``(coef * V[target] + fixed)[:, :k+1].sum(axis=1)`` plus the own value, each cell as
the arithmetic counts it, ranked by the tie-breaks (:class:`Passes`); the many passes of one
round run on the table kernel of :mod:`.kernel`.  :class:`RoundContext` gives a valuation
strategy (:mod:`.valuation`) the passes of one round.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from keizer_xl.core.scoring import Array, BoolArray, IntArray
from keizer_xl.core.engine.arithmetic import Arithmetic
from keizer_xl.core.engine.grid import Grid
from keizer_xl.core.engine.kernel import KernelTables, RoundKernel
from keizer_xl.core.engine.order import TieBreaks, shared_places
from keizer_xl.core.engine.step import Outcome, Pass, Step
from keizer_xl.core.engine.valuemap import ValueMaps
from keizer_xl.errors import Message


class Passes:
    """Valuation passes over one season's grid."""

    def __init__(self, grid: Grid, arithmetic: Arithmetic, values: ValueMaps,
                 tiebreaks: TieBreaks):
        self.grid, self.arithmetic, self.values, self.tiebreaks = (grid, arithmetic, values,
                                                                   tiebreaks)
        self._tables: KernelTables | None = None

    def kernel(self, step: Step) -> RoundKernel | None:
        """The table kernel of the round (None where it does not apply: values by rating,
        Python integers, a cell with both a share and fixed points)."""
        if self.grid.dtype is object or self.values.by_rating:
            return None
        if self._tables is None:
            self._tables = KernelTables(self.grid, self.arithmetic, self.values, self.tiebreaks)
        kernel = RoundKernel(self._tables, step)
        return kernel if kernel.ok else None

    def points(self, k: int, values: Array, active: BoolArray, frozen: bool) -> Array:
        """Points of rounds 0..k per player (column 0 is zero) with one value map, or with
        ``values`` holding one value map per round (``frozen``: row r-1 values round r)."""
        w = k + 1
        coef, target, inexact = self.grid.cells(k, active, self.arithmetic.float_ties)
        if frozen:
            rows = np.arange(w, dtype=np.int64) - 1
            rows[0] = 0
            val = values[rows[None, :], target]
        else:
            val = values[target]
        pts = self.arithmetic.cells(coef * val + self.grid.fixed[:, :w], coef, val, inexact)
        if not active.all():
            pts[~active] = 0
        return pts

    def evaluate(self, step: Step, values: Array, own: Array, frozen: bool = False) -> Pass:
        """The pass of round ``step.k`` with value map ``values`` (and own value points)."""
        g, k = self.grid, step.k
        if frozen or g.dtype is object or not step.active.all() or self.arithmetic.round_cells:
            totals = self.points(k, values, step.active, frozen).sum(axis=1) + own
        else:
            # the common case without the grid in memory: a row-wise dot product of the
            # coefficients with the targets' values, plus the fixed points so far
            w = k + 1
            totals = np.einsum("ij,ij->i", g.coef[:, :w], values.take(g.target[:, :w]))
            totals += g.fixed_cum[:, k] + own
        totals = self.arithmetic.totals(totals)
        return Pass(self.tiebreaks.rank(totals, step.active_idx, step.place_prev, step.k),
                    totals, own, values)

    def grid_of(self, step: Step, p: Pass, frozen: bool) -> Callable[[], Array]:
        """The per-round points of a pass, computed only when an output asks for them.  They
        are linear in the values, so a cycle's sum over ``mult`` passes is one computation
        with the summed value maps and ``mult`` times the fixed points."""
        def grid() -> Array:
            if p.parts and self.arithmetic.round_cells:  # rounded cells do not add up linearly
                return sum((self.points(step.k, b, step.active, frozen) for b in p.parts[1:]),
                           self.points(step.k, p.parts[0], step.active, frozen))
            basis = (np.array(p.basis, dtype=self.grid.dtype) if isinstance(p.basis, tuple)
                     else p.basis)
            pts = self.points(step.k, basis, step.active, frozen)
            if p.mult != 1:
                pts = pts + (p.mult - 1) * np.where(step.active[:, None],
                                                    self.grid.fixed[:, :step.k + 1], 0)
            return pts
        return grid


class RoundContext:
    """The passes of one round, as a valuation strategy asks for them."""

    def __init__(self, passes: Passes, step: Step, ratings: list[IntArray | None],
                 many: bool, memory: dict[str, Any] | None = None):
        """``many``: the strategy will ask for more than one pass; ``memory``: what a
        strategy keeps from round to round of one history (frozen: every round's values)."""
        self.passes, self.step, self.ratings = passes, step, ratings
        self.memory = memory if memory is not None else {}
        # one pass with float64 ties is cheaper on the tables too (the plain pass decides
        # each tie in Python); other single passes are cheaper plain
        self._use_kernel = many or passes.arithmetic.float_ties
        self._kernel: RoundKernel | None = None

    @property
    def kernel(self) -> RoundKernel | None:
        """The round's table kernel, made when a pass is first asked for (None: the plain
        passes)."""
        if self._use_kernel:
            self._kernel = self.passes.kernel(self.step)
            self._use_kernel = False
        return self._kernel

    @property
    def settings(self) -> Any:
        return self.passes.grid.settings

    def first(self, values: Array, order: IntArray | None = None) -> Pass:
        """Every result of rounds 1..k valued with ``values`` (``order``: the ranking they
        are the place values of, when the caller knows it)."""
        kernel = self.kernel
        if kernel is not None:
            p = kernel.first(values) if order is None else kernel.by_order(order)
            if p is not None:
                return p
        k, active = self.step.k, self.step.active
        return self.passes.evaluate(self.step, values, self.passes.values.own(values, active, k))

    def first_prev(self) -> Pass:
        """Every result of rounds 1..k valued with the values in force (after round k - 1)."""
        return self.first(self.step.prev_values, self.step.prev_order)

    def start_values(self) -> tuple[IntArray, Array]:
        """The start ranking of the players in this round's ranking, and its value map."""
        first_order = np.flatnonzero(self.step.active).astype(np.int64)
        return first_order, self.passes.values.values(first_order, None, self.step.active,
                                                      self.ratings[self.step.k - 1])

    def opening(self, from_start: bool) -> tuple[IntArray, Pass]:
        """The first pass of an iteration and the ranking it was valued with: the values in
        force (the previous ranking), or with ``from_start`` the start ranking's (chesspairing's
        stateless ``Score``)."""
        if not from_start:
            return self.step.active_idx, self.first_prev()
        kernel = self.kernel
        if kernel is not None:  # the start ranking's place values: no value map needed
            first_order = kernel.start_order()
            return first_order, kernel.by_order(first_order)
        first_order, values = self.start_values()
        return first_order, self.first(values, first_order)

    def chain(self, current: Pass) -> Iterator[Pass]:
        """The passes after ``current``, each valued with the values of the ranking of the
        one before (:meth:`revalue` again and again): what a converging loop takes, on the
        kernel's own loop where there is one."""
        kernel = self.kernel
        if kernel is not None and kernel.chained:
            return kernel.chain(current.order)
        revalue = self.revalue if kernel is None else (
            kernel.revalue if kernel.tied_share else lambda p: kernel.by_order(p.order))

        def passes(p: Pass) -> Iterator[Pass]:
            while True:
                p = revalue(p)
                yield p
        return passes(current)

    def revalue(self, current: Pass) -> Pass:
        """One more pass: the results valued with the values of ``current``'s ranking."""
        kernel = self.kernel
        if kernel is not None:
            return kernel.revalue(current)
        step = self.step
        vals = self.passes.values.values(current.order, current.totals, step.active,
                                         self.ratings[step.k])
        return self.passes.evaluate(step, vals, self.passes.values.own(vals, step.active, step.k))

    def key(self, p: Pass) -> bytes:
        """What must repeat for the ranking to repeat (with ``tied_share_value`` the shared
        places too)."""
        if self.passes.values.tied_share:
            return p.order.tobytes() + b"|" + shared_places(p.totals[p.order]).tobytes()
        return p.order.tobytes()

    def out_of_passes(self, current: Pass, passes: int) -> Outcome:
        """``max_passes`` reached without a fixed point (section 4: never loop forever)."""
        return Outcome(current, 1, passes, False,
                       Message("did not converge within max_passes = {max_passes}",
                               max_passes=self.settings.max_passes))

    def average(self, cycle: list[Pass], passes: int) -> Outcome:
        """Rank by the average of the totals valued with the rankings of a cycle (kept as the
        sum over the cycle, divided at output by its length).  With ``rounding`` the average
        is rounded to the unit, ties away from zero (chesspairing rounds its x2 average)."""
        step, dtype = self.step, self.passes.grid.dtype
        totals = sum((c.totals for c in cycle[1:]), cycle[0].totals.copy())
        totals = self.passes.arithmetic.average(totals, len(cycle))
        basis = sum((np.asarray(c.basis) for c in cycle[1:]),
                    np.array(cycle[0].basis, dtype=dtype))
        own = sum((c.own for c in cycle[1:]), cycle[0].own.copy())
        order = self.passes.tiebreaks.rank(totals, step.active_idx, step.place_prev, step.k)
        parts = tuple(np.asarray(c.basis) for c in cycle)
        return Outcome(Pass(order, totals, own, basis, len(cycle), parts), len(cycle), passes,
                       False,
                       Message("the ranking cycles between {n} orders; ranked by the "
                               "average of their totals", n=len(cycle)))
