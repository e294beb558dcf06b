"""The user-facing actions, written once against the table interface (tables.Book).

The CLI (openpyxl files), the Excel buttons (xlwings) and the LibreOffice macro all call these;
none of them prints or exits: they return what happened or raise InputError / ActionError.
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from keizer_xl.core.model import InputError, Problem, Season
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import read_season, standings_table, warnings, workbook_language
from keizer_xl.core.standings import History, Standing, compute_history
from keizer_xl.sheets.frames import standings_frame


class ActionError(Exception):
    """The action cannot run as asked (not a data problem in a cell): message for the user.

    ``usage`` marks a request that makes no sense for this workbook (exit code 2) rather than
    a state of the workbook that needs fixing first (exit code 1)."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


@dataclass(frozen=True)
class StandingsReport:
    standing: Standing
    frame: pd.DataFrame  # exact (Fractions)
    notes: tuple[str, ...]
    last_round: int


def standing_notes(history: History, st: Standing) -> tuple[str, ...]:
    notes = list(history.notes)
    if not st.converged:
        notes.append(f"Round {st.round}: {st.note}.")
    return tuple(notes)


def compute_standings(season: Season, after_round: int | None = None) -> StandingsReport:
    last = season.last_round_with_results()
    if after_round is None:
        after_round = last
    if after_round < 0 or after_round > last:
        raise ActionError(f"round {after_round} has no results yet (the last round with results "
                          f"is {last})", usage=True)
    history = compute_history(season, after_round)
    st = history.after(after_round)
    return StandingsReport(st, standings_frame(st), standing_notes(history, st), last)


def update_standings(book, after_round: int | None = None, write: bool = True) -> StandingsReport:
    """Read the season, compute the standings after ``after_round`` and write ``Standings``."""
    season = read_season(book)
    report = compute_standings(season, after_round)
    if write:
        lang = workbook_language(book, season.settings)
        frame, style = standings_table(report.frame, lang)
        style = _with_notes(style, report.notes, report.standing, lang)
        book.write_sheet(schema.sheet_name("Standings", lang), frame, style)
        book.save()
    return report


def _with_notes(style, notes, st: Standing, lang: str = "en"):
    from dataclasses import replace

    title = translator(lang).gettext("Standings after round {round}", round=st.round)
    return replace(style, title=title, notes=tuple(notes))


def check_workbook(book) -> tuple[list[Problem], list[str]]:
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
    pairing: "object"  # pairing.Pairing
    absent: dict[str, str]  # name -> attendance code
    ranking: tuple[str, ...]
    repaired: bool = False
    kept: tuple = ()  # boards kept from the earlier pairing of this round (started: '*')

    def as_json(self) -> dict:
        p = self.pairing
        return {
            "round": p.round,
            "boards": [{"board": b.board, "white": b.white, "black": b.black} for b in p.boards],
            "bye": p.bye,
            "absent": dict(self.absent),
            "notes": list(p.notes),
        }


def next_round(season: Season) -> int:
    """The round to pair: one after the last round that has games or a bye in Results."""
    paired = season.paired_rounds()
    return (paired[-1] if paired else 0) + 1


def present_players(season: Season, rnd: int) -> tuple[list[str], dict[str, str]]:
    """Who is paired in round ``rnd`` (rules section 5), and the absent with their codes."""
    codes = {a.player: a.code for a in season.absences if a.round == rnd}
    present = [p.name for p in season.players
               if p.is_member(rnd) and not p.is_withdrawn(rnd) and p.name not in codes]
    return present, codes


def plan_pairing(season: Season, rnd: int | None = None, *, force: bool = False,
                 repair: bool = False) -> PairingReport:
    """Pair round ``rnd`` (default: the next round) without touching any sheet."""
    from dataclasses import replace as _replace

    from keizer_xl.core.pairing import pair_round
    from keizer_xl.core.model import Result

    if rnd is None:
        if repair:
            raise ActionError("say which round to pair again (--round N)", usage=True)
        rnd = next_round(season)
    if rnd < 1:
        raise ActionError(f"round {rnd} does not exist", usage=True)
    this_round = [g for g in season.games if g.round == rnd]
    keep = []
    if repair or this_round or any(b.round == rnd for b in season.byes):
        if not repair:
            raise ActionError(f"round {rnd} is already paired; use --repair to pair it again "
                              f"(late arrivals), keeping boards marked * (started)")
        done = [g for g in this_round if g.result.has_result]
        if done:
            raise ActionError(f"round {rnd} already has results (e.g. {done[0].white} - "
                              f"{done[0].black} at {done[0].origin}); it cannot be paired again")
        from keizer_xl.core.pairing import Board

        keep = [Board(g.board or i, g.white, g.black) for i, g in enumerate(this_round, 1)
                if g.result is Result.STARTED]
        # forget this round's old pairing: the new one replaces it
        season = _replace(season, games=tuple(g for g in season.games if g.round != rnd),
                          byes=tuple(b for b in season.byes if b.round != rnd))
    later = [g for g in season.games if g.round > rnd]
    if later:
        raise ActionError(f"round {later[0].round} is already in Results; pairing round {rnd} "
                          f"now would change history", usage=True)
    if rnd > 1 and not force:
        previous = [g for g in season.games if g.round == rnd - 1]
        missing = [g for g in previous if not g.result.has_result]
        if missing and len(missing) == len(previous):
            raise ActionError(f"round {rnd - 1} has no results yet ({len(missing)} boards, "
                              f"{missing[0].origin} to {missing[-1].origin}). Enter them, or use "
                              f"--force to pair anyway (missing results count as draws)")
        if missing:
            boards = ", ".join(f"board {g.board or '?'} ({g.white} - {g.black}, {g.origin})"
                               for g in missing)
            raise ActionError(f"round {rnd - 1} still lacks results: {boards}. Enter them, or use "
                              f"--force to pair anyway (missing results count as draws)")
    upto = min(season.last_round_with_results(), rnd - 1)
    history = compute_history(season, upto)
    ranking = history.after(upto).order
    present, absent = present_players(season, rnd)
    if len(present) < 2:
        raise ActionError(f"round {rnd}: only {len(present)} player{'s' if len(present) != 1 else ''}"
                          f" present ({', '.join(present) or 'nobody'}); at least two are needed")
    order_present = [n for n in ranking if n in set(present)]
    pairing = pair_round(season, rnd, ranking, order_present, keep=keep)
    return PairingReport(pairing, absent, tuple(ranking), repaired=repair, kept=tuple(keep))


def pairing_tables(report: PairingReport, season: Season, lang: str = "en"):
    """The Pairings sheet (frame and style) in ``lang``, and the rows to append to Results
    (keyed by the English column names, which ``pair_next_round`` maps to the sheet's own)."""
    from keizer_xl.core.model import BUILTIN_CODES
    from keizer_xl.sheets.tables import SheetStyle

    tr = translator(lang)
    h = schema.headers("Pairings", lang)
    p = report.pairing
    frame = pd.DataFrame([{h["board"]: b.board, h["white"]: b.white, h["black"]: b.black,
                           h["result"]: None} for b in p.boards],
                         columns=[h["board"], h["white"], h["black"], h["result"]])
    meanings = {code: tr(meaning) for code, meaning in BUILTIN_CODES.items()}
    for code, credit in season.settings.codes:
        meanings.setdefault(code, tr("club code ({credit})", credit=credit))
    # the codes as this workbook's language types them (Dutch A for afgemeld, ...)
    shown = {builtin: letter for letter, builtin in schema.code_letters(lang).items()}
    # under the boards, in the same columns (narrow Code under Board, names under White) so a
    # printed sheet stays one readable page: the bye first, then the absent with their reasons
    columns = [h["code"], h["name"], h["reason"]]
    blocks = []
    if p.bye:
        blocks.append((h["bye_block"], pd.DataFrame(
            [{columns[0]: tr("bye"), columns[1]: p.bye, columns[2]: tr("pairing-allocated bye")}],
            columns=columns)))
    if report.absent:
        rows = [{columns[0]: shown.get(c, c), columns[1]: n, columns[2]: meanings.get(c, "")}
                for n, c in sorted(report.absent.items(), key=lambda x: report.ranking.index(x[0])
                                   if x[0] in report.ranking else 0)]
        blocks.append((h["absent_block"], pd.DataFrame(rows, columns=columns)))
    style = SheetStyle(title=tr("Round {round}", round=p.round),
                       widths={h["board"]: 7, h["white"]: 28, h["black"]: 28, h["result"]: 9},
                       number_formats={h["board"]: "0_0_0"},  # a gap before the name (see Rank)
                       notes=tuple(p.notes), blocks=tuple(blocks))
    kept = {(b.white, b.black) for b in report.kept}
    results_rows = [{"Round": p.round, "Board": b.board, "White": b.white, "Black": b.black,
                     "Result": "*" if (b.white, b.black) in kept else None} for b in p.boards]
    if p.bye:
        results_rows.append({"Round": p.round, "Board": None, "White": p.bye, "Black": None,
                             "Result": "bye"})
    return frame, style, results_rows


def pair_next_round(book, rnd: int | None = None, *, write: bool = True, force: bool = False,
                    repair: bool = False) -> PairingReport:
    """Pair the round, write ``Pairings`` and append the games to ``Results``."""
    from keizer_xl.sheets.read import find_sheet, result_header_map

    if repair and rnd is None:  # the round just paired: the highest round in Results
        rnd = _last_round_in_results(book)
    season = read_season(book, repair_round=rnd if repair else None)
    report = plan_pairing(season, rnd, force=force, repair=repair)
    if write:
        lang = workbook_language(book, season.settings)
        frame, style, rows = pairing_tables(report, season, lang)
        results = find_sheet(book, "Results")
        if results is None:
            raise ActionError("the workbook has no Results sheet to append the games to")
        table = book.read_table(results)
        if report.repaired:
            drop = result_rows_of_round(table, report.pairing.round)
            book.delete_rows(results, drop)
        # Results first: if its rows cannot be added (something typed below the table), a live
        # book is left as it was and the transport's error says which cell is in the way
        header = result_header_map(table)
        book.append_rows(results, [{header[k]: v for k, v in row.items() if k in header}
                                   for row in rows])
        book.write_sheet(schema.sheet_name("Pairings", lang), frame, style)
        book.save()
    return report


def _last_round_in_results(book) -> int:
    from keizer_xl.sheets.read import find_sheet

    name = find_sheet(book, "Results")
    if name is None:
        raise ActionError("the workbook has no Results sheet")
    rounds = _round_numbers(book.read_table(name))
    if not any(r is not None for r in rounds):
        raise ActionError("no round has been paired yet: nothing to pair again", usage=True)
    return max(r for r in rounds if r is not None)


def _round_numbers(table) -> list[int | None]:
    """The Round value of each data row of a Results table (None where it is not a number)."""
    from keizer_xl.sheets.read import result_header_map

    col = table.headers.index(result_header_map(table)["Round"])
    out: list[int | None] = []
    for row in table.rows:
        try:
            out.append(int(float(row[col])) if row[col] is not None else None)
        except (TypeError, ValueError):
            out.append(None)
    return out


def result_rows_of_round(table, rnd: int) -> list[int]:
    return [i for i, r in enumerate(_round_numbers(table)) if r == rnd]


# --------------------------------------------------------------------------- writing a season

def write_season(book, season: Season) -> None:
    """Replace the rows of the four input sheets with ``season`` (samples, tests, batch).

    Works on any transport: the input tables keep their place, headers and formatting."""
    from keizer_xl.sheets.read import find_sheet, input_frames

    for canonical, frame in input_frames(season).items():
        name = find_sheet(book, canonical)
        if name is None:
            raise ActionError(f"the workbook has no {canonical} sheet")
        table = book.read_table(name)
        if table.rows:
            book.delete_rows(name, list(range(len(table.rows))))
        lookup = {h.casefold(): h for h in table.headers}
        rows = []
        for record in frame.to_dict("records"):
            rows.append({lookup[k.casefold()]: (None if _missing(v) else v)
                         for k, v in record.items() if k.casefold() in lookup})
        book.append_rows(name, rows)


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and value != value)
