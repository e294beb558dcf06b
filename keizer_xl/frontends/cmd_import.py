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
    from openpyxl.workbook.workbook import Workbook

    from keizer_xl.core.model import Season
    from keizer_xl.formats import ImportedSeason
    from keizer_xl.formats.trf_write import TrfExport

__all__ = ["read_source", "import_season", "write_new_season", "cmd_import", "cmd_export_trf",
           "parse_rounds"]

#: the optional Players columns an imported file may fill (schema.COLUMNS["Players"] keys)
_REPORT_COLUMNS = ("sex", "birth", "federation", "fide_id", "knsb_id", "group", "category")
_ATTRIBUTES = {"category": "categories"}


# --------------------------------------------------------------------------- import

def read_source(path: Path, program: str = "auto") -> ImportedSeason:
    """The season in ``path`` (app.import_season), after telling the one writer that this
    file is an input: no target of this run may be it, by any path or link."""
    from keizer_xl.app.import_season import ImportRequest, run
    from keizer_xl.clients import files

    files.protect_input(path)
    return run(ImportRequest(path, program))


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
    from keizer_xl.clients import files

    files.protect_input(source)
    # before anything is read or made (the writer checks again): BOOK named as typed
    files.refuse_unsafe_target(target, kind="zip")
    if target.exists() and not force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(target), flag="--force"))
    imported = read_source(source, program)  # problems in the language of the run
    with files.no_print_only_hint():  # import has no --no-write / --dry-run to suggest
        write_new_season(target, imported.season, imported.settings_rows, language)
    return report_of(imported, source, str(target))


def write_new_season(target: Path, season: Season, settings_rows: Sequence[tuple[str, str]],
                     language: str = "en") -> None:
    """``target``: the template in ``language`` holding ``season`` (its players with the rating
    report's columns they fill) and ``settings_rows`` in the template's Settings rows; written
    atomically, a replaced file kept in ``.keizer-backups/``."""
    from keizer_xl.app.write_season import write_season
    from keizer_xl.clients import atomic
    from keizer_xl.clients.xlsx import open_book, write_new_workbook
    from keizer_xl.frontends.template import MAX_ROUNDS, template_workbook

    rounds = season.known_rounds()
    if rounds > MAX_ROUNDS:  # the readers refuse such a file first (core.setting_values.MAX_ROUND)
        raise ActionError(Message("{rounds} rounds: a season workbook holds at most {max_round}",
                                  rounds=rounds, max_round=MAX_ROUNDS))
    # as many Attendance round columns as the source has rounds (at least the template's 40)
    wb = template_workbook(rounds=max(40, rounds), language=language)
    _add_player_columns(wb, language, [key for key in _REPORT_COLUMNS if any(
        getattr(p, _ATTRIBUTES.get(key, key)) for p in season.players)])
    _fill_settings(wb, language, tuple(settings_rows))
    # the draft is made beside the target, in the one writer's scratch folder
    # (.~keizer-xl.<name>.<random>.tmp/, 0700): a run killed half-way leaves it where the next
    # write of the target removes it, never a folder of players' names in the system's temp
    with atomic.scratch_folder(target) as folder:
        draft = folder / target.name
        write_new_workbook(wb, draft, backup=False)
        book = open_book(draft)
        write_season(book, season, settings=False)
        book.save_as(target)


def _table_sheet(wb: Workbook, kind: str, language: str) -> Any:
    from keizer_xl.sheets import schema

    return wb[schema.sheet_name(kind, language)]


def _grow_table(ws: Any, last_row: int, last_col: int) -> None:
    from keizer_xl.sheets.tables import column_letter

    for table in ws.tables.values():
        table.ref = f"A1:{column_letter(last_col)}{last_row}"
        if table.autoFilter is not None:
            table.autoFilter.ref = table.ref
        table.tableColumns = []  # named again from the header row when saved
        table._initialise_columns()
        # the header row may run on past the Table: its own columns are named
        for column, cell in zip(table.tableColumns, ws[1], strict=False):
            column.name = str(cell.value)


def _add_player_columns(wb: Workbook, language: str, keys: list[str]) -> None:
    """The rating report's Players columns the source fills, headed in ``language``."""
    from keizer_xl.sheets import schema

    if not keys:
        return
    ws = _table_sheet(wb, "Players", language)
    col = ws.max_column
    for key in keys:
        col += 1
        ws.cell(row=1, column=col, value=schema.header("Players", key, language))
        ws.cell(row=1, column=col).data_type = "s"
        ws.column_dimensions[ws.cell(row=1, column=col).column_letter].width = 14
    _grow_table(ws, ws.max_row, col)


def _fill_settings(wb: Workbook, language: str, rows: tuple[tuple[str, str], ...]) -> None:
    """The source's settings in the template's Settings rows (their comments kept); keys the
    template has no row for are added below."""
    from keizer_xl.frontends.template import put_value
    from keizer_xl.frontends.template_text import DEFAULT_SETTINGS, added_setting_comment, setting_comment

    ws = _table_sheet(wb, "Settings", language)
    where = {str(ws.cell(row=r, column=1).value or "").strip().casefold(): r
             for r in range(2, ws.max_row + 1)}
    last = ws.max_row
    preset = dict(rows).get("preset")
    for key, value in rows:
        r = where.get(key.casefold())
        if r is None:
            last += 1
            r = last
            put_value(ws, r, 1, key)
            # every row an import adds is explained too (issue 26)
            ws.cell(row=r, column=3, value=added_setting_comment(key, language, preset) or None)
        # put_value: text stays text ('=1+1' too); a control character was refused by the reader
        cell = put_value(ws, r, 2, str(value))
        cell.number_format = "@"
    if preset:  # the explanations give the imported preset's values, not keizer's (issue 26)
        for key, _value, comment in DEFAULT_SETTINGS:
            if key.casefold() in where:
                ws.cell(row=where[key.casefold()], column=3,
                        value=setting_comment(key, comment, language, preset))
    _grow_table(ws, last, ws.max_column)


def cmd_import(args: argparse.Namespace) -> tuple[ImportReport, Done]:
    from keizer_xl.frontends.cli_common import PARSE_LANGUAGE
    from keizer_xl.i18n import record_book_language

    # the new workbook's language: --language, else the one the run speaks before reading
    # (the existing target's sheet names, else the system's: issue 26, docs/languages.md)
    language = args.language or PARSE_LANGUAGE[0] or "en"
    record_book_language(language)  # the summary in the new workbook's language
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


def trf_of_book(path: Path, book: Any, *, rounds: tuple[int, int] | None,
                knsb: bool, club_spelling: bool = False) -> TrfExport:
    """The rating report of the workbook ``book`` read from ``path`` (app.export)."""
    from keizer_xl.app.export import TrfRequest, trf_report

    return trf_report(book, TrfRequest(path.stem, rounds, knsb, club_spelling))


def cmd_export_trf(args: argparse.Namespace, path: Path, book: Any) -> ExportReport:
    """``export BOOK --trf OUT``: written through the one atomic writer."""
    from keizer_xl.clients import atomic, files

    rounds = parse_rounds(args.rounds)
    report = trf_of_book(path, book, rounds=rounds, knsb=args.knsb,
                         club_spelling=bool(getattr(args, "club_spelling", False)))
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
    return ExportReport(target, report.players, report.games, report.rounds, warnings, text)
