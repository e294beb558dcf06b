"""The layouts of the season sheets the analyses compute (``analysis/``): History, Crosstable,
Explain, Audit and Compare, each with its style (title, number formats, widths, notes, blocks),
headed in the workbook's language.  Written by ``batch`` and the report commands; a change to
how one of these sheets looks is made here or in ``layout.py``, never in a client.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from keizer_xl.analysis.audit import RoundAudit
from keizer_xl.analysis.compare import Comparison
from keizer_xl.analysis.history import top_players
from keizer_xl.core.engine import History
from keizer_xl.core.model import Season
from keizer_xl.core.rows import Part
from keizer_xl.errors import Message, N_
from keizer_xl.i18n import translate, translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.frames import (audit_frames, compare_frames, crosstable_frame, explain_frames,
                                     history_grid)
from keizer_xl.sheets.chart import Chart
from keizer_xl.sheets.layout import Layout, SheetStyle, sheet_layout
from keizer_xl.sheets.report_sheets import titled, withdrawn_format, withdrawn_names
from keizer_xl.sheets.titles import RunContext, sheet_title

if TYPE_CHECKING:
    import pandas as pd


def history_style(history: History) -> SheetStyle:
    # a round per column (issue 16 item 4): landscape, one page wide while the scale stays
    # readable, else Rank and Name repeated beside the later rounds (as Standings); the chart
    # (file client) starts on a page of its own (a column break, see history_layout)
    rounds = {f"R{r}": max(3.6, len(f"R{r}") + 1.3) for r in range(1, history.last.round + 1)}
    longest = max((len(n) for st in history.standings for n in st.order), default=0)
    return SheetStyle(title=sheet_title("history", history.last.round),
                      number_formats={"Score": "0.00_0", "Rank": "0_0_0",
                                      **dict.fromkeys(rounds, "0_0")},
                      widths={"Rank": 7, "Name": float(min(24, max(14, longest + 2))),
                              "Score": 9, **rounds},
                      highlight_rows=3, landscape=True, repeat_cols=2,
                      notes=(Message("Each round column is the rank after that round; empty: "
                                     "not ranked then (not yet a member, or left)."),))


def crosstable_style(history: History) -> SheetStyle:
    # the opponent columns are as wide as their cells; Rank right-aligned with a gap before
    # the name; Rank and Name printed on every page when it splits
    return SheetStyle(title=sheet_title("crosstable", history.last.round), widths={"Rank": 7, "Name": 24},
                      number_formats={"Rank": "0_0_0"}, landscape=True, repeat_cols=2,
                      notes=(Message("A cell reads: colour (W White, B Black), result (1, ½, 0, "
                                     "1F/0F forfeit, adj adjourned, ? no result yet)"),
                             Message("and, in brackets, what the game is worth now in Keizer "
                                     "points. Column numbers are row numbers."),))


def explain_style(history: History, detail: pd.DataFrame) -> SheetStyle:
    k = history.last.round
    # widths go by column position, and the results block below shares the columns: Rank/Round,
    # Name/Name, Previous rank/Worth then, Places up/Worth now, Score/Result, Explanation/What;
    # a long explanation runs on over the empty cells to its right
    return SheetStyle(
        title=sheet_title("explain", k),
        number_formats={"Score": "0.00", "Rank": "0_0_0"},
        widths={"Rank": 7, "Name": 24, "Previous rank": 13, "Places up": 10, "Score": 9,
                "Explanation": 60},  # as wide as an A4 landscape page holds: rows less tall
        wrap=("Explanation",),  # and the results block's What under it
        landscape=True,
        notes=(Message("Explanation: why each player moved in round {round}.", round=k),
               Message("Worth then: a result's worth in the standing after its own round;"),
               Message("worth now: in the standing after round {round}.", round=k)),
        blocks=((N_("Every result: its worth when played and now"), detail),))


def audit_style(differences: pd.DataFrame) -> SheetStyle:
    notes = (Message("Each round paired again by the engine from the data before it: the "
                     "ranking after"),
             Message("the previous round, and the players who were paired in that round as "
                     "recorded."),
             Message("Differences are reported, not judged: a manual pairing is legitimate."))
    # the differences block shares the first columns: Round, Verdict/What, Bye/Recorded,
    # Bye/Engine (widths go by column position)
    return SheetStyle(title=sheet_title("audit"),
                      # numeric columns as wide as their (right-aligned) headers; the text
                      # columns wrap, so the sheet prints one page wide at >= 75 %
                      widths={"Round": 8, "Verdict": 18, "Bye recorded": 14, "Bye engine": 14,
                              "Players": 8, "Boards": 8, "Same pairs": 11, "Different pairs": 15,
                              "Colours differ": 15, "Engine notes": 20},
                      number_formats={"Round": "0_0_0"},
                      wrap=("Verdict", "Bye recorded", "Bye engine", "Engine notes"),
                      landscape=True, notes=notes,
                      blocks=((N_("Differences (pairs as White - Black)"), differences),))


def compare_style(comparison: Comparison, summary: pd.DataFrame) -> SheetStyle:
    # rank columns get their width from their content, the variants block below included;
    # the long descriptions go into the notes, which run on over empty cells
    block = summary[["Variant", "Winner", "Players moved", "Largest move"]]
    return SheetStyle(
        title=sheet_title("compare", comparison.round),
        widths={"Name": 24}, landscape=True, repeat_cols=1,
        notes=(Message("Each column is the rank after the last round under one variant."),
               Message("Season: the season's own settings."),
               Message("prev, frozen, converge: the season's settings, only the recalculation "
                       "changed."),
               Message("keizer, sevilla, knsb-sixths, frozen-fixed: the preset, with the club's "
                       "codes."),
               *comparison.notes),
        blocks=((N_("Variants"), block),))


#: the season sheets' shared column headers and where the contract names them (schema.py)
_SHARED_HEADERS = {"Round": ("Results", "round"), "Rank": ("Standings", "rank"),
                   "Name": ("Standings", "name"), "Score": ("Standings", "score"),
                   "Value": ("Standings", "value")}


#: the other headers of the season sheets, translated through the catalog
_CATALOG_HEADERS = (N_("Previous rank"), N_("Places up"), N_("Explanation"), N_("Worth then"),
                    N_("Worth now"), N_("Result"), N_("What"),
                    # Audit
                    N_("Verdict"), N_("Bye recorded"), N_("Bye engine"), N_("Players"),
                    N_("Boards"), N_("Same pairs"), N_("Different pairs"), N_("Colours differ"),
                    N_("Engine notes"), N_("Recorded"), N_("Engine"),
                    # Compare
                    N_("Variant"), N_("Winner"), N_("Players moved"), N_("Largest move"),
                    # Explain's results block
                    N_("Opponent"), N_("Colour"))


def _headers_in(frame: pd.DataFrame, style: SheetStyle,
                lang: str) -> tuple[pd.DataFrame, SheetStyle]:
    """``frame`` with its Round/Rank/Name/Score/Value headers in ``lang`` (the Standings and
    Results names of WORKBOOK-CONTRACT.md), and the style's widths and formats keyed by them."""
    if lang == "en":
        return frame, style
    import pandas as pd

    tr = translator(lang)
    names = {c: schema.header(kind, key, lang) for c, (kind, key) in _SHARED_HEADERS.items()}
    names.update((c, tr(c)) for c in _CATALOG_HEADERS)

    def new(col: Any) -> Any:
        return names.get(col, col) if isinstance(col, str) else col

    frame = frame.rename(columns=new)
    blocks = tuple((tr(title), block.rename(columns=new) if isinstance(block, pd.DataFrame)
                    else block) for title, block in style.blocks)
    # a translated header never wider than its column (Dutch "Plaats" in Rank's 7 characters
    # printed as "laats": issue 16 item 4)
    style = replace(style, widths={new(k): max(v, len(str(new(k))) + 2.5)
                                   for k, v in style.widths.items()},
                    number_formats={new(k): v for k, v in style.number_formats.items()},
                    cell_formats={(i, new(c)): v for (i, c), v in style.cell_formats.items()},
                    wrap=tuple(new(c) for c in style.wrap), blocks=blocks,
                    # Message notes translated; the analyses' own notes stay as they are
                    notes=tuple(translate(n, tr) for n in style.notes))
    return frame, style


def history_layout(history: History, context: RunContext | None = None, lang: str = "en",
                   part: Part | None = None, season: Season | None = None) -> Layout:
    """History; ``part``: the Rank the Standings sheet shows (core/rows.py), ``season``: no
    rank before a player's Joined round."""
    frame, style = _headers_in(history_grid(history, part, season), history_style(history),
                               lang)
    # Rank as wide as its header in the language (Dutch "Plaats")
    rank = schema.header("Standings", "rank", lang)
    style = replace(style, widths={**style.widths, rank: max(7.0, len(rank) + 2.5)})
    # the rank chart (history_chart) goes under the grid, from column C:
    # no print area (it would need the chart's rows), the title row repeated as before
    layout = sheet_layout(frame, titled(style, "history", history.last.round, context, lang))
    if layout.page.print_from_row > 1:
        layout = replace(layout, page=replace(
            layout.page, print_from_row=1, header=((), (), ()),
            repeat_rows=(1, layout.page.print_from_row)))
    return layout


#: the History grid's columns before the rounds: Rank, Name, Score (frames.history_grid)
_GRID_LEAD = 3


def history_chart(history: History, lang: str = "en") -> Chart | None:
    """The History sheet's rank chart (``batch``): the rank after each round of the top
    players (the grid's first rows), rank 1 on top, titled in ``lang``; None before round 1.
    Below the grid on a page of its own, from column C and as wide as the first page's columns
    right of Rank and Name, which a split History repeats on every page (issue 26); in
    centimetres of Carlito's digit (1.958 mm)."""
    rounds = history.last.round
    if rounds == 0:
        return None
    layout = history_layout(history, None, lang)  # the grid's shape only
    first = layout.page.col_breaks[0] - 1 if layout.page.col_breaks else len(layout.widths)
    width = min(22.0, sum(layout.widths[2:first]) * 0.1958 - 0.5)
    top = top_players(history)
    worst = max([p for st in history.standings[1:] for n, p in zip(st.order, st.places, strict=True)
                 if n in top] + [1])
    header_row, first_col, last_col = layout.freeze_rows, _GRID_LEAD + 1, _GRID_LEAD + rounds
    return Chart(
        "line", translator(lang)("Rank after each round (top {top})", top=len(top)),
        series=tuple((name, (header_row + 1 + i, first_col, last_col)) for i, name in enumerate(top)),
        categories=(header_row, first_col, last_col), anchor=(len(layout.grid) + 2, 3),
        size=(int(max(width, 10.0)), 10), x_title=schema.header("Results", "round", lang),
        y_title=schema.header("Standings", "rank", lang), y_bounds=(1, max(worst, 2)),
        y_step=1 if worst <= 12 else None, y_reversed=True)


def crosstable_layout(season: Season, history: History, context: RunContext | None = None,
                      lang: str = "en", part: Part | None = None) -> Layout:
    cross = crosstable_frame(season, history, lang, part)
    style = crosstable_style(history)
    gone = withdrawn_names(season, history.last.round)
    style = replace(style, cell_formats={(i, "Name"): withdrawn_format(lang)
                                         for i, n in enumerate(cross["Name"]) if n in gone})
    cross, style = _headers_in(cross, style, lang)
    return sheet_layout(cross, titled(style, "crosstable", history.last.round, context, lang))


def explain_layout(season: Season, history: History, context: RunContext | None = None,
                   lang: str = "en", part: Part | None = None) -> Layout:
    summary, detail = explain_frames(season, history, lang=lang, part=part)
    summary, style = _headers_in(summary, explain_style(history, detail), lang)
    return sheet_layout(summary, titled(style, "explain", history.last.round, context, lang))


def audit_layout(audits: list[RoundAudit], context: RunContext | None = None,
                 lang: str = "en") -> Layout:
    summary, differences = audit_frames(audits, lang)
    rnd = max((a.round for a in audits), default=None)
    summary, style = _headers_in(summary, audit_style(differences), lang)
    return sheet_layout(summary, titled(style, "audit", rnd, context, lang))


def compare_layout(comparison: Comparison, context: RunContext | None = None,
                   lang: str = "en") -> Layout:
    ranks, summary = compare_frames(comparison, lang)
    ranks, style = _headers_in(ranks, compare_style(comparison, summary), lang)
    return sheet_layout(ranks, titled(style, "compare", comparison.round, context, lang))
