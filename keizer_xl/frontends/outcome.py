"""One outcome for every front end: a report or an exception -> (status, exit code, lines).

The command line, the Excel buttons, xlwings Lite and the LibreOffice macro all end an action
here, so the same failure is the same status and exit code everywhere (the table of codes:
WORKBOOK-CONTRACT.md, docs/guide.md).  A refusal's *hint key* (:data:`keizer_xl.errors.HINTS`)
is worded here once per front end (``_HINTS``).  :func:`describe` is pure: the caller
writes the log first (:func:`write_log`) and says whether the workbook had been written, so
the message never claims "nothing was written" after a write.
"""
from __future__ import annotations

import datetime as _dt
import os
import tempfile
import traceback
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from keizer_xl.errors import InputError, KeizerError, UsageError, ClientError, SetupError
# the values an outcome is made of (shown.py: below this module and the renderers, so that
# neither imports the other in a circle); the statuses and their exit codes are the macro
# answer's (app/macro_answer.py, the lowest layer every front end and client imports)
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import (EXIT_PROBLEMS, EXIT_UNEXPECTED, EXIT_USAGE,
                                       Done, Outcome)
from keizer_xl.errors import N_
from keizer_xl.i18n import Translator, error_text, translate, translator

if TYPE_CHECKING:  # a command line run makes no macro answer (~2 ms of every run, issue 25)
    from keizer_xl.app.macro_answer import Status

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
_VIA_EXCEL_CLI = N_(" Use {flag} to replace them with Excel.")
_PRINT_ONLY_CLI = N_(", or use {flags}.")
_BY_HAND_CLI = N_(", or import the files of {command} by hand (see the README)")
_KEEP_ALL_CLI = N_(". Use {flags} to print only, or the buttons in Excel or LibreOffice "
                   "({command}), which keep everything.")
#: the clients' hints for the message boxes: the setup commands and the file writer are the
#: command line's, a box has nothing to add to the message
_BOX_CLIENT_HINTS: dict[str, tuple[str, dict[str, str]]] = {
    key: ("", {}) for key in ("python", "replace", "create", "vba_by_hand", "keep_all",
                              "ods_copy", "print_only", "via_excel")}
_REPAIR_LO = N_("; run the macro {macro} to pair it again (late arrivals), keeping boards marked "
                "* (started) {where}")


def _box(words: tuple[str, str, str], name: str, again: str, anyway: str,
         where: str) -> dict[str, tuple[str, dict[str, str]]]:
    """A message box's hints: ``words`` of repair, force and round, naming the macro or script
    (``name``) that pairs ``again`` or ``anyway`` and ``where`` it is found."""
    repair, force, round_ = words
    return {"repair": (repair, {name: again, "where": where}),
            "force": (force, {name: anyway, "where": where}),
            "round": (round_, {name: again, "where": where}), **_BOX_CLIENT_HINTS}


_HINTS: dict[Front, dict[str, tuple[str, dict[str, str]]]] = {
    Front.CLI: {
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
        "via_excel": (_VIA_EXCEL_CLI, {"flag": "--via-excel"}),
    },
    Front.EXCEL: _box((_REPAIR_XL, _FORCE_XL, _ROUND_XL), "macro", "PairRoundAgain",
                  "PairNextRoundAnyway", _MACROS_XL),
    Front.LITE: _box((_REPAIR_SCRIPT, _FORCE_SCRIPT, _ROUND_SCRIPT), "script", "pair_round_again",
                 "pair_next_round_anyway", _SCRIPTS_LITE),
    Front.LIBREOFFICE: _box((_REPAIR_LO, _FORCE_XL, _ROUND_XL), "macro", "pair_round_again",
                        "pair_next_round_anyway", _MACROS_LO),
}


_WRITTEN: dict[Front, str] = {
    Front.CLI: N_("The workbook had already been written when this happened."),
    Front.EXCEL: N_("The workbook may be partly changed: close it without saving to undo."),
    Front.LITE: N_("The workbook may be partly changed: close it without saving to undo."),
    Front.LIBREOFFICE: N_("The workbook may be partly changed: use Edit > Undo, or close it without "
                      "saving."),
}


def hint_text(message: str, hint: str | None, front: Front, lang: str | None = "en") -> str:
    """``message`` followed by the front end's wording of ``hint`` in ``lang``, as one
    sentence."""
    msgid, params = _HINTS[front].get(hint or "", ("", {}))
    if not msgid:  # no hint, or nothing to add in this front end's words
        return message
    tr = translator(lang)
    return message.rstrip(".") + tr(msgid, **{k: tr(v) if v.startswith("(") else v
                                             for k, v in params.items()})


def debug_enabled() -> bool:
    """``KEIZER_XL_DEBUG=1``: show the traceback of an unexpected error."""
    return os.environ.get("KEIZER_XL_DEBUG", "").strip() not in ("", "0")


def describe(result: object, front: Front = Front.CLI, *, written: bool | None = False,
             log: str | None = None, lang: str | None = None, done: Done | None = None) -> Outcome:
    """The outcome of an action (``result``: its report or the exception it raised): the one
    place that decides a status, an exit code and every line a front end shows.

    A typed report is worded by its renderer (:mod:`keizer_xl.frontends.render`) with ``done``;
    a failure here, in each front end's words, then the client's warnings.  ``written``: for
    an exception, whether the workbook had been written (True), not (False) or may have been
    (None); ``log``: the traceback's file; ``lang``: the lines' language (default: the one
    ``done``, the report or the exception says, else English)."""
    done = done or Done()
    lang = lang or done.lang or getattr(result, "language", None) or "en"
    tr = translator(lang)
    if not isinstance(result, BaseException):
        from keizer_xl.frontends.render import describe_report

        return replace(describe_report(result, front, done, tr), language=lang)
    out = _failure(result, front, written, log, lang, done)
    return _in_front_words(out, result, front, written, done, tr)


def _failure(result: BaseException, front: Front, written: bool | None, log: str | None,
             lang: str, done: Done) -> Outcome:
    """A failure's status, exit code and lines, before the front end's own sentence."""
    tr = translator(lang)
    after = tr(N_("The workbook may be partly changed.") if written is None and front == "cli"
               else _WRITTEN[front])
    if isinstance(result, InputError):
        from keizer_xl.frontends.render_common import problem_lines

        # a problem still a Message (raised after the reader, e.g. export --trf --strict) is
        # worded here; the reader's are already in the workbook's language
        problems = tuple(f"{p.where}: {translate(p.message, tr)}" if p.where
                         else translate(p.message, tr) for p in result.problems)
        n = len(problems)
        if written is False:
            summary = tr.ngettext("{n} problem found; nothing was written.",
                                  "{n} problems found; nothing was written.", n)
        else:
            summary = tr.ngettext("{n} problem found.", "{n} problems found.", n)
        extra = (after,) if written is not False else ()
        listed = problem_lines(problems, front, tr, done.full_list)
        if front != "cli":  # a message box: the list is one paragraph
            listed = ("\n".join(listed),)
        return Outcome("problems", EXIT_PROBLEMS, (*listed, summary, *extra),
                       message=summary, problems=problems, language=lang)
    if isinstance(result, KeizerError):
        message = error_text(result, lang) or type(result).__name__  # a Message translated
        hint = result.hint
        usage = bool(getattr(result, "usage", False)) or isinstance(result, UsageError)
        code = EXIT_USAGE if usage else EXIT_PROBLEMS
        status: Status = "usage" if code == EXIT_USAGE else "refused"
        line = hint_text(message, hint, front, lang)
        lines = (line,) + ((after,) if written is not False else ())
        return Outcome(status, code, lines, message=message, hint=hint, language=lang)
    if isinstance(result, KeyboardInterrupt):  # Ctrl+C or SIGTERM: say exactly what was written
        if done.files:
            line = tr(N_("interrupted after writing {paths} (complete; the previous version is "
                         "in {folder})."), paths=", ".join(done.files), folder=done.backups)
        elif written is False:
            line = tr(N_("interrupted; nothing was written."))
        else:
            line = tr(N_("interrupted; {what}"), what=after[:1].lower() + after[1:])
        return Outcome("refused", EXIT_PROBLEMS, (line,), message="interrupted", language=lang)
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


def _in_front_words(out: Outcome, result: BaseException, front: Front,
                    written: bool | None, done: Done, tr: Translator) -> Outcome:
    """A failure's lines as the front end shows them, the client's warnings after them (Excel
    and Lite open with "Nothing was changed"; a LibreOffice box ends as a sentence)."""
    from keizer_xl.frontends.render_common import warning_lines

    lines = out.lines
    if front in ("excel", "lite") and written is False:
        if out.status == "problems":
            n = len(out.problems)
            head = tr(N_("There is {n} problem to fix (sheet!cell: what):") if n == 1
                      else N_("There are {n} problems to fix (sheet!cell: what):"), n=n)
            lines = (tr(N_("Nothing was changed.")) + " " + head + "\n" + out.lines[0],)
        elif out.status in ("refused", "usage") and not isinstance(result, (ClientError,
                                                                            SetupError)):
            # a client's refusal (the file, Excel itself) is its own sentence
            reason = out.lines[0]
            lines = (tr(N_("Nothing was changed: {reason}."),
                        reason=f"{reason[:1].upper()}{reason[1:]}"),)
        elif out.status in ("refused", "usage"):
            lines = out.lines[:1]
    if front == "libreoffice":
        if out.status in ("refused", "usage") and lines and not lines[0].endswith(
                (".", "?", "!")):  # a message box: a sentence
            lines = (lines[0] + ".", *lines[1:])
        if done.rolled_back:
            lines += (tr(N_("The changes made before the error were taken back.")),)
    lines += warning_lines(done.messages, front, tr)
    return replace(out, lines=lines)


def write_log(kind: str, exc: BaseException | None = None, text: str = "") -> str | None:
    """Append ``text`` and the traceback of ``exc`` to the log file; its path, or None when
    it cannot be written (the message then says nothing about a file)."""
    body = text
    if exc is not None:
        body += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        LOG_FILE.parent.mkdir(parents=True, exist_ok=True)
        with open(LOG_FILE, "a", encoding="utf-8") as fh:
            fh.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')} {kind}\n{body}\n")
        return str(LOG_FILE)
    except OSError:
        return None

