"""One outcome for every front end: a report or an exception -> (status, exit code, lines).

The command line, the Excel buttons, xlwings Lite and the LibreOffice macro all end an action
here, so the same failure is the same status and the same exit code everywhere
(WORKBOOK-CONTRACT.md):

====== ========= ==============================================================
 code   status    meaning
====== ========= ==============================================================
 0      ok        done (notes and warnings may follow)
 1      problems  the workbook has problems: every one listed, nothing written
 1      refused   the action cannot run now (a round without results, a file
                  open elsewhere, Excel or LibreOffice could not do it)
 1      error     an unexpected error (a bug): a short message and a log file;
                  the traceback only with ``KEIZER_XL_DEBUG=1``
 2      usage     the request makes no sense (missing file, a round that does
                  not exist yet, LibreOffice not installed for ``lo-run``)
====== ========= ==============================================================

An unexpected error keeps exit code 1 (the contract has three codes); scripts that must tell
it apart read the status (``keizer-xl lo-run --format json`` / the macro's result file) or the
line ``keizer-xl: unexpected error`` on standard error.

Actions raise their refusals with a *hint key* (:data:`keizer_xl.errors.HINTS`); the way out
is worded here once per front end (:data:`HINT_WORDS`): ``--repair`` on the command line, the
macro ``PairRoundAgain`` in Excel, the script ``pair_round_again`` in Lite, the macro
``pair_round_again`` in LibreOffice.

:func:`describe` is pure: the caller writes the log first (:func:`write_log`) and passes its
path, and says whether the workbook had been written when the failure came (``written``), so
the message never claims "nothing was written" after a write.
"""
from __future__ import annotations

import datetime as _dt
import os
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Sequence, cast

from keizer_xl.app.macro_answer import EXIT_CODES, STATUSES, MacroAnswer, Status
from keizer_xl.errors import InputError, KeizerError, UsageError
from keizer_xl.i18n import N_, error_text, shown_language, translate, translator

if TYPE_CHECKING:
    from keizer_xl.frontends.render import Done

__all__ = ["Outcome", "Front", "FRONTS", "HINT_WORDS", "describe", "hint_text", "write_log",
           "debug_enabled", "LOG_FILE", "EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE",
           "EXIT_UNEXPECTED", "MAX_LISTED"]

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
#: an unexpected error (a bug) exits 1 like a refusal: the contract has three codes
EXIT_UNEXPECTED = 1

Front = Literal["cli", "excel", "lite", "libreoffice"]
FRONTS: tuple[Front, ...] = ("cli", "excel", "lite", "libreoffice")
# the statuses and their exit codes (the contract's three codes) are the macro answer's:
# app/macro_answer.py, the lowest layer every front end and client imports

#: The one problem-list limit (issue 15): the command line, the message boxes and the
#: notes blocks list at most this many, then say how many more (all are in ``problems``).
MAX_LISTED = 25

#: Where the traceback of an unexpected error goes (every front end names it).
LOG_FILE = Path(tempfile.gettempdir()) / "keizer-xl.log"

#: Where each front end's macros / scripts are found (menu paths are translated too).
_MACROS_XL = N_("(Developer > Macros, or Alt+F8)")
_SCRIPTS_LITE = N_("(in the xlwings Lite task pane)")
_MACROS_LO = N_("(Tools > Macros > Run Macro > My Macros > keizer_xl_lo)")

# The way out of a refusal, per front end and hint key: a catalog id and its parameters.
# Flags, macro and script names stay literal in every language (they are what the user types
# or picks); the sentence around them is translated.
_REPAIR_CLI = N_("; use {flag} to pair it again (late arrivals), keeping boards marked * (started)")
_FORCE_CLI = N_(", or use {flag} to pair anyway (missing results count as draws)")
_ROUND_CLI = N_(" ({flag})")
_REPAIR_XL = N_("; use the macro {macro} to pair it again (late arrivals), keeping boards marked "
                "* (started) {where}")
_FORCE_XL = N_(", or run the macro {macro} to pair anyway (missing results count as draws) {where}")
_ROUND_XL = N_(": the macro {macro} pairs the round just paired again {where}")
_REPAIR_SCRIPT = N_("; run the script {script} to pair it again (late arrivals), keeping boards "
                    "marked * (started) {where}")
_FORCE_SCRIPT = N_(", or run the script {script} to pair anyway (missing results count as draws) "
                   "{where}")
_ROUND_SCRIPT = N_(": the script {script} pairs the round just paired again {where}")
_REPLACE_CLI = N_(" (use {flag} to replace it)")
_CREATE_CLI = N_(" (use {flag} to create it)")
_PRINT_ONLY_CLI = N_(", or use {flags}.")
_BY_HAND_CLI = N_(", or import the files of {command} by hand (see the README)")
_KEEP_ALL_CLI = N_(". Use {flags} to print only, or the buttons in Excel or LibreOffice "
                   "({command}), which keep everything.")
#: the clients' hints for the message boxes: the setup commands and the file writer are the
#: command line's, a box has nothing to add to the message
_BOX_CLIENT_HINTS: dict[str, tuple[str, dict[str, str]]] = {
    key: ("", {}) for key in ("python", "replace", "create", "vba_by_hand", "keep_all",
                              "ods_copy", "print_only")}
_REPAIR_LO = N_("; run the macro {macro} to pair it again (late arrivals), keeping boards marked "
                "* (started) {where}")

_HINTS: dict[Front, dict[str, tuple[str, dict[str, str]]]] = {
    "cli": {
        "repair": (_REPAIR_CLI, {"flag": "--repair"}),
        "force": (_FORCE_CLI, {"flag": "--force"}),
        "round": (_ROUND_CLI, {"flag": "--round N"}),
        "python": (_ROUND_CLI, {"flag": "--python PATH"}),
        "replace": (_REPLACE_CLI, {"flag": "--force"}),
        "create": (_CREATE_CLI, {"flag": "--new"}),
        "vba_by_hand": (_BY_HAND_CLI, {"command": "`keizer-xl excel-setup --export-vba FOLDER`"}),
        "keep_all": (_KEEP_ALL_CLI, {"flags": "--no-write / --dry-run",
                                     "command": "keizer-xl lo-run"}),
        "ods_copy": (_ROUND_CLI, {"flag": "--ods"}),
        "print_only": (_PRINT_ONLY_CLI, {"flags": "--no-write / --dry-run"}),
    },
    "excel": {
        "repair": (_REPAIR_XL, {"macro": "PairRoundAgain", "where": _MACROS_XL}),
        "force": (_FORCE_XL, {"macro": "PairNextRoundAnyway", "where": _MACROS_XL}),
        "round": (_ROUND_XL, {"macro": "PairRoundAgain", "where": _MACROS_XL}),
        **_BOX_CLIENT_HINTS,
    },
    "lite": {
        "repair": (_REPAIR_SCRIPT, {"script": "pair_round_again", "where": _SCRIPTS_LITE}),
        "force": (_FORCE_SCRIPT, {"script": "pair_next_round_anyway", "where": _SCRIPTS_LITE}),
        "round": (_ROUND_SCRIPT, {"script": "pair_round_again", "where": _SCRIPTS_LITE}),
        **_BOX_CLIENT_HINTS,
    },
    "libreoffice": {
        "repair": (_REPAIR_LO, {"macro": "pair_round_again", "where": _MACROS_LO}),
        "force": (_FORCE_XL, {"macro": "pair_next_round_anyway", "where": _MACROS_LO}),
        "round": (_ROUND_XL, {"macro": "pair_round_again", "where": _MACROS_LO}),
        **_BOX_CLIENT_HINTS,
    },
}


def _hint_words(front: Front, hint: str, lang: str | None) -> str:
    msgid, params = _HINTS[front][hint]
    if not msgid:  # nothing to add in this front end's words
        return ""
    tr = translator(lang)
    return tr(msgid, **{k: tr(v) if v.startswith("(") else v for k, v in params.items()})


#: How each front end words the way out of a refusal in English (the action's message comes
#: first); :func:`hint_text` says it in another language.
HINT_WORDS: dict[Front, dict[str, str]] = {
    front: {hint: _hint_words(front, hint, "en") for hint in hints}
    for front, hints in _HINTS.items()
}

_WRITTEN: dict[Front, str] = {
    "cli": N_("The workbook had already been written when this happened."),
    "excel": N_("The workbook may be partly changed: close it without saving to undo."),
    "lite": N_("The workbook may be partly changed: close it without saving to undo."),
    "libreoffice": N_("The workbook may be partly changed: use Edit > Undo, or close it without "
                      "saving."),
}


@dataclass(frozen=True)
class Outcome:
    """What a front end shows: ``lines`` in its own words, ``exit_code`` as the CLI exits.

    On the command line ``out`` goes to standard output (the pairing, the table, JSON) and
    ``lines`` to standard error; in a message box ``lines`` are its paragraphs (``box_text``).
    ``message`` is the reason alone and ``hint`` the hint key; ``problems`` every
    ``Sheet!Cell: message`` of a workbook with problems (``lines`` lists the first
    :data:`MAX_LISTED`); ``notes`` the report's notes in the shown language; ``report`` the
    report as JSON data (``pair --format json``); ``title`` a message box's title;
    ``language`` the language of the lines; ``detail`` the traceback of an unexpected error.

    The LibreOffice macro returns one serialised (:meth:`to_json`), ``keizer-xl lo-run``
    reads it back (:meth:`from_json`) and prints it like any other command."""

    status: Status
    exit_code: int
    lines: tuple[str, ...]
    message: str = ""
    hint: str | None = None
    problems: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    report: Any = None
    title: str = ""
    language: str = "en"
    detail: str = ""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def box_text(self) -> str:
        """The text of a message box: the paragraphs, an empty line apart."""
        return "\n\n".join(self.lines)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (what the macro hands to ``lo-run`` through its result file)."""
        return {"status": self.status, "exit_code": self.exit_code, "lines": list(self.lines),
                "message": self.message, "hint": self.hint, "problems": list(self.problems),
                "out": list(self.out), "notes": list(self.notes), "report": self.report,
                "title": self.title, "language": self.language, "detail": self.detail}

    def answer(self, action: str, *, written: Sequence[str] = (), saved: bool = False,
               frozen: dict[str, int] | None = None) -> MacroAnswer:
        """This outcome as an action's answer (:class:`~keizer_xl.app.macro_answer.
        MacroAnswer`): the LibreOffice macro's, the Excel buttons' and Lite's."""
        return MacroAnswer(action, self.status, self.lines, exit_code=self.exit_code,
                           message=self.message, hint=self.hint, problems=self.problems,
                           out=self.out, notes=self.notes, report=self.report, title=self.title,
                           language=self.language, detail=self.detail, text=self.box_text,
                           written=tuple(written), saved=saved, frozen=dict(frozen or {}))

    @classmethod
    def of_answer(cls, answer: MacroAnswer) -> "Outcome":
        """The outcome an action answered (``lo-run`` prints it like any other)."""
        lines = answer.lines or ((answer.text,) if answer.text else ())
        return cls(answer.status, answer.exit_code, lines, message=answer.message,
                   hint=answer.hint, problems=answer.problems, out=answer.out,
                   notes=answer.notes, report=answer.report, title=answer.title,
                   language=answer.language, detail=answer.detail)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Outcome":
        """The outcome :meth:`to_json` wrote; a status it does not know is a ValueError."""
        status = data.get("status")
        if status not in STATUSES:
            raise ValueError(f"not an outcome status: {status!r}")
        hint = data.get("hint")
        # the macro file's own answers (keizer-xl could not be loaded) carry a status only
        code = data.get("exit_code")
        lines = data.get("lines")
        if lines is None:
            lines = [data["text"]] if data.get("text") else []
        return cls(cast(Status, status), EXIT_CODES[status] if code is None else int(code),
                   tuple(str(x) for x in lines),
                   message=str(data.get("message", "")),
                   hint=hint if isinstance(hint, str) else None,
                   problems=tuple(str(x) for x in data.get("problems", ())),
                   out=tuple(str(x) for x in data.get("out", ())),
                   notes=tuple(str(x) for x in data.get("notes", ())),
                   report=data.get("report"), title=str(data.get("title", "")),
                   language=str(data.get("language", "en")),
                   detail=str(data.get("detail", "")))


def hint_text(message: str, hint: str | None, front: Front, lang: str | None = "en") -> str:
    """``message`` followed by the front end's wording of ``hint`` in ``lang``, as one
    sentence."""
    words = _hint_words(front, hint, lang) if hint in _HINTS[front] else ""
    return message.rstrip(".") + words if words else message


def debug_enabled() -> bool:
    """``KEIZER_XL_DEBUG=1``: show the traceback of an unexpected error."""
    return os.environ.get("KEIZER_XL_DEBUG", "").strip() not in ("", "0")


def describe(result: object, front: Front = "cli", *, notes: Sequence[str] = (),
             written: bool | None = False, log: str | None = None,
             lang: str | None = None, done: "Done | None" = None) -> Outcome:
    """The outcome of an action: ``result`` is its report or the exception it raised; the
    one place that decides a status and an exit code.

    A typed report (pairing, standings, check: :mod:`keizer_xl.frontends.render`) is worded
    with ``done`` (where it was written, the client's messages, ``--format``); any other
    report is "ok" with its ``notes``.  ``written``: for an exception, whether the workbook
    had been written (True), not (False) or may have been (None) when it came; ``log``: where
    the traceback of an unexpected error was written; ``lang``: the language of the lines
    (default: i18n.shown_language, ``--language`` else the workbook's).  ``message`` stays
    the reason in that language, too."""
    lang = lang or shown_language()
    tr = translator(lang)
    if not isinstance(result, BaseException):
        from dataclasses import replace

        from keizer_xl.frontends.render import Done, describe_report

        worded = describe_report(result, front, done or Done(), tr, notes)
        if worded is not None:
            return replace(worded, language=lang)
        return Outcome("ok", EXIT_OK, tuple(translate(n, tr) for n in notes),
                       notes=tuple(translate(n, tr) for n in notes), language=lang)
    after = _after_write(front, written, lang)
    if isinstance(result, InputError):
        from keizer_xl.frontends.render import problem_lines

        problems = tuple(str(p) for p in result.problems)
        n = len(problems)
        if written is False:
            summary = tr(N_("{n} problem found; nothing was written.") if n == 1
                         else N_("{n} problems found; nothing was written."), n=n)
        else:
            summary = tr(N_("{n} problem found.") if n == 1 else N_("{n} problems found."), n=n)
        extra = (after,) if written is not False else ()
        listed = problem_lines(problems, front, tr, done.full_list if done else None)
        if front != "cli":  # a message box: the list is one paragraph
            listed = ("\n".join(listed),)
        return Outcome("problems", EXIT_PROBLEMS, listed + (summary,) + extra,
                       message=summary, problems=problems, language=lang)
    if isinstance(result, KeizerError):
        message = _message(result, lang)
        hint = result.hint
        usage = bool(getattr(result, "usage", False)) or isinstance(result, UsageError)
        code = EXIT_USAGE if usage else EXIT_PROBLEMS
        status: Status = "usage" if code == EXIT_USAGE else "refused"
        line = hint_text(message, hint, front, lang)
        lines = (line,) + ((after,) if written is not False else ())
        return Outcome(status, code, lines, message=message, hint=hint, language=lang)
    if isinstance(result, KeyboardInterrupt):
        return Outcome("refused", EXIT_PROBLEMS,
                       (tr(N_("interrupted; nothing was written.")) if written is False
                        else tr(N_("interrupted; {what}"), what=after[:1].lower() + after[1:]),),
                       message="interrupted", language=lang)
    detail = result.args[0] if isinstance(result, KeyError) and result.args else result
    head = f"{type(result).__name__}: {detail}"
    # the command line's lines follow "keizer-xl: " (scripts look for "keizer-xl: unexpected
    # error"); a message box starts a sentence
    if front == "cli":  # scripts look for this English opening: it stays English
        out = [f"unexpected error ({head}): " + tr(N_("a fault in keizer-xl, not in your "
                                                     "workbook."))]
    else:
        out = [tr(N_("Something unexpected went wrong ({error}): a fault in keizer-xl, not in "
                     "your workbook."), error=head)]
    out.append(tr(N_("Nothing was written.")) if written is False else after)
    if log:
        out.append(tr(N_("The details are in {log}; please send that file with your report."),
                      log=log))
    if front == "cli":
        out.append(tr(N_("Set KEIZER_XL_DEBUG=1 to see the traceback here.")))
    detail = "".join(traceback.format_exception(type(result), result, result.__traceback__))
    return Outcome("error", EXIT_UNEXPECTED, tuple(out), message=head, language=lang,
                   detail=detail)


def _after_write(front: Front, written: bool | None, lang: str | None = "en") -> str:
    tr = translator(lang)
    if written is None and front == "cli":
        return tr(N_("The workbook may be partly changed."))
    return tr(_WRITTEN[front])


def _message(exc: BaseException, lang: str | None = "en") -> str:
    """The reason in ``lang``: a Message or a catalog id with parameters is translated."""
    text = error_text(exc, lang)
    return text or type(exc).__name__


def write_log(kind: str, exc: BaseException | None = None, text: str = "",
              path: Path | None = None) -> str | None:
    """Append ``text`` and the traceback of ``exc`` to the log file; its path, or None when
    it cannot be written (the message then says nothing about a file)."""
    target = path if path is not None else LOG_FILE
    body = text
    if exc is not None:
        body += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "a", encoding="utf-8") as fh:
            fh.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')} {kind}\n{body}\n")
        return str(target)
    except OSError:
        return None

