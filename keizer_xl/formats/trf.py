"""FIDE TRF (the Tournament Report File) <-> the model: ``import`` and ``export --trf``.

The format, as this module uses it (facts from the FIDE TRF-16 description, "FIDE Data
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
"""
from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from collections.abc import Mapping, Sequence

from keizer_xl.core.model import (Absence, Bye, Game, Player, Result, ScoreKind, Season, validate)
from keizer_xl.core.setting_values import MAX_RATING, parse_date, MAX_ROUND
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.presets import PRESETS
from keizer_xl.errors import SettingError, ActionError, InputError, Message, Problem
from keizer_xl.core.engine import History, start_order
from keizer_xl.formats import ImportedSeason, read_source_bytes, round_gap_problems
from keizer_xl.formats.trf_lines import (CODE_POINTS, TrfRound, TrfRow, byte_layout, fide_ascii,
                                         fits_columns, player_line, points_text)
from keizer_xl.sheets.cells import TEXT_LIMIT

__all__ = ["read_trf", "parse_trf", "write_trf", "export_trf", "TrfExport", "trf_name",
           "IMPORT_CODES", "EXPORT_CODES", "FIELDS", "round_column"]


def N_(msgid: str) -> str:
    """Marks a catalog id (translated where it is shown)."""
    return msgid


#: The 001 line's fields: (first, last) column, counted from 1 as the spec does.
FIELDS: dict[str, tuple[int, int]] = {
    "start": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
    "federation": (54, 56), "id": (58, 68), "birth": (70, 79), "points": (81, 84),
    "rank": (86, 89),
}
#: Columns that separate the fields and must be blank (a line whose columns slipped shows here).
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85)
ROUND_WIDTH = 10


def round_column(k: int) -> int:
    """The column of round k's opponent (4 digits); the colour is 5 further, the result 7."""
    return 92 + ROUND_WIDTH * (k - 1)


#: What a code without an opponent becomes (FIDE reading): the bye, or an Attendance code.
IMPORT_CODES: dict[str, str] = {"U": "bye", "H": "E", "F": "C", "Z": "U", " ": "U"}
#: chesspairing's reading of the same letters (its trf/convert.go: U absent, F its PAB).
#: Its half-point and zero-point byes (``H``, ``Z``) score as its Keizer scorer's defaults do
#: (scoring/keizer/options.go: ``HalfByeFraction`` 0.50, ``ZeroByeFraction`` 0): club codes
#: HB (1/2) and ZB (0), with their Settings rows (:data:`CHESSPAIRING_CLUB_CODES`).
CHESSPAIRING_CODES: dict[str, str] = {"U": "U", "H": "HB", "F": "bye", "Z": "ZB", " ": "U"}
CHESSPAIRING_CLUB_CODES: dict[str, str] = {"HB": "1/2", "ZB": "0"}
#: chesspairing's ``### chesspairing:bye ... type=T`` types.
_DIRECTIVE_TYPES = {"pab": "bye", "half": "HB", "excused": "E", "zero": "ZB", "absent": "U",
                    "clubcommitment": "C"}
#: What the export writes without an opponent (FIDE flavour): the bye and each built-in code.
EXPORT_CODES: dict[str, str] = {"bye": "U", "E": "H", "C": "F", "U": "Z"}

_GAME_CODES = set("10=+-WDL*")
_PAIRS = {("1", "0"): Result.WHITE_WINS, ("0", "1"): Result.BLACK_WINS,
          ("=", "="): Result.DRAW, ("W", "L"): Result.WHITE_WINS, ("L", "W"): Result.BLACK_WINS,
          ("D", "D"): Result.DRAW, ("+", "-"): Result.WHITE_FORFEIT,
          ("-", "+"): Result.BLACK_FORFEIT, ("-", "-"): Result.DOUBLE_FORFEIT,
          ("*", "*"): Result.PENDING}
_FIELD_WORDS = {"start": N_("start number"), "rating": N_("rating"), "points": N_("game points"),
                "rank": N_("rank")}
#: Lines other programs write that say nothing this competition uses (teams, accelerations,
#: forbidden pairs, scoring systems): read past, with one note per kind.
#: Standard header lines that carry nothing the workbook keeps (counts, the deputy, the
#: number of rounds, the initial colour, TRF-2026's scoring, tie-break and time-control codes):
#: read past silently.
_SILENT = {"062", "072", "082", "112", "142", "152", "162", "172", "192", "202", "212", "222",
           "352", "362", "XXR", "XXC"}
_IGNORED = {"013", "062", "072", "082", "112", "152", "162", "172", "192", "202", "212", "222",
            "250", "260", "300", "310", "320", "330", "352", "362", "801", "802", "XXC", "XXS",
            "XXP", "XXY", "XXB", "XXM", "XXT", "XXG", "XXR", "142"}


# --------------------------------------------------------------------------- reading

@dataclass
class _Line:
    number: int
    start: int
    name: str
    rating: int | None
    sex: str
    federation: str
    id: str
    birth: str
    blocks: list[tuple[int, str, str] | None]  # per round: (opponent, colour, code) or blank


@dataclass
class _Reader:
    label: str
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def at(self, line: int) -> str:
        # a Message: "line" in the club's language where the problem is shown (issue 26)
        return Message("{file} line {line}", file=self.label, line=line)

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.at(line), message))


#: Who wrote a TRF file, as ``import --from`` names it: ``auto`` tells it from the file.
PROGRAMS = ("auto", "fide", "chesspairing")


def decode_trf(data: bytes) -> str:
    """The file's text: UTF-8 (a BOM dropped); a writer that cuts the name field by bytes
    (chesspairing's ``putLeft``) can split a character there, so bytes that are not UTF-8 only
    inside 001 lines' name fields are kept (surrogate escapes) for :func:`byte_layout`; any
    other file is Windows-1252, as older programs write."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "surrogateescape")
    for line in text.splitlines():
        if any("\udc80" <= ch <= "\udcff" for ch in line):
            raw = line.encode("utf-8", "surrogateescape")
            if not (line.startswith("001") and raw[:14].isascii() and raw[47:].isascii()
                    and _cut_at_the_end(raw[14:47])):
                return data.decode("cp1252", errors="replace")
    return text


def _cut_at_the_end(name: bytes) -> bool:
    """True when ``name`` is UTF-8 but for a character cut off at its end."""
    try:
        name.decode("utf-8")
    except UnicodeDecodeError as e:
        return e.reason == "unexpected end of data"
    return True


def read_trf(path: str | Path, program: str = "auto") -> ImportedSeason:
    """Read a TRF file (TRF-16, TRF-2026, TRFx, chesspairing's) into a season.

    ``program``: who wrote it (:data:`PROGRAMS`); ``auto`` tells it from the file.
    Raises InputError listing every problem, each at its line (``club.trf line 12``)."""
    p = Path(path)
    data = read_source_bytes(p)  # a folder, a pipe, a device, a huge file: refused unread
    wrong = _not_text(data)
    if wrong is not None:
        raise InputError([Problem(p.name, wrong)])
    return parse_trf(decode_trf(data), p.name, program)


def _not_text(data: bytes) -> Message | None:
    """What the file is when it is not a TRF's plain text (UTF-8 or Windows-1252): UTF-16 or
    UTF-32 text (its byte-order mark, or a zero byte beside every character), a SQLite
    database, other binary data (zero bytes)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (
            len(data) >= 4 and data.count(0) * 3 >= len(data) and b"\x00\x00\x00" not in data[:64]):
        return Message("the file is UTF-16 text: save it as UTF-8 (or ANSI) and import again")
    if data.startswith((b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00")):  # pragma: no cover
        return Message("the file is UTF-16 text: save it as UTF-8 (or ANSI) and import again")
    if data.startswith(b"SQLite format 3\x00"):
        return None  # named .trf by mistake: parse_trf says what it is
    if data.count(0) > max(8, len(data) // 100):  # a stray zero byte is named at its line
        return Message("the file holds binary data (zero bytes), not the text of a TRF file")
    return None


#: characters that end or break a line of text where a TRF has none: control characters
#: (tab included: it shifts the columns) and Unicode's line separators; \x1a is the DOS end
#: of file some old programs write last, read past
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_ASCII_NUMBER = re.compile(r"[0-9]+")


def ascii_number(text: str) -> int | None:
    """``text`` as a whole number when it is made of the digits 0-9 only; None otherwise
    (``str.isdigit`` also takes ``²`` and Arabic-Indic digits, which ``int`` refuses or reads
    as a number no TRF program writes)."""
    return int(text) if _ASCII_NUMBER.fullmatch(text) else None


def _other_digit(text: str) -> str | None:
    """The first character of ``text`` that is a digit but not 0-9 (``²``, ``٣``)."""
    return next((c for c in text if c.isdigit() and not "0" <= c <= "9"), None)


def _generated_by_chesspairing(header: Mapping[str, str], names: Sequence[tuple[int, str]],
                               rounds_line: bool) -> bool:
    """chesspairing's ``generate`` command (cmd/chesspairing/generate.go): no 092 line, an
    ``XXR`` line, 012 ``Generated Tournament`` and every player named ``Player N`` after his
    start number."""
    return (not header.get("092") and rounds_line and header.get("012") == "Generated Tournament"
            and bool(names) and all(name == f"Player {sn}" for sn, name in names))


def parse_trf(text: str, label: str = "file.trf", program: str = "auto") -> ImportedSeason:
    r = _Reader(label)
    if text.startswith("SQLite format 3"):
        raise InputError([Problem(label, Message("{file} is a KeizerForClubs tournament: name it "
                                                 ".s3db", file=label))])
    # lines end at \n (and \r\n, \r) only: str.splitlines would also split at a form feed or
    # a Unicode line separator and report every later problem at the wrong line
    lines = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\x1a").split("\n")
    for n, line in enumerate(lines, 1):
        m = _CONTROL.search(line)
        if m:
            r.problem(n, Message("column {column} holds the control character {code} (a TRF "
                                 "line is plain text)", column=m.start() + 1,
                                 code=f"U+{ord(m.group()):04X}"))
            lines[n - 1] = ""  # reported once: the line is not read further
    if not any(line.startswith("001") for line in lines) and not r.problems:
        raise InputError([Problem(label, Message(
            "{file} is neither a TRF file (it has no 001 player lines) nor a KeizerForClubs "
            "tournament (.s3db)", file=label))])
    header: dict[str, str] = {}
    dates_132: list[tuple[int, str]] = []  # (line, text) of every 132 line
    dat_dates: list[tuple[int, str]] = []
    players: list[_Line] = []
    directives: list[tuple[int, str, dict[str, str]]] = []
    absences_240: list[tuple[int, str, int, list[int]]] = []
    options: dict[str, tuple[int, str]] = {}
    own: list[tuple[int, str, dict[str, str]]] = []  # ### keizer-xl: lines (its own export)
    ignored: Counter[str] = Counter()
    by_bytes = 0
    seen_codes: set[str] = set()
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        code = line[:3]
        seen_codes.add(code)
        rest = line[4:].strip() if len(line) > 4 else ""
        if code == "001":
            if not fits_columns(line):  # padded by bytes (chesspairing)? per line
                fixed = byte_layout(line)
                if fixed is not None:
                    line, by_bytes = fixed, by_bytes + 1
            parsed = _player_line(line, n, r)
            if parsed is not None:
                players.append(parsed)
        elif code in ("012", "022", "032", "042", "052", "092", "102", "122"):
            if len(rest) > TEXT_LIMIT:  # a cell holds no more: never cut without a word
                r.problem(n, Message("the text is {length} characters long, more than the "
                                     "{limit} a workbook cell holds", length=len(rest),
                                     limit=TEXT_LIMIT))
            header.setdefault(code, rest)
        elif code == "132":
            dates_132.append((n, line))
        elif code == "DAT":
            dat_dates.append((n, rest))
        elif code == "###":
            m = re.match(r"(chesspairing|keizer-xl):([\w-]+)\s*(.*)", rest)
            if m:
                params = dict(re.findall(r"([\w-]+)=(\S+)", m.group(3)))
                (directives if m.group(1) == "chesspairing" else own).append(
                    (n, m.group(2), params))
        elif code == "240":
            parts = rest.split()
            numbers = [ascii_number(x) for x in parts[1:]]
            if len(parts) < 2 or None in numbers:
                r.problem(n, Message("{text!r} is not an absence record (240 F|H round start "
                                     "numbers)", text=line))
            elif not 1 <= (numbers[0] or 0) <= MAX_ROUND:
                r.problem(n, Message("round {round} is not a round number (1 to {max_round})",
                                     round=parts[1], max_round=MAX_ROUND))
            else:
                absences_240.append((n, parts[0].upper(), numbers[0] or 0,
                                     [x or 0 for x in numbers[1:]]))
        elif code in ("XXA", "XXK"):
            options[code] = (n, rest)
        elif code in _SILENT:
            continue
        elif code in _IGNORED or re.fullmatch(r"[A-Z]{3}|\d{3}", code):
            ignored[code] += 1  # extensions, national (NRS) records, later TRF-2026 records
        else:
            r.problem(n, Message("{code!r} is not a TRF line code (001 players, 012-132 the "
                                 "header, ### comments)", code=code))
    for code in sorted(ignored):
        r.notes.append(Message("{code} lines are not used by a Keizer competition; ignored",
                               code=code))
    if by_bytes:
        r.notes.append(Message("{count} player lines are padded by bytes, not characters (as "
                               "chesspairing writes): read at the columns of their bytes",
                               count=by_bytes))
    generated = _generated_by_chesspairing(header, [(pl.start, pl.name) for pl in players],
                                           "XXR" in seen_codes)
    # chesspairing's own lines, its writer's 092 (trf/convert.go FromTournamentState writes
    # "Keizer") or its generator's shape; ``program`` says it when the file cannot
    if program == "auto":
        chesspairing = (bool(directives) or bool(options) or generated
                        or header.get("092", "").strip() == "Keizer")
    else:
        chesspairing = program == "chesspairing"
    by_start: dict[int, _Line] = {}
    for pl in players:
        if pl.start in by_start:
            r.problem(pl.number, Message("start number {number} appears twice (also line "
                                         "{other})", number=pl.start,
                                         other=by_start[pl.start].number))
        else:
            by_start[pl.start] = pl
    if r.problems:
        raise InputError(r.problems)
    season_dates = _round_dates(dates_132, dat_dates, r)
    season = _season(by_start, header, chesspairing, directives, absences_240, r)
    season = _own_directives(season, own, by_start, r)
    rows = _settings_rows(header, season_dates, options, chesspairing, season, r,
                          generated or program == "chesspairing")
    used = {a.code for a in season.absences}
    rows += [(f"code {c}", v) for c, v in CHESSPAIRING_CLUB_CODES.items() if c in used]
    if r.problems:
        raise InputError(r.problems)
    try:
        settings = build_settings([parse_setting(k, v) for k, v in rows])
    except SettingError as e:  # a header text that is not a setting's value (a bad date)
        raise InputError([Problem(label, Message("setting {key}: {message}", key=e.key,
                                                 message=str(e)))]) from None
    season = replace(season, settings=settings)
    problems = round_gap_problems((*season.games, *season.byes)) + validate(season)
    if problems:  # round_gap_problems: the rule check applies (core.rules.MAX_ROUND_GAP)
        raise InputError(problems)
    if chesspairing:
        r.notes.insert(0, Message("{file} was written by chesspairing: U is read as an absence "
                                  "and F as the bye, as chesspairing reads them", file=label))
    return ImportedSeason(season, tuple(rows), tuple(r.notes), "trf")


def _field(line: str, name: str) -> str:
    first, last = FIELDS[name]
    return line[first - 1:last].strip()


def _player_line(line: str, n: int, r: _Reader) -> _Line | None:
    wide = line.ljust(89)
    before = len(r.problems)
    for col in _SEPARATORS:
        if wide[col - 1] != " ":
            r.problem(n, Message("column {column} should be blank but holds {text!r}: the "
                                 "line's columns are out of place", column=col,
                                 text=wide[col - 1]))
            return None  # one problem for a line whose columns slipped
    numbers: dict[str, int | None] = {}
    for key in ("start", "rating", "rank"):
        text = _field(wide, key)
        first, last = FIELDS[key]
        other = _other_digit(text)
        if other is not None:
            r.problem(n, Message("columns {columns} ({what}) hold {text!r}: {char!r} is not a "
                                 "digit 0-9", columns=f"{first}-{last}",
                                 what=Message(_FIELD_WORDS[key]), text=text, char=other))
        elif text and ascii_number(text) is None:
            r.problem(n, Message("columns {columns} ({what}) hold {text!r}: the line's columns "
                                 "are out of place", columns=f"{first}-{last}",
                                 what=Message(_FIELD_WORDS[key]), text=text))
        numbers[key] = ascii_number(text)
    if (numbers["rating"] or 0) > MAX_RATING:
        r.problem(n, Message("columns {columns} (rating): {value} is not a rating (0 to "
                             "{max_rating})", columns="49-52", value=numbers["rating"],
                             max_rating=MAX_RATING))
    points = _field(wide, "points")
    if points and not re.fullmatch(r"[0-9]+(?:[.,][0-9])?", points):
        r.problem(n, Message("columns {columns} ({what}) hold {text!r}: the line's columns are "
                             "out of place", columns="81-84", what=Message(_FIELD_WORDS["points"]),
                             text=points))
    name = _field(wide, "name")
    if not name:
        r.problem(n, Message("no player name in columns 15-47"))
    if numbers["start"] is None and not _field(wide, "start"):
        r.problem(n, Message("no start number in columns 5-8"))
    blocks: list[tuple[int, str, str] | None] = []
    k = 0
    while len(line) > 89 + ROUND_WIDTH * k:
        k += 1
        if k > MAX_ROUND:  # never let a long line size the season (core.rules.MAX_ROUND)
            r.problem(n, Message("the line has more than {max_round} rounds, the most a "
                                 "season workbook holds", max_round=MAX_ROUND))
            break
        col = round_column(k)
        block = line[col - 3:col + 7].ljust(ROUND_WIDTH)
        if block[0:2].strip() or block[6] != " " or block[8] != " ":
            r.problem(n, Message("round {round} (columns {columns}): {text!r} is not a round "
                                 "entry ('  0012 w 1'): the line's columns are out of place",
                                 round=k, columns=f"{col - 2}-{col + 7}", text=block))
            break
        if not block.strip():
            blocks.append(None)
            continue
        opponent_text, colour, code = block[2:6].strip(), block[7], block[9]
        other = _other_digit(opponent_text)
        if other is not None:
            r.problem(n, Message("round {round} (columns {columns}): opponent {text!r}: {char!r} "
                                 "is not a digit 0-9", round=k, columns=f"{col}-{col + 3}",
                                 text=opponent_text, char=other))
            continue
        if opponent_text and ascii_number(opponent_text) is None:
            r.problem(n, Message("round {round} (columns {columns}): opponent {text!r} is not a "
                                 "start number", round=k, columns=f"{col}-{col + 3}",
                                 text=opponent_text))
            continue
        if colour not in "wb- ":
            r.problem(n, Message("round {round} (column {column}): unknown colour {code!r} (w, b "
                                 "or -)", round=k, column=col + 5, code=colour))
            continue
        opponent = ascii_number(opponent_text) or 0
        if opponent and opponent == numbers["start"]:
            r.problem(n, Message("round {round} (columns {columns}): the player's opponent is "
                                 "his own start number {number}", round=k,
                                 columns=f"{col}-{col + 3}", number=opponent))
            continue
        if opponent == 0 and code in " *" and colour in "- ":
            # '0000 -  ': no game, no code (the KNSB's left-out game); '0000 - *': a round
            # not played yet (TRF-2026 files list the coming rounds so)
            blocks.append(None)
            continue
        known = _GAME_CODES if opponent else set(IMPORT_CODES) | {"+", "-"}
        if code not in known:
            r.problem(n, Message("round {round} (column {column}): unknown result code {code!r} "
                                 "(TRF codes: 1 = 0 + - W D L * with an opponent; U H F Z or "
                                 "blank without one)", round=k, column=col + 7, code=code))
            continue
        blocks.append((opponent, colour, code))
    if len(r.problems) > before or numbers["start"] is None:
        return None
    rating = numbers["rating"] or None
    return _Line(n, numbers["start"], name, rating, _field(wide, "sex"),
                 _field(wide, "federation"), _field(wide, "id"), _field(wide, "birth"), blocks)


def _trf_date(text: str) -> datetime.date | None:
    """A TRF date: YY/MM/DD or YY.MM.DD (132 lines), YYYY/MM/DD, DD/MM/YYYY, DD.MM.YYYY."""
    text = text.strip()
    m = re.fullmatch(r"([0-9][0-9])[/.-]([0-9][0-9])[/.-]([0-9][0-9])", text)
    if m:
        try:
            return datetime.date(2000 + int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    return parse_date(text)


def _round_dates(dates_132: list[tuple[int, str]], dat: list[tuple[int, str]],
                 r: _Reader) -> list[datetime.date]:
    """TRFx's DAT line when there is one, else the 132 line(s): one line with each round's date
    at the round's column, or (as chesspairing writes) one 132 line per round."""
    found: list[tuple[int, str]] = []
    if dat:
        found = [(n, part) for n, text in dat for part in text.split()]
    elif len(dates_132) == 1 and len(dates_132[0][1].rstrip()) > 89:
        n, line = dates_132[0]
        k = 0
        while len(line) > 89 + ROUND_WIDTH * k:
            k += 1
            part = line[round_column(k) - 3:round_column(k) + 7].strip()
            if part:
                found.append((n, part))
    else:
        found = [(n, line[4:].strip()) for n, line in dates_132 if line[4:].strip()]
    out: list[datetime.date] = []
    for n, part in found:
        day = _trf_date(part)
        if day is None:
            r.problem(n, Message("{text!r} is not a date", text=part))
        elif out and day <= out[-1]:
            r.notes.append(Message("line {line}: the round dates do not increase; they are left "
                                   "out", line=n))
            return []
        else:
            out.append(day)
    return out


def _person_name(trf: str) -> str:
    """``Lastname, Firstname`` as the club writes a name: ``Firstname Lastname``."""
    if trf.count(",") == 1:
        last, first = (x.strip() for x in trf.split(","))
        if last and first:
            return f"{first} {last}"
    return trf


def _season(by_start: dict[int, _Line], header: Mapping[str, str], chesspairing: bool,
            directives: list[tuple[int, str, dict[str, str]]],
            absences_240: list[tuple[int, str, int, list[int]]], r: _Reader) -> Season:
    names: dict[int, str] = {}
    seen: dict[str, int] = {}
    for sn, pl in sorted(by_start.items()):
        name = _person_name(pl.name)
        if name.casefold() in seen:
            r.problem(pl.number, Message("the name {name} appears twice (also line {other})",
                                         name=name, other=seen[name.casefold()]))
        seen[name.casefold()] = pl.number
        names[sn] = name
    codes = CHESSPAIRING_CODES if chesspairing else IMPORT_CODES
    games: list[Game] = []
    byes: list[Bye] = []
    absences: list[Absence] = []
    kind = header.get("092", "")
    knsb_ids = kind.casefold().startswith("individual: keizer")  # the KNSB flavour's id column
    first_round: dict[int, int] = {}
    last_round: dict[int, int] = {}
    for sn, pl in sorted(by_start.items()):
        filled = [k for k, b in enumerate(pl.blocks, 1) if b is not None]
        first_round[sn] = filled[0] if filled else MAX_ROUND
        last_round[sn] = filled[-1] if filled else 0
    # the last round anyone has an entry in (rounds nobody played yet are not rounds here)
    rounds = max([0, *last_round.values()])
    for sn in first_round:
        first_round[sn] = min(first_round[sn], rounds + 1)
    for sn, pl in sorted(by_start.items()):
        where = r.at(pl.number)
        for k, block in enumerate(pl.blocks, 1):
            if block is None:
                if first_round[sn] < k < last_round[sn]:  # blank inside: equivalent to Z
                    absences.append(Absence(k, names[sn], codes[" "], where))
                continue
            opponent, colour, code = block
            if opponent == 0:
                # older programs: '0000 - +' the bye, '0000 - -' absent
                meaning = ("bye" if code == "+" else "U") if code in "+-" else codes[code]
                if meaning == "bye":
                    byes.append(Bye(k, names[sn], where))
                else:
                    absences.append(Absence(k, names[sn], meaning, where))
                continue
            if chesspairing and code == "*":
                # chesspairing's reader skips a game without a result (trf/convert.go
                # ToTournamentState: "Skip if not-yet-played"): neither played, both absent
                absences.append(Absence(k, names[sn], "U", where))
                if sn < opponent:
                    r.notes.append(Message(
                        "round {round}: {white} - {black} has no result ('*'); chesspairing "
                        "reads neither as playing: both absent, as it scores them", round=k,
                        white=names[sn], black=names.get(opponent, str(opponent))))
                continue
            game = _game(sn, pl, k, opponent, colour, code, by_start, names, r, chesspairing)
            if game is not None:
                games.append(game)
    for n, verb, params in directives:
        _directive(n, verb, params, by_start, names, byes, absences, r)
    for n, letter, rnd, starts in absences_240:
        for sn in starts:
            if sn not in names:
                r.problem(n, Message("no player has start number {number}", number=sn))
            elif not any(a.round == rnd and a.player == names[sn] for a in absences):
                absences.append(Absence(rnd, names[sn], "E" if letter == "H" else "U", r.at(n)))
    players: list[Player] = []
    for place, (sn, pl) in enumerate(sorted(by_start.items()), 1):
        joined = first_round[sn] if 1 < first_round[sn] <= rounds else 1
        withdrawn = (last_round[sn] + 1 if 0 < last_round[sn] < rounds else None)
        ident = "" if pl.id in ("", "0") else pl.id
        players.append(Player(
            name=names[sn], rating=pl.rating, start=place, joined=joined,
            withdrawn_round=withdrawn, origin=r.at(pl.number), sex=pl.sex,
            birth=pl.birth.replace(".", "/"), federation=pl.federation,
            fide_id="" if knsb_ids else ident, knsb_id=ident if knsb_ids else ""))
        if withdrawn:
            r.notes.append(Message("{name} has no entries after round {round}: read as "
                                   "withdrawn from round {withdrawn}", name=names[sn],
                                   round=last_round[sn], withdrawn=withdrawn))
    withdrawn_by_directive = {names[ascii_number(p["player"]) or 0]:
                              (ascii_number(p["after-round"]) or 0) + 1
                              for _, verb, p in directives if verb == "withdrawn"
                              and ascii_number(p.get("player", "")) in names
                              and 0 <= (ascii_number(p.get("after-round", "")) or -1) < MAX_ROUND}
    players = [replace(p, withdrawn_round=withdrawn_by_directive.get(p.name, p.withdrawn_round))
               for p in players]
    games.sort(key=lambda g: g.round)
    byes.sort(key=lambda x: x.round)
    absences.sort(key=lambda x: (x.round, x.player))
    return Season(tuple(players), tuple(games), tuple(byes), tuple(absences),
                  attendance_rounds=tuple(range(1, rounds + 1)))


def _game(sn: int, pl: _Line, k: int, opponent: int, colour: str, code: str,
          by_start: Mapping[int, _Line], names: Mapping[int, str], r: _Reader,
          chesspairing: bool = False) -> Game | None:
    """The game of ``pl`` in round k, read from the line of the player with White (or the
    lower start number when neither has a colour); None when it is read from the other line."""
    other = by_start.get(opponent)
    if other is None:
        r.problem(pl.number, Message("round {round}: opponent {number} is not a start number in "
                                     "the file", round=k, number=opponent))
        return None
    theirs = other.blocks[k - 1] if k <= len(other.blocks) else None
    if theirs is None or theirs[0] != sn:
        third = names.get(theirs[0], str(theirs[0])) if theirs and theirs[0] else "-"
        r.problem(pl.number, Message(
            "round {round}: {name} plays {opponent}, but line {other} has {opponent} playing "
            "{third}: a player in two games of a round", round=k, name=names[sn],
            opponent=names[opponent], other=other.number, third=third))
        return None
    _, their_colour, their_code = theirs
    if colour in "wb" and their_colour in "wb":
        if colour == their_colour:
            if sn < opponent:
                r.problem(pl.number, Message("round {round}: {name} and {opponent} (line {other}) "
                                             "cannot both have colour {colour!r}", round=k,
                                             name=names[sn], opponent=names[opponent],
                                             other=other.number, colour=colour))
            return None
        white_here = colour == "w"
    elif colour in "wb":
        white_here = colour == "w"
    elif their_colour in "wb":
        white_here = their_colour == "b"
    else:  # a forfeit written without colours: the lower start number has White
        white_here = sn < opponent
    if not white_here:
        return None
    result = _PAIRS.get((code, their_code))
    if result is None:
        r.problem(pl.number, Message("round {round}: the results {mine!r} of {name} and {theirs!r} "
                                     "of {opponent} (line {other}) do not fit together",
                                     round=k, mine=code, name=names[sn], theirs=their_code,
                                     opponent=names[opponent], other=other.number))
        return None
    if chesspairing and result is Result.DOUBLE_FORFEIT:
        # chesspairing reads a game from the line listed first and turns its '-' into a
        # forfeit win for the other player (trf/convert.go convertResultToGameResult: a
        # forfeit loss of White is "ForfeitBlackWins"); both forfeited becomes one forfeit
        first_white = pl.number < other.number
        result = Result.BLACK_FORFEIT if first_white else Result.WHITE_FORFEIT
        winner = names[opponent] if first_white else names[sn]
        r.notes.append(Message("round {round}: {white} - {black} is '- -' (both forfeited); "
                               "chesspairing reads it as a forfeit win for {winner}: read so",
                               round=k, white=names[sn], black=names[opponent], winner=winner))
    return Game(k, names[sn], names[opponent], result, origin=r.at(pl.number))


def _directive(n: int, verb: str, params: Mapping[str, str], by_start: Mapping[int, _Line],
               names: Mapping[int, str], byes: list[Bye], absences: list[Absence],
               r: _Reader) -> None:
    """``### chesspairing:bye round=N player=SN type=T`` overrides what the 001 line said for
    that round; ``withdrawn player=SN after-round=N`` is read with the players."""
    player = params.get("player", "")
    if ascii_number(player) not in names:
        r.problem(n, Message("no player has start number {number}", number=player or "-"))
        return
    if verb != "bye":
        return
    kind = _DIRECTIVE_TYPES.get(params.get("type", "").lower())
    rnd = params.get("round", "")
    if kind is None or not 1 <= (ascii_number(rnd) or 0) <= MAX_ROUND:
        r.problem(n, Message("round {round}: unknown result code {code!r} (TRF codes: 1 = 0 + - "
                             "W D L * with an opponent; U H F Z or blank without one)",
                             round=rnd or "-", code=params.get("type", "")))
        return
    name, k = names[ascii_number(player) or 0], ascii_number(rnd) or 0
    byes[:] = [b for b in byes if not (b.round == k and b.player == name)]
    absences[:] = [a for a in absences if not (a.round == k and a.player == name)]
    if kind == "bye":
        byes.append(Bye(k, name, r.at(n)))
    else:
        absences.append(Absence(k, name, kind, r.at(n)))


def _own_directives(season: Season, own: Sequence[tuple[int, str, dict[str, str]]],
                    by_start: Mapping[int, _Line], r: _Reader) -> Season:
    """keizer-xl's export's ``### keizer-xl:joined player=SN round=N`` and ``withdrawn
    player=SN round=N`` (the first round without him): the ``Z`` of the rounds he was no
    member are no absences.  ``game-points`` lines repeat what the games say: read past."""
    changes: dict[int, dict[str, int]] = {}
    for n, verb, params in own:
        if verb not in ("joined", "withdrawn"):
            continue
        player, rnd = params.get("player", ""), params.get("round", "")
        sn, k = ascii_number(player), ascii_number(rnd)  # 0-9 only: int('²') would fail
        if sn is None or sn not in by_start:
            r.problem(n, Message("no player has start number {number}", number=player or "-"))
        elif k is None or not 1 <= k <= MAX_ROUND:
            r.problem(n, Message("{text!r} is not a round number", text=rnd))
        else:
            changes.setdefault(sn, {})[verb] = k
    if not changes:
        return season
    starts = sorted(by_start)
    named = {season.players[starts.index(sn)].name: ch for sn, ch in changes.items()}

    def member(name: str, k: int) -> bool:
        ch = named.get(name, {})
        return ch.get("joined", 1) <= k < ch.get("withdrawn", MAX_ROUND + 1)

    players = tuple(replace(p, joined=named[p.name].get("joined", p.joined),
                            withdrawn_round=named[p.name].get("withdrawn", p.withdrawn_round))
                    if p.name in named else p for p in season.players)
    absences = tuple(x for x in season.absences if member(x.player, x.round))
    return replace(season, players=players, absences=absences)


def _settings_rows(header: Mapping[str, str], dates: Sequence[datetime.date],
                   options: Mapping[str, tuple[int, str]], chesspairing: bool, season: Season,
                   r: _Reader, generated: bool = False) -> list[tuple[str, str]]:
    # a chesspairing Keizer file: its 092 says Keizer, or its generator wrote no 092 at all
    keizer = "keizer" in header.get("092", "").casefold() or (generated and not header.get("092"))
    preset = "chesspairing" if chesspairing and keizer and "chesspairing" in PRESETS else "keizer"
    rows = [("preset", preset)]
    for code, key in (("012", "season"), ("022", "city"), ("102", "arbiter"),
                      ("122", "time_control")):
        if header.get(code):
            rows.append((key, header[code]))
    if dates:
        rows.append(("round_dates", ", ".join(d.isoformat() for d in dates)))
    if "XXA" in options:
        n, text = options["XXA"]
        if text.strip().lower() == "true":
            gap = options.get("XXK", (n, ""))[1].strip()
            rows.append(("rematch_gap", gap if ascii_number(gap) is not None else "0"))
    return rows


# --------------------------------------------------------------------------- writing

@dataclass(frozen=True)
class TrfExport:
    """The report's text and what is missing for a valid report (Messages)."""

    text: str
    warnings: tuple[str, ...] = ()
    players: int = 0
    games: int = 0
    rounds: tuple[int, int] = (0, 0)


#: The Players columns the warnings name (English; the caller gives the workbook's own).
COLUMN_NAMES = {"federation": "Federation", "birth": "Birth", "fide_id": "FIDE id",
                "knsb_id": "KNSB id"}

_PREFIXES = {"van", "de", "der", "den", "het", "'t", "ter", "ten", "te", "in", "op", "von",
             "zu", "du", "la", "le", "di", "da", "del", "des", "vander", "v.d."}


def trf_name(name: str) -> str:
    """``Lastname, Firstname`` where the name allows it: one first name, then the surname with
    its prefixes (``Jan de Vries`` -> ``de Vries, Jan``); a name with a comma, one word, or
    two words before the surname is written as it is."""
    if "," in name:
        return name
    words = name.split()
    if len(words) < 2:
        return name
    first, rest = words[0], words[1:]
    if all(w.casefold() in _PREFIXES for w in rest[:-1]):
        return f"{' '.join(rest)}, {first}"
    return name


def _sex(text: str, knsb: bool) -> str:
    t = text.strip().casefold()
    if t in ("m", "man", "male", "h", "heer", "mann", "männlich"):
        return "M" if knsb else "m"
    if t in ("w", "v", "f", "vrouw", "woman", "female", "frau", "weiblich", "dame"):
        return "V" if knsb else "w"
    return ""


def _birth(text: str, knsb: bool) -> str:
    """YYYY/MM/DD (FIDE) or YYYY.MM.DD (the KNSB's file); a year alone stays a year."""
    day = parse_date(text.replace("/", "-")) if text else None
    if day is None:  # a year alone stays; anything else is not written (field_warnings)
        return text.strip() if re.fullmatch(r"[0-9]{4}", text.strip()) else ""
    return day.strftime("%Y.%m.%d" if knsb else "%Y/%m/%d")


#: what the TRF-16 columns hold (the FIDE description): a FIDE id of 1-11 digits (columns
#: 58-68), a federation of three letters (54-56), a start number and a rank of 4 digits (5-8,
#: 86-89; an opponent 92-95 likewise), game points of 4 characters (81-84: ``99.5``)
_FED = re.compile(r"[A-Za-z]{3}")
_ID = re.compile(r"[0-9]{1,11}")
MAX_TRF_PLAYERS = 9999


def _federation(text: str) -> str:
    """The 3-letter code, or blank (a word like ``Netherlands`` is not cut to ``NET``)."""
    text = text.strip()
    return text.upper() if _FED.fullmatch(text) else ""


def _ident(text: str) -> str:
    """A FIDE (or KNSB) id of 1 to 11 digits 0-9, or blank."""
    text = text.strip()
    return text if _ID.fullmatch(text) else ""


def field_warnings(players: Sequence[Player], knsb: bool) -> list[str]:
    """One warning for every Players value the rating report cannot write as it is (it writes
    the field blank): a federation that is not a 3-letter code, an id that is not 1 to 11
    digits, a birth date that is not a date; and two names that the 33 columns of the name
    field make equal (an importer, this one too, would refuse the report)."""
    warnings: list[str] = []
    for p in players:
        if p.federation.strip() and not _federation(p.federation):
            warnings.append(Message("{name}: the federation {value!r} is not a 3-letter code "
                                    "(NED, BEL, GER): left blank in the rating report",
                                    name=p.name, value=p.federation))
        ident = p.knsb_id if knsb else p.fide_id
        if ident.strip() and not _ident(ident):
            warnings.append(Message("{name}: the id {value!r} is not 1 to 11 digits: left blank "
                                    "in the rating report", name=p.name, value=ident))
        if p.birth.strip() and not _birth_date(p.birth):
            warnings.append(Message("{name}: the birth date {value!r} is not a date: left blank "
                                    "in the rating report", name=p.name, value=p.birth))
    seen: dict[str, str] = {}
    for p in players:
        key = _person_name(trf_name(p.name)[:33].strip()).casefold()
        if key in seen:
            warnings.append(Message("{name} and {other} are the same in the 33 columns of the "
                                    "TRF name field ({short}): a reader cannot tell them apart",
                                    name=p.name, other=seen[key],
                                    short=trf_name(p.name)[:33].strip()))
        else:
            seen[key] = p.name
    return warnings


def _birth_date(text: str) -> bool:
    """Whether the birth text is a date (or a year alone) the report can write."""
    text = text.strip()
    return bool(re.fullmatch(r"[0-9]{4}", text)) or parse_date(text.replace("/", "-")) is not None


#: What the export writes without a game (FIDE flavour; docs/import-export.md has the table):
#: each Keizer event keeps the FIDE code that means it, and columns 81-84 are the total of
#: the codes as FIDE counts them (U and F 1, H 1/2, Z 0), the game points in a comment line.
_NOTHING = "Z"  # no game and nothing to report: not yet a member, gone, no result, --knsb


def _own_line(verb: str, **params: object) -> str:
    """A ``### keizer-xl:VERB key=value ...`` comment: ignored by every other reader (TRF-16
    lets ### lines carry comments), read back by :func:`parse_trf`."""
    return "### keizer-xl:" + " ".join([verb, *(f"{k.replace('_', '-')}={v}"
                                                 for k, v in params.items())])


def export_trf(season: Season, history: History, *, rounds: tuple[int, int] | None = None,
               knsb: bool = False, title: str = "",
               round_dates: Mapping[int, datetime.date] | None = None,
               columns: Mapping[str, str] | None = None,
               club_spelling: bool = False) -> TrfExport:
    """The season's games of rounds a..b as a TRF-16 rating report.

    Start numbers are the ranking before round a (the start ranking for a = 1), the rank the
    ranking after round b.  Every round has a result code (``Z`` where nothing happened: not
    yet a member, withdrawn, a game without a result); columns 81-84 are the total of the codes
    as FIDE counts them, and a player's game points (a win or forfeit win 1, a draw 1/2; never
    Keizer points), where they differ, are in a ``### keizer-xl:game-points`` line; so are
    Joined and withdrawals (``### keizer-xl:joined``/``withdrawn``), which the import reads
    back (not in ``knsb``).  Names are in FIDE's ASCII spelling (the same columns in bytes and in characters)
    unless ``club_spelling``.  ``knsb``: the Dutch federation's flavour (092 ``Individual:
    Keizer system``, DD/MM/YYYY dates, YY.MM.DD round dates, the KNSB id in the id column,
    forfeits, byes, absences and games against a player without a KNSB id written as
    ``0000 - Z``).  ``round_dates``: the Attendance date headers (the ``round_dates``
    setting wins)."""
    last = season.last_round_with_results()
    a, b = rounds if rounds is not None else (1, last)
    if last == 0:
        raise ActionError(Message("no round has results yet: nothing to report"), usage=True)
    if not 1 <= a <= b <= last:
        raise ActionError(Message("rounds {first}-{last}: the season has results in rounds 1 to "
                                  "{known}", first=a, last=b, known=last), usage=True)
    names = dict(COLUMN_NAMES, **(columns or {}))
    warnings: list[str] = []
    if len(season.players) > MAX_TRF_PLAYERS:  # start numbers have 4 columns
        raise ActionError(Message("{count} players: a TRF rating report holds at most {most} "
                                  "(4-digit start numbers)", count=len(season.players),
                                  most=MAX_TRF_PLAYERS))
    before = history.after(a - 1).order
    after = history.after(b)
    place = dict(zip(after.order, after.places))
    listed = [p for p in season.players
              if p.joined <= b and (p.withdrawn_round is None or p.withdrawn_round > a)]
    listed_names = {p.name for p in listed}
    order = [n for n in before if n in listed_names]
    order += [p.name for p in start_order(listed) if p.name not in order]
    number = {name: i for i, name in enumerate(order, 1)}
    players = {p.name: p for p in season.players}
    span = range(a, b + 1)
    games = {(g.round, n): g for g in season.games if a <= g.round <= b for n in (g.white, g.black)}
    byes = {(x.round, x.player) for x in season.byes if a <= x.round <= b}
    absent = {(x.round, x.player): x.code for x in season.absences if a <= x.round <= b}
    dates = dict((round_dates or {}).items())
    dates.update(dict(enumerate(season.settings.round_dates, 1)))
    written_games: set[tuple[int, str, str]] = set()
    pending: set[tuple[int, str, str]] = set()
    odd_codes: dict[str, str] = {}
    nothing = TrfRound(0, "-", _NOTHING)

    def entry(k: int, name: str) -> tuple[TrfRound, Fraction]:
        """Round k of ``name``'s line and the game points it carries."""
        p = players[name]
        g = games.get((k, name))
        if g is not None:
            white = g.white == name
            other = g.black if white else g.white
            r = g.result
            if not r.has_result or r is Result.ADJOURNED:
                pending.add((k, g.white, g.black))
                return nothing, Fraction(0)
            left_out = knsb and (r.is_forfeit or not p.knsb_id or not players[other].knsb_id)
            if left_out:
                return nothing, Fraction(0)
            score = r.score(white)
            code = {ScoreKind.WIN: "1", ScoreKind.DRAW: "=", ScoreKind.LOSS: "0",
                    ScoreKind.FORFEIT_WIN: "+", ScoreKind.FORFEIT_LOSS: "-"}[score]
            written_games.add((k, g.white, g.black))
            return TrfRound(number[other], "w" if white else "b", code), CODE_POINTS[code]
        if knsb or not p.is_member(k) or p.is_withdrawn(k):
            return nothing, Fraction(0)
        if (k, name) in byes:
            return TrfRound(0, "-", EXPORT_CODES["bye"]), Fraction(0)
        mark = absent.get((k, name))
        if mark is None or mark == "L":
            return nothing, Fraction(0)
        if mark not in EXPORT_CODES:
            credit = season.settings.code_map.get(mark)
            trf = "H" if credit is not None and (credit.fraction or credit.fixed) else "Z"
            odd_codes[mark] = trf
            return TrfRound(0, "-", trf), Fraction(0)
        return TrfRound(0, "-", EXPORT_CODES[mark]), Fraction(0)

    rows: list[TrfRow] = []
    comments: list[str] = []
    for name in order:
        p = players[name]
        shown = trf_name(name) if club_spelling else fide_ascii(trf_name(name))
        if "?" in shown and "?" not in name:
            warnings.append(Message("{name} has letters without an ASCII spelling: written as "
                                    "{short}", name=name, short=shown))
        if len(shown) > 33:
            warnings.append(Message("{name} is longer than the 33 characters of the TRF name "
                                    "field: cut to {short}", name=name, short=shown[:33]))
        played = [entry(k, name) for k in span]
        # a federation, id or birth date the columns cannot hold is left blank, each with a
        # warning (field_warnings), never cut to something else (issue 22)
        row = TrfRow(start=number[name], name=shown[:33], rounds=tuple(e for e, _ in played),
                     sex=_sex(p.sex, knsb), rating=p.rating,
                     federation=fide_ascii(_federation(p.federation)),
                     ident=fide_ascii((_ident(p.knsb_id) or "0") if knsb else _ident(p.fide_id)),
                     birth=fide_ascii(_birth(p.birth, knsb)), rank=place.get(name))
        if len(points_text(row.points)) > 4:  # 100 points or more do not fit columns 81-84
            raise ActionError(Message("{name} has {points} points in rounds {first}-{last}: more "
                                      "than the 4 columns of the TRF points field hold; report "
                                      "fewer rounds (--rounds)", name=name,
                                      points=points_text(row.points), first=a, last=b))
        rows.append(row)
        game_points = sum((pts for _, pts in played), Fraction(0))
        if game_points != row.points:
            comments.append(_own_line("game-points", player=row.start,
                                       points=points_text(game_points)))
        if a < p.joined <= b:
            comments.append(_own_line("joined", player=row.start, round=p.joined - a + 1))
        if p.withdrawn_round is not None and a < p.withdrawn_round <= b:
            comments.append(_own_line("withdrawn", player=row.start,
                                       round=p.withdrawn_round - a + 1))

    warnings.extend(field_warnings([players[n] for n in order], knsb))
    for key, flag in (("federation", True), ("birth", True), ("fide_id", not knsb),
                      ("knsb_id", knsb)):
        lacking = [n for n in order if flag and not getattr(players[n], key)]
        if lacking:
            warnings.append(Message("the rating report needs the {column} column: fill it for "
                                    "{names}", column=names[key], names=", ".join(lacking)))
    for k, white, black in sorted(pending):
        warnings.append(Message("round {round}: {white} - {black} has no result; left out of the "
                                "rating report", round=k, white=white, black=black))
    for code, trf in sorted(odd_codes.items()):
        warnings.append(Message("code {code} has no TRF code: written as {trf}", code=code,
                                trf=trf))
    s = season.settings
    for key, value in (("city", s.city), ("arbiter", s.arbiter), ("time_control", s.time_control)):
        if not value:
            warnings.append(Message("the rating report has no {key}: add the setting {key}",
                                    key=key))
    missing_dates = [k for k in span if k not in dates]
    if missing_dates:
        warnings.append(Message("the rating report has no date for round {rounds}: fill "
                                "round_dates in Settings, or head the Attendance columns with "
                                "the dates", rounds=", ".join(map(str, missing_dates))))

    def day(d: datetime.date | None, fmt: str) -> str:
        return d.strftime(fmt) if d else ""

    long_fmt, short_fmt = ("%d/%m/%Y", "%y.%m.%d") if knsb else ("%Y/%m/%d", "%y/%m/%d")
    feds = Counter(_federation(p.federation) for p in listed if _federation(p.federation))
    name = " - ".join(x for x in (s.club, s.season or title) if x) or title
    rated = sum(1 for n in order if players[n].rating)
    head = [("012", name), ("022", s.city), ("032", "NED" if knsb else
                                             (feds.most_common(1)[0][0] if feds else "")),
            ("042", day(dates.get(a), long_fmt)), ("052", day(dates.get(b), long_fmt)),
            ("062", str(len(order))), ("072", str(rated)),  # 072: a count, also in --knsb
            ("082", "0" if knsb else ""),
            ("092", "Individual: Keizer system"), ("102", s.arbiter),
            ("112", ""), ("122", s.time_control)]
    out = [f"{code} {value}".rstrip() for code, value in head if value or knsb]
    row132 = list("132")
    for i, k in enumerate(span, 1):
        if k in dates:
            col = round_column(i)
            row132 += [" "] * (col - 1 - len(row132))
            row132 += list(day(dates[k], short_fmt))
    if len(row132) > 3:
        out.append("".join(row132))
    if comments and not knsb:  # the KNSB's batch carries its games alone (no ### lines)
        out.append("### keizer-xl: columns 81-84 are the total of the round codes (U F 1, H 1/2, "
                   "Z 0); game points and membership below")
        out.extend(comments)
    out.extend(player_line(row) for row in rows)
    return TrfExport("\r\n".join(out) + "\r\n", tuple(warnings), len(order), len(written_games),
                     (a, b))


def write_trf(season: Season, history: History, **options: object) -> str:
    """:func:`export_trf`'s text alone."""
    return export_trf(season, history, **options).text  # type: ignore[arg-type]
