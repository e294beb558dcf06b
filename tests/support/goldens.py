"""Golden files: compared, or written anew under one switch (issue 38 item 4).

``KEIZER_XL_REGEN_GOLDENS=1 python -m pytest tests/sheets/test_layout_golden.py ...`` writes
what today's code gives over the golden files it touches (then review ``git diff tests/golden``
and commit what was meant); without it a golden file must exist and match."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SWITCH = "KEIZER_XL_REGEN_GOLDENS"


def regenerating() -> bool:
    return os.environ.get(SWITCH) == "1"


def check(path: Path, got: Any) -> None:
    """``got`` (JSON data) equals the golden file at ``path``; written there when regenerating."""
    got = json.loads(json.dumps(got))  # the JSON types the file holds (tuples as lists)
    if regenerating():
        path.write_text(json.dumps(got, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    assert path.exists(), f"{path} is missing: make it with {SWITCH}=1"
    assert got == json.loads(path.read_text(encoding="utf-8")), \
        f"differs from {path.name} (intended? {SWITCH}=1 writes it anew: see git diff)"
