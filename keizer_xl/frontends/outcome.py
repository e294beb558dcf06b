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
from typing import Literal, Sequence

from keizer_xl.errors import ActionError, ClientError, InputError, KeizerError, UsageError

__all__ = ["Outcome", "Front", "FRONTS", "HINT_WORDS", "describe", "hint_text", "write_log",
           "debug_enabled", "LOG_FILE", "EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE",
           "EXIT_UNEXPECTED"]

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
#: an unexpected error (a bug) exits 1 like a refusal: the contract has three codes
EXIT_UNEXPECTED = 1

Front = Literal["cli", "excel", "lite", "libreoffice"]
FRONTS: tuple[Front, ...] = ("cli", "excel", "lite", "libreoffice")
Status = Literal["ok", "problems", "refused", "usage", "error"]

#: Where the traceback of an unexpected error goes (every front end names it).
LOG_FILE = Path(tempfile.gettempdir()) / "keizer-xl.log"

_MACROS_XL = "(Developer > Macros, or Alt+F8)"
_SCRIPTS_LITE = "(in the xlwings Lite task pane)"
_MACROS_LO = "(Tools > Macros > Run Macro > My Macros > keizer_xl_lo)"

#: How each front end words the way out of a refusal (the action's message comes first).
HINT_WORDS: dict[Front, dict[str, str]] = {
    "cli": {
        "repair": "; use --repair to pair it again (late arrivals), keeping boards marked * "
                  "(started)",
        "force": ", or use --force to pair anyway (missing results count as draws)",
        "round": " (--round N)",
    },
    "excel": {
        "repair": f"; use the macro PairRoundAgain to pair it again (late arrivals), keeping "
                  f"boards marked * (started) {_MACROS_XL}",
        "force": f", or run the macro PairNextRoundAnyway to pair anyway (missing results count "
                 f"as draws) {_MACROS_XL}",
        "round": f": the macro PairRoundAgain pairs the round just paired again {_MACROS_XL}",
    },
    "lite": {
        "repair": f"; run the script pair_round_again to pair it again (late arrivals), keeping "
                  f"boards marked * (started) {_SCRIPTS_LITE}",
        "force": f", or run the script pair_next_round_anyway to pair anyway (missing results "
                 f"count as draws) {_SCRIPTS_LITE}",
        "round": f": the script pair_round_again pairs the round just paired again "
                 f"{_SCRIPTS_LITE}",
    },
    "libreoffice": {
        "repair": f"; run the macro pair_round_again to pair it again (late arrivals), keeping "
                  f"boards marked * (started) {_MACROS_LO}",
        "force": f", or run the macro pair_next_round_anyway to pair anyway (missing results "
                 f"count as draws) {_MACROS_LO}",
        "round": f": the macro pair_round_again pairs the round just paired again {_MACROS_LO}",
    },
}

_WRITTEN: dict[Front, str] = {
    "cli": "The workbook had already been written when this happened.",
    "excel": "The workbook may be partly changed: close it without saving to undo.",
    "lite": "The workbook may be partly changed: close it without saving to undo.",
    "libreoffice": "The workbook may be partly changed: use Edit > Undo, or close it without "
                   "saving.",
}


@dataclass(frozen=True)
class Outcome:
    """What a front end shows: ``lines`` in its own words, ``exit_code`` as the CLI exits.

    ``message`` is the reason alone and ``hint`` the hint key (a front end that re-words the
    outcome of another, such as ``lo-run`` showing the macro's refusal, uses them);
    ``problems`` the ``Sheet!Cell: message`` lines of a workbook with problems."""

    status: Status
    exit_code: int
    lines: tuple[str, ...]
    message: str = ""
    hint: str | None = None
    problems: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def hint_text(message: str, hint: str | None, front: Front) -> str:
    """``message`` followed by the front end's wording of ``hint``, as one sentence."""
    words = HINT_WORDS[front].get(hint or "", "")
    return message.rstrip(".") + words if words else message


def debug_enabled() -> bool:
    """``KEIZER_XL_DEBUG=1``: show the traceback of an unexpected error."""
    return os.environ.get("KEIZER_XL_DEBUG", "").strip() not in ("", "0")


def describe(result: object, front: Front = "cli", *, notes: Sequence[str] = (),
             written: bool | None = False, log: str | None = None) -> Outcome:
    """The outcome of an action: ``result`` is its report (anything not an exception) or the
    exception it raised.

    ``notes``: the warnings and notes of a report (shown on success); ``written``: whether the
    workbook had been written (True), not (False) or may have been (None) when the exception
    came; ``log``: where the traceback of an unexpected error was written."""
    if not isinstance(result, BaseException):
        return Outcome("ok", EXIT_OK, tuple(notes))
    after = _after_write(front, written)
    if isinstance(result, InputError):
        problems = tuple(str(p) for p in result.problems)
        n = len(problems)
        summary = f"{n} problem{'s' if n != 1 else ''} found" + \
            ("; nothing was written." if written is False else ".")
        extra = (after,) if written is not False else ()
        return Outcome("problems", EXIT_PROBLEMS, problems + (summary,) + extra,
                       message=summary, problems=problems)
    if isinstance(result, KeizerError):
        message = _message(result)
        hint = result.hint if isinstance(result, ActionError) else None
        usage = bool(getattr(result, "usage", False))
        if isinstance(result, ClientError):
            code = result.exit_code
        else:
            code = EXIT_USAGE if usage or isinstance(result, UsageError) else EXIT_PROBLEMS
        status: Status = "usage" if code == EXIT_USAGE else "refused"
        line = hint_text(message, hint, front)
        lines = (line,) + ((after,) if written is not False else ())
        return Outcome(status, code, lines, message=message, hint=hint)
    if isinstance(result, KeyboardInterrupt):
        return Outcome("refused", EXIT_PROBLEMS,
                       ("interrupted; " + ("nothing was written." if written is False
                                           else after[:1].lower() + after[1:]),),
                       message="interrupted")
    detail = result.args[0] if isinstance(result, KeyError) and result.args else result
    head = f"{type(result).__name__}: {detail}"
    # the command line's lines follow "keizer-xl: " (scripts look for "keizer-xl: unexpected
    # error"); a message box starts a sentence
    opening = "unexpected error" if front == "cli" else "Something unexpected went wrong"
    out = [f"{opening} ({head}): a fault in keizer-xl, not in your workbook."]
    out.append("Nothing was written." if written is False else after)
    if log:
        out.append(f"The details are in {log}; please send that file with your report.")
    if front == "cli":
        out.append("Set KEIZER_XL_DEBUG=1 to see the traceback here.")
    return Outcome("error", EXIT_UNEXPECTED, tuple(out), message=head)


def _after_write(front: Front, written: bool | None) -> str:
    if written is None:
        return "The workbook may be partly changed." if front == "cli" else _WRITTEN[front]
    return _WRITTEN[front]


def _message(exc: BaseException) -> str:
    text = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
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

