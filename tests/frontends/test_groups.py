"""Groups in one workbook (issue 18, docs/groups.md): each group against the independent
reference on its players alone, every board of a pairing within one group, promotion and
relegation at a period boundary, the checks with their cells, the sheets' blocks and the CLI."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
import datetime as dt

import openpyxl
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from keizer_xl.app.standings import compute_standings, standings_sheet
from keizer_xl.app.pair import plan_pairing
from keizer_xl.core.groups import group_moves, group_season, membership
from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season, validate
from keizer_xl.errors import ActionError
from keizer_xl.frontends.cli import main
from keizer_xl.sheets.titles import RunContext

from support.helpers import settings as make_settings
from support.reference import reference_history
from support.groups import A, B, RESULTS_1, play_round_2, two_groups
from support.loop import examples
from support import goldens


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out = capsys.readouterr()
    return code, out.out, out.err


# --------------------------------------------------------------------------- one group = a season

def _alone(season: Season, names: set[str]) -> Season:
    """The season of ``names`` alone, built here without the engine's group code."""
    return replace(season, players=tuple(p for p in season.players if p.name in names),
                   games=tuple(g for g in season.games if g.white in names and g.black in names),
                   byes=tuple(b for b in season.byes if b.player in names),
                   absences=tuple(a for a in season.absences if a.player in names))


def test_each_group_equals_the_reference_on_its_players_alone(tmp_path):
    from keizer_xl.sheets.read import read_season
    from keizer_xl.clients.xlsx import open_book

    season = read_season(open_book(two_groups(tmp_path / "g.xlsx", settings=())))
    for group, names in (("A", set(A)), ("B", set(B))):
        st_ = compute_standings(season, group=group).standing
        order, totals, _ = reference_history(_alone(season, names), 1)[0]
        assert list(st_.order) == order
        assert st_.score == totals
    # hand-worked, group B alone (N = 4, top 1.5N = 6; start by rating Fred 6, Gijs 5, Hans 4,
    # Ilse 3; prev: round 1 valued with the start values): Gijs beat Fred 6 + own 5 = 11,
    # Hans beat Ilse 3 + own 4 = 7, Fred 0 + 6, Ilse 0 + 3
    b = compute_standings(season, group="B").standing
    assert b.order == ("Gijs", "Hans", "Fred", "Ilse")
    assert [b.score[n] for n in b.order] == [11, 7, 6, 3]


@st.composite
def two_group_seasons(draw):
    n_a, n_b = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    names = [f"a{i}" for i in range(n_a)] + [f"b{i}" for i in range(n_b)]
    players = tuple(Player(n, rating=draw(st.integers(1000, 2200)), group=n[0].upper())
                    for n in names)
    rounds = draw(st.integers(1, 4))
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        for prefix in "ab":
            pool = [n for n in names if n[0] == prefix]
            pool = draw(st.permutations(pool))
            present = pool[:draw(st.integers(0, len(pool)))]
            # an odd player out has no partner here: he gets the bye below (truncating on purpose)
            for w, b in zip(present[0::2], present[1::2], strict=False):
                games.append(Game(r, w, b, draw(st.sampled_from(
                    [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW]))))
            if len(present) % 2:
                byes.append(Bye(r, present[-1]))
            absences.extend(Absence(r, n, "E") for n in pool[len(present):])
    season = Season(players=players, games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences), settings=make_settings(rematch_gap=0))
    assert not validate(season)
    return season


FAST = hsettings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(two_group_seasons())
def test_random_two_group_seasons_each_group_against_the_reference(season):
    k = season.last_round_with_results()
    for group in ("A", "B"):
        names = {p.name for p in season.players if p.group == group}
        alone = _alone(season, names)
        if k == 0:
            continue
        st_ = compute_standings(season, group=group).standing
        kk = alone.last_round_with_results()
        order, totals, _ = reference_history(alone, kk)[kk - 1] if kk else (None, None, None)
        if kk:
            assert list(st_.order) == order
            assert st_.score == totals


@FAST
@given(two_group_seasons())
def test_every_board_of_a_pairing_is_within_one_group(season):
    try:
        report = plan_pairing(season)
    except ActionError as e:  # the one refusal possible here: a round with nobody present
        assert "players present (nobody)" in str(e) or "only 1 player present" in str(e), e
        return
    group = {p.name: p.group for p in season.players}
    boards = report.pairing.boards
    assert [b.board for b in boards] == list(range(1, len(boards) + 1))  # numbered on
    for b in boards:
        assert group[b.white] == group[b.black]
    # group A's boards come first, then group B's
    assert [group[b.white] for b in boards] == sorted(group[b.white] for b in boards)
    seen = [n for b in boards for n in (b.white, b.black)]
    byes = [r.pairing.bye for _, r in report.groups if r.pairing.bye]
    assert len(seen) == len(set(seen)) and not set(byes) & set(seen)
    # every player of a paired group is paired or has its bye (a group that has this round
    # paired already, being ahead of the other, is left out: the round is the earliest next)
    for g, part in report.groups:
        mine = {n for b in part.pairing.boards for n in (b.white, b.black)} | (
            {part.pairing.bye} if part.pairing.bye else set())
        assert mine == {p.name for p in season.players if p.group == g}


# --------------------------------------------------------------------------- promotion


def test_promotion_and_relegation_at_the_period_boundary(tmp_path, capsys):
    from keizer_xl.sheets.read import read_season
    from keizer_xl.clients.xlsx import open_book

    path = two_groups(tmp_path / "g.xlsx")
    play_round_2(path)
    capsys.readouterr()
    season = read_season(open_book(path))
    # group B after round 2 (Gijs beat Fred and Hans): Gijs first; group A: Eva last
    b = compute_standings(season, group="B").standing
    a = compute_standings(season, group="A").standing
    assert b.order[0] == "Gijs" and a.order[-1] == "Eva"
    moves = group_moves(season)
    assert [(m.name, m.source, m.target, m.round, m.up) for m in moves] == [
        ("Gijs", "B", "A", 3, True), ("Eva", "A", "B", 3, False)]
    assert membership(season, 2, moves)["Gijs"] == "B"
    assert membership(season, 3, moves)["Gijs"] == "A"
    # he keeps his games: in group A his round-1 and round-2 wins count as win x own value
    ga = group_season(season, "A", 3, moves)
    assert sorted(a_.code for a_ in ga.absences if a_.player == "Gijs") == ["=1", "=1"]
    # check names the moves; the next pairing puts Gijs in group A's boards
    code, out, _ = run(capsys, "check", path)
    assert code == 0 and "Gijs moves up to group A from round 3" in out
    code, out, _ = run(capsys, "pair", path, "--format", "json", "--dry-run")
    pairing = json.loads(out)
    a_names = {n for bd in pairing["groups"][0]["boards"] for n in (bd["white"], bd["black"])}
    assert pairing["groups"][0]["group"] == "A" and "Gijs" in a_names and "Eva" not in a_names
    # the standings sheet records the moves
    assert run(capsys, "standings", path)[0] == 0
    cells = [c for row in openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True)
             for c in row if c]
    assert "Promotion and relegation" in cells
    assert any(str(c).startswith("Eva moves down to group B from round 3") for c in cells)
    code, out, _ = run(capsys, "explain", path, "Gijs")
    assert code == 0 and "move up to group A at a period's end (promote 1)" in out


# --------------------------------------------------------------------------- checks

def test_a_game_between_groups_is_a_problem_naming_the_result_cell(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", results=[*RESULTS_1, [2, 1, "Anna", "Fred", "1-0"]])
    code, out, _err = run(capsys, "check", path)
    assert code == 1
    assert ("Results!E7: Anna (group A) and Fred (group B) play each other in round 2: each "
            "group is its own competition") in out


def test_check_problems_with_their_cells_in_english_and_dutch(tmp_path, capsys):
    groups = ["A"] * 4 + [None] + ["B"] * 3 + ["C"]
    path = two_groups(tmp_path / "g.xlsx", groups=groups,
                      results=[[1, 1, "Anna", "Bert", "1-0"]])
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert "Players!C6: Eva has no group while other players have one" in out
    assert "Players!C10: group C has only one player (Ilse)" in out
    code, out, _ = run(capsys, "check", path, "--language", "nl")
    assert code == 1
    assert "Players!C6: Eva heeft geen groep terwijl andere spelers er een hebben" in out


def test_promotion_without_a_group_to_move_into_names_the_settings_cell(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", groups=["A"] * 9, settings=(
        ("periods", "1, 3"), ("promote", 2)), results=[[1, 1, "Anna", "Bert", "1-0"]])
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert ("Settings!B3: promote 2: there is no group to move players into (Players has 1 "
            "group(s)") in out
    path = two_groups(tmp_path / "h.xlsx", settings=(("relegate", 1),))
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and "Settings!B2: relegate 1: players move at a period's end" in out


def test_promote_is_range_checked(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=(("periods", "1, 3"), ("promote", 101)))
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and "promote must be a whole number between 0 and 100" in out


# --------------------------------------------------------------------------- CLI and sheets

def test_standings_group_json_and_unknown_group(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx")
    code, out, _ = run(capsys, "standings", path, "--group", "b", "--format", "json",
                       "--no-write")
    rows = json.loads(out)
    assert code == 0 and [r["name"] for r in rows] == ["Gijs", "Hans", "Fred", "Ilse"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    code, out, err = run(capsys, "standings", path, "--group", "Z", "--no-write")
    assert code == 2 and "no group 'Z' (groups: A, B)" in err
    code, out, err = run(capsys, "standings", path, "--group", "Z", "--no-write",
                         "--language", "nl")
    assert code == 2 and "geen groep 'Z' (groepen: A, B)" in err
    code, out, _ = run(capsys, "standings", path, "--format", "json", "--no-write")
    rows = json.loads(out)
    assert [r["group"] for r in rows] == ["A"] * 5 + ["B"] * 4


def test_pair_one_group_then_the_other_numbers_boards_on(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=())
    assert run(capsys, "pair", path, "--group", "B")[0] == 0
    assert run(capsys, "pair", path)[0] == 0  # group A: round 2 is paired for B already
    rows = [r for r in openpyxl.load_workbook(path)["Results"].iter_rows(min_row=2,
                                                                        values_only=True)
            if r[0] == 2 and r[3]]
    boards = {r[2]: r[1] for r in rows}
    assert sorted(boards.values()) == [1, 2, 3, 4]
    assert all(boards[n] in (1, 2) for n in B if n in boards)  # B paired first: boards 1-2
    assert all(boards[n] in (3, 4) for n in A if n in boards)


def test_pairings_sheet_has_a_block_per_group_with_the_contract_headers(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=())
    assert run(capsys, "pair", path)[0] == 0
    grid = list(openpyxl.load_workbook(path)["Pairings"].iter_rows(values_only=True))
    firsts = [r[0] for r in grid]
    assert firsts.index("Group A") < firsts.index("Group B")
    assert [r[:4] for r in grid if r[0] == "Board"] == [("Board", "White", "Black", "Result")] * 2
    # under each header row: that group's boards, numbered on, in the same columns A-D
    b_at = firsts.index("Group B")
    a_rows = [r for r in grid[firsts.index("Group A") + 2:b_at] if isinstance(r[0], int)]
    b_rows = [r for r in grid[b_at + 2:] if isinstance(r[0], int)]
    assert [r[0] for r in a_rows + b_rows] == [1, 2, 3, 4]
    assert {r[1] for r in a_rows} | {r[2] for r in a_rows} <= set(A)
    assert {r[1] for r in b_rows} | {r[2] for r in b_rows} <= set(B)


GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "sheets" / "groups_standings.json"


def test_standings_sheet_blocks_golden(tmp_path):
    """The Standings sheet of two groups: title, 'Group A' block, 'Group B' block (each the
    usual table with its header row), the moves (support/goldens.py: KEIZER_XL_REGEN_GOLDENS)."""
    from keizer_xl.sheets.read import read_season
    from keizer_xl.clients.xlsx import open_book

    path = two_groups(tmp_path / "g.xlsx")
    season = read_season(open_book(path))
    layout = standings_sheet(compute_standings(season), season, "en",
                             RunContext("2025-2026", "SV Test", dt.date(2026, 3, 1)))
    grid = [list(row) for row in layout.grid]
    goldens.check(GOLDEN, grid)
    assert grid[0] == ["2025-2026 · SV Test · Standings after round 1 · 2026-03-01"]
    assert grid[2] == ["Group A"] and grid[3][:3] == ["Rank", "Name", "Score"]


def test_a_workbook_without_groups_is_unchanged(tmp_path):
    """No Group column: the one table as always (the golden standings tests cover its cells)."""
    from keizer_xl.sheets.read import read_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.sheets.report_sheets import standings_layout

    path = two_groups(tmp_path / "g.xlsx", settings=(), groups=[None] * 9)
    season = read_season(open_book(path))
    report = compute_standings(season)
    assert not report.parts and not report.group and not report.rows.categories
    ctx = RunContext("x", "", dt.date(2026, 3, 1))
    assert standings_sheet(report, season, "en", ctx) == standings_layout(
        report.rows, list(report.notes), lang="en", season=season, context=ctx)


# --------------------------------------------------------------------------- renders


# --------------------------------------------------------------------------- more cases

def test_three_groups_moves_are_cumulative_and_simultaneous():
    """Three groups, promote 1, relegate 2, periods 1, 2, 3: at each boundary the best of a
    lower group moves up and the two worst of the group above move down, all at once (the
    player promoted from C to B is not among B's worst at the same boundary)."""
    from support.helpers import season as make_season

    names = {"A": ["a1", "a2", "a3"], "B": ["b1", "b2", "b3"], "C": ["c1", "c2", "c3"]}
    players = [Player(n, rating=2000 - 10 * i, group=g)
               for i, (g, n) in enumerate((g, n) for g, ns in names.items() for n in ns)]
    # round 1: in every group the first beats the second, the third has the bye
    round_1 = [(ns[0], ns[1], "1-0") for ns in names.values()] + [("bye", ns[2])
                                                                   for ns in names.values()]
    season = make_season(players, [round_1], periods="1, 2, 5", promote=1, relegate=2)
    moves = group_moves(season)
    got = {(m.name, m.source, m.target, m.round) for m in moves}
    # after round 1 each group's ranking is first, bye, second (x1 won; x3's bye 2/3 of his
    # own value beats x2's loss): the best of B and C move up, the two worst of A and B down
    order = {g: list(compute_standings(season, group=g).standing.order) for g in names}
    # hand-worked, each group (N = 3, top 1.5N = 5 rounded half up; start 5, 4, 3): the winner
    # 4 + own 5 = 9, the bye 2/3 x 3 + own 3 = 5, the loser 0 + own 4 = 4
    assert order == {g: [ns[0], ns[2], ns[1]] for g, ns in names.items()}
    assert [compute_standings(season, group="C").standing.score[n] for n in ("c1", "c3", "c2")
            ] == [9, 5, 4]
    expected = set()
    for upper, lower in (("A", "B"), ("B", "C")):
        expected.add((order[lower][0], lower, upper, 2))
        expected |= {(n, upper, lower, 2) for n in order[upper][-2:]}
    assert got == expected and len(moves) == 6
    after = membership(season, 2, moves)
    assert sorted(n for n, g in after.items() if g == "A") == sorted(
        [order["A"][0], order["B"][0]])
    # the next boundary (5) is not reached: round 4 has no results
    assert all(m.round == 2 for m in moves)


def test_a_moved_player_may_meet_his_new_group_but_not_his_old(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx")
    play_round_2(path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    ws.append([3, 1, "Gijs", "Anna", "1-0"])   # Gijs plays in group A from round 3: fine
    ws.append([3, 2, "Eva", "Fred", "0-1"])    # Eva plays in group B from round 3: fine
    wb.save(path)
    code, out, _ = run(capsys, "check", path)
    assert code == 0, out
    ws.append([3, 3, "Bert", "Hans", "1-0"])   # A against B: a problem at its Result cell
    wb.save(path)
    code, out, _ = run(capsys, "check", path)
    row = ws.max_row
    assert code == 1
    assert f"Results!E{row}: Bert (group A) and Hans (group B) play each other in round 3" in out


def test_group_options_on_a_workbook_without_groups_are_usage_errors(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=(), groups=[None] * 9)
    code, _, err = run(capsys, "standings", path, "--group", "A", "--no-write")
    assert code == 2 and "there are no groups" in err
    code, _, err = run(capsys, "pair", path, "--group", "A", "--dry-run")
    assert code == 2 and "there are no groups" in err


def test_a_group_with_fewer_than_two_present_is_left_out_with_a_note(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=())
    wb = openpyxl.load_workbook(path)
    att = wb["Attendance"]
    for row in att.iter_rows(min_row=2):
        if row[0].value in ("Fred", "Gijs", "Hans"):
            row[2].value = "E"  # round 2: only Ilse of group B is there
    wb.save(path)
    code, out, _ = run(capsys, "pair", path, "--format", "json", "--dry-run")
    assert code == 0
    pairing = json.loads(out)
    assert [g["group"] for g in pairing["groups"]] == ["A"]
    assert any(n.startswith("group B: round 2: only 1 player present (Ilse)")
               for n in pairing["notes"])
    code, _, err = run(capsys, "pair", path, "--group", "B", "--dry-run")
    assert code == 1 and "only 1 player present (Ilse)" in err


def test_pairing_one_group_again_keeps_the_other_groups_rows(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=())
    assert run(capsys, "pair", path)[0] == 0
    before = [r for r in openpyxl.load_workbook(path)["Results"].iter_rows(min_row=2,
                                                                          values_only=True)
              if r[0] == 2]
    assert run(capsys, "pair", path, "--group", "B", "--repair")[0] == 0
    after = [r for r in openpyxl.load_workbook(path)["Results"].iter_rows(min_row=2,
                                                                         values_only=True)
             if r[0] == 2]
    group_a = [r for r in before if r[2] in A]
    assert [r for r in after if r[2] in A] == group_a          # untouched
    assert sorted(r[2] for r in after if r[2] in B) == sorted(r[2] for r in before if r[2] in B)
    assert len(after) == len(before)


def test_a_group_with_missing_results_stops_the_whole_pairing(tmp_path, capsys):
    results = list(RESULTS_1)
    results[0] = [1, 1, "Anna", "Bert", None]  # group A's round 1 lacks a result
    path = two_groups(tmp_path / "g.xlsx", settings=(), results=results)
    code, _, err = run(capsys, "pair", path, "--dry-run")
    assert code == 1 and "round 1 still lacks results" in err


def test_each_group_has_its_own_value_scale(tmp_path, capsys):
    """top_value 5, step 1: nine players would sink to values 0 and below (a problem), but
    each group has at most five players: values 5..1 in A, 5..2 in B."""
    path = two_groups(tmp_path / "g.xlsx", settings=(("top_value", 5),))
    code, out, _ = run(capsys, "standings", path, "--group", "A", "--format", "json",
                       "--no-write")
    assert code == 0, out
    assert sorted(r["prev_value"] for r in json.loads(out)) == [1, 2, 3, 4, 5]
    flat = two_groups(tmp_path / "h.xlsx", settings=(("top_value", 5),), groups=[None] * 9)
    assert run(capsys, "check", flat)[0] == 1


def test_csv_export_has_every_group_with_a_group_column(tmp_path, capsys):
    path = two_groups(tmp_path / "g.xlsx", settings=())
    code, out, _ = run(capsys, "export", path, "--csv", "--out", "-")
    lines = out.lstrip("\ufeff").splitlines()
    assert code == 0 and lines[0].startswith("Group,Rank,Name,Score")
    assert [ln.split(",")[:3] for ln in lines[1:]] == [
        ["A", "1", "Anna"], ["A", "2", "Cees"], ["A", "3", "Dirk"], ["A", "4", "Bert"],
        ["A", "5", "Eva"], ["B", "1", "Gijs"], ["B", "2", "Hans"], ["B", "3", "Fred"],
        ["B", "4", "Ilse"]]


def test_promotion_never_empties_a_group():
    """promote 5 with three players in group B: two move up, the last one stays."""
    from support.helpers import season as make_season

    players = [Player(n, rating=2000 - 10 * i, group=g) for i, (n, g) in enumerate(
        [("a1", "A"), ("a2", "A"), ("a3", "A"), ("b1", "B"), ("b2", "B"), ("b3", "B")])]
    season = make_season(players, [[("a1", "a2", "1-0"), ("b1", "b2", "1-0"), ("bye", "a3"),
                                     ("bye", "b3")]], periods="1, 2", promote=5)
    moves = group_moves(season)
    assert [m.source for m in moves] == ["B", "B"] and all(m.up for m in moves)
    assert sum(1 for g in membership(season, 2, moves).values() if g == "B") == 1
