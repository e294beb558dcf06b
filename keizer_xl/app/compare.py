"""The compare use case: the final ranking under the season's own settings and the other
recalculations and presets (analysis/compare.py), read from the one competition view
(issue 23): with groups, each group's competition compared on its own."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from keizer_xl.analysis.compare import Comparison, compare_methods
from keizer_xl.core.competition import Competition
from keizer_xl.app.schedule import keizer_groups
from keizer_xl.sheets.read import read_book
from keizer_xl.sheets import schema
from keizer_xl.sheets.ownership import claim
from keizer_xl.sheets.read_names import workbook_language
from keizer_xl.sheets.analysis_sheets import compare_layout
from keizer_xl.sheets.group_sheets import grouped_layout
from keizer_xl.sheets.titles import run_context

if TYPE_CHECKING:
    from keizer_xl.core.model import Season
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class CompareRequest:
    """``write``: also write the Compare sheet into the workbook (and save it)."""

    write: bool = False
    language: str | None = None  # the messages' (None: the workbook's)


@dataclass(frozen=True)
class CompareReport:
    season: Season
    parts: tuple[tuple[str, Comparison], ...]  # ("", the season's) without groups
    written: str | None = None  # the Compare sheet's name in the workbook, when written
    notes: tuple[str, ...] = ()  # the command line's (an .ods: the sheet is not written)
    language: str = "en"  # the workbook's


def compare_view(view: Competition) -> CompareReport:
    """The Keizer groups' final rankings under other methods (a round robin has none)."""
    keizer = keizer_groups(view)
    if not view.grouped:
        gs = view.standing("")
        return CompareReport(view.season, (("", compare_methods(view.season, gs.history)),))
    return CompareReport(view.season, tuple(
        (g, compare_methods(view.standing(g).season, view.standing(g).history))
        for g in keizer))


def run(book: Book, request: CompareRequest = CompareRequest()) -> CompareReport:
    season, lang = read_book(book, request.language)
    report = replace(compare_view(Competition(season)), language=lang)
    return write_compare(book, report) if request.write else report


def write_compare(book: Book, report: CompareReport) -> CompareReport:
    """Write the Compare sheet (one titled block per group) into ``book`` and save it; the
    report with the sheet's name."""
    settings = report.season.settings
    lang = workbook_language(book, settings)
    claim(book, ("Compare",), lang)
    context = run_context(settings, book)
    layout = grouped_layout("compare", [(g, compare_layout(c, context, lang))
                                        for g, c in report.parts],
                            report.parts[0][1].round, lang, context)
    name = schema.sheet_name("Compare", lang)
    book.write_sheet(name, layout)
    book.save()
    return replace(report, written=name)
