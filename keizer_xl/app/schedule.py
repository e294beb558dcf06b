"""``schedule``: every round of the season's round robins (issue 36, docs/round-robin.md), the
rounds played with their results, the postponed games marked; and the Schedule sheet that
``pair`` and ``standings`` write whenever a group plays a round robin."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keizer_xl.app.workbook import BookRequest
from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Season
from keizer_xl.core.round_robin import Scheduled, schedule
from keizer_xl.core.settings import Settings, System, system_of
from keizer_xl.errors import ActionError, Message
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import read_season
from keizer_xl.sheets.ownership import claim
from keizer_xl.sheets.read_names import workbook_language
from keizer_xl.sheets.schedule_sheet import STATES, schedule_layout
from keizer_xl.sheets.titles import RunContext

if TYPE_CHECKING:
    from keizer_xl.i18n import Translator
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class GroupSchedule:
    """One round robin: its group ("" the season's), players by pairing number, its rounds
    (season rounds ``first`` .. ``last``), cycles, and every game."""

    group: str
    players: tuple[str, ...]
    first: int
    last: int
    cycles: int
    games: tuple[Scheduled, ...]

    def as_json(self) -> dict[str, Any]:
        rounds = []
        for rnd in range(self.first, self.last + 1):
            mine = [s for s in self.games if s.round == rnd]
            rounds.append({"round": rnd, "boards": [
                {"board": s.board, "white": s.white, "black": s.black,
                 "result": s.result.value if s.result else None, "state": s.state}
                for s in mine if s.state != "bye"],
                "bye": next((s.white for s in mine if s.state == "bye"), None)})
        return {"group": self.group, "cycles": self.cycles, "first": self.first,
                "last": self.last, "players": [{"number": i, "name": n}
                                               for i, n in enumerate(self.players, 1)],
                "rounds": rounds}


@dataclass(frozen=True)
class ScheduleReport:
    groups: tuple[GroupSchedule, ...]
    language: str = "en"  # the workbook's

    def as_json(self) -> dict[str, Any]:
        return {"groups": [g.as_json() for g in self.groups]}

    @staticmethod
    def state_word(state: str) -> str:
        """The msgid a game's state is shown with ("" for a played game or the bye)."""
        return STATES.get(state, "")


def schedule_of(season: Season) -> ScheduleReport:
    """Every round robin of ``season`` (none: an empty report)."""
    view = Competition(season)
    out = []
    for g in view.groups:
        if view.system(g) is System.ROUND_ROBIN:
            rr = view.round_robin(g)
            out.append(GroupSchedule(g, rr.players, rr.first, rr.last, rr.cycles,
                                     schedule(season, rr)))
    return ScheduleReport(tuple(out))


def run(book: Book, request: BookRequest = BookRequest()) -> ScheduleReport:
    season = read_season(book, language=request.language)
    report = schedule_of(season)
    if not report.groups:
        raise ActionError(Message("no group plays a round robin (the round_robin setting is "
                                  "empty)"), usage=True)
    return ScheduleReport(report.groups, workbook_language(book, season.settings))


def write_schedule_sheet(book: Book, season: Season, context: RunContext) -> None:
    """The Schedule sheet, when a group plays a round robin (not saved)."""
    report = schedule_of(season)
    if not report.groups:
        return
    lang = workbook_language(book, season.settings)
    claim(book, ("Schedule",), lang)
    book.write_sheet(schema.sheet_name("Schedule", lang), schedule_layout(
        [(g.group, g.games) for g in report.groups], lang, context))


def keizer_groups(view: Competition, player: str | None = None) -> tuple[str, ...]:
    """The groups ``explain``, ``audit`` and ``compare`` speak of: those that play Keizer (a
    round robin has no Keizer values to explain, and its pairings are the Berger table's, not
    the engine's to audit).  Refused when there are none, or when ``player`` plays in a round
    robin."""
    if player is not None and view.system(view.group_of(player, max(view.round, 1))) \
            is System.ROUND_ROBIN:
        raise ActionError(Message("{name} plays in a round robin: explain is for the Keizer "
                                  "system (his standings: standings; his games: schedule)",
                                  name=player))
    keizer = tuple(g for g in view.groups if view.system(g) is not System.ROUND_ROBIN)
    if not keizer:
        raise ActionError(Message("the season is a round robin: explain, audit and compare are "
                                  "for the Keizer system (its standings: standings; its "
                                  "pairings, FIDE's Berger tables: schedule)"))
    return keizer


def rules_note(settings: Settings, keizer: str, tr: Translator) -> str:
    """The HTML page's line of rules: ``keizer`` (the Keizer system's), a round robin's (the
    season is one), or Keizer's and the round robin groups' (issue 36)."""
    if system_of(settings, "") is System.ROUND_ROBIN:
        return tr.gettext("Made with keizer-xl from the season workbook; rules: round robin "
                          "(FIDE's Berger tables), game points, FIDE tie-breaks.")
    return keizer + (" " + tr.gettext(
        "Group {groups}: round robin (FIDE's Berger tables), game points, FIDE tie-breaks.",
        groups=", ".join(settings.round_robin)) if settings.round_robin else "")
