"""xlwings Lite (Excel on the web and Microsoft 365): the actions as plain functions.

xlwings Lite runs Python (Pyodide) inside Excel's task pane and hands each script the open
workbook as an ``xw.Book`` (the remote engine, ``xlwings.pro._xlremote``).  These functions run
the very same actions as the desktop buttons and the command line
(:mod:`keizer_xl.app.button_actions`)
through the same transport (:class:`keizer_xl.clients.excel.XlwingsBook`) and end in one message
box (``book.app.alert``, which Lite shows after the script returns).

They are plain synchronous functions on purpose.  In Lite ``from xlwings import script`` is the
server decorator, which turns the function it decorates into a coroutine function; decorating
these here would make ``lite.pair_next_round(book)`` in the user's ``main.py`` return a
coroutine that nobody awaits (no action, no message).  ``main.py`` (shipped as
``templates/xlwings_lite_main.py``) decorates its own small functions and calls these::

    import xlwings as xw
    from xlwings import script

    from keizer_xl import lite

    @script
    def pair_next_round(book: xw.Book):
        lite.pair_next_round(book)

The messages speak of the scripts of the task pane where the desktop ones speak of macros
(Alt+F8 does not exist in Lite).
"""
from __future__ import annotations

from typing import Any

from keizer_xl.frontends.excel_buttons import run_action

__all__ = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway", "update_ratings"]

def _run(action: str, book: Any) -> str:
    # the outcome function words the hints for Lite (the scripts of main.py, no Alt+F8)
    return run_action(action, book, front="lite")


def pair_next_round(book: Any) -> str:
    """Pair the next round: the Pairings sheet, and the games added to Results."""
    return _run("pair", book)


def update_standings(book: Any) -> str:
    """Write the Standings sheet after the last round with results."""
    return _run("standings", book)


def check_workbook(book: Any) -> str:
    """List every problem in the workbook, with its sheet and cell."""
    return _run("check", book)


def pair_round_again(book: Any) -> str:
    """Pair the round just paired again (late arrivals; boards whose Result is * are kept)."""
    return _run("repair", book)


def pair_next_round_anyway(book: Any) -> str:
    """Pair the next round although the previous one still lacks results."""
    return _run("force", book)


def update_ratings(book: Any) -> str:
    """Ratings and ids on the Players sheet from the list the rating_list setting names."""
    return _run("ratings", book)
