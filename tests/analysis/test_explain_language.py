"""The Explain sheet's sentences and ``keizer-xl explain`` in the workbook's language (issue 9
item 1): each sentence is a catalog message, English text unchanged."""
from __future__ import annotations

from support.languages import fill_results, new_season, run, table_rows


def test_dutch_explain_sheet_and_console_speak_dutch(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "nl", "A")
    fill_results(book, "nl", ["1:0", "remise"])
    code, out, err = run(capsys, "batch", book, "--quiet")
    assert code == 0, out + err
    rows = table_rows(tmp_path / "club-nl.keizer.xlsx", "Uitleg")
    head = rows[0]
    col = head.index("Uitleg") if "Uitleg" in head else len(head) - 1
    players = list(rows[1:6])
    sentences = " ".join(str(r[col]) for r in players)
    # after round 1 everyone moved from a start rank (or stayed): Dutch words, no English ones
    assert "na ronde 1" in sentences and "startplaats" in sentences, sentences
    assert "Keizerpunten:" in sentences, sentences
    assert "after round" not in sentences and "Keizer points" not in sentences, sentences
    movers = [r for r in players if r[3] not in (None, 0, "0")]
    assert movers, players
    assert any(w in sentences for w in ("zakte", "steeg")), sentences
    assert "plaats" in sentences
    name = movers[0][1]
    code, out, err = run(capsys, "explain", book, name)
    assert code == 0, out + err
    assert "na ronde 1" in out and ("zakte" in out or "steeg" in out), out
    assert "Keizerpunten:" in out and "after round" not in out, out


def test_english_explain_sentences_unchanged(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "en", "E")
    fill_results(book, "en", ["1-0", "½-½"])
    code, out, err = run(capsys, "batch", book, "--quiet")
    assert code == 0, out + err
    rows = table_rows(tmp_path / "club-en.keizer.xlsx", "Explain")
    text = " ".join(str(r[5]) for r in rows[1:6])
    assert "after round 1, from start rank" in text and "Keizer points:" in text, text


def test_dutch_audit_verdicts_on_the_sheet_and_the_console(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "nl", "A")
    fill_results(book, "nl", ["1:0", "remise"])
    assert run(capsys, "batch", book, "--quiet")[0] == 0
    rows = table_rows(tmp_path / "club-nl.keizer.xlsx", "Controle")
    verdict = rows[1][1]
    dutch = ("zelfde indeling", "paren verschillen", "1 paar verschilt", "bye verschilt",
             "kleuren verschillen", "1 kleur verschilt", "niet vergeleken")
    assert any(w in verdict for w in dutch), rows[:3]
    code, out, err = run(capsys, "audit", book)
    assert code == 0, out + err
    assert "Ronde 1: " in out and any(w in out for w in dutch), out
    assert "Round 1:" not in out and "same pairing" not in out, out
    assert "van 1 ronde ingedeeld zoals het programma" in err, err
