"""``keizer-xl players BOOK --list FILE`` (issue 37): exit codes, every change reported in the
workbook's language, refusals, dry runs, and every other part of the club's file byte for
byte."""
from __future__ import annotations

import zipfile

import openpyxl
import pytest

from keizer_xl.frontends.cli import main
from support.rating_list_files import P, write_csv, write_fide_txt, write_fide_xml

LIST = [P("1503014", "Carlsen, Magnus", "NOR", "M", "GM", 2830, 1990),
        P("4100018", "Müller, Jörg", "GER", "M", "", 1850, 1970),
        P("4100019", "Mueller, Joerg", "GER", "M", "", 1700, 1985),
        P("1000001", "de Vries, Jan", "NED", "M", "FM", 2250, 1980),
        P("1000002", "Jansen, Anna", "NED", "F", "WFM", 2100, 1995),
        P("1000003", "Иванов, Иван", "RUS", "M", "", 1900, 2000)]
SHEET = {"en": "Players", "nl": "Spelers", "de": "Spieler"}


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as stop:  # argparse's own usage errors
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


def club_book(tmp_path, capsys, lang="en", names=(("Jan de Vries", 2200), ("Anna Jansen", None),
                                                  ("Jörg Müller", 1800), ("Ivan Ivanov", None),
                                                  ("Piet Puk", 1500))):
    book = tmp_path / f"club-{lang}.xlsx"
    assert run(capsys, "new", book, "--language", lang)[0] == 0
    wb = openpyxl.load_workbook(book)
    ws = wb[SHEET[lang]]
    for i, (name, rating) in enumerate(names, 2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, rating)
    wb.save(book)
    return book


def players_rows(book, lang="en"):
    ws = openpyxl.load_workbook(book)[SHEET[lang]]
    rows = list(ws.iter_rows(values_only=True))
    header = list(rows[0])
    return [{h: v for h, v in zip(header, r, strict=True) if h} for r in rows[1:] if r[0]], header


def parts(path):
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.mark.parametrize("write", [write_fide_txt, write_fide_xml])
def test_every_change_is_written_and_reported_and_an_ambiguity_refused(tmp_path, capsys, write):
    book = club_book(tmp_path, capsys)
    listed = write(tmp_path / "fide", LIST)
    code, out, err = run(capsys, "players", book, "--list", listed)
    assert code == 1  # Jörg Müller: two players of the list fit
    assert "Players!B2 Jan de Vries, Rating: 2200 -> 2250 (overwrites what was typed)" in out
    assert "Players!H2 Jan de Vries, FIDE id: - -> 1000001" in out
    assert ("Jörg Müller: several players in the list fit, nothing changed: Müller, Jörg "
            "(4100018); Mueller, Joerg (4100019)") in out
    assert "not in the list (left as they are): Piet Puk" in out
    assert "1 refused: see above" in err
    rows, header = players_rows(book)
    assert header[7:] == ["FIDE id", "Federation", "Birth", "Sex", "Title"]
    by_name = {r["Name"]: r for r in rows}
    assert by_name["Jan de Vries"] | {} == {
        "Name": "Jan de Vries", "Rating": 2250, "Start": None, "Joined": None, "Status": None,
        "Club": None, "Id": None, "FIDE id": 1000001, "Federation": "NED", "Birth": 1980,
        "Sex": "M", "Title": "FM"}
    assert by_name["Ivan Ivanov"]["FIDE id"] == 1000003
    assert by_name["Jörg Müller"]["Rating"] == 1800 and by_name["Jörg Müller"]["FIDE id"] is None
    assert by_name["Piet Puk"]["Rating"] == 1500
    # the birth year told apart: typed, the second run finds him and changes nothing else
    wb = openpyxl.load_workbook(book)
    wb["Players"]["J4"] = 1985
    wb.save(book)
    code, out, err = run(capsys, "players", book, "--list", listed)
    assert code == 0, err
    assert out.splitlines()[:2] == [
        "Players!B4 Jörg Müller, Rating: 1800 -> 1700 (overwrites what was typed)",
        "Players!H4 Jörg Müller, FIDE id: - -> 4100019"]


def test_only_the_players_sheet_changes(tmp_path, capsys):
    book = club_book(tmp_path, capsys)
    before = parts(book)
    listed = write_fide_txt(tmp_path / "fide.txt", LIST)
    assert run(capsys, "players", book, "--list", listed, "--add", "carlsen")[0] == 1
    after = parts(book)
    assert set(after) == set(before)
    changed = {n for n in before if before[n] != after[n]}
    wb = openpyxl.load_workbook(book)
    players_part = f"xl/worksheets/sheet{wb.sheetnames.index('Players') + 1}.xml"
    assert players_part in changed
    # the Players sheet, its Excel Table (grown by the added row) and the workbook's
    # recalculation flag; every other part byte for byte
    assert changed - {players_part, "xl/workbook.xml"} <= {n for n in changed if n.startswith("xl/tables/")}
    assert len([n for n in changed if n.startswith("xl/tables/")]) <= 1
    assert players_rows(book)[0][-1]["Name"] == "Magnus Carlsen"


def test_dry_run_writes_nothing(tmp_path, capsys):
    book = club_book(tmp_path, capsys)
    data = book.read_bytes()
    listed = write_fide_txt(tmp_path / "fide.txt", LIST)
    code, out, err = run(capsys, "players", book, "--list", listed, "--dry-run", "--add", "carlsen")
    assert code == 1
    assert "added: Magnus Carlsen" in out
    assert "Dry run: Players not written (17 cells would change, 1 players would be added)" in err
    assert book.read_bytes() == data


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_words_and_headers_in_the_workbooks_language(tmp_path, capsys, lang):
    book = club_book(tmp_path, capsys, lang)
    listed = write_fide_xml(tmp_path / "fide.xml", LIST)
    code, out, err = run(capsys, "players", book, "--list", listed)
    assert code == 1
    words = {"nl": ("meerdere spelers in de lijst passen", "nieuwe kolom: Geboortedatum",
                    "1 geweigerd: zie hierboven", "FIDE-spelerslijst (XML)"),
             "de": ("mehrere Spieler der Liste passen", "neue Spalte: Geburtsdatum",
                    "1 abgelehnt: siehe oben", "FIDE-Spielerliste (XML)")}[lang]
    text = out + err
    assert all(w in text for w in words), text
    assert "overwrites" not in text and "several" not in text
    header = players_rows(book, lang)[1]
    assert {"nl": "FIDE-id", "de": "FIDE-ID"}[lang] in header


def test_club_members_added_from_a_national_list(tmp_path, capsys):
    book = club_book(tmp_path, capsys, names=(("Jörg Müller", None),))
    listed = write_csv(tmp_path / "spieler.csv", [
        ["ZPS", "Mgl-Nr", "Status", "Spielername", "Geschlecht", "Geburtsjahr", "DWZ", "FIDE-ID",
         "FIDE-Land"],
        ["C0327", "012", "A", "Müller,Jörg", "M", "1970", "1850", "4100018", "GER"],
        ["C0327", "013", "A", "Schäfer,Anna", "W", "1990", "1500", "", ""],
        ["C0327", "014", "A", "Schäfer,Anna", "W", "2001", "1300", "", ""],
        ["C0327", "015", "A", "Berger,Klaus", "M", "1999", "1400", "", ""],
        ["C0400", "001", "A", "Other,Club", "M", "1950", "1600", "", ""]], encoding="cp1252")
    code, out, err = run(capsys, "players", book, "--list", listed, "--club", "C0327")
    assert code == 1, out + err  # two members named Anna Schäfer: neither added
    assert ("Anna Schäfer: several players in the list fit, nothing changed: Schäfer,Anna "
            "(C0327-013); Schäfer,Anna (C0327-014)") in out
    rows = players_rows(book)[0]
    assert [r["Name"] for r in rows] == ["Jörg Müller", "Klaus Berger"]
    assert rows[0]["National id"] == "C0327-012" and rows[0]["Rating"] == 1850
    assert rows[1] | {} == {"Name": "Klaus Berger", "Rating": 1400, "Start": None, "Joined": None,
                            "Status": None, "Club": None, "Id": None, "FIDE id": None,
                            "National id": "C0327-015", "Federation": "GER", "Birth": 1999,
                            "Sex": "M"}
    assert "Club" not in out.replace("C0327", "")


def test_add_by_part_of_a_name(tmp_path, capsys):
    book = club_book(tmp_path, capsys, names=(("Piet Puk", 1500),))
    listed = write_fide_txt(tmp_path / "fide.txt", LIST)
    code, out, _ = run(capsys, "players", book, "--list", listed, "--add", "müller", "anna j",
                       "nobody")
    assert code == 1
    assert ("müller: several players in the list fit, nothing changed: Müller, Jörg (4100018); "
            "Mueller, Joerg (4100019)") in out
    assert "added: Anna Jansen" in out
    assert "nobody: not found in the list, nothing added" in out
    assert [r["Name"] for r in players_rows(book)[0]] == ["Piet Puk", "Anna Jansen"]


@pytest.mark.parametrize(("args", "words"), [
    ((), "no rating list: name its file in the rating_list setting, or give it on the command line"),
    (("--list", "missing.txt"), "does not exist"),
    (("--list", "nonsense.txt"), "is not a rating list this program reads: expected"),
    (("--list", "fide.txt", "--club", "601"), "has no clubs: adding a club's members needs a national list"),
])
def test_usage_errors_exit_2(tmp_path, capsys, monkeypatch, args, words):
    book = club_book(tmp_path, capsys)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nonsense.txt").write_text("just some text\n", encoding="utf-8")
    write_fide_txt(tmp_path / "fide.txt", LIST)
    data = book.read_bytes()
    code, _, err = run(capsys, "players", book, *args)
    assert code == 2
    assert words in err
    assert book.read_bytes() == data


def test_the_rating_list_setting_names_the_list(tmp_path, capsys):
    """Without --list: the Settings row rating_list, a path relative to the workbook's folder
    (the "Update ratings" button reads it too)."""
    book = club_book(tmp_path, capsys, names=(("Anna Jansen", None),))
    (tmp_path / "lists").mkdir()
    write_fide_txt(tmp_path / "lists" / "fide.txt", LIST)
    wb = openpyxl.load_workbook(book)
    wb["Settings"].append(["rating_list", "lists/fide.txt"])
    wb.save(book)
    code, out, err = run(capsys, "players", book)
    assert code == 0, err
    assert "Players!B2 Anna Jansen, Rating: - -> 2100" in out
    assert run(capsys, "check", book)[0] == 0


def test_an_entry_found_by_id_is_no_candidate_for_anothers_name(tmp_path, capsys):
    """Two Jörg Müllers in the list; the sheet's first has his FIDE id: the second, typed by
    name only (as "Joerg Mueller"), is the other one."""
    book = club_book(tmp_path, capsys, names=(("Jörg Müller", None), ("Joerg Mueller", None)))
    wb = openpyxl.load_workbook(book)
    wb["Players"]["H1"] = "FIDE id"
    wb["Players"]["H2"] = 4100019
    wb.save(book)
    code, out, err = run(capsys, "players", book, "--list", write_fide_txt(tmp_path / "f.txt", LIST))
    assert code == 0, out + err
    rows = players_rows(book)[0]
    assert [(r["Name"], r["FIDE id"], r["Rating"]) for r in rows] == [
        ("Jörg Müller", 4100019, 1700), ("Joerg Mueller", 4100018, 1850)]


def test_the_update_ratings_button_reads_the_rating_list_setting(tmp_path, capsys):
    """The button action (app/button_actions.py, row ``ratings``) on an open Excel book (the
    xlwings stand-in) and on the file: the list the setting names, every change worded."""
    from support.excel_fake import FakeBook

    from keizer_xl.app.button_actions import ActionRequest, run_use_case
    from keizer_xl.app.players import PlayersReport
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.frontends import excel_buttons

    book = club_book(tmp_path, capsys, names=(("Anna Jansen", None),))
    listed = write_fide_txt(tmp_path / "fide.txt", LIST)
    wb = openpyxl.load_workbook(book)
    wb["Settings"].append(["rating_list", str(listed)])
    wb.save(book)
    fake = FakeBook.from_file(book, name="club.xlsm")
    text = excel_buttons.update_ratings(fake)
    assert text.startswith("Players: 6 cells changed, 0 players added (from FIDE players list "
                           "(TXT))"), text
    assert "Players!B2 Anna Jansen, Rating: - -> 2100" in text
    players = fake.sheets["Players"]
    assert players.cells[(2, 2)] == 2100 and players.cells[(1, 8)] == "FIDE id"
    assert players.cells[(2, 8)] == 1000002 and players.cells[(2, 12)] == "WFM"
    # the file: a path relative to the workbook's folder
    wb = openpyxl.load_workbook(book)
    settings = wb["Settings"]
    settings.cell(settings.max_row, 2, "fide.txt")
    wb.save(book)
    report = run_use_case(open_book(book), ActionRequest("players"))
    assert isinstance(report, PlayersReport) and report.written and len(report.changes) == 6
    assert players_rows(book)[0][0]["Title"] == "WFM"
