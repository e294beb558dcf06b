"""mypy --strict (the [tool.mypy] configuration in pyproject.toml) passes on the package.

Not every module is clean yet (issue 8), so for now mypy checks the modules listed in ``CLEAN``;
``--follow-imports=silent`` analyses what they import without reporting on it.  When the rest is
clean the list goes and mypy runs on the whole package (``files = keizer_xl``).
"""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is in the dev extra")

#: every module of the package that mypy --strict passes (checked one by one)
CLEAN = (
    "keizer_xl/__init__.py",
    "keizer_xl/analysis/__init__.py",
    "keizer_xl/analysis/audit.py",
    "keizer_xl/analysis/compare.py",
    "keizer_xl/analysis/explain.py",
    "keizer_xl/analysis/history.py",
    "keizer_xl/analysis/simulate.py",
    "keizer_xl/clients/__init__.py",
    "keizer_xl/clients/_lo_driver.py",
    "keizer_xl/clients/excel.py",
    "keizer_xl/clients/excel_setup.py",
    "keizer_xl/clients/excel_view.py",
    "keizer_xl/clients/files.py",
    "keizer_xl/clients/lo_run.py",
    "keizer_xl/clients/ods.py",
    "keizer_xl/core/__init__.py",
    "keizer_xl/core/colours.py",
    "keizer_xl/core/matching.py",
    "keizer_xl/core/model.py",
    "keizer_xl/core/numbers.py",
    "keizer_xl/core/pairing.py",
    "keizer_xl/core/pairing_round.py",
    "keizer_xl/core/rules.py",
    "keizer_xl/core/scoring.py",
    "keizer_xl/core/standings.py",
    "keizer_xl/core/values.py",
    "keizer_xl/errors.py",
    "keizer_xl/excel.py",
    "keizer_xl/frontends/__init__.py",
    "keizer_xl/frontends/excel_buttons.py",
    "keizer_xl/frontends/export.py",
    "keizer_xl/frontends/lite.py",
    "keizer_xl/frontends/lo_macro.py",
    "keizer_xl/frontends/outcome.py",
    "keizer_xl/frontends/render.py",
    "keizer_xl/frontends/xlsm_build.py",
    "keizer_xl/lite.py",
    "keizer_xl/lo_macro.py",
    "keizer_xl/macros/keizer_xl_lo.py",
    "keizer_xl/sheets/__init__.py",
    "keizer_xl/sheets/cells.py",
    "keizer_xl/sheets/frames.py",
    "keizer_xl/sheets/layout.py",
    "keizer_xl/sheets/region.py",
    "keizer_xl/sheets/report_sheets.py",
    "keizer_xl/sheets/tables.py",
)


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                           str(ROOT / "pyproject.toml"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_configuration_is_strict_on_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["files"] == ["keizer_xl"]


def test_clean_lists_modules_of_the_package():
    assert len(set(CLEAN)) == len(CLEAN)
    for module in CLEAN:
        assert module.startswith("keizer_xl/") and (ROOT / module).is_file(), module


def test_clean_modules_pass_mypy_strict():
    done = _mypy("--follow-imports=silent", *CLEAN)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Success: no issues found in {len(CLEAN)} source files" in done.stdout


def test_the_check_can_fail(tmp_path):
    """The same configuration rejects an unannotated function, so a green run means something."""
    loose = tmp_path / "loose.py"
    loose.write_text("def double(x):\n    return x * 2\n", encoding="utf-8")
    done = _mypy("--follow-imports=silent", str(loose))
    assert done.returncode == 1
    assert "[no-untyped-def]" in done.stdout
