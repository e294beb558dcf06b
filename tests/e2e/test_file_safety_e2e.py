"""The workbook's safety against other processes (issue 8): a file size limit, SIGTERM and
Ctrl-C during pair, two runs racing for one workbook, a busy workbook, and kill -9 at random
moments; each run a fork of one server (support/forkrunner.py), so that many runs stay quick."""
from __future__ import annotations

import contextlib
import os
import random
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients import backup_files, file_locks

from support.forkrunner import ForkRunner
from support.helpers import digest, keizer_example_sheets, make_workbook, stray
from support.timing import within

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"


@pytest.fixture
def book(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    return make_workbook(folder / "club.xlsx", keizer_example_sheets())


@pytest.fixture
def runner(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    with ForkRunner(logs) as r:
        yield r


def paired_rounds(path: Path) -> list[int]:
    ws = openpyxl.load_workbook(path, read_only=True)["Results"]
    return sorted({r[0] for r in ws.iter_rows(min_row=2, values_only=True) if r[0] is not None})


def test_a_file_size_limit_in_a_real_process(book, tmp_path):
    """The kernel refuses the write (RLIMIT_FSIZE: EFBIG, as a full disk gives ENOSPC)."""
    before = digest(book)
    limit = book.stat().st_size // 2

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", "pair", str(book)],
                          capture_output=True, text=True, preexec_fn=small_files, env=env,
                          timeout=120)
    assert done.returncode == 1, done.stderr
    assert "no room" in done.stderr or "disk is full" in done.stderr
    assert "Traceback" not in done.stderr
    assert digest(book) == before and stray(book.parent) == []


@contextlib.contextmanager
def _busy(processes: int) -> Iterator[None]:
    """``processes`` CPU burners beside the test: the load under which a signal landed in a
    finalizer and printed a traceback (issue 34)."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
               for _ in range(processes)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


@pytest.mark.parametrize("load", [0, 2])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_or_ctrl_c_during_pair_leaves_no_temporary_file(tmp_path, runner, sig, load):
    folder = tmp_path / "w"
    folder.mkdir()
    path = folder / "club.xlsx"
    original = SAMPLE.read_bytes()
    path.write_bytes(original)
    with _busy(load):
        _signals_during_pair(runner, folder, path, original, sig)


def _signals_during_pair(runner, folder: Path, path: Path, original: bytes, sig: int) -> None:
    full = _median_run(runner, path, original, "pair", path, "--force")
    rng = random.Random(11)
    outcomes = set()
    for _trial in range(15):
        path.write_bytes(original)
        pid, log = runner.start("pair", path, "--force")
        time.sleep(rng.uniform(0.3, 1.0) * full)
        os.kill(pid, sig)
        code = runner.wait(pid)
        text = log.read_text()
        outcomes.add(code)
        # 130: interrupted before the command started; -sig: the signal came after main()
        # had finished (and put the default handler back), before the process exited
        assert code in (0, 1, 130, -sig), text
        assert "Traceback" not in text
        assert stray(folder) == []
        data = path.read_bytes()
        if code == 1:  # says truthfully whether the write had happened
            assert "interrupted" in text
            if "after writing" in text:
                assert data != original and paired_rounds(path)[-1] == 24
            else:
                assert "nothing was written" in text and data == original
        elif code == -sig:  # killed only after the command had ended: its write is complete
            assert "Traceback" not in text and paired_rounds(path)[-1] == 24
        else:
            assert data == original or paired_rounds(path)[-1] == 24  # the old or the new
    assert 1 in outcomes  # some signal really arrived during the run


def _median_run(runner, path: Path, original: bytes, *argv) -> float:
    """The median time of three complete runs (the first one of a fork server is slower)."""
    durations = []
    for _ in range(4):
        path.write_bytes(original)
        t0 = time.perf_counter()
        code, text = runner.run(*argv)
        assert code == 0, text
        durations.append(time.perf_counter() - t0)
    return sorted(durations[1:])[1]


@pytest.mark.parametrize("timeout", [None, "0"])
def test_two_pairs_at_once_never_lose_an_update(book, runner, timeout):
    """Before issue 11, 6 of 15 such races lost an update. With the default timeout the second
    run waits and pairs the next round; with no waiting (timeout 0) it says busy."""
    env = {"KEIZER_XL_LOCK_TIMEOUT": timeout} if timeout else None
    original = book.read_bytes()
    busy = sequential = 0
    for _trial in range(15):
        book.write_bytes(original)
        a = runner.start("pair", book, "--force", env=env)
        b = runner.start("pair", book, "--force", env=env)
        codes = [runner.wait(a[0]), runner.wait(b[0])]
        logs = [a[1].read_text(), b[1].read_text()]
        ok = codes.count(0)
        for code, text in zip(codes, logs, strict=True):
            assert code in (0, 1), text
            if code == 1:
                assert "is busy" in text and "nothing was written" in text
        # each successful run paired one more round: none was overwritten by the other
        assert paired_rounds(book) == [1, 2, 3, 4][:2 + ok]
        busy += ok == 1
        sequential += ok == 2
    if timeout is None:
        assert sequential >= 1  # the second waited for the first and then paired round 4
    else:
        assert busy >= 1        # the second found the workbook locked and stopped


def test_pair_and_standings_at_once_keep_both(book, runner):
    original = book.read_bytes()
    for _trial in range(8):
        book.write_bytes(original)
        a = runner.start("pair", book, "--force")
        b = runner.start("standings", book)
        codes = [runner.wait(a[0]), runner.wait(b[0])]
        assert codes == [0, 0], (a[1].read_text(), b[1].read_text())
        names = openpyxl.load_workbook(book, read_only=True).sheetnames
        assert "Pairings" in names and "Standings" in names
        assert paired_rounds(book) == [1, 2, 3]


def test_a_busy_workbook_is_refused_after_the_timeout(book, runner):
    before = digest(book)
    with file_locks.workbook_lock(book):  # another run (here: this test) holds the workbook
        t0 = time.perf_counter()
        with within(10):
            code, text = runner.run("pair", book, env={"KEIZER_XL_LOCK_TIMEOUT": "0.5"})
        waited = time.perf_counter() - t0
    assert code == 1 and "club.xlsx is busy" in text and "nothing was written" in text
    assert waited > 0.4  # it waited for the lock
    assert digest(book) == before
    assert runner.run("pair", book)[0] == 0      # free again


def test_a_libreoffice_button_run_waits_for_the_same_lock(book, runner):
    """`lo-run` (what a LibreOffice button does from the command line) takes the same lock: with
    a command holding the workbook it says busy before starting LibreOffice at all."""
    with file_locks.workbook_lock(book), within(10):
        code, text = runner.run("lo-run", book, "standings",
                                env={"KEIZER_XL_LOCK_TIMEOUT": "0.3"})
    assert code == 1 and "club.xlsx is busy" in text, text


def _values(path: Path, sheet: str) -> list[tuple]:
    return list(openpyxl.load_workbook(path, read_only=True)[sheet].iter_rows(values_only=True))


def _opens_complete(path: Path, sheets: set[str]) -> bool:
    wb = openpyxl.load_workbook(path)
    return sheets <= set(wb.sheetnames)


@pytest.mark.slow
@pytest.mark.parametrize("command", ["standings", "pair"])
def test_kill_9_at_random_moments_leaves_old_or_new_and_no_stray_file(tmp_path, runner, command):
    """50 runs killed with SIGKILL at random moments of the run (most during the write):
    afterwards the workbook is the original or the complete new version, and the temporary file
    a killed write leaves is removed by the next run."""
    folder = tmp_path / "w"
    folder.mkdir()
    path = folder / "club.xlsx"
    original = SAMPLE.read_bytes()
    argv = (command, path) + (("--force",) if command == "pair" else ())
    expected = {"Results", "Players", "Standings" if command == "standings" else "Pairings"}
    full = _median_run(runner, path, original, *argv)
    written = "Standings" if command == "standings" else "Results"
    new_values = _values(path, written)
    rng = random.Random(9 if command == "pair" else 10)
    killed = left_temp = replaced = trials = 0
    while killed < 50:  # 50 runs really killed (a run that finished first does not count)
        trials += 1
        assert trials <= 150
        path.write_bytes(original)
        # every other run writes slowly (tests/support/forkrunner.py): since issue 25 the save is a few
        # per cent of a run (the package is spliced, not rewritten by openpyxl), too short for
        # random kills to land in it often
        slow = trials % 2 == 0
        pid, _ = runner.start(*argv, env={"KEIZER_XL_TEST_SLOW_WRITE": "0.5"} if slow else None)
        time.sleep(rng.uniform(0.1, 1.0) * (full + (0.5 if slow else 0)))
        os.kill(pid, signal.SIGKILL)
        status = runner.wait(pid)
        if status != -signal.SIGKILL:
            assert status == 0
            continue
        killed += 1
        if path.read_bytes() != original:  # then it is the complete new version
            replaced += 1
            assert _opens_complete(path, expected)
            assert _values(path, written) == new_values
        # a killed write may leave its temporary file, recognisable by its name; the next run
        # removes it (checked below after the last trial)
        leftover = stray(folder)
        assert all(n.startswith(".~keizer-xl.club.xlsx.") for n in leftover), leftover
        assert len(leftover) <= 2
        left_temp += bool(leftover)
    # the kills landed during the write (a temporary file was left) and elsewhere; the moment
    # after os.replace is short, so a kill there is possible but not required
    # (a slow run's write is about half of it: some 12 of its 25 kills land there, so 8 leaves
    # room for a loaded machine's timing without letting a test that never hits the write pass)
    assert left_temp >= 8 and killed - left_temp >= 1, (left_temp, replaced)
    path.write_bytes(original)
    assert runner.run(*argv)[0] == 0           # the next complete run cleans up
    assert stray(folder) == []
    assert len(backup_files.backups(path)) <= 5
    assert all(_opens_complete(b, {"Results"}) for b in backup_files.backups(path))
    print(f"{command}: {killed} killed in {trials} runs; {left_temp} left a temporary file, "
          f"{replaced} after the new version was in place; a run takes {full:.2f} s")
