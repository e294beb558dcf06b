"""The compare use case: the final ranking under the season's own settings and the other
recalculations and presets (analysis/compare.py), read from the one competition view
(issue 23): with groups, each group's competition compared on its own."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer_xl.analysis.compare import Comparison, compare_methods
from keizer_xl.core.competition import Competition
from keizer_xl.sheets.read import read_season

if TYPE_CHECKING:
    from keizer_xl.core.model import Season
    from keizer_xl.sheets.tables import Book

__all__ = ["CompareRequest", "CompareReport", "run", "compare_view"]


@dataclass(frozen=True)
class CompareRequest:
    """``compare`` takes nothing but the workbook (the sheet is written by the front end)."""


@dataclass(frozen=True)
class CompareReport:
    season: Season
    parts: tuple[tuple[str, Comparison], ...]  # ("", the season's) without groups


def compare_view(view: Competition) -> CompareReport:
    if not view.grouped:
        gs = view.standing("")
        return CompareReport(view.season, (("", compare_methods(view.season, gs.history)),))
    return CompareReport(view.season, tuple(
        (g, compare_methods(view.standing(g).season, view.standing(g).history))
        for g in view.groups))


def run(book: Book, request: CompareRequest = CompareRequest()) -> CompareReport:
    return compare_view(Competition(read_season(book)))
