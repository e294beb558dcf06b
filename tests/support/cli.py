"""The command line run in-process, as the unit tests call it (a whole process is for the
end-to-end tests in tests/e2e/)."""
from __future__ import annotations

import io
import subprocess
from contextlib import redirect_stderr, redirect_stdout

import pytest

from keizer_xl.frontends.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    """(exit code, standard output, standard error) of ``keizer-xl ARGV``."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def completed(*argv: object) -> subprocess.CompletedProcess[str]:
    """``keizer-xl ARGV`` in this process, answered as ``subprocess.run(..., text=True,
    capture_output=True)`` answers (returncode, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in argv])
    return subprocess.CompletedProcess([str(a) for a in argv], code, out.getvalue(), err.getvalue())
