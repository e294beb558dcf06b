"""Where a command's import time goes: `python -X importtime` of `keizer-xl standings` and
`keizer-xl pair` on the 60 x 35 workbook, summed by who asked for each module.

Groups: the interpreter's start-up (everything imported before the command line's module runs:
``site``, ``encodings``, ``.pth`` files), numpy and what it imports, filelock and what it
imports, keizer-xl's own modules (their self time: running the module's body, its dataclasses,
enums and regular expressions, and loading its bytecode), and the standard library that
keizer-xl's modules import themselves (argparse, fractions, xml, ...).  ``-X importtime``
adds its own overhead, so the sums are larger than the CPU time they cost; compare them with
each other, before and after, not with the whole-process times of ``bench_cli.py``.

    python benchmarks/bench_imports.py [--runs 7] [--top 15] [--before TREE]

``--before TREE`` runs another checkout too (``PYTHONPATH=TREE``, e.g. ``git archive <commit> |
tar -x -C /tmp/base``), interleaved with this one.  Reported: median (min-max) per group, and
keizer-xl's modules with the largest self time.

Each run also times, in a process of its own without ``-X importtime``, how long the command
spends creating dataclasses (its own and its libraries'): ``dataclasses._process_class`` and the
``exec`` of each generated method (``_create_fn``) wrapped with a clock.  On Python 3.11 each
generated method is compiled on its own, so this is a cost of the import that ``-X importtime``
spreads over the modules that define the classes.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cli import ROOT, season_file

GROUPS = ("interpreter start-up", "numpy", "filelock", "keizer-xl's own modules",
          "standard library for keizer-xl")


def parse(stderr: str) -> tuple[dict[str, float], dict[str, float]]:
    """(ms per group, ms of self time per keizer-xl module) of one ``-X importtime`` log."""
    rows: list[tuple[float, str, int]] = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = line.split(":", 1)[1].split("|")
        rows.append((int(self_us) / 1000, name.strip(), (len(name) - len(name.lstrip())) // 2))
    started = next(i for i, (_, name, _) in enumerate(rows) if name == "runpy")
    groups = dict.fromkeys(GROUPS, 0.0)
    own: dict[str, float] = {}
    # a module's line comes after those of the modules it imported (one level deeper): read
    # backwards, keeping the chain of modules that are importing it
    chain: list[tuple[str, int]] = []
    for i in range(len(rows) - 1, -1, -1):
        ms, name, depth = rows[i]
        while chain and chain[-1][1] >= depth:
            chain.pop()
        roots = {n.split(".")[0] for n, _ in chain} | {name.split(".")[0]}
        if i <= started:
            group = "interpreter start-up"
        elif "numpy" in roots:
            group = "numpy"
        elif "filelock" in roots:
            group = "filelock"
        elif name.startswith("keizer_xl"):
            group = "keizer-xl's own modules"
            own[name] = own.get(name, 0.0) + ms
        else:
            group = "standard library for keizer-xl"
        groups[group] += ms
        chain.append((name, depth))
    return groups, own


#: run a command with ``dataclass()`` timed (argv: command, workbook); prints one JSON line
_DATACLASSES = r"""
import dataclasses, io, json, sys, time
clock = time.perf_counter
made = {"classes": 0, "methods": 0, "ms": 0.0, "exec ms": 0.0}
def timed(real, count, ms):
    def wrapper(*args, **kwargs):
        t = clock()
        try:
            return real(*args, **kwargs)
        finally:
            made[count] += 1
            made[ms] += (clock() - t) * 1000
    return wrapper
dataclasses._process_class = timed(dataclasses._process_class, "classes", "ms")
dataclasses._create_fn = timed(dataclasses._create_fn, "methods", "exec ms")
from keizer_xl.frontends.cli import main
shown, sys.stdout = sys.stdout, io.StringIO()
code = main(sys.argv[1:])
sys.stdout = shown
print(json.dumps(made))
sys.exit(code)
"""


def fmt(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} ({min(values):.1f}-{max(values):.1f})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--top", type=int, default=15, help="how many of keizer-xl's modules to list")
    ap.add_argument("--before", metavar="TREE", help="also run a checkout at TREE, interleaved")
    args = ap.parse_args(argv)
    source = season_file(60, 35)
    tmp = Path(tempfile.mkdtemp())
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(tmp / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as after pip install
    trees = {"after": str(ROOT)}
    if args.before:
        trees = {"before": str(Path(args.before).resolve()), "after": str(ROOT)}
    groups: dict[tuple[str, str], dict[str, list[float]]] = {}
    own: dict[tuple[str, str], dict[str, list[float]]] = {}
    dcs: dict[tuple[str, str], dict[str, list[float]]] = {}
    work = tmp / "club.xlsx"
    for run in range(-1, args.runs):  # run -1: a warm-up (bytecode, disk cache), not counted
        for command in ("standings", "pair"):
            for tag, tree in trees.items():
                shutil.copyfile(source, work)
                out = subprocess.run(
                    [sys.executable, "-X", "importtime", "-m", "keizer_xl.frontends.cli",
                     command, str(work)], env=dict(env, PYTHONPATH=tree), cwd=tmp,
                    capture_output=True, text=True, check=True)
                if run < 0:
                    continue
                shutil.copyfile(source, work)
                timed = subprocess.run(
                    [sys.executable, "-c", _DATACLASSES, command, str(work)],
                    env=dict(env, PYTHONPATH=tree, OPENBLAS_NUM_THREADS="1"), cwd=tmp,
                    capture_output=True, text=True, check=True)
                made = json.loads(timed.stdout.strip().splitlines()[-1])
                for name in ("classes", "methods", "ms", "exec ms"):
                    dcs.setdefault((command, tag), {}).setdefault(name, []).append(made[name])
                by_group, by_module = parse(out.stderr)
                for name, ms in by_group.items():
                    groups.setdefault((command, tag), {}).setdefault(name, []).append(ms)
                for name, ms in by_module.items():
                    own.setdefault((command, tag), {}).setdefault(name, []).append(ms)
    shutil.rmtree(tmp, ignore_errors=True)
    for command in ("standings", "pair"):
        print(f"\n`keizer-xl {command}` 60 x 35, -X importtime, ms, median (min-max) of {args.runs}")
        print("| imported for | " + " | ".join(trees) + " |")
        print("| --- |" + " --- |" * len(trees))
        for name in GROUPS:
            print(f"| {name} | " + " | ".join(fmt(groups[(command, t)][name]) for t in trees) + " |")
        print("| (keizer-xl's modules imported) | "
              + " | ".join(str(len(own[(command, t)])) for t in trees) + " |")
        print("\ncreating dataclasses, in a process without -X importtime, ms, median (min-max):")
        for tag in trees:
            d = dcs[(command, tag)]
            print(f"  {tag}: {statistics.median(d['classes']):.0f} classes, "
                  f"{statistics.median(d['methods']):.0f} generated methods: {fmt(d['ms'])}, "
                  f"of which compiling the methods {fmt(d['exec ms'])}")
        last = list(trees)[-1]
        top = sorted(own[(command, last)].items(), key=lambda kv: -statistics.median(kv[1]))
        print(f"\nkeizer-xl's modules with the largest self time ({last}), ms:")
        for name, values in top[:args.top]:
            print(f"  {fmt(values)}  {name}")


if __name__ == "__main__":
    main()
