"""Cell values between the model and a LibreOffice sheet, both ways, converted as the file
client converts them: a block read in bulk (``getDataArray``; whole numbers as ``int``,
date/time cells as ``datetime``/``time``, error cells as their text, empty cells as ``None``),
a value as ``setDataArray`` takes it, and the number format key of an Excel-style code.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any, cast

from keizer_xl.clients.lo_uno import (FORMULA_ERROR, NF_DATE, NF_LOGICAL, NF_TIME,
                                      LibreOfficeError, uno_struct)
from keizer_xl.errors import Message
from keizer_xl.sheets.cells import NUMERIC_LIMIT as _NUMERIC_LIMIT, cell_value
from keizer_xl.sheets.tables import quote_sheet

# The same limits as the file transport's preflight: a season table is far below them.
MAX_ROWS = 100_000
MAX_COLUMNS = 2_000


def to_cell(value: Any, null_date: datetime) -> tuple[Any, str]:
    """A value (converted as by every client, ``sheets.cells``) as setDataArray takes it: text
    or a float ("" = empty), with the format kind a date, time or boolean needs."""
    value = cell_value(value)
    if value is None:
        return "", ""
    if isinstance(value, str):
        return value, ""
    if isinstance(value, bool):
        return (1.0 if value else 0.0), "bool"
    if isinstance(value, (int, float)):
        return float(value), ""
    if isinstance(value, datetime):
        return (value - null_date) / timedelta(days=1), "datetime"
    if isinstance(value, date):
        return float((value - null_date.date()).days), "date"
    if isinstance(value, time):
        return (value.hour * 3600 + value.minute * 60 + value.second
                + value.microsecond / 1e6) / 86400, "time"
    return value / timedelta(days=1), "time"


#: the number format a value's kind (from :func:`to_cell`) needs to show as itself
KIND_FORMATS = {"date": "YYYY-MM-DD", "datetime": "YYYY-MM-DD HH:MM:SS", "time": "HH:MM:SS",
                "bool": "BOOLEAN"}


def read_block(doc: Any, sheet: Any, first_row: int, first_col: int, last_row: int,
               last_col: int, label: str, null_date: datetime) -> list[list[Any]]:
    """Values of a block, converted as FileBook reads them (None for empty); ``label`` names
    the book in the message when the block is too large."""
    if last_row < first_row or last_col < first_col:
        return []
    where = quote_sheet(sheet.Name)
    if last_row - first_row + 1 > MAX_ROWS or last_col - first_col + 1 > MAX_COLUMNS:
        raise LibreOfficeError(Message(
            "{where} in {book} spans {rows} rows x {columns} columns (the limit is "
            "{max_rows} x {max_columns}); delete the unused rows and columns below and right "
            "of the data.", where=where, book=label,
            rows=f"{last_row - first_row + 1:,}", columns=f"{last_col - first_col + 1:,}",
            max_rows=f"{MAX_ROWS:,}", max_columns=f"{MAX_COLUMNS:,}"))
    rng = sheet.getCellRangeByPosition(first_col, first_row, last_col, last_row)
    rows = [[_read_value(v) for v in row] for row in rng.getDataArray()]
    # date, time and boolean cells: numbers with such a format
    formats = rng.getUniqueCellFormatRanges()
    number_formats = doc.NumberFormats
    for i in range(formats.Count):
        ranges = formats.getByIndex(i)
        try:
            kind = number_formats.getByKey(ranges.NumberFormat).Type
        except Exception:  # noqa: S112 - an unknown key: leave the numbers as numbers
            continue
        if not kind & (NF_DATE | NF_TIME | NF_LOGICAL):
            continue
        for a in ranges.getRangeAddresses():
            for r in range(a.StartRow, a.EndRow + 1):
                for c in range(a.StartColumn, a.EndColumn + 1):
                    value = rows[r - first_row][c - first_col]
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        rows[r - first_row][c - first_col] = _typed(value, kind, null_date)
    # error results (#N/A, #DIV/0!) read as their text, like the cached value in a file
    try:
        errors = rng.queryFormulaCells(FORMULA_ERROR).getRangeAddresses()
    except Exception:
        errors = ()
    for a in errors:
        for r in range(a.StartRow, a.EndRow + 1):
            for c in range(a.StartColumn, a.EndColumn + 1):
                rows[r - first_row][c - first_col] = sheet.getCellByPosition(c, r).String
    return rows


def _typed(value: float, kind: int,
           null_date: datetime) -> bool | float | datetime | time | timedelta:
    if kind & NF_LOGICAL:
        return bool(value)
    millis = round(float(value) * 86_400_000)
    if kind & NF_DATE:
        try:
            return null_date + timedelta(milliseconds=millis)
        except OverflowError:
            return value
    if 0 <= millis < 86_400_000:  # a time of day
        seconds = round(millis / 1000)
        return time(seconds // 3600 % 24, seconds // 60 % 60, seconds % 60)
    return timedelta(milliseconds=millis)


def _read_value(v: Any) -> Any:
    if v is None:  # an error result reads as void; fixed up afterwards
        return None
    if type(v) is str:
        return v if v != "" else None
    if isinstance(v, float):
        return int(v) if v.is_integer() and abs(v) < _NUMERIC_LIMIT else v
    return v


def format_key(doc: Any, cache: dict[str, int], code: str) -> int:
    """The number format key of an Excel-style format code (en-US notation); ``cache``: the
    keys this document already has, by code."""
    key = cache.get(code)
    if key is not None:
        return key
    formats = doc.NumberFormats
    us = uno_struct("com.sun.star.lang.Locale", Language="en", Country="US", Variant="")
    if code == "BOOLEAN":
        key = formats.getStandardFormat(NF_LOGICAL, us)
    else:
        local = doc.CharLocale
        same = (local.Language, local.Country) in (("en", "US"), ("", ""))
        if same:
            key = formats.queryKey(code, us, False)
            if key == -1:
                key = formats.addNew(code, us)
        else:  # the document's own locale: convert the separators
            key = formats.addNewConverted(code, us, local)
    cache[code] = key
    return cast(int, key)  # UNO's number format keys are ints
