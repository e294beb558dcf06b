"""Game points and the rating performance (TPR) beside the Keizer points (issue 18, item 5).  Pure.

Game points: 1 for a win (a forfeit win too), 1/2 for a draw, 0 otherwise; a bye, an absence,
an adjourned or unfinished game earn none (they are not decided games).

TPR is FIDE's performance rating (FIDE Rating Regulations B.02, 8.2.3 and the dp table 8.1.1,
https://handbook.fide.com/chapter/B022024): over the games played over the board against a
rated opponent, Ra = the opponents' average rating rounded to a whole number, p = the score
fraction rounded to two decimals, TPR = Ra + dp(p); dp(1 - p) = -dp(p).  Forfeits and games
against unrated opponents are left out; a player without such a game has no TPR (None).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from keizer_xl.core import scoring

#: FIDE's dp for p = 0.50, 0.51, ..., 1.00 (B.02 table 8.1.1)
DP_TABLE: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)


def dp(p: Fraction) -> int:
    """FIDE's rating difference for the score fraction ``p`` (rounded to two decimals)."""
    hundredths = int((p * 100 + Fraction(1, 2)).__floor__())
    return DP_TABLE[hundredths - 50] if hundredths >= 50 else -DP_TABLE[50 - hundredths]


def performance(ratings: int, halves: int, n: int) -> int:
    """TPR of ``n`` games against opponents rated ``ratings`` in all, scoring ``halves`` half
    points, in integers (no Fraction per game: a 150 x 35 season has 5,000 of them)."""
    ra = (2 * ratings + n) // (2 * n)                  # Ra rounded half up
    return ra + dp(Fraction(halves, 2 * n))


@dataclass(frozen=True)
class Record:
    """A player's record over a span of rounds: games over the board (W + D + L, as the
    Standings sheet's Games column counts them), forfeits, game points (module doc) and TPR.
    The competition view (core/competition.py) computes it over ALL his games of the season,
    in whatever group he played them (issue 23)."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    game_points: Fraction = Fraction(0)
    tpr: int | None = None

    @property
    def wdl(self) -> tuple[int, int, int]:
        return (self.wins, self.draws, self.losses)


def records(rounds: scoring.Rounds, first: int = 1, last: int | None = None
            ) -> dict[str, Record]:
    """Every player's :class:`Record` over rounds ``first`` .. ``last`` (default: all) of one
    classification of the whole season (scoring.classify)."""
    last = rounds.last if last is None else min(last, rounds.last)
    kinds, opponents = rounds.kind.tolist(), rounds.opponent.tolist()
    rating = [p.rating for p in rounds.players]
    halves = {scoring.WIN: 2, scoring.DRAW: 1, scoring.LOSS: 0}  # a game's score in half points
    out: dict[str, Record] = {}
    for i, p in enumerate(rounds.players):
        mine = kinds[i][first:last + 1]
        n = ratings = scored = 0
        for k, o in zip(mine, opponents[i][first:last + 1], strict=True):
            r = rating[o] if k in halves else None
            if r is not None:
                n, ratings, scored = n + 1, ratings + r, scored + halves[k]
        w, d, lo = mine.count(scoring.WIN), mine.count(scoring.DRAW), mine.count(scoring.LOSS)
        fw = mine.count(scoring.FORFEIT_WIN)
        out[p.name] = Record(w + d + lo, w, d, lo, fw, mine.count(scoring.FORFEIT_LOSS),
                             Fraction(2 * (w + fw) + d, 2), performance(ratings, scored, n) if n else None)
    return out
