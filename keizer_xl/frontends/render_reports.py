"""The renderers of the reports on a season and its files (rows of the one table,
:mod:`keizer_xl.frontends.render`): ``import``, ``export`` (TRF, HTML, CSV), ``new-season``,
``batch``, ``explain``, ``audit``, ``compare``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from keizer_xl.frontends.render_common import cli_notes, table_lines
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, Done, Outcome
from keizer_xl.errors import N_, Message
from keizer_xl.i18n import Translator, translate, decimal_text

if TYPE_CHECKING:
    from keizer_xl.app.audit import AuditReport
    from keizer_xl.app.batch import BatchReport
    from keizer_xl.app.compare import CompareReport
    from keizer_xl.app.explain import ExplainReport
    from keizer_xl.app.export import ExportReport, PublishReport
    from keizer_xl.app.import_season import ImportReport
    from keizer_xl.app.new_season import NewSeasonReport

def imported(report: ImportReport, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``keizer-xl import``: the summary on standard output, each note on standard error."""

    summary = tr("Imported {source} into {book}: {players} players, {rounds} rounds, {games} "
                 "games, {byes} byes, {absences} absences", source=report.source,
                 book=report.book, players=report.players, rounds=report.rounds,
                 games=report.games, byes=report.byes, absences=report.absences)
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=(summary,),
                   notes=tuple(notes))


def exported(report: ExportReport, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``keizer-xl export --trf``: what was written, then each warning (what to fill in)."""

    summary = tr("Wrote {path}: the rating report of rounds {first}-{last}, {players} players, "
                 "{games} games", path=report.target, first=report.rounds[0],
                 last=report.rounds[1], players=report.players, games=report.games)
    warnings = tuple(tr("warning: {warning}", warning=w) for w in notes)
    return Outcome("ok", EXIT_OK, (summary, *warnings), out=exported_text((report.text,)),
                   notes=tuple(notes))


def new_season(report: NewSeasonReport, front: Front, done: Done, tr: Translator,
                notes: Sequence[str]) -> Outcome:
    """``keizer-xl new-season``: the new workbook, its start order, what it carried from OLD
    and what it left (issue 23: a leader checks it before the first evening)."""
    from keizer_xl.app.workbook import sheet_name

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
                      players=sheet_name("Players", report.language)))
    if report.groups:
        out.append(tr("Groups as the season ended, after {count} moves: {groups}",
                      count=len(report.moves), groups=", ".join(
                          f"{g} ({n})" for g, n in report.groups)))
    for m in report.moves_at_end:
        out.append(tr(N_("{name} moves up to group {group} for next season (place {place} in "
                         "group {source})") if m.up else
                      N_("{name} moves down to group {group} for next season (place {place} in "
                         "group {source})"), name=m.name, group=m.target, place=m.place,
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
                  attendance=sheet_name("Attendance", report.language),
                  results=sheet_name("Results", report.language)))
    if report.carried:  # NEW is OLD's copy (app/new_season.py)
        if report.reset_sheets:
            out.append(tr("Emptied until the engine writes them again: {sheets}",
                          sheets=", ".join(report.reset_sheets)))
        if report.club_sheets:
            out.append(tr("Carried unchanged: {sheets}", sheets=", ".join(report.club_sheets)))
    else:
        own = [s for s in report.club_sheets
               if s.casefold() != sheet_name("Instructions", report.old_language).casefold()]
        if own:
            out.append(tr("Not carried (the new workbook is made from the template, in another "
                          "language or without macros): {sheets}", sheets=", ".join(own)))
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=tuple(out),
                   notes=tuple(notes))


def exported_text(texts: Sequence[str]) -> tuple[str, ...]:
    """A file's text as standard output gets it (``--out -``, ``--trf -``): printed whole,
    its last line break the one print adds."""
    return tuple(t[:-1] if t.endswith("\n") else t for t in texts if t)


def published(report: PublishReport, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``export --html`` / ``--csv`` (and ``--trf`` with them): "Wrote PATH" for each file, the
    text of those that go to standard output, the warnings (notes) after them."""
    lines: list[str] = []
    out: list[str] = []
    if report.trf is not None:
        trf = exported(report.trf, front, done, tr,
                       [translate(w, tr) for w in report.trf.warnings])
        lines += trf.lines
        out += trf.out
    lines += [tr("Wrote {path}", path=path) for path in report.written]
    lines += [tr("warning: {warning}", warning=w) for w in notes]
    return Outcome("ok", EXIT_OK, tuple(lines), out=tuple(out) + exported_text(report.text),
                   notes=tuple(notes))


def explained(report: ExplainReport, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``explain``: his rank, his results with what each was worth then and now, the lines
    that say why (his group, the moves, his record)."""
    from keizer_xl.analysis.history import number_text

    e, name = report.explanation, report.explanation.name
    if e.rank_now is not None:
        head = Message("{name}: rank {rank} after round {round}, {points} Keizer points",
                       name=name, rank=e.rank_now, round=e.round,
                       points=number_text(e.score_now))
    else:
        head = Message("{name}: not in the ranking after round {round}", name=name,
                       round=e.round)
    out = [translate(head, tr)]
    if e.results:
        out.append("")
        out += table_lines([[ln.round, translate(ln.fact.describe(), tr),
                             decimal_text(number_text(ln.then), tr.lang),
                             decimal_text(number_text(ln.now), tr.lang)] for ln in e.results],
                           [translate(Message(h), tr) for h in ("Round", "Result", "Worth then",
                                                                 "Worth now")], right={0, 2, 3})
    out.append("")
    out += [translate(line, tr) for line in (*report.group_lines, *e.lines)]
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=tuple(out))


def audited(report: AuditReport, front: Front, done: Done, tr: Translator,
            notes: Sequence[str]) -> Outcome:
    """``audit``: each round, the differences indented; with groups under each group's name;
    how many rounds were paired as the engine would have on standard error."""
    from keizer_xl.analysis.audit import audit_lines

    out: list[str] = []
    for group, part in report.parts:
        if group:
            out.append(tr("Group {group}", group=group))
        out += audit_lines(list(part), tr.lang)
    audits = report.audits
    same = sum(1 for a in audits if a.same)
    summary = (Message("{same} of 1 round paired as the engine would have paired them "
                       "(differences are reported, not judged).", same=same)
               if len(audits) == 1 else
               Message("{same} of {count} rounds paired as the engine would have paired them "
                       "(differences are reported, not judged).", same=same, count=len(audits)))
    return Outcome("ok", EXIT_OK, (translate(summary, tr), *cli_notes(notes, done, tr)),
                   out=tuple(out))


def compared(report: CompareReport, front: Front, done: Done, tr: Translator,
             notes: Sequence[str]) -> Outcome:
    """``compare``: each group's final ranking under every variant and the summary table;
    the notes; "Wrote Compare to PATH" when the sheet was written."""
    out: list[str] = []
    lines = [tr("note: {note}", note=n) for n in notes]
    for group, comparison in report.parts:  # with groups: each group compared on its own
        if group:
            out.append(tr("Group {group}", group=group))
        labels = [translate(v.label, tr) for v in comparison.variants]
        rows: list[list[Any]] = []
        for record in comparison.ranks:
            name, base, *rest = record
            marks = [("-" if r is None else f"{r}{'*' if r != base else ''}") for r in rest]
            rows.append([name, "-" if base is None else base, *marks])
        out.append(tr("Final ranking after round {round} (* = differs from the season's own)",
                      round=comparison.round))
        out += table_lines(rows, [tr("Name"), *labels], right=set(range(1, len(labels) + 1)))
        out.append("")
        out += table_lines([[translate(s["Variant"], tr), s["Winner"], s["Players moved"],
                             s["Largest move"], translate(s["What"], tr)]
                            for s in comparison.summary],
                           [tr("Variant"), tr("Winner"), tr("Moved"), tr("Largest"), tr("What")],
                           right={2, 3})
        lines += [tr("note: {note}", note=translate(note, tr)) for note in comparison.notes]
    if report.written:
        lines.append(tr("Wrote {sheet} to {path}", sheet=report.written, path=done.book))
    return Outcome("ok", EXIT_OK, tuple(lines), out=tuple(out), notes=tuple(notes))


def batch(report: BatchReport, front: Front, done: Done, tr: Translator,
          notes: Sequence[str]) -> Outcome:
    """``batch``: the summary and the table of workbooks, the failures with their first
    problems (standard output); each workbook's notes (standard error); exit 1 when one
    failed."""
    results = report.results
    failed = [r for r in results if not r.ok]
    n_done = len(results) - len(failed)
    summary = tr(N_("Recomputed {done} of {n} workbook in {seconds} s") if len(results) == 1
                 else N_("Recomputed {done} of {n} workbooks in {seconds} s"), done=n_done,
                 n=len(results), seconds=f"{report.seconds:.1f}")
    out = [summary + (tr("; {n} failed", n=len(failed)) if failed else "") + "."]
    rows = [[r.job.label, tr("ok") if r.ok else tr("FAILED"), r.players if r.ok else "-",
             r.rounds if r.ok else "-", r.audit_rounds_differing if r.ok else "-",
             f"{r.seconds:.1f}", str(r.job.output) if r.ok else "-"] for r in results]
    out += table_lines(rows, [tr(h) for h in (N_("Workbook"), N_("Result"), N_("Players"),
                                              N_("Rounds"), N_("Audit diffs"), N_("Seconds"),
                                              N_("Output"))], right={2, 3, 4, 5})
    if failed:
        out += ["", tr("Failed (nothing was written for these):")]
        for r in failed:
            out.append(f"  {r.job.label}")
            out += [f"    {translate(p, tr)}" for p in r.problems]
            if r.problem_count > len(r.problems):
                out.append("    " + tr("... and {n} more ({command})",
                                       n=r.problem_count - len(r.problems),
                                       command=f"keizer-xl check {r.job.label}"))
    lines = [tr("note: {note}", note=f"{r.job.label}: {translate(note, tr)}")
             for r in results if r.ok for note in r.notes]
    if failed:
        return Outcome("problems", EXIT_PROBLEMS, tuple(lines), out=tuple(out))
    return Outcome("ok", EXIT_OK, tuple(lines), out=tuple(out))
