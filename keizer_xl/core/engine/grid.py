"""The season classified once into integer arrays (KEIZER-RULES.md sections 3 and 7).

Each cell (player, round) is classified once by :mod:`keizer_xl.core.scoring` and gets a credit;
the handful of distinct credits become three integer grids: ``coef`` (the share, times the
scale's factor), ``fixed`` (fixed points over ``scale``) and ``target`` (whose value counts).

Why this is exact (rules section 3: a rounding error must never decide a title): ``scale`` is
the least common multiple of the value map's denominator times the shares' denominator and of
every fixed amount's denominator, so every amount the engine adds, compares or rounds is an
integer over ``scale``.  int64 is used while a proven bound of every amount fits
(:attr:`Grid.bound`); beyond it the same code runs on Python integers (object arrays).
:func:`season_rounds` is the one classification every consumer reads, once per season.
"""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from collections.abc import Sequence
from typing import Any

import numpy as np

from keizer_xl.core.scoring import Array, BoolArray, IntArray
from keizer_xl.core import scoring
from keizer_xl.core.model import Player, Season
from keizer_xl.core.settings import Credit, Settings, ValueBasis
from keizer_xl.core.values import place_values
from keizer_xl.core.engine.arithmetic import Arithmetic, binary, fits_int64
from keizer_xl.core.engine.withdrawal import AgainstWithdrawn, InRanking
from keizer_xl.errors import Message

#: the classifications of the last few seasons, by the season's identity (a Season is
#: immutable): the widest classified so far and its prefixes asked for
_RECENT: list[tuple[Season, dict[int, scoring.Rounds]]] = []
_KEEP = 4


def season_rounds(season: Season, last: int | None = None) -> scoring.Rounds:
    """The classification of rounds 1..last (default: the last round with results), players
    in row order; made once per season and shared by every reader.  A round's column depends
    on that round alone, so the classification of fewer rounds (a standing after an earlier
    round, the ranking before a period) is a prefix of a wider one, not classified again."""
    results = season.last_round_with_results()
    last = results if last is None else last
    made = next((m for s, m in _RECENT if s is season), None)
    if made is None:
        made = {}
        _RECENT.insert(0, (season, made))
        del _RECENT[_KEEP:]
    found = made.get(last)
    if found is None:
        widest = made[max(made)] if made else None
        if widest is None or widest.last < last:
            # every round with results at once: the readers ask for the standing's round and
            # for the season's (records, TPR)
            widest = made[max(last, results)] = _frozen(
                scoring.classify(season, None, max(last, results)))
        found = made[last] = widest if widest.last == last else _prefix(widest, last)
    return found


def _frozen(rounds: scoring.Rounds) -> scoring.Rounds:
    """The classification read-only: every reader shares its arrays."""
    for a in (rounds.kind, rounds.opponent, rounds.white, rounds.result, rounds.code):
        a.flags.writeable = False
    return rounds


def _prefix(rounds: scoring.Rounds, last: int) -> scoring.Rounds:
    """Rounds 1..last of a classification of more rounds (views of its arrays)."""
    w = last + 1
    return replace(rounds, last=last, kind=rounds.kind[:, :w], opponent=rounds.opponent[:, :w],
                   white=rounds.white[:, :w], result=rounds.result[:, :w],
                   code=rounds.code[:, :w])


def forget_rounds() -> None:
    """Drop the kept classifications (a benchmark times the engine's whole work with it)."""
    _RECENT.clear()


def _reordered(rounds: scoring.Rounds, players: Sequence[Player]) -> scoring.Rounds:
    """The same classification with its rows in the order of ``players``."""
    row = {p.name: i for i, p in enumerate(rounds.players)}
    perm = np.array([row[p.name] for p in players], dtype=np.int64)
    if np.array_equal(perm, np.arange(len(perm))):
        return replace(rounds, players=tuple(players))
    inverse = np.empty(len(perm) + 1, dtype=np.int64)
    inverse[perm] = np.arange(len(perm))
    inverse[-1] = -1  # opponent -1 (none) stays -1
    return replace(rounds, players=tuple(players), kind=rounds.kind[perm],
                   opponent=inverse[rounds.opponent[perm]], white=rounds.white[perm],
                   result=rounds.result[perm], code=rounds.code[perm])


class Grid:
    """A season as integer grids over (player, round), players in ``players`` order."""

    def __init__(self, season: Season, players: Sequence[Player], last_round: int,
                 arithmetic: type[Arithmetic], in_ranking: InRanking, against: AgainstWithdrawn):
        """``arithmetic``: the strategy the amounts are added up with; ``in_ranking``: who is
        in the ranking after a round; ``against``: what a game against a player who has left
        earns (the bundle's strategies, core/engine/bundle.py)."""
        s = self.settings = season.settings
        self.arithmetic, self._in_ranking, self.against = arithmetic, in_ranking, against
        self.season = season
        self.players = tuple(players)
        self.names = tuple(p.name for p in self.players)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.n = n = len(self.players)
        self.last_round = last_round
        self.rounds = _reordered(season_rounds(season, last_round), self.players)
        credits = scoring.credit_grid(self.rounds, s)
        self.notes = self._notes()
        # the common scale: value map denominator x coefficient denominator, and every fixed
        # amount's denominator (rules section 3: exact, a rounding error never decides a title)
        counts = np.bincount(credits.credit.ravel(), minlength=len(credits.table))
        used = [credits.table[i] for i in np.flatnonzero(counts).tolist()]
        fractions = [c.fraction for c in used if c.fixed is None]
        fractions += self.against.shares(s, used)
        # own_value_fade n: own value x (n - R) / n, exact over a multiple of n
        fractions.append(Fraction(1, s.own_value_fade or 1))
        fixed = [c.fixed for c in used if c.fixed is not None]
        self.cden = math.lcm(*(f.denominator for f in fractions))
        self.vden = s.value_denominator()
        # ``rounding``: the unit (1/2 or 1 point) must be a whole number over the scale
        self.scale = math.lcm(self.cden * self.vden, *(f.denominator for f in fixed),
                              arithmetic.scale_den)
        self.factor = self.scale // (self.cden * self.vden)
        self.bound = self._bound(used)
        self.dtype: Any = np.int64 if fits_int64(self.bound) else object
        coef_tab = np.array([self.coefficient(c.fraction) if c.fixed is None else 0
                             for c in credits.table], dtype=self.dtype)
        fixed_tab = np.array([int(c.fixed * self.scale) if c.fixed is not None else 0
                              for c in credits.table], dtype=self.dtype)
        self.coef_tab = coef_tab  # the coefficient of each credit of the table
        self.fixed_tab = fixed_tab  # its fixed points
        self.coef: Array = coef_tab[credits.credit]
        self.fixed: Array = fixed_tab[credits.credit]
        self.fixed_cum: Array = np.cumsum(self.fixed, axis=1, dtype=self.dtype)
        self.is_game = self.rounds.is_game
        self.self_idx = np.arange(n, dtype=np.int64)[:, None]
        self.target: IntArray = np.where(self.is_game, self.rounds.opponent, self.self_idx)
        self.own_mult = self.cden * self.factor  # a value onto the scale
        kind = self.rounds.kind
        wdl = np.stack([kind == scoring.WIN, kind == scoring.DRAW, kind == scoring.LOSS], axis=2)
        self.stats: IntArray = np.cumsum(wdl, axis=1, dtype=np.int64)  # [:, k]: rounds 1..k
        # what a game against a player who has left earns (``withdrawn remove``, section 7):
        # the strategy of :mod:`.withdrawal` (one coefficient, or one per cell)
        self.wd_coef = self.coefficient(s.withdrawn_opponent)
        self.wd_grid: Array | None = self.against.grid(self, credits)
        self._inexact_cells(credits)
        self._shares: Array | None = None
        self._games2: IntArray | None = None
        never = last_round + 2  # later than any round asked about
        #: each player's withdrawal round (later than any round: never)
        self.gone: IntArray = np.array([p.withdrawn_round if p.withdrawn_round is not None else never
                               for p in self.players], dtype=np.int64)

    def coefficient(self, share: Fraction) -> int:
        """A share of a value as a coefficient: share x value map x coefficient = scale."""
        return int(share * self.cden) * self.factor

    def _inexact_cells(self, credits: scoring.CreditGrid) -> None:
        """``float_shares``: the cells whose share a binary double cannot hold (0.35, 1/3; not
        1/2 or 1): only they can round otherwise than exactly."""
        s = self.settings
        shares = [self.coefficient(c.fraction) for c in credits.table
                  if c.fixed is None and not binary(c.fraction)]
        if not binary(s.withdrawn_opponent):
            shares.append(self.wd_coef)
        inexact_coefs = set(shares)
        self.wd_inexact = not binary(s.withdrawn_opponent)
        wanted = self.arithmetic.float_ties
        # per credit of the table, then per cell (a cell's coefficient is its credit's)
        inexact_tab = np.array([c in inexact_coefs for c in self.coef_tab.tolist()], dtype=bool)
        inexact: BoolArray = (inexact_tab[credits.credit] if wanted and inexact_coefs
                              else np.zeros(self.coef.shape, dtype=bool))
        #: each cell's class for the arithmetic: bit 0 its share is inexact in binary
        #: (``float_shares``), the bits above how often its rounded amount is halved
        #: (``absence_decay halving-all``); :attr:`classes` of them
        self.inexact: IntArray = inexact.astype(np.int64)
        self.classes = 2
        if credits.halvings is not None and credits.halvings.any():
            self.inexact = self.inexact + 2 * credits.halvings
            self.classes = 2 * (int(credits.halvings.max()) + 1)

    def _notes(self) -> list[str]:
        """Warnings about the data: games without a result, players neither paired nor absent."""
        kind, names = self.rounds.kind, self.names
        notes: list[str] = []
        pending = tuple(
            Message(
                "{game} (round {round})",
                round=int(r),
                game=f"{names[i]}-{names[int(self.rounds.opponent[i, r])]}",
            )
            for i, r in zip(*np.nonzero((kind == scoring.PENDING) & self.rounds.white), strict=True)
        )
        implicit = tuple(Message("{game} (round {round})", game=names[i], round=int(r))
                         for i, r in zip(*np.nonzero(kind == scoring.UNMARKED), strict=True))
        if pending:  # scored as the pending rule says (a draw, or KeizerForClubs' nothing)
            notes.append(Message(scoring.pending_rule(self.settings).note, games=pending))
        if implicit:
            notes.append(Message("Neither paired nor marked absent, scored as absent "
                                 "unexcused (U): {players}", players=implicit))
        return notes

    def _bound(self, table: Sequence[Credit]) -> int:
        """An upper bound of every absolute amount the engine computes, over ``scale``: a
        round earns at most max|fraction| x max|value| + max|fixed|; a total adds up all
        rounds and the own value; a cycle sums up to ``max_passes`` totals."""
        s: Settings = self.settings
        rounds = self.last_round + 1
        if s.value_basis == ValueBasis.RATING:  # Elo moves at most k_factor (<= 32) per round
            highest = max([abs(p.rating or 0) for p in self.players] + [0])
            vmax = Fraction(highest + 32 * rounds + 1, 100)
        else:
            n = max(self.n, 1)
            linear = self.linear_values(n)
            if linear is not None:
                first, step = linear
                vmax = max(abs(first), abs(first - (n - 1) * step))
            else:
                pv = place_values(s, n)
                vmax = max(abs(pv[0]), abs(pv[-1]))
        fmax = max([abs(c.fraction) for c in table if c.fixed is None]
                   + [abs(s.withdrawn_opponent)])
        xmax = max([abs(c.fixed) for c in table if c.fixed is not None] + [Fraction(0)])
        slack = self.arithmetic.slack  # a rounding moves an amount by at most 1 point
        total = (rounds * (fmax * vmax + xmax + slack) + vmax + slack) * max(s.max_passes, 1)
        return math.ceil(total * self.scale)

    def linear_values(self, m: int) -> tuple[Fraction, Fraction] | None:
        """(top, step) when the value of place p among m is top - (p - 1) x step (the
        plain rule of core/values.place_values: no bottom_value, no wicker) and both are
        multiples of 1/vden, else None."""
        s = self.settings
        if not m or s.bottom_value is not None or s.value_normalisation != "none":
            return None
        top = Fraction(s.top_value.resolve(m, s.value_rounding))
        step = Fraction(s.value_step)
        if (top * self.vden).denominator != 1 or (step * self.vden).denominator != 1:
            return None
        return top, step

    def shares(self) -> Array:
        """Every coefficient a cell can have, sorted (the grid's and a withdrawn opponent's)."""
        if self._shares is None:
            # the table's (a few more than used); sorted(set()), not np.unique: that imports
            # numpy.ma (some 15 ms of a command)
            found = set(self.coef_tab.tolist()) | {self.wd_coef}
            if self.wd_grid is not None:
                found |= set(self.wd_grid.ravel().tolist())
            self._shares = np.array(sorted(found), dtype=self.dtype)
        return self._shares

    def cells(self, k: int, active: BoolArray, float_ties: bool
              ) -> tuple[Array, IntArray, IntArray]:
        """coef, target and class (:attr:`inexact`) of rounds 0..k; a game against a player who has left
        (withdrawn remove, section 7) counts as withdrawn_opponent x the own value."""
        w = k + 1
        coef, target, inexact = self.coef[:, :w], self.target[:, :w], self.inexact[:, :w]
        if not active.all():
            gone = self.is_game[:, :w] & ~active[target]
            if gone.any():
                wd = self.wd_coef if self.wd_grid is None else self.wd_grid[:, :w]
                coef = np.where(gone, wd, coef)
                target = np.where(gone, self.self_idx, target)
                if float_ties:
                    inexact = np.where(gone, int(self.wd_inexact), inexact)
        return coef, target, inexact

    def games2(self) -> IntArray:
        """Game points x 2 of rounds 1..k in column k (wins and forfeit wins 1, draws and
        adjourned games 1/2): the tie-break ``games`` and KeizerForClubs' printed order."""
        if self._games2 is None:
            kind = self.rounds.kind
            won = (kind == scoring.WIN) | (kind == scoring.FORFEIT_WIN)
            drawn = (kind == scoring.DRAW) | (kind == scoring.ADJOURNED)
            self._games2 = np.cumsum(2 * won.astype(np.int64) + drawn, axis=1, dtype=np.int64)
        return self._games2

    def active(self, k: int) -> BoolArray:
        """Who is in the ranking for the standing after round k (``withdrawn``, section 7)."""
        return self._in_ranking(self, k)
