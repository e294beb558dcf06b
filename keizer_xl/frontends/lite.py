"""xlwings Lite (Excel on the web and Microsoft 365): the actions as plain functions.

xlwings Lite runs Python (Pyodide) inside Excel's task pane and hands each script the open
workbook as an ``xw.Book`` (the remote engine, ``xlwings.pro._xlremote``).  These functions run
the very same actions as the desktop buttons and the command line (:mod:`keizer_xl.actions`)
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

from keizer_xl.clients.excel import _alert, run_action

__all__ = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway"]

#: The desktop message text -> what a Lite user does instead (the scripts of main.py).
LITE_WORDING = (
    ("use the macro PairRoundAgain to pair it again (Developer > Macros, or Alt+F8)",
     "run the script pair_round_again (xlwings Lite task pane) to pair it again"),
    ("or run the macro PairNextRoundAnyway to pair anyway (Developer > Macros, or Alt+F8)",
     "or run the script pair_next_round_anyway (xlwings Lite task pane) to pair anyway"),
)


def lite_text(text: str) -> str:
    """A desktop message in Lite's words."""
    for desktop, lite in LITE_WORDING:
        text = text.replace(desktop, lite)
    return text


def _run(action: str, book: Any) -> str:
    shown: list[str] = []

    def show(text: str, mode: str) -> None:
        shown.append(lite_text(text))
        _alert(book, shown[-1], mode)

    return lite_text(run_action(action, book, show=show))


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
