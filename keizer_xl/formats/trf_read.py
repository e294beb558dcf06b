"""Reading a TRF file (TRF-16, TRF-2026, TRFx, chesspairing's) into a season: ``import``.

The file's bytes -> its text (UTF-8, a name cut by bytes, Windows-1252; UTF-16 and binary
files refused with a word), the lines sorted by their code (001 players, the header, 132 and
DAT dates, 240 absences, ``###`` comments, other programs' lines read past with a note),
every problem at once, each at its line.  The format: :mod:`keizer_xl.formats.trf_format`."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

from keizer_xl.core.model import validate
from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.errors import SettingError, InputError, Message, Problem
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.formats import ImportedSeason, name_problem, read_source_bytes, round_gap_problems
from keizer_xl.formats.trf_chesspairing import CHESSPAIRING_CLUB_CODES, generated_by_chesspairing
from keizer_xl.formats.trf_format import ascii_number, byte_layout, fits_columns
from keizer_xl.formats.trf_player import PlayerLine, Reader, read_player_line
from keizer_xl.formats.trf_season import (own_directives, round_dates, season_from_lines,
                                          settings_rows)

#: Standard header lines that carry nothing the workbook keeps (counts, the deputy, the
#: number of rounds, the initial colour, TRF-2026's scoring, tie-break and time-control codes):
#: read past silently.
_SILENT = {"062", "072", "082", "112", "142", "152", "162", "172", "192", "202", "212", "222",
           "352", "362", "XXR", "XXC"}


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
    wrong = not_text(data)
    if wrong is not None:
        raise InputError([Problem(p.name, wrong)])
    return parse_trf(decode_trf(data), p.name, program)


def not_text(data: bytes) -> Message | None:
    """What the file is when it is not a TRF's plain text (UTF-8 or Windows-1252): UTF-16 or
    UTF-32 text (its byte-order mark, or a zero byte beside every character), a SQLite
    database, other binary data (zero bytes)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")) or (
            len(data) >= 4 and data.count(0) * 3 >= len(data) and b"\x00\x00\x00" not in data[:64]):
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


def parse_trf(text: str, label: str = "file.trf", program: str = "auto") -> ImportedSeason:
    r = Reader(label)
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
    players: list[PlayerLine] = []
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
            parsed = read_player_line(line, n, r)
            if parsed is not None:
                players.append(parsed)
        elif code in ("012", "022", "032", "042", "052", "092", "102", "122"):
            wrong = name_problem(rest)  # control characters: reported above, line left out
            if wrong is not None:  # a cell holds no more: never cut without a word
                r.problem(n, wrong)
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
        elif re.fullmatch(r"[A-Z]{3}|\d{3}", code):
            # other programs' lines that say nothing this competition uses (teams,
            # accelerations, forbidden pairs, scoring systems, national (NRS) records, later
            # TRF-2026 records): read past, with one note per kind
            ignored[code] += 1
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
    generated = generated_by_chesspairing(header, [(pl.start, pl.name) for pl in players],
                                          "XXR" in seen_codes)
    # chesspairing's own lines, its writer's 092 (trf/convert.go FromTournamentState writes
    # "Keizer") or its generator's shape; ``program`` says it when the file cannot
    if program == "auto":
        chesspairing = (bool(directives) or bool(options) or generated
                        or header.get("092", "").strip() == "Keizer")
    else:
        chesspairing = program == "chesspairing"
    by_start: dict[int, PlayerLine] = {}
    for pl in players:
        if pl.start in by_start:
            r.problem(pl.number, Message("start number {number} appears twice (also line "
                                         "{other})", number=pl.start,
                                         other=by_start[pl.start].number))
        else:
            by_start[pl.start] = pl
    if r.problems:
        raise InputError(r.problems)
    season_dates = round_dates(dates_132, dat_dates, r)
    season = season_from_lines(by_start, header, chesspairing, directives, absences_240, r)
    season = own_directives(season, own, by_start, r)
    rows = settings_rows(header, season_dates, options, chesspairing, season, r,
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
    if problems:  # round_gap_problems: the rule check applies (core.setting_values.MAX_ROUND_GAP)
        raise InputError(problems)
    if chesspairing:
        r.notes.insert(0, Message("{file} was written by chesspairing: U is read as an absence "
                                  "and F as the bye, as chesspairing reads them", file=label))
    return ImportedSeason(season, tuple(rows), tuple(r.notes), "trf")

