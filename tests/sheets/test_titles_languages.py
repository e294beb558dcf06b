"""Issue 9: the title line, footer, round marks, legend and withdrawn mark of the engine sheets
and the HTML page speak the workbook's language (sheets/titles.py through the i18n catalog;
the marks of the attendance codes are the language's letters, sheets/schema.CODE_LETTERS)."""
from __future__ import annotations

import datetime as dt

import openpyxl
import pytest

from keizer_xl.core.engine import compute_history
from keizer_xl.sheets.glyphs import printed_width
from keizer_xl.sheets.layout import Field
from keizer_xl.sheets.report_sheets import pairings_layout, standings_layout
from keizer_xl.sheets.analysis_sheets import crosstable_layout
from keizer_xl.sheets.titles import RunContext, footer, legend_lines, mark_format, sheet_title
from support.languages import PLAYERS, fill_results, run, table_rows, type_rows
from support.helpers import marks_season

LEGEND_DE = "W/S Farbe, 1 ½ 0 Ergebnis, (jetziger Wert in Keizer-Punkten)"
CTX = RunContext(season="Winter 2026", club="SC Oost", date=dt.date(2026, 3, 1))


def _marks(layout):
    """name -> {round column: number format} of a Standings layout; and the header row."""
    header = next(r for r in layout.grid if len(r) > 1)
    styles = layout.styles()
    rows = {r[1]: i for i, r in enumerate(layout.grid, 1) if len(r) > 1}
    rounds = [c for c in header if str(c).startswith("R") and str(c)[1:].isdigit()]

    def fmt(name, column):
        style = styles.get((rows[name], header.index(column) + 1))
        return None if style is None else style.number_format
    return fmt, rounds, header


def test_a_dutch_standings_layout_speaks_dutch() -> None:
    # Dirk: excused in round 1 (scores), unexcused in round 2 (0); Eva joins in round 2;
    # Frits withdraws before round 2 (see support.helpers.marks_season)
    season = marks_season()
    st = compute_history(season).last
    layout = standings_layout(_part(season), (), "nl", season=season, context=CTX)
    line = "Winter 2026 · SC Oost · Stand na ronde 2 · 1 maart 2026"
    assert layout.grid[0] == (line,) and layout.page.header[1] == ()
    assert layout.page.footer[1] == ("pagina ", Field.PAGE, " van ", Field.PAGES)
    fmt, _, header = _marks(layout)
    assert header[:2] == ("Plaats", "Naam")
    assert fmt("Dirk", "R1") == '"A "General'          # afgemeld, with its points
    assert fmt("Dirk", "R2") == '"Z";"Z";"Z"'          # zonder bericht, 0 points
    assert fmt("Eva", "R1") == '"N";"N";"N"'           # nog geen lid
    assert fmt("Frits", "R2") == '"tr";"tr";"tr"'      # teruggetrokken
    assert fmt("Frits", "Naam") == '@" (tr)"'
    below = [r for r in layout.grid[3 + len(st.order):] if r]  # under the table
    legend = " ".join(r[0] for r in below)
    assert legend == (
        "Rondekolommen: een getal is de score van een partij; een teken met een getal: de "
        "punten die het opleverde. A afgemeld, Z zonder bericht, N nog geen lid, tr "
        "teruggetrokken.")
    # in lines no wider than the table (it prints from column A; issue 26: few rows)
    assert all(printed_width(r[0]) <= sum(layout.widths) for r in below)


def test_german_and_french_marks_and_words() -> None:
    season = marks_season()
    st = compute_history(season).last
    de = standings_layout(_part(season), (), "de", season=season, context=CTX)
    assert de.grid[0] == ("Winter 2026 · SC Oost · Rangliste nach Runde 2 · 1. März 2026",)
    fmt, _, _ = _marks(de)
    # entschuldigt/unentschuldigt are the built-in letters; noch nicht Mitglied is N
    assert (fmt("Dirk", "R1"), fmt("Eva", "R1"), fmt("Frits", "R2")) == (
        '"E "General', '"N";"N";"N"', '"zg";"zg";"zg"')
    assert " ".join(r[0] for r in de.grid[3 + len(st.order):] if r).endswith(
        "die Punkte, die es brachte. E entschuldigt, U unentschuldigt, N noch nicht Mitglied, "
        "zg zurückgezogen.")
    fr = standings_layout(_part(season), (), "fr", season=season, context=CTX)
    fmt, _, _ = _marks(fr)
    # French: non excusé is N, pas encore membre P
    assert (fmt("Dirk", "R2"), fmt("Eva", "R1"), fmt("Frits", "Nom")) == (
        '"N";"N";"N"', '"P";"P";"P"', '@" (ret)"')  # retiré, as the template's Status word
    assert footer("fr") == ("page ", Field.PAGE, " sur ", Field.PAGES)
    # the German mark is short (frei: issue 26, a 20 x 12 Standings on one page)
    assert mark_format("bye", 16.67, "de") == '"frei "General'
    assert mark_format("bye", 16.67, "nl") == '"vrij "General'
    assert legend_lines({"bye", "T"}, "nl")[-1] == "vrij vrijgeloot door de indeling, T clubcode."


def test_every_title_in_every_language_and_the_crosstable_mark() -> None:
    for kind, nl in [("history", "Verloop na ronde 4"), ("crosstable", "Kruistabel na ronde 4"),
                     ("explain", "Uitleg na ronde 4"), ("pairings", "Indeling ronde 4")]:
        assert sheet_title(kind, 4, "nl") == nl
    assert sheet_title("audit", None, "de") == "Prüfung der Paarungen"
    season = marks_season()
    layout = crosstable_layout(season, compute_history(season), CTX, "nl")
    i = next(i for i, r in enumerate(layout.grid, 1) if len(r) > 1 and r[1] == "Frits")
    assert layout.styles()[(i, 2)].number_format == '@" (tr)"'
    assert layout.grid[0][0].endswith("Kruistabel na ronde 2 · 1 maart 2026")


def test_dutch_pairings_title() -> None:
    from keizer_xl.core.pairing import Board, Pairing

    p = Pairing(round=3, boards=(Board(1, "Anna", "Bram"),), bye=None, notes=())
    layout = pairings_layout(p, {}, ["Anna", "Bram"], (), "nl", context=CTX)
    assert layout.grid[0] == ("Winter 2026 · SC Oost · Indeling ronde 3 · 1 maart 2026",)
    assert layout.grid[2][:4] == ("Bord", "Wit", "Zwart", "Uitslag")


def test_a_dutch_season_from_the_template(tmp_path, capsys, monkeypatch) -> None:
    """keizer-xl new --language nl, five players, Eva afgemeld (A) in round 1: Indeling and
    Stand are titled, marked and explained in Dutch."""
    monkeypatch.setenv("KEIZER_XL_TODAY", "2026-03-01")
    book = tmp_path / "Najaar 2026.xlsx"
    assert run(capsys, "new", book, "--language", "nl")[0] == 0
    type_rows(book, "Settings", "nl", [("vereniging", "SC Oost")])
    type_rows(book, "Players", "nl", PLAYERS)
    type_rows(book, "Attendance", "nl", [(n, "A" if n == "Eva" else None) for n, _ in PLAYERS])
    code, _, err = run(capsys, "pair", book)
    assert code == 0, err
    ws = openpyxl.load_workbook(book)["Indeling"]
    assert ws["A1"].value == "Najaar 2026 · SC Oost · Indeling ronde 1 · 1 maart 2026"
    assert table_rows(book, "Indeling")[0][:4] == ["Bord", "Wit", "Zwart", "Uitslag"]
    fill_results(book, "nl", ["1:0", "remise"])
    code, _, err = run(capsys, "standings", book)
    assert code == 0, err
    ws = openpyxl.load_workbook(book)["Stand"]
    assert ws["A1"].value == "Najaar 2026 · SC Oost · Stand na ronde 1 · 1 maart 2026"
    header_row = next(r for r in ws.iter_rows() if r[0].value == "Plaats")
    r1 = next(c.column for c in header_row if c.value == "R1")
    eva = next(r for r in ws.iter_rows(min_row=header_row[0].row + 1) if r[1].value == "Eva")
    assert isinstance(eva[r1 - 1].value, (int, float)) and eva[r1 - 1].value > 0
    assert eva[r1 - 1].number_format == '"A "General'
    texts = [r[0].value for r in ws.iter_rows() if isinstance(r[0].value, str)]
    assert "A afgemeld." in texts
    assert ws.oddFooter.center.text == "pagina &P van &N"


def test_a_german_html_page(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("KEIZER_XL_TODAY", "2026-03-01")
    from support.languages import new_season

    book = new_season(tmp_path, capsys, "de", "E")
    fill_results(book, "de", ["1:0", "remis"])
    code, _, err = run(capsys, "export", book, "--html", "--out", tmp_path / "page.html")
    assert code == 0, err
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in page
    assert ">Rangliste</h2>" in page and ">Kreuztabelle</h2>" in page
    assert "Keizer-Rangliste nach Runde 1 · 1. März 2026" in page
    assert LEGEND_DE in page  # the crosstable's legend
    assert 'aria-label="Platz nach jeder Runde der besten 5"' in page  # the chart, for readers
    for english in (">Standings<", ">Crosstable<", ">Rank<", "worth now", "Made with",
                    "Rank after"):
        assert english not in page, english


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_html_lang_is_the_workbooks(tmp_path, capsys, lang) -> None:
    from support.languages import ROUND1, new_season

    book = new_season(tmp_path, capsys, lang, ROUND1[lang][0])
    code, _, err = run(capsys, "export", book, "--html", "--out", tmp_path / "p.html")
    assert code == 0, err
    assert f'<html lang="{lang}">' in (tmp_path / "p.html").read_text(encoding="utf-8")


def _part(season):
    """The season's shown rows (core/rows.py), as the Standings sheet is made from them."""
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import season_part

    return season_part(Competition(season).standing(""))
