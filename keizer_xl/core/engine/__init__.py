"""The Keizer standings engine (KEIZER-RULES.md sections 2-4, 7, 8), as strategies.  Pure.

* :mod:`.grid`: the season classified once into integer grids over (player, round), and why
  the arithmetic on them is exact;
* :mod:`.arithmetic`: exact, rounded per cell, rounded totals, float64-emulated ties;
* :mod:`.order`: start order, tie-breaks, display order;
* :mod:`.valuemap`: value maps (by place or rating) and the own value;
* :mod:`.passes`: one valuation pass, and the table kernel for the many passes of a round;
* :mod:`.valuation`: prev, extra passes, converge, chesspairing's two-cycle, frozen;
* :mod:`.bundle`: a preset and its overrides resolved once into those strategies;
* :mod:`.engine`: the history, round by round; :mod:`.standing`: what it gives.
"""
from keizer_xl.core.engine.arithmetic import fits_int64, round_to_unit
from keizer_xl.core.engine.engine import Engine, compute_history, compute_standing
from keizer_xl.core.engine.order import rating_order, start_order
from keizer_xl.core.engine.standing import History, Standing, StandingRow

__all__ = ["Engine", "History", "Standing", "StandingRow", "compute_history",
           "compute_standing", "fits_int64", "rating_order", "round_to_unit", "start_order"]
