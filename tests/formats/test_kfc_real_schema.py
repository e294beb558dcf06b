"""KeizerForClubs' file format in every version found, checked against a model of its scoring.

Versions of Dumuzy/KeizerForClubs read (facts only; docs/presets-kfc.md, "Versions of the file
format", lists the files and commits):

- **first** (``src/cSqliteInterface.cs`` at 67dd788d): ``Player(id, name, rating, rank, state,
  Keizer_StartPts, Keizer_SumPts)``, ``Pairing(Rnd, board, PID_W, PID_B, Result, Pts_W, Pts_B)``,
  result codes 1-7 only, and **no ConfigTab** in the tournament (the program read its own
  ``cfg/KeizerForClubs.config.s3db``).
- **middle** (03c8826b, 154ee4bc): ``Player`` gains ``RatingWDelta`` and ``Keizer_PrevPts``, the
  tournament its own ``ConfigTab(CfgKey, CfgText, CfgValue)`` (no ``BONUS.Verlust`` yet), the
  standings cache ``tStand_<R>(id, line)``; codes 8-11 only as a TODO comment.
- **newest** (32221828, 5e1788aa): ``Player.Categories``, unique indexes, codes 8 White wins by
  forfeit, 9 Black wins by forfeit, 10 both forfeit, 11 adjourned (scored as a draw:
  ``DrawishResults``), 12 ``LateStart``, ``BONUS.Verlust`` (the loss bonus), the cache table with
  an ``Id`` column.

In every version a round without an opponent is a row with ``PID_B`` -1 on board 100, 101, ...
(``PairingInsertNoPlaying``), and ``RankingCalculator.AllPlayersAllRoundsCalculateTa`` stores in
``Player.Keizer_SumPts`` the standing after the last round: the own value of the ranking after
the round before plus every row of rounds 1..R valued with that ranking, in float32.

``kfc_model`` below is a model of that calculation written from those facts (float32 like the
program), independent of keizer-xl's engine; each database built here gets the Keizer_SumPts
the model computes, goes through ``keizer-xl import`` and ``keizer-xl standings --format json``,
and must come out with those points (to the 2 decimals ``standings`` shows).
"""
from __future__ import annotations

import json
import os
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from keizer_xl.core.engine import compute_history
from keizer_xl.errors import InputError
from keizer_xl.formats.kfc import read_kfc
from support.loop import examples

f32 = np.float32

# --------------------------------------------------------------------------- the three schemas

SCHEMA_FIRST = """
CREATE TABLE Player ( id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, name VARCHAR(30) NOT NULL,
  rating INTEGER(4) NOT NULL, rank INTEGER(3) NOT NULL, state INTEGER(2),
  Keizer_StartPts FLOAT, Keizer_SumPts FLOAT );
CREATE TABLE Pairing ( Rnd INTEGER NOT NULL, board INTEGER NOT NULL, PID_W INTEGER NOT NULL,
  PID_B INTEGER NOT NULL, Result INTEGER(2), Pts_W FLOAT, Pts_B FLOAT );
"""
SCHEMA_MIDDLE = SCHEMA_FIRST + """
ALTER TABLE Player ADD COLUMN RatingWDelta INTEGER NOT NULL DEFAULT 0;
ALTER TABLE Player ADD COLUMN Keizer_PrevPts FLOAT;
CREATE TABLE ConfigTab ( CfgKey VARCHAR(20) NOT NULL PRIMARY KEY, CfgText VARCHAR(5),
  CfgValue FLOAT );
"""
SCHEMA_NEWEST = SCHEMA_MIDDLE + """
ALTER TABLE Player ADD COLUMN Categories VARCHAR(90);
CREATE UNIQUE INDEX [id-name-rating-state-etcpp] ON Player (id, name, rating, state, rank,
  Keizer_SumPts, Keizer_StartPts, RatingWDelta, Keizer_PrevPts);
CREATE UNIQUE INDEX [rnd-board-pid_w-pid_b-etcpp] ON Pairing (Rnd, board, PID_W, PID_B, Result,
  Pts_W, Pts_B);
CREATE INDEX [result-pid_w-rnd-board] ON Pairing (Result, PID_W, Rnd, board);
CREATE INDEX [pid_w] ON Pairing (PID_W);
"""

#: the shipped percentages (the first version's tournament has none of its own)
SHIPPED = {"BONUS.Freilos": 50, "BONUS.Excused": 35, "BONUS.Unexcused": 5,
           "BONUS.Clubgame": 70, "BONUS.Retired": 75, "BONUS.Verlust": 0}


@dataclass(frozen=True)
class P:
    id: int
    name: str
    rating: int
    state: int  # 9 retired


# --------------------------------------------------------------------------- the model

def _points_list(n: int, ratio: float) -> list[np.float32]:
    """KeizerPointsList without Wicker: first = Convert.ToInt32((n-1) * ratio/(ratio-1)), the
    factor a float quotient, .NET rounding half to even (Python's round does the same)."""
    r = f32(ratio)
    factor = float(r / (r - f32(1)))
    first = round((n - 1) * factor)
    return [f32(first - i) for i in range(n)]


def _row_points(res: int, w: P, b: P | None, v: dict[int, np.float32],
                cfg: dict[str, float]) -> tuple[np.float32, np.float32]:
    """OneRoundAllPairingsSetKeizerPtsTa of the newest version, every step in float32."""
    zero = f32(0)
    vw = v[w.id]
    vb = v[b.id] if b is not None else zero
    loss = f32(f32(cfg["BONUS.Verlust"]) / f32(100))
    retired = f32(f32(cfg["BONUS.Retired"]) / f32(100))

    def pct(key: str) -> np.float32:
        return f32(f32(vw * f32(cfg[key])) / f32(100))

    ew = es = zero
    if res in (1, 8):
        ew = vb
        if res != 8:
            es = f32(vw * loss)
    elif res in (2, 11):
        ew, es = f32(vb / f32(2)), f32(vw / f32(2))
    elif res in (3, 9):
        es = vw
        if res != 9:
            ew = f32(vb * loss)
    elif res == 6:
        ew = pct("BONUS.Excused")
    elif res in (7, 12):
        ew = pct("BONUS.Unexcused")
    elif res == 5:
        ew = pct("BONUS.Clubgame")
    elif res == 4:
        ew = pct("BONUS.Freilos")
    if w.state == 9:
        full = f32(vb * retired)
        es = full if res in (3, 9) else f32(f32(0.5) * full) if res in (2, 11) else f32(loss * full)
        ew = zero
    if b is not None and b.state == 9:
        full = f32(vw * retired)
        ew = full if res in (1, 8) else f32(f32(0.5) * full) if res in (2, 11) else f32(loss * full)
        es = zero
    return ew, es


def _game_points(rows, upto: int) -> dict[int, float]:
    """GetPlayer_PartiePunkte of the newest version: wins (forfeit wins too) + drawish / 2."""
    pts: dict[int, float] = {}
    for rnd, _board, w, b, res in rows:
        if rnd > upto or b <= 0:
            continue
        for pid, won in ((w, res in (1, 8)), (b, res in (3, 9))):
            pts[pid] = pts.get(pid, 0.0) + (1.0 if won else 0.5 if res in (2, 11) else 0.0)
    return pts


def _ranking(active: list[P], sums, rows, upto: int, cache: str | None) -> list[P]:
    """The ranking after ``upto``: fresh (AllPlayersSetRankAndStartPtsTa: points, rating),
    or the order of the cached table tStand_<upto> the next round's calculation reads:
    ``id`` (middle versions: ORDER BY Keizer_SumPts desc) or ``games`` (newest:
    points rounded to 2 decimals, game points, rating)."""
    if cache == "id":
        return sorted(active, key=lambda p: (-sums[p.id], p.id))
    if cache == "games":
        games = _game_points(rows, upto)
        return sorted(active, key=lambda p: (-round(float(sums[p.id]), 2),
                                             -games.get(p.id, 0.0), -p.rating, p.id))
    return sorted(active, key=lambda p: (-sums[p.id], -p.rating, p.id))


def kfc_model(players: list[P], rows: list[tuple[int, int, int, int, int]],
              cfg: dict[str, float], ratio: float = 3.0,
              cache: str | None = None) -> dict[int, float]:
    """Keizer_SumPts as AllPlayersAllRoundsCalculateTa leaves them; ``cache``: every round but
    the last has its standings cache, written by the rule named (see _ranking)."""
    by_id = {p.id: p for p in players}
    active = [p for p in players if p.state != 9]
    values = _points_list(len(active), ratio)
    start: dict[int, np.float32] = {p.id: f32(0) for p in players}
    it = iter(values)
    for p in sorted(players, key=lambda p: (-p.rating, p.id)):  # ORDER BY rating desc
        if p.state != 9:
            start[p.id] = next(it)
    sums: dict[int, np.float32] = {}
    for upto in range(1, max(r[0] for r in rows) + 1):
        pts_w: dict[int, list[float]] = {p.id: [] for p in players}
        pts_b: dict[int, list[float]] = {p.id: [] for p in players}
        for rnd, _board, w, b, res in rows:  # the table's order, as SUM reads it
            if rnd > upto:
                continue
            ew, es = _row_points(res, by_id[w], by_id.get(b), start, cfg)
            pts_w[w].append(float(ew))
            if b > 0:
                pts_b[b].append(float(es))
        for p in players:  # Keizer_StartPts + SUM(Pts_W) + SUM(Pts_B) in double, then float
            sums[p.id] = f32(float(start[p.id]) + sum(pts_w[p.id], 0.0) + sum(pts_b[p.id], 0.0))
        ranking = _ranking(active, sums, rows, upto, cache)
        for p, value in zip(ranking, _points_list(len(active), ratio), strict=True):
            start[p.id] = value
    return {pid: float(x) for pid, x in sums.items()}


# --------------------------------------------------------------------------- building files

def _model_cfg(cfg: dict | None) -> dict[str, float]:
    """The numbers the program reads: a missing Freilos/Verlust/ratio its default, the text
    '5,0' as 5 (an empty value: 0, such a file is refused anyway)."""
    out = {**SHIPPED, "BONUS.Freilos": 50, "BONUS.Verlust": 0, "ratio": 3.0}
    for k, v in (cfg if cfg is not None else SHIPPED).items():
        x = 0.0 if v is None else float(str(v).replace(",", "."))
        out["ratio" if k == "OPTION.RatioFirst2Last" else k] = x
    return out


def build(path: Path, schema: str, players: list[P], rows, cfg: dict[str, float] | None,
          nice_name: str | None = None, cache: bool = False,
          cache_rule: str | None = None) -> dict[int, float]:
    """The tournament file with the Keizer_SumPts the model computes; returns them.
    ``cache``: tables tStand_1.. of a fresh calculation; ``cache_rule``: ordered by that rule
    (and the model reads them as KeizerForClubs does)."""
    cache = cache or cache_rule is not None
    stored = kfc_model(players, rows, _model_cfg(cfg), _model_cfg(cfg)["ratio"], cache_rule)
    con = sqlite3.connect(path)
    con.executescript(schema)
    con.executemany("INSERT INTO Player (id, name, rating, rank, state, Keizer_SumPts) "
                    "VALUES (?, ?, ?, 99, ?, ?)",
                    [(p.id, p.name, p.rating, p.state, stored[p.id]) for p in players])
    con.executemany("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", rows)
    if cfg is not None:
        con.executemany("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES (?, ?)", cfg.items())
        con.execute("INSERT INTO ConfigTab (CfgKey, CfgText) VALUES ('LANGCODE', 'EN')")
        if nice_name is not None:
            con.execute("INSERT INTO ConfigTab (CfgKey, CfgText) VALUES ('OPTION.NiceName', ?)",
                        (nice_name,))
    if cache:
        # WriteCurrentTablesToDb after each round but the last: Header1, Header2, Footer, the
        # header row "", Name, Keizer-Punkte, Spiel-Punkte, Id, then one row per player who is
        # not retired (fReportTabellenstandTable); the order of a fresh calculation here
        last = max(r[0] for r in rows)
        for rnd in range(1, last):
            part = [r for r in rows if r[0] <= rnd]
            sums = kfc_model(players, part, _model_cfg(cfg), _model_cfg(cfg)["ratio"],
                             cache_rule)
            order = _ranking([p for p in players if p.state != 9], sums, part, rnd, cache_rule)
            lines = ["Club", f"Standings round {rnd}", "KeizerForClubs\u00a7date",
                     "\u00a7Name\u00a7Keizer-Punkte\u00a7Spiel-Punkte\u00a7Id"]
            lines += [f"{i + 1}.\u00a7{p.name}\u00a7{sums[p.id]:.2f}\u00a70\u00a7{p.id}"
                      for i, p in enumerate(order)]
            con.execute(f"CREATE TABLE tStand_{rnd} (id INTEGER PRIMARY KEY, line TEXT NOT NULL)")
            con.executemany(f"INSERT INTO tStand_{rnd} (line) VALUES (?)", [(x,) for x in lines])
    con.commit()
    con.close()
    return stored


def cli_scores(db: Path, tmp_path: Path, capsys) -> tuple[dict[str, float], str]:
    """`keizer-xl import` then `keizer-xl standings --format json`: name -> score, the notes."""
    from keizer_xl.frontends.cli import main

    book = tmp_path / f"{db.stem}.xlsx"
    assert main(["import", str(db), str(book)]) == 0
    said = capsys.readouterr()
    assert main(["standings", str(book), "--format", "json", "--no-write"]) == 0
    rows = json.loads(capsys.readouterr().out)
    return {r["name"]: r["score"] for r in rows}, said.out + said.err


def assert_same_points(ours: dict[str, float], stored: dict[int, float], players: list[P]):
    """KeizerForClubs' float32 points to the 2 decimals standings shows them in."""
    active = {p.name: stored[p.id] for p in players if p.state != 9}
    assert set(ours) == set(active)
    for name, kfc in active.items():
        assert abs(ours[name] - kfc) <= 0.005 + 1e-4, (name, ours[name], kfc)


# --------------------------------------------------------------------------- one tournament

PLAYERS = [P(1, "Anna", 2100, 1), P(2, "Bert", 1950, 1), P(3, "Carl", 1900, 1),
           P(4, "Dirk", 1800, 9), P(5, "Eva", 1750, 6), P(6, "Finn", 1700, 1),
           P(7, "Gina", 1650, 1), P(8, "Hans", 1600, 1)]
#: rounds 1-4 with codes 1-7 only (every version knows them); Dirk retires after round 2
ROWS_OLD = [
    (1, 1, 1, 2, 1), (1, 2, 3, 4, 2), (1, 3, 5, 6, 3), (1, 4, 7, 8, 2),
    (2, 1, 6, 1, 2), (2, 2, 4, 7, 3), (2, 3, 2, 8, 1), (2, 100, 3, -1, 6), (2, 101, 5, -1, 5),
    (3, 1, 1, 3, 3), (3, 2, 8, 6, 1), (3, 3, 7, 5, 2), (3, 100, 2, -1, 4),
    (4, 1, 3, 7, 1), (4, 2, 2, 6, 2), (4, 3, 8, 1, 3), (4, 100, 5, -1, 7),
]
#: the newest codes too: 8/9 forfeits, 10 both forfeit, 11 adjourned, 12 LateStart
ROWS_NEW = [*ROWS_OLD, (5, 1, 1, 2, 8), (5, 2, 3, 5, 11), (5, 3, 6, 7, 9), (5, 100, 8, -1, 6)]


def test_the_model_reproduces_the_hand_worked_example():
    """The model against tests/test_kfc.py's tournament, worked by hand there (STORED)."""
    players = [P(1, "Anna", 2000, 1), P(2, "Bert", 1900, 1), P(3, "Carl", 1800, 1),
               P(4, "Dirk", 1700, 9), P(5, "Eva", 1600, 1), P(6, "Finn", 1500, 6)]
    rows = [(1, 1, 1, 2, 1), (1, 2, 3, 4, 1), (1, 3, 5, 6, 2), (2, 1, 1, 5, 3), (2, 2, 2, 3, 2),
            (2, 100, 6, -1, 6), (3, 1, 3, 1, 9), (3, 100, 5, -1, 4), (3, 101, 2, -1, 5),
            (3, 102, 6, -1, 7)]
    got = kfc_model(players, rows, SHIPPED)
    assert got == pytest.approx({1: 14.0, 2: 8.1, 3: 12.0, 4: 0.0, 5: 12.0, 6: 4.8}, abs=1e-5)
    # N = 8, ratio 3: 7 x 1.5 = 10.5 -> 10 (half to even), as in the issue
    assert _points_list(8, 3.0)[0] == 10


def test_first_version_file_without_configtab(tmp_path, capsys):
    """A tournament of the first version: no ConfigTab, no RatingWDelta/Keizer_PrevPts."""
    db = tmp_path / "first.s3db"
    stored = build(db, SCHEMA_FIRST, PLAYERS, ROWS_OLD, None)
    ours, said = cli_scores(db, tmp_path, capsys)
    assert_same_points(ours, stored, PLAYERS)
    assert "no table ConfigTab" in said
    # no OPTION.NiceName: the tournament is called after its file (SetTurnierAndFilename)
    assert ("season", "first") in read_kfc(db).settings_rows


def test_middle_version_file(tmp_path, capsys):
    """ConfigTab without BONUS.Verlust (the loss bonus came later: default 0), another
    percentage set, the tournament's name, and standings caches tStand_1..3."""
    cfg = {"BONUS.Freilos": 40, "BONUS.Excused": 30, "BONUS.Unexcused": 10,
           "BONUS.Clubgame": 60, "BONUS.Retired": 80, "OPTION.RatioFirst2Last": 3.0}
    # Jan joined before round 3 in a version without LateStart rows: no rows for rounds 1-2
    # (0 points), yet counted among N from the start (GetPlayerCount_NotDropped)
    players = [*PLAYERS, P(10, "Jan", 1500, 1)]
    rows = sorted([*ROWS_OLD, (3, 101, 10, -1, 4), (4, 101, 10, -1, 6)])
    db = tmp_path / "middle.s3db"
    stored = build(db, SCHEMA_MIDDLE, players, rows, cfg, nice_name="Winter 2024", cache=True)
    ours, said = cli_scores(db, tmp_path, capsys)
    assert_same_points(ours, stored, players)
    assert "agree for all 8 players" in said
    season = read_kfc(db)
    assert ("season", "Winter 2024") in season.settings_rows
    assert ("loss", "0%") in season.settings_rows


def test_newest_version_file_with_every_code(tmp_path, capsys):
    """Categories, the indexes, codes 8-12, the loss bonus: adjourned (11) scores as a draw,
    both-forfeit (10) nothing, forfeit wins the opponent's value without the loss bonus."""
    players = [*PLAYERS, P(9, "Iris", 1550, 1)]
    late = [(r, 100 + r, 9, -1, 12) for r in (1, 2, 3)]  # Iris added before round 4: LateStart
    rows = ROWS_NEW + late + [(4, 101, 9, -1, 4), (6, 1, 9, 8, 10), (6, 2, 1, 3, 1),
                              (6, 3, 2, 5, 3), (6, 4, 6, 7, 2)]
    cfg = {**SHIPPED, "BONUS.Verlust": 10, "OPTION.RatioFirst2Last": 3.0,
           "OPTION.WickerNormalization": 0}
    db = tmp_path / "newest.s3db"
    stored = build(db, SCHEMA_NEWEST, players, sorted(rows), cfg, cache=True)
    ours, said = cli_scores(db, tmp_path, capsys)
    assert_same_points(ours, stored, players)
    assert "agree for all 8 players" in said


def test_a_loss_against_a_retired_player_earns_the_loss_bonus_share(tmp_path):
    """Newest RankingCalculator.cs (5e1788aa): a loss against a retired player earns
    own value x BONUS.Retired % x BONUS.Verlust % (earlier versions 0)."""
    players = [P(1, "Anna", 2000, 1), P(2, "Bert", 1900, 9), P(3, "Carl", 1800, 1),
               P(4, "Dora", 1700, 1)]
    rows = [(1, 1, 1, 2, 3), (1, 2, 3, 4, 1), (2, 1, 1, 3, 2), (2, 100, 4, -1, 4)]
    cfg = {**SHIPPED, "BONUS.Verlust": 20}
    stored = build(tmp_path / "r.s3db", SCHEMA_NEWEST, players, rows, cfg)
    # N = 3: values 3, 2, 1 from the start (Anna 3, Carl 2, Dora 1; Bert retired)
    # after round 1: Anna lost to Bert: 3 x 75 % x 20 % = 0.45 + own 3 = 3.45;
    # Carl beat Dora 1 + loss bonus none + own 2 = 3; Dora 20 % of Carl's 2 = 0.4 + own 1 = 1.4
    # ranking after 1: Anna 3, Carl 2, Dora 1 (same); after round 2 with those values:
    # Anna 0.45 + draw 2/2 = 1 + own 3 = 4.45
    assert stored[1] == pytest.approx(4.45, abs=1e-5)
    season = read_kfc(tmp_path / "r.s3db").season
    assert float(compute_history(season).last.score["Anna"]) == pytest.approx(4.45)


@pytest.mark.parametrize("seed", range(int(os.environ.get("KFC_SEEDS", examples(8)))))
def test_random_tournaments_agree_with_the_model(tmp_path, seed):
    """Tournaments drawn at random in the newest schema (every code, games without a result,
    retired players, late starters, a loss bonus); ratings distinct so that ties fall the same
    way in both. KFC_SEEDS=200 in the environment runs more of them."""
    rnd = random.Random(seed)
    n = rnd.randint(6, 12)
    ratings = rnd.sample(range(1200, 2400), n)
    players = [P(i + 1, f"P{i + 1:02d}", r, 1) for i, r in enumerate(ratings)]
    rounds = rnd.randint(3, 6)
    retire = {p.id: rnd.randint(1, rounds - 1) for p in rnd.sample(players, rnd.randint(0, 2))}
    late = {p.id: rnd.randint(2, rounds) for p in rnd.sample(players, rnd.randint(0, 2))
            if p.id not in retire}
    players = [P(p.id, p.name, p.rating, 9 if p.id in retire else 1) for p in players]
    rows = []
    for r in range(1, rounds + 1):
        here = [p.id for p in players if retire.get(p.id, rounds) >= r]
        rnd.shuffle(here)
        board, extra = 1, 100
        while here:
            a = here.pop()
            if a in late and r < late[a]:
                rows.append((r, extra, a, -1, 12))
                extra += 1
            elif len(here) >= 1 and rnd.random() < 0.8:
                b = here.pop()
                if b in late and r < late[b]:
                    here.append(b)
                    rows.append((r, extra, a, -1, rnd.choice((4, 5, 6, 7))))
                    extra += 1
                    continue
                code = rnd.choice((1, 1, 2, 3, 3, 8, 9, 10, 11, -1))
                rows.append((r, board, a, b, code))
                board += 1
            else:
                rows.append((r, extra, a, -1, rnd.choice((4, 5, 6, 7))))
                extra += 1
    cfg = {**SHIPPED, "BONUS.Verlust": rnd.choice((0, 10, 25)),
           "BONUS.Freilos": rnd.choice((50, 40)), "OPTION.RatioFirst2Last": rnd.choice((3, 2))}
    db = tmp_path / f"rand{seed}.s3db"
    stored = build(db, SCHEMA_NEWEST, players, sorted(rows), cfg)
    season = read_kfc(db).season
    last = compute_history(season).last
    for p in players:
        if p.state != 9:
            assert float(last.score[p.name]) == pytest.approx(stored[p.id], abs=1e-4), p.name


def _printed_order_case(seed: int):
    """A small random tournament (few players, one or two rounds, many draws: many ties in
    points), its file's Keizer_SumPts, KFC's ranking and KFC's printed order."""
    rnd = random.Random(500 + seed)
    n = rnd.randint(4, 8)
    ratings = rnd.sample(range(1200, 2400), n)
    players = [P(i + 1, f"P{i + 1:02d}", r, 1) for i, r in enumerate(ratings)]
    rounds = rnd.randint(1, 2)
    rows = []
    for r in range(1, rounds + 1):
        here = [p.id for p in players]
        rnd.shuffle(here)
        board, extra = 1, 100
        if len(here) % 2:
            rows.append((r, extra, here.pop(), -1, rnd.choice((4, 5, 6, 7))))
        while here:
            a, b = here.pop(), here.pop()
            rows.append((r, board, a, b, rnd.choice((1, 2, 2, 3, 8, 9, 11))))
            board += 1
    cfg = {**SHIPPED, "BONUS.Verlust": rnd.choice((0, 0, 60, 100))}
    return players, sorted(rows), cfg, rounds


def test_random_tournaments_are_shown_in_keizerforclubs_printed_order(tmp_path, capsys):
    """issue 24: ``standings`` lists the players as KeizerForClubs prints them
    (GetPlayerLiOrderedForResults: points rounded to 2 decimals, game points, rating), also
    with a loss bonus above 50 %; in some of these tournaments that differs from the ranking
    (points, rating), which keeps setting the values. KFC_SEEDS=200 runs more."""
    differs = 0
    for seed in range(int(os.environ.get("KFC_SEEDS", "12"))):
        players, rows, cfg, rounds = _printed_order_case(seed)
        db = tmp_path / f"order{seed}.s3db"
        stored = build(db, SCHEMA_NEWEST, players, rows, cfg)
        ours, _ = cli_scores(db, tmp_path, capsys)
        games = _game_points(rows, rounds)
        ranking = _ranking(players, {p.id: f32(stored[p.id]) for p in players}, rows, rounds,
                           None)
        at = {p.id: i for i, p in enumerate(ranking)}
        printed = sorted(players, key=lambda p: (-round(stored[p.id], 2),
                                                 -games.get(p.id, 0.0), -p.rating, at[p.id]))
        assert list(ours) == [p.name for p in printed], seed
        differs += printed != ranking
    assert differs  # the test sees the difference it is about


# --------------------------------------------------------------------------- ConfigTab checks

def test_a_key_keizerforclubs_cannot_do_without_is_refused(tmp_path):
    """frmMainform reads BONUS.Clubgame/Excused/Unexcused/Retired without a default: a
    ConfigTab without one (or with an empty value) cannot be scored; Freilos and Verlust have
    the defaults 50 and 0 (GetConfigInt(key, 50), GetConfigInt(key, 0))."""
    cfg = {k: v for k, v in SHIPPED.items() if k not in ("BONUS.Retired", "BONUS.Freilos",
                                                          "BONUS.Verlust")}
    cfg["BONUS.Excused"] = None
    db = tmp_path / "k.s3db"
    build(db, SCHEMA_MIDDLE, PLAYERS, ROWS_OLD, cfg)
    with pytest.raises(InputError) as e:
        read_kfc(db)
    text = [(p.where, str(p.message)) for p in e.value.problems]
    assert ("ConfigTab", ("the key BONUS.Retired is missing (KeizerForClubs cannot score "
            "without it)")) in text
    assert ("ConfigTab row BONUS.Excused", "CfgValue is empty") in text
    assert len(text) == 2
    fine = {k: v for k, v in SHIPPED.items() if k not in ("BONUS.Freilos", "BONUS.Verlust")}
    build(tmp_path / "f.s3db", SCHEMA_MIDDLE, PLAYERS, ROWS_OLD, fine)
    rows = dict(read_kfc(tmp_path / "f.s3db").settings_rows)
    assert rows["bye"] == "50%" and rows["loss"] == "0%"


def test_percentages_stored_as_text_or_real_are_read(tmp_path):
    """CfgValue is a FLOAT column: SetConfigInt stores 35 as 35.0; a value typed in by hand
    may be the text '35' or '35,0'."""
    cfg = {**SHIPPED, "BONUS.Excused": "35", "BONUS.Unexcused": "5,0", "BONUS.Clubgame": 70.0}
    build(tmp_path / "t.s3db", SCHEMA_NEWEST, PLAYERS, ROWS_OLD, cfg)
    rows = dict(read_kfc(tmp_path / "t.s3db").settings_rows)
    assert (rows["absence_excused"], rows["absence_unexcused"], rows["absence_club"]) == (
        "35%", "5%", "70%")


def test_a_forfeit_loss_against_a_retired_player_takes_the_loss_share(tmp_path):
    """Newest RankingCalculator.cs: against a retired player anything but a win or draw takes
    the loss share, a forfeit loss (9: Black, the retired Bert, wins by forfeit) and a
    both-forfeit (10) too: withdrawn_opponent_forfeit_as_loss, on in preset kfc."""
    from dataclasses import replace

    players = [P(1, "Anna", 2000, 1), P(2, "Bert", 1900, 9), P(3, "Carl", 1800, 1),
               P(4, "Dora", 1700, 1)]
    rows = [(1, 1, 1, 2, 9), (1, 2, 3, 4, 1), (2, 1, 2, 3, 10), (2, 2, 1, 4, 1)]
    stored = build(tmp_path / "f.s3db", SCHEMA_NEWEST, players, rows,
                   {**SHIPPED, "BONUS.Verlust": 20})
    season = read_kfc(tmp_path / "f.s3db").season
    assert season.settings.withdrawn_opponent_forfeit_as_loss
    # values 3, 2, 1 (Anna, Carl, Dora; Bert retired) throughout: after round 1 Anna
    # 3 x 3/4 x 1/5 = 0.45 + own 3 = 3.45; Carl beat Dora 1 + own 2 = 3; Dora loss bonus
    # 2 x 1/5 = 0.4 + own 1 = 1.4: the same order
    # after round 2: Anna 0.45 + win over Dora 1 + own 3 = 4.45
    #                Carl 1 (Dora) + both-forfeit with Bert 2 x 3/4 x 1/5 = 0.3 + own 2 = 3.3
    last = compute_history(season).last
    assert float(last.score["Anna"]) == pytest.approx(4.45) == stored[1]
    assert float(last.score["Carl"]) == pytest.approx(3.3) == pytest.approx(stored[3])
    off = replace(season, settings=replace(season.settings,
                                           withdrawn_opponent_forfeit_as_loss=False))
    last_off = compute_history(off).last  # forfeit_loss share 0: 0.45 and 0.3 drop out
    assert float(last_off.score["Anna"]) == pytest.approx(4.0)
    assert float(last_off.score["Carl"]) == pytest.approx(3.0)


def test_a_last_round_with_some_results_missing(tmp_path, capsys):
    """KeizerForClubs stores the standing after the last paired round (GetMaxRound) with a game
    without a result (-1) worth nothing for either (no branch of OneRoundAllPairingsSetKeizerPtsTa
    scores it): pending_scores_zero, on in preset kfc. Round 4 here: one game entered, one not."""
    rows = [r for r in ROWS_OLD if r[0] < 4] + [(4, 1, 3, 7, 1), (4, 2, 2, 6, -1),
                                                (4, 3, 8, 1, -1), (4, 100, 5, -1, 7)]
    db = tmp_path / "open.s3db"
    stored = build(db, SCHEMA_NEWEST, PLAYERS, rows, {**SHIPPED, "BONUS.Verlust": 10})
    ours, said = cli_scores(db, tmp_path, capsys)
    assert_same_points(ours, stored, PLAYERS)
    assert "agree for all 7 players" in said


@pytest.mark.parametrize("rule", ["games", "id"])
def test_the_cached_standing_decides_ties(tmp_path, capsys, rule):
    """With tStand_<R-1> KeizerForClubs values the last round with that table's order, whose
    ties fall by game points then rating (newest) or by id (middle versions), not by rating
    as a fresh calculation: the importer finds the tie-break that gives the cached order and
    sets it, and standings gives the stored points. Random tournaments; some have such ties."""
    switched = 0
    for seed in range(40):
        rnd = random.Random(1000 + seed)
        n = rnd.randint(5, 9)
        players = [P(i + 1, f"P{i + 1:02d}", r, 1)
                   for i, r in enumerate(rnd.sample(range(1200, 2400), n))]
        rounds = rnd.randint(3, 5)
        rows = []
        for r in range(1, rounds + 1):
            here = [p.id for p in players]
            rnd.shuffle(here)
            for board in range(1, len(here) // 2 + 1):
                rows.append((r, board, here.pop(), here.pop(), rnd.choice((1, 2, 3, 8, 9))))
            for extra, pid in enumerate(here):
                rows.append((r, 100 + extra, pid, -1, rnd.choice((4, 6))))
        db = tmp_path / f"c{rule}{seed}.s3db"
        stored = build(db, SCHEMA_NEWEST, players, sorted(rows), SHIPPED, cache_rule=rule)
        imported = read_kfc(db)
        if any("breaks ties by" in str(x) for x in imported.notes):
            switched += 1
            if switched == 1:  # once through the command line: the tiebreak row does it
                ours, said = cli_scores(db, tmp_path, capsys)
                assert_same_points(ours, stored, players)
                assert "tiebreak set so" in said and "agree for all" in said
        last = compute_history(imported.season).last
        for p in players:
            assert float(last.score[p.name]) == pytest.approx(stored[p.id], abs=1e-4), (
                seed, p.name)
    assert switched >= 2  # the case is really there


def test_a_row_without_opponent_and_without_result_scores_nothing(tmp_path):
    """A bye/absence row whose result was never set (-1) matches no branch of KFC's scoring:
    0 points. It is read as a round without a row: code X worth 0, with a note."""
    rows = [r if r[:3] != (2, 100, 3) else (2, 100, 3, -1, -1) for r in ROWS_OLD]
    db = tmp_path / "unset.s3db"
    stored = build(db, SCHEMA_NEWEST, PLAYERS, rows, SHIPPED)
    imported = read_kfc(db)
    assert "Carl has no row in round 2: scored 0 (code X)" in imported.notes
    last = compute_history(imported.season).last
    for p in PLAYERS:
        if p.state != 9:
            assert float(last.score[p.name]) == pytest.approx(stored[p.id], abs=1e-4), p.name
