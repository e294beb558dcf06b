"""Reading the season workbook: aliases, tables, and every problem with its Sheet!Cell."""
import datetime as dt

import pytest

from keizer_xl.errors import InputError
from keizer_xl.sheets.read import read_season
from keizer_xl.clients.xlsx import open_book

from support.helpers import keizer_example_sheets, make_workbook


def problems_of(tmp_path, sheets):
    book = open_book(make_workbook(tmp_path / "season.xlsx", sheets))
    with pytest.raises(InputError) as err:
        read_season(book)
    return [str(p) for p in err.value.problems]


def test_keizer_example_reads_cleanly(tmp_path):
    season = read_season(open_book(make_workbook(tmp_path / "s.xlsx", keizer_example_sheets())))
    assert [p.name for p in season.players][:2] == ["Jansen", "Pietersen"]
    assert len(season.games) == 10 and season.last_round_with_results() == 2
    assert season.settings.top_value.number == 50


def test_bad_result_names_the_cell_and_suggests(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Results"][10][4] = "1/0"  # row 11 on the sheet
    assert problems_of(tmp_path, sheets) == ["Results!E11: '1/0' is not a result; did you mean 1-0?"]


def test_all_problems_are_collected_at_once(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Results"][2][4] = "1-1"             # E3 (remise is accepted since issue 9)
    sheets["Results"][3][2] = "de Vires"        # C4: unknown player
    sheets["Players"].append(["Jansen", 1800])  # A12: duplicate name
    sheets["Attendance"][1][1] = "X"            # B2: unknown code
    sheets["Settings"].append(["absense_max", 3])  # A3: unknown key
    got = problems_of(tmp_path, sheets)
    assert "Settings!A3: unknown setting 'absense_max'; did you mean absence_max?" in got
    assert "Players!A12: 'Jansen' appears twice (also at Players!A2)" in got
    assert any(p.startswith("Attendance!B2: 'X' is not an attendance code") for p in got)
    assert "Results!E3: '1-1' is not a result; did you mean ½-½?" in got
    assert "Results!C4: 'de Vires' is not in Players; did you mean de Vries?" in got
    assert len(got) == 5


def test_player_twice_in_a_round_and_absent_while_playing(tmp_path):
    sheets = keizer_example_sheets(with_round_2=False)
    sheets["Results"].append([1, 6, "Jansen", "de Bruin", "1-0"])  # row 7
    sheets["Attendance"][2][1] = "E"  # Pietersen marked absent in round 1 but plays
    got = problems_of(tmp_path, sheets)
    assert any(p.startswith("Results!E7: Jansen is playing in round 1 but already playing (Results!E2)")
               for p in got), got
    assert any(p.startswith("Attendance!B3: Pietersen is marked absent (E) in round 1 but already "
                            "playing") for p in got), got


def test_late_entrant_playing_before_joining_and_withdrawn_playing(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Players"] = [["Name", "Joined", "Status"]] + [[n, None, None] for n in
                                                         [r[0] for r in sheets["Players"][1:]]]
    sheets["Players"][1][1] = 2           # Jansen joins in round 2 but plays round 1
    sheets["Players"][10][2] = "withdrawn 2"  # de Bruin withdraws before round 2 but plays it
    got = problems_of(tmp_path, sheets)
    assert "Results!E2: Jansen plays in round 1 but joins in round 2" in got
    assert "Results!E8: de Bruin plays in round 2 but withdrew from round 2" in got


def test_excel_date_in_result_column(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Results"][1][4] = dt.datetime(2026, 1, 2)
    got = problems_of(tmp_path, sheets)
    assert len(got) == 1 and got[0].startswith("Results!E2: 2026-01-02 00:00:00 is a date")


def test_missing_required_column_and_sheet(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Results"] = [["Round", "Board", "White", "Zwarte", "Result"]]
    del sheets["Players"]
    got = problems_of(tmp_path, sheets)
    assert any(p.startswith("Players: the workbook has no Players sheet") for p in got)
    assert any("no Black column" in p for p in got)


def test_dutch_and_german_aliases(tmp_path):
    nl = {
        "Instellingen": [["Instelling", "Waarde"], ["top_value", 50]],
        "Spelers": [["Naam"]] + [[r[0]] for r in keizer_example_sheets()["Players"][1:]],
        "Aanwezigheid": [["Naam", "Ronde 1"]],
        "Uitslagen": [["Ronde", "Bord", "Wit", "Zwart", "Uitslag"], *keizer_example_sheets()["Results"][1:]],
    }
    season = read_season(open_book(make_workbook(tmp_path / "nl.xlsx", nl)))
    assert len(season.games) == 10
    de = {"Spieler": [["Name"], ["A"], ["B"]],
          "Ergebnisse": [["Runde", "Brett", "Weiss", "Schwarz", "Ergebnis"], [1, 1, "A", "B", "0-1"]]}
    season = read_season(open_book(make_workbook(tmp_path / "de.xlsx", de)))
    assert season.games[0].white == "A"


def test_bye_rows_and_result_spellings(tmp_path):
    sheets = {"Players": [["Name"], ["A"], ["B"], ["C"]],
              "Results": [["Round", "Board", "White", "Black", "Result"],
                          [1, 1, "A", "B", "1/2-1/2"], [1, None, "C", None, "bye"],
                          [2, 1, "B", "C", "+-"], [2, 2, "A", None, "BYE"]]}
    season = read_season(open_book(make_workbook(tmp_path / "b.xlsx", sheets)))
    assert [(b.round, b.player) for b in season.byes] == [(1, "C"), (2, "A")]
    assert season.games[1].result.value == "1-0F"


def test_formula_like_name_is_text(tmp_path):
    sheets = {"Players": [["Name"], ['=HYPERLINK("http://x","y")'], ["B"]],
              "Results": [["Round", "Board", "White", "Black", "Result"],
                          [1, 1, '=HYPERLINK("http://x","y")', "B", "1-0"]]}
    path = tmp_path / "f.xlsx"
    make_workbook(path, sheets)
    # openpyxl stores strings that start with '=' as formulas; make them text as a user's
    # spreadsheet program would when the cell is formatted as Text
    import openpyxl
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and c.value.startswith("="):
                    c.data_type = "s"
    wb.save(path)
    season = read_season(open_book(path))
    assert season.players[0].name == '=HYPERLINK("http://x","y")'


def test_settings_values_are_checked_with_their_cell(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Settings"] += [["recalculation", "converg"], ["bye", "two thirds"], ["code T", "1/2"],
                           ["# a comment", "anything"]]
    got = problems_of(tmp_path, sheets)
    assert got[0] == ("Settings!B3: recalculation: 'converg' is not one of prev, frozen, converge; "
                      "did you mean converge?")
    assert got[1].startswith("Settings!B4: bye: 'two thirds' is not a number")
    assert len(got) == 2


def test_spellings_of_rounds_codes_and_results(tmp_path):
    sheets = {"Players": [["NAME", "rating"], ["A", 1500.0], ["B", None], ["C", None]],
              "Attendance": [["naam", 1.0, "R 2", "Ronde 3"], ["c", "e", None, "u"]],
              "Results": [["round", "board", "white", "black", "result"],
                          ["R1", 1, "a", "B", "1-0"], [2.0, 1, "B", "A", " 0 - 1 "]]}
    season = read_season(open_book(make_workbook(tmp_path / "s.xlsx", sheets)))
    assert [(a.round, a.player, a.code) for a in season.absences] == [(1, "C", "E"), (3, "C", "U")]
    assert [(g.round, g.white, g.result.value) for g in season.games] == [(1, "A", "1-0"),
                                                                           (2, "B", "0-1")]
    assert season.players[0].rating == 1500 and season.attendance_rounds == (1, 2, 3)


def test_empty_setting_value_keeps_the_preset_but_the_key_is_checked(tmp_path):
    sheets = keizer_example_sheets()
    sheets["Settings"] += [["preset", "knsb-sixths"], ["absence_max", None], ["colors", ""],
                           ["top_valeu", None]]
    got = problems_of(tmp_path, sheets)
    assert got == ["Settings!A6: unknown setting 'top_valeu'; did you mean top_value?"]
    del sheets["Settings"][-1]
    season = read_season(open_book(make_workbook(tmp_path / "ok.xlsx", sheets)))
    assert season.settings.absence_max == 5  # knsb-sixths' value: the empty row keeps it
