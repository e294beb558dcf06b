"""The competition's settings: exact parsing of the Settings sheet, the ranges a setting may
take, and building the one frozen ``Settings`` from a preset and the rows given.

Values are parsed exactly: ``1/3`` is one third, ``0.3333`` and ``33.33%`` are exactly
3333/10000 (rules section 3, Sevilla stores percentages with two decimals), ``20 points`` is a
fixed amount.  The settings as data (enums, value types, defaults) are in
:mod:`keizer_xl.core.settings`, the presets in :mod:`keizer_xl.core.presets`; both are
re-exported here, the names every other module imports.
"""
from __future__ import annotations

import datetime
import difflib
import itertools
import re
from dataclasses import fields, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

from keizer_xl.core.presets import PRESETS as PRESETS
from keizer_xl.core.settings import *  # noqa: F403  (the data, re-exported)
from keizer_xl.core.settings import (_CHOICES, _decimal_text, _fmt,  # noqa: F401
                                     _round_half_even, _round_half_up, WICKER_DENOMINATOR)
from keizer_xl.errors import (N_, Message, NotANumberError, SettingError as SettingError,  # errors.py
                             UnknownSettingError)

# --------------------------------------------------------------------------- parsing

#: The same, public: the template lists each choice setting's words from it.
CHOICES = _CHOICES
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
_FRACTION_KEYS = ("value_step", "win", "draw", "loss", "forfeit_win", "forfeit_loss",
                  "withdrawn_opponent")
_CREDIT_KEYS = ("bye", "absence_excused", "absence_unexcused", "absence_club", "absence_late")
_BOOL_KEYS: tuple[str, ...] = ("tied_share_value", "absence_max_includes_club", "forfeit_is_meeting",
              "withdrawn_opponent_result", "rematch_period", "absence_max_per_period",
              "bye_first_evening", "absence_max_includes_unexcused", "float_shares",
              "withdrawn_opponent_forfeit_as_loss", "pending_scores_zero")
_OPTIONAL_INT_KEYS = ("absence_max", "converge_from_round", "max_meetings", "min_games",
                      "max_same_colour_in_row", "max_colour_difference")
_INT_KEYS: tuple[str, ...] = ("value_decimals", "k_factor", "max_passes", "extra_passes",
                              "extra_passes_from_round", "own_value_fade")
_INT_KEYS += ("promote", "relegate")  # groups (issue 18)
_BOOL_KEYS += ("promote_at_season_end",)  # groups (issue 23)

#: Every key the Settings sheet accepts (besides ``code X``, ``fixed Rn``, ``forbidden [Rn]``).
KNOWN_KEYS: tuple[str, ...] = (
    *tuple(f.name for f in fields(Settings) if f.name not in ("codes", "fixed", "forbidden")),
    "fixed",
    "forbidden",
)

# Dutch and German setting names people type; they map to the canonical key.
KEY_ALIASES = {
    "taal": "language",
    "sprache": "language",
    "vereniging": "club",
    "verein": "club",
    "voorinstelling": "preset",
    "seizoen": "season",
    "saison": "season",
    "recalc": "recalculation",
    "colors": "colours",
    "kleuren": "colours",
    "farben": "colours",
    "max_colour_diff": "max_colour_difference",
    # chesspairing's option names (ForfeitCountsAsMet, WithdrawnAsAbsent): the same settings
    "forfeit_counts_as_met": "forfeit_is_meeting",
    "withdrawn_as_absent": "withdrawn",
}

_BUILTIN_CODES = ("E", "U", "C", "L")


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
    """A fraction of the player's own value, or ``<n> points`` fixed."""
    text = str(raw).strip().lower() if not isinstance(raw, (int, float)) else None
    if text is not None:
        m = re.fullmatch(r"(.+?)\s*(points?|pts?|punten|punkte)", text)
        if m:
            return Credit(fixed=parse_fraction(m.group(1), key))
    return Credit(fraction=parse_fraction(raw, key))


def _parse_int(raw: Any, key: str, minimum: int = 0) -> int:
    value = parse_fraction(raw, key)
    if value.denominator != 1 or value < minimum:
        raise SettingError(key, Message("{raw!r} is not a whole number >= {minimum}", raw=raw,
                                        minimum=minimum))
    return int(value)


def _parse_bool(raw: Any, key: str) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("yes", "true", "1", "ja", "y", "j", "on", "wahr"):
        return True
    if text in ("no", "false", "0", "nee", "nein", "n", "off", "falsch"):
        return False
    raise SettingError(key, Message("{raw!r} is not yes or no", raw=raw))


def _parse_top(raw: Any, key: str) -> TopValue:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return TopValue(number=parse_fraction(raw, key))
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
        return TopValue(rule=f"ratio {_decimal_text(r)}")
    try:
        return TopValue(number=parse_fraction(raw, key))
    except NotANumberError:  # (a number, but infinite or far too large, is said as it is)
        raise NotANumberError(key, Message("{raw!r} is not a number or one of N, 1.5N, 2N, "
                                           "ratio 3", raw=raw)) from None


def _parse_choice(raw: Any, key: str) -> StrEnum:
    text = str(raw).strip().lower().replace("_", "-") if key == "colours" else str(raw).strip().lower()
    text = re.sub(r"\s+", " ", text)  # "half  total"
    text = _CHOICE_ALIASES.get(key, {}).get(text, text)
    choice = _CHOICES[key]
    choices = [member.value for member in choice]
    if text not in choices:
        raise SettingError(key, Message("{raw!r} is not one of {choices}{hint}", raw=raw,
                                        choices=", ".join(choices),
                                        hint=did_you_mean(text, choices)))
    return choice(text)


def _parse_tiebreak(raw: Any, key: str) -> tuple[Tiebreak, ...]:
    parts = [p.strip().lower() for p in re.split(r"[,;>]", str(raw)) if p.strip()]
    for p in parts:
        if p not in TIEBREAK_KEYS:
            raise SettingError(key, Message("{raw!r} is not a tie-break (use {choices}){hint}",
                                            raw=p, choices=", ".join(TIEBREAK_KEYS),
                                            hint=did_you_mean(p, TIEBREAK_KEYS)))
    if len(set(parts)) != len(parts):
        raise SettingError(key, Message("{raw!r} names a tie-break twice", raw=raw))
    return tuple(Tiebreak(p) for p in parts)


def _parse_periods(raw: Any, key: str) -> tuple[int, ...]:
    """``1, 11, 21``: each period's first round, increasing, the first one round 1 (a round
    before the first period would belong to none: ambiguous, so refused)."""
    if _blank(raw) or str(raw).strip().lower() in ("none", "no", "-"):
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


_DATE_FORMS = (
    # 2025-09-04, 2025/09/04, 2025.09.04 (ISO, TRF-16's YYYY/MM/DD, the KNSB's dots)
    (re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"), ("y", "m", "d")),
    # 4-9-2025, 04/09/2025, 4.9.2025: day first, as in the Netherlands, Belgium and Germany
    (re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})"), ("d", "m", "y")),
)


def parse_date(text: str) -> datetime.date | None:
    """A date as clubs and TRF files write it (year first, or day first with a 4-digit year),
    or None."""
    for pattern, order in _DATE_FORMS:
        m = pattern.fullmatch(text.strip())
        if m:
            parts = dict(zip(order, (int(g) for g in m.groups())))
            try:
                return datetime.date(parts["y"], parts["m"], parts["d"])
            except ValueError:
                return None
    return None


def parse_dates(raw: Any, key: str = "round_dates") -> tuple[datetime.date, ...]:
    """``round_dates``: the rounds' dates in order, separated by commas, semicolons or spaces
    (a date cell gives one date); they must increase."""
    if _blank(raw):
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
def _parse_period_scoring(raw: Any, key: str) -> str:
    """``keizer``, or match points per game ``win/draw/loss`` (``6/3/1``, also ``6-3-1``,
    ``6, 3, 1``): whole or decimal numbers, win >= draw >= loss >= 0."""
    text = str(raw).strip().lower()
    if _blank(raw) or text == "keizer":
        return "keizer"
    parts = [p for p in re.split(r"\s*[/,;\-]\s*|\s+", text) if p]
    if len(parts) != 3:
        raise SettingError(key, Message("{raw!r} is not keizer or match points win/draw/loss "
                                        "(e.g. 6/3/1)", raw=raw))
    points = [parse_fraction(p, key) for p in parts]
    if not points[0] >= points[1] >= points[2] >= 0:
        raise SettingError(key, Message("{raw!r}: a win must be worth at least a draw, a draw at "
                                        "least a loss, and a loss 0 or more", raw=raw))
    return "/".join(_fmt(p) for p in points)


def match_points(settings: Settings) -> tuple[Fraction, Fraction, Fraction] | None:
    """``period_scoring`` as (win, draw, loss) match points, or None for ``keizer``."""
    if settings.period_scoring == "keizer":
        return None
    win, draw, loss = (Fraction(p) for p in settings.period_scoring.split("/"))
    return win, draw, loss


def _parse_pair(raw: Any, key: str, rnd: int | None) -> PairConstraint:
    parts = [p.strip() for p in re.split(r"\s+vs\.?\s+|;|\|", str(raw), flags=re.I) if p.strip()]
    if len(parts) != 2:
        raise SettingError(key, Message("{raw!r} is not a pair: write 'Name A vs Name B' or "
                                        "'Name A; Name B'", raw=raw))
    return PairConstraint(parts[0], parts[1], rnd)


def did_you_mean(text: str, options: Iterable[str]) -> str:
    """'; did you mean X?' for the closest option (compared case-insensitively), or ''."""
    lowered = {o.casefold(): o for o in options}
    close = difflib.get_close_matches(text.casefold(), list(lowered), n=1, cutoff=0.6)
    return Message("; did you mean {suggestion}?", suggestion=lowered[close[0]]) if close else ""


def normalise_key(raw_key: str) -> str:
    key = re.sub(r"\s+", " ", str(raw_key).strip()).lower()
    if key.startswith(("code ", "fixed", "forbidden")):
        return key
    key = key.replace(" ", "_").replace("-", "_")
    return KEY_ALIASES.get(key, key)


def _unknown_setting(raw_key: str, key: str) -> UnknownSettingError:
    candidates = [*list(KNOWN_KEYS), "code X"]
    hint = did_you_mean(key, candidates)
    msgid = (N_("unknown setting {name!r}; did you mean {suggestion}?") if hint
             else N_("unknown setting {name!r}"))
    return UnknownSettingError(key, f"unknown setting {raw_key!r}{hint}", msgid, name=str(raw_key),
                        suggestion=hint[len("; did you mean "):-1])


def check_key(raw_key: str) -> None:
    """Raise SettingError (with a suggestion) when ``raw_key`` is not a setting."""
    key = normalise_key(raw_key)
    if re.fullmatch(r"code\s+\S+|(fixed|forbidden)(\s+r?\d+)?", key) or key in KNOWN_KEYS:
        return
    raise _unknown_setting(raw_key, key)


def parse_setting(raw_key: str, raw_value: Any) -> tuple[str, Any]:
    """Turn one Settings row into ``(field, value)``; raises SettingError with a suggestion.

    The value is checked against its documented range (:func:`check_range`)."""
    field_name, value = _parse_setting(raw_key, raw_value)
    check_range(field_name, value, raw_value)
    return field_name, value


def _parse_setting(raw_key: str, raw_value: Any) -> tuple[str, Any]:
    key = normalise_key(raw_key)
    m = re.fullmatch(r"code\s+(\S+)", key)
    if m:
        code = str(raw_key).strip().split(None, 1)[1].strip().upper()
        if code in _BUILTIN_CODES:
            raise SettingError(key, Message("code {code} is built in (E excused, U unexcused, C club "
                                            "duty, L not yet a member); set it with absence_* "
                                            "instead", code=code))
        return "codes", (code, parse_credit(raw_value, key))
    m = re.fullmatch(r"(fixed|forbidden)(?:\s+r?(\d+))?", key)
    if m:
        if m.group(2) and len(m.group(2)) > 4:
            raise SettingError(key, Message("round {round} is beyond {max_round}", round=m.group(2),
                                            max_round=MAX_ROUND))
        rnd = int(m.group(2)) if m.group(2) else None
        if m.group(1) == "fixed" and rnd is None:
            raise SettingError(key, Message("a fixed pair needs its round: 'fixed R5'"))
        return m.group(1), _parse_pair(raw_value, key, rnd)
    if key == "preset":
        name = str(raw_value).strip().lower()
        if name not in PRESETS:
            raise SettingError(key, Message("{raw!r} is not a preset ({choices}){hint}",
                                            raw=raw_value, choices=", ".join(PRESETS),
                                            hint=did_you_mean(name, PRESETS)))
        return key, name
    if key in ("season", "club", "city", "arbiter", "time_control"):
        return key, str(raw_value).strip()
    if key == "round_dates":
        return key, parse_dates(raw_value, key)
    if key == "language":
        text = str(raw_value).strip().casefold()
        lang = LANGUAGE_NAMES.get(text, text)
        if lang not in LANGUAGES:
            raise SettingError(key, Message("{raw!r} is not a language ({choices}){hint}",
                                            raw=raw_value, choices=", ".join(LANGUAGES),
                                            hint=did_you_mean(text, LANGUAGES)))
        return key, lang
    if key == "top_value":
        return key, _parse_top(raw_value, key)
    if key == "bottom_value":
        return key, None if _blank(raw_value) else parse_fraction(raw_value, key)
    if key in _CHOICES:
        return key, _parse_choice(raw_value, key)
    if key in _FRACTION_KEYS:
        return key, parse_fraction(raw_value, key)
    if key in _CREDIT_KEYS:
        return key, parse_credit(raw_value, key)
    if key in _BOOL_KEYS:
        return key, _parse_bool(raw_value, key)
    if key in _OPTIONAL_INT_KEYS:
        if _blank(raw_value) or str(raw_value).strip().lower() in ("none", "no", "-"):
            return key, None
        return key, _parse_int(raw_value, key, minimum=1 if key != "max_colour_difference" else 0)
    if key in _INT_KEYS:
        minimum = 1 if key in ("max_passes", "extra_passes_from_round") else 0
        value = _parse_int(raw_value, key, minimum)
        if key == "k_factor" and value > 32:
            raise SettingError(key, Message("{raw!r}: k_factor is at most 32", raw=raw_value))
        return key, value
    if key == "rematch_gap":
        text = str(raw_value).strip().lower()
        if text in ("never", "nooit", "nie", ""):
            return key, None
        return key, _parse_int(raw_value, key)
    if key == "tiebreak":
        return key, _parse_tiebreak(raw_value, key)
    if key == "periods":
        return key, _parse_periods(raw_value, key)
    if key == "period_scoring":
        return key, _parse_period_scoring(raw_value, key)
    raise _unknown_setting(raw_key, key)


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

#: Whole-number settings: (lowest, highest) allowed, as KEIZER-RULES.md documents them or as a
#: club could sensibly use them.  ``None`` (where the setting allows it) is always fine.
INT_RANGES: dict[str, tuple[int, int]] = {
    "value_decimals": (0, 6),
    "k_factor": (0, 32),  # rules section 8: at most 32
    "max_passes": (1, 1000),
    "extra_passes": (0, 100),
    "extra_passes_from_round": (1, MAX_ROUND),
    "converge_from_round": (1, MAX_ROUND),
    "absence_max": (1, MAX_ROUND),
    "max_meetings": (1, MAX_ROUND),
    "rematch_gap": (0, MAX_ROUND),
    "max_same_colour_in_row": (1, MAX_ROUND),
    "max_colour_difference": (0, MAX_ROUND),
    "own_value_fade": (0, MAX_ROUND),
    "min_games": (1, MAX_ROUND),
    "promote": (0, 100), "relegate": (0, 100),  # groups (issue 18): players moved per boundary
}
#: Fractions of a value: (lowest, highest) allowed.  Rules section 3: the points for a game are
#: a fraction of the opponent's value, never negative; absences and the bye are a share of
#: the player's own value, between none and all of it.
_FRACTION_RANGES: dict[str, tuple[Fraction, Fraction | None]] = {
    "win": (Fraction(0), None), "draw": (Fraction(0), None), "loss": (Fraction(0), None),
    "forfeit_win": (Fraction(0), None), "forfeit_loss": (Fraction(0), None),
    "withdrawn_opponent": (Fraction(0), Fraction(1)),
    "value_step": (Fraction(0), None),
}


def _describe_range(low: Any, high: Any) -> str:
    if high is None:
        return Message("{low} or more", low=_fmt(Fraction(low)))
    return Message("between {low} and {high}", low=_fmt(Fraction(low)), high=_fmt(Fraction(high)))


def check_range(field_name: str, value: Any, raw: Any = None) -> None:
    """Raise SettingError when a parsed setting is outside its documented range; the message
    says what to write instead."""
    shown = raw if raw is not None else value
    if field_name in INT_RANGES and value is not None:
        low, high = INT_RANGES[field_name]
        if not low <= value <= high:
            raise SettingError(field_name, Message("{raw!r} is out of range: {setting} must be a "
                                                   "whole number {range}", raw=shown,
                                                   setting=field_name,
                                                   range=_describe_range(low, high)))
    elif field_name in _FRACTION_RANGES:
        low_f, high_f = _FRACTION_RANGES[field_name]
        if value < low_f or (high_f is not None and value > high_f):
            raise SettingError(field_name, Message("{raw!r} is out of range: {setting} must be "
                                                   "{range}", raw=shown, setting=field_name,
                                                   range=_describe_range(low_f, high_f)))
    elif field_name in _CREDIT_KEYS or field_name == "codes":
        credit = value[1] if field_name == "codes" else value
        what = f"code {value[0]}" if field_name == "codes" else field_name
        if credit.fixed is not None:
            if credit.fixed < 0:
                raise SettingError(field_name, Message("{raw!r}: {setting} must not be negative "
                                                       "(write e.g. '20 points', or 0)", raw=shown,
                                                       setting=what))
        elif not 0 <= credit.fraction <= 1:
            raise SettingError(field_name, Message(
                "{raw!r} is out of range: {setting} is a share of the player's own value between "
                "0 and 1 (write e.g. 1/3, 0.3333 or 33.33%), or fixed points ('20 points')",
                raw=shown, setting=what))
    elif field_name == "top_value" and value.number is not None:
        if value.number <= 0:
            raise SettingError(field_name, Message("{raw!r}: top_value must be more than 0 (e.g. "
                                                   "100, or N, 1.5N, 2N, ratio 3)", raw=shown))
    elif field_name == "bottom_value" and value is not None and value <= 0:
        raise SettingError(field_name, Message("{raw!r}: bottom_value must be more than 0 (the "
                                               "last place's value), or leave it empty",
                                               raw=shown))


def _blank(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and not raw.strip())


def build_settings(pairs: Sequence[tuple[str, Any]] | Mapping[str, Any] = ()) -> Settings:
    """Defaults, then the preset named among ``pairs``, then every explicit setting.

    ``pairs`` holds parsed ``(field, value)`` items as returned by :func:`parse_setting`.
    Raises SettingError when the combination is inconsistent.
    """
    items = list(pairs.items()) if isinstance(pairs, Mapping) else list(pairs)
    preset = "keizer"
    for key, value in items:
        if key == "preset":
            preset = value
    values: dict[str, Any] = dict(PRESETS[preset])
    values["preset"] = preset
    codes: dict[str, Credit] = {}
    fixed: list[PairConstraint] = []
    forbidden: list[PairConstraint] = []
    for key, value in items:
        if key == "codes":
            codes[value[0]] = value[1]
        elif key == "fixed":
            fixed.append(value)
        elif key == "forbidden":
            forbidden.append(value)
        elif key != "preset":
            values[key] = value
    values["codes"] = tuple(sorted(codes.items()))
    values["fixed"] = tuple(fixed)
    values["forbidden"] = tuple(forbidden)
    settings = replace(Settings(), **values)
    _check_consistency(settings)
    return settings


def _check_consistency(s: Settings) -> None:
    if s.bottom_value is not None and s.top_value.number is not None and s.bottom_value > s.top_value.number:
        raise SettingError("bottom_value", Message("bottom_value {bottom} is above top_value {top}",
                                                   bottom=_fmt(s.bottom_value), top=str(s.top_value)))
    if s.value_step < 0:
        raise SettingError("value_step", Message("value_step must not be negative"))
    # rules section 3: a win is worth at least a draw and at least a loss.  A loss may be worth
    # more than a draw: KeizerForClubs' loss bonus (BONUS.Verlust, its "toughness bonus",
    # RankingCalculator.cs OneRoundAllPairingsSetKeizerPtsTa) goes from 0 to 100 % while a
    # draw stays 1/2, and its own settings form takes any of them
    if not (s.win >= s.draw and s.win >= s.loss):
        key = "draw" if s.draw > s.win else "loss"
        raise SettingError(key, Message("win {win}, draw {draw}, loss {loss}: a win must be worth "
                                        "at least a draw and at least a loss",
                                        win=_fmt(s.win), draw=_fmt(s.draw), loss=_fmt(s.loss)))
    if s.value_normalisation == ValueNormalisation.WICKER and s.top_value.ratio is None:
        raise SettingError("value_normalisation", Message(
            "value_normalisation wicker needs top_value 'ratio R' (e.g. ratio 3): the first place "
            "is worth R, the last 1"))
    if s.forfeit_win < s.forfeit_loss:
        raise SettingError("forfeit_loss", Message("forfeit_loss {loss} is more than forfeit_win "
                                                   "{win}", loss=_fmt(s.forfeit_loss),
                                                   win=_fmt(s.forfeit_win)))


def describe(settings: Settings) -> list[tuple[str, str]]:
    """The settings in force as (key, text) rows, for the Settings echo and ``check``."""
    rows: list[tuple[str, str]] = []
    for f in fields(Settings):
        value = getattr(settings, f.name)
        if f.name == "codes":
            rows.extend((f"code {c}", str(credit)) for c, credit in value)
            continue
        if f.name in ("fixed", "forbidden"):
            for pc in value:
                rows.append((f.name + (f" R{pc.round}" if pc.round else ""), f"{pc.first} vs {pc.second}"))
            continue
        if isinstance(value, Fraction):
            text = _fmt(value)
        elif isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, tuple):
            text = ", ".join(map(str, value))
        elif value is None:
            text = "never" if f.name == "rematch_gap" else ""
        else:
            text = str(value)
        rows.append((f.name, text))
    return rows
