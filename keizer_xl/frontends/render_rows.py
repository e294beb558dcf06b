"""A standing as rows and as a text table, for every front end: the JSON of ``standings
--format json`` and ``lo-run``, the table the command line prints; read from the row model
(core/rows.py) and nothing else."""
from __future__ import annotations

from fractions import Fraction
from typing import Any
from collections.abc import Sequence

from keizer_xl.core.numbers import display
from keizer_xl.core.rows import HEAD, TAIL, Part
from keizer_xl.errors import N_
from keizer_xl.i18n import Translator, decimal_text

def _shown(v: Any) -> Any:
    return display(v) if isinstance(v, Fraction) else v


def part_rows(parts: Sequence[Part], category: str | None = None) -> list[dict[str, Any]]:
    """One dict per shown row of every part, best first: rank (null: not ranked), name, score,
    value, prev_value, games, w, d, l, rounds, then game_points and tpr (a season's part) or
    period (a period's), a round robin's ``number`` and ``tiebreaks`` (acronym: value); with
    ``category`` the category's rows (``rank`` within it,
    ``overall`` the place in the part, ``category``); ``group`` with groups.  Numbers rounded
    for display (core/numbers.py)."""
    out = []
    for part in parts:
        for r in part.category(category) if category is not None else part.rows:
            row = {k: _shown(r.cell(k)) for k in HEAD}
            row["rounds"] = [display(x) for x in r.rounds]
            if part.period is None:
                row.update((k, _shown(r.cell(k))) for k in TAIL)
            else:
                row["period"] = part.period.period.number
                row["finished"] = part.period.finished
            if part.round_robin:  # pairing number and FIDE tie-breaks (issue 36)
                row["number"] = r.number
                row["tiebreaks"] = {k: _shown(v) for k, v in zip(part.tiebreaks, r.tiebreaks,
                                                                  strict=True)}
            if category is not None:
                row.update(overall=r.overall, category=category)
            if part.group:
                row["group"] = part.group
            out.append(row)
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
        rank = "-" if r["rank"] is None else r["rank"]  # not ranked (core/rows.py)
        value = "" if r["value"] is None else r["value"]  # a period ranked by match points
        prev = "" if r["prev_value"] is None else r["prev_value"]
        score = decimal_text(f"{r['score']:.2f}", tr.lang)  # German, Dutch, French: 15,00
        if isinstance(value, float):
            value = decimal_text(str(value), tr.lang)
        out.append(f"{rank:>{wide[0]}}  {r['name']:<{width}}  {score:>{wide[2]}} "
                   f"{value:>{wide[3]}} {prev:>{wide[4]}} {r['games']:>{wide[5]}} "
                   f"{r['w']:>{wide[6]}} {r['d']:>{wide[7]}} {r['l']:>{wide[8]}}"
                   + "".join(f" {'' if v is None else decimal_text(str(v), tr.lang):>6}"
                             for v in r.get("tiebreaks", {}).values()))
    if rows and "tiebreaks" in rows[0]:  # a round robin's FIDE tie-breaks (issue 36)
        out[0] += "".join(f" {k:>6}" for k in rows[0]["tiebreaks"])
    return out
