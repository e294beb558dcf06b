"""A KeizerForClubs tournament's ``ConfigTab(CfgKey, CfgText, CfgValue)`` -> Settings rows
(``preset kfc`` and the tournament's own percentages and options), each problem at its
ConfigTab row.  Facts from Dumuzy/KeizerForClubs (``src/cSqliteInterface.cs``,
``frmMainform.cs``); docs/presets-kfc.md has the full mapping.
"""
from __future__ import annotations

import math
import sqlite3
from fractions import Fraction
from typing import Any

from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.errors import Message, Problem
from keizer_xl.formats import name_problem

def table_row(table: str, row: object) -> str:
    """Where a problem is: ``Pairing row 12`` (the table's name as KeizerForClubs has it;
    "row" in the club's language where it is shown, issue 26)."""
    return Message("{table} row {row}", table=table, row=row)


#: The percentages KeizerForClubs ships (cfg/KeizerForClubs.config.s3db), used for a key a
#: tournament lacks; the setting each one feeds.
SHIPPED_PERCENTAGES = {"BONUS.Freilos": ("bye", 50), "BONUS.Excused": ("absence_excused", 35),
                       "BONUS.Unexcused": ("absence_unexcused", 5),
                       "BONUS.Clubgame": ("absence_club", 70),
                       "BONUS.Retired": ("withdrawn_opponent", 75),
                       "BONUS.Verlust": ("loss", 0)}


def missing_columns(con: sqlite3.Connection, table: str, columns: tuple[str, ...]
                    ) -> list[Problem]:
    """A problem for each of ``columns`` that ``table`` lacks (named as such, not "the database
    is damaged: no such column": issue 34)."""
    have = {r[1].casefold() for r in con.execute(f"PRAGMA table_info('{table}')")}
    return [Problem(table, Message("column {column} is missing", column=c))
            for c in columns if c.casefold() not in have]


def config_table(con: sqlite3.Connection, problems: list[Problem]) -> dict[str, tuple[Any, Any]]:
    """CfgKey -> (CfgText, CfgValue)."""
    missing = missing_columns(con, "ConfigTab", ("CfgKey", "CfgText", "CfgValue"))
    if missing:
        problems.extend(missing)
        return {}
    return {str(k): (t, v) for k, t, v in
            con.execute("SELECT CfgKey, CfgText, CfgValue FROM ConfigTab") if k is not None}


#: setting -> the ConfigTab key it comes from (for the problem's place)
CONFIG_SOURCE = {setting: key for key, (setting, _d) in SHIPPED_PERCENTAGES.items()}
CONFIG_SOURCE.update({"top_value": "OPTION.RatioFirst2Last", "season": "OPTION.NiceName",
                      "value_normalisation": "OPTION.WickerNormalization",
                      "absence_decay": "OPTION.DecayBonus",
                      "own_value_fade": "OPTION.DecayPrevRound",
                      "rematch_gap": "OPTION.GameRepeat"})


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    try:
        f = float(str(value).strip().replace(",", "."))
    except ValueError:
        return None
    return f if math.isfinite(f) else None


#: ConfigTab keys KeizerForClubs reads without a default (frmMainform.cs, opening a tournament:
#: ``GetConfigInt("BONUS.Clubgame")``): a file without them cannot be scored by it either
REQUIRED_KEYS = ("BONUS.Clubgame", "BONUS.Excused", "BONUS.Unexcused", "BONUS.Retired")


def config_rows(config: dict[str, tuple[Any, Any]], problems: list[Problem],
                strict: bool = True, file_name: str = "") -> list[tuple[str, str]]:
    """``preset kfc`` and the tournament's own percentages and options, as Settings rows.

    ``strict`` (the file has a ConfigTab): a key KeizerForClubs reads without a default must
    be there with a value; ``BONUS.Freilos`` and ``BONUS.Verlust`` default to 50 and 0 as its
    ``GetConfigInt(key, default)`` does.  A row whose CfgValue is NULL is refused (KeizerForClubs'
    ``Convert.ToInt32`` fails on it)."""
    rows: list[tuple[str, str]] = [("preset", "kfc")]
    # the tournament's name: OPTION.NiceName, or the file's name without .s3db when it is
    # empty or missing, as KeizerForClubs titles it (frmMainform.SetTurnierAndFilename)
    name = config.get("OPTION.NiceName", (None, None))[0]
    if isinstance(name, bytes):  # a BLOB: the UTF-8 text KeizerForClubs writes, or nothing
        name = name.decode("utf-8", "replace")
    wrong = name_problem(str(name or ""))
    if wrong is not None:
        problems.append(Problem("ConfigTab row OPTION.NiceName", wrong))
        name = None
    name = str(name).strip() if name is not None and str(name).strip() else file_name.strip()
    if name:
        rows.append(("season", name))
    for key, (setting, default) in SHIPPED_PERCENTAGES.items():
        if strict and key in REQUIRED_KEYS and key not in config:
            problems.append(Problem("ConfigTab", Message(
                "the key {key} is missing (KeizerForClubs cannot score without it)", key=key)))
            continue
        raw = config.get(key, (None, None))[1]
        if strict and key in config and raw is None:
            problems.append(Problem(table_row("ConfigTab", key), Message("CfgValue is empty")))
            continue
        value = _number(raw) if raw is not None else float(default)
        if value is None or not 0 <= value <= 100:
            problems.append(Problem(table_row("ConfigTab", key), Message(
                "{value!r} is not a percentage between 0 and 100", value=raw)))
            continue
        # GetConfigInt: .NET Convert.ToInt32 rounds half to even, as Python's round does
        rows.append((setting, f"{round(value)}%"))
    raw = config.get("OPTION.RatioFirst2Last", (None, None))[1]
    ratio = _number(raw) if raw is not None else 3.0  # GetConfigFloat(key, 3)
    if strict and "OPTION.RatioFirst2Last" in config and raw is None:
        problems.append(Problem("ConfigTab row OPTION.RatioFirst2Last",
                                Message("CfgValue is empty")))
    elif ratio is None:
        problems.append(Problem("ConfigTab row OPTION.RatioFirst2Last",
                                Message("{value!r} is not a number", value=raw)))
    elif not math.isfinite(ratio) or abs(ratio) > _FLOAT32_MAX:
        # KeizerForClubs reads it as a float32 (GetConfigFloat): larger is no number there
        problems.append(Problem("ConfigTab row OPTION.RatioFirst2Last", Message(
            "{value!r} is too large for the ratio (KeizerForClubs keeps it as a float32, at "
            "most 3.4e38)", value=raw)))
    else:
        rows.append(("top_value", f"ratio {_float32_text(ratio)}"))
    if "OPTION.GameRepeat" in config:
        # "# rounds before pairings repeat": at least n rounds between two meetings, as
        # rematch_gap counts them (1, 4, 7 with n = 2); 0: the very next round
        raw = config["OPTION.GameRepeat"][1]
        gap = _number(raw)
        if gap is None or not gap.is_integer() or not 0 <= gap <= MAX_ROUND:
            problems.append(Problem("ConfigTab row OPTION.GameRepeat", Message(
                "{value!r} is not a number", value=raw)))
        else:
            rows.append(("rematch_gap", str(int(gap))))
    if _flag(config, "OPTION.WickerNormalization"):
        rows.append(("value_normalisation", "wicker"))
    if _flag(config, "OPTION.DecayBonus"):
        rows.append(("absence_decay", "halving-eu"))
    if _flag(config, "OPTION.DecayPrevRound"):
        rows.append(("own_value_fade", "5"))
    return rows


def _flag(config: dict[str, tuple[Any, Any]], key: str) -> bool:
    value = _number(config.get(key, (None, 0))[1])
    return bool(value)


#: the largest float32 (numpy.finfo(numpy.float32).max)
_FLOAT32_MAX = 3.4028234663852886e38


def _float32_text(x: float) -> str:
    """The shortest decimal of the float32 KeizerForClubs reads (GetConfigFloat: a float
    stored through a double, 1.7 arrives as 1.7000000476837158)."""
    import numpy as np

    text = np.format_float_positional(np.float32(x), trim="-")
    return str(Fraction(text)) if "e" in text else text
