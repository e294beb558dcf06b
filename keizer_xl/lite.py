"""xlwings Lite actions under the name the shipped ``main.py`` imports (``from keizer_xl import
lite``): a name users paste into their workbooks, so it stays; the code lives in
:mod:`keizer_xl.frontends.lite` (plain functions: ``main.py``'s own ``@script`` functions call
them)."""
from keizer_xl.frontends.lite import (check_workbook, pair_next_round, pair_next_round_anyway,
                                      pair_round_again, update_ratings, update_standings)

__all__ = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway", "update_ratings"]
