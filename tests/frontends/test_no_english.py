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

import openpyxl
import pytest

from keizer_xl.sheets import schema

from support.no_english import NAMES, cli, english, refused, season_in


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_a_dutch_or_german_season_prints_and_writes_no_english(tmp_path, capsys, lang,
                                                                monkeypatch):
    book, printed = season_in(tmp_path, capsys, lang)
    printed += [cli(capsys, *argv) for argv in (
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
    printed.append(cli(capsys, "lo-install", "--profile", tmp_path / "profile", "--no-check"))
    monkeypatch.delenv("LANG")
    found: dict[str, set[str]] = {}
    for i, text in enumerate(printed):
        for line in text.splitlines():
            hits = english(line, lang)
            if hits:
                found.setdefault(f"output {i}: {line.strip()[:90]}", set()).update(hits)
    page = (tmp_path / "club.html").read_text(encoding="utf-8")
    page = re.sub(r"<style.*?</style>|<script.*?</script>", " ", page, flags=re.S)
    for line in html.unescape(re.sub(r"<[^>]+>", "\n", page)).splitlines():
        hits = english(line, lang)
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
            hits = english(text, lang)
            if hits:
                found.setdefault(f"{ws.title}: {text.strip()[:90]}", set()).update(hits)
    assert not found, "\n".join(f"{where}  {sorted(w)}" for where, w in found.items())


def test_the_scan_sees_english():
    assert english("Anna Bos won with White against Bram de Wit", "nl") == {"won", "with",
                                                                             "white", "against"}
    assert not english("Anna Bos gewonnen met wit van Bram de Wit", "nl")


@pytest.mark.parametrize("lang, words", [("nl", "bestand bestaat niet"),
                                         ("de", "keine solche Datei")])
def test_without_a_workbook_the_system_language_is_spoken(tmp_path, capsys, monkeypatch,
                                                           lang, words):
    """No workbook to take the language from (it does not exist): the system's (LANG)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", {"nl": "nl_NL.UTF-8", "de": "de_DE.UTF-8"}[lang])
    text = refused(capsys, "pair", tmp_path / "missing.xlsx")
    assert words in text and "no such file" not in text, text
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert "no such file" in refused(capsys, "pair", tmp_path / "missing.xlsx")


@pytest.mark.parametrize("lang, word", [("nl", "waarschuwing: "), ("de", "Warnung: ")])
def test_lo_runs_client_warnings_carry_the_languages_prefix(lang, word):
    """`lo-run`'s lines after a refusal: the LibreOffice client's messages, each prefixed with
    the language's word for a warning (it was the English `warning:`)."""
    from keizer_xl.errors import ActionError, Message
    from keizer_xl.frontends import lo_macro

    note = Message("Not in the copy {copy} (the original {book} is unchanged): {lost}.",
                   copy="b.xlsx", book="a.xlsx", lost="")
    out = lo_macro._failure(ActionError(Message("{option} must be 1 or more", option="--jobs")),
                            "cli", messages=(note,), lang=lang)
    assert out.lines[-1].startswith(word) and "b.xlsx" in out.lines[-1], out.lines
    assert not english(out.lines[-1], lang), out.lines
