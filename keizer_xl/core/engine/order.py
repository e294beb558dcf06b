"""Orders: the start ranking, the tie-breaks and the order a standing is shown in
(KEIZER-RULES.md sections 2 and 4).  One strategy per setting value; :data:`START_ORDERS`,
:data:`TIEBREAKS` and :data:`DISPLAY_ORDERS` map the values to them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from keizer_xl.core.scoring import Array, IntArray
from keizer_xl.core.model import Player
from keizer_xl.core.settings import (DisplayOrder, NameOrder, Settings, StartRanking,
                                     Tiebreak)
from keizer_xl.core.engine.grid import Grid


# --------------------------------------------------------------------------- start ranking

def start_order(players: Sequence[Player]) -> list[Player]:
    """The start ranking (rules sections 2 and 7): ``Start`` when filled; players without one
    slotted in by rating before the first placed player rated lower (Sevilla's behaviour for
    late entrants); then the unrated in row order.  Equal ratings keep row order, never
    alphabetical."""
    placed = sorted((p for p in players if p.start is not None), key=lambda p: p.start or 0)
    rest = [p for p in players if p.start is None]
    rated = sorted((p for p in rest if p.rating is not None),
                   key=lambda p: -(p.rating or 0))  # stable: equal ratings keep row order
    unrated = [p for p in rest if p.rating is None]
    if not placed:
        return rated + unrated
    order = list(placed)
    for p in rated:
        rating = p.rating or 0
        pos = next((i for i, q in enumerate(order) if q.rating is not None and q.rating < rating),
                   len(order))
        order.insert(pos, p)
    return order + unrated


def rating_order(players: Sequence[Player], exact_names: bool) -> list[Player]:
    """``start_ranking rating``: rating descending (no rating counts as 0), equal ratings by
    name, as chesspairing's ``initialRanking`` (scoring/keizer/keizer.go) orders them.  Names
    compare by code points with ``name_order exact`` (Go's byte order), else case-insensitively."""
    def name(p: Player) -> str:
        return p.name if exact_names else p.name.casefold()
    return sorted(players, key=lambda p: (-(p.rating or 0), name(p)))


#: ``start_ranking`` -> the start order of a season's players
START_ORDERS: dict[StartRanking, Callable[[Sequence[Player], Settings], list[Player]]] = {
    StartRanking.LIST: lambda players, s: start_order(players),
    StartRanking.RATING: lambda players, s: rating_order(players,
                                                         s.name_order == NameOrder.EXACT),
}


def shared_places(t: Array) -> IntArray:
    """Shared places (1, 1, 3) of totals listed best first (equal totals share)."""
    m = len(t)
    new = np.ones(m, dtype=bool)
    if m > 1:
        new[1:] = np.asarray(t[1:] != t[:-1], dtype=bool)
    at = np.where(new, np.arange(m, dtype=np.int64), 0)
    return np.maximum.accumulate(at) + 1


# --------------------------------------------------------------------------- tie-breaks

def _rating(grid: Grid) -> IntArray:
    return np.array([-p.rating if p.rating is not None else 2 ** 62 for p in grid.players],
                    dtype=np.int64)


def _start(grid: Grid) -> IntArray:
    return np.arange(grid.n, dtype=np.int64)


def _name(grid: Grid) -> IntArray:
    exact = grid.settings.name_order == NameOrder.EXACT
    folded = [nm if exact else nm.casefold() for nm in grid.names]
    rank = {f: i for i, f in enumerate(sorted(set(folded)))}
    return np.array([rank[f] for f in folded], dtype=np.int64)


def _id(grid: Grid) -> IntArray:
    """The player's Id as a number; none or not a number: last."""
    return np.array([int(p.id) if p.id and p.id.strip().isdigit() else 2 ** 62
                     for p in grid.players], dtype=np.int64)


#: ``tiebreak`` names -> a key made once per season (lower sorts first); ``previous`` (the
#: previous place) and ``games`` (game points so far) change per round: :class:`TieBreaks`
TIEBREAKS: dict[Tiebreak, Callable[[Grid], IntArray]] = {
    Tiebreak.RATING: _rating, Tiebreak.START: _start, Tiebreak.NAME: _name, Tiebreak.ID: _id,
}


class TieBreaks:
    """The tie-breaks of a season (section 4): the keys after round k, and the ranking of
    totals by them (then by start order)."""

    def __init__(self, grid: Grid):
        self.names = tuple(t for t in grid.settings.tiebreak if not t.fide)  # FIDE: not here
        self.exact_ints = grid.dtype is not object
        self._games2 = (grid.games2() if Tiebreak.GAMES in self.names
                        else np.zeros((grid.n, 1), dtype=np.int64))
        self._static = {name: TIEBREAKS[name](grid) for name in self.names if name in TIEBREAKS}
        #: the keys are the same every round (no ``previous``, no ``games``)
        self.static = all(name in TIEBREAKS for name in self.names)

    def keys(self, prev_place: IntArray, k: int | None) -> list[IntArray]:
        """The tie-break keys for the ranking after round ``k`` (lower sorts first)."""
        keys: list[IntArray] = []
        for name in self.names:
            if name == Tiebreak.PREVIOUS:
                keys.append(prev_place)
            elif name == Tiebreak.GAMES:
                col = min(k, self._games2.shape[1] - 1) if k is not None else 0
                keys.append(-self._games2[:, col] if k is not None
                            else np.zeros(len(prev_place), dtype=np.int64))
            else:
                keys.append(self._static[name])
        return keys

    def rank(self, totals: Array, active_idx: IntArray, prev_place: IntArray,
             k: int | None = None) -> IntArray:
        """Order active players by exact total, then the tie-breaks, then start (``k``: the
        round the ranking is after, for the tie-break ``games``)."""
        idx = np.asarray(active_idx, dtype=np.int64)
        keys = self.keys(prev_place, k)
        if not self.exact_ints:  # Python integers: a plain sort on the same keys
            return np.array(sorted(idx.tolist(), key=lambda i: (
                -totals[i], *(int(key[i]) for key in keys), i)), dtype=np.int64)
        columns = [idx] + [key[idx] for key in reversed(keys)] + [-totals[idx]]
        return idx[np.lexsort(columns)]

    def positions(self, active_idx: IntArray, prev_place: IntArray, k: int) -> IntArray:
        """Each active player's place among ``active_idx`` by the tie-breaks and start order
        alone: ranking by (-total, this) is :meth:`rank` (the keys do not change within a
        round, so the passes of a round sort on two keys)."""
        idx = np.asarray(active_idx, dtype=np.int64)
        keys = self.keys(prev_place, k)
        order = np.lexsort([idx] + [key[idx] for key in reversed(keys)])
        out = np.empty(len(idx), dtype=np.int64)
        out[order] = np.arange(len(idx), dtype=np.int64)
        return out


# --------------------------------------------------------------------------- display order

def float32_hundredths(num: int, den: int) -> int:
    """``num / den`` as KeizerForClubs prints and orders it, in hundredths: stored as a float32
    (``Keizer_SumPts``, round to nearest even), then ``Math.Round(x, 2)`` (half to even) on
    that binary value.  Exact integer arithmetic: 3.865 is the float32 3.86500000954, so 3.87;
    2.675 is 2.67499995232, so 2.67; 4.125 is exact, a tie, so 4.12."""
    if num == 0:
        return 0
    sign, n = (-1 if (num < 0) != (den < 0) else 1), abs(num)
    d = abs(den)
    shift = 24 - (n.bit_length() - d.bit_length())  # q = n / d x 2^shift has 24 bits
    while True:
        top, bottom = (n << shift, d) if shift >= 0 else (n, d << -shift)
        q, r = divmod(top, bottom)
        if q >= 1 << 24:
            shift -= 1
        elif q < 1 << 23:
            shift += 1
        else:
            break
    if 2 * r > bottom or (2 * r == bottom and q % 2):
        q += 1  # float32: 24 significant bits, ties to even
    top, bottom = (q * 100, 1 << shift) if shift >= 0 else (q * 100 << -shift, 1)
    h, r = divmod(top, bottom)
    if 2 * r > bottom or (2 * r == bottom and h % 2):
        h += 1  # Math.Round(x, 2): half to even
    return sign * h


def printed_hundredths(totals: Array, scale: int) -> Array:
    """:func:`float32_hundredths` of every ``totals / scale``, in numpy where that is exact:
    a quotient of integers below 2^53 is the correctly rounded double, its float32 is the
    float32 of the exact quotient unless the double lies on a float32 midpoint (those few go
    the exact way), and a float32 times 100 is exact in a double, so ``rint`` rounds half to
    even exactly as Math.Round does."""
    limit = 2 ** 53
    if totals.dtype == object or scale >= limit or not len(totals) or \
            int(np.abs(totals).max()) >= limit:
        exact: Array = np.array([float32_hundredths(int(t), scale) for t in totals.tolist()],
                                dtype=object)  # Python integers: any size
        return exact
    quotient = totals.astype(np.float64) / scale
    single = quotient.astype(np.float32)
    back = single.astype(np.float64)
    gap = np.abs(quotient - back)
    ulp = np.spacing(np.abs(single)).astype(np.float64)
    out: IntArray = np.rint(back * 100).astype(np.int64)
    for i in np.flatnonzero((gap == ulp / 2) | (gap == ulp / 4)).tolist():
        out[i] = float32_hundredths(int(totals[i]), scale)
    return out


def points_games_rating(grid: Grid, k: int, order: IntArray, totals: Array,
                        scale: int) -> IntArray:
    """``display_order points-games-rating`` (KeizerForClubs' printed standings,
    cSqliteInterface.cs ``ComparePlayersForResultsList``): points as KFC prints them, its
    float32 total rounded to 2 decimals (:func:`float32_hundredths`), then game points
    (``GetPlayer_PartiePunkte``: wins and forfeit wins 1, draws and adjourned games 1/2), then
    rating; players equal in all three keep their ranking order."""
    games2 = grid.games2()[:, k]
    idx = order.tolist()
    rounded = printed_hundredths(totals[order], scale).tolist()
    rating = [grid.players[i].rating or 0 for i in idx]
    games = games2[order].tolist()
    sorted_at = sorted(range(len(idx)), key=lambda a: (-rounded[a], -games[a], -rating[a], a))
    return np.array([idx[a] for a in sorted_at], dtype=np.int64)


#: ``display_order`` -> the order a standing is shown in (None: the ranking itself)
DISPLAY_ORDERS: dict[DisplayOrder, Callable[[Grid, int, IntArray, Array, int], IntArray] | None] = {
    DisplayOrder.RANKING: None,
    DisplayOrder.POINTS_GAMES_RATING: points_games_rating,
}
