"""What the front ends show of a report, written once: the standings rows as
``keizer-xl standings --format json`` prints them, ``lo-run`` returns them and the LibreOffice
macro's result file holds them."""
from __future__ import annotations

from typing import Any, Protocol

from keizer_xl.core.numbers import display
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.standings import Standing

__all__ = ["standings_rows", "period_rows"]


class _HasStanding(Protocol):
    @property
    def standing(self) -> Standing: ...


def standings_rows(report: _HasStanding) -> list[dict[str, Any]]:
    """One dict per player, best first: rank, name, score, value, prev_value, games, w, d, l,
    rounds (numbers rounded for display, core/numbers.py)."""
    st = report.standing
    rows = [{"rank": place, "name": name, "score": display(st.score[name]),
             "value": display(st.value[name]), "prev_value": display(st.prev_value[name]),
             "games": st.games[name], "w": st.wins[name], "d": st.draws[name],
             "l": st.losses[name], "rounds": [display(x) for x in st.round_points[name]]}
            for place, name in zip(st.places, st.order)]
    # house rules (issue 18): game points, TPR (null without rated games), min_games
    points: dict[str, Any] = getattr(report, "game_points", {})
    perf: dict[str, Any] = getattr(report, "tpr", {})
    for row in rows:
        if row["name"] in points:
            row["game_points"] = display(points[row["name"]])
            row["tpr"] = perf.get(row["name"])
    unranked = set(getattr(report, "unranked", ()))
    if unranked:
        ranked = [r for r in rows if r["name"] not in unranked]
        for i, r in enumerate(ranked, start=1):
            r["rank"] = i
        rows = ranked + [{**r, "rank": None} for r in rows if r["name"] in unranked]
    return rows


def period_rows(ps: PeriodStanding) -> list[dict[str, Any]]:
    """A period's standing as :func:`standings_rows` gives the season's (issue 18): the same
    keys; ``score`` is match points and ``value``/``prev_value`` null under ``period_scoring
    6/3/1``; ``rounds`` the period's rounds (its own Keizer points)."""
    st = ps.keizer
    keizer = ps.scoring == "keizer"
    return [{"rank": r.place, "name": r.name, "score": display(r.score),
             "value": display(st.value[r.name]) if keizer else None,
             "prev_value": display(st.prev_value[r.name]) if keizer else None,
             "games": r.games, "w": r.wins, "d": r.draws, "l": r.losses,
             "rounds": [display(x) for x in st.round_points[r.name]],
             "period": ps.period.number}
            for r in ps.rows]
