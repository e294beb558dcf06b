"""The Excel buttons (and xlwings Lite's scripts): one action on the open book, one message box.

The buttons (``macros/KeizerXL.bas``) call ``import keizer_xl.excel as k; k.pair_next_round()``
through xlwings' ``RunPython``; :mod:`keizer_xl.excel` re-exports the entry points below.  Each
runs the command line's action (:mod:`keizer_xl.app.button_actions`) on the open book, unsaved
edits included (:class:`keizer_xl.clients.excel.XlwingsBook`), and ends in one message box worded
by :func:`keizer_xl.frontends.outcome.describe` in Excel's words (the macro
``PairRoundAgain``, never a command-line flag); an unexpected error is logged to
:data:`keizer_xl.frontends.outcome.LOG_FILE`, which the box names.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from keizer_xl.app.button_actions import BUTTON_ACTIONS, ActionRequest, button_action, run_use_case
from keizer_xl.app.workbook import Front
from keizer_xl.app.macro_answer import MacroAnswer
from keizer_xl.clients.excel import XlwingsBook
from keizer_xl.errors import KeizerError
from keizer_xl.frontends import outcome as _outcome
from keizer_xl.frontends.outcome import describe
from keizer_xl.frontends.shown import MAX_LISTED, Done, Outcome

#: The functions the VBA module calls with RunPython (checked by the static tests): the table
#: of button actions' names (app/button_actions.py).
ENTRY_POINTS = tuple(a.function for a in BUTTON_ACTIONS)

#: At most this many lines of problems in a message box (the one limit, outcome.py); the
#: full list goes to a file.
MAX_MESSAGE_LINES = MAX_LISTED

Alert = Callable[[str, str], Any]


def caller_book() -> Any:
    """The workbook whose button was clicked (xlwings is imported only here)."""
    import xlwings as xw

    return xw.Book.caller()


def pair_next_round(book: Any = None) -> str:
    """Button 'Pair next round': Pairings sheet + the games appended to Results."""
    return run_action("pair", book)


def pair_round_again(book: Any = None) -> str:
    """Macro PairRoundAgain: pair the round just paired again (late arrivals)."""
    return run_action("repair", book)


def pair_next_round_anyway(book: Any = None) -> str:
    """Macro PairNextRoundAnyway: pair although the previous round lacks results."""
    return run_action("force", book)


def update_standings(book: Any = None) -> str:
    """Button 'Update standings': the Standings sheet."""
    return run_action("standings", book)


def check_workbook(book: Any = None) -> str:
    """Button 'Check workbook': every problem with its sheet and cell."""
    return run_action("check", book)


def update_ratings(book: Any = None) -> str:
    """Macro UpdateRatings: the Players sheet from the rating_list setting's list."""
    return run_action("ratings", book)


def run_action(action: str, book: Any = None, *, show: Alert | None = None,
               front: Front | None = None) -> str:
    """Run one action on an xlwings book and show the outcome in one message box; the message
    shown.  Never raises: a problem in the workbook is listed, an unexpected error logged.
    The messages are in the workbook's language (the report's, the refusal's)."""
    if book is None:
        book = caller_book()
    answer = answer_action(action, book, front)
    alert: Alert = show or (lambda text, mode: book.app.alert(text, title="Keizer", buttons="ok",
                                                              mode=mode))
    try:
        alert(answer.text, "info" if answer.status == "ok" else "critical")
    except Exception as exc:  # the message box itself failed: keep the text where it can be found
        _outcome.write_log("message box failed", exc, answer.text + "\n")
    return answer.text


def answer_action(action: str, book: Any, front: Front | None = None) -> MacroAnswer:
    """Run one action on an xlwings book; its answer (the one type every front end's action
    answers with, app/macro_answer.py), the message box text in ``text``."""
    # xlwings Lite runs in Pyodide (``sys.platform == 'emscripten'``): its hints name the task
    # pane's scripts; desktop Excel's name the macros
    where = front or (Front.LITE if sys.platform == "emscripten" else Front.EXCEL)
    target: XlwingsBook | None = None
    saved = False  # the xlwings book keeps no list of sheets written; Excel saved it when asked to
    try:
        target = XlwingsBook(book, save=_wants_save(book))
        out, saved = _act(target, action, where)
    except Exception as exc:  # every outcome ends in a readable message box
        out = _describe_failure(exc, where, target)
    return out.answer(action, saved=saved)


def _wants_save(book: Any) -> bool:
    """``Keizer Save`` = TRUE on the xlwings.conf sheet asks Excel to save after each action."""
    try:
        names = {s.name.casefold(): s.name for s in book.sheets}  # Excel's names ignore case
        if "xlwings.conf" not in names:
            return False
        values = book.sheets[names["xlwings.conf"]].used_range.options(ndim=2).value or []
    except Exception:
        return False
    for row in values:
        if row and isinstance(row[0], str) and row[0].strip().casefold() == "keizer save":
            value = row[1] if len(row) > 1 else None
            return value is True or (isinstance(value, str)
                                     and value.strip().casefold() in ("true", "yes", "1"))
    return False


def _act(target: XlwingsBook, key: str, front: Front) -> tuple[Outcome, bool]:
    """Run the button action ``key`` (the table's row: its use case and options) on the open
    book; a check writes nothing, so its problems may go to a file (the full list).  Its
    outcome, and whether Excel saved the book."""
    action = button_action(key)
    if action is None:
        raise KeyError(key)
    report = run_use_case(target, ActionRequest(action.use_case, force=action.force,
                                                repair=action.repair))
    problems = getattr(report, "problems", ()) if not action.writes else ()
    out = describe(report, front, done=Done(
        written=action.writes, saved=target.save_to_disk, messages=tuple(target.messages),
        full_list=_write_report(problems)))
    return out, out.status == "ok" and target.save_to_disk and action.writes


def _describe_failure(exc: BaseException, front: Front = Front.EXCEL,
                      target: XlwingsBook | None = None) -> Outcome:
    """The outcome of a failure, worded by :func:`outcome.describe` in Excel's (Lite's) words,
    the client's messages under it."""
    from keizer_xl.errors import InputError

    expected = isinstance(exc, KeizerError)
    log = None if expected else _outcome.write_log("unexpected error", exc)
    problems = exc.problems if isinstance(exc, InputError) else ()
    done = Done(full_list=_write_report(problems),
                messages=tuple(target.messages) if target is not None else ())
    # a refusal or a problem list comes before any write; after an unexpected error the open
    # book may be partly changed (the xlwings transport writes cell by cell)
    return describe(exc, front, written=False if expected else None, log=log, done=done)


def _write_report(problems: Sequence[object]) -> str | None:
    """The file listing every problem when there are more than a box shows (else None)."""
    if len(problems) <= MAX_MESSAGE_LINES:
        return None
    try:
        path = Path(tempfile.gettempdir()) / "keizer-xl-problems.txt"
        path.write_text("\n".join(map(str, problems)) + "\n", encoding="utf-8")
        return str(path)
    except OSError:
        return None
