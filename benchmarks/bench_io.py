"""Time the file transport on a full season: 150 players x 35 rounds.

    python benchmarks/bench_io.py [--players 150] [--rounds 35] [--repeat 3]

Compares plain ``openpyxl.load_workbook + save`` with ``FileBook`` open (preflight included)
+ reading the four input tables + writing Standings + atomic save (with backup).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import openpyxl
import pandas as pd

from keizer_xl.sheets.layout import SheetStyle, sheet_layout
from keizer_xl.clients.xlsx.new_book import template_workbook
from keizer_xl.sheets.template_text import NewBook
from keizer_xl.clients.xlsx import FileBook, preflight


def build_season(path: Path, players: int, rounds: int) -> None:
    rng = random.Random(1)
    wb = template_workbook(NewBook(rounds=rounds))
    names = [f"Player {i:03d}" for i in range(1, players + 1)]
    ws = wb["Players"]
    for i, name in enumerate(names, 2):
        for j, v in enumerate((name, rng.randint(1200, 2300), i - 1, 1, "active", "Club", f"{i:05d}"), 1):
            ws.cell(row=i, column=j, value=v).data_type = "s" if isinstance(v, str) else "n"
    ws.tables["tblPlayers"].ref = f"A1:G{players + 1}"
    ws = wb["Attendance"]
    for i, name in enumerate(names, 2):
        ws.cell(row=i, column=1, value=name)
        for r in range(1, rounds + 1):
            if rng.random() < 0.1:
                ws.cell(row=i, column=1 + r, value=rng.choice("EUC"))
    ws.tables["tblAttendance"].ref = f"A1:{openpyxl.utils.get_column_letter(rounds + 1)}{players + 1}"
    ws = wb["Results"]
    row = 2
    for r in range(1, rounds + 1):
        present = [n for n in names if rng.random() > 0.1]
        rng.shuffle(present)
        for b in range(len(present) // 2):
            for j, v in enumerate((r, b + 1, present[2 * b], present[2 * b + 1],
                                   rng.choice(("1-0", "0-1", "\u00bd-\u00bd"))), 1):
                ws.cell(row=row, column=j, value=v)
            row += 1
    ws.tables["tblResults"].ref = f"A1:E{row - 1}"
    wb.save(path)


def standings_frame(players: int, rounds: int) -> pd.DataFrame:
    data = {"Rank": list(range(1, players + 1)),
            "Name": [f"Player {i:03d}" for i in range(1, players + 1)],
            "Score": [1000.0 / i for i in range(1, players + 1)],
            "Value": list(range(players, 0, -1)), "Prev value": list(range(players, 0, -1)),
            "Games": [rounds] * players, "W": [1] * players, "D": [1] * players, "L": [1] * players}
    for r in range(1, rounds + 1):
        data[f"R{r}"] = [float(r)] * players
    return pd.DataFrame(data)


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=35)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "season.xlsx"
        build_season(path, args.players, args.rounds)
        frame = standings_frame(args.players, args.rounds)
        out = Path(d) / "plain.xlsx"

        def plain():
            openpyxl.load_workbook(path).save(out)

        def pre():
            preflight(path)

        def filebook_read():
            book = FileBook(path)
            for sheet in ("Settings", "Players", "Attendance", "Results"):
                book.read_table(sheet)

        def filebook_full():
            book = FileBook(path)
            for sheet in ("Settings", "Players", "Attendance", "Results"):
                book.read_table(sheet)
            book.write_sheet("Standings", sheet_layout(frame, SheetStyle(
                title="Standings", highlight_rows=3, number_formats={"Score": "0.00"})))
            book.save()

        book = FileBook(path)
        sizes = {s: len(book.read_table(s).rows) for s in ("Players", "Attendance", "Results")}
        print(f"workbook: {args.players} players x {args.rounds} rounds, {path.stat().st_size:,} bytes, "
              f"rows {sizes}")
        print(f"openpyxl load_workbook + save          {timed(plain, args.repeat) * 1000:8.1f} ms")
        print(f"FileBook preflight only                {timed(pre, args.repeat) * 1000:8.1f} ms")
        print(f"FileBook open + read 4 tables          {timed(filebook_read, args.repeat) * 1000:8.1f} ms")
        print(f"FileBook open + read + write + save    {timed(filebook_full, args.repeat) * 1000:8.1f} ms")
        book = FileBook(path)
        start = time.perf_counter()
        book.write_sheet("Standings", sheet_layout(frame, SheetStyle()))
        print(f"write_sheet Standings {frame.shape[0]}x{frame.shape[1]}          "
              f"{(time.perf_counter() - start) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
