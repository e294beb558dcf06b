"""The season template: sheets, tables, dropdowns, text formats, and that FileBook reads it."""
from __future__ import annotations

import openpyxl
import pytest
from openpyxl.utils.cell import range_boundaries

from keizer_xl.clients import backup_files
from keizer_xl.core import rules
from keizer_xl.core.presets import PRESETS
from keizer_xl.clients.xlsx.new_book import INPUT_HEADERS, SHEET_ORDER, build_template, template_workbook
from keizer_xl.sheets.template_text import ABSENCE_CHOICES, DEFAULT_SETTINGS, RESULT_CHOICES, NewBook
from keizer_xl.clients.xlsx import FileBook
from keizer_xl.clients.files import WorkbookFileError

INPUT_SHEETS = ("Settings", "Players", "Attendance", "Results")


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("tpl") / "season.xlsx"
    assert build_template(path) == path
    return path


def _validations(ws):
    return list(ws.data_validations.dataValidation)


def _covers(dv, coordinate: str) -> bool:
    return any(coordinate in rng for rng in dv.sqref.ranges)


def test_sheet_order(template):
    assert openpyxl.load_workbook(template).sheetnames == list(SHEET_ORDER)
    assert FileBook(template).sheet_names() == list(SHEET_ORDER)


def test_input_sheets_read_back_with_headers_and_no_rows(template):
    book = FileBook(template)
    assert book.unsafe_to_write() == []
    expected = dict(INPUT_HEADERS)
    expected["Attendance"] = ("Name", *tuple(f"R{r}" for r in range(1, 41)))
    assert expected["Players"] == ("Name", "Rating", "Start", "Joined", "Status", "Club", "Id")
    assert expected["Results"] == ("Round", "Board", "White", "Black", "Result")
    for sheet in ("Players", "Attendance", "Results"):
        table = book.read_table(sheet)
        assert table.headers == expected[sheet], sheet
        assert table.rows == (), sheet
        assert (table.header_row, table.first_column) == (1, 1)
    settings = book.read_table("Settings")
    assert settings.headers[:2] == ("Setting", "Value")


def test_each_input_sheet_is_one_excel_table_from_a1(template):
    wb = openpyxl.load_workbook(template)
    for sheet in INPUT_SHEETS:
        ws = wb[sheet]
        assert len(ws.tables) == 1, sheet
        table = next(iter(ws.tables.values()))
        min_col, min_row, max_col, max_row = range_boundaries(table.ref)
        assert (min_col, min_row) == (1, 1)
        assert max_row >= 2                        # at least one data row
        assert max_col == ws.max_column
        assert table.tableStyleInfo is not None and table.tableStyleInfo.name
        assert [c.value for c in ws[1]][:max_col] == [tc.name for tc in table.tableColumns]
        assert ws.freeze_panes == "A2"


def test_settings_rows_are_empty_so_the_preset_decides(template, tmp_path):
    from keizer_xl.errors import Problem
    from keizer_xl.sheets.read_tables import read_settings

    rows = FileBook(template).read_table("Settings").rows
    got = {r[0]: r[1] for r in rows}
    assert list(got)[:2] == ["preset", "season"]
    assert got["preset"] == "keizer"
    for key in ("top_value", "value_step", "own_value", "recalculation", "bye", "absence_excused",
                "absence_unexcused", "absence_club", "absence_late", "tiebreak", "pairing",
                "rematch_gap", "colours"):
        assert key in got and got[key] in (None, ""), key
    # the comment shows what the keizer preset gives, checked against rules.py, and the words a
    # choice setting accepts (its enum) and the presets
    defaults = dict(rules.describe(rules.build_settings([("preset", "keizer")])))
    comments = {r[0]: r[2] for r in rows}
    for key, _value, _comment in DEFAULT_SETTINGS[2:]:
        assert comments[key].startswith(f"keizer: {defaults[key] or '(empty)'}. "), key
    assert comments["recalculation"] == "keizer: prev. Values used for the points: prev, frozen, converge"
    assert comments["colours"].endswith(": keizer, lower-white, balance, geel")
    assert comments["preset"].startswith(", ".join(PRESETS) + "; ")
    problems: list[Problem] = []
    assert read_settings(FileBook(template).read_table("Settings"), problems) == \
        rules.build_settings([("preset", "keizer")]) and not problems
    # choosing another preset changes every empty row; a typed value (appended) overrides it
    wb = openpyxl.load_workbook(template)
    wb["Settings"]["B2"] = "sevilla"
    wb.save(tmp_path / "sevilla.xlsx")
    book = FileBook(tmp_path / "sevilla.xlsx")
    book.append_rows("Settings", [{"Setting": "top_value", "Value": "50"}])
    book.save()
    got = read_settings(FileBook(tmp_path / "sevilla.xlsx").read_table("Settings"), problems)
    assert not problems
    expected = rules.build_settings([("preset", "sevilla"), rules.parse_setting("top_value", 50)])
    assert got == expected and got.colours == "balance"


def test_dropdowns(template):
    wb = openpyxl.load_workbook(template)
    results = _validations(wb["Results"])
    assert len(results) == 1
    dv = results[0]
    assert dv.type == "list" and dv.formula1 == '"' + ",".join(RESULT_CHOICES) + '"'
    assert dv.formula1 == '"1-0,0-1,\u00bd-\u00bd,1-0F,0-1F,0-0F,adj,bye"'
    # information style (issue 16): remise, r, 1/2-1/2 are kept with one OK, never called wrong
    assert dv.allow_blank and dv.errorStyle == "information" and dv.showErrorMessage
    assert _covers(dv, "E2") and _covers(dv, "E500") and not _covers(dv, "D2") and not _covers(dv, "E1")

    attendance = _validations(wb["Attendance"])
    assert len(attendance) == 1
    dv = attendance[0]
    assert dv.formula1 == '"' + ",".join(ABSENCE_CHOICES) + '"' == '"E,U,C,L"'
    assert dv.errorStyle == "information" and dv.allow_blank
    assert _covers(dv, "B2") and _covers(dv, "AO2") and _covers(dv, "B300")
    assert not _covers(dv, "A2") and not _covers(dv, "AP2")

    players = _validations(wb["Players"])
    assert len(players) == 1
    dv = players[0]
    assert dv.formula1 == '"active,withdrawn"' and dv.errorStyle == "information"
    assert _covers(dv, "E2") and not _covers(dv, "D2")


def test_text_formats_so_excel_keeps_half_points(template):
    wb = openpyxl.load_workbook(template)
    results, attendance, settings = wb["Results"], wb["Attendance"], wb["Settings"]
    assert results["E2"].number_format == "@"
    assert results.column_dimensions["E"].number_format == "@"
    assert results["A2"].number_format != "@"                      # Round stays a number
    assert attendance["B2"].number_format == "@" and attendance["AO2"].number_format == "@"
    assert attendance.column_dimensions["B"].number_format == "@"
    assert settings["B2"].number_format == "@"                      # 2/3 must not become a date
    assert settings["B8"].number_format == "@"  # the bye row: a typed 2/3 stays text


def test_column_widths(template):
    wb = openpyxl.load_workbook(template)
    assert wb["Players"].column_dimensions["A"].width >= 20
    assert wb["Results"].column_dimensions["C"].width >= 20
    assert wb["Attendance"].column_dimensions["B"].width <= 8
    assert wb["Settings"].column_dimensions["C"].width >= 40
    # Instructions: one portrait A4 page wide at 100 % (issue 16 item 4), every row as tall as
    # its wrapped lines, so nothing runs off the page or prints over the next line
    ws = wb["Instructions"]
    assert 50 <= ws.column_dimensions["A"].width <= 70
    assert ws.page_setup.orientation == "portrait" and int(ws.page_setup.paperSize) == 9  # A4
    for row in range(2, ws.max_row + 1):
        text = ws.cell(row, 1).value or ""
        assert ws.row_dimensions[row].height >= 15 * (len(text) // 80 + 1), row


def test_instructions_cover_codes_results_and_commands(template):
    ws = openpyxl.load_workbook(template)["Instructions"]
    text = "\n".join(str(c.value) for c in ws["A"] if c.value)
    for needle in ("E (excused)", "U (unexcused)", "C (club duty)", "L (not yet a member)",
                   "1-0", "0-1", "\u00bd-\u00bd", "1-0F", "0-1F", "0-0F", "adj",
                   "keizer-xl pair", "keizer-xl standings", "button"):
        assert needle in text, needle


def test_rounds_and_language(tmp_path):
    # issue 9: a Dutch template has the contract's Dutch sheet names and headers
    path = build_template(tmp_path / "short.xlsx", rounds=12, language="nl")
    book = FileBook(path)
    assert book.read_table("Aanwezigheid").headers[-1] == "R12"
    assert len(book.read_table("Aanwezigheid").headers) == 13
    ws = openpyxl.load_workbook(path)["Uitleg gebruik"]
    assert "Keizercompetitie" in ws["A1"].value
    assert book.read_table("Uitslagen").headers == ("Ronde", "Bord", "Wit", "Zwart", "Uitslag")
    de = template_workbook(NewBook("de", 3))
    assert "Keizer-Turnier" in de["Anleitung"]["A1"].value
    with pytest.raises(ValueError):
        template_workbook(NewBook("xx"))  # (fr is a language since issue 9)
    with pytest.raises(ValueError):
        template_workbook(NewBook(rounds=0))


def test_refuses_to_overwrite(tmp_path):
    path = build_template(tmp_path / "club.xlsx")
    before = path.read_bytes()
    with pytest.raises(WorkbookFileError, match="already exists"):
        build_template(path, overwrite=False)
    assert path.read_bytes() == before
    build_template(path, rounds=5)                 # replacing keeps the old file as a backup
    assert backup_files.backups(path)[-1].read_bytes() == before
    assert FileBook(path).read_table("Attendance").headers[-1] == "R5"
    with pytest.raises(WorkbookFileError):
        build_template(tmp_path / "club.xlsm")


def test_template_accepts_a_season(tmp_path):
    """Typing into the template through FileBook: the tables grow, formats and dropdowns hold."""
    path = build_template(tmp_path / "club.xlsx", rounds=3)
    book = FileBook(path)
    book.append_rows("Players", [{"Name": "Ann", "Rating": 1800}, {"Name": "Bob", "Rating": 1700}])
    book.append_rows("Results", [{"Round": 1, "Board": 1, "White": "Ann", "Black": "Bob", "Result": None}])
    book.append_rows("Attendance", [{"Name": "Ann"}, {"Name": "Bob", "R1": "E"}])
    book.save()
    wb = openpyxl.load_workbook(path)
    assert wb["Players"].tables["tblPlayers"].ref == "A1:G3"
    assert wb["Results"].tables["tblResults"].ref == "A1:E2"
    players_table = wb["Players"].tables["tblPlayers"]
    assert players_table.autoFilter is None or players_table.autoFilter.ref == "A1:G3"
    assert wb["Attendance"]["B3"].value == "E" and wb["Attendance"]["B3"].number_format == "@"
    assert wb["Players"]["A3"].number_format == "@"
    again = FileBook(path)
    assert again.read_table("Players").rows == (("Ann", 1800, None, None, None, None, None),
                                                ("Bob", 1700, None, None, None, None, None))
    assert again.read_table("Results").rows == ((1, 1, "Ann", "Bob", None),)
    assert len(_validations(wb["Results"])) == 1
