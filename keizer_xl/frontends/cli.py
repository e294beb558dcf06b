"""The ``keizer-xl`` command line: the only place that prints and sets exit codes.

The parser is made from the table of commands (:mod:`keizer_xl.frontends.commands`); every
outcome, the exceptions included, is worded by :func:`keizer_xl.frontends.outcome.describe`,
so the command line says what the buttons say (exit codes: WORKBOOK-CONTRACT.md).
"""
from __future__ import annotations

# Ctrl+C while starting is remembered and answered by main() like any other interrupt (issue
# 16); only in the installed `keizer-xl` script: a program importing this keeps its own.
import signal
import sys

_early_interrupts: list[int] = []


def _interrupted_early(signum: int, frame: object) -> None:
    _early_interrupts.append(signum)


_SCRIPT = bool(sys.argv) and sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1].lower().startswith(
    "keizer-xl")
if _SCRIPT and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_early)

import gc

# The cycle collector is paused to the end of the process (batch excepted, in _run): the
# collections while starting and after the command were some 8 ms of a standings (issue 25).
# Only in the command line's own process: a program importing this keeps its collector.
_STARTED_PAUSED = (_SCRIPT or __name__ == "__main__") and gc.isenabled()
if _STARTED_PAUSED:
    gc.disable()
    import atexit

    # Python's last collection at exit was 20-30 ms of a 60 x 35 standings (issue 25);
    # registered first, gc.freeze runs last, after every file is written and closed.
    atexit.register(gc.freeze)

import argparse
import contextlib
import os
from typing import TYPE_CHECKING
from collections.abc import Sequence

if TYPE_CHECKING:
    from keizer_xl.frontends.commands import Command

# Only what every command needs (issue 12): `keizer-xl --help` loads no pandas, numpy,
# openpyxl or xlwings; each command imports what it uses.
from keizer_xl.errors import KeizerError
from keizer_xl.frontends.cli_common import (
    HELD, OPENED, any_written, argparse_language, language_before_reading, language_given,
    learn_language_of_books, parser_in, print_messages, show_outcome)
from keizer_xl.frontends.interrupts import handling
from keizer_xl.frontends.outcome import debug_enabled, describe, write_log
from keizer_xl.frontends.shown import EXIT_OK, Done

def build_parser(lang: str | None = None,
                 words: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the table of commands, its help in ``lang`` (see
    :func:`keizer_xl.frontends.commands.build_parser`)."""
    from keizer_xl.frontends.commands import build_parser as from_table

    return from_table(parser_in(lang), lang, words)


def run_command(command: Command, args: argparse.Namespace,
                first: str | None = None) -> tuple[int, str]:
    """Run one command of the table and print its report as describe words it, in
    --language, else the report's language, else ``first``; its exit code and language."""
    from keizer_xl.frontends.render import renderer_of

    report, done = command.run()(args)
    if renderer_of(report) is None:  # a bug: the table and the code disagree
        raise TypeError(f"{command.name} returned a {type(report).__name__}, which no renderer "
                        "shows")
    out = describe(report, done=done, lang=args.language or done.lang
                   or getattr(report, "language", None) or first)
    code = show_outcome(out)
    if out.status == "error" and out.detail and debug_enabled():  # the macro's traceback
        print(out.detail, file=sys.stderr)
    return code, out.language


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl+C while starting or cleaning up, outside _run (issue 16)
        return _fail(KeyboardInterrupt(), [])
    finally:
        if _SCRIPT:  # the process ends now: a Ctrl+C from here on ends it quietly (issue 34)
            signal.signal(signal.SIGINT, signal.SIG_DFL)


def _main(argv: Sequence[str] | None) -> int:
    # never die printing a name the console cannot encode (an emoji on a cp1252 console, an
    # accent under LANG=C): write what can be written and replace the rest with '?'
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):  # not a text wrapper (a test's buffer)
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
    # one OpenBLAS thread unless the user chose otherwise (before numpy is imported): its
    # spinning threads were ~50 ms of CPU of a standings (issue 25, docs/engine-and-speed.md)
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    words = list(sys.argv[1:] if argv is None else argv)
    # the language of messages before a workbook is read (issue 26; docs/languages.md); the
    # help (--help) and argparse's own words are in it too (issue 27: the table's help msgids)
    first = language_given(words) or language_before_reading(words)
    with argparse_language(first):
        parser = build_parser(first, words)
        args = parser.parse_args(argv)
    if signal.getsignal(signal.SIGINT) is _interrupted_early:  # started: Ctrl+C raises again
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if _early_interrupts:
        raise KeyboardInterrupt
    OPENED.clear()
    # what an earlier main() in this process wrote and read; not imported for --help
    # (with filelock, ~20 ms: issue 25)
    files = sys.modules.get("keizer_xl.clients.files")
    if files is not None:
        files.written.clear()
        files.inputs.clear()
    with handling():  # Ctrl+C and SIGTERM: one KeyboardInterrupt, never a traceback
        try:
            return _run(args, words, first)
        finally:
            HELD.close()  # the workbook's lock, converted .ods copies


def _run(args: argparse.Namespace, argv: list[str], first: str | None) -> int:
    if _STARTED_PAUSED and args.command == "batch":  # many workbooks: collected as usual
        gc.enable()
    # the cycle collector paused while a command works on one workbook (~90 ms of a 150 x 35
    # standings, issue 12); not for `batch`
    paused = args.command != "batch" and gc.isenabled()
    if paused:
        gc.disable()
    try:
        code, lang = run_command(args.command_row, args, first)
    except BrokenPipeError:  # e.g. `keizer-xl standings club.xlsx | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (Exception, KeyboardInterrupt) as exc:  # the one place that maps a failure to a code
        # --language, else the failure's, else (a refusal that does not say its own) the
        # workbook's, else the language before reading
        said = args.language or getattr(exc, "language", None) or (
            learn_language_of_books(argv) if isinstance(exc, KeizerError) else None) or first
        print_messages(said or "en")
        return _fail(exc, argv, said)
    finally:
        if paused:
            gc.enable()
    print_messages(lang)
    return int(code)


def _fail(exc: BaseException, argv: list[str], lang: str | None = None) -> int:
    """Print a failure as outcome.describe words it for the command line; its exit code."""
    if isinstance(exc, KeyboardInterrupt):  # Ctrl+C or SIGTERM: say exactly what was written
        from keizer_xl.clients import files

        return show_outcome(describe(exc, written=bool(files.written), lang=lang,
                              done=Done(files=tuple(map(str, files.written)),
                                        backups=files.BACKUP_FOLDER)))
    log = None
    expected = isinstance(exc, (KeizerError, KeyboardInterrupt))
    if not expected:
        log = write_log("keizer-xl " + " ".join(argv), exc)
    code = show_outcome(describe(exc, written=any_written(), log=log, lang=lang))
    if not expected and debug_enabled():
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
