"""xlwings Lite (Excel on the web and Microsoft 365): the button actions as plain functions.

They run the same actions as the desktop buttons (:mod:`keizer_xl.app.button_actions`) through
:class:`keizer_xl.clients.excel.XlwingsBook` and end in one ``book.app.alert``.  They are
synchronous on purpose: Lite's ``@script`` makes a coroutine function, so ``main.py``
(``templates/xlwings_lite_main.py``, docs/excel.md) decorates its own small functions that
call these.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from keizer_xl.app.button_actions import BUTTON_ACTIONS
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.excel_buttons import run_action

def _script(action: str, doc: str) -> Callable[[Any], str]:
    def script(book: Any) -> str:
        # front="lite": the outcome words the hints for Lite (the scripts of main.py, no Alt+F8)
        return run_action(action, book, front=Front.LITE)

    # the name the table gives it (what tracebacks and main.py's scripts show)
    script.__name__ = script.__qualname__ = next(a.function for a in BUTTON_ACTIONS
                                                 if a.key == action)
    script.__doc__ = doc
    return script


pair_next_round = _script("pair", "Pair the next round: the Pairings sheet, and the games added "
                          "to Results.")
update_standings = _script("standings", "Write the Standings sheet after the last round with "
                           "results.")
check_workbook = _script("check", "List every problem in the workbook, with its sheet and cell.")
pair_round_again = _script("repair", "Pair the round just paired again (late arrivals; boards "
                           "whose Result is * are kept).")
pair_next_round_anyway = _script("force", "Pair the next round although the previous one still "
                                 "lacks results.")
update_ratings = _script("ratings", "Ratings and ids on the Players sheet from the list the "
                         "rating_list setting names.")
