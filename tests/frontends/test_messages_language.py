"""Issue 9 item 1 (messages): what the CLI, the Excel buttons and the LibreOffice macro say is in
the workbook's language (its ``language`` setting, else its sheet names); ``--language``
overrides it on the command line.  Flags (``--force``), macro and script names stay literal,
the sentence around them is translated; JSON keys stay English."""
from __future__ import annotations

import json

import openpyxl
import pytest

from support.excel_fake import FakeBook
from keizer_xl.clients.xlsx import open_book
from keizer_xl.errors import ActionError, Message
from keizer_xl.frontends import excel_buttons as buttons, lo_macro, outcome
from keizer_xl.i18n import translate
from support.languages import PLAYERS, fill_results, run, type_rows
from support.languages import dutch_or_german


def test_cli_in_dutch_success_refusal_problems_and_override(tmp_path, capsys):
    book = dutch_or_german(tmp_path, capsys, "nl")
    code, out, err = run(capsys, "pair", book)
    assert code == 0, err
    assert out.splitlines()[0] == "Ronde 1"
    assert "Afwezig: Eva (A)" in out
    assert f"Indeling voor ronde 1 geschreven naar {book} en de partijen toegevoegd aan Uitslagen" \
        in err
    # round 1 has no results: the refusal and the way out in Dutch, the flag literal
    code, out, err = run(capsys, "pair", book)
    assert code == 1
    assert err.strip() == (
        "keizer-xl: ronde 1 heeft nog geen uitslagen (2 borden, Uitslagen!E2 tot Uitslagen!E3)"
        ". Vul ze in, of gebruik --force om toch in te delen (ontbrekende uitslagen tellen "
        "als remise)")
    # --language en overrides the workbook's language for messages
    code, out, err = run(capsys, "pair", book, "--language", "en")
    assert code == 1 and err.startswith("keizer-xl: round 1 has no results yet (2 boards")
    assert "or use --force to pair anyway" in err
    # a problem list: each problem and the summary in Dutch, nothing written
    fill_results(book, "nl", ["x", "remise"])
    before = book.read_bytes()
    code, out, err = run(capsys, "standings", book)
    assert code == 1 and book.read_bytes() == before
    assert "Uitslagen!E2: 'x' is geen uitslag" in err
    assert err.strip().endswith("1 probleem gevonden; er is niets geschreven.")
    code, out, err = run(capsys, "standings", book, "--language", "en")
    assert err.strip().endswith("1 problem found; nothing was written.")


def test_cli_in_german_standings_table_and_refusal(tmp_path, capsys):
    book = dutch_or_german(tmp_path, capsys, "de")
    assert run(capsys, "pair", book)[0] == 0
    code, out, err = run(capsys, "pair", book)
    assert code == 1
    assert err.startswith("keizer-xl: Runde 1 hat noch keine Ergebnisse (2 Bretter")
    assert "oder verwenden Sie --force, um trotzdem zu paaren" in err
    fill_results(book, "de", ["1:0", "Unentschieden"])
    code, out, err = run(capsys, "standings", book)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Rangliste nach Runde 1"
    assert lines[1].split() == ["Platz", "Name", "Punkte", "Wert", "Vorher", "P", "G", "R", "V"]
    assert f"Rangliste nach Runde 1 in {book} geschrieben" in err
    # JSON keys stay English
    code, out, err = run(capsys, "standings", book, "--no-write", "--format", "json")
    assert code == 0 and {"rank", "name", "score"} <= set(json.loads(out)[0])
    # the same table headed in English on request
    code, out, err = run(capsys, "standings", book, "--no-write", "--language", "en")
    assert out.splitlines()[1].split()[:3] == ["Rank", "Name", "Score"]
    # round 2 now pairs; a second `pair` refuses with the next round in German
    code, out, err = run(capsys, "pair", book, "--round", "5")
    assert code == 2 and ("Runde 5 kann noch nicht gepaart werden: die nächste zu paarende "
                          "Runde ist 2") in err


def test_pairing_and_standings_notes_are_translated_where_shown():
    note = Message("Bye to {name}, who already had a bye (last in round {last}): {why}",
                   name="Eva", last=3, why=Message("every player to pair has had one"))
    assert note == ("Bye to Eva, who already had a bye (last in round 3): every player to pair "
                    "has had one")
    assert translate(note, "nl") == ("Vrij voor Eva, die al eens vrij was (laatst in ronde 3): "
                                     "elke in te delen speler was al eens vrij")
    games = (Message("{game} (round {round})", game="Anna-Bram", round=2),
             Message("{game} (round {round})", game="Cor-Dirk", round=2))
    pending = Message("No result yet, scored as a draw like an adjourned game: {games}",
                      games=games)
    assert pending.endswith("Anna-Bram (round 2), Cor-Dirk (round 2)")
    assert translate(pending, "de") == ("Noch kein Ergebnis, gewertet als remis wie eine "
                                        "Hängepartie: Anna-Bram (Runde 2), Cor-Dirk (Runde 2)")


def test_outcome_words_each_front_ends_way_out_in_the_language():
    exc = ActionError(Message("round {round} is already paired", round=4), hint="repair")
    assert outcome.describe(exc, "cli", lang="en").lines[0].startswith(
        "round 4 is already paired; use --repair to pair it again")
    nl = outcome.describe(exc, "excel", lang="nl").lines[0]
    assert nl.startswith("Er is niets veranderd: Ronde 4 is al ingedeeld; gebruik de macro "
                         "PairRoundAgain om haar opnieuw in te delen"), nl
    assert nl.endswith("(Ontwikkelaars > Macro's, of Alt+F8).")
    de = outcome.describe(exc, "libreoffice", lang="de").lines[0]
    assert de.startswith("Runde 4 ist schon gepaart; führen Sie das Makro pair_round_again aus")


def test_excel_buttons_speak_dutch(tmp_path, capsys):
    book = dutch_or_german(tmp_path, capsys, "nl")
    fake = FakeBook.from_file(book, name="club.xlsm")
    text = buttons.pair_next_round(fake)
    assert text.startswith("Ronde 1 is ingedeeld: 2 borden, afwezig: 1. De indeling staat op "
                           "het blad Indeling; de partijen zijn met een lege uitslag toegevoegd "
                           "aan Uitslagen."), text
    assert "De werkmap is nog niet opgeslagen" in text
    text = buttons.pair_next_round(fake)  # round 1 still lacks its results
    assert text.startswith("Er is niets veranderd: Ronde 1 heeft nog geen uitslagen"), text
    assert "of voer de macro PairNextRoundAnyway uit om toch in te delen" in text
    assert "--force" not in text
    text = buttons.check_workbook(fake)
    assert text.startswith("Geen problemen gevonden."), text


def test_libreoffice_macro_text_in_dutch(tmp_path, capsys):
    """lo_macro's actions on a workbook (the file client standing in for the UNO document):
    its message box text names the Dutch sheets."""
    book = dutch_or_german(tmp_path, capsys, "nl")
    from keizer_xl.app.button_actions import ActionRequest, run_use_case

    from keizer_xl.frontends.shown import Done

    request = ActionRequest("pair")
    report = run_use_case(open_book(book), request)
    # what describe_done says for the UNO book: written; the sheets named in the
    # workbook's language, which the report carries
    assert report.language == "nl"
    worded = outcome.describe(report, "libreoffice", done=Done(written=True))
    result = lo_macro._answer(request, worded)
    # the message box says what Excel's says (issue 15: worded once for the boxes)
    assert result.text.startswith("Ronde 1 is ingedeeld: 2 borden, afwezig: 1. De "
                                  "indeling staat op het blad Indeling; de partijen "
                                  "zijn met een lege uitslag toegevoegd aan "
                                  "Uitslagen."), result.text
    assert result.title == "keizer-xl: Volgende ronde indelen"
    assert result.language == "nl"
    try:
        run_use_case(open_book(book), request)
    except ActionError as exc:  # the refusal carries the workbook's language
        assert exc.language == "nl"
        refused = lo_macro._failure(exc)
    else:
        pytest.fail("round 1 without results was paired again")
    assert refused.box_text.startswith("ronde 1 heeft nog geen uitslagen"), refused.box_text
    assert "voer de macro pair_next_round_anyway uit" in refused.box_text
    assert refused.hint == "force"


def test_english_stays_the_default(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    assert run(capsys, "new", book)[0] == 0
    type_rows(book, "Players", "en", PLAYERS)
    code, out, err = run(capsys, "pair", book)
    assert code == 0 and out.splitlines()[0] == "Round 1"
    assert f"Wrote Pairings for round 1 to {book} and added its games to Results" in err
    assert openpyxl.load_workbook(book).sheetnames.count("Pairings") == 1


def test_standings_notes_in_dutch_on_the_console_and_the_sheet(tmp_path, capsys):
    book = dutch_or_german(tmp_path, capsys, "nl")
    assert run(capsys, "pair", book)[0] == 0
    fill_results(book, "nl", ["1:0"])  # board 2 (Cor - Dirk) has no result yet
    code, _out, err = run(capsys, "standings", book)
    assert code == 0, err
    note = "Nog geen uitslag, geteld als remise zoals een afgebroken partij: Cor-Dirk (ronde 1)"
    assert f"let op: {note}" in err  # the prefix in Dutch too (issue 16 item 3)
    cells = [c.value for row in openpyxl.load_workbook(book)["Stand"].iter_rows() for c in row]
    assert any(isinstance(v, str) and note in v for v in cells), cells
    code, _out, err = run(capsys, "standings", book, "--no-write", "--language", "en")
    assert "note: No result yet, scored as a draw like an adjourned game: Cor-Dirk (round 1)" in err


def test_setting_and_value_scale_messages_carry_their_ids():
    from keizer_xl.core.rules import build_settings, parse_setting
    from keizer_xl.core.values import value_scale_check
    from keizer_xl.errors import SettingError
    from keizer_xl.i18n import error_text

    with pytest.raises(SettingError) as bad:
        parse_setting("win", "2x")
    assert str(bad.value) == "'2x' is not a number (write 1/3, 0.3333 or 33.33%)"
    assert error_text(bad.value, "nl") == "'2x' is geen getal (schrijf 1/3, 0.3333 of 33.33%)"
    with pytest.raises(SettingError) as out_of_range:
        parse_setting("absence_excused", "1.5")
    assert error_text(out_of_range.value, "de").startswith(
        "'1.5' liegt außerhalb des Bereichs: absence_excused ist ein Anteil am eigenen Wert")
    settings = build_settings([("top_value", parse_setting("top_value", 10)[1]),
                               ("value_step", parse_setting("value_step", 1)[1])])
    why = (value_scale_check(settings, 12) or ("", ""))[1]
    assert why.startswith("top_value 10 with value_step 1 gives the last 2 of 12 places")
    assert translate(why, "nl").startswith("top_value 10 met value_step 1 geeft de laatste 2 van "
                                           "12 plaatsen een waarde van 0 of lager")


def test_runs_in_one_process_keep_their_own_language(tmp_path, capsys):
    """Issue 38: the language travels in each run's reports and refusals, so runs on Dutch,
    English and German workbooks (and one with --language) in one process never borrow the
    language of the run before, on the command line or the buttons."""
    dutch = dutch_or_german(tmp_path, capsys, "nl")
    german = dutch_or_german(tmp_path, capsys, "de")
    english = tmp_path / "club-en.xlsx"
    assert run(capsys, "new", english)[0] == 0
    type_rows(english, "Players", "en", PLAYERS)
    for book, head in ((dutch, "Ronde 1"), (english, "Round 1"), (german, "Runde 1")):
        code, out, err = run(capsys, "pair", book)
        assert code == 0 and out.splitlines()[0] == head, (book, out, err)
    for book, refusal in ((dutch, "ronde 1 heeft nog geen uitslagen"),
                          (english, "round 1 has no results yet"),
                          ("--language", "Runde 1 hat noch keine Ergebnisse"),
                          (dutch, "ronde 1 heeft nog geen uitslagen"),
                          (german, "Runde 1 hat noch keine Ergebnisse"),
                          (english, "round 1 has no results yet")):
        words = ("pair", dutch, "--language", "de") if book == "--language" else ("pair", book)
        code, _out, err = run(capsys, *words)
        assert code == 1 and err.startswith(f"keizer-xl: {refusal}"), (words, err)
    boxes = [buttons.check_workbook(FakeBook.from_file(book, name="club.xlsm"))
             for book in (dutch, english, dutch)]
    assert [text.split(".")[0] for text in boxes] == [
        "Geen problemen gevonden", "No problems found", "Geen problemen gevonden"], boxes
