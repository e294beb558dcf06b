"""The user-facing actions, written once against the table interface (tables.Book).

The CLI (openpyxl files), the Excel buttons (xlwings) and the LibreOffice macro all call these;
none of them prints or exits: they return what happened or raise InputError / ActionError.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from keizer_xl.core.model import Season
from keizer_xl.core.pairing import Board, Pairing
from keizer_xl.errors import ActionError, InputError, Message, Problem
from keizer_xl.i18n import translate
from keizer_xl.core.pairing_round import next_round, plan_round, present_players  # noqa: F401
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import (not_yet_members, read_season, result_round_numbers, warnings,
                                   workbook_language)
from keizer_xl.core.standings import History, Standing, compute_history
from keizer_xl.sheets.report_sheets import standings_layout
from keizer_xl.sheets.titles import RunContext, run_context

if TYPE_CHECKING:
    import pandas as pd

    from keizer_xl.sheets.layout import Layout
    from keizer_xl.sheets.tables import Book, Table


@dataclass(frozen=True)
class StandingsReport:
    standing: Standing
    notes: tuple[str, ...]
    last_round: int
    not_yet: tuple[str, ...] = ()  # not yet a member after this round: shown without a rank

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


def compute_standings(season: Season, after_round: int | None = None) -> StandingsReport:
    last = season.last_round_with_results()
    if after_round is None:
        after_round = last
    if after_round < 0 or after_round > last:
        raise ActionError(Message("round {round} has no results yet (the last round with "
                                  "results is {last})", round=after_round, last=last), usage=True)
    history = compute_history(season, after_round)
    st = history.after(after_round)
    waiting, joining = not_yet_ranked(season, st)
    return StandingsReport(st, standing_notes(history, st) + joining, last, waiting)


def not_yet_ranked(season: Season, st: Standing) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players not yet a member after ``st``'s round (rules section 7: in the start list,
    but not ranked before joining: Rank '-' on the Standings sheet) and a note for each."""
    waiting = not_yet_members(season, st.round)
    notes = tuple(Message("{name} joins in round {round}: not ranked yet (Rank '-')",
                          name=p.name, round=p.joined)
                  for p in season.players if p.name in waiting)
    return tuple(waiting), notes


def update_standings(book: Book, after_round: int | None = None, write: bool = True) -> StandingsReport:
    """Read the season, compute the standings after ``after_round`` and write ``Standings``."""
    season = read_season(book)
    report = compute_standings(season, after_round)
    if write:
        lang = workbook_language(book, season.settings)
        # the notes under the table in the workbook's language (the sheet is the club's)
        book.write_sheet(schema.sheet_name("Standings", lang),
                         standings_layout(report.standing,
                                          [translate(n, lang) for n in report.notes], lang=lang,
                                          not_yet=report.not_yet, season=season,
                                          context=run_context(season.settings, book)))
        book.save()
    return report


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
    notes.extend(compute_history(season).notes)
    return [], notes


# --------------------------------------------------------------------------- pairing

@dataclass(frozen=True)
class PairingReport:
    pairing: Pairing
    absent: dict[str, str]  # name -> attendance code
    ranking: tuple[str, ...]
    repaired: bool = False
    kept: tuple[Board, ...] = ()  # boards kept from the earlier pairing of this round (started: '*')

    def as_json(self) -> dict[str, Any]:
        p = self.pairing
        return {
            "round": p.round,
            "boards": [{"board": b.board, "white": b.white, "black": b.black} for b in p.boards],
            "bye": p.bye,
            "absent": dict(self.absent),
            "notes": list(p.notes),
        }


def plan_pairing(season: Season, rnd: int | None = None, *, force: bool = False,
                 repair: bool = False) -> PairingReport:
    """Pair round ``rnd`` (default: the next round) without touching any sheet.

    Which round, who is present and which ranking pairs it are the pairing rules of
    :mod:`keizer_xl.core.pairing_round`; this only runs them and the pairing itself."""
    from keizer_xl.core.pairing import pair_round

    plan = plan_round(season, rnd, force=force, repair=repair)
    pairing = pair_round(plan.season, plan.round, list(plan.ranking), list(plan.present),
                         keep=list(plan.keep))
    return PairingReport(pairing, plan.absent, plan.ranking, repaired=repair, kept=plan.keep)


def pairing_tables(report: PairingReport, season: Season, lang: str = "en",
                   context: RunContext | None = None) -> tuple[Layout, list[dict[str, Any]]]:
    """The Pairings sheet's layout and the rows to append to Results."""
    from keizer_xl.sheets.report_sheets import pairings_layout

    p = report.pairing
    # the pairing notes on the sheet in the workbook's language (the report keeps Messages)
    shown = replace(p, notes=tuple(translate(n, lang) for n in p.notes))
    layout = pairings_layout(shown, report.absent, report.ranking, season.settings.codes, lang,
                             context or run_context(season.settings))
    kept = {(b.white, b.black) for b in report.kept}
    results_rows = [{"Round": p.round, "Board": b.board, "White": b.white, "Black": b.black,
                     "Result": "*" if (b.white, b.black) in kept else None} for b in p.boards]
    if p.bye:
        results_rows.append({"Round": p.round, "Board": None, "White": p.bye, "Black": None,
                             "Result": "bye"})
    return layout, results_rows


def pair_next_round(book: Book, rnd: int | None = None, *, write: bool = True, force: bool = False,
                    repair: bool = False) -> PairingReport:
    """Pair the round, write ``Pairings`` and append the games to ``Results``."""
    from keizer_xl.sheets.read import find_sheet, result_header_map

    if repair and rnd is None:  # the round just paired: the highest round in Results
        rnd = _last_round_in_results(book)
    season = read_season(book, repair_round=rnd if repair else None)
    report = plan_pairing(season, rnd, force=force, repair=repair)
    if write:
        lang = workbook_language(book, season.settings)
        layout, rows = pairing_tables(report, season, lang, run_context(season.settings, book))
        results = find_sheet(book, "Results")
        if results is None:
            raise ActionError(Message("the workbook has no {sheet} sheet to append the games to",
                                      sheet=schema.sheet_name("Results", lang)))
        table = book.read_table(results)
        if report.repaired:
            drop = result_rows_of_round(table, report.pairing.round)
            book.delete_rows(results, drop)
        # Results first: if its rows cannot be added (something typed below the table), a live
        # book is left as it was and the transport's error says which cell is in the way
        header = result_header_map(table)
        book.append_rows(results, [{header[k]: v for k, v in row.items() if k in header}
                                   for row in rows])
        book.write_sheet(schema.sheet_name("Pairings", lang), layout)
        book.save()
    return report


def _last_round_in_results(book: Book) -> int:
    from keizer_xl.sheets.read import find_sheet

    name = find_sheet(book, "Results")
    if name is None:
        raise ActionError(Message("the workbook has no {sheet} sheet", sheet=schema.sheet_name(
            "Results", schema.language_of_sheets(book.sheet_names()))))
    rounds = [r for r in result_round_numbers(book.read_table(name)) if r is not None]
    if not rounds:
        raise ActionError(Message("no round has been paired yet: nothing to pair again"),
                          usage=True)
    return max(rounds)


def result_rows_of_round(table: Table, rnd: int) -> list[int]:
    """The data rows of a Results table in round ``rnd``, found by the reader's own round
    parser (``3``, ``'R3'``, ``'Ronde 3'`` alike), so the rows replaced are the rows read."""
    return [i for i, r in enumerate(result_round_numbers(table)) if r == rnd]


# --------------------------------------------------------------------------- writing a season

def write_season(book: Book, season: Season) -> None:
    """Replace the rows of the four input sheets with ``season`` (samples, tests, batch).

    Works on any transport: the input tables keep their place, headers and formatting."""
    from keizer_xl.sheets.read import find_sheet, input_frames

    for canonical, frame in input_frames(season).items():
        name = find_sheet(book, canonical)
        if name is None:
            raise ActionError(Message("the workbook has no {sheet} sheet", sheet=canonical))
        table = book.read_table(name)
        if table.rows:
            book.delete_rows(name, list(range(len(table.rows))))
        lookup = {h.casefold(): h for h in table.headers}
        rows = []
        for record in cast("list[dict[str, Any]]", frame.to_dict("records")):
            rows.append({lookup[k.casefold()]: (None if _missing(v) else v)
                         for k, v in record.items() if k.casefold() in lookup})
        book.append_rows(name, rows)


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value)
