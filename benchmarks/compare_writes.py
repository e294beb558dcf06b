"""Whether two checkouts of keizer-xl write the same workbooks: `standings`, `pair`, and `pair`
then `standings`, run by each tree (``PYTHONPATH=TREE``, from a neutral folder so that neither
is imported from the current one) on a copy of each workbook given; their outputs, exit codes
and every part of the written files are compared (issue 25: a speed change must not change a
byte written).

    python benchmarks/compare_writes.py BEFORE_TREE AFTER_TREE BOOK.xlsx [BOOK.xlsx ...]

(``git archive <commit> | tar -x -C BEFORE_TREE``.)  Prints one line per workbook and command
sequence and exits 1 when anything differs.
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

SEQUENCES = (("standings",), ("pair",), ("pair", "standings"))


def run(tree: str, command: str, book: Path, cwd: Path) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", command, str(book)],
                         env=env, capture_output=True, text=True, cwd=cwd, timeout=600)
    folder = str(book.parent)
    return out.returncode, out.stdout.replace(folder, "DIR"), out.stderr.replace(folder, "DIR")


def differences(before: bytes, after: bytes) -> list[str]:
    """The parts that differ (or exist in one file only)."""
    zb, za = zipfile.ZipFile(io.BytesIO(before)), zipfile.ZipFile(io.BytesIO(after))
    if zb.namelist() != za.namelist():
        return [f"part list: {zb.namelist()} != {za.namelist()}"]
    return [name for name in zb.namelist() if zb.read(name) != za.read(name)]


def main(argv: list[str]) -> int:
    before, after, *books = argv
    tmp = Path(tempfile.mkdtemp())
    bad = 0
    try:
        for tree in (before, after):
            probe = subprocess.run([sys.executable, "-c", "import keizer_xl; print(keizer_xl.__file__)"],
                                   env=dict(os.environ, PYTHONPATH=tree), capture_output=True,
                                   text=True, cwd=tmp, check=True).stdout.strip()
            if not probe.startswith(str(Path(tree).resolve())):
                print(f"{tree} is not the keizer_xl imported ({probe})")
                return 1
        for book in map(Path, books):
            for sequence in SEQUENCES:
                results = {}
                for tag, tree in (("before", before), ("after", after)):
                    work = tmp / tag / book.name
                    work.parent.mkdir(exist_ok=True)
                    shutil.copyfile(book, work)
                    outputs = [run(tree, command, work, tmp) for command in sequence]
                    results[tag] = (outputs, work.read_bytes())
                (out_b, data_b), (out_a, data_a) = results["before"], results["after"]
                problems = [] if out_b == out_a else ["exit codes or messages"]
                problems += differences(data_b, data_a)
                bad += bool(problems)
                what = "same" if not problems else "DIFFERENT: " + ", ".join(problems)
                print(f"{book.name} {' + '.join(sequence)}: {what} (exit {[o[0] for o in out_a]}, "
                      f"whole file {'identical' if data_b == data_a else 'differs'})")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{bad} differing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
