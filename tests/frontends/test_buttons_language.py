"""The workbook a button user gets, in the club's language (issue 33, item 4): the .xlsm Start
sheet, its button captions and the sheet names it refers to, and the LibreOffice buttons'
captions, as the guides (docs/anleitung.md, docs/handleiding.md, README) promise them."""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients import lo_run
from keizer_xl.clients.excel_setup import BUTTON_MACROS, button_captions, start_text
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema

from support.helpers import make_workbook
from support.xlsm import CAPTIONS, vba_modules, vml_buttons

ROOT = Path(__file__).resolve().parents[2]

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


