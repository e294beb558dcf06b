"""How amounts are added up (the ``rounding`` and ``float_shares`` settings): one strategy each,
exact integer arithmetic over the season's common ``scale`` (:mod:`.grid`).  :class:`RoundedCells`
rounds every contribution ties away from zero (chesspairing's ``math.Round`` on its x2
integers); :class:`Float64Cells` decides a tie as chesspairing's ``float64(value) * fraction``
would round it.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from keizer_xl.core.scoring import Array
from keizer_xl.core.settings import Rounding, Settings

#: totals are kept in int64 while this bound holds; beyond it, Python integers (object arrays)
INT64_LIMIT = 2 ** 63 - 1


def fits_int64(bound: int) -> bool:
    """True when every number whose absolute value is at most ``bound`` is an exact int64."""
    return bound <= INT64_LIMIT


def round_to_unit(x: Array, unit: int) -> Array:
    """``x`` (integers) rounded to the nearest multiple of ``unit``, ties away from zero (the
    ``rounding`` setting; chesspairing's ``math.Round`` on its x2 integers).  Exact: integer
    floor division, also on Python-integer (object) arrays."""
    q = np.abs(x)  # a new array: the steps below work in place
    q *= 2
    q += unit
    q //= 2 * unit
    q *= unit
    negative = x < 0
    if negative.any():
        q[negative] = -q[negative]
    return q


def binary(x: Fraction) -> bool:
    """True when a binary double holds ``x`` exactly (its denominator is a power of two)."""
    return x.denominator & (x.denominator - 1) == 0


class Arithmetic:
    """Exact: amounts are added as they are (``rounding none``)."""

    #: every contribution is rounded on its own (the per-cell strategies)
    round_cells = False
    #: a cell's share being inexact in binary matters (only :class:`Float64Cells`)
    float_ties = False
    #: :meth:`totals` rounds (only :class:`RoundedTotals`)
    round_totals = False
    #: the season's scale is a multiple of this (the rounding unit, 1/2 or 1 point, a whole
    #: number over it)
    scale_den = 1
    #: how far a rounding moves an amount, in points (the grid's bound adds it)
    slack = 0

    def __init__(self, unit: int):
        self.unit = unit  # the rounding unit over the scale (1/2 or 1 point)

    def cells(self, pts: Array, coef: Array, val: Array, inexact: Array) -> Array:
        """The points of cells ``pts = coef x val + fixed`` as they count (``inexact``: each
        cell's class, grid.Grid.inexact)."""
        return pts

    def own(self, points: Array, mult: int) -> Array:
        """The own value's points (``mult``: the value's multiplier onto the scale)."""
        return points

    def totals(self, totals: Array) -> Array:
        return totals

    def average(self, totals: Array, length: int) -> Array:
        """A cycle's summed totals (``length`` passes) as they are ranked."""
        return totals


Exact = Arithmetic


class RoundedTotals(Arithmetic):
    """``half total`` / ``whole total``: the totals rounded to the unit."""

    round_totals = True
    scale_den = 2
    slack = 1

    def totals(self, totals: Array) -> Array:
        return round_to_unit(totals, self.unit)

    def average(self, totals: Array, length: int) -> Array:
        return round_to_unit(totals, self.unit * length)


class RoundedCells(RoundedTotals):
    """``half`` / ``whole``: every contribution rounded to the unit on its own; the average of
    a cycle is rounded too (chesspairing rounds its x2 average)."""

    round_cells = True
    round_totals = False

    def cells(self, pts: Array, coef: Array, val: Array, inexact: Array) -> Array:
        return self.halved(round_to_unit(pts, self.unit), inexact)

    def halved(self, rounded: Array, inexact: Array) -> Array:
        """``absence_decay halving-all``: a cell whose class (grid.inexact) holds h halvings
        is its rounded amount halved h times, rounded down to the unit (chesspairing shifts
        its x2 integer right: 7 >> 1 = 3, a rounded 3.5 halved is 1.5)."""
        h = np.asarray(inexact, dtype=np.int64) >> 1
        if not h.any():
            return rounded
        out: Array = np.where(h > 0, rounded // (self.unit << h) * self.unit, rounded)
        return out.astype(rounded.dtype)

    def own(self, points: Array, mult: int) -> Array:
        # own values that are whole multiples of the unit (integer values) need no rounding
        return round_to_unit(points, self.unit) if mult % self.unit else points

    def totals(self, totals: Array) -> Array:
        return totals


class Float64Cells(RoundedCells):
    """``float_shares``: chesspairing multiplies ``float64(value) * fraction`` (its options are
    float64) before rounding.  Exactly, only a tie (x.5 units) can come out on the other side:
    45 x 0.35 x 2 = 31.5 is 31.4999... in binary floating point, and Go's math.Round then gives
    31.  Such a tie is moved one scale step toward zero, so that :func:`round_to_unit` rounds
    it as chesspairing does.  Exact: the double products are only compared with the exact
    ones, per distinct (share, value) pair."""

    float_ties = True

    def __init__(self, unit: int, share_den: int, value_den: int):
        super().__init__(unit)
        self.share_den = share_den  # a coefficient is the share x share_den
        self.value_den = value_den
        self._toward_zero: dict[tuple[int, int], int] = {}

    def cells(self, pts: Array, coef: Array, val: Array, inexact: Array) -> Array:
        return self.halved(round_to_unit(self._ties(pts, coef, val, inexact), self.unit),
                           inexact)

    def _ties(self, pts: Array, coef: Array, val: Array, inexact: Array) -> Array:
        unit = self.unit
        cells = np.nonzero(np.asarray(inexact, dtype=np.int64) & 1)
        if not len(cells[0]):
            return pts
        tie = (2 * np.abs(pts[cells])) % (2 * unit) == unit
        if not tie.any():
            return pts
        at = tuple(c[tie] for c in cells)
        coefs = np.broadcast_to(coef, pts.shape)[at].tolist()
        vals = np.broadcast_to(val, pts.shape)[at].tolist()
        steps = [self.step_toward_zero(c, v) for c, v in zip(coefs, vals, strict=True)]
        out = pts.copy()
        out[at] -= np.array(steps, dtype=out.dtype)
        return out

    def step_toward_zero(self, c: int, v: int) -> int:
        """1 (-1) when float64(value) x share lies just below (above) the exact positive
        (negative) product, else 0; cached per (share, value)."""
        step = self._toward_zero.get((c, v))
        if step is None:
            # what float64 gives: each operand correctly rounded (int / int is), then the
            # product; compared exactly with c x v / (share_den x value_den) in integers
            double = (v / self.value_den) * (c / self.share_den)
            num, den = double.as_integer_ratio()
            lhs, rhs = num * self.share_den * self.value_den, c * v * den  # double, exact
            step = 1 if 0 < lhs < rhs else -1 if rhs < lhs < 0 else 0
            self._toward_zero[(c, v)] = step
        return step


#: ``rounding`` -> its strategy and its unit in points
ROUNDINGS: dict[Rounding, tuple[type[Arithmetic], Fraction]] = {
    Rounding.NONE: (Exact, Fraction(1)),
    Rounding.HALF: (RoundedCells, Fraction(1, 2)),
    Rounding.WHOLE: (RoundedCells, Fraction(1)),
    Rounding.HALF_TOTAL: (RoundedTotals, Fraction(1, 2)),
    Rounding.WHOLE_TOTAL: (RoundedTotals, Fraction(1)),
}


#: ``float_shares`` -> the strategy of rounded cells (float64 ties, or exact ones)
FLOAT_SHARES: dict[bool, type[RoundedCells]] = {False: RoundedCells, True: Float64Cells}


def arithmetic_kind(settings: Settings) -> type[Arithmetic]:
    """The strategy of ``rounding`` and ``float_shares`` (which decides the ties of rounded
    cells as float64 would), resolved once."""
    kind = ROUNDINGS[settings.rounding][0]
    return FLOAT_SHARES[settings.float_shares] if kind is RoundedCells else kind


def arithmetic_for(settings: Settings, scale: int, share_den: int,
                   kind: type[Arithmetic]) -> Arithmetic:
    """The strategy ``kind`` (the bundle's: :func:`arithmetic_kind`) over a season's ``scale``."""
    units = int(ROUNDINGS[settings.rounding][1] * scale)  # whole: the scale has the unit's 1/2
    if issubclass(kind, Float64Cells):
        return Float64Cells(units, share_den, scale // share_den)
    return kind(units)
