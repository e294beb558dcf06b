"""Time ``keizer-xl batch`` on a folder of full seasons, against the openpyxl floor.

    python benchmarks/bench_batch.py [--seasons 20] [--players 150] [--rounds 35] [--jobs 2]

The folder is generated once (simulated seasons: the real pairing engine, absences of every
kind, a late entrant and a withdrawal, written into the season template) and cached under
/tmp; ``--rebuild`` makes it again.  Reported:

* batch: seasons per second with 1 and with ``--jobs`` processes (every sheet: Standings,
  History + chart, Crosstable, Explain, Audit), and where the time of one workbook goes;
* the floor: ``openpyxl.load_workbook`` + ``save`` of the same files, sequential and with
  ``--jobs`` processes: no batch can be faster than reading and writing the files.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from keizer_xl.frontends import batch

CACHE_VERSION = "1"


def _make_one(args) -> str:
    path, players, rounds, seed = args
    from keizer_xl.app.write_season import write_season
    from keizer_xl.core.rules import build_settings, parse_setting
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx.new_book import build_template
    from keizer_xl.clients.xlsx import open_book

    settings = build_settings([parse_setting("season", f"Bench {seed}"),
                               parse_setting("code T", "1/2")])
    season = simulate_season(players, rounds, settings, seed=seed, late=2, withdrawn=2)
    target = Path(path)
    build_template(target, rounds=rounds)
    book = open_book(target)
    write_season(book, season)
    book.save()
    target.with_name(target.stem + ".bak" + target.suffix).unlink(missing_ok=True)
    return path


def build_folder(folder: Path, seasons: int, players: int, rounds: int, jobs: int,
                 rebuild: bool) -> list[Path]:
    marker = folder / "CACHE"
    stamp = f"{CACHE_VERSION} {seasons} {players} {rounds}"
    if not rebuild and marker.exists() and marker.read_text() == stamp:
        return sorted(folder.glob("season-*.xlsx"))
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    t0 = time.perf_counter()
    tasks = [(str(folder / f"season-{i:02d}.xlsx"), players, rounds, 1000 + i) for i in range(seasons)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(_make_one, tasks))
    marker.write_text(stamp)
    print(f"generated {seasons} seasons in {time.perf_counter() - t0:.1f} s (cached in {folder})")
    return sorted(folder.glob("season-*.xlsx"))


def _load_save(args) -> float:
    import openpyxl

    src, dest = args
    t0 = time.perf_counter()
    wb = openpyxl.load_workbook(src)
    wb.save(dest)
    return time.perf_counter() - t0


def floor(files: list[Path], jobs: int, scratch: Path) -> tuple[float, float]:
    tasks = [(str(f), str(scratch / f"floor-{i}.xlsx")) for i, f in enumerate(files)]
    t0 = time.perf_counter()
    for t in tasks:
        _load_save(t)
    sequential = time.perf_counter() - t0
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(_load_save, tasks))
    parallel = time.perf_counter() - t0
    return sequential, parallel


def run(folder: Path, out: Path, jobs: int) -> tuple[float, list]:
    shutil.rmtree(out, ignore_errors=True)
    options = batch.BatchOptions(out_dir=out, jobs=jobs)
    plan = batch.plan_jobs([folder], options)
    t0 = time.perf_counter()
    results = batch.run_batch(plan, options)
    seconds = time.perf_counter() - t0
    failed = [r for r in results if not r.ok]
    if failed:
        raise SystemExit(f"{len(failed)} workbooks failed: {failed[0].problems}")
    return seconds, results


def stages(path: Path) -> dict[str, float]:
    """Where the time of one workbook goes (in this process)."""
    times: dict[str, float] = {}
    last = [time.perf_counter(), "open"]

    def report(stage: str, fraction: float) -> None:
        now = time.perf_counter()
        times[last[1]] = times.get(last[1], 0.0) + now - last[0]
        last[0], last[1] = now, stage

    with tempfile.TemporaryDirectory() as tmp:
        job = batch.Job(0, path, Path(tmp) / "x.keizer.xlsx", str(path))
        result = batch.recompute_workbook(job, report=report)
        assert result.ok, result.problems
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seasons", type=int, default=20)
    ap.add_argument("--players", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=35)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rebuild", action="store_true")
    args = ap.parse_args()

    base = Path(tempfile.gettempdir()) / f"keizer-bench-batch-{args.seasons}x{args.players}x{args.rounds}"
    files = build_folder(base / "in", args.seasons, args.players, args.rounds, args.jobs, args.rebuild)
    size = sum(f.stat().st_size for f in files) / len(files) / 1024
    print(f"{len(files)} seasons of {args.players} players x {args.rounds} rounds "
          f"({size:.0f} KiB each), {os.cpu_count()} CPUs")

    t1, results = run(base / "in", base / "out-1", 1)
    tj, _ = run(base / "in", base / f"out-{args.jobs}", args.jobs)
    n = len(files)
    print(f"batch, 1 process:   {t1:6.1f} s  {n / t1:5.2f} seasons/s  "
          f"({t1 / n:.2f} s per season)")
    print(f"batch, {args.jobs} processes: {tj:6.1f} s  {n / tj:5.2f} seasons/s  "
          f"(speed-up {t1 / tj:.2f}x)")
    diffs = sum(r.audit_rounds_differing for r in results)
    print(f"  audit: {diffs} rounds paired differently from the engine (simulated with it: 0 expected)")

    with tempfile.TemporaryDirectory() as tmp:
        seq, par = floor(files, args.jobs, Path(tmp))
        outputs = sorted((base / "out-1").glob("*.keizer.xlsx"))
        out_seq, out_par = floor(outputs, args.jobs, Path(tmp))
    print(f"floor, openpyxl load+save of the inputs,  sequential:  {seq:6.1f} s  {n / seq:5.2f} files/s")
    print(f"floor, openpyxl load+save of the inputs,  {args.jobs} processes: {par:6.1f} s  "
          f"{n / par:5.2f} files/s")
    print(f"floor, openpyxl load+save of the outputs, sequential:  {out_seq:6.1f} s  "
          f"{n / out_seq:5.2f} files/s (they hold the 5 new sheets)")
    print(f"floor, openpyxl load+save of the outputs, {args.jobs} processes: {out_par:6.1f} s  "
          f"{n / out_par:5.2f} files/s")
    print(f"batch / input floor: {t1 / seq:.2f}x sequential, {tj / par:.2f}x with {args.jobs} processes")

    times = stages(files[0])
    total = sum(times.values())
    print("one workbook, by stage: " + ", ".join(
        f"{k} {v:.2f} s" for k, v in times.items() if v >= 0.005) + f" (total {total:.2f} s)")


if __name__ == "__main__":
    main()
