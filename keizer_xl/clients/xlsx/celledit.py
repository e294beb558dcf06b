"""Cells of a user's table the engine fills in (issue 37: ratings and ids from a rating list):
:class:`CellEditing` gives :class:`.book.FileBook` ``set_cells``; each cell keeps its style,
text is an inline string, never a formula.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Mapping

from keizer_xl.clients.xlsx.cellxml import SheetCells, value_cell

if TYPE_CHECKING:
    from keizer_xl.clients.xlsx.package import SheetEntry
    from keizer_xl.clients.xlsx.splice import Edits

__all__ = ["CellEditing"]


class CellEditing:
    """``set_cells`` of :class:`.book.FileBook` (which gives the rest)."""

    _edits: Edits

    if TYPE_CHECKING:  # given by FileBook
        def _worksheet(self, sheet: str) -> SheetEntry: ...
        def _sheet_cells(self, entry: SheetEntry) -> SheetCells: ...
        def _changed(self, title: str) -> None: ...

    def set_cells(self, sheet: str, values: Mapping[tuple[int, int], Any],
                  header_row: int | None = None) -> None:
        """Put each value (str, int, float or None) at its (row, column) of ``sheet``, both
        1-based; a new cell in ``header_row`` is styled as the header cell left of it."""
        if not values:
            return
        entry = self._worksheet(sheet)
        assert entry.part is not None
        cells = self._sheet_cells(entry)
        self._changed(entry.name)
        for (r, c), value in sorted(values.items()):
            existing = cells.cell(r, c)
            style = existing.style if existing is not None else 0
            if existing is None and r == header_row and c > 1:
                left = cells.cell(r, c - 1)
                style = left.style if left is not None else 0
            cells.put(r, c, value_cell(r, c, value, style, cells.prefix))
        self._edits.sheets[entry.part] = cells
