"""The whole-season history of every valuation method (issue 27 item 5).

A 150-player, 35-round synthetic season (``synthetic_season(150, 35, seed=7)``), the
standings after every round, under each preset and recalculation method; each timed ``--runs``
times (default 7): median and min-max.

    python benchmarks/bench_engine.py                      # the engine on PYTHONPATH
    python benchmarks/bench_engine.py --against OLD_TREE   # and an older tree, same run

``--against`` times an older source tree (e.g. ``git archive BASE | tar -x -C /tmp/old``) in a
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


def time_method(label: str, runs: int) -> dict[str, object]:
    """Times of ``runs`` whole-season histories of one method (in this process's engine)."""
    sys.path.insert(0, str(HERE))
    from synthetic import synthetic_season

    from keizer_xl.core.standings import compute_history
    season = synthetic_season(150, 35, seed=7, **METHODS[label])
    compute_history(season)  # warm up (imports, caches)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        hist = compute_history(season)
        times.append(time.perf_counter() - t0)
    return {"times": times, "passes": sum(s.passes for s in hist.standings[1:])}


def _child(tree: Path, label: str, runs: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, str(HERE / "bench_engine.py"), "--child", label,
                          "--runs", str(runs)], env=env, capture_output=True, text=True,
                         check=True, cwd=tree)
    result: dict[str, object] = json.loads(out.stdout)
    return result


def _stats(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return f"{statistics.median(ms):8.1f} ms ({min(ms):.1f}-{max(ms):.1f})"


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
    if args.against:
        print(f"{'method':<24} {'before: median (min-max)':>30} {'after: median (min-max)':>30}"
              f"  ratio  passes")
    for label in labels:
        new = _child(here, label, args.runs)
        if args.against:
            old = _child(args.against.resolve(), label, args.runs)
            ratio = statistics.median(new["times"]) / statistics.median(old["times"])  # type: ignore[arg-type]
            print(f"{label:<24} {_stats(old['times']):>30} {_stats(new['times']):>30}"  # type: ignore[arg-type]
                  f"  {ratio:5.2f}  {new['passes']}", flush=True)
        else:
            print(f"{label:<24} {_stats(new['times'])}  {new['passes']} passes",  # type: ignore[arg-type]
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
