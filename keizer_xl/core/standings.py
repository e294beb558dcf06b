"""The standings engine's public names, where callers have always imported them from; the
engine itself is the package :mod:`keizer_xl.core.engine` (strategies, issue 27)."""
from keizer_xl.core.engine import (Engine, compute_history, compute_standing, History, Standing, StandingRow,
                                   fits_int64, round_to_unit, rating_order, start_order)

__all__ = ["Engine", "History", "Standing", "StandingRow", "compute_history",
           "compute_standing", "fits_int64", "rating_order", "round_to_unit", "start_order"]
