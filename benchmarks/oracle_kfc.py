"""A local oracle, outside CI: KeizerForClubs' own C# calculation (RankingCalculator.cs and
cSqliteInterface.cs of a Dumuzy/KeizerForClubs checkout, run under Mono) against keizer-xl's
import of the same tournament file under ``preset kfc``, on new random tournaments: every
player's Keizer points (a row) and the printed order of each tournament.

Needs Mono's compiler and SQLite provider (``apt-get install mono-mcs libmono-sqlite4.0-cil
libmono-system-data4.0-cil``).  KFC targets .NET 6; the build copies its two files and the
helpers they use into a scratch folder and ports the few newer C# forms Mono's compiler does not
know (target-typed ``new()``, ``@$`` strings, a tuple deconstruction, ``public`` in an
interface), and adds the stand-ins of benchmarks/oracles/kfc/Harness.cs.  Nothing of KFC is
kept in this repository.

    python benchmarks/oracle_kfc.py --kfc DIR [--tournaments 150] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from keizer_xl.core.engine import compute_history  # noqa: E402
from keizer_xl.formats.kfc import read_kfc  # noqa: E402

HARNESS = ROOT / "benchmarks" / "oracles" / "kfc" / "Harness.cs"
SOURCES = ["cSqliteInterface.cs", "RankingCalculator.cs", "Rating.cs", "EloGlickoRating.cs",
           "AwiUtils/Base/Li.cs", "AwiUtils/Base/Ext.cs", "AwiUtils/Base/Helper.cs",
           "AwiUtils/Base/Stopwatches.cs", "AwiUtils/Base/DeepCopyByExpressionTrees.cs",
           "AwiUtils/Base/VAException.cs", "AwiUtils/ReportingBase.cs"]
USINGS = ("using System; using System.Linq; using System.Collections.Generic; using System.IO; "
          "using System.Text; using System.Threading; using System.Threading.Tasks;\n")
SQLITE = {"using System.Data.SQLite;": "using Mono.Data.Sqlite;",
          "SQLiteConnection": "SqliteConnection", "SQLiteCommand": "SqliteCommand",
          "SQLiteTransaction": "SqliteTransaction", "SQLiteDataReader": "SqliteDataReader",
          "SQLiteException": "SqliteException", "SQLiteParameter": "SqliteParameter"}


def port(text: str) -> str:
    """The newer C# forms Mono's mcs does not compile, written in older C#."""
    text = text.lstrip("\ufeff")
    for a, b in SQLITE.items():
        text = text.replace(a, b)
    text = text.replace('@$"', '$@"')
    text = re.sub(r"([\w.]+(?:<[\w<>, ]+>)?) (\w+) = new\(\);", r"\1 \2 = new \1();", text)
    text = text.replace("(var pWhite, var pBlack) = db.GetPlayerBaseById(pair.IdW, pair.IdB);",
                        "var pWB = db.GetPlayerBaseById(pair.IdW, pair.IdB); "
                        "var pWhite = pWB.Item1; var pBlack = pWB.Item2;")
    at = text.find("public interface ISimpleTable")
    if at >= 0:  # the interface's members: up to the line that closes it
        end = text.index("\n    }", at)
        text = text[:at] + text[at:end].replace("        public ", "        ") + text[end:]
    return USINGS + text


def build(kfc: Path, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    for rel in SOURCES:
        src = kfc / "src" / rel
        raw = src.read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:  # some of its files are Windows-1252 (German comments)
            text = raw.decode("cp1252")
        (out / src.name).write_text(port(text), encoding="utf-8")
    shutil.copy(HARNESS, out / "Harness.cs")
    exe = out / "kfc_oracle.exe"
    done = subprocess.run(["mcs", "-target:exe", f"-out:{exe}", "-r:Mono.Data.Sqlite.dll",
                           "-r:System.Data.dll", "-r:System.Core.dll", "-nowarn:0168,0219,0414",
                           *sorted(str(p) for p in out.glob("*.cs"))],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(done.stdout + done.stderr)
    return exe


SCHEMA = """
CREATE TABLE Player ( id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, name VARCHAR(30) NOT NULL,
  rating INTEGER(4) NOT NULL, rank INTEGER(3) NOT NULL, state INTEGER(2),
  Keizer_StartPts FLOAT, Keizer_SumPts FLOAT, RatingWDelta INTEGER NOT NULL DEFAULT 0,
  Keizer_PrevPts FLOAT, Categories VARCHAR(90) );
CREATE TABLE Pairing ( Rnd INTEGER NOT NULL, board INTEGER NOT NULL, PID_W INTEGER NOT NULL,
  PID_B INTEGER NOT NULL, Result INTEGER(2), Pts_W FLOAT, Pts_B FLOAT );
CREATE TABLE ConfigTab ( CfgKey VARCHAR(20) NOT NULL PRIMARY KEY, CfgText VARCHAR(5),
  CfgValue FLOAT );
"""


def tournament(path: Path, rng: random.Random) -> None:
    """A random tournament of the newest format: games of every result, byes, hindered,
    excused and unexcused rows, some retired players, random percentages and options."""
    n = rng.randint(3, 14)
    rounds = rng.randint(1, 7)
    ratings = [rng.choice([1200, 1400, 1500, 1500, 1600, 1800, 2000]) for _ in range(n)]
    retired = {i for i in range(1, n + 1) if rng.random() < 0.1}
    if len(retired) > n - 2:
        retired = set()
    gone_after = {i: rng.randint(0, rounds) for i in retired}  # rounds he still played
    rows = []
    for r in range(1, rounds + 1):
        ids = [i for i in range(1, n + 1) if i not in retired or r <= gone_after[i]]
        rng.shuffle(ids)
        away = rng.randint(0, max(0, len(ids) - 2))
        board = 100
        for i in ids[:away]:
            rows.append((r, board, i, -1, rng.choice([5, 6, 7, 7, 6])))
            board += 1
        present = ids[away:]
        if len(present) % 2:
            rows.append((r, board, present.pop(), -1, 4))
        for b, (w, bl) in enumerate(zip(present[::2], present[1::2], strict=True), start=1):
            res = rng.choice([1, 1, 2, 3, 3, 2, 8, 9, 10, 11])
            if r == rounds and rng.random() < 0.1:
                res = -1
            rows.append((r, b, w, bl, res))
    config = {"BONUS.Freilos": rng.choice([50, 50, 40]),
              "BONUS.Excused": rng.choice([35, 35, 0, 50]),
              "BONUS.Unexcused": rng.choice([5, 0, 35, 50]),
              "BONUS.Clubgame": rng.choice([70, 60]), "BONUS.Retired": rng.choice([75, 50]),
              "BONUS.Verlust": rng.choice([0, 0, 10, 25]),
              "OPTION.RatioFirst2Last": rng.choice([3, 3, 2, 4]),
              "OPTION.DecayBonus": rng.choice([0, 0, 1]), "OPTION.WickerNormalization": 0,
              "OPTION.GameRepeat": 4}
    con = sqlite3.connect(path)
    con.executescript(SCHEMA)
    con.executemany("INSERT INTO Player (id, name, rating, rank, state) VALUES (?, ?, ?, 0, ?)",
                    [(i, f"Player {i:02d}", ratings[i - 1], 9 if i in retired else 1)
                     for i in range(1, n + 1)])
    con.executemany("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", rows)
    con.executemany("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES (?, ?)", config.items())
    con.execute("INSERT INTO ConfigTab (CfgKey, CfgText) VALUES ('LANGCODE', 'EN')")
    con.commit()
    con.close()


def kfc_results(exe: Path, files: list[Path]) -> dict[str, list[tuple[int, int, float]] | str]:
    done = subprocess.run(["mono", str(exe), *map(str, files)], capture_output=True, text=True,
                          check=True)
    out: dict[str, list[tuple[int, int, float]] | str] = {}
    current = ""
    for line in done.stdout.splitlines():
        if line.startswith("file "):
            current = line[5:]
            out[current] = []
        elif line.startswith("error "):
            out[current] = line[6:]
        else:
            _place, pid, state, pts = line.split()
            rows = out[current]
            assert isinstance(rows, list)
            rows.append((int(pid), int(state), float(pts)))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kfc", type=Path, required=True, help="a Dumuzy/KeizerForClubs checkout")
    ap.add_argument("--tournaments", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        exe = build(args.kfc, work / "build")
        ours, files = {}, []
        for t in range(args.tournaments):
            a, b = work / f"t{t:03d}.s3db", work / f"t{t:03d}_kfc.s3db"
            tournament(a, rng)
            shutil.copy(a, b)
            imported = read_kfc(a)
            season = imported.season
            last = max((g.round for g in season.games), default=0)
            last = max([last] + [x.round for x in season.byes] + [x.round for x in season.absences])
            st = compute_history(season, last).last if last else compute_history(season).last
            ours[str(b)] = ([(n, st.score[n]) for n in st.shown_order], imported)
            files.append(b)
        theirs = kfc_results(exe, files)
    rows = equal = orders = orders_equal = refused = 0
    shown = 0
    for name, (mine, _imp) in ours.items():
        got = theirs[name]
        if isinstance(got, str):
            refused += 1
            print("KFC refused", name, got)
            continue
        kfc = [(f"Player {pid:02d}", pts) for pid, state, pts in got if state != 9]
        mine_d = dict(mine)
        rows += len(kfc)
        same = [nm for nm, pts in kfc if nm in mine_d and abs(float(mine_d[nm]) - pts) < 1e-3]
        equal += len(same)
        orders += 1
        order_same = [nm for nm, _ in mine] == [nm for nm, _ in kfc]
        orders_equal += order_same
        if (len(same) != len(kfc) or not order_same) and shown < 8:
            shown += 1
            print("differs", Path(name).name, "order" if not order_same else "",
                  [(nm, pts, float(mine_d.get(nm, -1))) for nm, pts in kfc if nm not in same],
                  [nm[-2:] for nm, _ in mine], [nm[-2:] for nm, _ in kfc])
    print(f"rows equal {equal} / {rows}; printed order equal {orders_equal} / {orders} "
          f"tournaments ({args.tournaments} made, {refused} refused by KFC)")
    return 0 if equal == rows and orders_equal == orders else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
