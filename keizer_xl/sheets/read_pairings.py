"""Results typed on the engine's Pairings sheet (issue 11, issue 16: nothing typed is lost),
compared with Results; and how an engine sheet's header row is found below its title line."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from keizer_xl.core.model import Game
from keizer_xl.errors import Message, Problem
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import (HEADER_ALIASES, cell_text, find_columns, normalised,
                                         empty_cell, name_key)
from keizer_xl.sheets.read_tables import PlayerNames, read_result
from keizer_xl.sheets.tables import Book, Table

#: The engine's Pairings sheet in every language it is written in (WORKBOOK-CONTRACT.md).
PAIRINGS_SHEET_NAMES = schema.sheet_names_read("Pairings")

#: How far below the sheet's first row the engine's header row may sit (its title line, a
#: blank line, then the header: row 3 today; WORKBOOK-CONTRACT.md "Output sheets").
ENGINE_HEADER_SEARCH_ROWS = 10


def engine_table(t: Table, kind: str, keys: Sequence[str]) -> Table | None:
    """The table of an engine sheet whose header row is not in row 1: the first of its first
    rows that holds every header in ``keys`` (any language), with the rows below it.  The
    engine writes a title line above the header (WORKBOOK-CONTRACT.md: "Anything that reads an
    engine sheet looks for the header row rather than assuming row 1"); a sheet the user
    rebuilt with the header in row 1 is found the same way.  None when no such row is there."""
    aliases = HEADER_ALIASES[kind]
    candidates: list[tuple[int, tuple[Any, ...]]] = [(0, tuple(t.headers))]
    candidates += [(i + 1, row) for i, row in enumerate(t.rows[:ENGINE_HEADER_SEARCH_ROWS])]
    for offset, row in candidates:
        found = {normalised(v) for v in row if not empty_cell(v)}
        if all(any(name in found for name in aliases[k]) for k in keys):
            headers = tuple("" if empty_cell(v) else cell_text(v) for v in row)
            return Table(t.sheet, headers, tuple(t.rows[offset:]), t.header_row + offset,
                         t.first_column)
    return None


def merge_pairings_sheet(book: Book, games: list[Game], names: PlayerNames,
                         for_pairing: bool) -> tuple[list[Game], list[Problem], list[str]]:
    """Results typed on the engine's Pairings sheet (issue 11, issue 16: nothing typed is lost).

    The sheet is the printout of the round just paired and has a Result column, so a club
    types results there.  Its header is found below the engine's title line
    (:func:`engine_table`).  A result typed there is compared with the same game in Results
    (its latest round with these two players):

    - the same result: all is well;
    - the Results cell is empty (or ``*``): the result is read from Pairings (a note says so);
      but when the sheet is about to be rewritten (``for_pairing``: ``pair`` writes a new
      Pairings sheet) it is a problem naming both cells, so it is never erased unseen;
    - another result: a problem naming both cells (neither is guessed right);
    - not a result, or a game that is not in Results: a problem at the Pairings cell.

    Returns the games (with the results read from Pairings), the problems and the notes."""
    problems: list[Problem] = []
    notes: list[str] = []
    tr = names.tr
    results = schema.sheet_name("Results", tr.lang)
    latest: dict[tuple[str, str], int] = {}
    for i, g in enumerate(games):
        key = (g.white, g.black)
        if key not in latest or g.round >= games[latest[key]].round:
            latest[key] = i
    merged = list(games)
    for sheet in book.sheet_names():
        if normalised(sheet) not in PAIRINGS_SHEET_NAMES:
            continue
        try:
            raw_table = book.read_table(sheet)
        except (KeyError, ValueError, LookupError):
            continue  # an engine sheet the client cannot read holds no results to compare
        t = engine_table(raw_table, "Results", ("white", "black", "result"))
        if t is None:
            continue
        cols = find_columns(t, "Results", [])
        for r, row in enumerate(t.rows):
            raw = row[cols["result"]] if cols["result"] < len(row) else None
            if empty_cell(raw):
                continue
            white, black = (None if empty_cell(row[cols[k]]) else names.players.get(
                name_key(row[cols[k]])) for k in ("white", "black"))
            if white is None or black is None:
                continue  # the bye and absent blocks under the boards: no game
            where = t.cell(r, cols["result"])
            index = latest.get((white, black))
            if index is None:
                problems.append(Problem(where, tr(
                    "a result ({result!r}) for {white} - {black}, a game that is not in "
                    "{results}: type results in {results}", result=cell_text(raw), white=white,
                    black=black, results=results)))
                continue
            game = games[index]
            typed = read_result(raw, tr)
            if isinstance(typed, str):
                problems.append(Problem(where, typed))
                continue
            if typed is game.result or not typed.has_result:
                continue  # the same as Results, or '*' (being played): nothing to read
            if game.result.has_result:
                problems.append(Problem(where, tr(
                    "{result!r} for {white} - {black} (round {round}) differs from {where} "
                    "({counted}): correct the one that is wrong and clear or correct the other",
                    result=cell_text(raw), white=white, black=black, round=game.round,
                    where=game.origin, counted=game.result.value)))
            elif for_pairing:
                problems.append(Problem(where, tr(
                    "{result!r} (round {round}, {white} - {black}) is typed only on the {sheet} "
                    "sheet, which pairing rewrites: type it in {results} at {where} first",
                    result=cell_text(raw), sheet=sheet, results=results, where=game.origin,
                    round=game.round, white=white, black=black)))
            else:
                merged[index] = replace(game, result=typed, origin=where)
                notes.append(Message(
                    "{where}: {result} (round {round}, {white} - {black}) is read from the "
                    "{sheet} sheet, since {cell} is empty; type it there too: pairing the next "
                    "round rewrites {sheet}", where=where, result=typed.value, round=game.round,
                    white=white, black=black, sheet=sheet, cell=game.origin))
    return merged, problems, notes
