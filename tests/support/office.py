"""Real LibreOffice for the end-to-end tests: why it cannot run here, and the mark that skips a
test saying so (the ``office`` fixture, one headless soffice per module, is in
tests/e2e/conftest.py)."""
from __future__ import annotations

import pytest

from support.helpers import lo_missing

MISSING = lo_missing()
needs_lo = pytest.mark.skipif(MISSING is not None, reason=f"LibreOffice tests: {MISSING}")
