"""The whole-season history of every valuation method (issue 27 item 5).

A 150-player, 35-round synthetic season (``synthetic_season(150, 35, seed=7)``), the
standings after every round, under each preset and recalculation method; each timed ``--runs``
times (default 7): median and min-max.

    python benchmarks/bench_engine.py                      # the engine on PYTHONPATH
    python benchmarks/bench_engine.py --against OLD_TREE   # and an older tree, same run

Each run classifies the season anew (the engine keeps a season's classification for its other
readers; the benchmark forgets it unless ``--warm``).  ``--against`` times an older source tree
(e.g. ``git archive BASE | tar -x -C /tmp/old``) in a second resident process, the two taking
turns run by run, so both see the same machine load.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: label -> raw settings of the synthetic season
METHODS: dict[str, dict[str, str]] = {
    "prev (keizer)": {},
    "frozen": {"recalculation": "frozen"},
    "converge": {"recalculation": "converge"},
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

    from keizer_xl.core.engine import compute_history
    try:  # the engine keeps a season's classification: time it anew each run
        from keizer_xl.core.engine.grid import forget_rounds
    except ImportError:  # an engine from before issue 27 keeps nothing
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", type=Path, help="an older source tree to time side by side")
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
    print("wall-clock median (min-max) of each run; CPU: the process's CPU time, median "
          "(what other programs on a busy machine inflate less)")
    if args.against:
        print("before and after run by run, in turn (two resident processes)")
        print(f"| method | passes | before | after | after/before | CPU before | CPU after "
              f"| CPU after/before |\n|{' --- |' * 8}")
    for label in labels:
        new = Timer(here, label, args.warm)
        old = Timer(args.against.resolve(), label, args.warm) if args.against else None
        for i in range(args.runs):
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
            print(f"| {label} | {new.passes} | {_stats(new.wall)} | CPU {_stats(new.cpu)} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
