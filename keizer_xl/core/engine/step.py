"""What a round of the history starts from and what a valuation pass gives (the values the
strategies of :mod:`.valuation` and the passes of :mod:`.passes` and :mod:`.kernel` pass on)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[Any]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

__all__ = ["Outcome", "Pass", "Step"]


@dataclass(frozen=True)
class Step:
    """What one round of the history starts from."""

    k: int
    active: BoolArray  # who is in the ranking after round k
    active_idx: IntArray  # the active players in the previous ranking's order
    prev_values: Array  # V_{k-1} (closed up when a player left)
    place_prev: IntArray  # previous place per player (tie-break "previous")
    #: the ranking ``prev_values`` are the place values of (None: not simply that: values by
    #: rating, shared places)
    prev_order: IntArray | None = None


class Pass:
    """One valuation pass: totals and per-round points with one value map, and the ranking.

    ``own`` (the own value's points) and ``basis`` (the value map, frozen: one per round; a
    cycle: the sum of ``mult`` maps, ``parts``) may be left to ``fill``, which gives both when
    first asked, and the totals may be given as ``negated``, float64 holding exact integers:
    the many passes of a converging round need only the ranking."""

    __slots__ = ("order", "mult", "parts", "_totals", "_negated", "_own", "_basis", "_fill")

    def __init__(self, order: IntArray, totals: Array | None = None, own: Array | None = None,
                 basis: Array | tuple[Array, ...] | None = None, mult: int = 1,
                 parts: tuple[Array, ...] = (),
                 fill: Callable[[], tuple[Array, Array]] | None = None,
                 negated: Array | None = None):
        self.order, self.mult, self.parts = order, mult, parts
        self._totals, self._negated = totals, negated
        self._own, self._basis, self._fill = own, basis, fill

    @property
    def totals(self) -> Array:
        """The totals (integers over the scale)."""
        if self._totals is None:
            if self._negated is None:
                raise ValueError("a pass without its totals")
            self._totals = (-self._negated).astype(np.int64)
        return self._totals

    def _filled(self) -> None:
        if self._fill is None:
            raise ValueError("a pass without its own value points or value map")
        self._own, self._basis = self._fill()
        self._fill = None

    @property
    def own(self) -> Array:
        if self._own is None:
            self._filled()
        assert self._own is not None
        return self._own

    @property
    def basis(self) -> Array | tuple[Array, ...]:
        if self._basis is None:
            self._filled()
        assert self._basis is not None
        return self._basis


@dataclass(frozen=True)
class Outcome:
    final: Pass
    divisor: int  # > 1: the averaged totals of a cycle (sums over ``divisor`` passes)
    passes: int
    converged: bool
    note: str
