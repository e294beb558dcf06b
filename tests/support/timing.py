"""Time budgets from the machine, not from a quiet one (issue 38 item 5).

A budget guards an order of magnitude (a refusal before an exponential loop, a preflight before
a parse of a gigabyte), stated in seconds on the quiet two-core development machine.  On a
loaded machine every step takes longer, so a budget is stretched by ``slowdown()``: how many
times longer a fixed piece of reference work takes now than it took there.  Speed itself is
measured in benchmarks/, not here."""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

#: seconds the reference work took on the quiet development machine (CPU time, best of 10)
QUIET_REFERENCE = 0.009


def _reference_work() -> Fraction:
    total = Fraction(0)
    for i in range(1, 2500):
        total += Fraction(1, i)
    return total


def slowdown() -> float:
    """How many times slower than the quiet development machine this one is right now (at
    least 1): the best of five runs of the reference work, against its quiet time."""
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        _reference_work()
        best = min(best, time.perf_counter() - started)
    return max(1.0, best / QUIET_REFERENCE)


def budget(seconds: float) -> float:
    """``seconds`` on the quiet machine, as this machine runs now."""
    return seconds * slowdown()


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail if the block takes longer than ``seconds`` on the quiet machine would allow at
    this machine's present load (measured only when the plain budget is exceeded)."""
    started = time.perf_counter()
    yield
    took = time.perf_counter() - started
    if took >= seconds:
        allowed = budget(seconds)
        assert took < allowed, (f"took {took:.2f} s, more than {seconds} s on the quiet machine "
                                f"({allowed:.2f} s at this machine's present load)")
