"""The file client writes the engine sheets of the sample season as recorded: every sheet of
``standings``, ``pair --force``, ``pair --repair`` and ``batch --compare`` described by
support/sheet_goldens.py (values, types, number formats, fonts, fills, widths, panes, print
setup) equals its golden file in tests/golden/sheets/, with no exceptions.  An intended change
of layout is recorded with ``KEIZER_XL_REGEN_GOLDENS=1`` (docs/development.md) and reviewed in
the diff of the golden files."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from support import goldens, sheet_goldens

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "sheets"
TODAY = "2026-03-01"  # KEIZER_XL_TODAY for the run: the date in the title lines


@pytest.fixture(scope="module")
def described(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KEIZER_XL_TODAY", TODAY)
        return sheet_goldens.record(tmp_path_factory.mktemp("goldens"))


@pytest.mark.parametrize("name", [run[0] for run in sheet_goldens.RUNS])
def test_file_client_writes_the_sheets_as_recorded(described: dict[str, Any], name: str) -> None:
    goldens.check(GOLDEN / f"{name}.json", described[name])


def test_golden_files_hold_every_engine_sheet() -> None:
    """A guard that the goldens can fail: they describe real sheets with podium fills, formats
    and print setup (an empty description would compare equal to anything empty)."""
    standings = json.loads((GOLDEN / "standings.json").read_text())["Standings"]
    assert standings["cells"]["B3"]["v"] == "Name" and standings["cells"]["A4"]["fill"]
    assert standings["print"]["orientation"] == "landscape" and standings["freeze"] == "A4"
    batch = json.loads((GOLDEN / "batch.json").read_text())
    assert set(batch) == {"Standings", "History", "Crosstable", "Explain", "Audit", "Compare"}
    assert all(len(s["cells"]) > 20 for s in batch.values())
