"""Maps sheet tables to the season model and back (WORKBOOK-CONTRACT.md).

Shared by every transport: it sees only :class:`~keizer_xl.sheets.tables.Table` objects.  All problems
are collected (with ``Sheet!Cell`` addresses) and raised together as one InputError, so the
competition leader fixes everything in one go.
"""
from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Sequence, overload

from keizer_xl.core.numbers import display
from keizer_xl.errors import AmbiguousTables, InputError, Message, Problem, UnknownSettingError
from keizer_xl.core.model import (BUILTIN_CODES, Absence, Bye, Game, Player, Result,
                    ResultError, Season, parse_result, validate)
from keizer_xl.core.rules import (MAX_ROUND, Settings, SettingError, ValueBasis, build_settings, check_key, did_you_mean,
                                  parse_setting)
from keizer_xl.core.values import value_scale_check
from keizer_xl.i18n import (Translator, message_language, record_book_language, translate,
                             translator)
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Rows, SheetStyle
from keizer_xl.sheets.tables import Book, Table, blank

if TYPE_CHECKING:  # reading a workbook needs no pandas; only input_frames builds DataFrames
    import pandas as pd

# --------------------------------------------------------------------------- names

# Every name and header in every language comes from schema.py (WORKBOOK-CONTRACT.md, Languages).
SHEET_ALIASES: dict[str, frozenset[str]] = {kind: schema.sheet_names_read(kind)
                                            for kind in schema.INPUT_SHEETS}

HEADER_ALIASES: dict[str, dict[str, tuple[str, ...]]] = {kind: schema.header_aliases(kind)
                                                         for kind in schema.INPUT_SHEETS}

REQUIRED = {"Settings": ("setting", "value"), "Players": ("name",), "Attendance": ("name",),
            "Results": ("round", "white", "black", "result")}

#: Sheets the engine writes; everything else belongs to the user.
OWNED_SHEETS = schema.OWNED_SHEETS

_SPACES = re.compile(r"\s+")  # compiled once: every name and code read goes through it
_ROUND_HEADER = re.compile(r"(?:r|ronde|runde|round|rd)?\s*\.?\s*(\d+)", re.I)


def find_sheet(book: Book, canonical: str) -> str | None:
    found = find_sheets(book, canonical)
    return found[0] if found else None


def find_sheets(book: Book, canonical: str) -> list[str]:
    """Every sheet that means ``canonical`` (by case, surrounding space or alias); more than
    one is an ambiguity :func:`read_season` refuses (issue 11)."""
    aliases = SHEET_ALIASES[canonical]
    return [name for name in book.sheet_names() if _norm(name) in aliases]


def pick_table(sheet: str, header_lists: Sequence[Sequence[Any]]) -> int:
    """Which of several Excel Tables on ``sheet`` is the input table: the one with the
    contract's required headers (WORKBOOK-CONTRACT.md), then the most known headers; the first
    when none has them.  Raises AmbiguousTables when two have every required header (issue 11:
    a second table on Results was read instead of the games)."""
    kind = next((k for k, names in SHEET_ALIASES.items() if _norm(sheet) in names), None)
    if kind is None or len(header_lists) < 2:
        return 0
    known = {n for names in HEADER_ALIASES[kind].values() for n in names}
    required = [HEADER_ALIASES[kind][c] for c in REQUIRED[kind]]
    scores = []
    for headers in header_lists:
        normed = {_norm(h) for h in headers if h is not None}
        scores.append((sum(1 for names in required if normed & set(names)), len(normed & known)))
    complete = [i for i, sc in enumerate(scores) if sc[0] == len(required)]
    if len(complete) > 1:
        raise AmbiguousTables(Message("{n} Excel Tables on this sheet have the {kind} headers "
                                      "({headers}): keep one", n=len(complete), kind=kind,
                                      headers=", ".join(REQUIRED[kind])))
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


_ENGLISH = translator("en")


def _dym(text: str, options: Any, tr: Translator) -> str:
    """rules.did_you_mean's suffix in the message language."""
    english = did_you_mean(text, options)
    prefix = "; did you mean "
    if not english.startswith(prefix):
        return english
    return tr("; did you mean {suggestion}?", suggestion=english[len(prefix):-1])


def _setting_message(e: SettingError, tr: Translator) -> str:
    """A SettingError in the message language where it has a catalog id (else English)."""
    return translate(e, tr) if e.msgid else str(e)


def workbook_language(book: Book, settings: Settings | None = None) -> str:
    """The workbook's language (WORKBOOK-CONTRACT.md, Languages): the ``language`` setting,
    else the language of the input sheet names (schema.language_of_sheets)."""
    if settings is not None and settings.language:
        return settings.language
    return schema.language_of_sheets(book.sheet_names())


def _norm(text: Any) -> str:
    return _SPACES.sub(" ", str(text).strip()).casefold()


def _columns(table: Table, kind: str, problems: list[Problem],
             tr: Translator = _ENGLISH) -> dict[str, int]:
    """Map canonical header -> column index; reports missing required and repeated headers."""
    found: dict[str, int] = {}
    aliases = HEADER_ALIASES[kind]
    for idx, header in enumerate(table.headers):
        h = _norm(header)
        for canonical, names in aliases.items():
            if h in names:
                if canonical in found:
                    problems.append(Problem(table.header_cell(idx),
                                            tr("column {header!r} appears twice", header=header)))
                else:
                    found[canonical] = idx
    for canonical in REQUIRED[kind]:
        if canonical not in found:
            problems.append(Problem(f"{table.sheet}!1", tr(
                "no {column} column (headers found: {found})",
                column=schema.header(kind, canonical, tr.lang),
                found=", ".join(repr(h) for h in table.headers if h) or tr("none"))))
    return found


def _next_column(table: Table) -> str:
    from keizer_xl.sheets.tables import column_letter

    return column_letter(table.first_column + len(table.headers))


def _blank(value: Any) -> bool:
    return blank(value) or (isinstance(value, float) and value != value)  # NaN from a frame


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return _SPACES.sub(" ", str(value).strip())


def name_key(raw: Any) -> str:
    """How two spellings of a player's name are compared: case, runs of spaces, Unicode
    composition (José typed as e + accent) and invisible format characters (a zero-width
    space pasted from a website) do not make a different player."""
    text = unicodedata.normalize("NFKC", _text(raw))
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return re.sub(r"\s+", " ", text).strip().casefold()


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    # at most 12 digits: a longer digit string is no count a club types (and int() of a
    # 5,000-digit text raises in Python 3.11)
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,12}\s*", value):
        return int(value)
    return None


def _round_number(value: Any) -> int | None:
    """1, 1.0, '1', 'R1', 'Ronde 1', 'Runde 1' -> 1 (as the Attendance headers)."""
    n = _int(value)
    if n is None and isinstance(value, str):
        m = _ROUND_HEADER.fullmatch(_text(value))
        n = int(m.group(1)) if m and len(m.group(1)) <= 12 else None
    return n


# --------------------------------------------------------------------------- reading

@dataclass
class _Names:
    """Player lookup that forgives case and spacing but reports unknown names."""

    players: dict[str, str]  # casefolded -> name as in Players

    tr: Translator = _ENGLISH

    def resolve(self, raw: Any, where: str | Callable[[], str],
                problems: list[Problem]) -> str | None:
        """The name as in Players; ``where`` (the cell, or a function that names it: a cell is
        only named for a problem) is where an unknown name is reported."""
        text = _text(raw)
        name = self.players.get(name_key(text))
        if name is None:
            problems.append(Problem(where if isinstance(where, str) else where(), self.tr(
                "{text!r} is not in {players}", text=text,
                players=schema.sheet_name("Players", self.tr.lang))
                + _dym(text, self.players.values(), self.tr)))
        return name


def read_settings(table: Table | None, problems: list[Problem],
                  origins: dict[str, str] | None = None,
                  code_origins: dict[str, str] | None = None,
                  tr: Translator = _ENGLISH) -> Settings:
    """The Settings sheet; ``origins`` (when given) receives the Value cell of each setting,
    ``code_origins`` the cell of each club code's row."""
    if table is None:
        return Settings()
    cols = _columns(table, "Settings", problems, tr)
    if "setting" not in cols or "value" not in cols:
        return Settings()
    ki, vi = cols["setting"], cols["value"]
    pairs: list[tuple[str, Any]] = []
    origin: dict[str, str] = {}
    for r, row in enumerate(table.rows):
        key, value = row[ki], row[vi]
        if _blank(key):
            if not _blank(value):
                problems.append(Problem(table.cell(r, ki), tr("value {value!r} has no setting name",
                                                               value=value)))
            continue
        if str(key).strip().startswith("#"):
            continue  # a comment row
        if _blank(value):
            # an empty value means "the preset's value" (the template lists the common keys
            # empty, so changing the preset changes them); the key must still be a setting
            try:
                check_key(str(key))
            except SettingError as e:
                problems.append(Problem(table.cell(r, ki), _setting_message(e, tr)))
            continue
        try:
            field_name, parsed = parse_setting(str(key), value)
        except SettingError as e:
            unknown = isinstance(e, UnknownSettingError)  # at the name's cell, else the value's
            where = table.cell(r, ki) if unknown else table.cell(r, vi)
            problems.append(Problem(where, _setting_message(e, tr) if unknown
                                    else f"{_text(key)}: {_setting_message(e, tr)}"))
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
        problems.append(Problem(where, _setting_message(e, tr)))
        return Settings()


#: A rating above this is a typing slip (the best players in the world are near 2900).
MAX_RATING = 4000

#: ``Status`` ``withdrawn`` without a round: resolved by :func:`_resolve_bare_withdrawals`.
_BARE_WITHDRAWN = -1


def read_players(table: Table, problems: list[Problem],
                 joined_cells: dict[str, str] | None = None,
                 status_cells: dict[str, str] | None = None,
                 tr: Translator = _ENGLISH) -> list[Player]:
    """The Players sheet.  ``joined_cells`` (when given) receives, for every player whose
    ``Joined`` is empty, the cell to fill in (late-entrant warning, issue 11);
    ``status_cells`` the Status cell of every player marked ``withdrawn`` without a round."""
    cols = _columns(table, "Players", problems, tr)
    if "name" not in cols:
        return []
    players: list[Player] = []
    seen: dict[str, str] = {}
    starts: dict[int, str] = {}
    for r, row in enumerate(table.rows):
        if all(_blank(v) for v in row):
            continue
        get: Callable[[str], Any] = lambda c: row[cols[c]] if c in cols else None  # noqa: E731
        cell: Callable[[str], str] = lambda c: table.cell(r, cols[c])  # noqa: E731
        raw_name = get("name")
        if _blank(raw_name):
            problems.append(Problem(cell("name"), tr("this row has data but no name")))
            continue
        name = _text(raw_name)
        if name_key(name) in seen:
            problems.append(Problem(cell("name"), tr("{name!r} appears twice (also at {where})",
                                                      name=name, where=seen[name_key(name)])))
            continue
        seen[name_key(name)] = cell("name")
        rating = None
        if not _blank(get("rating")):
            rating = _int(get("rating"))
            if rating is None or rating < 0 or rating > MAX_RATING:
                problems.append(Problem(cell("rating"), tr("{value!r} is not a rating (a whole number)",
                                                            value=get("rating"))))
                rating = None
        start = None
        if not _blank(get("start")):
            start = _int(get("start"))
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
        if not _blank(get("joined")):
            j = _round_number(get("joined"))  # 3, '3', 'R3', 'Ronde 3'
            if j is None or j < 1 or j > MAX_ROUND:
                problems.append(Problem(cell("joined"), tr("{value!r} is not a round number "
                                                            "(1 to {max_round})",
                                                            value=get("joined"), max_round=MAX_ROUND)))
            else:
                joined = j
        elif joined_cells is not None:
            joined_cells[name] = (cell("joined") if "joined" in cols else
                                  f"{table.sheet}!{_next_column(table)}1 (a new Joined column)")
        withdrawn = None
        if not _blank(get("status")):
            status = _norm(get("status"))
            m = re.fullmatch(r"(withdrawn|teruggetrokken|zurückgezogen|zurueckgezogen|retiré|retire)"
                             r"(?:\s+(?:from\s+|vanaf\s+|ab\s+)?(?:round\s+|ronde\s+|runde\s+|r)?(\d+))?", status)
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
                withdrawn = _BARE_WITHDRAWN
                if status_cells is not None:
                    status_cells[name] = cell("status")
            else:
                problems.append(Problem(cell("status"), tr(
                    "{value!r} is not a status (active, or withdrawn R)", value=get("status"))))
        players.append(Player(
            name=name, rating=rating, start=start, joined=joined, withdrawn_round=withdrawn,
            club=_text(get("club")) if not _blank(get("club")) else "",
            id=_text(get("id")) if not _blank(get("id")) else "", origin=cell("name"),
            group=_optional_text(get("group")),
            categories=_categories(get("category")),
            sex=_optional_text(get("sex")), birth=_optional_text(get("birth")),
            federation=_optional_text(get("federation")),
            fide_id=_optional_text(get("fide_id")), knsb_id=_optional_text(get("knsb_id"))))
    return players


def _optional_text(value: Any) -> str:
    """A free-text Players cell ('' when blank); a date cell as YYYY/MM/DD (TRF's form)."""
    if _blank(value):
        return ""
    if hasattr(value, "strftime"):
        return str(value.strftime("%Y/%m/%d"))
    return _text(value)


def _categories(value: Any) -> tuple[str, ...]:
    """``Jeugd, Dames``: several categories per player (issue 18), in the order typed."""
    if _blank(value):
        return ()
    parts = (p.strip() for p in re.split(r"[,;]", _text(value)))
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
                        problems: list[Problem], tr: Translator = _ENGLISH) -> _AttendanceColumns:
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
        return [(r, row[idx]) for r, row in enumerate(table.rows) if not _blank(row[idx])]

    for idx, header in enumerate(table.headers):
        if idx == name_col:
            continue
        text = _text(header) if not _blank(header) else ""
        values = filled(idx)
        if not text:
            coded = [(r, v) for r, v in values if _text(v).upper() in codes]
            if coded:
                r, v = coded[0]
                problems.append(Problem(table.header_cell(idx), tr(
                    "this column has no header but holds the code {code!r} ({where}): head it "
                    "with its round (R1, R2, ...)", code=_text(v), where=table.cell(r, idx))))
            elif values:
                notes.append(Message("{where}: a column without a header; ignored",
                                     where=table.header_cell(idx)))
            continue
        m = _ROUND_HEADER.fullmatch(text)
        if m:
            rnd = int(m.group(1)) if len(m.group(1)) <= 6 else MAX_ROUND + 1
            if 1 <= rnd <= MAX_ROUND:
                numbered.append((idx, rnd))
            elif values:
                problems.append(Problem(table.header_cell(idx), tr(
                    "{header!r} is not a round (rounds are 1 to {max_round}), but its column "
                    "holds {value!r} ({where})", header=text, max_round=MAX_ROUND,
                    value=_text(values[0][1]), where=table.cell(values[0][0], idx))))
            else:
                notes.append(Message("{where}: column {header!r} is not a round and is empty; "
                                     "ignored", where=table.header_cell(idx), header=text))
            continue
        day = _header_date(text)
        if day is not None:
            dated.append((idx, day))
            continue
        if _norm(text) in _ATTENDANCE_EXTRA:
            continue
        coded = [(r, v) for r, v in values if _text(v).upper() in codes]
        if coded:
            r, v = coded[0]
            problems.append(Problem(table.header_cell(idx), tr(
                "{header!r} is not a round header (R1, R2, ... or a date), but its column holds "
                "the code {code!r} ({where}): head it with its round", header=text, code=_text(v),
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
        for (i_prev, d_prev), (i, d) in zip(dated, dated[1:]):
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


#: ``attendance_default absent`` (issue 18): what a player types to sign up for a round, in
#: every language (a cell left blank is an excused absence, E); the codes E/U/C/L and the
#: club's codes keep their meaning.  Documented in docs/club-year.md.
PRESENT_MARKS = frozenset({"X", "+", "1", "✓", "V", "YES", "Y", "JA", "J", "OUI", "O",
                           "PRESENT", "AANWEZIG", "ANWESEND", "PRÉSENT"})


@dataclass(frozen=True)
class DefaultAbsence(Absence):
    """A blank Attendance cell under ``attendance_default absent``: dropped where the player
    turns out to have played (a game or the bye in Results says he came)."""


def read_attendance(table: Table | None, names: _Names, settings: Settings,
                    problems: list[Problem], notes: list[str] | None = None,
                    lang: str = "en", tr: Translator = _ENGLISH) -> tuple[list[Absence], list[int]]:
    """``lang``'s own letters (schema.CODE_LETTERS, e.g. Dutch A afgemeld) are read as the
    built-in code they stand for; ``notes`` (when given) receives the notes on the columns."""
    if table is None:
        return [], []
    cols = _columns(table, "Attendance", problems, tr)
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
        if all(_blank(v) for v in row):
            continue
        raw = row[cols["name"]]
        where = table.cell(r, cols["name"])
        if _blank(raw):
            if any(not _blank(row[i]) for i, _ in round_cols):
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
            if by_default_absent and (_blank(value) or (_text(value).upper() in PRESENT_MARKS
                                                        and _text(value).upper() not in codes)):
                if _blank(value):  # attendance_default absent: not signed up (issue 18)
                    absences.append(DefaultAbsence(rnd, name, "E", table.cell(r, idx)))
                continue
            if _blank(value):
                continue
            code = _text(value).upper()
            if code not in codes:
                known = ", ".join([*BUILTIN_CODES, *letters, *sorted(settings.code_map)])
                problems.append(Problem(table.cell(r, idx), tr(
                    "{text!r} is not an attendance code ({known}); a row 'code {code}' in "
                    "{settings} defines a club code", text=_text(value), known=known,
                    code=code, settings=schema.sheet_name("Settings", tr.lang))
                    + _dym(code, codes, tr)))
                continue
            absences.append(Absence(rnd, name, letters.get(code, code), table.cell(r, idx)))
    if by_default_absent:  # a player without a row has signed up for no round
        listed = set(seen)
        absences.extend(DefaultAbsence(rnd, name, "E", table.sheet)
                        for name in names.players.values() if name not in listed
                        for _, rnd in round_cols)
    return absences, sorted(seen_rounds)


def read_results(table: Table | None, names: _Names, problems: list[Problem],
                 tr: Translator = _ENGLISH) -> tuple[list[Game], list[Bye]]:
    if table is None:
        return [], []
    cols = _columns(table, "Results", problems, tr)
    if any(c not in cols for c in REQUIRED["Results"]):
        return [], []
    games: list[Game] = []
    byes: list[Bye] = []
    for r, row in enumerate(table.rows):
        if all(_blank(v) for v in row):
            continue
        cell: Callable[[str], str] = lambda c: table.cell(r, cols[c])  # noqa: E731
        get: Callable[[str], Any] = lambda c: row[cols[c]] if c in cols else None  # noqa: E731
        rnd = _round_number(get("round"))
        if rnd is None or rnd < 1:
            problems.append(Problem(cell("round"), tr("{value!r} is not a round number",
                                                       value=get("round"))))
            continue
        if rnd > MAX_ROUND:  # never let a typing slip size a list (1e9 was a MemoryError)
            problems.append(Problem(cell("round"), tr("round {round} is beyond {max_round}: a typing slip?",
                                                       round=rnd, max_round=MAX_ROUND)))
            continue
        board = None
        if "board" in cols and not _blank(get("board")):
            board = _int(get("board"))
            if board is None or not 1 <= board <= MAX_ROUND:
                problems.append(Problem(cell("board"), tr("{value!r} is not a board number",
                                                           value=get("board"))))
                board = None
        if _blank(get("white")):
            problems.append(Problem(cell("white"), tr("no {white} player",
                                                       white=schema.header("Results", "white", tr.lang))))
            continue
        white = names.resolve(get("white"), lambda: cell("white"), problems)
        raw_result = get("result")
        black_raw = get("black")
        # a name that is in Players is that player, even 'Bye' or 'Vrij' (issue 11)
        is_bye = _blank(black_raw) or (_norm(black_raw) in ("bye", "-", "vrij", "spielfrei")
                                       and name_key(black_raw) not in names.players)
        if is_bye:
            if not _blank(raw_result) and _norm(raw_result) == "bye" or (
                    not _blank(black_raw) and _blank(raw_result)):
                if white:
                    byes.append(Bye(rnd, white, cell("white")))
            else:
                problems.append(Problem(cell("black"), tr(
                    "no {black} player: for a bye write 'bye' in {result} and leave {black} empty",
                    black=schema.header("Results", "black", tr.lang),
                    result=schema.header("Results", "result", tr.lang))))
            continue
        black = names.resolve(black_raw, lambda: cell("black"), problems)
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
PAIRINGS_SHEET_NAMES = schema.sheet_names_read("Pairings")

#: Results rounds may skip a few rounds (an evening without games); a round more than this
#: many after the round before it is taken for a typing slip (issue 11: "far beyond the rows").
MAX_ROUND_GAP = 10


def read_season(book: Book, repair_round: int | str | None = None, *,
                for_pairing: bool = False) -> Season:
    """Read and validate the four input sheets; raises InputError listing every problem.

    ``repair_round`` (a round number, or ``"last"`` for the last paired round) is a round about
    to be paired again: its games that have not started and its bye are dropped before
    validation, since the new pairing replaces them (a player who cancelled after the pairing
    is then simply absent, not "absent and playing").

    ``for_pairing``: the caller is about to rewrite the Pairings sheet, so a result typed only
    there is a problem rather than read (see :func:`_merge_pairings_sheet`)."""
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
    names = _Names({name_key(p.name): p.name for p in players}, tr)
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
        absences = [a for a in absences
                    if not (isinstance(a, DefaultAbsence) and (a.round, a.player) in came)]
    if repair_round is not None:
        paired = sorted({g.round for g in games} | {b.round for b in byes})
        rnd = (paired[-1] if paired else 0) if repair_round == "last" else repair_round
        games = [g for g in games if g.round != rnd or g.result is not Result.PENDING]
        byes = [b for b in byes if b.round != rnd]
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
                           tr: Translator = _ENGLISH) -> bool:
    """Two sheets that both mean ``canonical`` as the file itself lists them, for clients that
    know (``stored_sheets``: the file client, whose library renames a second 'results' to
    'results1' before the reader could see it).  True when a problem was added.  A chart
    sheet named like an input sheet, or a sheet whose content is missing, the file client
    refuses when it opens the file (clients/xlsx.preflight), before anything is read."""
    stored = getattr(book, "stored_sheets", None)
    if not stored:
        return False
    aliases = SHEET_ALIASES[canonical]
    mine = [name for name in stored if _norm(name) in aliases]
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
                tr: Translator = _ENGLISH) -> Table | None:
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
                             tr: Translator = _ENGLISH) -> list[Problem]:
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
    cols = _columns(table, "Results", [])
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
        found = {_norm(v) for v in row if not _blank(v)}
        if all(any(name in found for name in aliases[k]) for k in keys):
            headers = tuple("" if _blank(v) else _text(v) for v in row)
            return Table(t.sheet, headers, tuple(t.rows[offset:]), t.header_row + offset,
                         t.first_column)
    return None


def _merge_pairings_sheet(book: Book, games: list[Game], names: _Names,
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
        if _norm(sheet) not in PAIRINGS_SHEET_NAMES:
            continue
        try:
            raw_table = book.read_table(sheet)
        except (KeyError, ValueError, LookupError):
            continue  # an engine sheet the client cannot read holds no results to compare
        t = engine_table(raw_table, "Results", ("white", "black", "result"))
        if t is None:
            continue
        cols = _columns(t, "Results", [])
        for r, row in enumerate(t.rows):
            raw = row[cols["result"]] if cols["result"] < len(row) else None
            if _blank(raw):
                continue
            white = names.players.get(name_key(row[cols["white"]])) if not _blank(
                row[cols["white"]]) else None
            black = names.players.get(name_key(row[cols["black"]])) if not _blank(
                row[cols["black"]]) else None
            if white is None or black is None:
                continue  # the bye and absent blocks under the boards: no game
            where = t.cell(r, cols["result"])
            index = latest.get((white, black))
            if index is None:
                problems.append(Problem(where, tr(
                    "a result ({result!r}) for {white} - {black}, a game that is not in "
                    "{results}: type results in {results}", result=_text(raw), white=white,
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
                    result=_text(raw), white=white, black=black, round=game.round,
                    where=game.origin, counted=game.result.value)))
            elif for_pairing:
                problems.append(Problem(where, tr(
                    "{result!r} (round {round}, {white} - {black}) is typed only on the {sheet} "
                    "sheet, which pairing rewrites: type it in {results} at {where} first",
                    result=_text(raw), sheet=sheet, results=results, where=game.origin,
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
        if p.withdrawn_round != _BARE_WITHDRAWN:
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
                       tr: Translator = _ENGLISH) -> list[Problem]:
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
    for p in season.players:
        if p.name not in joined_cells:
            continue
        mine = sorted({g.round for g in season.games if p.name in (g.white, g.black)} |
                      {b.round for b in season.byes if b.player == p.name})
        if not mine or mine[0] <= 1:
            continue
        k = mine[0]
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
                                    tr: Translator = _ENGLISH) -> list[Problem]:
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


# --------------------------------------------------------------------------- writing

def not_yet_members(season: Season, rnd: int) -> list[str]:
    """Players whose ``Joined`` round is after round ``rnd``: in the start list and the engine's
    arithmetic (rules section 7), but not ranked on the Standings sheet yet."""
    return [p.name for p in season.players if p.joined > rnd]


def _shown_rounded(column: Any) -> bool:
    return column in ("Score", "Value", "Prev value") or bool(re.fullmatch(r"R\d+", str(column)))


@overload
def standings_table(frame: Rows, lang: str = ...,
                    not_yet: Sequence[str] = ...) -> tuple[Rows, SheetStyle]: ...


@overload
def standings_table(frame: "pd.DataFrame", lang: str = ...,
                    not_yet: Sequence[str] = ...) -> tuple["pd.DataFrame", SheetStyle]: ...


def standings_table(frame: "pd.DataFrame | Rows", lang: str = "en",
                    not_yet: Sequence[str] = ()) -> tuple["pd.DataFrame | Rows", SheetStyle]:
    """The Standings sheet: exact frame (a DataFrame, or :class:`Rows` without pandas) ->
    display values and layout, headed in ``lang`` (schema.COLUMNS["Standings"]; the round
    columns are R1, R2, ... in every language).  Players in ``not_yet`` (not yet a member after
    this round) show '-' as their Rank (issue 11)."""
    waiting = set(not_yet)
    out: "pd.DataFrame | Rows"
    if isinstance(frame, Rows):
        columns = list(frame.columns)
        rounded = [_shown_rounded(c) for c in columns]
        rank = columns.index("Rank") if "Rank" in columns else None
        name = columns.index("Name") if "Name" in columns else None
        rows = []
        for row in frame.rows:
            values = [display(v) if r else v for v, r in zip(row, rounded)]
            if waiting and rank is not None and name is not None and values[name] in waiting:
                values[rank] = "-"
            rows.append(tuple(values))
        out = Rows(frame.columns, tuple(rows))
    else:
        import pandas as pd

        out = frame.copy()
        if waiting and "Rank" in out.columns and "Name" in out.columns:
            out["Rank"] = pd.Series(["-" if n in waiting else r
                                     for r, n in zip(out["Rank"], out["Name"])],
                                    index=out.index, dtype=object)
        for col in out.columns:
            if _shown_rounded(col):
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
    names = {schema.header("Standings", key, "en"): schema.header("Standings", key, lang)
             for key in schema.COLUMNS["Standings"]}
    # a longer translated header ("Vorheriger Wert") widens its column; English keeps its widths
    widths = {names.get(c, c): w if names.get(c, c) == c else max(w, len(names[c]) + 2)
              for c, w in widths.items()}
    formats = {names.get(c, c): f for c, f in formats.items()}
    if isinstance(out, Rows):
        out = Rows(tuple(names.get(c, c) for c in out.columns), out.rows)
    else:
        out = out.rename(columns=names)
    style = SheetStyle(title=schema.sheet_name("Standings", lang), number_formats=formats,
                       widths=widths, highlight_rows=3, landscape=len(out.columns) > 20)
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
    import pandas as pd

    players = pd.DataFrame(
        [{"Name": p.name, "Rating": p.rating, "Start": p.start,
          "Joined": p.joined if p.joined != 1 else None,
          "Status": f"withdrawn {p.withdrawn_round}" if p.withdrawn_round else None,
          "Club": p.club or None, "Id": p.id or None, "Group": p.group or None,
          "Category": ", ".join(p.categories) or None, "Sex": p.sex or None,
          "Birth": p.birth or None, "Federation": p.federation or None,
          "FIDE id": p.fide_id or None, "KNSB id": p.knsb_id or None}
         for p in season.players],
        columns=["Name", "Rating", "Start", "Joined", "Status", "Club", "Id", "Group",
                 "Category", "Sex", "Birth", "Federation", "FIDE id", "KNSB id"])
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
        # 1e300 or a 12-digit number is no round (read_results refuses it with its cell)
        out.append(n if n is not None and 1 <= n <= MAX_ROUND else None)
    return out


def attendance_dates(book: Book) -> dict[int, _dt.date]:
    """Round -> date where the Attendance columns are headed by dates (the n-th date column
    is round n, as the reader maps them); {} when they are headed R1, R2, ... (issue 17: the
    rating report's round dates)."""
    name = find_sheet(book, "Attendance")
    if name is None:
        return {}
    dated = [_header_date(_text(h)) for h in book.read_table(name).headers if not _blank(h)]
    return {n: d for n, d in enumerate((d for d in dated if d is not None), start=1)}
