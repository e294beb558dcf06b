"""``batch``: the standings use case over many workbooks, plus the season's analysis sheets.

:func:`run` recomputes one workbook (already opened as a Book) and writes its season sheets:
the sheets ``standings`` writes, by the very function ``standings`` uses
(:func:`keizer_xl.app.standings.write_standings_sheets`: Standings with Game points, TPR,
``min_games``, a block per group and category, and Periods with periods: issue 23), then
History, Crosstable, Explain, Audit and, if asked, Compare.  It does not save: opening the
files, the process pool, the History sheet's chart and saving are the front end's
(``frontends/batch.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from collections.abc import Callable

from pathlib import Path

if TYPE_CHECKING:
    from keizer_xl.core.model import Season
    from keizer_xl.core.engine import History
    from keizer_xl.sheets.tables import Book

__all__ = ["BatchReport", "BatchRequest", "BookReport", "Job", "WorkbookResult", "run",
           "write_season_sheets"]

#: progress: (stage name, fraction of this workbook done)
Progress = Callable[[str, float], None]


@dataclass(frozen=True)
class Job:
    index: int
    source: Path
    output: Path
    label: str  # how the workbook is named in progress and summary (path as found)


@dataclass(frozen=True)
class WorkbookResult:
    job: Job
    ok: bool
    problems: tuple[str, ...] = ()  # why it failed (the first MAX_PROBLEMS), or ()
    problem_count: int = 0
    notes: tuple[str, ...] = ()  # warnings: results still missing, features not copied, ...
    players: int = 0
    rounds: int = 0
    audit_rounds_differing: int = 0
    seconds: float = 0.0
    language: str = ""  # the workbook's language (the summary speaks it when all agree)


@dataclass(frozen=True)
class BatchReport:
    """``keizer-xl batch``: every workbook's result, in the order given, and the time the
    whole batch took (shown by ``frontends/render_reports.batch``)."""

    results: tuple[WorkbookResult, ...]
    seconds: float


@dataclass(frozen=True)
class BatchRequest:
    compare: bool = False  # also the Compare sheet (seven more recomputations)


@dataclass(frozen=True)
class BookReport:
    """What one workbook's recomputation gave: the notes (the standings' notes in the
    workbook's language), its size, the rounds the audit found different and the history (the
    front end draws its chart from it)."""

    notes: tuple[str, ...]
    players: int
    rounds: int
    audit_rounds_differing: int
    language: str
    history: History


def run(book: Book, request: BatchRequest = BatchRequest(),
        progress: Progress | None = None) -> BookReport:
    """Read the season of ``book``, recompute it and write its season sheets (not saved)."""
    from keizer_xl.core.engine import compute_history
    from keizer_xl.sheets.read import read_season
    from keizer_xl.sheets.read_names import workbook_language

    report = progress or (lambda stage, fraction: None)
    report("read", 0.15)
    season = read_season(book)
    report("standings", 0.20)
    history = compute_history(season)
    notes, differing = write_season_sheets(book, season, history, compare=request.compare,
                                           progress=report)
    return BookReport(notes, len(history.last.order), history.last.round, differing,
                      workbook_language(book, season.settings), history)


def write_season_sheets(book: Book, season: Season, history: History, *,
                        compare: bool = False,
                        progress: Progress | None = None) -> tuple[tuple[str, ...], int]:
    """Write every season sheet into ``book`` (not saved): the notes for the summary and the
    number of rounds the audit found different."""
    from keizer_xl.app.standings import compute_standings, competition, write_standings_sheets
    from keizer_xl.analysis.audit import audit_season
    from keizer_xl.sheets import analysis_sheets as sheets, schema
    from keizer_xl.sheets.ownership import claim
    from keizer_xl.sheets.read_names import workbook_language
    from keizer_xl.sheets.titles import run_context

    report = progress or (lambda stage, fraction: None)
    # every sheet it writes checked first: a club's own sheet of an engine sheet's name
    # refuses the workbook before anything is written into it (issue 34)
    claim(book, [kind for kind in schema.ENGINE_SHEETS if kind != "Pairings" and
                 (compare or kind != "Compare") and (season.settings.periods or kind != "Periods")],
          workbook_language(book, season.settings))
    st = history.last
    view = competition(season, st.round)  # the one view, as ``standings`` builds it
    standings = compute_standings(season, st.round, view=view)
    write_standings_sheets(book, season, standings, view)  # what ``standings`` writes
    lang = workbook_language(book, season.settings)
    context = run_context(season.settings, book)
    name = {kind: schema.sheet_name(kind, lang) for kind in schema.ENGINE_SHEETS}
    report("history", 0.30)
    book.write_sheet(name["History"], sheets.history_layout(history, context, lang))
    report("crosstable", 0.35)
    book.write_sheet(name["Crosstable"], sheets.crosstable_layout(season, history, context, lang))
    report("explain", 0.40)
    book.write_sheet(name["Explain"], sheets.explain_layout(season, history, context, lang))
    report("audit", 0.50)
    audits = audit_season(season, history,
                          progress=lambda done, total: report("audit", 0.50 + 0.20 * done / total))
    book.write_sheet(name["Audit"], sheets.audit_layout(audits, context, lang))
    if compare:
        from keizer_xl.analysis.compare import compare_methods

        report("compare", 0.70)
        comparison = compare_methods(season, history)
        book.write_sheet(name["Compare"], sheets.compare_layout(comparison, context, lang))
    # the standings' notes as Messages: the summary words them in its language
    return tuple(standings.notes), sum(1 for a in audits if not a.same)
