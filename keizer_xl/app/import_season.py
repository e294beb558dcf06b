"""The import use case (``keizer-xl import SOURCE BOOK``): another program's file read into a
season and the Settings rows that reproduce its rules (issue 17; issue 23 item 2: one module per
command): :func:`run` decides which reader a file gets, :func:`write` has the file client the
front end passes write the new workbook, once.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Sequence

from keizer_xl.app.workbook import NewFiles
from keizer_xl.core.model import Season
from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.errors import ActionError, InputError, Message, Problem, UsageError
from keizer_xl.formats import ImportedSeason
from keizer_xl.sheets import schema
from keizer_xl.sheets.template_text import NewBook

#: the optional Players columns an imported file may fill (schema.COLUMNS["Players"] keys)
_REPORT_COLUMNS = ("sex", "birth", "federation", "fide_id", "knsb_id", "group", "category")
_ATTRIBUTES = {"category": "categories"}

#: the file names each reader takes (formats/trf_read.py, formats/kfc.py)
TRF_SUFFIXES = (".trf", ".txt")
KFC_SUFFIXES = (".s3db",)


@dataclass(frozen=True)
class ImportRequest:
    """``source``: a TRF file or a KeizerForClubs tournament; ``program`` (``import --from``):
    who wrote a TRF file, when the file cannot tell (formats.trf_read.PROGRAMS); ``language``
    the new workbook's and the messages'; ``target`` the new workbook (replaced: ``force``)."""

    source: Path
    program: str = "auto"
    language: str = "en"
    target: Path = Path()
    force: bool = False


@dataclass(frozen=True)
class ImportReport:
    """What ``import`` did, worded in frontends/render.py."""

    source: str
    book: str
    kind: str  # "trf" or "kfc"
    players: int
    rounds: int
    games: int
    byes: int
    absences: int
    notes: tuple[str, ...] = ()
    language: str = "en"  # the new workbook's


def run(request: ImportRequest) -> ImportedSeason:
    """The season in ``request.source``, read by the reader its name asks for; the readers'
    problems (file lines, table rows) in the request's language."""
    path, suffix = request.source, request.source.suffix.lower()
    try:
        if suffix in TRF_SUFFIXES:
            from keizer_xl.formats.trf_read import read_trf

            return read_trf(path, request.program)
        if request.program != "auto":
            raise UsageError(Message("{flag} is for TRF files: {path} is not one", flag="--from",
                                     path=str(path)))
        if suffix in KFC_SUFFIXES:
            from keizer_xl.formats.kfc import read_kfc

            return read_kfc(path)
        raise UsageError(Message("{path}: import reads a KeizerForClubs tournament (.s3db) or a "
                                 "TRF file (.trf, .txt)", path=str(path)))
    except InputError as e:
        from keizer_xl.i18n import translate

        error = InputError(Problem(translate(p.where, request.language),
                                   translate(p.message, request.language)) for p in e.problems)
        error.language = request.language
        raise error from None


def write(request: ImportRequest, files: NewFiles) -> ImportReport:
    """Read ``request.source`` and write the new season workbook ``request.target`` through
    ``files`` (nothing on a problem)."""
    source, target = request.source, request.target
    if not source.exists():  # also a dangling link
        raise UsageError(Message("{path}: no such file", path=str(source)))
    if target.suffix.lower() != ".xlsx":
        raise UsageError(Message("{path}: the season workbook must end in .xlsx",
                                 path=str(target)))
    if not os.path.isdir(target.parent):
        raise UsageError(Message("{path}: the folder {folder} does not exist", path=str(target),
                                 folder=str(target.parent)))
    files.guard(source, target)  # before anything is read or made (the writer checks again)
    if target.exists() and not request.force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(target), flag="--force"))
    imported = run(request)
    write_new_season(target, imported.season, imported.settings_rows, files, request.language)
    return report_of(imported, source, str(target), request.language)


def write_new_season(target: Path, season: Season, settings_rows: Sequence[tuple[str, str]],
                     files: NewFiles, language: str = "en") -> None:
    """``target``: the template in ``language`` holding ``season`` and ``settings_rows``
    (:func:`book_plan`), made in memory and written once by ``files``."""
    from keizer_xl.app.write_season import write_season

    book = files.create(target, book_plan(season, settings_rows, language))
    write_season(book, season, settings=False)
    files.save(book, backup=target.exists())


def report_of(imported: ImportedSeason, source: Path, book: str,
              language: str = "en") -> ImportReport:
    season: Season = imported.season
    return ImportReport(source.name, book, imported.source, len(season.players),
                        season.known_rounds(), len(season.games), len(season.byes),
                        len(season.absences), imported.notes, language)


def book_plan(season: Season, settings_rows: Sequence[tuple[str, str]],
              language: str = "en") -> NewBook:
    """The new workbook for ``season`` in ``language``: ``settings_rows`` explained in the
    template's Settings, the rating report's Players columns the season fills, as many
    Attendance round columns as it has rounds (at least the template's 40)."""
    rounds = season.known_rounds()
    if rounds > MAX_ROUND:  # the readers refuse such a file first
        raise ActionError(Message("{rounds} rounds: a season workbook holds at most {max_round}",
                                  rounds=rounds, max_round=MAX_ROUND))
    keys = [key for key in _REPORT_COLUMNS
            if any(getattr(p, _ATTRIBUTES.get(key, key)) for p in season.players)]
    return NewBook(language, max(40, rounds), tuple(settings_rows), explain=True,
                   columns=tuple((schema.header("Players", key, language), key) for key in keys))
