"""The four input tables read one by one into the season model: Settings, Players,
Attendance, Results (WORKBOOK-CONTRACT.md).  Every problem is added to the caller's list with
its ``Sheet!Cell``; :func:`keizer_xl.sheets.read.read_season` raises them together."""
from __future__ import annotations

import datetime as _dt
import functools
import itertools
import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from keizer_xl.core.model import Absence, BUILTIN_CODES, Bye, Game, Player, parse_result
from keizer_xl.errors import ResultError, SettingError, Message, Problem, UnknownSettingError
from keizer_xl.core.setting_values import MAX_RATING, MAX_ROUND
from keizer_xl.core.rules import build_settings, check_key, parse_setting
from keizer_xl.core.settings import Settings
from keizer_xl.i18n import Translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import (
    HEADER_ALIASES,
    REQUIRED,
    ENGLISH_TR,
    ROUND_HEADER,
    empty_cell,
    find_columns,
    did_you_mean_in,
    cell_int,
    next_column,
    normalised,
    round_number,
    setting_message,
    cell_text,
    find_sheet,
    name_key,
)
from keizer_xl.sheets.tables import Book, Table


# --------------------------------------------------------------------------- reading

@dataclass
class PlayerNames:
    """Player lookup that forgives case and spacing but reports unknown names."""

    players: dict[str, str]  # casefolded -> name as in Players

    tr: Translator = ENGLISH_TR
    # each spelling found once: a season names its players thousands of times (issue 25)
    _found: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def resolve(self, raw: Any, where: str | Callable[[], str],
                problems: list[Problem]) -> str | None:
        """The name as in Players; ``where`` (the cell, or a function that names it: a cell is
        only named for a problem) is where an unknown name is reported."""
        if type(raw) is str:
            known = self._found.get(raw)
            if known is not None:
                return known
        text = cell_text(raw)
        name = self.players.get(name_key(text))
        if name is not None and type(raw) is str:
            self._found[raw] = name
        if name is None:
            problems.append(Problem(where if isinstance(where, str) else where(), self.tr(
                "{text!r} is not in {players}", text=text,
                players=schema.sheet_name("Players", self.tr.lang))
                + did_you_mean_in(text, self.players.values(), self.tr)))
        return name


def read_settings(table: Table | None, problems: list[Problem],
                  origins: dict[str, str] | None = None,
                  code_origins: dict[str, str] | None = None,
                  tr: Translator = ENGLISH_TR) -> Settings:
    """The Settings sheet; ``origins`` (when given) receives the Value cell of each setting,
    ``code_origins`` the cell of each club code's row."""
    if table is None:
        return Settings()
    cols = find_columns(table, "Settings", problems, tr)
    if "setting" not in cols or "value" not in cols:
        return Settings()
    ki, vi = cols["setting"], cols["value"]
    pairs: list[tuple[str, Any]] = []
    origin: dict[str, str] = {}
    for r, row in enumerate(table.rows):
        key, value = row[ki], row[vi]
        if empty_cell(key):
            if not empty_cell(value):
                problems.append(Problem(table.cell(r, ki), tr("value {value!r} has no setting name",
                                                               value=value)))
            continue
        if str(key).strip().startswith("#"):
            continue  # a comment row
        if empty_cell(value):
            # an empty value means "the preset's value" (the template lists the common keys
            # empty, so changing the preset changes them); the key must still be a setting
            try:
                check_key(str(key))
            except SettingError as e:
                problems.append(Problem(table.cell(r, ki), setting_message(e, tr)))
            continue
        try:
            field_name, parsed = parse_setting(str(key), value)
        except SettingError as e:
            unknown = isinstance(e, UnknownSettingError)  # at the name's cell, else the value's
            where = table.cell(r, ki) if unknown else table.cell(r, vi)
            problems.append(Problem(where, setting_message(e, tr) if unknown
                                    else f"{cell_text(key)}: {setting_message(e, tr)}"))
            continue
        # a setting (or club code) given twice is ambiguous: name both cells, use neither
        what = f"code {parsed[0]}" if field_name == "codes" else field_name
        if what in origin and field_name not in ("fixed", "forbidden"):
            problems.append(Problem(table.cell(r, ki), tr("{setting} is set twice (also at {where})",
                                                          setting=what, where=origin[what])))
            continue
        origin[what] = table.cell(r, ki)
        origin.setdefault(field_name, table.cell(r, ki))
        if field_name == "codes" and code_origins is not None:
            code_origins[parsed[0]] = table.cell(r, ki)
        pairs.append((field_name, parsed))
        if origins is not None:
            origins.setdefault(field_name, table.cell(r, vi))
    try:
        return build_settings(pairs)
    except SettingError as e:
        where = origin.get(e.key) or next((origin[k] for k in ("win", "draw", "loss", "forfeit_win",
                                                               "forfeit_loss", "preset")
                                           if k in origin), f"{table.sheet}!A1")
        problems.append(Problem(where, setting_message(e, tr)))
        return Settings()


#: MAX_RATING (core.rules): a rating above it is a typing slip; import refuses it likewise.

#: ``Status`` ``withdrawn`` without a round: resolved by :func:`_resolve_bare_withdrawals`.
BARE_WITHDRAWN = -1


def _value(row: tuple[Any, ...], cols: dict[str, int], key: str) -> Any:
    """The row's value in the column ``key`` (None when the table has no such column)."""
    return row[cols[key]] if key in cols else None


def _cell_ref(table: Table, r: int, cols: dict[str, int], key: str) -> str:
    """Sheet!Cell of the row's column ``key``."""
    return table.cell(r, cols[key])


def read_players(table: Table, problems: list[Problem],
                 joined_cells: dict[str, str] | None = None,
                 status_cells: dict[str, str] | None = None,
                 tr: Translator = ENGLISH_TR) -> list[Player]:
    """The Players sheet.  ``joined_cells`` (when given) receives, for every player whose
    ``Joined`` is empty, the cell to fill in (late-entrant warning, issue 11);
    ``status_cells`` the Status cell of every player marked ``withdrawn`` without a round."""
    cols = find_columns(table, "Players", problems, tr)
    if "name" not in cols:
        return []
    players: list[Player] = []
    seen: dict[str, str] = {}
    starts: dict[int, str] = {}
    for r, row in enumerate(table.rows):
        if all(empty_cell(v) for v in row):
            continue
        get = functools.partial(_value, row, cols)
        cell = functools.partial(_cell_ref, table, r, cols)
        raw_name = get("name")
        if empty_cell(raw_name):
            problems.append(Problem(cell("name"), tr("this row has data but no name")))
            continue
        name = cell_text(raw_name)
        if name_key(name) in seen:
            problems.append(Problem(cell("name"), tr("{name!r} appears twice (also at {where})",
                                                      name=name, where=seen[name_key(name)])))
            continue
        seen[name_key(name)] = cell("name")
        rating = None
        if not empty_cell(get("rating")):
            rating = cell_int(get("rating"))
            if rating is None or rating < 0 or rating > MAX_RATING:
                problems.append(Problem(cell("rating"), tr("{value!r} is not a rating (a whole number)",
                                                            value=get("rating"))))
                rating = None
        start = None
        if not empty_cell(get("start")):
            start = cell_int(get("start"))
            if start is None or start < 1:
                problems.append(Problem(cell("start"), tr("{value!r} is not a start place (1, 2, ...)",
                                                           value=get("start"))))
                start = None
            elif start in starts:
                problems.append(Problem(cell("start"), tr("start place {start} is also {name}'s",
                                                           start=start, name=starts[start])))
            else:
                starts[start] = name
        joined = 1
        if not empty_cell(get("joined")):
            j = round_number(get("joined"))  # 3, '3', 'R3', 'Ronde 3'
            if j is None or j < 1 or j > MAX_ROUND:
                problems.append(Problem(cell("joined"), tr("{value!r} is not a round number "
                                                            "(1 to {max_round})",
                                                            value=get("joined"), max_round=MAX_ROUND)))
            else:
                joined = j
        elif joined_cells is not None:
            joined_cells[name] = (cell("joined") if "joined" in cols else
                                  f"{table.sheet}!{next_column(table)}1 (a new Joined column)")
        withdrawn = None
        if not empty_cell(get("status")):
            status = normalised(get("status"))
            m = re.fullmatch(
                r"(withdrawn|teruggetrokken|zurückgezogen|zurueckgezogen|retiré|retire)"
                r"(?:\s+(?:from\s+|vanaf\s+|ab\s+)?(?:round\s+|ronde\s+|runde\s+|r)?(\d+))?",
                status,
            )
            if status in ("active", "actief", "aktiv", "actif"):
                pass
            elif m and m.group(2):
                withdrawn = int(m.group(2)) if len(m.group(2)) <= 6 else MAX_ROUND + 1
                if withdrawn < 1 or withdrawn > MAX_ROUND:
                    problems.append(Problem(cell("status"), tr(
                        "the withdrawal round must be between 1 and {max_round}",
                        max_round=MAX_ROUND)))
                    withdrawn = None
            elif m:
                # 'withdrawn' alone (the template's dropdown choice): from the round after his
                # last round in Results, decided once Results is read (docs/reading-rules.md)
                withdrawn = BARE_WITHDRAWN
                if status_cells is not None:
                    status_cells[name] = cell("status")
            else:
                problems.append(Problem(cell("status"), tr(
                    "{value!r} is not a status (active, or withdrawn R)", value=get("status"))))
        players.append(Player(
            name=name, rating=rating, start=start, joined=joined, withdrawn_round=withdrawn,
            club=cell_text(get("club")) if not empty_cell(get("club")) else "",
            id=cell_text(get("id")) if not empty_cell(get("id")) else "", origin=cell("name"),
            group=_optional_text(get("group")),
            categories=_categories(get("category")),
            sex=_optional_text(get("sex")), birth=_optional_text(get("birth")),
            federation=_optional_text(get("federation")),
            fide_id=_optional_text(get("fide_id")), knsb_id=_optional_text(get("knsb_id"))))
    return players


def _optional_text(value: Any) -> str:
    """A free-text Players cell ('' when blank); a date cell as YYYY/MM/DD (TRF's form)."""
    if empty_cell(value):
        return ""
    if hasattr(value, "strftime"):
        return str(value.strftime("%Y/%m/%d"))
    return cell_text(value)


def _categories(value: Any) -> tuple[str, ...]:
    """``Jeugd, Dames``: several categories per player (issue 18), in the order typed."""
    if empty_cell(value):
        return ()
    parts = (p.strip() for p in re.split(r"[,;]", cell_text(value)))
    return tuple(dict.fromkeys(p for p in parts if p))


#: Attendance headers that are not rounds but may sit beside them (copied from Players, notes).
_ATTENDANCE_EXTRA = {n for names in HEADER_ALIASES["Players"].values() for n in names} | {
    "notes", "note", "remarks", "comment", "comments", "opmerking", "opmerkingen", "bemerkung",
    "bemerkungen", "total", "totaal", "summe", "absent", "afwezig"}

_DATE_HEADER = (
    # a date cell (the client gives its text: 2024-09-05 or 2024-09-05 00:00:00)
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?"), ("y", "m", "d")),
    # typed text, day first as in the Netherlands, Belgium and Germany: 5-9-2024, 05.09.24, 5/9/2024
    (re.compile(r"(\d{1,2})[-./](\d{1,2})[-./](\d{4}|\d{2})"), ("d", "m", "y")),
)


def _header_date(text: str) -> _dt.date | None:
    """The date an Attendance header names, or None (see docs/reading-rules.md for the rule)."""
    for pattern, order in _DATE_HEADER:
        m = pattern.fullmatch(text.strip())
        if m:
            parts = dict(zip(order, (int(g) for g in m.groups())))
            year = parts["y"] + (2000 if parts["y"] < 100 else 0)
            try:
                return _dt.date(year, parts["m"], parts["d"])
            except ValueError:
                return None
    return None


@dataclass
class _AttendanceColumns:
    rounds: list[tuple[int, int]]  # (column index, round)
    notes: list[str]


def _attendance_columns(table: Table, name_col: int, codes: set[str],
                        problems: list[Problem], tr: Translator = ENGLISH_TR) -> _AttendanceColumns:
    """Which columns are which round (WORKBOOK-CONTRACT.md: R1, R2, ... or 1, 2, ...).

    Club evenings are often headed by their date: then the n-th date column from the left is
    round n, and the dates must increase from left to right; a mix of dates and round headers
    is ambiguous and refused.  A header that is neither a round nor a known extra column is a
    problem when its column holds anything that looks like a code, and otherwise ignored with
    a note, so an excused player is never paired because his column was skipped (issue 11)."""
    numbered: list[tuple[int, int]] = []
    dated: list[tuple[int, _dt.date]] = []
    notes: list[str] = []

    def filled(idx: int) -> list[tuple[int, Any]]:
        return [(r, row[idx]) for r, row in enumerate(table.rows) if not empty_cell(row[idx])]

    for idx, header in enumerate(table.headers):
        if idx == name_col:
            continue
        text = cell_text(header) if not empty_cell(header) else ""
        values = filled(idx)
        if not text:
            coded = [(r, v) for r, v in values if cell_text(v).upper() in codes]
            if coded:
                r, v = coded[0]
                problems.append(Problem(table.header_cell(idx), tr(
                    "this column has no header but holds the code {code!r} ({where}): head it "
                    "with its round (R1, R2, ...)", code=cell_text(v), where=table.cell(r, idx))))
            elif values:
                notes.append(Message("{where}: a column without a header; ignored",
                                     where=table.header_cell(idx)))
            continue
        m = ROUND_HEADER.fullmatch(text)
        if m:
            rnd = int(m.group(1)) if len(m.group(1)) <= 6 else MAX_ROUND + 1
            if 1 <= rnd <= MAX_ROUND:
                numbered.append((idx, rnd))
            elif values:
                problems.append(Problem(table.header_cell(idx), tr(
                    "{header!r} is not a round (rounds are 1 to {max_round}), but its column "
                    "holds {value!r} ({where})", header=text, max_round=MAX_ROUND,
                    value=cell_text(values[0][1]), where=table.cell(values[0][0], idx))))
            else:
                notes.append(Message("{where}: column {header!r} is not a round and is empty; "
                                     "ignored", where=table.header_cell(idx), header=text))
            continue
        day = _header_date(text)
        if day is not None:
            dated.append((idx, day))
            continue
        if normalised(text) in _ATTENDANCE_EXTRA:
            continue
        coded = [(r, v) for r, v in values if cell_text(v).upper() in codes]
        if coded:
            r, v = coded[0]
            problems.append(Problem(table.header_cell(idx), tr(
                "{header!r} is not a round header (R1, R2, ... or a date), but its column holds "
                "the code {code!r} ({where}): head it with its round", header=text, code=cell_text(v),
                where=table.cell(r, idx))))
        elif values:
            notes.append(Message("{where}: column {header!r} is not a round; ignored",
                                 where=table.header_cell(idx), header=text))
        else:
            notes.append(Message("{where}: column {header!r} is not a round and is empty; "
                                 "ignored", where=table.header_cell(idx), header=text))
    if dated and numbered:
        problems.append(Problem(table.header_cell(dated[0][0]), tr(
            "{sheet} mixes date headers ({date}) and round headers ({header!r} at {where}): use "
            "one kind, e.g. R1, R2, ...", sheet=table.sheet, date=dated[0][1].isoformat(),
            header=table.headers[numbered[0][0]], where=table.header_cell(numbered[0][0]))))
        return _AttendanceColumns(numbered, notes)
    if dated:
        for (i_prev, d_prev), (i, d) in itertools.pairwise(dated):
            if d <= d_prev:
                problems.append(Problem(table.header_cell(i), tr(
                    "date {date} does not come after {previous} ({where}): date columns are "
                    "rounds 1, 2, ... from left to right, so their dates must increase",
                    date=d.isoformat(), previous=d_prev.isoformat(),
                    where=table.header_cell(i_prev))))
        if len(dated) > MAX_ROUND:
            problems.append(Problem(table.header_cell(dated[MAX_ROUND][0]),
                                    tr("more than {max_round} date columns", max_round=MAX_ROUND)))
        rounds = [(i, n) for n, (i, _) in enumerate(dated[:MAX_ROUND], start=1)]
        notes.append(Message("{sheet}: date columns are read as rounds, the n-th from the left is "
                             "round n: {mapping}", sheet=table.sheet,
                             mapping=", ".join(f"{d.isoformat()} = R{n}"
                                               for n, (_, d) in enumerate(dated, 1))))
        return _AttendanceColumns(rounds, notes)
    return _AttendanceColumns(numbered, notes)


#: the bye in a Results cell, read in every language (issue 26): English bye, Dutch vrij (and
#: vrijgeloot), German spielfrei, French exempt, as the dropdown and the instructions show them
BYE_WORDS = ("bye", "vrij", "vrijgeloot", "spielfrei", "exempt")


#: ``attendance_default absent`` (issue 18): what a player types to sign up for a round, in
#: every language (a cell left blank is an excused absence, E); the codes E/U/C/L and the
#: club's codes keep their meaning.  Documented in docs/club-year.md.
PRESENT_MARKS = frozenset({"X", "+", "1", "✓", "V", "YES", "Y", "JA", "J", "OUI", "O",
                           "PRESENT", "AANWEZIG", "ANWESEND", "PRÉSENT"})


@dataclass(frozen=True)
class DefaultAbsence(Absence):
    """A blank Attendance cell under ``attendance_default absent``: dropped where the player
    turns out to have played (a game or the bye in Results says he came)."""


def read_attendance(table: Table | None, names: PlayerNames, settings: Settings,
                    problems: list[Problem], notes: list[str] | None = None,
                    lang: str = "en", tr: Translator = ENGLISH_TR) -> tuple[list[Absence], list[int]]:
    """``lang``'s own letters (schema.CODE_LETTERS, e.g. Dutch A afgemeld) are read as the
    built-in code they stand for; ``notes`` (when given) receives the notes on the columns."""
    if table is None:
        return [], []
    cols = find_columns(table, "Attendance", problems, tr)
    if "name" not in cols:
        return [], []
    letters = schema.code_letters(lang)
    codes = set(BUILTIN_CODES) | set(settings.code_map) | set(letters)
    by_default_absent = settings.attendance_default == "absent"
    layout = _attendance_columns(table, cols["name"], codes, problems, tr)
    if notes is not None:
        notes.extend(layout.notes)
    round_cols = layout.rounds
    seen_rounds: dict[int, str] = {}
    for idx, rnd in round_cols:
        if rnd in seen_rounds:
            problems.append(Problem(table.header_cell(idx), tr(
                "round {round} has two columns (also {where})", round=rnd,
                where=seen_rounds[rnd])))
        seen_rounds[rnd] = table.header_cell(idx)
    absences: list[Absence] = []
    seen: dict[str, str] = {}
    for r, row in enumerate(table.rows):
        if all(empty_cell(v) for v in row):
            continue
        raw = row[cols["name"]]
        where = table.cell(r, cols["name"])
        if empty_cell(raw):
            if any(not empty_cell(row[i]) for i, _ in round_cols):
                problems.append(Problem(where, tr("this row has codes but no name")))
            continue
        name = names.resolve(raw, where, problems)
        if name is None:
            continue
        if name in seen:
            problems.append(Problem(where, tr("{name} has two rows (also {where})", name=name,
                                                 where=seen[name])))
            continue
        seen[name] = where
        for idx, rnd in round_cols:
            value = row[idx]
            if by_default_absent and (empty_cell(value) or (cell_text(value).upper() in PRESENT_MARKS
                                                        and cell_text(value).upper() not in codes)):
                if empty_cell(value):  # attendance_default absent: not signed up (issue 18)
                    absences.append(DefaultAbsence(rnd, name, "E", table.cell(r, idx)))
                continue
            if empty_cell(value):
                continue
            code = cell_text(value).upper()
            if code not in codes:
                known = ", ".join([*BUILTIN_CODES, *letters, *sorted(settings.code_map)])
                problems.append(Problem(table.cell(r, idx), tr(
                    "{text!r} is not an attendance code ({known}); a row 'code {code}' in "
                    "{settings} defines a club code", text=cell_text(value), known=known,
                    code=code, settings=schema.sheet_name("Settings", tr.lang))
                    + did_you_mean_in(code, codes, tr)))
                continue
            absences.append(Absence(rnd, name, letters.get(code, code), table.cell(r, idx)))
    if by_default_absent:  # a player without a row has signed up for no round
        listed = set(seen)
        absences.extend(DefaultAbsence(rnd, name, "E", table.sheet)
                        for name in names.players.values() if name not in listed
                        for _, rnd in round_cols)
    return absences, sorted(seen_rounds)


def read_results(table: Table | None, names: PlayerNames, problems: list[Problem],
                 tr: Translator = ENGLISH_TR) -> tuple[list[Game], list[Bye]]:
    if table is None:
        return [], []
    cols = find_columns(table, "Results", problems, tr)
    if any(c not in cols for c in REQUIRED["Results"]):
        return [], []
    games: list[Game] = []
    byes: list[Bye] = []
    for r, row in enumerate(table.rows):
        if all(empty_cell(v) for v in row):
            continue
        cell = functools.partial(_cell_ref, table, r, cols)
        get = functools.partial(_value, row, cols)
        rnd = round_number(get("round"))
        if rnd is None or rnd < 1:
            problems.append(Problem(cell("round"), tr("{value!r} is not a round number",
                                                       value=get("round"))))
            continue
        if rnd > MAX_ROUND:  # never let a typing slip size a list (1e9 was a MemoryError)
            problems.append(Problem(cell("round"), tr("round {round} is beyond {max_round}: a typing slip?",
                                                       round=rnd, max_round=MAX_ROUND)))
            continue
        board = None
        if "board" in cols and not empty_cell(get("board")):
            board = cell_int(get("board"))
            if board is None or not 1 <= board <= MAX_ROUND:
                problems.append(Problem(cell("board"), tr("{value!r} is not a board number",
                                                           value=get("board"))))
                board = None
        if empty_cell(get("white")):
            problems.append(Problem(cell("white"), tr("no {white} player",
                                                       white=schema.header("Results", "white", tr.lang))))
            continue
        white = names.resolve(get("white"), functools.partial(cell, "white"), problems)
        raw_result = get("result")
        black_raw = get("black")
        # a name that is in Players is that player, even 'Bye' or 'Vrij' (issue 11)
        is_bye = empty_cell(black_raw) or (normalised(black_raw) in (*BYE_WORDS, "-")
                                       and name_key(black_raw) not in names.players)
        if is_bye:
            if (not empty_cell(raw_result) and normalised(raw_result) in BYE_WORDS) or (
                    not empty_cell(black_raw) and empty_cell(raw_result)):
                if white:
                    byes.append(Bye(rnd, white, cell("white")))
            else:
                problems.append(Problem(cell("black"), tr(
                    "no {black} player: for a bye write 'bye' in {result} and leave {black} empty",
                    black=schema.header("Results", "black", tr.lang),
                    result=schema.header("Results", "result", tr.lang))))
            continue
        black = names.resolve(black_raw, functools.partial(cell, "black"), problems)
        if isinstance(raw_result, (_dt.datetime, _dt.date)):
            problems.append(Problem(cell("result"), tr(
                "{date} is a date: Excel changed what was typed; format the Result column as "
                "Text and type the result again", date=str(raw_result))))
            continue
        try:
            result = parse_result(raw_result)
        except ResultError as e:
            message = tr(e.msgid, **e.params)
            if isinstance(raw_result, str) and raw_result.lstrip().startswith("="):
                message += "; " + tr(
                    "if this is a formula, its value is not stored in the file (last saved by a "
                    "program that does not calculate): open and save the workbook in Excel or "
                    "LibreOffice, or type the result")
            problems.append(Problem(cell("result"), message))
            continue
        if white and black:
            games.append(Game(rnd, white, black, result, board, cell("result")))
    return games, byes


#: The engine's Pairings sheet in every language it is written in (WORKBOOK-CONTRACT.md).


def attendance_dates(book: Book) -> dict[int, _dt.date]:
    """Round -> date where the Attendance columns are headed by dates (the n-th date column
    is round n, as the reader maps them); {} when they are headed R1, R2, ... (issue 17: the
    rating report's round dates)."""
    name = find_sheet(book, "Attendance")
    if name is None:
        return {}
    dated = [_header_date(cell_text(h)) for h in book.read_table(name).headers if not empty_cell(h)]
    return dict(enumerate((d for d in dated if d is not None), start=1))
