"""One error tree and one outcome (issue 8 item 3, issue 11 item 1).

The pure function (:func:`keizer_xl.frontends.outcome.describe`) for every exception kind and
every front end's wording of a hint; then each front end through its own entry: the command
line through ``main()`` and as a process (a console that cannot encode a name), the Excel
buttons and Lite over ``tests/support/excel_fake.py``, the LibreOffice macro's Python function.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import shutil
from pathlib import Path

import openpyxl
import pytest

import keizer_xl
from keizer_xl import errors
from keizer_xl.app import check as app_check, standings as app_standings
from keizer_xl.errors import (ActionError, ClientError, InputError, KeizerError,
                              MissingPartError, Problem, SetupError, UsageError)
from keizer_xl.frontends import outcome
from keizer_xl.frontends.cli import main
from keizer_xl.frontends import shown
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.outcome import describe

from support.helpers import keizer_example_sheets, make_workbook
from support.sources import GROUP, tree

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"
FLAG = re.compile(r"(?<![\w-])--[a-z]")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def keizer_book(tmp_path):
    return make_workbook(tmp_path / "keizer.xlsx", keizer_example_sheets())


@pytest.fixture
def log(tmp_path, monkeypatch):
    path = tmp_path / "keizer-xl.log"
    monkeypatch.setattr(outcome, "LOG_FILE", path)
    return path


# --------------------------------------------------------------------------- the tree


def _package_exceptions():
    """Every exception class defined in the package (modules that need LibreOffice's or
    Excel's own libraries to import are read as text instead)."""
    found = {}
    for info in pkgutil.walk_packages(keizer_xl.__path__, "keizer_xl."):
        for node in ast.walk(tree(Path(importlib.util.find_spec(info.name).origin))):
            if isinstance(node, ast.ClassDef) and any(
                    re.search(r"(Error|Exception|NotFound)$", ast.unparse(b)) for b in node.bases):
                found[f"{info.name}.{node.name}"] = info.name
    return found


@GROUP
def test_every_exception_of_the_package_has_the_one_root():
    found = _package_exceptions()
    assert len(found) >= 14, sorted(found)
    # the LibreOffice driver runs in LibreOffice's own Python (it imports nothing of keizer-xl)
    # and its errors become a JSON answer that lo_run raises as a LibreOfficeRunError
    found.pop("keizer_xl.clients._lo_driver.DriverError")
    for qualified, module in found.items():
        cls = getattr(importlib.import_module(module), qualified.rsplit(".", 1)[1])
        assert issubclass(cls, KeizerError), qualified


def test_problem_carries_sheet_and_cell():
    p = Problem("Results!E5", "'1/0' is not a result")
    assert str(p) == "Results!E5: '1/0' is not a result"
    assert str(Problem("", "there are no players")) == "there are no players"
    # the old import path still works for code that has not moved yet
    from keizer_xl.errors import InputError as Old
    assert Old is InputError


@GROUP
def test_an_action_never_names_a_command_line_flag():
    """Actions and the rules raise hint keys; only the front ends word them (ARCHITECTURE.md)."""
    app = ROOT / "keizer_xl" / "app"
    for path in [app / "write_season.py", app / "button_actions.py",
                 *(ROOT / "keizer_xl" / "core").glob("*.py"),
                 *(ROOT / "keizer_xl" / "sheets").glob("*.py")]:
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not FLAG.search(node.value), f"{path.name}:{node.lineno}: {node.value!r}"


def test_a_hint_key_must_be_known():
    with pytest.raises(ValueError):
        ActionError("x", hint="--force")


# --------------------------------------------------------------------------- the pure function


def test_a_report_no_renderer_shows_is_a_bug():
    with pytest.raises(TypeError, match="no renderer shows a object"):
        describe(object(), "cli")


def test_problems_are_listed_with_their_cells_and_exit_1():
    exc = InputError([Problem("Results!E5", "'1/0' is not a result"),
                      Problem("Attendance!B3", "'Q' is not an attendance code")])
    for front in Front:
        out = describe(exc, front)
        assert (out.status, out.exit_code) == ("problems", 1)
        assert out.problems == ("Results!E5: '1/0' is not a result",
                                "Attendance!B3: 'Q' is not an attendance code")
        if front in ("excel", "lite"):  # Excel's box: one paragraph under its own heading
            assert out.lines == (("Nothing was changed. There are 2 problems to fix (sheet!cell: "
                                  "what):\n- Results!E5: '1/0' is not a result\n- "
                                  "Attendance!B3: 'Q' is not an attendance code"),)
        else:
            assert out.lines[-1] == "2 problems found; nothing was written."


HINTED = {  # hint key -> what each front end must name (and no other front end's words)
    "force": {"cli": "--force", "excel": "PairNextRoundAnyway",
              "lite": "script pair_next_round_anyway", "libreoffice": "macro pair_next_round_anyway"},
    "repair": {"cli": "--repair", "excel": "PairRoundAgain", "lite": "script pair_round_again",
               "libreoffice": "macro pair_round_again"},
    "round": {"cli": "--round N", "excel": "PairRoundAgain", "lite": "script pair_round_again",
              "libreoffice": "macro pair_round_again"},
}


@pytest.mark.parametrize("hint", sorted(HINTED))
@pytest.mark.parametrize("front", Front)
def test_each_front_end_words_the_hint_itself(hint, front):
    exc = ActionError("round 23 has no results yet. Enter them", hint=hint)
    out = describe(exc, front)
    assert (out.status, out.exit_code, out.hint) == ("refused", 1, hint)
    assert out.message == "round 23 has no results yet. Enter them"
    text = out.text
    # Excel and Lite open with "Nothing was changed" (describe words every front end's box)
    assert text.startswith("Nothing was changed: Round 23 has no results yet. Enter them"
                           if front in ("excel", "lite") else
                           "round 23 has no results yet. Enter them")
    assert HINTED[hint][front] in text
    if front != "cli":
        assert not FLAG.search(text), text  # a button user is never told to "use --force"
    others = {w for f, w in HINTED[hint].items() if f != front} - {HINTED[hint][front]}
    assert not any(w in text for w in others if w not in HINTED[hint][front]), text
    where = {"excel": "Alt+F8", "lite": "task pane", "libreoffice": "Tools > Macros"}
    if front in where:
        assert where[front] in text


def test_refusal_and_usage_exit_codes():
    assert describe(ActionError("round 40 has no results yet", usage=True)).exit_code == 2
    assert describe(ActionError("only 1 player present")).exit_code == 1
    assert describe(UsageError("club.xlsx: no such file")).status == "usage"


def test_client_setup_and_lookup_errors():
    from keizer_xl.clients.lo_run import LibreOfficeRunError
    from keizer_xl.clients.files import WorkbookFileError

    assert describe(WorkbookFileError("club.xlsx is damaged")).exit_code == 1
    assert describe(LibreOfficeRunError("LibreOffice is not installed", usage=True)).exit_code == 2
    assert describe(SetupError("Excel could not open club.xlsx")).exit_code == 1
    assert describe(SetupError("give the path (--python PATH)", usage=True)).exit_code == 2
    missing = MissingPartError("club.xlsx has no sheet 'Results'")
    assert isinstance(missing, KeyError) and isinstance(missing, ClientError)
    out = describe(missing, "libreoffice")
    # a LibreOffice box ends the refusal as a sentence (describe; was lo_macro's)
    assert (out.status, out.exit_code, out.lines) == ("refused", 1,
                                                      ("club.xlsx has no sheet 'Results'.",))
    from keizer_xl.analysis.explain import PlayerNotFound
    assert describe(PlayerNotFound("no player 'Jansn' (did you mean Jansen?)")).exit_code == 1


@pytest.mark.parametrize("front", Front)
def test_an_unexpected_error_is_a_message_with_the_log_never_a_traceback(front):
    out = describe(KeyError("Standings"), front, log="/tmp/keizer-xl.log")
    assert (out.status, out.exit_code) == ("error", shown.EXIT_UNEXPECTED) == ("error", 1)
    assert "(KeyError: Standings)" in out.lines[0] and "not in your workbook" in out.lines[0]
    assert "Nothing was written." in out.lines
    assert any("/tmp/keizer-xl.log" in line for line in out.lines)
    assert "Traceback" not in out.text


def test_a_failure_after_the_write_says_so():
    out = describe(RuntimeError("disk full"), "cli", written=True)
    assert "Nothing was written." not in out.lines
    assert "The workbook had already been written when this happened." in out.lines
    refused = describe(ActionError("x"), "excel", written=None)
    assert "close it without saving" in refused.text


def test_write_log_appends_the_traceback(log):
    try:
        {}["Standings"]
    except KeyError as exc:
        where = outcome.write_log("test", exc)
    assert where == str(log)
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "KeyError: 'Standings'" in text


# --------------------------------------------------------------------------- the command line


def _round_cells(path, rnd_text):
    wb = openpyxl.load_workbook(path)
    return [[c.value for c in row] for row in wb["Results"].iter_rows(min_row=2)
            if row[0].value in (rnd_text,)]


def test_R1_repair_replaces_the_rows_the_reader_counts(tmp_path, capsys):
    """`pair --round 1 --repair` on Round cells that read `R1` (accepted by the reader) used to
    keep the old boards and append new ones; `check` then refused the tool's own workbook."""
    sheets = keizer_example_sheets(with_round_2=False)
    sheets["Results"] = [sheets["Results"][0]] + [["R1", b, w, k, None]
                                                  for _, b, w, k, _ in sheets["Results"][1:]]
    book = make_workbook(tmp_path / "r1.xlsx", sheets)
    wb = openpyxl.load_workbook(book)
    wb["Attendance"]["B5"] = "E"  # Slager (row 5) sends word for round 1
    wb.save(book)
    code, _out, err = run(capsys, "pair", book, "--round", "1", "--repair")
    assert code == 0, err
    wb = openpyxl.load_workbook(book)
    rows = [[c.value for c in r] for r in wb["Results"].iter_rows(min_row=2)
            if any(c.value is not None for c in r)]
    # 9 present: four boards and a bye, nothing left of the old five boards
    assert len(rows) == 5, rows
    assert sum(r[4] == "bye" for r in rows) == 1
    assert all("Slager" not in (r[2], r[3]) for r in rows)
    assert run(capsys, "check", book)[0] == 0


def test_pair_round_beyond_the_next_is_a_usage_error(keizer_book, capsys):
    before = keizer_book.read_bytes()
    code, _, err = run(capsys, "pair", keizer_book, "--round", "99")
    assert code == 2, err
    assert "round 99 cannot be paired yet: the next round to pair is 3" in err
    assert run(capsys, "pair", keizer_book, "--round", "4", "--dry-run")[0] == 2
    assert keizer_book.read_bytes() == before
    assert run(capsys, "pair", keizer_book, "--round", "3", "--dry-run")[0] == 0


def test_refusals_are_worded_for_the_command_line(keizer_book, capsys):
    assert run(capsys, "pair", keizer_book)[0] == 0
    code, _, err = run(capsys, "pair", keizer_book)
    assert code == 1
    assert ("keizer-xl: round 2 has no results yet" in err or
            "round 3 has no results yet" in err) and "--force to pair anyway" in err
    code, _, err = run(capsys, "pair", keizer_book, "--round", "3")
    assert code == 1 and "round 3 is already paired; use --repair to pair it again" in err


def test_the_clients_warnings_reach_the_command_line(keizer_book, capsys, monkeypatch):
    from keizer_xl.clients.xlsx import FileBook

    save = FileBook.save

    def noted(self, *args, **kwargs):
        self.message("a note from the client")
        return save(self, *args, **kwargs)

    monkeypatch.setattr(FileBook, "save", noted)
    for argv in (["standings"], ["pair"]):
        code, _, err = run(capsys, argv[0], keizer_book, *argv[1:])
        assert code == 0, err
        assert "warning: a note from the client" in err


def test_the_open_workbook_warning_is_printed(keizer_book, capsys):
    lock = keizer_book.with_name("~$" + keizer_book.name)
    lock.write_bytes(b"")
    _, _, err = run(capsys, "standings", keizer_book)
    assert lock.name in err  # warned (or refused: either way the user is told)


def test_an_unexpected_error_in_the_cli(keizer_book, capsys, monkeypatch, log):
    def boom(*args, **kwargs):
        raise KeyError("Standings")

    monkeypatch.setattr(app_standings, "run", boom)
    monkeypatch.delenv("KEIZER_XL_DEBUG", raising=False)
    code, _, err = run(capsys, "standings", keizer_book)
    assert code == 1
    assert "keizer-xl: unexpected error (KeyError: Standings)" in err
    assert str(log) in err and "Nothing was written." in err and "Traceback" not in err
    assert "boom" in log.read_text(encoding="utf-8")
    monkeypatch.setenv("KEIZER_XL_DEBUG", "1")
    code, _, err = run(capsys, "standings", keizer_book)
    assert code == 1 and "Traceback" in err


def test_a_failure_after_the_write_is_reported_truthfully(keizer_book, capsys, monkeypatch, log):
    from keizer_xl.frontends import render_season

    def broken(*args, **kwargs):
        raise RuntimeError("the printer is on fire")

    monkeypatch.setattr(render_season, "standings_table", broken)
    code, _, err = run(capsys, "standings", keizer_book)
    assert code == 1
    assert "had already been written" in err and "Nothing was written" not in err
    assert "Standings" in openpyxl.load_workbook(keizer_book).sheetnames


def test_the_same_setup_error_has_the_same_exit_code_in_both_commands(tmp_path, capsys,
                                                                        monkeypatch):
    from keizer_xl.clients import excel_setup
    from keizer_xl.clients import xlwings_conf
    from keizer_xl.clients.xlsx.new_book import build_template

    book = tmp_path / "club.xlsx"
    build_template(book)

    def refuse(*args, **kwargs):
        raise SetupError("Excel could not open club.xlsx")

    monkeypatch.setattr(excel_setup, "setup_workbook", refuse)
    monkeypatch.setattr(xlwings_conf, "write_config", refuse)
    code_setup, _, err1 = run(capsys, "excel-setup", book, "--via-excel")
    code_config, _, err2 = run(capsys, "excel-config", book, "--for", "win", "--python", "C:\\p")
    assert code_setup == code_config == 1
    assert "Excel could not open club.xlsx" in err1 and "Excel could not open club.xlsx" in err2


# --------------------------------------------------------------------------- Excel and Lite


def _fake_book(tmp_path):
    from support.excel_fake import FakeBook

    path = tmp_path / "s.xlsx"
    shutil.copy(SAMPLE, path)
    return FakeBook.from_file(path, name="Club season 2025.xlsm")


def test_excel_buttons_word_their_hints_and_show_the_clients_messages(tmp_path, monkeypatch):
    from keizer_xl.frontends import excel_buttons

    fake = _fake_book(tmp_path)
    text = excel_buttons.pair_next_round(fake)  # round 23 has no results yet
    assert "PairNextRoundAnyway" in text and not FLAG.search(text)
    lite = excel_buttons.run_action("pair", fake, front="lite", show=lambda t, m: None)
    assert "pair_next_round_anyway" in lite and "task pane" in lite and not FLAG.search(lite)

    def warn(target, request=None):
        target.message("a note from the client")
        return app_check.CheckReport((), ())

    monkeypatch.setattr(app_check, "run", warn)
    assert "a note from the client" in excel_buttons.check_workbook(fake)


def test_excel_unexpected_error_names_the_log(tmp_path, monkeypatch, log):
    from keizer_xl.frontends import excel_buttons

    def boom(*args, **kwargs):
        raise KeyError("Standings")

    monkeypatch.setattr(app_standings, "run", boom)
    fake = _fake_book(tmp_path)
    text = excel_buttons.update_standings(fake)
    assert text.startswith("Something unexpected went wrong (KeyError: Standings)")
    assert str(log) in text and "Traceback" not in text
    assert fake.app.alerts[-1]["mode"] == "critical"


def test_lite_run_action_keeps_its_signature():
    from keizer_xl.frontends.excel_buttons import run_action

    params = inspect.signature(run_action).parameters
    assert list(params)[:2] == ["action", "book"] and params["show"].kind is params["show"].KEYWORD_ONLY


# --------------------------------------------------------------------------- LibreOffice macro


def test_lo_macro_words_hints_for_libreoffice_and_keeps_the_key():
    from keizer_xl.frontends import lo_macro

    result = lo_macro._failure(ActionError("round 23 has no results yet. Enter them",
                                           hint="force"))
    assert (result.status, result.exit_code) == ("refused", 1)
    assert "macro pair_next_round_anyway" in result.box_text and "Tools > Macros" in result.box_text
    assert not FLAG.search(result.box_text)
    assert (result.message, result.hint) == ("round 23 has no results yet. Enter them", "force")
    # lo-run asks for the command line's words: the same refusal names the flag
    cli = lo_macro._failure(ActionError("round 23 has no results yet. Enter them", hint="force"),
                            "cli")
    assert "--force" in cli.lines[0] and "pair_next_round_anyway" not in cli.text


def test_lo_macro_unexpected_error_is_an_error_not_a_refusal(log):
    from keizer_xl.frontends import lo_macro

    try:
        {}["Standings"]
    except KeyError as exc:
        result = lo_macro._failure(exc)
    assert (result.status, result.exit_code) == ("error", 1)
    assert "Something unexpected went wrong (KeyError: Standings)" in result.box_text
    assert str(log) in result.box_text and "Traceback" in result.detail
    missing = lo_macro._failure(MissingPartError("no sheet 'Results'"))
    assert missing.status == "refused" and missing.box_text == "no sheet 'Results'."


def test_every_front_has_every_hint():
    assert set(outcome._HINTS) == set(Front)
    for front in Front:
        assert set(outcome._HINTS[front]) == set(errors.HINTS)
