"""Player values from a ranking (KEIZER-RULES.md section 2), exact.

Values are returned as integers over the settings' common value denominator
(``Settings.value_denominator()``), so that every later product stays an exact integer.
"""
from __future__ import annotations

from fractions import Fraction
from math import floor
from collections.abc import Sequence

from keizer_xl.core.settings import Settings, ValueBasis, ValueNormalisation, fraction_text
from keizer_xl.errors import Message


def place_values(settings: Settings, n: int) -> list[Fraction]:
    """Value of places 1..n (before any tie sharing)."""
    if n == 0:
        return []
    if settings.value_normalisation == ValueNormalisation.WICKER:
        return wicker_values(settings, n)
    top = settings.top_value.resolve(n, settings.value_rounding)
    if settings.bottom_value is not None:
        # linear from top (place 1) to bottom (place n), cut (not rounded) to value_decimals
        scale = 10 ** settings.value_decimals
        if n == 1:
            return [Fraction(floor(top * scale), scale)]
        step = (top - settings.bottom_value) / (n - 1)
        return [Fraction(floor((top - i * step) * scale), scale) for i in range(n)]
    return [top - i * settings.value_step for i in range(n)]


def wicker_values(settings: Settings, n: int) -> list[Fraction]:
    """``value_normalisation wicker`` (KeizerForClubs, RankingCalculator.cs KeizerPointsList and
    GetNachkommaStellenForWickerNormalization): a win over the last place is worth 1, over the
    first R (``top_value ratio R``), linear between; each value is rounded half to even to d
    decimals, d the fewest (0..9) for which the step between two places exceeds 10^-d (1 when
    none does).  Exact here; KeizerForClubs rounds the float32 of each value."""
    r = settings.top_value.ratio
    if r is None:  # _check_consistency refuses this combination
        raise AssertionError("wicker needs top_value ratio R")
    if n == 1:  # KeizerForClubs' step is then infinite: no decimals
        return [Fraction(round(r))]
    delta = (r - 1) / (n - 1)
    decimals = next((i for i in range(10) if delta > Fraction(1, 10 ** i)), 1)
    scale = 10 ** decimals
    return [Fraction(round((r - i * delta) * scale), scale) for i in range(n)]


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


def value_scale_check(settings: Settings, n_players: int) -> tuple[str, Message] | None:
    """Why the value scale does not work for ``n_players``, or None (rules section 2): values
    must stay above zero down to the last place (top_value 100, value_step 1 and 150 players
    would make a win over the last places earn nothing or cost points).  With the message comes
    the setting to name (``bottom_value`` or ``top_value``)."""
    if settings.value_basis != ValueBasis.PLACE or n_players < 1:
        return None
    top = settings.top_value.resolve(n_players, settings.value_rounding)
    bottom = settings.bottom_value
    if bottom is not None and bottom > top:  # a rule top (N, 1.5N) can fall below bottom_value
        return "bottom_value", Message(
            "bottom_value {bottom} is above top_value {top} (= {value} with {n} players)",
            bottom=fraction_text(bottom), top=str(settings.top_value), value=fraction_text(top), n=n_players)
    values = place_values(settings, n_players)
    lowest = values[-1]
    if lowest > 0:
        return None
    if bottom is not None:
        scale = 10 ** settings.value_decimals
        if top > 0 and bottom > 0:  # above 0, but cut to value_decimals it is 0
            return "bottom_value", Message(
                "bottom_value {bottom} cut to {decimals} decimals is 0: set bottom_value to at "
                "least {least} or value_decimals higher", bottom=fraction_text(bottom),
                decimals=settings.value_decimals, least=fraction_text(Fraction(1, scale)))
        return "bottom_value", Message(
            "bottom_value {bottom} gives the last place a value of {lowest} with {n} players; "
            "set bottom_value above 0 (e.g. 1)", bottom=fraction_text(bottom), lowest=fraction_text(lowest),
            n=n_players)
    bad = sum(1 for v in values if v <= 0)
    step = settings.value_step
    # the largest step that keeps the last place at 1 or more: (top - 1) / (n - 1)
    fitting_step = (top - 1) / (n_players - 1) if n_players > 1 else step
    need = 1 + (n_players - 1) * step  # a number top_value that keeps the last place at 1
    said = {"top": str(settings.top_value), "step": fraction_text(step), "bad": bad, "n": n_players,
            "lowest": fraction_text(lowest), "need": fraction_text(need),
            "fitting": fraction_text(fitting_step)}
    if settings.top_value.number is not None:
        return "top_value", Message(
            "top_value {top} with value_step {step} gives the last {bad} of {n} places a value of "
            "0 or below (lowest {lowest}); set top_value to {need} or more, or top_value to a "
            "rule such as N or 1.5N, or value_step to at most {fitting}, or set bottom_value "
            "(the last place's value)", **said)
    return "top_value", Message(
        "top_value {top} with value_step {step} gives the last {bad} of {n} places a value of 0 "
        "or below (lowest {lowest}); set value_step to at most {fitting}, or top_value to {need} "
        "or more, or set bottom_value (the last place's value)", **said)
