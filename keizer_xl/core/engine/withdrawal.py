"""A player who withdraws (KEIZER-RULES.md section 7): who is in the ranking after round k
(``withdrawn``: keep, remove, retroactive) and what a game against a player who has left the
ranking earns (``withdrawn_opponent``, ``withdrawn_opponent_result``,
``withdrawn_opponent_forfeit_as_loss``), one strategy per setting value.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from keizer_xl.core.scoring import Array, BoolArray
from keizer_xl.core import scoring
from keizer_xl.core.model import ScoreKind
from keizer_xl.core.settings import Credit, Settings, Withdrawn

if TYPE_CHECKING:
    from keizer_xl.core.engine.grid import Grid


# --------------------------------------------------------------------------- in the ranking

def _keep(grid: Grid, k: int) -> BoolArray:
    """``withdrawn keep``: he stays in the ranking (his rounds scored as absent)."""
    return np.ones(grid.n, dtype=bool)


def _remove(grid: Grid, k: int) -> BoolArray:
    """``withdrawn remove``: he leaves the ranking from his withdrawal round on."""
    return grid.gone > max(k, 1)


def _retroactive(grid: Grid, k: int) -> BoolArray:
    """``withdrawn retroactive`` (KeizerForClubs): a retired player leaves every ranking, also
    those before his withdrawal (it recomputes all rounds with today's player states)."""
    return grid.gone > grid.last_round + 1


#: who is in the ranking after round k
InRanking = Callable[["Grid", int], BoolArray]

#: ``withdrawn`` -> who is in the ranking after round k
WITHDRAWALS: dict[Withdrawn, InRanking] = {
    Withdrawn.KEEP: _keep, Withdrawn.REMOVE: _remove, Withdrawn.RETROACTIVE: _retroactive,
}


# --------------------------------------------------------------------------- his opponents

class AgainstWithdrawn:
    """A game against a player who has left earns ``withdrawn_opponent`` x the own value,
    whatever its result (section 7)."""

    def shares(self, s: Settings, used: Sequence[Credit]) -> list[Fraction]:
        """The shares of a value such a game can earn (the season's scale holds them)."""
        return [s.withdrawn_opponent]

    def grid(self, grid: Grid, credits: scoring.CreditGrid) -> Array | None:
        """Each cell's coefficient when its opponent has left (None: ``grid.wd_coef``, the
        same for every cell)."""
        return None


class ResultShare(AgainstWithdrawn):
    """``withdrawn_opponent_result`` (KeizerForClubs): withdrawn_opponent x the game's result
    share (win 1, draw 1/2, loss as the loss bonus)."""

    def shares(self, s: Settings, used: Sequence[Credit]) -> list[Fraction]:
        share = s.withdrawn_opponent
        return [share, *(c.fraction * share for c in used if c.fixed is None),
                scoring.game_fraction(s, ScoreKind.LOSS) * share]

    def grid(self, grid: Grid, credits: scoring.CreditGrid) -> Array:
        """withdrawn_opponent x each cell's result share, as a coefficient."""
        share = grid.settings.withdrawn_opponent
        table = np.array([grid.coefficient(c.fraction * share) if c.fixed is None else 0
                          for c in credits.table], dtype=grid.dtype)
        out: Array = table[credits.credit]
        return out


class ResultShareOtherAsLoss(ResultShare):
    """``withdrawn_opponent_forfeit_as_loss`` (KeizerForClubs, RankingCalculator.cs, newest):
    against a retired player any result but a win or a draw earns the loss bonus share,
    forfeits included, and a game without a result where it earns nothing
    (``scoring.pending_rule``: KFC's "anything else")."""

    def grid(self, grid: Grid, credits: scoring.CreditGrid) -> Array:
        s = grid.settings
        out = super().grid(grid, credits)
        is_other = np.zeros(scoring.UNMARKED + 1, dtype=bool)
        is_other[list(scoring.pending_rule(s).other)] = True
        loss = scoring.game_fraction(s, ScoreKind.LOSS) * s.withdrawn_opponent
        return np.where(is_other[grid.rounds.kind],
                        np.array(grid.coefficient(loss), dtype=grid.dtype), out)


#: (``withdrawn_opponent_result``, ``withdrawn_opponent_forfeit_as_loss``) -> the strategy
AGAINST_WITHDRAWN: dict[tuple[bool, bool], AgainstWithdrawn] = {
    (False, False): AgainstWithdrawn(), (False, True): AgainstWithdrawn(),
    (True, False): ResultShare(), (True, True): ResultShareOtherAsLoss(),
}


def against_withdrawn(s: Settings) -> AgainstWithdrawn:
    return AGAINST_WITHDRAWN[(s.withdrawn_opponent_result, s.withdrawn_opponent_forfeit_as_loss)]
