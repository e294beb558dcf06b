"""FIDE TRF, the format as keizer-xl reads and writes it: the 001 line's columns, the result
codes and what they become here both ways, the digits a number field may hold.

The format, as keizer-xl uses it (facts from the FIDE TRF-16 description, "FIDE Data
Exchange Format", and from the readers and writers that follow it: gnutterts/chesspairing
``trf/read.go``, ``trf/write.go``, ``trf/trf.go``; the KNSB's flavour as clubs submit it, seen in
a club program's ``knsbExport.ts``).  Columns are counted from 1, as the spec counts them.

001 player line::

    001 SSSS x TTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP KKKK
    cols 5-8 start number, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    58-68 id, 70-79 birth date, 81-84 game points, 86-89 rank; round k from column
    90+10(k-1): two blanks, the opponent's start number at 92-95 (0000: none), the colour at
    97 (w, b or -), the result at 99.

Result codes and what they become here (:data:`IMPORT_CODES`, :data:`EXPORT_CODES`,
docs/import-export.md has the table both ways):

* with an opponent: ``1 = 0`` played, ``+ -`` forfeit, ``W D L`` played but not rated (read
  as played), ``*`` not played yet (read as an empty result);
* without one (0000): ``U`` the pairing-allocated bye (FIDE) = the bye here; ``H`` half-point
  bye (an announced absence) = E excused; ``F`` full-point bye = C club duty; ``Z`` zero-point
  bye = U unexcused; blank = U unexcused, except before a player's first round (he joined
  later) and after his last (he withdrew);
* chesspairing reads ``U`` as an absence and ``F`` as its pairing-allocated bye: a file with
  chesspairing's own lines (``### chesspairing:...`` or its Keizer options ``XXA``/``XXK``)
  is read its way, and its ``### chesspairing:bye`` and ``withdrawn`` comments are followed.

Header lines 012 (tournament), 022 (city), 032 (federation), 042/052 (first and last date),
062/072 (players, rated players), 092 (type), 102 (chief arbiter), 122 (time control), 132
(round dates at the rounds' columns); TRF-2026 adds 142 (rounds) and 240 (absences:
``240 F|H round players``); Tornelo's TRFx writes a ``DAT`` line with the round dates.

The reader is :mod:`keizer_xl.formats.trf_read`, the writer :mod:`keizer_xl.formats.trf_write`,
chesspairing's dialect :mod:`keizer_xl.formats.trf_chesspairing`.
"""
from __future__ import annotations

import re

from keizer_xl.core.model import Result
from keizer_xl.formats.trf_lines import ROUND_WIDTH

__all__ = ["FIELDS", "round_column", "IMPORT_CODES", "EXPORT_CODES", "GAME_CODES", "PAIRS",
           "ascii_number", "other_digit"]


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


