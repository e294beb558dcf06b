import os
import re
import sys
from pathlib import Path

import pytest

# The tests sit in one folder per layer (tests/core, tests/sheets, ... issue 15), so a failure
# points to its layer; the tests that start a process in tests/e2e/.  No test file imports
# another: the shared builders are the package tests/support/ (``from support.helpers import
# ...``), importable from here.
_HERE = Path(__file__).parent
sys.path.insert(0, str(_HERE))

#: components `.ci/run` installs; a test skipped for lack of one of them hides a broken
#: install step, so under CI (CI=true) such a skip is a failure (issue 8, hygiene).
_INSTALLED_BY_CI = re.compile(r"LibreOffice|soffice|uno\b|python3-uno|xlwings|oletools|olevba|"
                              r"chromium|pdftotext|pdftoppm|msgfmt|"
                              r"keizer-xl is not installed|could not import", re.IGNORECASE)


def _under_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.skipped and _under_ci() and not hasattr(report, "wasxfail"):
        reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if _INSTALLED_BY_CI.search(reason):
            report.outcome = "failed"
            report.longrepr = (f"skipped under CI, but .ci/run installs what it needs: {reason}")


pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True)
def _reader_oracle(monkeypatch):  # type: ignore[no-untyped-def]
    """KEIZER_XL_READER_ORACLE=1: every FileBook.read_table of the run is also read through
    openpyxl and compared (issue 25: the file client's own reader against openpyxl's values on
    every workbook the tests build).  Off by default: it doubles the reading time."""
    if os.environ.get("KEIZER_XL_READER_ORACLE"):
        from support.reader_oracle import install

        install(monkeypatch)
    yield
