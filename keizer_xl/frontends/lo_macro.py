"""What the LibreOffice macro (``macros/keizer_xl_lo.py``) runs: one action on an open document.

:func:`run` builds a :class:`~keizer_xl.clients.libreoffice.UnoBook` on the document, runs the action
of :mod:`keizer_xl.actions` (the same code as the command line and the Excel buttons), stores
the document when something was written, and returns the outcome as a plain dict that the macro
shows in a message box or writes to a result file for ``keizer-xl lo-run``.  It never raises:
every failure becomes an outcome with a readable message.

Outcome keys: ``action``, ``status`` (``ok``, ``problems``, ``refused``, ``usage``, ``error``),
``exit_code`` (0, 1 or 2 as the command line), ``title``, ``text`` (the message for the user),
``problems`` (``Sheet!Cell: message`` each), ``notes``, ``messages``, ``written`` (sheets),
``saved``, ``report`` (the pairing or the standings as JSON-able data); for a refusal
``reason`` and ``hint`` (the hint key, see :mod:`keizer_xl.frontends.outcome`) and, for an
unexpected error, ``detail`` (the traceback, also written to the log file the text names).
Statuses and exit codes are those of :func:`keizer_xl.frontends.outcome.describe`.
"""
from __future__ import annotations

import traceback
from typing import Any, Literal

ACTIONS = ("pair", "standings", "check")
TITLES = {"pair": "Pair next round", "standings": "Update standings", "check": "Check"}
EXIT_CODES = {"ok": 0, "problems": 1, "refused": 1, "error": 1, "usage": 2}

#: at most this many problems are listed in a message box (all are in the result)
MAX_LISTED = 25

#: the outcome handed to the macro: plain JSON-able data (see the module docstring)
Result = dict[str, Any]


def outcome(action: str, status: str, text: str, **extra: Any) -> Result:
    out: Result = {"action": action, "status": status, "exit_code": EXIT_CODES[status],
           "title": f"keizer-xl: {TITLES.get(action, action)}", "text": text, "problems": [],
           "notes": [], "messages": [], "written": [], "saved": False, "report": None}
    out.update(extra)
    return out


def run(action: str, doc: Any, options: dict[str, Any] | None = None) -> Result:
    """Run ``action`` (pair, standings or check) on the open spreadsheet ``doc``."""
    options = dict(options or {})
    if "headless" not in options:
        options["headless"] = not _has_window(doc)
    if action not in ACTIONS:
        return outcome(action, "usage", f"Unknown action {action!r} (pair, standings or check).")
    try:
        from keizer_xl.clients.libreoffice import LibreOfficeError, UnoBook
    except Exception as exc:  # pragma: no cover - a broken installation
        return outcome(action, "error", f"keizer-xl could not be loaded: {exc}",
                       detail=traceback.format_exc())
    try:
        book = UnoBook(doc, store=options.get("store", True))
    except LibreOfficeError as exc:
        return _failure(action, exc)
    undo = _UndoContext(doc, f"keizer-xl: {TITLES[action]}")
    try:
        with undo:
            result = _dispatch(action, book, options)
    except Exception as exc:  # noqa: BLE001 - every failure becomes a message
        # written: stored to the file already (then saying "nothing was written" would lie);
        # a change not stored is taken back below, or lost with a headless document
        result = _failure(action, exc, written=True if book.saved else False)
        # take back a half-done write in the user's window (headless nothing is saved anyway,
        # and LibreOffice 7.4 crashes undoing a sheet insertion in a document without a window)
        if book.modified and not options.get("headless"):
            undo.roll_back()
            book.written.clear()
            result["text"] += "\n\nThe changes made before the error were taken back."
    result["messages"] = list(book.messages) + result.get("messages", [])
    result["written"] = list(book.written)
    result["frozen"] = {name: rows for name, rows in book.frozen.items() if name in book.written}
    result["saved"] = book.saved
    if result["messages"]:
        result["text"] += "\n\n" + "\n".join(result["messages"])
    if result["status"] == "ok" and book.written:
        _show_sheet(doc, book.written[-1], options)
    return result


def _dispatch(action: str, book: Any, options: dict[str, Any]) -> Result:
    from keizer_xl import actions
    from keizer_xl.frontends.render import standings_rows

    if action == "check":
        problems, notes = actions.check_workbook(book)
        if problems:
            listed = [str(p) for p in problems]
            return outcome(action, "problems", _problem_text(listed), problems=listed,
                           notes=list(notes))
        text = "No problems found."
        if notes:
            text += f" {len(notes)} warning{'s' if len(notes) != 1 else ''}:\n\n" + \
                    "\n".join(f"- {n}" for n in notes[:MAX_LISTED])
        return outcome(action, "ok", text, notes=list(notes))
    if action == "standings":
        after = options.get("round")
        standings = actions.update_standings(book, None if after is None else int(after))
        rows = standings_rows(standings)
        st = standings.standing
        text = f"Standings after round {st.round} written to the sheet Standings " \
               f"({len(rows)} players)."
        if rows:
            text += f"\nLeader: {rows[0]['name']} ({rows[0]['score']:.2f} points)."
        notes = list(standings.notes)
        if notes:
            text += "\n\n" + "\n".join(f"Note: {n}" for n in notes[:MAX_LISTED])
        return outcome(action, "ok", text, notes=notes, report=rows)
    rnd = options.get("round")
    pairing = actions.pair_next_round(book, None if rnd is None else int(rnd),
                                     force=bool(options.get("force")),
                                     repair=bool(options.get("repair")))
    p = pairing.pairing
    text = f"Round {p.round} paired{' again' if pairing.repaired else ''}: {len(p.boards)} " \
           f"board{'s' if len(p.boards) != 1 else ''}"
    if p.bye:
        text += f", bye: {p.bye}"
    text += ". Written to the sheet Pairings; the games were added to Results."
    if p.notes:
        text += "\n\n" + "\n".join(f"Note: {n}" for n in p.notes[:MAX_LISTED])
    return outcome(action, "ok", text, notes=list(p.notes), report=pairing.as_json())


def _problem_text(problems: list[str]) -> str:
    n = len(problems)
    head = f"{n} problem{'s' if n != 1 else ''} found; nothing was written. Fix " \
           f"{'them' if n != 1 else 'it'} and try again:\n\n"
    listed = "\n".join(problems[:MAX_LISTED])
    if n > MAX_LISTED:
        listed += f"\n... and {n - MAX_LISTED} more (the Check button lists them all)."
    return head + listed


def _failure(action: str, exc: BaseException, written: bool | None = False) -> Result:
    """A failure as :func:`keizer_xl.frontends.outcome.describe` words it for LibreOffice.

    A refusal keeps its reason and hint key apart too (``reason``, ``hint``), so that
    ``keizer-xl lo-run`` can word the way out for the command line (``--force``) while the
    message box names the macro (``pair_next_round_anyway``)."""
    from keizer_xl.errors import KeizerError
    from keizer_xl.frontends.outcome import describe, write_log

    expected = isinstance(exc, KeizerError)
    log = None if expected else write_log(f"LibreOffice macro: {action}", exc)
    out = describe(exc, "libreoffice", written=False if expected else written, log=log)
    if out.status == "problems":
        listed = list(out.problems)
        return outcome(action, "problems", _problem_text(listed), problems=listed)
    if out.status == "error":
        return outcome(action, "error", "\n\n".join(out.lines), detail=traceback.format_exc())
    text = out.lines[0]
    text = text if text.endswith((".", "?", "!")) else text + "."
    return outcome(action, out.status, "\n\n".join([text, *out.lines[1:]]),
                   reason=out.message, hint=out.hint)


class _UndoContext:
    """Group the action's changes into one undo step; roll them back after a crash."""

    def __init__(self, doc: Any, title: str):
        self.doc = doc
        self.title = title
        self.manager: Any = None
        self.closed = False
        self.locked = False

    def __enter__(self) -> "_UndoContext":
        try:
            self.manager = self.doc.getUndoManager()
            self.manager.enterUndoContext(self.title)
        except Exception:
            self.manager = None
        try:
            self.doc.lockControllers()
            self.locked = True
        except Exception:
            pass
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> Literal[False]:
        if self.locked:
            try:
                self.doc.unlockControllers()
            except Exception:
                pass
        if self.manager is not None:
            try:
                self.manager.leaveUndoContext()
                self.closed = True
            except Exception:
                pass
        return False

    def roll_back(self) -> None:
        """Undo the step just closed (call only when the action changed the document)."""
        try:
            if self.manager is not None and self.closed:
                self.manager.undo()
        except Exception:
            pass


def _has_window(doc: Any) -> bool:
    try:
        window = doc.getCurrentController().getFrame().getContainerWindow()
        return bool(window is not None and window.isVisible())
    except Exception:
        return False


def _show_sheet(doc: Any, name: str, options: dict[str, Any]) -> None:
    """Interactive: show the sheet just written."""
    if options.get("headless"):
        return
    try:
        controller = doc.getCurrentController()
        if controller is not None and doc.Sheets.hasByName(name):
            controller.setActiveSheet(doc.Sheets.getByName(name))
    except Exception:
        pass
