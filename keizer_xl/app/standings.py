"""The standings use case: ``standings`` (``--period N``, ``--group G``, ``--category C``) as a
typed request and a typed report, read from the one competition view (core/competition.py);
writes the Standings sheet and, with periods, the Periods sheet (issue 23)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from keizer_xl.core.competition import Competition, GroupStanding
from keizer_xl.core.groups import Move, group_key
from keizer_xl.core.model import Season
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.rows import Part, period_part, shown_part
from keizer_xl.core.engine import Standing
from keizer_xl.errors import ActionError, Message
from keizer_xl.i18n import translate
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import read_season
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.ownership import claim
from keizer_xl.sheets.read_names import workbook_language
from keizer_xl.sheets.crosstable_sheets import crosstable_layout
from keizer_xl.sheets.report_sheets import round_marks, standings_layout
from keizer_xl.sheets.group_sheets import (periods_layout, category_heading, category_layout,
                                           group_heading, grouped_standings_layout, blocks_on_pages)
from keizer_xl.sheets.titles import RunContext, run_context

if TYPE_CHECKING:

    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class StandingsRequest:
    """``standings``: after which round (None: the last with results), write the sheets or not,
    one group, one period, one category (shown only: the sheets always hold every block)."""

    after_round: int | None = None
    write: bool = True
    group: str | None = None
    period: int | None = None
    category: str | None = None
    language: str | None = None  # the messages' (None: the workbook's)


@dataclass(frozen=True)
class StandingsReport:
    """What ``standings`` found: the standing after ``last_round``, its notes, each
    player's record, and with groups the groups' reports and moves."""

    standing: Standing
    notes: tuple[str, ...]
    last_round: int
    #: the shown rows (core/rows.py): what every output of the standings reads
    rows: Part
    # groups: the group of this standing; with groups and no group asked for, every group's
    # report (this one is the first group's with the latest round); the moves (promotion,
    # relegation) decided up to the round after this standing's (the categories are the rows')
    group: str = ""
    parts: tuple[StandingsReport, ...] = ()
    moves: tuple[Move, ...] = ()
    #: the competition that ranks these players (the group's season, or the season): the
    #: round marks of the Standings sheet are its facts
    ranked: Season | None = None
    language: str = "en"  # the workbook's (its sheets are named in it)


@dataclass(frozen=True)
class PeriodReport:
    """A period's standing (``standings --period N``): ``period`` the (first) group's part,
    ``parts`` every group's (one block each) when no group was asked for."""

    period: PeriodStanding
    notes: tuple[str, ...] = ()
    written: int | None = None  # the round the Standings (and Periods) sheets were written for
    parts: tuple[PeriodStanding, ...] = ()
    language: str = "en"  # the workbook's (its sheets are named in it)

    @property
    def standing(self) -> Standing:
        return self.period.keizer


def competition(season: Season, after_round: int | None = None) -> Competition:
    """The one view of the season after ``after_round``; a usage error for a round without
    results."""
    last = season.last_round_with_results()
    if after_round is not None and not 0 <= after_round <= last:
        raise ActionError(Message("round {round} has no results yet (the last round with "
                                  "results is {last})", round=after_round, last=last), usage=True)
    return Competition(season, after_round)


def find_group(season: Season, group: str, view: Competition, lang: str = "en") -> str:
    """The group named ``group`` (case and spaces ignored); a usage error naming the groups
    (the sheet in ``lang``, issue 26)."""
    found = view.find_group(group)
    if found is not None:
        return found
    if not view.grouped:  # the sheet as the club names it (issue 26)
        raise ActionError(Message("there are no groups (the {players} sheet has no Group "
                                  "column, or it is empty)", players=schema.sheet_name(
                                      "Players", lang)), usage=True)
    raise ActionError(Message("no group {group!r} (groups: {groups})", group=group,
                              groups=", ".join(view.groups)), usage=True)


def _report(view: Competition, gs: GroupStanding) -> StandingsReport:
    part = shown_part(view, gs)
    return StandingsReport(gs.standing, part.notes, view.last, part, gs.group,
                           moves=gs.moves, ranked=gs.season)


def compute_standings(season: Season, after_round: int | None = None,
                      group: str | None = None, view: Competition | None = None
                      ) -> StandingsReport:
    """The standings after ``after_round`` (default: the last round with results).  In a
    workbook with groups each group is ranked on its own: ``group`` names one; without it the
    report holds every group's in ``parts``."""
    view = view or competition(season, after_round)
    if group is not None:
        group = find_group(season, group, view)
    if not view.grouped:
        return _report(view, view.standing(""))
    now = view.moves_decided_now()
    wanted = [group] if group is not None else list(view.groups)
    parts = []
    for g in wanted:
        report = _report(view, view.standing(g))
        notes = report.notes + tuple(m.message for m in now if g in (m.source, m.target))
        parts.append(replace(report, notes=notes))
    if group is not None:
        return parts[0]
    # the whole report's notes (what a front end prints): each group's own notes named by
    # their group, then the moves decided at this round's end, each once
    announced = {m.message for m in now}
    every: list[str] = [Message("group {group}: {note}", group=p.group, note=n)
                        for p in parts for n in p.notes if n not in announced]
    every += [m.message for m in now]
    # the first group whose round is the latest (a round robin that ended earlier is not it:
    # the title says "after round" the season's latest, issue 36)
    lead = max(parts, key=lambda p: p.standing.round)
    return replace(lead, parts=tuple(parts), moves=view.moves, notes=tuple(every))


def compute_period_standings(season: Season, number: int, after_round: int | None = None,
                             group: str | None = None, view: Competition | None = None
                             ) -> PeriodReport:
    """Period ``number``'s standing after season round ``after_round`` (default: the last):
    with groups, ``group``'s, or every group's (one part each)."""
    view = view or competition(season, after_round)
    if group is not None:
        group = find_group(season, group, view)
    periods = view.periods
    if not 1 <= number <= len(periods):
        raise ActionError(Message("there is no period {number}: the periods setting in {sheet} "
                                  "defines {count}", number=number, count=len(periods),
                                  sheet=schema.sheet_name("Settings", season.settings.language
                                                          or "en")), usage=True)
    wanted = [group] if group is not None else list(view.groups)
    # a group that has not played the period's first round yet has no block (a group's round
    # is at most the view's: a period after it has none)
    parts = tuple(view.part(g, number) for g in wanted
                  if periods[number - 1].first <= view.group_round(g))
    if not parts:
        raise ActionError(Message("period {number} starts in round {first}: it has no results "
                                  "yet", number=number, first=periods[number - 1].first),
                          usage=True)
    notes = tuple(Message("group {group}: {note}", group=p.group, note=n) if p.group and
                  len(parts) > 1 else n for p in parts for n in p.notes)
    return PeriodReport(parts[0], notes, parts=parts if len(parts) > 1 else ())


def period_reports(view: Competition) -> list[Part]:
    """Every part played up to the view's round, one per (group, period), as shown rows (the
    Periods sheet, the HTML page)."""
    return [period_part(ps) for ps in view.parts()]


def run(book: Book, request: StandingsRequest) -> StandingsReport | PeriodReport:
    """The ``standings`` command: read the season, compute the standings after
    ``request.after_round`` and write ``Standings`` (every group's and category's block; the
    request's group only chooses what is returned; an unknown category is refused before
    anything is written); with ``request.period`` that period's report (one group's, or every
    group's; the sheets written after the same round)."""
    season = read_season(book, language=request.language)
    lang = workbook_language(book, season.settings)  # before a write makes Excel list sheets again
    view = competition(season, request.after_round)
    report = compute_standings(season, request.after_round, view=view)
    if request.category is not None and request.period is None:
        find_category(report, request.category)
    if request.group is not None:
        find_group(season, request.group, view, request.language or lang)
    if request.period is not None:
        shown: StandingsReport | PeriodReport = compute_period_standings(
            season, request.period, request.after_round, request.group, view=view)
    elif request.group is not None:
        shown = compute_standings(season, request.after_round, request.group, view=view)
    else:
        shown = report
    if request.write:
        write_standings_sheets(book, season, report, view)
        book.save()
        if isinstance(shown, PeriodReport):
            shown = replace(shown, written=report.standing.round)
    return replace(shown, language=lang)


def find_category(report: StandingsReport, text: str) -> str:
    """The category called ``text`` (case and spaces ignored); a usage error naming the
    categories there are."""
    known = list(dict.fromkeys(c for part in report.parts or (report,)
                               for c, _ in part.rows.categories))
    match = next((c for c in known if group_key(c) == group_key(text)), None)
    if match is None:
        raise ActionError(Message("no category {category!r} (categories: {categories})",
                                  category=text, categories=", ".join(known) or "-"),
                          usage=True)
    return match


def write_standings_sheets(book: Book, season: Season, report: StandingsReport,
                           view: Competition) -> None:
    """The sheets ``standings`` writes, not saved: the Standings sheet (one block per group and
    category) and, with periods, the Periods sheet (one block per group and period); the one
    place both ``standings`` and ``batch`` compose them (issue 23: batch is the standings use
    case over many workbooks)."""
    lang = workbook_language(book, season.settings)
    claim(book, ("Standings", "Periods") if season.settings.periods else ("Standings",), lang)
    if season.settings.round_robin:  # before anything is written (issue 36)
        claim(book, ("Schedule",), lang)
    context = run_context(season.settings, book)
    book.write_sheet(schema.sheet_name("Standings", lang),
                     standings_sheet(report, season, lang, context))
    if season.settings.periods:
        book.write_sheet(schema.sheet_name("Periods", lang),
                         periods_layout(period_reports(view), context, lang))
    if season.settings.round_robin:  # issue 36: the round robins' every round
        from keizer_xl.app.schedule import write_schedule_sheet

        write_schedule_sheet(book, season, context)


def standings_sheet(report: StandingsReport, season: Season, lang: str,
                    context: RunContext) -> Layout:
    """The Standings sheet: one table, or (groups, categories) one titled block per group and
    per category; the notes in the workbook's language (the sheet is the club's)."""
    def one(r: StandingsReport, notes: tuple[str, ...], legend: bool = True) -> Layout:
        if r.rows.round_robin:  # the crosstable (issue 36)
            return crosstable_layout(r.rows, [translate(n, lang) for n in notes], lang, context)
        return standings_layout(r.rows, [translate(n, lang) for n in notes], lang=lang,
                                season=r.ranked or season, context=context, legend=legend)

    parts = report.parts or ((report,) if report.group else ())
    if not parts and not report.rows.categories:
        return one(report, report.notes)
    if not parts:
        return _single_with_categories(report, one(report, report.notes), lang)
    moves = [translate(m.message, lang) for m in report.moves]
    cats = [(f"{group_heading(p.group, lang)} · {category_heading(c, lang)}"
             if len(parts) > 1 else category_heading(c, lang), category_layout(p.rows.category(c), lang))
            for p in parts for c, _ in p.rows.categories]
    shown = [(p.group, one(p, tuple(n for n in p.notes
                                    if not any(n == m.message for m in p.moves)), legend=False))
             for p in parts]
    # one legend under all the blocks, of the marks of every group (issue 33)
    used = {k for p in parts if not p.rows.round_robin
            for k in round_marks(p.rows, p.ranked or season, lang)[1]}
    return grouped_standings_layout(shown, cats, report.standing.round, lang, context, moves,
                                    used)


def _single_with_categories(report: StandingsReport, table: Layout, lang: str) -> Layout:
    """The one standings table as it always is (its legend under it), then the category
    blocks one under the other, each in columns that fit it (issue 33)."""
    blocks = [(category_heading(c, lang), category_layout(report.rows.category(c), lang))
              for c, _ in report.rows.categories]
    title = str(table.grid[0][0]) if table.grid and table.grid[0] else ""
    layout = blocks_on_pages(title, [("", table)], blocks, ())
    return replace(layout, page=replace(layout.page, footer=table.page.footer))
