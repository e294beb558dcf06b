"""The renderers of the season's actions (rows of the one table, :mod:`keizer_xl.frontends.render`):
the pairing, the standings, a period's standing, the check, the schedule and ``players``, worded
for the command line and for the message boxes (Excel, Lite, LibreOffice); and an action's
answer as the LibreOffice macro gave it (``lo-run``)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from keizer_xl.core.numbers import display
from keizer_xl.frontends.render_common import (cli_notes, notes_block, problem_lines, saved_line,
                                               sheet, wrote_suffix, warning_lines)
from keizer_xl.core.rows import period_part
from keizer_xl.frontends.render_rows import part_rows, standings_table
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, Done, Outcome
from keizer_xl.errors import N_, Plural
from keizer_xl.i18n import Translator, shown_letter, translate, translator

if TYPE_CHECKING:
    from keizer_xl.app.check import CheckReport
    from keizer_xl.app.macro_answer import MacroAnswer, Status
    from keizer_xl.app.pair import PairingReport
    from keizer_xl.app.players import PlayersReport
    from keizer_xl.app.schedule import ScheduleReport
    from keizer_xl.app.standings import PeriodReport, StandingsReport

def _json_line(data: Any) -> str:
    """``--format json``'s one line (names as typed, not ``\\u`` escapes)."""
    import json  # only --format json needs it; ~1 ms of every run (issue 25)

    return json.dumps(data, ensure_ascii=False)


def _blocks(title: str, rows: list[dict[str, Any]], tr: Translator) -> tuple[str, ...]:
    """The command line's table under ``title``: with groups one block per group, headed."""
    out = [title]
    for g in dict.fromkeys(r.get("group", "") for r in rows):
        if g:
            out.append(tr("Group {group}", group=g))
        out += standings_table([r for r in rows if r.get("group", "") == g], tr)
    return tuple(out)


def _box(text: str, notes: Sequence[str], front: Front, done: Done, tr: Translator,
         report: Any) -> Outcome:
    """A message box's paragraphs: ``text``, the notes and the client's warnings, whether
    Excel saved; ``report`` as JSON data."""
    shown = (text, *notes_block([*notes, *(translate(m, tr) for m in done.messages)], tr),
             *saved_line(front, done, tr))
    return Outcome("ok", EXIT_OK, shown, notes=tuple(notes), report=report)


def pairing(report: PairingReport, front: Front, done: Done, tr: Translator,
             notes: Sequence[str]) -> Outcome:

    p = report.pairing
    report_json = report.as_json()
    if front == "cli":
        if done.format == "json":
            out: tuple[str, ...] = (_json_line(report_json),)
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
            if report.absent:  # each with the letter the club types (Dutch A for excused)
                rows.append(tr("Absent: {names}", names=", ".join(
                    f"{name} ({shown_letter(code, report.language)})"
                    for name, code in report.absent.items())))
            out = tuple(rows)
        err = cli_notes(notes, done, tr)
        if done.written:
            err.append(tr("Wrote {pairings} for round {round} to {path} and added its games to "
                          "{results}", round=p.round, path=done.book,
                          pairings=sheet("Pairings", report), results=sheet("Results", report))
                       + wrote_suffix(done, tr))
        return Outcome("ok", EXIT_OK, tuple(err), out=out, notes=tuple(notes),
                       report=report_json)
    n = len(p.boards)
    if report.repaired:
        head = tr.ngettext("Round {round} is paired again: {n} board",
                           "Round {round} is paired again: {n} boards", n, round=p.round)
    else:
        head = tr.ngettext("Round {round} is paired: {n} board",
                           "Round {round} is paired: {n} boards", n, round=p.round)
    first = (head + (tr(", bye: {name}", name=p.bye) if p.bye else "")
             + (tr(", absent: {n}", n=len(report.absent)) if report.absent else "") + ". "
             + tr("The pairing is on the sheet {pairings}; the games were added to {results} "
                  "with an empty result.", pairings=sheet("Pairings", report),
                  results=sheet("Results", report)))
    return _box(first, notes, front, done, tr, report_json)


def scheduled(report: ScheduleReport, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``schedule`` (issue 36): each round robin round by round, the results and the state of
    the games without one (postponed, a forfeit or annulled for a withdrawal)."""
    data = report.as_json()
    if done.format == "json":
        return Outcome("ok", EXIT_OK, (), out=(_json_line(data),), report=data)
    out: list[str] = []
    for g in report.groups:
        if g.group:
            out.append(tr("Group {group}", group=g.group))
        width = max([len(n) for n in g.players] + [5])
        for rnd in range(g.first, g.last + 1):
            out.append(tr("Round {round}", round=rnd))
            for s in (s for s in g.games if s.round == rnd):
                if s.state == "bye":
                    out.append(tr("Bye: {name}", name=s.white))
                    continue
                state = tr(word) if (word := report.state_word(s.state)) else ""
                out.append(f"{s.board:>3}  {s.white:<{width}}  -  {s.black:<{width}}  "
                           f"{s.result.value if s.result else '':<5} {state}".rstrip())
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=tuple(out), report=data)


def standings(report: StandingsReport, front: Front, done: Done, tr: Translator,
               notes: Sequence[str]) -> Outcome:

    st = report.standing
    # groups and categories (issue 18, docs/groups.md): every group's rows, each with its group;
    # every output reads the row model (core/rows.py)
    parts = tuple(p.rows for p in report.parts or (report,))
    from keizer_xl.app.standings import find_category  # loaded: the report was made there

    category = None if done.category is None else find_category(report, done.category)
    blocks = category is not None or bool(report.parts)
    rows = part_rows(parts, category)
    if front == "cli":
        title = tr("Standings after round {round}", round=st.round)
        if done.format == "json":
            out: tuple[str, ...] = (_json_line(rows),)
        elif done.format == "csv":  # one layout with or without groups (docs/guide.md)
            from keizer_xl.app.export_files import standings_csv

            out = tuple(standings_csv(parts, category=category).splitlines())
        elif blocks:
            out = _blocks(title, rows, tr)
        else:
            out = ((title if st.converged
                    else tr("{title} ({note})", title=title, note=translate(st.note, tr))),
                   *standings_table(rows, tr))
        err = cli_notes(notes, done, tr)
        if done.written:
            err.append(tr("Wrote {sheet} after round {round} to {path}", round=st.round,
                          path=done.book, sheet=sheet("Standings", report)) + wrote_suffix(done, tr))
        return Outcome("ok", EXIT_OK, tuple(err), out=out, notes=tuple(notes), report=rows)
    text = tr("Standings after round {round} are on the sheet {sheet}.", round=st.round,
              sheet=sheet("Standings", report))
    if parts[0].rows:  # the first line of the Standings sheet
        first = parts[0].rows[0]
        text += " " + tr("Leader: {name} ({score} points).", name=first.name,
                         score=display(first.score))
    return _box(text, notes, front, done, tr, rows)


def period(report: PeriodReport, front: Front, done: Done, tr: Translator,
            notes: Sequence[str]) -> Outcome:
    """``standings --period N`` (issue 18): the period's rows as the season's are shown."""

    parts = [period_part(ps) for ps in report.parts or (report.period,)]
    # groups (issue 23): one block per group, each row of the JSON with its group
    rows = part_rows(parts)
    p = report.period.period
    title = tr("Period {number} after round {round}", number=p.number, round=report.period.upto)
    # running or finished (issue 33), as the Periods sheet says it
    title = (tr("{heading}; finished", heading=title) if report.period.finished
             else tr("{heading}; running", heading=title))
    if front == "cli":
        out = (_json_line(rows),) if done.format == "json" else _blocks(title, rows, tr)
        err = cli_notes(notes, done, tr)
        if report.written is not None:
            err.append(tr("Wrote {sheet} after round {round} to {path}", round=report.written,
                          path=done.book, sheet=sheet("Standings", report)) + wrote_suffix(done, tr))
        return Outcome("ok", EXIT_OK, tuple(err), out=out, notes=tuple(notes), report=rows)
    leader = report.period.leader
    text = title + ("." if not leader else ": " + tr("leader {name}", name=leader) + ".")
    return _box(text, notes, front, done, tr, rows)


def check(report: CheckReport, front: Front, done: Done, tr: Translator,
           notes: Sequence[str]) -> Outcome:

    problems = tuple(str(p) for p in report.problems)
    warnings = list(notes) + [translate(m, tr) for m in done.messages]
    n = len(problems)
    status: Status = "problems" if problems else "ok"
    code = EXIT_PROBLEMS if problems else EXIT_OK
    if front == "cli":
        name = Path(done.book).name
        out = problem_lines(problems, front, tr) + tuple(tr("warning: {warning}", warning=w)
                                                          for w in notes)
        err: tuple[str, ...]
        if problems:
            err = (tr.ngettext("{n} problem in {file}", "{n} problems in {file}", n,
                               file=name),)
        elif notes:
            err = (tr.ngettext("{file}: no problems found ({n} warning)",
                               "{file}: no problems found ({n} warnings)", len(notes),
                               file=name),)
        else:
            err = (tr("{file}: no problems found", file=name),)
        err += tuple(tr("warning: {warning}", warning=translate(m, tr)) for m in done.messages)
        return Outcome(status, code, err, out=out, notes=tuple(notes), problems=problems)
    if problems:
        head = tr.ngettext("Check found {n} problem to fix (sheet!cell: what):",
                           "Check found {n} problems to fix (sheet!cell: what):", n)
        lines = (head + "\n" + "\n".join(problem_lines(problems, front, tr, done.full_list)),
                 *notes_block(warnings, tr, N_("Warnings")))
        return Outcome(status, code, lines, notes=tuple(notes), problems=problems)
    lines = (tr("No problems found."),)
    if warnings:
        w = len(warnings)
        lines += notes_block(warnings, tr, Plural("{n} warning", "{n} warnings", w))
    return Outcome(status, code, lines, notes=tuple(notes))


def answered(report: MacroAnswer, front: Front, done: Done, tr: Translator,
             notes: Sequence[str]) -> Outcome:
    """An action's answer (``lo-run``: the macro's, worded where it ran for the command line)
    with what ``lo_run`` itself has to add (``messages``) as warnings in the answer's
    language."""
    out = Outcome.of_answer(report)
    return replace(out, lines=out.lines + warning_lines(report.messages, Front.CLI,
                                                        translator(report.language)))


def _cell_value(value: Any) -> str:
    return "-" if value is None or value == "" else str(value)


def _player_lines(report: PlayersReport, tr: Translator) -> list[str]:
    """``players`` (issue 37): every changed cell (old -> new, an overwritten value named), the
    players added, the columns added, each refusal with its candidates and ids, the players the
    list does not hold."""
    out: list[str] = []
    for c in report.changes:
        text = (N_("{cell} {player}, {column}: {old} -> {new} (overwrites what was typed)")
                if c.overwritten else N_("{cell} {player}, {column}: {old} -> {new}"))
        out.append(tr(text, cell=c.cell, player=c.player, column=c.column, old=_cell_value(c.old),
                      new=_cell_value(c.new)))
    out += [tr("added: {name}", name=name) for name in report.added]
    out += [tr("new column: {column}", column=column) for column in report.new_columns]
    for r in report.refused:
        if r.reason == "ambiguous":
            out.append(tr("{who}: several players in the list fit, nothing changed: {candidates}",
                          who=r.who, candidates="; ".join(
                              f"{name} ({pid})" if pid else name for name, pid in r.candidates)))
        else:
            out.append(tr("{who}: not found in the list, nothing added", who=r.who))
    if report.not_in_list:
        out.append(tr("not in the list (left as they are): {names}",
                      names=", ".join(report.not_in_list)))
    return out


def players(report: PlayersReport, front: Front, done: Done, tr: Translator,
            notes: Sequence[str]) -> Outcome:
    lines = _player_lines(report, tr)
    n = len(report.changes)
    if report.written:
        summary = tr(N_("{sheet}: {n} cell changed, {added} players added (from {list})")
                     if n == 1 else N_("{sheet}: {n} cells changed, {added} players added "
                                       "(from {list})"),
                     sheet=report.sheet, n=n, added=len(report.added), list=tr(report.list_label))
    elif report.changes or report.added:
        summary = tr("Dry run: {sheet} not written ({n} cells would change, {added} players "
                     "would be added)", sheet=report.sheet, n=n, added=len(report.added))
    else:
        summary = tr("{sheet}: nothing to change (from {list})", sheet=report.sheet,
                     list=tr(report.list_label))
    status: Status = "problems" if report.refused else "ok"
    code = EXIT_PROBLEMS if report.refused else EXIT_OK
    if report.refused:
        summary += " " + tr("{n} refused: see above", n=len(report.refused))
    if front == "cli":
        return Outcome(status, code, (summary, *cli_notes(notes, done, tr)), out=tuple(lines),
                       report=report.as_json())
    return Outcome(status, code, (summary, *notes_block(lines, tr, N_("Changes"))),
                   report=report.as_json())
