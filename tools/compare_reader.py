"""keizer-xl's reader against openpyxl, value by value, over any folder of workbooks (issue 34).

Every ``.xlsx`` / ``.xlsm`` under the folders given is read twice: by openpyxl
(``load_workbook(data_only=True)``; a strict OOXML workbook as its transitional twin, which
openpyxl reads) and by keizer-xl's file client (``FileBook``, clients/xlsx/reader.py); every
worksheet's every non-empty cell is compared (type and value; a macro or dialog sheet, which
keizer-xl reads as no worksheet and openpyxl as one, is left out).  Printed: each file with its
differences, a file keizer-xl refuses (with its message) or openpyxl cannot read, and a summary.
Exit status 1 when any value differs.

    PYTHONPATH=. python tools/compare_reader.py FOLDER [FOLDER ...] [--show 10] [--timeout 120]

The crafted corpus of the tests (tests/support/crafted_books.py) is written to a folder with
``--write-crafted FOLDER`` first.
"""
from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


class _Slow(Exception):
    pass


def _too_slow(signum: int, frame: object) -> None:
    raise _Slow


def compare(path: Path, timeout: int = 0) -> tuple[str, list[str], int]:
    """(outcome, lines, cells compared): outcome ``same``, ``different``, ``refused`` (by
    keizer-xl: lines hold its message) or ``unreadable`` (openpyxl fails: lines hold why)."""
    from support.reader_oracle import compare as differences
    from support.reader_oracle import fast_values, sheet_values

    from keizer_xl.errors import KeizerError

    if timeout:
        import signal

        signal.signal(signal.SIGALRM, _too_slow)
        signal.alarm(timeout)
    try:
        want = sheet_values(path)
    except _Slow:
        return "unreadable", [f"openpyxl took more than {timeout} s"], 0
    except Exception as exc:  # whatever openpyxl raises: the file is not compared
        return "unreadable", [f"{type(exc).__name__}: {exc}"], 0
    finally:
        if timeout:
            signal.alarm(0)
    try:
        got, others = fast_values(path)
    except KeizerError as exc:
        return "refused", [str(exc)], 0
    out, cells = differences(want, got, others)
    return ("different" if out else "same"), out, cells


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--show", type=int, default=10, help="differences shown per file")
    ap.add_argument("--timeout", type=int, default=120,
                    help="seconds openpyxl may take per file (0: no limit; Unix only)")
    ap.add_argument("--write-crafted", type=Path, metavar="FOLDER",
                    help="write the tests' crafted workbooks to FOLDER (and compare them)")
    args = ap.parse_args(argv)
    folders = list(args.folders)
    if args.write_crafted:
        from support.crafted_books import write

        write(args.write_crafted)
        folders.append(args.write_crafted)
    files = sorted({p for f in folders for p in ([f] if f.is_file() else f.rglob("*"))
                    if p.suffix.lower() in (".xlsx", ".xlsm") and not p.name.startswith("~$")})
    counts = {"same": 0, "different": 0, "refused": 0, "unreadable": 0}
    cells = 0
    warnings.simplefilter("ignore")
    for path in files:
        outcome, lines, n = compare(path, args.timeout)
        counts[outcome] += 1
        cells += n
        counted = f" ({n} cells)" if outcome in ("same", "different") else ""
        print(f"{outcome:10} {path}{counted}")
        for line in lines[:args.show]:
            print(f"    {line}")
        if len(lines) > args.show:
            print(f"    ... and {len(lines) - args.show} more")
    compared = counts["same"] + counts["different"]
    print(f"\n{len(files)} files: {compared} compared ({cells} cells), {counts['different']} with "
          f"differences; {counts['refused']} refused by keizer-xl, {counts['unreadable']} not read "
          f"by openpyxl")
    return 1 if counts["different"] else 0


if __name__ == "__main__":
    sys.exit(main())
