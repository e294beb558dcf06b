"""FIDE TRF in and out (issue 17): files written by hand at the spec's columns, the rating
report read back by an independent column reader, round trips, errors with line numbers and
the two commands' exit codes and messages."""
from __future__ import annotations

import datetime
from dataclasses import replace
from pathlib import Path

import pytest

from keizer_xl.clients import backup_files
from keizer_xl.clients.xlsx import open_book
from keizer_xl.core.model import Result
from keizer_xl.core.engine import compute_history
from keizer_xl.errors import InputError
from keizer_xl.formats.trf_read import parse_trf, read_trf
from keizer_xl.formats.trf_write import trf_name
from keizer_xl.frontends.cli import main
from keizer_xl.app.import_season import write_new_season
from keizer_xl.frontends.cli_common import NewWorkbookFiles
from keizer_xl.sheets.read import read_season
from support.trf_files import HAND

# The spec counts columns from 1; this ruler shows them (tens above, units below).
RULER = (("         1         2         3         4         5         6         7         8"
         "         9        10        11        12        13"),
         "1234567890" * 13)


NAMES = {1: "Piet Jansen", 2: "Jan de Vries", 3: "Kees Bakker", 4: "Anna Smit", 5: "Els Visser",
         6: "Tom Mulder"}
# how the report writes each workbook name (Lastname, Firstname)
TRF_NAMES = {"Piet Jansen": "Jansen, Piet", "Jan de Vries": "de Vries, Jan",
             "Kees Bakker": "Bakker, Kees", "Anna Smit": "Smit, Anna",
             "Els Visser": "Visser, Els", "Tom Mulder": "Mulder, Tom"}


def cols(line: str, first: int, last: int) -> str:
    """Columns first..last (counted from 1, both included), as the spec numbers them."""
    return line[first - 1:last]


def test_the_hand_written_lines_sit_at_the_spec_columns():
    assert len(RULER[0]) == len(RULER[1]) == 130 and RULER[0][89] + RULER[1][91] == "92"
    players = [ln for ln in HAND.splitlines() if ln.startswith("001")]
    for sn, line in enumerate(players, 1):
        assert cols(line, 5, 8) == f"{sn:4d}"
        assert cols(line, 15, 47).strip() == TRF_NAMES[NAMES[sn]]
        for col in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91):
            assert cols(line, col, col) == " ", (sn, col)
    smit = players[3]
    assert cols(smit, 49, 52) == "1700" and cols(smit, 54, 56) == "NED"
    assert cols(smit, 81, 84) == " 2.5" and cols(smit, 86, 89) == "   3"
    # round k: opponent at 92 + 10(k-1), colour 5 further, result 7 further
    assert [cols(smit, 92 + 10 * k, 95 + 10 * k) for k in range(4)] == ["0003", "0005", "0006",
                                                                         "0002"]
    assert [cols(smit, 97 + 10 * k, 97 + 10 * k) for k in range(4)] == ["b", "w", "b", "w"]
    assert [cols(smit, 99 + 10 * k, 99 + 10 * k) for k in range(4)] == ["=", "0", "0", "1"]
    assert cols(players[0], 58, 68).strip() == "1234567"
    assert cols(players[0], 70, 79) == "1970/03/04"
    dates = next(ln for ln in HAND.splitlines() if ln.startswith("132"))
    assert [cols(dates, 92 + 10 * k, 99 + 10 * k) for k in range(4)] == [
        "25/09/04", "25/09/11", "25/09/18", "25/09/25"]


def games_of(season):
    return {(g.round, g.white, g.black, g.result) for g in season.games}


def test_reading_the_hand_written_file():
    imported = parse_trf(HAND, "toren.trf")
    s = imported.season
    assert [p.name for p in s.players] == [NAMES[i] for i in range(1, 7)]
    jansen = s.players[0]
    assert (jansen.rating, jansen.sex, jansen.federation, jansen.birth) == (2100, "m", "NED",
                                                                           "1970/03/04")
    # 092 'Individual: Keizer system' is the KNSB's flavour: its id column is the KNSB number
    assert jansen.knsb_id == "1234567" and jansen.fide_id == ""
    assert games_of(s) == {
        (1, "Piet Jansen", "Jan de Vries", Result.WHITE_WINS),
        (1, "Kees Bakker", "Anna Smit", Result.DRAW),
        (2, "Jan de Vries", "Kees Bakker", Result.WHITE_FORFEIT),
        (2, "Anna Smit", "Els Visser", Result.BLACK_WINS),
        (3, "Els Visser", "Piet Jansen", Result.DRAW),
        (3, "Tom Mulder", "Anna Smit", Result.WHITE_WINS),
        (4, "Piet Jansen", "Kees Bakker", Result.DOUBLE_FORFEIT),
        (4, "Anna Smit", "Jan de Vries", Result.WHITE_WINS)}
    assert {(b.round, b.player) for b in s.byes} == {(1, "Els Visser"), (4, "Tom Mulder")}
    # H excused, F club duty, Z unexcused
    assert {(a.round, a.player, a.code) for a in s.absences} == {
        (2, "Piet Jansen", "E"), (3, "Jan de Vries", "C"), (3, "Kees Bakker", "U")}
    mulder, visser = s.players[5], s.players[4]
    assert mulder.joined == 3 and visser.withdrawn_round == 4
    assert [p.start for p in s.players] == [1, 2, 3, 4, 5, 6]
    rows = dict(imported.settings_rows)
    assert rows["city"] == "Hengelo" and rows["arbiter"] == "Piet Arbiter"
    assert rows["time_control"] == "90 min + 30 s"
    assert s.settings.round_dates == (datetime.date(2025, 9, 4), datetime.date(2025, 9, 11),
                                      datetime.date(2025, 9, 18), datetime.date(2025, 9, 25))
    assert s.settings.city == "Hengelo"


def test_a_fide_file_reads_its_ids_as_fide_ids_and_trfx_dat_lines_as_dates():
    text = HAND.replace("092 Individual: Keizer system", "092 Swiss Dutch")
    text = text.replace("132   ", "DAT 2025/10/02 2025/10/09 2025/10/16 2025/10/23\n132   ")
    s = parse_trf(text, "x.trf").season
    assert s.players[0].fide_id == "1234567" and s.players[0].knsb_id == ""
    assert s.settings.round_dates[0] == datetime.date(2025, 10, 2)  # DAT wins over 132


def test_chesspairing_reads_U_as_absent_and_F_as_the_bye_and_its_comments_are_followed():
    text = HAND + ("### chesspairing:bye round=2 player=1 type=clubcommitment\n"
                   "### chesspairing:withdrawn player=4 after-round=4\n")
    imported = parse_trf(text, "cp.trf")
    s = imported.season
    assert {(b.round, b.player) for b in s.byes} == {(3, "Jan de Vries")}  # F
    assert {(a.round, a.player, a.code) for a in s.absences} == {
        (1, "Els Visser", "U"), (4, "Tom Mulder", "U"),  # U: absent, as chesspairing reads it
        (2, "Piet Jansen", "C"),  # the comment overrides the H of the 001 line
        (3, "Kees Bakker", "ZB")}  # Z: its zero-point bye, worth 0 (ZeroByeFraction)
    assert ("code ZB", "0") in imported.settings_rows
    assert s.player("Anna Smit").withdrawn_round == 5
    assert "chesspairing" in imported.notes[0]
    # round 4 Jansen - Bakker '- -': chesspairing takes the result from Jansen's line (listed
    # first), a forfeit loss of White, i.e. a forfeit win for Bakker (trf/convert.go)
    r4 = [g for g in s.games if g.round == 4 and g.white == "Piet Jansen"]
    assert r4[0].result is Result.BLACK_FORFEIT
    assert any("chesspairing reads it as a forfeit win for Kees Bakker" in n
               for n in imported.notes)


def test_trf_2026_absence_records_and_the_keizer_options():
    text = HAND.replace("0000 - U\n", "\n") + "240 H   4    6\nXXA true\nXXK 3\n"
    s = parse_trf(text, "x.trf").season
    assert (4, "Tom Mulder", "E") in {(a.round, a.player, a.code) for a in s.absences}
    assert s.settings.rematch_gap == 3


BAD = """\
012 Broken
001    1 m    Jansen, Piet                      2100 NED                         1.0    1  0002 w 1  0003 w X
001    2 m    de Vries, Jan                     1950 NED                         0.0    2  0001 b 0  0003 b 1
001     3 w    Bakker, Kees                     1800 BEL                         0.5    3  0000 - U  0002 w 0
001    4 w    Smit, Anna                        1700 NED                         0.5    4  0000 - U  0003 b =
"""


def test_every_problem_is_named_with_its_line():
    with pytest.raises(InputError) as err:
        parse_trf(BAD, "bad.trf")
    found = [str(p) for p in err.value.problems]
    assert any(p.startswith("bad.trf line 2: round 2 (column 109): unknown result code 'X'")
               for p in found), found
    assert any(p.startswith("bad.trf line 4: column 9 should be blank") for p in found), found
    assert len(found) == 2  # the shifted line is not read further, so nothing else follows


def test_a_player_in_two_games_of_a_round_and_clashing_colours():
    lines = HAND.splitlines()
    lines[11] = lines[11].replace("0000 - Z", "0001 b 0")  # Bakker R3
    with pytest.raises(InputError) as err:
        parse_trf("\n".join(lines) + "\n", "two.trf")
    found = [str(p) for p in err.value.problems]
    assert any(p.startswith("two.trf line 12: round 3: Kees Bakker plays Piet Jansen, but line 10 "
                            "has Piet Jansen playing Els Visser") for p in found), found
    lines = HAND.splitlines()
    lines[9] = lines[9].replace("0002 w 1", "0002 b 1")
    with pytest.raises(InputError) as err:
        parse_trf("\n".join(lines) + "\n", "c.trf")
    assert [str(p) for p in err.value.problems] == [
        ("c.trf line 10: round 1: Piet Jansen and Jan de Vries (line 11) cannot both have "
        "colour 'b'")]


def test_neither_trf_nor_kfc():
    with pytest.raises(InputError) as err:
        parse_trf("Name;Rating\nJansen;2100\n", "list.txt")
    assert str(err.value.problems[0]).startswith("list.txt: list.txt is neither a TRF file")


# --------------------------------------------------------------------------- the rating report

def read_report(text: str) -> tuple[dict[str, str], dict[int, dict[str, object]]]:
    """An independent reader: the header lines and each 001 line by the spec's columns."""
    header, players = {}, {}
    for line in text.splitlines():
        if line[:3] != "001":
            header[line[:3]] = line[4:].strip() if line[:3] != "132" else line
            continue
        rounds = []
        k = 0
        while len(line) >= 99 + 10 * k:
            rounds.append((cols(line, 92 + 10 * k, 95 + 10 * k), cols(line, 97 + 10 * k, 97 + 10 * k),
                           cols(line, 99 + 10 * k, 99 + 10 * k)))
            k += 1
        players[int(cols(line, 5, 8))] = {
            "name": cols(line, 15, 47).strip(), "rating": cols(line, 49, 52).strip(),
            "fed": cols(line, 54, 56).strip(), "id": cols(line, 58, 68).strip(),
            "birth": cols(line, 70, 79).strip(), "points": float(cols(line, 81, 84)),
            "rank": cols(line, 86, 89).strip(), "rounds": rounds, "sex": cols(line, 10, 10)}
    return header, players


def report_games(players, first_round=1):
    """(round, white, black, white's code, black's code) of every game on the lines."""
    names = {sn: p["name"] for sn, p in players.items()}
    out = set()
    for sn, p in players.items():
        for k, (opp, colour, code) in enumerate(p["rounds"], first_round):
            if opp != "0000" and colour == "w":
                theirs = players[int(opp)]["rounds"][k - first_round]
                assert theirs[0] == f"{sn:04d}" and theirs[1] == "b"
                out.add((k, names[sn], names[int(opp)], code, theirs[2]))
    return out


CODES = {Result.WHITE_WINS: ("1", "0"), Result.BLACK_WINS: ("0", "1"), Result.DRAW: ("=", "="),
         Result.WHITE_FORFEIT: ("+", "-"), Result.BLACK_FORFEIT: ("-", "+"),
         Result.DOUBLE_FORFEIT: ("-", "-")}


@pytest.fixture()
def toren(tmp_path) -> Path:
    src = tmp_path / "toren.trf"
    src.write_text(HAND, encoding="utf-8")
    book = tmp_path / "toren.xlsx"
    assert main(["import", str(src), str(book)]) == 0
    return book


def test_the_report_has_every_game_colour_and_result_at_the_spec_columns(toren, capsys):
    out = toren.parent / "toren-out.trf"
    assert main(["export", str(toren), "--trf", str(out)]) == 0
    header, players = read_report(out.read_text(encoding="utf-8"))
    season = read_season(open_book(toren))
    expected = {(g.round, TRF_NAMES[g.white], TRF_NAMES[g.black], *CODES[g.result])
                for g in season.games}
    assert report_games(players) == expected
    assert header["092"] == "Individual: Keizer system" and header["022"] == "Hengelo"
    assert header["042"] == "2025/09/04" and header["052"] == "2025/09/25"
    assert cols(header["132"], 92, 99) == "25/09/04" and cols(header["132"], 122, 129) == "25/09/25"
    by_name = {p["name"]: p for p in players.values()}
    jansen = by_name["Jansen, Piet"]
    # columns 81-84: the codes' total as FIDE counts it (Jansen 1 + H 1/2 + = 1/2 + - 0; de
    # Vries 0 + + 1 + F 1 + 0); the game points (a win 1, a draw 1/2) in a comment line
    assert jansen["points"] == 2.0 and by_name["de Vries, Jan"]["points"] == 2.0
    assert by_name["Smit, Anna"]["points"] == 1.5
    number = {p["name"]: sn for sn, p in players.items()}
    comments = out.read_text(encoding="utf-8").splitlines()
    assert f"### keizer-xl:game-points player={number['Jansen, Piet']} points=1.5" in comments
    assert f"### keizer-xl:game-points player={number['de Vries, Jan']} points=1.0" in comments
    assert not any(f"player={number['Smit, Anna']} " in c for c in comments)  # 1.5 both ways
    assert f"### keizer-xl:joined player={number['Mulder, Tom']} round=3" in comments
    assert f"### keizer-xl:withdrawn player={number['Visser, Els']} round=4" in comments
    assert jansen["rounds"][1] == ("0000", "-", "H") and by_name["Visser, Els"]["rounds"][0] == (
        "0000", "-", "U")
    assert by_name["de Vries, Jan"]["rounds"][2] == ("0000", "-", "F")
    assert by_name["Bakker, Kees"]["rounds"][2] == ("0000", "-", "Z")
    assert by_name["Mulder, Tom"]["rounds"][0] == ("0000", "-", "Z")  # not yet a member
    assert by_name["Visser, Els"]["rounds"][3] == ("0000", "-", "Z")  # withdrawn
    assert jansen["birth"] == "1970/03/04" and jansen["fed"] == "NED"
    # ranks are the Keizer ranking after the last round
    history = compute_history(season)
    place = dict(zip(history.last.order, history.last.places, strict=True))
    assert {p["name"]: int(p["rank"]) for p in players.values()} == {
        TRF_NAMES[n]: r for n, r in place.items()}
    err = capsys.readouterr().err
    assert "Wrote" in err and "the rating report needs the FIDE id column" in err


def test_round_trip_export_then_import_gives_the_same_season(toren, tmp_path):
    out = tmp_path / "again.trf"
    assert main(["export", str(toren), "--trf", str(out)]) == 0
    back = tmp_path / "back.xlsx"
    assert main(["import", str(out), str(back)]) == 0
    a, b = read_season(open_book(toren)), read_season(open_book(back))
    assert games_of(a) == games_of(b)
    assert {(x.round, x.player) for x in a.byes} == {(x.round, x.player) for x in b.byes}
    assert ({(x.round, x.player, x.code) for x in a.absences}
            == {(x.round, x.player, x.code) for x in b.absences})
    assert ([(p.name, p.joined, p.withdrawn_round, p.rating, p.birth) for p in a.players]
            == [(p.name, p.joined, p.withdrawn_round, p.rating, p.birth) for p in b.players])
    sa, sb = compute_history(a).last, compute_history(b).last
    assert sa.order == sb.order and sa.score == sb.score
    for key in ("city", "arbiter", "time_control", "round_dates"):
        assert getattr(a.settings, key) == getattr(b.settings, key), key
    assert b.settings.season == "Schaakclub De Toren 2025-2026"


def test_knsb_flavour_leaves_out_forfeits_and_players_without_a_knsb_number(toren, tmp_path):
    season = read_season(open_book(toren))
    ids = {"Piet Jansen": "8001", "Jan de Vries": "8002", "Anna Smit": "8004", "Tom Mulder": "8006"}
    season = replace(season, players=tuple(replace(p, knsb_id=ids.get(p.name, ""))
                                           for p in season.players))
    book = tmp_path / "knsb.xlsx"
    write_new_season(book, season, [("preset", "keizer"), ("city", "Hengelo"),
                                    ("round_dates", "2025-09-04, 2025-09-11, 2025-09-18, 2025-09-25")],
                     NewWorkbookFiles())
    out = tmp_path / "knsb.trf"
    assert main(["export", str(book), "--trf", str(out), "--knsb"]) == 0
    header, players = read_report(out.read_text(encoding="utf-8"))
    assert header["092"] == "Individual: Keizer system"
    assert header["042"] == "04/09/2025" and cols(header["132"], 92, 99) == "25.09.04"
    # kept: games between two KNSB members that were played over the board
    assert report_games(players) == {(1, "Jansen, Piet", "de Vries, Jan", "1", "0"),
                                     (3, "Mulder, Tom", "Smit, Anna", "1", "0"),
                                     (4, "Smit, Anna", "de Vries, Jan", "1", "0")}
    by_name = {p["name"]: p for p in players.values()}
    assert by_name["Jansen, Piet"]["id"] == "8001" and by_name["Bakker, Kees"]["id"] == "0"
    # the double forfeit of round 4 and the bye are left out: '0000 - Z', nothing happened
    assert by_name["Jansen, Piet"]["rounds"][3] == ("0000", "-", "Z")
    assert by_name["Visser, Els"]["rounds"][0] == ("0000", "-", "Z")
    assert header["072"] == "5"  # a count (Visser has no rating), also in the KNSB's flavour
    assert by_name["Jansen, Piet"]["sex"] == "M" and by_name["Smit, Anna"]["sex"] == "V"
    assert by_name["Smit, Anna"]["points"] == 1.0  # only the games on the line


def test_rounds_batch_has_only_its_rounds_numbered_by_the_ranking_before_it(toren, tmp_path):
    out = tmp_path / "batch.trf"
    assert main(["export", str(toren), "--trf", str(out), "--rounds", "3-4"]) == 0
    header, players = read_report(out.read_text(encoding="utf-8"))
    season = read_season(open_book(toren))
    before = compute_history(season).after(2).order
    assert [players[i]["name"] for i in range(1, len(before) + 1)] == [TRF_NAMES[n] for n in before]
    assert all(len(p["rounds"]) == 2 for p in players.values())
    expected = {(g.round, TRF_NAMES[g.white], TRF_NAMES[g.black], *CODES[g.result])
                for g in season.games if g.round >= 3}
    assert report_games(players, first_round=3) == expected
    assert header["042"] == "2025/09/18"


def test_names_become_lastname_firstname_where_the_name_allows_it():
    assert trf_name("Jan de Vries") == "de Vries, Jan"
    assert trf_name("Anna van der Berg") == "van der Berg, Anna"
    assert trf_name("Piet Jansen") == "Jansen, Piet"
    assert trf_name("Anna Maria Jansen") == "Anna Maria Jansen"  # two first names? left as is
    assert trf_name("Jansen, Piet") == "Jansen, Piet" and trf_name("Magnus") == "Magnus"


# --------------------------------------------------------------------------- the commands

def test_import_refuses_an_existing_book_without_force_and_keeps_a_backup_with_it(toren, capsys):
    src = toren.parent / "toren.trf"
    assert main(["import", str(src), str(toren)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["import", str(src), str(toren), "--force"]) == 0
    assert backup_files.backups(toren)
    out = capsys.readouterr().out
    assert out.startswith("Imported toren.trf into") and "6 players, 4 rounds, 8 games" in out


def test_import_in_dutch_writes_a_dutch_workbook_and_says_so(tmp_path, capsys):
    src = tmp_path / "toren.trf"
    src.write_text(HAND, encoding="utf-8")
    book = tmp_path / "toren-nl.xlsx"
    assert main(["import", str(src), str(book), "--language", "nl"]) == 0
    out = capsys.readouterr().out
    assert "ingelezen in" in out and "6 spelers" in out
    b = open_book(book)
    assert {"Instellingen", "Spelers", "Aanwezigheid", "Uitslagen"} <= set(b.sheet_names())
    assert "Geboortedatum" in b.read_table("Spelers").headers
    season = read_season(b)
    assert games_of(season) == games_of(parse_trf(HAND, "toren.trf").season)
    assert main(["export", str(book), "--trf", str(tmp_path / "nl.trf")]) == 0
    err = capsys.readouterr().err
    assert "geschreven" in err and "FIDE-id" in err


def test_a_bad_file_writes_nothing_and_exits_1_naming_the_line(tmp_path, capsys):
    src = tmp_path / "bad.trf"
    src.write_text(BAD, encoding="utf-8")
    book = tmp_path / "new.xlsx"
    assert main(["import", str(src), str(book)]) == 1
    err = capsys.readouterr().err
    assert "bad.trf line 2: round 2 (column 109): unknown result code 'X'" in err
    assert "2 problems found; nothing was written." in err
    assert not book.exists()
    assert main(["import", str(src), str(book), "--language", "nl"]) == 1
    err = capsys.readouterr().err
    # "line" in Dutch too (issue 26)
    assert "bad.trf regel 2: ronde 2 (kolom 109): onbekende uitslagcode 'X'" in err
    assert main(["import", str(tmp_path / "missing.trf"), str(book)]) == 2
    assert main(["import", str(src), str(tmp_path / "x.ods")]) == 2
    (tmp_path / "list.csv").write_text("a;b\n", encoding="utf-8")
    assert main(["import", str(tmp_path / "list.csv"), str(book)]) == 2
    assert "import reads a KeizerForClubs tournament" in capsys.readouterr().err


def test_export_rounds_out_of_range_or_garbled_is_a_usage_error(toren, capsys):
    out = toren.parent / "x.trf"
    assert main(["export", str(toren), "--trf", str(out), "--rounds", "3-9"]) == 2
    assert "the season has results in rounds 1 to 4" in capsys.readouterr().err
    assert main(["export", str(toren), "--trf", str(out), "--rounds", "four"]) == 2
    assert "--rounds four: write the first and the last round" in capsys.readouterr().err
    assert not out.exists()


def test_reading_a_file_from_disk_in_windows_1252(tmp_path):
    src = tmp_path / "old.trf"
    src.write_bytes(HAND.replace("Visser, Els ", "Visser, Elsé").encode("cp1252"))
    assert read_trf(src).season.players[4].name == "Elsé Visser"


def test_round_dates_come_from_dated_attendance_columns(tmp_path, capsys):
    from support.helpers import make_workbook

    book = make_workbook(tmp_path / "dated.xlsx", {
        "Players": [["Name", "Rating"], ["Piet Jansen", 2100], ["Jan de Vries", 1950]],
        "Attendance": [["Name", "4-9-2025", "11-9-2025"], ["Piet Jansen", None, None],
                       ["Jan de Vries", None, None]],
        "Results": [["Round", "Board", "White", "Black", "Result"],
                    [1, 1, "Piet Jansen", "Jan de Vries", "1-0"],
                    [2, 1, "Jan de Vries", "Piet Jansen", "½-½"]]})
    assert main(["export", str(book), "--trf", "-"]) == 0
    captured = capsys.readouterr()
    header, players = read_report(captured.out)
    assert header["042"] == "2025/09/04" and header["052"] == "2025/09/11"
    assert cols(header["132"], 92, 99) == "25/09/04" and cols(header["132"], 102, 109) == "25/09/11"
    assert report_games(players) == {(1, "Jansen, Piet", "de Vries, Jan", "1", "0"),
                                     (2, "de Vries, Jan", "Jansen, Piet", "=", "=")}
    assert "no date for round" not in captured.err
    assert "the rating report has no city: add the setting city" in captured.err


def test_a_round_nobody_has_played_yet_withdraws_nobody():
    lines = [ln + "  0000 -  " if ln.startswith("001") and not ln.startswith("001    5") else ln
             for ln in HAND.splitlines()]
    s = parse_trf("\n".join(lines) + "\n", "x.trf").season
    assert [p.name for p in s.players if p.withdrawn_round] == ["Els Visser"]
    assert s.attendance_rounds == (1, 2, 3, 4)


def test_records_a_keizer_competition_does_not_use_are_noted_not_refused():
    imported = parse_trf(HAND + "062 6\n260   1   4    1    2\nXXP 1 2\n", "x.trf")
    assert [str(n) for n in imported.notes] == [
        "260 lines are not used by a Keizer competition; ignored",
        "XXP lines are not used by a Keizer competition; ignored",
        "Els Visser has no entries after round 3: read as withdrawn from round 4"]
    with pytest.raises(InputError) as err:
        parse_trf(HAND + "hello world\n", "x.trf")
    assert str(err.value.problems[0]).startswith("x.trf line 16: 'hel' is not a TRF line code")


def test_a_coming_round_written_as_0000_star_is_no_round_yet():
    lines = [ln + "  0000 - *" if ln.startswith("001") and not ln.startswith("001    5") else ln
             for ln in HAND.splitlines()]
    s = parse_trf("\n".join(lines) + "\n", "x.trf").season
    assert s.attendance_rounds == (1, 2, 3, 4) and len(s.games) == 8


def test_the_import_use_case_reads_by_the_file_name_and_refuses_what_no_reader_takes(tmp_path):
    """app.import_season (issue 23 item 2): the reader a file gets is decided there, once."""
    from keizer_xl.app.import_season import ImportRequest, report_of, run
    from keizer_xl.errors import UsageError

    source = tmp_path / "toren.trf"
    source.write_text(HAND, encoding="utf-8")
    imported = run(ImportRequest(source))
    assert games_of(imported.season) == games_of(parse_trf(HAND, "toren.trf").season)
    report = report_of(imported, source, "club.xlsx")
    assert (report.kind, report.players, report.rounds, report.games, report.byes,
            report.absences) == ("trf", 6, 4, 8, 2, 3)
    for name, program in (("list.csv", "auto"), ("club.s3db", "chesspairing")):
        with pytest.raises(UsageError):
            run(ImportRequest(tmp_path / name, program))


@pytest.mark.parametrize("after, problem", [
    ("0", "line 10: Piet Jansen plays in round 1 but withdrew from round 1"),
    ("-1", "line 16: '-1' is not a round number"),
    ("", "line 16: '' is not a round number"),
    ("x", "line 16: 'x' is not a round number")])
def test_a_chesspairing_withdrawal_is_read_or_refused_never_dropped(after, problem):
    """after-round=0 of a player with games was imported without a word, the directive left
    out (`... or -1` turned 0 into -1; issue 34); so was any after-round that is no number."""
    text = HAND + f"### chesspairing:withdrawn player=1 after-round={after}\n"
    with pytest.raises(InputError) as err:
        parse_trf(text, "cp.trf")
    assert any(problem in str(p) for p in err.value.problems), err.value.problems


def test_withdrawn_after_round_0_is_withdrawn_from_round_1():
    sixth = HAND.splitlines()[-1]
    seventh = (sixth[:7] + "7" + sixth[8:14] + "Leeg, Kim".ljust(33) + sixth[47:89]).rstrip()
    seventh = seventh[:-1] + "7\n"  # its rank
    text = HAND + seventh + "### chesspairing:withdrawn player=7 after-round=0\n"
    assert parse_trf(text, "cp.trf").season.player("Kim Leeg").withdrawn_round == 1
