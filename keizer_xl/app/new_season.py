"""``new-season``: what next season's workbook holds, decided from OLD (issue 18 item 4, issue 23).

The rules (each Players column carried as typed but Start, Group, Joined and Status; the group
as the season ends; the start order of the final tables; the settings of last season's rounds
left out) are the user's documentation's, docs/club-year.md "Next season".  :func:`run` plans
NEW from OLD (a :class:`NewSeasonReport`) and writes nothing; :func:`write` has the file client
the front end passes write it.  NEW is OLD's own file with only the season's sheets changed
(:func:`fill`, issue 33 item 5), so the club's own sheets (pictures, charts, pivot tables,
macros, everything) come along unchanged, when :func:`carries` says it can be: NEW in OLD's
language (a language change renames every sheet) and every planned Players column in OLD's
table (OLD without a ``Start`` column: the template adds it).  Otherwise NEW is the season
template filled as :func:`book_plan` says (clients/xlsx/new_book.py).  OLD is never written.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from collections.abc import Sequence

from keizer_xl.core.group_rounds import season_end_groups
from keizer_xl.core.groups import Move, group_names, has_groups
from keizer_xl.core.model import Player, Season
from keizer_xl.core.rules import normalise_key
from keizer_xl.app.workbook import NewFiles
from keizer_xl.errors import Message, UsageError
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.read_attendance import dated_rounds
from keizer_xl.sheets.read_names import find_columns, find_sheet, name_key
from keizer_xl.sheets.read import read_book
from keizer_xl.sheets.tables import Book, blank
from keizer_xl.sheets.template_text import NewBook

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Table

#: Players columns that belong to one season: their values are not carried (the column is)
SEASON_OWN_COLUMNS = ("joined", "status")


@dataclass(frozen=True)
class NewSeasonRequest:
    """``start``: ``ranking`` (each group's final table) or ``rating``; ``language``: NEW's
    (None: OLD's); ``old`` and ``new`` the workbooks (NEW replaced: ``force``)."""

    start: str = "ranking"
    language: str | None = None
    old: Path = Path()
    new: Path = Path()
    force: bool = False


@dataclass(frozen=True)
class PlayerColumn:
    """A column of NEW's Players table: its header as written, the engine's key for it (None:
    the club's own column) and whether OLD's values are in it (``Start``, ``Group``: new
    values; ``Joined``, ``Status``: left empty)."""

    header: str
    key: str | None
    carried: bool


@dataclass(frozen=True)
class NewSeasonReport:
    """Next season's workbook as planned: ``players`` in the new start order (``Start`` 1..n,
    ``group`` as the season ended), ``columns``/``rows`` the Players table to write (a row per
    player, aligned with ``columns``), the settings rows, and what was left."""

    players: tuple[Player, ...]
    left_out: tuple[str, ...]  # withdrawn: not in the new season
    settings_rows: tuple[tuple[str, Any], ...]  # each value as OLD's cell types it
    old_season: str
    new_season: str
    language: str
    final_round: int
    rounds: int = 40  # round columns in Attendance: as many as OLD had
    start: str = "ranking"  # ranking (the final tables) or rating
    columns: tuple[PlayerColumn, ...] = ()
    rows: tuple[tuple[Any, ...], ...] = ()
    cleared_columns: tuple[str, ...] = ()  # OLD's headers whose values were left (Joined...)
    cleared_settings: tuple[str, ...] = ()  # round_dates, fixed R3 ...: last season's rounds
    groups: tuple[tuple[str, int], ...] = ()  # each group and its players, as NEW starts
    moves: tuple[Move, ...] = ()  # every move of OLD (during the season and at its end)
    moves_at_end: tuple[Move, ...] = ()  # decided after the last round (no round played so)
    old_language: str = "en"
    reset_sheets: tuple[str, ...] = ()  # OLD's engine sheets: emptied in NEW
    club_sheets: tuple[str, ...] = ()  # OLD's other sheets (not the input sheets)
    carried: bool = False  # NEW is OLD's copy: club_sheets are in it unchanged (fill)


def advance_season_name(name: str) -> str | None:
    """``2025-2026`` -> ``2026-2027``, ``2025/26`` -> ``2026/27``, ``2025`` -> ``2026``,
    also inside a longer name (``Clubcompetitie 2025-2026``); None when no year is found."""
    def two(m: re.Match[str]) -> str:
        first, sep, second = m.group(1), m.group(2), m.group(3)
        width = len(second)
        return f"{int(first) + 1}{sep}{(int(second) + 1) % 10 ** width:0{width}d}"

    pair = re.compile(r"(?<!\d)(\d{4})\s*([-/–]\s*)(\d{4}|\d{2})(?!\d)")
    if pair.search(name):
        return pair.sub(two, name, count=1)
    single = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
    if single.search(name):
        return single.sub(lambda m: str(int(m.group(1)) + 1), name, count=1)
    return None


def run(book: Book, request: NewSeasonRequest = NewSeasonRequest()) -> NewSeasonReport:
    """Plan next season from OLD (``book``, only read)."""
    season, old_lang = read_book(book, request.language)
    lang = request.language or old_lang
    end = season_end_groups(season)
    order = _final_order(season, end.last)
    by_name = {p.name: p for p in season.players}
    left_out = tuple(n for n in order if by_name[n].withdrawn_round is not None)
    staying = [by_name[n] for n in order if by_name[n].withdrawn_round is None]
    grouped = has_groups(season)
    if grouped:  # each new group in group order, its players in the order of the final tables
        staying = [p for g in group_names(season) for p in staying if end.groups[p.name] == g]
    if request.start == "rating":
        staying = _rating_order(staying, end.groups if grouped else {})
    players = tuple(Player(p.name, rating=p.rating, start=i, club=p.club, id=p.id,
                           group=end.groups[p.name] if grouped else p.group,
                           categories=p.categories, sex=p.sex, birth=p.birth,
                           federation=p.federation, fide_id=p.fide_id, knsb_id=p.knsb_id)
                    for i, p in enumerate(staying, start=1))
    columns, rows, cleared = _players_table(book, players, lang, old_lang)
    rows_kept, dropped = _settings_rows(season, lang)
    counts = [(g, sum(1 for p in players if p.group == g)) for g in group_names(season)] \
        if grouped else []
    old_name = season.settings.season
    last = season.last_round_with_results()
    reset, club = sheet_roles(book)
    return NewSeasonReport(
        players, left_out, _typed_settings(book, rows_kept), old_name,
        dict(rows_kept).get("season", ""), lang, last,
        min(max([last, *season.attendance_rounds]) or 40, 200), request.start, columns, rows,
        cleared, dropped, tuple(counts), end.moves, end.at_end, old_lang, reset, club)


def write(request: NewSeasonRequest, files: NewFiles) -> NewSeasonReport:
    """Write NEW from OLD (opened read-only, never written): OLD's copy when it
    :func:`carries`, else the template in NEW's language; every text written as text."""
    old, new = request.old, request.new
    # an .xlsm's copy stays an .xlsm (its macros and buttons carried); else NEW is .xlsx
    macros = new.suffix.lower() == ".xlsm" and old.suffix.lower() == ".xlsm"
    must_be_xlsx = UsageError(Message("{path}: the new season workbook must end in .xlsx",
                                      path=str(new)))
    if new.suffix.lower() != ".xlsx" and not macros:
        raise must_be_xlsx
    if new.exists() and old.exists() and new.resolve() == old.resolve():
        raise UsageError(Message("{path}: the new season cannot replace the old one",
                                 path=str(new)))
    if new.exists() and not request.force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(new), flag="--force"))
    files.guard(old, new)  # the writer refuses NEW when it is OLD by any path or link
    book = files.open(old)
    report = run(book, request)
    if book.macro_enabled == macros and carries(book, report):
        # NEW is OLD's copy with the season's sheets changed: the club's own sheets (their
        # pictures, charts, text boxes ...) stay byte for byte
        fill(book, report)
        files.copy(book, new)  # an existing NEW: force was checked above
        return replace(report, carried=True)
    if macros:  # from the template (another language): no macros, so no .xlsm
        raise must_be_xlsx
    files.save(files.create(new, book_plan(report)), backup=request.force)
    return report


def book_plan(report: NewSeasonReport) -> NewBook:
    """NEW made from the template (clients/xlsx/new_book.py) when it cannot be OLD's copy: the
    report's settings, Players table and a row per player in Attendance."""
    return NewBook(report.language, report.rounds, report.settings_rows,
                   columns=tuple((c.header, c.key) for c in report.columns), players=report.rows,
                   attendance=tuple(p.name for p in report.players))


def _final_order(season: Season, last: int) -> list[str]:
    """Every player, in the order of the final tables as the Standings sheet shows them: each
    group's table (groups in order; a player in the table of the group he played the last
    round in), its ranked rows, then those below ``min_games``; players in no table last."""
    from keizer_xl.app.standings import compute_standings  # the one function behind the sheet

    report = compute_standings(season, last)
    parts = report.parts or (report,)
    order: list[str] = []
    for part in parts:  # the shown rows (core/rows.py): those below min_games last
        order += [r.name for r in part.rows.rows if r.name not in order]
    return order + [p.name for p in season.players if p.name not in order]


def _rating_order(players: Sequence[Player], groups: dict[str, str]) -> list[Player]:
    """Highest rating first inside each group (groups keep their order); the unrated after
    the rated, in final-table order (a stable sort)."""
    out: list[Player] = []
    for g in dict.fromkeys(groups.get(p.name, "") for p in players):
        mine = [p for p in players if groups.get(p.name, "") == g]
        out += sorted((p for p in mine if p.rating is not None), key=lambda p: -(p.rating or 0))
        out += [p for p in mine if p.rating is None]
    return out


def _players_table(book: Book, players: Sequence[Player], lang: str, old_lang: str
                   ) -> tuple[tuple[PlayerColumn, ...], tuple[tuple[Any, ...], ...],
                              tuple[str, ...]]:
    """NEW's Players table: OLD's columns in OLD's order (header spelling kept; a known column
    named in NEW's language when NEW has another language), plus Start and Group when OLD
    lacks them; each player's row from OLD's row as typed."""
    table: Table = book.read_table(_sheet(book, "Players"))
    # each header's engine key, as the reader matches them (None: a column of the club's own)
    at = {i: key for key, i in find_columns(table, "Players", []).items()}
    keys = [at.get(i) for i in range(len(table.headers))]
    name_at = keys.index("name")
    old_rows = {name_key(r[name_at]): r for r in table.rows
                if name_at < len(r) and not blank(r[name_at])}
    columns: list[PlayerColumn] = []
    where: list[int | None] = []
    for index, (h, key) in enumerate(zip(table.headers, keys, strict=True)):
        if blank(h):
            continue
        shown = schema.header("Players", key, lang) if key and lang != old_lang else str(h)
        columns.append(PlayerColumn(shown, key, key not in ("start", "group",
                                                            *SEASON_OWN_COLUMNS)))
        where.append(index)
    for key in ("start", "group"):
        if key not in keys and (key == "start" or any(p.group for p in players)):
            columns.append(PlayerColumn(schema.header("Players", key, lang), key, False))
            where.append(None)
    cleared = tuple(c.header for c, i in zip(columns, where, strict=True) if c.key in SEASON_OWN_COLUMNS
                    and i is not None and any(not blank(r[i]) for r in table.rows
                                              if i < len(r)))
    rows = []
    for p in players:
        old = old_rows.get(name_key(p.name), ())
        row: list[Any] = []
        for c, i in zip(columns, where, strict=True):
            if c.key == "start":
                row.append(p.start)
            elif c.key == "group":
                row.append(p.group or None)
            elif c.key in SEASON_OWN_COLUMNS or i is None or i >= len(old):
                row.append(None)
            else:
                row.append(_as_typed(old[i]))
        rows.append(tuple(row))
    return tuple(columns), tuple(rows), cleared


def _as_typed(value: Any) -> Any:
    """A cell's value as NEW holds it: a date read as midnight of that day (a birth date) the
    date, so that it is written with a date's format, not ``yyyy-mm-dd h:mm:ss``."""
    if isinstance(value, dt.datetime) and value.time() == dt.time() and value.tzinfo is None:
        return value.date()
    return value


def _typed_settings(book: Book, rows: Sequence[tuple[str, str]]) -> tuple[tuple[str, Any], ...]:
    """Each setting's value as OLD's Settings cell holds it (``promote`` 2 a number, not the
    text '2'), where OLD has the row and the value is OLD's; else the text."""

    sheet = find_sheet(book, "Settings")
    typed: dict[str, Any] = {}
    if sheet is not None:
        table = book.read_table(sheet)
        at = find_columns(table, "Settings", [])
        k, v = at.get("setting"), at.get("value")
        if k is not None and v is not None:
            typed = {normalise_key(str(r[k])).casefold(): r[v] for r in table.rows
                     if max(k, v) < len(r) and not blank(r[k]) and not blank(r[v])
                     and not isinstance(r[v], str)}
    return tuple((key, _as_typed(typed[key.casefold()])
                  if key.casefold() in typed and key not in ("season", "language") else text)
                 for key, text in rows)


def _settings_rows(season: Season, lang: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """OLD's settings rows with ``season`` advanced and ``language`` NEW's; the settings of
    last season's rounds (``round_dates``, a pair fixed or forbidden in one round) left out."""
    from keizer_xl.sheets.season_tables import settings_rows

    kept: list[tuple[str, str]] = []
    dropped: list[str] = []
    for key, text in settings_rows(season.settings):
        if key in ("season", "language"):
            continue
        if key == "round_dates" or re.fullmatch(r"(fixed|forbidden) R\d+", key):
            if text:
                dropped.append(key)
            continue
        kept.append((key, text))
    old_name = season.settings.season
    new_name = (advance_season_name(old_name) or old_name) if old_name else ""
    kept += [("season", new_name)] if new_name else []
    kept += [("language", lang)] if lang != "en" or season.settings.language else []
    return tuple(kept), tuple(dropped)


# --------------------------------------------------------------------------- OLD's copy

class CarryBook(Book, Protocol):
    """The file book (clients/xlsx): a Book that also renames a table's header cells."""

    def retitle(self, sheet: str, titles: dict[int, str]) -> None: ...

_INPUTS = ("Settings", "Players", "Attendance", "Results")


def sheet_roles(book: Book) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """OLD's engine sheets (reset in NEW) and the club's own sheets (carried unchanged):
    every sheet that is neither an input nor an engine sheet, chart sheets too, in OLD's order."""
    owned = {n.casefold() for n in schema.OWNED_SHEETS}
    inputs = {find_sheet(book, kind) for kind in _INPUTS}
    engine = tuple(n for n in book.sheet_names() if n.strip().casefold() in owned)
    club = tuple(n for n in book.sheet_names() if n not in inputs and n not in engine)
    return engine, club


def carries(book: Book, report: NewSeasonReport) -> bool:
    """Whether NEW can be OLD's copy (module docstring)."""
    if report.language != report.old_language:
        return False
    headers = {str(h) for h in book.read_table(_sheet(book, "Players")).headers}
    return all(c.header in headers for c in report.columns)


def fill(book: CarryBook, report: NewSeasonReport) -> None:
    """Make ``book`` (OLD, not saved here) next season's workbook through the writer's own
    edits: Players the report's rows, Attendance a row per player (a column headed by last
    season's date headed ``R1``, ``R2``, ... as the template has them), Results empty, Settings
    edited (:func:`_settings`), every engine sheet emptied (the engine writes it again at the
    first ``pair`` / ``standings``; what the club placed on its drawing layer stays)."""
    players = _sheet(book, "Players")
    _clear(book, players)
    book.append_rows(players, [{c.header: v for c, v in zip(report.columns, row, strict=True)
                                if v is not None} for row in report.rows])
    attendance = _sheet(book, "Attendance")
    _clear(book, attendance)
    name = str(book.read_table(attendance).headers[_header(book, attendance, "Attendance",
                                                           "name")])
    book.append_rows(attendance, [{name: p.name} for p in report.players])
    book.retitle(attendance, {i: f"R{n}" for i, n in
                              dated_rounds(book.read_table(attendance).headers).items()})
    _clear(book, _sheet(book, "Results"))
    _settings(book, _sheet(book, "Settings"), report)
    for sheet in report.reset_sheets:
        book.write_sheet(sheet, Layout(grid=()))


def _sheet(book: Book, kind: str) -> str:
    name = find_sheet(book, kind)
    assert name is not None  # read_season refused a workbook without it
    return name


def _clear(book: Book, sheet: str) -> None:
    rows = book.read_table(sheet).rows
    if rows:
        book.delete_rows(sheet, list(range(len(rows))))


def _header(book: Book, sheet: str, kind: str, key: str) -> int:
    """The column (0-based, in the table read) of ``key``'s header, in any language."""
    return find_columns(book.read_table(sheet), kind, [])[key]


def _settings(book: Book, sheet: str, report: NewSeasonReport) -> None:
    """The ``season`` row's value replaced (the row moves to the table's end, its other cells
    kept) and the rows of last season's rounds deleted; every other row as OLD has it."""
    table = book.read_table(sheet)
    at, to = _header(book, sheet, "Settings", "setting"), _header(book, sheet, "Settings", "value")
    headers = [str(h) for h in table.headers]
    dropped = {k.casefold() for k in report.cleared_settings}
    season = dict(report.settings_rows).get("season")
    doomed: list[int] = []
    again: list[dict[str, Any]] = []
    for i, row in enumerate(table.rows):
        key = normalise_key(str(row[at])).casefold() if not blank(row[at]) else ""
        if key in dropped:
            doomed.append(i)
        elif key == "season" and season is not None:
            doomed.append(i)
            again.append({h: season if c == to else v for c, (h, v) in enumerate(
                zip(headers, row, strict=False)) if not blank(table.headers[c])
                and (c == to or v is not None)})
    if season is not None and not again:
        again.append({headers[at]: "season", headers[to]: season})
    if doomed:
        book.delete_rows(sheet, doomed)
    book.append_rows(sheet, again)
