"""xlwings Lite (Excel on the web and Microsoft 365): the button actions as plain functions.

They run the same actions as the desktop buttons (:mod:`keizer_xl.app.button_actions`) through
:class:`keizer_xl.clients.excel.XlwingsBook` and end in one ``book.app.alert``.  They are
synchronous on purpose: Lite's ``@script`` makes a coroutine function, so ``main.py``
(``templates/xlwings_lite_main.py``, docs/excel.md) decorates its own small functions that
call these.
"""
from __future__ import annotations

from typing import Any

from keizer_xl.frontends.excel_buttons import run_action

__all__ = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway", "update_ratings"]

# front="lite": the outcome words the hints for Lite (the scripts of main.py, no Alt+F8)


def pair_next_round(book: Any) -> str:
    """Pair the next round: the Pairings sheet, and the games added to Results."""
    return run_action("pair", book, front="lite")


def update_standings(book: Any) -> str:
    """Write the Standings sheet after the last round with results."""
    return run_action("standings", book, front="lite")


def check_workbook(book: Any) -> str:
    """List every problem in the workbook, with its sheet and cell."""
    return run_action("check", book, front="lite")


def pair_round_again(book: Any) -> str:
    """Pair the round just paired again (late arrivals; boards whose Result is * are kept)."""
    return run_action("repair", book, front="lite")


def pair_next_round_anyway(book: Any) -> str:
    """Pair the next round although the previous one still lacks results."""
    return run_action("force", book, front="lite")


def update_ratings(book: Any) -> str:
    """Ratings and ids on the Players sheet from the list the rating_list setting names."""
    return run_action("ratings", book, front="lite")
