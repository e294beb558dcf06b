"""The xlwings transport (keizer_xl.clients.excel) against an in-memory stand-in of the xlwings API.

The same actions run on a FileBook and on an XlwingsBook over the same season must leave the
same sheet contents; the entry points end in one readable message box and never save.
"""
from __future__ import annotations

import inspect
import shutil
import sys
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from openpyxl.worksheet.table import Table as XLTable, TableStyleInfo

from support import excel_fake
from support.excel_fake import FakeBook, Formula
from keizer_xl.app import pair as app_pair
from keizer_xl.app.write_season import write_season
from keizer_xl.app import standings as app_standings
from keizer_xl.clients import excel
from keizer_xl.frontends import excel_buttons as buttons, outcome
from keizer_xl.clients.excel import XlwingsBook, needs_quote_prefix, to_excel
from keizer_xl.sheets.layout import SheetStyle, sheet_layout
from keizer_xl.clients.xlsx import FileBook

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"


# --------------------------------------------------------------------------- helpers


def file_grid(path: Path, sheet: str) -> list[list]:
    wb = openpyxl.load_workbook(path)
    rows = [[c.value for c in row] for row in wb[sheet].iter_rows()]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((max((j + 1 for j, v in enumerate(r) if v is not None), default=0) for r in rows),
                default=0)
    return [r[:width] + [None] * (width - len(r[:width])) for r in rows]


def fake_grid(book: FakeBook, sheet: str) -> list[list]:
    rows = book.grid(sheet)
    width = max((max((j + 1 for j, v in enumerate(r) if v is not None), default=0) for r in rows),
                default=0)
    return [r[:width] for r in rows]


def table_ref(path: Path, sheet: str) -> str | None:
    ws = openpyxl.load_workbook(path)[sheet]
    return next(iter(ws.tables.values())).ref if ws.tables else None


def both(tmp_path: Path, source: Path = SAMPLE, name: str = "club season.xlsx"):
    """A FileBook and an XlwingsBook (over the fake) holding the same workbook."""
    path = tmp_path / name
    shutil.copy(source, path)
    fake = FakeBook.from_file(path, name=name.replace(".xlsx", ".xlsm"))
    return path, FileBook(path), fake, XlwingsBook(fake)


def assert_same(path: Path, fake: FakeBook, sheets) -> None:
    for sheet in sheets:
        assert fake_grid(fake, sheet) == file_grid(path, sheet), sheet
        for row in fake.grid(sheet):
            assert not any(isinstance(v, Formula) for v in row), sheet


# --------------------------------------------------------------------------- reading


def test_reads_the_same_tables_as_the_file_transport(tmp_path):
    _path, filebook, _fake, book = both(tmp_path)
    assert book.sheet_names() == filebook.sheet_names()
    for sheet in ("Settings", "Players", "Attendance", "Results", "Instructions"):
        assert book.read_table(sheet) == filebook.read_table(sheet), sheet


def test_each_sheet_is_read_with_one_call(tmp_path):
    _path, _filebook, fake, book = both(tmp_path)
    app_standings.run(book, app_standings.StandingsRequest())
    reads = [c for c in fake.calls if c[0] == "read"]
    assert len(reads) == len({c[1] for c in reads}) <= 5
    assert {c[1] for c in reads} >= {"Players", "Attendance", "Results"}


def test_sheet_names_are_found_case_insensitively(tmp_path):
    _path, filebook, _fake, book = both(tmp_path)
    assert book.read_table("players") == filebook.read_table("Players")
    with pytest.raises(KeyError, match="no sheet"):
        book.read_table("Nope")


# --------------------------------------------------------------------------- the actions


def test_standings_write_the_same_sheet(tmp_path):
    path, filebook, fake, book = both(tmp_path)
    a = app_standings.run(filebook, app_standings.StandingsRequest())
    b = app_standings.run(book, app_standings.StandingsRequest())
    assert a.rows == b.rows
    assert_same(path, fake, ["Standings"])
    sheet = fake.sheets["Standings"]
    assert (1, 1) in sheet.bold                                      # the title line
    assert {(3, c) for c in range(1, 6)} <= sheet.bold              # bold header (row 3)
    assert sheet.colors[(4, 1)] == (255, 217, 102)                   # gold for the leader
    assert sheet.formats[(4, 3)] == "0.00"                           # Score
    # Name as wide as the longest name shown, in digit widths (issue 26; each character as wide
    # as in the wider of Carlito and DejaVu Sans, sheets/glyphs.py): 21, as the file's
    assert sheet.widths[2] == 21 == openpyxl.load_workbook(path)["Standings"].column_dimensions[
        "B"].width
    assert sheet.frozen is None  # desktop xlwings has no freeze_panes; off Windows not frozen
    assert book.save_requested == 1 and fake.saved == 0              # never saved behind Excel


@pytest.mark.parametrize("options", [{"repair": True}, {"force": True}])
def test_pairing_writes_the_same_sheets_and_results(tmp_path, options):
    path, filebook, fake, book = both(tmp_path)
    a = app_pair.run(filebook, app_pair.PairRequest(**options))
    b = app_pair.run(book, app_pair.PairRequest(**options))
    assert a.as_json() == b.as_json()
    assert_same(path, fake, ["Pairings", "Results"])
    assert fake.sheets["Results"].table().ref == table_ref(path, "Results")
    assert fake.saved == 0
    # the book reads back what it wrote (xlwings Lite reads from a snapshot)
    assert book.read_table("Results") == FileBook(path).read_table("Results")


def test_repair_twice_in_one_session(tmp_path):
    path, filebook, fake, book = both(tmp_path)
    for _ in range(2):
        app_pair.run(filebook, app_pair.PairRequest(repair=True))
        app_pair.run(book, app_pair.PairRequest(repair=True))
        filebook = FileBook(path)
    assert_same(path, fake, ["Pairings", "Results"])


def test_write_season_deletes_and_appends_like_the_file_transport(tmp_path):
    from keizer_xl.sheets.read import read_season

    season = read_season(FileBook(SAMPLE))
    path, filebook, fake, book = both(tmp_path, ROOT / "templates" / "season-template.xlsx",
                                      "new.xlsx")
    write_season(filebook, season)
    filebook.save()
    write_season(book, season)
    assert_same(path, fake, ["Settings", "Players", "Attendance", "Results"])
    for sheet in ("Players", "Results"):
        assert fake.sheets[sheet].table().ref == table_ref(path, sheet)
    # and once more: every row deleted, the tables keep one empty row
    small = season.__class__(players=season.players[:4], games=(), byes=(), absences=(),
                             settings=season.settings)
    write_season(filebook, small)
    filebook.save()
    write_season(book, small)
    assert_same(path, fake, ["Players", "Results"])
    assert fake.sheets["Results"].table().ref == table_ref(path, "Results") == "A1:E2"


def _plain_book(tmp_path, *, totals=False, table=True) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    rows = [["Round", "Board", "White", "Black", "Result"], [1, 1, "Ann", "Bob", "1-0"],
            [1, 2, "Cem", "Dia", "0-1"], [2, 1, "Bob", "Cem", None]]
    for row in rows:
        ws.append(row)
    if totals:
        ws.append(["Total", None, None, None, None])
    ws["H1"] = "a note beside the table"
    if not totals:  # Excel inserts cells above a totals row (what is below moves down too),
        ws["A12"] = "below"  # the file transport moves only the totals row
    if table:
        t = XLTable(displayName="tblResults", ref=f"A1:E{len(rows) + (1 if totals else 0)}")
        t.tableStyleInfo = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True)
        if totals:
            t.totalsRowCount = 1
        ws.add_table(t)
    path = tmp_path / "plain.xlsx"
    wb.save(path)
    return path


@pytest.mark.parametrize("kind", ["table", "totals", "plain"])
def test_append_and_delete_rows_match_the_file_transport(tmp_path, kind):
    source = _plain_book(tmp_path, totals=kind == "totals", table=kind != "plain")
    path, filebook, fake, book = both(tmp_path, source, "copy.xlsx")
    new = [{"Round": 3, "Board": 1, "White": "Ann", "Black": "Dia", "Result": None},
           {"Round": 3, "Board": None, "White": "=HYPERLINK(\"x\")", "Black": None, "Result": "bye"}]
    for target in (filebook, book):
        target.delete_rows("Results", [0, 2])
        target.append_rows("Results", new)
        assert target.read_table("Results").rows[-1][2] == "=HYPERLINK(\"x\")"
    filebook.save()
    assert_same(path, fake, ["Results"])
    if kind != "plain":
        assert fake.sheets["Results"].table().ref == table_ref(path, "Results")
    assert book.read_table("Results") == FileBook(path).read_table("Results")


def test_append_refuses_unknown_columns_and_a_table_in_the_way(tmp_path):
    _path, _filebook, fake, book = both(tmp_path, _plain_book(tmp_path), "copy.xlsx")
    with pytest.raises(KeyError, match="no column 'Colour'"):
        book.append_rows("Results", [{"Colour": "white"}])
    sheet = fake.sheets["Results"]
    sheet._tables.append(excel_fake.FakeTable(sheet, "tblOther", 6, 1, 8, 3))
    other = XlwingsBook(fake)
    with pytest.raises(excel.ExcelError, match="tblOther is in the way"):
        other.append_rows("Results", [{"Round": 9}] * 3)
    with pytest.raises(IndexError):
        other.delete_rows("Results", [7])


# --------------------------------------------------------------------------- text stays text


def test_text_that_excel_would_convert_gets_the_quote_prefix(tmp_path):
    tricky = ["=HYPERLINK(\"http://x\")", "+31 6", "-", "@home", "'t Hart", "007", "1-0", "1/2",
              "Mar 5", "TRUE", "#N/A", "plain name", "½-½"]
    fake = FakeBook()
    fake.add_sheet("Players")  # an Excel book always has a sheet
    book = XlwingsBook(fake)
    frame = pd.DataFrame({"Name": tricky, "Score": range(len(tricky))})
    book.write_sheet("Standings", sheet_layout(frame, SheetStyle()))
    assert [row[0] for row in fake.grid("Standings")[1:]] == tricky
    assert to_excel("plain name") == "plain name"          # no prefix where none is needed
    assert to_excel("½-½") == "½-½"
    assert to_excel("") is None and to_excel(float("nan")) is None
    assert to_excel(2 ** 60) == "'" + str(2 ** 60)
    assert not needs_quote_prefix("Anna de Vries")


def test_write_sheet_replaces_an_existing_sheet_in_place(tmp_path):
    fake = FakeBook()
    for name in ("Players", "Standings", "Results"):
        fake.add_sheet(name)
    fake.sheets["Standings"].cells[(40, 9)] = "old"
    book = XlwingsBook(fake)
    book.write_sheet("standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle(notes=("a note",))))
    assert [s.name for s in fake.sheets] == ["Players", "Standings", "Results"]
    assert fake.grid("Standings") == [["Rank"], [1.0], [None], ["a note"]]
    book.write_sheet("Pairings", sheet_layout(pd.DataFrame({"Board": [1]}), SheetStyle()))
    assert [s.name for s in fake.sheets][-1] == "Pairings"


# --------------------------------------------------------------------------- entry points


def _season_book(tmp_path) -> FakeBook:
    path = tmp_path / "s.xlsx"
    shutil.copy(SAMPLE, path)
    return FakeBook.from_file(path, name="Club season 2025.xlsm")


def test_update_standings_button(tmp_path):
    fake = _season_book(tmp_path)
    text = buttons.update_standings(fake)
    assert fake.app.alerts[-1]["mode"] == "info" and fake.app.alerts[-1]["prompt"] == text
    assert text.startswith("Standings after round 22 are on the sheet Standings. Leader: ")
    assert "not saved yet" in text
    assert fake.saved == 0 and "Standings" in [s.name for s in fake.sheets]


def test_pair_button_explains_the_previous_round_in_excel_words(tmp_path):
    fake = _season_book(tmp_path)
    text = buttons.pair_next_round(fake)
    assert fake.app.alerts[-1]["mode"] == "critical"
    assert text.startswith("Nothing was changed: Round 23 has no results yet")
    assert "--force" not in text and "PairNextRoundAnyway" in text
    assert "Pairings" not in [s.name for s in fake.sheets] and fake.saved == 0
    text = buttons.pair_next_round_anyway(fake)
    assert text.startswith("Round 24 is paired: 16 boards"), text
    text = buttons.pair_round_again(fake)  # round 24 again: still needs round 23's results
    assert text.startswith("Nothing was changed: Round 23 has no results yet"), text
    text = buttons.pair_next_round(fake)
    assert "Round 24 has no results yet" in text


def test_input_errors_are_listed_with_their_cells(tmp_path):
    fake = _season_book(tmp_path)
    fake.sheets["Results"].cells[(5, 5)] = "1/0"
    fake.sheets["Attendance"].cells[(3, 2)] = "Q"
    text = buttons.update_standings(fake)
    assert text.startswith("Nothing was changed. There are 2 problems to fix"), text
    assert "Results!E5: '1/0' is not a result" in text and "Attendance!B3" in text
    assert "Traceback" not in text
    assert fake.app.alerts[-1]["mode"] == "critical"
    check = buttons.check_workbook(fake)
    assert check.startswith("Check found 2 problems") and "Attendance!B3" in check


def test_check_button_without_problems(tmp_path):
    fake = _season_book(tmp_path)
    text = buttons.check_workbook(fake)
    assert text.startswith("No problems found.")
    assert not [s for s in fake.sheets if s.name in ("Standings", "Pairings")]


def test_many_problems_are_cut_short_and_written_to_a_file(tmp_path, monkeypatch):
    monkeypatch.setattr(buttons.tempfile, "gettempdir", lambda: str(tmp_path))
    fake = _season_book(tmp_path)
    for r in range(2, 42):
        fake.sheets["Results"].cells[(r, 5)] = "nonsense"
    text = buttons.check_workbook(fake)
    assert text.count("\n- ") == buttons.MAX_MESSAGE_LINES
    report = tmp_path / "keizer-xl-problems.txt"
    assert f"the full list is in {report}" in text
    assert len(report.read_text(encoding="utf-8").splitlines()) == 40


def test_an_unexpected_error_is_a_message_and_a_log_entry(tmp_path, monkeypatch):
    log = tmp_path / "keizer-xl-excel.log"
    monkeypatch.setattr(outcome, "LOG_FILE", log)

    def boom(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(app_standings, "run", boom)
    fake = _season_book(tmp_path)
    text = buttons.update_standings(fake)
    assert text.startswith("Something unexpected went wrong (ZeroDivisionError: division by zero)")
    assert str(log) in text and "Traceback" not in text
    assert "Traceback" in log.read_text(encoding="utf-8") and "boom" in log.read_text(encoding="utf-8")
    assert fake.saved == 0


def test_a_failing_message_box_is_logged_not_raised(tmp_path, monkeypatch):
    log = tmp_path / "log.txt"
    monkeypatch.setattr(outcome, "LOG_FILE", log)
    fake = _season_book(tmp_path)

    def broken(*args, **kwargs):
        raise RuntimeError("no dialogs")

    fake.app.alert = broken
    text = buttons.check_workbook(fake)
    assert text.startswith("No problems found.")
    assert "No problems found." in log.read_text(encoding="utf-8")


def test_keizer_save_setting_asks_excel_to_save(tmp_path):
    fake = _season_book(tmp_path)
    conf = fake.add_sheet("xlwings.conf")
    conf.cells.update({(1, 1): "Interpreter_Win", (1, 2): "C:\\python.exe",
                       (2, 1): "Keizer Save", (2, 2): True})
    text = buttons.update_standings(fake)
    assert fake.saved == 1 and "The workbook was saved." in text


def test_entry_points_use_the_calling_book(tmp_path, monkeypatch):
    fake = _season_book(tmp_path)

    class Book:
        @staticmethod
        def caller():
            return fake

    class XW:
        pass

    XW.Book = Book
    monkeypatch.setitem(sys.modules, "xlwings", XW)
    assert buttons.check_workbook().startswith("No problems found.")
    assert fake.app.alerts


def test_entry_points_named_in_vba_exist():
    for name in buttons.ENTRY_POINTS:
        fn = getattr(buttons, name)
        assert all(p.default is not inspect.Parameter.empty
                   for p in inspect.signature(fn).parameters.values())


# --------------------------------------------------------------------------- xlwings Lite


def test_lite_scripts_run_the_same_actions(tmp_path):
    from keizer_xl import lite  # the entry module main.py imports: its __all__ is the scripts

    fake = _season_book(tmp_path)
    assert lite.update_standings(fake).startswith("Standings after round 22")
    assert lite.check_workbook(fake).startswith("No problems found.")
    assert lite.pair_next_round_anyway(fake).startswith("Round 24 is paired")
    for name in lite.__all__:
        assert list(inspect.signature(getattr(lite, name)).parameters) == ["book"]


# --------------------------------------------------------------------------- the stand-in itself


def _real_xlwings():
    xlwings_main = pytest.importorskip("xlwings.main")
    return xlwings_main


@pytest.mark.parametrize("fake_cls, real_name", [
    (excel_fake.FakeBook, "Book"), (excel_fake.FakeSheets, "Sheets"), (excel_fake.FakeSheet, "Sheet"),
    (excel_fake.FakeRange, "Range"), (excel_fake.FakeTable, "Table"), (excel_fake.FakeApp, "App"),
    (excel_fake._Font, "Font"), (excel_fake.FakeFreezePanes, "FreezePanes"),
])
def test_the_stand_in_offers_only_real_xlwings_api(fake_cls, real_name):
    """What the transport may call on the stand-in exists in xlwings with the same parameters,
    so the transport cannot pass its tests by using an API that xlwings lacks."""
    real = getattr(_real_xlwings(), real_name)
    test_only = {"add_sheet", "from_file", "grid", "table", "ref", "alerts", "calls", "saved",
                 "cells", "formats", "bold", "colors", "widths", "frozen", "frozen_rows", "frozen_cols",
                 "last_row", "last_col",
                 "min_row", "min_col", "max_row", "max_col", "headers", "totals"}
    names = {n for n in dir(fake_cls) if not n.startswith("_")} - test_only
    instance_attrs = {"name", "app", "sheets", "book", "sheet", "row", "column", "parent"}
    for name in sorted(names | (instance_attrs & set(fake_cls.__init__.__code__.co_names))):
        if name in test_only:
            continue
        assert hasattr(real, name), f"xlwings {real_name} has no {name}"
        fake_attr = getattr(fake_cls, name, None)
        real_attr = getattr(real, name)
        if inspect.isfunction(fake_attr) and inspect.isfunction(real_attr):
            fake_params = list(inspect.signature(fake_attr).parameters)[1:]
            real_params = list(inspect.signature(real_attr).parameters)[1:]
            assert fake_params == real_params[:len(fake_params)], (real_name, name)


def test_a_note_below_the_results_table_is_never_overwritten(tmp_path):
    import openpyxl
    from openpyxl.utils.cell import range_boundaries

    source = tmp_path / "with note.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    ws = wb["Results"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == 23 and row[3].value:
            row[4].value = "1-0"
    (table,) = ws.tables.values()
    ws.cell(range_boundaries(table.ref)[3] + 3, 1).value = "checked by the arbiter"
    wb.save(source)
    _path, filebook, fake, book = both(tmp_path, source, "copy.xlsx")
    before = fake_grid(fake, "Results")
    for transport in (filebook, book):
        with pytest.raises(Exception, match="below the table holds 'checked by the arbiter'"):
            app_pair.run(transport)
    assert fake_grid(fake, "Results") == before and "Pairings" not in [s.name for s in fake.sheets]
