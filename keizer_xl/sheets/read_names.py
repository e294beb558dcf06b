"""Finding the season's sheets, tables and columns by their names in every language, and reading
one cell's text, number or round (WORKBOOK-CONTRACT.md).  Shared by the table readers
(:mod:`.read_tables`), :func:`keizer_xl.sheets.read.read_season` and the actions that rewrite a
Results round."""
from __future__ import annotations

import re
import unicodedata
from typing import Any
from collections.abc import Sequence

from keizer_xl.core.setting_values import MAX_ROUND, did_you_mean
from keizer_xl.errors import SettingError, AmbiguousTables, Message, Problem
from keizer_xl.core.settings import Settings
from keizer_xl.i18n import Translator, translate, translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.tables import Book, Table, blank, column_letter, quote_sheet


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
ROUND_HEADER = re.compile(r"(?:r|ronde|runde|round|rd)?\s*\.?\s*(\d+)", re.I)


def find_sheet(book: Book, canonical: str) -> str | None:
    found = find_sheets(book, canonical)
    return found[0] if found else None


def find_sheets(book: Book, canonical: str) -> list[str]:
    """Every sheet that means ``canonical`` (by case, surrounding space or alias); more than
    one is an ambiguity :func:`read_season` refuses (issue 11)."""
    aliases = SHEET_ALIASES[canonical]
    return [name for name in book.sheet_names() if normalised(name) in aliases]


def pick_table(sheet: str, header_lists: Sequence[Sequence[Any]]) -> int:
    """Which of several Excel Tables on ``sheet`` is the input table: the one with the
    contract's required headers (WORKBOOK-CONTRACT.md), then the most known headers; the first
    when none has them.  Raises AmbiguousTables when two have every required header (issue 11:
    a second table on Results was read instead of the games)."""
    kind = next((k for k, names in SHEET_ALIASES.items() if normalised(sheet) in names), None)
    if kind is None or len(header_lists) < 2:
        return 0
    known = {n for names in HEADER_ALIASES[kind].values() for n in names}
    required = [HEADER_ALIASES[kind][c] for c in REQUIRED[kind]]
    scores = []
    for headers in header_lists:
        normed = {normalised(h) for h in headers if h is not None}
        scores.append((sum(1 for names in required if normed & set(names)), len(normed & known)))
    complete = [i for i, sc in enumerate(scores) if sc[0] == len(required)]
    if len(complete) > 1:
        raise AmbiguousTables(Message("{n} Excel Tables on this sheet have the {kind} headers "
                                      "({headers}): keep one", n=len(complete), kind=kind,
                                      headers=", ".join(REQUIRED[kind])))
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


ENGLISH_TR = translator("en")


def did_you_mean_in(text: str, options: Any, tr: Translator) -> str:
    """rules.did_you_mean's suffix in the message language."""
    return translate(did_you_mean(text, options), tr)


def setting_message(e: SettingError, tr: Translator) -> str:
    """A SettingError in the message language where it has a catalog id (else English)."""
    return translate(e, tr) if e.msgid else str(e)


def workbook_language(book: Book, settings: Settings | None = None) -> str:
    """The workbook's language (WORKBOOK-CONTRACT.md, Languages): the ``language`` setting,
    else the language of the input sheet names (schema.language_of_sheets)."""
    if settings is not None and settings.language:
        return settings.language
    return schema.language_of_sheets(book.sheet_names())


def normalised(text: Any) -> str:
    return _SPACES.sub(" ", str(text).strip()).casefold()


def find_columns(table: Table, kind: str, problems: list[Problem],
             tr: Translator = ENGLISH_TR) -> dict[str, int]:
    """Map canonical header -> column index; reports missing required and repeated headers."""
    found: dict[str, int] = {}
    aliases = HEADER_ALIASES[kind]
    for idx, header in enumerate(table.headers):
        h = normalised(header)
        for canonical, names in aliases.items():
            if h in names:
                if canonical in found:
                    problems.append(Problem(table.header_cell(idx),
                                            tr("column {header!r} appears twice", header=header)))
                else:
                    found[canonical] = idx
    for column, header in table.outside:
        # a known column typed right of an Excel Table past an empty column: the Table does
        # not reach it, and ignoring it (a Group column) would pair A players against B
        # players without a word (issue 26); right beside the Table it is read (region.py)
        if any(normalised(header) in names for names in aliases.values()):
            gap = column_letter(table.first_column + len(table.headers))
            problems.append(Problem(
                f"{quote_sheet(table.sheet)}!{column_letter(column)}{table.header_row}", tr(
                    "column {header!r} is outside the table: column {gap} between them is empty, "
                    "so it is not read. Move it to column {gap}, right beside the table, or "
                    "widen the table over it", header=header, gap=gap)))
    for canonical in REQUIRED[kind]:
        if canonical not in found:
            problems.append(Problem(f"{table.sheet}!1", tr(
                "no {column} column (headers found: {found})",
                column=schema.header(kind, canonical, tr.lang),
                found=", ".join(repr(h) for h in table.headers if h) or tr("none"))))
    return found


def next_column(table: Table) -> str:
    return column_letter(table.first_column + len(table.headers))


def empty_cell(value: Any) -> bool:
    # the three kinds of cell a sheet holds first, without a call (issue 25: 9,500 calls on a
    # 60 x 35 season); any other type (a numpy float) the general way
    if value is None:
        return True
    t = type(value)
    if t is str:
        return not value.strip()
    if t is float or t is int:
        return bool(value != value)
    return blank(value) or (isinstance(value, float) and value != value)  # NaN from a frame


def cell_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip()
    # only a run of spaces or a space other than ' ' (all of them unprintable) changes: most
    # cells of a season need no substitution (issue 25, thousands per read)
    return _SPACES.sub(" ", text) if "  " in text or not text.isprintable() else text


def name_key(raw: Any) -> str:
    """How two spellings of a player's name are compared: case, runs of spaces, Unicode
    composition (José typed as e + accent) and invisible format characters (a zero-width
    space pasted from a website) do not make a different player."""
    text = cell_text(raw)
    if text.isascii():  # NFKC and format characters change nothing here; \s is str.isspace
        return " ".join(text.split()).casefold()
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return re.sub(r"\s+", " ", text).strip().casefold()


def cell_int(value: Any) -> int | None:
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


def round_number(value: Any) -> int | None:
    """1, 1.0, '1', 'R1', 'Ronde 1', 'Runde 1' -> 1 (as the Attendance headers)."""
    n = cell_int(value)
    if n is None and isinstance(value, str):
        m = ROUND_HEADER.fullmatch(cell_text(value))
        n = int(m.group(1)) if m and len(m.group(1)) <= 12 else None
    return n


def result_header_map(table: Table) -> dict[str, str]:
    """Canonical Results column (Round, Board, White, Black, Result) -> the header as typed."""
    found = find_columns(table, "Results", [])
    return {canonical.capitalize(): table.headers[idx] for canonical, idx in found.items()}


def result_round_numbers(table: Table) -> list[int | None]:
    """The Round of each data row of a Results table, read exactly as :func:`read_results`
    reads it (``3``, ``3.0``, ``'R3'``, ``'Ronde 3'``), None where it is not a round: the one
    round parser, so that pairing a round again finds the rows the reader counted."""
    col = find_columns(table, "Results", []).get("round")
    if col is None:
        return [None] * len(table.rows)
    out: list[int | None] = []
    for row in table.rows:
        n = round_number(row[col]) if col < len(row) else None
        # 1e300 or a 12-digit number is no round (read_results refuses it with its cell)
        out.append(n if n is not None and 1 <= n <= MAX_ROUND else None)
    return out
