"""The Keizer standings engine (KEIZER-RULES.md sections 2-4, 7, 8).  Pure: no files, no Excel.

How it works.  Every round of every player is classified once by
:mod:`keizer_xl.core.scoring` (game, bye, absence, late, withdrawn ...) and gets a credit: a
share of a value (the opponent's or his own) or fixed points.  A season has only a handful of
distinct credits, so they become two small integer tables over a common denominator, and the
season becomes three integer grids over (player, round): ``coef``, ``fixed`` and ``target``
(whose value counts).  A *valuation pass* with a value map V is then one vectorised
expression, ``(coef * V[target] + fixed)[:, :k+1].sum(axis=1)``: no scatter, no Python loop
over results, and exact, because all amounts are integers over the common ``scale`` (rules
section 3: a rounding error must never decide a title).  int64 is used while a proven bound of
every amount fits (:attr:`Engine.bound`); beyond it the same code runs on Python integers.

A :class:`Standing` keeps those integer arrays; the Fractions and dictionaries the sheets,
JSON and explain read (``score[name]``, ``round_points[name]``, ``rows``) are made the first
time they are asked for, so a whole season's history costs little more than its last ranking.
"""
from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from keizer_xl.core import scoring
from keizer_xl.core.model import Game, Player, Result, ScoreKind, Season
from keizer_xl.core.rules import (Credit, DisplayOrder, NameOrder, OwnValue, Recalculation,
                                  Tiebreak, ValueBasis, Withdrawn)
from keizer_xl.core.values import place_values, scaled_values
from keizer_xl.errors import Message


# --------------------------------------------------------------------------- start ranking

def start_order(players: Sequence[Player]) -> list[Player]:
    """The start ranking (rules section 2): ``Start`` when filled, else rating, else row order.

    Players without a Start place are slotted in by rating before the first placed player with
    a lower rating (Sevilla's behaviour for late entrants), never silently last; players with
    neither come after everyone else in row order.  Equal ratings keep row order (reproducible,
    and ``check`` warns about them): never alphabetical.
    """
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


def round_to_unit(x: Array, unit: int) -> Array:
    """``x`` (integers) rounded to the nearest multiple of ``unit``, ties away from zero (the
    ``rounding`` setting; chesspairing's ``math.Round`` on its x2 integers).  Exact: integer
    floor division, also on Python-integer (object) arrays."""
    q = np.abs(x)  # a new array: the steps below work in place
    q *= 2
    q += unit
    q //= 2 * unit
    q *= unit
    negative = x < 0
    if negative.any():
        q[negative] = -q[negative]
    return q


def _binary(x: Fraction) -> bool:
    """True when a binary double holds ``x`` exactly (its denominator is a power of two)."""
    return x.denominator & (x.denominator - 1) == 0


# --------------------------------------------------------------------------- results

Array = npt.NDArray[Any]
IntArray = npt.NDArray[np.int64]

#: totals are kept in int64 while this bound holds; beyond it, Python integers (object arrays)
INT64_LIMIT = 2 ** 63 - 1


def fits_int64(bound: int) -> bool:
    """True when every number whose absolute value is at most ``bound`` is an exact int64."""
    return bound <= INT64_LIMIT


@dataclass(frozen=True)
class StandingRow:
    """One line of a standing (what the Standings sheet shows for one player): the one shape
    every standings table is built from (the sheet, the CSV and web page, the JSON rows of the
    command line and the macro), so a new column is added here (a field, :data:`KEYS`,
    :meth:`cells`) and its header in sheets/schema.py."""

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

    #: The keys of the table's columns before the rounds, in order (the keys of sheets/schema.py's
    #: Standings headers and of the JSON); :meth:`cells` gives their values.
    KEYS: ClassVar[tuple[str, ...]] = ("rank", "name", "score", "value", "prev_value", "games",
                                       "w", "d", "l")

    def cells(self) -> tuple[Any, ...]:
        """The values of :data:`KEYS`, in order (exact; rounding is for display)."""
        return (self.place, self.name, self.score, self.value, self.prev_value, self.games,
                self.wins, self.draws, self.losses)


@dataclass(frozen=True)
class _StandingData:
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

    def __init__(self, data: _StandingData, *, passes: int = 1, converged: bool = True,
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

    def with_record(self, record: Mapping[str, tuple[int, int, int]]) -> "Standing":
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
                     for place, name in zip(places, self.shown_order))

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
        return {d.names[i]: tuple(Fraction(int(x), d.scale) for x in grid[i])
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


# --------------------------------------------------------------------------- the engine

@dataclass(frozen=True)
class _Step:
    """What one round of the history starts from."""

    k: int
    active: npt.NDArray[np.bool_]  # who is in the ranking after round k
    active_idx: IntArray  # the active players in the previous ranking's order
    prev_values: Array  # V_{k-1} (closed up when a player left)
    place_prev: IntArray  # previous place per player (tie-break "previous")


@dataclass(frozen=True)
class _Pass:
    """One valuation pass: totals and per-round points with one value map, and the ranking."""

    order: IntArray
    totals: Array
    own: Array
    basis: Array | tuple[Array, ...]  # the value map (frozen: one per round) it was valued with
    mult: int = 1  # a cycle: ``basis`` is the sum of ``mult`` value maps
    parts: tuple[Array, ...] = ()  # a cycle: those value maps


@dataclass(frozen=True)
class _Outcome:
    final: _Pass
    divisor: int  # > 1: the averaged totals of a cycle (sums over ``divisor`` passes)
    passes: int
    converged: bool
    note: str


class Engine:
    """Computes the history of a season; construct once, ask for any round.

    Every round of every player is classified once (:mod:`keizer_xl.core.scoring`); its credit
    becomes two integer grids over (player, round): ``coef`` (numerator of the share of the
    target's value, times ``factor``) and ``fixed`` (fixed points over ``scale``), and
    ``target`` (the opponent, or the player himself).  The standing after round k with value
    map V is then ``(coef * V[target] + fixed)[:, :k+1].sum(axis=1)`` plus the own value:
    exact integers over ``scale``, in int64 unless :attr:`bound` says it could overflow.
    """

    def __init__(self, season: Season, rounds: int | None = None):
        """``rounds``: how many rounds to score (default: up to the last round with results)."""
        self.season = season
        s = self.settings = season.settings
        self.players = (rating_order(season.players, s.name_order == "exact")
                        if s.start_ranking == "rating" else start_order(season.players))
        self.names = tuple(p.name for p in self.players)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.n = n = len(self.players)
        self.last_round = season.last_round_with_results() if rounds is None else rounds
        self.notes: list[str] = []
        self._tables: dict[int, Array] = {}
        self.rounds = scoring.classify(season, self.players, self.last_round)
        credits = scoring.credit_grid(self.rounds, s)
        self._note_data()
        # the common scale: value map denominator x coefficient denominator, and every fixed
        # amount's denominator (rules section 3: exact, a rounding error never decides a title)
        # sorted(set(...)), not np.unique: that imports numpy.ma (some 15 ms of a command)
        used = [credits.table[i] for i in sorted(set(credits.credit.ravel().tolist()))]
        fractions = [c.fraction for c in used if c.fixed is None] + [s.withdrawn_opponent]
        if s.withdrawn_opponent_result:  # withdrawn_opponent x the game's result share
            fractions += [c.fraction * s.withdrawn_opponent for c in used if c.fixed is None]
            fractions.append(scoring.game_fraction(s, ScoreKind.LOSS) * s.withdrawn_opponent)
        if s.own_value_fade:  # own value x (n - R) / n: exact over a multiple of n
            fractions.append(Fraction(1, s.own_value_fade))
        fixed = [c.fixed for c in used if c.fixed is not None]
        self.cden = math.lcm(*(f.denominator for f in fractions))
        self.vden = s.value_denominator()
        # ``rounding``: the unit (1/2 or 1 point) must be a whole number over the scale
        rounding_den = 1 if s.rounding == "none" else 2
        self.scale = math.lcm(self.cden * self.vden, *(f.denominator for f in fixed),
                              rounding_den)
        self.round_cells = s.rounding in ("half", "whole")
        self.round_totals = s.rounding in ("half total", "whole total")
        self.unit = self.scale // 2 if s.rounding.startswith("half") else self.scale
        self.float_ties = self.round_cells and s.float_shares
        self._toward_zero: dict[tuple[int, int], int] = {}
        self.factor = self.scale // (self.cden * self.vden)
        self.bound = self._bound(used)
        self.dtype: Any = np.int64 if fits_int64(self.bound) else object
        coef_tab = np.array([int(c.fraction * self.cden) * self.factor if c.fixed is None else 0
                             for c in credits.table], dtype=self.dtype)
        fixed_tab = np.array([int(c.fixed * self.scale) if c.fixed is not None else 0
                              for c in credits.table], dtype=self.dtype)
        self.coef: Array = coef_tab[credits.credit]
        self.fixed: Array = fixed_tab[credits.credit]
        self.is_game = self.rounds.is_game
        self.self_idx = np.arange(n, dtype=np.int64)[:, None]
        self.target: IntArray = np.where(self.is_game, self.rounds.opponent, self.self_idx)
        self.wd_coef = int(s.withdrawn_opponent * self.cden) * self.factor
        # withdrawn_opponent_result (KeizerForClubs): a game against a player who has left
        # earns withdrawn_opponent x its result share (win 1, draw 1/2, ...) x the own value
        self.wd_grid: Array | None = None
        if s.withdrawn_opponent_result:
            wd_tab = np.array([int(c.fraction * s.withdrawn_opponent * self.cden) * self.factor
                               if c.fixed is None else 0 for c in credits.table], dtype=self.dtype)
            self.wd_grid = wd_tab[credits.credit]
            if s.withdrawn_opponent_forfeit_as_loss:
                # KeizerForClubs (RankingCalculator.cs, newest): against a retired player any
                # result but a win or a draw earns the loss bonus share, forfeits included
                loss = scoring.game_fraction(s, ScoreKind.LOSS) * s.withdrawn_opponent
                other = self.rounds.kind == scoring.FORFEIT_LOSS
                if s.pending_scores_zero:  # KFC's "anything else" covers no result too
                    other = other | (self.rounds.kind == scoring.PENDING)
                self.wd_grid = np.where(other,
                                        np.array(int(loss * self.cden) * self.factor,
                                                 dtype=self.dtype), self.wd_grid)
        self.own_mult = self.cden * self.factor
        kind = self.rounds.kind
        wdl = np.stack([kind == scoring.WIN, kind == scoring.DRAW, kind == scoring.LOSS], axis=2)
        self.stats: IntArray = np.cumsum(wdl, axis=1, dtype=np.int64)  # [:, k]: rounds 1..k
        self._games2: IntArray = np.zeros((n, 1), dtype=np.int64)  # tie-break games, x2
        self._tiebreak_keys = self._make_tiebreak_keys()
        self._ratings: list[IntArray | None] = []
        self._start_values: Array = np.zeros(n, dtype=self.dtype)
        self._value_rows: list[Array] = []
        self._frozen_sum: Array = np.zeros(n, dtype=self.dtype)
        self.fixed_cum: Array = np.cumsum(self.fixed, axis=1, dtype=self.dtype)
        # float_shares: the shares a binary double cannot hold (0.35, 1/3; not 1/2 or 1)
        shares = [int(c.fraction * self.cden) * self.factor for c in credits.table
                  if c.fixed is None and not _binary(c.fraction)]
        if not _binary(s.withdrawn_opponent):
            shares.append(self.wd_coef)
        inexact_coefs = np.array(sorted(set(shares)), dtype=np.int64)
        self._wd_inexact = not _binary(s.withdrawn_opponent)
        # the cells whose share is inexact in binary: only they can round otherwise
        self._inexact: npt.NDArray[np.bool_] = (
            np.isin(self.coef, inexact_coefs) if self.float_ties and len(inexact_coefs)
            else np.zeros(self.coef.shape, dtype=bool))

    def _note_data(self) -> None:
        """Warnings about the data: games without a result, players neither paired nor absent."""
        kind, names = self.rounds.kind, self.names
        pending = tuple(Message("{game} (round {round})", round=int(r),
                                game=f"{names[i]}-{names[int(self.rounds.opponent[i, r])]}")
                        for i, r in zip(*np.nonzero((kind == scoring.PENDING) & self.rounds.white)))
        implicit = tuple(Message("{game} (round {round})", game=names[i], round=int(r))
                         for i, r in zip(*np.nonzero(kind == scoring.UNMARKED)))
        if pending and self.settings.pending_scores_zero:
            self.notes.append(Message("No result yet, scored 0 for both: {games}", games=pending))
        elif pending:
            self.notes.append(Message("No result yet, scored as a draw like an adjourned game: "
                                      "{games}", games=pending))
        if implicit:
            self.notes.append(Message("Neither paired nor marked absent, scored as absent "
                                      "unexcused (U): {players}", players=implicit))

    def _bound(self, table: Sequence[Credit]) -> int:
        """An upper bound of every absolute amount the engine computes, over ``scale``: a
        round earns at most max|fraction| x max|value| + max|fixed|; a total adds up all
        rounds and the own value; a cycle sums up to ``max_passes`` totals."""
        s = self.settings
        rounds = self.last_round + 1
        if s.value_basis == ValueBasis.RATING:  # Elo moves at most k_factor (<= 32) per round
            top = max([abs(p.rating or 0) for p in self.players] + [0])
            vmax = Fraction(top + 32 * rounds + 1, 100)
        else:
            pv = place_values(s, max(self.n, 1))
            vmax = max(abs(pv[0]), abs(pv[-1]))
        fmax = max([abs(c.fraction) for c in table if c.fixed is None]
                   + [abs(s.withdrawn_opponent)])
        xmax = max([abs(c.fixed) for c in table if c.fixed is not None] + [Fraction(0)])
        slack = 0 if s.rounding == "none" else 1  # a rounding moves an amount by <= 1 point
        total = (rounds * (fmax * vmax + xmax + slack) + vmax + slack) * max(s.max_passes, 1)
        return math.ceil(total * self.scale)

    # ---- values ---------------------------------------------------------------------------

    def value_array(self, order: IntArray, totals: Array | None, active: npt.NDArray[np.bool_],
                    ratings: IntArray | None = None) -> Array:
        """Scaled values per player index for a ranking (``order`` lists active indices)."""
        out = np.zeros(self.n, dtype=self.dtype)
        if self.settings.value_basis == ValueBasis.RATING:
            assert ratings is not None
            out[active] = ratings[active]  # rating / 100, denominator 100
            return out
        m = len(order)
        table = self._tables.get(m)
        if table is None:  # the value of each place depends only on N: build it once per N
            table = self._tables[m] = np.array(
                scaled_values(self.settings, range(1, m + 1), m), dtype=self.dtype)
        if self.settings.tied_share_value and totals is not None and m:
            table = table[self._shared(totals[order]) - 1]
        out[order] = table
        return out

    @staticmethod
    def _shared(t: Array) -> IntArray:
        """Shared places (1, 1, 3) of totals listed best first (equal totals share)."""
        m = len(t)
        new = np.ones(m, dtype=bool)
        if m > 1:
            new[1:] = np.asarray(t[1:] != t[:-1], dtype=bool)
        at = np.where(new, np.arange(m, dtype=np.int64), 0)
        return np.maximum.accumulate(at) + 1

    def _own(self, values: Array, active: npt.NDArray[np.bool_], k: int = 0) -> Array:
        """The own value's points (section 3: current, start or none) in the standing after
        round k; ``own_value_fade`` n scales it by (n - k) / n, 0 from round n on."""
        own = self.settings.own_value
        fade = self.settings.own_value_fade
        if own == OwnValue.NONE or (fade and k >= fade):
            return np.zeros(self.n, dtype=self.dtype)
        base = values if own == OwnValue.CURRENT else self._start_values
        mult = self.own_mult if not fade else self.own_mult * (fade - k) // fade
        points = np.where(active, base * mult, 0).astype(self.dtype)
        # own values that are whole multiples of the unit (integer values) need no rounding
        if self.round_cells and mult % self.unit:
            return round_to_unit(points, self.unit)
        return points

    # ---- a valuation pass -----------------------------------------------------------------

    def _points(self, k: int, values: Array, active: npt.NDArray[np.bool_],
                frozen: bool) -> Array:
        """Points of rounds 0..k per player (column 0 is zero) with one value map, or with
        ``values`` holding one value map per round (``frozen``: row r-1 values round r)."""
        w = k + 1
        coef, target = self.coef[:, :w], self.target[:, :w]
        inexact = self._inexact[:, :w]
        if not active.all():
            # withdrawn remove (section 7): a game against a player who has left counts as
            # withdrawn_opponent x the player's own value
            gone = self.is_game[:, :w] & ~active[target]
            if gone.any():
                wd = self.wd_coef if self.wd_grid is None else self.wd_grid[:, :w]
                coef = np.where(gone, wd, coef)
                target = np.where(gone, self.self_idx, target)
                if self.float_ties:
                    inexact = np.where(gone, self._wd_inexact, inexact)
        if frozen:
            rows = np.arange(w, dtype=np.int64) - 1
            rows[0] = 0
            val = values[rows[None, :], target]
        else:
            val = values[target]
        pts = coef * val + self.fixed[:, :w]
        if self.round_cells:  # ``rounding half/whole``: every contribution on its own
            if self.float_ties:
                pts = self._float_ties(pts, coef, val, inexact)
            pts = round_to_unit(pts, self.unit)
        if not active.all():
            pts[~active] = 0
        return pts

    def _float_ties(self, pts: Array, coef: Array, val: Array,
                    inexact: npt.NDArray[np.bool_]) -> Array:
        """``float_shares``: chesspairing multiplies ``float64(value) * fraction`` (its options
        are float64) before rounding.  Exactly, only a tie (x.5 units) can come out on the
        other side: 45 x 0.35 x 2 = 31.5 is 31.4999... in binary floating point, and Go's
        math.Round then gives 31.  Such a tie is moved one scale step toward zero, so that
        :func:`round_to_unit` rounds it as chesspairing does.  Exact: the double products
        are only compared with the exact ones, per distinct (share, value) pair."""
        unit = self.unit
        cells = np.nonzero(inexact)
        if not len(cells[0]):
            return pts
        tie = (2 * np.abs(pts[cells])) % (2 * unit) == unit
        if not tie.any():
            return pts
        at = tuple(c[tie] for c in cells)
        pairs = list(zip(coef[at].tolist(), val[at].tolist()))
        steps = [self._step_toward_zero(c, v) for c, v in pairs]
        out = pts.copy()
        out[at] -= np.array(steps, dtype=out.dtype)
        return out

    def _step_toward_zero(self, c: int, v: int) -> int:
        """1 (-1) when float64(value) x share lies just below (above) the exact positive
        (negative) product, else 0; cached per (share, value)."""
        step = self._toward_zero.get((c, v))
        if step is None:
            share = Fraction(c, self.cden * self.factor)
            value = Fraction(v, self.vden)
            exact = share * value
            double = Fraction(float(value) * float(share))  # what float64 gives
            step = 1 if 0 < double < exact else -1 if exact < double < 0 else 0
            self._toward_zero[(c, v)] = step
        return step

    def _pass(self, step: _Step, values: Array, own: Array, frozen: bool = False) -> _Pass:
        k = step.k
        if frozen or self.dtype is object or not step.active.all() or self.round_cells:
            totals = self._points(k, values, step.active, frozen).sum(axis=1) + own
        else:
            # the common case without the grid in memory: a row-wise dot product of the
            # coefficients with the targets' values, plus the fixed points so far
            w = k + 1
            totals = np.einsum("ij,ij->i", self.coef[:, :w], values.take(self.target[:, :w]))
            totals += self.fixed_cum[:, k] + own
        if self.round_totals:
            totals = round_to_unit(totals, self.unit)
        return _Pass(self.rank(totals, step.active_idx, step.place_prev, step.k), totals, own,
                     values)

    def _grid_of(self, step: _Step, p: _Pass, frozen: bool) -> Callable[[], Array]:
        """The per-round points of a pass, computed only when an output asks for them.  They
        are linear in the values, so a cycle's sum over ``mult`` passes is one computation
        with the summed value maps and ``mult`` times the fixed points."""
        def grid() -> Array:
            if p.parts and self.round_cells:  # rounded cells do not add up linearly
                return sum((self._points(step.k, b, step.active, frozen) for b in p.parts[1:]),
                           self._points(step.k, p.parts[0], step.active, frozen))
            basis = np.array(p.basis, dtype=self.dtype) if isinstance(p.basis, tuple) else p.basis
            pts = self._points(step.k, basis, step.active, frozen)
            if p.mult != 1:
                pts = pts + (p.mult - 1) * np.where(step.active[:, None],
                                                    self.fixed[:, :step.k + 1], 0)
            return pts
        return grid

    # ---- ranking --------------------------------------------------------------------------

    def _make_tiebreak_keys(self) -> list[IntArray | None]:
        """Integer sort keys of the tie-breaks (section 4); None stands for ``previous``."""
        out: list[IntArray | None] = []
        for name in self.settings.tiebreak:
            if name == Tiebreak.PREVIOUS:
                out.append(None)
            elif name == Tiebreak.RATING:
                out.append(np.array([-p.rating if p.rating is not None else 2 ** 62
                                     for p in self.players], dtype=np.int64))
            elif name == Tiebreak.START:
                out.append(np.arange(self.n, dtype=np.int64))
            elif name == Tiebreak.NAME:
                folded = [nm if self.settings.name_order == NameOrder.EXACT else nm.casefold()
                          for nm in self.names]
                rank = {f: i for i, f in enumerate(sorted(set(folded)))}
                out.append(np.array([rank[f] for f in folded], dtype=np.int64))
            elif name == Tiebreak.ID:  # the player's Id as a number; none or not a number: last
                out.append(np.array([int(p.id) if p.id and p.id.strip().isdigit() else 2 ** 62
                                     for p in self.players], dtype=np.int64))
            elif name == Tiebreak.GAMES:  # per round: rank() takes the column of the round
                kind = self.rounds.kind
                won = (kind == scoring.WIN) | (kind == scoring.FORFEIT_WIN)
                drawn = (kind == scoring.DRAW) | (kind == scoring.ADJOURNED)
                self._games2 = np.cumsum(2 * won.astype(np.int64) + drawn, axis=1,
                                         dtype=np.int64)
                out.append(np.zeros(self.n, dtype=np.int64))
        return out

    def _keys(self, prev_place: IntArray, k: int | None) -> list[IntArray]:
        """The tie-break keys for the ranking after round ``k`` (lower sorts first)."""
        keys: list[IntArray] = []
        for name, key in zip(self.settings.tiebreak, self._tiebreak_keys):
            if key is None:
                keys.append(prev_place)
            elif name == "games" and k is not None:
                col = min(k, self._games2.shape[1] - 1)
                keys.append(-self._games2[:, col])
            else:
                keys.append(key)
        return keys

    def rank(self, totals: Array, active_idx: IntArray, prev_place: IntArray,
             k: int | None = None) -> IntArray:
        """Order active players by exact total, then the tie-breaks (section 4), then start
        (``k``: the round the ranking is after, for the tie-break ``games``)."""
        idx = np.asarray(active_idx, dtype=np.int64)
        keys = self._keys(prev_place, k)
        if self.dtype is object:  # Python integers: a plain sort on the same keys
            return np.array(sorted(idx.tolist(), key=lambda i: (
                -totals[i], *(int(k[i]) for k in keys), i)), dtype=np.int64)
        columns = [idx] + [k[idx] for k in reversed(keys)] + [-totals[idx]]
        return idx[np.lexsort(columns)]

    # ---- the whole history ----------------------------------------------------------------

    def history(self, upto: int | None = None) -> History:
        s = self.settings
        upto = self.last_round if upto is None else min(upto, self.last_round)
        n = self.n
        self._ratings = self._ratings_by_round(upto)
        active = self._active(1)
        order = np.flatnonzero(active).astype(np.int64)  # start ranking (indices: start order)
        values = self.value_array(order, None, active, self._ratings[0])
        self._start_values = values.copy()
        start_totals = (values * self.own_mult if s.own_value != OwnValue.NONE
                        else np.zeros(n, dtype=self.dtype))
        zero = np.zeros(n, dtype=self.dtype)
        standings = [self._standing(None, _Outcome(_Pass(order, start_totals, zero, zero), 1, 1,
                                                   True, ""), values, values)]
        self._frozen_sum = np.zeros(n, dtype=self.dtype)
        self._value_rows = [values]  # V_0, V_1, ...: frozen values round r with V_{r-1}
        totals: Array | None = None
        for k in range(1, upto + 1):
            active = self._active(k)
            active_idx = order[active[order]]
            if len(active_idx) != len(order) or s.value_basis == ValueBasis.RATING:
                # a player left the ranking (withdrawn remove): values close up (section 7)
                values = self.value_array(active_idx, totals, active, self._ratings[k - 1])
            place_prev = np.full(n, n + 1, dtype=np.int64)
            place_prev[active_idx] = np.arange(1, len(active_idx) + 1)
            step = _Step(k, active, active_idx, values, place_prev)
            out = self._round(step)
            new_values = self.value_array(out.final.order, out.final.totals, active,
                                          self._ratings[k])
            standings.append(self._standing(step, out, new_values, values))
            order, totals, values = out.final.order, out.final.totals, new_values
            self._value_rows.append(values)
        return History(tuple(standings), tuple(self.notes))

    def _round(self, step: _Step) -> _Outcome:
        s = self.settings
        k, prev_vals = step.k, step.prev_values
        if s.recalculation == Recalculation.FROZEN:
            # round k is valued once with V_{k-1}, closed up if someone left this round, and
            # keeps exactly those values in every later standing (section 4: never revisited)
            self._value_rows[k - 1] = prev_vals
            rows = tuple(self._value_rows[:k])
            own = self._own(prev_vals, step.active, k)
            if step.active.all():  # nobody has left (yet): a running sum, one round per step
                val_k = prev_vals.take(self.target[:, k])
                column = self.coef[:, k] * val_k + self.fixed[:, k]
                if self.float_ties:
                    column = self._float_ties(column, self.coef[:, k], val_k,
                                              self._inexact[:, k])
                if self.round_cells:
                    column = round_to_unit(column, self.unit)
                self._frozen_sum = self._frozen_sum + column
                totals = self._frozen_sum + own
                if self.round_totals:
                    totals = round_to_unit(totals, self.unit)
                first = _Pass(self.rank(totals, step.active_idx, step.place_prev, step.k),
                              totals, own, rows)
            else:
                first = self._pass(step, np.array(rows, dtype=self.dtype), own, frozen=True)
                first = _Pass(first.order, first.totals, own, rows)
            return _Outcome(first, 1, 1, True, "")
        mode, extra = self._mode(k)
        first_order = step.active_idx
        if mode == "converge" and s.converge_start == "start":
            # every standing is iterated afresh from the start ranking (chesspairing's
            # stateless Score: its fixed point after round k starts from the rating order)
            first_order = np.flatnonzero(step.active).astype(np.int64)
            prev_vals = self.value_array(first_order, None, step.active, self._ratings[k - 1])
        # prev pass: every result of rounds 1..k valued with V_{k-1} (or the start values)
        current = self._pass(step, prev_vals, self._own(prev_vals, step.active, k))
        if mode == "extra":
            for _ in range(extra):
                current = self._revalue(step, current)
            return _Outcome(current, 1, 1 + extra, True, "")
        if mode == "converge":
            if s.converge_cycle == "two":
                return self._converge_two(step, current, first_order)
            return self._converge(step, current)
        return _Outcome(current, 1, 1, True, "")

    def _revalue(self, step: _Step, current: _Pass) -> _Pass:
        """One more pass: the results valued with the values of ``current``'s ranking."""
        vals = self.value_array(current.order, current.totals, step.active, self._ratings[step.k])
        return self._pass(step, vals, self._own(vals, step.active, step.k))

    def _converge(self, step: _Step, current: _Pass) -> _Outcome:
        """Revalue until the ranking repeats (section 4).  A fixed point converges; a longer
        cycle is ranked by the average of the totals valued with the rankings *of the cycle*
        (the sum over the cycle, divided at output by its length)."""
        s = self.settings
        seen = {self._key(current): 0}
        passes_done = [current]
        passes = 1
        while True:
            if passes >= s.max_passes:
                return self._out_of_passes(current, passes)
            nxt = self._revalue(step, current)
            passes += 1
            key = self._key(nxt)
            if key == self._key(current):
                return _Outcome(nxt, 1, passes, True, "")
            if key in seen:
                # passes_done[i] ranks as nxt does; the totals valued with the rankings of the
                # cycle are those of the passes after it, up to and including nxt
                return self._average(step, passes_done[seen[key] + 1:] + [nxt], passes)
            seen[key] = len(passes_done)
            passes_done.append(nxt)
            current = nxt

    def _out_of_passes(self, current: _Pass, passes: int) -> _Outcome:
        """``max_passes`` reached without a fixed point (section 4: never loop forever)."""
        return _Outcome(current, 1, passes, False,
                        Message("did not converge within max_passes = {max_passes}",
                                max_passes=self.settings.max_passes))

    def _average(self, step: _Step, cycle: list[_Pass], passes: int) -> _Outcome:
        """Rank by the average of the totals valued with the rankings of a cycle (kept as the
        sum over the cycle, divided at output by its length).  With ``rounding`` the average
        is rounded to the unit, ties away from zero (chesspairing rounds its x2 average)."""
        totals = sum((c.totals for c in cycle[1:]), cycle[0].totals.copy())
        if self.settings.rounding != "none":
            totals = round_to_unit(totals, self.unit * len(cycle))
        basis = sum((np.asarray(c.basis) for c in cycle[1:]),
                    np.array(cycle[0].basis, dtype=self.dtype))
        own = sum((c.own for c in cycle[1:]), cycle[0].own.copy())
        order = self.rank(totals, step.active_idx, step.place_prev, step.k)
        parts = tuple(np.asarray(c.basis) for c in cycle)
        return _Outcome(_Pass(order, totals, own, basis, len(cycle), parts), len(cycle), passes,
                        False,
                        Message("the ranking cycles between {n} orders; ranked by the "
                                "average of their totals", n=len(cycle)))

    def _converge_two(self, step: _Step, current: _Pass, first_order: IntArray) -> _Outcome:
        """``converge_cycle two`` (chesspairing's scoreIterative): revalue until the ranking
        repeats; when a pass gives back the ranking of two passes before (the first compared
        with the ranking the first pass was valued with), rank by the average of the last two
        passes and stop.  Longer cycles run on to ``max_passes``; the last pass then counts."""
        s = self.settings
        orders = [tuple(first_order.tolist()), tuple(current.order.tolist())]
        passes = 1
        while True:
            if passes >= s.max_passes:
                return self._out_of_passes(current, passes)
            nxt = self._revalue(step, current)
            passes += 1
            order = tuple(nxt.order.tolist())
            if order == orders[-1]:
                return _Outcome(nxt, 1, passes, True, "")
            if order == orders[-2]:
                return self._average(step, [current, nxt], passes)
            orders.append(order)
            current = nxt

    def _key(self, p: _Pass) -> tuple[Any, ...]:
        order = tuple(p.order.tolist())
        if self.settings.tied_share_value:
            return order, tuple(self._shared(p.totals[p.order]).tolist())
        return order

    def _mode(self, k: int) -> tuple[str, int]:
        s = self.settings
        if s.recalculation == Recalculation.CONVERGE:
            return "converge", 0
        if s.converge_from_round is not None and k >= s.converge_from_round:
            return "converge", 0
        if s.extra_passes and k >= s.extra_passes_from_round:
            return "extra", s.extra_passes
        return "prev", 0

    def _active(self, k: int) -> npt.NDArray[np.bool_]:
        """Who is in the ranking for the standing after round k."""
        s = self.settings
        if s.withdrawn == Withdrawn.RETROACTIVE:
            # KeizerForClubs: a retired player leaves every ranking, also those before his
            # withdrawal (it recomputes all rounds with today's player states)
            return np.array([p.withdrawn_round is None or p.withdrawn_round > self.last_round + 1
                             for p in self.players], dtype=bool)
        if s.withdrawn != Withdrawn.REMOVE:
            return np.ones(self.n, dtype=bool)
        return np.array([not p.is_withdrawn(max(k, 1)) for p in self.players], dtype=bool)

    # ---- Elo-moving ratings (section 8) ------------------------------------------------------

    def _ratings_by_round(self, upto: int) -> list[IntArray | None]:
        s = self.settings
        if s.value_basis != ValueBasis.RATING:
            return [None] * (upto + 1)
        current = np.array([p.rating or 0 for p in self.players], dtype=np.int64)
        out: list[IntArray | None] = [current.copy()]
        by_round: dict[int, list[Game]] = {}
        for g in self.season.games:
            by_round.setdefault(g.round, []).append(g)
        score_of = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5, Result.BLACK_WINS: 0.0}
        for r in range(1, upto + 1):
            if s.k_factor:
                delta = np.zeros(self.n)
                for g in by_round.get(r, ()):
                    if not g.result.is_over_the_board:
                        continue
                    w, b = self.index[g.white], self.index[g.black]
                    expected = 1 / (1 + 10 ** ((current[b] - current[w]) / 400))
                    score = score_of[g.result]
                    delta[w] += s.k_factor * (score - expected)
                    delta[b] -= s.k_factor * (score - expected)
                # whole rating points, half away from zero, so values stay exact hundredths
                rounded = np.floor(np.abs(delta) + 0.5).astype(np.int64)
                current = current + np.sign(delta).astype(np.int64) * rounded
            out.append(current.copy())
        return out

    # ---- output ---------------------------------------------------------------------------

    def _standing(self, step: _Step | None, out: _Outcome, values: Array,
                  prev_values: Array) -> Standing:
        """The output of one round (``step`` None: the start ranking, before round 1)."""
        k = step.k if step is not None else 0
        p = out.final
        grid_of = (self._grid_of(step, p, self.settings.recalculation == Recalculation.FROZEN)
                   if step is not None else None)
        if self.settings.tied_share_value and k:
            places = self._shared(p.totals[p.order])
        else:
            places = np.arange(1, len(p.order) + 1, dtype=np.int64)
        scale = self.scale * out.divisor
        shown = (self._shown(k, p.order, p.totals, scale)
                 if k and self.settings.display_order == DisplayOrder.POINTS_GAMES_RATING
                 else None)
        data = _StandingData(
            round=k, names=self.names, order=p.order, places=places, totals=p.totals,
            own=p.own, values=values, prev_values=prev_values, grid_of=grid_of,
            stats=self.stats[:, k], scale=scale, vden=self.vden, shown=shown)
        return Standing(data, passes=out.passes, converged=out.converged, note=out.note)

    def _shown(self, k: int, order: IntArray, totals: Array, scale: int) -> IntArray:
        """``display_order points-games-rating`` (KeizerForClubs' printed standings,
        cSqliteInterface.cs ``ComparePlayersForResultsList``): points rounded to 2 decimals
        (Math.Round: half to even), then game points (``GetPlayer_PartiePunkte``: wins and
        forfeit wins 1, draws and adjourned games 1/2), then rating; players equal in all three
        keep their ranking order."""
        kind = self.rounds.kind
        won = (kind == scoring.WIN) | (kind == scoring.FORFEIT_WIN)
        drawn = (kind == scoring.DRAW) | (kind == scoring.ADJOURNED)
        games2 = (2 * won[:, 1:k + 1].astype(np.int64) + drawn[:, 1:k + 1]).sum(axis=1)
        idx = order.tolist()
        rank = {i: pos for pos, i in enumerate(idx)}

        def key(i: int) -> tuple[int, int, int, int]:
            rating = self.players[i].rating or 0
            return (-round(Fraction(int(totals[i]) * 100, scale)), -int(games2[i]), -rating,
                    rank[i])

        return np.array(sorted(idx, key=key), dtype=np.int64)


# --------------------------------------------------------------------------- public API

def compute_history(season: Season, upto: int | None = None) -> History:
    """Standings after every round 0..upto (default: the last round with results)."""
    return Engine(season, upto).history(upto)


def compute_standing(season: Season, after_round: int | None = None) -> Standing:
    hist = compute_history(season, after_round)
    return hist.last
