"""What the LibreOffice macro (``macros/keizer_xl_lo.py``) runs: one action on an open document.

:func:`run` builds a :class:`~keizer_xl.clients.libreoffice.UnoBook`, runs the action of
:mod:`keizer_xl.app.button_actions` (the same code as the command line and the Excel buttons),
stores the document when something was written and returns the outcome as a
:class:`~keizer_xl.app.macro_answer.MacroAnswer` (``to_json``) for the message box or
``lo-run``'s result file; it never raises.  Its options are an ``ActionRequest`` as JSON (its
``front``: ``libreoffice`` for a button, ``cli`` for ``lo-run`` and ``pair club.ods``, which
then print what the command line prints for an ``.xlsx``) plus the macro's ``headless``,
``store``, ``url`` and ``result``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from keizer_xl.app.button_actions import BUTTON_ACTIONS, USE_CASES, ActionRequest, run_use_case
from keizer_xl.app.workbook import Front
from keizer_xl.i18n import translator
import contextlib

if TYPE_CHECKING:
    from keizer_xl.app.macro_answer import MacroAnswer
    from keizer_xl.frontends.shown import Outcome

#: a box's title for each use case the macro runs (the table of button actions)
TITLES = {a.use_case: a.title for a in reversed(BUTTON_ACTIONS)}

def run(action: str, doc: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run ``action`` (pair, standings or check) on the open spreadsheet ``doc``.

    The messages are in the workbook's language (its ``language`` setting, else its sheet
    names), or in the request's ``language`` when given (``keizer-xl lo-run --language``)."""
    options = dict(options or {})
    request = ActionRequest.from_json({**options, "action": action})
    # the macro file (installed on its own, maybe older) takes JSON data
    return _run(request, doc, options).to_json()


def _answer(request: ActionRequest, out: Outcome, book: Any = None) -> MacroAnswer:
    title = (translator(out.language)(TITLES[request.action]) if request.action in TITLES
             else request.action)
    out = replace(out, title=f"keizer-xl: {title}")
    if book is None:
        return out.answer(request.action)
    written = list(book.written)
    return out.answer(request.action, written=written, saved=bool(book.saved),
                      frozen={name: rows for name, rows in book.frozen.items() if name in written})


def _run(request: ActionRequest, doc: Any, options: dict[str, Any]) -> MacroAnswer:
    from keizer_xl.errors import UsageError, Message

    headless = options["headless"] if "headless" in options else not _has_window(doc)
    front = request.front
    try:  # an unknown action, a broken installation, a document UnoBook cannot take
        if request.action not in USE_CASES:
            raise UsageError(Message("Unknown action {action!r} (pair, standings or check).",
                                     action=request.action))
        from keizer_xl.clients.libreoffice import UnoBook

        book = UnoBook(doc, store=options.get("store", True))
    except Exception as exc:
        return _answer(request, _failure(exc, front, lang=request.language))
    undo = _UndoContext(doc, f"keizer-xl: {translator(request.language)(TITLES[request.action])}")
    try:
        with undo:
            report = run_use_case(book, request)  # the table's one dispatch
    except Exception as exc:
        # written: stored to the file already (then saying "nothing was written" would lie);
        # a change not stored is taken back below, or lost with a headless document
        written = bool(book.saved)
        # take back a half-done write in the user's window (headless nothing is saved anyway,
        # and LibreOffice 7.4 crashes undoing a sheet insertion in a document without a window)
        rolled_back = bool(book.modified and not headless)
        if rolled_back:
            undo.roll_back()
            book.written.clear()
        out = _failure(exc, front, written=written, messages=tuple(book.messages),
                       rolled_back=rolled_back, lang=request.language)
        return _answer(request, out, book)
    out = describe_done(request, report, book)
    if book.written and not headless:  # interactive: show the sheet just written
        with contextlib.suppress(Exception):
            controller = doc.getCurrentController()
            if controller is not None and doc.Sheets.hasByName(book.written[-1]):
                controller.setActiveSheet(doc.Sheets.getByName(book.written[-1]))
    return _answer(request, out, book)


def describe_done(request: ActionRequest, report: object, book: Any) -> Outcome:
    """The outcome of ``report`` worded for the request's front end (what ``run`` returns)."""
    from keizer_xl.frontends.outcome import describe
    from keizer_xl.frontends.shown import Done
    done = Done(book=request.label, written=bool(book.written),
                saved=bool(book.saved) or not book.written, messages=tuple(book.messages),
                format=request.format)
    return describe(report, request.front, done=done, lang=request.language)


def _failure(exc: BaseException, front: Front = Front.LIBREOFFICE, written: bool | None = False,
             messages: tuple[str, ...] = (), rolled_back: bool = False,
             lang: str | None = None) -> Outcome:
    """A failure as :func:`keizer_xl.frontends.outcome.describe` words it for ``front``
    (the macro's box, or the command line for ``lo-run``), the client's messages after it;
    in ``lang`` (``--language``), else the language the failure carries, else English."""
    from keizer_xl.errors import KeizerError
    from keizer_xl.frontends.outcome import describe, write_log
    from keizer_xl.frontends.shown import Done

    expected = isinstance(exc, KeizerError)
    log = None if expected else write_log("LibreOffice macro", exc)
    return describe(exc, front, written=False if expected else written, log=log, lang=lang,
                    done=Done(messages=messages, rolled_back=rolled_back))


class _UndoContext:
    """Group the action's changes into one undo step; roll them back after a crash."""

    def __init__(self, doc: Any, title: str):
        self.doc = doc
        self.title = title
        self.manager: Any = None
        self.closed = False
        self.locked = False

    def __enter__(self) -> _UndoContext:
        try:
            self.manager = self.doc.getUndoManager()
            self.manager.enterUndoContext(self.title)
        except Exception:
            self.manager = None
        with contextlib.suppress(Exception):
            self.doc.lockControllers()
            self.locked = True
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> Literal[False]:
        if self.locked:
            with contextlib.suppress(Exception):
                self.doc.unlockControllers()
        if self.manager is not None:
            with contextlib.suppress(Exception):
                self.manager.leaveUndoContext()
                self.closed = True
        return False

    def roll_back(self) -> None:
        """Undo the step just closed (call only when the action changed the document)."""
        with contextlib.suppress(Exception):
            if self.manager is not None and self.closed:
                self.manager.undo()


def _has_window(doc: Any) -> bool:
    try:
        window = doc.getCurrentController().getFrame().getContainerWindow()
        return bool(window is not None and window.isVisible())
    except Exception:
        return False
