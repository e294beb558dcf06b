"""Read a KeizerForClubs tournament (``.s3db``, SQLite) into an :class:`ImportedSeason`.

KeizerForClubs (Dumuzy/KeizerForClubs) keeps one tournament in one SQLite file with the tables
``Player``, ``Pairing`` and ``ConfigTab`` (``src/cSqliteInterface.cs``, ``OpenTournament``,
``CreateConfigTab``; docs/presets-kfc.md has the full mapping).  A ``Pairing`` row with
``PID_B`` -1 is a round without an opponent (``UpdPairingResult``), on boards 100, 101, ...
(``FirstNonPlayingBoard``); the codes are :data:`PLAYER_STATES`, :data:`GAME_RESULTS` and
:data:`ROUND_RESULTS`.  ``ConfigTab`` (absent from the first versions' files) becomes Settings
rows (:mod:`keizer_xl.formats.kfc_config`); KFC's stored standings are compared by
:mod:`keizer_xl.formats.kfc_stored`.  Every problem names its table row (``Pairing row 12``);
all are reported at once and nothing is returned when there is one.
"""
from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season, validate
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.setting_values import MAX_RATING, MAX_ROUND
from keizer_xl.errors import InputError, Message, Problem, SettingError
from keizer_xl.formats import ImportedSeason, name_problem, read_source_bytes, round_gap_problems
from keizer_xl.formats.kfc_config import (CONFIG_SOURCE, config_rows, config_table,
                                          missing_columns, table_row)
from keizer_xl.formats.kfc_stored import cache_tiebreak, compare_stored

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
    # a folder, a pipe (it would hang), a device: refused unopened
    if read_source_bytes(path, len(_SQLITE_MAGIC)) != _SQLITE_MAGIC:
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
        problems += missing_columns(con, table, columns)
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
    known = len(problems)
    config = config_table(con, problems) if has_config else {}
    if len(problems) > known:  # a column of ConfigTab missing: said so, not each key it lacks
        raise InputError(problems)
    settings_rows = config_rows(config, problems, strict=has_config, file_name=path.stem)
    for key, value in settings_rows:
        try:
            parse_setting(key, value)
        except SettingError as e:  # a ratio of 1 or less lands here
            problems.append(Problem(table_row("ConfigTab", CONFIG_SOURCE.get(key, key)), str(e)))
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
    if any(a.code == LATE_START_CODE for a in absences):
        # LateStart scores like an unexcused absence (RankingCalculator.cs)
        settings_rows.append((f"code {LATE_START_CODE}", dict(settings_rows)["absence_unexcused"]))
    try:
        settings = build_settings([parse_setting(k, v) for k, v in settings_rows])
    except SettingError as e:
        raise InputError([Problem("ConfigTab", str(e))]) from None
    season = Season(players=tuple(plist), games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences) + tuple(gaps), settings=settings,
                    attendance_rounds=tuple(range(1, last + 1)))
    problems.extend(round_gap_problems((*games, *byes)))  # the rule check applies (MAX_ROUND_GAP)
    problems.extend(validate(season))
    if problems:
        raise InputError(problems)
    tiebreak = cache_tiebreak(con, season, tables, last)
    if tiebreak is not None:
        settings_rows.append(("tiebreak", tiebreak))
        season = replace(season, settings=build_settings([parse_setting(k, v)
                                                          for k, v in settings_rows]))
        notes.append(Message("KeizerForClubs' stored standing after round {round} (table "
                             "{table}) breaks ties by {tiebreak}: tiebreak set so", round=last - 1,
                             table=f"tStand_{last - 1}", tiebreak=tiebreak))
    notes.extend(compare_stored(con, season, players, tables, last))
    return ImportedSeason(season=season, settings_rows=tuple(settings_rows), notes=tuple(notes),
                          source="kfc")


def _players(con: sqlite3.Connection, problems: list[Problem]
             ) -> tuple[dict[int, tuple[str, int]], dict[int, int]]:
    players: dict[int, tuple[str, int]] = {}
    states: dict[int, int] = {}
    seen: dict[str, int] = {}
    for pid, name, rating, state in con.execute(
            "SELECT id, name, rating, state FROM Player ORDER BY id"):
        where = table_row("Player", pid)
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
        wrong = name_problem(text)
        if wrong is not None:
            problems.append(Problem(where, wrong))
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
        where = table_row("Pairing", rowid)
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
