"""How hard the randomized tests try (issue 38 item 5).

``KEIZER_XL_TESTS=full`` (the default of ``python -m pytest``, and in CI): every hypothesis
property with its own example count, every fuzz trial, every random season.  ``quick``: a
tenth of each (hypothesis' ``quick`` profile, ``examples(n)``), for the inner loop;
``python -m pytest -m "not e2e"`` chooses it unless KEIZER_XL_TESTS says otherwise
(tests/conftest.py)."""
from __future__ import annotations

import os

ENV = "KEIZER_XL_TESTS"


def quick() -> bool:
    return os.environ.get(ENV) == "quick"


def examples(n: int) -> int:
    """``n`` examples (trials, cases) in a full run, a tenth of them (at least 2) when quick."""
    return max(2, n // 10) if quick() else n
