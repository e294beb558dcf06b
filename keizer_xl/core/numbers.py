"""Numbers for people: exact values rounded only at the very end (rules section 3)."""
from __future__ import annotations

from fractions import Fraction


def display(x: Fraction | int | None, places: int = 2) -> float | int | None:
    """Round half up (away from zero) for display only (rules section 3: round at the very end).

    Integer arithmetic on numerator and denominator: a season has thousands of cells."""
    if x is None:
        return None
    if isinstance(x, int):
        return x
    scale = int(10 ** places)
    n, den = x.numerator * scale, x.denominator
    q = (2 * abs(n) + den) // (2 * den)
    if n < 0:
        q = -q
    return q // scale if q % scale == 0 else q / scale
