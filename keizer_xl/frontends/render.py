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
:data:`~keizer_xl.frontends.shown.MAX_LISTED`, the notes block, the client's warnings, the
saved line, absences with the letters the club types (Dutch ``A`` for excused): in
:mod:`~keizer_xl.frontends.render_common`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Sequence

from keizer_xl.frontends.render_common import GOOD_NEWS, GoodNews
from keizer_xl.frontends.shown import Done, Front, Outcome
from keizer_xl.i18n import Translator, translate

__all__ = ["Renderer", "renderers", "report_key", "describe_report", "no_notes"]


@dataclass(frozen=True)
class Renderer:
    """How one report type is shown: ``notes`` gives the notes it carries (a pairing's, the
    standings', the check's warnings), ``words`` the outcome for a front end."""

    notes: Callable[[Any], Sequence[str]]
    words: Callable[[Any, Front, Done, Translator, Sequence[str]], Outcome]


def no_notes(report: object) -> Sequence[str]:
    """A report that carries no notes."""
    return ()


#: the table, filled at first use (the renderers' modules); keyed by each report type's
#: "module:Class", so that showing a report imports no use case a command did not run (a
#: report's class is loaded: it was made there; start-up time, issue 25)
_TABLE: dict[str, Renderer] = {}


def renderers() -> dict[str, Renderer]:
    """THE table: every typed report (``"module:Class"``) -> its one renderer."""
    if not _TABLE:
        _TABLE.update(_table())
    return _TABLE


def report_key(report_type: type) -> str:
    """``"module:Class"`` of a report type: its key in :func:`renderers`."""
    return f"{report_type.__module__}:{report_type.__qualname__}"


_APP = "keizer_xl.app"


def _table() -> dict[str, Renderer]:
    from keizer_xl.frontends import render_reports as reports
    from keizer_xl.frontends import render_season as season
    from keizer_xl.frontends import render_players as players
    from keizer_xl.frontends import render_setup as setup

    return {
        # the season's actions (the buttons' too)
        f"{_APP}.pair:PairingReport": Renderer(lambda r: r.pairing.notes, season.pairing),
        f"{_APP}.standings:StandingsReport": Renderer(lambda r: r.notes, season.standings),
        f"{_APP}.standings:PeriodReport": Renderer(lambda r: r.notes, season.period),
        f"{_APP}.check:CheckReport": Renderer(lambda r: r.warnings, season.check),
        f"{_APP}.schedule:ScheduleReport": Renderer(no_notes, season.scheduled),
        f"{_APP}.players:PlayersReport": Renderer(no_notes, players.players),
        # lo-run, pair / standings on an .ods: the macro's answer
        f"{_APP}.macro_answer:MacroAnswer": Renderer(no_notes, season.answered),
        # reports on a season, its files
        f"{_APP}.explain:ExplainReport": Renderer(no_notes, reports.explained),
        f"{_APP}.audit:AuditReport": Renderer(no_notes, reports.audited),
        f"{_APP}.compare:CompareReport": Renderer(lambda r: r.notes, reports.compared),
        f"{_APP}.export:ExportReport": Renderer(lambda r: r.warnings, reports.exported),
        f"{_APP}.export:PublishReport": Renderer(lambda r: r.warnings, reports.published),
        f"{_APP}.import_season:ImportReport": Renderer(lambda r: r.notes, reports.imported),
        f"{_APP}.new_season:NewSeasonReport": Renderer(no_notes, reports.new_season),
        f"{_APP}.batch:BatchReport": Renderer(no_notes, reports.batch),
        # the setup commands
        f"{_APP}.setup:TemplateReport": Renderer(no_notes, setup.template),
        f"{_APP}.setup:XlsmReport": Renderer(no_notes, setup.xlsm),
        f"{_APP}.setup:VbaFilesReport": Renderer(no_notes, setup.vba_files),
        f"{_APP}.setup:ExcelConfigReport": Renderer(no_notes, setup.excel_config),
        f"{_APP}.setup:MacroInstallReport": Renderer(no_notes, setup.macro_install),
        f"{_APP}.setup:ButtonsReport": Renderer(no_notes, setup.buttons),
    }


def describe_report(report: object, front: Front, done: Done, tr: Translator,
                    notes: Sequence[str] = ()) -> Outcome | None:
    """The outcome of a typed report, or None for a report the table has no row for."""
    renderer = renderers().get(report_key(type(report)))
    if renderer is None:
        return None
    shown = [GoodNews(translate(n, tr)) if getattr(n, "msgid", None) in GOOD_NEWS
             else translate(n, tr) for n in (*renderer.notes(report), *notes)]
    return renderer.words(report, front, done, tr, shown)
