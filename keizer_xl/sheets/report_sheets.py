"""The layouts of the engine's sheets (WORKBOOK-CONTRACT.md, Output sheets), one function each.

The analyses (``analysis/``) compute the season's tables; here each becomes the Layout every
client writes: its title, number formats, widths, print setup, notes and blocks.  A change to how
a sheet looks (a title row, a header or footer text, landscape with repeated rows, a column's
alignment) is made here or in ``layout.py``, never in a client.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from keizer_xl.analysis.audit import RoundAudit
from keizer_xl.analysis.compare import Comparison
from keizer_xl.core.model import BUILTIN_CODES, Season
from keizer_xl.core.pairing import Pairing
from keizer_xl.core.standings import History, Standing
from keizer_xl.sheets.frames import (audit_frames, compare_frames, crosstable_frame, explain_frames,
                                     history_frame, standings_records)
from keizer_xl.sheets.layout import Layout, Rows, SheetStyle, sheet_layout

if TYPE_CHECKING:  # the two sheets written on every run (Standings, Pairings) need no pandas
    import pandas as pd


# --------------------------------------------------------------------------- styles

def history_style(history: History) -> SheetStyle:
    return SheetStyle(title=f"History after round {history.last.round}",
                      number_formats={"Score": "0.00"},  # Value: General (Excel shows "51." for 0.##)
                      widths={"Round": 7, "Rank": 6, "Name": 24, "Score": 9, "Value": 7})


def crosstable_style(frame: pd.DataFrame, history: History) -> SheetStyle:
    widths = {"Rank": 6, "Name": 24}  # the opponent columns are as wide as their cells
    return SheetStyle(title=f"Crosstable after round {history.last.round}", widths=widths,
                      landscape=True,
                      notes=("A cell reads: colour (W White, B Black), result (1, ½, 0, 1F/0F "
                             "forfeit, adj adjourned, ? no result yet) and, in brackets, what the "
                             "game is worth now in Keizer points. Column numbers are row numbers.",))


def explain_style(history: History, detail: pd.DataFrame) -> SheetStyle:
    k = history.last.round
    # widths go by column position, and the results block below shares the columns: Rank/Round,
    # Name/Name, Previous rank/Worth then, Places up/Worth now, Score/Result, Explanation/What;
    # a long explanation runs on over the empty cells to its right
    return SheetStyle(
        title=f"Explanation after round {k}",
        number_formats={"Score": "0.00"},
        widths={"Rank": 7, "Name": 24, "Previous rank": 13, "Places up": 10, "Score": 9,
                "Explanation": 60},
        fit_to_page=False, landscape=True,
        notes=(f"Explanation: why each player moved in round {k}.",
               "Worth then: a result's worth in the standing after its own round;",
               f"worth now: in the standing after round {k}."),
        blocks=(("Every result: its worth when played and now", detail),))
def audit_style(differences: pd.DataFrame) -> SheetStyle:
    notes = ("Each round paired again by the engine from the data before it: the ranking after",
             "the previous round, and the players who were paired in that round as recorded.",
             "Differences are reported, not judged: a manual pairing is legitimate.")
    # the differences block shares the first columns: Round, Verdict/What, Bye/Recorded,
    # Bye/Engine (widths go by column position)
    return SheetStyle(title="Pairing audit",
                      widths={"Round": 7, "Verdict": 32, "Bye recorded": 50, "Bye engine": 50,
                              "Players": 8, "Boards": 7, "Same pairs": 10, "Different pairs": 10,
                              "Colours differ": 10, "Engine notes": 60},
                      landscape=True, notes=notes,
                      blocks=(("Differences (pairs as White - Black)", differences),))


def compare_style(comparison: Comparison, summary: pd.DataFrame) -> SheetStyle:
    # rank columns get their width from their content, the variants block below included;
    # the long descriptions go into the notes, which run on over empty cells
    block = summary[["Variant", "Winner", "Players moved", "Largest move"]]
    return SheetStyle(
        title=f"Final ranking after round {comparison.round} by method and preset",
        widths={"Name": 24}, landscape=True,
        notes=("Each column is the rank after the last round under one variant.",
               "Season: the season's own settings.",
               "prev, frozen, converge: the season's settings, only the recalculation changed.",
               "keizer, sevilla, knsb-sixths, frozen-fixed: the preset, with the club's codes.",
               *comparison.notes),
        blocks=(("Variants", block),))


# --------------------------------------------------------------------------- one per sheet

def standings_layout(st: Standing, notes: Sequence[str] = (), lang: str = "en",
                     not_yet: Sequence[str] = ()) -> Layout:
    """Standings: rank, name, score, value, games and points per round; podium fills; headed
    in ``lang`` (sheets/schema.py).

    ``not_yet``: players whose Joined round is after ``st.round``: Rank ``-`` (rules section 7,
    in the start list but not ranked before joining)."""
    from keizer_xl.i18n import translator
    from keizer_xl.sheets.read import standings_table

    frame, style = standings_table(standings_records(st), lang, not_yet=not_yet)
    title = translator(lang).gettext("Standings after round {round}", round=st.round)
    return sheet_layout(frame, replace(style, title=title, notes=tuple(notes)))


def pairings_layout(p: Pairing, absent: Mapping[str, str], ranking: Sequence[str],
                    codes: Sequence[tuple[str, Any]] = (), lang: str = "en") -> Layout:
    """Pairings in ``lang``: the boards; under them, in the same columns (narrow Code under
    Board, names under White) so a printed sheet stays one readable page, the bye first, then
    the absent with their reasons (in ranking order), codes as the language types them."""
    from keizer_xl.i18n import translator
    from keizer_xl.sheets import schema

    tr = translator(lang)
    h = schema.headers("Pairings", lang)
    frame = Rows((h["board"], h["white"], h["black"], h["result"]),
                 tuple((b.board, b.white, b.black, None) for b in p.boards))
    meanings = {code: tr(meaning) for code, meaning in BUILTIN_CODES.items()}
    for code, credit in codes:
        meanings.setdefault(code, tr("club code ({credit})", credit=credit))
    shown = {builtin: letter for letter, builtin in schema.code_letters(lang).items()}
    columns = [h["code"], h["name"], h["reason"]]
    blocks = []
    if p.bye:
        blocks.append((h["bye_block"], Rows(tuple(columns), (
            (tr("bye"), p.bye, tr("pairing-allocated bye")),))))
    if absent:
        order = list(ranking)
        rows = tuple((shown.get(c, c), n, meanings.get(c, ""))
                     for n, c in sorted(absent.items(), key=lambda x: order.index(x[0])
                                        if x[0] in order else 0))
        blocks.append((h["absent_block"], Rows(tuple(columns), rows)))
    style = SheetStyle(title=tr("Round {round}", round=p.round),
                       widths={h["board"]: 7, h["white"]: 28, h["black"]: 28, h["result"]: 9},
                       number_formats={h["board"]: "0_0_0"},  # a gap before the name (see Rank)
                       notes=tuple(p.notes), blocks=tuple(blocks))
    return sheet_layout(frame, style)


def history_layout(history: History) -> Layout:
    return sheet_layout(history_frame(history), history_style(history))


def crosstable_layout(season: Season, history: History) -> Layout:
    cross = crosstable_frame(season, history)
    return sheet_layout(cross, crosstable_style(cross, history))


def explain_layout(season: Season, history: History) -> Layout:
    summary, detail = explain_frames(season, history)
    return sheet_layout(summary, explain_style(history, detail))


def audit_layout(audits: list[RoundAudit]) -> Layout:
    summary, differences = audit_frames(audits)
    return sheet_layout(summary, audit_style(differences))


def compare_layout(comparison: Comparison) -> Layout:
    ranks, summary = compare_frames(comparison)
    return sheet_layout(ranks, compare_style(comparison, summary))


__all__ = ["standings_layout", "pairings_layout", "history_layout", "crosstable_layout",
           "explain_layout", "audit_layout", "compare_layout", "history_style",
           "crosstable_style", "explain_style", "audit_style", "compare_style"]
