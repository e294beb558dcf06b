"""Maps sheet tables to the season model (WORKBOOK-CONTRACT.md): :func:`read_season`.

Shared by every transport: it sees only :class:`~keizer_xl.sheets.tables.Table` objects.  All problems
are collected (with ``Sheet!Cell`` addresses) and raised together as one InputError, so the
competition leader fixes everything in one go.

One room per job: finding sheets and columns by name and reading a cell (:mod:`.read_names`),
reading each input table (:mod:`.read_tables`), the whole season and the checks across sheets
(here), and the way back, season -> tables (:mod:`.season_tables`).  Each name is imported
from the module that defines it.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import replace
from typing import Any
from collections.abc import Sequence

from keizer_xl.core.model import BUILTIN_CODES, Bye, Game, Player, Result, Season, parse_result, validate
from keizer_xl.errors import ResultError, InputError, Message, Problem
from keizer_xl.core.setting_values import MAX_ROUND_GAP
from keizer_xl.core.settings import ValueBasis
from keizer_xl.core.values import value_scale_check
from keizer_xl.i18n import Translator, message_language, record_book_language, translate, translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import (
    HEADER_ALIASES,
    SHEET_ALIASES,
    ENGLISH_TR,
    empty_cell,
    find_columns,
    normalised,
    cell_text,
    find_sheets,
    name_key,
    workbook_language,
)
from keizer_xl.sheets.read_tables import (
    DefaultAbsence,
    BARE_WITHDRAWN,
    PlayerNames,
    read_attendance,
    read_players,
    read_results,
    read_settings,
)
from keizer_xl.sheets.tables import Book, Table

__all__ = ["ENGINE_HEADER_SEARCH_ROWS", "LATE_ENTRANT_ROUNDS", "PAIRINGS_SHEET_NAMES",
           "engine_table", "read_season", "warnings"]


PAIRINGS_SHEET_NAMES = schema.sheet_names_read("Pairings")

#: MAX_ROUND_GAP (core.rules): a round more than that many after the round before it is a
#: typing slip (issue 11); ``import`` refuses such a file likewise (issue 22).


def read_season(book: Book, repair_round: int | str | None = None, *,
                for_pairing: bool = False,
                repair_players: frozenset[str] | None = None) -> Season:
    """Read and validate the four input sheets; raises InputError listing every problem.

    ``repair_round`` (a round number, or ``"last"`` for the last paired round) is a round about
    to be paired again: its games that have not started and its bye are dropped before
    validation, since the new pairing replaces them (a player who cancelled after the pairing
    is then simply absent, not "absent and playing").

    ``for_pairing``: the caller is about to rewrite the Pairings sheet, so a result typed only
    there is a problem rather than read (see :func:`_merge_pairings_sheet`).

    ``repair_players``: only these players' games and bye of ``repair_round`` are dropped (one
    group paired again: the other groups' boards of the round stay, issue 23)."""
    problems: list[Problem] = []
    notes: list[str] = []
    # the messages' language: --language, else the workbook's (the setting is read first,
    # so the Settings sheet's own problems are in the language of the sheet names)
    override = message_language.get()
    by_names = schema.language_of_sheets(book.sheet_names())
    record_book_language(by_names)
    tr = translator(override or by_names)

    def table(canonical: str, required: bool) -> Table | None:
        if _stored_sheet_problems(book, canonical, problems, tr):
            return None
        found = find_sheets(book, canonical)
        if len(found) > 1:
            # two sheets that both mean Results (case, space, alias): never pick one silently
            problems.append(Problem(_quote(found[1]), _all_mean(found, canonical, tr)))
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
    record_book_language(lang)  # the front ends' messages follow it (i18n.shown_language)
    tr = translator(override or lang)
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
        problems.extend(_check_rounds_and_boards(games, byes, results_table, tr))
    games, typed_on_pairings, pairings_notes = _merge_pairings_sheet(book, games, names,
                                                                     for_pairing)
    problems.extend(typed_on_pairings)
    notes.extend(pairings_notes)
    players = _resolve_bare_withdrawals(players, games, byes, status_cells, notes)
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
        paired = sorted({g.round for g in games} | {b.round for b in byes})
        rnd = (paired[-1] if paired else 0) if repair_round == "last" else repair_round
        def mine(*names: str) -> bool:
            return repair_players is None or any(n in repair_players for n in names)

        games = [g for g in games if g.round != rnd or g.result is not Result.PENDING
                 or not mine(g.white, g.black)]
        byes = [b for b in byes if b.round != rnd or not mine(b.player)]
    season = Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences), settings=settings, attendance_rounds=tuple(att_rounds))
    if not problems:
        problems.extend(Problem(p.where, translate(p.message, tr)) for p in validate(season))
        problems.extend(_check_settings_against_players(season, tr))
        problems.extend(_check_value_scale(season, setting_cells, tr))
    if not problems:  # groups and categories (issue 18): sheets/groups_check.py
        from keizer_xl.sheets.groups_check import group_problems
        problems.extend(group_problems(season, players_table, setting_cells, tr))
    if problems:
        raise InputError(problems)
    notes.extend(_late_entrant_notes(season, joined_cells))
    return replace(season, notes=tuple(notes))


def _stored_sheet_problems(book: Book, canonical: str, problems: list[Problem],
                           tr: Translator = ENGLISH_TR) -> bool:
    """Two sheets that both mean ``canonical`` as the file itself lists them, for clients that
    know (``stored_sheets``: the file client, whose library renames a second 'results' to
    'results1' before the reader could see it).  True when a problem was added.  A chart
    sheet named like an input sheet, or a sheet whose content is missing, the file client
    refuses when it opens the file (clients/xlsx.preflight), before anything is read."""
    stored = getattr(book, "stored_sheets", None)
    if not stored:
        return False
    aliases = SHEET_ALIASES[canonical]
    mine = [name for name in stored if normalised(name) in aliases]
    if len(mine) > 1:
        problems.append(Problem(_quote(mine[1]), _all_mean(mine, canonical, tr)))
        return True
    return False


def _all_mean(names: Sequence[str], canonical: str, tr: Translator) -> str:
    """Two or more sheets that are all read as ``canonical`` (case, spaces, another language)."""
    return tr("sheets {sheets} all mean {sheet}: keep one (rename or delete the others)",
              sheets=", ".join(repr(n) for n in names), sheet=schema.sheet_name(canonical, tr.lang))


def _quote(sheet: str) -> str:
    from keizer_xl.sheets.tables import quote_sheet

    return quote_sheet(sheet)


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
        problems.append(Problem(_quote(name), tr("cannot be read as a table: {reason}", reason=text)))
        return None


def _check_rounds_and_boards(games: list[Game], byes: list[Bye], table: Table,
                             tr: Translator = ENGLISH_TR) -> list[Problem]:
    """Two games on one board of a round; a round far after the round before it."""
    out: list[Problem] = []
    boards: dict[tuple[int, int], Game] = {}
    for g in games:
        if g.board is None:
            continue
        other = boards.get((g.round, g.board))
        if other is not None:  # named at the Board cells: the board number is what is wrong
            out.append(Problem(_round_cell(g.origin, table, "board"), tr(
                "round {round} board {board} has two games: {white} - {black} ({where}) and "
                "{white2} - {black2}", round=g.round, board=g.board, white=other.white,
                black=other.black, where=_round_cell(other.origin, table, "board"),
                white2=g.white, black2=g.black)))
        else:
            boards[(g.round, g.board)] = g
    first_cell: dict[int, str] = {}
    items: tuple[Game | Bye, ...] = (*games, *byes)
    for item in items:
        first_cell.setdefault(item.round, item.origin)
    previous = 0
    for rnd in sorted(first_cell):
        if rnd - previous > MAX_ROUND_GAP:
            out.append(Problem(_round_cell(first_cell[rnd], table),
                               tr("round {round} comes after round {previous} in {sheet} "
                                  "({count} rounds without any game): a typing slip?", round=rnd,
                                  previous=previous, sheet=table.sheet, count=rnd - previous - 1)))
        previous = rnd
    return out


def _round_cell(origin: str, table: Table, column: str = "round") -> str:
    """The Round (or ``column``) cell on the row of ``origin`` (a Result or White cell of
    ``table``)."""
    cols = find_columns(table, "Results", [])
    m = re.search(r"(\d+)$", origin)
    if column not in cols or m is None:
        return origin
    from keizer_xl.sheets.tables import column_letter

    return f"{_quote(table.sheet)}!{column_letter(table.first_column + cols[column])}{m.group(1)}"


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


def _merge_pairings_sheet(book: Book, games: list[Game], names: PlayerNames,
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
            white = names.players.get(name_key(row[cols["white"]])) if not empty_cell(
                row[cols["white"]]) else None
            black = names.players.get(name_key(row[cols["black"]])) if not empty_cell(
                row[cols["black"]]) else None
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
            if isinstance(raw, (_dt.datetime, _dt.date)):
                problems.append(Problem(where, tr(
                    "{date} is a date: Excel changed what was typed; format the Result column "
                    "as Text and type the result again", date=str(raw))))
                continue
            try:
                typed = parse_result(raw)
            except ResultError as e:
                problems.append(Problem(where, tr(e.msgid, **e.params)))
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


def _resolve_bare_withdrawals(players: list[Player], games: list[Game], byes: list[Bye],
                              status_cells: dict[str, str], notes: list[str]) -> list[Player]:
    """``withdrawn`` without a round: from the round after his last round in Results (a game,
    with or without a result, or a bye), and never before he joined (docs/reading-rules.md)."""
    out = []
    for p in players:
        if p.withdrawn_round != BARE_WITHDRAWN:
            out.append(p)
            continue
        rounds = [g.round for g in games if p.name in (g.white, g.black)]
        rounds += [b.round for b in byes if b.player == p.name]
        last = max(rounds, default=0)
        rnd = max(last + 1, p.joined)
        where = status_cells.get(p.name, p.origin)
        if last:
            notes.append(Message("{where}: {name} 'withdrawn' without a round is read as withdrawn "
                                 "from round {round} (his last round in Results is {last}); write "
                                 "'withdrawn {round}' to make it explicit", where=where,
                                 name=p.name, round=rnd, last=last))
        else:
            notes.append(Message("{where}: {name} 'withdrawn' without a round is read as withdrawn "
                                 "from round {round} (he has no round in Results); write "
                                 "'withdrawn {round}' to make it explicit", where=where,
                                 name=p.name, round=rnd))
        out.append(replace(p, withdrawn_round=rnd))
    return out


def _check_value_scale(season: Season, setting_cells: dict[str, str],
                       tr: Translator = ENGLISH_TR) -> list[Problem]:
    """Every place of the ranking must be worth more than 0 (rules section 2)."""
    s = season.settings
    n = len(season.players)
    if any(p.group.strip() for p in season.players):  # each group has its own scale (issue 18)
        from keizer_xl.core.groups import group_key
        sizes: dict[str, int] = {}
        for p in season.players:
            sizes[group_key(p.group)] = sizes.get(group_key(p.group), 0) + 1
        n = max(sizes.values())
    found = value_scale_check(s, n)
    if found is None:
        return []
    first, why = found
    where = setting_cells.get(first) or setting_cells.get("top_value") or \
        setting_cells.get("value_step") or setting_cells.get("preset") or "Settings"
    return [Problem(where, translate(why, tr))]


#: A player without Joined who first appears in Results after this many played rounds (and
#: has no Attendance mark before) is probably a late entrant: ``check`` says so.
LATE_ENTRANT_ROUNDS = 2


def _late_entrant_notes(season: Season, joined_cells: dict[str, str]) -> list[str]:
    """A player without ``Joined`` whose first round in Results is k, after at least
    :data:`LATE_ENTRANT_ROUNDS` rounds played without him, with no Attendance mark in any round
    before k: he scores as absent unexcused in those rounds, which is right only if he was a
    member then; the note names the Joined cell to fill and the round (rules section 7)."""
    out: list[str] = []
    played = sorted(set(season.paired_rounds()))
    if not played:
        return out
    marked = {(a.player, a.round): a.code for a in season.absences}
    first: dict[str, int] = {}  # each player's first round in Results, in one pass
    for name, rnd in [*((n, g.round) for g in season.games for n in (g.white, g.black)),
                      *((b.player, b.round) for b in season.byes)]:
        if rnd < first.get(name, rnd + 1):
            first[name] = rnd
    for p in season.players:
        if p.name not in joined_cells:
            continue
        k = first.get(p.name)
        if k is None or k <= 1:
            continue
        before = [r for r in played if r < k]
        if len(before) < LATE_ENTRANT_ROUNDS:
            continue  # one missed first evening is common for a member: no note
        if any((p.name, r) in marked for r in range(1, k)):
            continue  # marked in Attendance before round k: the leader knew him then
        params = {"where": joined_cells[p.name], "name": p.name, "round": k, "first": before[0]}
        if len(before) > 1:
            out.append(Message("{where}: {name} first plays in round {round} but has no Joined, "
                               "so rounds {first}-{last} count as unexcused absences; if {name} "
                               "joined in round {round}, write {round} there", last=k - 1,
                               **params))
        else:
            out.append(Message("{where}: {name} first plays in round {round} but has no Joined, "
                               "so round {first} counts as an unexcused absence; if {name} joined "
                               "in round {round}, write {round} there", **params))
    return out


def _check_settings_against_players(season: Season,
                                    tr: Translator = ENGLISH_TR) -> list[Problem]:
    out = []
    s = season.settings
    names = {name_key(p.name) for p in season.players}
    for pc in (*s.fixed, *s.forbidden):
        for n in (pc.first, pc.second):
            if name_key(n) not in names:
                out.append(Problem(schema.sheet_name("Settings", tr.lang), tr(
                    "pair {first} vs {second}: {name!r} is not in {players}", first=pc.first,
                    second=pc.second, name=n, players=schema.sheet_name("Players", tr.lang))))
    if s.value_basis == ValueBasis.RATING:
        for p in season.players:
            if p.rating is None:
                out.append(Problem(p.origin, tr("{name} has no rating; value_basis rating needs one",
                                                name=p.name)))
    if not season.players:
        out.append(Problem(schema.sheet_name("Players", tr.lang), tr("there are no players")))
    return out


def warnings(season: Season) -> list[str]:
    """Things that are allowed but worth a look (``check`` prints them)."""
    out = list(season.notes)
    if season.settings.start_ranking == "rating":  # rating, then name: no row order involved
        return out
    if not any(p.start is not None for p in season.players):
        by_rating: dict[int, list[str]] = {}
        for p in season.players:
            if p.rating is not None:
                by_rating.setdefault(p.rating, []).append(p.name)
        for rating, group in sorted(by_rating.items(), reverse=True):
            if len(group) > 1:
                out.append(Message("{sheet}: {names} have the same rating {rating}; their start "
                                   "order is their row order (fill Start to make it explicit)",
                                   sheet="Players", names=", ".join(group), rating=rating))
    unrated = [p.name for p in season.players if p.rating is None and p.start is None]
    if unrated and len(unrated) < len(season.players):
        out.append(Message("{sheet}: {names} have neither Start nor Rating and start at the "
                           "bottom", sheet="Players", names=", ".join(unrated)))
    return out
