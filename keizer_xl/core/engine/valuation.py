"""How each round is valued (KEIZER-RULES.md section 4, ``recalculation`` and its companions):
one small strategy per method, each given the passes of one round (:class:`RoundContext`):
:class:`Prev`, :class:`ExtraPasses`, :class:`Converge` (a longer cycle ranked by the average
of its passes' totals), :class:`ConvergeTwo` (chesspairing's ``scoreIterative``: a pass that
gives back the ranking of two passes before ends with the average of the last two), either
converge from the start ranking (``converge_start start``, chesspairing's stateless ``Score``),
and :class:`Frozen` (each round valued once, never revisited).  :class:`Schedule` says which
applies in round k; :func:`schedule_for` resolves the settings once.  A peer's new rule is a
new strategy here and a line in :func:`schedule_for`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from keizer_xl.core.scoring import Array
from keizer_xl.core.settings import ConvergeCycle, ConvergeStart, Recalculation, Settings
from keizer_xl.core.engine.passes import RoundContext
from keizer_xl.core.engine.step import Outcome, Pass


class Valuation:
    """A way to value one round; :meth:`run` gives its outcome."""

    #: more than one pass per round (the passes then use the round's kernel)
    many = False

    def run(self, ctx: RoundContext) -> Outcome:
        raise NotImplementedError


@dataclass(frozen=True)
class Prev(Valuation):
    """One pass with the values in force (after round k - 1, or the start values)."""

    def run(self, ctx: RoundContext) -> Outcome:
        return Outcome(ctx.first_prev(), 1, 1, True, "")


@dataclass(frozen=True)
class Frozen(Valuation):
    """Round k valued once with V_{k-1}, closed up if someone left this round, and kept with
    exactly those values in every later standing (section 4: never revisited).  The values of
    every round so far and, while nobody has left, the running sum of the rounds are kept in
    the history's memory."""

    def run(self, ctx: RoundContext) -> Outcome:
        step, passes = ctx.step, ctx.passes
        g, ar, k, prev_vals = passes.grid, passes.arithmetic, step.k, step.prev_values
        rows: list[Array] = ctx.memory.setdefault("frozen rows", [])
        rows.append(prev_vals)  # V_{k-1}: values round k, now and in every later standing
        basis = tuple(rows)
        own = passes.values.own(prev_vals, step.active, k)
        if step.active.all():  # nobody has left (yet): a running sum, one round per step
            val_k = prev_vals.take(g.target[:, k])
            column = ar.cells(g.coef[:, k] * val_k + g.fixed[:, k], g.coef[:, k], val_k,
                              g.inexact[:, k])
            running = ctx.memory.get("frozen sum")
            running = column if running is None else running + column
            ctx.memory["frozen sum"] = running
            totals = ar.totals(running + own)
            order = passes.tiebreaks.rank(totals, step.active_idx, step.place_prev, k)
            return Outcome(Pass(order, totals, own, basis), 1, 1, True, "")
        full = passes.evaluate(step, np.array(basis, dtype=g.dtype), own, frozen=True)
        return Outcome(Pass(full.order, full.totals, own, basis), 1, 1, True, "")


@dataclass(frozen=True)
class ExtraPasses(Valuation):
    """The prev pass, then ``n`` more with the ranking each gives."""

    n: int
    many = True

    def run(self, ctx: RoundContext) -> Outcome:
        current = ctx.first_prev()
        chain = ctx.chain(current)
        for _ in range(self.n):
            current = next(chain)
        return Outcome(current, 1, 1 + self.n, True, "")


@dataclass(frozen=True)
class Converge(Valuation):
    """Revalue until the ranking repeats (section 4).  A fixed point converges; a longer
    cycle is ranked by the average of the totals valued with the rankings *of the cycle*
    (the sum over the cycle, divided at output by its length)."""

    max_passes: int
    from_start: bool = False
    many = True

    def run(self, ctx: RoundContext) -> Outcome:
        current = ctx.opening(self.from_start)[1]
        chain = ctx.chain(current)
        seen = {ctx.key(current): 0}
        passes_done = [current]
        passes = 1
        while True:
            if passes >= self.max_passes:
                return ctx.out_of_passes(current, passes)
            nxt = next(chain)
            passes += 1
            key = ctx.key(nxt)
            if key == ctx.key(current):
                return Outcome(nxt, 1, passes, True, "")
            if key in seen:
                # passes_done[i] ranks as nxt does; the totals valued with the rankings of the
                # cycle are those of the passes after it, up to and including nxt
                return ctx.average([*passes_done[seen[key] + 1:], nxt], passes)
            seen[key] = len(passes_done)
            passes_done.append(nxt)
            current = nxt


@dataclass(frozen=True)
class ConvergeTwo(Valuation):
    """``converge_cycle two`` (chesspairing's scoreIterative): revalue until the ranking
    repeats; when a pass gives back the ranking of two passes before (the first compared
    with the ranking the first pass was valued with), rank by the average of the last two
    passes and stop.  Longer cycles run on to ``max_passes``; the last pass then counts."""

    max_passes: int
    from_start: bool = False
    many = True

    def run(self, ctx: RoundContext) -> Outcome:
        first_order, current = ctx.opening(self.from_start)
        chain, max_passes = ctx.chain(current), self.max_passes
        before, last = first_order.tobytes(), current.order.tobytes()
        passes = 1
        while True:
            if passes >= max_passes:
                return ctx.out_of_passes(current, passes)
            nxt = next(chain)
            passes += 1
            order = nxt.order.tobytes()
            if order == last:
                return Outcome(nxt, 1, passes, True, "")
            if order == before:
                return ctx.average([current, nxt], passes)
            before, last = last, order
            current = nxt


@dataclass(frozen=True)
class Schedule:
    """The valuation of each round: the first of ``steps`` (from round, strategy) whose
    round has come."""

    steps: tuple[tuple[int, Valuation], ...]

    def for_round(self, k: int) -> Valuation:
        for first, valuation in self.steps:
            if k >= first:
                return valuation
        raise ValueError(f"no valuation for round {k}")

    @property
    def frozen(self) -> bool:
        return any(isinstance(v, Frozen) for _, v in self.steps)


#: ``converge_cycle`` -> the converging strategy (average any cycle; chesspairing's two-cycle)
CONVERGES: dict[ConvergeCycle, type[Converge] | type[ConvergeTwo]] = {
    ConvergeCycle.AVERAGE: Converge, ConvergeCycle.TWO: ConvergeTwo,
}


def schedule_for(s: Settings) -> Schedule:
    """The settings' valuation per round, resolved once."""
    if s.recalculation == Recalculation.FROZEN:
        return Schedule(((1, Frozen()),))
    converge = CONVERGES[s.converge_cycle](s.max_passes,
                                           s.converge_start == ConvergeStart.START)
    if s.recalculation == Recalculation.CONVERGE:
        return Schedule(((1, converge),))
    steps: list[tuple[int, Valuation]] = []
    if s.converge_from_round is not None:  # converges from that round, extra passes or not
        steps.append((s.converge_from_round, converge))
    if s.extra_passes:
        steps.append((s.extra_passes_from_round, ExtraPasses(s.extra_passes)))
    return Schedule((*steps, (1, Prev())))
