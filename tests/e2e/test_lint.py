"""The linter runs over the whole repository and finds nothing (issue 27, item 2).

ruff is configured in ``pyproject.toml`` (``[tool.ruff]``: the rule families and, each with its
reason, the few rules left out).  The code is not reformatted: only ``ruff check`` runs.  ruff is
in the ``dev`` extra, so under CI a missing ruff fails this test (tests/conftest.py turns the
"could not import" skip into a failure) instead of skipping it.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("ruff")
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_ruff_finds_nothing_in_the_repository() -> None:
    out = _ruff("check", "--no-cache", "--output-format", "concise", ".")
    assert out.returncode == 0, f"ruff check found:\n{out.stdout}{out.stderr}"


def test_the_configuration_catches_what_it_is_there_for(tmp_path: Path) -> None:
    """The project's configuration, on a file with an unused import, an eval, a shell command,
    a mutable default and a bare ``pass`` in ``except Exception``: each is reported by its code
    (so the test above fails on them)."""
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n"
                   "import subprocess\n\n\n"
                   "def f(x, seen=[]):\n"
                   "    subprocess.run(x, shell=True)\n"
                   "    try:\n"
                   "        return eval(x)\n"
                   "    except Exception:\n"
                   "        pass\n", encoding="utf-8")
    out = _ruff("check", "--no-cache", "--output-format", "concise",
                "--config", str(ROOT / "pyproject.toml"), str(bad))
    assert out.returncode == 1
    for code in ("F401", "S602", "B006", "S307", "S110"):
        assert f" {code} " in out.stdout, (code, out.stdout)
