"""What a round of the history starts from and what a valuation pass gives (the values the
strategies of :mod:`.valuation` and the passes of :mod:`.passes` and :mod:`.kernel` pass on)."""
from __future__ import annotations

from dataclasses import dataclass

from keizer_xl.core.scoring import Array, BoolArray, IntArray


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

    ``own``: the own value's points; ``basis``: the value map it was valued with (frozen: one
    per round; a cycle: the sum of ``mult`` maps, ``parts``).  The passes of the table kernel
    (:class:`~keizer_xl.core.engine.kernel.KernelPass`) compute these when first asked."""

    __slots__ = ("_basis", "_own", "_totals", "mult", "order", "parts")

    def __init__(self, order: IntArray, totals: Array, own: Array,
                 basis: Array | tuple[Array, ...], mult: int = 1, parts: tuple[Array, ...] = ()):
        self.order, self.mult, self.parts = order, mult, parts
        self._totals, self._own, self._basis = totals, own, basis

    @property
    def totals(self) -> Array:
        """The totals (integers over the scale)."""
        return self._totals

    @property
    def own(self) -> Array:
        return self._own

    @property
    def basis(self) -> Array | tuple[Array, ...]:
        return self._basis


@dataclass(frozen=True)
class Outcome:
    """How a round's recalculation ended: the final pass, the passes it took, whether
    it converged."""

    final: Pass
    divisor: int  # > 1: the averaged totals of a cycle (sums over ``divisor`` passes)
    passes: int
    converged: bool
    note: str
