"""Issue 22 with real processes: the hostile cases that run apart (a FIFO, /dev/zero, a huge
sparse file: a hang must not hang the test; a database another process holds or left a hot
journal), kill -9 in the middle of each writing command, two writers at once, the lock files of
the reports."""
from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from keizer_xl.clients import file_locks, files

from support import hostile_corpus as hc


_HOLD = """
import sys, time
from keizer_xl.clients import file_locks
with file_locks.output_lock(sys.argv[1], timeout=30):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


@pytest.fixture(autouse=True)
def _stop_holders():
    yield
    hc.stop_holders()


@pytest.mark.parametrize("case", [c for c in hc.all_cases() if c.id in hc.APART], ids=lambda c: c.id)
def test_hostile_case_apart_has_no_defect(case, tmp_path):
    found, code, out = hc.defects(case, tmp_path)
    assert not found, (case.id, code, found, out[-800:])


def test_the_report_lock_excludes_a_second_writer_though_its_file_is_removed(tmp_path):
    """Three runs on one report: while the first holds the lock the others wait; when it lets
    go and removes the lock file, only one of the waiters gets it at a time (each records the
    time it held the lock; no two spans overlap)."""
    target = tmp_path / "club.trf"
    log = tmp_path / "spans"
    script = tmp_path / "hold.py"
    script.write_text(
        "import sys, time, os\n"
        "from keizer_xl.clients import file_locks\n"
        "with file_locks.output_lock(sys.argv[1], timeout=30):\n"
        "    start = time.monotonic()\n"
        "    time.sleep(0.4)\n"
        "    end = time.monotonic()\n"
        "with open(sys.argv[2], 'a') as fh:\n"
        "    fh.write(f'{start} {end}\\n')\n")
    env = {**os.environ, "PYTHONPATH": str(hc.ROOT)}
    runs = [subprocess.Popen([sys.executable, str(script), str(target), str(log)], env=env)
            for _ in range(4)]
    for r in runs:
        assert r.wait(60) == 0
    spans = sorted(tuple(map(float, line.split())) for line in log.read_text().splitlines())
    assert len(spans) == 4
    for (_s1, e1), (s2, _e2) in itertools.pairwise(spans):
        assert e1 <= s2, spans
    assert not file_locks.lock_path(target).exists()


def test_a_busy_report_is_said_busy(tmp_path):
    target = tmp_path / "club.html"
    env = {**os.environ, "PYTHONPATH": str(hc.ROOT)}
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(target), "5"], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(files.WorkbookFileError, match="busy"), \
                file_locks.output_lock(target, timeout=0.3):
            pass
    finally:
        holder.kill()
        holder.wait()
    assert not target.exists()


def _kill_during(argv: list[str], cwd: Path, delay: float, temp: Path) -> None:
    """Start ``keizer-xl ARGV`` and kill -9 it ``delay`` seconds after it started."""
    env = {**os.environ, "PYTHONPATH": str(hc.ROOT), "TMPDIR": str(temp)}
    p = subprocess.Popen([sys.executable, "-m", "keizer_xl", *argv], cwd=cwd, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    p.send_signal(signal.SIGKILL)
    p.wait()


def _names_left(folder: Path) -> list[str]:
    """Files or folders a run left that are neither the inputs nor a whole result."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".~keizer-xl.")
                  and not p.name.endswith(".lock"))


@pytest.mark.slow
@pytest.mark.parametrize("command", ["import", "export", "new-season"])
def test_kill_9_leaves_the_target_untouched_or_whole_and_no_draft_with_names(tmp_path, command):
    """Killed at ten moments from 0.3 s to 3 s: the target is absent, as it was, or a whole
    workbook/report; the temp folder holds no keizer-xl-import-* draft; the next run removes
    what the killed one left beside the target and succeeds."""
    from keizer_xl.clients.xlsx import open_book

    src = tmp_path / "in.trf"
    src.write_text(hc.long_season(30, 40))
    old = hc.season_book(tmp_path / "old.xlsx")
    old_digest, src_digest = hc.digest(old), hc.digest(src)
    temp = tmp_path / "systemp"  # the runs' own temp folder: what is left there is theirs
    temp.mkdir()
    for delay in [0.3 + 0.3 * k for k in range(10)]:
        target = tmp_path / ("new.xlsx" if command != "export" else "out.trf")
        if command == "import":
            argv = ["import", str(src), str(target), "--force"]
        elif command == "export":
            argv = ["export", str(old), "--trf", str(target)]
        else:
            argv = ["new-season", str(old), str(target), "--force"]
        before = target.read_bytes() if target.exists() else None
        _kill_during(argv, tmp_path, delay, temp)
        if target.exists() and target.read_bytes() != before:
            if command == "export":
                assert target.read_text().rstrip().splitlines()[-1].startswith("001")
            else:
                open_book(target)  # a whole workbook
        assert os.listdir(temp) == [], os.listdir(temp)
    # the next run cleans up after the killed ones
    env = {**os.environ, "PYTHONPATH": str(hc.ROOT)}
    done = subprocess.run([sys.executable, "-m", "keizer_xl", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _names_left(tmp_path) == [] and os.listdir(temp) == []
    assert hc.digest(old) == old_digest and hc.digest(src) == src_digest  # inputs never written


@pytest.mark.slow
def test_two_imports_at_once_write_one_whole_workbook(tmp_path):
    src = tmp_path / "in.trf"
    src.write_text(hc.long_season(20, 20))
    target = tmp_path / "club.xlsx"
    env = {**os.environ, "PYTHONPATH": str(hc.ROOT), "KEIZER_XL_LOCK_TIMEOUT": "60"}
    runs = [subprocess.Popen([sys.executable, "-m", "keizer_xl", "import", str(src), str(target),
                              "--force"], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]
    codes = [r.wait(180) for r in runs]
    assert codes == [0, 0], [r.stderr.read() for r in runs if r.stderr]
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.sheets.read import read_season

    season = read_season(open_book(target))
    assert season.last_round_with_results() == 20 and len(season.games) == 20 * 10
    assert _names_left(tmp_path) == []
