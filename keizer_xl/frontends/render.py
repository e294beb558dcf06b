"""What the front ends show of a report: ONE table, report type -> renderer (issue 27).

:func:`keizer_xl.frontends.outcome.describe` hands every typed report to :func:`describe_report`,
which calls its type's row of :func:`renderers` (a type without a row is not shown).  A renderer
words the report per front end: on the command line ``out`` goes to standard output and
``lines`` to standard error; in a message box ``lines`` are its paragraphs.  The renderers live
in ``render_season``, ``render_reports`` and ``render_setup``, what they share in
``render_common`` and ``render_rows``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar
from collections.abc import Callable, Sequence

from keizer_xl.frontends.commands import Lazy
from keizer_xl.frontends.render_common import GOOD_NEWS, GoodNews
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import Done, Outcome
from keizer_xl.i18n import Translator, translate

if TYPE_CHECKING:
    from keizer_xl.app import (audit, batch, check, compare, explain, export, import_season,
                               macro_answer, new_season, pair, players, schedule, setup,
                               standings)
else:  # a report's module is loaded: the report was made there (start-up time, issue 25)
    (audit, batch, check, compare, explain, export, import_season, macro_answer, new_season, pair,
     players, schedule, setup, standings) = (Lazy(f"keizer_xl.app.{m}", loaded_only=True) for m in (
        "audit", "batch", "check", "compare", "explain", "export", "import_season",
        "macro_answer", "new_season", "pair", "players", "schedule", "setup", "standings"))

R = TypeVar("R")


@dataclass(frozen=True)
class Renderer(Generic[R]):
    """How one report type is shown: ``report`` the type (a thunk: see above), ``words`` the
    outcome for a front end, ``notes`` the notes it carries (a pairing's, the standings', the
    check's warnings); mypy checks the three agree."""

    report: Callable[[], type[R]]
    words: Callable[[R, Front, Done, Translator, Sequence[str]], Outcome]
    notes: Callable[[R], Sequence[str]] = lambda report: ()  # a report that carries none


@functools.cache  # the table, made at first use (the renderers' modules)
def renderers() -> tuple[Renderer[Any], ...]:
    """THE table: every typed report -> its one renderer."""
    from keizer_xl.frontends import render_reports as reports
    from keizer_xl.frontends import render_season as season
    from keizer_xl.frontends import render_setup as setup_

    # each row is inferred on its own (mypy checks its type, words and notes agree), then listed
    return (
        # the season's actions (the buttons' too)
        Renderer(lambda: pair.PairingReport, season.pairing, lambda r: r.pairing.notes),
        Renderer(lambda: standings.StandingsReport, season.standings, lambda r: r.notes),
        Renderer(lambda: standings.PeriodReport, season.period, lambda r: r.notes),
        Renderer(lambda: check.CheckReport, season.check, lambda r: r.warnings),
        Renderer(lambda: schedule.ScheduleReport, season.scheduled),
        Renderer(lambda: players.PlayersReport, season.players),
        # lo-run, pair / standings on an .ods: the macro's answer
        Renderer(lambda: macro_answer.MacroAnswer, season.answered),
        # reports on a season, its files
        Renderer(lambda: explain.ExplainReport, reports.explained),
        Renderer(lambda: audit.AuditReport, reports.audited),
        Renderer(lambda: compare.CompareReport, reports.compared, lambda r: r.notes),
        Renderer(lambda: export.ExportReport, reports.exported, lambda r: r.warnings),
        Renderer(lambda: export.PublishReport, reports.published, lambda r: r.warnings),
        Renderer(lambda: import_season.ImportReport, reports.imported, lambda r: r.notes),
        Renderer(lambda: new_season.NewSeasonReport, reports.new_season),
        Renderer(lambda: batch.BatchReport, reports.batch),
        # the setup commands
        Renderer(lambda: setup.TemplateReport, setup_.template),
        Renderer(lambda: setup.XlsmReport, setup_.xlsm),
        Renderer(lambda: setup.VbaFilesReport, setup_.vba_files),
        Renderer(lambda: setup.ExcelConfigReport, setup_.excel_config),
        Renderer(lambda: setup.MacroInstallReport, setup_.macro_install),
        Renderer(lambda: setup.ButtonsReport, setup_.buttons),
    )


def renderer_of(report: object) -> Renderer[Any] | None:
    """The row of the report's type, or None (a report the table has no row for)."""
    for row in renderers():
        try:
            if type(report) is row.report():
                return row
        except KeyError:  # the row's module is not loaded: the report was not made there
            continue
    return None


def describe_report(report: object, front: Front, done: Done, tr: Translator) -> Outcome:
    """The outcome of a typed report (a report the table has no row for is a bug)."""
    renderer = renderer_of(report)
    if renderer is None:
        raise TypeError(f"no renderer shows a {type(report).__name__}")
    shown = [GoodNews(translate(n, tr)) if getattr(n, "msgid", None) in GOOD_NEWS
             else translate(n, tr) for n in renderer.notes(report)]
    return renderer.words(report, front, done, tr, shown)
