"""The check use case: every problem (with its cell) and every warning of a workbook, nothing
written (issue 23: read from the one competition view).

Promotion and relegation are said once: ``check`` names the moves decided by the latest
round's results (in force from the next round), not every move of the season every week;
``standings`` and the Standings sheet keep the whole list (docs/groups.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer_xl.core.competition import Competition, GroupStanding
from keizer_xl.core.round_robin import round_robin_notes
from keizer_xl.core.settings import System
from keizer_xl.app.preflight import refusals
from keizer_xl.app.workbook import BookRequest
from keizer_xl.errors import Message, Problem
from keizer_xl.sheets.read_checks import warnings

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class CheckReport:
    """What ``check`` found: every problem (with its cell) and every warning."""

    problems: tuple[Problem, ...]
    warnings: tuple[str, ...]
    language: str = "en"  # the workbook's


def run(book: Book, request: BookRequest = BookRequest()) -> CheckReport:
    """Every problem (with its cell) and every warning; nothing is written.  The problems are
    everything ``pair`` and ``standings`` would refuse (app/preflight.py, issue 33: with
    groups, every group's boards without a result at once)."""
    season, problems, waiting, lang = refusals(book, request.language)
    if season is None:
        return CheckReport(tuple(problems), (), lang)
    notes = warnings(season) + waiting
    view = Competition(season)
    if view.grouped:  # each group's engine notes; the moves decided now (said once)
        for gs in view.standings():
            notes.extend(Message("group {group}: {note}", group=gs.group, note=n)
                         for n in _engine_notes(view, gs))
        notes.extend(m.message for m in view.moves_decided_now())
    else:
        notes.extend(_engine_notes(view, view.standing()))
    return CheckReport(tuple(problems), tuple(notes), lang)


def _engine_notes(view: Competition, gs: GroupStanding) -> tuple[str, ...]:
    """A Keizer group's engine notes; a round robin's own (its empty games are postponed, not
    scored as the pending rule says, and a withdrawn opponent's game is a forfeit, not an
    absence): docs/round-robin.md."""
    if view.system(gs.group) is System.ROUND_ROBIN:
        return round_robin_notes(view.round_robin_games(gs.group), view.group_round(gs.group))
    return gs.history.notes
