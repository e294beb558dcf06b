"""The renderers of the reports on a season and its files (rows of the one table,
:mod:`keizer_xl.frontends.render`): ``import``, ``export --trf``, ``new-season``, ``batch``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from keizer_xl.frontends.render_common import cli_notes
from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, Done, Front, Outcome
from keizer_xl.i18n import Translator

__all__ = ["imported", "exported", "new_season", "batch", "BatchReport"]


def imported(report: Any, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``keizer-xl import``: the summary on standard output, each note on standard error."""

    summary = tr("Imported {source} into {book}: {players} players, {rounds} rounds, {games} "
                 "games, {byes} byes, {absences} absences", source=report.source,
                 book=report.book, players=report.players, rounds=report.rounds,
                 games=report.games, byes=report.byes, absences=report.absences)
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=(summary,),
                   notes=tuple(notes))


def exported(report: Any, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    """``keizer-xl export --trf``: what was written, then each warning (what to fill in)."""

    summary = tr("Wrote {path}: the rating report of rounds {first}-{last}, {players} players, "
                 "{games} games", path=report.target, first=report.rounds[0],
                 last=report.rounds[1], players=report.players, games=report.games)
    warnings = tuple(tr("warning: {warning}", warning=w) for w in notes)
    return Outcome("ok", EXIT_OK, (summary,) + warnings, notes=tuple(notes))


def new_season(report: Any, front: Front, done: Done, tr: Translator,
                notes: Sequence[str]) -> Outcome:
    """``keizer-xl new-season``: the new workbook, its start order, what it carried from OLD
    and what it left (issue 23: a leader checks it before the first evening)."""
    from pathlib import Path

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
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=tuple(out),
                   notes=tuple(notes))


@dataclass(frozen=True)
class BatchReport:
    """``keizer-xl batch``: how many workbooks were recomputed, how many failed (the table of
    them is the command line's own)."""

    workbooks: int
    failed: int


def batch(report: BatchReport, front: Front, done: Done, tr: Translator,
           notes: Sequence[str]) -> Outcome:

    if report.failed:
        return Outcome("problems", EXIT_PROBLEMS, ())
    return Outcome("ok", EXIT_OK, ())
