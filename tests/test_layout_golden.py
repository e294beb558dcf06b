"""The file client writes the engine sheets of the sample season as before the one-layout
refactor: the golden files in tests/golden/sheets/ were recorded with the code of commit b1fcf7a
by tests/golden/make_sheet_goldens.py; here today's code is described the same way.

Differences are allowed only where a drift between the clients was fixed; each is named in
``FIXED_DRIFTS`` and applied to the golden description before comparing, so everything else
must match exactly (values, types, number formats, fonts, fills, widths, panes, print setup).
"""
from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "sheets"

_spec = importlib.util.spec_from_file_location("make_sheet_goldens",
                                               ROOT / "tests" / "golden" / "make_sheet_goldens.py")
assert _spec and _spec.loader
goldens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goldens)


def _fixed_drifts(old: dict[str, Any]) -> dict[str, Any]:
    """The golden description with the drifts this refactor fixed applied (see docs/notes-A.md).

    1. One named font everywhere: the file writer wrote header and heading cells with a bold
       font without a name (openpyxl's ``Font(bold=True)``, name None), which Excel shows in
       its own default and LibreOffice in its own; every written cell now names the sheet font.
    """
    new = copy.deepcopy(old)
    for sheet in new.values():
        for cell in sheet["cells"].values():
            if cell.get("bold") and "font" not in cell:
                cell["font"] = "Calibri"
    return new


@pytest.fixture(scope="module")
def described(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return goldens.record(ROOT, tmp_path_factory.mktemp("goldens"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", [run[0] for run in goldens.RUNS])
def test_file_client_writes_the_sheets_as_before(described: dict[str, Any], name: str) -> None:
    expected = _fixed_drifts(json.loads((GOLDEN / f"{name}.json").read_text()))
    got = json.loads(json.dumps(described[name], sort_keys=True))  # same JSON types as the file
    assert set(got) == set(expected)
    for sheet in expected:
        e, g = expected[sheet], got[sheet]
        assert {k: v for k, v in g.items() if k != "cells"} == \
            {k: v for k, v in e.items() if k != "cells"}, sheet
        missing = sorted(set(e["cells"]) - set(g["cells"]))[:5]
        extra = sorted(set(g["cells"]) - set(e["cells"]))[:5]
        assert not missing and not extra, (sheet, missing, extra)
        changed = [(k, e["cells"][k], g["cells"][k]) for k in e["cells"]
                   if e["cells"][k] != g["cells"][k]]
        assert not changed, (sheet, len(changed), changed[:5])


def test_golden_files_hold_every_engine_sheet() -> None:
    """A guard that the goldens can fail: they describe real sheets with podium fills, formats
    and print setup (an empty description would compare equal to anything empty)."""
    standings = json.loads((GOLDEN / "standings.json").read_text())["Standings"]
    assert standings["cells"]["B1"]["v"] == "Name" and standings["cells"]["A2"]["fill"]
    assert standings["print"]["orientation"] == "landscape" and standings["freeze"] == "A2"
    batch = json.loads((GOLDEN / "batch.json").read_text())
    assert set(batch) == {"Standings", "History", "Crosstable", "Explain", "Audit", "Compare"}
    assert all(len(s["cells"]) > 20 for s in batch.values())
