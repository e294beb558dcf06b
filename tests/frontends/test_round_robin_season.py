"""Round robin through the commands, in-process (issue 36): a whole season of one double round
robin, group A's round robin inside a Keizer season on the same evenings, a postponed game, a
withdrawal, the draw by lot, a late entrant, and the Schedule sheet in Dutch.  Pairings are
compared with the Berger tables built independently (helpers.berger_reference)."""
from __future__ import annotations

import json
import random
import shutil
import subprocess

from dataclasses import replace

import openpyxl
import pytest
from hypothesis import given, settings as hsettings, strategies as st

from helpers import berger_reference, make_workbook

from keizer_xl.app.pair import plan_pairing
from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.settings import Settings
from keizer_xl.errors import ActionError
from keizer_xl.frontends.cli import main


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def book(path, names, settings, groups=None, start=None, attendance=None, joined=None):
    start = start or list(range(1, len(names) + 1))
    players = [["Name", "Rating", "Start", "Group", "Joined"]] + [
        [n, 2000 - 10 * i, start[i], (groups or {}).get(n), (joined or {}).get(n)]
        for i, n in enumerate(names)]
    rounds = 12
    att = [["Name"] + [f"R{r}" for r in range(1, rounds + 1)]] + [
        [n] + [(attendance or {}).get((r, n)) for r in range(1, rounds + 1)] for n in names]
    return make_workbook(path, {"Settings": [["Setting", "Value"], *settings], "Players": players,
                                "Attendance": att,
                                "Results": [["Round", "Board", "White", "Black", "Result"]]})


def rows_of(path, rnd, sheet="Results"):
    ws = openpyxl.load_workbook(path)[sheet]
    return [r for r in ws.iter_rows(min_row=2, values_only=True) if r[0] == rnd]


def type_results(path, rnd, rng, skip=()):
    wb = openpyxl.load_workbook(path)
    for row in wb["Results"].iter_rows(min_row=2):
        if row[0].value == rnd and row[3].value and (row[2].value, row[3].value) not in skip:
            row[4].value = rng.choice(["1-0", "0-1", "½-½"])
    wb.save(path)


def test_a_whole_season_double_round_robin_pairs_every_round_by_the_berger_table(
        tmp_path, capsys):
    names = ["Anna", "Bert", "Cees", "Dirk", "Eva"]
    start = [5, 3, 1, 2, 4]  # pairing numbers from Start: Cees 1, Dirk 2, Bert 3, Eva 4, Anna 5
    number = dict(zip(names, start, strict=True))
    path = book(tmp_path / "rr.xlsx", names, [["round_robin", "all"], ["round_robin_cycles", 2],
                                              ["round_robin_swap", "no"]], start=start)
    rng = random.Random(5)
    for rnd in range(1, 11):
        code, _, err = run(capsys, "pair", path)
        assert code == 0, err
        games = rows_of(path, rnd)
        cycle_round = (rnd - 1) % 5 + 1
        expected = berger_reference(5, cycle_round)
        if rnd > 5:  # the second cycle: colours reversed
            expected = {(b, w) for w, b in expected}
        got = {(number[w], number[b] if b else 6 if rnd <= 5 else None) for _, _, w, b, _ in games}
        want = {(w, b) if max(w, b) <= 5 else (min(w, b), 6 if rnd <= 5 else None)
                for w, b in expected}
        assert got == want, rnd
        assert [r[1] for r in games if r[3]] == [1, 2]  # boards 1, 2; the bye row without
        type_results(path, rnd, rng)
    code, _, err = run(capsys, "pair", path)
    assert code == 1 and "round 11 is not a round of the round robin (rounds 1 to 10)" in err
    code, out, _ = run(capsys, "schedule", path, "--format", "json")
    data = json.loads(out)["groups"][0]
    assert code == 0 and [p["name"] for p in data["players"]] == [
        "Cees", "Dirk", "Bert", "Eva", "Anna"]
    assert all(b["state"] == "played" and b["result"] for r in data["rounds"] for b in r["boards"])
    met = [frozenset((b["white"], b["black"])) for r in data["rounds"] for b in r["boards"]]
    assert len(met) == 20 and all(met.count(m) == 2 for m in met)
    assert run(capsys, "standings", path)[0] == 0
    sheet = openpyxl.load_workbook(path)["Schedule"]
    values = list(sheet.iter_rows(values_only=True))
    assert values[2] == ("Round", "Board", "White", "Black", "Result", "Note")
    assert len(values) == 3 + 10 * 3


def test_group_a_plays_a_round_robin_while_group_b_plays_keizer_the_same_evening(
        tmp_path, capsys):
    a, b = ["Anna", "Bert", "Cees", "Dirk"], ["Fred", "Gijs", "Hans", "Ilse", "Joop", "Kees"]
    groups = dict.fromkeys(a, "A") | dict.fromkeys(b, "B")
    path = book(tmp_path / "ab.xlsx", a + b, [["round_robin", "A"], ["round_robin_cycles", 2]],
                groups=groups)
    rng = random.Random(1)
    for rnd in range(1, 7):
        code, _, err = run(capsys, "pair", path)
        assert code == 0, err
        games = [r for r in rows_of(path, rnd) if r[3]]
        mine = {(w, bl) for _, _, w, bl, _ in games if w in a}
        table = berger_reference(4, (rnd - 1) % 3 + 1)
        if rnd == 2 or rnd == 3:  # FIDE's swap of the first cycle's last two rounds
            table = berger_reference(4, 5 - rnd)
        if rnd > 3:
            table = {(y, x) for x, y in berger_reference(4, rnd - 3)}
        assert mine == {(a[x - 1], a[y - 1]) for x, y in table}, rnd
        others = [n for _, _, w, bl, _ in games if w in b for n in (w, bl)]
        assert sorted(others) == sorted(b)  # every B player once, only against B players
        assert [r[1] for r in games] == list(range(1, 6))  # boards numbered on across groups
        type_results(path, rnd, rng)
    assert run(capsys, "pair", path)[0] == 0  # round 7: B alone (A's round robin is over)
    assert all(r[2] in b for r in rows_of(path, 7))
    pairings = list(openpyxl.load_workbook(path)["Pairings"].iter_rows(values_only=True))
    assert ("Board", "White", "Black", "Result") in [r[:4] for r in pairings]
    code, _out, _ = run(capsys, "standings", path, "--format", "json")
    assert code == 0
    sched = list(openpyxl.load_workbook(path)["Schedule"].iter_rows(values_only=True))
    assert sched[2][0] == "Group" and {r[0] for r in sched[3:]} == {"A"} and len(sched) == 3 + 12


def test_a_postponed_game_is_listed_and_counted_once_typed_under_its_own_round(
        tmp_path, capsys):
    names = ["Anna", "Bert", "Cees", "Dirk"]
    path = book(tmp_path / "pp.xlsx", names, [["round_robin", "all"]],
                attendance={(1, "Bert"): "E"})
    code, _, err = run(capsys, "pair", path)
    assert code == 0 and "board 2, Bert - Cees: postponed (Bert absent)" in err
    assert ("Bert", "Cees") in [(r[2], r[3]) for r in rows_of(path, 1)]  # listed all the same
    type_results(path, 1, random.Random(0), skip={("Bert", "Cees")})
    code, out, err = run(capsys, "check", path)
    assert code == 0 and "is paired only when it has one" not in out + err
    code, _, err = run(capsys, "pair", path)  # no --force: the postponed game waits
    assert code == 0, err
    code, _, err = run(capsys, "standings", path)
    assert "after round 1 still to play (postponed, not counted yet): R1 Bert - Cees" in err
    sched = json.loads(run(capsys, "schedule", path, "--format", "json")[1])["groups"][0]
    assert sched["rounds"][0]["boards"][1]["state"] == "postponed"
    wb = openpyxl.load_workbook(path)
    for row in wb["Results"].iter_rows(min_row=2):
        if row[2].value == "Bert" and row[3].value == "Cees":
            row[4].value = "0-1"
    wb.save(path)
    code, _out, err = run(capsys, "standings", path)
    assert code == 0 and "still to play" not in err


def test_a_withdrawal_after_half_his_games_gives_the_rest_by_forfeit(tmp_path, capsys):
    names = ["Anna", "Bert", "Cees", "Dirk"]
    path = book(tmp_path / "wd.xlsx", names, [["round_robin", "all"]])
    rng = random.Random(2)
    for rnd in (1, 2):
        assert run(capsys, "pair", path)[0] == 0
        type_results(path, rnd, rng)
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(1, 6, "Status")
    wb["Players"].cell(5, 6, "withdrawn 3")
    wb.save(path)
    code, _, err = run(capsys, "pair", path)  # round 3: 2-4 left out, 3-1 played
    assert code == 0 and "Bert - Dirk: no game, Dirk has withdrawn" in err
    assert [(r[2], r[3]) for r in rows_of(path, 3)] == [("Cees", "Anna")]
    type_results(path, 3, rng)
    code, _out, err = run(capsys, "standings", path)
    assert code == 0 and "withdrawn: Bert - Dirk (1-0F, R3) lost by forfeit" in err


def test_numbers_drawn_by_lot_are_kept_in_settings_and_repeat(tmp_path, capsys):
    names = [f"P{i}" for i in range(1, 7)]
    path = book(tmp_path / "lot.xlsx", names, [["round_robin", "all"],
                                               ["round_robin_order", "lot"]])
    assert run(capsys, "pair", path)[0] == 0
    settings = dict(r[:2] for r in openpyxl.load_workbook(path)["Settings"].iter_rows(
        min_row=2, values_only=True))
    seed = settings["round_robin_seed"]
    assert isinstance(seed, int) and 1 <= seed < 10 ** 9
    first = json.loads(run(capsys, "schedule", path, "--format", "json")[1])
    again = json.loads(run(capsys, "schedule", path, "--format", "json")[1])
    assert first == again
    drawn = [p["name"] for p in first["groups"][0]["players"]]
    assert sorted(drawn) == names
    one = {(b["white"], b["black"]) for b in first["groups"][0]["rounds"][0]["boards"]}
    assert one == {(w, b) for w, b in ((r[2], r[3]) for r in rows_of(path, 1))}


def test_a_late_entrant_cannot_join_a_round_robin(tmp_path, capsys):
    path = book(tmp_path / "late.xlsx", ["Anna", "Bert", "Cees", "Dirk"],
                [["round_robin", "all"]], joined={"Dirk": 3})
    code, _, err = run(capsys, "pair", path)
    assert code == 1 and "Players!E5" in err and "a late entrant cannot join a round robin" in err
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and "Players!E5: Dirk joins in round 3" in out


def test_the_schedule_sheet_speaks_the_workbooks_language(tmp_path, capsys):
    names = ["Anna", "Bert", "Cees"]
    path = make_workbook(tmp_path / "nl.xlsx", {
        "Instellingen": [["Instelling", "Waarde"], ["round_robin", "all"]],
        "Spelers": [["Naam"], *[[n] for n in names]],
        "Uitslagen": [["Ronde", "Bord", "Wit", "Zwart", "Uitslag"]]})
    code, _, err = run(capsys, "pair", path)
    assert code == 0, err
    wb = openpyxl.load_workbook(path)
    assert "Speelschema" in wb.sheetnames
    rows = list(wb["Speelschema"].iter_rows(values_only=True))
    assert rows[2] == ("Ronde", "Bord", "Wit", "Zwart", "Uitslag", "Opmerking")
    assert "vrij" in [r[4] for r in rows[3:]]
    assert "Speelschema round robin" in rows[0][0]


def test_a_withdrawal_before_half_his_games_annuls_his_results(tmp_path, capsys):
    path = book(tmp_path / "an.xlsx", ["Anna", "Bert", "Cees", "Dirk"], [["round_robin", "all"]])
    assert run(capsys, "pair", path)[0] == 0
    type_results(path, 1, random.Random(3))
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(1, 6, "Status")
    wb["Players"].cell(5, 6, "withdrawn 2")  # Dirk: 1 game of 3 played
    wb.save(path)
    assert run(capsys, "pair", path)[0] == 0
    code, _out, err = run(capsys, "standings", path)
    assert code == 0 and "the results of Dirk are annulled" in err


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdftotext") is None,
                    reason="needs LibreOffice (soffice) and poppler-utils (pdftotext)")
def test_the_schedule_sheet_prints_on_one_a4_page_as_libreoffice_renders_it(tmp_path, capsys):
    names = ["Anna de Groot", "Bert Jansen", "Cees van Dijk", "Dirk Bakker", "Eva Visser",
             "Femke de Boer"]
    path = make_workbook(tmp_path / "nl.xlsx", {
        "Instellingen": [["Instelling", "Waarde"], ["round_robin", "all"],
                         ["round_robin_cycles", 2]],
        "Spelers": [["Naam"], *[[n] for n in names]],
        "Aanwezigheid": [["Naam", "R1"], *[[n, "A" if n == "Bert Jansen" else None]
                                           for n in names]],
        "Uitslagen": [["Ronde", "Bord", "Wit", "Zwart", "Uitslag"]]})
    assert run(capsys, "pair", path)[0] == 0
    assert run(capsys, "pair", path)[0] == 0
    wb = openpyxl.load_workbook(path)
    for name in wb.sheetnames:
        if name != "Speelschema":
            del wb[name]
    only = tmp_path / "schedule.xlsx"
    wb.save(only)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path),
                    str(only)], check=True, capture_output=True, timeout=180)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "schedule.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert text.count("\f") == 1  # one page: 10 rounds x 3 boards
    assert "Speelschema round robin" in text and "Opmerking" in text
    assert "uitgesteld" in text  # Bert's game of round 1
    assert "Anna de Groot" in text and "pagina 1 van 1" in text


def test_group_by_group_and_again_after_a_late_absence(tmp_path, capsys):
    a, b = ["Anna", "Bert", "Cees", "Dirk"], ["Fred", "Gijs", "Hans", "Ilse"]
    groups = dict.fromkeys(a, "A") | dict.fromkeys(b, "B")
    path = book(tmp_path / "gg.xlsx", a + b, [["round_robin", "A"]], groups=groups)
    code, _, err = run(capsys, "pair", path, "--group", "A")
    assert code == 0, err
    code, _, err = run(capsys, "pair", path)  # then B, the same round
    assert code == 0 and "group A: round 1 is already paired" in err
    assert {r[2] for r in rows_of(path, 1)} == {"Anna", "Bert", "Fred", "Hans"}
    sheet = list(openpyxl.load_workbook(path)["Pairings"].iter_rows(values_only=True))
    assert any("Anna" in r for r in sheet) and any("Fred" in r for r in sheet)
    wb = openpyxl.load_workbook(path)
    wb["Attendance"].cell(2, 2, "E")  # Anna sends word after the pairing: paired again
    wb.save(path)
    code, _out, err = run(capsys, "pair", path, "--repair", "--group", "A")
    assert code == 0 and "postponed (Anna absent)" in err
    assert [(r[2], r[3]) for r in rows_of(path, 1) if r[2] in a] == [("Anna", "Dirk"),
                                                                     ("Bert", "Cees")]


def test_a_game_typed_under_another_round_than_its_own_is_refused_at_its_cell(tmp_path, capsys):
    path = book(tmp_path / "off.xlsx", ["Anna", "Bert", "Cees", "Dirk"], [["round_robin", "all"]])
    wb = openpyxl.load_workbook(path)
    wb["Results"].append([1, 1, "Anna", "Bert", "1-0"])  # Anna - Bert is round 2's (1-2)
    wb.save(path)
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert ("Results!E2: Anna - Bert is not a game of round 1 of the round robin (its round: 2)"
            in out)


@hsettings(max_examples=25, deadline=None)
@given(n=st.integers(2, 14), cycles=st.sampled_from((1, 2)), swap=st.booleans(),
       seed=st.integers(0, 10 ** 6))
def test_random_round_robins_pair_every_round_as_the_independent_tables(n, cycles, swap, seed):
    """plan_pairing round after round on a season of n players (random absences and
    results, Start shuffled): each round is the Berger table's, computed apart."""
    rng = random.Random(seed)
    start = rng.sample(range(1, n + 1), n)
    players = tuple(Player(f"P{i}", start=s) for i, s in enumerate(start))
    by_number = {s: f"P{i}" for i, s in enumerate(start)}
    season = Season(players, settings=Settings(round_robin=("all",), round_robin_cycles=cycles,
                                               round_robin_swap=swap))
    per_cycle = n + n % 2 - 1
    order = list(range(1, per_cycle + 1))
    if cycles == 2 and swap and per_cycle >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    for rnd in range(1, per_cycle * cycles + 1):
        absent = tuple(Absence(rnd, p.name, "E") for p in players if rng.random() < 0.2)
        season = replace(season, absences=season.absences + absent)
        report = plan_pairing(season)
        assert report.pairing.round == rnd
        k = order[rnd - 1] if rnd <= per_cycle else rnd - per_cycle
        table = berger_reference(n, k)
        if rnd > per_cycle:
            table = {(b, w) for w, b in table}
        want = {(by_number[w], by_number[b]) for w, b in table if max(w, b) <= n}
        assert {(b.white, b.black) for b in report.pairing.boards} == want
        bye = [by_number[min(w, b)] for w, b in table if max(w, b) > n]
        assert report.pairing.bye == (bye[0] if bye else None)
        games = tuple(Game(rnd, b.white, b.black, rng.choice(
            [Result.WHITE_WINS, Result.DRAW, Result.PENDING]), b.board)
            for b in report.pairing.boards)
        byes = (Bye(rnd, report.pairing.bye),) if report.pairing.bye else ()
        season = replace(season, games=season.games + games, byes=season.byes + byes)
    with pytest.raises(ActionError):
        plan_pairing(season)


def test_a_club_sheet_named_schedule_refuses_pair_with_nothing_written(tmp_path, capsys):
    path = book(tmp_path / "own.xlsx", ["Anna", "Bert", "Cees"], [["round_robin", "all"]])
    wb = openpyxl.load_workbook(path)
    wb.create_sheet("Schedule").append(["Our club's own fixtures"])
    wb.save(path)
    before = path.read_bytes()
    code, _, err = run(capsys, "pair", path)
    assert code == 1 and "Schedule" in err and path.read_bytes() == before
