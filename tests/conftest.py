import gc
import os
import re
import shutil
import sys
import tempfile
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


#: a file system in memory (Linux); the inner loop's temporary files go there when it exists
_RAM = "/dev/shm"


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """The inner loop (``-m "not e2e"``) tries a tenth as hard unless KEIZER_XL_TESTS says
    otherwise (support/loop.py); hypothesis follows with its ``quick`` profile; with
    pytest-xdist (the dev extra) it runs on two processes unless ``-n`` says otherwise."""
    from hypothesis import settings

    if loop.ENV not in os.environ and _without_e2e(config):
        os.environ[loop.ENV] = "quick"
    settings.register_profile("quick", max_examples=10)
    if loop.quick():
        settings.load_profile("quick")
    if (_without_e2e(config) and "TMPDIR" not in os.environ and os.access(_RAM, os.W_OK)
            and shutil.disk_usage(_RAM).free > 2 << 30):
        # the workbooks the tests write, and openpyxl's scratch files, in memory: on a disk
        # each save's fsync and each scratch file's removal wait for it (a TMPDIR set is kept;
        # a container's small /dev/shm, 64 MiB in Docker by default, is not used)
        os.environ["TMPDIR"] = _RAM
        tempfile.tempdir = None
    if (_without_e2e(config) and config.pluginmanager.hasplugin("xdist")
            and not hasattr(config, "workerinput") and not config.getoption("numprocesses")
            and not config.getoption("collectonly")):
        config.option.numprocesses = min(2, len(os.sched_getaffinity(0)))
        # loadgroup: the tests marked xdist_group share a process (and what they compute
        # once, support/sources.py); the others are handed out one by one, as by "load"
        config.option.dist = "loadgroup"
        config.option.tx = ["popen"] * config.option.numprocesses


def pytest_collection_finish(session: pytest.Session) -> None:
    """The inner loop: what collection built (the modules, pytest's items) lives to the end,
    so the garbage collector stops scanning it, and scans the rest less often (in the tests
    of tests/frontends: 1.8 s of collecting instead of 3.6 s)."""
    if _without_e2e(session.config):
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 20, 20)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The inner loop leaves the tests marked slow to the full run (support/loop.py)."""
    if loop.quick():
        slow = [item for item in items if item.get_closest_marker("slow") is not None]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if item.get_closest_marker("slow") is None]


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without the end-to-end tests their modules are not even imported."""
    if _without_e2e(config) and collection_path == _HERE / "e2e":
        return True
    return None


#: whether the test being run is a unit test (outside tests/e2e/): it may start no process
_UNIT = {"now": False}


def _unless_unit(real):  # type: ignore[no-untyped-def]
    def start(*args: object, **kwargs: object) -> object:
        if _UNIT["now"]:
            raise AssertionError("a unit test started a process: move it to tests/e2e/ (or call "
                                 "keizer_xl.frontends.cli.main in-process)")
        return real(*args, **kwargs)
    return start


def _python_imports_keizer_xl(python: str) -> None:
    """xlwings_conf.pythonpath_for without its probe (a process): this Python imports
    keizer_xl by itself, as it does installed (tests/e2e/ runs the real probe)."""
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):  # type: ignore[no-untyped-def]
    """Outside tests/e2e/ no test starts a process (issue 38 item 5), in its fixtures (of any
    scope) neither: the unit folders are the fast loop."""
    from keizer_xl.clients import xlwings_conf

    with pytest.MonkeyPatch.context() as mp:
        if item.get_closest_marker("e2e") is None:
            _UNIT["now"] = True
            mp.setattr(xlwings_conf, "pythonpath_for", _python_imports_keizer_xl)
        try:
            yield
        finally:
            _UNIT["now"] = False


def pytest_sessionstart(session: pytest.Session) -> None:
    import subprocess

    subprocess.Popen._execute_child = _unless_unit(subprocess.Popen._execute_child)  # type: ignore[attr-defined]
    for name in ("fork", "posix_spawn", "posix_spawnp"):
        setattr(os, name, _unless_unit(getattr(os, name)))
