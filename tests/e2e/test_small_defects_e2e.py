"""Small defects that only a whole process shows (issue 14): excel-config on an .xlsm, a FIFO
given as the workbook, Ctrl-C while the command line starts, an interrupt inside a finalizer."""
from __future__ import annotations

import subprocess
import sys

import pytest

from keizer_xl.frontends.cli import main

from support.helpers import keizer_example_sheets, make_workbook


def test_excel_config_on_an_xlsm_ends_without_a_traceback(tmp_path):
    import subprocess
    import sys

    book = tmp_path / "club.xlsm"
    assert main(["new", str(book)]) == 0
    run = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", "excel-config",
                          str(book), "--for", "win", "--python", r"C:\Python311\python.exe"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Wrote the sheet xlwings.conf" in run.stderr
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr, run.stderr
    import openpyxl

    ws = openpyxl.load_workbook(book)["xlwings.conf"]
    assert ("Interpreter_Win", r"C:\Python311\python.exe") in set(ws.iter_rows(values_only=True))


def test_a_workbook_path_that_is_a_fifo_is_refused_at_once(tmp_path):
    # before: opening the pipe waited for a writer forever; each run in its own process with a
    # time limit, so a regression fails rather than hangs the test run
    import os
    import subprocess
    import sys

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "club.xlsx"
    os.mkfifo(fifo)
    for command in (("check",), ("standings",), ("pair", "--force")):
        run = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", command[0],
                              str(fifo), *command[1:]], capture_output=True, text=True,
                             timeout=60)
        assert run.returncode in (1, 2) and "not a regular file" in run.stderr, (command, run)
        assert "Traceback" not in run.stderr
    # the file client refuses it too (batch, the public open_book)
    run = subprocess.run([sys.executable, "-c", ("import sys\n"
                          "from keizer_xl.clients.xlsx import open_book\n"
                          "try:\n    open_book(sys.argv[1])\n"
                          "except Exception as e:\n    print(e)\n"), str(fifo)],
                         capture_output=True, text=True, timeout=60)
    assert "not a regular file" in run.stdout, run


def test_ctrl_c_while_the_command_line_starts_is_no_traceback(tmp_path):
    # the interrupt arrives after the import, before the command runs (start-up took long on
    # a busy computer): answered like any interrupt, exit 1, nothing written
    import hashlib
    import subprocess
    import sys

    book = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    before = hashlib.sha256(book.read_bytes()).hexdigest()
    script = ("import os, signal, sys\n"
              "sys.argv[0] = 'keizer-xl'\n"
              "from keizer_xl.frontends import cli\n"
              "os.kill(os.getpid(), signal.SIGINT)\n"
              "sys.exit(cli.main(sys.argv[1:]))\n")
    run = subprocess.run([sys.executable, "-c", script, "pair", str(book), "--force"],
                         capture_output=True, text=True, timeout=120)
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr
    assert run.returncode == 1 and "interrupted; nothing was written" in run.stderr
    assert hashlib.sha256(book.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("signals", [("SIGINT",), ("SIGTERM",), ("SIGTERM", "SIGINT", "SIGINT")])
def test_an_interrupt_inside_a_finalizer_is_raised_again_not_printed(signals):
    """Ctrl+C or SIGTERM landing in a finalizer (an import lock's weakref callback, a ZipFile
    collected) was printed as 'Exception ignored in ...' with a traceback and lost (seen in the
    signal test of tests/clients/test_file_safety.py, under load: issue 34): the hook delivered it
    again from inside itself, where it was raised at once.  Now it reaches the command's code,
    also when more signals come while the first is being delivered again."""
    script = ("import os, signal, sys\n"
              "from keizer_xl.frontends.interrupts import handling\n"
              "class Collected:\n"
              "    def __del__(self):\n"
              f"        for name in {signals!r}:\n"
              "            os.kill(os.getpid(), getattr(signal, name))\n"
              "            sum(range(10))\n"
              "try:\n"
              "    with handling():\n"
              "        Collected()\n"
              "        total = 0\n"
              "        for i in range(10 ** 8):\n"
              "            total += i\n"
              "    print('not interrupted')\n"
              "except KeyboardInterrupt:\n"
              "    print('interrupted')\n")
    for _ in range(5):
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             timeout=120)
        assert run.stdout == "interrupted\n" and run.stderr == "", run.stderr
