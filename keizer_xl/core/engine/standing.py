"""A standing as the engine gives it (KEIZER-RULES.md section 4): :class:`Standing`,
:class:`StandingRow` and :class:`History` (every round's).  Pure.  A standing keeps the
engine's integer arrays; the Fractions and dictionaries readers want are made when first asked
for, so a whole season's history costs little more than its last ranking.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Callable, Mapping


from keizer_xl.core.scoring import Array, IntArray


@dataclass(frozen=True)
class StandingRow:
    """One line of a standing as the engine ranks it; what an output shows is the row model's
    (core/rows.py), built from these lines and the view."""

    place: int
    name: str
    score: Fraction
    value: Fraction
    prev_value: Fraction
    own_points: Fraction
    games: int
    wins: int
    draws: int
    losses: int
    rounds: tuple[Fraction, ...]  # points per round 1..round (own value not included)


@dataclass(frozen=True)
class StandingData:
    """A standing as the engine computed it: integer arrays over the player indices.

    Amounts are integers over ``scale`` (totals, own, grid) or ``vden`` (values)."""

    round: int
    names: tuple[str, ...]
    order: IntArray  # player indices, best first
    places: IntArray
    totals: Array
    own: Array
    values: Array
    prev_values: Array
    # (players, round + 1): points of rounds 0..round (column 0 unused), computed on demand
    grid_of: Callable[[], Array] | None
    stats: IntArray  # (players, 3): W, D, L over the board so far
    scale: int
    vden: int
    shown: IntArray | None = None  # the order it is shown in (display_order), None: ``order``


class Standing:
    """The ranking after one round, with everything the Standings sheet shows.

    Kept as integer arrays; the Fractions and dictionaries (``score[name]``, ``value[name]``,
    ``round_points[name]``, ``rows`` ...) are built the first time they are asked for."""

    def __init__(self, data: StandingData, *, passes: int = 1, converged: bool = True,
                 note: str = ""):
        self._d = data
        self.round = data.round
        self.passes = passes
        self.converged = converged
        self.note = note

    def __repr__(self) -> str:
        return f"Standing(round={self.round}, order={self.order!r})"

    def _frac(self, arr: Array, den: int) -> dict[str, Fraction]:
        names = self._d.names
        return {names[i]: Fraction(int(arr[i]), den) for i in self._d.order.tolist()}

    def _ints(self, column: int | None) -> dict[str, int]:
        names, st = self._d.names, self._d.stats
        col = st.sum(axis=1) if column is None else st[:, column]
        return {names[i]: int(col[i]) for i in self._d.order.tolist()}

    def with_record(self, record: Mapping[str, tuple[int, int, int]]) -> Standing:
        """This standing with each named player's W, D, L replaced by ``record`` (the points
        and the order unchanged).  A group's standing counts a game against another group as a
        credit (core/groups.py), but a player's record counts every game he played: the
        competition view (core/competition.py) puts it here, so every row shows it."""
        d = self._d
        stats = d.stats.copy()
        for i, name in enumerate(d.names):
            if name in record:
                stats[i] = record[name]
        data = dataclasses.replace(d, stats=stats)
        return Standing(data, passes=self.passes, converged=self.converged, note=self.note)

    @functools.cached_property
    def order(self) -> tuple[str, ...]:
        """Names, best first."""
        names = self._d.names
        return tuple(names[i] for i in self._d.order.tolist())

    @functools.cached_property
    def places(self) -> tuple[int, ...]:
        """1..N, or shared places (1, 1, 3) with ``tied_share_value``."""
        return tuple(self._d.places.tolist())

    @functools.cached_property
    def score(self) -> dict[str, Fraction]:
        return self._frac(self._d.totals, self._d.scale)

    @functools.cached_property
    def value(self) -> dict[str, Fraction]:
        """Value after this round (from this ranking)."""
        return self._frac(self._d.values, self._d.vden)

    @functools.cached_property
    def prev_value(self) -> dict[str, Fraction]:
        """Value in force while computing it (after round - 1)."""
        return self._frac(self._d.prev_values, self._d.vden)

    @functools.cached_property
    def own_points(self) -> dict[str, Fraction]:
        return self._frac(self._d.own, self._d.scale)

    @functools.cached_property
    def games(self) -> dict[str, int]:
        return self._ints(None)

    @functools.cached_property
    def wins(self) -> dict[str, int]:
        return self._ints(0)

    @functools.cached_property
    def draws(self) -> dict[str, int]:
        return self._ints(1)

    @functools.cached_property
    def losses(self) -> dict[str, int]:
        return self._ints(2)

    @functools.cached_property
    def shown_order(self) -> tuple[str, ...]:
        """Names in the order the standing is shown (``display_order``); :attr:`order`, the
        ranking, is what values and pairings come from."""
        if self._d.shown is None:
            return self.order
        names = self._d.names
        return tuple(names[i] for i in self._d.shown.tolist())

    @functools.cached_property
    def rows(self) -> tuple[StandingRow, ...]:
        """The standing as rows, best first, in the order it is shown (places 1..N in that
        order when ``display_order`` differs from the ranking)."""
        points = self.round_points
        places = self.places if self._d.shown is None else range(1, len(self.order) + 1)
        return tuple(StandingRow(place, name, self.score[name], self.value[name],
                                 self.prev_value[name], self.own_points[name], self.games[name],
                                 self.wins[name], self.draws[name], self.losses[name],
                                 points[name])
                     for place, name in zip(places, self.shown_order, strict=True))

    @functools.cached_property
    def _grid(self) -> Array | None:
        """Points per player and round 0..round (integers over the scale), made when asked."""
        return self._d.grid_of() if self._d.grid_of is not None else None

    def round_column(self, rnd: int) -> dict[str, Fraction]:
        """Points of round ``rnd`` only, per player (cheaper than the whole round_points)."""
        d = self._d
        if self._grid is None or not 1 <= rnd <= self.round:
            return {n: Fraction(0) for n in self.order}
        column = self._grid[:, rnd]
        return {d.names[i]: Fraction(int(column[i]), d.scale) for i in d.order.tolist()}

    @functools.cached_property
    def round_points(self) -> dict[str, tuple[Fraction, ...]]:
        """Points per round 1..round as valued in this standing (own value not included)."""
        d = self._d
        if self._grid is None or self.round == 0:
            return {n: (Fraction(0),) * self.round for n in self.order}
        grid = self._grid[:, 1:].tolist()
        # one Fraction per distinct grid value (Fractions are immutable, so shared): a season's
        # cells hold a few hundred values, and each Fraction() reduces by a gcd (issue 25:
        # 2,100 of them on a 60 x 35 standings)
        scale = d.scale
        made: dict[int, Fraction] = {}
        return {d.names[i]: tuple(made[x] if x in made else made.setdefault(x, Fraction(int(x), scale))
                                  for x in grid[i])
                for i in d.order.tolist()}


@dataclass(frozen=True)
class History:
    """Standings after every round 0..last, and notes about the data (warnings, not errors)."""

    standings: tuple[Standing, ...]
    notes: tuple[str, ...] = ()

    def after(self, rnd: int) -> Standing:
        return self.standings[rnd]

    @property
    def last(self) -> Standing:
        return self.standings[-1]
