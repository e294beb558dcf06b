"""No English in a Dutch or German run that reaches a process (issue 20): the refusals and usage
errors of lo-run, whose LibreOffice Python is a stand-in script here."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.sheets import schema

from support.helpers import uno_python_without_script_provider
from support.no_english import REFUSAL_WORDS, english, refused, season_in


def _commands() -> set[str]:
    """Every command of the command line, from its parser (a new command is covered or this
    test fails)."""
    import argparse

    from keizer_xl.frontends.cli import build_parser

    return {name for action in build_parser()._actions
            if isinstance(action, argparse._SubParsersAction) for name in action.choices}


def _refusals(tmp_path: Path, book: Path, lang: str) -> dict[str, list[tuple[object, ...]]]:
    """Each command's refusals and usage errors on ``book`` (an existing Dutch or German
    workbook), none with --language."""
    trf = tmp_path / "club.trf"
    bad_trf = tmp_path / "bad.trf"  # line 2: a player line whose columns are shifted
    bad_trf.write_text("012 Club\n001    1 m    Anna                              1800 NED   "
                       "         0 1990/01/01  0.0    1\n001 zzz\n", encoding="utf-8")
    shutil.copy(book, book.with_suffix(".xlsm"))  # excel-setup: its .xlsm is there already
    bad_book = tmp_path / "bad.xlsx"  # a setting that is no number: batch reports it failed
    wb = openpyxl.load_workbook(book)
    settings = wb[schema.sheet_name("Settings", lang)]
    for row in settings.iter_rows(min_row=2):
        if row[0].value == "top_value":
            row[1].value = "abc"
    wb.save(bad_book)
    fide = tmp_path / "players_list_foa.txt"  # FIDE's list has no clubs: --club is refused
    fide.write_text("ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit\n", encoding="utf-8")
    return {
        "new": [("new", book)],
        "new-season": [("new-season", book, book),
                       ("new-season", book, tmp_path / "next.xlsx", "--start", "foo")],
        "standings": [("standings", book, "--after-round", "99"), ("standings", book, "--period", "5"),
                      ("standings", book, "--format", "xml")],
        "check": [("check", book, "--bogus")],
        "schedule": [("schedule", book), ("schedule", book, "--format", "xml")],
        "pair": [("pair", book, "--round", "9"), ("pair", book, "--group", "Q")],
        "batch": [("batch", book, "--jobs", "0"), ("batch", book, tmp_path / "missing.xlsx"),
                  ("batch", book, "--out", book), ("batch", bad_book)],
        "explain": [("explain", book, "Jan"), ("explain", book, "Zzyzx"), ("explain", book)],
        "audit": [("audit", book, "--round", "x")],
        "compare": [("compare", book, "--method", "nonsense")],
        "export": [("export", book), ("export", book, "--rounds", "8-5", "--trf", trf),
                   ("export", book, "--trf", trf, "--strict"),
                   ("export", book, "--knsb"), ("export", book, "--rounds", "5-8"),
                   ("export", book, "--html", "--csv", "--out", tmp_path / "a.txt"),
                   ("export", book, "--csv", "--csv-separator", ",", "--decimal", ",")],
        # (import: the language of the existing target, as without --language)
        "import": [("import", book, book), ("import", tmp_path / "missing.s3db", book),
                   ("import", bad_trf, book), ("import", bad_trf, book, "--force")],
        "excel-setup": [("excel-setup", book, "--export-vba", book),
                        ("excel-setup", book), ("excel-setup", book, "--python")],
        "excel-config": [("excel-config", book, "--python", "/nowhere/python"),
                         ("excel-config", book, "--for", "win")],
        "lo-install": [("lo-install", "--bogus")],
        "lo-buttons": [("lo-buttons", book), ("lo-buttons", book, "--timeout", "x")],
        "lo-run": [("lo-run", book, "bogus"), ("lo-run", book, "pair", "--round", "99"),
                   ("lo-run", book, "standings")],  # (LibreOffice without its script provider)
        "players": [("players", book), ("players", book, "--list", tmp_path / "missing.txt"),
                    ("players", book, "--list", bad_trf),
                    ("players", book, "--list", fide, "--club", "601")],
    }


def _fake_office_without_script_provider(tmp_path: Path, monkeypatch) -> None:
    """LibreOffice whose Python answers the macro call with UNO's raw XScriptProvider error."""
    from keizer_xl.clients import lo_run

    fake = uno_python_without_script_provider(tmp_path)
    real = lo_run.Office
    monkeypatch.setattr(lo_run, "Office", lambda: real(pipe="keizer-xl-test", python=str(fake)))


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_every_refusal_and_usage_error_speaks_the_workbook_language(tmp_path, capsys, lang,
                                                                    monkeypatch):
    """Issue 26: each command's refusals and usage errors on a Dutch (German) workbook, with
    no --language, on a system whose language is English: not one English word (option names
    like --after-round are syntax, left out).  Every command of the parser is run; a command
    that names no workbook (lo-install) speaks the system's language, so it runs under LANG."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    book, _ = season_in(tmp_path, capsys, lang)
    _fake_office_without_script_provider(tmp_path, monkeypatch)
    refusals = _refusals(tmp_path, book, lang)
    assert set(refusals) == _commands()
    found: dict[str, set[str]] = {}
    for command, runs in refusals.items():
        for argv in runs:
            if command == "lo-install":
                monkeypatch.setenv("LANG", {"nl": "nl_NL.UTF-8", "de": "de_DE.UTF-8"}[lang])
            text = re.sub(r"--[\w-]+", " ", refused(capsys, *argv))
            monkeypatch.setenv("LANG", "C.UTF-8")
            assert text.strip(), argv
            for line in text.splitlines():
                # (the words of the command's own syntax, its argument names and METAVARS,
                # are left out)
                line = re.sub(r"\b(?:name|book|old|new|source|action|[A-Z][A-Z_]*)\b",
                              " ", line)
                line = re.sub(r"(?:[\w.~-]*/)+[\w.~-]+", " ", line)  # paths
                line = re.sub(r"'[^']*'|\{[^}]*\}", " ", line)  # what is typed: choices
                hits = english(line, lang) | (REFUSAL_WORDS & {
                    w.lower() for w in re.findall(r"[A-Za-z]+", line)})
                if hits:
                    found.setdefault(f"{argv[0]} {argv[2:]}: {line.strip()[:100]}",
                                     set()).update(hits)
    assert not found, "\n".join(f"{where}  {sorted(w)}" for where, w in found.items())
