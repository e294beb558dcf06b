"""Which group a player is in when, as the pairing and the next season ask it (issue 23).  Pure.

Decided once so that the pairing and ``new-season`` cannot drift from the promotion rules of
:mod:`keizer_xl.core.groups` (docs/groups.md): :func:`season_end_groups` (the groups after the
last moves, with ``promote_at_season_end`` a boundary after the last round with results) and
:func:`group_next_round` (round r is a group's when a player in it in round r has a game or
the bye then: after a promotion a group's members may never have met, yet those rounds are
over for them).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from keizer_xl.core.groups import Move, group_key, group_moves, group_names, membership
from keizer_xl.core.model import Season


@dataclass(frozen=True)
class SeasonEndGroups:
    """``groups``: name -> group as the season ends (every player of the season);
    ``moves``: every move of the season, in round order; ``at_end``: those decided at the
    season's end (after round ``last``), which no round of this season was played with."""

    groups: dict[str, str]
    moves: tuple[Move, ...]
    at_end: tuple[Move, ...]
    last: int


def season_end_groups(season: Season) -> SeasonEndGroups:
    """Each player's group after the season's last moves (module doc)."""
    last = season.last_round_with_results()
    s = season.settings
    rules = season
    if s.promote_at_season_end and last + 1 not in s.periods:
        # the season's end is one more period boundary: the round after the last played
        rules = replace(season, settings=replace(s, periods=tuple(sorted({*s.periods, 1,
                                                                          last + 1}))))
    moves = group_moves(rules) if last else ()
    at_end = tuple(m for m in moves if m.round == last + 1)
    return SeasonEndGroups(membership(season, last + 1, moves), moves, at_end, last)


def group_rounds(season: Season, group: str, moves: tuple[Move, ...]) -> tuple[int, ...]:
    """The rounds ``group`` has played or paired: those in which one of its members of that
    round has a game or the bye in Results."""
    key = group_key(group)
    came: dict[int, set[str]] = {}  # round -> who has a game or the bye in it (one pass)
    for g in season.games:
        came.setdefault(g.round, set()).update((g.white, g.black))
    for b in season.byes:
        came.setdefault(b.round, set()).add(b.player)
    out = []
    for rnd in sorted(came):
        groups = membership(season, rnd, moves)
        if any(group_key(groups.get(n, "")) == key for n in came[rnd]):
            out.append(rnd)
    return tuple(out)


def group_next_round(season: Season, group: str, moves: tuple[Move, ...] | None = None) -> int:
    """The round ``group`` pairs next: one after its last played or paired round
    (:func:`group_rounds`).  A round the other groups have already paired in which fewer than
    two of this group's members could play is over for it too (the club evening has passed)."""
    if moves is None:
        moves = group_moves(season)
    if group_key(group) not in {group_key(g) for g in group_names(season)}:
        raise ValueError(f"no group {group!r}")
    played = group_rounds(season, group, moves)
    rnd = (played[-1] if played else 0) + 1
    last_paired = max(season.paired_rounds(), default=0)
    while rnd <= last_paired and _playable(season, group, rnd, moves) < 2:
        rnd += 1
    return rnd


def _playable(season: Season, group: str, rnd: int, moves: tuple[Move, ...]) -> int:
    """How many of ``group``'s members of round ``rnd`` could be paired in it (members, not
    withdrawn, no attendance code for the round)."""
    key = group_key(group)
    members = {n for n, g in membership(season, rnd, moves).items() if group_key(g) == key}
    coded = {a.player for a in season.absences if a.round == rnd}
    return sum(1 for p in season.players if p.name in members and p.is_member(rnd)
               and not p.is_withdrawn(rnd) and p.name not in coded)
