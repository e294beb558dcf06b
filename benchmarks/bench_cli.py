"""End to end: `keizer-xl standings` and `keizer-xl pair` on a 150-player, 35-round workbook,
against the floor of openpyxl just loading and saving the same file.

Targets (issues 2 and 3): within 2x openpyxl's load + save.  Measured two ways: in-process
(what the Excel/LibreOffice buttons pay) and as whole processes (what a user at the terminal
waits for, Python start-up and imports included).  Run: python benchmarks/bench_cli.py
"""
from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from keizer_xl import actions  # noqa: E402
from keizer_xl.analysis.simulate import simulate_season  # noqa: E402
from keizer_xl.frontends.template import build_template  # noqa: E402
from keizer_xl.clients.xlsx import open_book  # noqa: E402

CACHE = Path(tempfile.gettempdir()) / "keizer-xl-bench-150x35.xlsx"


def season_file() -> Path:
    if not CACHE.exists():
        season = simulate_season(150, 35, seed=35, absence_rate=0.12)
        build_template(CACHE, rounds=40)
        book = open_book(CACHE)
        actions.write_season(book, season)
        book.save()
    return CACHE


def timed(fn, repeat=5) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    src = season_file()
    work = Path(tempfile.mkdtemp()) / "club.xlsx"

    def fresh():
        shutil.copyfile(src, work)

    import openpyxl

    def openpyxl_floor():
        fresh()
        openpyxl.load_workbook(work).save(work)

    def standings_in_process():
        fresh()
        actions.update_standings(open_book(work))

    def pair_in_process():
        fresh()
        actions.pair_next_round(open_book(work))

    exe = shutil.which("keizer-xl") or f"{sys.executable} -m keizer_xl.frontends.cli"

    def process(cmd):
        def run():
            fresh()
            subprocess.run(cmd, shell=True, check=True, capture_output=True)
        return run

    floor_proc = process(f'{sys.executable} -c "import openpyxl; '
                         f"openpyxl.load_workbook(r'{work}').save(r'{work}')\"")
    rows = [
        ("openpyxl load + save (in-process)", timed(openpyxl_floor)),
        ("standings (in-process)", timed(standings_in_process)),
        ("pair next round (in-process)", timed(pair_in_process)),
        ("openpyxl load + save (process)", timed(floor_proc, 3)),
        ("keizer-xl standings (process)", timed(process(f"{exe} standings {work}"), 3)),
        ("keizer-xl pair (process)", timed(process(f"{exe} pair {work}"), 3)),
    ]
    print(f"workbook: 150 players, 35 rounds, {src.stat().st_size // 1024} KB")
    for label, t in rows:
        print(f"  {label:<38} {t * 1000:7.0f} ms")
    floor_in, floor_proc_t = rows[0][1], rows[3][1]
    print(f"ratio standings/floor: in-process {rows[1][1] / floor_in:.2f}x, "
          f"process {rows[4][1] / floor_proc_t:.2f}x")
    print(f"ratio pair/floor:      in-process {rows[2][1] / floor_in:.2f}x, "
          f"process {rows[5][1] / floor_proc_t:.2f}x")


if __name__ == "__main__":
    main()
