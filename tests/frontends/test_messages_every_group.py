"""Messages for every group, in the workbook's language (issue 33, item 3): a refusal names
every board without a result in every group at once, ``check`` reports what ``pair`` waits for
(app/preflight.py), sheet names, plurals and decimal signs in the workbook's language, and the
refusals that come before a workbook is read speak its ``language`` setting."""
from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import openpyxl
import pytest

from support.helpers import make_workbook
from support.groups import A, B, two_groups
from support.languages import run

from keizer_xl.app.pair import plan_pairing
from keizer_xl.app.preflight import refusals, results_missing
from keizer_xl.clients.xlsx import open_book
from keizer_xl.core.pairing_round import missing_results_error
from keizer_xl.errors import ActionError, Number, Plural
from keizer_xl.i18n import translate
from keizer_xl.sheets.read import read_season

#: the refusal and the check line in each language (the catalogs' words, fixed here)
NO_RESULTS = {"en": "round 2 has no results yet (4 boards, Results!E7 to Results!E10)",
              "nl": "ronde 2 heeft nog geen uitslagen (4 borden, Results!E7 tot Results!E10)",
              "de": "Runde 2 hat noch keine Ergebnisse (4 Bretter, Results!E7 bis Results!E10)",
              "fr": "la ronde 2 n'a pas encore de résultats (4 échiquiers, Results!E7 à "
                    "Results!E10)"}
WAITS = {"en": "Results!E9: Gijs - Hans (round 2, board 3) has no result yet: round 3 is paired "
               "only when it has one",
         "nl": "Results!E9: Gijs - Hans (ronde 2, bord 3) heeft nog geen uitslag: ronde 3 wordt "
               "pas ingedeeld als die er is",
         "de": "Results!E9: Gijs - Hans (Runde 2, Brett 3) hat noch kein Ergebnis: Runde 3 wird "
               "erst gepaart, wenn es eingetragen ist",
         "fr": "Results!E9 : Gijs - Hans (ronde 2, échiquier 3) n'a pas encore de résultat : la "
               "ronde 3 ne sera appariée qu'une fois celui-ci saisi"}
ONE_WARNING = {"en": "no problems found (1 warning)", "nl": "geen problemen gevonden (1 "
               "waarschuwing)", "de": "keine Probleme gefunden (1 Warnung)",
               "fr": "aucun problème trouvé (1 avertissement)"}
TWO_WARNINGS = {"en": "no problems found (2 warnings)", "nl": "geen problemen gevonden (2 "
                "waarschuwingen)", "de": "keine Probleme gefunden (2 Warnungen)",
                "fr": "aucun problème trouvé (2 avertissements)"}


def _paired(tmp_path: Path, lang: str) -> Path:
    """Both groups' round 1 played, round 2 paired for both groups, no result typed."""
    path = two_groups(tmp_path / f"g-{lang}.xlsx", settings=(("language", lang),))
    assert run_quiet(path, "pair") == 0
    return path


def run_quiet(path: Path, *argv: str) -> int:
    from keizer_xl.frontends.cli import main

    return main([argv[0], str(path), *argv[1:]])


def _type(path: Path, results: dict[str, str]) -> None:
    wb = openpyxl.load_workbook(path)
    for cell, value in results.items():
        wb["Results"][cell] = value
    wb.save(path)


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_pair_names_every_groups_boards_at_once_and_check_lists_them(tmp_path, capsys, lang):
    path = _paired(tmp_path, lang)
    capsys.readouterr()
    code, _, err = run(capsys, "pair", path, "--dry-run")
    assert code == 1 and NO_RESULTS[lang] in err  # group A's E7-E8 and group B's E9-E10
    code, out, err = run(capsys, "check", path)
    assert code == 0 and WAITS[lang] in out
    assert sum(f"Results!E{r}" in out for r in (7, 8, 9, 10)) == 4
    # group A's results typed: the refusal names group B's boards (both of them), at once
    _type(path, {"E7": "1-0", "E8": "0-1"})
    code, _, err = run(capsys, "pair", path, "--dry-run")
    assert code == 1 and "Results!E9" in err and "Results!E10" in err
    assert "Results!E7" not in err and "Results!E8" not in err
    # one left: its cell named (and the engine's note that it counts as a draw till then)
    _type(path, {"E9": "½-½"})
    code, out, err = run(capsys, "check", path)
    assert code == 0 and "Results!E10" in out and "Results!E9" not in out
    assert TWO_WARNINGS[lang] in err
    _type(path, {"E10": "1-0"})
    assert run(capsys, "pair", path, "--dry-run")[0] == 0


def test_one_group_lacking_results_is_named_with_its_cells_while_the_other_is_complete(tmp_path,
                                                                                      capsys):
    path = _paired(tmp_path, "en")
    _type(path, {"E9": "1-0", "E10": "0-1", "E7": "1-0"})  # only group A's E8 missing
    capsys.readouterr()
    code, _, err = run(capsys, "pair", path, "--dry-run")
    assert code == 1
    assert "round 2 still lacks results: board 2 (Dirk - Eva, Results!E8). Enter them" in err
    code, _, err = run(capsys, "pair", path, "--dry-run", "--force")
    assert code == 0, err


def test_the_preflight_is_the_refusal_pair_gives(tmp_path):
    path = _paired(tmp_path, "en")
    season = read_season(open_book(path))
    rnd, parts = results_missing(season)
    refusal = missing_results_error(parts, rnd)
    assert refusal is not None and refusal.hint == "force" and rnd == 3
    assert str(refusal.args[0]) == ("round 2 has no results yet (4 boards, Results!E7 to "
                                    "Results!E10). Enter them")
    with pytest.raises(ActionError) as refused:
        plan_pairing(season)
    assert str(refused.value.args[0]) == str(refusal.args[0])
    read, problems, waiting, lang = refusals(open_book(path))
    assert lang == "en"
    assert read is not None and problems == []
    assert [w.params["where"] for w in waiting] == [f"Results!E{r}" for r in (7, 8, 9, 10)]
    assert {w.params["white"] for w in waiting} == {"Anna", "Dirk", "Gijs", "Ilse"}
    # a season with every result: nothing refused
    _type(path, {"E7": "1-0", "E8": "0-1", "E9": "1-0", "E10": "½-½"})
    assert missing_results_error(results_missing(read_season(open_book(path)))[1], 3) is None
    assert refusals(open_book(path))[1:] == ([], [], "en")


def test_one_board_left_is_said_in_the_singular(tmp_path, capsys):
    results = [[1, 1, "Anna", "Bert", None], [1, 2, "Cees", "Dirk", "1-0"]]
    path = make_workbook(tmp_path / "one.xlsx", {
        "Settings": [["Setting", "Value"], ["language", "de"]],
        "Players": [["Name", "Rating"], ["Anna", 2000], ["Bert", 1900], ["Cees", 1800],
                    ["Dirk", 1700]],
        "Results": [["Round", "Board", "White", "Black", "Result"], *results]})
    code, _, err = run(capsys, "pair", path, "--dry-run")
    assert code == 1 and "in Runde 1 fehlen noch Ergebnisse: Brett 1 (Anna - Bert" in err
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E3"] = None
    wb.save(path)
    code, _, err = run(capsys, "pair", path, "--dry-run")
    assert code == 1 and "Runde 1 hat noch keine Ergebnisse (2 Bretter" in err
    message = Plural("round {round} has no results yet ({n} board, {first}). Enter them",
                     "round {round} has no results yet ({n} boards, {first} to {last}). Enter "
                     "them", 1, round=1, first="Results!E2", last="Results!E2")
    assert str(message) == "round 1 has no results yet (1 board, Results!E2). Enter them"
    assert translate(message, "de") == ("Runde 1 hat noch kein Ergebnis (1 Brett, Results!E2). "
                                        "Tragen Sie es ein")
    again = pickle.loads(pickle.dumps(message))  # noqa: S301 - batch's workers pickle messages
    assert again == message and translate(again, "nl").startswith("ronde 1 heeft nog geen "
                                                                  "uitslag (1 bord")


SHEETS = {"en": ("Settings", "Players", "Results"), "nl": ("Instellingen", "Spelers", "Uitslagen"),
          "de": ("Einstellungen", "Spieler", "Ergebnisse"),
          "fr": ("Paramètres", "Joueurs", "Résultats")}


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_check_names_the_players_sheet_as_the_workbook_does(tmp_path, capsys, lang):
    players = [["Name", "Rating"], ["Anna", 1800], ["Bert", 1800], ["Cees", 1700]]
    settings, players_sheet, results = SHEETS[lang]
    path = make_workbook(tmp_path / "spieler.xlsx", {
        settings: [["Setting", "Value"]], players_sheet: players,
        results: [["Round", "Board", "White", "Black", "Result"]]})
    code, out, err = run(capsys, "check", path)
    assert code == 0
    (line,) = out.splitlines()
    sep = " : " if lang == "fr" else ": "
    assert f"{players_sheet}{sep}Anna, Bert" in line and "1800" in line, out
    assert lang == "en" or "Players" not in out + err
    assert ONE_WARNING[lang] in err  # the catalog's singular ("1 Warnungen" before)


@pytest.mark.parametrize(("lang", "points"), [("en", "6.67 Keizer points"),
                                              ("nl", "6,67 Keizerpunten"),
                                              ("de", "6,67 Keizer-Punkte"),
                                              ("fr", "6,67 points Keizer")])
def test_explain_writes_the_decimal_sign_of_the_workbooks_language(tmp_path, capsys, lang,
                                                                   points):
    path = two_groups(tmp_path / "g.xlsx", settings=(("language", lang),))
    code, out, _ = run(capsys, "explain", path, "Eva")
    assert code == 0 and points in out.splitlines()[0], out
    assert translate(Number("-0.33"), lang) == "-0.33"  # a bare Number is text: only in a message
    # the standings table on the console likewise (its JSON keeps the point)
    code, out, _ = run(capsys, "standings", path, "--no-write")
    anna = next(line for line in out.splitlines() if " Anna " in line)
    assert code == 0 and ("15.00" if lang == "en" else "15,00") in anna, out
    code, out, _ = run(capsys, "standings", path, "--no-write", "--format", "json")
    assert code == 0 and '"score": 6.67' in out and '6,67' not in out


@pytest.mark.parametrize(("lang", "exists", "rounds"), [
    ("nl", "bestaat al (gebruik --force", "schrijf de eerste en de laatste ronde"),
    ("de", "gibt es schon (verwenden Sie --force", "die erste und die letzte Runde"),
    ("fr", "existe déjà (utilisez --force", "la première et la dernière ronde"),
    ("en", "already exists (use --force", "write the first and the last round")])
def test_refusals_before_reading_speak_the_language_setting(tmp_path, capsys, lang, exists,
                                                            rounds):
    """English sheet names and ``language xx`` in Settings: the refusals that come before the
    workbook is read are in xx (they were English)."""
    old = two_groups(tmp_path / "old.xlsx", settings=(("language", lang),))
    new = tmp_path / "new.xlsx"
    shutil.copy(old, new)
    code, _, err = run(capsys, "new-season", old, new)
    assert code == 2 and exists in err, err
    code, _, err = run(capsys, "export", old, "--trf", tmp_path / "x.trf", "--rounds", "8-5")
    assert code == 2 and rounds in err, err
    assert not (tmp_path / "x.trf").exists()


def test_a_group_names_match_the_players(tmp_path):
    """(the fixture's groups, so the cells above are group A's and group B's boards)"""
    path = _paired(tmp_path, "en")
    rows = list(openpyxl.load_workbook(path)["Results"].iter_rows(min_row=7, max_row=10,
                                                                  values_only=True))
    assert {r[2] for r in rows[:2]} <= set(A) and {r[2] for r in rows[2:]} <= set(B)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "--period with --format csv: use table or json"),
    ("nl", "--period met --format csv: gebruik table of json"),
    ("de", "--period mit --format csv: verwenden Sie table oder json"),
    ("fr", "--period avec --format csv : utilisez table ou json")])
def test_usage_refusals_of_the_front_end_are_in_the_workbooks_language(tmp_path, capsys, lang,
                                                                       said):
    """(they were literal English strings, not catalog messages)"""
    path = two_groups(tmp_path / "g.xlsx", settings=(("language", lang), ("periods", "1, 3")))
    code, _, err = run(capsys, "standings", path, "--period", "1", "--format", "csv")
    assert code == 2 and said in err, err
