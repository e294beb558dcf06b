"""The explain use case: why a player stands where he stands, read from the one competition
view (issue 23): his group's ranking, his games in another group said as the games they were,
his record over all his games of the season."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer_xl.analysis.explain import Explanation, explain_player, find_player, group_context
from keizer_xl.core.competition import Competition
from keizer_xl.core.performance import Record
from keizer_xl.app.schedule import keizer_groups
from keizer_xl.sheets.read import read_book

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class ExplainRequest:
    name: str  # as typed: case and spacing forgiven, a near miss suggested
    language: str | None = None  # the messages' (None: the workbook's)


@dataclass(frozen=True)
class ExplainReport:
    explanation: Explanation
    group_lines: tuple[str, ...]  # his group, why he moved, his record
    record: Record
    language: str = "en"  # the workbook's


def run(book: Book, request: ExplainRequest) -> ExplainReport:
    season, lang = read_book(book, request.language)
    name = find_player(season, request.name)  # PlayerNotFound: refused, exit 1
    view = Competition(season)
    keizer_groups(view, name)  # a round robin's player: refused, said why
    ctx = group_context(view, name)
    e = explain_player(ctx.season, ctx.history, name, ctx.facts)
    return ExplainReport(e, ctx.lines, ctx.record, lang)
