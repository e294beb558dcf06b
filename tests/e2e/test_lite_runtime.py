"""Contract tests: the shipped xlwings Lite main.py through xlwings' own Lite runtime code (the real
remote engine and the real @script decorator, see tests/support/lite_runtime.py), on the sample season.

Marked ``xlwings_remote``: CI runs them (``python -m pytest`` runs every test); they need the
xlwings pinned by keizer-xl and use ``XLWINGS_LICENSE_KEY=noncommercial`` (xlwings PRO's remote
engine is free for noncommercial use, which keizer-xl is)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

pytest.importorskip("xlwings")
pytestmark = pytest.mark.xlwings_remote

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"
MAIN = ROOT / "templates" / "xlwings_lite_main.py"
ACTIONS = ("pair_next_round", "update_standings", "check_workbook", "pair_round_again",
           "pair_next_round_anyway", "update_ratings")


def lite(book: Path, script: str) -> dict:
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "support" / "lite_runtime.py"), str(book),
                           str(MAIN), script], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "never awaited" not in done.stderr, done.stderr
    return json.loads(done.stdout)


def test_main_py_exposes_every_action_as_a_lite_script():
    got = lite(SAMPLE, "check_workbook")
    assert got["engine"] == "remote"
    assert got["scripts"] == sorted(ACTIONS)


def test_update_standings_writes_the_standings_sheet_and_alerts():
    actions = lite(SAMPLE, "update_standings")["actions"]
    funcs = [a["func"] for a in actions]
    add = next(a for a in actions if a["func"] == "addSheet")
    assert "Standings" in add["args"]
    values = [a for a in actions if a["func"] == "setValues"]
    # the header row (under the title line, issue 9) is written: found by content
    assert any(row and row[0] == "Rank" for a in values for row in a["values"])
    widths = [a["args"][0] for a in actions if a["func"] == "setColumnWidth"]
    assert widths and max(widths) >= 100, widths       # points (Name ~ 24 characters = 129.75)
    assert ["1:3"] in [a["args"] for a in actions if a["func"] == "freezePaneAtRange"]  # title, blank, header
    alert = [a for a in actions if a["func"] == "alert"]
    assert len(alert) == 1 and alert[0]["args"][0].startswith("Standings after round 22")
    assert funcs[-1] == "alert"


def test_pair_next_round_writes_pairings_and_results_and_alerts(tmp_path):
    book = tmp_path / "club.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    ws = wb["Results"]
    for row in ws.iter_rows(min_row=2):  # round 23 is paired in the sample: give it results
        if row[0].value == 23 and row[3].value:
            row[4].value = "1-0"
    wb.save(book)
    actions = lite(book, "pair_next_round")["actions"]
    alert = [a for a in actions if a["func"] == "alert"]
    assert len(alert) == 1 and alert[0]["args"][0].startswith("Round 24 is paired"), alert
    sheet_names = openpyxl.load_workbook(book, read_only=True).sheetnames
    results = sheet_names.index("Results")
    assert any(a["func"] == "setValues" and a["sheet_position"] == results for a in actions)
    assert any(a["func"] == "addSheet" and "Pairings" in a["args"] for a in actions) or \
        "Pairings" in sheet_names


def test_lite_messages_name_scripts_not_alt_f8():
    # round 23 is paired and has no results: pairing again is refused with a hint
    actions = lite(SAMPLE, "pair_next_round")["actions"]
    (alert,) = [a for a in actions if a["func"] == "alert"]
    text = alert["args"][0]
    assert "Alt+F8" not in text and "pair_next_round_anyway" in text, text


def test_the_scripts_without_buttons_pair_in_lite_too():
    sheets = openpyxl.load_workbook(SAMPLE, read_only=True).sheetnames
    anyway = lite(SAMPLE, "pair_next_round_anyway")["actions"]
    assert "Pairings" not in sheets
    assert any(a["func"] == "addSheet" and "Pairings" in a["args"] for a in anyway)
    assert any(a["func"] == "resizeTable" and a["sheet_position"] == sheets.index("Results")
               for a in anyway)                       # the games appended to the Results table
    (alert,) = [a["args"][0] for a in anyway if a["func"] == "alert"]
    assert alert.startswith("Round 24 is paired: 16 boards, bye: Sanne de Groot.")
    again = lite(SAMPLE, "pair_round_again")["actions"]
    assert any(a["func"] == "rangeDelete" for a in again)  # the old boards of round 23 go
    (alert,) = [a["args"][0] for a in again if a["func"] == "alert"]
    assert alert.startswith("Round 23 is paired again: 13 boards")
