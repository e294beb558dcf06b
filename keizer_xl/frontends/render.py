"""What the front ends show of a report, written once (issue 15).

:func:`keizer_xl.frontends.outcome.describe` hands every typed report here: the pairing
(:class:`~keizer_xl.app.pair.PairingReport`), the standings
(:class:`~keizer_xl.actions.StandingsReport`) and the check
(:class:`~keizer_xl.actions.CheckReport`).  Each is worded twice, no more:

* for the command line (``cli``): ``out`` is what goes to standard output (the pairing, the
  standings table, JSON or CSV, the problems of ``check``), ``lines`` what goes to standard
  error (``note:`` lines, ``warning:`` lines, "Wrote ...").  ``keizer-xl pair`` on an
  ``.xlsx``, on an ``.ods`` (through LibreOffice) and ``keizer-xl lo-run`` print the same;
* for a message box (``excel``, ``lite``, ``libreoffice``): ``lines`` are its paragraphs.

The problem list is cut at :data:`keizer_xl.frontends.shown.MAX_LISTED` lines everywhere.
Absences are shown with the letters the club types (Dutch ``A`` for excused), from
``sheets/schema.py``.  The standings rows as JSON (``standings --format json``) are
:func:`standings_rows`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from collections.abc import Mapping, Sequence

from fractions import Fraction

from keizer_xl.core.numbers import display
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.engine import Standing, StandingRow
from keizer_xl.errors import N_
from keizer_xl.i18n import Translator, translate

if TYPE_CHECKING:
    from keizer_xl.app.check import CheckReport
    from keizer_xl.app.pair import PairingReport
    from keizer_xl.app.standings import StandingsReport
    from keizer_xl.frontends.shown import Front, Outcome

__all__ = ["Done", "BatchReport", "standings_rows", "period_rows", "grouped_rows", "category_rows",
           "problem_lines", "absent_text", "describe_report", "REPORTS"]


@dataclass(frozen=True)
class Done:
    """How a report came about, for its wording.

    ``book``: the workbook as the user named it (the command line's path); ``sheets_lang``:
    the language of the workbook's sheet names (what the action wrote); ``written``: the
    workbook was written; ``saved``: and saved to disk (Excel without ``Keizer Save``: not
    yet); ``messages``: the client's warnings; ``format``: the command line's ``--format``;
    ``full_list``: where every problem is listed when there are more than the limit."""

    book: str = ""
    sheets_lang: str = "en"
    written: bool = False
    saved: bool = True
    messages: tuple[str, ...] = ()
    format: str = "table"
    full_list: str | None = None  # a file with every problem (Excel writes one)
    category: str | None = None  # standings --category C (issue 18): only that category
    source: str = ""  # the workbook a new one was made from (new-season's OLD)


class _HasStanding(Protocol):
    @property
    def standing(self) -> Standing: ...


def standings_rows(report: _HasStanding) -> list[dict[str, Any]]:
    """One dict per player, best first: rank, name, score, value, prev_value, games, w, d, l,
    rounds (numbers rounded for display, core/numbers.py)."""
    # built from the one row shape (core.standings.StandingRow: issue 15)
    rows = [{**{key: display(x) if isinstance(x, Fraction) else x
                for key, x in zip(StandingRow.KEYS, row.cells(), strict=True)},
             "rounds": [display(x) for x in row.rounds]}
            for row in report.standing.rows]
    # house rules (issue 18): game points, TPR (null without rated games), min_games
    points: dict[str, Any] = getattr(report, "game_points", {})
    perf: dict[str, Any] = getattr(report, "tpr", {})
    for row in rows:
        if row["name"] in points:
            row["game_points"] = display(points[row["name"]])
            row["tpr"] = perf.get(row["name"])
    unranked = set(getattr(report, "unranked", ()))
    if unranked:
        ranked = [r for r in rows if r["name"] not in unranked]
        for i, r in enumerate(ranked, start=1):
            r["rank"] = i
        rows = ranked + [{**r, "rank": None} for r in rows if r["name"] in unranked]
    return rows


def period_rows(ps: PeriodStanding) -> list[dict[str, Any]]:
    """A period's standing as :func:`standings_rows` gives the season's (issue 18): the same
    keys; ``score`` is match points and ``value``/``prev_value`` null under ``period_scoring
    6/3/1``; ``rounds`` the period's rounds (its own Keizer points)."""
    st = ps.keizer
    keizer = ps.scoring == "keizer"
    return [{"rank": r.place, "name": r.name, "score": display(r.score),
             "value": display(st.value[r.name]) if keizer else None,
             "prev_value": display(st.prev_value[r.name]) if keizer else None,
             "games": r.games, "w": r.wins, "d": r.draws, "l": r.losses,
             "rounds": [display(x) for x in st.round_points[r.name]],
             "period": ps.period.number}
            for r in ps.rows]


def grouped_rows(report: Any) -> list[dict[str, Any]]:
    """Every group's standings rows (issue 18), each row with its ``group``; a report without
    groups gives its own rows."""
    parts = report.parts or (report,)
    return [{**row, "group": part.group} if part.group else row
            for part in parts for row in standings_rows(part)]


def category_rows(report: Any, category: str) -> list[dict[str, Any]]:
    """Category ``category``'s sub-standings (issue 18): the rows of its players, the same
    points, ``rank`` within the category and ``overall`` the place in the (group's) ranking.
    A category nobody has is an ActionError naming the categories there are."""
    from keizer_xl.core.groups import group_key
    from keizer_xl.errors import ActionError, Message

    parts = report.parts or (report,)
    known = list(dict.fromkeys(c for part in parts for c, _ in part.categories))
    match = next((c for c in known if group_key(c) == group_key(category)), None)
    if match is None:
        raise ActionError(Message("no category {category!r} (categories: {categories})",
                                  category=category, categories=", ".join(known) or "-"),
                          usage=True)
    out: list[dict[str, Any]] = []
    for part in parts:
        members = set(dict(part.categories).get(match, ()))
        rank = 0
        for row in standings_rows(part):
            if row["name"] in members:
                rank += 1
                shown = {**row, "rank": rank, "overall": row["rank"], "category": match}
                out.append({**shown, "group": part.group} if part.group else shown)
    return out


def _limit() -> int:
    from keizer_xl.frontends.shown import MAX_LISTED

    return MAX_LISTED


def problem_lines(problems: Sequence[object], front: Front, tr: Translator,
                  full_list: str | None = None) -> tuple[str, ...]:
    """The problems, one a line (``- `` in a message box), cut at the one limit; the last
    line says how many more (and where they all are, ``full_list``)."""
    limit = _limit()
    listed = [str(p) for p in problems]
    shown = listed[:limit] if front == "cli" else [f"- {p}" for p in listed[:limit]]
    more = len(listed) - limit
    if more > 0:
        if front == "cli":
            shown.append(tr(N_("... and {n} more problem (the first {shown} are listed; fix them "
                               "and run again)") if more == 1 else
                            N_("... and {n} more problems (the first {shown} are listed; fix "
                               "them and run again)"), n=more, shown=limit))
        elif full_list:
            shown.append(tr("... and {n} more; the full list is in {path}.", n=more,
                            path=full_list))
        else:
            shown.append(tr("... and {n} more.", n=more))
    return tuple(shown)


def absent_text(absent: Mapping[str, str], sheets_lang: str) -> str:
    """``Jan (A), Piet (E)``: each absence with the letter the club types in its language."""
    from keizer_xl.sheets import schema

    letter = {code: own for own, code in reversed(schema.code_letters(sheets_lang).items())}
    return ", ".join(f"{name} ({letter.get(code, code)})" for name, code in absent.items())


def _sheet(canonical: str, done: Done) -> str:
    from keizer_xl.sheets import schema

    return schema.sheet_name(canonical, done.sheets_lang or "en")


def _notes_block(notes: Sequence[str], tr: Translator, heading: str = N_("Notes"),
                 **params: Any) -> tuple[str, ...]:
    """A message box's notes: a heading and one ``- note`` a line, cut at the one limit."""
    if not notes:
        return ()
    limit = _limit()
    lines = [f"- {n}" for n in notes[:limit]]
    if len(notes) > limit:
        lines.append(tr("... and {n} more.", n=len(notes) - limit))
    return (f"{tr(heading, **params)}:\n" + "\n".join(lines),)


def _saved_line(front: Front, done: Done, tr: Translator) -> tuple[str, ...]:
    """Excel and Lite: whether the workbook was saved (LibreOffice's macro stores it)."""
    if front not in ("excel", "lite") or not done.written:
        return ()
    if done.saved:
        return (tr("The workbook was saved."),)
    return (tr("The workbook is not saved yet: save it to keep this (or close it without "
               "saving to undo)."),)


#: notes that are good news, shown without a prefix (issue 26: "the Keizer points agree for all
#: 8 players" was prefixed with Dutch "let op:", a warning word)
GOOD_NEWS = frozenset({
    "The Keizer points KeizerForClubs stored after round {round} agree for all {n} players",
})


class GoodNews(str):
    """A note that confirms (see GOOD_NEWS): the command line prints it as it is."""


def _cli_notes(notes: Sequence[str], done: Done, tr: Translator) -> list[str]:
    """The command line's notes and warnings on standard error, their prefix in the language
    of the messages (``note:``, Dutch ``let op:``; issue 16); good news without one."""
    return ([n if isinstance(n, GoodNews) else tr("note: {note}", note=n) for n in notes]
            + [tr("warning: {warning}", warning=translate(m, tr)) for m in done.messages])


def _wrote(done: Done, tr: Translator) -> str:
    return "" if done.saved else " " + tr("(NOT saved)")


# --------------------------------------------------------------------------- pairing

def _pairing(report: PairingReport, front: Front, done: Done, tr: Translator,
             notes: Sequence[str]) -> Outcome:
    from keizer_xl.frontends.shown import EXIT_OK, Outcome

    p = report.pairing
    report_json = report.as_json()
    if front == "cli":
        if done.format == "json":
            out: tuple[str, ...] = (json.dumps(report_json, ensure_ascii=False),)
        else:
            rows = [tr(N_("Round {round} (paired again)") if report.repaired
                       else N_("Round {round}"), round=p.round)]
            width = max([len(b.white) for b in p.boards] + [5])
            for g, part in report.groups or (("", report),):  # groups (issue 18): a heading each
                if g:
                    rows.append(tr("Group {group}", group=g))
                rows += [f"{b.board:>3}  {b.white:<{width}}  -  {b.black}"
                         for b in part.pairing.boards]
                if part.pairing.bye:
                    rows.append(tr("Bye: {name}", name=part.pairing.bye))
            if report.absent:
                rows.append(tr("Absent: {names}",
                               names=absent_text(report.absent, done.sheets_lang)))
            out = tuple(rows)
        err = _cli_notes(notes, done, tr)
        if done.written:
            err.append(tr("Wrote {pairings} for round {round} to {path} and added its games to "
                          "{results}", round=p.round, path=done.book,
                          pairings=_sheet("Pairings", done), results=_sheet("Results", done))
                       + _wrote(done, tr))
        return Outcome("ok", EXIT_OK, tuple(err), out=out, notes=tuple(notes),
                       report=report_json)
    n = len(p.boards)
    if report.repaired:
        head = tr(N_("Round {round} is paired again: {n} board") if n == 1
                  else N_("Round {round} is paired again: {n} boards"), round=p.round, n=n)
    else:
        head = tr(N_("Round {round} is paired: {n} board") if n == 1
                  else N_("Round {round} is paired: {n} boards"), round=p.round, n=n)
    first = (head + (tr(", bye: {name}", name=p.bye) if p.bye else "")
             + (tr(", absent: {n}", n=len(report.absent)) if report.absent else "") + ". "
             + tr("The pairing is on the sheet {pairings}; the games were added to {results} "
                  "with an empty result.", pairings=_sheet("Pairings", done),
                  results=_sheet("Results", done)))
    lines = (
        first,
        *_notes_block(list(notes) + [translate(m, tr) for m in done.messages], tr),
        *_saved_line(front, done, tr),
    )
    return Outcome("ok", EXIT_OK, lines, notes=tuple(notes), report=report_json)


# --------------------------------------------------------------------------- standings

#: The text table's headers (msgctxt-free ids; "G" = games, "W"/"D"/"L" = won/drawn/lost).
_TABLE_HEAD = (N_("Rank"), N_("Name"), N_("Score"), N_("Value"), N_("Prev"), N_("G"), N_("W"),
               N_("D"), N_("L"))


def standings_table(rows: list[dict[str, Any]], tr: Translator) -> list[str]:
    """The standings as a text table, headed in the language of the messages (the JSON
    output's keys stay English)."""
    head = [tr(h) for h in _TABLE_HEAD]
    width = max([len(r["name"]) for r in rows] + [len(head[1])])
    wide = [max(len(h), n) for h, n in zip(head, (4, 0, 9, 7, 7, 3, 3, 3, 3), strict=True)]
    out = [(f"{head[0]:>{wide[0]}}  {head[1]:<{width}}  {head[2]:>{wide[2]}} {head[3]:>{wide[3]}} "
           f"{head[4]:>{wide[4]}} {head[5]:>{wide[5]}} {head[6]:>{wide[6]}} {head[7]:>{wide[7]}} "
           f"{head[8]:>{wide[8]}}")]
    for r in rows:
        rank = "-" if r["rank"] is None else r["rank"]  # min_games: after the table, unranked
        value = "" if r["value"] is None else r["value"]  # a period ranked by match points
        prev = "" if r["prev_value"] is None else r["prev_value"]
        out.append(f"{rank:>{wide[0]}}  {r['name']:<{width}}  {r['score']:>{wide[2]}.2f} "
                   f"{value:>{wide[3]}} {prev:>{wide[4]}} {r['games']:>{wide[5]}} "
                   f"{r['w']:>{wide[6]}} {r['d']:>{wide[7]}} {r['l']:>{wide[8]}}")
    return out


def _standings(report: StandingsReport, front: Front, done: Done, tr: Translator,
               notes: Sequence[str]) -> Outcome:
    from keizer_xl.frontends.shown import EXIT_OK, Outcome

    st = report.standing
    # groups and categories (issue 18, docs/groups.md): every group's rows, each with its group
    blocks = done.category is not None or bool(report.parts)
    rows = (category_rows(report, done.category) if done.category is not None
            else grouped_rows(report) if report.parts else standings_rows(report))
    if front == "cli":
        if done.format == "json":
            out: tuple[str, ...] = (json.dumps(rows, ensure_ascii=False),)
        elif done.format == "csv" and blocks:
            import csv
            import io

            keys = [k for k in rows[0] if k != "rounds"] if rows else ["rank", "name"]
            buffer = io.StringIO()
            writer = csv.DictWriter(buffer, keys, extrasaction="ignore", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
            out = tuple(buffer.getvalue().splitlines())
        elif blocks:
            table = [tr("Standings after round {round}", round=st.round)]
            for g in dict.fromkeys(r.get("group", "") for r in rows):
                if g:
                    table.append(tr("Group {group}", group=g))
                table += standings_table([r for r in rows if r.get("group", "") == g], tr)
            out = tuple(table)
        elif done.format == "csv":  # the one format that builds a DataFrame (imports pandas)
            from keizer_xl.sheets.season_tables import standings_table as frame_table

            frame, _ = frame_table(report.frame, not_yet=report.not_yet)
            out = tuple(frame.to_csv(index=False).splitlines())
        else:
            title = tr("Standings after round {round}", round=st.round)
            out = ((title if st.converged
                    else tr("{title} ({note})", title=title, note=translate(st.note, tr))),
                   *standings_table(rows, tr))
        err = _cli_notes(notes, done, tr)
        if done.written:
            err.append(tr("Wrote {sheet} after round {round} to {path}", round=st.round,
                          path=done.book, sheet=_sheet("Standings", done)) + _wrote(done, tr))
        return Outcome("ok", EXIT_OK, tuple(err), out=out, notes=tuple(notes), report=rows)
    text = tr("Standings after round {round} are on the sheet {sheet}.", round=st.round,
              sheet=_sheet("Standings", done))
    if st.order:
        leader = st.shown_order[0]  # the first line of the Standings sheet (display_order)
        text += " " + tr("Leader: {name} ({score} points).", name=leader,
                         score=display(st.score[leader]))
    lines = (
        text,
        *_notes_block(list(notes) + [translate(m, tr) for m in done.messages], tr),
        *_saved_line(front, done, tr),
    )
    return Outcome("ok", EXIT_OK, lines, notes=tuple(notes), report=rows)


# --------------------------------------------------------------------------- check

def _check(report: CheckReport, front: Front, done: Done, tr: Translator,
           notes: Sequence[str]) -> Outcome:
    from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, Outcome, Status

    problems = tuple(str(p) for p in report.problems)
    warnings = list(notes) + [translate(m, tr) for m in done.messages]
    n = len(problems)
    status: Status = "problems" if problems else "ok"
    code = EXIT_PROBLEMS if problems else EXIT_OK
    if front == "cli":
        from pathlib import Path

        name = Path(done.book).name
        out = problem_lines(problems, front, tr) + tuple(tr("warning: {warning}", warning=w)
                                                          for w in notes)
        err: tuple[str, ...]
        if problems:
            err = (tr(N_("{n} problem in {file}") if n == 1 else N_("{n} problems in {file}"),
                      n=n, file=name),)
        elif notes:
            err = (tr("{file}: no problems found ({n} warnings)", file=name, n=len(notes)),)
        else:
            err = (tr("{file}: no problems found", file=name),)
        err += tuple(tr("warning: {warning}", warning=translate(m, tr)) for m in done.messages)
        return Outcome(status, code, err, out=out, notes=tuple(notes), problems=problems)
    if problems:
        head = tr(N_("Check found {n} problem to fix (sheet!cell: what):") if n == 1
                  else N_("Check found {n} problems to fix (sheet!cell: what):"), n=n)
        lines = (
            head + "\n" + "\n".join(problem_lines(problems, front, tr, done.full_list)),
            *_notes_block(warnings, tr, N_("Warnings")),
        )
        return Outcome(status, code, lines, notes=tuple(notes), problems=problems)
    lines = (tr("No problems found."),)
    if warnings:
        w = len(warnings)
        lines += _notes_block(warnings, tr, N_("{n} warning") if w == 1 else N_("{n} warnings"),
                              n=w)
    return Outcome(status, code, lines, notes=tuple(notes))


# --------------------------------------------------------------------------- batch

@dataclass(frozen=True)
class BatchReport:
    """``keizer-xl batch``: how many workbooks were recomputed, how many failed (the table of
    them is the command line's own)."""

    workbooks: int
    failed: int


def _batch(report: BatchReport, front: Front, done: Done, tr: Translator,
           notes: Sequence[str]) -> Outcome:
    from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, Outcome

    if report.failed:
        return Outcome("problems", EXIT_PROBLEMS, ())
    return Outcome("ok", EXIT_OK, ())


# --------------------------------------------------------------------------- periods

def _period(report: Any, front: Front, done: Done, tr: Translator,
            notes: Sequence[str]) -> Outcome:
    """``standings --period N`` (issue 18): the period's rows as the season's are shown."""
    from keizer_xl.frontends.shown import EXIT_OK, Outcome

    parts = report.parts or (report.period,)
    # groups (issue 23): one block per group, each row of the JSON with its group
    rows = [{**row, "group": ps.group} if ps.group else row
            for ps in parts for row in period_rows(ps)]
    p = report.period.period
    title = tr("Period {number} after round {round}", number=p.number, round=report.period.upto)
    if front == "cli":
        table: list[str] = [title]
        for ps in parts:
            if ps.group:
                table.append(tr("Group {group}", group=ps.group))
            table += standings_table(period_rows(ps), tr)
        out: tuple[str, ...] = ((json.dumps(rows, ensure_ascii=False),) if done.format == "json"
                                else tuple(table))
        err = _cli_notes(notes, done, tr)
        if report.written is not None:
            err.append(tr("Wrote {sheet} after round {round} to {path}", round=report.written,
                          path=done.book, sheet=_sheet("Standings", done)) + _wrote(done, tr))
        return Outcome("ok", EXIT_OK, tuple(err), out=out, notes=tuple(notes), report=rows)
    leader = report.period.leader
    text = title + ("." if not leader else ": " + tr("leader {name}", name=leader) + ".")
    lines = (text, *_notes_block(list(notes), tr), *_saved_line(front, done, tr))
    return Outcome("ok", EXIT_OK, lines, notes=tuple(notes), report=rows)


# --------------------------------------------------------------------------- import, export

def _imported(report: Any, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``keizer-xl import``: the summary on standard output, each note on standard error."""
    from keizer_xl.frontends.shown import EXIT_OK, Outcome

    summary = tr("Imported {source} into {book}: {players} players, {rounds} rounds, {games} "
                 "games, {byes} byes, {absences} absences", source=report.source,
                 book=report.book, players=report.players, rounds=report.rounds,
                 games=report.games, byes=report.byes, absences=report.absences)
    return Outcome("ok", EXIT_OK, tuple(_cli_notes(notes, done, tr)), out=(summary,),
                   notes=tuple(notes))


def _exported(report: Any, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``keizer-xl export --trf``: what was written, then each warning (what to fill in)."""
    from keizer_xl.frontends.shown import EXIT_OK, Outcome

    summary = tr("Wrote {path}: the rating report of rounds {first}-{last}, {players} players, "
                 "{games} games", path=report.target, first=report.rounds[0],
                 last=report.rounds[1], players=report.players, games=report.games)
    warnings = tuple(tr("warning: {warning}", warning=w) for w in notes)
    return Outcome("ok", EXIT_OK, (summary, *warnings), notes=tuple(notes))


def _new_season(report: Any, front: Front, done: Done, tr: Translator,
                notes: Sequence[str]) -> Outcome:
    """``keizer-xl new-season``: the new workbook, its start order, what it carried from OLD
    and what it left (issue 23: a leader checks it before the first evening)."""
    from pathlib import Path

    from keizer_xl.frontends.shown import EXIT_OK, Outcome
    from keizer_xl.sheets import schema

    if report.start == "ranking":
        order = tr("final table of each group") if report.groups else tr("final ranking")
    else:
        order = tr("rating order")
    out = [tr("Created {path}: {count} players, Start from {old}'s {order} after round {round}",
              path=done.book, count=len(report.players), old=Path(done.source).name,
              order=order, round=report.final_round)]
    if report.new_season:
        out.append(tr("Season: {season}", season=report.new_season))
    carried = [c.header for c in report.columns if c.carried]
    if carried:
        out.append(tr("Carried from {players}: {columns}", columns=", ".join(carried),
                      players=schema.sheet_name("Players", report.language)))
    if report.groups:
        out.append(tr("Groups as the season ended, after {count} moves: {groups}",
                      count=len(report.moves), groups=", ".join(
                          f"{g} ({n})" for g, n in report.groups)))
    for m in report.moves_at_end:
        out.append(tr("{name} moves up to group {group} for next season (place {place} in "
                      "group {source})", name=m.name, group=m.target, place=m.place,
                      source=m.source) if m.up else
                   tr("{name} moves down to group {group} for next season (place {place} in "
                      "group {source})", name=m.name, group=m.target, place=m.place,
                      source=m.source))
    if report.left_out:
        out.append(tr("Left out (withdrawn): {names}", names=", ".join(report.left_out)))
    if report.cleared_columns:
        out.append(tr("Left empty (last season's own): {columns}",
                      columns=", ".join(report.cleared_columns)))
    if report.cleared_settings:
        out.append(tr("Settings left out (last season's rounds): {settings}",
                      settings=", ".join(report.cleared_settings)))
    out.append(tr("{attendance} and {results} start empty",
                  attendance=schema.sheet_name("Attendance", report.language),
                  results=schema.sheet_name("Results", report.language)))
    return Outcome("ok", EXIT_OK, tuple(_cli_notes(notes, done, tr)), out=tuple(out),
                   notes=tuple(notes))


def _reports() -> dict[type, Any]:
    from keizer_xl.app.check import CheckReport
    from keizer_xl.app.new_season import NewSeasonReport
    from keizer_xl.app.pair import PairingReport
    from keizer_xl.app.standings import PeriodReport, StandingsReport
    from keizer_xl.app.export import ExportReport
    from keizer_xl.app.import_season import ImportReport

    return {PairingReport: _pairing, StandingsReport: _standings, CheckReport: _check,
            BatchReport: _batch, PeriodReport: _period, ImportReport: _imported,
            ExportReport: _exported, NewSeasonReport: _new_season}


#: the typed reports :func:`describe_report` words (filled at first use: actions imports the
#: engine, which a command like ``--help`` does not load)
REPORTS: dict[type, Any] = {}


def report_notes(report: object) -> tuple[str, ...]:
    """The notes a report carries (a pairing's, the standings', the check's warnings)."""
    from keizer_xl.app.check import CheckReport
    from keizer_xl.app.pair import PairingReport
    from keizer_xl.app.standings import PeriodReport, StandingsReport
    from keizer_xl.app.export import ExportReport
    from keizer_xl.app.import_season import ImportReport

    if isinstance(report, (PeriodReport, ImportReport)):
        return tuple(report.notes)
    if isinstance(report, ExportReport):
        return tuple(report.warnings)
    if isinstance(report, PairingReport):
        return tuple(report.pairing.notes)
    if isinstance(report, StandingsReport):
        return tuple(report.notes)
    if isinstance(report, CheckReport):
        return tuple(report.warnings)
    return ()


def describe_report(report: object, front: Front, done: Done, tr: Translator,
                    notes: Sequence[str] = ()) -> Outcome | None:
    """The outcome of a typed report, or None for a report not worded here."""
    if not REPORTS:
        REPORTS.update(_reports())
    render = REPORTS.get(type(report))
    if render is None:
        return None
    shown = [GoodNews(translate(n, tr)) if getattr(n, "msgid", None) in GOOD_NEWS
             else translate(n, tr) for n in (*report_notes(report), *notes)]
    result: Outcome = render(report, front, done, tr, shown)
    return result
