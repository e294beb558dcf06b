"""The workbook a button user gets, in the club's language (issue 33, item 4): the .xlsm Start
sheet, its button captions and the sheet names it refers to, and the LibreOffice buttons'
captions, as the guides (docs/anleitung.md, docs/handleiding.md, README) promise them."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

from support.helpers import lo_missing, make_workbook
from support.xlsm import PROBE, vba_modules, vml_buttons

from keizer_xl.clients import lo_run
from keizer_xl.clients.excel_setup import BUTTON_MACROS, button_captions, start_text
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema

ROOT = Path(__file__).resolve().parents[2]

#: the captions, written out as the guides write them (not read from the catalogs)
CAPTIONS = {
    "en": ("Pair next round", "Update standings", "Check workbook"),
    "nl": ("Volgende ronde indelen", "Stand bijwerken", "Controleren"),
    "de": ("Nächste Runde paaren", "Rangliste aktualisieren", "Prüfen"),
    "fr": ("Apparier la ronde suivante", "Mettre à jour le classement", "Vérifier"),
}
#: the engine sheets the Start sheet sends the user to, in each language
NAMES = {"en": ("Pairings", "Results", "Standings"), "nl": ("Indeling", "Uitslagen", "Stand"),
         "de": ("Paarungen", "Ergebnisse", "Rangliste"),
         "fr": ("Appariements", "Résultats", "Classement")}
GUIDES = {"nl": ROOT / "docs" / "handleiding.md", "de": ROOT / "docs" / "anleitung.md"}


def _start_lines(path: Path) -> list[str]:
    return [r[0] for r in openpyxl.load_workbook(path)["Start"].iter_rows(values_only=True) if r[0]]


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_new_xlsm_has_the_start_sheet_and_buttons_in_its_language(tmp_path, capsys, lang):
    path = tmp_path / "knopf.xlsm"
    assert main(["new", str(path), "--language", lang]) == 0
    pair, standings, check = CAPTIONS[lang]
    assert vml_buttons(path) == [(c, f"KeizerXL.{m}") for c, m in
                                  zip(CAPTIONS[lang], BUTTON_MACROS, strict=True)]
    lines = _start_lines(path)
    text = "\n".join(lines)
    pairings, results, standings_sheet = NAMES[lang]
    assert lines[2].startswith(pair) and pairings in lines[2] and results in lines[2]
    assert lines[3].startswith(standings) and standings_sheet in lines[3]
    assert lines[4].startswith(check)
    assert schema.header("Results", "result", lang) in lines[5]  # the column typed '*'
    if lang != "en":  # no English sheet name or caption left on the sheet
        for english in (*NAMES["en"], *CAPTIONS["en"]):
            assert not re.search(rf"\b{english}\b", text), (lang, english)
    # the sheets it names are the workbook's (input) or the ones the buttons write
    sheets = openpyxl.load_workbook(path).sheetnames
    assert results in sheets and {pairings, standings_sheet} == {
        schema.sheet_name("Pairings", lang), schema.sheet_name("Standings", lang)}
    # the captions fit on one line: the buttons are as wide as the longest
    with zipfile.ZipFile(path) as z:
        (vml,) = [n for n in z.namelist() if n.endswith(".vml")]
        widths = {float(w) for w in re.findall(r"width:([\d.]+)pt", z.read(vml).decode())}
    (width,) = widths
    assert width * 4 / 3 >= 8 * max(map(len, CAPTIONS[lang])) + 24 - 1
    # the VBA is the same project in every language (olevba reads it)
    assert {"xlwings", "Dictionary", "KeizerXL"} <= set(vba_modules(path))


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_the_guides_promise_these_captions(lang):
    guide = GUIDES[lang].read_text(encoding="utf-8")
    assert all(caption in guide for caption in CAPTIONS[lang]), lang


def test_excel_setup_takes_the_language_of_the_workbook(tmp_path, capsys):
    """A German workbook (its sheet names) and an English-named one with ``language nl``."""
    german = tmp_path / "verein.xlsx"
    assert main(["new", str(german), "--language", "de"]) == 0
    assert main(["excel-setup", str(german)]) == 0
    assert [c for c, _ in vml_buttons(german.with_suffix(".xlsm"))] == list(CAPTIONS["de"])
    dutch = make_workbook(tmp_path / "club.xlsx", {
        "Settings": [["Setting", "Value"], ["language", "nl"]],
        "Players": [["Name", "Rating"], ["Anna", 1800], ["Bert", 1700]],
        "Results": [["Round", "Board", "White", "Black", "Result"]]})
    assert main(["excel-setup", str(dutch)]) == 0
    macro = dutch.with_suffix(".xlsm")
    assert [c for c, _ in vml_buttons(macro)] == list(CAPTIONS["nl"])
    assert "Indeling" in _start_lines(macro)[2]


def test_the_start_text_and_captions_come_from_one_table():
    for lang in CAPTIONS:
        captions = button_captions(lang)
        assert tuple(captions[m] for m in BUTTON_MACROS) == CAPTIONS[lang]
        lines = [x for x in start_text(lang) if x]
        assert len(lines) == 7 and all("{" not in x for x in lines)
    assert lo_run.button_labels("de") == {"KeizerXLPair": "Nächste Runde paaren",
                                          "KeizerXLStandings": "Rangliste aktualisieren",
                                          "KeizerXLCheck": "Prüfen"}
    # English keeps LibreOffice's own short "Check"
    assert lo_run.button_labels("en")["KeizerXLCheck"] == "Check"
    assert lo_run.button_labels("nl")["KeizerXLPair"] == "Volgende ronde indelen"
    assert lo_run.button_labels("fr")["KeizerXLStandings"] == "Mettre à jour le classement"


needs_lo = pytest.mark.skipif(lo_missing() is not None, reason=f"LibreOffice: {lo_missing()}")


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
