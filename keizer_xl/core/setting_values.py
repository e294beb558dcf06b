"""One setting's value, parsed exactly: ``1/3`` is one third, ``0.3333`` and ``33.33%`` are exactly
3333/10000 (rules section 3, Sevilla stores percentages with two decimals), ``20 points`` is a
fixed amount; yes/no, the choice words, tie-breaks, periods, dates, pairs; and the limits a
workbook's numbers may take (rounds, ratings).  :mod:`keizer_xl.core.rules` turns a Settings row
into its field with these and builds the one frozen ``Settings``.
"""
from __future__ import annotations

import datetime
import functools
import itertools
import re
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction
from typing import Any
from collections.abc import Iterable

from keizer_xl.core.settings import (CHOICES, TIEBREAK_KEYS, Credit, PairConstraint, Settings,
                                     Tiebreak, TopValue, decimal_text, fraction_text)
from keizer_xl.core.settings import ROUND_ROBIN_ALL
from keizer_xl.errors import Message, NotANumberError, SettingError

#: The highest round number anywhere in a workbook (a season has one round a week; a club
#: evening every day for three years stays below it).  Larger numbers are typing slips and
#: must never size a loop or a list (issue 11: ``Round 1e9`` ended in a MemoryError).
MAX_ROUND = 1000

#: The highest rating a workbook holds (the best players in the world are near 2900; above it
#: is a typing slip).  One definition for ``check`` and ``import`` (issue 22: what import
#: writes, check accepts).
MAX_RATING = 4000

#: Results rounds may skip a few rounds (an evening without games); a round with games or a
#: bye more than this many after the round before it is taken for a typing slip (issue 11:
#: "far beyond the rows").  ``check`` and ``import`` both use it.
MAX_ROUND_GAP = 10


def is_blank(raw: Any) -> bool:
    """An empty cell: None or only spaces."""
    return raw is None or (isinstance(raw, str) and not raw.strip())


_CHOICE_ALIASES = {
    "colours": {"lower_white": "lower-white", "lowerwhite": "lower-white"},
    "recalculation": {"previous": "prev", "original": "prev", "convergence": "converge"},
    "attendance_default": {"aanwezig": "present", "afwezig": "absent", "anwesend": "present",
                           "abwesend": "absent", "présent": "present", "absent": "absent"},
    "bye_choice": {"lowest_without_bye": "lowest-without-bye", "lowest without bye":
                   "lowest-without-bye"},
    "rounding": {"no": "none", "0.5": "half", "1/2": "half", "1": "whole", "halves": "half",
                 "half-total": "half total", "whole-total": "whole total",
                 "half_total": "half total", "whole_total": "whole total"},
    # ``withdrawn_as_absent yes/no`` (chesspairing's WithdrawnAsAbsent) is ``withdrawn``
    "withdrawn": {"yes": "keep", "true": "keep", "ja": "keep", "1": "keep",
                  "no": "remove", "false": "remove", "nee": "remove", "nein": "remove",
                  "0": "remove"},
}


#: Largest magnitude a setting number may have, and the most digits after the point.  A
#: setting is a small club number; refusing anything beyond these before building the
#: Fraction keeps ``1e999999999`` from building a billion-digit integer (issue 11).
MAX_MAGNITUDE = 10 ** 9
MAX_DECIMAL_EXPONENT = 9
_MAX_TEXT = 64


def _bounded_decimal(text: str, raw: Any, key: str) -> Fraction:
    """Decimal text -> Fraction, refusing inf/nan and exponents that would build huge integers."""
    try:
        d = Decimal(text)
    except (InvalidOperation, ValueError):
        raise NotANumberError(key, Message("{raw!r} is not a number (write 1/3, 0.3333 or "
                                           "33.33%)", raw=raw)) from None
    if not d.is_finite():
        raise SettingError(key, Message("{raw!r} is not a finite number", raw=raw))
    if d and not -MAX_DECIMAL_EXPONENT <= d.adjusted() <= MAX_DECIMAL_EXPONENT:
        raise SettingError(key, Message("{raw!r} is too large or too small a number for a setting",
                                        raw=raw))
    if d.as_tuple().exponent < -MAX_DECIMAL_EXPONENT - 6:  # type: ignore[operator]
        raise SettingError(key, Message("{raw!r} has too many decimals for a setting", raw=raw))
    return Fraction(d)


def parse_fraction(raw: Any, key: str = "value") -> Fraction:
    """Parse ``1/3``, ``0.3333``, ``33.33%``, ``2``, ``1,5`` or a number cell exactly.

    Magnitudes are bounded (:data:`MAX_MAGNITUDE`) before any exact arithmetic is done."""
    if isinstance(raw, bool):
        raise NotANumberError(key, Message("{raw!r} is not a number", raw=raw))
    if isinstance(raw, int):
        if abs(raw) > MAX_MAGNITUDE:
            raise SettingError(key, Message("{raw!r} is too large a number for a setting", raw=raw))
        return Fraction(raw)
    if isinstance(raw, float):
        if raw != raw or raw in (float("inf"), float("-inf")):
            raise SettingError(key, Message("{raw!r} is not a finite number", raw=raw))
        # repr() is the shortest text that round-trips: 0.3333 stays exactly 3333/10000.
        return _bounded_decimal(repr(raw), raw, key)
    if isinstance(raw, Fraction):
        return raw
    text = str(raw).strip().replace(" ", "").replace("\u00bd", "1/2")
    if not text:
        raise SettingError(key, Message("is empty"))
    if len(text) > _MAX_TEXT:
        raise NotANumberError(key, Message("{raw!r}... is not a number (too long)",
                                           raw=str(raw)[:20]))
    percent = text.endswith("%")
    if percent:
        text = text[:-1]
    text = text.replace(",", ".")
    if "/" in text:
        num, den = text.split("/", 1)
        top, bottom = _bounded_decimal(num, raw, key), _bounded_decimal(den, raw, key)
        if bottom == 0:
            raise SettingError(key, Message("{raw!r} divides by zero", raw=raw))
        value = top / bottom
    else:
        value = _bounded_decimal(text, raw, key)
    value = value / 100 if percent else value
    if abs(value) > MAX_MAGNITUDE:
        raise SettingError(key, Message("{raw!r} is too large a number for a setting", raw=raw))
    return value


def parse_credit(raw: Any, key: str) -> Credit:
    """A fraction of the player's own value between 0 and 1 (rules section 3: absences and the
    bye are a share of it, between none and all of it), or ``<n> points`` fixed (0 or more);
    ``key`` names the setting (``code X`` for a club code)."""
    text = str(raw).strip().lower() if not isinstance(raw, (int, float)) else None
    m = re.fullmatch(r"(.+?)\s*(points?|pts?|punten|punkte)", text) if text is not None else None
    if m:
        fixed = parse_fraction(m.group(1), key)
        if fixed < 0:
            raise SettingError(key, Message("{raw!r}: {setting} must not be negative (write e.g. "
                                            "'20 points', or 0)", raw=raw, setting=key))
        return Credit(fixed=fixed)
    fraction = parse_fraction(raw, key)
    if not 0 <= fraction <= 1:
        raise SettingError(key, Message(
            "{raw!r} is out of range: {setting} is a share of the player's own value between "
            "0 and 1 (write e.g. 1/3, 0.3333 or 33.33%), or fixed points ('20 points')",
            raw=raw, setting=key))
    return Credit(fraction=fraction)


#: Whole-number settings: (lowest, highest) allowed, as KEIZER-RULES.md documents them or as a
#: club could sensibly use them.  ``None`` (where the setting allows it) is always fine.  A
#: setting not listed counts rounds (extra_passes_from_round, converge_from_round, absence_max,
#: max_meetings, max_same_colour_in_row, min_games, last_round): 1 to MAX_ROUND.
INT_RANGES: dict[str, tuple[int, int]] = {
    "value_decimals": (0, 6),
    "k_factor": (0, 32),  # rules section 8: at most 32
    "max_passes": (1, 1000),
    "extra_passes": (0, 100),
    "rematch_gap": (0, MAX_ROUND),
    "max_colour_difference": (0, MAX_ROUND),
    "own_value_fade": (0, MAX_ROUND),
    "keizer_pairing_last": (0, MAX_ROUND),
    "promote": (0, 100), "relegate": (0, 100),  # groups (issue 18): players moved per boundary
    "round_robin_cycles": (1, 2), "round_robin_seed": (1, 999_999_999),  # issue 36
}


def describe_range(low: Any, high: Any) -> str:
    if high is None:
        return Message("{low} or more", low=fraction_text(Fraction(low)))
    return Message(
        "between {low} and {high}", low=fraction_text(Fraction(low)), high=fraction_text(Fraction(high))
    )


def parse_int(raw: Any, key: str) -> int:
    """A whole-number setting, within its range (:data:`INT_RANGES`)."""
    value = parse_fraction(raw, key)
    low, high = INT_RANGES.get(key, (1, MAX_ROUND))
    if value.denominator != 1 or value < low:
        raise SettingError(key, Message("{raw!r} is not a whole number >= {minimum}", raw=raw,
                                        minimum=low))
    if value > high:
        raise SettingError(key, Message("{raw!r} is out of range: {setting} must be a whole "
                                        "number {range}", raw=raw, setting=key,
                                        range=describe_range(low, high)))
    return int(value)


def parse_bool(raw: Any, key: str) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("yes", "true", "1", "ja", "y", "j", "on", "wahr"):
        return True
    if text in ("no", "false", "0", "nee", "nein", "n", "off", "falsch"):
        return False
    raise SettingError(key, Message("{raw!r} is not yes or no", raw=raw))


def parse_top(raw: Any, key: str) -> TopValue:
    """``top_value``: a number more than 0, N, 1.5N, 2N or ``ratio R`` (R more than 1)."""
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return _top_number(raw, key)
    text = str(raw).strip().replace(" ", "").replace("*", "").replace(",", ".").lower()
    rules = {"n": "N", "1.5n": "1.5N", "2n": "2N"}
    if text in rules:
        return TopValue(rule=rules[text])
    m = re.fullmatch(r"ratio=?(.+)", text)
    if m:  # ratio R, any R > 1 (KeizerForClubs' "ratio win against first to last")
        r = parse_fraction(m.group(1), key)
        if r <= 1:
            raise SettingError(key, Message("{raw!r}: the ratio must be more than 1 (e.g. ratio 3)",
                                            raw=raw))
        return TopValue(rule=f"ratio {decimal_text(r)}")
    try:
        return _top_number(raw, key)
    except NotANumberError:  # (a number, but infinite or far too large, is said as it is)
        raise NotANumberError(key, Message("{raw!r} is not a number or one of N, 1.5N, 2N, "
                                           "ratio 3", raw=raw)) from None


def _top_number(raw: Any, key: str) -> TopValue:
    number = parse_fraction(raw, key)
    if number <= 0:
        raise SettingError(key, Message("{raw!r}: top_value must be more than 0 (e.g. 100, or N, "
                                        "1.5N, 2N, ratio 3)", raw=raw))
    return TopValue(number=number)


def parse_choice(raw: Any, key: str) -> StrEnum:
    text = str(raw).strip().lower().replace("_", "-") if key == "colours" else str(raw).strip().lower()
    text = re.sub(r"\s+", " ", text)  # "half  total"
    text = _CHOICE_ALIASES.get(key, {}).get(text, text)
    choice = CHOICES[key]
    choices = [member.value for member in choice]
    if text not in choices:
        raise SettingError(key, Message("{raw!r} is not one of {choices}{hint}", raw=raw,
                                        choices=", ".join(choices),
                                        hint=did_you_mean(text, choices)))
    return choice(text)


def parse_tiebreak(raw: Any, key: str) -> tuple[Tiebreak, ...]:
    parts = [p.strip().lower() for p in re.split(r"[,;>]", str(raw)) if p.strip()]
    for p in parts:
        if p not in TIEBREAK_KEYS:
            raise SettingError(key, Message("{raw!r} is not a tie-break (use {choices}){hint}",
                                            raw=p, choices=", ".join(TIEBREAK_KEYS),
                                            hint=did_you_mean(p, TIEBREAK_KEYS)))
    if len(set(parts)) != len(parts):
        raise SettingError(key, Message("{raw!r} names a tie-break twice", raw=raw))
    return tuple(Tiebreak(p) for p in parts)


def parse_periods(raw: Any, key: str) -> tuple[int, ...]:
    """``1, 11, 21``: each period's first round, increasing, the first one round 1 (a round
    before the first period would belong to none: ambiguous, so refused)."""
    if is_blank(raw) or str(raw).strip().lower() in ("none", "no", "-"):
        return ()
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        parts: list[str] = [str(raw)]
    else:
        parts = [p.strip() for p in re.split(r"[,;\s]+", str(raw)) if p.strip()]
    rounds: list[int] = []
    for part in parts:
        text = part.lower().lstrip("r")
        if not text.isdigit() or len(text) > 4 or not 1 <= int(text) <= MAX_ROUND:
            raise SettingError(key, Message("{raw!r} is not a round number (write each period's "
                                            "first round: 1, 11, 21)", raw=part))
        rounds.append(int(text))
    if rounds[0] != 1:
        raise SettingError(key, Message("the first period starts in round 1 (write 1, {rounds})",
                                        rounds=", ".join(map(str, rounds))))
    for before, after in itertools.pairwise(rounds):
        if after <= before:
            raise SettingError(key, Message("{raw!r}: the periods' first rounds must increase "
                                            "({after} follows {before})", raw=raw,
                                            after=after, before=before))
    return tuple(rounds)


def parse_round_robin(raw: Any, key: str) -> tuple[str, ...]:
    """``round_robin``: empty (none), ``all`` (also alle, tous: the whole season) or the groups
    that play one, comma-separated (``A`` or ``A, B``)."""
    if is_blank(raw) or str(raw).strip().lower() in ("none", "no", "-", "geen", "keine", "aucun"):
        return ()
    names = [p.strip() for p in re.split(r"[,;]", str(raw)) if p.strip()]
    if any(n.lower() in ("all", "alle", "tous") for n in names):
        if len(names) > 1:
            raise SettingError(key, Message("{raw!r}: write all, or the groups' names, not both",
                                            raw=raw))
        return (ROUND_ROBIN_ALL,)
    return tuple(names)


@functools.cache
def _date_forms() -> tuple[tuple[re.Pattern[str], tuple[str, str, str]], ...]:
    """The dates :func:`parse_date` reads, compiled at its first date (a standings run reads
    none: issue 25)."""
    return (
        # 2025-09-04, 2025/09/04, 2025.09.04 (ISO, TRF-16's YYYY/MM/DD, the KNSB's dots)
        (re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"), ("y", "m", "d")),
        # 4-9-2025, 04/09/2025, 4.9.2025: day first, as in the Netherlands, Belgium and Germany
        (re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})"), ("d", "m", "y")),
    )


def parse_date(text: str) -> datetime.date | None:
    """A date as clubs and TRF files write it (year first, or day first with a 4-digit year),
    or None."""
    for pattern, order in _date_forms():
        m = pattern.fullmatch(text.strip())
        if m:
            parts = dict(zip(order, (int(g) for g in m.groups()), strict=True))
            try:
                return datetime.date(parts["y"], parts["m"], parts["d"])
            except ValueError:
                return None
    return None


def parse_dates(raw: Any, key: str = "round_dates") -> tuple[datetime.date, ...]:
    """``round_dates``: the rounds' dates in order, separated by commas, semicolons or spaces
    (a date cell gives one date); they must increase."""
    if is_blank(raw):
        return ()
    if isinstance(raw, datetime.datetime):
        return (raw.date(),)
    if isinstance(raw, datetime.date):
        return (raw,)
    dates: list[datetime.date] = []
    for part in re.split(r"[,;\s]+", str(raw).strip()):
        day = parse_date(part.split("T")[0])
        if day is None:
            raise SettingError(key, Message("{raw!r} is not a date (write the rounds' dates in "
                                            "order, e.g. 2025-09-04, 2025-09-11)", raw=part))
        if dates and day <= dates[-1]:
            raise SettingError(key, Message("{raw!r}: the round dates must increase ({after} "
                                            "follows {before})", raw=str(raw), after=day.isoformat(),
                                            before=dates[-1].isoformat()))
        dates.append(day)
    if len(dates) > MAX_ROUND:
        raise SettingError(key, Message("more than {max_round} date columns", max_round=MAX_ROUND))
    return tuple(dates)


def parse_period_scoring(raw: Any, key: str) -> str:
    """``keizer``, or match points per game ``win/draw/loss`` (``6/3/1``, also ``6-3-1``,
    ``6, 3, 1``): whole or decimal numbers, win >= draw >= loss >= 0."""
    text = str(raw).strip().lower()
    if is_blank(raw) or text == "keizer":
        return "keizer"
    parts = [p for p in re.split(r"\s*[/,;\-]\s*|\s+", text) if p]
    if len(parts) != 3:
        raise SettingError(key, Message("{raw!r} is not keizer or match points win/draw/loss "
                                        "(e.g. 6/3/1)", raw=raw))
    points = [parse_fraction(p, key) for p in parts]
    if not points[0] >= points[1] >= points[2] >= 0:
        raise SettingError(key, Message("{raw!r}: a win must be worth at least a draw, a draw at "
                                        "least a loss, and a loss 0 or more", raw=raw))
    return "/".join(fraction_text(p) for p in points)


def match_points(settings: Settings) -> tuple[Fraction, Fraction, Fraction] | None:
    """``period_scoring`` as (win, draw, loss) match points, or None for ``keizer``."""
    if settings.period_scoring == "keizer":
        return None
    win, draw, loss = (Fraction(p) for p in settings.period_scoring.split("/"))
    return win, draw, loss


def parse_pair(raw: Any, key: str, rnd: int | None) -> PairConstraint:
    parts = [p.strip() for p in re.split(r"\s+vs\.?\s+|;|\|", str(raw), flags=re.I) if p.strip()]
    if len(parts) != 2:
        raise SettingError(key, Message("{raw!r} is not a pair: write 'Name A vs Name B' or "
                                        "'Name A; Name B'", raw=raw))
    return PairConstraint(parts[0], parts[1], rnd)


def did_you_mean(text: str, options: Iterable[str]) -> str:
    """'; did you mean X?' for the closest option (compared case-insensitively), or ''."""
    import difflib  # only a misspelt name needs it; ~1 ms of every run (issue 25)

    lowered = {o.casefold(): o for o in options}
    close = difflib.get_close_matches(text.casefold(), list(lowered), n=1, cutoff=0.6)
    return Message("; did you mean {suggestion}?", suggestion=lowered[close[0]]) if close else ""
