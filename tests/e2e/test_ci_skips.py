"""Under CI a test skipped for want of a component .ci/run installs fails (issue 8, hygiene)."""
from pathlib import Path

import pytest

CONFTEST = (Path(__file__).parents[1] / "conftest.py").read_text(encoding="utf-8")
SOURCE = """
import pytest
def test_needs_office():
    pytest.skip("LibreOffice tests: LibreOffice (soffice) is not installed")
def test_other():
    pytest.skip("only on Windows")
"""


@pytest.mark.parametrize("ci, failed", [("true", 1), ("", 0)])
def test_a_missing_component_fails_only_under_ci(pytester: pytest.Pytester,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 ci: str, failed: int) -> None:
    monkeypatch.setenv("CI", ci)
    pytester.makeconftest(CONFTEST.replace('pytest_plugins = ["pytester"]', ""))
    pytester.makepyfile(SOURCE)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=failed, skipped=2 - failed)
