"""xlwings Lite (Excel on the web and Microsoft 365): the three actions as scripts.

xlwings Lite runs Python (Pyodide) inside Excel's task pane and hands each script the open
workbook as an ``xw.Book``.  These functions run the very same actions as the desktop buttons and
the command line (:mod:`keizer_xl.actions`) through the same transport
(:class:`keizer_xl.clients.excel.XlwingsBook`) and end in one message box (``book.app.alert``).

In Lite's ``main.py`` (see ``templates/xlwings_lite_main.py``)::

    import xlwings as xw
    from xlwings import script

    from keizer_xl.frontends import lite

    @script
    def pair_next_round(book: xw.Book):
        lite.pair_next_round(book)

The functions below are decorated with ``@script`` too (when xlwings is importable), so
``from keizer_xl.frontends.lite import *`` in ``main.py`` may be enough; the explicit wrappers above are
the documented way.  Without xlwings this module still imports (the decorator is a no-op).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from keizer_xl.frontends.excel_buttons import run_action

try:  # xlwings is optional for the package; in Lite it is always there
    import xlwings as xw
    from xlwings import script
except ImportError:  # pragma: no cover - exercised by the test that hides xlwings
    xw = None  # type: ignore[assignment]

    def script(f: Callable | None = None, **_options: Any):  # type: ignore[no-redef]
        return f if f is not None else (lambda g: g)

if TYPE_CHECKING:  # pragma: no cover
    import xlwings as xw  # noqa: F811

__all__ = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway"]


@script
def pair_next_round(book: "xw.Book") -> str:
    """Pair the next round: the Pairings sheet, and the games added to Results."""
    return run_action("pair", book)


@script
def update_standings(book: "xw.Book") -> str:
    """Write the Standings sheet after the last round with results."""
    return run_action("standings", book)


@script
def check_workbook(book: "xw.Book") -> str:
    """List every problem in the workbook, with its sheet and cell."""
    return run_action("check", book)


@script
def pair_round_again(book: "xw.Book") -> str:
    """Pair the round just paired again (late arrivals; boards whose Result is * are kept)."""
    return run_action("repair", book)


@script
def pair_next_round_anyway(book: "xw.Book") -> str:
    """Pair the next round although the previous one still lacks results."""
    return run_action("force", book)
