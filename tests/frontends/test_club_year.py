"""A Dutch club's year played through the command line as a new competition leader would
(issue 23): 16 players in groups A and B, ``periods 1, 5, 9``, ``promote 2`` / ``relegate 2``,
categories Jeugd and Dames, ``min_games 6``, ``attendance_default absent`` (players sign up
with an x), a late entrant, a withdrawal, two forfeits, twelve evenings.

Every number a user reads is checked against a count over the Results sheet made here (games
over the board, game points: a win or a forfeit win 1, a draw 1/2) on the Standings sheet, the
JSON, the CSV, the HTML page, explain and the TRF export; the Periods sheet has one block per
(group, period) with the players of that period's group; the pairing never crosses a group;
``check`` says a move once.  The final standings are kept as a golden file
(tests/golden/club_year_nl.json)."""
from __future__ import annotations

import csv
import io
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from support.helpers import trf_games
from keizer_xl.frontends.cli import main
from support import goldens

#: a whole year played through the command line (20 s): the full run has it, the inner loop not
pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "club_year_nl.json"

A = ["Anton Bakker", "Bram de Vries", "Carla Smit", "Dirk Jansen", "Els Visser", "Frank Mulder",
     "Gerda Bos", "Henk de Boer"]
B = ["Ilse Meijer", "Jan Peters", "Kees Dekker", "Lotte Brouwer", "Maarten Kok", "Nina de Wit",
     "Otto Vos", "Pien Hendriks"]
LATE = "Quinten Dijkstra"  # joins group B from round 4
GONE = "Frank Mulder"  # withdraws from round 6
CATEGORY = {"Carla Smit": "Dames", "Els Visser": "Dames", "Gerda Bos": "Dames",
            "Lotte Brouwer": "Dames, Jeugd", "Nina de Wit": "Dames", "Pien Hendriks": "Jeugd",
            "Bram de Vries": "Jeugd", LATE: "Jeugd"}
FORFEITS = {(3, 1): "1-0F", (7, 5): "0-1F"}  # (evening, board) -> a forfeit
EVENINGS = 12


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _set(path: Path, sheet: str, cells: dict[tuple[int, int], object]) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    for (r, c), v in cells.items():
        ws.cell(r, c, v)
    wb.save(path)


def _rows(path: Path, sheet: str) -> list[list[object]]:
    ws = openpyxl.load_workbook(path)[sheet]
    return [[c.value for c in row] for row in ws.iter_rows()]


def _settings(path: Path) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Instellingen"]
    wanted = {"season": "2025-2026", "club": "SV De Toren", "periods": "1, 5, 9", "promote": 2,
              "relegate": 2, "min_games": 6, "attendance_default": "afwezig"}
    for row in ws.iter_rows(min_row=2):
        if row[0].value in wanted:
            row[1].value = wanted[row[0].value]
    wb.save(path)


def _players(path: Path) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    ws.cell(1, 8, "Groep")
    ws.cell(1, 9, "Categorie")
    # Excel widens the table when a header is typed next to it; openpyxl needs telling
    ws.tables["tblPlayers"].ref = "A1:I2"
    for i, name in enumerate(A + B, start=2):
        ws.cell(i, 1, name)
        ws.cell(i, 2, 2100 - 25 * (i - 2))
        ws.cell(i, 8, "A" if name in A else "B")
        ws.cell(i, 9, CATEGORY.get(name))
    wb.save(path)


def _add_late_entrant(path: Path) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    row = 2 + len(A) + len(B)
    ws.cell(row, 1, LATE)
    ws.cell(row, 2, 1650)
    ws.cell(row, 4, 4)  # Vanaf ronde
    ws.cell(row, 8, "B")
    ws.cell(row, 9, CATEGORY[LATE])
    wb.save(path)
    wa = openpyxl.load_workbook(path)
    wa["Aanwezigheid"].cell(2 + len(A) + len(B), 1, LATE)
    wa.save(path)


def _withdraw(path: Path) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Spelers"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == GONE:
            row[4].value = "teruggetrokken vanaf ronde 6"
    wb.save(path)


def _sign_up(path: Path, rnd: int, rng: random.Random) -> None:
    """Who comes this evening: an x in the round's column (attendance_default afwezig: a blank
    is 'afgemeld'); now and then somebody stays home, one says so with A."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Aanwezigheid"]
    for r in range(2, ws.max_row + 1):
        name = ws.cell(r, 1).value
        if not name or (name == LATE and rnd < 4) or (name == GONE and rnd >= 6):
            continue
        roll = rng.random()
        ws.cell(r, 1 + rnd, "x" if roll > 0.08 else ("A" if roll > 0.04 else None))
    wb.save(path)


def _play(path: Path, rnd: int, rng: random.Random) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Uitslagen"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == rnd and row[3].value and not row[4].value:
            board = row[1].value
            row[4].value = FORFEITS.get((rnd, board)) or rng.choice(
                ["1-0", "1-0", "0-1", "0-1", "remise"])
    wb.save(path)


def _count(path: Path) -> dict[str, tuple[int, Fraction]]:
    """(games over the board, game points) per player, counted on the Results sheet."""
    out: dict[str, tuple[int, Fraction]] = {}
    worth = {"1-0": (1, 0), "0-1": (0, 1), "remise": (Fraction(1, 2), Fraction(1, 2)),
             "1-0F": (1, 0), "0-1F": (0, 1)}
    for _rnd, _board, white, black, result, *_ in _rows(path, "Uitslagen")[1:]:
        if not black or result not in worth:
            continue
        forfeit = str(result).endswith("F")
        for name, points in zip((white, black), worth[result], strict=True):
            games, total = out.get(name, (0, Fraction(0)))
            out[name] = (games + (0 if forfeit else 1), total + points)
    return out


#: FIDE's dp for p = 0.50 .. 1.00 (Rating Regulations B.02, table 8.1.1)
DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
      158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
      351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)


def _tpr(path: Path, name: str) -> int | None:
    """Ra (the opponents' average rating, rounded) + dp(p, rounded to 2 decimals) over his games
    over the board (no forfeits); None without such a game."""
    rating = {row[0]: row[1] for row in _rows(path, "Spelers")[1:] if row[0]}
    score = {"1-0": (1, 0), "0-1": (0, 1), "remise": (Fraction(1, 2), Fraction(1, 2))}
    games = []
    for _rnd, _board, white, black, result, *_ in _rows(path, "Uitslagen")[1:]:
        if black and result in score and name in (white, black):
            mine = score[result][0 if white == name else 1]
            games.append((rating[black if white == name else white], mine))
    if not games:
        return None
    half = Fraction(1, 2)
    ra = int(Fraction(sum(r for r, _ in games), len(games)) + half)
    hundredths = int(sum((s for _, s in games), Fraction(0)) / len(games) * 100 + half)
    return ra + (DP[hundredths - 50] if hundredths >= 50 else -DP[50 - hundredths])


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The year played evening by evening through the CLI (once for the module)."""
    path = tmp_path_factory.mktemp("year") / "clubcompetitie.xlsx"
    rng = random.Random(7)
    assert main(["new", str(path), "--language", "nl"]) == 0
    _settings(path)
    _players(path)
    wa = openpyxl.load_workbook(path)
    for i, name in enumerate(A + B, start=2):
        wa["Aanwezigheid"].cell(i, 1, name)
    # twelve evenings: the columns of rounds 13-40 deleted, as docs/club-year.md says a club
    # with min_games does (the final standings are after the season's last round)
    wa["Aanwezigheid"].delete_cols(2 + EVENINGS, 40 - EVENINGS)
    wa["Aanwezigheid"].tables["tblAttendance"].ref = f"A1:{chr(ord('A') + EVENINGS)}2"
    wa.save(path)
    for rnd in range(1, EVENINGS + 1):
        if rnd == 4:
            _add_late_entrant(path)
        if rnd == 6:
            _withdraw(path)
        _sign_up(path, rnd, rng)
        assert main(["pair", str(path)]) == 0
        _play(path, rnd, rng)
        assert main(["standings", str(path)]) == 0
    return {"path": path}


def test_the_year_golden_and_every_number_equal_to_the_results_sheet(year, capsys):
    path = year["path"]
    count = _count(path)
    # the pairing never crossed a group: every game of every evening within one group then
    code, out, _ = run(capsys, "standings", path, "--format", "json", "--no-write")
    assert code == 0
    rows = json.loads(out)
    assert {r["group"] for r in rows} == {"A", "B"}
    for r in rows:
        games, points = count.get(r["name"], (0, Fraction(0)))
        assert r["games"] == games, r
        assert Fraction(str(r["game_points"])) == points, r
    # TPR (FIDE B.02 8.2.3): worked out here over the games over the board on the Results sheet
    for r in rows:
        assert r["tpr"] == _tpr(path, r["name"]), r
    # min_games 6 in the final standings: only players with fewer than 6 games lose their rank
    for r in rows:
        assert (r["rank"] is None) == (count.get(r["name"], (0, 0))[0] < 6), r
    assert [r["name"] for r in rows if r["rank"] is None] == [GONE]  # 5 evenings, < 6 games
    # the Standings sheet: Partijen and Bordpunten as counted
    sheet = _rows(path, "Stand")
    header_rows = [i for i, row in enumerate(sheet)
                   if row[:2] == ["Plaats", "Naam"] and "Partijen" in row]
    assert len(header_rows) == 2  # one block per group (then the category blocks)
    seen = 0
    for i in header_rows:
        head = sheet[i]
        games_at, points_at = head.index("Partijen"), head.index("Bordpunten")
        for row in sheet[i + 1:]:
            if row[1] not in count:  # the end of the block
                break
            assert row[games_at] == count[row[1]][0], row
            assert Fraction(str(row[points_at])) == count[row[1]][1], row
            seen += 1
    assert seen == len(A) + len(B) + 1
    # CSV and HTML
    code, out, _ = run(capsys, "export", path, "--csv", "--out", "-")
    assert code == 0
    table = list(csv.reader(io.StringIO(out.lstrip("\ufeff")), delimiter=";"))
    head = table[0]
    for line in table[1:]:
        name = line[head.index("Naam")]
        assert int(line[head.index("Partijen")]) == count[name][0]
        assert Fraction(line[head.index("Bordpunten")].replace(",", ".")) == count[name][1]
    code, page, _ = run(capsys, "export", path, "--html", "--out", "-")
    assert code == 0
    for name, (games, _points) in count.items():
        cells = re.findall(rf'<td class="name">{re.escape(name)}(?:<span[^<]*</span>| <span[^<]*'
                           rf'</span>)?</td><td class="n">[^<]*</td><td class="n">[^<]*</td>'
                           rf'<td class="n">(\d+)</td>', page)
        assert cells and int(cells[0]) == games, (name, cells)
    # TRF: each player line's games (its round entries against an opponent)
    trf = path.with_suffix(".trf")
    code, _, err = run(capsys, "export", path, "--trf", trf)
    assert code == 0, err
    # (the TRF writes FIDE's "Lastname, Firstname": matched here by the words of the name)
    by_words = {tuple(sorted(n.replace(",", "").split())): n for n in count}
    lines = [ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001 ")]
    assert len(lines) == len(A) + len(B) + 1
    for line in lines:
        name = by_words[tuple(sorted(line[14:47].replace(",", "").split()))]
        assert trf_games(line) == count[name], line
    # golden: the final standings of both groups
    golden = [{k: r[k] for k in ("group", "rank", "name", "score", "games", "game_points")}
              for r in rows]
    goldens.check(GOLDEN, golden)


def test_periods_one_block_per_group_and_period_of_that_periods_group(year, capsys):
    path = year["path"]
    sheet = _rows(path, "Periodes")
    headings = [str(row[0]) for row in sheet if row[0] and str(row[0]).startswith("Groep ")]
    assert [h.split(" · ")[0] for h in headings] == ["Groep A"] * 3 + ["Groep B"] * 3
    assert all("Periode" in h for h in headings)
    # standings --period 2 --group A: the players of group A in rounds 5-8, the winner is one
    code, out, _ = run(capsys, "standings", path, "--period", "2", "--group", "A",
                       "--format", "json", "--no-write")
    assert code == 0
    rows = json.loads(out)
    code, out, _ = run(capsys, "standings", path, "--period", "2", "--format", "json",
                       "--no-write")
    both = json.loads(out)
    assert [r for r in both if r.get("group") == "A"] == [{**r, "group": "A"} for r in rows]
    # the period's players are group A's in round 5, each with the games of rounds 5-8 only
    results = _rows(path, "Uitslagen")[1:]
    played = {n for rnd, _, w, b, res, *_ in results if 5 <= rnd <= 8 and b for n in (w, b)}
    names = {r["name"] for r in rows}
    assert names <= set(A + B + [LATE])
    for r in rows:
        games = sum(1 for rnd, _, w, b, res, *_ in results
                    if 5 <= rnd <= 8 and b and r["name"] in (w, b) and res and
                    not str(res).endswith("F"))
        assert r["games"] == games
        if r["games"]:
            # every opponent of the period was in group A then (nobody from group B)
            opponents = {w if b == r["name"] else b for rnd, _, w, b, res, *_ in results
                         if 5 <= rnd <= 8 and b and r["name"] in (w, b)}
            assert opponents <= names, (r["name"], opponents - names)
    assert played


def test_check_says_a_move_once_and_explain_tells_a_moved_players_games(year, capsys):
    path = year["path"]
    code, out, err = run(capsys, "check", path)
    assert code == 0
    assert "promoveert" not in out + err and "degradeert" not in out + err, out + err
    code, out, _ = run(capsys, "standings", path, "--format", "json", "--no-write",
                       "--after-round", "8")
    assert code == 0
    # a moved player: explain names his games in the other group as games, not an absence
    moved = None
    for name in A + B:
        code, out, _ = run(capsys, "explain", path, name)
        assert code == 0
        if "in groep" in out and ("promoveren" in out or "degraderen" in out):
            moved = (name, out)
            break
    assert moved is not None
    assert "clubcode" not in moved[1], moved[1]
    games, _points = _count(path)[moved[0]]
    assert f"{games} partijen" in moved[1], moved[1]


def test_audit_and_compare_per_group(year, capsys):
    """The program paired every evening group by group, so the audit, pairing each group's
    round again over that round's group, finds the same pairing every time but once: group B's
    round 3, paired before the late entrant (Vanaf ronde 4) was typed in Players; with him in
    the start list the values of group B before round 3 differ (reported, not judged).
    Compare ranks each group on its own."""
    path = year["path"]
    code, out, err = run(capsys, "audit", path)
    assert code == 0
    assert out.count("Groep A") == 1 and out.count("Groep B") == 1
    lines = [ln for ln in out.splitlines() if ln.startswith("Ronde ")]
    assert len(lines) == 2 * EVENINGS
    differing = [ln for ln in out.split("Groep B")[1].splitlines()
                 if ln.startswith("Ronde ") and "zelfde indeling" not in ln]
    assert [ln.split(":")[0] for ln in differing] == ["Ronde 3"], out
    assert all("zelfde indeling" in ln for ln in out.split("Groep B")[0].splitlines()
               if ln.startswith("Ronde "))
    assert "23 van 24 ronden" in err
    code, out, _ = run(capsys, "compare", path, "--no-write")
    assert code == 0
    a, b = out.split("Groep B")
    assert "Bram de Vries" in a and "Anton Bakker" in b and "Anton Bakker" not in a.split(
        "Naam", 1)[1].split("Variant")[0]
