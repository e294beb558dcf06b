"""`keizer-xl players` on a list the size of FIDE's (issue 37): a club of 40 looked up in 1.2
million players, the fixed-width TXT and the XML, as a whole process (`--dry-run`: the lookup
and the report; a write adds the workbook's save, timed by bench_cli.py's kind of run).

Targets: under 5 s and under 250 MB peak resident memory.  The lists are generated once
(tests/support/rating_list_files.py's layouts, names from a seeded generator, about one in 70 with
letters beyond ASCII: FIDE spells its list in ASCII, a national list may not) and kept in the
temp folder; the club's 40 are spread over the whole list and typed as clubs type them
("First Surname", no ids: the name path, the slower one), or with their FIDE ids (``--ids``).
Peak memory is the child's own (``os.wait4``'s ``ru_maxrss``); CPU time beside the clock,
since a loaded machine stretches the clock alone.

    python benchmarks/bench_rating_list.py [--runs 5] [--players 1200000] [--ids]
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from collections.abc import Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

SYLLABLES = ["an", "ber", "ko", "va", "lin", "ma", "ri", "sen", "to", "dor", "ka", "mi", "ne",
             "stra", "hof", "el", "ius", "ov", "ić", "ö", "ü", "é", "ski", "berg", "man"]


def listed_players(count: int, seed: int = 37) -> Iterator[Any]:
    from support.rating_list_files import P

    rng = random.Random(seed)

    def word(n: int) -> str:
        text = "".join(rng.choice(SYLLABLES[:-7] if rng.random() < 0.985 else SYLLABLES)
                       for _ in range(n))
        return text.capitalize()

    feds = ["GER", "NED", "BEL", "FRA", "ESP", "IND", "RUS", "USA"]
    for i in range(count):
        yield P(str(100000 + i * 7), f"{word(rng.randint(2, 4))}, {word(rng.randint(1, 3))}",
                rng.choice(feds), "MF"[rng.random() < 0.12], "", rng.choice([0, rng.randint(1000, 2800)]),
                rng.choice([0, rng.randint(1940, 2018)]))


def list_files(count: int) -> dict[str, Path]:
    from support.rating_list_files import write_fide_txt, write_fide_xml

    folder = Path(tempfile.gettempdir())
    out = {"txt": folder / f"keizer-xl-fide-{count}.txt",
           "xml": folder / f"keizer-xl-fide-{count}.xml"}
    if not out["txt"].exists():
        write_fide_txt(out["txt"], listed_players(count))
    if not out["xml"].exists():
        write_fide_xml(out["xml"], listed_players(count))
    return out


def club_book(count: int, ids: bool, folder: Path) -> Path:
    """A season workbook with 40 of the list's players, spread over it."""
    import openpyxl

    from keizer_xl.clients.xlsx.new_book import build_template

    wanted = set(range(count // 80, count, count // 40))
    members = [p for i, p in enumerate(listed_players(count)) if i in wanted][:40]
    book = folder / "club.xlsx"
    build_template(book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    ws.cell(1, 8, "FIDE id")
    for row, p in enumerate(members, 2):
        surname, _, first = p.name.partition(", ")
        ws.cell(row, 1, f"{first} {surname}")
        if ids:
            ws.cell(row, 8, int(p.fide_id))
    wb.save(book)
    return book


def run_once(book: Path, listed: Path) -> tuple[float, float, float, int, str]:
    """(seconds, CPU seconds, peak MB, exit code, the summary line) of one whole process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "keizer_xl", "players", str(book),
                                  "--list", str(listed), "--dry-run"], env=env, stdout=out,
                                 stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = code = os.waitstatus_to_exitcode(status)
        err.seek(0)
        lines = err.read().decode("utf-8", "replace").strip().splitlines()
    return (seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code,
            lines[-1] if lines else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--ids", action="store_true", help="the club's 40 with their FIDE ids")
    args = parser.parse_args()
    t0 = time.perf_counter()
    files = list_files(args.players)
    print(f"lists ready in {time.perf_counter() - t0:.1f} s: "
          + ", ".join(f"{k} {v.stat().st_size / 1e6:.0f} MB" for k, v in files.items()))
    folder = Path(tempfile.mkdtemp())
    try:
        book = club_book(args.players, args.ids, folder)
        times: dict[str, list[float]] = {k: [] for k in files}
        cpus: dict[str, list[float]] = {k: [] for k in files}
        peaks: dict[str, list[float]] = {k: [] for k in files}
        for _ in range(args.runs):
            for kind, listed in files.items():  # interleaved: a busy machine slows both alike
                seconds, cpu, peak, code, summary = run_once(book, listed)
                times[kind].append(seconds)
                cpus[kind].append(cpu)
                peaks[kind].append(peak)
        print(f"40 players ({'FIDE ids' if args.ids else 'names only'}), "
              f"{args.players:,} listed, {args.runs} runs; last: {summary} (exit {code})")
        for kind in files:
            t, c, m = times[kind], cpus[kind], peaks[kind]
            print(f"  {kind}: {statistics.median(t):.2f} s ({min(t):.2f}-{max(t):.2f}), CPU "
                  f"{statistics.median(c):.2f} s ({min(c):.2f}-{max(c):.2f}), peak "
                  f"{statistics.median(m):.0f} MB ({min(m):.0f}-{max(m):.0f})")
        print(f"  load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
