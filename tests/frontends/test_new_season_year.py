"""``new-season`` after a year with groups, periods, promotion and relegation (issue 23 item 3).

A Dutch workbook typed as a club types it (every Players column: the engine's and the club's
own), played through the CLI round by round with groups A and B, ``periods 1, 3``, ``promote 1``
/ ``relegate 1``, a late entrant, a withdrawal, ``round_dates`` and a one-round forbidden pair.
NEW is compared column by column with OLD's final state: OLD's Players cells as typed and OLD's
Standings sheet as ``standings`` wrote it (each group's block after the last round: who is in it
and in which order), read back with openpyxl, never with the engine.
"""
from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest


from keizer_xl.frontends.cli import main
from support.year_nl import A, B, played_year


def sheet_rows(path: Path, sheet: str) -> list[tuple]:
    return list(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))


def final_blocks(path: Path) -> dict[str, list[str]]:
    """Each group's block on OLD's Standings sheet (``Groep A`` heading, its header row, its
    rows in order, ranked and unranked), read as a leader reads the sheet."""
    rows = sheet_rows(path, "Stand")
    blocks: dict[str, list[str]] = {}
    current = None
    name_col = None
    for row in rows:
        first = row[0]
        if isinstance(first, str) and first.startswith("Groep "):
            current, name_col = first.split(" ", 1)[1], None
            if "·" in current:  # a category's block inside a group: not the group's table
                current = None
            else:
                blocks[current] = []
        elif current and name_col is None and "Naam" in row:
            name_col = row.index("Naam")
        elif current and name_col is not None:
            if row[name_col] in A + B:
                blocks[current].append(row[name_col])
            elif all(c is None for c in row):
                current = None
    return blocks


def table(path: Path, sheet: str) -> tuple[list[str], dict[str, dict[str, object]]]:
    rows = sheet_rows(path, sheet)
    headers = [h for h in rows[0] if h is not None]
    return headers, {r[0]: dict(zip(headers, r, strict=True)) for r in rows[1:] if r[0]}


@pytest.fixture(scope="module")
def year(tmp_path_factory):
    return played_year(tmp_path_factory.mktemp("year"))


def test_next_season_keeps_every_column_group_and_the_final_tables(year, tmp_path, capsys):
    capsys.readouterr()
    new = tmp_path / "nieuw.xlsx"
    assert main(["new-season", str(year), str(new), "--language", "nl"]) == 0
    out = capsys.readouterr().out
    blocks = final_blocks(year)
    assert set(blocks) == {"A", "B"} and sorted(blocks["A"] + blocks["B"]) == sorted(A + B)
    # the promotion at round 3 really moved players: the final blocks are not the start groups
    assert set(blocks["A"]) != set(A)
    old_headers, old = table(year, "Spelers")
    new_headers, nxt = table(new, "Spelers")
    # every column of OLD, with OLD's spelling (the template's own columns may stand between)
    assert [h for h in new_headers if h in old_headers] == [
        "Naam", "Rating", "Start", "Vanaf ronde", "Status", "Vereniging", "Groep", "Categorie",
        "Geslacht", "Geboortedatum", "Federatie", "KNSB-nummer", "FIDE-id", "Telefoon", "Lid sinds"]
    assert set(old_headers) <= set(new_headers)
    # who: everyone but the withdrawn Cees, in the order of the final blocks, A's first
    expected = [n for g in ("A", "B") for n in blocks[g] if n != "Cees"]
    assert list(nxt) == expected
    assert [nxt[n]["Start"] for n in expected] == list(range(1, len(expected) + 1))
    # the group as the season ended: the block he is in on the final Standings sheet
    for g in ("A", "B"):
        for n in blocks[g]:
            if n != "Cees":
                assert nxt[n]["Groep"] == g, n
    # every other column as typed (dates stay dates, numbers numbers, formula-like text text)
    carried = ["Naam", "Rating", "Vereniging", "Categorie", "Geslacht", "Geboortedatum",
               "Federatie", "KNSB-nummer", "FIDE-id", "Telefoon", "Lid sinds"]
    for n in expected:
        for h in carried:
            assert nxt[n][h] == old[n][h] and type(nxt[n][h]) is type(old[n][h]), (n, h)
        assert nxt[n]["Vanaf ronde"] is None and nxt[n]["Status"] is None
    assert nxt["Anna"]["Vereniging"] == '=HYPERLINK("x")'
    cell = openpyxl.load_workbook(new)["Spelers"]["F2"]
    assert cell.data_type == "s"
    # settings: carried but round_dates and the one-round forbidden pair, season advanced
    settings = {r[0]: r[1] for r in sheet_rows(new, "Instellingen")[1:] if r[0]}
    assert settings["season"] == "2026-2027" and settings["periods"] == "1, 3"
    # typed as OLD has them (issue 33): numbers stay numbers
    assert settings["promote"] == 1 and settings["relegate"] == 1
    assert not settings.get("round_dates") and "forbidden R4" not in settings
    # Attendance: a row per player, its round columns empty; Results empty
    att = sheet_rows(new, "Aanwezigheid")
    assert [r[0] for r in att[1:] if r[0]] == expected
    assert all(c is None for r in att[1:] for c in r[1:])
    assert [r for r in sheet_rows(new, "Uitslagen")[1:] if any(r)] == []
    # what it says, in Dutch
    assert "Weggelaten (teruggetrokken): Cees" in out
    assert "11 spelers, Start volgens de eindstand van elke groep van oud.xlsx na ronde 4" in out
    assert "Overgenomen uit Spelers: Naam, Rating, Vereniging, Categorie" in out
    assert "Telefoon, Lid sinds" in out
    in_a = len([n for n in blocks["A"] if n != "Cees"])
    assert (f"Groepen zoals het seizoen eindigde, na 2 wisselingen: A ({in_a}), "
            f"B ({len(blocks['B'])})") in out
    assert "Leeg gelaten (van vorig seizoen): Vanaf ronde, Status" in out
    assert "Instellingen weggelaten (rondes van vorig seizoen): forbidden R4, round_dates" in out
    assert "Aanwezigheid en Uitslagen beginnen leeg" in out
    assert "Leeggemaakt tot het programma ze opnieuw schrijft: Indeling, Stand, Periodes" in out
    # and NEW is a season the engine takes: round 1 pairs, each group on its own
    assert main(["check", str(new)]) == 0
    assert main(["pair", str(new)]) == 0


def test_promote_at_season_end_moves_the_best_and_the_worst_once_more(tmp_path, capsys):
    year = played_year(tmp_path, (("promote_at_season_end", "ja"),))
    blocks = final_blocks(year)
    capsys.readouterr()
    new = tmp_path / "nieuw.xlsx"
    assert main(["new-season", str(year), str(new)]) == 0
    out = capsys.readouterr().out
    _, nxt = table(new, "Spelers")
    # hand rule (docs/groups.md): B's first moves up and closes A's list; A's last still
    # playing (Cees withdrew from round 4: not counted at the end) moves down and heads B's
    up = blocks["B"][0]
    a_staying = [n for n in blocks["A"] if n != "Cees"]
    down = a_staying[-1]
    expected_a = [n for n in a_staying if n != down] + [up]
    expected_b = [down] + [n for n in blocks["B"] if n != up]
    assert list(nxt) == expected_a + expected_b
    assert {n for n in nxt if nxt[n]["Groep"] == "A"} == set(expected_a)
    assert f"{up} promoveert volgend seizoen naar groep A (plaats 1 in groep B)" in out
    assert f"{down} degradeert volgend seizoen naar groep B (plaats " in out


def test_the_language_option_names_known_columns_in_that_language(year, tmp_path, capsys):
    new = tmp_path / "neu.xlsx"
    assert main(["new-season", str(year), str(new), "--language", "de"]) == 0
    out = capsys.readouterr().out
    headers, nxt = table(new, "Spieler")
    for h in ("Name", "Wertung", "Start", "Gruppe", "Kategorie", "Geschlecht", "Geburtsdatum",
              "Verband", "KNSB-Nummer", "FIDE-ID", "Telefoon", "Lid sinds"):
        assert h in headers, h
    assert "Übernommen aus Spieler:" in out and "Anwesenheit und Ergebnisse beginnen leer" in out
    assert nxt["Anna"]["Telefoon"] == "06-00000000"


def test_rating_order_inside_each_group(year, tmp_path, capsys):
    new = tmp_path / "nieuw.xlsx"
    assert main(["new-season", str(year), str(new), "--start", "rating"]) == 0
    capsys.readouterr()
    blocks = final_blocks(year)
    _, old = table(year, "Spelers")
    _, nxt = table(new, "Spelers")
    expected = [n for g in ("A", "B") for n in sorted(
        (n for n in blocks[g] if n != "Cees"), key=lambda n: -old[n]["Rating"])]
    assert list(nxt) == expected
    assert [nxt[n]["Start"] for n in expected] == list(range(1, len(expected) + 1))
