"""The way back: a season (or its standings) as the tables of its sheets, headed in the
workbook's language (WORKBOOK-CONTRACT.md): the Standings table and its style, the four input
sheets as a competition leader would type them, the Settings rows of a season's rules."""
from __future__ import annotations

import datetime as dt
import re
from typing import Any, TYPE_CHECKING

from keizer_xl.core.model import Season
from keizer_xl.core.numbers import display
from keizer_xl.core.settings import Settings
from keizer_xl.core.rules import build_settings, describe
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Rows, SheetStyle

if TYPE_CHECKING:  # reading a workbook needs no pandas; only input_frames builds DataFrames
    import pandas as pd


# --------------------------------------------------------------------------- writing

def standings_table(frame: Rows, lang: str = "en") -> tuple[Rows, SheetStyle]:
    """The Standings sheet: a part's shown rows, exact (sheets/frames.py ``part_records``) ->
    display values and layout, headed in ``lang`` (schema.COLUMNS["Standings"]; the round
    columns are R1, R2, ... in every language)."""
    rounded = [c in ("Score", "Value", "Prev value") or bool(re.fullmatch(r"R\d+", str(c)))
               for c in frame.columns]
    rows = []
    # a value shown once per distinct Fraction object: the engine shares one Fraction per
    # distinct round value (core.engine.standing.round_points), so 2,100 round cells of a
    # 60 x 35 season round a few hundred values (issue 25); keyed by identity (a Fraction
    # hashes slowly), the object kept beside its display so the id cannot be reused
    shown: dict[int, tuple[Any, Any]] = {}
    for row in frame.rows:
        values = []
        for v, r in zip(row, rounded, strict=True):
            if r:
                known = shown.get(id(v))
                if known is None or known[0] is not v:
                    known = shown[id(v)] = (v, display(v))
                v = known[1]
            values.append(v)
        rows.append(tuple(values))
    out = Rows(frame.columns, tuple(rows))
    # "General" shows the rounded 43 and 96.47 as they are (Excel's "0.##" prints "43."); "0_0_0"
    # leaves two digits' space after the rank, so it never runs into the name ("1Ruud Bakker")
    formats = {"Rank": "0_0_0", "Score": "0.00"}
    formats.update({c: "General" for c in out.columns if re.fullmatch(r"R\d+", str(c))})
    formats.update({"Value": "General", "Prev value": "General"})
    widths = {"Rank": 7, "Name": 24, "Score": 9, "Value": 7, "Prev value": 10, "Games": 7,
              "W": 4, "D": 4, "L": 4}
    widths.update({c: 8 for c in out.columns if re.fullmatch(r"R\d+", str(c))})  # fits E 16.67
    names = {schema.header("Standings", key, "en"): schema.header("Standings", key, lang)
             for key in schema.COLUMNS["Standings"]}
    # a longer translated header ("Vorheriger Wert") widens its column; English keeps its widths
    widths = {names.get(c, c): w if names.get(c, c) == c else max(w, len(names[c]) + 2)
              for c, w in widths.items()}
    formats = {names.get(c, c): f for c, f in formats.items()}
    out = Rows(tuple(names.get(c, c) for c in out.columns), out.rows)
    style = SheetStyle(title=schema.sheet_name("Standings", lang), number_formats=formats,
                       widths=widths, highlight_rows=3, landscape=len(out.columns) > 20)
    return out, style


# --------------------------------------------------------------------------- season -> tables

def settings_rows(settings: Settings) -> list[tuple[str, str]]:
    """The Settings rows that reproduce ``settings``: the preset, then what differs from it."""
    base = dict(describe(build_settings([("preset", settings.preset)])))
    rows = [("preset", settings.preset)]
    for key, text in describe(settings):
        if key == "preset":
            continue
        if base.get(key) != text or key.startswith(("code ", "fixed", "forbidden")):
            rows.append((key, text))
    return rows


def typed_text(text: str) -> int | str | None:
    """A Players text as a leader types it into a cell: a number id (``1503014``) a number,
    an id with a leading zero, a letter or more than 15 digits (Excel keeps 15) text; ''
    None."""
    if not text:
        return None
    return int(text) if re.fullmatch(r"[1-9][0-9]{0,14}", text) else text


def typed_date(text: str) -> dt.date | str | None:
    """A birth date as typed into a cell: ``1980/01/05`` (TRF's form, the reader's) or
    ``1980-01-05`` a date; anything else (a year alone too: under a date it would take the
    date's format and read back as 1905/06/02) the text."""
    m = re.fullmatch(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})", text.strip())
    if m:
        try:
            return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:  # 1980/02/30: kept as typed, the rating report warns about it
            return text
    return text or None


def input_frames(season: Season) -> dict[str, pd.DataFrame]:
    """The four input sheets of a season, as the competition leader would have typed them."""
    import pandas as pd

    # object columns: a rating stays the int 1850 beside an unrated player's empty cell (a
    # float column would write 1850.0); ids and birth dates as typed (issue 33)
    players = pd.DataFrame(
        [{"Name": p.name, "Rating": p.rating, "Start": p.start,
          "Joined": p.joined if p.joined != 1 else None,
          "Status": f"withdrawn {p.withdrawn_round}" if p.withdrawn_round else None,
          "Club": p.club or None, "Id": typed_text(p.id), "Group": p.group or None,
          "Category": ", ".join(p.categories) or None, "Sex": p.sex or None,
          "Birth": typed_date(p.birth), "Federation": p.federation or None,
          "FIDE id": typed_text(p.fide_id), "KNSB id": typed_text(p.knsb_id)}
         for p in season.players],
        columns=["Name", "Rating", "Start", "Joined", "Status", "Club", "Id", "Group",
                 "Category", "Sex", "Birth", "Federation", "FIDE id", "KNSB id"], dtype=object)
    rounds = max([season.known_rounds(), 1])
    codes = {(a.player, a.round): a.code for a in season.absences}
    attendance = pd.DataFrame(
        [{"Name": p.name, **{f"R{r}": codes.get((p.name, r)) for r in range(1, rounds + 1)}}
         for p in season.players], columns=["Name"] + [f"R{r}" for r in range(1, rounds + 1)])
    rows = []
    for g in sorted(season.games, key=lambda g: (g.round, g.board or 0)):
        rows.append({"Round": g.round, "Board": g.board, "White": g.white, "Black": g.black,
                     "Result": g.result.value or None})
    for b in season.byes:
        rows.append({"Round": b.round, "Board": None, "White": b.player, "Black": None,
                     "Result": "bye"})
    results = pd.DataFrame(rows, columns=["Round", "Board", "White", "Black", "Result"])
    results = results.sort_values("Round", kind="stable").reset_index(drop=True)
    settings = pd.DataFrame(settings_rows(season.settings), columns=["Setting", "Value"])
    return {"Settings": settings, "Players": players, "Attendance": attendance, "Results": results}
