"""The layouts of the two sheets written on every run (WORKBOOK-CONTRACT.md, Output sheets):
Standings and Pairings, one function each; and what every engine sheet's layout shares (the
title line, the withdrawn mark).  The season sheets the analyses compute are laid out in
:mod:`.analysis_sheets`, a season's groups, categories and periods in :mod:`.group_sheets`.

Each becomes the Layout every client writes: its title, number formats, widths, print setup,
notes and blocks.  A change to how
a sheet looks (a title row, a header or footer text, landscape with repeated rows, a column's
alignment) is made here or in ``layout.py``, never in a client.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from keizer_xl.analysis.history import round_facts
from keizer_xl.core.model import BUILTIN_CODES, Result, Season
from keizer_xl.core.rows import HEAD, TAIL, Part
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.frames import part_records
from keizer_xl.sheets.glyphs import printed_width, wrap_printed
from keizer_xl.sheets.layout import Layout, Rows, SheetStyle, print_fit, sheet_layout
from keizer_xl.sheets.season_tables import standings_table
from keizer_xl.sheets.titles import (LEGEND_WIDTH, RunContext, footer, legend_lines, mark_format,
                                     mark_key, run_context, sheet_title, withdrawn_suffix)

# the two sheets written on every run (Standings, Pairings) need no pandas: it is imported
# only by the analyses' sheets (analysis_sheets.py)
if TYPE_CHECKING:  # standings does not load the pairing (start-up, issue 25)
    from keizer_xl.core.pairing import Pairing


def withdrawn_format(lang: str = "en") -> str:
    """A number format for text: the name, then the withdrawn mark (``(wd)``, Dutch ``(tr)``);
    the cell keeps the bare name, so a tool reading the sheet reads the name as typed."""
    return '@"' + withdrawn_suffix(lang).replace('"', "") + '"'


def titled(style: SheetStyle, kind: str, rnd: int | None,
           context: RunContext | None, lang: str = "en") -> SheetStyle:
    """``style`` with the sheet's title line (season, club, what it is, date) on the sheet and
    in the print header, and ``page x of y`` in the footer (issue 9, item 4), in ``lang``."""
    ctx = context if context is not None else run_context()
    line = ctx.line(kind, rnd, lang)
    return replace(style, title=line, title_rows=(line,), footer=footer(lang))


@functools.cache  # a format's mark, taken out once per format (issue 25)
def _mark_of(fmt: str | None) -> str:
    """The mark in a mark format ('"E "General' -> 'E')."""
    return (fmt or "").split('"')[1].strip() if fmt and '"' in fmt else ""


def withdrawn_names(season: Season | None, rnd: int) -> set[str]:
    """The players of ``season`` withdrawn by round ``rnd`` (their names carry the mark)."""
    if season is None:
        return set()
    return {p.name for p in season.players if p.withdrawn_round and p.is_withdrawn(rnd)}


# --------------------------------------------------------------------------- one per sheet

def round_marks(part: Part, season: Season | None, lang: str = "en",
                columns: set[str] | None = None) -> tuple[dict[tuple[int, str], str], set[str]]:
    """The number formats of a part's round cells that were no game, or a forfeit (issue 33: a
    forfeit win printed like a played win, a double forfeit like a loss), and of a withdrawn
    player's name, by (row of ``part.rows``, column); and the marks used (for the legend)."""
    name_col = schema.header("Standings", "name", lang)
    formats: dict[tuple[int, str], str] = {}
    used: set[str] = set()
    if season is None or not part.round:
        return formats, used

    def shown(r: int) -> bool:
        return columns is None or f"R{r}" in columns

    facts = round_facts(season, part.round, games=False)  # the marks: no game facts
    row = {r.name: i for i, r in enumerate(part.rows)}
    for i, r_ in enumerate(part.rows):
        for r, fact in facts.get(r_.name, {}).items():
            if fact.kind == "game" or not shown(r):
                continue
            key = mark_key(fact.kind, fact.code)
            used.add(key)
            formats[(i, f"R{r}")] = mark_format(key, r_.rounds[r - 1], lang)
    sides = {Result.WHITE_FORFEIT: ("forfeit_win", "forfeit_loss"),
             Result.BLACK_FORFEIT: ("forfeit_loss", "forfeit_win"),
             Result.DOUBLE_FORFEIT: ("double_forfeit", "double_forfeit")}
    for g in season.games:
        if g.result in sides and g.round <= part.round and shown(g.round):
            for name, key in zip((g.white, g.black), sides[g.result], strict=True):
                if name in row and (row[name], f"R{g.round}") not in formats:
                    used.add(key)
                    formats[(row[name], f"R{g.round}")] = mark_format(
                        key, part.rows[row[name]].rounds[g.round - 1], lang)
    withdrawn = withdrawn_names(season, part.round)  # once, not once per player (issue 25)
    for i, r_ in enumerate(part.rows):
        if r_.name in withdrawn:
            formats[(i, name_col)] = withdrawn_format(lang)
            used.add("withdrawn")
    return formats, used


def standings_layout(part: Part, notes: Sequence[str] = (), lang: str = "en",
                     season: Season | None = None, context: RunContext | None = None,
                     legend: bool = True) -> Layout:
    """Standings: a part's shown rows (core/rows.py): rank, name, score, value, games, points
    per round, game points and TPR; podium fills; headed in ``lang`` (sheets/schema.py).

    A round that was not a game keeps its points as the cell's number and shows its mark
    through the cell's number format (``E 16.67``, ``U``; Dutch ``A 16.67``, ``Z``: see
    ``sheets/titles.py``); a withdrawn player's name shows ``(wd)`` (Dutch ``(tr)``) the same
    way; a legend line explains the marks (``legend=False``: a sheet of several tables has one
    legend under them all, ``sheets/group_sheets.py``)."""
    frame, style = standings_table(part_records(part), lang)
    name_col = schema.header("Standings", "name", lang)
    formats, used = round_marks(part, season, lang, set(map(str, frame.columns)))
    # each round column as wide as what it shows ("bye 23.33", "E 16.67", "16.67"), counted in
    # digit widths (issue 26: "vrij 13.33" is 7.5 digits wide, not 10)
    widths = dict(style.widths)
    for column in map(str, frame.columns):
        if column.startswith("R") and column[1:].isdigit():
            shown = []
            for i, v in enumerate(frame.column(column)):
                fmt = formats.get((i, column), "")
                mark = _mark_of(fmt)
                text = (f"{mark} {v}" if fmt.endswith("General") else mark if mark
                        else "" if v is None else str(v))
                shown.append(printed_width(text))
            widths[column] = _up(max(4.0, printed_width(column, bold=True),
                                     max(shown, default=0)) + PAD)
    widths = _compact_widths(frame, widths, lang, {i for (i, c) in formats if c == name_col})
    # the legend's lines as long as the table is wide (it prints from column A), or, when the
    # sheet splits, as the first page's columns right of Rank and Name (where it starts), in
    # printed widths: never cut at the page's edge, and few rows (issue 26)
    order = [widths.get(str(c), 8.0) for c in frame.columns]
    _, _, repeat, breaks = print_fit(order, True, 2)
    room = (sum(order[2:breaks[0] - 1]) if repeat and breaks else
            sum(order[2:]) if repeat else sum(order)) - PAD
    lines = [line for text in legend_lines(used, lang, 10 ** 6)
             for line in wrap_printed(text, max(room, float(LEGEND_WIDTH)))] if legend else []
    style = replace(style, notes=(*lines, *notes), widths=widths,
                    cell_formats=formats, landscape=True, repeat_cols=2, wrap_header=True,
                    wrap=(name_col,) if widths.get(name_col, 0.0) >= NAME_WIDTH else ())
    return sheet_layout(frame, titled(style, "standings", part.round, context, lang))


def _compact_widths(frame: Any, widths: dict[str, float], lang: str, withdrawn: set[int]
                    ) -> dict[str, float]:
    """The Standings' columns as narrow as what they show (issue 26: a small season's
    Standings on one A4 landscape page at 8 pt): Name as wide as the longest name (with the
    withdrawn mark where it shows), a header of two words over two lines ("Vorige waarde"), a
    one-word header as wide as itself (1.5 characters of room for bold), numbers as wide as
    their values (one character of room)."""
    h = schema.headers("Standings", lang)
    out = dict(widths)
    suffix = printed_width(withdrawn_suffix(lang))
    names = [str(n) for n in frame.column(h["name"])]
    longest = max((printed_width(n) + (suffix if i in withdrawn else 0)
                   for i, n in enumerate(names)), default=0)
    # a long name whole (issue 33: "Dr. Günther Müller-Lüdenscheidt" was cut at 24): up to
    # NAME_WIDTH on one line, a longer one wraps (standings_layout)
    out[h["name"]] = min(NAME_WIDTH, _up(max(printed_width(h["name"], bold=True), longest) + PAD))
    # Rank: "0_0_0" and its header's "@_0_0" keep two digits of space right of it
    ranks = [printed_width(str(v)) for v in frame.column(h["rank"]) if v is not None]
    out[h["rank"]] = _up(max(max(ranks, default=1), printed_width(h["rank"], bold=True))
                         + 2 + PAD)
    for key in (*HEAD[2:], *TAIL):  # the row model's columns right of Rank and Name
        head = h.get(key)
        if head is None or head not in frame.columns:
            continue
        values = [printed_width(f"{v:.2f}" if key == "score" and isinstance(v, (int, float))
                                else str(v)) for v in frame.column(head) if v is not None]
        word = max(printed_width(part, bold=True) for part in head.split())
        out[head] = _up(max(max(values, default=0), word, 2.0) + PAD)
    return out


#: the widest Name column (digit widths): a longer name wraps over two lines
NAME_WIDTH = 30.0

#: a column's room beside what it shows (cell padding: Excel's 5 pixels of a 7-pixel digit,
#: LibreOffice's text margins), in digit widths
PAD = 1.0


def _up(width: float) -> float:
    """A width rounded up to half a character (never narrower than measured)."""
    return math.ceil(width * 2 - 1e-9) / 2


def pairings_layout(p: Pairing, absent: Mapping[str, str], ranking: Sequence[str],
                    codes: Sequence[tuple[str, Any]] = (), lang: str = "en",
                    context: RunContext | None = None) -> Layout:
    """Pairings in ``lang``: the boards; under them, in the same columns (narrow Code under
    Board, names under White) so a printed sheet stays one readable page, the bye first, then
    the absent with their reasons (in ranking order), codes as the language types them."""
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
    style = SheetStyle(title=sheet_title("pairings", p.round, lang),
                       widths={h["board"]: 9, h["white"]: 28, h["black"]: 28, h["result"]: 9},
                       number_formats={h["board"]: "0_0_0"},  # a gap before the name (see Rank)
                       notes=tuple(p.notes), blocks=tuple(blocks))
    return sheet_layout(frame, titled(style, "pairings", p.round, context, lang))

