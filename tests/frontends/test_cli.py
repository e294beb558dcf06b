"""The command line: exit codes, output formats, and that nothing is written on a problem."""
import hashlib
import json
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients import backup_files
from keizer_xl.frontends.cli import main

from support.helpers import keizer_example_sheets, make_workbook

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"


def digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture
def keizer_book(tmp_path):
    return make_workbook(tmp_path / "keizer.xlsx", keizer_example_sheets())


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_standings_json_matches_keizers_published_numbers(keizer_book, capsys):
    code, out, _err = run(capsys, "standings", keizer_book, "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert [(r["rank"], r["name"], r["score"]) for r in rows[:3]] == [
        (1, "de Zeeuw", 141), (2, "de Bruin", 136), (3, "Jansen", 93)]
    assert rows[0]["value"] == 50 and rows[0]["prev_value"] == 49
    assert rows[7] == {"rank": 8, "name": "de Oude", "score": 66.5, "value": 43, "prev_value": 44,
                       "games": 2, "w": 0, "d": 1, "l": 1, "rounds": [22.5, 0],
                       "game_points": 0.5, "tpr": None}  # issue 18: no ratings, no TPR


def test_standings_writes_the_sheet_and_keeps_a_backup(keizer_book, capsys):
    code, _, _ = run(capsys, "standings", keizer_book)
    assert code == 0
    ws = openpyxl.load_workbook(keizer_book)["Standings"]
    assert ws["A1"].value.startswith("keizer · Standings after round 2 · ")  # the file's name
    header = [c.value for c in ws[3]]
    assert header == ["Rank", "Name", "Score", "Value", "Prev value", "Games", "W", "D", "L",
                      "R1", "R2", "Game points", "TPR"]  # issue 18: the last two
    assert [c.value for c in ws[4]][:5] == [1, "de Zeeuw", 141, 50, 49]
    assert len(backup_files.backups(keizer_book)) == 1
    # the user's sheets are still there, in order
    assert openpyxl.load_workbook(keizer_book).sheetnames[:4] == ["Settings", "Players",
                                                                   "Attendance", "Results"]


def test_after_round_and_csv(keizer_book, capsys):
    code, out, _ = run(capsys, "standings", keizer_book, "--after-round", "1", "--format", "csv",
                       "--no-write")
    assert code == 0
    lines = out.splitlines()
    # one layout with or without groups (issue 33): Group first, empty without groups
    assert lines[0] == "Group,Rank,Name,Score,Value,Prev value,Games,W,D,L,R1,Game points,TPR"
    assert lines[1].startswith(",1,Jansen,99,50,50,1,1,0,0,49,1,")
    assert lines[4].startswith(",4,Bakker,71.5,47,48,1,0,1,0,23.5,0.5,")


def test_no_write_leaves_the_file_alone(keizer_book, capsys):
    before = digest(keizer_book)
    assert run(capsys, "standings", keizer_book, "--no-write")[0] == 0
    assert digest(keizer_book) == before


def test_problems_exit_1_list_every_cell_and_write_nothing(keizer_book, capsys):
    wb = openpyxl.load_workbook(keizer_book)
    wb["Results"]["E3"] = "1/0"
    wb["Results"]["C5"] = "de Vires"
    wb.save(keizer_book)
    before = digest(keizer_book)
    code, out, err = run(capsys, "standings", keizer_book)
    assert code == 1
    assert "Results!E3: '1/0' is not a result; did you mean 1-0?" in err
    assert "Results!C5: 'de Vires' is not in Players; did you mean de Vries?" in err
    assert "2 problems found; nothing was written." in err
    assert digest(keizer_book) == before
    assert backup_files.backups(keizer_book) == []
    code, out, _ = run(capsys, "check", keizer_book)
    assert code == 1 and "Results!E3" in out


def test_usage_errors_exit_2(keizer_book, tmp_path, capsys):
    assert run(capsys, "standings", tmp_path / "missing.xlsx")[0] == 2
    code, _, err = run(capsys, "standings", keizer_book, "--after-round", "5")
    assert code == 2 and "round 5 has no results yet" in err
    with pytest.raises(SystemExit) as e:
        main(["standings", str(keizer_book), "--format", "xml"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main([])
    assert e.value.code == 2


def test_not_a_workbook_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "club.xlsx"
    bad.write_text("Name,Rating\nJansen,1800\n")
    code, _out, err = run(capsys, "standings", bad)
    assert code == 1 and "Traceback" not in err and "club.xlsx" in err


def test_check_ok_and_warnings(keizer_book, capsys):
    code, _out, err = run(capsys, "check", keizer_book)
    assert code == 0 and "no problems found" in err


def test_new_creates_a_template_and_refuses_to_overwrite(tmp_path, capsys):
    path = tmp_path / "club.xlsx"
    assert run(capsys, "new", path)[0] == 0
    assert openpyxl.load_workbook(path).sheetnames[:5] == ["Instructions", "Settings", "Players",
                                                            "Attendance", "Results"]
    assert run(capsys, "new", path)[0] == 2
    assert run(capsys, "new", path, "--force")[0] == 0


# --------------------------------------------------------------------------- pair

def test_pair_round_3_avoids_the_bottom_rematch(keizer_book, capsys):
    code, out, _ = run(capsys, "pair", keizer_book, "--format", "json", "--dry-run")
    assert code == 0
    data = json.loads(out)
    assert data["round"] == 3 and data["bye"] is None and data["notes"] == []
    pairs = [frozenset((b["white"], b["black"])) for b in data["boards"]]
    # ranking after round 2: de Zeeuw, de Bruin, Jansen, Slager, de Jonge, Pietersen, Bakker,
    # de Oude, de Vries, de Wit. 1-2, 3-4, ... would end with de Vries - de Wit, who drew in
    # round 2; so Bakker takes de Vries and de Oude meets de Wit.
    assert pairs == [frozenset(p) for p in [("de Zeeuw", "de Bruin"), ("Jansen", "Slager"),
                                            ("de Jonge", "Pietersen"), ("Bakker", "de Vries"),
                                            ("de Oude", "de Wit")]]
    assert data["boards"][0]["white"] == "de Zeeuw"  # equal colour history: higher-ranked White


def test_pair_writes_pairings_and_appends_results(keizer_book, capsys):
    wb = openpyxl.load_workbook(keizer_book)
    wb["Attendance"]["D5"] = "E"  # Slager excused in round 3: 9 present, one bye
    wb.save(keizer_book)
    code, _out, _ = run(capsys, "pair", keizer_book)
    assert code == 0
    wb = openpyxl.load_workbook(keizer_book)
    results = [[c.value for c in row] for row in wb["Results"].iter_rows(min_row=12)]
    results = [r for r in results if any(v is not None for v in r)]
    assert len(results) == 5  # four games and the bye row
    assert all(r[0] == 3 and r[4] in (None, "bye") for r in results)
    bye_rows = [r for r in results if r[4] == "bye"]
    assert len(bye_rows) == 1 and bye_rows[0][3] is None
    pairings = [[c.value for c in row] for row in wb["Pairings"].iter_rows()]
    assert pairings[0][0].startswith("keizer · Pairings round 3 · ")  # the title line
    assert pairings[2][:4] == ["Board", "White", "Black", "Result"]
    flat = [v for row in pairings for v in row if v is not None]
    assert "Slager" in flat and "Bye" in flat
    # pairing again now is refused: round 3 has no results
    code, _, err = run(capsys, "pair", keizer_book)
    assert code == 1 and "round 3 has no results yet" in err


def test_pair_refuses_with_missing_results_then_force(keizer_book, capsys):
    wb = openpyxl.load_workbook(keizer_book)
    wb["Results"]["E9"] = None  # round 2 board 3 without result
    wb.save(keizer_book)
    before = digest(keizer_book)
    code, _, err = run(capsys, "pair", keizer_book)
    assert code == 1
    assert "round 2 still lacks results: board 3 (Slager - de Jonge, Results!E9)" in err
    assert digest(keizer_book) == before
    assert run(capsys, "pair", keizer_book, "--force", "--dry-run")[0] == 0


def test_pair_with_fewer_than_two_present(tmp_path, capsys):
    book = make_workbook(tmp_path / "two.xlsx", {
        "Players": [["Name"], ["A"], ["B"]], "Attendance": [["Name", "R1"], ["A", "E"]],
        "Results": [["Round", "Board", "White", "Black", "Result"]]})
    code, _, err = run(capsys, "pair", book)
    assert code == 1 and "only 1 player present (B)" in err


def test_repair_keeps_started_boards(keizer_book, capsys):
    assert run(capsys, "pair", keizer_book)[0] == 0
    wb = openpyxl.load_workbook(keizer_book)
    ws = wb["Results"]
    first = [c.value for c in ws[12]]
    ws.cell(12, 5).value = "*"  # board 1 has started
    wb["Attendance"]["D5"] = "E"  # Slager sends word he cannot come after all
    wb.save(keizer_book)
    code, out, err = run(capsys, "pair", keizer_book, "--repair", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["round"] == 3
    assert {"board": 1, "white": first[2], "black": first[3]} in data["boards"]
    assert all("Slager" not in (b["white"], b["black"]) for b in data["boards"])
    wb = openpyxl.load_workbook(keizer_book)
    round3 = [[c.value for c in row] for row in wb["Results"].iter_rows(min_row=2)
              if row[0].value == 3]
    assert len(round3) == 5  # 9 players: four boards (one kept) and a bye, no leftovers


def test_repair_with_no_board_started_replaces_the_whole_round(keizer_book, capsys):
    assert run(capsys, "pair", keizer_book)[0] == 0
    wb = openpyxl.load_workbook(keizer_book)
    wb["Attendance"]["D5"] = "E"  # Slager cancels before anyone started
    wb.save(keizer_book)
    code, _out, err = run(capsys, "pair", keizer_book, "--repair")
    assert code == 0, err
    wb = openpyxl.load_workbook(keizer_book)
    round3 = [[c.value for c in row] for row in wb["Results"].iter_rows(min_row=2)
              if row[0].value == 3]
    assert len(round3) == 5 and sum(r[4] == "bye" for r in round3) == 1
    assert all("Slager" not in (r[2], r[3]) for r in round3)
    # the kept-board marker survives a repair
    ws = wb["Results"]
    row = next(r for r in ws.iter_rows(min_row=2) if r[0].value == 3 and r[4].value != "bye")
    row[4].value = "*"
    kept = (row[2].value, row[3].value)
    wb.save(keizer_book)
    assert run(capsys, "pair", keizer_book, "--repair")[0] == 0
    wb = openpyxl.load_workbook(keizer_book)
    starred = [(r[2].value, r[3].value) for r in wb["Results"].iter_rows(min_row=2)
               if r[0].value == 3 and r[4].value == "*"]
    assert starred == [kept]


def test_formula_like_player_name_stays_text_in_written_sheets(tmp_path, capsys):
    evil = '=HYPERLINK("http://example.com","click")'
    sheets = keizer_example_sheets()
    sheets["Players"][1][0] = evil
    sheets["Attendance"][1][0] = evil
    for row in sheets["Results"][1:]:
        row[2:4] = [evil if v == "Jansen" else v for v in row[2:4]]
    book = make_workbook(tmp_path / "evil.xlsx", sheets)
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:  # typed as text, as a spreadsheet stores a Text-formatted cell
        for row in ws.iter_rows():
            for c in row:
                if c.value == evil:
                    c.data_type = "s"
    wb.save(book)
    assert run(capsys, "standings", book)[0] == 0
    assert run(capsys, "pair", book)[0] == 0
    wb = openpyxl.load_workbook(book)
    cells = [c for name in ("Standings", "Pairings", "Results") for row in wb[name].iter_rows()
             for c in row if c.value == evil]
    assert len(cells) >= 3 and all(c.data_type == "s" for c in cells)
