"""What the front ends show of a report, written once: the standings rows as
``keizer-xl standings --format json`` prints them, ``lo-run`` returns them and the LibreOffice
macro's result file holds them."""
from __future__ import annotations

from typing import Any, Protocol

from keizer_xl.core.numbers import display
from keizer_xl.core.standings import Standing

__all__ = ["standings_rows"]


class _HasStanding(Protocol):
    @property
    def standing(self) -> Standing: ...


def standings_rows(report: _HasStanding) -> list[dict[str, Any]]:
    """One dict per player, best first: rank, name, score, value, prev_value, games, w, d, l,
    rounds (numbers rounded for display, core/numbers.py)."""
    st = report.standing
    return [{"rank": place, "name": name, "score": display(st.score[name]),
             "value": display(st.value[name]), "prev_value": display(st.prev_value[name]),
             "games": st.games[name], "w": st.wins[name], "d": st.draws[name],
             "l": st.losses[name], "rounds": [display(x) for x in st.round_points[name]]}
            for place, name in zip(st.places, st.order)]
