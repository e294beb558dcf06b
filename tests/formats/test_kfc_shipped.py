"""The tournaments KeizerForClubs ships (Dumuzy/KeizerForClubs, ``cfg/Test-Tournament.s3db`` in
its four committed versions: 5735d95 2022-12-06, 7aebdf6 2022-12-22, daaae6f 2024-09-09 and
13eaec3 2024-09-10, the last two the same tournament) written again here as data (players,
pairings, settings: facts, no file copied), each built into a database of its version's schema,
read by ``read_kfc`` and scored under ``preset kfc``; the expected numbers are the
``Player.Keizer_SumPts`` KeizerForClubs stored in the shipped file (float32).
docs/presets-kfc.md says which ones keizer-xl cannot reproduce and why."""
from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from keizer_xl.core.engine import compute_history
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.formats.kfc import read_kfc

FIRST = """
CREATE TABLE Player ( id INTEGER PRIMARY KEY, name VARCHAR(30) NOT NULL, rating INTEGER(4),
  rank INTEGER(3), state INTEGER(2), Keizer_StartPts FLOAT, Keizer_SumPts FLOAT );
CREATE TABLE Pairing ( Rnd INTEGER NOT NULL, board INTEGER NOT NULL, PID_W INTEGER NOT NULL,
  PID_B INTEGER NOT NULL, Result INTEGER(2), Pts_W FLOAT, Pts_B FLOAT );
"""
MIDDLE = FIRST + """
ALTER TABLE Player ADD COLUMN RatingWDelta INTEGER NOT NULL DEFAULT 0;
ALTER TABLE Player ADD COLUMN Keizer_PrevPts FLOAT;
CREATE TABLE ConfigTab ( CfgKey VARCHAR(20) PRIMARY KEY, CfgText VARCHAR(5), CfgValue FLOAT );
"""

#: id, name, rating (the same nine players in every version)
PLAYERS = [(1, "Inanna", 1668), (2, "Ninedena", 1786), (3, "Amurru", 1891), (4, "Helena", 1816),
           (6, "Achill", 1154), (7, "Hermes", 1430), (10, "Ajax", 1026), (12, "Verdandi", 1100),
           (13, "Isenbrink", 1261)]
#: rounds 1-4 (Rnd, board, PID_W, PID_B, Result): 1 white wins, 2 draw, 3 black wins, 4 bye,
#: 6 excused (PID_B -1 on boards 100 and up)
ROUNDS_1_4 = [(1, 1, 4, 3, 2), (1, 2, 1, 2, 1), (1, 3, 6, 13, 1), (1, 100, 7, -1, 6),
              (1, 101, 12, -1, 4), (1, 102, 10, -1, 6), (2, 1, 3, 1, 1), (2, 2, 6, 4, 1),
              (2, 3, 2, 12, 1), (2, 4, 13, 10, 1), (2, 100, 7, -1, 6), (3, 1, 3, 6, 1),
              (3, 2, 4, 1, 1), (3, 3, 2, 7, 1), (3, 4, 10, 12, 1), (3, 100, 13, -1, 4),
              (4, 1, 2, 3, 3), (4, 2, 7, 6, 1), (4, 3, 10, 4, 3), (4, 4, 12, 13, 1),
              (4, 100, 1, -1, 4)]
#: 5735d95: round 5 paired, no results yet (-1), Ninedena the bye
ROUND_5_PAIRED = [(5, 1, 7, 3, -1), (5, 2, 13, 4, -1), (5, 3, 12, 6, -1), (5, 4, 1, 10, -1),
                  (5, 100, 2, -1, 4)]
#: 7aebdf6: round 5 played (Isenbrink-Ajax drawn), Helena unexcused (7), Ninedena hindered (5)
ROUND_5_DRAWN = [(5, 1, 7, 3, 2), (5, 2, 1, 6, 2), (5, 3, 13, 10, 2), (5, 100, 4, -1, 7),
                 (5, 101, 2, -1, 5)]
#: daaae6f / 13eaec3: the same, but Ajax wins Isenbrink by forfeit (9)
ROUND_5_FORFEIT = [(5, 1, 7, 3, 2), (5, 2, 1, 6, 2), (5, 3, 13, 10, 9), (5, 100, 4, -1, 7),
                   (5, 101, 2, -1, 5)]
#: daaae6f's ConfigTab (the percentages and options the scoring reads)
CONFIG = {"BONUS.Excused": 35.0, "BONUS.Unexcused": 5.0, "BONUS.Clubgame": 70.0,
          "BONUS.Retired": 75.0, "OPTION.GameRepeat": 4.0, "OPTION.RatioFirst2Last": 3.0,
          "BONUS.Freilos": 50.0, "BONUS.Verlust": 0.0, "OPTION.WickerNormalization": 0.0}

#: Keizer_SumPts as KeizerForClubs stored them (float32)
STORED_5735D95 = {"Inanna": 19.0, "Ninedena": 24.5, "Amurru": 42.5, "Helena": 29.0,
                  "Achill": 27.0, "Hermes": 25.299999237060547, "Ajax": 10.399999618530273,
                  "Verdandi": 13.5, "Isenbrink": 13.0}
STORED_7AEBDF6 = {"Inanna": 18.5, "Ninedena": 23.149999618530273, "Amurru": 37.5,
                  "Helena": 25.149999618530273, "Achill": 23.5, "Hermes": 23.200000762939453,
                  "Ajax": 8.300000190734863, "Isenbrink": 14.5}
STORED_2024 = {"Inanna": 18.5, "Ninedena": 23.149999618530273, "Amurru": 37.5,
               "Helena": 22.450000762939453, "Achill": 23.5, "Hermes": 23.200000762939453,
               "Ajax": 10.300000190734863, "Isenbrink": 9.0}


def build(path: Path, schema: str, states: dict[int, int], rows, stored, config=None) -> Path:
    """The tournament's file with KeizerForClubs' stored points (the import compares)."""
    con = sqlite3.connect(path)
    con.executescript(schema)
    con.executemany("INSERT INTO Player (id, name, rating, rank, state, Keizer_SumPts) "
                    "VALUES (?, ?, ?, 0, ?, ?)",
                    [(i, n, r, states.get(i, 1), stored.get(n, 0.0)) for i, n, r in PLAYERS])
    con.executemany("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", rows)
    if config is not None:
        con.executemany("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES (?, ?)",
                        config.items())
    con.commit()
    con.close()
    return path


def agreeing(scores, stored) -> set[str]:
    """The players whose points are KeizerForClubs' float32 (a float32 holds 7 digits)."""
    assert set(scores) == set(stored)
    return {n for n, x in stored.items() if abs(float(scores[n]) - x) < 1e-5 * max(1, x)}


def test_2022_12_06_the_standing_with_round_5_paired(tmp_path):
    """The first version's file (no ConfigTab: the shipped percentages 50/35/5/70/75): four
    rounds played, round 5 paired without results.  KeizerForClubs' stored points are its
    standing after round 5, where a game without a result earns nothing (pending_scores_zero)
    and Ninedena's bye half her value: all 9 agree."""
    db = build(tmp_path / "t.s3db", FIRST, {}, ROUNDS_1_4 + ROUND_5_PAIRED,
               STORED_5735D95)
    season = read_kfc(db).season
    assert season.last_round_with_results() == 4
    after_5 = compute_history(season, 5).last
    assert after_5.round == 5
    assert agreeing(after_5.score, STORED_5735D95) == set(STORED_5735D95)


def test_2024_09_the_tournament_with_a_retired_player(tmp_path):
    """The middle version's file (ConfigTab as shipped): Verdandi retired (state 9), Helena
    unexcused and Ninedena hindered in round 5, Ajax's forfeit win: all 8 agree, through the
    import's own comparison too."""
    db = build(tmp_path / "t.s3db", MIDDLE, {2: 5, 4: 7, 12: 9}, ROUNDS_1_4 + ROUND_5_FORFEIT,
               STORED_2024, CONFIG)
    imported = read_kfc(db)
    last = compute_history(imported.season).last
    assert agreeing(last.score, STORED_2024) == set(STORED_2024)
    assert any("agree for all 8 players" in str(n) for n in imported.notes)
    assert last.order[:2] == ("Amurru", "Achill")


def test_2022_12_22_the_first_version_with_a_retired_player(tmp_path):
    """The first version's file with Verdandi retired.  Its stored Pts show that this
    tournament was scored with 35 % for an unexcused absence (Helena 3.15 = 35 % x 9 in round
    5; a first-version file keeps no percentages, the importer takes the shipped 5 %), and with
    the first RankingCalculator.cs's rule against a retired player: 75 % of the own value
    whatever the result (``withdrawn_opponent_result no``).  With both, 7 of 8 agree;
    Isenbrink is 1 point short: his round 3 bye is stored as 3.0 = 75 % x 4, not 50 % x 4,
    because OneRoundAllPairingsSetKeizerPts (@7aebdf6) looks up the bye's opponent -1, finds
    no row and keeps the previous board's Black, the retired Verdandi, so the bye is scored as
    a game against a retired player.  That is the program's bug, not reproduced."""
    db = build(tmp_path / "t.s3db", FIRST, {2: 5, 4: 7, 12: 9}, ROUNDS_1_4 + ROUND_5_DRAWN,
               STORED_7AEBDF6)
    imported = read_kfc(db)
    plain = compute_history(imported.season).last.score
    assert agreeing(plain, STORED_7AEBDF6) == set(STORED_7AEBDF6) - {"Helena", "Isenbrink"}
    rows = [r for r in imported.settings_rows if r[0] != "season"]
    rows += [("absence_unexcused", "35%"), ("withdrawn_opponent_result", "no")]
    season = replace(imported.season,
                     settings=build_settings([parse_setting(k, v) for k, v in rows]))
    score = compute_history(season).last.score
    assert agreeing(score, STORED_7AEBDF6) == set(STORED_7AEBDF6) - {"Isenbrink"}
    assert STORED_7AEBDF6["Isenbrink"] - float(score["Isenbrink"]) == pytest.approx(0.75 * 4 - 2)
