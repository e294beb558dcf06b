"""THE view of a season's competition: groups, periods, moves, categories and every player's
record, decided once (issue 23, docs/club-year.md).  Pure.

A command builds one :class:`Competition` for its season and round and every consumer (the
Standings and Periods sheets, JSON, CSV, HTML, explain, check, the pairing's group split) reads
it; nothing else splits the season by group or by period.  It decides each player's group in
every round (promotions and relegations only at period boundaries, core/groups.py), each
period's rounds, each part = (group, period) as a Keizer competition of its own started from
the group's ranking before the period (core/periods.py), the season standing per group, the
categories (filters of a part's ranking), and each player's record (games, W/D/L, TPR,
``min_games``), which ALWAYS comes from all his games of the season or period, in whatever
group he played them.  Keizer points come from the engine run unchanged on a part's sub-season.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TypeVar
from collections.abc import Callable, Sequence

from keizer_xl.core import scoring
from keizer_xl.core.engine.grid import season_rounds
from keizer_xl.core.group_rounds import group_next_round
from keizer_xl.core.groups import (Move, group_key, group_moves, group_names, group_season,
                                   has_groups, membership)
from keizer_xl.core.model import Player, Season
from keizer_xl.core.performance import Record, records
from keizer_xl.core.periods import Period, PeriodStanding, part_standing, periods_of
from keizer_xl.core.engine import History, Standing, compute_history
from keizer_xl.core.round_robin import (RoundRobin, RoundRobinGames, round_robin_notes,
                                         scored_games)
from keizer_xl.core.settings import RoundRobinOrder, System, system_of
from keizer_xl.errors import Message

K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class GroupStanding:
    """The season standing of one group (``group`` "" without groups) after ``standing.round``.

    ``standing`` holds the group's Keizer points and each player's record (W/D/L over all his
    games); ``records`` the whole record (forfeits, game points, TPR); ``unranked`` the players
    below ``min_games`` in the final standings; ``not_yet`` those who join later (Rank '-');
    ``notes`` the engine's notes and who joins later (not the moves)."""

    group: str
    season: Season  # the competition that ranks them: the group's season, or the season
    history: History
    standing: Standing
    records: dict[str, Record]
    notes: tuple[str, ...]
    not_yet: tuple[str, ...]
    unranked: tuple[str, ...]
    categories: tuple[tuple[str, tuple[str, ...]], ...]
    moves: tuple[Move, ...]  # the moves into or out of this group so far


def categories_of(players: Sequence[Player]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each category and its members, in Players order."""
    members: dict[str, list[str]] = {}
    for p in players:
        for c in p.categories:
            members.setdefault(c, []).append(p.name)
    return tuple((c, tuple(names)) for c, names in members.items())


def _kept(store: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``store[key]``, made by ``make`` the first time it is asked for."""
    found = store.get(key)
    if found is None:
        found = store[key] = make()
    return found


class Competition:
    """The season's competition after round ``round`` (default: the last round with results).

    Built once per command; everything is computed the first time it is asked for and kept.
    ``round`` outside 0 .. the last round with results is a ValueError (the use case words
    it)."""

    def __init__(self, season: Season, after_round: int | None = None):
        self.season = season
        self.last = season.last_round_with_results()
        self.round = self.last if after_round is None else after_round
        if not 0 <= self.round <= self.last:
            raise ValueError(f"round {self.round} has no results yet")
        self.grouped = has_groups(season)
        self.groups: tuple[str, ...] = group_names(season) if self.grouped else ("",)
        # the moves decided at every boundary reached by the round after this standing's
        self.moves: tuple[Move, ...] = (group_moves(season, upto=self.round + 1)
                                        if self.grouped else ())
        self.periods: tuple[Period, ...] = periods_of(season.settings)
        self._membership: dict[int, dict[str, str]] = {}
        self._group_seasons: dict[tuple[str, int], Season] = {}
        self._standings: dict[str, GroupStanding] = {}
        self._parts: dict[tuple[str, int], PeriodStanding] = {}
        self._records: dict[tuple[int, int], dict[str, Record]] = {}
        self._histories: dict[tuple[str, int, int], History] = {}
        self._round_robins: dict[str, RoundRobin] = {}

    # ---- who is in which group ------------------------------------------------------------

    def find_group(self, text: str) -> str | None:
        """The group called ``text`` (case and spaces ignored), None when there is none."""
        return next((g for g in self.groups if g and group_key(g) == group_key(text)), None)

    def groups_in(self, rnd: int) -> dict[str, str]:
        """Each player's group in round ``rnd`` ("" without groups)."""
        return _kept(self._membership, rnd, lambda: membership(self.season, rnd, self.moves))

    def group_of(self, name: str, rnd: int) -> str:
        return self.groups_in(rnd).get(name, "")

    def members(self, group: str, rnd: int) -> tuple[str, ...]:
        """``group``'s players in round ``rnd``, in Players order."""
        key = group_key(group)
        groups = self.groups_in(rnd)
        return tuple(p.name for p in self.season.players if group_key(groups[p.name]) == key)

    def group_season(self, group: str, rnd: int) -> Season:
        """The season of ``group``'s players in round ``rnd`` (core/groups.py); the season
        itself without groups."""
        if not self.grouped:
            return self.season
        return _kept(self._group_seasons, (group, rnd),
                     lambda: group_season(self.season, group, rnd, self.moves))

    def history(self, group: str, rnd: int, upto: int) -> History:
        """The history up to round ``upto`` of ``group``'s season of round ``rnd`` (the
        season's without groups): every standing, period start and audit reads it here."""
        key = (group, rnd if self.grouped else 0, upto)  # one season without groups
        return _kept(self._histories, key, lambda: compute_history(self.group_season(group, rnd), upto))

    def next_round(self, group: str) -> int:
        """The round ``group`` pairs next: one after the last round in which a player who was
        in the group in that round has a game or the bye in Results (a round the other groups
        have paired in which fewer than two of its members could play is over for it too):
        :func:`keizer_xl.core.group_rounds.group_next_round`, the one place it is decided."""
        return group_next_round(self.season, group, self.moves)

    def moves_decided_now(self) -> tuple[Move, ...]:
        """The moves decided by this round's results: in force from the next round (what
        ``standings`` and ``check`` announce, once)."""
        return tuple(m for m in self.moves if m.round == self.round + 1)

    # ---- which system a group plays (issue 36) ---------------------------------------------

    def system(self, group: str = "") -> System:
        """The system ``group`` ("" without groups) plays: the one place it is decided
        (the ``round_robin`` setting: ``all``, or the groups named)."""
        return system_of(self.season.settings, group)

    def round_robin(self, group: str = "") -> RoundRobin:
        """``group``'s round robin: its players in pairing-number order (the Players sheet's
        Start order, or drawn by lot with ``round_robin_seed``), fixed from its first round:
        the first round in which a member of the group takes part.  A player of the group
        who joins later is not in it (``check`` and ``pair`` refuse him)."""
        return _kept(self._round_robins, group, lambda: self._round_robin(group))

    def _round_robin(self, group: str) -> RoundRobin:
        import random

        s = self.season.settings
        end = max(self.season.season_end(), self.season.known_rounds(), 1)
        first = 1
        names: tuple[str, ...] = ()
        for rnd in range(1, end + 1):
            mine = set(self.members(group, rnd))
            names = tuple(p.name for p in self.season.players
                          if p.name in mine and p.is_member(rnd))
            if names:
                first = rnd
                break
        index = {p.name: i for i, p in enumerate(self.season.players)}
        start = {p.name: p.start for p in self.season.players}
        order: list[str] = sorted(names, key=lambda n: (start[n] is None, start[n] or 0, index[n]))
        if s.round_robin_order == RoundRobinOrder.LOT and s.round_robin_seed is not None:
            random.Random(s.round_robin_seed).shuffle(order)  # noqa: S311 (a repeatable draw)
        return RoundRobin(group, tuple(order), first, s.round_robin_cycles, s.round_robin_swap)

    def round_robin_games(self, group: str = "") -> RoundRobinGames:
        """``group``'s round robin up to the group's round of this standing: the games that
        count, the forfeits added and the results annulled for withdrawals (the one place:
        :func:`keizer_xl.core.round_robin.scored_games`), the games still outstanding."""
        return scored_games(self.season, self.round_robin(group), self.group_round(group))

    # ---- records --------------------------------------------------------------------------

    @functools.cached_property
    def _rounds(self) -> scoring.Rounds:
        # the season's one classification, shared with the engine (core/engine/grid.py)
        return season_rounds(self.season, self.last)

    def records(self, first: int = 1, last: int | None = None) -> dict[str, Record]:
        """Every player's record over rounds ``first`` .. ``last`` (default: this round), from
        all his games of the season."""
        key = (first, self.round if last is None else last)
        return _kept(self._records, key, lambda: records(self._rounds, *key))

    # ---- the season standing per group ----------------------------------------------------

    def standing(self, group: str = "") -> GroupStanding:
        """``group``'s season standing after this round (``""``: the season's, without groups)."""
        return _kept(self._standings, group, lambda: self._standing(group))

    def standings(self) -> tuple[GroupStanding, ...]:
        """Every group's, highest group first (one, the season's, without groups)."""
        return tuple(self.standing(g) for g in self.groups)

    def group_round(self, group: str) -> int:
        """The round ``group``'s standings are after: this round, or the group's last round
        with a result when the group has not played it yet (groups paired and played one at
        a time); its parts end there too."""
        if not self.grouped:
            return self.round
        return min(self.round, self.group_season(group, max(self.round, 1))
                   .last_round_with_results())

    def _standing(self, group: str) -> GroupStanding:
        k = self.group_round(group)
        gs = self.group_season(group, max(self.round, 1))
        history = self.history(group, max(self.round, 1), k)
        mine = self.records(1, k)
        names = {p.name for p in gs.players}
        rec = {n: r for n, r in mine.items() if n in names}
        st = history.after(k).with_record({n: r.wdl for n, r in rec.items()})
        notes = list(history.notes)
        if not st.converged:
            notes.append(Message("Round {round}: {note}.", round=st.round, note=st.note))
        # before round 1 (a new season's start list) everyone who plays from round 1 is
        # ranked by the start order; only later entrants wait for their round
        not_yet = tuple(p.name for p in gs.players if p.joined > max(st.round, 1))
        notes += [Message("{name} joins in round {round}: not ranked yet (Rank '-')",
                          name=p.name, round=p.joined) for p in gs.players if p.name in not_yet]
        unranked: tuple[str, ...] = ()
        minimum = gs.settings.min_games
        # min_games applies to the final standings only: after the season's last round (the
        # last_round setting, else the last round in Attendance or Results); earlier, everybody
        # has few games (docs/club-year.md); the games are ALL his games of the season (issue 23)
        if minimum and st.round and st.round >= self.season.season_end():
            unranked = tuple(n for n in st.order if rec[n].games < minimum)
            if unranked:
                notes.append(Message("Fewer than {n} games (min_games), shown after the table "
                                     "without a rank: {names}", n=minimum,
                                     names=", ".join(unranked)))
        if self.system(group) is System.ROUND_ROBIN:
            notes += round_robin_notes(self.round_robin_games(group), k)
        moves = tuple(m for m in self.moves if group in (m.source, m.target))
        return GroupStanding(group, gs, history, st, rec, tuple(notes), not_yet, unranked,
                             categories_of(gs.players), moves)

    # ---- periods: one part per (group, period) --------------------------------------------

    def played_periods(self, group: str | None = None) -> tuple[Period, ...]:
        """The periods with a round up to this one (``group``: up to the group's round), in
        order."""
        last = self.round if group is None else self.group_round(group)
        return tuple(p for p in self.periods if p.first <= last)

    def part(self, group: str, number: int) -> PeriodStanding:
        """Period ``number`` of ``group`` ("" without groups) after this round: a competition
        of its own over the group's players of that period.  ValueError for a period that does
        not exist or has not started."""
        if not 1 <= number <= len(self.periods):
            raise ValueError(f"no period {number}")
        period = self.periods[number - 1]
        if period.first > self.group_round(group):
            raise ValueError(f"period {number} has not started")
        return _kept(self._parts, (group, number), lambda: self._part(group, period))

    def parts(self, group: str | None = None) -> tuple[PeriodStanding, ...]:
        """Every part played so far: group by group (highest first), each group's periods in
        order; ``group``: only that group's."""
        wanted = self.groups if group is None else (group,)
        return tuple(self.part(g, p.number) for g in wanted for p in self.played_periods(g))

    def _part(self, group: str, period: Period) -> PeriodStanding:
        last = self.group_round(group)
        upto = last if period.last is None else min(last, period.last)
        base = self.group_season(group, period.first)
        before = period.first - 1
        # the period starts from the group's season ranking before it, over the group's players
        # of the period (those moved in at its start ranked by their season so far)
        order = tuple(self.history(group, period.first, before).after(before).order)
        names = {p.name for p in base.players}
        rec = {n: r.wdl for n, r in self.records(period.first, upto).items() if n in names}
        return part_standing(base, period, order, upto, group, rec)
