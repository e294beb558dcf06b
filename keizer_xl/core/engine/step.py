"""What a round of the history starts from and what a valuation pass gives (the values the
strategies of :mod:`.valuation` and the passes of :mod:`.passes` and :mod:`.kernel` pass on)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


@dataclass(slots=True)
class Pass:
    """One valuation pass: totals and per-round points with one value map, and the ranking."""

    order: IntArray
    totals: Array
    own: Array
    basis: Array | tuple[Array, ...]  # the value map (frozen: one per round) it was valued with
    mult: int = 1  # a cycle: ``basis`` is the sum of ``mult`` value maps
    parts: tuple[Array, ...] = ()  # a cycle: those value maps


@dataclass(frozen=True)
class Outcome:
    final: Pass
    divisor: int  # > 1: the averaged totals of a cycle (sums over ``divisor`` passes)
    passes: int
    converged: bool
    note: str
