"""Maps sheet tables to the season model (WORKBOOK-CONTRACT.md): :func:`read_season`.

Shared by every transport: it sees only :class:`~keizer_xl.sheets.tables.Table` objects.  All problems
are collected (with ``Sheet!Cell`` addresses) and raised together as one InputError, so the
competition leader fixes everything in one go.

One room per job: finding sheets and columns by name and reading a cell (:mod:`.read_names`),
reading each input table (:mod:`.read_tables`, :mod:`.read_attendance`), results typed on the
engine's Pairings sheet (:mod:`.read_pairings`), the checks across sheets and the warnings
(:mod:`.read_checks`), the whole season (here), and the way back, season -> tables
(:mod:`.season_tables`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from keizer_xl.core.model import BUILTIN_CODES, Result, Season, validate
from keizer_xl.errors import InputError, Problem
from keizer_xl.i18n import Translator, translate, translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_attendance import DefaultAbsence, read_attendance
from keizer_xl.sheets.read_checks import (check_pairing_schedule, check_rounds_and_boards,
                                          check_settings_against_players,
                                          check_value_scale, late_entrant_notes,
                                          resolve_bare_withdrawals)
from keizer_xl.sheets.read_names import (ENGLISH_TR, SHEET_ALIASES, find_sheets, normalised, name_key,
                                         workbook_language)
from keizer_xl.sheets.read_pairings import merge_pairings_sheet
from keizer_xl.sheets.read_tables import PlayerNames, read_players, read_results, read_settings
from keizer_xl.sheets.tables import Book, Table, quote_sheet

def read_season(book: Book, repair_round: int | None = None, *,
                for_pairing: bool = False,
                repair_players: frozenset[str] | None = None,
                language: str | None = None) -> Season:
    """Read and validate the four input sheets; raises InputError listing every problem.

    ``repair_round`` is a round about to be paired again: its games that have not started and
    its bye are dropped before validation, since the new pairing replaces them (a player who
    cancelled after the pairing is then simply absent, not "absent and playing").

    ``for_pairing``: the caller is about to rewrite the Pairings sheet, so a result typed only
    there is a problem rather than read (see :func:`merge_pairings_sheet`).

    ``repair_players``: only these players' games and bye of ``repair_round`` are dropped (one
    group paired again: the other groups' boards of the round stay, issue 23).

    ``language``: the messages' (the user's choice); else the workbook's (:func:`workbook_language`,
    the one place that decides it), which the InputError carries."""
    problems: list[Problem] = []
    notes: list[str] = []
    # the setting is read first, so the Settings sheet's own problems are in the language of
    # the sheet names
    tr = translator(language or workbook_language(book))

    def table(canonical: str, required: bool) -> Table | None:
        found = find_sheets(book, canonical)
        # two sheets that both mean Results (case, space, alias): never pick one silently; first
        # as the file itself lists them, for clients that know (``stored_sheets``: the file
        # client, whose library renames a second 'results' to 'results1' before the reader
        # could see it).  A chart sheet named like an input sheet, or a sheet whose content is
        # missing, the file client refuses when it opens the file (clients/xlsx.preflight).
        stored = [name for name in getattr(book, "stored_sheets", None) or ()
                  if normalised(name) in SHEET_ALIASES[canonical]]
        for same in (stored, found):
            if len(same) > 1:
                problems.append(Problem(quote_sheet(same[1]), _all_mean(same, canonical, tr)))
                return None
        if not found:
            if required:
                problems.append(Problem(schema.sheet_name(canonical, tr.lang), tr(
                    "the workbook has no {sheet} sheet (sheets: {sheets})",
                    sheet=schema.sheet_name(canonical, tr.lang),
                    sheets=", ".join(book.sheet_names()))))
            return None
        return _read_table(book, found[0], problems, tr)

    setting_cells: dict[str, str] = {}
    code_origins: dict[str, str] = {}
    settings = read_settings(table("Settings", False), problems, setting_cells, code_origins, tr)
    lang = workbook_language(book, settings)
    tr = translator(language or lang)
    for code, letter_means in schema.code_letters(lang).items():
        if code in code_origins:
            problems.append(Problem(code_origins[code], tr(
                "code {code} is this workbook's letter for {meaning} ({language}); choose "
                "another letter for the club code", code=code, language=lang,
                meaning=tr(BUILTIN_CODES[letter_means]))))
    players_table = table("Players", True)
    joined_cells: dict[str, str] = {}
    status_cells: dict[str, str] = {}
    players = (read_players(players_table, problems, joined_cells, status_cells, tr)
               if players_table is not None else [])
    names = PlayerNames({name_key(p.name): p.name for p in players}, tr)
    absences, att_rounds = read_attendance(table("Attendance", False), names, settings, problems,
                                           notes, lang, tr)
    results_table = table("Results", False)
    games, byes = read_results(results_table, names, problems, tr)
    if results_table is not None:
        problems.extend(check_rounds_and_boards(games, byes, results_table, tr))
    games, typed_on_pairings, pairings_notes = merge_pairings_sheet(book, games, names,
                                                                    for_pairing)
    problems.extend(typed_on_pairings)
    notes.extend(pairings_notes)
    players = resolve_bare_withdrawals(players, games, byes, status_cells, notes)
    if settings.attendance_default == "absent":  # he came after all: Results say so
        came = {(g.round, n) for g in games for n in (g.white, g.black)}
        came |= {(b.round, b.player) for b in byes}
        # a blank cell of a withdrawn player, or of one not yet a member, is not "signed off":
        # he is withdrawn (or not yet in), never listed as absent with reason E (issue 26)
        outside = {(rnd, p.name) for p in players for rnd in att_rounds
                   if p.is_withdrawn(rnd) or not p.is_member(rnd)}
        absences = [a for a in absences
                    if not (isinstance(a, DefaultAbsence)
                            and ((a.round, a.player) in came or (a.round, a.player) in outside))]
    if repair_round is not None:
        def mine(*names: str) -> bool:
            return repair_players is None or any(n in repair_players for n in names)

        games = [g for g in games if g.round != repair_round or g.result is not Result.PENDING
                 or not mine(g.white, g.black)]
        byes = [b for b in byes if b.round != repair_round or not mine(b.player)]
    season = Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences), settings=settings, attendance_rounds=tuple(att_rounds))
    if not problems:
        problems.extend(Problem(p.where, translate(p.message, tr)) for p in validate(season))
        problems.extend(check_settings_against_players(season, tr))
        problems.extend(check_value_scale(season, setting_cells, tr))
        problems.extend(check_pairing_schedule(season, setting_cells, tr))
    if not problems:  # groups and categories (issue 18): sheets/groups_check.py
        from keizer_xl.sheets.groups_check import group_problems
        problems.extend(group_problems(season, players_table, setting_cells, tr))
    if problems:
        error = InputError(problems)
        error.language = lang  # the front end shows the refusal in it (issue 33)
        raise error
    notes.extend(late_entrant_notes(season, joined_cells))
    return replace(season, notes=tuple(notes))


def read_book(book: Book, language: str | None = None) -> tuple[Season, str]:
    """:func:`read_season` (its messages in ``language``, else the workbook's) and the
    workbook's language it decided."""
    season = read_season(book, language=language)
    return season, workbook_language(book, season.settings)


def _all_mean(names: Sequence[str], canonical: str, tr: Translator) -> str:
    """Two or more sheets that are all read as ``canonical`` (case, spaces, another language)."""
    return tr("sheets {sheets} all mean {sheet}: keep one (rename or delete the others)",
              sheets=", ".join(repr(n) for n in names), sheet=schema.sheet_name(canonical, tr.lang))


def _read_table(book: Book, name: str, problems: list[Problem],
                tr: Translator = ENGLISH_TR) -> Table | None:
    """The client's table, or a problem naming the sheet when the client cannot give one (a
    chartsheet with an input sheet's name, a damaged part: the client says which)."""
    try:
        return book.read_table(name)
    except (KeyError, ValueError, LookupError) as e:
        first = e.args[0] if e.args else None
        text = (translate(first, tr) if hasattr(first, "msgid") else
                first if isinstance(e, KeyError) and e.args else str(e))
        problems.append(Problem(quote_sheet(name), tr("cannot be read as a table: {reason}", reason=text)))
        return None
