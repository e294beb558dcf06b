"""FIDE TRF, the format as keizer-xl reads and writes it: the 001 line's columns, the result
codes and what they become here both ways, the digits a number field may hold; and a 001 line
as text both ways: a row -> the line (the writer), and a line padded by bytes -> the same line
padded by characters (the reader).  No season, no files.

Facts from the FIDE TRF-16 description and chesspairing's ``trf/read.go``, ``trf/write.go``,
``trf/trf.go`` (read, never copied); the columns (counted from 1, as the spec counts them), the
codes both ways and chesspairing's dialect are tabled in docs/import-export.md.  bbpPairings
(src/fileformats/trf.cpp ``readPlayer``, ``validateScores``) reads by characters and refuses a
file whose points are not the total of its codes (``1 + W F U`` a win, ``= D H`` a draw,
``0 - L Z`` and a blank nothing); chesspairing (trf/read.go ``parsePlayerLine``, trf/write.go
``putLeft``) slices, pads and cuts the name by bytes and refuses a blank result letter or
colour.  The reader is :mod:`keizer_xl.formats.trf_read`, the writer
:mod:`keizer_xl.formats.trf_write`.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from keizer_xl.core.model import Result


#: The 001 line's fields: (first, last) column, counted from 1 as the spec does.
FIELDS: dict[str, tuple[int, int]] = {
    "start": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
    "federation": (54, 56), "id": (58, 68), "birth": (70, 79), "points": (81, 84),
    "rank": (86, 89),
}
#: The player fields end at column 89; round k starts at column 90 + 10 (k - 1).
HEADER_WIDTH = 89
ROUND_WIDTH = 10
#: Columns (from 1) that separate the fields and are blank in every well-placed line.
SEPARATORS = tuple(c for c in range(4, HEADER_WIDTH)
                   if not any(a <= c <= b for a, b in FIELDS.values()))
#: Where the fields start and end, as 0-based [start, end) slices of the first 89 columns:
#: a line padded by bytes is cut here byte-wise and each piece decoded on its own.
_PIECES = tuple(sorted({0, 3, *(x for a, b in FIELDS.values() for x in (a - 1, b))}))


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


#: What each result code adds to columns 81-84, as FIDE and bbpPairings count them (its
#: defaults: win 1, draw 1/2, loss 0, pairing-allocated bye = a win, full-point bye 1).
CODE_POINTS: dict[str, Fraction] = {
    "1": Fraction(1), "+": Fraction(1), "W": Fraction(1), "F": Fraction(1), "U": Fraction(1),
    "=": Fraction(1, 2), "D": Fraction(1, 2), "H": Fraction(1, 2),
    "0": Fraction(0), "-": Fraction(0), "L": Fraction(0), "Z": Fraction(0),
}


@dataclass(frozen=True)
class TrfRound:
    """One round of a 001 line: the opponent's start number (0: none), w/b/-, the code."""

    opponent: int
    colour: str
    code: str

    def text(self) -> str:
        return f"  {self.opponent:04d} {self.colour} {self.code}"


@dataclass(frozen=True)
class TrfRow:
    """What one 001 line says (the writer's input; text fields as they are to be written)."""

    start: int
    name: str
    rounds: tuple[TrfRound, ...]
    sex: str = ""
    rating: int | None = None
    federation: str = ""
    ident: str = ""
    birth: str = ""
    rank: int | None = None

    @property
    def points(self) -> Fraction:
        """Columns 81-84: the total of the round codes (never Keizer or game points)."""
        return sum((CODE_POINTS[r.code] for r in self.rounds), Fraction(0))


def points_text(points: Fraction) -> str:
    """``2.5``, ``10.0``: one decimal, as TRF-16 and every reader write it (exact: the points
    are halves)."""
    whole, half = divmod(points * 2, 2)
    return f"{int(whole)}.{5 if half else 0}"


#: FIDE's ASCII spellings where a letter is not a letter with an accent (the rating list writes
#: Hübner as Huebner, Æ as Ae); any other accented letter loses its accent (é -> e).
_SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
            "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
            "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
            "’": "'", "‘": "'"}


def fide_ascii(text: str) -> str:
    """``text`` in ASCII letters as FIDE's rating list spells names (``Jürgen Müller`` ->
    ``Juergen Mueller``, ``Zoë`` -> ``Zoe``); a letter without an ASCII form becomes ``?``."""
    out: list[str] = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _SPELLED:
            out.append(_SPELLED[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                           if not unicodedata.combining(c))
            out.append(base if base and base.isascii() else "?")
    return "".join(out)


def player_line(row: TrfRow) -> str:
    """The 001 line of ``row`` at the spec's columns (:data:`FIELDS`; numbers to the right),
    counted in characters (with ASCII text, as :func:`fide_ascii` makes it, the same columns
    in bytes)."""
    texts = {"start": str(row.start), "sex": row.sex, "name": row.name,
             "rating": str(row.rating) if row.rating and row.rating < 10000 else "",
             "federation": row.federation, "id": row.ident, "birth": row.birth,
             "points": points_text(row.points), "rank": str(row.rank) if row.rank else ""}
    buf = list("001".ljust(HEADER_WIDTH))
    for key, text in texts.items():
        first, last = FIELDS[key]
        width = last - first + 1
        buf[first - 1:last] = (text[:width].rjust(width) if key in ("start", "rating", "points", "rank")
                               else text[:width].ljust(width))
    return "".join(buf) + "".join(r.text() for r in row.rounds)


# --------------------------------------------------------------------------- reading

def fits_columns(line: str) -> bool:
    """True when every separator column is blank and every round entry sits at its columns
    (``  0012 w 1``): the line is padded as the spec counts."""
    if len(line) < SEPARATORS[-1]:
        return False
    if any(line[c - 1] != " " for c in SEPARATORS if c <= len(line)):
        return False
    rest = line[HEADER_WIDTH:]
    for i in range(0, len(rest), ROUND_WIDTH):
        block = rest[i:i + ROUND_WIDTH].ljust(ROUND_WIDTH)
        if block[0:2] != "  " or block[6] != " " or block[8] != " ":
            return False
    return True


def byte_layout(line: str) -> str | None:
    """``line`` as a writer that pads by bytes (chesspairing) meant it, re-padded by
    characters: each field cut from the UTF-8 bytes at the spec's columns and decoded alone
    (a character cut in two at the field's end is dropped, as such a writer cut it).  None
    when the line is ASCII (bytes and characters agree) or its bytes do not fit the columns
    either."""
    raw = line.encode("utf-8", "surrogateescape")
    if len(raw) == len(line):
        return None
    head, rounds = raw[:HEADER_WIDTH], raw[HEADER_WIDTH:]
    if not rounds.isascii():
        return None
    fixed = "".join(head[a:b].decode("utf-8", "ignore").ljust(b - a)[:b - a]
                    for a, b in itertools.pairwise(_PIECES))
    if len(head) < HEADER_WIDTH:  # a writer that trims trailing blanks (chesspairing)
        fixed = fixed.rstrip()
    fixed += rounds.decode("ascii")
    return fixed if fits_columns(fixed) else None
