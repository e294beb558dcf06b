"""One conversion of a Python value (exact Fractions, numpy scalars, dates, typed text) into a
spreadsheet :data:`CellValue`, with the same rules for every client (WORKBOOK-CONTRACT.md,
Output sheets): text loses the control characters .xlsx forbids and is cut at Excel's 32,767
characters (text like ``=HYPERLINK(...)`` stays text, each client makes sure of it); a Fraction
is an int when whole, else a float (rounding for display is the layout's); integers beyond
2**53 and infinite floats become text, which keeps their digits; NaN, NaT, pd.NA and '' are
an empty cell.
"""
from __future__ import annotations

import math
import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any

#: what a cell of a layout holds, whatever the client
CellValue = None | str | bool | int | float | datetime | date | time | timedelta

NUMERIC_LIMIT = 2 ** 53  # larger integers lose digits in a spreadsheet; written as text
TEXT_LIMIT = 32767       # Excel's longest cell text
# the characters XML 1.0 (and so .xlsx) cannot hold; tab, newline and carriage return stay
_ILLEGAL_CHARS = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")


def clean_text(text: str) -> str:
    """Text as a cell can hold it: control characters removed, at most 32,767 characters."""
    if _ILLEGAL_CHARS.search(text):
        text = _ILLEGAL_CHARS.sub("", text)
    return text[:TEXT_LIMIT]


def cell_value(value: Any) -> CellValue:
    """Any value the engine or pandas produces as a cell value (see the module docstring)."""
    if value is None:
        return None
    t = type(value)
    if t is str:
        return clean_text(value) if value != "" else None
    if t is bool:
        return bool(value)
    if t is int:
        return value if -NUMERIC_LIMIT < value < NUMERIC_LIMIT else str(value)
    if t is float:
        if value != value:
            return None
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Fraction):
        return cell_value(int(value) if value.denominator == 1 else float(value))
    if isinstance(value, Decimal):
        if not value.is_finite():
            return None if value.is_nan() else str(value)
        return cell_value(int(value) if value == value.to_integral_value() else float(value))
    module = t.__module__.split(".")[0]
    if module in ("numpy", "pandas"):
        return _from_pandas(value)
    if isinstance(value, int):  # a subclass (bool is none: it has no subclasses)
        return cell_value(int(value))
    if isinstance(value, float):
        return cell_value(float(value))
    if isinstance(value, (datetime, time)) and value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    if isinstance(value, (datetime, date, time, timedelta)):
        return value
    return cell_value(str(value))


def _from_pandas(value: Any) -> CellValue:
    """numpy scalars, pd.NA, pd.NaT and pd.Timestamp (imported only when one turns up; a numpy
    number never imports pandas, which costs a command a quarter of a second)."""
    import numpy as np

    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.generic) and not isinstance(value, np.datetime64):
        return cell_value(value.item())
    import pandas as pd

    if value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, pd.Timestamp):
        return cell_value(value.to_pydatetime())
    if isinstance(value, np.datetime64):
        return None if np.isnat(value) else cell_value(pd.Timestamp(value))
    return cell_value(str(value))


def display_width(value: CellValue) -> int:
    """How many characters a cell value takes on screen, for fitting a column to its content."""
    if value is None:
        return 0
    if isinstance(value, str):
        if "\n" not in value:  # one line (nearly every cell): its length (issue 25)
            return len(value)
        return max((len(line) for line in value.split("\n")), default=0)
    if isinstance(value, float):
        return len(f"{value:.2f}")
    if isinstance(value, (datetime, date)):
        return 10
    return len(str(value))
