"""A round robin's standings by game points (issue 36, docs/round-robin.md): the games that
count up to a round (core/round_robin.py ``scored_games``, the one place withdrawals and
postponed games are decided) ranked by FIDE's tie-breaks (core/tiebreaks.py), and the
crosstable's cells.  Pure."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from keizer_xl.core import tiebreaks
from keizer_xl.core.model import Result, Season
from keizer_xl.core.round_robin import RoundRobin, RoundRobinGames
from keizer_xl.core.settings import ROUND_ROBIN_TIEBREAKS

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
#: a result's game points for White and Black, and whether it was a forfeit
POINTS: dict[Result, tuple[Fraction, Fraction, bool]] = {
    Result.WHITE_WINS: (ONE, ZERO, False), Result.BLACK_WINS: (ZERO, ONE, False),
    Result.DRAW: (HALF, HALF, False), Result.WHITE_FORFEIT: (ONE, ZERO, True),
    Result.BLACK_FORFEIT: (ZERO, ONE, True), Result.DOUBLE_FORFEIT: (ZERO, ZERO, True),
    Result.ADJOURNED: (HALF, HALF, False)}  # counted as a draw until its result is typed
#: a crosstable cell: the points, a forfeit marked F as the season's crosstable does
CELL = {(ONE, False): "1", (HALF, False): "½", (ZERO, False): "0", (ONE, True): "1F",
        (ZERO, True): "0F"}


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


def _names(season: Season) -> tuple[str, ...]:
    """The ``tiebreak`` setting's FIDE acronyms, else C.07's recommendation for an individual
    round robin (settings.ROUND_ROBIN_TIEBREAKS)."""
    fide = [t for t in season.settings.tiebreak if t.fide] or list(ROUND_ROBIN_TIEBREAKS)
    return tuple(t.value.upper() for t in fide)


def standing(season: Season, games: RoundRobinGames, rr: RoundRobin, upto: int
             ) -> RoundRobinStanding:
    """``rr``'s standings after season round ``upto`` from the games that count
    (core/round_robin.py ``scored_games``: withdrawals decided, postponed games left out)."""
    last = min(upto, rr.last)
    annulled = set(games.annulled)
    t = tiebreaks.Tournament(
        tuple(p for p in rr.players if p not in annulled),
        tuple(tiebreaks.Game(g.round, g.white, g.black, *POINTS[g.result])
              for g in games.games if g.round <= last),
        ratings={p.name: p.rating for p in season.players if p.rating})
    names = _names(season)
    lines = tiebreaks.rank(t, names)
    lines += [tiebreaks.Standing(0, p, ZERO, tuple(None for _ in names)) for p in rr.players
              if p in annulled]
    number = {p: i for i, p in enumerate(rr.players)}
    cells: dict[str, list[list[str]]] = {p: [[] for _ in rr.players] for p in rr.players}
    record = {p: [0, 0, 0, 0] for p in rr.players}
    for g in sorted(games.games, key=lambda g: g.round):
        w, b, forfeit = POINTS[g.result]
        for me, opp, pts in ((g.white, g.black, w), (g.black, g.white, b)):
            cells[me][number[opp]].append(CELL[pts, forfeit])
            rec = record[me]
            rec[0] += 0 if forfeit else 1
            rec[1 if pts == ONE else 2 if pts == HALF else 3] += 1
    return RoundRobinStanding(
        rr, last, names, tuple(lines), tuple(p for p in rr.players if p in annulled),
        {p: tuple(" ".join(c) for c in cs) for p, cs in cells.items()},
        {p: (r[0], r[1], r[2], r[3]) for p, r in record.items()})
