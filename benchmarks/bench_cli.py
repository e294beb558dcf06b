"""End to end: `keizer-xl standings` and `keizer-xl pair` on 60- and 150-player, 35-round
workbooks, against the floor of openpyxl just loading and saving the same file.

Targets (issue 25; issue 12 had 1.5x and 0.25 s): as whole processes, `keizer-xl standings` and
`keizer-xl pair` at most 0.6x the openpyxl load + save process of the same file, and
`keizer-xl --help` under 0.15 s.
The processes are interleaved (one of each per run, in turn) so that a busy machine slows all
of them alike; each is given a fresh copy of the workbook.  Reported: median and min-max.

    python benchmarks/bench_cli.py [--runs 7] [--sizes 60x35,150x35] [--club] [--in-process]
                                   [--before TREE] [--no-bytecode]

``--language nl`` (de, fr) makes the template's workbooks in that language: its messages,
sheet names and dates come from the catalogs, which an English run never reads.
``--club`` adds each size's season inside a club's own workbook (XlsxWriter: charts, a chart
sheet, a picture, sparklines, Tables; tests/support/club_books.py), against openpyxl's load + save of
that file.  Every run also times ``python -c 'import numpy, filelock'`` (one OpenBLAS thread):
the libraries alone, the part of a command's time no change to keizer-xl's own code removes.

``--before TREE`` also runs the same commands with ``PYTHONPATH=TREE`` (another checkout of
keizer-xl, e.g. ``git archive <commit> | tar -x -C /tmp/base``), interleaved with these, so a
change is measured before and after in one run.  The console script is the one installed next
to this Python (``bin/keizer-xl``), run directly (a pyenv shim would add a bash start-up).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

def season_file(players: int = 150, rounds: int = 35, language: str = "en") -> Path:
    """The bench season in the template of ``language``, made once and kept in the temp folder."""
    tag = "" if language == "en" else f"-{language}"
    cache = Path(tempfile.gettempdir()) / f"keizer-xl-bench-{players}x{rounds}{tag}.xlsx"
    if not cache.exists():
        from keizer_xl.app.write_season import write_season
        from keizer_xl.analysis.simulate import simulate_season
        from keizer_xl.clients.xlsx import open_book
        from keizer_xl.clients.xlsx.new_book import build_template

        season = simulate_season(players, rounds, seed=35, absence_rate=0.12)
        build_template(cache, rounds=rounds + 5, language=language)
        book = open_book(cache)
        write_season(book, season)
        book.save()
    return cache


def console_script() -> list[str]:
    beside = Path(sys.executable).parent / "keizer-xl"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("keizer-xl")
    return [found] if found else [sys.executable, "-m", "keizer_xl.frontends.cli"]


def _children_cpu() -> float:
    """User + system CPU seconds of the finished child processes so far."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def summary(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return f"{statistics.median(ms):7.0f} ms ({min(ms):.0f}-{max(ms):.0f})"


def in_process(work: Path, fresh, runs: int) -> None:
    import openpyxl

    from keizer_xl.app import pair, standings
    from keizer_xl.clients.xlsx import open_book

    cases = {
        "openpyxl load + save": lambda: openpyxl.load_workbook(work).save(work),
        "standings": lambda: standings.run(open_book(work), standings.StandingsRequest()),
        "pair next round": lambda: pair.run(open_book(work)),
    }
    times: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(runs):
        for label, fn in cases.items():
            fresh()
            t0 = time.perf_counter()
            fn()
            times[label].append(time.perf_counter() - t0)
    print("in-process (what the buttons pay), median (min-max):")
    for label, t in times.items():
        print(f"  {label:<40} {summary(t)}")
    floor = statistics.median(times["openpyxl load + save"])
    for label in ("standings", "pair next round"):
        print(f"  ratio {label}/floor: {statistics.median(times[label]) / floor:.2f}x")


def club_file(players: int, rounds: int) -> Path:
    """The bench season's four input sheets inside a club's own XlsxWriter workbook (charts, one
    on a chart sheet, a picture, a text box, sparklines, Tables, ...: tests/support/club_books.py): the
    kind of file a club brings, which openpyxl loads and saves faster than the template (fewer
    styles, and it drops what it cannot keep) while keizer-xl copies the club's parts as they are."""
    cache = Path(tempfile.gettempdir()) / f"keizer-xl-bench-club-{players}x{rounds}.xlsx"
    if not cache.exists():
        sys.path.insert(0, str(ROOT / "tests"))
        from support.club_books import club_workbook, input_rows, png

        picture = cache.with_suffix(".png")
        picture.write_bytes(png(200, 100))
        club_workbook(cache, input_rows(season_file(players, rounds)), picture=picture)
    return cache


#: the libraries both commands import, alone: what any process doing their work with them pays
#: before its own code runs (one OpenBLAS thread, as the command line sets it)
LIBRARIES = "import numpy, filelock"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sizes", default="60x35,150x35", help="players x rounds, comma-separated")
    ap.add_argument("--language", default="en", choices=("en", "nl", "de", "fr"),
                    help="the template's language (its messages, sheet names and dates)")
    ap.add_argument("--club", action="store_true",
                    help="also each size's season inside a club's own workbook (tests/support/club_books.py)")
    ap.add_argument("--in-process", action="store_true", help="also time the actions in-process")
    ap.add_argument("--before", metavar="TREE", help="also run a checkout at TREE, interleaved")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="keep PYTHONDONTWRITEBYTECODE as set: every process compiles keizer-xl's "
                         "sources (default: bytecode cached, as after pip install)")
    args = ap.parse_args(argv)
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    # name -> the workbook each run starts from
    tag = "" if args.language == "en" else f" {args.language}"
    sources = {f"{p}x{r}{tag}": season_file(p, r, args.language) for p, r in sizes}
    if args.club:
        sources.update({f"club {p}x{r}": club_file(p, r) for p, r in sizes})
    tmp = Path(tempfile.mkdtemp())
    works = {name: tmp / f"work-{i}.xlsx" for i, name in enumerate(sources)}

    script = console_script()
    base_env = dict(os.environ)
    if not args.no_bytecode:
        # as a user's installation: compiled once, then loaded from bytecode (a machine that
        # sets PYTHONDONTWRITEBYTECODE=1 compiles every module of an editable install on
        # every run); a private cache folder, so no checkout gets __pycache__ folders
        base_env.pop("PYTHONDONTWRITEBYTECODE", None)
        base_env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    trees = {"": str(ROOT)}
    if args.before:
        trees = {" [before]": str(Path(args.before).resolve()), "": str(ROOT)}
    # (label, command, environment, the workbook it works on)
    cases: list[tuple[str, list[str], dict[str, str], str | None]] = [
        ("python -c pass (interpreter)", [sys.executable, "-c", "pass"], base_env, None),
        (f"python -c '{LIBRARIES}'", [sys.executable, "-c", LIBRARIES],
         dict(base_env, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1"), None)]
    for tag, tree in trees.items():
        env = dict(base_env, PYTHONPATH=tree)
        cases.append((f"keizer-xl --help{tag}", [*script, "--help"], env, None))
    for name, work in works.items():
        cases.append((f"openpyxl load + save {name}", [sys.executable, "-c", ("import openpyxl, sys; "
                       "openpyxl.load_workbook(sys.argv[1]).save(sys.argv[1])"), str(work)], base_env, name))
        for tag, tree in trees.items():
            env = dict(base_env, PYTHONPATH=tree)
            cases += [(f"keizer-xl standings {name}{tag}", [*script, "standings", str(work)], env, name),
                      (f"keizer-xl pair {name}{tag}", [*script, "pair", str(work)], env, name)]
    times: dict[str, list[float]] = {label: [] for label, _, _, _ in cases}
    cpu: dict[str, list[float]] = {label: [] for label, _, _, _ in cases}
    for run in range(-1, args.runs):  # run -1: a warm-up (bytecode, disk cache), not counted
        for label, cmd, env, name in cases:
            if name is not None:
                shutil.copyfile(sources[name], works[name])
            c0 = _children_cpu()
            t0 = time.perf_counter()
            # cwd: not a checkout, so `python -m` finds keizer_xl through PYTHONPATH only
            subprocess.run(cmd, check=True, capture_output=True, env=env, cwd=tmp)
            if run >= 0:
                times[label].append(time.perf_counter() - t0)
                cpu[label].append(_children_cpu() - c0)

    print(
        "workbooks: "
        + ", ".join(f"{name} ({path.stat().st_size // 1024} KB)" for name, path in sources.items())
        + "; "
        f"{args.runs} interleaved runs; console script {script[0]}; bytecode "
        f"{'as the environment says' if args.no_bytecode else 'cached'}"
    )
    for title, table in (("wall-clock", times), (("CPU time (user + system; what other "
                                                   "programs on a busy machine do not inflate)"),
                                                   cpu)):
        print(f"whole processes, {title}, median (min-max):")
        for label, t in table.items():
            print(f"  {label:<60} {summary(t)}")
        libraries = statistics.median(table[f"python -c '{LIBRARIES}'"])
        for name in sources:
            floor = statistics.median(table[f"openpyxl load + save {name}"])
            for tag in trees:
                for cmd in ("standings", "pair"):
                    ts = table[f"keizer-xl {cmd} {name}{tag}"]
                    print(
                        f"  ratio keizer-xl {cmd} {name}{tag} / openpyxl load + save: "
                        f"{statistics.median(ts) / floor:.2f}x ({min(ts) / floor:.2f}-{max(ts) / floor:.2f}) "
                        f"(target <= 0.6x)"
                    )
            print(f"    0.6x the floor of {name}: {0.6 * floor * 1000:.0f} ms, of which the "
                  f"interpreter with the libraries alone take {libraries * 1000:.0f} ms "
                  f"({libraries / (0.6 * floor):.0%})")
    if args.in_process:
        for name, work in works.items():
            print(f"{name}:")
            in_process(work, lambda name=name, work=work: shutil.copyfile(sources[name], work), args.runs)


if __name__ == "__main__":
    main()
