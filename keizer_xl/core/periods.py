"""Periods: a season split into Keizer competitions of their own (issue 18, item 1).  Pure.

The ``periods`` setting lists each period's first round (``1, 11, 21``).  A period becomes a
season of its own (:func:`period_season`): the same players, each with ``Start`` = his place in
the season's ranking before the period, only the period's games, byes and absences renumbered
from round 1 (round-numbered settings, ``Joined`` and ``withdrawn R`` too), computed by the
engine like any other; the season's own standings do not change.  ``period_scoring 6/3/1``
ranks a period by match points (a forfeit win and the bye as a win, an adjourned or unfinished
game as a draw), ties by the period's Keizer ranking.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from collections.abc import Mapping

from keizer_xl.core import scoring
from keizer_xl.core.model import Player, Season
from keizer_xl.core.settings import Settings
from keizer_xl.core.setting_values import match_points
from keizer_xl.core.engine.grid import season_rounds
from keizer_xl.core.engine.valuemap import moved_ratings
from keizer_xl.core.engine import Standing, compute_history


@dataclass(frozen=True)
class Period:
    """Period ``number`` (from 1): rounds ``first`` .. ``last`` (None: to the season's end)."""

    number: int
    first: int
    last: int | None


def period_end(season: Season, period: Period) -> int:
    """The period's last round: the round before the next period, the last period's the
    season's end (the ``last_round`` setting, else the last round Attendance or Results has)."""
    return period.last if period.last is not None else season.season_end()


def periods_of(settings: Settings) -> tuple[Period, ...]:
    """The periods the ``periods`` setting defines (one period, the season, when it is empty)."""
    firsts = settings.periods or (1,)
    return tuple(Period(i, first, firsts[i] - 1 if i < len(firsts) else None)
                 for i, first in enumerate(firsts, start=1))


@dataclass(frozen=True)
class PeriodRow:
    """One line of a period's standing; ``value`` is None when it is ranked by match points."""

    place: int
    name: str
    score: Fraction
    value: Fraction | None
    games: int
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True)
class PeriodStanding:
    """A period's standing after its round ``upto`` (a season round number)."""

    period: Period
    upto: int
    start_order: tuple[str, ...]  # the season's ranking before the period
    keizer: Standing  # the period as a Keizer competition of its own (its rounds from 1)
    rows: tuple[PeriodRow, ...]
    scoring: str  # "keizer" or the match points "6/3/1"
    notes: tuple[str, ...] = ()
    group: str = ""  # the group this period's standing ranks ("" without groups)
    #: the period is over: its last round (the last period's: the season's end,
    #: Season.season_end) has results; else it is still running
    finished: bool = False
    end: int | None = None  # the last period's last round when the last_round setting says it

    @property
    def leader(self) -> str | None:
        return self.rows[0].name if self.rows else None


def _renumber(rnd: int | None, first: int) -> int | None:
    return None if rnd is None else max(1, rnd - first + 1)


def period_season(season: Season, period: Period, start_order: tuple[str, ...],
                  upto: int | None = None) -> Season:
    """The period as a season of its own: players started in ``start_order`` (the season's
    ranking before the period; anyone not in it after them, in start order), the period's
    rounds up to ``upto`` renumbered from 1, the same settings without ``periods``."""
    first = period.first
    last = period.last if upto is None else (upto if period.last is None
                                             else min(upto, period.last))
    place = {name: i for i, name in enumerate(start_order, start=1)}
    extra = len(place)
    rating = _ratings_before(season, first)
    players: list[Player] = []
    for p in season.players:
        if p.name not in place:
            extra += 1
            place[p.name] = extra
        players.append(replace(p, start=place[p.name], joined=_renumber(p.joined, first) or 1,
                               withdrawn_round=_renumber(p.withdrawn_round, first),
                               rating=rating.get(p.name, p.rating)))

    def inside(rnd: int) -> bool:
        return rnd >= first and (last is None or rnd <= last)

    games = tuple(replace(g, round=g.round - first + 1) for g in season.games if inside(g.round))
    byes = tuple(replace(b, round=b.round - first + 1) for b in season.byes if inside(b.round))
    absences = tuple(replace(a, round=a.round - first + 1) for a in season.absences
                     if inside(a.round))
    s = season.settings
    settings = replace(s, periods=(), absence_max_per_period=False, rematch_period=False,
                       extra_passes_from_round=_renumber(s.extra_passes_from_round, first) or 1,
                       converge_from_round=_renumber(s.converge_from_round, first))
    return Season(players=tuple(players), games=games, byes=byes, absences=absences,
                  settings=settings,
                  attendance_rounds=tuple(r - first + 1 for r in season.attendance_rounds
                                          if inside(r)))


def _ratings_before(season: Season, first: int) -> dict[str, int | None]:
    """With ``value_basis rating`` and a ``k_factor``, ratings move during the season (rules
    section 8): a period starts from the ratings after the round before it, as the season's
    values at that point do.  Otherwise the ratings in Players."""
    s = season.settings
    if s.value_basis != "rating" or not s.k_factor or first <= 1:
        return {}
    before = first - 1
    players = season.players
    index = {p.name: i for i, p in enumerate(players)}
    moved = moved_ratings(season, players, index, before)[-1]  # the engine's Elo (section 8)
    if moved is None:
        return {}
    return {p.name: int(moved[i]) if p.rating is not None else None
            for i, p in enumerate(players)}


def part_standing(season: Season, period: Period, order: tuple[str, ...], upto: int,
                  group: str = "", record: Mapping[str, tuple[int, int, int]] | None = None
                  ) -> PeriodStanding:
    """``period`` of ``season`` (the whole season, or one group's) as a competition of its own,
    started from ``order``, after season round ``upto``; ``record`` (W, D, L per player over
    the period's games, from the competition view) replaces the engine's count."""
    sub = period_season(season, period, order, upto)
    k = upto - period.first + 1
    history = compute_history(sub, k)
    st = history.after(k)
    if record is not None:
        st = st.with_record(record)
    points = match_points(season.settings)
    if points is None:
        rows = tuple(PeriodRow(place, name, st.score[name], st.value[name], st.games[name],
                               st.wins[name], st.draws[name], st.losses[name])
                     for place, name in zip(st.places, st.order, strict=True))
    else:
        rows = _match_rows(sub, st, k, points)
    return PeriodStanding(period, upto, order, st, rows, season.settings.period_scoring,
                          tuple(history.notes), group, upto >= period_end(season, period),
                          season.settings.last_round if period.last is None else period.last)


def _match_rows(sub: Season, st: Standing, k: int,
                points: tuple[Fraction, Fraction, Fraction]) -> tuple[PeriodRow, ...]:
    """Match points per game of the period (module doc), ties by the period's Keizer order."""
    win, draw, loss = points
    worth = {scoring.WIN: win, scoring.FORFEIT_WIN: win, scoring.BYE: win, scoring.DRAW: draw,
             scoring.ADJOURNED: draw, scoring.PENDING: draw, scoring.LOSS: loss}
    rounds = season_rounds(sub, k)  # the classification the engine just made of ``sub``
    row_of = {p.name: i for i, p in enumerate(rounds.players)}
    kinds = rounds.kind.tolist()
    total = {name: sum((worth.get(c, Fraction(0)) for c in kinds[row_of[name]][1:k + 1]),
                       Fraction(0)) for name in st.order}
    keizer_place = {name: i for i, name in enumerate(st.order)}
    order = sorted(st.order, key=lambda n: (-total[n], keizer_place[n]))
    return tuple(PeriodRow(place, name, total[name], None, st.games[name], st.wins[name],
                           st.draws[name], st.losses[name])
                 for place, name in enumerate(order, start=1))
