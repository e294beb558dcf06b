"""End-to-end tests: every test here starts a process (the command line as a subprocess,
LibreOffice, Chromium, a wheel build, mypy or ruff, kill -9, a forked server) and is marked
``e2e``; the unit folders start none (tests/conftest.py fails a test there that does).
``python -m pytest -m "not e2e"`` is the inner loop (docs/development.md)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from keizer_xl.clients import lo_run

_HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="module")
def office():  # type: ignore[no-untyped-def]
    """One headless soffice for the module; `keizer-xl lo-run` reuses it through the env var."""
    from support.office import MISSING

    if MISSING:
        pytest.skip(f"LibreOffice tests: {MISSING}")
    with lo_run.Office() as running:
        old = os.environ.get(lo_run.CONNECT_ENV)
        os.environ[lo_run.CONNECT_ENV] = running.pipe
        try:
            yield running
        finally:
            if old is None:
                os.environ.pop(lo_run.CONNECT_ENV, None)
            else:
                os.environ[lo_run.CONNECT_ENV] = old
