"""Column widths and the frozen header row, per xlwings engine.

The engines disagree on both (xlwings 0.37.8, read from its sources):

* **widths**: desktop Excel (``engine.name == "excel"``, Windows COM or macOS AppleScript)
  takes ``Range.column_width`` in *characters* of the default font; the remote engine behind
  xlwings Lite and xlwings Server (``"remote"``, ``"officejs"``) passes the number to Office.js
  ``format.columnWidth``, which is in *points*.  The same 28 would give a Name column five times
  too narrow in Lite.  We convert with Excel's own rule for the default font (Calibri 11: a
  character is 7 pixels, plus 5 pixels of padding; 96 pixels are 72 points), which is exact for
  the default font and close enough for any other.
* **freezing the header**: the remote engine implements ``freeze_panes.freeze_at(range)`` as
  Office.js ``freezeAt``, which freezes *the whole range given*: ``"A2"`` would freeze rows 1-2
  and column A, so we give ``"1:1"`` (row 1 only).  The desktop engines do not implement
  ``freeze_panes`` at all (``AttributeError`` on the impl); on Windows we use the COM window
  (``ActiveWindow.SplitRow`` + ``FreezePanes``), which needs the sheet to be the active one.
  On macOS the AppleScript window object is not driven here (it cannot be tested on this
  project's machines): the header stays unfrozen there, and :func:`freeze_header` says so by
  returning False.
"""
from __future__ import annotations

import sys
from typing import Any
from collections.abc import Mapping

#: Engines whose ``column_width`` is in points (Office.js behind them).
POINT_ENGINES = frozenset({"remote", "officejs"})
#: Excel refuses a column wider than 255 characters.
MAX_WIDTH_CHARS = 255.0

_CHAR_PX = 7  # Calibri 11, Excel's default font: the width of a digit in pixels
_PAD_PX = 5   # the padding Excel adds to every column


def engine_of(book: Any) -> str:
    """The xlwings engine of ``book``: ``"excel"`` (desktop), ``"remote"`` or ``"officejs"``."""
    try:
        return str(book.app.engine.name)
    except AttributeError:
        return "excel"  # an object without engines is a desktop book of an older xlwings


def uses_points(engine: str) -> bool:
    return engine in POINT_ENGINES


def chars_to_points(chars: float) -> float:
    """Excel's width rule for the default font: 28 characters -> 150.75 points."""
    return round((float(chars) * _CHAR_PX + _PAD_PX) * 0.75, 2)


def set_column_widths(sheet: Any, widths: Mapping[int, float], engine: str) -> None:
    """Set the widths of columns (1-based index -> width in characters), one call per run of
    neighbouring columns of equal width, in the unit of ``engine``."""
    runs: list[tuple[int, int, float]] = []
    for col in sorted(widths):
        width = min(float(widths[col]), MAX_WIDTH_CHARS)
        if runs and runs[-1][1] == col - 1 and runs[-1][2] == width:
            runs[-1] = (runs[-1][0], col, width)
        else:
            runs.append((col, col, width))
    for first, last, width in runs:
        value = chars_to_points(width) if uses_points(engine) else width
        sheet.range((1, first), (1, last)).column_width = value


def freeze_header(sheet: Any, rows: int, engine: str) -> bool:
    """Freeze the top ``rows`` rows (no columns).  Returns whether the engine could do it."""
    if rows <= 0:
        return True
    if uses_points(engine):
        sheet.freeze_panes.freeze_at(f"1:{rows}")
        return True
    if sys.platform.startswith("win"):
        return _freeze_windows(sheet, rows)
    return False  # macOS desktop: not done (see the module docstring)


def _freeze_windows(sheet: Any, rows: int) -> bool:
    """COM: the window of the active sheet gets a split below ``rows`` and freezes it."""
    try:
        sheet.activate()
        window = sheet.book.app.api.ActiveWindow
        window.FreezePanes = False
        window.SplitColumn = 0
        window.SplitRow = rows
        window.FreezePanes = True
    except Exception as exc:  # com_error cannot be named without pywin32
        if type(exc).__name__ in ("com_error", "AttributeError"):
            return False
        raise
    return True
