"""The whole-season history of every valuation method (issue 27 item 5).

A 150-player, 35-round synthetic season (``synthetic_season(150, 35, seed=7)``), the
standings after every round, under each preset and recalculation method; each timed ``--runs``
times (default 7): median and min-max.

    python benchmarks/bench_engine.py                      # the engine on PYTHONPATH
    python benchmarks/bench_engine.py --against OLD_TREE   # and an older tree, same run

Each run classifies the season anew (the engine keeps a season's classification for its other
readers; a benchmark forgets it).  ``--against`` times an older source tree (e.g. ``git archive BASE | tar -x -C /tmp/old``) in a
second process, the two alternating method by method, so both see the same machine load.
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
from typing import Any

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


def time_method(label: str, runs: int) -> dict[str, Any]:
    """Times of ``runs`` whole-season histories of one method (in this process's engine)."""
    sys.path.insert(0, str(HERE))
    from synthetic import synthetic_season

    from keizer_xl.core.standings import compute_history
    try:  # the engine keeps a season's classification: time it anew each run
        from keizer_xl.core.engine.grid import forget_rounds
    except ImportError:  # an engine from before issue 27 keeps nothing
        def forget_rounds() -> None:
            pass
    season = synthetic_season(150, 35, seed=7, **METHODS[label])
    compute_history(season)  # warm up (imports, caches)
    times, cpu = [], []
    for _ in range(runs):
        forget_rounds()
        t0, c0 = time.perf_counter(), time.process_time()
        hist = compute_history(season)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return {"times": times, "cpu": cpu, "passes": sum(s.passes for s in hist.standings[1:])}


def _child(tree: Path, label: str, runs: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, str(HERE / "bench_engine.py"), "--child", label,
                          "--runs", str(runs)], env=env, capture_output=True, text=True,
                         check=True, cwd=tree)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def _stats(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return f"{statistics.median(ms):.1f} ms ({min(ms):.1f}-{max(ms):.1f})"


def _ratio(new: dict[str, Any], old: dict[str, Any], key: str) -> float:
    return statistics.median(new[key]) / statistics.median(old[key])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", type=Path, help="an older source tree to time side by side")
    ap.add_argument("--only", help="only the methods whose label contains this")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(time_method(args.child, args.runs)))
        return 0
    here = Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or HERE.parent).resolve()
    labels = [m for m in METHODS if not args.only or args.only in m]
    print("wall-clock median (min-max) of each run; CPU: the process's CPU time, median "
          "(what other programs on a busy machine inflate less)")
    if args.against:
        print(f"| method | passes | before | after | after/before | CPU before | CPU after "
              f"| CPU after/before |\n|{' --- |' * 8}")
    for label in labels:
        new = _child(here, label, args.runs)
        if args.against:
            old = _child(args.against.resolve(), label, args.runs)
            print(f"| {label} | {new['passes']} | {_stats(old['times'])} | "
                  f"{_stats(new['times'])} | {_ratio(new, old, 'times'):.2f} | "
                  f"{_stats(old['cpu'])} | {_stats(new['cpu'])} | "
                  f"{_ratio(new, old, 'cpu'):.2f} |", flush=True)
        else:
            print(f"| {label} | {new['passes']} | {_stats(new['times'])} | CPU "
                  f"{_stats(new['cpu'])} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
