"""The LibreOffice client against the openpyxl one: the same actions give the same sheets.

Real LibreOffice (headless soffice + the Python script provider + python3-uno) runs here; the
tests skip, saying why, only when soffice or a Python with ``uno`` is missing (.ci/run installs
them).  One soffice is started for the module and reused through $KEIZER_XL_LO_PIPE; one test
starts its own, the way `keizer-xl lo-run` does for a user, and checks nothing is left running.
"""
from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients import backup_files, lo_install, lo_run
from keizer_xl.clients.xlsx import open_book

from support.languages import run as run_cli
from support.office import needs_lo
from support.timing import within

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"


def values(path, sheet) -> list[list]:
    """A sheet's values as openpyxl reads them, without trailing empty rows and columns."""
    ws = openpyxl.load_workbook(path)[sheet]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((max((i + 1 for i, v in enumerate(r) if v is not None), default=0) for r in rows),
                default=0)
    return [r[:width] + [None] * (width - len(r[:width])) for r in rows]


def layout(path, sheet) -> dict:
    ws = openpyxl.load_workbook(path)[sheet]
    widths = {}
    for _key, dim in ws.column_dimensions.items():
        if dim.width:
            for col in range(dim.min or 1, (dim.max or dim.min or 1) + 1):
                widths[col] = round(dim.width, 1)
    fit = ws.sheet_properties.pageSetUpPr is not None and ws.sheet_properties.pageSetUpPr.fitToPage
    return {"freeze": ws.freeze_panes, "title_rows": ws.print_title_rows,
            "title_cols": ws.print_title_cols, "orientation": ws.page_setup.orientation,
            # fitToWidth counts only when fitting to pages (LibreOffice writes 1 regardless)
            "fit_width": ws.page_setup.fitToWidth if fit else None,
            "scale": None if fit else ws.page_setup.scale,
            "header": ws.oddHeader.center.text, "footer": ws.oddFooter.center.text,
            "bold_header": bool(ws["A1"].font.b), "widths": widths,
            "tables": {n: ws.tables[n].ref for n in ws.tables}}


def copy_sample(tmp_path, name) -> Path:
    dest = tmp_path / name
    shutil.copyfile(SAMPLE, dest)
    return dest


# --------------------------------------------------------------------------- without LibreOffice

def test_macro_shipped_in_package_is_the_repository_macro():
    repo = (ROOT / "macros" / "keizer_xl_lo.py").read_bytes()
    assert (ROOT / "keizer_xl" / "macros" / "keizer_xl_lo.py").read_bytes() == repo
    assert lo_install.macro_source().encode("utf-8") == repo


def test_macro_exports_exactly_the_six_actions():
    """The three buttons, the two ways out of a refusal the message box names
    (pair_round_again, pair_next_round_anyway: outcome._HINTS['libreoffice']) and the
    rating list's update (update_ratings, issue 37)."""
    tree = ast.parse((ROOT / "macros" / "keizer_xl_lo.py").read_text(encoding="utf-8"))
    exported = [node for node in tree.body if isinstance(node, ast.Assign)
                and any(getattr(t, "id", "") == "g_exportedScripts" for t in node.targets)]
    assert len(exported) == 1
    names = ["pair_next_round", "update_standings", "check_workbook", "pair_round_again",
             "pair_next_round_anyway", "update_ratings"]
    assert [e.id for e in exported[0].value.elts] == names
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for name in names:
        assert functions[name].args.vararg is not None  # (*args): a button passes its event


def test_lo_install_writes_macro_and_paths(tmp_path, capsys):
    profile = tmp_path / "user"
    code, out, err = run_cli(capsys, "lo-install", "--profile", profile, "--no-check")
    assert code == 0, err
    folder = profile / "Scripts" / "python"
    assert (folder / "keizer_xl_lo.py").read_text(encoding="utf-8") == lo_install.macro_source()
    config = json.loads((folder / "keizer_xl_lo.json").read_text(encoding="utf-8"))
    assert str(ROOT) in config["paths"]  # where keizer_xl is (an editable install: the repo)
    assert config["python_version"] == "{}.{}".format(*sys.version_info[:2])
    assert "Installed the LibreOffice macro" in out


def test_importing_the_transports_needs_no_libreoffice():
    code = (
        "import sys, keizer_xl.clients.libreoffice, keizer_xl.frontends.lo_macro, keizer_xl.clients.lo_run; "
        "print('uno' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# --------------------------------------------------------------------------- lo-run vs the file writer

@needs_lo
def test_standings_in_libreoffice_equal_the_file_writer(office, tmp_path, capsys):
    by_file, by_lo = copy_sample(tmp_path, "file.xlsx"), copy_sample(tmp_path, "lo.xlsx")
    code, out_file, err = run_cli(capsys, "standings", by_file)
    assert code == 0, err
    code, out_lo, err = run_cli(capsys, "lo-run", by_lo, "standings")
    assert code == 0, err
    assert "Wrote Standings" in err
    assert out_lo.splitlines()[1:] == out_file.splitlines()[1:]  # the same table is printed
    assert values(by_lo, "Standings") == values(by_file, "Standings")
    assert layout(by_lo, "Standings") == layout(by_file, "Standings")
    # one layout: the same named font, fills and number formats as the file writer (issue 8)
    lo_ws, file_ws = (openpyxl.load_workbook(p)["Standings"] for p in (by_lo, by_file))
    # the title line (A1) and the header row (3) are bold; the table starts in row 4 (issue 9)
    for ref in ("A1", "A3", "B3", "A4", "C4", "B7", "A38"):
        lo_cell, file_cell = lo_ws[ref], file_ws[ref]
        assert (lo_cell.font.name, lo_cell.font.sz, bool(lo_cell.font.b)) == \
            (file_cell.font.name, file_cell.font.sz, bool(file_cell.font.b)) == \
            ("Calibri", 11, ref in ("A1", "A3", "B3")), ref
        assert lo_cell.fill.fgColor.rgb[-6:] == file_cell.fill.fgColor.rgb[-6:] or \
            not (lo_cell.fill.fill_type or file_cell.fill.fill_type), ref
        assert lo_cell.number_format.endswith(file_cell.number_format.replace("General", "")), ref
    for sheet in ("Settings", "Players", "Attendance", "Results"):  # the user's sheets: kept
        assert values(by_lo, sheet) == values(SAMPLE, sheet)
        assert layout(by_lo, sheet)["tables"] == layout(SAMPLE, sheet)["tables"]
        assert layout(by_lo, sheet)["freeze"] == layout(SAMPLE, sheet)["freeze"]
    assert backup_files.backups(by_lo)[-1].read_bytes() == SAMPLE.read_bytes()
    assert not list(tmp_path.glob(".~lock*"))


@needs_lo
def test_pairing_in_libreoffice_equals_the_file_writer(office, tmp_path, capsys):
    by_file, by_lo = copy_sample(tmp_path, "file.xlsx"), copy_sample(tmp_path, "lo.xlsx")
    code, out_file, err = run_cli(capsys, "pair", by_file, "--force")
    assert code == 0, err
    code, out_lo, err = run_cli(capsys, "lo-run", by_lo, "pair", "--force")
    assert code == 0, err
    assert out_lo == out_file
    assert values(by_lo, "Pairings") == values(by_file, "Pairings")
    assert layout(by_lo, "Pairings") == layout(by_file, "Pairings")
    assert values(by_lo, "Results") == values(by_file, "Results")  # the games appended
    assert layout(by_lo, "Results")["tables"] == layout(by_file, "Results")["tables"]
    new_rows = open_book(by_lo).read_table("Results").rows[329:]
    assert new_rows and all(r[0] == 24 and r[4] in (None, "bye") for r in new_rows)
    ws = openpyxl.load_workbook(by_lo)["Results"]  # appended rows are formatted as the others
    assert ws.cell(331, 5).number_format == ws.cell(2, 5).number_format == "@"


@needs_lo
def test_R1_repair_in_libreoffice_replaces_the_rows_the_reader_counts(office, tmp_path, capsys):
    """The `R1` repair bug (issue 8) through LibreOffice: Round cells that read `R1` are the
    rows replaced, not left behind with the new boards appended after them."""
    from support.helpers import keizer_example_sheets, make_workbook

    sheets = keizer_example_sheets(with_round_2=False)
    sheets["Results"] = [sheets["Results"][0]] + [["R1", b, w, k, None]
                                                  for _, b, w, k, _ in sheets["Results"][1:]]
    sheets["Attendance"][4][1] = "E"  # Slager (row 5) sends word for round 1
    book = make_workbook(tmp_path / "r1.xlsx", sheets)
    code, _out, err = run_cli(capsys, "lo-run", book, "pair", "--round", "1", "--repair")
    assert code == 0, err
    rows = [r for r in values(book, "Results")[1:] if any(v is not None for v in r)]
    assert len(rows) == 5, rows  # 9 present: four boards and a bye, no old board left
    assert sum(r[4] == "bye" for r in rows) == 1
    assert all("Slager" not in (r[2], r[3]) for r in rows)
    code, _, err = run_cli(capsys, "check", book)
    assert code == 0, err


@needs_lo
def test_the_macro_names_its_macro_and_lo_run_the_flag(office, tmp_path, capsys):
    """One refusal, two wordings: the LibreOffice message box names the macro, the command
    line (`lo-run`) the flag (frontends/outcome.py)."""
    book = copy_sample(tmp_path, "season.xlsx")
    from keizer_xl.app.button_actions import ActionRequest
    from keizer_xl.frontends.shown import Outcome

    outcome = Outcome.of_answer(lo_run.run_macro(book, ActionRequest("pair")))
    assert (outcome.status, outcome.exit_code, outcome.hint) == ("refused", 1, "force")
    assert "pair_next_round_anyway" in outcome.box_text and "--force" not in outcome.box_text
    code, _, err = run_cli(capsys, "lo-run", book, "pair")
    assert code == 1 and "--force" in err and "pair_next_round_anyway" not in err


@needs_lo
def test_a_workbook_with_problems_is_listed_and_left_unchanged(office, tmp_path, capsys):
    book = tmp_path / "bad.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    wb["Results"]["E2"] = "1/0"
    wb["Results"]["C3"] = "Nobody Known"
    wb.save(book)
    before = book.read_bytes()
    code, _, err_file = run_cli(capsys, "standings", book, "--no-write")
    assert code == 1
    code, out, err = run_cli(capsys, "lo-run", book, "standings")
    assert code == 1
    problems = [line for line in err.splitlines() if line.startswith("Results!")]
    assert len(problems) == 2 and problems[0].startswith("Results!E2: ")
    assert problems == [line for line in err_file.splitlines() if line.startswith("Results!")]
    assert "nothing was written" in err
    code, out_check, _ = run_cli(capsys, "check", book)
    assert code == 1
    code, out, _ = run_cli(capsys, "lo-run", book, "check")  # listed as `keizer-xl check` does
    assert code == 1 and out == out_check
    assert book.read_bytes() == before
    assert backup_files.backups(book) == []


@needs_lo
def test_a_sheet_that_cannot_be_written_is_a_message_not_a_crash(office, tmp_path, capsys):
    book = tmp_path / "locked.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    standings = wb.create_sheet("Standings")  # the engine's (its title line), but protected
    standings["A1"] = "Schaakclub Oost · Standings after round 21 · 2026-11-30"
    standings.protection.sheet = True
    standings.protection.password = "secret"
    wb.save(book)
    before = book.read_bytes()
    code, _, err = run_cli(capsys, "lo-run", book, "standings")
    assert code == 1
    assert "protected" in err and "Standings" in err
    assert book.read_bytes() == before
    code, _, err = run_cli(capsys, "lo-run", book, "check")  # LibreOffice is still fine
    assert code == 0, err


@needs_lo
def test_a_club_sheet_under_an_engine_name_is_kept_in_libreoffice(office, tmp_path, capsys):
    """UNO reads the engine's mark like the file client (issue 34): a club's own Standings
    refuses, naming it; the Standings LibreOffice wrote is the engine's at the next run."""
    book = tmp_path / "club.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    wb.create_sheet("Standings").append(["Club champions since 1950"])
    wb.save(book)
    before = book.read_bytes()
    code, _, err = run_cli(capsys, "lo-run", book, "standings")
    assert code == 1 and "was not written by keizer-xl" in err and "Standings" in err, err
    assert book.read_bytes() == before
    ours = copy_sample(tmp_path, "ours.xlsx")
    for _ in range(2):
        code, _, err = run_cli(capsys, "lo-run", ours, "standings")
        assert code == 0, err


@needs_lo
def test_refusals_keep_the_exit_codes(office, tmp_path, capsys):
    book = copy_sample(tmp_path, "season.xlsx")
    before = book.read_bytes()
    code, _, err = run_cli(capsys, "lo-run", book, "pair")  # round 23 has no results yet
    assert code == 1 and "--force" in err
    code, _, err = run_cli(capsys, "lo-run", book, "standings", "--round", "40")
    assert code == 2 and "round 40" in err
    code, _, err = run_cli(capsys, "lo-run", tmp_path / "missing.xlsx", "standings")
    assert code == 2
    code, _out, err = run_cli(capsys, "lo-run", book, "check")
    assert code == 0
    assert book.read_bytes() == before


# --------------------------------------------------------------------------- a private soffice

def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting for its parent does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][:1]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _group_members(pgid: int) -> list[int]:
    members = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                fields = (proc / "stat").read_text().split(") ", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(proc.name))
    return members


@needs_lo
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to list processes")
def test_lo_run_starts_and_stops_its_own_libreoffice(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(lo_run.CONNECT_ENV, raising=False)
    started_offices = []
    real_start = lo_run.Office.start

    def start(self):
        real_start(self)
        started_offices.append((self.process.pid, self.profile, self.pipe))

    monkeypatch.setattr(lo_run.Office, "start", start)
    book = copy_sample(tmp_path, "own.xlsx")
    with within(60):
        code, out, err = run_cli(capsys, "lo-run", book, "standings", "--format", "json")
    assert code == 0, err
    assert json.loads(out)[0]["rank"] == 1
    assert len(started_offices) == 1
    pid, profile, pipe = started_offices[0]
    assert not _alive(pid) and _group_members(pid) == []  # soffice and all it started: gone
    assert not profile.exists()  # the private profile is removed
    assert not (Path(tempfile.gettempdir()) / f"OSL_PIPE_{os.getuid()}_{pipe}").exists()


# --------------------------------------------------------------------------- buttons

@needs_lo
def test_buttons_need_ods_and_survive_saving_and_running(office, tmp_path, capsys):
    book = copy_sample(tmp_path, "club.xlsx")
    code, _, err = run_cli(capsys, "lo-buttons", book)
    assert code == 1 and "--ods" in err
    code, out, err = run_cli(capsys, "lo-buttons", book, "--ods")
    assert code == 0, err
    ods = tmp_path / "club.ods"
    assert "Pair next round" in out and "location=user" in out
    code, _, err = run_cli(capsys, "lo-buttons", ods)  # again: replaced, not doubled
    assert code == 0, err
    code, _, err = run_cli(capsys, "lo-run", ods, "standings")  # what a click runs
    assert code == 0, err
    buttons = lo_run.inspect_buttons(ods, office=office)
    assert sorted((b["label"], b["macros"][0].split("$")[1].split("?")[0]) for b in buttons) == [
        ("Check", "check_workbook"), ("Pair next round", "pair_next_round"),
        ("Update standings", "update_standings")]
    assert {b["sheet"] for b in buttons} == {"Instructions"}


# --------------------------------------------------------------------------- UnoBook vs FileBook

EXERCISE = r'''
"""The same Book operations on any transport; run under LibreOffice's Python for UnoBook."""
import json, os, sys
from datetime import datetime


def exercise(book):
    import pandas as pd
    from keizer_xl.sheets.layout import SheetStyle, sheet_layout

    seen = {}

    def snap(label):
        for name in ("Games", "Plain"):
            t = book.read_table(name)
            seen[f"{label}:{name}"] = [t.sheet, list(t.headers), [list(r) for r in t.rows],
                                       t.header_row, t.first_column]

    seen["sheets"] = book.sheet_names()
    snap("read")
    frame = pd.DataFrame({"Rank": [1, 2, 3, 4], "Name": ["=HYPERLINK(x)", "Bo", "Cy", "Di"],
                          "Score": [10.5, 9.25, 8.0, None], "R1": [1, 0.5, 0, 2],
                          "Id": [123456789, 2, 3, 4]})  # an int column: fitted as the file writer
    style = SheetStyle(title="Test & check", number_formats={"Score": "0.00", "R1": "General"},
                       widths={"Name": 20}, highlight_rows=3, notes=("a note", "=not a formula"),
                       blocks=(("Absent", pd.DataFrame({"Name": ["Ed"], "Code": ["E"]})),))
    book.write_sheet("Standings", sheet_layout(frame, style))
    book.write_sheet("Pairings", sheet_layout(frame.iloc[:2], SheetStyle(landscape=True)))
    book.append_rows("Games", [{"round": 3, "WHITE": "=1+1", "Black": "007", "Result": "1-0"},
                               {"Round": 3, "White": "Cy", "Black": None, "Result": "bye"}])
    book.append_rows("Plain", [{"name": "Zed", "CODE": "U"}])
    book.delete_rows("Games", [0, 2])
    book.delete_rows("Plain", [1])
    snap("final")
    seen["messages"] = list(getattr(book, "messages", []))
    book.save()
    return json.loads(json.dumps(seen, default=str))


if __name__ == "__main__":  # python3 this.py PIPE BOOK PATHS_JSON  (LibreOffice's Python)
    sys.path[:0] = json.loads(sys.argv[3])
    import uno
    from com.sun.star.beans import PropertyValue
    from keizer_xl.clients.libreoffice import UnoBook

    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    ctx = resolver.resolve(f"uno:pipe,name={sys.argv[1]};urp;StarOffice.ComponentContext")
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    hidden = PropertyValue()
    hidden.Name, hidden.Value = "Hidden", True
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(sys.argv[2]), "_blank", 0,
                                       (hidden,))
    try:
        result = exercise(UnoBook(doc))
    finally:
        doc.close(True)
    print(json.dumps(result))
    sys.stdout.flush()
    os._exit(0)
'''


def _put(ws, row, col, value):
    cell = ws.cell(row, col)
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"  # text, even when it starts with '='


def _small_workbook(path: Path) -> None:
    """A table not at A1 with a row typed under it, a plain sheet, an old Standings."""
    from datetime import datetime

    from openpyxl.worksheet.table import Table

    wb = openpyxl.Workbook()
    games = wb.active
    games.title = "Games"
    games["A1"] = "Games of the season"
    rows = [("Round", "White", "Black", "Result", "Note"),
            (1, "Al", "Bo", "1-0", "=starts with equals"),
            (1, "Cy", "Di", "½-½", datetime(2025, 9, 1, 20, 0)),
            (None, None, None, None, None),
            (2, "Al", "Cy", "0-1", True)]  # typed directly under the table
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                _put(games, 3 + r, 2 + c, value)
    games.add_table(Table(displayName="tblGames", ref="B3:F6"))
    games["H4"] = "a note beside the table"
    plain = wb.create_sheet("Plain")
    for r, row in enumerate([("Name", "Code", None, "Extra"), ("Al", "E", None, 2.5),
                             (None, None, None, None), ("Bo", "007", None, None),
                             ("Cy", None, None, 7)]):
        for c, value in enumerate(row):
            if value is not None:
                _put(plain, 1 + r, 1 + c, value)
    plain["B12"] = "   "  # blank: not a data row
    old = wb.create_sheet("Standings")
    old["Z50"] = "old content"
    old.merge_cells("A1:C1")
    wb.save(path)


@needs_lo
def test_unobook_reads_and_writes_like_filebook(office, tmp_path):
    helper = tmp_path / "exercise.py"
    helper.write_text(textwrap.dedent(EXERCISE), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("lo_exercise", helper)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    by_file, by_lo = tmp_path / "file.xlsx", tmp_path / "lo.xlsx"
    _small_workbook(by_file)
    shutil.copyfile(by_file, by_lo)

    expected = module.exercise(open_book(by_file))
    done = subprocess.run([office.python, str(helper), office.pipe, str(by_lo),
                           json.dumps(lo_install.import_paths())], capture_output=True, text=True,
                          timeout=120, env=lo_install.clean_env())
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    for key in expected:
        assert got[key] == expected[key], key
    assert expected["read:Games"][3:] == [3, 2]  # the table's header row and first column
    assert len(expected["read:Games"][2]) == 4  # the row typed under the table belongs to it

    for sheet in ("Games", "Plain", "Standings", "Pairings"):
        # LibreOffice saves a TRUE cell to .xlsx as the formula =TRUE(): the same for Excel
        lo = [[True if v == "=TRUE()" else v for v in row] for row in values(by_lo, sheet)]
        assert lo == values(by_file, sheet), sheet
    for sheet in ("Standings", "Pairings"):
        assert layout(by_lo, sheet) | {"freeze": None} == layout(by_file, sheet) | {"freeze": None}
    assert layout(by_lo, "Games")["tables"] == layout(by_file, "Games")["tables"]
    ws = openpyxl.load_workbook(by_lo)["Standings"]
    assert ws["B2"].value == "=HYPERLINK(x)" and ws["B2"].data_type == "s"  # text, not formula
    assert ws["A2"].fill.fgColor.rgb.endswith("FFD966")  # gold
    assert ws["C2"].number_format.endswith("0.00")
    assert openpyxl.load_workbook(by_lo)["Games"]["H4"].value == "a note beside the table"


def _note_below_results(path: Path) -> None:
    """The sample with round 23's results typed in and a note under the Results table."""
    wb = openpyxl.load_workbook(SAMPLE)
    ws = wb["Results"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == 23 and row[3].value:
            row[4].value = "1-0"
    (table,) = ws.tables.values()
    last = openpyxl.utils.cell.range_boundaries(table.ref)[3]
    ws.cell(last + 3, 1).value = "checked by the arbiter"
    wb.save(path)


def test_a_note_below_the_results_table_is_never_overwritten(tmp_path, capsys):
    book = tmp_path / "note.xlsx"
    _note_below_results(book)
    before = book.read_bytes()
    code, _, err = run_cli(capsys, "pair", book)
    assert code == 1 and "below the table holds 'checked by the arbiter'" in err
    assert "nothing was written" in err and book.read_bytes() == before


@needs_lo
def test_a_note_below_the_results_table_in_libreoffice(office, tmp_path, capsys):
    book = tmp_path / "note.xlsx"
    _note_below_results(book)
    before = book.read_bytes()
    code, _, err = run_cli(capsys, "lo-run", book, "pair")
    assert code == 1 and "below the table holds 'checked by the arbiter'" in err
    assert book.read_bytes() == before


def test_a_group_column_typed_beside_the_players_range_is_read_in_libreoffice(office, tmp_path,
                                                                              capsys):
    """Issue 26: LibreOffice does not widen the Players range for a column typed right beside
    it; `lo-run pair` reads its Groep column all the same (as the file client does), so the
    groups are paired apart."""
    path = tmp_path / "club.xlsx"
    assert run_cli(capsys, "new", path, "--language", "nl")[0] == 0
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    assert ws.tables["tblPlayers"].ref.split(":")[1].startswith("G")  # the table ends at G
    ws["H1"] = "Groep"
    names = ["Anna", "Bert", "Carla", "Dirk", "Eva", "Frits"]
    for i, name in enumerate(names, start=2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, 1800 - 10 * i)
        ws.cell(i, 8, "A" if i < 5 else "B")
    wb.save(path)
    code, out, err = run_cli(capsys, "lo-run", path, "pair")
    assert code == 0, (out, err)
    boards = [row for row in openpyxl.load_workbook(path)["Uitslagen"].iter_rows(
        min_row=2, values_only=True) if row[0]]
    assert len(boards) == 4  # two groups of three: a game and a bye in each
    for board in boards:
        pair = {board[2], board[3]} - {None}
        assert pair <= set(names[:3]) or pair <= set(names[3:]), boards


@needs_lo
def test_update_ratings_in_libreoffice(office, tmp_path, capsys):
    """Issue 37: the LibreOffice macro update_ratings (``lo-run BOOK players``) reads the list
    the rating_list setting names beside the workbook, and fills the Players cells."""
    from support.rating_list_files import P, write_fide_txt

    book = copy_sample(tmp_path, "season.xlsx")
    write_fide_txt(tmp_path / "fide.txt", [P("1000010", "Bakker, Noor", "NED", "F", "WIM", 2150, 1990)])
    wb = openpyxl.load_workbook(book)
    wb["Settings"].append(["rating_list", "fide.txt"])
    wb.save(book)
    code, out, err = run_cli(capsys, "lo-run", book, "players")
    assert "Noor Bakker, FIDE id: - -> 1000010" in out, out + err
    players = {row[0]: row for row in values(book, "Players")[1:]}
    header = values(book, "Players")[0]
    assert players["Noor Bakker"][header.index("FIDE id")] == 1000010
    assert players["Noor Bakker"][header.index("Title")] == "WIM"
    assert code == 0, err
