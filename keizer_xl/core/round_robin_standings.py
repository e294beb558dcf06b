"""A round robin's standings by game points (issue 36, docs/round-robin.md): its games up to a
round as FIDE's tie-breaks read them (core/tiebreaks.py), withdrawals as FIDE rules them, the
games still outstanding, and the crosstable's cells.  Pure.

A postponed game keeps the round it was scheduled in (Results' Round): the standings after
round r count every game of rounds up to r that has a result and name the ones outstanding.
A withdrawn player (Players' ``withdrawn R``) who played fewer than half his games has his
results annulled, otherwise his remaining games are lost by forfeit (``round_robin_withdrawal``:
:func:`withdrawal_rule`, the one place this is decided).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from keizer_xl.core import tiebreaks
from keizer_xl.core.model import Game, Result, Season
from keizer_xl.core.round_robin import RoundRobin
from keizer_xl.core.settings import ROUND_ROBIN_TIEBREAKS, RoundRobinWithdrawal
from keizer_xl.errors import Message

__all__ = ["RoundRobinStanding", "standing", "withdrawal_rule", "POINTS", "CELL"]

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
#: a result's game points for White and Black, and whether it was a forfeit
POINTS: dict[Result, tuple[Fraction, Fraction, bool]] = {
    Result.WHITE_WINS: (ONE, ZERO, False), Result.BLACK_WINS: (ZERO, ONE, False),
    Result.DRAW: (HALF, HALF, False), Result.WHITE_FORFEIT: (ONE, ZERO, True),
    Result.BLACK_FORFEIT: (ZERO, ONE, True), Result.DOUBLE_FORFEIT: (ZERO, ZERO, True)}
#: a crosstable cell: the points, a forfeit marked F as the season's crosstable does
CELL = {(ONE, False): "1", (HALF, False): "½", (ZERO, False): "0", (ONE, True): "1F",
        (ZERO, True): "0F"}


def withdrawal_rule(played: int, total: int,
                    choice: RoundRobinWithdrawal = RoundRobinWithdrawal.FIDE
                    ) -> RoundRobinWithdrawal:
    """What a withdrawal does to a player's games: ``ANNUL`` his results or ``FORFEIT`` his
    remaining games.  FIDE's rule: fewer than half of his ``total`` games ``played``, annul."""
    if choice is not RoundRobinWithdrawal.FIDE:
        return choice
    return RoundRobinWithdrawal.ANNUL if 2 * played < total else RoundRobinWithdrawal.FORFEIT


@dataclass(frozen=True)
class RoundRobinStanding:
    """A round robin after ``round``: ``lines`` ranked (core/tiebreaks.py ``Standing``, the
    annulled after them with place 0), ``names`` the tie-breaks, ``cells`` each player's
    results against each pairing number, ``record`` games, wins, draws, losses."""

    field: RoundRobin
    round: int
    names: tuple[str, ...]
    lines: tuple[tiebreaks.Standing, ...]
    annulled: tuple[str, ...]
    cells: dict[str, tuple[str, ...]]
    record: dict[str, tuple[int, int, int, int]]
    notes: tuple[Message, ...]


def _names(season: Season) -> tuple[str, ...]:
    """The ``tiebreak`` setting's FIDE acronyms, else C.07's recommendation for an individual
    round robin (settings.ROUND_ROBIN_TIEBREAKS)."""
    fide = [t for t in season.settings.tiebreak if t.fide] or list(ROUND_ROBIN_TIEBREAKS)
    return tuple(t.value.upper() for t in fide)


def standing(season: Season, rr: RoundRobin, upto: int) -> RoundRobinStanding:
    """``rr``'s standings after season round ``upto`` (its games of rounds up to it)."""
    field = set(rr.players)
    last = min(upto, rr.last)
    mine = [g for g in season.games if g.white in field and g.black in field
            and rr.first <= g.round <= last]
    done = {(g.round, frozenset((g.white, g.black))): g for g in mine if g.result in POINTS}
    notes: list[Message] = []
    # the schedule up to ``last``: played, outstanding, or forfeited by a withdrawal
    games: list[Game] = []
    outstanding: list[str] = []
    annulled: set[str] = set()
    total = (len(rr.players) - 1) * rr.cycles
    gone = {p.name: p.withdrawn_round for p in season.players
            if p.name in field and p.withdrawn_round is not None}
    for name in sorted(gone, key=lambda n: (gone[n] or 0, n)):
        played = sum(1 for (_, pair), g in done.items()
                     if name in pair and not POINTS[g.result][2])
        rule = withdrawal_rule(played, total, season.settings.round_robin_withdrawal)
        if rule is RoundRobinWithdrawal.ANNUL:
            annulled.add(name)
            notes.append(Message("{name} withdrew after {played} of his {total} games: his "
                                 "results are annulled", name=name, played=played, total=total))
        else:
            notes.append(Message("{name} withdrew after {played} of his {total} games: his "
                                 "remaining games are lost by forfeit", name=name,
                                 played=played, total=total))
    for i, pairs in enumerate(rr.table()[:max(0, last - rr.first + 1)]):
        rnd = rr.first + i
        for white, black in pairs:
            if not black:
                continue
            g = done.get((rnd, frozenset((white, black))))
            if g is not None:
                games.append(g)
                continue
            quit_ = [n for n in (white, black) if n in gone and rnd >= (gone[n] or 0)]
            if annulled & {white, black}:
                continue  # his results do not count: nothing outstanding either
            if quit_:
                res = (Result.DOUBLE_FORFEIT if len(quit_) == 2 else
                       Result.BLACK_FORFEIT if quit_[0] == white else Result.WHITE_FORFEIT)
                games.append(Game(rnd, white, black, res))
            else:
                outstanding.append(f"{white} - {black} ({rnd})")
    if outstanding:
        notes.append(Message("after round {round} {count} game(s) outstanding: {games}",
                             round=last, count=len(outstanding), games=", ".join(outstanding)))
    t = tiebreaks.Tournament(
        tuple(p for p in rr.players if p not in annulled),
        tuple(tiebreaks.Game(g.round, g.white, g.black, *POINTS[g.result])
              for g in games if g.white not in annulled and g.black not in annulled))
    names = _names(season)
    lines = tiebreaks.rank(t, names)
    lines += [tiebreaks.Standing(0, p, ZERO, tuple(None for _ in names)) for p in rr.players
              if p in annulled]
    number = {p: i for i, p in enumerate(rr.players)}
    cells: dict[str, list[list[str]]] = {p: [[] for _ in rr.players] for p in rr.players}
    record = {p: [0, 0, 0, 0] for p in rr.players}
    for g in sorted(games, key=lambda g: g.round):
        w, b, forfeit = POINTS[g.result]
        for me, opp, pts in ((g.white, g.black, w), (g.black, g.white, b)):
            cells[me][number[opp]].append(CELL[pts, forfeit])
            rec = record[me]
            rec[0] += 0 if forfeit else 1
            rec[1 if pts == ONE else 2 if pts == HALF else 3] += 1
    return RoundRobinStanding(
        rr, last, names, tuple(lines), tuple(p for p in rr.players if p in annulled),
        {p: tuple(" ".join(c) for c in cs) for p, cs in cells.items()},
        {p: (r[0], r[1], r[2], r[3]) for p, r in record.items()}, tuple(notes))
