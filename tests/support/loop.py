"""How hard the randomized tests try (issue 38 item 5).

``KEIZER_XL_TESTS=full`` (the default of ``python -m pytest``, and in CI): every hypothesis
property with its own example count, every fuzz trial, every case of a corpus, the tests
marked ``slow``.  ``quick``, for the inner loop: a tenth of each (hypothesis' ``quick``
profile, ``examples(n)``, ``sample(cases)``), the ``slow`` tests left to the full run;
``python -m pytest -m "not e2e"`` chooses it unless KEIZER_XL_TESTS says otherwise
(tests/conftest.py)."""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

ENV = "KEIZER_XL_TESTS"


def quick() -> bool:
    return os.environ.get(ENV) == "quick"


def sample(cases: Sequence[T]) -> list[T]:
    """Every case in a full run, every tenth (the first included) when quick."""
    return list(cases[::10] if quick() else cases)


def examples(n: int) -> int:
    """``n`` examples (trials, cases) in a full run, a tenth of them (at least 2) when quick."""
    return max(2, n // 10) if quick() else n
