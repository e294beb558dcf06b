"""The engine's sheets are the engine's (issue 34): a sheet is replaced only if keizer-xl wrote
it (its title line in A1, sheets/ownership.py); a club's own sheet under an engine sheet's name,
in any language, makes every command that would write it refuse, naming it, with nothing
written; every other command leaves it as it was."""
from __future__ import annotations

import datetime
import hashlib
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.errors import ActionError
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema
from keizer_xl.sheets.ownership import engine_wrote
from keizer_xl.sheets.titles import RunContext

from support.helpers import keizer_example_sheets, make_workbook
from support.club_sheets import CLUB_ROWS, REFUSED, season_book
from support.loop import sample

LANGUAGES = ("en", "nl", "de", "fr")
#: the engine sheets each writing command writes
WRITES = {
    ("standings",): {"Standings", "Periods"},
    ("pair", "--force"): {"Pairings"},
    ("compare",): {"Compare"},
    ("batch", "--in-place", "--compare"): {"Standings", "Periods", "History", "Crosstable",
                                           "Explain", "Audit", "Compare"},
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sheet_part(path: Path, name: str) -> bytes:
    """The XML of sheet ``name``, as stored in the file."""
    wb = openpyxl.load_workbook(path, read_only=True)
    index = wb.sheetnames.index(name)
    with zipfile.ZipFile(path) as z:
        parts = sorted((n for n in z.namelist() if n.startswith("xl/worksheets/sheet")),
                       key=lambda n: int(n.rsplit("sheet", 1)[1].split(".")[0]))
        return z.read(parts[index])


def run(capsys, *argv: object) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", sample(schema.ENGINE_SHEETS))
def test_a_club_sheet_named_like_an_engine_sheet_is_kept_by_every_writing_command(
        tmp_path, capsys, lang, kind):
    name = schema.sheet_name(kind, lang)
    book = season_book(tmp_path / "club.xlsx", lang, club_sheet=name)
    kept = sheet_part(book, name)
    for argv, writes in WRITES.items():
        before = digest(book)
        code, text = run(capsys, argv[0], book, *argv[1:])
        if kind in writes:  # refused, naming the sheet, in the workbook's language
            assert code == 1, (argv, text)
            assert REFUSED[lang] in text and name in text, (argv, text)
            assert digest(book) == before, argv
        else:  # done, the club's sheet kept byte for byte (the engine's own sheets replaced)
            assert code == 0, (argv, text)
        assert sheet_part(book, name) == kept, argv


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engines_own_sheets_are_replaced_run_after_run(tmp_path, capsys, lang):
    book = season_book(tmp_path / "club.xlsx", lang)
    for _ in range(2):
        for argv in WRITES:
            code, text = run(capsys, argv[0], book, *argv[1:])
            assert code == 0, (argv, text)
    names = openpyxl.load_workbook(book, read_only=True).sheetnames
    for kind in schema.ENGINE_SHEETS:  # (Schedule: only when a group plays a round robin)
        assert (schema.sheet_name(kind, lang) in names) is (kind != "Schedule")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", schema.ENGINE_SHEETS)
@pytest.mark.parametrize("rnd", [None, 1, 35])
def test_the_title_line_is_the_mark_in_every_language(lang, kind, rnd):
    line = RunContext("Schaakclub · Oost 2025-2026", "De Toren",
                      datetime.date(2026, 3, 1)).line(kind.lower(), rnd, lang)
    assert engine_wrote(kind, {(1, 1): line, (3, 1): "x"})
    for other in schema.ENGINE_SHEETS:  # another kind's title is not this sheet's mark
        if other != kind:
            assert not engine_wrote(other, {(1, 1): line, (3, 1): "x"}), (other, line)


def test_what_is_not_the_mark():
    assert engine_wrote("Standings", {})  # an empty sheet: nothing of the club's to keep
    assert not engine_wrote("Standings", {(1, 1): "Club standings 1990", (2, 1): "Rank"})
    # the engine's words without the date of the run: a club's heading
    assert not engine_wrote("History", {(1, 1): "History", (2, 1): "Founded in 1921"})
    assert not engine_wrote("History", {(1, 1): "Oost · History after round 3"})
    assert engine_wrote("History", {(1, 1): "Oost · History · 2026-03-01"})
    assert not engine_wrote("Pairings", {(1, 1): "Board", (1, 2): "White", (1, 3): "Black"})
    # keizer-xl before the title line (2026-11-21 to 24): the header row in row 1
    assert engine_wrote("Standings", {(1, c): h for c, h in enumerate(
        ("Rank", "Name", "Score", "Value", "Prev value", "Games"), 1)})
    assert engine_wrote("Pairings", {(1, c): h for c, h in enumerate(
        ("Bord", "Wit", "Zwart", "Uitslag"), 1)})
    assert not engine_wrote("History", {(1, c): h for c, h in enumerate(("Rank", "Name"), 1)})


def test_an_untitled_standings_sheet_of_an_older_keizer_xl_is_replaced(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Standings"] = [["Rank", "Name", "Score", "Value", "Prev value", "Games", "W", "D",
                            "L"], [1, "Jansen", 99, 15, 15, 1, 1, 0, 0]]
    book = make_workbook(tmp_path / "old.xlsx", sheets)
    code, text = run(capsys, "standings", book)
    assert code == 0, text
    ws = openpyxl.load_workbook(book)["Standings"]
    assert "Standings after round 2" in ws["A1"].value


def test_the_excel_client_refuses_the_same(tmp_path):
    """The buttons in Excel (xlwings) read the mark through the same Book method."""
    from support.excel_fake import FakeBook
    from keizer_xl.app import standings
    from keizer_xl.clients.excel import XlwingsBook

    book = season_book(tmp_path / "club.xlsx", "nl", club_sheet="Stand")
    fake = FakeBook.from_file(book, name="club.xlsm")
    with pytest.raises(ActionError) as err:
        standings.run(XlwingsBook(fake), standings.StandingsRequest())
    assert "Stand" in str(err.value)
    assert fake.grid("Stand")[0][0] == CLUB_ROWS[0][0]
    ours = season_book(tmp_path / "ours.xlsx", "nl")
    fake = FakeBook.from_file(ours, name="ours.xlsm")
    standings.run(XlwingsBook(fake), standings.StandingsRequest())
    # its own sheet, written by Excel, is its own again
    standings.run(XlwingsBook(fake), standings.StandingsRequest())
    assert "Stand na ronde 2" in fake.grid("Stand")[0][0]


def test_the_file_clients_corner_is_the_corner_of_the_whole_sheet(tmp_path, capsys):
    """FileBook.top_cells reads only the sheet's first rows: the same values as the whole."""
    from keizer_xl.clients.xlsx import FileBook

    book = season_book(tmp_path / "club.xlsx", "nl", club_sheet="Clubhistorie")
    assert run(capsys, "batch", book, "--in-place", "--compare")[0] == 0
    opened = FileBook(book)
    for name in opened.sheet_names():
        whole = openpyxl.load_workbook(book, data_only=True)[name]
        corner = {(c.row, c.column): c.value for row in whole.iter_rows(max_row=5, max_col=12)
                  for c in row if c.value is not None}
        assert opened.top_cells(name, 5, 12) == corner, name
