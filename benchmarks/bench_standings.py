"""Standings engine: a 150-player, 35-round season, standings after every round.

Targets (issue 2): the whole history under 0.5 s with prev and 1.5 s with converge on the
2-core CI machine.  Run: python benchmarks/bench_standings.py
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from keizer_xl.core.engine import compute_history
from synthetic import synthetic_season


def bench(label: str, repeat: int = 5, **raw) -> float:
    season = synthetic_season(150, 35, seed=7, **raw)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        hist = compute_history(season)
        times.append(time.perf_counter() - t0)
    passes = sum(s.passes for s in hist.standings[1:])
    cycles = sum(not s.converged for s in hist.standings[1:])
    best, med = min(times), statistics.median(times)
    print(f"{label:<28} best {best:.3f} s  median {med:.3f} s  ({passes} passes over 35 rounds,"
          f" {cycles} rounds without convergence)")
    return med


if __name__ == "__main__":
    bench("prev (keizer preset)")
    bench("frozen", recalculation="frozen")
    bench("converge", recalculation="converge")
    bench("converge, sevilla", preset="sevilla", recalculation="converge")
    bench("prev, harmonic decay", absence_decay="harmonic")
