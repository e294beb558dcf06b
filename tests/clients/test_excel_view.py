"""Column widths and the frozen header per xlwings engine (keizer_xl.clients.excel_view), through
the transport on the stand-in, which refuses what each real engine refuses."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from support.excel_fake import FakeBook, com_error
from keizer_xl.app import pair as app_pair
from keizer_xl.app import standings as app_standings
from keizer_xl.clients import excel_view
from keizer_xl.clients.excel import XlwingsBook

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"


def _book(tmp_path, engine):
    path = tmp_path / "club.xlsx"
    shutil.copy(SAMPLE, path)
    return FakeBook.from_file(path, name="club.xlsm", engine=engine)


def test_excel_width_rule_for_the_default_font():
    # Calibri 11: (28 characters * 7 px + 5 px padding) * 0.75 pt/px = 150.75 pt
    assert excel_view.chars_to_points(28) == 150.75
    assert excel_view.chars_to_points(5) == 30.0  # (35 + 5) * 0.75


def test_lite_gets_widths_in_points_and_only_the_title_and_header_rows_frozen(tmp_path):
    fake = _book(tmp_path, "remote")
    app_standings.run(XlwingsBook(fake), app_standings.StandingsRequest())
    sheet = fake.sheets["Standings"]
    # the header by content: row 3, under the title line and a blank row (issue 9)
    name_col = next(c for (r, c), v in sheet.cells.items() if r == 3 and v == "Name")
    # the desktop run of the same sheet gives Name 21 characters (tests/test_excel.py)
    assert sheet.widths[name_col] == excel_view.chars_to_points(21) == 114.0
    assert (sheet.frozen, sheet.frozen_rows, sheet.frozen_cols) == ("1:3", 3, 0)


def test_desktop_widths_in_characters_and_no_freeze_panes_call(tmp_path):
    fake = _book(tmp_path, "excel")
    app_standings.run(XlwingsBook(fake), app_standings.StandingsRequest())
    sheet = fake.sheets["Standings"]
    # the header by content: row 3, under the title line and a blank row (issue 9)
    name_col = next(c for (r, c), v in sheet.cells.items() if r == 3 and v == "Name")
    assert sheet.widths[name_col] == 21  # as wide as the longest name shown (issue 26)
    assert not [c for c in fake.calls if c[0] == "freeze_at"]


def test_the_stand_in_refuses_what_desktop_excel_refuses(tmp_path):
    fake = _book(tmp_path, "excel")
    sheet = fake.sheets["Players"]
    with pytest.raises(AttributeError):
        sheet.freeze_panes.freeze_at("A2")
    with pytest.raises(com_error):   # 150.75 is a width in points: too wide in characters
        sheet.range((1, 1), (1, 300)).column_width = 300
    lite = _book(tmp_path, "remote").sheets["Players"]
    lite.freeze_panes.freeze_at("A2")   # Office.js freezeAt: rows 1-2 AND column A
    assert (lite.frozen_rows, lite.frozen_cols) == (2, 1)


class _Window:
    def __init__(self):
        self.log = []

    def __setattr__(self, name, value):
        if name != "log":
            self.log.append((name, value))
        object.__setattr__(self, name, value)


def test_windows_freezes_row_1_through_the_com_window(tmp_path, monkeypatch):
    fake = _book(tmp_path, "excel")
    window = _Window()

    class _AppApi:
        ActiveWindow = window

    class _App:
        api = _AppApi()

    class _SheetWithBook:
        def __init__(self, sheet):
            self.sheet = sheet
            self.book = type("B", (), {"app": _App()})()

        def activate(self):
            self.sheet.activate()

    monkeypatch.setattr(sys, "platform", "win32")
    assert excel_view.freeze_header(_SheetWithBook(fake.sheets["Players"]), 1, "excel") is True
    assert window.log == [("FreezePanes", False), ("SplitColumn", 0), ("SplitRow", 1),
                          ("FreezePanes", True)]
    assert ("activate", "Players") in fake.calls


def test_macos_desktop_says_it_did_not_freeze(tmp_path, monkeypatch):
    fake = _book(tmp_path, "excel")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert excel_view.freeze_header(fake.sheets["Players"], 1, "excel") is False


def test_each_action_reads_the_sheet_names_once(tmp_path, monkeypatch):
    """Every sheet name is a round trip to Excel (an Apple Event on a Mac): the transport lists
    them once per action (before: 9 times for standings, 12 for a pairing)."""
    from support import excel_fake

    reads = []
    real_iter = excel_fake.FakeSheets.__iter__
    monkeypatch.setattr(excel_fake.FakeSheets, "__iter__",
                        lambda self: (reads.append(1), real_iter(self))[1])
    fake = _book(tmp_path, "excel")
    app_standings.run(XlwingsBook(fake), app_standings.StandingsRequest())
    assert len(reads) == 1
    reads.clear()
    app_pair.run(XlwingsBook(fake), app_pair.PairRequest(force=True))
    assert len(reads) == 1
