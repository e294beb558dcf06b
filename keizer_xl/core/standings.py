"""The Keizer standings engine (KEIZER-RULES.md sections 2-4, 7, 8).  Pure: no files, no Excel.

How it works.  Every scoring fact of the season becomes an *event*: player p earns
``coef / D`` times the value of ``target`` (an opponent, or p himself for byes and absences)
plus a fixed amount.  The coefficients depend only on the recorded data, never on values, so
they are built once.  A *valuation pass* turns a value map into totals with one vectorised
integer dot product, which keeps ``converge`` cheap and every comparison exact: all amounts are
integers over the common denominator ``scale`` (rules section 3: a rounding error must never
decide a title).
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

import numpy as np

from keizer_xl.core.model import Game, Player, Result, Season
from keizer_xl.core.rules import Credit
from keizer_xl.core.values import scaled_values, shared_places


# --------------------------------------------------------------------------- start ranking

def start_order(players: Sequence[Player]) -> list[Player]:
    """The start ranking (rules section 2): ``Start`` when filled, else rating, else row order.

    Players without a Start place are slotted in by rating before the first placed player with
    a lower rating (Sevilla's behaviour for late entrants), never silently last; players with
    neither come after everyone else in row order.  Equal ratings keep row order (reproducible,
    and ``check`` warns about them): never alphabetical.
    """
    placed = sorted((p for p in players if p.start is not None), key=lambda p: p.start)
    rest = [p for p in players if p.start is None]
    rated = sorted((p for p in rest if p.rating is not None), key=lambda p: -p.rating)  # stable
    unrated = [p for p in rest if p.rating is None]
    if not placed:
        return rated + unrated
    order = list(placed)
    for p in rated:
        pos = next((i for i, q in enumerate(order) if q.rating is not None and q.rating < p.rating),
                   len(order))
        order.insert(pos, p)
    return order + unrated


# --------------------------------------------------------------------------- results

@dataclass(frozen=True)
class Standing:
    """The ranking after one round, with everything the Standings sheet shows."""

    round: int
    order: tuple[str, ...]  # best first
    places: tuple[int, ...]  # 1..N, or shared places (1, 1, 3) with tied_share_value
    score: dict[str, Fraction]
    value: dict[str, Fraction]  # value after this round (from this ranking)
    prev_value: dict[str, Fraction]  # value in force while computing it (after round - 1)
    own_points: dict[str, Fraction]
    games: dict[str, int]
    wins: dict[str, int]
    draws: dict[str, int]
    losses: dict[str, int]
    passes: int = 1
    converged: bool = True
    note: str = ""
    # per-round points as integers over ``_scale``, rows in ``order``; turned into Fractions
    # only when asked for (a season's history holds ~100k of them)
    _grid: np.ndarray | None = field(default=None, repr=False, compare=False)
    _scale: int = field(default=1, repr=False, compare=False)

    def round_column(self, rnd: int) -> dict[str, Fraction]:
        """Points of round ``rnd`` only, per player (cheaper than the whole round_points)."""
        if self._grid is None or not 1 <= rnd <= self.round:
            return {n: Fraction(0) for n in self.order}
        column = self._grid[:, rnd]
        return {n: Fraction(int(column[i]), self._scale) for i, n in enumerate(self.order)}

    @functools.cached_property
    def round_points(self) -> dict[str, tuple[Fraction, ...]]:
        """Points per round 1..round as valued in this standing (own value not included)."""
        if self._grid is None or self.round == 0:
            return {n: (Fraction(0),) * self.round for n in self.order}
        return {n: tuple(Fraction(int(x), self._scale) for x in self._grid[i, 1:])
                for i, n in enumerate(self.order)}


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


# --------------------------------------------------------------------------- events

_OWN = -1  # round number marker of the own-value event (always counted)


@dataclass
class _Events:
    player: np.ndarray  # index of the player who earns
    round: np.ndarray
    target: np.ndarray  # index whose value counts (opponent or self)
    coef: np.ndarray  # numerator over D
    fixed: np.ndarray  # numerator over the total scale
    is_game: np.ndarray  # bool: target is an opponent
    wd_coef: np.ndarray  # numerator over D used instead when the opponent has left (remove)


def _lcm_all(numbers) -> int:
    out = 1
    for n in numbers:
        out = out * n // math.gcd(out, n)
    return out


class Engine:
    """Computes the history of a season; construct once, ask for any round."""

    def __init__(self, season: Season, rounds: int | None = None):
        """``rounds``: how many rounds to score (default: up to the last round with results)."""
        self.season = season
        s = self.settings = season.settings
        self.players = start_order(season.players)
        self.names = [p.name for p in self.players]
        self.index = {n: i for i, n in enumerate(self.names)}
        self.n = len(self.players)
        self.last_round = season.last_round_with_results() if rounds is None else rounds
        self.notes: list[str] = []
        self._tables: dict[int, list[int]] = {}
        self._build_events()
        # value map denominator and the total scale: totals are integers over self.scale
        self.vden = s.value_denominator()
        fixed_dens = [f.denominator for f in self._fixed_fracs] or [1]
        self.scale = _lcm_all([self.cden * self.vden, *fixed_dens])
        self.factor = self.scale // (self.cden * self.vden)
        self._finalise_arrays()

    # ---- events ---------------------------------------------------------------------------

    def _build_events(self) -> None:
        s, season = self.settings, self.season
        fracs: list[Fraction] = [Fraction(1), s.win, s.draw, s.loss, s.forfeit_win, s.forfeit_loss,
                                 s.withdrawn_opponent]
        rows: list[tuple[int, int, int, Fraction, Fraction, bool]] = []
        self._fixed_fracs: list[Fraction] = []
        kind_fraction = {"win": s.win, "draw": s.draw, "loss": s.loss,
                         "forfeit_win": s.forfeit_win, "forfeit_loss": s.forfeit_loss}
        games_by = {}
        for g in season.games:
            games_by[(g.round, g.white)] = (g, True)
            games_by[(g.round, g.black)] = (g, False)
        byes = {(b.round, b.player) for b in season.byes}
        codes = {(a.round, a.player): a.code for a in season.absences}
        pending: list[str] = []
        implicit: list[str] = []
        rounds = range(1, self.last_round + 1)
        self.stats = np.zeros((self.n, self.last_round + 1, 3), dtype=np.int64)  # W, D, L per round
        for i, p in enumerate(self.players):
            counted = 0  # absences counted against absence_max
            excused = 0  # excused absences, for absence_decay
            for r in rounds:
                if s.withdrawn == "remove" and p.is_withdrawn(r):
                    break  # he has left the ranking; his games are rescored for his opponents
                key = (r, p.name)
                if key in games_by:
                    g, white = games_by[key]
                    kind = g.result.score(white)
                    opp = self.index[g.black if white else g.white]
                    if kind == "pending":
                        if white:
                            pending.append(f"{g.white}-{g.black} (round {r})")
                        kind = "draw"  # scored like an adjourned game until entered
                    if g.result.is_over_the_board:
                        self.stats[i, r, ("win", "draw", "loss").index(kind)] += 1
                    rows.append((i, r, opp, kind_fraction[kind], Fraction(0), True))
                    continue
                if key in byes:
                    credit = s.bye
                elif not p.is_member(r):
                    credit = s.absence_late
                elif p.is_withdrawn(r):
                    credit = s.absence_unexcused  # withdrawn keep: absent unexcused (section 7)
                else:
                    code = codes.get(key)
                    if code is None:
                        # present in Attendance but not paired: nobody was paired for him, so
                        # he cannot have played; scored as an unexcused absence and reported.
                        implicit.append(f"{p.name} (round {r})")
                        code = "U"
                    credit, counts, is_excused = self._absence_credit(code)
                    if counts:
                        counted += 1
                        if s.absence_max is not None and counted > s.absence_max:
                            credit = Credit(Fraction(0))
                    if is_excused and credit != Credit(Fraction(0)):
                        excused += 1
                        credit = _decayed(credit, s.absence_decay, excused)
                if credit.fixed is not None:
                    self._fixed_fracs.append(credit.fixed)
                    rows.append((i, r, i, Fraction(0), credit.fixed, False))
                else:
                    rows.append((i, r, i, credit.fraction, Fraction(0), False))
        if pending:
            self.notes.append("No result yet, scored as a draw like an adjourned game: "
                              + ", ".join(pending))
        if implicit:
            self.notes.append("Neither paired nor marked absent, scored as absent unexcused (U): "
                              + ", ".join(implicit))
        fracs += [row[3] for row in rows]
        self.cden = _lcm_all(f.denominator for f in fracs)
        self._rows = rows

    def _absence_credit(self, code: str) -> tuple[Credit, bool, bool]:
        """(credit, counts toward absence_max, is an excused absence for absence_decay)."""
        s = self.settings
        if code == "E":
            return s.absence_excused, True, True
        if code == "U":
            return s.absence_unexcused, False, False
        if code == "C":
            return s.absence_club, s.absence_max_includes_club, False
        if code == "L":
            return s.absence_late, False, False
        return s.code_map[code], True, False

    def _finalise_arrays(self) -> None:
        rows = self._rows
        m = len(rows)
        big = self._needs_objects()
        dtype = object if big else np.int64
        ev = _Events(
            player=np.fromiter((r[0] for r in rows), dtype=np.int64, count=m),
            round=np.fromiter((r[1] for r in rows), dtype=np.int64, count=m),
            target=np.fromiter((r[2] for r in rows), dtype=np.int64, count=m),
            coef=np.array([int(r[3] * self.cden) for r in rows], dtype=dtype),
            fixed=np.array([int(r[4] * self.scale) for r in rows], dtype=dtype),
            is_game=np.fromiter((r[5] for r in rows), dtype=bool, count=m),
            wd_coef=np.full(m, int(self.settings.withdrawn_opponent * self.cden), dtype=dtype),
        )
        self.ev = ev
        self.dtype = dtype
        del self._rows

    def _needs_objects(self) -> bool:
        """int64 unless a season's totals could overflow it (e.g. harmonic decay denominators)."""
        s = self.settings
        vmax = 0
        for n in {self.n, max(self.n - 1, 1)}:
            from keizer_xl.core.values import place_values
            vals = place_values(s, n) if s.value_basis == "place" else []
            vmax = max([vmax, *(abs(v) for v in vals)])
        if s.value_basis == "rating":
            vmax = Fraction(max([abs(p.rating or 0) for p in self.players] + [1]) + 32 * 400, 100)
        bound = (abs(vmax) + 1) * self.scale * (self.last_round + 2) * 4
        bound += sum(abs(f) for f in self._fixed_fracs) * self.scale
        return bound >= 2 ** 62

    # ---- values ---------------------------------------------------------------------------

    def value_array(self, order: Sequence[int], totals: np.ndarray | None, active: np.ndarray,
                    ratings: np.ndarray | None = None) -> np.ndarray:
        """Scaled values per player index for a ranking (``order`` lists active indices)."""
        out = np.zeros(self.n, dtype=self.dtype)
        if self.settings.value_basis == "rating":
            out[active] = ratings[active]  # rating / 100, denominator 100
            return out
        n = len(order)
        table = self._tables.get(n)
        if table is None:  # the value of each place depends only on N: build it once per N
            table = self._tables[n] = scaled_values(self.settings, range(1, n + 1), n)
        if self.settings.tied_share_value and totals is not None:
            table = [table[p - 1] for p in shared_places([totals[i] for i in order])]
        out[list(order)] = table
        return out

    # ---- a valuation pass -----------------------------------------------------------------

    def _pass(self, k: int, values: np.ndarray | Sequence[np.ndarray], own: np.ndarray,
              active: np.ndarray, frozen: bool) -> tuple[np.ndarray, np.ndarray]:
        """Totals (scaled) and per-event points for the standing after round ``k``."""
        ev = self.ev
        sel = (ev.round <= k) & active[ev.player]
        player, rnd, target = ev.player[sel], ev.round[sel], ev.target[sel]
        coef, fixed, is_game = ev.coef[sel], ev.fixed[sel], ev.is_game[sel]
        # withdrawn remove (section 7): a game against a player who has left counts as
        # withdrawn_opponent x the player's own value
        gone = is_game & ~active[target]
        if gone.any():
            coef = np.where(gone, ev.wd_coef[sel], coef)
            target = np.where(gone, player, target)
        if frozen:
            val = values[rnd - 1, target]  # round r valued once with V_{r-1}
        else:
            val = values[target]
        pts = coef * val * self.factor + fixed
        totals = np.zeros(self.n, dtype=self.dtype)
        np.add.at(totals, player, pts)
        totals = totals + own
        return totals, pts

    # ---- ranking --------------------------------------------------------------------------

    def rank(self, totals: np.ndarray, active_idx: Sequence[int], prev_place: np.ndarray) -> list[int]:
        """Order active players by exact total, then the tie-breaks (section 4), then start."""
        keys = []
        for name in self.settings.tiebreak:
            if name == "previous":
                keys.append(lambda i: prev_place[i])
            elif name == "rating":
                keys.append(lambda i: -(self.players[i].rating) if self.players[i].rating is not None
                            else math.inf)
            elif name == "start":
                keys.append(lambda i: i)
            elif name == "name":
                keys.append(lambda i: self.names[i].casefold())
        return sorted(active_idx, key=lambda i: (-totals[i], *(k(i) for k in keys), i))

    # ---- the whole history ----------------------------------------------------------------

    def history(self, upto: int | None = None) -> History:
        s = self.settings
        upto = self.last_round if upto is None else min(upto, self.last_round)
        n = self.n
        ratings = self._ratings_by_round(upto)
        active = self._active(1)
        order = [i for i in range(n) if active[i]]  # start ranking (indices are in start order)
        values = self.value_array(order, None, active, ratings[0])
        start_values = values.copy()
        totals = None
        standings = [self._make_standing(0, order, np.zeros(n, dtype=self.dtype), 1, values,
                                         values, None, 1, True, "", active)]
        value_rows = [values]  # V_0, V_1, ...: frozen values round r with V_{r-1}
        for k in range(1, upto + 1):
            active = self._active(k)
            active_idx = [i for i in order if active[i]]
            if len(active_idx) != len(order) or s.value_basis == "rating":
                # a player left the ranking (withdrawn remove): values close up (section 7)
                values = self.value_array(active_idx, totals, active, ratings[k - 1])
            place_prev = np.full(n, n + 1, dtype=np.int64)
            place_prev[active_idx] = np.arange(1, len(active_idx) + 1)
            std, order, new_values, totals = self._round(k, active, active_idx, values, start_values,
                                                         value_rows, place_prev, ratings)
            standings.append(std)
            values = new_values
            value_rows.append(values)
        return History(tuple(standings), tuple(self.notes))

    def _round(self, k, active, active_idx, prev_vals, start_values, value_rows, place_prev, ratings):
        s = self.settings
        frozen = s.recalculation == "frozen"

        def own_for(vals):
            if s.own_value == "current":
                return np.where(active, vals * (self.cden * self.factor), 0)
            if s.own_value == "start":
                return np.where(active, start_values * (self.cden * self.factor), 0)
            return np.zeros(self.n, dtype=self.dtype)

        if frozen:
            vrows = np.array(value_rows[:k], dtype=self.dtype)
            vrows[k - 1] = prev_vals  # round k valued with V_{k-1} (closed up if someone left)
            totals, pts = self._pass(k, vrows, own_for(prev_vals), active, True)
            order = self.rank(totals, active_idx, place_prev)
            new_vals = self.value_array(order, totals, active, ratings[k])
            return (self._make_standing(k, order, totals, 1, new_vals, prev_vals, pts, 1, True, "",
                                        active, own_for(prev_vals)), order, new_vals, totals)

        # prev pass: every result of rounds 1..k valued with V_{k-1}
        totals, pts = self._pass(k, prev_vals, own_for(prev_vals), active, False)
        order = self.rank(totals, active_idx, place_prev)
        own_used = own_for(prev_vals)
        mode, extra = self._mode(k)
        passes, converged, note, divisor = 1, True, "", 1
        if mode == "extra":
            for _ in range(extra):
                vals = self.value_array(order, totals, active, ratings[k])
                own_used = own_for(vals)
                totals, pts = self._pass(k, vals, own_used, active, False)
                order = self.rank(totals, active_idx, place_prev)
                passes += 1
        elif mode == "converge":
            seen = {self._key(order, totals): 0}
            history = [(order, totals, pts, own_used)]
            while True:
                if passes >= s.max_passes:
                    converged = False
                    note = f"did not converge within max_passes = {s.max_passes}"
                    break
                vals = self.value_array(order, totals, active, ratings[k])
                own_next = own_for(vals)
                t2, p2 = self._pass(k, vals, own_next, active, False)
                o2 = self.rank(t2, active_idx, place_prev)
                passes += 1
                key = self._key(o2, t2)
                if o2 == order and key == self._key(order, totals):
                    totals, pts, own_used = t2, p2, own_next
                    break
                if key in seen:
                    # the ranking cycles (section 4): rank by the average over the cycle
                    cycle = history[seen[key]:]
                    divisor = len(cycle)
                    totals = sum(c[1] for c in cycle)
                    pts = sum(c[2] for c in cycle)
                    own_used = sum(c[3] for c in cycle)
                    order = self.rank(totals, active_idx, place_prev)
                    converged = False
                    note = (f"the ranking cycles between {divisor} orders; ranked by the average "
                            f"of their totals")
                    break
                seen[key] = len(history)
                history.append((o2, t2, p2, own_next))
                order, totals, pts, own_used = o2, t2, p2, own_next
        new_vals = self.value_array(order, totals, active, ratings[k])
        std = self._make_standing(k, order, totals, divisor, new_vals, prev_vals, pts, passes,
                                  converged, note, active, own_used)
        return std, order, new_vals, totals

    def _key(self, order, totals):
        if self.settings.tied_share_value:
            return tuple(order), tuple(shared_places([totals[i] for i in order]))
        return tuple(order)

    def _mode(self, k: int) -> tuple[str, int]:
        s = self.settings
        if s.recalculation == "converge":
            return "converge", 0
        if s.converge_from_round is not None and k >= s.converge_from_round:
            return "converge", 0
        if s.extra_passes and k >= s.extra_passes_from_round:
            return "extra", s.extra_passes
        return "prev", 0

    def _active(self, k: int) -> np.ndarray:
        """Who is in the ranking for the standing after round k."""
        if self.settings.withdrawn != "remove":
            return np.ones(self.n, dtype=bool)
        return np.array([not p.is_withdrawn(max(k, 1)) for p in self.players], dtype=bool)

    # ---- Elo-moving ratings (section 8) ------------------------------------------------------

    def _ratings_by_round(self, upto: int) -> list[np.ndarray | None]:
        s = self.settings
        if s.value_basis != "rating":
            return [None] * (upto + 1)
        current = np.array([p.rating or 0 for p in self.players], dtype=np.int64)
        out = [current.copy()]
        by_round: dict[int, list[Game]] = {}
        for g in self.season.games:
            by_round.setdefault(g.round, []).append(g)
        for r in range(1, upto + 1):
            if s.k_factor:
                delta = np.zeros(self.n)
                for g in by_round.get(r, ()):
                    if not g.result.is_over_the_board:
                        continue
                    w, b = self.index[g.white], self.index[g.black]
                    expected = 1 / (1 + 10 ** ((current[b] - current[w]) / 400))
                    score = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5, Result.BLACK_WINS: 0.0}[g.result]
                    delta[w] += s.k_factor * (score - expected)
                    delta[b] -= s.k_factor * (score - expected)
                # whole rating points, half away from zero, so values stay exact hundredths
                current = current + np.sign(delta).astype(np.int64) * np.floor(np.abs(delta) + 0.5).astype(np.int64)
            out.append(current.copy())
        return out

    # ---- output ---------------------------------------------------------------------------

    def _make_standing(self, k, order, totals, divisor, values, prev_values, pts, passes,
                       converged, note, active, own=None) -> Standing:
        scale = self.scale * divisor
        vden = self.vden
        names = self.names
        grid = None
        if pts is not None and k:
            ev = self.ev
            sel = (ev.round <= k) & active[ev.player]
            full = np.zeros((self.n, k + 1), dtype=self.dtype)
            np.add.at(full, (ev.player[sel], ev.round[sel]), pts)
            grid = full[list(order)]
        if own is None:
            own = np.zeros(self.n, dtype=self.dtype)
        if self.settings.tied_share_value:
            places = shared_places([totals[i] for i in order])
        else:
            places = list(range(1, len(order) + 1))
        score = {names[i]: Fraction(int(totals[i]), scale) for i in order}
        if k == 0:
            score = {names[i]: Fraction(int(values[i]), vden) if self.settings.own_value != "none"
                     else Fraction(0) for i in order}
        stats = self.stats[:, 1:k + 1].sum(axis=1) if k else np.zeros((self.n, 3), dtype=np.int64)
        return Standing(
            round=k,
            order=tuple(names[i] for i in order),
            places=tuple(places),
            score=score,
            value={names[i]: Fraction(int(values[i]), vden) for i in order},
            prev_value={names[i]: Fraction(int(prev_values[i]), vden) for i in order},
            own_points={names[i]: Fraction(int(own[i]), scale) for i in order},
            games={names[i]: int(stats[i].sum()) for i in order},
            wins={names[i]: int(stats[i, 0]) for i in order},
            draws={names[i]: int(stats[i, 1]) for i in order},
            losses={names[i]: int(stats[i, 2]) for i in order},
            passes=passes,
            converged=converged,
            note=note,
            _grid=grid,
            _scale=scale,
        )


def _decayed(credit: Credit, decay: str, nth: int) -> Credit:
    """The credit for the nth excused absence under ``absence_decay`` (rules section 3).

    harmonic: 1/3, 1/4, 1/5, ... (in general 1/(1/f + n - 1) for a base fraction f; a fixed
    amount shrinks in the same proportion as 1/3 does); halving: each further absence half the
    previous credit.
    """
    if decay == "none" or nth == 1:
        return credit
    if decay == "halving":
        factor = Fraction(1, 2 ** (nth - 1))
    else:
        base = credit.fraction if credit.fixed is None and credit.fraction else Fraction(1, 3)
        factor = (1 / (1 / base + nth - 1)) / base
    if credit.fixed is not None:
        return Credit(fixed=credit.fixed * factor)
    return Credit(fraction=credit.fraction * factor)


# --------------------------------------------------------------------------- public API

def compute_history(season: Season, upto: int | None = None) -> History:
    """Standings after every round 0..upto (default: the last round with results)."""
    return Engine(season, upto).history(upto)


def compute_standing(season: Season, after_round: int | None = None) -> Standing:
    hist = compute_history(season, after_round)
    return hist.last
