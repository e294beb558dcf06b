"""Standings as a table (WORKBOOK-CONTRACT.md, Output sheets), for the sheet writers and exports.

pandas is imported by the functions that build a DataFrame, not by this module: the Standings
sheet a command writes on every run is made from :func:`part_records` without it (issue 12,
start-up: importing pandas costs a command about a quarter of a second).
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from keizer_xl.analysis.history import TOP_PLAYERS, crosstable_rows, history_grid_rows, rank_progression_rows
from keizer_xl.core.model import Season
from keizer_xl.core.numbers import display
from keizer_xl.core.engine import History
from keizer_xl.core.rows import HEAD, TAIL, Part, Row
from keizer_xl.i18n import colour_letters, translate
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Rows

if TYPE_CHECKING:
    import pandas as pd

    from keizer_xl.analysis.audit import RoundAudit
    from keizer_xl.analysis.compare import Comparison


def part_records(part: Part) -> Rows:
    """A part's shown rows (core/rows.py) as the Standings table, headed in English (the sheet
    and the CSV rename them): Rank ('-' when not ranked), the row model's :data:`HEAD` columns,
    R1..Rk, then :data:`TAIL` (game points shown rounded); exact otherwise."""
    columns = (tuple(schema.header("Standings", k, "en") for k in HEAD)
               + tuple(f"R{r}" for r in range(1, part.round + 1))
               + tuple(schema.header("Standings", k, "en") for k in TAIL))

    def tail(r: Row, key: str) -> object:
        v = r.cell(key)
        return display(v) if isinstance(v, Fraction) else v

    return Rows(columns, tuple(
        ("-" if r.place is None else r.place, *(r.cell(k) for k in HEAD[1:]),
         *r.rounds,
         *(tail(r, k) for k in TAIL)) for r in part.rows))


# The season sheets' tables: the analyses give plain rows, the sheets (and exports) take frames.

def history_grid(history: History, part: Part | None = None,
                 season: Season | None = None) -> pd.DataFrame:
    """The History sheet: rank after each round, a round per column (analysis.history); the
    Rank a part's shown rows give (core/rows.py)."""
    import pandas as pd

    columns, rows = history_grid_rows(history, part.places() if part else None, season)
    return pd.DataFrame(rows, columns=columns, dtype=object)


def rank_progression(history: History, top: int = TOP_PLAYERS) -> pd.DataFrame:
    """The rank chart's data: one row per round, one column per top player."""
    import pandas as pd

    columns, rows = rank_progression_rows(history, top)
    return pd.DataFrame(rows, columns=columns, dtype=object)


def crosstable_frame(season: Season, history: History, lang: str = "en",
                     part: Part | None = None) -> pd.DataFrame:
    """Who met whom, with which colour and result, and what it is worth now (the column of a
    player who left the ranking headed in ``lang``)."""
    import pandas as pd

    # the colour letters of the language (Dutch W/Z, German W/S, French B/N), as its legend
    columns, rows = crosstable_rows(season, history, colour_letters(lang),
                                    part.places() if part else None)
    columns = [translate(c, lang) for c in columns]
    return pd.DataFrame(rows, columns=columns, dtype=object)


def explain_frames(season: Season, history: History, lang: str = "en",
                   part: Part | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The Explain sheet's two tables: one row per player, one per player per round; the
    sentences in ``lang``."""
    import pandas as pd

    from keizer_xl.analysis.explain import explain_rows  # not loaded by standings and pair

    (c1, summary), (c2, detail) = explain_rows(season, history, lang,
                                               part.places() if part else None)
    return pd.DataFrame(summary, columns=c1), pd.DataFrame(detail, columns=c2)


def audit_frames(audits: list[RoundAudit], lang: str = "en") -> tuple[pd.DataFrame, pd.DataFrame]:
    """The Audit sheet's two tables: one row per round, the differences below."""
    import pandas as pd

    from keizer_xl.analysis.audit import audit_rows  # not loaded by standings and pair

    (c1, summary), (c2, differences) = audit_rows(audits, lang)
    return pd.DataFrame(summary, columns=c1), pd.DataFrame(differences, columns=c2)


def compare_frames(comparison: Comparison, lang: str = "en") -> tuple[pd.DataFrame, pd.DataFrame]:
    """The Compare sheet: the final rank under every variant, and one row per variant; the
    variant names and descriptions in ``lang``."""
    import pandas as pd

    from keizer_xl.analysis.compare import SUMMARY_COLUMNS  # not loaded by standings and pair

    columns = [translate(c, lang) for c in comparison.columns]
    summary = [{k: translate(v, lang) if k in ("Variant", "What") else v for k, v in row.items()}
               for row in comparison.summary]
    return (pd.DataFrame(list(comparison.ranks), columns=columns, dtype=object),
            pd.DataFrame(summary, columns=list(SUMMARY_COLUMNS)))
