"""The table interface every client implements (the file book, Excel, LibreOffice): it reads a
sheet as a header row and raw values, writes an engine sheet as its ``Layout`` describes it,
appends and deletes a user's rows as a ``sheets.region`` plan says, and shows messages.  It
knows nothing of Keizer points.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from collections.abc import Sequence

from keizer_xl.errors import MissingPartError

if TYPE_CHECKING:
    from keizer_xl.sheets.layout import Layout


def column_letter(index: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def blank(value: Any) -> bool:
    """An empty cell as every client reports it: None or only white space."""
    return value is None or (type(value) is str and not value.strip())


def header_text(value: Any) -> str:
    """A header cell as text: 1.0 (a number typed as header) -> '1'."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def place_rows(headers: Sequence[str], rows: Sequence[dict[str, Any]], where: str,
               label: str) -> list[dict[int, Any]]:
    """Map rows keyed by header text (case-insensitive, first column of a name wins) to
    column indices, for ``Book.append_rows``.  A key that is not a column is fine when its
    value is empty and a KeyError otherwise: a value must never be dropped silently."""
    index = {h.strip().casefold(): i for i, h in reversed(list(enumerate(headers))) if h.strip()}
    plan: list[dict[int, Any]] = []
    for row in rows:
        placed: dict[int, Any] = {}
        for key, value in row.items():
            i = index.get(str(key).strip().casefold())
            if i is None:
                if blank(value) or (isinstance(value, float) and value != value):
                    continue
                raise MissingPartError(f"{where} in {label} has no column {key!r} "
                               f"(its columns: {', '.join(h for h in headers if h)})")
            placed[i] = value
        plan.append(placed)
    return plan


def checked_data_rows(data_rows: Sequence[int], count: int, where: str, label: str) -> list[int]:
    """The distinct data rows to delete, in order; an IndexError names any that do not exist."""
    wanted = sorted({int(i) for i in data_rows})
    bad = [i for i in wanted if not 0 <= i < count]
    if bad:
        raise MissingPartError(f"{where} in {label} has {count} data rows; there is no data row "
                         f"{', '.join(str(i) for i in bad)} to delete")
    return wanted


@dataclass(frozen=True)
class Table:
    """A block of cells as the user typed them: raw values (str, int, float, bool, datetime or
    None), a tuple per sheet row below the header, placed on the sheet by ``header_row`` and
    ``first_column`` (1-based) so any cell can be named as ``Sheet!B7``."""

    sheet: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    header_row: int = 1
    first_column: int = 1
    #: headed cells of the header row right of an Excel Table, past an empty column (the
    #: Table does not reach them): (column, header); sheets/region.Region.outside
    outside: tuple[tuple[int, str], ...] = ()

    def cell(self, row_index: int, column_index: int) -> str:
        """Address of data row ``row_index`` (0-based) in column ``column_index`` (0-based)."""
        columns = self._column_prefixes
        prefix = (columns[column_index] if 0 <= column_index < len(columns)
                  else f"{quote_sheet(self.sheet)}!{column_letter(self.first_column + column_index)}")
        return f"{prefix}{self.header_row + 1 + row_index}"

    def header_cell(self, column_index: int) -> str:
        return f"{quote_sheet(self.sheet)}!{column_letter(self.first_column + column_index)}{self.header_row}"

    @functools.cached_property
    def _column_prefixes(self) -> tuple[str, ...]:
        """``Sheet!B`` of every column, made once per table: a season names thousands of cells
        (every game keeps the cell of its result), so each address is one concatenation."""
        sheet = quote_sheet(self.sheet)
        return tuple(f"{sheet}!{column_letter(self.first_column + i)}"
                     for i in range(len(self.headers)))


def quote_sheet(name: str) -> str:
    return f"'{name}'" if any(c in name for c in " -'()") else name


class Book(Protocol):
    """What an action needs from a workbook, whatever client holds it."""

    def sheet_names(self) -> list[str]: ...

    def read_table(self, sheet: str) -> Table:
        """The header row and data of ``sheet`` (or of the first Excel Table on it)."""

    def top_cells(self, sheet: str, rows: int, columns: int) -> dict[tuple[int, int], Any]:
        """The non-empty values of the first ``rows`` x ``columns`` cells of ``sheet`` by
        (row, column), 1-based: where ``sheets.ownership`` looks for the engine's mark."""

    def write_sheet(self, sheet: str, layout: Layout) -> None:
        """Replace (or create) an engine-owned sheet as ``layout`` describes it (cells, styles,
        widths, frozen rows, print setup); text starting with '=' stays text."""

    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        """Append rows to a user's table below its last non-empty row, matching headers
        case-insensitively; an Excel Table on the sheet grows to include them
        (``sheets.region.plan_append`` says where; the client only carries it out)."""

    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        """Delete data rows (0-based indices into ``read_table(sheet).rows``) of a user's
        table, moving the rows below up; an Excel Table shrinks with them."""

    def message(self, text: str) -> None: ...

    def save(self) -> None:
        """Make the writes permanent (a file transport replaces the file atomically)."""
