"""The competition's settings: the Settings sheet's keys (and the Dutch and German names people
type), one row -> its field, the ranges a setting may take, and building the one frozen
``Settings`` from a preset and the rows given.

One value is parsed exactly by :mod:`keizer_xl.core.setting_values`; the settings as data
(enums, value types, defaults) are in :mod:`keizer_xl.core.settings`, the presets in
:mod:`keizer_xl.core.presets`.  Import a name from the module that defines it.
"""
from __future__ import annotations

import re
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any
from collections.abc import Sequence

from keizer_xl.core.model import BUILTIN_CODES
from keizer_xl.core.presets import PRESETS
from keizer_xl.core.settings import (CHOICES, LANGUAGE_NAMES, LANGUAGES, Credit, PairConstraint,
                                     Settings, ValueNormalisation, fraction_text)
from keizer_xl.core.setting_values import (MAX_ROUND, describe_range, did_you_mean, is_blank,
                                           parse_bool, parse_choice, parse_credit, parse_dates,
                                           parse_fraction, parse_int, parse_pair,
                                           parse_period_scoring, parse_periods, parse_round_robin,
                                           parse_tiebreak, parse_top)
from keizer_xl.errors import N_, Message, SettingError, UnknownSettingError

# --------------------------------------------------------------------------- parsing

def _keys_of(kind: str) -> tuple[str, ...]:
    """The Settings fields declared with the type ``kind`` (the annotation's text: settings.py
    has ``from __future__ import annotations``): a new setting is parsed by the type of its
    field, with no list of keys to keep in step (issue 27: one place per decision)."""
    return tuple(f.name for f in fields(Settings) if f.type == kind)


_FRACTION_KEYS = _keys_of("Fraction")
_CREDIT_KEYS = _keys_of("Credit")
_BOOL_KEYS = _keys_of("bool")
_INT_KEYS = _keys_of("int")
#: rematch_gap is an ``int | None`` with its own words for None ("never"), parsed below
_OPTIONAL_INT_KEYS = tuple(k for k in _keys_of("int | None") if k != "rematch_gap")

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

    The value is checked against its documented range as it is parsed (a fraction 0 or more,
    :data:`~keizer_xl.core.setting_values.INT_RANGES`, the parsers of credits and top values)."""
    key = normalise_key(raw_key)
    m = re.fullmatch(r"code\s+(\S+)", key)
    if m:
        code = str(raw_key).strip().split(None, 1)[1].strip().upper()
        if code in BUILTIN_CODES:
            raise SettingError(key, Message("code {code} is built in (E excused, U unexcused, C club "
                                            "duty, L not yet a member); set it with absence_* "
                                            "instead", code=code))
        return "codes", (code, parse_credit(raw_value, f"code {code}"))
    m = re.fullmatch(r"(fixed|forbidden)(?:\s+r?(\d+))?", key)
    if m:
        if m.group(2) and len(m.group(2)) > 4:
            raise SettingError(key, Message("round {round} is beyond {max_round}", round=m.group(2),
                                            max_round=MAX_ROUND))
        rnd = int(m.group(2)) if m.group(2) else None
        if m.group(1) == "fixed" and rnd is None:
            raise SettingError(key, Message("a fixed pair needs its round: 'fixed R5'"))
        return m.group(1), parse_pair(raw_value, key, rnd)
    if key == "preset":
        name = str(raw_value).strip().lower()
        if name not in PRESETS:
            raise SettingError(key, Message("{raw!r} is not a preset ({choices}){hint}",
                                            raw=raw_value, choices=", ".join(PRESETS),
                                            hint=did_you_mean(name, PRESETS)))
        return key, name
    if key in ("season", "club", "city", "arbiter", "time_control", "rating_list"):
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
        return key, parse_top(raw_value, key)
    if key == "bottom_value":
        bottom = None if is_blank(raw_value) else parse_fraction(raw_value, key)
        if bottom is not None and bottom <= 0:
            raise SettingError(key, Message("{raw!r}: bottom_value must be more than 0 (the "
                                            "last place's value), or leave it empty",
                                            raw=raw_value))
        return key, bottom
    if key in CHOICES:
        return key, parse_choice(raw_value, key)
    if key in _FRACTION_KEYS:
        # rules section 3: the points for a game are a fraction of the opponent's value, never
        # negative; withdrawn_opponent is a share of them, between none and all
        value = parse_fraction(raw_value, key)
        high = Fraction(1) if key == "withdrawn_opponent" else None
        if value < 0 or (high is not None and value > high):
            raise SettingError(key, Message("{raw!r} is out of range: {setting} must be {range}",
                                            raw=raw_value, setting=key,
                                            range=describe_range(0, high)))
        return key, value
    if key in _CREDIT_KEYS:
        return key, parse_credit(raw_value, key)
    if key in _BOOL_KEYS:
        return key, parse_bool(raw_value, key)
    if key in _OPTIONAL_INT_KEYS:
        if is_blank(raw_value) or str(raw_value).strip().lower() in ("none", "no", "-"):
            return key, None
        return key, parse_int(raw_value, key)
    if key in _INT_KEYS:
        return key, parse_int(raw_value, key)
    if key == "rematch_gap":
        text = str(raw_value).strip().lower()
        if text in ("never", "nooit", "nie", ""):
            return key, None
        return key, parse_int(raw_value, key)
    if key == "tiebreak":
        return key, parse_tiebreak(raw_value, key)
    if key == "periods":
        return key, parse_periods(raw_value, key)
    if key == "period_scoring":
        return key, parse_period_scoring(raw_value, key)
    if key == "round_robin":
        return key, parse_round_robin(raw_value, key)
    raise _unknown_setting(raw_key, key)


def build_settings(items: Sequence[tuple[str, Any]] = ()) -> Settings:
    """Defaults, then the preset named among ``items``, then every explicit setting.

    ``items`` holds parsed ``(field, value)`` pairs as returned by :func:`parse_setting`.
    Raises SettingError when the combination is inconsistent.
    """
    preset = next((value for key, value in reversed(items) if key == "preset"), "keizer")
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
        raise SettingError(
            "bottom_value",
            Message(
                "bottom_value {bottom} is above top_value {top}",
                bottom=fraction_text(s.bottom_value),
                top=str(s.top_value),
            ),
        )
    # rules section 3: a win is worth at least a draw and at least a loss.  A loss may be worth
    # more than a draw: KeizerForClubs' loss bonus (BONUS.Verlust, its "toughness bonus",
    # RankingCalculator.cs OneRoundAllPairingsSetKeizerPtsTa) goes from 0 to 100 % while a
    # draw stays 1/2, and its own settings form takes any of them
    if not (s.win >= s.draw and s.win >= s.loss):
        key = "draw" if s.draw > s.win else "loss"
        raise SettingError(
            key,
            Message(
                "win {win}, draw {draw}, loss {loss}: a win must be worth "
                "at least a draw and at least a loss",
                win=fraction_text(s.win),
                draw=fraction_text(s.draw),
                loss=fraction_text(s.loss),
            ),
        )
    if s.value_normalisation == ValueNormalisation.WICKER and s.top_value.ratio is None:
        raise SettingError("value_normalisation", Message(
            "value_normalisation wicker needs top_value 'ratio R' (e.g. ratio 3): the first place "
            "is worth R, the last 1"))
    if s.forfeit_win < s.forfeit_loss:
        raise SettingError("forfeit_loss", Message("forfeit_loss {loss} is more than forfeit_win "
                                                   "{win}", loss=fraction_text(s.forfeit_loss),
                                                   win=fraction_text(s.forfeit_win)))


def describe(settings: Settings) -> list[tuple[str, str]]:
    """The settings in force as (key, text) rows, for the Settings echo and ``check``."""
    rows: list[tuple[str, str]] = []
    for f in fields(Settings):
        value = getattr(settings, f.name)
        if f.name == "codes":
            rows.extend((f"code {c}", str(credit)) for c, credit in value)
            continue
        if f.name in ("fixed", "forbidden"):
            rows.extend((f.name + (f" R{pc.round}" if pc.round else ""), f"{pc.first} vs {pc.second}")
                        for pc in value)
            continue
        if isinstance(value, Fraction):
            text = fraction_text(value)
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
