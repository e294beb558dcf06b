"""``keizer-xl import SOURCE BOOK`` and ``keizer-xl export BOOK --trf OUT`` (issue 17).

What is read, checked and written is the use cases' (:mod:`keizer_xl.app.import_season`
through the file client the command line passes, :func:`keizer_xl.app.export.trf_report`);
this module reads the arguments and writes the rating report's file; the reports are worded
once in :mod:`keizer_xl.frontends.render` through ``outcome.describe`` like every other.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from keizer_xl.app.export import ExportReport
from keizer_xl.app.import_season import ImportReport
from keizer_xl.errors import InputError, Message, Problem, UsageError
from keizer_xl.frontends.shown import Done

def cmd_import(args: argparse.Namespace) -> tuple[ImportReport, Done]:
    from keizer_xl.app.import_season import ImportRequest, write
    from keizer_xl.frontends.cli_common import NewWorkbookFiles, language_before_reading

    # the new workbook's language: --language, else the one the run speaks before reading
    # (the existing target's sheet names, else the system's: issue 26, docs/languages.md)
    language = args.language or language_before_reading([args.book]) or "en"
    report = write(ImportRequest(Path(args.source), args.program, language, Path(args.book),
                                 args.force), NewWorkbookFiles())
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


def cmd_export_trf(args: argparse.Namespace, path: Path, book: Any) -> ExportReport:
    """``export BOOK --trf OUT``: the rating report of the workbook ``book`` read from
    ``path`` (app.export), written through the one atomic writer."""
    from keizer_xl.app.export import TrfRequest, trf_report
    from keizer_xl.frontends.cli_common import read_while_open, write_file

    report, lang = trf_report(book, TrfRequest(
        path.stem, parse_rounds(args.rounds), args.knsb, args.club_spelling, args.language))
    if args.strict and report.warnings:  # --strict: all or nothing
        raise InputError([Problem(str(args.trf), Message(
            "--strict: the rating report was not written: {warning}", warning=w))
            for w in report.warnings])
    text, target = "", "-"
    if args.trf == "-":  # printed by the command line with the report (render_reports)
        text = report.text
    else:
        out = Path(args.trf)
        if out.is_dir():
            out = out / (path.stem + ".trf")
        write_file(out, report.text.encode("utf-8"))  # refused when open elsewhere (an editor)
        target = str(out)
    open_there = read_while_open(path)  # read as last saved while open elsewhere (issue 26)
    warnings = (*report.warnings, *((open_there,) if open_there else ()))
    return ExportReport(target, report.players, report.games, report.rounds, warnings, text,
                        lang)
