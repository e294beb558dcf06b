"""What ``pair`` and ``standings`` refuse, decided once (issue 33): both read the season through
the one reader (``sheets/read.py``); ``pair`` refuses a round whose round before lacks results
(:func:`~keizer_xl.core.pairing_round.missing_results_error`, every group's boards in one
refusal; ``--force`` pairs anyway), and ``check`` reports all of it through :func:`refusals`,
each with its cell.  Refusals of a request (a round given, a group that does not exist) are the
request's and are not here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from keizer_xl.core.competition import Competition
from keizer_xl.core.settings import System
from keizer_xl.core.model import Game, Season
from keizer_xl.core.pairing_round import missing_results
from keizer_xl.errors import InputError, Message, Problem
from keizer_xl.sheets.read import read_season
from keizer_xl.sheets.read_names import workbook_language

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book

#: the games of one part (the season, or one group) in the round before the next, and those
#: of them without a result
Lacking = tuple[tuple[Game, ...], tuple[Game, ...]]


def results_missing(season: Season, view: Competition | None = None
                    ) -> tuple[int, list[Lacking]]:
    """The round ``pair`` pairs next (with groups: the earliest next round of any group, as
    ``pair`` chooses it) and, for the season or each group, the games of the round before it
    and those without a result."""
    view = view or Competition(season)
    if not view.grouped:
        rnd = max(season.paired_rounds(), default=0) + 1
        keizer = view.system() is System.KEIZER  # a round robin never waits (issue 36)
        return rnd, [missing_results(season, rnd)] if keizer else []
    rnd = min(view.next_round(g) for g in view.groups)
    return rnd, [missing_results(view.group_season(g, rnd), rnd) for g in view.groups
                 if view.system(g) is System.KEIZER]


def refusals(book: Book, language: str | None = None
             ) -> tuple[Season | None, list[Problem], list[str], str]:
    """Everything ``pair`` and ``standings`` would refuse: the problems of reading, each with
    its cell; and, when the season can be read, every game of every group that the next
    pairing waits for (a warning each, with its cell: no fault of the workbook); and the
    workbook's language."""
    try:
        season = read_season(book, language=language)
    except InputError as e:
        return None, list(e.problems), [], e.language or "en"
    lang = workbook_language(book, season.settings)
    rnd, parts = results_missing(season)
    if rnd <= 1:
        return season, [], [], lang
    return season, [], [Message(
        "{where}: {white} - {black} (round {round}, board {board}) has no result yet: round "
        "{next} is paired only when it has one", where=g.origin, white=g.white, black=g.black,
        round=g.round, board=g.board or "?", next=rnd) for _, lacking in parts for g in lacking
    ], lang
