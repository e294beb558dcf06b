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

from support import loop  # noqa: E402 - from the folder just put on the path

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


def _without_e2e(config: pytest.Config) -> bool:
    """The run leaves the end-to-end tests out (``-m "not e2e"``, alone or and-ed)."""
    expr = config.option.markexpr or ""
    return bool(re.search(r"\bnot\s+e2e\b", expr)) and not re.search(r"\bor\b", expr)


def pytest_configure(config: pytest.Config) -> None:
    """The inner loop (``-m "not e2e"``) tries a tenth as hard unless KEIZER_XL_TESTS says
    otherwise (support/loop.py); hypothesis follows with its ``quick`` profile."""
    from hypothesis import settings

    if loop.ENV not in os.environ and _without_e2e(config):
        os.environ[loop.ENV] = "quick"
    settings.register_profile("quick", max_examples=10)
    if loop.quick():
        settings.load_profile("quick")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without the end-to-end tests their modules are not even imported."""
    if _without_e2e(config) and collection_path == _HERE / "e2e":
        return True
    return None


def _no_process(*args: object, **kwargs: object) -> None:
    raise AssertionError("a unit test started a process: move it to tests/e2e/ (or call "
                         "keizer_xl.frontends.cli.main in-process)")


@pytest.fixture(autouse=True)
def _unit_tests_start_no_process(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside tests/e2e/ no test starts a process (issue 38 item 5): the unit folders are
    the fast loop."""
    if request.node.get_closest_marker("e2e") is None:
        import subprocess

        monkeypatch.setattr(subprocess.Popen, "_execute_child", _no_process)
        monkeypatch.setattr(os, "fork", _no_process)
        monkeypatch.setattr(os, "posix_spawn", _no_process)
        monkeypatch.setattr(os, "posix_spawnp", _no_process)


@pytest.fixture(autouse=True)
def _reader_oracle(monkeypatch):  # type: ignore[no-untyped-def]
    """KEIZER_XL_READER_ORACLE=1: every FileBook.read_table of the run is also read through
    openpyxl and compared (issue 25: the file client's own reader against openpyxl's values on
    every workbook the tests build).  Off by default: it doubles the reading time."""
    if os.environ.get("KEIZER_XL_READER_ORACLE"):
        from support.reader_oracle import install

        install(monkeypatch)
    yield
