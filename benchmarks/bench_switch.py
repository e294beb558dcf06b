"""Switching in and the club's year, as whole processes (issues 17, 18): `keizer-xl import` of a
TRF file and of a KeizerForClubs database, `keizer-xl export --trf`, `standings --period` and
`standings` writing the Periods sheet, and `new-season`, each on a 60-player, 35-round season,
timed with the machine's `farm-bench` (median and min-max of whole runs).

    python benchmarks/bench_switch.py [--runs 5]     # prints farm-bench's rows per command

The files are made once in a temporary folder (the season by analysis.simulate, the TRF file by
the exporter, the KeizerForClubs database by the test suite's builder).  Run with Python's
bytecode cache (unset PYTHONDONTWRITEBYTECODE), as a user's installed keizer-xl runs.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def make_files(folder: Path) -> dict[str, Path]:
    import openpyxl

    from keizer_xl.app.write_season import write_season
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.frontends.cli import main
    from keizer_xl.clients.xlsx.new_book import build_template

    season = folder / "season.xlsx"
    build_template(season, rounds=36)
    book = open_book(season)
    write_season(book, simulate_season(60, 35, seed=11))
    book.save()
    trf = folder / "season.trf"
    main(["export", str(season), "--trf", str(trf)])
    # periods: the same season with `periods 1, 13, 25`
    year = folder / "year.xlsx"
    shutil.copy(season, year)
    wb = openpyxl.load_workbook(year)
    ws = wb["Settings"]
    ws.append(["periods", "1, 13, 25"])
    wb.save(year)
    from test_kfc import make_db  # the tests' KeizerForClubs database builder

    kfc = make_db(folder / "tournament.s3db")
    return {"season": season, "trf": trf, "year": year, "kfc": kfc}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="keizer-bench-"))
    files = make_files(folder)
    exe = shutil.which("keizer-xl") or "keizer-xl"
    out = folder / "out.xlsx"
    commands = {
        "import TRF 60x35": [exe, "import", str(files["trf"]), str(out), "--force"],
        "import .s3db": [exe, "import", str(files["kfc"]), str(out), "--force"],
        "export --trf 60x35": [exe, "export", str(files["season"]), "--trf",
                               str(folder / "x.trf")],
        "standings --period 2": [exe, "standings", str(files["year"]), "--period", "2",
                                 "--no-write"],
        "standings (periods sheet)": [exe, "standings", str(files["year"])],
        "new-season": [exe, "new-season", str(files["season"]), str(folder / "next.xlsx"),
                       "--force"],
    }
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for label, command in commands.items():
        print(f"## {label}", flush=True)
        subprocess.run(["farm-bench", "-n", str(args.runs), "--timeout", "300", "--", *command],
                       env=env, check=False)


if __name__ == "__main__":
    main()
