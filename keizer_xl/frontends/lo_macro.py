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

from keizer_xl.i18n import N_, shown_translator as _tr

ACTIONS = ("pair", "standings", "check")


TITLES = {"pair": N_("Pair next round"), "standings": N_("Update standings"), "check": N_("Check")}
EXIT_CODES = {"ok": 0, "problems": 1, "refused": 1, "error": 1, "usage": 2}

#: at most this many problems are listed in a message box (all are in the result)
MAX_LISTED = 25

#: the outcome handed to the macro: plain JSON-able data (see the module docstring)
Result = dict[str, Any]


def outcome(action: str, status: str, text: str, **extra: Any) -> Result:
    from keizer_xl.i18n import shown_language

    title = _tr()(TITLES[action]) if action in TITLES else action
    out: Result = {"action": action, "status": status, "exit_code": EXIT_CODES[status],
           "title": f"keizer-xl: {title}", "text": text, "problems": [],
           "notes": [], "messages": [], "written": [], "saved": False, "report": None,
           "language": shown_language()}
    out.update(extra)
    return out


def run(action: str, doc: Any, options: dict[str, Any] | None = None) -> Result:
    """Run ``action`` (pair, standings or check) on the open spreadsheet ``doc``.

    The messages are in the workbook's language (its ``language`` setting, else its sheet
    names), or in ``options["language"]`` when given (``keizer-xl lo-run --language``)."""
    from keizer_xl.i18n import front_end_run

    options = dict(options or {})
    with front_end_run(options.get("language") or None):
        return _run(action, doc, options)


def _run(action: str, doc: Any, options: dict[str, Any]) -> Result:
    if "headless" not in options:
        options["headless"] = not _has_window(doc)
    if action not in ACTIONS:
        tr = _tr()
        return outcome(action, "usage", tr("Unknown action {action!r} (pair, standings or "
                                           "check).", action=action))
    try:
        from keizer_xl.clients.libreoffice import LibreOfficeError, UnoBook
    except Exception as exc:  # pragma: no cover - a broken installation
        return outcome(action, "error", f"keizer-xl could not be loaded: {exc}",
                       detail=traceback.format_exc())
    try:
        book = UnoBook(doc, store=options.get("store", True))
    except LibreOfficeError as exc:
        return _failure(action, exc)
    undo = _UndoContext(doc, f"keizer-xl: {_tr()(TITLES[action])}")
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
            tr = _tr()
            result["text"] += "\n\n" + tr("The changes made before the error were taken back.")
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
    from keizer_xl.i18n import translate
    from keizer_xl.sheets import schema

    tr = _tr()

    def sheet(canonical: str) -> str:  # the name the workbook's own language gives it
        from keizer_xl.i18n import seen_book_language

        lang = seen_book_language() or schema.language_of_sheets(book.sheet_names())
        return schema.sheet_name(canonical, lang)

    if action == "check":
        problems, warnings = actions.check_workbook(book)
        tr = _tr()  # the workbook's language is known now
        notes = [translate(n, tr) for n in warnings]
        if problems:
            listed = [str(p) for p in problems]
            return outcome(action, "problems", _problem_text(listed), problems=listed,
                           notes=notes)
        text = tr("No problems found.")
        if notes:
            text += " " + tr(N_("{n} warning:") if len(notes) == 1 else N_("{n} warnings:"),
                             n=len(notes)) + "\n\n" + \
                "\n".join(f"- {n}" for n in notes[:MAX_LISTED])
        return outcome(action, "ok", text, notes=notes)
    if action == "standings":
        after = options.get("round")
        standings = actions.update_standings(book, None if after is None else int(after))
        tr = _tr()
        rows = standings_rows(standings)
        st = standings.standing
        text = tr("Standings after round {round} written to the sheet {sheet} ({n} players).",
                  round=st.round, sheet=sheet("Standings"), n=len(rows))
        if rows:
            text += "\n" + tr("Leader: {name} ({score} points).", name=rows[0]["name"],
                              score=f"{rows[0]['score']:.2f}")
        notes = [translate(n, tr) for n in standings.notes]
        if notes:
            text += "\n\n" + "\n".join(tr("Note: {note}", note=n) for n in notes[:MAX_LISTED])
        return outcome(action, "ok", text, notes=notes, report=rows)
    rnd = options.get("round")
    pairing = actions.pair_next_round(book, None if rnd is None else int(rnd),
                                     force=bool(options.get("force")),
                                     repair=bool(options.get("repair")))
    tr = _tr()
    p = pairing.pairing
    n = len(p.boards)
    if pairing.repaired:
        text = tr(N_("Round {round} paired again: {n} board") if n == 1
                  else N_("Round {round} paired again: {n} boards"), round=p.round, n=n)
    else:
        text = tr(N_("Round {round} paired: {n} board") if n == 1
                  else N_("Round {round} paired: {n} boards"), round=p.round, n=n)
    if p.bye:
        text += tr(", bye: {name}", name=p.bye)
    text += ". " + tr("Written to the sheet {pairings}; the games were added to {results}.",
                      pairings=sheet("Pairings"), results=sheet("Results"))
    notes = [translate(n, tr) for n in p.notes]
    if notes:
        text += "\n\n" + "\n".join(tr("Note: {note}", note=n) for n in notes[:MAX_LISTED])
    # the report is data (as `pair --format json` prints it): its notes stay English
    return outcome(action, "ok", text, notes=notes, report=pairing.as_json())


def _problem_text(problems: list[str]) -> str:
    n = len(problems)
    tr = _tr()
    head = tr(N_("{n} problem found; nothing was written. Fix it and try again:") if n == 1
              else N_("{n} problems found; nothing was written. Fix them and try again:"),
              n=n) + "\n\n"
    listed = "\n".join(problems[:MAX_LISTED])
    if n > MAX_LISTED:
        listed += "\n" + tr("... and {n} more (the Check button lists them all).",
                            n=n - MAX_LISTED)
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
