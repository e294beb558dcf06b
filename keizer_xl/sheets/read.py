"""Maps sheet tables to the season model and back (WORKBOOK-CONTRACT.md).

Shared by every transport: it sees only :class:`~keizer_xl.sheets.tables.Table` objects.  All problems
are collected (with ``Sheet!Cell`` addresses) and raised together as one InputError, so the
competition leader fixes everything in one go.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from keizer_xl.core.numbers import display
from keizer_xl.errors import InputError, Problem
from keizer_xl.core.model import (BUILTIN_CODES, Absence, Bye, Game, Player, Result,
                    ResultError, Season, parse_result, validate)
from keizer_xl.core.rules import Settings, SettingError, build_settings, check_key, did_you_mean, parse_setting
from keizer_xl.sheets.layout import SheetStyle
from keizer_xl.sheets.tables import Book, Table, blank

# --------------------------------------------------------------------------- names

SHEET_ALIASES: dict[str, tuple[str, ...]] = {
    "Settings": ("settings", "instellingen", "einstellungen"),
    "Players": ("players", "spelers", "spieler", "deelnemers", "teilnehmer"),
    "Attendance": ("attendance", "aanwezigheid", "anwesenheit"),
    "Results": ("results", "uitslagen", "ergebnisse"),
}

HEADER_ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "Settings": {
        "setting": ("setting", "instelling", "einstellung", "key"),
        "value": ("value", "waarde", "wert"),
    },
    "Players": {
        "name": ("name", "naam", "speler", "spieler", "player"),
        "rating": ("rating", "elo", "wertung", "dwz", "knsb"),
        "start": ("start", "start place", "startplaats", "startplatz", "startrang"),
        "joined": ("joined", "ingestapt", "vanaf ronde", "eingestiegen", "ab runde", "join round"),
        "status": ("status",),
        "club": ("club", "vereniging", "verein"),
        "id": ("id", "nr", "knsb-nr", "relatienummer"),
    },
    "Attendance": {"name": ("name", "naam", "speler", "spieler", "player")},
    "Results": {
        "round": ("round", "ronde", "runde"),
        "board": ("board", "bord", "brett"),
        "white": ("white", "wit", "weiss", "weiß"),
        "black": ("black", "zwart", "schwarz"),
        "result": ("result", "uitslag", "ergebnis"),
    },
}

REQUIRED = {"Settings": ("setting", "value"), "Players": ("name",), "Attendance": ("name",),
            "Results": ("round", "white", "black", "result")}

#: Sheets the engine writes; everything else belongs to the user.
OWNED_SHEETS = ("Standings", "Pairings", "History", "Crosstable", "Explain", "Compare", "Audit")

_ROUND_HEADER = re.compile(r"(?:r|ronde|runde|round|rd)?\s*\.?\s*(\d+)", re.I)


def find_sheet(book: Book, canonical: str) -> str | None:
    aliases = SHEET_ALIASES[canonical]
    for name in book.sheet_names():
        if name.strip().casefold() in aliases:
            return name
    return None


def _norm(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text).strip()).casefold()


def _columns(table: Table, kind: str, problems: list[Problem]) -> dict[str, int]:
    """Map canonical header -> column index; reports missing required and repeated headers."""
    found: dict[str, int] = {}
    aliases = HEADER_ALIASES[kind]
    for idx, header in enumerate(table.headers):
        h = _norm(header)
        for canonical, names in aliases.items():
            if h in names:
                if canonical in found:
                    problems.append(Problem(table.header_cell(idx),
                                            f"column {header!r} appears twice"))
                else:
                    found[canonical] = idx
    for canonical in REQUIRED[kind]:
        if canonical not in found:
            problems.append(Problem(f"{table.sheet}!1",
                                    f"no {canonical.capitalize()} column (headers found: "
                                    f"{', '.join(repr(h) for h in table.headers if h) or 'none'})"))
    return found


def _blank(value: Any) -> bool:
    return blank(value) or (isinstance(value, float) and value != value)  # NaN from a frame


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return re.sub(r"\s+", " ", str(value).strip())


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        return int(value)
    return None


def _round_number(value: Any) -> int | None:
    """1, 1.0, '1', 'R1', 'Ronde 1', 'Runde 1' -> 1 (as the Attendance headers)."""
    n = _int(value)
    if n is None and isinstance(value, str):
        m = _ROUND_HEADER.fullmatch(_text(value))
        n = int(m.group(1)) if m else None
    return n


# --------------------------------------------------------------------------- reading

@dataclass
class _Names:
    """Player lookup that forgives case and spacing but reports unknown names."""

    players: dict[str, str]  # casefolded -> name as in Players

    def resolve(self, raw: Any, where: str, problems: list[Problem]) -> str | None:
        text = _text(raw)
        name = self.players.get(text.casefold())
        if name is None:
            problems.append(Problem(where, f"{text!r} is not in Players"
                                           f"{did_you_mean(text, self.players.values())}"))
        return name


def read_settings(table: Table | None, problems: list[Problem]) -> Settings:
    if table is None:
        return Settings()
    cols = _columns(table, "Settings", problems)
    if "setting" not in cols or "value" not in cols:
        return Settings()
    ki, vi = cols["setting"], cols["value"]
    pairs: list[tuple[str, Any]] = []
    origin: dict[str, str] = {}
    for r, row in enumerate(table.rows):
        key, value = row[ki], row[vi]
        if _blank(key):
            if not _blank(value):
                problems.append(Problem(table.cell(r, ki), f"value {value!r} has no setting name"))
            continue
        if str(key).strip().startswith("#"):
            continue  # a comment row
        if _blank(value):
            # an empty value means "the preset's value" (the template lists the common keys
            # empty, so changing the preset changes them); the key must still be a setting
            try:
                check_key(str(key))
            except SettingError as e:
                problems.append(Problem(table.cell(r, ki), str(e)))
            continue
        try:
            field_name, parsed = parse_setting(str(key), value)
        except SettingError as e:
            where = table.cell(r, ki) if str(e).startswith("unknown setting") else table.cell(r, vi)
            problems.append(Problem(where, f"{_text(key)}: {e}" if not str(e).startswith("unknown")
                                    else str(e)))
            continue
        if field_name in origin and field_name not in ("codes", "fixed", "forbidden"):
            problems.append(Problem(table.cell(r, ki), f"{field_name} is set twice "
                                                       f"(also at {origin[field_name]})"))
        origin[field_name] = table.cell(r, ki)
        pairs.append((field_name, parsed))
    try:
        return build_settings(pairs)
    except SettingError as e:
        problems.append(Problem(origin.get(e.key, f"{table.sheet}!A1"), str(e)))
        return Settings()


def read_players(table: Table, problems: list[Problem]) -> list[Player]:
    cols = _columns(table, "Players", problems)
    if "name" not in cols:
        return []
    players: list[Player] = []
    seen: dict[str, str] = {}
    starts: dict[int, str] = {}
    for r, row in enumerate(table.rows):
        if all(_blank(v) for v in row):
            continue
        get = lambda c: row[cols[c]] if c in cols else None  # noqa: E731
        cell = lambda c: table.cell(r, cols[c])  # noqa: E731
        raw_name = get("name")
        if _blank(raw_name):
            problems.append(Problem(cell("name"), "this row has data but no name"))
            continue
        name = _text(raw_name)
        if name.casefold() in seen:
            problems.append(Problem(cell("name"), f"{name!r} appears twice (also at {seen[name.casefold()]})"))
            continue
        seen[name.casefold()] = cell("name")
        rating = None
        if not _blank(get("rating")):
            rating = _int(get("rating"))
            if rating is None or rating < 0:
                problems.append(Problem(cell("rating"), f"{get('rating')!r} is not a rating (a whole number)"))
                rating = None
        start = None
        if not _blank(get("start")):
            start = _int(get("start"))
            if start is None or start < 1:
                problems.append(Problem(cell("start"), f"{get('start')!r} is not a start place (1, 2, ...)"))
                start = None
            elif start in starts:
                problems.append(Problem(cell("start"), f"start place {start} is also {starts[start]}'s"))
            else:
                starts[start] = name
        joined = 1
        if not _blank(get("joined")):
            j = _int(get("joined"))
            if j is None or j < 1:
                problems.append(Problem(cell("joined"), f"{get('joined')!r} is not a round number"))
            else:
                joined = j
        withdrawn = None
        if not _blank(get("status")):
            status = _norm(get("status"))
            m = re.fullmatch(r"(withdrawn|teruggetrokken|zurückgezogen|zurueckgezogen)"
                             r"(?:\s+(?:from\s+|vanaf\s+|ab\s+)?(?:round\s+|ronde\s+|runde\s+|r)?(\d+))?", status)
            if status in ("active", "actief", "aktiv"):
                pass
            elif m and m.group(2):
                withdrawn = int(m.group(2))
                if withdrawn < 1:
                    problems.append(Problem(cell("status"), "the withdrawal round must be 1 or later"))
            elif m:
                problems.append(Problem(cell("status"), f"{get('status')!r}: say from which round, "
                                                         f"e.g. 'withdrawn 12'"))
            else:
                problems.append(Problem(cell("status"), f"{get('status')!r} is not a status "
                                                         f"(active, or withdrawn R)"))
        players.append(Player(
            name=name, rating=rating, start=start, joined=joined, withdrawn_round=withdrawn,
            club=_text(get("club")) if not _blank(get("club")) else "",
            id=_text(get("id")) if not _blank(get("id")) else "", origin=cell("name")))
    return players


def read_attendance(table: Table | None, names: _Names, settings: Settings,
                    problems: list[Problem]) -> tuple[list[Absence], list[int]]:
    if table is None:
        return [], []
    cols = _columns(table, "Attendance", problems)
    if "name" not in cols:
        return [], []
    round_cols: list[tuple[int, int]] = []
    for idx, header in enumerate(table.headers):
        if idx == cols["name"] or _blank(header):
            continue
        m = _ROUND_HEADER.fullmatch(_text(header))
        if m and int(m.group(1)) >= 1:
            round_cols.append((idx, int(m.group(1))))
    seen_rounds: dict[int, str] = {}
    for idx, rnd in round_cols:
        if rnd in seen_rounds:
            problems.append(Problem(table.header_cell(idx), f"round {rnd} has two columns "
                                                            f"(also {seen_rounds[rnd]})"))
        seen_rounds[rnd] = table.header_cell(idx)
    codes = set(BUILTIN_CODES) | set(settings.code_map)
    absences: list[Absence] = []
    seen: dict[str, str] = {}
    for r, row in enumerate(table.rows):
        if all(_blank(v) for v in row):
            continue
        raw = row[cols["name"]]
        where = table.cell(r, cols["name"])
        if _blank(raw):
            if any(not _blank(row[i]) for i, _ in round_cols):
                problems.append(Problem(where, "this row has codes but no name"))
            continue
        name = names.resolve(raw, where, problems)
        if name is None:
            continue
        if name in seen:
            problems.append(Problem(where, f"{name} has two rows (also {seen[name]})"))
            continue
        seen[name] = where
        for idx, rnd in round_cols:
            value = row[idx]
            if _blank(value):
                continue
            code = _text(value).upper()
            if code not in codes:
                problems.append(Problem(table.cell(r, idx),
                                        f"{_text(value)!r} is not an attendance code (E, U, C, L"
                                        f"{', ' + ', '.join(sorted(settings.code_map)) if settings.code_map else ''}"
                                        f"){did_you_mean(code, codes)}"))
                continue
            absences.append(Absence(rnd, name, code, table.cell(r, idx)))
    return absences, sorted(seen_rounds)


def read_results(table: Table | None, names: _Names,
                 problems: list[Problem]) -> tuple[list[Game], list[Bye]]:
    if table is None:
        return [], []
    cols = _columns(table, "Results", problems)
    if any(c not in cols for c in REQUIRED["Results"]):
        return [], []
    games: list[Game] = []
    byes: list[Bye] = []
    for r, row in enumerate(table.rows):
        if all(_blank(v) for v in row):
            continue
        cell = lambda c: table.cell(r, cols[c])  # noqa: E731
        get = lambda c: row[cols[c]] if c in cols else None  # noqa: E731
        rnd = _round_number(get("round"))
        if rnd is None or rnd < 1:
            problems.append(Problem(cell("round"), f"{get('round')!r} is not a round number"))
            continue
        board = None
        if "board" in cols and not _blank(get("board")):
            board = _int(get("board"))
            if board is None:
                problems.append(Problem(cell("board"), f"{get('board')!r} is not a board number"))
        if _blank(get("white")):
            problems.append(Problem(cell("white"), "no White player"))
            continue
        white = names.resolve(get("white"), cell("white"), problems)
        raw_result = get("result")
        black_raw = get("black")
        is_bye = _blank(black_raw) or _norm(black_raw) in ("bye", "-", "vrij", "spielfrei")
        if is_bye:
            if not _blank(raw_result) and _norm(raw_result) == "bye" or (
                    not _blank(black_raw) and _blank(raw_result)):
                if white:
                    byes.append(Bye(rnd, white, cell("white")))
            else:
                problems.append(Problem(cell("black"), "no Black player: for a bye write 'bye' in "
                                                        "Result and leave Black empty"))
            continue
        black = names.resolve(black_raw, cell("black"), problems)
        if isinstance(raw_result, (_dt.datetime, _dt.date)):
            problems.append(Problem(cell("result"), f"{raw_result!s} is a date: Excel changed what "
                                                     f"was typed; format the Result column as Text "
                                                     f"and type the result again"))
            continue
        try:
            result = parse_result(raw_result)
        except ResultError as e:
            problems.append(Problem(cell("result"), str(e)))
            continue
        if white and black:
            games.append(Game(rnd, white, black, result, board, cell("result")))
    return games, byes


def read_season(book: Book, repair_round: int | str | None = None) -> Season:
    """Read and validate the four input sheets; raises InputError listing every problem.

    ``repair_round`` (a round number, or ``"last"`` for the last paired round) is a round about
    to be paired again: its games that have not started and its bye are dropped before
    validation, since the new pairing replaces them (a player who cancelled after the pairing
    is then simply absent, not "absent and playing")."""
    problems: list[Problem] = []

    def table(canonical: str, required: bool) -> Table | None:
        name = find_sheet(book, canonical)
        if name is None:
            if required:
                problems.append(Problem(canonical, f"the workbook has no {canonical} sheet "
                                                   f"(sheets: {', '.join(book.sheet_names())})"))
            return None
        return book.read_table(name)

    settings = read_settings(table("Settings", False), problems)
    players_table = table("Players", True)
    players = read_players(players_table, problems) if players_table is not None else []
    names = _Names({p.name.casefold(): p.name for p in players})
    absences, att_rounds = read_attendance(table("Attendance", False), names, settings, problems)
    games, byes = read_results(table("Results", False), names, problems)
    if repair_round is not None:
        paired = sorted({g.round for g in games} | {b.round for b in byes})
        rnd = (paired[-1] if paired else 0) if repair_round == "last" else repair_round
        games = [g for g in games if g.round != rnd or g.result is not Result.PENDING]
        byes = [b for b in byes if b.round != rnd]
    season = Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences), settings=settings, attendance_rounds=tuple(att_rounds))
    if not problems:
        problems.extend(validate(season))
        problems.extend(_check_settings_against_players(season))
    if problems:
        raise InputError(problems)
    return season


def _check_settings_against_players(season: Season) -> list[Problem]:
    out = []
    s = season.settings
    names = {p.name.casefold() for p in season.players}
    for pc in (*s.fixed, *s.forbidden):
        for n in (pc.first, pc.second):
            if n.casefold() not in names:
                out.append(Problem("Settings", f"pair {pc.first} vs {pc.second}: {n!r} is not in Players"))
    if s.value_basis == "rating":
        for p in season.players:
            if p.rating is None:
                out.append(Problem(p.origin, f"{p.name} has no rating; value_basis rating needs one"))
    if not season.players:
        out.append(Problem("Players", "there are no players"))
    return out


def warnings(season: Season) -> list[str]:
    """Things that are allowed but worth a look (``check`` prints them)."""
    out = []
    if not any(p.start is not None for p in season.players):
        by_rating: dict[int, list[str]] = {}
        for p in season.players:
            if p.rating is not None:
                by_rating.setdefault(p.rating, []).append(p.name)
        for rating, group in sorted(by_rating.items(), reverse=True):
            if len(group) > 1:
                out.append(f"Players: {', '.join(group)} have the same rating {rating}; their start "
                           f"order is their row order (fill Start to make it explicit)")
    unrated = [p.name for p in season.players if p.rating is None and p.start is None]
    if unrated and len(unrated) < len(season.players):
        out.append(f"Players: {', '.join(unrated)} have neither Start nor Rating and start at the bottom")
    return out


# --------------------------------------------------------------------------- writing

def standings_table(frame: pd.DataFrame) -> tuple[pd.DataFrame, SheetStyle]:
    """The Standings sheet: exact frame -> display values and layout."""
    out = frame.copy()
    for col in out.columns:
        if col in ("Score", "Value", "Prev value") or re.fullmatch(r"R\d+", str(col)):
            # object dtype: 99 stays 99 next to 71.5 (a float column would print 99.0)
            out[col] = pd.Series([display(v) for v in out[col]], index=out.index, dtype=object)
    # values are rounded to 2 decimals already; "General" shows 43 and 96.47 as they are
    # (Excel's "0.##" would print a trailing dot: "43.")
    # "0_0_0": the rank right-aligned with two digits' width of space after it, so a printed
    # rank never runs into the name ("1Ruud Bakker"); Excel and LibreOffice both honour "_x"
    formats = {"Rank": "0_0_0", "Score": "0.00"}
    formats.update({c: "General" for c in out.columns if re.fullmatch(r"R\d+", str(c))})
    formats.update({"Value": "General", "Prev value": "General"})
    widths = {"Rank": 7, "Name": 24, "Score": 9, "Value": 7, "Prev value": 10, "Games": 7,
              "W": 4, "D": 4, "L": 4}
    widths.update({c: 8 for c in out.columns if re.fullmatch(r"R\d+", str(c))})  # fits E 16.67
    style = SheetStyle(title="Standings", number_formats=formats, widths=widths,
                       highlight_rows=3, landscape=len(out.columns) > 20)
    return out, style


# --------------------------------------------------------------------------- season -> tables

def settings_rows(settings: Settings) -> list[tuple[str, str]]:
    """The Settings rows that reproduce ``settings``: the preset, then what differs from it."""
    from keizer_xl.core.rules import describe

    base = dict(describe(build_settings([("preset", settings.preset)])))
    rows = [("preset", settings.preset)]
    for key, text in describe(settings):
        if key == "preset":
            continue
        if base.get(key) != text or key.startswith(("code ", "fixed", "forbidden")):
            rows.append((key, text))
    return rows


def input_frames(season: Season) -> dict[str, pd.DataFrame]:
    """The four input sheets of a season, as the competition leader would have typed them."""
    players = pd.DataFrame(
        [{"Name": p.name, "Rating": p.rating, "Start": p.start,
          "Joined": p.joined if p.joined != 1 else None,
          "Status": f"withdrawn {p.withdrawn_round}" if p.withdrawn_round else None,
          "Club": p.club or None, "Id": p.id or None} for p in season.players],
        columns=["Name", "Rating", "Start", "Joined", "Status", "Club", "Id"])
    rounds = max([season.known_rounds(), 1])
    codes = {(a.player, a.round): a.code for a in season.absences}
    attendance = pd.DataFrame(
        [{"Name": p.name, **{f"R{r}": codes.get((p.name, r)) for r in range(1, rounds + 1)}}
         for p in season.players], columns=["Name"] + [f"R{r}" for r in range(1, rounds + 1)])
    rows = []
    for g in sorted(season.games, key=lambda g: (g.round, g.board or 0)):
        rows.append({"Round": g.round, "Board": g.board, "White": g.white, "Black": g.black,
                     "Result": g.result.value or None})
    for b in season.byes:
        rows.append({"Round": b.round, "Board": None, "White": b.player, "Black": None,
                     "Result": "bye"})
    results = pd.DataFrame(rows, columns=["Round", "Board", "White", "Black", "Result"])
    results = results.sort_values("Round", kind="stable").reset_index(drop=True)
    settings = pd.DataFrame(settings_rows(season.settings), columns=["Setting", "Value"])
    return {"Settings": settings, "Players": players, "Attendance": attendance, "Results": results}


def result_header_map(table: Table) -> dict[str, str]:
    """Canonical Results column (Round, Board, White, Black, Result) -> the header as typed."""
    found = _columns(table, "Results", [])
    return {canonical.capitalize(): table.headers[idx] for canonical, idx in found.items()}


def result_round_numbers(table: Table) -> list[int | None]:
    """The Round of each data row of a Results table, read exactly as :func:`read_results`
    reads it (``3``, ``3.0``, ``'R3'``, ``'Ronde 3'``), None where it is not a round: the one
    round parser, so that pairing a round again finds the rows the reader counted."""
    col = _columns(table, "Results", []).get("round")
    if col is None:
        return [None] * len(table.rows)
    out: list[int | None] = []
    for row in table.rows:
        n = _round_number(row[col]) if col < len(row) else None
        out.append(n if n is not None and n >= 1 else None)
    return out
