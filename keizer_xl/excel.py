"""The Excel buttons' entry points, under the name the workbooks call.

Every button-ready workbook runs ``import keizer_xl.excel as k; k.pair_next_round()`` (see
``macros/KeizerXL.bas``), so this module name is part of what users' files depend on and must
not move; the code lives in :mod:`keizer_xl.frontends.excel_buttons`.
"""
from keizer_xl.frontends.excel_buttons import (check_workbook, pair_next_round,
                                               pair_next_round_anyway, pair_round_again,
                                               update_ratings, update_standings)

__all__ = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway", "update_ratings"]
