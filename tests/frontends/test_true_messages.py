"""Every message true and at the right cell (issue 26 item 3): a withdrawn player is never
listed as absent, explain's sentences name the standing each worth is from, an unknown name
is refused in the workbook's language with the names meant."""
from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main

NAMES = ["Anna", "Bert", "Carla", "Dirk", "Eva"]


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def dutch_players(path: Path, capsys: pytest.CaptureFixture[str]) -> openpyxl.Workbook:
    """A new Dutch season at ``path`` with the five NAMES on Spelers, rated 1780 down to 1740
    (Anna first), opened for more changes."""
    assert run(capsys, "new", path, "--language", "nl")[0] == 0
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    for i, name in enumerate(NAMES, start=2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, 1800 - 10 * i)
    return wb


def dutch_sign_up_season(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A Dutch season under ``attendance_default absent`` (players sign up with an x): Eva
    withdraws from round 2 (Status ``teruggetrokken 2``) and signs up for no round."""
    wb = dutch_players(path, capsys)
    ws = wb["Spelers"]
    ws.cell(6, 5, "teruggetrokken 2")
    s = wb["Instellingen"]
    for r in range(1, s.max_row + 1):
        if s.cell(r, 1).value == "attendance_default":
            s.cell(r, 2, "absent")
    a = wb["Aanwezigheid"]
    for i, name in enumerate(NAMES, start=2):
        a.cell(i, 1, name)
        for c in range(2, 5):
            a.cell(i, c, None if name == "Eva" else "x")
    wb.save(path)
    return path


def _play(path: Path) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Uitslagen"]
    col = [c.value for c in ws[1]].index("Uitslag") + 1
    for r in range(2, ws.max_row + 1):
        if ws.cell(r, col).value is None:
            ws.cell(r, col, "1-0")
    wb.save(path)


def test_a_withdrawn_player_is_not_listed_absent_under_sign_up(tmp_path, capsys):
    path = dutch_sign_up_season(tmp_path / "club.xlsx", capsys)
    code, out, _ = run(capsys, "pair", path)
    assert code == 0 and "Afwezig: Eva (A)" in out  # round 1: still a member, not signed up
    _play(path)
    code, out, _ = run(capsys, "pair", path)
    assert code == 0, out
    # round 2: Eva has withdrawn; not "Afwezig: Eva (A)", on the console nor on Indeling
    assert "Ronde 2" in out and "Eva" not in out, out
    grid = [list(row) for row in openpyxl.load_workbook(path)["Indeling"].values]
    assert not any("Eva" in row for row in grid), grid
    assert not any(row and row[0] == "Afwezig" for row in grid), grid


def test_explain_names_the_standing_of_the_earlier_worth(tmp_path, capsys):
    """A revalued earlier result: the sentence says after which round the earlier worth held, so it
    agrees with the Explain sheet's 'worth then' (after the result's own round)."""
    from support.helpers import season
    from keizer_xl.analysis.explain import explain_player
    from keizer_xl.core.engine import compute_history
    from keizer_xl.i18n import translate, translator

    s = season(["A", "B", "C", "D", "E"], [
        [("A", "B", "1-0"), ("C", "D", "0-1"), ("bye", "E")],
        [("B", "D", "1-0"), ("E", "C", "0-1")],
        [("A", "C", "1-0"), ("B", "E", "1-0"), ("bye", "D")],
    ])
    h = compute_history(s)
    e = explain_player(s, h, "E")
    bye = next(line for line in e.lines if "(bye)" in line)
    then = next(x for x in e.results if x.round == 1).then
    assert then == h.standings[1].round_points["E"][0]
    assert "instead of" in bye and "(after round 2), because the own value" in bye, bye
    nl = translate(bye, translator("nl"))
    assert "(na ronde 2)" in nl and "after" not in nl, nl


@pytest.mark.parametrize("lang, words", [
    ("nl", ("'Jan' staat niet in Spelers; bedoel je Jan de Vries?",)),
    ("de", ("'Jan' steht nicht in Spieler; meinten Sie Jan de Vries?",)),
])
def test_explain_an_unknown_name_in_the_workbook_language(tmp_path, capsys, lang, words):
    path = tmp_path / "club.xlsx"
    assert run(capsys, "new", path, "--language", lang)[0] == 0
    wb = openpyxl.load_workbook(path)
    ws = wb[wb.sheetnames[2]]  # Spelers / Spieler
    for i, name in enumerate(["Jan de Vries", "Piet Bakker", "Klaas Smit"], start=2):
        ws.cell(i, 1, name)
    wb.save(path)
    code, _, err = run(capsys, "explain", path, "Jan")
    assert code == 1 and all(w in err for w in words), err
    code, _, err = run(capsys, "explain", path, "Zzyzx")
    assert code == 1 and "Zzyzx" in err and ("bedoel" not in err and "meinten" not in err), err
    assert "is not in" not in err and "did you mean" not in err


def test_a_group_column_typed_beside_the_players_table_is_read(tmp_path, capsys):
    """Excel and LibreOffice do not widen the Players table for a column typed right beside
    it: its Groep and Federatie columns are read all the same (issue 26), so `pair` keeps the
    groups apart and the federation reaches the rating report."""
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.sheets.read import read_season

    path = tmp_path / "club.xlsx"
    assert run(capsys, "new", path, "--language", "nl")[0] == 0
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    table_end = ws.tables["tblPlayers"].ref.split(":")[1]
    assert table_end.startswith("G")  # the template's table ends at column G
    ws["H1"], ws["I1"] = "Groep", "Federatie"
    names = ["Anna", "Bert", "Carla", "Dirk", "Eva", "Frits"]
    for i, name in enumerate(names, start=2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, 1800 - 10 * i)
        ws.cell(i, 8, "A" if i < 5 else "B")
        ws.cell(i, 9, "NED")
    wb.save(path)
    season = read_season(open_book(path))
    assert {p.name: p.group for p in season.players} == dict(zip(names, "AAABBB", strict=True))
    assert {p.federation for p in season.players} == {"NED"}
    code, out, _ = run(capsys, "pair", path)
    assert code == 0 and "Groep A" in out and "Groep B" in out, out
    for board in openpyxl.load_workbook(path)["Uitslagen"].iter_rows(min_row=2, values_only=True):
        pair = {board[2], board[3]} - {None}
        assert pair <= set(names[:3]) or pair <= set(names[3:]), board


@pytest.mark.parametrize("program, lock", [
    ("LibreOffice", ".~lock.{name}#"), ("Excel", "~${name}")])
def test_export_and_new_season_say_they_read_a_workbook_open_elsewhere(
        tmp_path, capsys, program, lock):
    """`standings` and `pair` refuse a workbook open in Excel or LibreOffice; `export` (HTML,
    CSV, TRF), `new-season`, `check`, `explain`, `audit`, `batch` and the --no-write /
    --dry-run runs only read it: they say (once) it is open and that they read it as last
    saved, in the workbook's language (issue 26)."""
    path = dutch_sign_up_season(tmp_path / "club.xlsx", capsys)
    assert run(capsys, "pair", path)[0] == 0
    _play(path)
    owner = path.with_name(lock.format(name=path.name))
    owner.write_bytes(b",ann,pc-7,27.11.2026 10:00,file:///home/ann;" if program ==
                      "LibreOffice" else b"\x03Ann" + b" " * 50)
    said = f"club.xlsx is geopend in {program}: dit las de werkmap zoals hij daar het laatst"
    for argv in (("export", path, "--html", "--out", tmp_path / "c.html"),
                 ("export", path, "--csv", "--out", tmp_path / "c.csv"),
                 ("export", path, "--trf", tmp_path / "c.trf"),
                 ("new-season", path, tmp_path / "next.xlsx"),
                 # every other command that only reads it says so too
                 ("check", path), ("explain", path, "Anna"), ("audit", path),
                 ("compare", path, "--no-write"), ("standings", path, "--no-write"),
                 ("pair", path, "--dry-run", "--force"),
                 ("batch", path, "--quiet", "--out", tmp_path / "out")):
        code, out, err = run(capsys, *argv)
        assert code == 0, (argv, out, err)
        assert err.count(said) == 1, (argv, err)
    owner.unlink()
    code, out, err = run(capsys, "export", path, "--html", "--out", tmp_path / "d.html")
    assert code == 0 and "geopend" not in err


def test_a_new_seasons_start_list_is_ranked_not_announced_as_late(tmp_path, capsys):
    """Before round 1 (a season just made) the standing is the start list: every player who
    plays from round 1 has his rank on Stand and on the console, and no note says he "joins in
    round 1: not ranked yet" (it said so of every player, while the table ranked them); a
    real late entrant (Vanaf ronde 3) still waits for his round."""
    path = tmp_path / "club.xlsx"
    wb = dutch_players(path, capsys)
    ws = wb["Spelers"]
    ws.cell(6, 4, 3)  # Eva: Vanaf ronde 3
    wb.save(path)
    code, _out, err = run(capsys, "standings", path)
    assert code == 0, err
    assert err.count("nog niet gerangschikt") == 1, err
    assert "Eva komt erbij in ronde 3: nog niet gerangschikt" in err, err
    rows = [r for r in openpyxl.load_workbook(path)["Stand"].iter_rows(values_only=True)
            if r[1] in NAMES]
    # the start list by rating: Anna 1780, Bert 1770, Carla 1760, Dirk 1750; Eva not yet
    assert [(r[0], r[1]) for r in rows] == [(1, "Anna"), (2, "Bert"), (3, "Carla"),
                                            (4, "Dirk"), ("-", "Eva")], rows


@pytest.mark.parametrize("lang, pronoun", [("nl", " hij "), ("de", " er "), ("fr", " il ")])
def test_a_move_is_told_by_name_not_as_he(lang, pronoun):
    """explain's sentence on a promotion or relegation: Eva is no "he" (hij, er, il), and
    "the 1 best" is not said; the player's name carries the sentence."""
    from keizer_xl.errors import Message
    from keizer_xl.i18n import translate

    for verb, limit in (("move up", "best"), ("move down", "worst")):
        key = "promote" if verb == "move up" else "relegate"
        text = translate(Message(
            "{name} was place {place} in group {source} after round {before}: the {n} "
            f"{limit} of group {{source}} {verb} to group {{target}} at a period's end "
            f"({key} {{n}}); he plays in group {{target}} from round {{round}} and keeps his "
            "games.", name="Eva", place=1, source="B", before=2, n=1, target="A", round=3),
            lang)
        assert pronoun not in text and text.count("Eva") == 2, text
        assert f"{key} 1" in text, text


def test_a_group_column_past_an_empty_column_is_named_at_its_cell(tmp_path, capsys):
    """A Groep column typed right of the Players table with an empty column between: the
    Table does not reach it. It is not read; pair and check refuse, naming its cell and the
    empty column, in Dutch (issue 26: never ignored without a word). A header the program
    does not know there (a note of the club's) stays unread without a problem."""
    path = tmp_path / "club.xlsx"
    assert run(capsys, "new", path, "--language", "nl")[0] == 0
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    ws["I1"], ws["K1"] = "Groep", "Opmerking"  # H left empty: the table ends at G
    for i, name in enumerate(NAMES, start=2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, 1800 - 10 * i)
        ws.cell(i, 9, "A" if i < 4 else "B")
    wb.save(path)
    for command in ("check", "pair"):
        code, out, err = run(capsys, command, path)
        assert code == 1, (command, out, err)
        assert ("Spelers!I1: kolom 'Groep' staat buiten de tabel: kolom H ertussen is leeg"
                in out + err), out + err
        assert "Opmerking" not in out + err
    wb = openpyxl.load_workbook(path)
    wb["Spelers"]["H1"] = "Vereniging2"  # an unknown header closes the gap: all read, no error
    wb.save(path)
    code, out, err = run(capsys, "check", path)
    assert code == 0, out + err
