"""Mutated sample workbooks (issue 11): whatever a cell holds, every command ends with exit 0 or
1 (2 for a request the workbook cannot serve), a message instead of a traceback, within a few
seconds, and a refused write leaves the file byte for byte as it was.

The mutations are drawn with a fixed seed, so a failure is reproducible from its trial number.
The quick variant runs in CI's default selection; the long one is marked slow."""
from __future__ import annotations

import datetime as dt
import hashlib
import math
import random
import shutil
import signal
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main
from support.loop import examples
from support.timing import budget

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"
INPUT_SHEETS = ("Settings", "Players", "Attendance", "Results")
HOSTILE = [
    10 ** 9, 1e9, 1e300, -5, -1, 0, 10 ** 20, 1.5, -0.25, "inf", "-inf", "nan", "1e400",
    "1e999999999", "9" * 400, "R0", "R1e9", "=1/0", "=A1", "=IF(A1=\"\",\"\",A1)", True, False,
    dt.datetime(2024, 9, 5), dt.date(1900, 1, 1), "", " ", "bye", "Bye", "vrij", "1-0", "0-1F", "½-½",
    "withdrawn", "withdrawn 0", "withdrawn 99999999", "E", "X", "code Z", "150%", "-20 points",
    "1/0", "0/0", "ratio 3", "1.5N", "N", "\u202e\u2066", "\U0001F600", "a" * 300, "top_value",
    "Results", "tab\tand\nnewline",
]
HEADERS = ["Round", "round", "Board", "White", "Black", "Result", "Name", "R0", "R1", "R9999",
           "Joined", "Status", "Setting", "Value", dt.datetime(2024, 9, 5), "", None]


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _mutate(rng: random.Random, src: Path, dst: Path) -> str:
    """Write a mutated copy of ``src`` to ``dst``; returns what was done (for the failure text)."""
    wb = openpyxl.load_workbook(src)
    done = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        ws = wb[rng.choice(INPUT_SHEETS)]
        if kind < 0.7:
            row = rng.randint(2, max(2, min(ws.max_row, 60)))
            col = rng.randint(1, max(1, ws.max_column))
            value = rng.choice(HOSTILE)
            ws.cell(row=row, column=col).value = value
            done.append(f"{ws.title}!{ws.cell(row=row, column=col).coordinate}={value!r:.40}")
        elif kind < 0.85:
            col = rng.randint(1, max(1, ws.max_column))
            value = rng.choice(HEADERS)
            ws.cell(row=1, column=col).value = value
            done.append(f"{ws.title} header {col}={value!r}")
        elif kind < 0.93:
            row = rng.randint(2, max(2, ws.max_row))
            ws.delete_rows(row)
            done.append(f"{ws.title} row {row} deleted")
        else:
            copy = wb.copy_worksheet(ws)
            copy.title = "Placeholder"
            done.append(f"{ws.title} duplicated")
    wb.save(dst)
    if "Placeholder" in wb.sheetnames:
        # a second sheet meaning the same input sheet, by case (openpyxl itself renames those)
        original = next(d.split()[0] for d in done if d.endswith("duplicated"))
        with zipfile.ZipFile(dst) as zf:
            parts = {n: zf.read(n) for n in zf.namelist()}
        parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
            b'name="Placeholder"', f'name="{original.lower()}"'.encode())
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in parts.items():
                zf.writestr(name, data)
    return "; ".join(done)


def _run(argv: list[str], seconds: int = 10) -> tuple[int, float]:
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    started = time.perf_counter()
    try:
        code = main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return code, time.perf_counter() - started


def _trials(tmp_path: Path, capsys, seed: int, count: int) -> None:
    rng = random.Random(seed)
    cap = math.ceil(budget(10))  # 10 s on the quiet machine, longer on a loaded one
    for trial in range(count):
        path = tmp_path / f"mutant-{seed}-{trial}.xlsx"
        what = _mutate(rng, SAMPLE, path)
        for command in (["check"], ["standings", "--no-write"], ["pair", "--dry-run"], ["pair"]):
            target = path
            if command == ["pair"]:
                target = path.with_name(path.stem + "-w.xlsx")
                shutil.copyfile(path, target)
            before = _digest(target)
            try:
                code, _seconds = _run([command[0], str(target), *command[1:]], cap)
            except _Timeout:
                pytest.fail(f"trial {trial} ({what}): {command} ran past {cap} s")
            except BaseException as e:  # a traceback the user would have seen
                pytest.fail(f"trial {trial} ({what}): {command} raised {type(e).__name__}: {e}")
            out, err = capsys.readouterr()
            assert code in (0, 1, 2), (trial, what, command, out, err)
            assert "Traceback" not in out + err
            if code != 0:
                assert _digest(target) == before, (trial, what, command, err)


def test_mutated_samples_never_end_in_a_traceback(tmp_path, capsys):
    _trials(tmp_path, capsys, seed=11, count=6)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 4))
def test_many_mutated_samples_never_end_in_a_traceback(tmp_path, capsys, seed):
    _trials(tmp_path, capsys, seed=seed * 101, count=examples(30))
