"""``keizer-xl import SOURCE BOOK`` and ``keizer-xl export BOOK --trf OUT`` (issue 17).

``import`` reads another program's file (a TRF file; a KeizerForClubs ``.s3db`` through
:mod:`keizer_xl.formats.kfc`) and writes a NEW season workbook in the contract's sheets, in
the language asked for: the template (its instructions, dropdowns and Settings rows with
their comments), the players (with the rating report's columns the file fills), attendance,
results and the Settings that reproduce the source's rules.  Nothing is written when the
source has problems; an existing BOOK is refused without ``--force`` and then kept in
``.keizer-backups/`` by the normal save.

What is read and computed is the use cases' (:mod:`keizer_xl.app.import_season`,
:func:`keizer_xl.app.export.trf_report`); this module checks the paths, writes the files and
shows the reports (worded once in :mod:`keizer_xl.frontends.render`) through
``outcome.describe`` like every other report.
"""
from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from keizer_xl.app.export import ExportReport
from keizer_xl.app.import_season import ImportReport, report_of
from keizer_xl.errors import ActionError, InputError, Message, Problem, UsageError
from keizer_xl.frontends.shown import Done

if TYPE_CHECKING:
    from keizer_xl.core.model import Season
    from keizer_xl.formats.trf_write import TrfExport

__all__ = ["import_season", "write_new_season", "cmd_import", "cmd_export_trf",
           "parse_rounds"]


# --------------------------------------------------------------------------- import

def import_season(source: Path, target: Path, language: str, *, force: bool,
                  program: str = "auto") -> ImportReport:
    """Read ``source`` and write the new season workbook ``target`` (nothing on a problem)."""
    if not source.exists():  # also a dangling link
        raise UsageError(Message("{path}: no such file", path=str(source)))
    if target.suffix.lower() != ".xlsx":
        raise UsageError(Message("{path}: the season workbook must end in .xlsx",
                                 path=str(target)))
    if not os.path.isdir(target.parent):
        raise UsageError(Message("{path}: the folder {folder} does not exist", path=str(target),
                                 folder=str(target.parent)))
    from keizer_xl.app.import_season import ImportRequest, run
    from keizer_xl.clients import files

    files.protect_input(source)  # the one writer refuses it as a target, by any path or link
    # before anything is read or made (the writer checks again): BOOK named as typed
    files.refuse_unsafe_target(target, kind="zip")
    if target.exists() and not force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(target), flag="--force"))
    imported = run(ImportRequest(source, program, language))  # its problems in the language
    with files.no_print_only_hint():  # import has no --no-write / --dry-run to suggest
        write_new_season(target, imported.season, imported.settings_rows, language)
    return report_of(imported, source, str(target), language)


def write_new_season(target: Path, season: Season, settings_rows: Sequence[tuple[str, str]],
                     language: str = "en") -> None:
    """``target``: the template in ``language`` holding ``season`` and ``settings_rows``
    (app.import_season.book_plan), made in memory and written once, atomically; a replaced
    file kept in ``.keizer-backups/``."""
    from keizer_xl.app.write_season import write_season
    from keizer_xl.app.import_season import book_plan
    from keizer_xl.clients.xlsx.new_book import new_book, save_new

    book = new_book(target, book_plan(season, settings_rows, language))
    write_season(book, season, settings=False)
    save_new(book, backup=target.exists())


def cmd_import(args: argparse.Namespace) -> tuple[ImportReport, Done]:
    from keizer_xl.frontends.cli_common import language_before_reading

    # the new workbook's language: --language, else the one the run speaks before reading
    # (the existing target's sheet names, else the system's: issue 26, docs/languages.md)
    language = args.language or language_before_reading([args.book]) or "en"
    report = import_season(Path(args.source), Path(args.book), language, force=args.force,
                           program=getattr(args, "program", None) or "auto")
    return report, Done(book=str(args.book))


# --------------------------------------------------------------------------- export --trf

def parse_rounds(text: str | None) -> tuple[int, int] | None:
    """``--rounds A-B`` (or one round ``A``)."""
    if text is None:
        return None
    other = next((c for c in text if c.isdigit() and not "0" <= c <= "9"), None)
    if other is not None:
        raise UsageError(Message("--rounds {text}: {char!r} is not a digit 0-9", text=text,
                                 char=other))
    parts = text.replace(" ", "").split("-")
    if len(parts) in (1, 2) and all(re.fullmatch(r"[0-9]{1,4}", p) for p in parts):
        first, last = int(parts[0]), int(parts[-1])
        if 1 <= first <= last:
            return first, last
    raise UsageError(Message("--rounds {text}: write the first and the last round, e.g. 5-8",
                             text=text))


def trf_of_book(path: Path, book: Any, *, rounds: tuple[int, int] | None, knsb: bool,
                club_spelling: bool = False, language: str | None = None
                ) -> tuple[TrfExport, str]:
    """The rating report of the workbook ``book`` read from ``path`` (app.export), and the
    workbook's language."""
    from keizer_xl.app.export import TrfRequest, trf_report

    return trf_report(book, TrfRequest(path.stem, rounds, knsb, club_spelling, language))


def cmd_export_trf(args: argparse.Namespace, path: Path, book: Any) -> ExportReport:
    """``export BOOK --trf OUT``: written through the one atomic writer."""
    from keizer_xl.clients import atomic, files

    rounds = parse_rounds(args.rounds)
    report, lang = trf_of_book(path, book, rounds=rounds, knsb=args.knsb,
                               club_spelling=bool(getattr(args, "club_spelling", False)),
                               language=args.language)
    if getattr(args, "strict", False) and report.warnings:  # --strict: all or nothing
        raise InputError([Problem(str(args.trf), Message(
            "--strict: the rating report was not written: {warning}", warning=w))
            for w in report.warnings])
    text = ""
    if args.trf == "-":  # printed by the command line with the report (render_reports)
        text = report.text
        target = "-"
    else:
        out = Path(args.trf)
        if out.is_dir():
            out = out / (path.stem + ".trf")
        open_there = files.open_elsewhere(out)
        if open_there:  # e.g. the report open in an editor on Windows
            raise ActionError(open_there)
        try:  # check: a report the user made read-only is not replaced either
            with files.no_print_only_hint():
                atomic.write_bytes(out, report.text.encode("utf-8"), check=True)
        except OSError as e:
            raise ActionError(Message("{path} could not be written ({error})", path=str(out),
                                      error=e.strerror or str(e))) from None
        target = str(out)
    from keizer_xl.frontends.cli_common import read_while_open

    open_there = read_while_open(path)  # read as last saved while open elsewhere (issue 26)
    warnings = (*report.warnings, *((open_there,) if open_there else ()))
    return ExportReport(target, report.players, report.games, report.rounds, warnings, text,
                        lang)
