"""The whole-season history of every valuation method, before and after (issue 27 item 5).

A 150-player, 35-round synthetic season (``synthetic_season(150, 35, seed=7)``), the
standings after every round, under each preset and recalculation method; each timed ``--runs``
times (default 15): median and min-max of wall-clock and CPU time.

    python benchmarks/bench_engine.py                    # before (git commit BASE) and after
    python benchmarks/bench_engine.py --base COMMIT      # another tree as "before"
    python benchmarks/bench_engine.py --against OLD_TREE # an unpacked older tree as "before"
    python benchmarks/bench_engine.py --no-before        # this tree alone

"Before" is the engine as issue 27 found it (commit 5da5826: the 888-line
``core/standings.py`` with its ``Engine`` class; ``--base 514b1a7``, the same engine with
KeizerForClubs' display order, on which tests/golden/engine_hashes.json was recorded, times the
same), unpacked from this checkout's git history (``git archive``) into a temporary
directory.  Before and after run in two resident processes that take turns run by run, so both
see the same load of the machine.
Each run classifies the season anew (the engine keeps a season's classification for its other
readers; the benchmark forgets it unless ``--warm``).  Run with PYTHONDONTWRITEBYTECODE unset
(the timers unset it for themselves).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: the engine as issue 27 found it (the 888-line core/standings.py)
BASE = "5da5826"

#: label -> raw settings of the synthetic season
METHODS: dict[str, dict[str, str]] = {
    "prev (keizer)": {},
    "frozen": {"recalculation": "frozen"},
    "converge": {"recalculation": "converge"},
    "converge_cycle two": {"recalculation": "converge", "converge_cycle": "two"},
    "converge_start start": {"recalculation": "converge", "converge_start": "start"},
    "extra_passes 2": {"extra_passes": "2"},
    "converge_from_round 20": {"converge_from_round": "20"},
    "rounding half": {"rounding": "half"},
    "sevilla": {"preset": "sevilla"},
    "frozen-fixed": {"preset": "frozen-fixed"},
    "knsb-sixths": {"preset": "knsb-sixths"},
    "kfc": {"preset": "kfc"},
    "geel": {"preset": "geel"},
    "esg": {"preset": "esg"},
    "chesspairing-1956": {"preset": "chesspairing-1956"},
    "chesspairing": {"preset": "chesspairing"},
}


def serve(label: str, warm: bool) -> None:
    """A resident timer of one method in this process's engine: after a warm-up, each line
    "run" on stdin times one whole-season history and answers {"wall", "cpu", "passes"}."""
    sys.path.insert(0, str(HERE))
    from synthetic import synthetic_season

    try:  # the engine as strategies; it keeps a season's classification: time it anew each run
        from keizer_xl.core.engine import compute_history
        from keizer_xl.core.engine.grid import forget_rounds
    except ImportError:  # an engine from before issue 27 (the "before" tree) keeps nothing
        from keizer_xl.core.engine import compute_history

        def forget_rounds() -> None:
            pass
    season = synthetic_season(150, 35, seed=7, **METHODS[label])
    compute_history(season)  # warm up (imports, caches)
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() != "run":
            break
        if not warm:
            forget_rounds()
        t0, c0 = time.perf_counter(), time.process_time()
        hist = compute_history(season)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        passes = sum(st.passes for st in hist.standings[1:])
        print(json.dumps({"wall": wall, "cpu": cpu, "passes": passes}), flush=True)


class Timer:
    """A resident child process timing one method in one source tree."""

    def __init__(self, tree: Path, label: str, warm: bool):
        env = {**os.environ, "PYTHONPATH": str(tree)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.proc = subprocess.Popen([sys.executable, str(HERE / "bench_engine.py"), "--serve",
                                      label] + (["--warm"] if warm else []), env=env, cwd=tree,
                                     text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        if self.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the timer of {label} in {tree} did not start")
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.passes = 0

    def run(self) -> None:
        self.stdin.write("run\n")
        self.stdin.flush()
        answer = json.loads(self.stdout.readline())
        self.wall.append(answer["wall"])
        self.cpu.append(answer["cpu"])
        self.passes = answer["passes"]

    def close(self) -> None:
        self.stdin.close()
        self.proc.wait(timeout=60)


def _stats(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return f"{statistics.median(ms):.1f} ms ({min(ms):.1f}-{max(ms):.1f})"


def _ratio(new: list[float], old: list[float]) -> float:
    return statistics.median(new) / statistics.median(old)


def unpack(commit: str, into: Path) -> Path:
    """The source tree of ``commit`` (this checkout's git history) unpacked into ``into``."""
    repo = HERE.parent
    try:
        archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", commit],
                                 check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"cannot unpack {commit} from {repo} ({exc}); give an unpacked "
                         f"older tree with --against DIR, or --no-before") from exc
    tmp = into / "archive.tar"
    tmp.write_bytes(archive)
    with tarfile.open(tmp) as tar:
        tar.extractall(into, filter="data")
    tmp.unlink()
    return into


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--base", default=BASE, help=f"the git commit timed as before (default "
                                                 f"{BASE}, the engine before issue 27)")
    ap.add_argument("--against", type=Path, help="an unpacked older source tree as before")
    ap.add_argument("--no-before", action="store_true", help="time this tree alone")
    ap.add_argument("--only", help="only the methods whose label contains this")
    ap.add_argument("--warm", action="store_true",
                    help="keep the season's classification from run to run (as repeated "
                         "calls on one season do); default: classify anew each run")
    ap.add_argument("--serve", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.serve, args.warm)
        return 0
    here = Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or HERE.parent).resolve()
    labels = [m for m in METHODS if not args.only or args.only in m]
    scratch = None
    before: Path | None = None
    if args.against:
        before = args.against.resolve()
    elif not args.no_before:
        scratch = Path(tempfile.mkdtemp(prefix="bench-engine-"))
        before = unpack(args.base, scratch)
    try:
        table(here, before, labels, args.runs, args.warm,
              args.base if before is not None and not args.against else str(before))
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    return 0


def table(here: Path, before: Path | None, labels: list[str], runs: int, warm: bool,
          name: str) -> None:
    """Time each method ``runs`` times (before and after in turn) and print a table row."""
    print(f"{'warm' if warm else 'cold'}: the season classified "
          f"{'once' if warm else 'anew each run'}; {runs} runs; wall-clock and CPU time of "
          f"the process, median (min-max)")
    if before is not None:
        print(f"before = {name}, after = {here}, run by run in turn (two resident processes)")
        print(f"| method | passes | before | after | after/before | CPU before | CPU after "
              f"| CPU after/before |\n|{' --- |' * 8}")
    else:
        print(f"| method | passes | time | CPU |\n|{' --- |' * 4}")
    for label in labels:
        new = Timer(here, label, warm)
        old = Timer(before, label, warm) if before is not None else None
        for i in range(runs):
            pair = [new, old] if i % 2 else [old, new]
            for timer in pair:
                if timer is not None:
                    timer.run()
        new.close()
        if old is not None:
            old.close()
            print(f"| {label} | {new.passes} | {_stats(old.wall)} | {_stats(new.wall)} | "
                  f"{_ratio(new.wall, old.wall):.2f} | {_stats(old.cpu)} | {_stats(new.cpu)} | "
                  f"{_ratio(new.cpu, old.cpu):.2f} |", flush=True)
        else:
            print(f"| {label} | {new.passes} | {_stats(new.wall)} | {_stats(new.cpu)} |",
                  flush=True)


if __name__ == "__main__":
    sys.exit(main())
