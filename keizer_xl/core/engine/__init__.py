"""The Keizer standings engine (KEIZER-RULES.md sections 2-4, 7, 8), as strategies.  Pure.
Its modules and what each owns: docs/architecture.md, "The engine"."""
from keizer_xl.core.engine.arithmetic import fits_int64, round_to_unit
from keizer_xl.core.engine.engine import Engine, compute_history, compute_standing
from keizer_xl.core.engine.order import rating_order, start_order
from keizer_xl.core.engine.standing import History, Standing, StandingRow

__all__ = ["Engine", "History", "Standing", "StandingRow", "compute_history",
           "compute_standing", "fits_int64", "rating_order", "round_to_unit", "start_order"]
