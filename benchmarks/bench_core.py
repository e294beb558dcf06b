"""Compute-only timings of the pure core (issue 12): standings and pairing, no workbook.

Run: ``python benchmarks/bench_core.py [--scaling] [--repeat 7]``.  Prints the median and the
min-max spread over ``--repeat`` runs (default 7) of

- the whole history of a 150-player, 35-round season with ``prev``, ``frozen``, ``converge``
  (targets: prev and frozen < 20 ms, converge < 60 ms);
- pairing round 36 of that season, all 150 present, the ranking given (target < 5 ms);
- with ``--scaling``: ``prev`` (and the pairing) from 150 x 35 up to 1000 players x 100 rounds,
  with the time per player-round, which must not grow with the size (linear in players x rounds).

Timings on a shared machine are noisy: compare medians, and look at the spread.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from collections.abc import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from keizer_xl.core.pairing import pair_round
from keizer_xl.core.engine import compute_history
from synthetic import synthetic_season


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm-up (first-call caches, imports)
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def line(label: str, times: list[float], extra: str = "") -> None:
    ms = [t * 1000 for t in times]
    print(f"{label:<34} median {statistics.median(ms):8.2f} ms   min {min(ms):8.2f}   "
          f"max {max(ms):8.2f}   (n={len(ms)}){extra}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--scaling", action="store_true")
    ap.add_argument("--max-players", type=int, default=1000)
    args = ap.parse_args()
    r = args.repeat
    for label, raw in (("prev 150x35", {}), ("frozen 150x35", {"recalculation": "frozen"}),
                       ("converge 150x35", {"recalculation": "converge"}),
                       ("converge sevilla 150x35", {"preset": "sevilla",
                                                    "recalculation": "converge"}),
                       ("preset chesspairing 150x35", {"preset": "chesspairing"})):
        season = synthetic_season(150, 35, seed=7, **raw)
        line(label, timed(lambda season=season: compute_history(season), r))
    season = synthetic_season(150, 35, seed=7)
    ranking = list(compute_history(season).last.order)
    line("pair round 36, 150 present", timed(lambda: pair_round(season, 36, ranking, ranking), r))
    if not args.scaling:
        return
    print("\nscaling, prev (and pairing the next round, everyone present):")
    print(f"{'players':>8} {'rounds':>7} {'prev median ms':>15} {'min-max':>17} "
          f"{'us/player-round':>16} {'pair ms':>9}")
    for n, k in ((150, 35), (300, 50), (500, 70), (1000, 100)):
        if n > args.max_players:
            break
        season = synthetic_season(n, k, seed=7)
        times = [t * 1000 for t in timed(lambda season=season: compute_history(season), r)]
        ranking = list(compute_history(season).last.order)
        ptimes = [t * 1000 for t in timed(lambda season=season, k=k, ranking=ranking:
                                          pair_round(season, k + 1, ranking, ranking), r)]
        med = statistics.median(times)
        print(f"{n:>8} {k:>7} {med:>15.1f} {min(times):>8.1f}-{max(times):<8.1f} "
              f"{med * 1000 / (n * k):>16.2f} {statistics.median(ptimes):>9.1f}", flush=True)


if __name__ == "__main__":
    main()
