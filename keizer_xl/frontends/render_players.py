"""The renderer of ``players`` (issue 37, a row of :mod:`keizer_xl.frontends.render`): every
changed cell (old -> new, an overwritten value named), the players added, the columns added,
each refusal with its candidates and ids, the players the list does not hold."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from keizer_xl.errors import N_
from keizer_xl.frontends.render_common import cli_notes, notes_block
from keizer_xl.frontends.shown import EXIT_OK, EXIT_PROBLEMS, Done, Front, Outcome
from keizer_xl.i18n import Translator

if TYPE_CHECKING:
    from keizer_xl.app.macro_answer import Status
    from keizer_xl.app.players import PlayersReport

__all__ = ["players"]


def _shown(value: Any) -> str:
    return "-" if value is None or value == "" else str(value)


def _lines(report: PlayersReport, tr: Translator) -> list[str]:
    out: list[str] = []
    for c in report.changes:
        text = (N_("{cell} {player}, {column}: {old} -> {new} (overwrites what was typed)")
                if c.overwritten else N_("{cell} {player}, {column}: {old} -> {new}"))
        out.append(tr(text, cell=c.cell, player=c.player, column=c.column, old=_shown(c.old),
                      new=_shown(c.new)))
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
    lines = _lines(report, tr)
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
