"""``batch``: the standings use case over many workbooks, plus the season's analysis sheets.

:func:`run` recomputes one opened workbook and writes the sheets ``standings`` writes (by
:func:`keizer_xl.app.standings.write_standings_sheets`), then History, Crosstable, Explain,
Audit and, if asked, Compare, and says History's rank chart.  Opening, the process pool,
drawing the chart and saving are ``frontends/batch.py``'s.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from collections.abc import Callable

from pathlib import Path
from keizer_xl.core.settings import System
from keizer_xl.app.standings import competition, compute_standings, write_standings_sheets
from keizer_xl.sheets import schema
from keizer_xl.sheets.analysis_sheets import history_chart
from keizer_xl.errors import KeizerError
from keizer_xl.sheets.read import read_book
from keizer_xl.sheets.read_names import workbook_language
from keizer_xl.analysis.audit import audit_parts
from keizer_xl.sheets.group_sheets import grouped_layout
from keizer_xl.sheets.ownership import claim
from keizer_xl.sheets.titles import run_context

if TYPE_CHECKING:
    from keizer_xl.core.competition import Competition
    from keizer_xl.sheets.chart import Chart
    from keizer_xl.sheets.layout import Layout
    from keizer_xl.sheets.tables import Book

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
    language: str | None = None  # the messages' (None: the workbook's)


@dataclass(frozen=True)
class BookReport:
    """What one workbook's recomputation gave: the notes (the standings' notes in the
    workbook's language), its size, the rounds the audit found different and the History
    sheet's rank chart with that sheet's name (the file client draws it)."""

    notes: tuple[str, ...]
    players: int
    rounds: int
    audit_rounds_differing: int
    language: str
    chart: tuple[str, Chart] | None  # None with groups (a History block per group) or round 0


def run(book: Book, request: BatchRequest = BatchRequest(),
        progress: Progress | None = None) -> BookReport:
    """Read the season of ``book``, recompute it and write its season sheets (not saved)."""
    report = progress or (lambda stage, fraction: None)
    report("read", 0.15)
    season, lang = read_book(book, request.language)
    report("standings", 0.20)
    view = competition(season)  # the one view, as ``standings`` builds it
    try:
        notes, differing = write_season_sheets(book, view, report, compare=request.compare)
    except KeizerError as e:  # a refusal (a club's own sheet): in the workbook's language
        e.language = e.language or lang
        raise
    players = sum(len(gs.standing.order) for gs in view.standings())
    keizer = not view.grouped and view.system() is not System.ROUND_ROBIN  # the chart's
    chart = history_chart(view.standing("").history, lang) if keizer else None
    return BookReport(notes, players, view.round, differing, lang,
                      None if chart is None else (schema.sheet_name("History", lang), chart))


def write_season_sheets(book: Book, view: Competition, report: Progress, *,
                        compare: bool = False) -> tuple[tuple[str, ...], int]:
    """Write every season sheet into ``book`` (not saved), each from the view ``standings``
    reads, with groups one block per group: the notes and the rounds the audit found different."""
    from keizer_xl.sheets import analysis_sheets as sheets
    season = view.season
    lang = workbook_language(book, season.settings)
    # every sheet it writes checked first: a club's own sheet of an engine sheet's name
    # refuses the workbook before anything is written into it (issue 34)
    claim(book, [kind for kind in schema.ENGINE_SHEETS if kind != "Pairings" and
                 (compare or kind != "Compare") and (season.settings.periods or kind != "Periods")
                 and (season.settings.round_robin or kind != "Schedule")], lang)
    standings = compute_standings(season, view.round, view=view)
    write_standings_sheets(book, season, standings, view)  # what ``standings`` writes
    context = run_context(season.settings, book)
    name = {kind: schema.sheet_name(kind, lang) for kind in schema.ENGINE_SHEETS}
    # a round robin's group has no Keizer history, crosstable, explanation or audit: its
    # Standings block is its crosstable, its Schedule its pairing (docs/round-robin.md)
    groups = [g for g in view.standings() if view.system(g.group) is not System.ROUND_ROBIN]
    shown = {p.group: p.rows for p in (standings.parts or (standings,))}  # core/rows.py

    def write(kind: str, blocks: list[tuple[str, Layout]]) -> None:
        if blocks:  # (a season that is one round robin has none of these sheets)
            book.write_sheet(name[kind], grouped_layout(kind.lower(), blocks, view.round, lang,
                                                        context))

    report("history", 0.30)
    write("History", [(g.group, sheets.history_layout(g.history, context, lang,
                                                      shown[g.group], g.season))
                      for g in groups])
    report("crosstable", 0.35)
    write("Crosstable", [(g.group, sheets.crosstable_layout(g.season, g.history, context, lang,
                                                            shown[g.group]))
                         for g in groups])
    report("explain", 0.40)
    write("Explain", [(g.group, sheets.explain_layout(g.season, g.history, context, lang,
                                                      shown[g.group]))
                      for g in groups])
    report("audit", 0.50)
    audits = [(g, a) for g, a in audit_parts(view, progress=lambda done, total: report(
        "audit", 0.50 + 0.20 * done / total)) if view.system(g) is not System.ROUND_ROBIN]
    write("Audit", [(g, sheets.audit_layout(list(a), context, lang)) for g, a in audits])
    if compare and groups:  # (a round robin has no Keizer methods to compare)
        from keizer_xl.app.compare import compare_view

        report("compare", 0.70)
        write("Compare", [(g, sheets.compare_layout(c, context, lang))
                          for g, c in compare_view(view).parts])
    # the standings' notes as Messages: the summary words them in its language
    return tuple(standings.notes), sum(1 for _, a in audits for x in a if not x.same)
