"""The xlsx client's new workbook (clients/xlsx/new_book.py): the template filled as a NewBook
plan asks, in one pass, in memory until it is saved once; the one Settings writer of ``new``,
``import`` and ``new-season``."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl

from keizer_xl.clients import atomic
from keizer_xl.clients.xlsx import FileBook
from keizer_xl.clients.xlsx.new_book import new_book, save_new
from keizer_xl.frontends.cli import main
from keizer_xl.sheets.template_text import NewBook, added_setting_comment


def _settings(path: Path) -> dict[str, tuple[object, object, str]]:
    ws = openpyxl.load_workbook(path)["Settings"]
    table = next(iter(ws.tables.values()))
    assert table.ref == f"A1:C{ws.max_row}"  # the Table over every row, none left out
    return {str(ws.cell(r, 1).value): (ws.cell(r, 2).value, ws.cell(r, 3).value,
                                       ws.cell(r, 2).number_format)
            for r in range(2, ws.max_row + 1)}


def test_a_new_book_is_made_in_memory_and_written_once(tmp_path):
    target = tmp_path / "new.xlsx"
    book = new_book(target, NewBook("en", 5, columns=(("Name", "name"),),
                                    players=(("Ann",), ("Bob",)), attendance=("Ann", "Bob")))
    assert isinstance(book, FileBook) and not target.exists()  # nothing on disk yet
    assert [r[0] for r in book.read_table("Players").rows] == ["Ann", "Bob"]
    assert list(book.read_table("Attendance").headers) == ["Name", *(f"R{r}" for r in range(1, 6))]
    book.append_rows("Results", [{"Round": 1, "White": "Ann", "Black": "Bob", "Result": "1-0"}])
    save_new(book, backup=False)
    again = FileBook(target)
    assert [tuple(r[:2]) for r in again.read_table("Attendance").rows] == [("Ann", None), ("Bob", None)]
    assert tuple(again.read_table("Results").rows[0][2:5]) == ("Ann", "Bob", "1-0")


def test_the_settings_writer_fills_the_template_rows_and_adds_the_others(tmp_path):
    rows = (("top_value", 50), ("Value Step", "2"), ("city", "Hengelo"), ("season", "=1+1"),
            ("code T", "1/2"))
    plain, explained = tmp_path / "plain.xlsx", tmp_path / "explained.xlsx"
    save_new(new_book(plain, NewBook(settings=rows)), backup=False)
    save_new(new_book(explained, NewBook(settings=(("preset", "kfc"), *rows), explain=True)),
             backup=False)
    got = _settings(plain)
    keys = list(got)
    assert keys[-2:] == ["city", "code T"]  # keys without a template row: below, in order
    assert got["top_value"][0] == 50 and got["value_step"][0] == "2"  # an alias finds its row
    assert got["season"][0] == "=1+1"  # text stays text, never a formula
    assert got["city"][:2] == ("Hengelo", None) and got["code T"][:2] == ("1/2", None)
    assert all(fmt == "@" for _v, _c, fmt in got.values())  # text, so 1/2 is no date
    told = _settings(explained)
    assert told["preset"][0] == "kfc"
    assert told["code T"][1] == added_setting_comment("code T", "en", "kfc") != ""
    assert told["top_value"][1].startswith("kfc") and got["top_value"][1].startswith("keizer")
    assert list(told) == keys  # the same rows, only explained


def test_players_columns_take_the_template_place_of_their_key_or_come_last(tmp_path):
    target = tmp_path / "nl.xlsx"
    plan = NewBook("nl", 3, columns=(("naam", "name"), ("Telefoon", None), ("Start", "start"),
                                     ("Geboren", "birth")),
                   players=(("Ann", "0612", 1, dt.date(2001, 2, 3)), ("Bob", None, 2, None)))
    save_new(new_book(target, plan), backup=False)
    ws = openpyxl.load_workbook(target)["Spelers"]
    headers = [c.value for c in ws[1]]
    assert headers[0] == "naam" and headers[-2:] == ["Telefoon", "Geboren"]
    table = next(iter(ws.tables.values()))
    assert [c.name for c in table.tableColumns] == headers and table.ref.endswith("3")
    start = headers.index("Start") + 1
    assert [ws.cell(2, start).value, ws.cell(3, start).value] == [1, 2]
    assert ws.cell(2, len(headers)).value == dt.datetime(2001, 2, 3)
    assert ws.cell(2, len(headers) - 1).value == "0612"  # text as typed


def test_import_writes_one_file_and_no_draft(tmp_path, monkeypatch):
    """The imported season goes into the new book in memory: the one writer runs once, for the
    target (no draft saved and re-opened)."""
    trf = tmp_path / "club.trf"
    sample = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"
    assert main(["export", str(sample), "--trf", str(trf)]) == 0
    written: list[Path] = []
    replacing = atomic.replacing

    def spy(target, *args, **kwargs):
        written.append(Path(target))
        return replacing(target, *args, **kwargs)

    monkeypatch.setattr(atomic, "replacing", spy)
    target = tmp_path / "club.xlsx"
    assert main(["import", str(trf), str(target)]) == 0
    assert written == [target]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [
        "club.trf", "club.xlsx"]
