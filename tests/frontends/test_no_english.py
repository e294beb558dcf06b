"""Issue 16 item 3: no English phrase in a Dutch or German workbook's outputs.

A season is played as a Dutch (German) club would: the template in that language, absences with
the club's letters, a late entrant and a withdrawal, four rounds paired and played.  Then every
command a competition leader uses runs on it, and every sheet the engine writes, the HTML page
and every line printed are scanned for English words.  Player names, file paths, setting keys
and values (they stay English in every language: KEIZER-RULES.md), command names and the
contract's own words that the languages share (``Score`` is the Dutch header too) are left out.
JSON output is not checked: its keys stay English by design.
"""
from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.core.rules import KNOWN_KEYS
from keizer_xl.core.presets import PRESETS
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema
from tests.helpers import uno_python_without_script_provider

#: English words that are no Dutch or German words (``was``, ``bye``, ``in``, ``top``, ``rank``
#: and ``variant`` are, in one or the other, and stay out)
ENGLISH = {
    "after", "against", "and", "absent", "board", "boards", "colour", "excused", "unexcused",
    "every", "games", "left", "moved", "player", "players", "points", "round", "rounds", "season",
    "standings", "the", "this", "which", "with", "won", "lost", "drew", "worth", "winner",
    "largest", "previous", "explanation", "note", "warning", "wrote", "paired", "pairing",
    "pairings", "results", "member", "yet", "value", "values", "opponent", "white", "black",
    "period", "group", "category", "written", "problems", "problem", "found", "nothing", "refused",
    "because", "instead", "rose", "fell", "stayed", "places", "place", "overtaken", "passed",
    "counted"
}
#: words of the contract or of the settings that every language writes as they are
SHARED = {"nl": {"score", "problem"}, "de": {"problem", "problems"}}

NAMES = ["Anna Bos", "Bram de Wit", "Cor Visser", "Dirk Mulder", "Eva Smit", "Frits Bakker",
         "Gert Jansen", "Hans Peters", "Ilse Meijer", "Joost de Boer", "Karin Dekker",
         "Lars Vos"]
LETTERS = {"nl": ("A", "Z", "T"), "de": ("E", "U", "M")}
RESULTS = {"nl": ["1-0", "0-1", "remise", "1-0", "0-1R"], "de": ["1:0", "0:1", "remis", "1-0", "0-1F"]}
WITHDRAWN = {"nl": "teruggetrokken 3", "de": "zurückgezogen 3"}


def _cli(capsys, *argv) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code in (0, 1), (argv, out, err)
    return out + "\n" + err


def _column(ws, kind: str, key: str, lang: str) -> int:
    header = [c.value for c in ws[1]]
    return header.index(schema.header(kind, key, lang)) + 1


def _season(tmp_path: Path, capsys, lang: str) -> tuple[Path, list[str]]:
    book = tmp_path / "club.xlsx"
    printed = [_cli(capsys, "new", book, "--language", lang)]
    wb = openpyxl.load_workbook(book)
    ws = wb[schema.sheet_name("Players", lang)]
    for i, name in enumerate(NAMES, start=2):
        ws.cell(i, _column(ws, "Players", "name", lang), name)
        ws.cell(i, _column(ws, "Players", "rating", lang), 2000 - 20 * i)
    ws.cell(4, _column(ws, "Players", "joined", lang), 2)            # a late entrant
    ws.cell(7, _column(ws, "Players", "status", lang), WITHDRAWN[lang])  # a withdrawal
    wb.save(book)
    for rnd in range(1, 5):
        wb = openpyxl.load_workbook(book)
        ws = wb[schema.sheet_name("Attendance", lang)]
        header = [c.value for c in ws[1]]
        col = header.index(f"R{rnd}") + 1
        rows = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
        for name in NAMES:
            if name not in rows:
                rows[name] = max(rows.values(), default=1) + 1
                ws.cell(rows[name], 1, name)
        for k, name in enumerate(NAMES[8 + rnd % 3: 11 + rnd % 3][:2]):
            ws.cell(rows[name], col, LETTERS[lang][(rnd + k) % 3])
        wb.save(book)
        printed.append(_cli(capsys, "pair", book))
        wb = openpyxl.load_workbook(book)
        ws = wb[schema.sheet_name("Results", lang)]
        col = _column(ws, "Results", "result", lang)
        for i, r in enumerate(range(2, ws.max_row + 1)):
            if ws.cell(r, col).value is None and ws.cell(r, col - 1).value:
                ws.cell(r, col, RESULTS[lang][i % len(RESULTS[lang])])
        wb.save(book)
    return book, printed


def _english(text: str, lang: str) -> set[str]:
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"(?:[\w.~-]*/)+[\w.~-]+|[\w-]+\.(?:xlsx|xlsm|html|csv|trf|log)", " ", text)
    text = re.sub(r"keizer-xl \S+", " ", text)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    keys = {p for k in KNOWN_KEYS for p in k.split("_")} | set(PRESETS)
    return (words & ENGLISH) - SHARED.get(lang, set()) - keys


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_a_dutch_or_german_season_prints_and_writes_no_english(tmp_path, capsys, lang,
                                                                monkeypatch):
    book, printed = _season(tmp_path, capsys, lang)
    printed += [_cli(capsys, *argv) for argv in (
        ("check", book), ("standings", book), ("explain", book, NAMES[0]),
        ("compare", book, "--no-write"), ("audit", book), ("pair", book, "--dry-run"),
        ("export", book, "--html", "--out", tmp_path / "club.html"),
        ("export", book, "--csv", "--out", tmp_path / "club.csv"),
        ("export", book, "--trf", tmp_path / "club.trf"),
        ("new-season", book, tmp_path / "next.xlsx"),
        ("excel-setup", book), ("excel-setup", book.with_suffix(".xlsm")),
        ("excel-config", book, "--for", "win", "--python", "C:/Python311/python.exe"),
        ("batch", book, "--compare"))]  # (with its progress lines)
    # (lo-install names no workbook: it speaks the system's language)
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", {"nl": "nl_NL.UTF-8", "de": "de_DE.UTF-8"}[lang])
    printed.append(_cli(capsys, "lo-install", "--profile", tmp_path / "profile", "--no-check"))
    monkeypatch.delenv("LANG")
    found: dict[str, set[str]] = {}
    for i, text in enumerate(printed):
        for line in text.splitlines():
            hits = _english(line, lang)
            if hits:
                found.setdefault(f"output {i}: {line.strip()[:90]}", set()).update(hits)
    page = (tmp_path / "club.html").read_text(encoding="utf-8")
    page = re.sub(r"<style.*?</style>|<script.*?</script>", " ", page, flags=re.S)
    for line in html.unescape(re.sub(r"<[^>]+>", "\n", page)).splitlines():
        hits = _english(line, lang)
        if hits:
            found.setdefault(f"html: {line.strip()[:90]}", set()).update(hits)
    written = openpyxl.load_workbook(tmp_path / "club.keizer.xlsx")
    inputs = {schema.sheet_name(k, lang) for k in schema.INPUT_SHEETS}
    assert {schema.sheet_name(k, lang) for k in ("Standings", "History", "Crosstable",
                                                 "Explain", "Audit", "Compare")} \
        <= set(written.sheetnames)
    for ws in written:
        if ws.title in inputs:
            continue
        texts = [v for row in ws.iter_rows(values_only=True) for v in row if isinstance(v, str)]
        texts += [part.text for hf in (ws.oddHeader, ws.oddFooter) if hf is not None
                  for part in (hf.left, hf.center, hf.right) if part.text]
        for text in texts:
            hits = _english(text, lang)
            if hits:
                found.setdefault(f"{ws.title}: {text.strip()[:90]}", set()).update(hits)
    assert not found, "\n".join(f"{where}  {sorted(w)}" for where, w in found.items())


def test_the_scan_sees_english():
    assert _english("Anna Bos won with White against Bram de Wit", "nl") == {"won", "with",
                                                                             "white", "against"}
    assert not _english("Anna Bos gewonnen met wit van Bram de Wit", "nl")


#: more English words no Dutch or German refusal holds (argparse's, the refusals' own)
REFUSAL_WORDS = {
    "no", "such", "usage", "error", "arguments", "required", "invalid", "choice", "choose",
    "unrecognized", "exists", "overwrite", "say", "separately", "both", "cannot", "replace",
    "write", "first", "last", "file", "folder", "already", "must",
}


def _refused(capsys, *argv) -> str:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as stop:  # argparse's usage errors
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert code in (1, 2), (argv, code, out, err)  # a refusal or a usage error, never a crash
    return out + "\n" + err


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
    book, _ = _season(tmp_path, capsys, lang)
    _fake_office_without_script_provider(tmp_path, monkeypatch)
    refusals = _refusals(tmp_path, book, lang)
    assert set(refusals) == _commands()
    found: dict[str, set[str]] = {}
    for command, runs in refusals.items():
        for argv in runs:
            if command == "lo-install":
                monkeypatch.setenv("LANG", {"nl": "nl_NL.UTF-8", "de": "de_DE.UTF-8"}[lang])
            text = re.sub(r"--[\w-]+", " ", _refused(capsys, *argv))
            monkeypatch.setenv("LANG", "C.UTF-8")
            assert text.strip(), argv
            for line in text.splitlines():
                # (the words of the command's own syntax, its argument names and METAVARS,
                # are left out)
                line = re.sub(r"\b(?:name|book|old|new|source|action|[A-Z][A-Z_]*)\b",
                              " ", line)
                line = re.sub(r"(?:[\w.~-]*/)+[\w.~-]+", " ", line)  # paths
                line = re.sub(r"'[^']*'|\{[^}]*\}", " ", line)  # what is typed: choices
                hits = _english(line, lang) | (REFUSAL_WORDS & {
                    w.lower() for w in re.findall(r"[A-Za-z]+", line)})
                if hits:
                    found.setdefault(f"{argv[0]} {argv[2:]}: {line.strip()[:100]}",
                                     set()).update(hits)
    assert not found, "\n".join(f"{where}  {sorted(w)}" for where, w in found.items())


@pytest.mark.parametrize("lang, words", [("nl", "bestand bestaat niet"),
                                         ("de", "keine solche Datei")])
def test_without_a_workbook_the_system_language_is_spoken(tmp_path, capsys, monkeypatch,
                                                           lang, words):
    """No workbook to take the language from (it does not exist): the system's (LANG)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", {"nl": "nl_NL.UTF-8", "de": "de_DE.UTF-8"}[lang])
    text = _refused(capsys, "pair", tmp_path / "missing.xlsx")
    assert words in text and "no such file" not in text, text
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert "no such file" in _refused(capsys, "pair", tmp_path / "missing.xlsx")


@pytest.mark.parametrize("lang, word", [("nl", "waarschuwing: "), ("de", "Warnung: ")])
def test_lo_runs_client_warnings_carry_the_languages_prefix(lang, word):
    """`lo-run`'s lines after a refusal: the LibreOffice client's messages, each prefixed with
    the language's word for a warning (it was the English `warning:`)."""
    from keizer_xl.errors import ActionError, Message
    from keizer_xl.frontends import lo_macro
    from keizer_xl.i18n import front_end_run

    note = Message("Not in the copy {copy} (the original {book} is unchanged): {lost}.",
                   copy="b.xlsx", book="a.xlsx", lost="")
    with front_end_run(lang):
        out = lo_macro._failure(ActionError(Message("{option} must be 1 or more",
                                                    option="--jobs")), "cli", messages=(note,))
    assert out.lines[-1].startswith(word) and "b.xlsx" in out.lines[-1], out.lines
    assert not _english(out.lines[-1], lang), out.lines
