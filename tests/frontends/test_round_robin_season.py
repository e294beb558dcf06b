"""Round robin through the commands, in-process (issue 36): a whole season of one double round
robin, group A's round robin inside a Keizer season on the same evenings, a postponed game, a
withdrawal, the draw by lot, a late entrant, and the Schedule sheet in Dutch.  Pairings are
compared with the Berger tables built independently (helpers.berger_reference)."""
from __future__ import annotations

import json
import random

from dataclasses import replace

import openpyxl
import pytest
from hypothesis import given, settings as hsettings, strategies as st

from support.helpers import berger_reference, make_workbook, round_robin_book

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
    type_results(path, 7, rng)  # A's round robin ended in round 6: the title says B's round
    code, out, _ = run(capsys, "standings", path)
    assert code == 0 and out.splitlines()[0] == "Standings after round 7"
    title = openpyxl.load_workbook(path)["Standings"]["A1"].value
    assert "Standings after round 7" in title
    sched = list(openpyxl.load_workbook(path)["Schedule"].iter_rows(values_only=True))
    assert sched[2][0] == "Group" and {r[0] for r in sched[3:]} == {"A"} and len(sched) == 3 + 12
    # batch: History, Crosstable, Explain and Audit are the Keizer group's only (A's Keizer
    # values would be wrong numbers; its Standings block is its crosstable)
    assert run(capsys, "batch", path, "--out", tmp_path / "out", "--quiet", "--jobs", "1")[0] == 0
    done = openpyxl.load_workbook(tmp_path / "out" / "ab.keizer.xlsx")
    for kind in ("History", "Crosstable", "Explain", "Audit"):
        titles = [r[0] for r in done[kind].iter_rows(values_only=True)]
        assert "Group B" in titles and "Group A" not in titles, kind
    code, out, _ = run(capsys, "audit", path)  # the Keizer group's rounds only
    assert code == 0 and "Group B" in out and "Group A" not in out
    code, _, err = run(capsys, "explain", path, "Anna")
    assert code == 1 and "Anna plays in a round robin" in err


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
    code, out, err = run(capsys, "check", path)  # said as postponed, not scored as Keizer's
    assert code == 0 and "still to play (postponed" in out + err and "scored" not in out + err
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
    # check says the same; Bert, whose round-3 opponent withdrew, is no unmarked absentee
    code, out, err = run(capsys, "check", path)
    assert code == 0 and "lost by forfeit" in out + err and "Neither paired" not in out + err
    # the forfeit was on no board: round 3's only board 1 is Cees - Anna's
    code, out, _ = run(capsys, "schedule", path, "--format", "json")
    third = json.loads(out)["groups"][0]["rounds"][2]["boards"]
    assert sorted((b["board"] or 0, b["state"]) for b in third) == [(0, "forfeit"), (1, "played")]
    # the TRF carries the forfeit as the standings score it: Bert's round 3 a '+', Dirk's a '-'
    assert run(capsys, "export", path, "--trf", tmp_path / "wd.trf")[0] == 0
    lines = {ln[14:47].strip(): ln for ln in (tmp_path / "wd.trf").read_text().splitlines()
             if ln.startswith("001")}
    assert lines["Bert"][91 + 2 * 10:101 + 2 * 10].split()[-1] == "+"
    assert lines["Dirk"][91 + 2 * 10:101 + 2 * 10].split()[-1] == "-"


def test_numbers_drawn_by_lot_are_kept_in_settings_and_repeat(tmp_path, capsys):
    names = [f"P{i}" for i in range(1, 7)]
    path = book(tmp_path / "lot.xlsx", names, [["round_robin", "all"],
                                               ["round_robin_order", "lot"]])
    # the dry run shows the draw that pair then writes (the seed follows from the Players)
    dry = [run(capsys, "pair", path, "--dry-run", "--format", "json")[1] for _ in range(2)]
    code, real, _ = run(capsys, "pair", path, "--format", "json")
    assert code == 0 and dry[0] == dry[1] == real
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


def test_batch_writes_no_keizer_sheets_for_a_season_that_is_one_round_robin(tmp_path, capsys):
    path = round_robin_book(tmp_path / "rr.xlsx", ["Anna", "Bert", "Cees", "Dirk", "Eva"])
    assert run(capsys, "batch", path, "--out", tmp_path / "out", "--quiet", "--jobs", "1")[0] == 0
    names = openpyxl.load_workbook(tmp_path / "out" / "rr.keizer.xlsx").sheetnames
    assert "Standings" in names and not {"History", "Crosstable", "Explain", "Audit"} & set(names)


def test_the_html_page_of_a_round_robin_charts_no_keizer_places_and_names_its_rules(
        tmp_path, capsys):
    path = round_robin_book(tmp_path / "rr.xlsx", ["Anna", "Bert", "Cees", "Dirk"])
    assert run(capsys, "export", path, "--html", "--out", tmp_path / "rr.html")[0] == 0
    page = (tmp_path / "rr.html").read_text(encoding="utf-8")
    assert "Rank after each round" not in page and "Keizer system" not in page
    assert "rules: round robin (FIDE&#x27;s Berger tables), game points" in page
    # the CSV adds the pairing number and the tie-breaks, as the JSON has them
    assert run(capsys, "export", path, "--csv", "--out", tmp_path / "rr.csv")[0] == 0
    head, *lines = (tmp_path / "rr.csv").read_text(encoding="utf-8-sig").splitlines()
    assert head.endswith(",No.,DE,WIN,SB,KS")
    rows = json.loads(run(capsys, "standings", path, "--format", "json")[1])
    assert [ln.split(",")[-5:] for ln in lines] == [
        [str(r["number"]), *("" if r["tiebreaks"][t] is None else f'{r["tiebreaks"][t]:g}'
                             for t in ("DE", "WIN", "SB", "KS"))] for r in rows]


def test_explain_audit_and_compare_refuse_a_round_robin_with_the_reason(tmp_path, capsys):
    path = round_robin_book(tmp_path / "rr.xlsx", ["Anna", "Bert", "Cees", "Dirk"])
    for argv in (("explain", path, "Anna"), ("audit", path), ("compare", path)):
        code, _, err = run(capsys, *argv)
        assert code == 1 and "for the Keizer system" in err and "Keizer points" not in err


def test_last_round_ends_a_round_robin_too(tmp_path, capsys):
    path = book(tmp_path / "last.xlsx", ["Anna", "Bert", "Cees", "Dirk"],
                [["round_robin", "all"], ["last_round", 2]])
    for rnd in (1, 2):
        assert run(capsys, "pair", path)[0] == 0
        type_results(path, rnd, random.Random(rnd))
    code, _, err = run(capsys, "pair", path)
    assert code == 1 and "the season ends with round 2 (the last_round setting)" in err
    assert rows_of(path, 3) == []
