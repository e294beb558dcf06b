"""What the front ends show of a report, written once: the standings rows as
``keizer-xl standings --format json`` prints them, ``lo-run`` returns them and the LibreOffice
macro's result file holds them."""
from __future__ import annotations

from typing import Any, Protocol

from fractions import Fraction

from keizer_xl.core.numbers import display
from keizer_xl.core.standings import Standing, StandingRow

__all__ = ["standings_rows"]


class _HasStanding(Protocol):
    @property
    def standing(self) -> Standing: ...


def standings_rows(report: _HasStanding) -> list[dict[str, Any]]:
    """One dict per player, best first: rank, name, score, value, prev_value, games, w, d, l,
    rounds (numbers rounded for display, core/numbers.py)."""
    return [{**{key: display(x) if isinstance(x, Fraction) else x
                for key, x in zip(StandingRow.KEYS, row.cells())},
             "rounds": [display(x) for x in row.rounds]}
            for row in report.standing.rows]
