"""The ``keizer-xl`` command line: the only place that prints and sets exit codes.

The commands are the rows of one table (:mod:`keizer_xl.frontends.commands`): the parser is
made from it, and :func:`run_command` runs a row's function, checks that it returned one of the
row's report types and shows the report as :func:`keizer_xl.frontends.outcome.describe` words
it (the one table of renderers, ``frontends/render.py``).

Exit codes (WORKBOOK-CONTRACT.md): 0 success; 1 the workbook has problems (listed, nothing
written), the action was refused, or an unexpected error (logged, see
:mod:`keizer_xl.frontends.outcome`); 2 usage error.  Every outcome, the exceptions included,
goes through :func:`keizer_xl.frontends.outcome.describe`, so the command line says what the
buttons say; never a traceback unless ``KEIZER_XL_DEBUG=1``.  Every warning the workbook
client collected (``book.messages``: "seems to be open in Excel", ...) is printed, and output
never fails on a console that cannot encode a name (what cannot be encoded becomes ``?``).
"""
from __future__ import annotations

# Ctrl+C while the command line is still starting (the imports below, building the parser) is
# remembered and answered by main() like any other interrupt, never with a traceback (issue
# 16).  Set first, before any slow import; only in the installed `keizer-xl` script: a program
# importing this module keeps its own Ctrl+C.
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

# The cycle collector is paused from here to the end of the process (batch excepted, in _run),
# as it is during a command (_pause_cycle_collector): the command line imports some 300
# modules and works on one workbook, whose objects live until it ends; what is freed is freed by
# reference counting as always.  The collections while it started, and the one that walked
# all the command's objects once the collector was back on, were some 8 ms of a standings
# (issue 25).  Only in the command line's own process (the installed script, python -m): a
# program importing this module keeps its collector as it is.
_STARTED_PAUSED = (_SCRIPT or __name__ == "__main__") and gc.isenabled()
if _STARTED_PAUSED:
    gc.disable()
    import atexit

    # At exit Python collects once more over every object the process still holds (CPython's
    # finalize_modules), some 20-30 ms of a 60 x 35 standings (issue 25) for memory the
    # operating system takes back anyway.  gc.freeze() moves those objects where no collection
    # looks.  Registered first, it runs as the last exit handler, after filelock's, logging's
    # and the weakref finalizers; the workbook and every report are written, fsynced and
    # closed before main() returns (clients/atomic.py), never by a finalizer.
    atexit.register(gc.freeze)

import argparse
import contextlib
import os
from typing import TYPE_CHECKING
from collections.abc import Sequence

if TYPE_CHECKING:
    from keizer_xl.frontends.commands import Command

# Only what every command needs is imported here: `keizer-xl --help` loads no pandas, numpy,
# openpyxl or xlwings (issue 12, start-up); each command imports what it uses (the engine and
# numpy for standings / pair / check, openpyxl when a workbook is opened, pandas only where a
# DataFrame is really built: compare, export, batch).
from keizer_xl.errors import KeizerError
# the commands are rows of one table (frontends/commands.py, issue 27); their functions are in
# cli_season, cli_reports and cli_office, the shared plumbing in cli_common
from keizer_xl.frontends.cli_common import OPENED, HELD, Parser, print_messages, show_outcome, any_written
from keizer_xl.frontends.interrupts import handling
from keizer_xl.frontends.outcome import debug_enabled, describe, write_log
from keizer_xl.frontends.shown import EXIT_OK, Done

__all__ = ["main", "build_parser", "run_command"]


def build_parser(lang: str | None = None,
                 words: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser, made from the table of commands (frontends/commands.py), its help in
    ``lang``; with the command line's ``words``, the arguments of only the commands they name
    (all of them are listed: :func:`keizer_xl.frontends.commands.build_parser`)."""
    from keizer_xl.frontends.commands import build_parser as from_table

    return from_table(Parser, lang, words)


def run_command(command: Command, args: argparse.Namespace) -> int:
    """Run one command of the table: its function returns its report (a type the table of
    renderers shows) and how it came about; describe words it, and it is printed."""
    from keizer_xl.frontends.render import renderer_of

    report, done = command.run()(args)
    if renderer_of(report) is None:  # a bug: the table and the code disagree
        raise TypeError(f"{command.name} returned a {type(report).__name__}, which no renderer "
                        "shows")
    out = describe(report, "cli", done=done)
    code = show_outcome(out)
    if out.status == "error" and out.detail and debug_enabled():  # the macro's traceback
        print(out.detail, file=sys.stderr)
    return code


def _one_blas_thread() -> None:
    """One OpenBLAS thread, unless the user chose otherwise: numpy (the engine's integer
    grids) loads OpenBLAS, which starts a thread per core that spins while the process starts;
    on the 2-core machine that is about 50 ms of CPU of a ~350 ms `keizer-xl standings`
    (issue 25, docs/engine-and-speed.md), and the engine's products (a vector of at most a few
    hundred players times a table) never pay for a second thread.  It must be set before numpy
    is first imported; a process that imported it already keeps its threads."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl+C while starting or cleaning up, outside _run (issue 16)
        return _fail(KeyboardInterrupt(), [])
    finally:
        if _SCRIPT:  # the process ends now: a Ctrl+C from here on ends it quietly (issue 34)
            signal.signal(signal.SIGINT, signal.SIG_DFL)


def _main(argv: Sequence[str] | None) -> int:
    _safe_streams()
    _one_blas_thread()
    from keizer_xl.frontends.cli_common import (PARSE_LANGUAGE, argparse_language,
                                                language_before_reading, language_given)

    words = list(sys.argv[1:] if argv is None else argv)
    # the language of messages before a workbook is read (issue 26; docs/languages.md); the
    # help (--help) and argparse's own words are in it too (issue 27: the table's help msgids)
    PARSE_LANGUAGE[0] = language_given(words) or language_before_reading(words)
    with argparse_language(PARSE_LANGUAGE[0]):
        parser = build_parser(PARSE_LANGUAGE[0], words)
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
            return _run(args, list(sys.argv[1:] if argv is None else argv))
        finally:
            HELD.close()  # the workbook's lock, converted .ods copies


def _run(args: argparse.Namespace, argv: list[str]) -> int:
    printed: set[str] = set()
    from keizer_xl.i18n import front_end_run

    scope = front_end_run(getattr(args, "language", None))
    scope.__enter__()
    # (batch: the first workbook named, until cmd_batch has looked at them all)
    if not getattr(args, "language", None):
        from keizer_xl.frontends.cli_common import PARSE_LANGUAGE
        from keizer_xl.i18n import record_book_language

        if PARSE_LANGUAGE[0]:  # until the reader finds the workbook's own
            record_book_language(PARSE_LANGUAGE[0])
    if _STARTED_PAUSED and args.command == "batch":  # many workbooks: collected as usual
        gc.enable()
    paused = _pause_cycle_collector(args.command)
    try:
        code = run_command(args.command_row, args)
    except BrokenPipeError:  # e.g. `keizer-xl standings club.xlsx | head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (Exception, KeyboardInterrupt) as exc:  # the one place that maps a failure to a code
        print_messages(printed)
        if isinstance(exc, KeizerError) and not getattr(args, "language", None):
            from keizer_xl.frontends.cli_common import learn_language_of_books

            learn_language_of_books(argv)  # refused before the workbook's language was read
        return _fail(exc, argv)
    finally:
        scope.__exit__(None, None, None)
        if paused:
            gc.enable()
    print_messages(printed)
    return int(code)


def _pause_cycle_collector(command: str) -> bool:
    """Pause Python's cycle collector while a command works on one workbook; True if paused.

    openpyxl builds some 100,000 linked objects for a season workbook and keeps them until the
    command ends, so every collection walks them for nothing: about 90 ms of `standings` on the
    150 x 35 season (issue 12, docs/engine-and-speed.md), with the same peak memory (what is freed is
    freed by reference counting as always).  Not for `batch`, which goes through many
    workbooks in one process."""
    if command == "batch" or not gc.isenabled():
        return False
    gc.disable()
    return True


def _fail(exc: BaseException, argv: list[str]) -> int:
    """Print a failure as outcome.describe words it for the command line; its exit code."""
    if isinstance(exc, KeyboardInterrupt):  # Ctrl+C or SIGTERM: say exactly what was written
        from keizer_xl.clients import files

        return show_outcome(describe(exc, "cli", written=bool(files.written),
                              done=Done(files=tuple(map(str, files.written)),
                                        backups=files.BACKUP_FOLDER)))
    log = None
    expected = isinstance(exc, (KeizerError, KeyboardInterrupt))
    if not expected:
        log = write_log("keizer-xl " + " ".join(argv), exc)
    # problems: Sheet!Cell: message, one a line (capped), then the count; else the reason
    code = show_outcome(describe(exc, "cli", written=any_written(), log=log))
    if not expected and debug_enabled():
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    return code


def _safe_streams() -> None:
    """Never die printing a name the console cannot encode (an emoji on a cp1252 console, an
    accent under LANG=C): write what can be written and replace the rest with '?'."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):  # not a text wrapper (a test's buffer)
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
