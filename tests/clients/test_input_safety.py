"""Issue 11, items 3 and 4: ambiguous or hostile input is refused with its cell, all problems at
once, exit 1 and the workbook unchanged byte for byte; late entrants and withdrawals as a
competition leader expects.  Every case runs through the command line."""
from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main

from support.helpers import KEIZER_NAMES, keizer_example_sheets, make_workbook
from support.timing import within

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = (("check",), ("standings",), ("pair", "--dry-run"), ("pair",))


def digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def cli(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


def book(tmp_path: Path, name: str = "club.xlsx", **changes) -> Path:
    """Keizer's example (rules section 10) with sheets replaced or added by ``changes``."""
    sheets = keizer_example_sheets()
    for sheet, rows in changes.items():
        sheets[sheet.replace("_", " ")] = rows
    return make_workbook(tmp_path / name, sheets)


def refused_everywhere(capsys, path: Path, *cells: str, text: str = "") -> str:
    """Every command exits 1, names every cell, and leaves the file as it was."""
    before = digest(path)
    output = ""
    for command in COMMANDS:
        code, out = cli(capsys, command[0], path, *command[1:])
        assert code == 1, (command, out)
        for cell in cells:
            assert cell in out, (command, cell, out)
        if text:
            assert text in out, (command, out)
        assert "Traceback" not in out
        assert digest(path) == before, command
        output = out
    return output


def settings_book(tmp_path: Path, *rows) -> Path:
    return book(tmp_path, Settings=[["Setting", "Value"], *rows])


# --------------------------------------------------------------------------- settings ranges

@pytest.mark.parametrize("key, value, hint", [
    ("absence_excused", "150%", "between 0 and 1"),
    ("absence_excused", 1.5, "between 0 and 1"),
    ("absence_excused", "-1/3", "between 0 and 1"),
    ("absence_excused", "-20 points", "must not be negative"),
    ("bye", -1, "between 0 and 1"),
    ("code X", "2", "between 0 and 1"),
    ("forfeit_win", -1, "0 or more"),
    ("loss", "-1/6", "0 or more"),
    ("top_value", -5, "more than 0"),
    ("top_value", 0, "more than 0"),
    ("bottom_value", -3, "more than 0"),
    ("k_factor", 33, "between 0 and 32"),
    ("withdrawn_opponent", 2, "between 0 and 1"),
    ("max_passes", 0, "max_passes"),
    ("rematch_gap", 5000, "between 0 and 1000"),
])
def test_a_setting_outside_its_documented_range_is_refused_with_its_cell(tmp_path, capsys, key,
                                                                          value, hint):
    path = settings_book(tmp_path, ["top_value", 50] if key not in ("top_value", "bottom_value")
                         else ["preset", "keizer"], [key, value])
    refused_everywhere(capsys, path, "Settings!B3", text=hint)


def test_a_win_worth_less_than_a_draw_is_refused(tmp_path, capsys):
    path = settings_book(tmp_path, ["top_value", 50], ["win", "1/3"])
    refused_everywhere(capsys, path, "Settings!A3", text="at least a draw")


@pytest.mark.parametrize("value", ["inf", "1e400", "1e999999999", "-inf", "nan",
                                   "9" * 5000, "1/0"])
def test_extreme_top_values_are_refused_within_milliseconds(tmp_path, capsys, value):
    path = settings_book(tmp_path, ["top_value", value])
    with within(10):  # four commands, each loading the workbook
        refused_everywhere(capsys, path, "Settings!B2")


@pytest.mark.parametrize("key, value", [("extra_passes", "1e9"), ("value_decimals", "1e7"),
                                        ("max_passes", 10 ** 12), ("absence_max", "1e999999999")])
def test_huge_counts_are_refused_before_any_loop(tmp_path, capsys, key, value):
    path = settings_book(tmp_path, ["top_value", 50], [key, value])
    with within(10):
        refused_everywhere(capsys, path, "Settings!B3")


def test_a_value_scale_that_goes_to_zero_or_below_is_refused_with_what_to_set(tmp_path, capsys):
    names = [f"Player {i:03}" for i in range(1, 151)]
    path = make_workbook(tmp_path / "big.xlsx", {
        "Settings": [["Setting", "Value"], ["top_value", 100]],
        "Players": [["Name"]] + [[n] for n in names],
        "Results": [["Round", "Board", "White", "Black", "Result"]],
    })
    out = refused_everywhere(capsys, path, "Settings!B2")
    # the one value-scale check (core/values.value_scale_check), at the top_value cell
    assert "last 50 of 150 places" in out and "lowest -49" in out
    assert "top_value to 150 or more" in out and "bottom_value" in out


def test_value_step_two_with_top_n_is_refused_too(tmp_path, capsys):
    path = settings_book(tmp_path, ["top_value", "N"], ["value_step", 2])
    out = refused_everywhere(capsys, path, "Settings!B2")
    assert "value_step to at most" in out and "top_value to 19 or more" in out


def test_a_club_code_defined_twice_names_both_cells(tmp_path, capsys):
    path = settings_book(tmp_path, ["top_value", 50], ["code X", "1/2"], ["code x", "1/3"])
    out = refused_everywhere(capsys, path, "Settings!A4", "Settings!A3")
    assert "code X is set twice" in out


def test_a_setting_given_twice_names_both_cells(tmp_path, capsys):
    path = settings_book(tmp_path, ["top_value", 50], ["top_value", 60])
    out = refused_everywhere(capsys, path, "Settings!A3", "Settings!A2")
    assert "top_value is set twice" in out


# --------------------------------------------------------------------------- ambiguous sheets

def _rename_sheet_in_file(path: Path, old: str, new: str) -> None:
    """Rename a sheet in workbook.xml itself: Excel refuses names differing only by case, and
    openpyxl renames them on creation, but a hostile or damaged file can hold them."""
    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    xml = parts["xl/workbook.xml"].decode()
    assert f'name="{old}"' in xml
    parts["xl/workbook.xml"] = xml.replace(f'name="{old}"', f'name="{new}"').encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


@pytest.mark.parametrize("second", ["results", "Uitslagen", "Results ", " ERGEBNISSE"])
def test_two_sheets_that_both_mean_results_are_refused(tmp_path, capsys, second):
    sheets = keizer_example_sheets()
    sheets["Placeholder"] = [["Round", "Board", "White", "Black", "Result"]]
    path = make_workbook(tmp_path / "two.xlsx", sheets)
    _rename_sheet_in_file(path, "Placeholder", second)
    out = refused_everywhere(capsys, path, text="all mean Results")
    assert repr(second) in out and "'Results'" in out


@pytest.mark.parametrize("canonical, other", [("Settings", "Instellingen"), ("Players", "players"),
                                              ("Attendance", "Anwesenheit ")])
def test_two_sheets_for_settings_players_or_attendance_are_refused(tmp_path, capsys, canonical,
                                                                     other):
    sheets = keizer_example_sheets()
    sheets["Placeholder"] = sheets[canonical]
    path = make_workbook(tmp_path / "two.xlsx", sheets)
    _rename_sheet_in_file(path, "Placeholder", other)
    out = refused_everywhere(capsys, path, text=f"all mean {canonical}")
    assert repr(other) in out


def test_a_missing_results_part_is_a_problem(tmp_path, capsys):
    path = book(tmp_path)
    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    index = openpyxl.load_workbook(path).sheetnames.index("Results") + 1
    del parts[f"xl/worksheets/sheet{index}.xml"]
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    refused_everywhere(capsys, path, "Results", text="missing")


def test_numbers_are_bounded_before_exact_arithmetic():
    from fractions import Fraction

    from keizer_xl.errors import SettingError
    from keizer_xl.core.setting_values import parse_fraction

    for raw in (float("inf"), float("nan"), float("-inf"), 1e300, 10 ** 30, "1e999999999",
                "1e-999999999", "1/1e-400", "9" * 100):
        with within(0.05), pytest.raises(SettingError):
            parse_fraction(raw, "top_value")
    assert parse_fraction("33.33%") == Fraction(3333, 10000)
    assert parse_fraction(0.3333) == Fraction(3333, 10000)
    assert parse_fraction("1/3") == Fraction(1, 3)


# --------------------------------------------------------------------------- Results

def test_two_games_on_one_board_of_a_round_are_refused(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Results"][2][1] = 1  # round 1, board 2 -> board 1 again (row 3)
    path = make_workbook(tmp_path / "boards.xlsx", sheets)
    out = refused_everywhere(capsys, path, "Results!B3", "Results!B2")  # the Board cells
    assert "board 1 has two games" in out


@pytest.mark.parametrize("rnd", [1e9, "1e9", 10 ** 12, "R99999999999999999999", 1001])
def test_a_round_beyond_the_bound_names_the_cell_without_memory_error(tmp_path, capsys, rnd):
    sheets = keizer_example_sheets()
    sheets["Results"][3][0] = rnd
    path = make_workbook(tmp_path / "round.xlsx", sheets)
    refused_everywhere(capsys, path, "Results!A4")


def test_a_round_far_beyond_the_rounds_present_is_refused(tmp_path, capsys):
    sheets = keizer_example_sheets()
    for row in sheets["Results"][6:]:
        row[0] = 500  # round 2 typed as 500
    path = make_workbook(tmp_path / "gap.xlsx", sheets)
    out = refused_everywhere(capsys, path, "Results!A7")
    assert "round 500 comes after round 1" in out


def test_a_player_named_bye_is_that_player(tmp_path, capsys):
    sheets = keizer_example_sheets(with_round_2=False)
    sheets["Players"].append(["Bye", None])
    sheets["Players"].append(["Vrij", None])
    sheets["Attendance"] = [["Name", "R1"]] + [[n, None] for n in KEIZER_NAMES]
    sheets["Results"].append([1, 6, "Bye", "Vrij", "1-0"])
    path = make_workbook(tmp_path / "bye.xlsx", sheets)
    code, out = cli(capsys, "standings", path, "--no-write", "--format", "json")
    assert code == 0, out
    import json

    rows = {r["name"]: r for r in json.loads(out[:out.rindex("]") + 1])}
    assert rows["Bye"]["w"] == 1 and rows["Vrij"]["l"] == 1


def test_results_typed_on_the_pairings_sheet_fill_blanks_and_pairing_refuses_to_erase(tmp_path,
                                                                                      capsys):
    # issue 16 (reading-rules.md): a result on Pairings whose Results cell is empty is read
    # (check names it in a note); pairing, which rewrites Pairings, refuses naming both cells
    sheets = keizer_example_sheets(with_round_2=False)
    for row in sheets["Results"][1:]:
        row[4] = None  # round 1 paired, no results in Results
    sheets["Pairings"] = [["Board", "White", "Black", "Result"], [1, "Jansen", "Pietersen", "1-0"],
                          [2, "Bakker", "Slager", None]]
    path = make_workbook(tmp_path / "pairings.xlsx", sheets)
    code, out = cli(capsys, "check", path)
    assert code == 0 and "Pairings!D2" in out and "Results!E2 is empty" in out, out
    before = digest(path)
    for force in ((), ("--force",)):
        code, out = cli(capsys, "pair", path, *force)
        assert code == 1 and "Pairings!D2" in out and "Results!E2" in out, out
        assert digest(path) == before


def test_a_result_on_pairings_that_agrees_with_results_is_fine(tmp_path, capsys):
    sheets = keizer_example_sheets(with_round_2=False)
    sheets["Pairings"] = [["Board", "White", "Black", "Result"], [1, "Jansen", "Pietersen", "1-0"]]
    path = make_workbook(tmp_path / "pairings.xlsx", sheets)
    assert cli(capsys, "check", path)[0] == 0
    sheets["Pairings"][1][3] = "0-1"
    path = make_workbook(tmp_path / "differs.xlsx", sheets)
    out = refused_everywhere(capsys, path, "Pairings!D2", "Results!E2")
    assert "differs" in out


def _with_formula_result(path: Path, cell: str, formula: str, calculated: bool) -> None:
    """Put a formula in ``cell`` of Results as Excel / LibreOffice save one whose result is
    the empty text (``<v></v>``); ``calculated`` False marks the file as openpyxl does."""
    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    wb = openpyxl.load_workbook(path)
    index = wb.sheetnames.index("Results") + 1
    sheet = f"xl/worksheets/sheet{index}.xml"
    xml = parts[sheet].decode()
    # calculated: a text result, stored empty, as Excel and LibreOffice write it; not
    # calculated: the cell as openpyxl writes a formula (no result type, no result)
    stored = (f'<c r="{cell}" t="str"><f>{formula}</f><v></v></c>' if calculated else
              f'<c r="{cell}"><f>{formula}</f><v /></c>')
    xml, n = re.subn(rf'<c r="{cell}"[^>]*?(?:/>|>.*?</c>)', stored, xml)
    assert n == 1
    parts[sheet] = xml.encode()
    workbook = parts["xl/workbook.xml"].decode()
    if calculated:
        workbook = re.sub(r"<calcPr[^>]*/>", '<calcPr calcId="191029"/>', workbook)
    parts["xl/workbook.xml"] = workbook.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def test_a_formula_with_an_empty_stored_result_is_a_game_not_played_yet(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Results"][10][4] = "placeholder"  # round 2, board 5: E11
    path = make_workbook(tmp_path / "formula.xlsx", sheets)
    _with_formula_result(path, "E11", 'IF(F11="","",F11)', calculated=True)
    code, out = cli(capsys, "check", path)
    assert code == 0, out
    code, out = cli(capsys, "pair", path, "--dry-run")
    assert code == 1 and "round 2 still lacks results: board 5" in out


def test_a_formula_never_calculated_is_refused_with_a_hint(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Results"][10][4] = "placeholder"
    path = make_workbook(tmp_path / "formula.xlsx", sheets)
    _with_formula_result(path, "E11", 'IF(F11="","",F11)', calculated=False)
    refused_everywhere(capsys, path, "Results!E11", text="open and save the workbook")


def test_the_excel_table_with_the_contracts_headers_is_read(tmp_path, capsys):
    from openpyxl.worksheet.table import Table as XLTable

    path = book(tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    ws["H1"], ws["I1"], ws["H2"], ws["I2"] = "Note", "By", "first evening", "Jan"
    ws.add_table(XLTable(displayName="tblNotes", ref="H1:I2"))   # first table: not the games
    ws.add_table(XLTable(displayName="tblGames", ref="A1:E11"))
    wb.save(path)
    code, out = cli(capsys, "standings", path, "--no-write", "--format", "csv")
    assert code == 0, out
    assert out.splitlines()[1].startswith(",1,de Zeeuw,141")


# --------------------------------------------------------------------------- Attendance

def _attendance(headers, rows):
    return [["Name", *headers]] + [[n, *rows.get(n, [None] * len(headers))] for n in KEIZER_NAMES]


def test_date_headers_are_rounds_in_order_and_check_shows_the_mapping(tmp_path, capsys):
    import datetime as dt

    days = [dt.datetime(2024, 9, 5), dt.datetime(2024, 9, 12), dt.datetime(2024, 9, 19)]
    path = book(tmp_path, Attendance=_attendance(days, {"de Wit": [None, None, "E"]}))
    code, out = cli(capsys, "check", path)
    assert code == 0, out
    assert "2024-09-05 = R1, 2024-09-12 = R2, 2024-09-19 = R3" in out
    # the excused player is not paired in round 3 (the third date column)
    code, out = cli(capsys, "pair", path, "--dry-run", "--format", "json")
    assert code == 0, out
    import json

    report = json.loads(out.splitlines()[0])
    assert report["round"] == 3 and report["absent"] == {"de Wit": "E"}


def test_dates_out_of_order_or_mixed_with_rounds_are_refused(tmp_path, capsys):
    import datetime as dt

    path = book(tmp_path, Attendance=_attendance([dt.datetime(2024, 9, 12), dt.datetime(2024, 9, 5)],
                                                 {}))
    refused_everywhere(capsys, path, "Attendance!C1", text="does not come after")
    path = book(tmp_path, "mixed.xlsx", Attendance=_attendance(["R1", "12-9-2024"], {}))
    refused_everywhere(capsys, path, "Attendance!C1", text="mixes date headers")


@pytest.mark.parametrize("header", ["R0", "Ronde1b", "next week", 0])
def test_a_column_that_is_no_round_but_holds_codes_is_refused(tmp_path, capsys, header):
    path = book(tmp_path, Attendance=_attendance(["R1", "R2", header], {"de Wit": [None, None, "E"]}))
    refused_everywhere(capsys, path, "Attendance!D1")


def test_an_empty_extra_column_is_ignored_with_a_warning(tmp_path, capsys):
    path = book(tmp_path, Attendance=_attendance(["R1", "R2", "R0"], {}))
    code, out = cli(capsys, "check", path)
    assert code == 0 and "warning: Attendance!D1: column 'R0' is not a round" in out


def test_an_unknown_code_says_how_to_define_a_club_code(tmp_path, capsys):
    path = book(tmp_path, Attendance=_attendance(["R1", "R2", "R3"], {"de Wit": [None, None, "T"]}))
    out = refused_everywhere(capsys, path, "Attendance!D10")
    assert "'code T' in Settings defines a club code" in out


# --------------------------------------------------------------------------- late entrants

def test_a_late_entrant_without_joined_gets_a_warning_naming_the_cell(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Players"] = [["Name", "Rating", "Joined"]] + [[n, None, None] for n in KEIZER_NAMES] + \
        [["Anna", None, None], ["Bram", None, None]]
    sheets["Results"] += [[3, 1, "Anna", "Bram", "1-0"]]
    path = make_workbook(tmp_path / "late.xlsx", sheets)
    code, out = cli(capsys, "check", path)
    assert code == 0
    assert ("warning: Players!C12: Anna first plays in round 3 but has no Joined, so rounds 1-2 "
            "count as unexcused absences; if Anna joined in round 3, write 3 there") in out
    assert "Players!C13: Bram" in out


def test_a_player_before_his_joined_round_is_not_ranked(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Players"] = [["Name", "Rating", "Joined"]] + [[n, None, None] for n in KEIZER_NAMES] + \
        [["Anna", None, 3]]
    path = make_workbook(tmp_path / "late.xlsx", sheets)
    code, out = cli(capsys, "standings", path, "--after-round", "1")
    assert code == 0, out
    assert "Anna joins in round 3: not ranked yet" in out
    ws = openpyxl.load_workbook(path)["Standings"]
    rows = list(ws.iter_rows(max_col=2, values_only=True))
    header = rows.index(("Rank", "Name"))  # under the title line (issue 9)
    ranks = {row[1]: row[0] for row in rows[header + 1:] if row[1]}
    assert ranks["Anna"] == "-"
    assert ranks["Jansen"] == 1  # the engine's arithmetic is unchanged (rules section 7)
    assert sorted(r for r in ranks.values() if r != "-") == list(range(1, 11))


def test_withdrawn_alone_means_from_the_round_after_his_last_round(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Players"] = [["Name", "Rating", "Status"]] + \
        [[n, None, "withdrawn" if n == "de Wit" else "active"] for n in KEIZER_NAMES]
    path = make_workbook(tmp_path / "withdrawn.xlsx", sheets)
    code, out = cli(capsys, "check", path)
    assert code == 0, out
    assert "Players!C10: de Wit 'withdrawn' without a round is read as withdrawn from round 3" in out
    code, out = cli(capsys, "pair", path, "--dry-run", "--format", "json")
    assert code == 0, out
    import json

    report = json.loads(out.splitlines()[0])
    paired = {b["white"] for b in report["boards"]} | {b["black"] for b in report["boards"]}
    assert report["round"] == 3 and "de Wit" not in paired and report["bye"] != "de Wit"


def test_every_status_choice_of_the_template_is_accepted(tmp_path, capsys):
    from keizer_xl.sheets.template_text import STATUS_WORDS

    for choice in STATUS_WORDS["en"]:
        sheets = keizer_example_sheets()
        sheets["Players"] = [["Name", "Rating", "Status"]] + \
            [[n, None, choice if n == "de Wit" else None] for n in KEIZER_NAMES]
        path = make_workbook(tmp_path / f"{choice}.xlsx", sheets)
        code, out = cli(capsys, "check", path)
        assert code == 0, (choice, out)


def test_two_spellings_of_one_name_are_one_player(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Players"].append(["Jose\u0301", None])    # e + combining accent
    sheets["Players"].append(["José", None])          # precomposed é
    sheets["Players"].append(["de\u200bBruin ", None])  # not a zero-width variant of 'de Bruin'
    sheets["Players"].append(["Jan  Smit", None])
    sheets["Players"].append(["jan smit", None])
    path = make_workbook(tmp_path / "names.xlsx", sheets)
    out = refused_everywhere(capsys, path, "Players!A13", "Players!A16")
    assert "appears twice (also at Players!A12)" in out
    assert "Players!A14" not in out  # 'deBruin' is another name than 'de Bruin'


def test_a_bottom_value_cut_to_zero_is_refused(tmp_path, capsys):
    path = settings_book(tmp_path, ["top_value", 50], ["bottom_value", "0.001"])
    out = refused_everywhere(capsys, path, "Settings!B3")
    assert "at least 1/100" in out


def test_a_chartsheet_with_an_input_sheets_name_is_a_problem(tmp_path, capsys):
    from openpyxl.chart import BarChart, Reference

    sheets = keizer_example_sheets()
    results = sheets.pop("Results")
    sheets["Data"] = results
    path = make_workbook(tmp_path / "chart.xlsx", sheets)
    wb = openpyxl.load_workbook(path)
    chart = BarChart()
    chart.add_data(Reference(wb["Data"], min_col=1, min_row=1, max_row=3))
    wb.create_chartsheet("Results").add_chart(chart)
    wb.save(path)
    # refused when the file is opened (clients/xlsx.preflight), by every command
    out = refused_everywhere(capsys, path, "Results is a chart sheet")
    assert "Rename that sheet" in out


def test_the_excel_client_reads_the_same_table_as_the_file_client(tmp_path):
    from openpyxl.worksheet.table import Table as XLTable

    from support.excel_fake import FakeBook
    from keizer_xl.clients.excel import XlwingsBook
    from keizer_xl.clients.xlsx import FileBook

    path = book(tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    ws["H1"], ws["I1"], ws["H2"], ws["I2"] = "Note", "By", "first evening", "Jan"
    ws.add_table(XLTable(displayName="tblNotes", ref="H1:I2"))
    ws.add_table(XLTable(displayName="tblGames", ref="A1:E11"))
    wb.save(path)
    from_file = FileBook(path).read_table("Results")
    assert from_file.headers == ("Round", "Board", "White", "Black", "Result")
    assert XlwingsBook(FakeBook.from_file(path)).read_table("Results") == from_file


def test_two_tables_with_the_results_headers_are_a_problem(tmp_path, capsys):
    from openpyxl.worksheet.table import Table as XLTable

    path = book(tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    for col, header in zip("HIJKL", ("Round", "Board", "White", "Black", "Result"), strict=True):
        ws[f"{col}1"] = header
    ws["H2"], ws["J2"], ws["K2"], ws["L2"] = 1, "Jansen", "Slager", "1-0"
    ws.add_table(XLTable(displayName="tblGames", ref="A1:E11"))
    ws.add_table(XLTable(displayName="tblOld", ref="H1:L2"))
    wb.save(path)
    refused_everywhere(capsys, path, "Results", text="2 Excel Tables on this sheet have the Results")
