"""The printed Standings and Periods of a season with groups and categories, as laid out
(issue 33 item 2, without LibreOffice: tests/e2e/test_print_blocks.py renders them):
every block in columns that fit it, the blocks below a column-split table in a print area of
their own, every block whole between page breaks, one legend, long names whole, forfeits
marked in every language."""
from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import pytest

from keizer_xl.app.standings import compute_standings, standings_sheet
from keizer_xl.core.competition import Competition
from keizer_xl.sheets.blocks import block_rows, keep_whole
from keizer_xl.sheets.glyphs import printed_width
from keizer_xl.sheets.group_sheets import periods_layout
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.report_sheets import round_marks, standings_layout
from keizer_xl.sheets.titles import RunContext, legend, mark_text
from support.club_year_de import LONG, season_de
from support.helpers import season as make_season

CTX = RunContext("2025-26", "SK Turm", dt.date(2026, 3, 1))


@pytest.fixture(scope="module")
def year():
    season = season_de()
    return season, standings_sheet(compute_standings(season), season, "de", CTX)


def _blocks(layout: Layout) -> list[tuple[int, int, int]]:
    """(heading row, header row, last row) of every table block ("Platz", "Name" headers)."""
    out = []
    grid = layout.grid
    for r, row in enumerate(grid, 1):
        if row[:2] == ("Platz", "Name"):
            last = r
            while last < len(grid) and len(grid[last]) > 1 and grid[last][1] not in (None, ""):
                last += 1
            out.append((r - 1, r, last))
    return out


def test_every_block_in_columns_that_fit_it(year) -> None:
    _season, layout = year
    blocks = _blocks(layout)
    assert len(blocks) == 2 + 6  # two groups, three categories in each
    for _heading, header, last in blocks:
        for r in range(header + 1, last + 1):
            for j, v in enumerate(layout.grid[r - 1]):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    shown = f"{v:.2f}" if isinstance(v, float) else str(v)
                    # a number fits its column (else it prints ###)
                    assert printed_width(shown) < layout.widths[j], (r, j, v)
    # the long name whole in the Name column (it wraps only beyond NAME_WIDTH)
    assert printed_width(LONG) < layout.widths[1]


def test_blocks_below_a_split_table_print_as_their_own_area_and_whole(year) -> None:
    _season, layout = year
    page = layout.page
    assert page.repeat_cols == (1, 2) and page.col_breaks  # the groups print over two pages
    groups, below = page.print_areas
    blocks = _blocks(layout)
    assert groups[0] == 2 and groups[1] == blocks[1][2] and groups[3] == layout.width
    # the categories, moves and legend: as wide as the first page's columns
    assert below[0] > groups[1] and below[1] == len(layout.grid)
    assert below[3] == page.col_breaks[0] - 1
    text = [str(row[0]) for row in layout.grid[below[0] - 1:] if row and row[0]]
    assert "Auf- und Abstieg" in text and sum(t.startswith("Rundenspalten:") for t in text) == 1
    # no page break inside a block: each starts a page or lies between two breaks
    for heading, _header, last in blocks:
        assert not [b for b in page.row_breaks if heading < b <= last], (heading, last)
    # the legend under the last block, after the moves, never alone: no break before it
    legend_row = next(r for r, row in enumerate(layout.grid, 1)
                      if row and str(row[0]).startswith("Rundenspalten:"))
    moves = next(r for r, row in enumerate(layout.grid, 1) if row[:1] == ("Auf- und Abstieg",))
    assert not [b for b in page.row_breaks if moves < b <= legend_row]


def test_the_file_writer_writes_both_print_areas(year, tmp_path: Path) -> None:
    from support.club_year_de import book_de

    book = book_de(tmp_path / "v.xlsx")
    with zipfile.ZipFile(book) as z:
        workbook = z.read("xl/workbook.xml").decode("utf-8")
    area = workbook.split('name="_xlnm.Print_Area"')[1].split("</definedName>")[0]
    _season, layout = year
    (_r1, r2, _c1, _c2), (_r3, r4, _c3, _c4) = layout.page.print_areas
    assert area.count("'Rangliste'!") == 2 and f"${r2}," in area and area.endswith(f"${r4}")


def test_periods_whole_on_pages_and_names_whole() -> None:
    season = season_de()
    view = Competition(season, 18)
    from keizer_xl.app.standings import period_reports

    layout = periods_layout(period_reports(view), CTX, "de")
    headings = [str(row[0]) for row in layout.grid if row and " · Periode " in str(row[0])]
    assert len(headings) == 6
    units = block_rows(layout, headings, start=2)
    assert len(units) == 6
    assert layout.page.row_breaks == keep_whole(layout, units)
    for first, last in units:
        assert not [b for b in layout.page.row_breaks if first < b <= last]
    assert printed_width(LONG) < layout.widths[1]


def test_keep_whole_breaks_before_a_block_that_does_not_fit() -> None:
    from keizer_xl.sheets.layout import PageSetup

    layout = Layout(grid=tuple(("x",) for _ in range(100)),
                    page=PageSetup(landscape=True, fit_width=None, scale=100, repeat_rows=None))
    # 451 pt * 0.9 / 15 pt: 27 rows a page
    assert keep_whole(layout, [(1, 20), (22, 40), (42, 50)]) == (22, 42)
    assert keep_whole(layout, [(1, 20), (22, 30), (32, 38)]) == (22,)
    assert keep_whole(layout, [(1, 10), (12, 20), (22, 40)]) == (22,)
    assert keep_whole(layout, [(1, 10), (12, 20)]) == ()


@pytest.mark.parametrize("lang, marks, words", [
    ("en", ("1F", "0F", "0-0F"), ("won by forfeit", "lost by forfeit", "double forfeit")),
    ("nl", ("1R", "0R", "0-0R"), ("reglementair gewonnen", "reglementair verloren",
                                  "beide reglementair verloren")),
    ("de", ("+", "-", "--"), ("kampflos gewonnen", "kampflos verloren",
                              "beide kampflos verloren")),
    ("fr", ("1F", "0F", "0-0F"), ("gagné par forfait", "perdu par forfait", "double forfait")),
])
def test_forfeits_marked_and_explained_in_every_language(lang, marks, words) -> None:
    keys = ("forfeit_win", "forfeit_loss", "double_forfeit")
    assert tuple(mark_text(k, lang) for k in keys) == marks
    text = legend(set(keys), lang)
    for mark, word in zip(marks, words, strict=True):
        assert f"{mark} {word}" in text, (lang, text)
    # the round cells of a forfeit win, loss and double forfeit carry the marks
    season = make_season(["Ann", "Bob", "Cy", "Dan"],
                         rounds=[[("Ann", "Bob", "1-0F"), ("Cy", "Dan", "0-0F")],
                                 [("Ann", "Cy", "1-0"), ("Bob", "Dan", "0-1F")]])
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import season_part

    part = season_part(Competition(season).standing(""))
    formats, used = round_marks(part, season, lang)
    row = {r.name: i for i, r in enumerate(part.rows)}
    assert set(keys) <= used
    assert marks[0] in formats[(row["Ann"], "R1")] and marks[1] in formats[(row["Bob"], "R1")]
    assert formats[(row["Cy"], "R1")].startswith(f'"{marks[2]}')
    assert formats[(row["Dan"], "R2")].startswith(f'"{marks[0]}')
    assert (row["Ann"], "R2") not in formats  # a game played: its points alone
    layout = standings_layout(part, lang=lang, season=season, context=CTX)
    shown = " ".join(str(row[0]) for row in layout.grid if row and isinstance(row[0], str)) + \
        " ".join(str(c) for row in layout.grid for c in row if isinstance(c, str))
    assert words[2] in " ".join(shown.split())


def test_a_later_table_too_wide_for_the_page_splits_the_sheet() -> None:
    """Rank and Name repeated when the second table needs it, not only the first (a fit to
    the page width would print the sheet below 8 pt)."""
    from keizer_xl.sheets.group_sheets import blocks_on_pages
    from keizer_xl.sheets.layout import Rows, SheetStyle, sheet_layout

    def table(rounds: int) -> Layout:
        columns = ("Platz", "Name", *(f"R{r}" for r in range(1, rounds + 1)))
        rows = tuple((i, f"P{i}", *(12.5,) * rounds) for i in range(1, 4))
        return sheet_layout(Rows(columns, rows), SheetStyle(
            landscape=True, repeat_cols=2, widths={f"R{r}": 8.0 for r in range(1, 41)}))

    narrow, wide = table(3), table(40)
    assert not narrow.page.repeat_cols and wide.page.repeat_cols
    layout = blocks_on_pages("title", [("A", narrow), ("B", wide)], [], [], ["legend"])
    assert layout.page.repeat_cols == (1, 2) and layout.page.col_breaks
    assert layout.page.scale == 74 and layout.page.fit_width is None


def test_a_table_taller_than_a_page_repeats_its_header_row() -> None:
    from keizer_xl.sheets.group_sheets import blocks_on_pages
    from keizer_xl.sheets.layout import Rows, SheetStyle, sheet_layout

    def table(players: int) -> Layout:
        rows = tuple((i, f"P{i}", 12.5) for i in range(1, players + 1))
        return sheet_layout(Rows(("Platz", "Name", "R1"), rows),
                            SheetStyle(landscape=True, repeat_cols=2))

    short = blocks_on_pages("title", [("Gruppe A", table(20))], [], [], ["legend"])
    assert short.page.repeat_rows == (1, 1) and short.page.print_from_row == 1
    tall = blocks_on_pages("title", [("Gruppe A", table(60))], [], [], ["legend"])
    header = tall.page.repeat_rows
    assert header is not None and header[0] == header[1]
    assert tall.grid[header[0] - 1][:2] == ("Platz", "Name") and tall.grid[header[0] - 2] == ("Gruppe A",)
    assert tall.page.print_from_row == 2 and tall.page.header[1] == ("title",)
