"""Issue 9: a season typed in a Dutch or German template gives the contract's sheets, headers,
codes and messages in that language (WORKBOOK-CONTRACT.md, Languages), and the same numbers as
the same season typed in English."""
from __future__ import annotations

import csv
import io
import json

import openpyxl
import pytest

from keizer_xl.core.model import Result, parse_result
from keizer_xl.sheets import schema
from support.languages import (
    PLAYERS, ROUND1, fill_results, new_season, run, table_rows, type_rows,
)


@pytest.mark.parametrize("lang,draw,white_win", [("nl", "remise", "1:0"),
                                                 ("de", "Unentschieden", "1:0"),
                                                 ("fr", "nulle", "1:0")])
def test_a_season_typed_in_the_template_gives_the_contracts_sheets(tmp_path, capsys, lang,
                                                                   draw, white_win):
    book = new_season(tmp_path, capsys, lang, ROUND1[lang][0])
    names = openpyxl.load_workbook(book).sheetnames
    pairings = schema.sheet_name("Pairings", lang)
    assert pairings in names and "Pairings" not in names
    rows = table_rows(book, pairings)
    assert rows[0][:4] == [schema.header("Pairings", k, lang) for k in ("board", "white", "black", "result")]
    assert rows[0][:4] == {"nl": ["Bord", "Wit", "Zwart", "Uitslag"],
                           "de": ["Brett", "Weiß", "Schwarz", "Ergebnis"],
                           "fr": ["Échiquier", "Blancs", "Noirs", "Résultat"]}[lang]
    flat = [v for r in rows for v in r if v is not None]
    # Eva is absent: her code as this language types it and its meaning in the language
    assert {"nl": "afgemeld", "de": "entschuldigt", "fr": "excusé"}[lang] in flat
    assert ROUND1[lang][0] in flat
    fill_results(book, lang, [white_win, draw])
    code, out, err = run(capsys, "standings", book, "--format", "json")
    assert code == 0, err
    standings = table_rows(book, schema.sheet_name("Standings", lang))
    assert standings[0][:9] == {
        "nl": ["Plaats", "Naam", "Score", "Waarde", "Vorige waarde", "Partijen", "W", "R", "V"],
        "de": ["Platz", "Name", "Punkte", "Wert", "Vorheriger Wert", "Partien", "G", "R", "V"],
        "fr": ["Rang", "Nom", "Points", "Valeur", "Valeur préc.", "Parties", "G", "N", "P"]}[lang]
    assert "Standings" not in openpyxl.load_workbook(book).sheetnames
    # JSON keys stay English, and the numbers are those of the same season typed in English
    rows_lang = json.loads(out)
    english = new_season(tmp_path, capsys, "en", "E")
    fill_results(english, "en", ["1-0", "½-½"])
    code, out_en, err = run(capsys, "standings", english, "--format", "json")
    assert code == 0, err
    assert rows_lang == json.loads(out_en)
    assert set(rows_lang[0]) >= {"rank", "name", "score", "value", "prev_value"}


def test_problems_in_a_dutch_workbook_are_dutch(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "nl", "A")
    fill_results(book, "nl", ["x", "1-0"])
    type_rows(book, "Attendance", "nl", [])
    wb = openpyxl.load_workbook(book)
    wb["Aanwezigheid"]["C2"] = "Q"  # Anna, round 2: not a code
    wb["Uitslagen"]["C3"] = "Onbekend"
    wb.save(book)
    code, out, err = run(capsys, "check", book)
    assert code == 1
    text = out + err
    assert "Uitslagen!E2: 'x' is geen uitslag (gebruik 1-0, 0-1, ½-½" in text
    assert ("Aanwezigheid!C2: 'Q' is geen afwezigheidscode (E, U, C, L, A, Z, T, N); een regel "
            "'code Q' in Instellingen maakt er een clubcode van") in text
    assert "Uitslagen!C3: 'Onbekend' staat niet in Spelers" in text
    # --language overrides the workbook's language for messages
    code, out, err = run(capsys, "check", book, "--language", "en")
    assert code == 1
    assert "Uitslagen!E2: 'x' is not a result (use 1-0" in out + err
    assert ("'Q' is not an attendance code (E, U, C, L, A, Z, T, N); a row 'code Q' in Settings "
            "defines a club code") in out + err


def test_a_club_code_on_a_letter_of_the_language_is_an_error_naming_the_cell(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    assert run(capsys, "new", book, "--language", "nl")[0] == 0
    type_rows(book, "Players", "nl", PLAYERS)
    type_rows(book, "Settings", "nl", [("code A", "1/2")])
    code, out, err = run(capsys, "check", book)
    assert code == 1
    wb = openpyxl.load_workbook(book)
    row = next(c.row for c in wb["Instellingen"]["A"] if c.value == "code A")
    assert (f"Instellingen!A{row}: code A is in deze werkmap de letter voor afgemeld (nl); kies een "
            f"andere letter voor de clubcode") in out + err


def test_the_language_setting_beats_the_sheet_names(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "en", "E")
    type_rows(book, "Settings", "en", [("language", "de")])
    fill_results(book, "en", ["1-0", "1-0"])
    code, _, err = run(capsys, "standings", book)
    assert code == 0, err
    names = openpyxl.load_workbook(book).sheetnames
    assert "Rangliste" in names
    assert table_rows(book, "Rangliste")[0][:3] == ["Platz", "Name", "Punkte"]


def test_language_of_sheet_names():
    assert schema.language_of_sheets(["Spelers", "Uitslagen", "Aanwezigheid"]) == "nl"
    assert schema.language_of_sheets(["Spieler", "Ergebnisse", "Settings"]) == "de"  # majority
    assert schema.language_of_sheets(["Spelers", "Ergebnisse"]) == "en"  # a tie
    assert schema.language_of_sheets(["Sheet1"]) == "en"
    assert schema.language_of_sheets(["Deelnemers", "Stand"]) == "nl"  # engine sheets do not vote


def test_every_contract_name_is_read_in_any_workbook(tmp_path):
    # German headers on English sheet names, and today's alias Weiss
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.sheets.read import read_season

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws.append(["Name", "Wertung", "Ab Runde"])
    ws.append(["Anna", 1900, 1])
    ws.append(["Bram", 1800, 2])
    res = wb.create_sheet("uitslagen")
    res.append(["Runde", "Brett", "Weiss", "Zwart", "ERGEBNIS"])
    res.append([2, 1, "Anna", "Bram", "0:1"])
    wb.save(tmp_path / "mixed.xlsx")
    season = read_season(open_book(tmp_path / "mixed.xlsx"))
    assert [(p.name, p.rating, p.joined) for p in season.players] == [("Anna", 1900, 1),
                                                                       ("Bram", 1800, 2)]
    assert season.games[0].result is Result.BLACK_WINS


def test_engine_sheets_in_every_language_are_engine_owned():
    from keizer_xl.sheets.read_names import OWNED_SHEETS

    for kind in schema.ENGINE_SHEETS:
        for name in schema.SHEETS[kind].values():
            assert name in OWNED_SHEETS
    assert not set(OWNED_SHEETS) & {n for k in schema.INPUT_SHEETS for n in schema.SHEETS[k].values()}


@pytest.mark.parametrize("text,result", [
    ("remise", Result.DRAW), ("Remise", Result.DRAW), ("r", Result.DRAW), ("1/2", Result.DRAW),
    ("0.5", Result.DRAW), ("0,5", Result.DRAW), ("½:½", Result.DRAW), ("Unentschieden", Result.DRAW),
    ("remis", Result.DRAW), ("1:0", Result.WHITE_WINS), ("0:1", Result.BLACK_WINS),
    (" 1 : 0 ", Result.WHITE_WINS), ("+/-", Result.WHITE_FORFEIT), ("-:+", Result.BLACK_FORFEIT)])
def test_result_words(text, result):
    assert parse_result(text) is result


@pytest.mark.parametrize("text", ["1", "0", "10", "1-1", "0-0", "1/0"])
def test_ambiguous_results_stay_refused(text):
    from keizer_xl.errors import ResultError

    with pytest.raises(ResultError, match="did you mean"):
        parse_result(text)


def test_german_html_and_csv(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "de", "E")
    type_rows(book, "Settings", "de", [("club", "SK Musterstadt"), ("season", "2025/26")])
    fill_results(book, "de", ["1:0", "remis"])
    code, _, err = run(capsys, "export", book, "--html", "--out", tmp_path / "page.html")
    assert code == 0, err
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in page
    assert "<title>SK Musterstadt - 2025/26</title>" in page
    assert ">Rangliste</h2>" in page and "Keizer-Rangliste nach Runde 1" in page
    code, out, err = run(capsys, "export", book, "--csv", "--out", "-")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out), delimiter=";"))
    assert rows[0][:6] == ["Gruppe", "Platz", "Name", "Punkte", "Wert", "Vorheriger Wert"]
    # a fractional score is written with a decimal comma (Eva: excused, 1/3 of her value)
    eva = next(r for r in rows if r[2] == "Eva")
    assert "," in eva[3] and "." not in eva[3]
    # the options override the language's convention
    code, out, err = run(capsys, "export", book, "--csv", "--out", "-", "--csv-separator", ",",
                         "--decimal", ".")
    assert code == 0, err
    assert next(csv.reader(io.StringIO(out)))[:3] == ["Gruppe", "Platz", "Name"]
    assert run(capsys, "export", book, "--csv", "--csv-separator", ",", "--decimal", ",")[0] == 2


def test_english_csv_stays_as_it_was(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "en", "E")
    fill_results(book, "en", ["1-0", "½-½"])
    code, out, err = run(capsys, "export", book, "--csv", "--out", "-")
    assert code == 0, err
    # the one layout with or without groups: Group first (issue 33)
    assert out.splitlines()[0].startswith("Group,Rank,Name,Score,Value,Prev value")


# --------------------------------------------------------------------------- real LibreOffice


def test_batch_writes_every_engine_sheet_under_the_workbooks_names(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "de", "M")  # M: Mannschaftskampf = club duty
    fill_results(book, "de", ["1:0", "0:1"])
    code, out, err = run(capsys, "batch", book, "--quiet")
    assert code == 0, out + err
    names = openpyxl.load_workbook(tmp_path / "club-de.keizer.xlsx").sheetnames
    for kind in ("Standings", "History", "Crosstable", "Explain", "Audit"):
        assert schema.sheet_name(kind, "de") in names and kind not in names


@pytest.mark.parametrize("lang,letters,also", [("en", "E,U,C,L", ""), ("nl", "A,Z,T,N", "E, U, C, L"),
                                               ("de", "E,U,M,N", "C, L"),
                                               ("fr", "E,N,I,P", "U, C, L")])
def test_the_templates_dropdown_offers_one_letter_per_absence_kind(lang, letters, also):
    # issue 16: one letter per kind in the workbook's language (A and E both meaning excused
    # in one list confused a Dutch club); the built-in letters are still read, and said so
    from keizer_xl.clients.xlsx.new_book import template_workbook
    from keizer_xl.sheets.template_text import NewBook

    wb = template_workbook(NewBook(lang, 3))
    ws = wb[schema.sheet_name("Attendance", lang)]
    dv = next(iter(ws.data_validations.dataValidation))
    assert dv.formula1 == f'"{letters}"'
    assert dv.errorStyle == "information"
    instructions = "\n".join(str(c.value) for c in wb[schema.sheet_name("Instructions", lang)]["A"]
                             if c.value)
    for letter in letters.split(","):
        assert f"{letter} (" in instructions
    if also:
        assert f"({also})" in instructions.replace("ook ", "").replace("auch ", "").replace(
            "aussi ", ""), instructions
    if lang == "nl":
        assert "A (afgemeld)" in instructions and "Z (zonder bericht)" in instructions
        assert "E (" not in instructions
        settings = {r[0]: r[2] for r in wb["Instellingen"].iter_rows(min_row=2, values_only=True)}
        assert settings["absence_excused"].startswith("keizer: 1/3. A:")
        assert settings["absence_club"].startswith("keizer: 2/3. T:")


def test_player_problems_in_german(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    assert run(capsys, "new", book, "--language", "de")[0] == 0
    type_rows(book, "Players", "de", [("Anna", "stark"), ("Bram", 1800), ("anna", 1700)])
    code, out, err = run(capsys, "check", book)
    assert code == 1
    assert "Spieler!B2: 'stark' ist keine Wertung (eine ganze Zahl)" in out + err
    assert "Spieler!A4: 'anna' kommt zweimal vor (auch bei Spieler!A2)" in out + err


def test_an_unknown_setting_in_a_dutch_workbook(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    assert run(capsys, "new", book, "--language", "nl")[0] == 0
    type_rows(book, "Players", "nl", PLAYERS)
    type_rows(book, "Settings", "nl", [("absense_max", "3")])
    code, out, err = run(capsys, "check", book)
    assert code == 1
    assert "onbekende instelling 'absense_max'; bedoelt u absence_max?" in out + err
