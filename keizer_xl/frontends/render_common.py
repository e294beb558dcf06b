"""The wording every renderer shares (:mod:`keizer_xl.frontends.render`): the problem list cut
at the one limit (:data:`~keizer_xl.frontends.shown.MAX_LISTED`), a message box's notes block,
the client's warnings (one wording for every front end, issue 27), whether Excel saved, the
sheet names and absence letters in the workbook's language, and the notes that are good news.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import MAX_LISTED, Done
from keizer_xl.errors import N_, Message
from keizer_xl.i18n import Translator, translate

def problem_lines(problems: Sequence[object], front: Front, tr: Translator,
                  full_list: str | None = None) -> tuple[str, ...]:
    """The problems, one a line (``- `` in a message box), cut at the one limit; the last
    line says how many more (and where they all are, ``full_list``)."""
    limit = MAX_LISTED
    listed = [str(p) for p in problems]
    shown = listed[:limit] if front == "cli" else [f"- {p}" for p in listed[:limit]]
    more = len(listed) - limit
    if more > 0:
        if front == "cli":
            shown.append(tr.ngettext("... and {n} more problem (the first {shown} are listed; "
                                     "fix them and run again)",
                                     "... and {n} more problems (the first {shown} are listed; "
                                     "fix them and run again)", more, shown=limit))
        elif full_list:
            shown.append(tr("... and {n} more; the full list is in {path}.", n=more,
                            path=full_list))
        else:
            shown.append(tr("... and {n} more.", n=more))
    return tuple(shown)


def sheet(canonical: str, report: Any) -> str:
    """The name of sheet ``canonical`` in the language of the report's workbook."""
    from keizer_xl.app.workbook import sheet_name

    return sheet_name(canonical, report.language)


def notes_block(notes: Sequence[str], tr: Translator, heading: str = N_("Notes")) -> tuple[str, ...]:
    """A message box's notes: a heading and one ``- note`` a line, cut at the one limit."""
    if not notes:
        return ()
    title = translate(heading, tr) if isinstance(heading, Message) else tr(heading)
    return (f"{title}:\n" + "\n".join(problem_lines(notes, Front.EXCEL, tr)),)  # a box's list


def saved_line(front: Front, done: Done, tr: Translator) -> tuple[str, ...]:
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


def cli_notes(notes: Sequence[str], done: Done, tr: Translator) -> list[str]:
    """The command line's notes and warnings on standard error, their prefix in the language
    of the messages (``note:``, Dutch ``let op:``; issue 16); good news without one."""
    return ([n if isinstance(n, GoodNews) else tr("note: {note}", note=n) for n in notes]
            + list(warning_lines(done.messages, Front.CLI, tr)))


def warning_lines(messages: Sequence[str], front: Front, tr: Translator) -> tuple[str, ...]:
    """The client's warnings (a workbook open elsewhere, a backup not kept), in the language
    of the messages: on the command line one ``warning: ...`` line each (Dutch ``let op:``), in
    a message box one "Warnings" block (issue 27: the one wording for every front end)."""
    shown = [translate(m, tr) for m in messages]
    if front == "cli":
        return tuple(tr("warning: {warning}", warning=m) for m in shown)
    return notes_block(shown, tr, N_("Warnings"))


def wrote_suffix(done: Done, tr: Translator) -> str:
    """`` (NOT saved)`` after "Wrote ..." when LibreOffice did not save."""
    return "" if done.saved else " " + tr("(NOT saved)")


def table_lines(rows: Sequence[Sequence[Any]], headers: Sequence[str],
                right: set[int] | frozenset[int] = frozenset()) -> list[str]:
    """A plain-text table: the header and one line a row, columns two spaces apart, the
    columns in ``right`` aligned right (the command line's tables of explain, compare,
    batch)."""
    cells = [[("" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if i in right else v.ljust(w)
                         for i, (v, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    return [fmt(headers)] + [fmt(row) for row in cells]
