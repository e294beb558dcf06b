"""Would a read-only pass plus a targeted write beat one full openpyxl load (issue 12, item 4)?

On the 150-player, 35-round workbook of bench_cli.py, in one process, interleaved, median and
min-max of N runs (milliseconds):

* the full load the file client does now (``openpyxl.load_workbook``, styles, validations,
  defined names, Tables, VBA kept) and reading the four input tables from it;
* ``openpyxl.load_workbook(read_only=True)``: the four input sheets' values only;
* python-calamine (Rust), when installed: the four input sheets' values only;
* what writing costs: openpyxl's save of the fully loaded workbook, and rewriting the zip with
  one worksheet part replaced (the least a targeted write must do: every other part copied).

    python benchmarks/bench_read.py [--runs 7]
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cli import season_file

INPUT_SHEETS = ("Settings", "Players", "Attendance", "Results")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)

    import openpyxl

    from keizer_xl.clients.xlsx import FileBook
    from keizer_xl.sheets.read import read_season

    path = season_file()
    data = path.read_bytes()

    def full_load_and_read():
        book = FileBook(path)
        read_season(book)
        return book

    def openpyxl_full_load():
        return openpyxl.load_workbook(io.BytesIO(data), keep_links=True, rich_text=False)

    def read_only_values():
        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        out = {s: list(wb[s].iter_rows(values_only=True)) for s in INPUT_SHEETS}
        wb.close()
        return out

    cases = {
        "FileBook: preflight + full load + read_season": full_load_and_read,
        "openpyxl full load only": openpyxl_full_load,
        "openpyxl read_only: 4 input sheets' values": read_only_values,
    }
    try:
        from python_calamine import CalamineWorkbook

        def calamine_values():
            wb = CalamineWorkbook.from_filelike(io.BytesIO(data))
            return {s: wb.get_sheet_by_name(s).to_python() for s in INPUT_SHEETS}

        cases["python-calamine: 4 input sheets' values"] = calamine_values
    except ImportError:
        print("(python-calamine not installed: pip install python-calamine to include it)")

    wb_full = openpyxl_full_load()

    def openpyxl_save():
        wb_full.save(io.BytesIO())

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        members = [(info, zf.read(info)) for info in zf.infolist()]

    def zip_rewrite_one_part():
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for info, raw in members:
                z.writestr(info, raw)

    cases["openpyxl save (of the full load)"] = openpyxl_save
    cases["zip rewritten with one part replaced"] = zip_rewrite_one_part

    times: dict[str, list[float]] = {k: [] for k in cases}
    for fn in cases.values():  # warm up (imports, caches)
        fn()
    for _ in range(args.runs):
        for label, fn in cases.items():
            t0 = time.perf_counter()
            fn()
            times[label].append((time.perf_counter() - t0) * 1000)
    print(f"{path.name}: {len(data) // 1024} KB, {args.runs} interleaved runs, ms median (min-max)")
    for label, t in times.items():
        print(f"  {label:<50} {statistics.median(t):7.1f} ({min(t):.1f}-{max(t):.1f})")


if __name__ == "__main__":
    main()
