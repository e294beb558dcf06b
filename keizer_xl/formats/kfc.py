"""Read a KeizerForClubs tournament (``.s3db``, SQLite) into an :class:`ImportedSeason`.

KeizerForClubs (Dumuzy/KeizerForClubs) keeps one tournament in one SQLite file with the tables
``Player``, ``Pairing`` and ``ConfigTab`` (``src/cSqliteInterface.cs``, ``OpenTournament`` and
``CreateConfigTab``).  Facts used here, each from that file (docs/presets-kfc.md has the full
mapping):

- ``Player(id, name, rating, rank, state, ...)``; ``state`` is ``PlayerState``: 0 unknown (also
  NULL: a new player), 1 available, 2 paired, 5 hindered (club game), 6 excused, 7 unexcused,
  8 bye, 9 retired, 10 deleted, 11 not yet started, 12 preregistered.  Only 9 changes the
  scoring: a retired player leaves every ranking.
- ``Pairing(Rnd, board, PID_W, PID_B, Result, Pts_W, Pts_B)``: a game has two player ids; a
  round without an opponent is a row with ``PID_B`` -1 and the player as ``PID_W``
  (``UpdPairingResult``: ``ids > 0`` is a game).  ``Result`` is ``Results``: -1 not entered,
  1 White wins, 2 draw, 3 Black wins, 4 bye (Freilos), 5 hindered (club game), 6 excused,
  7 unexcused; 8 White wins by forfeit, 9 Black wins by forfeit, 10 both forfeit, 11 adjourned
  (scored as a draw: ``DrawishResults``), 12 LateStart (the newest enum; older files use 1-7).
  Rows without an opponent sit on boards 100, 101, ... (``FirstNonPlayingBoard``).
- ``ConfigTab(CfgKey, CfgText, CfgValue)`` (not in files of the first versions, whose settings
  lived in the program's own config database): ``BONUS.Freilos`` (default 50), ``BONUS.Excused``,
  ``BONUS.Unexcused``, ``BONUS.Clubgame``, ``BONUS.Retired``, ``BONUS.Verlust`` (default 0),
  whole percentages; ``OPTION.RatioFirst2Last`` (default 3), ``OPTION.WickerNormalization``
  (0 or 1), ``OPTION.NiceName`` (the tournament's name).

Every problem names its table row (``Pairing row 12``); all are reported at once and nothing
is returned when there is one.
"""
from __future__ import annotations

import math
import sqlite3
import unicodedata
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season, validate
from keizer_xl.core.setting_values import MAX_RATING, MAX_ROUND
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.settings import Tiebreak
from keizer_xl.errors import InputError, Message, Problem, SettingError
from keizer_xl.formats import ImportedSeason, check_source_file, round_gap_problems
from keizer_xl.sheets.cells import TEXT_LIMIT


def _row(table: str, row: object) -> str:
    """Where a problem is: ``Pairing row 12`` (the table's name as KeizerForClubs has it;
    "row" in the club's language where it is shown, issue 26)."""
    return Message("{table} row {row}", table=table, row=row)


__all__ = ["read_kfc", "PLAYER_STATES", "GAME_RESULTS", "ROUND_RESULTS", "SHIPPED_PERCENTAGES"]

#: PlayerState codes (cSqliteInterface.cs); NULL reads as 0 like KeizerForClubs reads it
#: 12 ``PreRegistered`` (newest versions, issue #112): a player entered before the season
#: goes on; KFC makes him available at the next pairing (``SetPreRegisteredPlayers2Available``,
#: frmMainform.cs) and its calculation treats him as any player who is not retired (counted in
#: N, ranked, no rows yet): read as state 1 is
PLAYER_STATES = {0: "unknown", 1: "available", 2: "paired", 5: "hindered", 6: "excused",
                 7: "unexcused", 8: "bye", 9: "retired", 10: "deleted", 11: "not yet started",
                 12: "preregistered"}
RETIRED = 9
#: Results codes of a row with two players (-1 and 0: no result entered yet)
GAME_RESULTS = {-1: Result.PENDING, 0: Result.PENDING, 1: Result.WHITE_WINS, 2: Result.DRAW,
                3: Result.BLACK_WINS, 8: Result.WHITE_FORFEIT, 9: Result.BLACK_FORFEIT,
                10: Result.DOUBLE_FORFEIT, 11: Result.ADJOURNED}
#: Results codes of a row without an opponent: the bye, or the absence code.  12 is
#: ``LateStart`` (newest versions, cSqliteInterface.cs at 32221828: ``LateStart = 12``, a row for
#: each round before a player was added, scored like an unexcused absence)
LATE_START_CODE = "S"
ROUND_RESULTS = {4: "bye", 5: "C", 6: "E", 7: "U", 12: LATE_START_CODE}
#: The percentages KeizerForClubs ships (cfg/KeizerForClubs.config.s3db), used for a key a
#: tournament lacks; the setting each one feeds.
SHIPPED_PERCENTAGES = {"BONUS.Freilos": ("bye", 50), "BONUS.Excused": ("absence_excused", 35),
                       "BONUS.Unexcused": ("absence_unexcused", 5),
                       "BONUS.Clubgame": ("absence_club", 70),
                       "BONUS.Retired": ("withdrawn_opponent", 75),
                       "BONUS.Verlust": ("loss", 0)}
#: A round a player has no row in, between his first round and his retirement: KeizerForClubs
#: scores it 0; it becomes this club code worth 0.
GAP_CODE = "X"

_SQLITE_MAGIC = b"SQLite format 3\x00"
_NEEDED = {"Player": ("id", "name", "rating", "state"),
           "Pairing": ("Rnd", "board", "PID_W", "PID_B", "Result")}


def read_kfc(path: Path) -> ImportedSeason:
    """The tournament in ``path`` as a season with ``preset kfc`` and its own percentages.

    Raises InputError (every problem with its table row) for a file that is not a SQLite
    database, a damaged one, missing tables or columns, unknown codes, a player in two rows
    of a round."""
    path = Path(path)
    where = str(path)
    check_source_file(path)  # a folder, a pipe (it would hang), a device: refused unopened
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(_SQLITE_MAGIC))
    except OSError as e:
        raise InputError([Problem(where, Message("cannot read the file: {error}",
                                                 error=e.strerror or str(e)))]) from None
    if head != _SQLITE_MAGIC:
        raise InputError([Problem(where, Message(
            "not a KeizerForClubs tournament: the file is not a SQLite database"))])
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise InputError([Problem(where, Message("the database is damaged: {error}",
                                                 error=str(e)))]) from None
    try:
        return _read(con, path)
    except sqlite3.DatabaseError as e:
        raise InputError([Problem(where, _database_error(path, e))]) from None
    finally:
        con.close()


def _database_error(path: Path, e: sqlite3.DatabaseError) -> Message:
    """What a SQLite error means for the user: a database another program is writing (locked,
    busy) or left with an unfinished change (a hot journal beside it, which a read-only reader
    may not roll back) is not damaged; it is told so, and what to do."""
    text = str(e)
    lowered = text.casefold()
    journal = [p.name for p in (path.with_name(path.name + "-journal"),
                                path.with_name(path.name + "-wal")) if p.exists()]
    if "locked" in lowered or "busy" in lowered:
        return Message("the database is locked: another program (KeizerForClubs?) is writing "
                       "it. Close the tournament there and import again ({error})", error=text)
    if journal and ("readonly" in lowered or "read-only" in lowered or "unable to open" in lowered
                    or "disk i/o" in lowered):
        return Message("the database has an unfinished change (the file {journal} is beside "
                       "it): open the tournament in KeizerForClubs once, close it, and import "
                       "again ({error})", journal=journal[0], error=text)
    return Message("the database is damaged: {error}", error=text)


def _read(con: sqlite3.Connection, path: Path) -> ImportedSeason:
    where = str(path)
    con.execute("PRAGMA busy_timeout = 2000")  # a writer's short transaction: wait, then say locked
    check = con.execute("PRAGMA quick_check").fetchone()
    if not check or check[0] != "ok":
        raise InputError([Problem(where, Message("the database is damaged: {error}",
                                                 error=str(check[0] if check else "")))])
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    problems: list[Problem] = []
    for table, columns in _NEEDED.items():
        if table not in tables:
            problems.append(Problem(where, Message(
                "table {table} is missing: not a KeizerForClubs tournament", table=table)))
            continue
        have = {r[1].casefold() for r in con.execute(f"PRAGMA table_info('{table}')")}
        for col in columns:
            if col.casefold() not in have:
                problems.append(Problem(table, Message("column {column} is missing",
                                                       column=col)))
    if problems:
        raise InputError(problems)

    players, states = _players(con, problems)
    by_id = {pid: name for pid, (name, _rating) in players.items()}
    games, byes, absences, rows_of = _pairings(con, by_id, problems)
    # KeizerForClubs' first versions kept ConfigTab only in the program's own
    # cfg/KeizerForClubs.config.s3db (cSqliteInterface.cs at 67dd788d reads config_db.ConfigTab);
    # later ones copy that table into a tournament that has none (CreateConfigTab): the
    # shipped values are what such a file gets, so they are used, with a note.
    has_config = "ConfigTab" in tables
    config = _config(con, problems) if has_config else {}
    settings_rows = _settings_rows(config, problems, strict=has_config, file_name=path.stem)
    parsed = []
    for key, value in settings_rows:
        try:
            parsed.append(parse_setting(key, value))
        except SettingError as e:  # a ratio of 1 or less lands here
            problems.append(Problem(_row("ConfigTab", _CONFIG_SOURCE.get(key, key)), str(e)))
    if problems:
        raise InputError(problems)

    last = max([r for rs in rows_of.values() for r in rs] + [0])
    # the start ranking KeizerForClubs uses: rating descending, equal ratings by id (the
    # order SQLite returns them in), retired players included but without a value
    start = {pid: i + 1 for i, pid in enumerate(sorted(players, key=lambda p: (-players[p][1], p)))}
    plist: list[Player] = []
    notes: list[str] = []
    if not has_config:
        notes.append(Message("The file has no table ConfigTab (a tournament of KeizerForClubs' "
                             "first versions): its shipped percentages are used"))
    gaps: list[Absence] = []
    for pid in sorted(players):
        name, rating = players[pid]
        rounds = sorted(rows_of.get(pid, ()))
        # rounds before his first row: not yet a member (KeizerForClubs scores them 0 and counts
        # him among N from round 1, as keizer-xl does a late entrant)
        joined = rounds[0] if rounds else last + 1
        withdrawn = None
        end = last
        if states[pid] == RETIRED:
            withdrawn = (rounds[-1] + 1) if rounds else 1
            end = withdrawn - 1
            # said, so the club sees why he left the ranking (issue 26)
            notes.append(Message("{name} is retired in KeizerForClubs (Player row {row}): read "
                                 "as withdrawn from round {round}", name=name, row=pid,
                                 round=withdrawn))
        for r in range(joined, end + 1):
            if r not in rows_of.get(pid, set()):
                gaps.append(Absence(r, name, GAP_CODE, f"Pairing round {r}"))
                notes.append(Message("{name} has no row in round {round}: scored 0 (code {code})",
                                     name=name, round=r, code=GAP_CODE))
        plist.append(Player(name=name, rating=rating, start=start[pid], joined=max(joined, 1),
                            withdrawn_round=withdrawn, id=str(pid), origin=f"Player row {pid}"))
    if gaps:
        settings_rows.append((f"code {GAP_CODE}", "0"))
        parsed.append(parse_setting(f"code {GAP_CODE}", "0"))
    if any(a.code == LATE_START_CODE for a in absences):
        # LateStart scores like an unexcused absence (RankingCalculator.cs)
        unexcused = dict(settings_rows)["absence_unexcused"]
        settings_rows.append((f"code {LATE_START_CODE}", unexcused))
        parsed.append(parse_setting(f"code {LATE_START_CODE}", unexcused))
    try:
        settings = build_settings(parsed)
    except SettingError as e:
        raise InputError([Problem("ConfigTab", str(e))]) from None
    season = Season(players=tuple(plist), games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences) + tuple(gaps), settings=settings,
                    attendance_rounds=tuple(range(1, last + 1)))
    problems.extend(round_gap_problems((*games, *byes)))  # the rule check applies (MAX_ROUND_GAP)
    problems.extend(validate(season))
    if problems:
        raise InputError(problems)
    tiebreak = _cache_tiebreak(con, season, tables, last)
    if tiebreak is not None:
        settings_rows.append(("tiebreak", tiebreak))
        parsed.append(parse_setting("tiebreak", tiebreak))
        season = replace(season, settings=build_settings(parsed))
        notes.append(Message("KeizerForClubs' stored standing after round {round} (table "
                             "{table}) breaks ties by {tiebreak}: tiebreak set so", round=last - 1,
                             table=f"tStand_{last - 1}", tiebreak=tiebreak))
    notes.extend(_compare_stored(con, season, players, tables, last))
    return ImportedSeason(season=season, settings_rows=tuple(settings_rows), notes=tuple(notes),
                          source="kfc")


def _players(con: sqlite3.Connection, problems: list[Problem]
             ) -> tuple[dict[int, tuple[str, int]], dict[int, int]]:
    players: dict[int, tuple[str, int]] = {}
    states: dict[int, int] = {}
    seen: dict[str, int] = {}
    for pid, name, rating, state in con.execute(
            "SELECT id, name, rating, state FROM Player ORDER BY id"):
        where = _row("Player", pid)
        if isinstance(name, bytes):  # stored as a BLOB: decoded as the UTF-8 KeizerForClubs writes
            try:
                name = name.decode("utf-8")
            except UnicodeDecodeError:
                problems.append(Problem(where, Message(
                    "the name is stored as binary data (a BLOB) that is not UTF-8 text")))
                continue
        text = str(name).strip() if name is not None else ""
        if not isinstance(pid, int):
            problems.append(Problem(where, Message("id {id} is not a whole number", id=pid)))
            continue
        bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
        if bad is not None:
            problems.append(Problem(where, Message(
                "the name {name!r} holds the control character {code}", name=text,
                code=f"U+{ord(bad):04X}")))
            continue
        if len(text) > TEXT_LIMIT:  # a cell holds no more: never cut without a word
            problems.append(Problem(where, Message(
                "the text is {length} characters long, more than the {limit} a workbook cell "
                "holds", length=len(text), limit=TEXT_LIMIT)))
            continue
        if not text:
            problems.append(Problem(where, Message("the player has no name")))
            continue
        if text in seen:
            problems.append(Problem(where, Message("the name {name} is used twice (also Player "
                                                   "row {other})", name=text, other=seen[text])))
            continue
        seen[text] = pid
        if isinstance(rating, float) and rating.is_integer():
            rating = int(rating)
        if rating is None:
            rating = 0
        if not isinstance(rating, int):
            problems.append(Problem(where, Message("rating {rating!r} is not a whole number",
                                                   rating=rating)))
            continue
        if not 0 <= rating <= MAX_RATING:  # the limit check applies (core.setting_values.MAX_RATING)
            problems.append(Problem(where, Message("rating {rating} is not a rating (0 to "
                                                   "{max_rating})", rating=rating,
                                                   max_rating=MAX_RATING)))
            continue
        code = 0 if state is None else state
        if code not in PLAYER_STATES:
            problems.append(Problem(where, Message("unknown player state {code!r}", code=code)))
            continue
        players[pid] = (text, rating)
        states[pid] = code
    return players, states


def _pairings(con: sqlite3.Connection, by_id: dict[int, str], problems: list[Problem]
              ) -> tuple[list[Game], list[Bye], list[Absence], dict[int, set[int]]]:
    games: list[Game] = []
    byes: list[Bye] = []
    absences: list[Absence] = []
    rows_of: dict[int, set[int]] = {}
    first_row: dict[tuple[int, int], int] = {}
    for rowid, rnd, board, white, black, code in con.execute(
            "SELECT rowid, Rnd, board, PID_W, PID_B, Result FROM Pairing ORDER BY Rnd, board, rowid"):
        where = _row("Pairing", rowid)
        if not isinstance(rnd, int) or not 1 <= rnd <= MAX_ROUND:
            problems.append(Problem(where, Message("round {round!r} is not a round number",
                                                   round=rnd)))
            continue
        code = -1 if code is None else code
        with_opponent = isinstance(black, int) and black > 0
        ids = [white, black] if with_opponent else [white]
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            problems.extend(Problem(where, Message("player id {id!r} is not in the Player table",
                                                   id=i)) for i in unknown)
            continue
        clash = False
        for pid in ids:
            before = first_row.setdefault((rnd, pid), rowid)
            if before != rowid:
                problems.append(Problem(where, Message(
                    "{name} is in two rows of round {round} (also Pairing row {other})",
                    name=by_id[pid], round=rnd, other=before)))
                clash = True
        if clash:
            continue
        if with_opponent:
            if code not in GAME_RESULTS:
                problems.append(Problem(where, Message(
                    "result code {code!r} does not fit a game between two players", code=code)
                    if code in ROUND_RESULTS else Message("unknown result code {code!r}",
                                                          code=code)))
                continue
            if white == black:
                problems.append(Problem(where, Message("{name} cannot play himself in round "
                                                       "{round}", name=by_id[white], round=rnd)))
                continue
            games.append(Game(rnd, by_id[white], by_id[black], GAME_RESULTS[code],
                              board if isinstance(board, int) else None, where))
        else:
            if code in (-1, 0):
                # a round without an opponent whose result was never set: no branch of
                # OneRoundAllPairingsSetKeizerPtsTa scores it, 0 points; read as no row (the
                # round becomes code X worth 0, with a note, or a round before he joined)
                continue
            if code not in ROUND_RESULTS:
                problems.append(Problem(where, Message(
                    "result code {code!r} needs an opponent", code=code)
                    if code in GAME_RESULTS and code > 0
                    else Message("unknown result code {code!r}", code=code)))
                continue
            kind = ROUND_RESULTS[code]
            if kind == "bye":
                byes.append(Bye(rnd, by_id[white], where))
            else:
                absences.append(Absence(rnd, by_id[white], kind, where))
        for pid in ids:
            rows_of.setdefault(pid, set()).add(rnd)
    return games, byes, absences, rows_of


def _config(con: sqlite3.Connection, problems: list[Problem]) -> dict[str, tuple[Any, Any]]:
    """CfgKey -> (CfgText, CfgValue)."""
    cols = {r[1].casefold() for r in con.execute("PRAGMA table_info('ConfigTab')")}
    missing = [c for c in ("CfgKey", "CfgText", "CfgValue") if c.casefold() not in cols]
    if missing:
        problems.extend(Problem("ConfigTab", Message("column {column} is missing", column=c))
                        for c in missing)
        return {}
    return {str(k): (t, v) for k, t, v in
            con.execute("SELECT CfgKey, CfgText, CfgValue FROM ConfigTab") if k is not None}


#: setting -> the ConfigTab key it comes from (for the problem's place)
_CONFIG_SOURCE = {setting: key for key, (setting, _d) in SHIPPED_PERCENTAGES.items()}
_CONFIG_SOURCE.update({"top_value": "OPTION.RatioFirst2Last", "season": "OPTION.NiceName",
                       "value_normalisation": "OPTION.WickerNormalization",
                       "absence_decay": "OPTION.DecayBonus",
                       "own_value_fade": "OPTION.DecayPrevRound",
                       "rematch_gap": "OPTION.GameRepeat"})


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    try:
        f = float(str(value).strip().replace(",", "."))
    except ValueError:
        return None
    return f if math.isfinite(f) else None


#: ConfigTab keys KeizerForClubs reads without a default (frmMainform.cs, opening a tournament:
#: ``GetConfigInt("BONUS.Clubgame")``): a file without them cannot be scored by it either
REQUIRED_KEYS = ("BONUS.Clubgame", "BONUS.Excused", "BONUS.Unexcused", "BONUS.Retired")


def _settings_rows(config: dict[str, tuple[Any, Any]], problems: list[Problem],
                   strict: bool = True, file_name: str = "") -> list[tuple[str, str]]:
    """``preset kfc`` and the tournament's own percentages and options, as Settings rows.

    ``strict`` (the file has a ConfigTab): a key KeizerForClubs reads without a default must
    be there with a value; ``BONUS.Freilos`` and ``BONUS.Verlust`` default to 50 and 0 as its
    ``GetConfigInt(key, default)`` does.  A row whose CfgValue is NULL is refused (KeizerForClubs'
    ``Convert.ToInt32`` fails on it)."""
    rows: list[tuple[str, str]] = [("preset", "kfc")]
    # the tournament's name: OPTION.NiceName, or the file's name without .s3db when it is
    # empty or missing, as KeizerForClubs titles it (frmMainform.SetTurnierAndFilename)
    name = config.get("OPTION.NiceName", (None, None))[0]
    if isinstance(name, bytes):  # a BLOB: the UTF-8 text KeizerForClubs writes, or nothing
        name = name.decode("utf-8", "replace")
    bad = next((c for c in str(name or "") if unicodedata.category(c) in ("Cc", "Zl", "Zp")),
               None)
    if bad is not None:
        problems.append(Problem("ConfigTab row OPTION.NiceName", Message(
            "the name {name!r} holds the control character {code}", name=str(name),
            code=f"U+{ord(bad):04X}")))
        name = None
    elif name is not None and len(str(name)) > TEXT_LIMIT:
        problems.append(Problem("ConfigTab row OPTION.NiceName", Message(
            "the text is {length} characters long, more than the {limit} a workbook cell "
            "holds", length=len(str(name)), limit=TEXT_LIMIT)))
        name = None
    name = str(name).strip() if name is not None and str(name).strip() else file_name.strip()
    if name:
        rows.append(("season", name))
    for key, (setting, default) in SHIPPED_PERCENTAGES.items():
        if strict and key in REQUIRED_KEYS and key not in config:
            problems.append(Problem("ConfigTab", Message(
                "the key {key} is missing (KeizerForClubs cannot score without it)", key=key)))
            continue
        raw = config.get(key, (None, None))[1]
        if strict and key in config and raw is None:
            problems.append(Problem(_row("ConfigTab", key), Message("CfgValue is empty")))
            continue
        value = _number(raw) if raw is not None else float(default)
        if value is None or not 0 <= value <= 100:
            problems.append(Problem(_row("ConfigTab", key), Message(
                "{value!r} is not a percentage between 0 and 100", value=raw)))
            continue
        # GetConfigInt: .NET Convert.ToInt32 rounds half to even, as Python's round does
        rows.append((setting, f"{round(value)}%"))
    raw = config.get("OPTION.RatioFirst2Last", (None, None))[1]
    ratio = _number(raw) if raw is not None else 3.0  # GetConfigFloat(key, 3)
    if strict and "OPTION.RatioFirst2Last" in config and raw is None:
        problems.append(Problem("ConfigTab row OPTION.RatioFirst2Last",
                                Message("CfgValue is empty")))
    elif ratio is None:
        problems.append(Problem("ConfigTab row OPTION.RatioFirst2Last",
                                Message("{value!r} is not a number", value=raw)))
    elif not math.isfinite(ratio) or abs(ratio) > _FLOAT32_MAX:
        # KeizerForClubs reads it as a float32 (GetConfigFloat): larger is no number there
        problems.append(Problem("ConfigTab row OPTION.RatioFirst2Last", Message(
            "{value!r} is too large for the ratio (KeizerForClubs keeps it as a float32, at "
            "most 3.4e38)", value=raw)))
    else:
        rows.append(("top_value", f"ratio {_float32_text(ratio)}"))
    if "OPTION.GameRepeat" in config:
        # "# rounds before pairings repeat": at least n rounds between two meetings, as
        # rematch_gap counts them (1, 4, 7 with n = 2); 0: the very next round
        raw = config["OPTION.GameRepeat"][1]
        gap = _number(raw)
        if gap is None or not gap.is_integer() or not 0 <= gap <= MAX_ROUND:
            problems.append(Problem("ConfigTab row OPTION.GameRepeat", Message(
                "{value!r} is not a number", value=raw)))
        else:
            rows.append(("rematch_gap", str(int(gap))))
    if _flag(config, "OPTION.WickerNormalization"):
        rows.append(("value_normalisation", "wicker"))
    if _flag(config, "OPTION.DecayBonus"):
        rows.append(("absence_decay", "halving-eu"))
    if _flag(config, "OPTION.DecayPrevRound"):
        rows.append(("own_value_fade", "5"))
    return rows


def _flag(config: dict[str, tuple[Any, Any]], key: str) -> bool:
    value = _number(config.get(key, (None, 0))[1])
    return bool(value)


#: the largest float32 (numpy.finfo(numpy.float32).max)
_FLOAT32_MAX = 3.4028234663852886e38


def _float32_text(x: float) -> str:
    """The shortest decimal of the float32 KeizerForClubs reads (GetConfigFloat: a float
    stored through a double, 1.7 arrives as 1.7000000476837158)."""
    import numpy as np

    text = np.format_float_positional(np.float32(x), trim="-")
    return str(Fraction(text)) if "e" in text else text


#: How KeizerForClubs' standings caches order players of equal points (cReportingUnit.cs,
#: fReportTabellenstandTable): by id in the middle versions (``ORDER BY Keizer_SumPts desc``),
#: by game points then rating in the newest (``GetPlayerLiOrderedForResults``)
CACHE_TIEBREAKS = ("games, rating, start", "id")


def _cached_order(con: sqlite3.Connection, table: str) -> list[str]:
    """The names of a cached standings table tStand_<R>, best first (WriteTableWHeaders2Db:
    Header1, Header2, Footer, the column headers, then one row per player, joined by §)."""
    # an identifier cannot be a parameter; table is tStand_<int>, made from a round number
    lines = [str(r[0]) for r in con.execute(f"SELECT line FROM {table} ORDER BY id")]  # noqa: S608
    rows = [line.split("\u00a7") for line in lines[4:]]
    return [r[1].strip() for r in rows if len(r) > 1]


def _cache_tiebreak(con: sqlite3.Connection, season: Season, tables: set[str],
                    last: int) -> str | None:
    """The tie-break that gives the order of KeizerForClubs' cached standing after the round
    before the last, when the fresh calculation (ties by rating) does not: the last round is
    valued with that cached order (RankingCalculator.AllPlayersSetRankAndStartPtsFromDbCacheTa)."""
    from keizer_xl.core.engine import compute_history

    cache = f"tStand_{last - 1}"
    if last < 2 or cache not in tables or season.last_round_with_results() < last - 1:
        return None
    cached = _cached_order(con, cache)
    if not cached:
        return None

    def agrees(s: Season) -> bool:
        ours = list(compute_history(s, upto=last - 1).after(last - 1).order)
        common = set(ours) & set(cached)
        return [n for n in ours if n in common] == [n for n in cached if n in common]

    if agrees(season):
        return None
    for tiebreak in CACHE_TIEBREAKS:
        settings = replace(season.settings, tiebreak=tuple(Tiebreak(t.strip()) for t in tiebreak.split(",")))
        if agrees(replace(season, settings=settings)):
            return tiebreak
    return None


def _compare_stored(con: sqlite3.Connection, season: Season,
                    players: dict[int, tuple[str, int]], tables: set[str], last: int) -> list[str]:
    """Notes comparing the standings with what KeizerForClubs stored in the file: its
    ``Player.Keizer_SumPts`` (the standing after its last round, float32) and its cached
    standing after the round before (table ``tStand_<R>``, which RankingCalculator.cs reuses
    instead of recomputing that round when it exists)."""
    from keizer_xl.core.engine import compute_history

    scored = season.last_round_with_results()
    if scored == 0:
        return []
    if scored < last:
        return [Message("KeizerForClubs' stored Keizer points include round {round}, which has "
                        "no results yet; they are not compared", round=last)]
    notes: list[str] = []
    hist = compute_history(season)
    cache = f"tStand_{last - 1}"
    if last >= 2 and cache in tables:
        cached = _cached_order(con, cache)
        ours = list(hist.after(last - 1).order)
        if cached and cached != ours:
            notes.append(Message(
                "KeizerForClubs reused its stored standing after round {round} (table {table}), "
                "which differs from a new calculation (players changed since?); its points for "
                "round {last} may differ", round=last - 1, table=cache, last=last))
    have = {r[1].casefold() for r in con.execute("PRAGMA table_info('Player')")}
    if "keizer_sumpts" not in have:
        return notes
    score = hist.last.score
    differ = []
    compared = 0
    for pid, stored in con.execute("SELECT id, Keizer_SumPts FROM Player"):
        name = players.get(pid, ("", 0))[0]
        if name not in score or not isinstance(stored, (int, float)):
            continue
        compared += 1
        ours_f = float(score[name])
        if abs(ours_f - stored) > max(0.01, 1e-6 * abs(stored)):  # float32 sums
            differ.append(Message("{name} {stored} (here {ours})", name=name,
                                  stored=f"{stored:.2f}", ours=f"{ours_f:.2f}"))
    if differ:
        notes.append(Message("KeizerForClubs stored other Keizer points after round {round}: "
                             "{players}", round=last, players=tuple(differ)))
    elif compared:
        notes.append(Message("The Keizer points KeizerForClubs stored after round {round} agree "
                             "for all {n} players", round=last, n=compared))
    return notes
