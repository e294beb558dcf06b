"""Issue 27: one table of report types -> renderer, one table of commands, and every command
returns a report of the types its row names (shown by the one table)."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
from helpers import make_workbook

from keizer_xl.frontends import cli, cli_season
from keizer_xl.frontends.commands import COMMANDS, build_parser
from keizer_xl.frontends.render import renderers, report_key
from keizer_xl.frontends.shown import Done

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"
#: *Report classes that are parts of another report, never shown alone
PARTS = {"BookReport"}  # app/batch.py: one workbook's recomputation, a row of BatchReport


def report_classes() -> set[str]:
    """Every class named ...Report defined in the use cases and the front ends."""
    found = set()
    for path in [*(ROOT / "keizer_xl" / "app").glob("*.py"),
                 *(ROOT / "keizer_xl" / "frontends").glob("*.py")]:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and node.name.endswith("Report"):
                found.add(node.name)
    return found - PARTS


def test_every_report_type_has_exactly_one_renderer():
    import importlib

    table = renderers()
    for key in table:  # every row names a report type that exists
        module, name = key.split(":")
        assert report_key(getattr(importlib.import_module(module), name)) == key
    names = [key.split(":")[1] for key in table]
    assert len(names) == len(set(names))  # one row per type (and no two types named alike)
    assert report_classes() <= set(names), report_classes() - set(names)
    # no renderer shows two report types: each row its own function
    words = [r.words for r in table.values()]
    assert len(words) == len(set(words))


def test_every_command_names_reports_of_the_table_and_the_table_only_those():
    table = renderers()
    named = set()
    for command in COMMANDS:
        types = command.report_types()
        assert types, command.name
        for t in types:
            assert report_key(t) in table, (command.name, t)
        named.update(report_key(t) for t in types)
    assert named == set(table)  # no renderer without a command (the buttons' are commands too)
    assert len({c.name for c in COMMANDS}) == len(COMMANDS)


def test_the_parser_is_the_table():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.choices and "standings" in a.choices)
    assert list(sub.choices) == [c.name for c in COMMANDS]
    for command in COMMANDS:
        options = {o for a in sub.choices[command.name]._actions for o in a.option_strings}
        positional = [a.dest for a in sub.choices[command.name]._actions
                      if not a.option_strings]
        for a in command.args:
            if a.names[0].startswith("-"):
                assert set(a.names) <= options, (command.name, a.names)
            else:
                assert a.names[0] in positional
        assert "--language" in options


def test_a_command_that_returns_no_report_of_its_row_is_a_bug(monkeypatch, capsys, log):
    monkeypatch.setattr(cli_season, "cmd_check", lambda args: (42, Done()))
    assert cli.main(["check", str(SAMPLE)]) == 1
    assert "unexpected error (TypeError: check returned a int" in capsys.readouterr().err


@pytest.fixture
def log(tmp_path, monkeypatch):
    from keizer_xl.frontends import outcome

    monkeypatch.setattr(outcome, "LOG_FILE", tmp_path / "keizer-xl.log")
    return tmp_path / "keizer-xl.log"


def test_every_command_returns_its_report(tmp_path, monkeypatch, capsys):
    """Each command that runs without LibreOffice or Excel, run through main(): the report its
    function returned is one of its row's types (run_command checks it; this records it)."""
    seen: list[tuple[str, str]] = []
    real = cli.describe

    def spy(result, *args, **kwargs):
        if not isinstance(result, BaseException):
            seen.append((current[0], type(result).__name__))
        return real(result, *args, **kwargs)

    current = [""]
    monkeypatch.setattr(cli, "describe", spy)
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    runs = [
        ["new", tmp_path / "new.xlsx"],
        ["new", tmp_path / "new.xlsm"],
        ["check", book],
        ["standings", book, "--no-write"],
        ["standings", book, "--no-write", "--period", "1"],
        ["pair", book, "--dry-run", "--force"],
        ["explain", book, "Noor Bakker"],
        ["audit", book],
        ["compare", book, "--no-write"],
        ["export", book, "--csv", "--out", tmp_path / "club.csv"],
        ["export", book, "--trf", tmp_path / "club.trf"],
        ["new-season", book, tmp_path / "next.xlsx"],
        ["import", tmp_path / "club.trf", tmp_path / "imported.xlsx"],
        ["batch", book, "--out", tmp_path / "out", "--quiet", "--jobs", "1"],
        ["excel-setup", "--export-vba", tmp_path / "vba"],
        ["excel-config", tmp_path / "new.xlsx", "--for", "win", "--python", "C:/Python/python.exe"],
        ["lo-install", "--profile", tmp_path / "profile", "--no-check"],
        ["players", book, "--list", tmp_path / "list.csv", "--dry-run"],
        ["schedule", make_workbook(tmp_path / "rr.xlsx", {
            "Settings": [["Setting", "Value"], ["round_robin", "all"]],
            "Players": [["Name"], ["Ann"], ["Bob"], ["Cor"]]})],
    ]
    (tmp_path / "list.csv").write_text("Name;Rating\nNoor Bakker;1800\n", encoding="utf-8")
    for argv in runs:
        current[0] = str(argv[0])
        code = cli.main([str(a) for a in argv])
        out = capsys.readouterr()
        assert code in (0, 1), (argv, out.err)
    assert seen == [
        ("new", "TemplateReport"), ("new", "XlsmReport"), ("check", "CheckReport"),
        ("standings", "StandingsReport"), ("standings", "PeriodReport"),
        ("pair", "PairingReport"), ("explain", "ExplainReport"), ("audit", "AuditReport"),
        ("compare", "CompareReport"), ("export", "PublishReport"), ("export", "ExportReport"),
        ("new-season", "NewSeasonReport"), ("import", "ImportReport"),
        ("batch", "BatchReport"), ("excel-setup", "VbaFilesReport"),
        ("excel-config", "ExcelConfigReport"), ("lo-install", "MacroInstallReport"),
        ("players", "PlayersReport"), ("schedule", "ScheduleReport")]
    # every command of the table but the two that need LibreOffice itself (lo-buttons,
    # lo-run: tests/clients/test_libreoffice.py runs them)
    assert {c for c, _ in seen} == {c.name for c in COMMANDS} - {"lo-buttons", "lo-run"}


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_the_help_is_in_the_language_asked(lang, capsys):
    """The table's help texts are catalog ids: `--help --language nl` is Dutch, argparse's own
    words too; English stays the default."""
    from keizer_xl.i18n import translator

    tr = translator(lang)
    for command in COMMANDS:
        with pytest.raises(SystemExit) as stop:
            cli.main([command.name, "--help", "--language", lang])
        assert stop.value.code == 0
        text = "".join(capsys.readouterr().out.split())  # argparse wraps the lines (at hyphens too)
        for a in command.args:
            english = a.options.get("help")
            if english:
                assert "".join(tr(english).split()) in text, (command.name, english)
                assert "".join(english.split()) not in text, (command.name, english)
        assert "show this help message" not in text
    with pytest.raises(SystemExit):
        cli.main(["--help", "--language", lang])
    text = "".join(capsys.readouterr().out.split())
    assert all("".join(tr(c.help).split()) in text for c in COMMANDS)
    with pytest.raises(SystemExit):
        cli.main(["pair", "--help", "--language", "en"])
    assert "paireventhoughthepreviousroundstilllacksresults" in "".join(
        capsys.readouterr().out.split())


def test_the_buttons_are_one_table():
    """Every front end's button names are the table's (app/button_actions.py): the Excel
    entry points and VBA macros, Lite's scripts, the LibreOffice macro file's functions,
    lo_run's functions and the lo-run command's actions."""
    import re

    from keizer_xl.app.button_actions import BUTTON_ACTIONS, USE_CASES
    from keizer_xl.clients import lo_run
    from keizer_xl.frontends import excel_buttons, lite, lo_macro

    names = [a.function for a in BUTTON_ACTIONS]
    assert tuple(names) == excel_buttons.ENTRY_POINTS
    for name in names:
        assert callable(getattr(excel_buttons, name)) and callable(getattr(lite, name))
    vba = (ROOT / "keizer_xl" / "macros" / "KeizerXL.bas").read_text(encoding="utf-8")
    for a in BUTTON_ACTIONS:
        assert re.search(rf"Sub {a.macro}\(\)\s+RunPython \"import keizer_xl.excel as k; "
                         rf"k.{a.function}\(\)\"", vba), a
    lo_file = (ROOT / "keizer_xl" / "macros" / "keizer_xl_lo.py").read_text(encoding="utf-8")
    exported = re.search(r"g_exportedScripts = \(([^)]*)\)", lo_file).group(1)
    assert sorted(re.findall(r"\w+", exported)) == sorted(names)
    assert set(lo_run.FUNCTIONS) == set(USE_CASES) == set(lo_macro.ACTIONS)
    lo_run_row = next(c for c in COMMANDS if c.name == "lo-run")
    action = next(a for a in lo_run_row.args if a.names == ("action",))
    assert action.options["choices_from"] == "keizer_xl.app.button_actions:USE_CASES"
    parser = build_parser(words=["lo-run"])
    sub = next(a for a in parser._actions if a.choices and "lo-run" in a.choices)
    assert next(a for a in sub.choices["lo-run"]._actions
                if a.dest == "action").choices == USE_CASES
