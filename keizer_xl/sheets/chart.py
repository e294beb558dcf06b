"""A native chart on an engine sheet, described for the file client to draw (``batch``'s
History: the top players' rank after each round).  The chart reads its numbers from the sheet's
own cells, so it follows the grid as a club edits or recalculates it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: cells of one row of the chart's sheet: (row, first column, last column), 1-based
RowRange = tuple[int, int, int]


@dataclass(frozen=True)
class Chart:
    """A chart whose series are rows of its own sheet, anchored at a cell; a page starts at
    its row (the grid above keeps its print scale)."""

    kind: Literal["line"]
    title: str
    series: tuple[tuple[str, RowRange], ...]  # (name, values) in the legend's order
    categories: RowRange                      # the x axis' labels
    anchor: tuple[int, int]                   # (row, column) of its top left corner
    size: tuple[int, int]                     # (width, height) in whole centimetres
    x_title: str = ""
    y_title: str = ""
    y_bounds: tuple[int, int] | None = None   # (min, max) of the y axis
    y_step: int | None = None                 # between the y axis' labels; None: the reader's
    y_reversed: bool = False                  # the smallest value on top (rank 1)
