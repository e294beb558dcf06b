"""Workbooks the tests build the same way again and again, built once per test process and
copied after (the inner loop's time, issue 38 item 5): a copy has the bytes the same steps
wrote, so a test that reads or changes it sees what it would have built itself."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path

_BUILT: dict[Hashable, bytes] = {}


def once(key: Hashable, path: Path, build: Callable[[], Path]) -> Path:
    """``path``, written by ``build()`` the first time ``key`` is asked for in this process,
    a copy of that workbook after."""
    if key in _BUILT:
        path.write_bytes(_BUILT[key])
        return path
    built = build()
    _BUILT[key] = built.read_bytes()
    return built
