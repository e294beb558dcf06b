"""The layouts of the engine's sheets (WORKBOOK-CONTRACT.md, Output sheets), one function each.

The analyses (``analysis/``) compute the season's tables; here each becomes the Layout every
client writes: its title, number formats, widths, print setup, notes and blocks.  A change to how
a sheet looks (a title row, a header or footer text, landscape with repeated rows, a column's
alignment) is made here or in ``layout.py``, never in a client.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping, Sequence

from keizer_xl.analysis.audit import RoundAudit
from keizer_xl.analysis.compare import Comparison
from keizer_xl.core.model import BUILTIN_CODES, Season
from keizer_xl.core.pairing import Pairing
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.engine import History, Standing
from keizer_xl.sheets.frames import (audit_frames, compare_frames, crosstable_frame, explain_frames,
                                     history_grid, standings_records)
from keizer_xl.sheets.layout import (Layout, PageSetup, Rows, SheetStyle, Span, Style,
                                    podium_fill, printed_width, sheet_layout)
from keizer_xl.sheets import schema
from keizer_xl.errors import Message, N_
from keizer_xl.i18n import translate, translator
from keizer_xl.sheets.titles import (LEGEND_WIDTH, RunContext, footer, legend_lines, mark_format, mark_key,
                                     run_context, sheet_title, withdrawn_suffix)


if TYPE_CHECKING:  # the two sheets written on every run (Standings, Pairings) need no pandas
    import pandas as pd


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


def _mark_of(fmt: str | None) -> str:
    """The mark in a mark format ('"E "General' -> 'E')."""
    return (fmt or "").split('"')[1].strip() if fmt and '"' in fmt else ""


def _withdrawn_names(season: Season | None, rnd: int) -> set[str]:
    if season is None:
        return set()
    return {p.name for p in season.players if p.withdrawn_round and p.is_withdrawn(rnd)}


# --------------------------------------------------------------------------- styles

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


def crosstable_style(frame: pd.DataFrame, history: History) -> SheetStyle:
    # compact opponent columns: a cell "W 1 (16.67)" wraps to two lines; Rank right-aligned with
    # a gap before the name; Rank and Name printed on every page when it splits
    # the opponent columns are as wide as their cells; Rank right-aligned with a gap before
    # the name; Rank and Name printed on every page when it splits
    widths: dict[str, float] = {"Rank": 7, "Name": 24}
    return SheetStyle(title=sheet_title("crosstable", history.last.round), widths=widths,
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
                "Explanation": 44},
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


# --------------------------------------------------------------------------- one per sheet

def standings_layout(st: Standing, notes: Sequence[str] = (), lang: str = "en",
                     not_yet: Sequence[str] = (), season: Season | None = None,
                     context: RunContext | None = None,
                     extra: tuple[Mapping[str, Any], Mapping[str, Any], Sequence[str]] | None = None
                     ) -> Layout:
    """Standings: rank, name, score, value, games and points per round; podium fills; headed
    in ``lang`` (sheets/schema.py).

    ``not_yet``: players whose Joined round is after ``st.round``: Rank ``-`` (rules section 7,
    in the start list but not ranked before joining).

    A round that was not a game keeps its points as the cell's number and shows its mark
    through the cell's number format (``E 16.67``, ``U``; Dutch ``A 16.67``, ``Z``: see
    ``sheets/titles.py``); a withdrawn player's name shows ``(wd)`` (Dutch ``(tr)``) the same
    way; a legend line explains the marks."""
    from keizer_xl.sheets import schema
    from keizer_xl.sheets.season_tables import standings_table

    frame, style = standings_table(standings_records(st), lang, not_yet=not_yet)
    name_col = schema.header("Standings", "name", lang)
    formats: dict[tuple[int, str], str] = {}
    used: set[str] = set()
    if season is not None and st.round:
        from keizer_xl.analysis.history import round_facts

        facts = round_facts(season, st.round)
        for i, name in enumerate(st.order):
            for r, fact in facts.get(name, {}).items():
                if fact.kind == "game" or f"R{r}" not in frame.columns:
                    continue
                key = mark_key(fact.kind, fact.code)
                used.add(key)
                formats[(i, f"R{r}")] = mark_format(key, st.round_points[name][r - 1], lang)
        for i, name in enumerate(st.order):
            if name in _withdrawn_names(season, st.round):
                formats[(i, name_col)] = withdrawn_format(lang)
                used.add("withdrawn")
    # each round column as wide as what it shows ("bye 23.33", "E 16.67", "16.67"), counted in
    # digit widths (issue 26: "vrij 13.33" is 7.5 digits wide, not 10)
    widths = dict(style.widths)
    for column in frame.columns:
        if str(column).startswith("R") and str(column)[1:].isdigit():
            shown = []
            for i, v in enumerate(frame.column(str(column))):
                fmt = formats.get((i, str(column)), "")
                mark = _mark_of(fmt)
                text = (f"{mark} {v}" if fmt.endswith("General") else mark if mark
                        else "" if v is None else str(v))
                shown.append(printed_width(text))
            widths[str(column)] = round(max(4.5, printed_width(str(column)) + 1.5,
                                            max(shown, default=0) + 1) * 2) / 2
    if extra is not None:
        frame, formats, widths = house_columns(frame, formats, widths, extra, lang)
    widths = _compact_widths(frame, widths, lang, {i for (i, c) in formats if c == name_col})
    # the legend's lines as long as the columns right of Rank and Name hold on the first page
    # (a wide sheet: fewer rows, so 34 players still print on one page down)
    beside = sum(w for c, w in widths.items() if c not in (name_col, schema.header(
        "Standings", "rank", lang)) and c in frame.columns)
    width = int(min(110, max(LEGEND_WIDTH, beside * 0.8)))
    style = replace(style, notes=(*legend_lines(used, lang, width), *notes), widths=widths,
                    cell_formats=formats, landscape=True, repeat_cols=2, wrap_header=True)
    return sheet_layout(frame, titled(style, "standings", st.round, context, lang))


def _compact_widths(frame: Any, widths: dict[str, float], lang: str, withdrawn: set[int]
                    ) -> dict[str, float]:
    """The Standings' columns as narrow as what they show (issue 26: a small season's
    Standings on one A4 landscape page at 8 pt): Name as wide as the longest name (with the
    withdrawn mark where it shows), a header of two words over two lines ("Vorige waarde"), a
    one-word header as wide as itself (1.5 characters of room for bold), numbers as wide as
    their values (one character of room)."""
    h = schema.headers("Standings", lang)
    out = dict(widths)
    suffix = len(withdrawn_suffix(lang))
    names = [str(n) for n in frame.column(h["name"])]
    longest = max((printed_width(n) + (suffix if i in withdrawn else 0)
                   for i, n in enumerate(names)), default=0)
    out[h["name"]] = float(min(24, round(max(printed_width(h["name"]), longest) + 1.5)))
    for key in ("score", "value", "prev_value", "games", "w", "d", "l", "game_points"):
        head = h.get(key)
        if head is None or head not in frame.columns:
            continue
        values = [len(f"{v:.2f}" if key == "score" and isinstance(v, (int, float)) else str(v))
                  for v in frame.column(head) if v is not None]
        word = max(len(part) for part in head.split())
        out[head] = float(max(max(values, default=0) + 1, word + 1.5, 3))
    return out


def house_columns(frame: Any, formats: dict[tuple[int, str], str], widths: dict[str, float],
                   extra: tuple[Mapping[str, Any], Mapping[str, Any], Sequence[str]], lang: str
                   ) -> tuple[Rows, dict[tuple[int, str], str], dict[str, float]]:
    """Issue 18's house rules on the Standings sheet: Game points and TPR at the end (TPR blank
    without rated games); the players below ``min_games`` moved after the table, Rank '-', the
    others ranked on from 1."""
    from keizer_xl.core.numbers import display

    points, perf, unranked = extra
    h = schema.headers("Standings", lang)
    name_at = frame.columns.index(h["name"])
    rank_at = frame.columns.index(h["rank"])
    rows = [(*row, display(points[row[name_at]]) if row[name_at] in points else None,
             perf.get(row[name_at])) for row in frame.rows]
    order = list(range(len(rows)))
    if unranked:
        out = set(unranked)
        order = ([i for i in order if rows[i][name_at] not in out]
                 + [i for i in order if rows[i][name_at] in out])
        place = 0
        for i in order:
            row = list(rows[i])
            if row[name_at] in out:
                row[rank_at] = "-"
            elif row[rank_at] != "-":
                place += 1
                row[rank_at] = place
            rows[i] = tuple(row)
    new_at = {old: new for new, old in enumerate(order)}
    formats = {(new_at[i], c): f for (i, c), f in formats.items()}
    widths = {**widths, h["game_points"]: max(8, len(h["game_points"]) + 2), h["tpr"]: 6}
    return (Rows((*frame.columns, h["game_points"], h["tpr"]), tuple(rows[i] for i in order)),
            formats, widths)


def pairings_layout(p: Pairing, absent: Mapping[str, str], ranking: Sequence[str],
                    codes: Sequence[tuple[str, Any]] = (), lang: str = "en",
                    context: RunContext | None = None) -> Layout:
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
    style = SheetStyle(title=sheet_title("pairings", p.round, lang),
                       widths={h["board"]: 9, h["white"]: 28, h["black"]: 28, h["result"]: 9},
                       number_formats={h["board"]: "0_0_0"},  # a gap before the name (see Rank)
                       notes=tuple(p.notes), blocks=tuple(blocks))
    return sheet_layout(frame, titled(style, "pairings", p.round, context, lang))


# --------------------------------------------------------------------------- groups, categories

def group_heading(group: str, lang: str = "en") -> str:
    """The heading of a group's block (issue 18): ``Group A``, Dutch ``Groep A``."""
    return translator(lang)("Group {group}", group=group)


def category_heading(category: str, lang: str = "en") -> str:
    return translator(lang)("Category {category}", category=category)


def category_rows(st: Standing, members: Sequence[str]) -> list[tuple[int, str, Any, int]]:
    """A category's sub-standings filtered from the one ranking ``st`` (issue 18): the same
    points, ranked within the category; with each player's place in the whole ranking."""
    inside = set(members)
    rows = [(place, name) for place, name in zip(st.places, st.order) if name in inside]
    return [(i, name, st.score[name], place) for i, (place, name) in enumerate(rows, 1)]


def category_layout(st: Standing, members: Sequence[str], lang: str = "en") -> Layout:
    """A category's block: Rank (in the category), Name, Score, Overall (place in the whole
    ranking), headed in ``lang``."""
    from keizer_xl.core.numbers import display

    tr = translator(lang)
    h = (schema.header("Standings", "rank", lang), schema.header("Standings", "name", lang),
         # "Overall place", not "Overall" (Dutch "Totaal" read as total points, issue 26)
         schema.header("Standings", "score", lang), tr("Overall place"))
    rows = tuple((r, n, display(sc), o) for r, n, sc, o in category_rows(st, members))
    style = SheetStyle(number_formats={h[0]: "0_0_0", h[2]: "0.00", h[3]: "0_0_0"},
                       widths={h[0]: 7, h[1]: 24, h[2]: 9, h[3]: 10}, highlight_rows=3,
                       wrap_header=True)
    return sheet_layout(Rows(h, rows), style)


def grouped_standings_layout(parts: Sequence[tuple[str, Layout]],
                             categories: Sequence[tuple[str, Layout]], rnd: int,
                             lang: str = "en", context: RunContext | None = None,
                             notes: Sequence[str] = ()) -> Layout:
    """The Standings sheet of a workbook with groups or categories (issue 18): the title, one
    titled block per group (each a whole standings table as :func:`standings_layout` makes
    it), then one block per category (``categories``: heading, layout, the heading as shown);
    ``notes`` (promotion and relegation) at the end."""
    from keizer_xl.sheets.layout import stack_layouts

    ctx = context if context is not None else run_context()
    blocks = [(group_heading(g, lang), lay) for g, lay in parts]
    blocks += list(categories)
    if notes:
        blocks.append((translator(lang)("Promotion and relegation"),
                       Layout(grid=tuple((n,) for n in notes), page=PageSetup(repeat_rows=None))))
    layout = stack_layouts((ctx.line("standings", rnd, lang),), blocks, landscape=True)
    # the title row on every page, not again in the page header (issue 26)
    return replace(layout, page=replace(layout.page, repeat_rows=(1, 1),
                                        footer=((), footer(lang), ())))


def grouped_pairings_layout(parts: Sequence[tuple[str, Layout]], rnd: int, lang: str = "en",
                            context: RunContext | None = None) -> Layout:
    """The Pairings sheet of a workbook with groups: one titled block per group, each with the
    contract's header row (Board, White, Black, Result), so results typed there read back."""
    from keizer_xl.sheets.layout import stack_layouts

    ctx = context if context is not None else run_context()
    layout = stack_layouts((ctx.line("pairings", rnd, lang),),
                           [(group_heading(g, lang), lay) for g, lay in parts], landscape=False)
    return replace(layout, page=replace(layout.page, repeat_rows=(1, 1),
                                        footer=((), footer(lang), ())))


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


def history_layout(history: History, context: RunContext | None = None,
                   lang: str = "en") -> Layout:
    frame, style = _headers_in(history_grid(history), history_style(history), lang)
    # Rank as wide as its header in the language (Dutch "Plaats")
    rank = schema.header("Standings", "rank", lang)
    style = replace(style, widths={**style.widths, rank: max(7.0, len(rank) + 2.5)})
    # the rank chart (file client, batch.add_rank_chart) goes under the grid
    return sheet_layout(frame, titled(style, "history", history.last.round, context, lang))


def crosstable_layout(season: Season, history: History,
                      context: RunContext | None = None, lang: str = "en") -> Layout:
    cross = crosstable_frame(season, history, lang)
    style = crosstable_style(cross, history)
    gone = _withdrawn_names(season, history.last.round)
    style = replace(style, cell_formats={(i, "Name"): withdrawn_format(lang)
                                         for i, n in enumerate(cross["Name"]) if n in gone})
    cross, style = _headers_in(cross, style, lang)
    return sheet_layout(cross, titled(style, "crosstable", history.last.round, context, lang))


def explain_layout(season: Season, history: History,
                   context: RunContext | None = None, lang: str = "en") -> Layout:
    summary, detail = explain_frames(season, history, lang=lang)
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


def periods_layout(periods: Sequence[PeriodStanding], context: RunContext | None = None,
                   lang: str = "en") -> Layout:
    """Periods (issue 18): one titled block per period played so far (with groups: per group
    and period, issue 23: core/competition.py), its leader named in the block's heading and on
    the podium fill of its first row; headed like Standings in ``lang``.
    A period ranked by match points (``period_scoring 6/3/1``) has no Value column."""
    from keizer_xl.core.numbers import display

    tr = translator(lang)
    h = schema.headers("Standings", lang)
    upto = max((p.upto for p in periods), default=None)
    blocks: list[tuple[str, Rows]] = []
    for ps in periods:
        keizer = ps.scoring == "keizer"
        columns = (h["rank"], h["name"], h["score"], *((h["value"],) if keizer else ()),
                   h["games"], h["w"], h["d"], h["l"])
        rows = tuple((r.place, r.name, display(r.score),
                      *((display(r.value),) if keizer and r.value is not None else ()),
                      r.games, r.wins, r.draws, r.losses) for r in ps.rows)
        p = ps.period
        span = (tr("rounds {first}-{last}", first=p.first, last=p.last) if p.last is not None
                else tr("from round {first}", first=p.first))
        over = p.last is not None and ps.upto >= p.last
        heading = tr("Period {number} ({rounds}, after round {round}): {leader}",
                     number=p.number, rounds=span, round=ps.upto,
                     leader=(tr("period winner {name}", name=ps.leader or "-") if over
                             else tr("leader {name}", name=ps.leader or "-")))
        if not keizer:
            heading = tr("{heading}; match points {points}", heading=heading, points=ps.scoring)
        if ps.group:  # groups: one block per (group, period), the group of that period
            heading = f"{group_heading(ps.group, lang)} · {heading}"
        blocks.append((heading, Rows(columns, rows)))
    first: Rows = blocks[0][1] if blocks else Rows((h["rank"], h["name"], h["score"]), ())
    heading0 = blocks[0][0] if blocks else tr("No period has started yet")
    style = SheetStyle(title=sheet_title("periods", upto, lang),
                       # right-aligned headers side by side keep a gap ("Score" "Waarde", issue 26)
                       widths={h["rank"]: max(7, len(h["rank"]) + 3), h["name"]: 24,
                               h["score"]: max(9, len(h["score"]) + 3),
                               h["value"]: max(8, len(h["value"]) + 3),
                               h["games"]: max(7, len(h["games"]) + 2), h["w"]: 4, h["d"]: 4,
                               h["l"]: 4},
                       number_formats={h["rank"]: "0_0_0", h["score"]: "0.00"},
                       highlight_rows=1 if blocks and blocks[0][1].rows else 0,
                       blocks=tuple(blocks[1:]))
    style = titled(style, "periods", upto, context, lang)
    # the first period's heading under the sheet's title line, the table under it
    style = replace(style, title_rows=(*style.title_rows, heading0))
    layout = sheet_layout(first, style)
    # the sheet's title on every page; the first period's heading only above its own table
    layout = replace(layout, page=replace(layout.page, repeat_rows=(1, 1)))
    # every block's leader on the podium fill, as the first block's (its header, then row 1)
    leaders = [Span(r + 1, r + 1, 1, len(row), Style(fill=podium_fill(0)))
               for r, row in enumerate(layout.grid[:-1], start=1)
               if row[:2] == (h["rank"], h["name"]) and layout.grid[r]]
    return replace(layout, spans=(*layout.spans, *leaders))


__all__ = ["standings_layout", "periods_layout", "pairings_layout", "grouped_standings_layout",
           "grouped_pairings_layout", "category_layout", "category_rows", "group_heading",
           "category_heading", "house_columns", "history_layout", "crosstable_layout",
           "explain_layout", "audit_layout", "compare_layout", "history_style",
           "crosstable_style", "explain_style", "audit_style", "compare_style"]
