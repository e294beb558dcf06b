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


def grouped_rows(report: Any) -> list[dict[str, Any]]:
    """Every group's standings rows (issue 18), each row with its ``group``; a report without
    groups gives its own rows."""
    parts = report.parts or (report,)
    return [{**row, "group": part.group} if part.group else row
            for part in parts for row in standings_rows(part)]


def category_rows(report: Any, category: str) -> list[dict[str, Any]]:
    """Category ``category``'s sub-standings (issue 18): the rows of its players, the same
    points, ``rank`` within the category and ``overall`` the place in the (group's) ranking.
    A category nobody has is an ActionError naming the categories there are."""
    from keizer_xl.core.groups import group_key
    from keizer_xl.errors import ActionError, Message

    parts = report.parts or (report,)
    known = list(dict.fromkeys(c for part in parts for c, _ in part.categories))
    match = next((c for c in known if group_key(c) == group_key(category)), None)
    if match is None:
        raise ActionError(Message("no category {category!r} (categories: {categories})",
                                  category=category, categories=", ".join(known) or "-"),
                          usage=True)
    out: list[dict[str, Any]] = []
    for part in parts:
        members = set(dict(part.categories).get(match, ()))
        rank = 0
        for row in standings_rows(part):
            if row["name"] in members:
                rank += 1
                shown = {**row, "rank": rank, "overall": row["rank"], "category": match}
                out.append({**shown, "group": part.group} if part.group else shown)
    return out
