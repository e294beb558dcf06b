"""Golden standings cases: small text files under tests/golden/standings/.

Format: ``settings: key=value; ...``, ``players: A | B | ...`` (start order), ``round N: White -
Black result | ... | bye X | absent X E``, ``after N: Name score | ...`` (expected order and exact
scores, fractions allowed), ``converged N: yes|no``.
"""
from pathlib import Path

import pytest

from keizer_xl.core.engine import compute_history
from support.golden_standings import load

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden" / "standings").glob("*.txt"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path):
    season, expect, converged = load(path)
    hist = compute_history(season)
    for rnd, rows in expect.items():
        st = hist.after(rnd)
        assert [(n, st.score[n]) for n in st.order] == rows, f"after round {rnd}"
    for rnd, flag in converged.items():
        assert hist.after(rnd).converged is flag
