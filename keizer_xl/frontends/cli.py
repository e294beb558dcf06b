"""The ``keizer-xl`` command line: the only place that prints and sets exit codes.

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
import signal  # noqa: E402
import sys  # noqa: E402

_early_interrupts: list[int] = []


def _interrupted_early(signum: int, frame: object) -> None:
    _early_interrupts.append(signum)


if sys.argv and sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1].lower().startswith(
        "keizer-xl") and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_early)

import argparse
import gc
import json
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Sequence, TextIO

if TYPE_CHECKING:
    from types import FrameType

    from keizer_xl.sheets.tables import Book

    from keizer_xl.actions import ActionRequest
    from keizer_xl.clients.xlsx import FileBook
    from keizer_xl.core.model import Season
    from keizer_xl.core.standings import History
    from keizer_xl.frontends.batch import BatchEvent

# Only what every command needs is imported here: `keizer-xl --help` loads no pandas, numpy,
# openpyxl or xlwings (issue 12, start-up); each command imports what it uses (the engine and
# numpy for standings / pair / check, openpyxl when a workbook is opened, pandas only where a
# DataFrame is really built: compare, export, batch).
from keizer_xl.errors import KeizerError, Message, SetupError, UsageError
from keizer_xl.i18n import N_, shown_translator as _tr
from keizer_xl.frontends.outcome import debug_enabled, describe, write_log
from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, Done
# the commands by family (issue 15): the season's here; reports, Excel and LibreOffice beside
from keizer_xl.frontends.cli_common import (_OPENED, _Parser, _book_lang, _book_path,  # noqa: F401
                                            _done, _held, _open, _open_book_arg,
                                            _print_messages, _say, _sheet, _show, _written)
from keizer_xl.frontends.cli_office import (_build_xlsm, _excel_setup, _lo_run, cmd_excel_config,  # noqa: F401
                                            cmd_excel_setup, cmd_lo_buttons, cmd_lo_install,
                                            cmd_lo_run)
from keizer_xl.frontends.cli_reports import (_BatchProgress, _cmd_import,  # noqa: F401
                                             cmd_audit, cmd_batch, cmd_compare, cmd_explain,
                                             cmd_export)


__all__ = ["main", "build_parser", "UsageError", "EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE"]


# --------------------------------------------------------------------------- commands

def cmd_new(args: argparse.Namespace) -> int:
    from keizer_xl.frontends.template import build_template

    path = _book_path(args.book, must_exist=False)
    if path.exists() and not args.force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)", path=str(path),
                                 flag="--force"))
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise UsageError(Message("{path}: the season workbook must end in .xlsx", path=str(path)))
    language = getattr(args, "language", None) or "en"
    if path.suffix.lower() == ".xlsm":  # the button-ready workbook, built without Excel
        if getattr(args, "via_excel", False):
            return _excel_setup(path, new=True, force=args.force, python=None)
        return _build_xlsm(path, source=None, force=args.force, python=None, language=language)
    build_template(path, language=language)
    tr = _tr()
    print(tr("Created {path}: fill in {players}, then mark absences and pair round 1.",
                path=path, players=_sheet("Players", language)))
    return EXIT_OK


def cmd_new_season(args: argparse.Namespace) -> int:
    """Issue 18: next season's workbook (frontends/new_season.py)."""
    from keizer_xl.frontends.new_season import new_season

    old = _book_path(args.old)
    new = Path(args.new)
    plan = new_season(old, new, start=args.start, language=args.language, force=args.force)
    from keizer_xl.frontends.cli_common import warn_read_while_open

    code = _show(describe(plan, "cli", done=Done(book=str(new), source=str(old),
                                                  sheets_lang=plan.language)))
    warn_read_while_open(old)  # the old season read as last saved (issue 26)
    return code


def _ods_write(args: argparse.Namespace, action: str) -> int:
    """standings / pair on an .ods: the LibreOffice buttons' macro, as `lo-run` runs it."""
    from keizer_xl.actions import ActionRequest

    if getattr(args, "format", "table") == "csv":
        raise UsageError("--format csv with an .ods workbook: add --no-write, or use table/json")
    request = ActionRequest(action, args.after_round if action == "standings" else args.round,
                            force=getattr(args, "force", False),
                            repair=getattr(args, "repair", False),
                            language=getattr(args, "language", None), front="cli",
                            format=args.format, label=args.book)
    return _lo_run(_book_path(args.book), request, timeout=180.0)


def cmd_standings(args: argparse.Namespace) -> int:
    from keizer_xl.clients import ods

    write = not args.no_write
    if write and ods.is_ods(args.book):
        if getattr(args, "period", None) is not None:
            raise UsageError("--period with an .ods workbook: add --no-write")
        return _ods_write(args, "standings")
    path, book = _open_book_arg(args.book, write)
    from keizer_xl.app import standings  # the engine (numpy) only once the workbook is open
    period = getattr(args, "period", None)
    if period is not None and args.format == "csv":
        raise UsageError("--period with --format csv: use table or json")
    report = standings.run(book, standings.StandingsRequest(
        args.after_round, write, args.group, period, args.category))
    if isinstance(report, standings.PeriodReport):  # one period's standing (per group)
        return _show(describe(report, "cli", done=_done(path, book, write, args.format)))
    if args.category is not None:  # an unknown category is refused before anything is shown
        from keizer_xl.frontends.render_rows import category_rows

        category_rows(report, args.category)
    return _show(describe(report, "cli", done=_done(path, book, write, args.format,
                                                    args.category)))


def cmd_check(args: argparse.Namespace) -> int:
    path = _book_path(args.book)
    book = _open(path)
    from keizer_xl.app import check
    report = check.run(book)
    return _show(describe(report, "cli", done=_done(path, book, False)))


def cmd_pair(args: argparse.Namespace) -> int:
    from keizer_xl.clients import ods

    write = not args.dry_run
    if write and ods.is_ods(args.book):
        return _ods_write(args, "pair")
    path, book = _open_book_arg(args.book, write)
    from keizer_xl.app.pair import PairRequest, run

    report = run(book, PairRequest(round=args.round, write=write, force=args.force,
                                   repair=args.repair, group=args.group))
    return _show(describe(report, "cli", done=_done(path, book, write, args.format)))


# --------------------------------------------------------------------------- batch and history


# --------------------------------------------------------------------------- Excel (xlwings)


# --------------------------------------------------------------------------- LibreOffice


# --------------------------------------------------------------------------- main

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="keizer-xl", description="Keizer-system club competitions in a workbook")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("new", help="create a season workbook from the template (.xlsm: with buttons)")
    p.add_argument("book")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.add_argument("--via-excel", action="store_true",
                   help=".xlsm only: let Excel (Windows, macOS) add the macros and buttons")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("new-season", help="next season's workbook: the same settings, every "
                       "Players column, each player in the group he ended in, Start = each "
                       "group's final table")
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--start", choices=("ranking", "rating"), default="ranking")
    p.add_argument("--force", action="store_true", help="overwrite an existing NEW")
    p.set_defaults(func=cmd_new_season)

    p = sub.add_parser("standings", help="compute the standings and write the Standings sheet")
    p.add_argument("book")
    p.add_argument("--after-round", type=int, metavar="N")
    p.add_argument("--format", choices=("table", "json", "csv"), default="table")
    p.add_argument("--no-write", action="store_true", help="print only, leave the workbook alone")
    p.add_argument("--period", type=int, metavar="N",
                   help="print period N's standing (the periods setting)")
    p.add_argument("--group", metavar="G", help="only group G's standings (docs/groups.md)")
    p.add_argument("--category", metavar="C", help="only category C, ranked within it")
    p.set_defaults(func=cmd_standings)

    p = sub.add_parser("check", help="report every problem in the workbook, with sheet and cell")
    p.add_argument("book")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("pair", help="pair the next round into Pairings and Results")
    p.add_argument("book")
    p.add_argument("--round", type=int, metavar="N", help="pair round N (default: the next)")
    p.add_argument("--dry-run", action="store_true", help="print the pairing, write nothing")
    p.add_argument("--group", metavar="G", help="pair only group G (docs/groups.md)")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--force", action="store_true",
                   help="pair even though the previous round still lacks results")
    p.add_argument("--repair", action="store_true",
                   help="pair an already paired round again (late arrivals); boards whose "
                        "Result is * (started) are kept")
    p.set_defaults(func=cmd_pair)

    p = sub.add_parser("batch", help="recompute whole seasons: workbooks and folders of them")
    p.add_argument("paths", nargs="+", metavar="BOOK_OR_FOLDER")
    p.add_argument("--out", metavar="DIR", help="write <stem>.keizer.xlsx here (default: next to "
                                               "each workbook)")
    p.add_argument("--in-place", action="store_true",
                   help="update the workbooks themselves (the last five versions are kept in "
                        ".keizer-backups/)")
    p.add_argument("--jobs", type=int, metavar="N", help="workbooks at a time (default: min(2, CPUs))")
    p.add_argument("--compare", action="store_true", help="also write the Compare sheet")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=cmd_batch)

    p = sub.add_parser("explain", help="why a player stands where he stands")
    p.add_argument("book")
    p.add_argument("name")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("audit", help="compare each recorded pairing with the engine's")
    p.add_argument("book")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("compare", help="the final ranking under other methods and presets")
    p.add_argument("book")
    p.add_argument("--no-write", action="store_true", help="print only, do not write Compare")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("export", help="publish the season as one HTML page or the standings as CSV")
    p.add_argument("book")
    p.add_argument("--html", action="store_true", help="a self-contained page (default BOOK.html)")
    p.add_argument("--csv", action="store_true", help="the standings (default BOOK.csv)")
    p.add_argument("--csv-separator", metavar="CHAR", choices=(",", ";", "tab"),
                   help="the CSV column separator (default: ';' for nl, de and fr, else ',')")
    p.add_argument("--decimal", choices=(".", ","),
                   help="the CSV decimal sign (default: ',' for nl, de and fr, else '.')")
    p.add_argument("--out", metavar="FILE", help="where to write ('-' for standard output)")
    p.add_argument("--trf", metavar="FILE", help="the FIDE TRF-16 rating report ('-' for "
                                                 "standard output)")
    p.add_argument("--rounds", metavar="A-B", help="--trf: only rounds A to B (the monthly batch)")
    p.add_argument("--knsb", action="store_true", help="--trf: the KNSB's flavour (forfeits left out)")
    p.add_argument("--club-spelling", action="store_true",
                   help="--trf: names as the club writes them (accents; readers that count bytes "
                        "then misplace the columns) instead of FIDE's ASCII spelling")
    p.add_argument("--strict", action="store_true",
                   help="--trf: refuse (write nothing) when the report cannot hold a value as it "
                        "is (a federation, id or birth date left blank, names the name field "
                        "makes equal) or lacks what a rating report needs")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="a new season workbook from a TRF file or a KeizerForClubs "
                                      "tournament (.s3db)")
    p.add_argument("source")
    p.add_argument("book")
    p.add_argument("--force", action="store_true", help="overwrite an existing BOOK (kept in "
                                                        ".keizer-backups/)")
    p.add_argument("--from", dest="program", choices=("auto", "fide", "chesspairing"),
                   default="auto", help="who wrote the TRF file, when the file cannot tell: "
                                        "chesspairing reads U as an absence and F as the bye "
                                        "(default: auto)")
    p.set_defaults(func=_cmd_import)

    p = sub.add_parser("excel-setup", help="make a workbook button-ready for Excel (BOOK.xlsm beside BOOK.xlsx)")
    p.add_argument("book", nargs="?", help="the workbook (.xlsx); the result is BOOK.xlsm beside it")
    p.add_argument("--new", action="store_true", help="create BOOK from the season template first")
    p.add_argument("--force", action="store_true", help="replace an existing .xlsm")
    p.add_argument("--python", metavar="PATH", help="the Python the buttons run (default: this one)")
    p.add_argument("--export-vba", metavar="FOLDER",
                   help="only write the three VBA files to FOLDER, for importing them by hand")
    p.add_argument("--via-excel", action="store_true",
                   help="let Excel itself add the macros and buttons (Windows, macOS; needs "
                        "'Trust access to the VBA project object model')")
    p.set_defaults(func=cmd_excel_setup)

    p = sub.add_parser("excel-config", help="write the xlwings.conf sheet (which Python the buttons run)")
    p.add_argument("book")
    p.add_argument("--python", metavar="PATH", help="the interpreter (default: this one)")
    p.add_argument("--for", dest="platform", choices=("win", "mac"),
                   help="whose interpreter to set (default: this computer's)")
    p.add_argument("--pythonpath", metavar="DIRS",
                   help="folders to add to Python's path (default: only if needed)")
    p.set_defaults(func=cmd_excel_config)

    p = sub.add_parser("lo-install", help="install the LibreOffice macro for this user")
    p.add_argument("--profile", metavar="DIR",
                   help="the LibreOffice user profile (default: ~/.config/libreoffice/4/user)")
    p.add_argument("--no-check", action="store_true",
                   help="do not check that LibreOffice's Python loads keizer-xl")
    p.set_defaults(func=cmd_lo_install)

    p = sub.add_parser("lo-buttons", help="add the buttons to a workbook for LibreOffice (.ods)")
    p.add_argument("book")
    p.add_argument("--ods", action="store_true",
                   help="for an .xlsx: write a copy BOOK.ods with the buttons (an Excel file "
                        "cannot keep LibreOffice buttons)")
    p.add_argument("--sheet", metavar="NAME", help="the sheet for the buttons (default: Start, "
                                                   "else the first sheet)")
    p.add_argument("--timeout", type=float, default=180.0, metavar="SECONDS")
    p.set_defaults(func=cmd_lo_buttons)

    p = sub.add_parser("lo-run", help="run a button's macro on BOOK in headless LibreOffice")
    p.add_argument("book")
    p.add_argument("action", choices=("pair", "standings", "check"))
    p.add_argument("--round", "--after-round", dest="round", type=int, metavar="N",
                   help="pair: the round to pair; standings: after round N")
    p.add_argument("--force", action="store_true",
                   help="pair even though the previous round still lacks results")
    p.add_argument("--repair", action="store_true", help="pair the last paired round again")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--timeout", type=float, default=180.0, metavar="SECONDS",
                   help="stop LibreOffice after this long (default 180)")
    p.set_defaults(func=cmd_lo_run)

    # every command: the language of messages (and of the template for `new`); the workbook's
    # own language (its `language` setting or sheet names) when not given
    # the catalogs' languages and English (= core.rules.LANGUAGES, tests/frontends/test_startup.py):
    # core.rules is not imported for --help (its presets and Fractions, issue 25)
    from keizer_xl.i18n import CATALOG_LANGUAGES
    LANGUAGES = ("en", *CATALOG_LANGUAGES)
    for command in sub.choices.values():
        command.add_argument("--language", choices=LANGUAGES, default=None,
                             help="the language of messages (default: the workbook's)")
    return parser


def _stop(signum: int, frame: FrameType | None) -> NoReturn:  # SIGTERM as Ctrl+C: the finally blocks remove temporary files
    raise KeyboardInterrupt


def _interrupt_later(unraisable: Any) -> None:
    """A Ctrl+C (or SIGTERM) that lands inside a callback Python cannot raise from (an import
    lock's weakref callback, a finalizer) would be printed as "Exception ignored in ..." with a
    traceback and then lost.  Deliver it again to the main thread, where it is raised at the
    next safe point and answered like any other interrupt; anything else is Python's to print."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        import _thread

        _thread.interrupt_main()
        return
    sys.__unraisablehook__(unraisable)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl+C while starting or cleaning up, outside _run (issue 16)
        return _fail(KeyboardInterrupt(), [])


def _main(argv: Sequence[str] | None) -> int:
    _safe_streams()
    parser = build_parser()
    from keizer_xl.frontends.cli_common import (PARSE_LANGUAGE, argparse_language,
                                                language_before_reading, language_given)

    words = list(sys.argv[1:] if argv is None else argv)
    # the language of messages before a workbook is read (issue 26; docs/languages.md)
    PARSE_LANGUAGE[0] = language_given(words) or language_before_reading(words)
    with argparse_language(PARSE_LANGUAGE[0]):
        args = parser.parse_args(argv)
    if signal.getsignal(signal.SIGINT) is _interrupted_early:  # started: Ctrl+C raises again
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if _early_interrupts:
        raise KeyboardInterrupt
    _OPENED.clear()
    # what an earlier main() in this process wrote and read; not imported for --help
    # (filelock, ~20 ms: issue 25)
    files = sys.modules.get("keizer_xl.clients.files")
    if files is not None:
        files.written.clear()
        files.inputs.clear()
    try:
        previous = signal.signal(signal.SIGTERM, _stop)
    except (ValueError, AttributeError, OSError):  # not the main thread, or no SIGTERM here
        previous = None
    unraisable_hook = sys.unraisablehook
    sys.unraisablehook = _interrupt_later
    try:
        return _run(args, list(sys.argv[1:] if argv is None else argv))
    finally:
        _held.close()  # the workbook's lock, converted .ods copies
        sys.unraisablehook = unraisable_hook
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace, argv: list[str]) -> int:
    printed: set[str] = set()
    from keizer_xl.i18n import front_end_run

    scope = front_end_run(getattr(args, "language", None))
    scope.__enter__()
    # (not batch: one batch may hold workbooks in several languages; it reports in English)
    if not getattr(args, "language", None) and args.command != "batch":
        from keizer_xl.frontends.cli_common import PARSE_LANGUAGE
        from keizer_xl.i18n import record_book_language

        if PARSE_LANGUAGE[0]:  # until the reader finds the workbook's own
            record_book_language(PARSE_LANGUAGE[0])
    paused = _pause_cycle_collector(args.command)
    try:
        code = args.func(args)
    except BrokenPipeError:  # e.g. `keizer-xl standings club.xlsx | head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (Exception, KeyboardInterrupt) as exc:  # the one place that maps a failure to a code
        _print_messages(printed)
        return _fail(exc, argv)
    finally:
        scope.__exit__(None, None, None)
        if paused:
            gc.enable()
    _print_messages(printed)
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

        return _show(describe(exc, "cli", written=bool(files.written),
                              done=Done(files=tuple(map(str, files.written)))))
    log = None
    expected = isinstance(exc, (KeizerError, KeyboardInterrupt))
    if not expected:
        log = write_log("keizer-xl " + " ".join(argv), exc)
    # problems: Sheet!Cell: message, one a line (capped), then the count; else the reason
    code = _show(describe(exc, "cli", written=_written(), log=log))
    if not expected and debug_enabled():
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    return code


def _safe_streams() -> None:
    """Never die printing a name the console cannot encode (an emoji on a cp1252 console, an
    accent under LANG=C): write what can be written and replace the rest with '?'."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # not a text wrapper (a test's buffer)
            pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
