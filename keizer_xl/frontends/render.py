"""What the front ends show of a report: ONE table, report type -> renderer (issue 27).

:func:`keizer_xl.frontends.outcome.describe` hands every typed report to :func:`describe_report`,
which looks its type up in :func:`renderers` (the only table: a report type without a row is
not shown) and calls that row's renderer with the report's notes.  A renderer words the report
for each front end:

* the command line (``cli``): ``out`` goes to standard output (the pairing, the standings
  table, JSON or CSV, the problems of ``check``), ``lines`` to standard error (``note:`` lines,
  ``warning:`` lines, "Wrote ...").  ``keizer-xl pair`` on an ``.xlsx``, on an ``.ods``
  (through LibreOffice) and ``keizer-xl lo-run`` print the same;
* a message box (``excel``, ``lite``, ``libreoffice``): ``lines`` are its paragraphs.

The renderers are grouped by what they show: the season's actions
(:mod:`~keizer_xl.frontends.render_season`: pairing, standings, period, check), the reports on
a season and the files (:mod:`~keizer_xl.frontends.render_reports`), the setup commands
(:mod:`~keizer_xl.frontends.render_setup`); the rows and the text table of a standing are
:mod:`~keizer_xl.frontends.render_rows`.  What they share: the problem list cut at
:data:`~keizer_xl.frontends.status.MAX_LISTED`, the notes block, the client's warnings, the
saved line, absences with the letters the club types (Dutch ``A`` for excused): in
:mod:`~keizer_xl.frontends.render_common`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Sequence

from keizer_xl.frontends.render_common import GOOD_NEWS, GoodNews
from keizer_xl.frontends.status import Done, Front, Outcome
from keizer_xl.i18n import Translator, translate

__all__ = ["Renderer", "renderers", "describe_report", "no_notes"]


@dataclass(frozen=True)
class Renderer:
    """How one report type is shown: ``notes`` gives the notes it carries (a pairing's, the
    standings', the check's warnings), ``words`` the outcome for a front end."""

    notes: Callable[[Any], Sequence[str]]
    words: Callable[[Any, Front, Done, Translator, Sequence[str]], Outcome]


def no_notes(report: object) -> Sequence[str]:
    """A report that carries no notes."""
    return ()


#: the table, filled at first use (the report types import the engine, which a command like
#: ``--help`` does not load)
_TABLE: dict[type, Renderer] = {}


def renderers() -> dict[type, Renderer]:
    """THE table: every typed report -> its one renderer."""
    if not _TABLE:
        _TABLE.update(_table())
    return _TABLE


def _table() -> dict[type, Renderer]:
    from keizer_xl.app import setup
    from keizer_xl.app.audit import AuditReport
    from keizer_xl.app.batch import BatchReport
    from keizer_xl.app.check import CheckReport
    from keizer_xl.app.compare import CompareReport
    from keizer_xl.app.explain import ExplainReport
    from keizer_xl.app.export import ExportReport, PublishReport
    from keizer_xl.app.import_season import ImportReport
    from keizer_xl.app.macro_answer import MacroAnswer
    from keizer_xl.app.new_season import NewSeasonReport
    from keizer_xl.app.pair import PairingReport
    from keizer_xl.app.standings import PeriodReport, StandingsReport
    from keizer_xl.frontends import render_reports as reports
    from keizer_xl.frontends import render_season as season
    from keizer_xl.frontends import render_setup as setup_words

    return {
        # the season's actions (the buttons' too)
        PairingReport: Renderer(lambda r: r.pairing.notes, season.pairing),
        StandingsReport: Renderer(lambda r: r.notes, season.standings),
        PeriodReport: Renderer(lambda r: r.notes, season.period),
        CheckReport: Renderer(lambda r: r.warnings, season.check),
        MacroAnswer: Renderer(no_notes, season.answered),  # lo-run, pair/standings on an .ods
        # reports on a season, its files
        ExplainReport: Renderer(no_notes, reports.explained),
        AuditReport: Renderer(no_notes, reports.audited),
        CompareReport: Renderer(lambda r: r.notes, reports.compared),
        ExportReport: Renderer(lambda r: r.warnings, reports.exported),
        PublishReport: Renderer(lambda r: r.warnings, reports.published),
        ImportReport: Renderer(lambda r: r.notes, reports.imported),
        NewSeasonReport: Renderer(no_notes, reports.new_season),
        BatchReport: Renderer(no_notes, reports.batch),
        # the setup commands
        setup.TemplateReport: Renderer(no_notes, setup_words.template),
        setup.XlsmReport: Renderer(no_notes, setup_words.xlsm),
        setup.VbaFilesReport: Renderer(no_notes, setup_words.vba_files),
        setup.ExcelConfigReport: Renderer(no_notes, setup_words.excel_config),
        setup.MacroInstallReport: Renderer(no_notes, setup_words.macro_install),
        setup.ButtonsReport: Renderer(no_notes, setup_words.buttons),
    }


def describe_report(report: object, front: Front, done: Done, tr: Translator,
                    notes: Sequence[str] = ()) -> Outcome | None:
    """The outcome of a typed report, or None for a report the table has no row for."""
    renderer = renderers().get(type(report))
    if renderer is None:
        return None
    shown = [GoodNews(translate(n, tr)) if getattr(n, "msgid", None) in GOOD_NEWS
             else translate(n, tr) for n in (*renderer.notes(report), *notes)]
    return renderer.words(report, front, done, tr, shown)
