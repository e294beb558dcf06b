"""The Attendance table read into the season's absences: which column is which round (``R1``,
``1`` or the evening's date), each code in the workbook's language, ``attendance_default
absent`` (a blank cell is not signed up); and the round dates its headers give (the rating
report's).  Every problem is added to the caller's list with its ``Sheet!Cell``."""
from __future__ import annotations

import datetime as _dt
import itertools
import re
from dataclasses import dataclass
from typing import Any
from collections.abc import Sequence

from keizer_xl.core.model import Absence, BUILTIN_CODES
from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.core.settings import Settings
from keizer_xl.errors import Message, Problem
from keizer_xl.i18n import Translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import (
    ENGLISH_TR,
    HEADER_ALIASES,
    ROUND_HEADER,
    cell_text,
    did_you_mean_in,
    find_columns,
    find_sheet,
    normalised,
    empty_cell,
)
from keizer_xl.sheets.read_tables import PlayerNames
from keizer_xl.sheets.tables import Book, Table


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
            parts = dict(zip(order, (int(g) for g in m.groups()), strict=True))
            year = parts["y"] + (2000 if parts["y"] < 100 else 0)
            try:
                return _dt.date(year, parts["m"], parts["d"])
            except ValueError:
                return None
    return None


def _attendance_columns(table: Table, name_col: int, codes: set[str],
                        problems: list[Problem], tr: Translator = ENGLISH_TR
                        ) -> tuple[list[tuple[int, int]], list[str]]:
    """Which columns are which round (WORKBOOK-CONTRACT.md: R1, R2, ... or 1, 2, ...), as
    (column index, round), and what reading them noted.

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

    def first_code(values: list[tuple[int, Any]]) -> tuple[int, Any] | None:
        return next(((r, v) for r, v in values if cell_text(v).upper() in codes), None)

    for idx, header in enumerate(table.headers):
        if idx == name_col:
            continue
        text = cell_text(header) if not empty_cell(header) else ""
        m = ROUND_HEADER.fullmatch(text) if text else None
        rnd = (int(m.group(1)) if len(m.group(1)) <= 6 else MAX_ROUND + 1) if m else 0
        if 1 <= rnd <= MAX_ROUND:  # a round's column: its cells are read below (issue 25)
            numbered.append((idx, rnd))
            continue
        values = filled(idx)
        if not text:
            if coded := first_code(values):
                r, v = coded
                problems.append(Problem(table.header_cell(idx), tr(
                    "this column has no header but holds the code {code!r} ({where}): head it "
                    "with its round (R1, R2, ...)", code=cell_text(v), where=table.cell(r, idx))))
            elif values:
                notes.append(Message("{where}: a column without a header; ignored",
                                     where=table.header_cell(idx)))
            continue
        day = None if m else _header_date(text)
        if day is not None:
            dated.append((idx, day))
            continue
        if not m and normalised(text) in _ATTENDANCE_EXTRA:
            continue
        if m and values:
            problems.append(Problem(table.header_cell(idx), tr(
                "{header!r} is not a round (rounds are 1 to {max_round}), but its column "
                "holds {value!r} ({where})", header=text, max_round=MAX_ROUND,
                value=cell_text(values[0][1]), where=table.cell(values[0][0], idx))))
        elif coded := first_code(values):
            r, v = coded
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
        return numbered, notes
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
        return rounds, notes
    return numbered, notes



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
    round_cols, column_notes = _attendance_columns(table, cols["name"], codes, problems, tr)
    if notes is not None:
        notes.extend(column_notes)
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



def dated_rounds(headers: Sequence[Any]) -> dict[int, int]:
    """Column (0-based, of ``headers``) -> round, for every Attendance header that is a date
    (the n-th date column is round n, as the reader maps them)."""
    dated = [i for i, h in enumerate(headers) if not empty_cell(h) and _header_date(cell_text(h))]
    return {i: n for n, i in enumerate(dated, start=1)}


def attendance_dates(book: Book) -> dict[int, _dt.date]:
    """Round -> date where the Attendance columns are headed by dates (the n-th date column
    is round n, as the reader maps them); {} when they are headed R1, R2, ... (issue 17: the
    rating report's round dates)."""
    name = find_sheet(book, "Attendance")
    if name is None:
        return {}
    dated = [_header_date(cell_text(h)) for h in book.read_table(name).headers if not empty_cell(h)]
    return dict(enumerate((d for d in dated if d is not None), start=1))

