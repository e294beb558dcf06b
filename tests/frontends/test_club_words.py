"""Every word in the club's language (issue 26 item 4): the bye's word in the Results cells,
the dropdown and the instructions (read in every language), the Dutch forfeits as the
instructions teach them, the HTML footer in words."""
from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema

NAMES = ["Anna", "Bert", "Carla", "Dirk", "Eva"]
BYE = {"en": "bye", "nl": "vrij", "de": "spielfrei", "fr": "exempt"}


def _new(path: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["new", str(path), "--language", lang]) == 0
    wb = openpyxl.load_workbook(path)
    ws = wb[schema.sheet_name("Players", lang)]
    for i, name in enumerate(NAMES, start=2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, 1900 - 10 * i)
    wb.save(path)
    capsys.readouterr()
    return path


def _instructions(wb: openpyxl.Workbook) -> str:
    return "\n".join(str(v) for v in next(iter(wb.worksheets)).iter_rows(values_only=True)
                     for v in v if v)


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_the_template_words_the_bye_and_forfeits_as_its_instructions(tmp_path, capsys, lang):
    wb = openpyxl.load_workbook(_new(tmp_path / "club.xlsx", lang, capsys))
    ws = wb[schema.sheet_name("Results", lang)]
    choices = ws.data_validations.dataValidation[0].formula1.strip('"').split(",")
    assert choices[-1] == BYE[lang] and "bye" not in choices
    text = _instructions(wb)
    assert f"{BYE[lang]} " in text and " bye " not in text
    if lang == "nl":
        # the dropdown and the instructions agree: reglementair 1-0R, 0-1R, 0-0R
        assert {"1-0R", "0-1R", "0-0R"} <= set(choices) and "1-0F" not in choices
        assert "1-0R, 0-1R, 0-0R" in text
        prompt = ws.data_validations.dataValidation[0].prompt
        assert "1-0R" in prompt and "vrij" in prompt and "bye" not in prompt
        settings = wb[schema.sheet_name("Settings", lang)]
        comments = " ".join(str(c.value) for row in settings.iter_rows() for c in row[2:3])
        assert "'20 punten'" in comments and "'20 points'" not in comments
    else:
        assert {"1-0F", "0-1F", "0-0F"} <= set(choices)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_pair_writes_the_bye_in_the_club_word_and_every_word_reads(tmp_path, capsys, lang):
    path = _new(tmp_path / "club.xlsx", lang, capsys)
    assert main(["pair", str(path)]) == 0  # five players: one bye
    capsys.readouterr()
    wb = openpyxl.load_workbook(path)
    ws = wb[schema.sheet_name("Results", lang)]
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    byes = [r for r in rows if r[3] is None and r[2]]
    assert len(byes) == 1 and byes[0][4] == BYE[lang], rows
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.sheets.read import read_season

    for word in ("bye", "vrij", "spielfrei", "exempt", "Vrij"):  # every language's word
        row = rows.index(byes[0]) + 2
        ws.cell(row, 5, word)
        wb.save(path)
        season = read_season(open_book(path))
        assert [b.player for b in season.byes] == [byes[0][2]], word
        wb = openpyxl.load_workbook(path)
        ws = wb[schema.sheet_name("Results", lang)]


def test_the_html_footer_describes_the_recalculation_in_words(tmp_path, capsys):
    path = _new(tmp_path / "club.xlsx", "nl", capsys)
    assert main(["export", str(path), "--html", "--out", str(tmp_path / "c.html")]) == 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    footer = page[page.index("<footer>"):page.index("</footer>")]
    assert "prev" not in footer and "met de stand na de vorige ronde" in footer, footer


def test_a_dutch_keizerforclubs_import_speaks_dutch(tmp_path, capsys):
    """Issue 26 item 5: a KeizerForClubs tournament imported in Dutch: the attendance letters
    the Dutch instructions teach (A, Z, T, not E, U, C), the status word teruggetrokken, the
    bye vrij and the forfeit 1-0R, the Settings explanations of preset kfc (not keizer's), an
    explanation for every row the import adds; and it still reads back to KeizerForClubs'
    own points."""
    import json

    from support.kfc_files import STORED, make_db

    db = make_db(tmp_path / "t.s3db", sums=STORED)
    book = tmp_path / "club.xlsx"
    assert main(["import", str(db), str(book), "--language", "nl"]) == 0
    capsys.readouterr()
    wb = openpyxl.load_workbook(book)
    attendance = {row[0]: [v for v in row[1:] if v] for row in
                  wb["Aanwezigheid"].iter_rows(min_row=2, values_only=True) if row[0]}
    # PAIRINGS of test_kfc: Bert on club duty in round 3, Finn excused in 2, unexcused in 3
    assert attendance["Bert"] == ["T"] and attendance["Finn"] == ["A", "Z"]
    status = {row[0]: row[4] for row in wb["Spelers"].iter_rows(min_row=2, values_only=True)}
    assert status["Dirk"] == "teruggetrokken 2"
    results = [row[4] for row in wb["Uitslagen"].iter_rows(min_row=2, values_only=True)]
    assert "vrij" in results and "0-1R" in results and "bye" not in results
    comments = {row[0]: row[2] for row in wb["Instellingen"].iter_rows(min_row=2,
                                                                       values_only=True)}
    assert comments["tiebreak"].startswith("kfc: rating, start.")  # not keizer's previous, ...
    assert comments["bye"].startswith("kfc: 1/2.") and "keizer:" not in " ".join(
        c for c in comments.values() if c)
    for key in ("withdrawn_opponent", "loss"):  # the rows the import adds, explained
        assert comments[key] and comments[key].startswith("kfc: "), (key, comments[key])
        assert "share" not in comments[key] and "deel" in comments[key]
    assert main(["standings", str(book), "--format", "json", "--no-write"]) == 0
    rows = json.loads(capsys.readouterr().out)
    names = {1: "Anna", 2: "Bert", 3: "Carl", 5: "Eva", 6: "Finn"}
    assert {r["name"]: r["score"] for r in rows} == {names[i]: STORED[i] for i in names}


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_a_keizerforclubs_import_with_every_option_explains_every_row(tmp_path, capsys, lang):
    """Issue 26 item 5, no --language: a KeizerForClubs tournament with its options on (Wicker
    normalisation, absence decay, fading own value, a rematch gap) imported over the club's
    Dutch (German) workbook: the workbook stays in that language, every Settings row has its
    explanation in it (the rows the import adds too: value_normalisation, absence_decay,
    own_value_fade, withdrawn_opponent, loss), an empty preset value is said as empty (not
    "kfc: ."), and the import's report holds no English word."""
    from support.kfc_files import CONFIG, make_db
    from support.no_english import english

    config = {**CONFIG, "OPTION.WickerNormalization": 1, "OPTION.DecayBonus": 1,
              "OPTION.DecayPrevRound": 1, "OPTION.GameRepeat": 2}
    db = make_db(tmp_path / "t.s3db", config=config)
    book = _new(tmp_path / "club.xlsx", lang, capsys)
    code = main(["import", str(db), str(book), "--force"])
    out, err = capsys.readouterr()
    assert code == 0, err
    # (KeizerForClubs' own table names stay as its file spells them: "Player-rij 4")
    report = [ln.replace("Player-", "") for ln in (out + err).splitlines() if ln.strip()]
    assert report and not any(english(ln, lang) for ln in report), report
    assert "byes" not in out, out
    wb = openpyxl.load_workbook(book)
    settings = wb[schema.sheet_name("Settings", lang)]
    rows = {r[0]: (r[1], r[2]) for r in settings.iter_rows(min_row=2, values_only=True) if r[0]}
    for key in ("value_normalisation", "absence_decay", "own_value_fade", "withdrawn_opponent",
                "loss", "rematch_gap"):
        assert key in rows, (key, sorted(rows))
    from keizer_xl.core.settings import CHOICES

    # (setting values stay English in every language: lower-white, halving-eu, ...)
    values = {str(w.value) for words in CHOICES.values() for w in words}
    for key, (_value, comment) in rows.items():
        assert comment, key  # every row explained
        words = " ".join(w for w in re.split(r"[\s,;:()]+", comment) if w.rstrip(".")
                         not in values)
        assert not english(words, lang), (key, comment)
        assert "kfc: ." not in comment, (key, comment)
    assert rows["periods"][1].startswith({"nl": "kfc: (leeg). ", "de": "kfc: (leer). "}[lang])
    assert rows["value_normalisation"] == ("wicker", rows["value_normalisation"][1])


def test_a_dutch_unknown_result_teaches_the_dutch_forfeits(tmp_path, capsys):
    """The Dutch refusal of an unknown result lists the forfeits as the Dutch instructions and
    dropdown teach them (1-0R), at the Uitslagen cell."""
    path = _new(tmp_path / "club.xlsx", "nl", capsys)
    wb = openpyxl.load_workbook(path)
    ws = wb["Uitslagen"]
    for c, value in enumerate([1, 1, "Anna", "Bert", "1-2"], start=1):
        ws.cell(2, c, value)
    wb.save(path)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Uitslagen!E2: '1-2' is geen uitslag (gebruik 1-0, 0-1, ½-½, 1-0R, 0-1R, 0-0R," in out
    assert "1-0F" not in out, out
