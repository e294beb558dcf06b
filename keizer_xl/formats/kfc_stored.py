"""What KeizerForClubs stored in a tournament besides its games: the cached standing after a
round (table ``tStand_<R>``, which its RankingCalculator.cs reuses instead of recomputing that
round) and each player's ``Keizer_SumPts``; the tie-break that gives the cached order, and
notes comparing both with the standings computed here.
"""
from __future__ import annotations

import sqlite3
from dataclasses import replace

from keizer_xl.core.engine import compute_history
from keizer_xl.core.model import Season
from keizer_xl.core.settings import Tiebreak
from keizer_xl.errors import InputError, Message
from keizer_xl.formats.kfc_config import missing_columns

#: How KeizerForClubs' standings caches order players of equal points (cReportingUnit.cs,
#: fReportTabellenstandTable): by id in the middle versions (``ORDER BY Keizer_SumPts desc``),
#: by game points then rating in the newest (``GetPlayerLiOrderedForResults``)
CACHE_TIEBREAKS = ("games, rating, start", "id")


def _cached_order(con: sqlite3.Connection, tables: set[str], last: int) -> list[str]:
    """The names of the cached standing after the round before ``last`` (table tStand_<R>),
    best first; [] when there is none (WriteTableWHeaders2Db: Header1, Header2, Footer, the
    column headers, then one row per player, joined by §)."""
    table = f"tStand_{last - 1}"
    if last < 2 or table not in tables:
        return []
    missing = missing_columns(con, table, ("id", "line"))
    if missing:
        raise InputError(missing)
    # an identifier cannot be a parameter; table is tStand_<int>, made from a round number
    lines = [str(r[0]) for r in con.execute(f"SELECT line FROM {table} ORDER BY id")]  # noqa: S608
    rows = [line.split("\u00a7") for line in lines[4:]]
    return [r[1].strip() for r in rows if len(r) > 1]


def cache_tiebreak(con: sqlite3.Connection, season: Season, tables: set[str],
                   last: int) -> str | None:
    """The tie-break that gives the order of KeizerForClubs' cached standing after the round
    before the last, when the fresh calculation (ties by rating) does not: the last round is
    valued with that cached order (RankingCalculator.AllPlayersSetRankAndStartPtsFromDbCacheTa)."""
    cached = _cached_order(con, tables, last) if season.last_round_with_results() >= last - 1 else []
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


def compare_stored(con: sqlite3.Connection, season: Season,
                   players: dict[int, tuple[str, int]], tables: set[str], last: int) -> list[str]:
    """Notes comparing the standings with what KeizerForClubs stored in the file: its
    ``Player.Keizer_SumPts`` (the standing after its last round, float32) and its cached
    standing after the round before (table ``tStand_<R>``, which RankingCalculator.cs reuses
    instead of recomputing that round when it exists)."""
    scored = season.last_round_with_results()
    if scored == 0:
        return []
    if scored < last:
        return [Message("KeizerForClubs' stored Keizer points include round {round}, which has "
                        "no results yet; they are not compared", round=last)]
    notes: list[str] = []
    hist = compute_history(season)
    cached = _cached_order(con, tables, last)
    if cached and cached != list(hist.after(last - 1).order):
        notes.append(Message(
            "KeizerForClubs reused its stored standing after round {round} (table {table}), "
            "which differs from a new calculation (players changed since?); its points for "
            "round {last} may differ", round=last - 1, table=f"tStand_{last - 1}", last=last))
    if missing_columns(con, "Player", ("Keizer_SumPts",)):
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
