"""A KeizerForClubs tournament database (.s3db) built with sqlite3 in KeizerForClubs' own
schema (the CREATE TABLE statements of src/cSqliteInterface.cs, OpenTournament/CreateConfigTab):
six players over three rounds, every player state and result code, and the points
KeizerForClubs stores for them."""
from __future__ import annotations

import sqlite3
import struct
from pathlib import Path


SCHEMA = """
CREATE TABLE Player (id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, name VARCHAR(30) NOT NULL,
  rating INTEGER(4) NOT NULL, rank INTEGER(3) NOT NULL, state INTEGER(2), Keizer_StartPts FLOAT,
  Keizer_SumPts FLOAT, RatingWDelta INTEGER NOT NULL DEFAULT 0, Keizer_PrevPts FLOAT);
CREATE TABLE Pairing (Rnd INTEGER NOT NULL, board INTEGER NOT NULL, PID_W INTEGER NOT NULL,
  PID_B INTEGER NOT NULL, Result INTEGER(2), Pts_W FLOAT, Pts_B FLOAT);
CREATE TABLE ConfigTab (CfgKey VARCHAR(20) NOT NULL PRIMARY KEY, CfgText VARCHAR(5),
  CfgValue FLOAT);
"""


#: (id, name, rating, state): 1 available, 9 retired, 6 excused
PLAYERS = [(1, "Anna", 2000, 1), (2, "Bert", 1900, 1), (3, "Carl", 1800, 1),
           (4, "Dirk", 1700, 9), (5, "Eva", 1600, 1), (6, "Finn", 1500, 6)]


#: (round, board, white id, black id (-1: no opponent), result code)
PAIRINGS = [
    (1, 1, 1, 2, 1),   # Anna - Bert 1-0
    (1, 2, 3, 4, 1),   # Carl - Dirk 1-0 (Dirk retires after round 1)
    (1, 3, 5, 6, 2),   # Eva - Finn draw
    (2, 1, 1, 5, 3),   # Anna - Eva 0-1
    (2, 2, 2, 3, 2),   # Bert - Carl draw
    (2, 3, 6, -1, 6),  # Finn excused
    (3, 1, 3, 1, 9),   # Carl - Anna 0-1 forfeit (Anna wins without playing)
    (3, 2, 5, -1, 4),  # Eva bye (Freilos)
    (3, 3, 2, -1, 5),  # Bert club game (hindered)
    (3, 4, 6, -1, 7),  # Finn unexcused
]


#: KeizerForClubs' shipped percentages (cfg/KeizerForClubs.config.s3db)
CONFIG = {"BONUS.Freilos": 50, "BONUS.Excused": 35, "BONUS.Unexcused": 5, "BONUS.Clubgame": 70,
          "BONUS.Retired": 75, "BONUS.Verlust": 0, "OPTION.RatioFirst2Last": 3.0}


def make_db(path: Path, players=PLAYERS, pairings=PAIRINGS, config=CONFIG, texts=None,
            sums=None, cache=None) -> Path:
    """A tournament file; ``sums``: id -> Keizer_SumPts as KeizerForClubs stores it (float32);
    ``cache``: round -> names in the order of its stored standing table tStand_<round>."""
    con = sqlite3.connect(path)
    con.executescript(SCHEMA)
    con.executemany("INSERT INTO Player (id, name, rating, rank, state) VALUES (?, ?, ?, 99, ?)",
                    players)
    con.executemany("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", pairings)
    con.executemany("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES (?, ?)", config.items())
    for key, text in (texts or {}).items():
        con.execute("INSERT INTO ConfigTab (CfgKey, CfgText) VALUES (?, ?)", (key, text))
    for pid, total in (sums or {}).items():
        as_float32 = struct.unpack("f", struct.pack("f", total))[0]
        con.execute("UPDATE Player SET Keizer_SumPts = ? WHERE id = ?", (as_float32, pid))
    for rnd, names in (cache or {}).items():
        # WriteTableWHeaders2Db: Header1, Header2, Footer, then the table's rows joined by §,
        # the first row the column headers (rank, name, Keizer points)
        con.execute(f"CREATE TABLE tStand_{rnd} (id INTEGER PRIMARY KEY, line TEXT NOT NULL)")
        lines = ["Standings", f"after round {rnd}", "", "Rank\u00a7Name\u00a7Pts"]
        lines += [f"{i + 1}\u00a7{n}\u00a70" for i, n in enumerate(names)]
        con.executemany(f"INSERT INTO tStand_{rnd} (line) VALUES (?)", [(x,) for x in lines])
    con.commit()
    con.close()
    return path


#: KeizerForClubs' Keizer_SumPts after round 3 of PAIRINGS (test above), by id; Dirk 0
STORED = {1: 14.0, 2: 8.1, 3: 12.0, 4: 0.0, 5: 12.0, 6: 4.8}
