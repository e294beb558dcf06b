"""A preset (and the settings overriding it, KEIZER-RULES.md section 9) resolved once into the
engine's strategies: the engine asks the :class:`Bundle`, never the settings, which method
applies."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Sequence


from keizer_xl.core.scoring import Array
from keizer_xl.core.model import Player
from keizer_xl.core.settings import Settings
from keizer_xl.core.engine.arithmetic import Arithmetic, arithmetic_for, arithmetic_kind
from keizer_xl.core.engine.grid import Grid
from keizer_xl.core.engine.order import DISPLAY_ORDERS, START_ORDERS
from keizer_xl.core.engine.valuation import Schedule, schedule_for
from keizer_xl.core.engine.withdrawal import (WITHDRAWALS, AgainstWithdrawn, InRanking,
                                              against_withdrawn)


@dataclass(frozen=True)
class Bundle:
    """The strategies of one set of settings (a preset and what overrides it)."""

    name: str  # the preset's name
    settings: Settings
    start_order: Callable[[Sequence[Player], Settings], list[Player]]
    schedule: Schedule
    arithmetic_kind: type[Arithmetic]  # rounding and float_shares
    in_ranking: InRanking  # withdrawn: keep, remove, retroactive
    against: AgainstWithdrawn  # withdrawn_opponent(_result, _forfeit_as_loss)
    display: Callable[[Grid, int, Any, Array, int], Any] | None

    def players(self, players: Sequence[Player]) -> list[Player]:
        """The start ranking (section 2)."""
        return self.start_order(players, self.settings)

    def arithmetic(self, grid: Grid) -> Arithmetic:
        """The arithmetic over the grid's scale (``rounding``, ``float_shares``)."""
        return arithmetic_for(self.settings, grid.scale, grid.cden * grid.factor,
                              self.arithmetic_kind)


def resolve(settings: Settings) -> Bundle:
    """The bundle of ``settings`` (made once per engine)."""
    return Bundle(name=settings.preset, settings=settings,
                  start_order=START_ORDERS[settings.start_ranking],
                  schedule=schedule_for(settings), arithmetic_kind=arithmetic_kind(settings),
                  in_ranking=WITHDRAWALS[settings.withdrawn],
                  against=against_withdrawn(settings),
                  display=DISPLAY_ORDERS[settings.display_order])
