"""The layouts of a season with groups, categories or periods (issue 18): one titled block
per group (Standings, Pairings), a category's sub-standings filtered from the one ranking,
the Periods sheet with one block per period (and group)."""
from __future__ import annotations

import math
from collections.abc import Sequence, Set
from dataclasses import replace

from keizer_xl.core.numbers import display
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.rows import Part, Row
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import (Layout, PageSetup, Rows, SheetStyle, Span, Style, podium_fill,
                                     print_fit, sheet_layout, stack_layouts)
from keizer_xl.sheets.blocks import block_rows, fits_page, keep_whole
from keizer_xl.sheets.glyphs import printed_width, wrap_printed
from keizer_xl.sheets.report_sheets import NAME_WIDTH, PAD, titled
from keizer_xl.sheets.titles import RunContext, footer, legend_lines, run_context, sheet_title


def group_heading(group: str, lang: str = "en") -> str:
    """The heading of a group's block (issue 18): ``Group A``, Dutch ``Groep A``."""
    return translator(lang)("Group {group}", group=group)


def category_heading(category: str, lang: str = "en") -> str:
    return translator(lang)("Category {category}", category=category)


def category_layout(rows: Sequence[Row], lang: str = "en") -> Layout:
    """A category's block (core/rows.py ``Part.category``): Rank (in the category), Name,
    Score, Overall place (in the whole ranking), headed in ``lang``; its columns as wide as
    what it shows (issue 33: it inherited a wide table's columns and printed ``###``),
    "Overall place" over two lines."""
    tr = translator(lang)
    h = (schema.header("Standings", "rank", lang), schema.header("Standings", "name", lang),
         # "Overall place", not "Overall" (Dutch "Totaal" read as total points, issue 26)
         schema.header("Standings", "score", lang), tr("Overall place"))
    shown = tuple(("-" if r.place is None else r.place, r.name, display(r.score),
                   "-" if r.overall is None else r.overall) for r in rows)

    def need(j: int, room: float = 0.0, fmt: str = "{}") -> float:
        words = max(printed_width(w, bold=True) for w in h[j].split())
        cells = [printed_width(fmt.format(row[j])) for row in shown]
        return math.ceil((max([words, *cells]) + room + PAD) * 2) / 2

    style = SheetStyle(number_formats={h[0]: "0_0_0", h[2]: "0.00", h[3]: "0_0_0"},
                       widths={h[0]: need(0, 2.0), h[1]: min(NAME_WIDTH, need(1)),
                               h[2]: need(2, 0.0, "{:.2f}"), h[3]: need(3, 2.0)},
                       highlight_rows=3, wrap_header=True,
                       wrap=(h[1],) if need(1) > NAME_WIDTH else ())
    return sheet_layout(Rows(h, shown), style)


def _room(layout: Layout) -> tuple[int, float]:
    """The columns (count) and width (digit widths) a line of text under the blocks may take:
    the first page's columns where the sheet splits by columns, else all of them."""
    page = layout.page
    end = (page.col_breaks[0] - 1 if page.col_breaks else len(layout.widths)) \
        if page.repeat_cols else len(layout.widths)
    return end, max(sum(layout.widths[:end]) - 1.0, 40.0)


def _units(title_rows: int, blocks: Sequence[tuple[str, Layout]]) -> list[tuple[int, int]]:
    """Each block's first and last row as :func:`layout.stack_layouts` lays them out: an empty
    row, its heading (if any), its table from its header row on."""
    out, row = [], title_rows
    for heading, part in blocks:
        row += 1
        first = row + 1
        skip = part.page.repeat_rows[1] - 1 if part.page.repeat_rows else 0
        row += (1 if heading else 0) + len(part.grid) - skip
        out.append((first, row))
    return out


def _text_block(lines: Sequence[str], room: float) -> Layout:
    return Layout(grid=tuple((line,) for text in lines for line in wrap_printed(text, room)),
                  page=PageSetup(repeat_rows=None))


def _stack(title: str, blocks: Sequence[tuple[str, Layout]],
           tables: Sequence[tuple[str, Layout]]) -> Layout:
    """``blocks`` one under the other (:func:`layout.stack_layouts`), landscape, with Rank and
    Name repeated when any of the ``tables`` splits by columns (not only the first)."""
    layout = stack_layouts((title,), blocks, landscape=True)
    if any(t.page.repeat_cols for _, t in tables) and not layout.page.repeat_cols:
        fit, scale, repeat, breaks = print_fit(layout.widths, True, 2)
        layout = replace(layout, page=replace(layout.page, fit_width=fit, scale=scale,
                                              repeat_cols=repeat, col_breaks=breaks))
    return layout


def blocks_on_pages(title: str, tables: Sequence[tuple[str, Layout]],
                    below: Sequence[tuple[str, Layout]], lines: Sequence[tuple[str, Sequence[str]]],
                    legend: Sequence[str] = ()) -> Layout:
    """A landscape sheet of titled blocks one under the other (issue 33): ``tables`` (the
    groups, or the one standings table), then the narrow blocks ``below`` (categories), then
    ``lines`` (heading, text lines: the moves) and the ``legend``; every block in columns that
    fit it (the sheet's widths the widest any block needs, :func:`layout.stack_layouts`),
    every block whole on a page when it fits one, the legend on the page of the block above it.

    A sheet too wide for a page (Rank and Name repeated beside the round columns) prints its
    tables as one print area and the blocks below as another, as wide as the first page's
    columns: the repeated Rank and Name are then printed only beside their own table's rows.
    A table taller than a page repeats its header row on every page (a print title row: on the
    pages of the blocks below too)."""
    blocks = [*tables, *below]
    wide = _stack(title, blocks, tables)
    end, room = _room(wide)
    blocks += [(heading, _text_block(text, room)) for heading, text in lines if text]
    units = _units(1, blocks)
    if legend:
        blocks.append(("", _text_block(legend, room)))
        units[-1] = (units[-1][0], _units(1, blocks)[-1][1])  # the legend with the block above
    layout = _stack(title, blocks, tables)
    split = bool(layout.page.repeat_cols)
    areas: tuple[tuple[int, int, int, int], ...] = ()
    fresh: tuple[int, ...] = ()
    if split and len(units) > len(tables):
        last_table = units[len(tables) - 1][1]
        areas = ((2, last_table, 1, layout.width), (last_table + 2, len(layout.grid), 1, end))
        fresh = (last_table + 2,)
    elif split:
        areas = ((2, len(layout.grid), 1, layout.width),)
    # the title row on every page (not again in the page header); split by columns, printed
    # from row 2 with the title in the page header (see layout.sheet_layout)
    page = replace(layout.page, repeat_rows=None if split else (1, 1),
                   header=((), (title,) if split else (), ()), print_from_row=2 if split else 1,
                   print_areas=areas)
    layout = replace(layout, page=page)
    if not all(fits_page(layout, *u) for u in units[:len(tables)]):
        # a table taller than a page: its header row (the tables share it) on every page,
        # the title in the page header
        header = units[0][0] + (1 if tables[0][0] else 0)
        page = replace(page, repeat_rows=(header, header), header=((), (title,), ()),
                       print_from_row=2)
        layout = replace(layout, page=page)
    return replace(layout, page=replace(page, row_breaks=keep_whole(layout, units, fresh)))


def grouped_standings_layout(parts: Sequence[tuple[str, Layout]],
                             categories: Sequence[tuple[str, Layout]], rnd: int,
                             lang: str = "en", context: RunContext | None = None,
                             notes: Sequence[str] = (), used: Set[str] = frozenset()) -> Layout:
    """The Standings sheet of a workbook with groups or categories (issue 18): the title, one
    titled block per group (each a whole standings table as :func:`standings_layout` makes
    it, without its legend), then one block per category (``categories``: heading, layout),
    ``notes`` (promotion and relegation), and one legend of the marks ``used`` in any group
    (:func:`blocks_on_pages`)."""
    ctx = context if context is not None else run_context()
    tr = translator(lang)
    layout = blocks_on_pages(
        ctx.line("standings", rnd, lang), [(group_heading(g, lang), lay) for g, lay in parts],
        categories, [(tr("Promotion and relegation"), notes)],
        legend_lines(set(used), lang, 10 ** 6))
    return replace(layout, page=replace(layout.page, footer=((), footer(lang), ())))


def grouped_layout(kind: str, blocks: Sequence[tuple[str, Layout]], rnd: int | None,
                   lang: str = "en", context: RunContext | None = None) -> Layout:
    """A season sheet (``kind``: history, crosstable, explain, audit, compare) of one titled
    block per group, each the group's own sheet; without groups (one block, group "") the
    sheet as it is."""
    if len(blocks) == 1 and not blocks[0][0]:
        return blocks[0][1]
    ctx = context if context is not None else run_context()
    return stack_layouts((ctx.line(kind, rnd, lang),),
                         [(group_heading(g, lang), lay) for g, lay in blocks], landscape=True)


def grouped_pairings_layout(parts: Sequence[tuple[str, Layout]], rnd: int, lang: str = "en",
                            context: RunContext | None = None) -> Layout:
    """The Pairings sheet of a workbook with groups: one titled block per group, each with the
    contract's header row (Board, White, Black, Result), so results typed there read back."""
    ctx = context if context is not None else run_context()
    layout = stack_layouts((ctx.line("pairings", rnd, lang),),
                           [(group_heading(g, lang), lay) for g, lay in parts], landscape=False)
    return replace(layout, page=replace(layout.page, repeat_rows=(1, 1),
                                        footer=((), footer(lang), ())))


def period_heading(ps: PeriodStanding, lang: str = "en") -> str:
    """A period's heading (the Periods sheet's blocks, the HTML page's sections): its rounds,
    the round it is after, its leader or winner, the match points it is ranked by, and whether
    it is running or finished (issue 33: over once its last round has results; the last
    period's last round is the season's end)."""
    tr = translator(lang)
    p = ps.period
    last = p.last if p.last is not None else ps.end  # the last_round setting, when set
    span = (tr("rounds {first}-{last}", first=p.first, last=last) if last is not None
            else tr("from round {first}", first=p.first))
    heading = tr("Period {number} ({rounds}, after round {round}): {leader}",
                 number=p.number, rounds=span, round=ps.upto,
                 leader=(tr("period winner {name}", name=ps.leader or "-") if ps.finished
                         else tr("leader {name}", name=ps.leader or "-")))
    if ps.scoring != "keizer":
        heading = tr("{heading}; match points {points}", heading=heading, points=ps.scoring)
    return (tr("{heading}; finished", heading=heading) if ps.finished
            else tr("{heading}; running", heading=heading))


def periods_layout(parts: Sequence[Part], context: RunContext | None = None,
                   lang: str = "en") -> Layout:
    """Periods (issue 18): one titled block per period played so far (with groups: per group
    and period, issue 23: core/competition.py), its leader named in the block's heading and on
    the podium fill of its first row; headed like Standings in ``lang``.
    A period ranked by match points (``period_scoring 6/3/1``) has no Value column."""
    tr = translator(lang)
    h = schema.headers("Standings", lang)
    upto = max((p.round for p in parts), default=None)
    blocks: list[tuple[str, Rows]] = []
    for part in parts:
        ps = part.period
        assert ps is not None  # a period's part (core/rows.py period_part)
        keizer = part.keizer
        columns = (h["rank"], h["name"], h["score"], *((h["value"],) if keizer else ()),
                   h["games"], h["w"], h["d"], h["l"])
        rows = tuple((r.place, r.name, display(r.score),
                      *((display(r.value),) if keizer and r.value is not None else ()),
                      r.games, r.wins, r.draws, r.losses) for r in part.rows)
        heading = period_heading(ps, lang)
        if ps.group:  # groups: one block per (group, period), the group of that period
            heading = f"{group_heading(ps.group, lang)} · {heading}"
        blocks.append((heading, Rows(columns, rows)))
    # every name whole (issue 33: cut at 24), a very long one over two lines
    longest = max((printed_width(str(r.name)) for part in parts for r in part.rows), default=0.0)
    name_width = min(NAME_WIDTH, max(24.0, math.ceil((longest + PAD) * 2) / 2))
    first: Rows = blocks[0][1] if blocks else Rows((h["rank"], h["name"], h["score"]), ())
    heading0 = blocks[0][0] if blocks else tr("No period has started yet")
    style = SheetStyle(title=sheet_title("periods", upto, lang),
                       # right-aligned headers side by side keep a gap ("Score" "Waarde", issue 26)
                       widths={h["rank"]: max(7, len(h["rank"]) + 3), h["name"]: name_width,
                               h["score"]: max(9, len(h["score"]) + 3),
                               h["value"]: max(8, len(h["value"]) + 3),
                               h["games"]: max(7, len(h["games"]) + 2), h["w"]: 4, h["d"]: 4,
                               h["l"]: 4},
                       number_formats={h["rank"]: "0_0_0", h["score"]: "0.00"},
                       highlight_rows=1 if blocks and blocks[0][1].rows else 0,
                       wrap=(h["name"],) if longest + PAD > NAME_WIDTH else (),
                       blocks=tuple(blocks[1:]))
    style = titled(style, "periods", upto, context, lang)
    # the first period's heading under the sheet's title line, the table under it
    style = replace(style, title_rows=(*style.title_rows, heading0))
    layout = sheet_layout(first, style)
    # the sheet's title on every page; the first period's heading only above its own table
    # every period whole on a page when it fits one, under its own heading and header row
    layout = replace(layout, page=replace(layout.page, repeat_rows=(1, 1)))
    units = block_rows(layout, [b[0] for b in blocks], start=2)
    layout = replace(layout, page=replace(layout.page, row_breaks=keep_whole(layout, units)))
    # every block's leader on the podium fill, as the first block's (its header, then row 1)
    leaders = [Span(r + 1, r + 1, 1, len(row), Style(fill=podium_fill(0)))
               for r, row in enumerate(layout.grid[:-1], start=1)
               if row[:2] == (h["rank"], h["name"]) and layout.grid[r]]
    return replace(layout, spans=(*layout.spans, *leaders))
