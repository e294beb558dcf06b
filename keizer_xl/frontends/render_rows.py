"""A standing as rows and as a text table, for every front end (issue 15: built from the one row
shape, :class:`keizer_xl.core.standings.StandingRow`): the JSON of ``standings --format json``
and ``lo-run``, the CSV of groups and categories, the table the command line prints."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from keizer_xl.core.numbers import display
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.engine import Standing, StandingRow
from keizer_xl.errors import N_
from keizer_xl.i18n import Translator, decimal_text

__all__ = ["standings_rows", "period_rows", "grouped_rows", "category_rows", "standings_table"]


class _HasStanding(Protocol):
    @property
    def standing(self) -> Standing: ...


def standings_rows(report: _HasStanding) -> list[dict[str, Any]]:
    """One dict per player, best first: rank, name, score, value, prev_value, games, w, d, l,
    rounds (numbers rounded for display, core/numbers.py)."""
    # built from the one row shape (core.standings.StandingRow: issue 15)
    rows = [{**{key: display(x) if isinstance(x, Fraction) else x
                for key, x in zip(StandingRow.KEYS, row.cells(), strict=True)},
             "rounds": [display(x) for x in row.rounds]}
            for row in report.standing.rows]
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


#: The text table's headers (msgctxt-free ids; "G" = games, "W"/"D"/"L" = won/drawn/lost).
_TABLE_HEAD = (N_("Rank"), N_("Name"), N_("Score"), N_("Value"), N_("Prev"), N_("G"), N_("W"),
               N_("D"), N_("L"))


def standings_table(rows: list[dict[str, Any]], tr: Translator) -> list[str]:
    """The standings as a text table, headed in the language of the messages (the JSON
    output's keys stay English)."""
    head = [tr(h) for h in _TABLE_HEAD]
    width = max([len(r["name"]) for r in rows] + [len(head[1])])
    wide = [max(len(h), n) for h, n in zip(head, (4, 0, 9, 7, 7, 3, 3, 3, 3), strict=True)]
    out = [(f"{head[0]:>{wide[0]}}  {head[1]:<{width}}  {head[2]:>{wide[2]}} {head[3]:>{wide[3]}} "
            f"{head[4]:>{wide[4]}} {head[5]:>{wide[5]}} {head[6]:>{wide[6]}} {head[7]:>{wide[7]}} "
            f"{head[8]:>{wide[8]}}")]
    for r in rows:
        rank = "-" if r["rank"] is None else r["rank"]  # min_games: after the table, unranked
        value = "" if r["value"] is None else r["value"]  # a period ranked by match points
        prev = "" if r["prev_value"] is None else r["prev_value"]
        score = decimal_text(f"{r['score']:.2f}", tr.lang)  # German, Dutch, French: 15,00
        if isinstance(value, float):
            value = decimal_text(str(value), tr.lang)
        out.append(f"{rank:>{wide[0]}}  {r['name']:<{width}}  {score:>{wide[2]}} "
                   f"{value:>{wide[3]}} {prev:>{wide[4]}} {r['games']:>{wide[5]}} "
                   f"{r['w']:>{wide[6]}} {r['d']:>{wide[7]}} {r['l']:>{wide[8]}}")
    return out
