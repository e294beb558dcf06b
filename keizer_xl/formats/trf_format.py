"""FIDE TRF, the format as keizer-xl reads and writes it: the 001 line's columns, the result
codes and what they become here both ways, the digits a number field may hold.

Facts from the FIDE TRF-16 description and chesspairing's ``trf/read.go``, ``trf/write.go``,
``trf/trf.go`` (read, never copied); the columns (counted from 1, as the spec counts them), the
codes both ways and chesspairing's dialect are tabled in docs/import-export.md.  The reader is
:mod:`keizer_xl.formats.trf_read`, the writer :mod:`keizer_xl.formats.trf_write`.
"""
from __future__ import annotations

import re

from keizer_xl.core.model import Result
from keizer_xl.formats.trf_lines import ROUND_WIDTH


#: The 001 line's fields: (first, last) column, counted from 1 as the spec does.
FIELDS: dict[str, tuple[int, int]] = {
    "start": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
    "federation": (54, 56), "id": (58, 68), "birth": (70, 79), "points": (81, 84),
    "rank": (86, 89),
}


def round_column(k: int) -> int:
    """The column of round k's opponent (4 digits); the colour is 5 further, the result 7."""
    return 92 + ROUND_WIDTH * (k - 1)


#: What a code without an opponent becomes (FIDE reading): the bye, or an Attendance code.
IMPORT_CODES: dict[str, str] = {"U": "bye", "H": "E", "F": "C", "Z": "U", " ": "U"}
#: What the export writes without an opponent (FIDE flavour): the bye and each built-in code.
EXPORT_CODES: dict[str, str] = {"bye": "U", "E": "H", "C": "F", "U": "Z"}

#: The codes a round with an opponent may hold, and the result the two lines' codes make.
GAME_CODES = set("10=+-WDL*")
PAIRS = {("1", "0"): Result.WHITE_WINS, ("0", "1"): Result.BLACK_WINS,
         ("=", "="): Result.DRAW, ("W", "L"): Result.WHITE_WINS, ("L", "W"): Result.BLACK_WINS,
         ("D", "D"): Result.DRAW, ("+", "-"): Result.WHITE_FORFEIT,
         ("-", "+"): Result.BLACK_FORFEIT, ("-", "-"): Result.DOUBLE_FORFEIT,
         ("*", "*"): Result.PENDING}

_ASCII_NUMBER = re.compile(r"[0-9]+")


def ascii_number(text: str) -> int | None:
    """``text`` as a whole number when it is made of the digits 0-9 only; None otherwise
    (``str.isdigit`` also takes ``²`` and Arabic-Indic digits, which ``int`` refuses or reads
    as a number no TRF program writes)."""
    return int(text) if _ASCII_NUMBER.fullmatch(text) else None


def other_digit(text: str) -> str | None:
    """The first character of ``text`` that is a digit but not 0-9 (``²``, ``٣``)."""
    return next((c for c in text if c.isdigit() and not "0" <= c <= "9"), None)


