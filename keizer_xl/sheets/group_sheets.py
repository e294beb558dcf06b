"""The layouts of a season with groups, categories or periods (issue 18): one titled block
per group (Standings, Pairings), a category's sub-standings filtered from the one ranking,
the Periods sheet with one block per period (and group)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.rows import Part, Row
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import (Layout, PageSetup, Rows, SheetStyle, Span, Style, podium_fill,
                                     sheet_layout)
from keizer_xl.sheets.report_sheets import titled
from keizer_xl.sheets.titles import RunContext, footer, run_context, sheet_title

__all__ = ["group_heading", "period_heading", "category_heading", "category_layout",
           "grouped_standings_layout", "grouped_pairings_layout", "grouped_layout",
           "periods_layout"]


def group_heading(group: str, lang: str = "en") -> str:
    """The heading of a group's block (issue 18): ``Group A``, Dutch ``Groep A``."""
    return translator(lang)("Group {group}", group=group)


def category_heading(category: str, lang: str = "en") -> str:
    return translator(lang)("Category {category}", category=category)


def category_layout(rows: Sequence[Row], lang: str = "en") -> Layout:
    """A category's block (core/rows.py ``Part.category``): Rank (in the category), Name,
    Score, Overall place (in the whole ranking), headed in ``lang``."""
    from keizer_xl.core.numbers import display

    tr = translator(lang)
    h = (schema.header("Standings", "rank", lang), schema.header("Standings", "name", lang),
         # "Overall place", not "Overall" (Dutch "Totaal" read as total points, issue 26)
         schema.header("Standings", "score", lang), tr("Overall place"))
    shown = tuple(("-" if r.place is None else r.place, r.name, display(r.score),
                   "-" if r.overall is None else r.overall) for r in rows)
    style = SheetStyle(number_formats={h[0]: "0_0_0", h[2]: "0.00", h[3]: "0_0_0"},
                       widths={h[0]: 7, h[1]: 24, h[2]: 9, h[3]: 10}, highlight_rows=3,
                       wrap_header=True)
    return sheet_layout(Rows(h, shown), style)


def grouped_standings_layout(parts: Sequence[tuple[str, Layout]],
                             categories: Sequence[tuple[str, Layout]], rnd: int,
                             lang: str = "en", context: RunContext | None = None,
                             notes: Sequence[str] = ()) -> Layout:
    """The Standings sheet of a workbook with groups or categories (issue 18): the title, one
    titled block per group (each a whole standings table as :func:`standings_layout` makes
    it), then one block per category (``categories``: heading, layout, the heading as shown);
    ``notes`` (promotion and relegation) at the end."""
    from keizer_xl.sheets.beside import fits_one_page, side_by_side
    from keizer_xl.sheets.layout import stack_layouts

    ctx = context if context is not None else run_context()
    blocks = [(group_heading(g, lang), lay) for g, lay in parts]
    breaks: tuple[int, ...] = ()
    if categories:
        # side by side under the groups, over the groups' columns (issue 26: stacked, the
        # narrow blocks took a page of their own)
        widths = [max((lay.widths[j] for _, lay in parts if j < len(lay.widths)), default=0.0)
                  for j in range(max((len(lay.widths) for _, lay in parts), default=0))]
        blocks.append(("", side_by_side(categories, widths)))
        groups = stack_layouts((ctx.line("standings", rnd, lang),), blocks[:-1], landscape=True)
        if not fits_one_page(stack_layouts(("",), blocks, landscape=True)):
            # the categories on a page of their own, not split from their headers at the
            # bottom of the groups' page
            breaks = (len(groups.grid) + 2,)
    if notes:
        blocks.append((translator(lang)("Promotion and relegation"),
                       Layout(grid=tuple((n,) for n in notes), page=PageSetup(repeat_rows=None))))
    title = ctx.line("standings", rnd, lang)
    layout = stack_layouts((title,), blocks, landscape=True)
    # the title row on every page, not again in the page header (issue 26); split by columns,
    # printed from row 2 with the title in the page header (see sheet_layout)
    split = bool(layout.page.repeat_cols)
    return replace(layout, page=replace(
        layout.page, repeat_rows=None if split else (1, 1), row_breaks=breaks,
        header=((), (title,) if split else (), ()), print_from_row=2 if split else 1,
        footer=((), footer(lang), ())))


def grouped_layout(kind: str, blocks: Sequence[tuple[str, Layout]], rnd: int | None,
                   lang: str = "en", context: RunContext | None = None) -> Layout:
    """A season sheet (``kind``: history, crosstable, explain, audit, compare) of one titled
    block per group, each the group's own sheet; without groups (one block, group "") the
    sheet as it is."""
    from keizer_xl.sheets.layout import stack_layouts

    if len(blocks) == 1 and not blocks[0][0]:
        return blocks[0][1]
    ctx = context if context is not None else run_context()
    return stack_layouts((ctx.line(kind, rnd, lang),),
                         [(group_heading(g, lang), lay) for g, lay in blocks], landscape=True)


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
    from keizer_xl.core.numbers import display

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
