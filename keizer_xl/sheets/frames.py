"""Standings as a table (WORKBOOK-CONTRACT.md, Output sheets), for the sheet writers and exports."""
from __future__ import annotations

import pandas as pd

from keizer_xl.core.standings import Standing


STANDINGS_COLUMNS = ("Rank", "Name", "Score", "Value", "Prev value", "Games", "W", "D", "L")


def standings_frame(st: Standing) -> pd.DataFrame:
    """The Standings table (WORKBOOK-CONTRACT.md): exact Fractions, rounded only for display."""
    rows = []
    for place, name in zip(st.places, st.order):
        row = {
            "Rank": place, "Name": name, "Score": st.score[name], "Value": st.value[name],
            "Prev value": st.prev_value[name], "Games": st.games[name], "W": st.wins[name],
            "D": st.draws[name], "L": st.losses[name],
        }
        for r, pts in enumerate(st.round_points[name], start=1):
            row[f"R{r}"] = pts
        rows.append(row)
    columns = list(STANDINGS_COLUMNS) + [f"R{r}" for r in range(1, st.round + 1)]
    return pd.DataFrame(rows, columns=columns)
