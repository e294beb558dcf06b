"""The export use case's rows: what the CSV and the HTML page show, read from the one
competition view (issue 23), so a game count, game points and a period winner are the numbers
the Standings and Periods sheets show.  The file formats are written in app/export_files.py
(CSV, HTML) and formats/trf_write.py (TRF)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer_xl.app.standings import StandingsReport, compute_standings
from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Season
from keizer_xl.core.rows import Part, period_part
from keizer_xl.core.engine import History
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import read_book
from keizer_xl.sheets.read_attendance import attendance_dates

if TYPE_CHECKING:
    from keizer_xl.formats.trf_write import TrfExport
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class ExportBlock:
    """One group's part of an export ("" without groups): its standings (the Standings sheet's
    rows), the season that ranks them, that group as its open round is paired, its periods."""

    group: str
    report: StandingsReport
    ranked: Season
    history: History  # the ranking competition's history (the rank chart, the crosstable)
    paired: Season
    periods: tuple[Part, ...]  # its periods' shown rows (core/rows.py)


@dataclass(frozen=True)
class ExportRows:
    view: Competition
    blocks: tuple[ExportBlock, ...]


def export_rows(season: Season) -> ExportRows:
    """Every group's block after the last round with results."""
    view = Competition(season)
    whole = compute_standings(season, view=view)
    reports = whole.parts or (whole,)
    blocks = []
    for r in reports:
        g = r.group
        blocks.append(ExportBlock(g, r, r.ranked or season, view.standing(g).history,
                                  view.group_season(g, view.last + 1) if g else season,
                                  tuple(period_part(ps) for ps in view.parts(g))
                                  if season.settings.periods else ()))
    return ExportRows(view, tuple(blocks))


# --------------------------------------------------------------------------- the rating report

@dataclass(frozen=True)
class TrfRequest:
    """``export BOOK --trf OUT [--rounds A-B] [--knsb] [--club-spelling]``: ``title`` names the
    tournament (the workbook's file name)."""

    title: str
    rounds: tuple[int, int] | None = None
    knsb: bool = False
    club_spelling: bool = False
    language: str | None = None  # the messages' (None: the workbook's)


@dataclass(frozen=True)
class ExportReport:
    """What ``export --trf`` wrote, worded in frontends/render.py."""

    target: str
    players: int
    games: int
    rounds: tuple[int, int]
    warnings: tuple[str, ...] = ()
    text: str = ""  # the report itself when it goes to standard output (``--trf -``)
    language: str = "en"  # the workbook's


@dataclass(frozen=True)
class PublishReport:
    """What ``export --html`` / ``--csv`` wrote: the files (``written``), the text of those that
    go to standard output (``--out -``), the rating report when ``--trf`` came with them, and
    the warnings (the workbook read as last saved while it is open elsewhere)."""

    written: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    trf: ExportReport | None = None
    warnings: tuple[str, ...] = ()
    language: str = "en"  # the workbook's


def trf_report(book: Book, request: TrfRequest) -> tuple[TrfExport, str]:
    """The rating report of ``book``: its games as formats/trf_write.py writes them, with the Players
    columns the report reads named in the workbook's language (for the warnings); and that
    language."""
    from keizer_xl.formats.trf_write import export_trf

    season, lang = read_book(book, request.language)
    columns = {key: schema.header("Players", key, lang)
               for key in ("federation", "birth", "fide_id", "knsb_id")}
    columns["players"] = schema.sheet_name("Players", lang)
    return export_trf(season, rounds=request.rounds,
                      knsb=request.knsb, title=request.title,
                      round_dates=attendance_dates(book), columns=columns,
                      club_spelling=request.club_spelling), lang
