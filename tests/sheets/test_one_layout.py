"""One layout and one plan for every client (issue 8, item 2).

The actions compute each engine sheet's Layout and each table's append/delete plan once; here
the file client and the Excel client (through tests/support/excel_fake.py) are run on the sample season
and must receive equal Layouts and compute equal Regions and plans, and write the Layout's cells.
LibreOffice is compared with the file client in tests/e2e/test_libreoffice.py (same values, widths,
print setup); it runs the same ``actions`` code, so it receives the same Layout objects.
"""
from __future__ import annotations

import shutil
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pandas as pd
import pytest

from support.excel_fake import FakeBook
from support.openpyxl_book import openpyxl_book
from keizer_xl.app import pair as app_pair
from keizer_xl.app import standings as app_standings
from keizer_xl.analysis.audit import audit_season
from keizer_xl.clients.excel import XlwingsBook
from keizer_xl.clients.xlsx import FileBook
from keizer_xl.core.engine import compute_history
from keizer_xl.sheets import report_sheets
from keizer_xl.sheets import analysis_sheets
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.glyphs import printed_width
from keizer_xl.sheets.titles import RunContext
from keizer_xl.sheets.layout import Field, Layout, PageSetup, SheetStyle, Span, Style, sheet_layout
from keizer_xl.sheets.read import read_season
from keizer_xl.sheets.region import TableRef, find_region, plan_append, plan_delete

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"


class Recording:
    """A Book that records the layouts it is given and passes everything on."""

    def __init__(self, book: Any):
        self.book = book
        self.layouts: dict[str, Layout] = {}

    def write_sheet(self, sheet: str, layout: Layout) -> None:
        self.layouts[sheet] = layout
        self.book.write_sheet(sheet, layout)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.book, name)


def _books(tmp_path: Path, name: str) -> tuple[Recording, Recording, FakeBook]:
    path = tmp_path / f"{name}.xlsx"
    shutil.copyfile(SAMPLE, path)
    fake = FakeBook.from_file(path, name=f"{name}.xlsm")
    return Recording(FileBook(path)), Recording(XlwingsBook(fake)), fake


@pytest.mark.parametrize("action", ["standings", "pair"])
def test_file_and_excel_clients_get_the_same_layout(tmp_path: Path, action: str) -> None:
    file_book, excel_book, fake = _books(tmp_path, action)
    for book in (file_book, excel_book):
        if action == "standings":
            app_standings.run(book, app_standings.StandingsRequest())
        else:
            app_pair.run(book, app_pair.PairRequest(force=True))
    assert file_book.layouts and file_book.layouts == excel_book.layouts
    for sheet, layout in file_book.layouts.items():
        # both clients wrote exactly the layout's cells (the fake hands numbers back as floats)
        ws = openpyxl.load_workbook(file_book.book.path)[sheet]
        excel_grid = fake.grid(sheet)
        assert ws.max_row == len(layout.grid) and len(layout.grid) > 2
        for r, row in enumerate(layout.grid, 1):
            for c, value in enumerate(row, 1):
                assert ws.cell(r, c).value == value, (sheet, r, c)
                got = excel_grid[r - 1][c - 1]
                assert got == value or (isinstance(value, int) and got == float(value)), (sheet, r, c)


def test_the_standings_layout_is_the_sample_season(tmp_path: Path) -> None:
    """Hand-checked facts of the sample's Standings layout (22 rounds, 34 players)."""
    season = read_season(FileBook(SAMPLE))
    history = compute_history(season)
    ctx = RunContext("Najaar", "SC Oost", date(2026, 3, 1))
    layout = report_sheets.standings_layout(_part(season), ("a note",), season=season, context=ctx)
    # issue 9: a title line and an empty row above the table
    title = "Najaar · SC Oost · Standings after round 22 · 2026-03-01"
    assert layout.grid[0] == (title,) and layout.grid[1] == ()
    assert layout.grid[2][:4] == ("Rank", "Name", "Score", "Value")
    assert len(layout.grid[2]) == 9 + 22 + 2 and layout.page.landscape  # Game points, TPR
    # title, header, players, the legend in short lines, the note; split
    # with Rank and Name repeated, so the notes start in column C (issue 26)
    legend = [r for r in layout.grid[3 + 34:] if r]
    assert legend[-1] == (None, None, "a note") and all(r[:2] == (None, None) for r in legend)
    # (lines as wide as the first page's columns right of Rank and Name: never cut)
    first = layout.page.col_breaks[0]
    room = sum(layout.widths[2:first - 1])
    assert all(printed_width(r[2]) <= room for r in legend[:-1])
    # the title once per page (issue 26): split by columns, it prints from the header row on
    # (rows 3 and later; the header row repeated), the title in the page header; A1 keeps it
    assert layout.page.header[1] == (layout.grid[0][0],)
    assert layout.page.print_from_row == 3 and layout.page.repeat_rows == (3, 3)
    assert layout.page.footer[1] == ("page ", Field.PAGE, " of ", Field.PAGES)
    assert layout.freeze_rows == 3
    assert layout.page.scale == 74 and layout.page.repeat_cols == (1, 2)
    podium = [s for s in layout.spans if s.style.fill in ("FFD966", "D9D9D9", "F4B183")]
    assert [(s.first_row, s.style.fill) for s in podium] == [
        (4, "FFD966"), (5, "D9D9D9"), (6, "F4B183")]
    # Name as wide as the longest name, Score as its values ("655.67") and one more (issue 26)
    shown = [n + (" (wd)" if p.is_withdrawn(22) else "")
             for n in history.last.order for p in season.players if p.name == n]
    # counted in digit widths (sheets/glyphs.py), rounded up to half a digit: Rank's bold
    # header R 1.25 + a 1.1 + n 1.15 + k 1.05 = 4.55, two digits of room for "0_0_0" and one
    # of padding: 7.55 -> 8; Score "655.67" 5 + '.' 0.5, one of padding: 6.5 (bold "Score"
    # 5.1 + 1 is less)
    assert layout.widths[0] == 8.0
    longest = max(len(n) for n in shown)
    assert 0.75 * longest + 1 <= layout.widths[1] <= min(24, 1.2 * longest + 1.5)
    assert layout.widths[2] == 6.5
    # every engine sheet has one builder, all pure
    audits = audit_season(season, history)
    for built in (analysis_sheets.history_layout(history),
                  analysis_sheets.crosstable_layout(season, history),
                  analysis_sheets.explain_layout(season, history),
                  analysis_sheets.audit_layout(audits)):
        # the title once per page: in the page header, or a title row printed on every page
        assert built.grid and built.widths
        assert bool(built.page.header[1]) != (built.page.repeat_rows[0] == 1)


def test_cells_are_converted_once_for_every_client() -> None:
    assert cell_value("a\x01b\x1fc") == "abc"                 # control characters removed
    assert cell_value("=HYPERLINK(x)") == "=HYPERLINK(x)"     # stays text (each client keeps it)
    assert cell_value(Fraction(43, 1)) == 43 and type(cell_value(Fraction(43, 1))) is int
    assert cell_value(Fraction(1, 3)) == 1 / 3
    assert cell_value(2 ** 60) == str(2 ** 60)                 # would lose digits in a cell
    assert cell_value(float("nan")) is None and cell_value("") is None
    assert cell_value(date(2025, 9, 4)) == date(2025, 9, 4)
    assert cell_value("x" * 40000) == "x" * 32767


def test_excel_client_strips_control_characters_like_the_others() -> None:
    """The drift this refactor fixed: Excel kept control characters the file writer and
    LibreOffice strip (a .xlsx file cannot hold them)."""
    fake = FakeBook("club.xlsm")
    fake.add_sheet("Players")
    book = XlwingsBook(fake)
    book.write_sheet("Explain", sheet_layout(pd.DataFrame({"What": ["x\x01y"]})))
    assert fake.grid("Explain")[1][0] == "xy"


def test_layout_is_data_a_title_row_alignment_and_footer_need_no_client_change(tmp_path: Path) -> None:
    """What issue 9 will add (title rows, page x of y, column alignment) is data in a Layout:
    the file client writes a hand-made one without knowing about it."""
    layout = Layout(grid=(("Club title",), (), ("Rank", "Name"), (1, "Ann")),
                    spans=(Span(1, 1, 1, 1, Style(bold=True)),
                           Span(4, 4, 1, 1, Style(align="center"))),
                    widths=(6.0, 20.0), freeze_rows=3,
                    page=PageSetup(
                        landscape=True, repeat_rows=(1, 3),
                        footer=((), ("Page ", Field.PAGE, " of ", Field.PAGES), ())))
    path = tmp_path / "t.xlsx"
    shutil.copyfile(SAMPLE, path)
    book = FileBook(path)
    book.write_sheet("Standings", layout)
    book.save()
    ws = openpyxl.load_workbook(path)["Standings"]
    assert ws["A1"].value == "Club title" and ws["A1"].font.b
    assert ws["A4"].alignment.horizontal == "center"
    assert ws.freeze_panes == "A4" and ws.print_title_rows == "$1:$3"
    assert ws.oddFooter.center.text == "Page &P of &N"
    assert ws.page_setup.orientation == "landscape"


def test_regions_and_plans_are_the_same_for_file_and_excel_clients(tmp_path: Path) -> None:
    path = tmp_path / "r.xlsx"
    shutil.copyfile(SAMPLE, path)
    file_book = FileBook(path)
    excel_book = XlwingsBook(FakeBook.from_file(path))
    r_file, _ = file_book._region(file_book._worksheet("Results"))  # from the sheet's XML
    oracle = openpyxl_book(path)                                      # through openpyxl
    r_openpyxl = oracle._region(oracle.wb["Results"])
    r_excel = excel_book._region(excel_book._sheet("Results"))
    assert r_file == r_excel == r_openpyxl
    assert r_file.headers[:5] == ("Round", "Board", "White", "Black", "Result")
    rows = [{"Round": 24, "Board": 1, "White": "A", "Black": "B"}]
    assert plan_append(r_file, rows, [], "Results", "x") == plan_append(r_excel, rows, [], "Results", "x")
    assert plan_delete(r_file, [0, 1, 5], "Results", "x").runs() == [
        (r_file.data_first, r_file.data_first + 1), (r_file.data_first + 5,) * 2]


def test_append_plan_moves_the_totals_row_and_sees_what_is_in_the_way() -> None:
    """A Table A1:B4 with a totals row (row 4) and two data rows: three new rows go to rows
    4..6, the totals row moves down 3 (to row 7); a note in A7 would be overwritten."""
    cells = {(1, 1): "Name", (1, 2): "Score", (2, 1): "Ann", (3, 1): "Bob", (4, 1): "Total",
             (7, 1): "a note"}
    region = find_region(cells, TableRef("T", 1, 1, 4, 2, totals=1))
    assert (region.data_first, region.data_last) == (2, 3)
    plan, problems = plan_append(region, [{"Name": n} for n in "xyz"], [], "S", "book")
    assert not problems
    assert (plan.start, plan.end, plan.shift, plan.totals_at, plan.table_last) == (4, 6, 3, 4, 7)
    blocked = plan.in_the_way(region, lambda r, c: cells.get((r, c)), "S", "book")
    assert blocked and "cell A7 below the table holds 'a note'" in blocked[0]
    other = TableRef("U", 6, 2, 8, 3)
    _, problems = plan_append(region, [{"Name": n} for n in "xyz"], [other], "S", "book")
    assert problems and "the table U is in the way" in problems[0]


def test_a_title_row_footer_and_alignment_are_sheet_style_data(tmp_path: Path) -> None:
    """Issue 9's title line, "Page x of y" and a centred column through SheetStyle: the header
    row moves to row 3, so the podium, the frozen rows and the printed rows move with it."""
    frame = pd.DataFrame({"Rank": [1, 2], "Name": ["Ann", "Bob"]})
    style = SheetStyle(title="Standings", title_rows=("Club De Toren, season 2025-26",),
                       footer=("Page ", Field.PAGE, " of ", Field.PAGES),
                       align={"Rank": "center"}, highlight_rows=1, landscape=True)
    layout = sheet_layout(frame, style)
    assert layout.grid == (("Club De Toren, season 2025-26",), (), ("Rank", "Name"),
                           (1, "Ann"), (2, "Bob"))
    # the title row prints on every page with the header row, not also in the page header
    assert layout.freeze_rows == 3 and layout.page.repeat_rows == (1, 3)
    assert layout.page.header == ((), (), ())
    assert Span(4, 4, 1, 2, Style(fill="FFD966")) in layout.spans
    assert Span(4, 5, 1, 1, Style(align="center")) in layout.spans
    path = tmp_path / "t.xlsx"
    shutil.copyfile(SAMPLE, path)
    book = FileBook(path)
    book.write_sheet("Standings", layout)
    book.save()
    ws = openpyxl.load_workbook(path)["Standings"]
    assert ws["A1"].font.b and ws["A3"].value == "Rank" and ws["A4"].fill.fgColor.rgb.endswith("FFD966")
    assert ws["A5"].alignment.horizontal == "center" and ws["B5"].alignment.horizontal is None
    assert ws.freeze_panes == "A4" and ws.print_title_rows == "$1:$3"
    assert ws.oddFooter.center.text == "Page &P of &N" and not ws.oddHeader.center.text


def _part(season):
    """The season's shown rows (core/rows.py), as the Standings sheet is made from them."""
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import season_part

    return season_part(Competition(season).standing(""))
