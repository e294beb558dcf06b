"""The command line's season commands: ``new``, ``new-season``, ``standings``, ``check``,
``pair``.  Each reads its arguments, runs the use case (``app/``) and returns the report with
how it came about (:data:`~keizer_xl.frontends.cli_common.Shown`); the command line shows it
through the one table of renderers (``frontends/commands.py`` lists the commands)."""
from __future__ import annotations

import argparse
from pathlib import Path

from keizer_xl.app.workbook import BookRequest
from keizer_xl.errors import Message, UsageError
from keizer_xl.frontends.cli_common import Shown, book_path_arg, done_info, is_ods, open_book_arg
from keizer_xl.frontends.shown import Done

def cmd_new(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.setup import TemplateReport
    from keizer_xl.frontends.cli_office import build_xlsm_report, excel_setup_report
    from keizer_xl.clients.xlsx.new_book import build_template
    from keizer_xl.frontends.cli_common import language_before_reading

    path = book_path_arg(args.book, must_exist=False)
    # the messages in the language before reading (the system's), not the template's
    before = language_before_reading([args.book])
    if path.exists() and not args.force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(path), flag="--force"))
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise UsageError(Message("{path}: the season workbook must end in .xlsx", path=str(path)))
    language = getattr(args, "language", None) or "en"
    if path.suffix.lower() == ".xlsm":  # the button-ready workbook, built without Excel
        if getattr(args, "via_excel", False):
            return excel_setup_report(path, new=True, force=args.force, python=None), Done()
        return build_xlsm_report(path, source=None, force=args.force, python=None,
                                 language=language), Done()
    build_template(path, language=language)
    return TemplateReport(str(path), language), Done(lang=before)


def cmd_new_season(args: argparse.Namespace) -> Shown:
    """Issue 18: next season's workbook (app/new_season.py)."""
    from keizer_xl.app.new_season import NewSeasonRequest, write
    from keizer_xl.frontends.cli_common import NewWorkbookFiles, read_while_open

    old = book_path_arg(args.old)
    new = Path(args.new)
    plan = write(NewSeasonRequest(args.start, args.language, old, new, args.force),
                 NewWorkbookFiles())
    warning = read_while_open(old)  # the old season read as last saved (issue 26)
    return plan, Done(book=str(new), source=str(old),
                      messages=(warning,) if warning else ())


def _ods_write(args: argparse.Namespace, action: str) -> Shown:
    """standings / pair on an .ods: the LibreOffice buttons' macro, as `lo-run` runs it."""
    from keizer_xl.frontends.cli_office import macro_run

    if getattr(args, "format", "table") == "csv":
        raise UsageError(Message("--format csv with an .ods workbook: add --no-write, or use "
                                 "table/json"))
    return macro_run(args, action, getattr(args, "round", None),
                     getattr(args, "after_round", None), timeout=180.0)


def cmd_standings(args: argparse.Namespace) -> Shown:
    write = not args.no_write
    if write and is_ods(args.book):
        if args.period is not None:
            raise UsageError(Message("--period with an .ods workbook: add --no-write"))
        return _ods_write(args, "standings")
    path, book = open_book_arg(args.book, write, args.language)
    from keizer_xl.app import standings  # the engine (numpy) only once the workbook is open
    if args.period is not None and args.format == "csv":
        raise UsageError(Message("--period with --format csv: use table or json"))
    report = standings.run(book, standings.StandingsRequest(
        args.after_round, write, args.group, args.period, args.category, args.language))
    # one period's standing (per group) has no categories
    category = None if isinstance(report, standings.PeriodReport) else args.category
    return report, done_info(path, write, args.format, category)


def cmd_check(args: argparse.Namespace) -> Shown:
    path, book = open_book_arg(args.book, False, args.language)  # said when open elsewhere (issue 26)
    from keizer_xl.app import check
    return check.run(book, BookRequest(args.language)), done_info(path, False)


def cmd_schedule(args: argparse.Namespace) -> Shown:
    """Issue 36: every round of the round robins (nothing written)."""
    path, book = open_book_arg(args.book, False, args.language)
    from keizer_xl.app import schedule
    return (schedule.run(book, BookRequest(args.language)),
            done_info(path, False, args.format))


def cmd_pair(args: argparse.Namespace) -> Shown:
    write = not args.dry_run
    if write and is_ods(args.book):
        return _ods_write(args, "pair")
    path, book = open_book_arg(args.book, write, args.language)
    from keizer_xl.app.pair import PairRequest, run

    report = run(book, PairRequest(round=args.round, write=write, force=args.force,
                                   repair=args.repair, group=args.group,
                                   language=args.language))
    return report, done_info(path, write, args.format)


def cmd_players(args: argparse.Namespace) -> Shown:
    """Issue 37: the Players sheet from a rating list (app/players.py)."""
    write = not args.dry_run
    path, book = open_book_arg(args.book, write, args.language)
    from keizer_xl.app.players import PlayersRequest, run

    report = run(book, PlayersRequest(args.list, args.club, tuple(args.add or ()), write,
                                      str(path.resolve().parent)))
    return report, done_info(path, report.written)
