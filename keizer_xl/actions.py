"""The user-facing actions, written once against the table interface (tables.Book).

The CLI (openpyxl files), the Excel buttons (xlwings) and the LibreOffice macro all call these;
none of them prints or exits: they return what happened or raise InputError / ActionError.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence, cast

from keizer_xl.core.groups import (Move, group_key, group_moves, group_names, group_season,
                                   has_groups, split_groups)
from keizer_xl.core.model import Player, Season
from keizer_xl.errors import ActionError, InputError, Message, Problem
from keizer_xl.i18n import translate
from keizer_xl.core.pairing_round import next_round, plan_round, present_players  # noqa: F401
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import (not_yet_members, read_season, result_round_numbers, warnings,
                                   workbook_language)
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.standings import History, Standing, compute_history
from keizer_xl.sheets.report_sheets import periods_layout, standings_layout
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.titles import RunContext, run_context

if TYPE_CHECKING:
    import pandas as pd

    from keizer_xl.sheets.tables import Book


@dataclass(frozen=True)
class StandingsReport:
    standing: Standing
    notes: tuple[str, ...]
    last_round: int
    not_yet: tuple[str, ...] = ()  # not yet a member after this round: shown without a rank
    #: house rules (issue 18): game points and TPR per player; below ``min_games`` in the final
    #: standings: shown after the table without a rank
    game_points: dict[str, Fraction] = field(default_factory=dict)
    tpr: dict[str, int | None] = field(default_factory=dict)
    unranked: tuple[str, ...] = ()
    # groups and categories (issue 18, docs/groups.md): the group of this standing; with
    # groups and no group asked for, every group's report (this one is the first group's);
    # the moves (promotion, relegation) decided up to the round after this standing's;
    # each category's members (in Players order)
    group: str = ""
    parts: tuple["StandingsReport", ...] = ()
    moves: tuple[Move, ...] = ()
    categories: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @functools.cached_property
    def frame(self) -> pd.DataFrame:
        """The standings as a DataFrame, exact (Fractions): built (and pandas imported) only
        when asked for, since writing and printing the standings need neither (issue 12)."""
        from keizer_xl.sheets.frames import standings_frame

        return standings_frame(self.standing)


def standing_notes(history: History, st: Standing) -> tuple[str, ...]:
    notes = list(history.notes)
    if not st.converged:
        notes.append(Message("Round {round}: {note}.", round=st.round, note=st.note))
    return tuple(notes)


def compute_standings(season: Season, after_round: int | None = None,
                      group: str | None = None) -> StandingsReport:
    """The standings after ``after_round`` (default: the last round with results).  In a
    workbook with groups each group is ranked on its own (core/groups.py): ``group`` names
    one; without it the report holds every group's in ``parts``."""
    if group is not None or has_groups(season):
        return _group_standings(season, after_round, group)
    return replace(_season_standings(season, after_round), categories=_categories(season))


def _categories(season: Season) -> tuple[tuple[str, tuple[str, ...]], ...]:
    members: dict[str, list[str]] = {}
    for p in season.players:
        for c in p.categories:
            members.setdefault(c, []).append(p.name)
    return tuple((c, tuple(names)) for c, names in members.items())


def find_group(season: Season, group: str) -> str:
    """The group named ``group`` (case and spaces ignored); a usage error naming the groups."""
    names = group_names(season)
    for g in names:
        if group_key(g) == group_key(group):
            return g
    if not names:
        raise ActionError(Message("there are no groups (the {players} sheet has no Group "
                                  "column, or it is empty)", players=schema.sheet_name(
                                      "Players", "en")), usage=True)
    raise ActionError(Message("no group {group!r} (groups: {groups})", group=group,
                              groups=", ".join(names)), usage=True)


def _group_standings(season: Season, after_round: int | None,
                     group: str | None) -> StandingsReport:
    last = season.last_round_with_results()
    k = last if after_round is None else after_round
    if k < 0 or k > last:
        raise ActionError(Message("round {round} has no results yet (the last round with "
                                  "results is {last})", round=k, last=last), usage=True)
    wanted = [find_group(season, group)] if group is not None else list(group_names(season))
    moves = group_moves(season, upto=k + 1)
    parts = []
    for g in wanted:
        gs = group_season(season, g, max(k, 1), moves)
        mine = tuple(m for m in moves if g in (m.source, m.target))
        report = _season_standings(gs, min(k, gs.last_round_with_results()))
        notes = report.notes + tuple(m.message for m in mine if m.round == k + 1)
        parts.append(replace(report, group=g, moves=mine, notes=notes,
                             categories=_categories(gs)))
    if group is not None or not parts:
        return parts[0] if parts else _season_standings(season, after_round)
    # the whole report's notes (what a front end prints): each group's own notes named by
    # their group, then the moves decided at this round's end, each once
    announced = {m.message for m in moves if m.round == k + 1}
    every: list[str] = [Message("group {group}: {note}", group=p.group, note=n)
                        for p in parts for n in p.notes if n not in announced]
    every += [m.message for m in moves if m.round == k + 1]
    return replace(parts[0], parts=tuple(parts), moves=moves, notes=tuple(every))


def _season_standings(season: Season, after_round: int | None = None) -> StandingsReport:
    last = season.last_round_with_results()
    if after_round is None:
        after_round = last
    if after_round < 0 or after_round > last:
        raise ActionError(Message("round {round} has no results yet (the last round with "
                                  "results is {last})", round=after_round, last=last), usage=True)
    history = compute_history(season, after_round)
    st = history.after(after_round)
    waiting, joining = not_yet_ranked(season, st)
    from keizer_xl.core.performance import game_points, tpr

    unranked: tuple[str, ...] = ()
    notes = standing_notes(history, st) + joining
    minimum = season.settings.min_games
    # min_games applies to the final standings only: after the season's last round (the last
    # round in Attendance or Results); earlier, everybody has few games (docs/club-year.md)
    if minimum and st.round and st.round >= season.known_rounds():
        unranked = tuple(n for n in st.order if st.games[n] < minimum)
        if unranked:
            notes += (Message("Fewer than {n} games (min_games), shown after the table without a "
                              "rank: {names}", n=minimum, names=", ".join(unranked)),)
    return StandingsReport(st, notes, last, waiting, game_points(season, st.round),
                           tpr(season, st.round), unranked)


@dataclass(frozen=True)
class PeriodReport:
    """A period's standing (issue 18, the period standings command): ``standing`` is the period's
    own Keizer standing (its rounds numbered from 1), ``period`` what the rows rank."""

    period: PeriodStanding
    notes: tuple[str, ...] = ()
    written: int | None = None  # the round the Standings (and Periods) sheets were written for

    @property
    def standing(self) -> Standing:
        return self.period.keizer


def compute_period_standings(season: Season, number: int,
                             after_round: int | None = None) -> PeriodReport:
    """Period ``number``'s standing after season round ``after_round`` (default: the last)."""
    from keizer_xl.core.periods import period_standing, periods_of

    last = season.last_round_with_results()
    if after_round is not None and not 0 <= after_round <= last:
        raise ActionError(Message("round {round} has no results yet (the last round with "
                                  "results is {last})", round=after_round, last=last), usage=True)
    periods = periods_of(season.settings)
    if not 1 <= number <= len(periods):
        raise ActionError(Message("there is no period {number}: the periods setting in {sheet} "
                                  "defines {count}", number=number, count=len(periods),
                                  sheet=schema.sheet_name("Settings", season.settings.language
                                                          or "en")), usage=True)
    upto = last if after_round is None else after_round
    if periods[number - 1].first > upto:
        raise ActionError(Message("period {number} starts in round {first}: it has no results "
                                  "yet", number=number, first=periods[number - 1].first),
                          usage=True)
    ps = period_standing(season, number, upto)
    return PeriodReport(ps, ps.notes)


def period_reports(season: Season, after_round: int) -> list[PeriodStanding]:
    """Every period played up to ``after_round``, in order (the Periods sheet, the HTML)."""
    from keizer_xl.core.periods import period_standing, played_periods

    return [period_standing(season, p.number, after_round)
            for p in played_periods(season, after_round)]


def not_yet_ranked(season: Season, st: Standing) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players not yet a member after ``st``'s round (rules section 7: in the start list,
    but not ranked before joining: Rank '-' on the Standings sheet) and a note for each."""
    waiting = not_yet_members(season, st.round)
    notes = tuple(Message("{name} joins in round {round}: not ranked yet (Rank '-')",
                          name=p.name, round=p.joined)
                  for p in season.players if p.name in waiting)
    return tuple(waiting), notes


def update_standings(book: Book, after_round: int | None = None, write: bool = True,
                     group: str | None = None) -> StandingsReport:
    """Read the season, compute the standings after ``after_round`` and write ``Standings``
    (every group's and category's block; ``group`` only chooses what is returned)."""
    season = read_season(book)
    report = compute_standings(season, after_round)
    if write:
        write_standings(book, season, report)
    if group is not None:
        report = compute_standings(season, after_round, group)
    return report


def update_period_standings(book: Book, number: int, after_round: int | None = None,
                            write: bool = True) -> PeriodReport:
    """Period N's standing; the sheets are written as by
    :func:`update_standings` (Standings and Periods after the same round)."""
    season = read_season(book)
    period = compute_period_standings(season, number, after_round)
    if write:
        report = compute_standings(season, after_round)
        write_standings(book, season, report)
        return replace(period, written=report.standing.round)
    return period


def write_standings(book: Book, season: Season, report: StandingsReport) -> None:
    """Write the Standings sheet (one block per group and category: issue 18) and, when the
    season has periods, the Periods sheet; then save."""
    write_standings_sheets(book, season, report)
    book.save()


def write_standings_sheets(book: Book, season: Season, report: StandingsReport) -> None:
    """The sheets ``standings`` writes (Standings; Periods with periods), not saved: the one
    place both ``standings`` and ``batch`` compose them (issue 23)."""
    lang = workbook_language(book, season.settings)
    context = run_context(season.settings, book)
    book.write_sheet(schema.sheet_name("Standings", lang),
                     standings_sheet(report, season, lang, context))
    if season.settings.periods:  # issue 18: the Periods sheet beside the Standings
        book.write_sheet(schema.sheet_name("Periods", lang),
                         periods_layout(period_reports(season, report.standing.round),
                                        context, lang))


def standings_sheet(report: StandingsReport, season: Season, lang: str,
                    context: RunContext) -> Layout:
    """The Standings sheet: one table, or (groups, categories: issue 18) one titled block per
    group and per category; the notes in the workbook's language (the sheet is the club's)."""
    from keizer_xl.sheets.report_sheets import (category_heading, category_layout,
                                                grouped_standings_layout, group_heading)

    def one(r: StandingsReport, notes: tuple[str, ...]) -> Layout:
        return standings_layout(r.standing, [translate(n, lang) for n in notes], lang=lang,
                                not_yet=r.not_yet, season=season if not r.group else
                                group_season(season, r.group, max(r.standing.round, 1),
                                             report.moves), context=context,
                                extra=(r.game_points, r.tpr, r.unranked))

    parts = report.parts or ((report,) if report.group else ())
    if not parts and not report.categories:
        return one(report, report.notes)
    if not parts:
        return _single_with_categories(report, one(report, report.notes), lang, context)
    moves = [translate(m.message, lang) for m in report.moves]
    cats = [(f"{group_heading(p.group, lang)} · {category_heading(c, lang)}"
             if len(parts) > 1 else category_heading(c, lang), category_layout(p.standing, m, lang))
            for p in parts for c, m in p.categories]
    shown = [(p.group, one(p, tuple(n for n in p.notes
                                    if not any(n == m.message for m in p.moves))))
             for p in parts]
    return grouped_standings_layout(shown, cats, report.standing.round, lang, context, moves)


def _single_with_categories(report: StandingsReport, table: Layout, lang: str,
                            context: RunContext) -> Layout:
    """The one standings table as it always is, then one block per category under it."""
    from keizer_xl.sheets.layout import stack_layouts
    from keizer_xl.sheets.report_sheets import category_heading, category_layout

    blocks = [(category_heading(c, lang), category_layout(report.standing, m, lang))
              for c, m in report.categories]
    below = stack_layouts((), blocks)
    grid = table.grid + below.grid
    offset = len(table.grid)
    spans = table.spans + tuple(replace(sp, first_row=sp.first_row + offset,
                                        last_row=sp.last_row + offset) for sp in below.spans)
    widths = tuple(max(a, b) for a, b in zip(table.widths, below.widths)) + \
        table.widths[len(below.widths):] + below.widths[len(table.widths):]
    return replace(table, grid=grid, spans=spans, widths=widths)
@dataclass(frozen=True)
class ActionRequest:
    """One action as a front end asks for it (issue 15: replaces the options dict the
    LibreOffice macro was handed and the fake argparse.Namespace ``pair`` on an ``.ods`` built).

    ``round``: pair that round / the standings after it; ``language``: the messages' language
    (None: the workbook's); ``front``: who words the outcome (``cli`` when ``keizer-xl
    lo-run`` or ``pair club.ods`` runs the macro, ``libreoffice`` for a button);
    ``format``: the command line's output format (table, json); ``label``: the workbook as the
    user named it.
    It travels to the macro as JSON (:meth:`to_json` / :meth:`from_json`)."""

    action: str
    round: int | None = None
    force: bool = False
    repair: bool = False
    language: str | None = None
    front: str = "libreoffice"
    format: str = "table"
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "round": self.round, "force": self.force,
                "repair": self.repair, "language": self.language, "front": self.front,
                "format": self.format, "label": self.label}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ActionRequest":
        """The request in ``data`` (keys it does not know, the macro's own, are left)."""
        rnd = data.get("round")
        return cls(action=str(data.get("action", "")),
                   round=None if rnd is None else int(rnd),
                   force=bool(data.get("force")), repair=bool(data.get("repair")),
                   language=data.get("language") or None,
                   front=str(data.get("front") or "libreoffice"),
                   format=str(data.get("format") or "table"), label=str(data.get("label") or ""))


@dataclass(frozen=True)
class CheckReport:
    """What ``check`` found: every problem (with its cell) and every warning."""

    problems: tuple[Problem, ...]
    warnings: tuple[str, ...]


def check_report(book: Book) -> CheckReport:
    """:func:`check_workbook` as a typed report (what the front ends describe)."""
    problems, notes = check_workbook(book)
    return CheckReport(tuple(problems), tuple(notes))


def check_workbook(book: Book) -> tuple[list[Problem], list[str]]:
    """Every problem (with its cell) and every warning; nothing is written."""
    try:
        season = read_season(book)
    except InputError as e:
        return list(e.problems), []
    notes = warnings(season)
    if has_groups(season):  # each group's engine notes; promotion and relegation (issue 18)
        for g, gs in split_groups(season).items():
            notes.extend(Message("group {group}: {note}", group=g, note=n)
                         for n in compute_history(gs).notes)
        notes.extend(m.message for m in group_moves(season))
    else:
        notes.extend(compute_history(season).notes)
    return [], notes


# --------------------------------------------------------------------------- writing a season

def write_season(book: Book, season: Season, *, settings: bool = True) -> None:
    """Replace the rows of the four input sheets with ``season`` (samples, tests, batch).

    Works on any transport and in any language: the input tables keep their place, headers and
    formatting.  ``settings=False`` leaves the Settings sheet as it is (``import`` fills the
    template's own rows)."""
    from keizer_xl.sheets.read import find_sheet, input_frames

    for canonical, frame in input_frames(season).items():
        if canonical == "Settings" and not settings:
            continue
        name = find_sheet(book, canonical)
        if name is None:
            raise ActionError(Message("the workbook has no {sheet} sheet", sheet=canonical))
        table = book.read_table(name)
        if table.rows:
            book.delete_rows(name, list(range(len(table.rows))))
        lookup = _header_lookup(canonical, table.headers)
        rows = []
        for record in cast("list[dict[str, Any]]", frame.to_dict("records")):
            rows.append({lookup[k.casefold()]: (None if _missing(v) else v)
                         for k, v in record.items() if k.casefold() in lookup})
        book.append_rows(name, rows)


def _header_lookup(canonical: str, headers: Sequence[str]) -> dict[str, str]:
    """The frame's English column (casefolded) -> the table's header, in any language: a
    Dutch template's ``Naam`` takes the ``Name`` column (schema.py names every language)."""
    lookup = {str(h).casefold(): h for h in headers if h}
    for key, spelled in schema.header_aliases(canonical).items():
        for h in headers:
            if h and str(h).strip().casefold() in spelled:
                lookup.setdefault(schema.header(canonical, key, "en").casefold(), h)
    return lookup


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value)
