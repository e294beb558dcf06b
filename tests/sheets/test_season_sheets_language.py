"""The season sheets (History, Crosstable) of ``keizer-xl batch`` in the workbook's language
(issue 9 item 1): the contract's Standings/Results header names and translated notes."""
from __future__ import annotations

from support.languages import fill_results, new_season, run, sheet_rows, table_rows


def test_batch_on_a_dutch_season_writes_verloop_and_kruistabel_in_dutch(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "nl", "A")
    fill_results(book, "nl", ["1:0", "remise"])
    code, out, err = run(capsys, "batch", book, "--quiet")
    assert code == 0, out + err
    result = tmp_path / "club-nl.keizer.xlsx"
    history = table_rows(result, "Verloop")
    # a round per column (issue 16 item 4): rank, name, score, then the rank after each round
    assert history[0][:4] == ["Plaats", "Naam", "Score", "R1"], history[0]
    assert len([r for r in history if r[1]]) == 1 + 5  # five players (the note below)
    cross = table_rows(result, "Kruistabel")
    assert cross[0][:2] == ["Plaats", "Naam"] and cross[0][2:7] == ["1", "2", "3", "4", "5"], cross[0]
    text = [v for row in sheet_rows(result, "Kruistabel") for v in row if isinstance(v, str)]
    assert any(v.startswith("Een cel toont: kleur (W wit, Z zwart)") for v in text), text
    # the cells use the letters the legend names (issue 16 item 3: W/Z in Dutch)
    cells = [v for row in cross[1:] for v in row[2:] if isinstance(v, str)]
    assert cells and all(v[0] in "WZ" for v in cells), cells
    assert not any(v.startswith("A cell reads") for v in text)


def test_batch_on_an_english_season_keeps_the_english_headers(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "en", "E")
    fill_results(book, "en", ["1-0", "½-½"])
    assert run(capsys, "batch", book, "--quiet")[0] == 0
    result = tmp_path / "club-en.keizer.xlsx"
    assert table_rows(result, "History")[0][:4] == ["Rank", "Name", "Score", "R1"]
    assert table_rows(result, "Crosstable")[0][:2] == ["Rank", "Name"]


def test_explain_sheet_headers_block_and_notes_in_german(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "de", "E")
    fill_results(book, "de", ["1:0", "remis"])
    code, out, err = run(capsys, "batch", book, "--quiet")
    assert code == 0, out + err
    result = tmp_path / "club-de.keizer.xlsx"
    rows = table_rows(result, "Erklärung")
    assert rows[0][:5] == ["Platz", "Name", "Vorheriger Platz", "Plätze gestiegen", "Punkte"], \
        rows[0]
    text = [v for row in rows for v in row if isinstance(v, str)]
    assert "Erklärung: warum jeder Spieler in Runde 1 gestiegen oder gefallen ist." in text, text
    assert "Jedes Ergebnis: sein Wert bei der Partie und jetzt" in text
    assert ["Runde", "Name", "Wert damals", "Wert jetzt", "Ergebnis"] in [r[:5] for r in rows]


def test_audit_sheet_headers_and_notes_in_dutch(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "nl", "A")
    fill_results(book, "nl", ["1:0", "remise"])
    assert run(capsys, "batch", book, "--quiet")[0] == 0
    rows = table_rows(tmp_path / "club-nl.keizer.xlsx", "Controle")
    assert rows[0][:4] == ["Ronde", "Oordeel", "Vrij ingevoerd", "Vrij volgens programma"], rows[0]
    text = [v for row in rows for v in row if isinstance(v, str)]
    assert ("Verschillen worden gemeld, niet beoordeeld: een handmatige indeling is "
            "toegestaan.") in text, text


def test_compare_sheet_headers_and_notes_in_french(tmp_path, capsys):
    book = new_season(tmp_path, capsys, "fr", "E")
    fill_results(book, "fr", ["1-0", "nulle"])
    code, out, err = run(capsys, "compare", book)
    assert code == 0, err
    assert out.startswith("Classement final après la ronde 1 (* = diffère de celui de la saison)")
    assert f"Comparaison écrit dans {book}" in err
    rows = table_rows(book, "Comparaison")
    assert rows[0][0] == "Nom", rows[0]
    text = [v for row in rows for v in row if isinstance(v, str)]
    assert "Chaque colonne est le rang après la dernière ronde selon une variante." in text, text
    assert ["Variante", "Vainqueur", "Joueurs déplacés", "Plus grand écart"] in \
        [r[:4] for r in rows], rows
