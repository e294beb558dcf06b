"""Where the time of `keizer-xl standings` and `pair` goes, phase by phase, in CPU time (what
the other programs on a busy machine do not inflate), for this checkout and, with ``--before
TREE``, another one (``git archive <commit> | tar -x -C TREE``): each run a fresh process.

    python benchmarks/bench_phases.py [--runs 7] [--sizes 60x35,150x35] [--before TREE]

Phases: the interpreter with its site packages; the imports the command needs (numpy,
filelock, keizer-xl's modules; openpyxl when the tree loads it); opening the workbook
(preflight, and openpyxl's load where the tree does it); ``read_season``; the engine (the
standings or the pairing); the new sheets into the workbook (layouts and writing them); the
save (the new file through the atomic writer with its backup).  The cycle collector is paused
after the imports, as ``keizer-xl`` pauses it for a command: its collections are no part of
what the command costs there.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

_CHILD = r"""
import json, os, sys, time, shutil
# one OpenBLAS thread, as the command line sets it before numpy is imported (cli._main)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import gc
gc.disable()  # as the `keizer-xl` script does from start-up (frontends/cli.py)
T = time.process_time
t0 = T()
cmd, src, work = sys.argv[1:4]
import keizer_xl.frontends.cli
from keizer_xl.app import pair as app_pair, standings as app_standings
from keizer_xl.clients.xlsx import open_book
from keizer_xl.sheets.read import read_season
import keizer_xl.core.engine, keizer_xl.core.pairing
t1 = T()
shutil.copyfile(src, work)
book = open_book(work)
t2 = T()
season = read_season(book)
t3 = T()
phases = {"imports": t1 - t0, "open": t2 - t1, "read_season": t3 - t2}
real_save = type(book).save
saved = {}
def timed_save(self, *a, **k):
    s = T()
    real_save(self, *a, **k)
    saved["save"] = T() - s
type(book).save = timed_save
real_read = read_season
if cmd == "standings":
    s = T()
    report = app_standings.compute_standings(season)
    phases["engine"] = T() - s
    s = T()
    app_standings.write_standings(book, season, report)
    phases["sheets + save"] = T() - s
else:
    s = T()
    report = app_pair.plan_pairing(season, None)
    phases["engine"] = T() - s
    s = T()
    app_pair.run(book)  # reads the (cached) tables again, pairs and writes
    phases["sheets + save"] = T() - s - phases["engine"]
phases["save"] = saved.get("save", 0.0)
phases["sheets + save"] -= phases["save"]
phases["sheets"] = phases.pop("sheets + save")
phases["total in-process"] = T() - t0
print(json.dumps(phases))
"""

PHASES = ("interpreter", "imports", "open", "read_season", "engine", "sheets", "save", "total in-process")


def interpreter_cpu(env: dict[str, str]) -> float:
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> None:
    from bench_cli import season_file

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sizes", default="60x35,150x35")
    ap.add_argument("--before", metavar="TREE")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp())
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as after pip install
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    trees = {"after": str(ROOT)}
    if args.before:
        trees = {"before": str(Path(args.before).resolve()), "after": str(ROOT)}
    for size in args.sizes.split(","):
        players, rounds = (int(n) for n in size.split("x"))
        src = season_file(players, rounds)
        for cmd in ("standings", "pair"):
            results: dict[str, dict[str, list[float]]] = {t: {p: [] for p in PHASES} for t in trees}
            for run in range(-1, args.runs):
                for tag, tree in trees.items():
                    child_env = dict(env, PYTHONPATH=tree)
                    out = subprocess.run([sys.executable, "-c", _CHILD, cmd, str(src), str(tmp / "w.xlsx")],
                                         check=True, capture_output=True, text=True, env=child_env,
                                         cwd=tmp)
                    if run < 0:
                        continue
                    phases = json.loads(out.stdout.strip().splitlines()[-1])
                    phases["interpreter"] = interpreter_cpu(child_env)
                    for p in PHASES:
                        results[tag][p].append(phases[p])
            print(f"\n{cmd} {size}, CPU ms, median (min-max) of {args.runs} runs")
            print("| phase | " + " | ".join(trees) + " |")
            print("| --- | " + " | ".join("---" for _ in trees) + " |")
            for p in PHASES:
                cells = []
                for tag in trees:
                    ms = [1000 * v for v in results[tag][p]]
                    cells.append(f"{statistics.median(ms):.0f} ({min(ms):.0f}-{max(ms):.0f})")
                print(f"| {p} | " + " | ".join(cells) + " |")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
