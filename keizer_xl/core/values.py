"""Player values from a ranking (KEIZER-RULES.md section 2), exact.

Values are returned as integers over the settings' common value denominator
(``Settings.value_denominator()``), so that every later product stays an exact integer.
"""
from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Sequence

from keizer_xl.core.rules import Settings


def place_values(settings: Settings, n: int) -> list[Fraction]:
    """Value of places 1..n (before any tie sharing)."""
    if n == 0:
        return []
    top = settings.top_value.resolve(n)
    if settings.bottom_value is not None:
        # linear from top (place 1) to bottom (place n), cut (not rounded) to value_decimals
        scale = 10 ** settings.value_decimals
        if n == 1:
            return [Fraction(floor(top * scale), scale)]
        step = (top - settings.bottom_value) / (n - 1)
        return [Fraction(floor((top - i * step) * scale), scale) for i in range(n)]
    return [top - i * settings.value_step for i in range(n)]


def shared_places(totals_in_order: Sequence[int]) -> list[int]:
    """Sports ranking places (1, 1, 3) for totals listed best first: equal totals share."""
    places: list[int] = []
    for i, total in enumerate(totals_in_order):
        if i and total == totals_in_order[i - 1]:
            places.append(places[-1])
        else:
            places.append(i + 1)
    return places


def scaled_values(settings: Settings, places: Sequence[int], n: int) -> list[int]:
    """Integer values (times the value denominator) for the given 1-based places."""
    den = settings.value_denominator()
    table = place_values(settings, n)
    out = []
    for place in places:
        v = table[place - 1] * den
        if v.denominator != 1:  # cannot happen: the denominator covers every value rule
            raise AssertionError(f"value {table[place - 1]} not a multiple of 1/{den}")
        out.append(int(v))
    return out
