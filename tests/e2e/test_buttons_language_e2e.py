"""The German and Dutch button workbooks in real LibreOffice (issue 20): it opens the German
.xlsm with its German buttons; the .ods buttons' captions in the workbook's language."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from keizer_xl.clients import lo_run
from keizer_xl.frontends.cli import main

from support.xlsm import CAPTIONS, PROBE
from support.office import needs_lo


@needs_lo
def test_libreoffice_opens_the_german_xlsm_with_its_german_buttons(tmp_path):
    path = tmp_path / "knopf.xlsm"
    assert main(["new", str(path), "--language", "de"]) == 0
    soffice = lo_run.find_soffice()
    python = lo_run.find_uno_python(soffice)
    done = subprocess.run([python, str(PROBE), soffice, str(path)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["sheets"][0] == "Start" and "Ergebnisse" in report["sheets"]
    on_start = [b["label"] for b in report["buttons"] if b["sheet"] == "Start"]
    assert on_start == list(CAPTIONS["de"])
    assert report["vba_mode"] is True


@needs_lo
@pytest.mark.parametrize("lang", ["de", "nl"])
def test_lo_buttons_caption_in_the_workbooks_language(tmp_path, capsys, lang):
    book = tmp_path / "club.xlsx"
    assert main(["new", str(book), "--language", lang]) == 0
    shutil.copy(book, tmp_path / "keep.xlsx")
    capsys.readouterr()
    assert main(["lo-buttons", str(book), "--ods"]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    pair, standings, _check = CAPTIONS[lang]
    assert pair in out and "Pair next round" not in out
    labels = sorted(b["label"] for b in lo_run.inspect_buttons(book.with_suffix(".ods")))
    check = lo_run.button_labels(lang)["KeizerXLCheck"]
    assert labels == sorted([pair, standings, check])
    assert check == {"de": "Prüfen", "nl": "Controleren"}[lang]
    # on the .ods itself (its language from its own sheets): replaced, not doubled, not English
    assert main(["lo-buttons", str(book.with_suffix(".ods"))]) == 0, capsys.readouterr().err
    again = sorted(b["label"] for b in lo_run.inspect_buttons(book.with_suffix(".ods")))
    assert again == labels
