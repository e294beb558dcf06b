"""The engine's output stays byte-identical (issue 27): every standing of every round of 170
seasons x presets x settings, dumped as text (tests/golden/engine_dump.py), has the sha256
recorded on the engine before it was rebuilt as strategies (tests/golden/engine_hashes.json)."""
import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))

import engine_dump

RECORDED = json.loads((GOLDEN / "engine_hashes.json").read_text(encoding="utf-8"))
CASES = dict(engine_dump.cases())


def test_every_recorded_case_is_still_built():
    assert set(CASES) == set(RECORDED) and len(RECORDED) >= 150


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_history_is_byte_identical_to_the_recorded_engine(name):
    from keizer_xl.core.engine import compute_history
    text = engine_dump.dump(compute_history(CASES[name]()))
    assert engine_dump.digest(text) == RECORDED[name], (
        f"{name}: the history differs from the recorded one; "
        f"python tests/golden/engine_dump.py --dump DIR and diff with the old engine's dump")


def test_the_dump_sees_a_changed_score():
    # the comparison can fail: one point more for one player changes the digest
    from keizer_xl.core.engine import compute_history
    hist = compute_history(CASES["syn24x10/preset=keizer"]())
    text = engine_dump.dump(hist)
    name = hist.last.order[0]
    score = hist.last.score[name]
    assert f"{name} score {score.numerator}/{score.denominator}" in text
    changed = text.replace(f"{name} score {score.numerator}/{score.denominator}",
                           f"{name} score {score.numerator + 1}/{score.denominator}")
    assert engine_dump.digest(changed) != RECORDED["syn24x10/preset=keizer"]
