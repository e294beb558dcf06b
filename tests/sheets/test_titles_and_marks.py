"""Issue 9, items 4 and 5: every engine sheet's title line (season, club, what, date), the
page footer, the round marks of Standings (the cells keep their points) with their legend, the
withdrawn mark, headers aligned like their column, and the A4 print choice."""
from __future__ import annotations

import datetime as dt
import itertools
import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.core.model import Season
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import compute_history
from keizer_xl.errors import SettingError
from keizer_xl.sheets.layout import Field, print_fit
from keizer_xl.sheets.report_sheets import pairings_layout, standings_layout
from keizer_xl.sheets.analysis_sheets import crosstable_layout
from keizer_xl.sheets.titles import RunContext, book_name, mark_format, run_context, run_date
from support.helpers import marks_season
from support.cli import completed

ROOT = Path(__file__).resolve().parents[2]


CTX = RunContext(season="Winter 2026", club="SC Oost", date=dt.date(2026, 3, 1))


def test_title_line_names_season_club_sheet_and_date() -> None:
    season = marks_season()
    layout = standings_layout(_part(season), (), season=season, context=CTX)
    line = "Winter 2026 · SC Oost · Standings after round 2 · 2026-03-01"
    assert layout.grid[0] == (line,) and layout.grid[1] == ()
    assert layout.grid[2][:2] == ("Rank", "Name")           # the table under it
    # printed once per page: row 1 repeats with the header row; no page header (issue 26)
    assert layout.freeze_rows == 3 and layout.page.repeat_rows == (1, 3)
    assert layout.page.header[1] == ()
    assert layout.page.footer[1] == ("page ", Field.PAGE, " of ", Field.PAGES)


def test_round_marks_keep_the_points_and_show_what_happened() -> None:
    season = marks_season()
    layout = standings_layout(_part(season), (), season=season, context=CTX)
    header = layout.grid[2]
    row = {r[1]: (i + 1, r) for i, r in enumerate(layout.grid) if len(r) > 1}
    styles = layout.styles()
    r1, r2 = header.index("R1") + 1, header.index("R2") + 1

    def cell(name: str, col: int):
        i, values = row[name]
        return values[col - 1], styles.get((i, col))

    # Dirk: excused in round 1 (scores the excused share: shown "E 12.33"-like), unexcused in
    # round 2 (0 points: the mark alone); the cells hold his points as numbers
    value, style = cell("Dirk", r1)
    assert isinstance(value, (int, float)) and value > 0
    assert style is not None and style.number_format == '"E "General'
    value, style = cell("Dirk", r2)
    assert value == 0 and style is not None and style.number_format == '"U";"U";"U"'
    # Eva joined in round 2: round 1 is "L"; Frits withdrew before round 2: "wd", name marked
    assert cell("Eva", r1)[1].number_format == '"L";"L";"L"'  # type: ignore[union-attr]
    assert cell("Frits", r2)[1].number_format == '"wd";"wd";"wd"'  # type: ignore[union-attr]
    assert cell("Frits", 2)[0] == "Frits" and cell("Frits", 2)[1].number_format == '@" (wd)"'  # type: ignore[union-attr]
    # a game stays a plain number
    assert cell("Anna", r1)[1] is None or cell("Anna", r1)[1].number_format in (None, "General")  # type: ignore[union-attr]
    legend = [r[0] for r in layout.grid if r and isinstance(r[0], str) and "excused" in r[0]]
    assert legend == ["E excused, U unexcused, L not yet a member, wd withdrawn."]


def test_mark_format_shows_points_only_where_it_scored() -> None:
    assert mark_format("bye", 16.67) == '"bye "General'
    assert mark_format("E", 0) == '"E";"E";"E"'
    assert mark_format("X", 3) == '"X "General'  # a club code as typed


def test_headers_sit_like_their_column() -> None:
    season = marks_season()
    layout = standings_layout(_part(season), (), season=season, context=CTX)
    styles = layout.styles()
    header = layout.grid[2]
    assert styles[(3, header.index("Score") + 1)].align == "right"
    assert styles[(3, 1)].number_format == "@_0_0"  # "Rank" keeps the ranks' trailing gap
    assert (styles.get((3, 2)) or None) is None or styles[(3, 2)].align in (None, "left")


def test_print_fit_keeps_8pt_or_splits_with_names_repeated() -> None:
    assert print_fit([7, 24, 9, 7, 10, 7, 4, 4, 4] + [8] * 5, True, 2) == (1, None, None, ())
    fit_width, scale, repeat, breaks = print_fit([7, 24, 9, 7, 10, 7, 4, 4, 4] + [8] * 35,
                                                 True, 2)
    assert (fit_width, scale, repeat) == (None, 74, (1, 2))  # 74 % of 11 pt = 8.14 pt
    assert breaks


def test_print_fit_splits_a_sheet_only_the_measured_page_width_splits() -> None:
    """A landscape A4 page holds 132 digit widths at 100 % in Calibri/Carlito (NAMED_PAGE_CHARS:
    258.9 mm between the margins over LibreOffice's Carlito digit of 111 twips, 1.958 mm) and
    104 in DejaVu Sans (LibreOffice's fallback, PAGE_CHARS: a digit of 140 twips).  At the
    74 % minimum scale: 178.4 and 140.5 (a width includes its cell's padding)."""
    base = [7, 24, 9, 7, 10, 7, 4, 4, 4]  # 76
    # 76 + 8 * 8 = 140 and 76 + 12 * 8 = 172 <= 178.4: one page wide
    assert print_fit(base + [8] * 8, True, 2) == (1, None, None, ())
    assert print_fit(base + [8] * 12, True, 2) == (1, None, None, ())
    # 76 + 13 * 8 = 180: at 74 %, Rank and Name repeated, split where a DejaVu page (140.5)
    # ends: 140.5 - 31 = 109.5 per page for the 20 columns after Name (149): two pages
    fit, scale, repeat, breaks = print_fit(base + [8] * 13, True, 2)
    assert (fit, scale, repeat) == (None, 74, (1, 2)) and len(breaks) == 1
    # portrait: 88 at 100 %, 118.9 at 74 %
    assert print_fit([40, 40, 38], False, 2) == (1, None, None, ())   # 118
    assert print_fit([40, 40, 40], False, 2)[:3] == (None, 74, (1, 2))  # 120


def test_column_breaks_share_the_rounds_evenly_and_leave_no_stub() -> None:
    """Issue 26: Rank 8 and Name 24 repeated on pages of 100 leave 68 for the others: a column
    of 7 and 25 of 8.  Filling each page in turn puts 8, 8, 8 and the last 2 on a fourth page;
    even shares put 5 to 7 on each of the four (no page with only the last two columns)."""
    from keizer_xl.sheets.layout import column_breaks

    widths = [8.0, 24.0, 7.0] + [8.0] * 25
    breaks = column_breaks(widths, 2, 100.0)
    starts = [3, *breaks, len(widths) + 1]  # 1-based first column of each page after Rank, Name
    sizes = [b - a for a, b in itertools.pairwise(starts)]
    assert sum(sizes) == 26 and len(sizes) == 4
    assert min(sizes) >= 5 and max(sizes) <= 7, sizes
    assert all(sum(widths[a - 1:b - 1]) <= 100 - 32 for a, b in itertools.pairwise(starts))


def test_withdrawn_marked_in_crosstable() -> None:
    season = marks_season()
    history = compute_history(season)
    layout = crosstable_layout(season, history, CTX)
    styles = layout.styles()
    i = next(i for i, r in enumerate(layout.grid, 1) if len(r) > 1 and r[1] == "Frits")
    assert styles[(i, 2)].number_format == '@" (wd)"'


def test_pairings_title() -> None:
    from keizer_xl.core.pairing import Board, Pairing

    p = Pairing(round=3, boards=(Board(1, "Anna", "Bram"),), bye=None, notes=())
    layout = pairings_layout(p, {}, ["Anna", "Bram"], (), context=CTX)
    assert layout.grid[0] == ("Winter 2026 · SC Oost · Pairings round 3 · 2026-03-01",)


def test_context_season_from_setting_else_file_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIZER_XL_TODAY", "2026-03-01")
    settings = build_settings([parse_setting("club", "SC Oost")])
    book = type("B", (), {"label": "/tmp/x/Najaar 2026.xlsx"})()
    assert run_context(settings, book) == RunContext("Najaar 2026", "SC Oost", dt.date(2026, 3, 1))
    named = build_settings([parse_setting("seizoen", "2026"), parse_setting("vereniging", "V")])
    assert run_context(named, book) == RunContext("2026", "V", dt.date(2026, 3, 1))
    assert book_name(type("B", (), {"label": "C:\\a\\b.keizer.xlsx"})()) == "b"
    monkeypatch.setenv("KEIZER_XL_TODAY", "1 March")
    with pytest.raises(ValueError, match="KEIZER_XL_TODAY"):
        run_date()


def test_cli_standings_writes_titles_and_keeps_json_numbers(tmp_path: Path, monkeypatch) -> None:
    book = tmp_path / "Voorjaar.xlsx"
    shutil.copy(ROOT / "samples" / "club-season.xlsx", book)
    monkeypatch.setenv("KEIZER_XL_TODAY", "2026-03-01")
    assert completed("standings", book).returncode == 0
    ws = openpyxl.load_workbook(book)["Standings"]
    assert ws["A1"].value == "Schaakclub Oost 2025-2026 · Standings after round 22 · 2026-03-01"
    assert ws.oddFooter.center.text == "page &P of &N"
    marked = [c for row in ws.iter_rows(min_row=4) for c in row if '"' in c.number_format]
    assert marked and all(isinstance(c.value, (int, float, str)) for c in marked)
    done = completed("standings", "--format", "json", "--no-write", book)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    rows = data["standings"] if isinstance(data, dict) else data
    assert all(isinstance(v, (int, float)) for r in rows for v in r["rounds"])


def test_club_setting_is_free_text() -> None:
    assert parse_setting("club", "  SC Oost ") == ("club", "SC Oost")
    assert parse_setting("Verein", "SK") == ("club", "SK")
    with pytest.raises(SettingError):
        parse_setting("clubb", "x")


def test_printed_width_counts_each_character_as_wide_as_it_prints() -> None:
    """Issue 26: a round column as wide as what it shows, in digit widths, the wider of
    Carlito and DejaVu Sans per character (sheets/glyphs.py): "vrij 13.33" is v 0.95 + r 0.7 +
    i 0.5 + j 0.5 + space 0.5 + four digits 4 + '.' 0.5 = 7.65; '=' and '½' are wider than a
    digit in DejaVu Sans (1.35, 1.55), a bold header wider than its regular text."""
    from keizer_xl.sheets.glyphs import printed_width, wrap_printed

    assert printed_width("vrij 13.33") == pytest.approx(7.65)
    assert printed_width("16.67") == pytest.approx(4.5)
    assert printed_width("A 6") == pytest.approx(1.15 + 0.5 + 1)
    assert printed_width("=½ 5.5") == pytest.approx(1.35 + 1.55 + 0.5 + 2.5)
    assert printed_width("Plaats", bold=True) > printed_width("Plaats")
    assert wrap_printed("een twee drie", 8) == ["een twee", "drie"]  # 7.7 <= 8


def test_pairings_and_periods_print_their_title_once_and_headers_apart() -> None:
    """Issue 26: Pairings (Indeling) and Periods (Periodes) printed their title in the page
    header and in row 1; now row 1 is a print title and the page header is empty.  Periods'
    right-aligned Score and Value headers keep a gap: each column at least its header plus 3."""
    from keizer_xl.app.standings import period_reports
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.pairing import pair_round
    from keizer_xl.core.rules import build_settings, parse_setting
    from keizer_xl.sheets.report_sheets import pairings_layout
    from keizer_xl.sheets.group_sheets import periods_layout

    season = marks_season()
    ranking = list(compute_history(season).last.order)
    p = pair_round(season, 3, ranking, ranking[:4])
    layout = pairings_layout(p, {}, ranking, lang="nl", context=CTX)
    assert layout.page.header == ((), (), ()) and layout.page.repeat_rows[0] == 1
    assert layout.grid[0][0].endswith("Indeling ronde 3 · 1 maart 2026")
    with_periods = Season(players=season.players, games=season.games, absences=season.absences,
                          settings=build_settings([parse_setting("periods", "1, 2")]))
    periods = periods_layout(period_reports(Competition(with_periods, 2)), CTX, "nl")
    assert periods.page.header == ((), (), ()) and periods.page.repeat_rows == (1, 1)
    header = next(row for row in periods.grid if row[:2] == ("Plaats", "Naam"))
    score, value = header.index("Score"), header.index("Waarde")
    assert value == score + 1
    assert periods.widths[score] >= len("Score") + 3 and periods.widths[value] >= len("Waarde") + 3


def _part(season):
    """The season's shown rows (core/rows.py), as the Standings sheet is made from them."""
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import season_part

    return season_part(Competition(season).standing(""))
