"""mypy --strict (the [tool.mypy] configuration in pyproject.toml) passes on the whole package.

``python -m mypy`` with that configuration checks ``files = keizer_xl``: every module, zero
errors (issue 8).  A second test shows the same configuration rejects an unannotated function,
so a green run means something.
"""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("mypy", reason="mypy is in the dev extra")


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                           str(ROOT / "pyproject.toml"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_configuration_is_strict_on_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["files"] == ["keizer_xl"]


def test_the_package_passes_mypy_strict():
    done = _mypy()  # the configuration's files = keizer_xl: every module of the package
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found in" in done.stdout
    checked = int(done.stdout.split("Success: no issues found in ")[1].split()[0])
    modules = list((ROOT / "keizer_xl").rglob("*.py"))
    assert checked == len(modules), (checked, len(modules))


def test_the_check_can_fail(tmp_path):
    """The same configuration rejects an unannotated function, so a green run means something."""
    loose = tmp_path / "loose.py"
    loose.write_text("def double(x):\n    return x * 2\n", encoding="utf-8")
    done = _mypy("--follow-imports=silent", str(loose))
    assert done.returncode == 1
    assert "[no-untyped-def]" in done.stdout


def test_the_tables_rows_are_checked(tmp_path):
    """The command and renderer tables hold their functions and types (issue 38): a misspelt
    function, or a renderer given another report's type, fails mypy, not only a run."""
    rows = tmp_path / "rows.py"
    rows.write_text("from keizer_xl.app import pair\n"
                    "from keizer_xl.frontends import cli_season, render_season\n"
                    "from keizer_xl.frontends.commands import Command\n"
                    "from keizer_xl.frontends.render import Renderer\n"
                    "row = Renderer(lambda: pair.PairingReport, render_season.standings)\n"
                    "command = Command('check', '', (), lambda: cli_season.cmd_chek)\n",
                    encoding="utf-8")
    done = _mypy("--follow-imports=silent", str(rows))
    assert done.returncode == 1
    assert 'rows.py:5: error: Cannot infer value of type parameter "R"' in done.stdout, done.stdout
    assert 'rows.py:6: error: Module has no attribute "cmd_chek"' in done.stdout, done.stdout
