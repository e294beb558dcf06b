"""The workbook lock (clients/file_locks.workbook_lock, taken with the filelock library):
re-entrant within a process, exclusive between processes, and the same lock as any other
process that takes the same file with filelock."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from keizer_xl.clients import file_locks
from keizer_xl.clients.files import WorkbookFileError
from support.timing import within

HOLD = """
import sys, time
from keizer_xl.clients import file_locks
with file_locks.workbook_lock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _holder(book: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(book), str(seconds)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_reentrant_in_a_process_and_exclusive_between_processes(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    with file_locks.workbook_lock(book), file_locks.workbook_lock(book):  # the command line holds it twice
        pass
    proc = _holder(book, 5)
    try:
        with within(3), pytest.raises(WorkbookFileError, match="busy"), \
                file_locks.workbook_lock(book, timeout=0.3):
            pass
    finally:
        proc.kill()
        proc.wait()
    with file_locks.workbook_lock(book, timeout=2):  # let go when the holder ended
        pass


def test_waits_for_a_short_holder_then_takes_it(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    proc = _holder(book, 0.5)
    try:
        with file_locks.workbook_lock(book, timeout=10):
            assert proc.wait(timeout=10) == 0  # the holder had let go
    finally:
        proc.kill()
        proc.wait()


def test_an_older_version_locking_with_filelock_and_this_one_exclude_each_other(tmp_path: Path) -> None:
    import filelock  # a dependency (pyproject.toml)

    book = tmp_path / "club.xlsx"
    book.write_bytes(b"x")
    old = filelock.FileLock(str(file_locks.lock_path(book.resolve())), thread_local=False)
    with old.acquire(timeout=1), pytest.raises(WorkbookFileError, match="busy"), \
            file_locks.workbook_lock(book, timeout=0.3):
        pass
    with file_locks.workbook_lock(book), pytest.raises(filelock.Timeout):
        old.acquire(timeout=0.3)
