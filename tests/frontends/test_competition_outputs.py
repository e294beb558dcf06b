"""Issue 23 item 4, the invariant over every output: random seasons of the composition matrix
(tests/core/test_competition_matrix.py) written to a workbook and run through the command
line; a player's games and game points are the same on the Standings sheet, the Periods sheet
(per period), in the JSON, the CSV, the HTML page, explain and the TRF export, and equal to a
count over the season's raw games made here."""
from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from support.competition_cases import Case, built_group_season, cases, oracle_groups, play, raw_record

from support.helpers import trf_games
from keizer_xl.core.model import Season
from keizer_xl.frontends.cli import main


def write_book(path: Path, season: Season) -> Path:
    """The template with Group and Category columns typed next to Players' table (as a club
    does: Excel widens the table), then the season's rows."""
    from keizer_xl.app.write_season import write_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.clients.xlsx.new_book import build_template

    build_template(path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"]
    width = ws.max_column
    ws.cell(1, width + 1, "Group")
    ws.cell(1, width + 2, "Category")
    table = next(iter(ws.tables.values()))
    table.ref = f"A1:{openpyxl.utils.get_column_letter(width + 2)}2"
    wb.save(path)
    book = open_book(path)
    write_season(book, season)
    book.save()
    return path


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _group_rounds(season: Season) -> dict[str, int]:
    """Each group's round (the season's, or the group's own last round with a result), and
    each player's group then, worked out here."""
    k = season.last_round_with_results()
    groups = oracle_groups(season, max(k, 1))
    out = {}
    for name, g in groups.items():
        members = {n for n, x in groups.items() if x == g}
        out[name] = min(k, built_group_season(season, members).last_round_with_results()) \
            if g else k
    return out


def check_outputs(case: Case, tmp_path: Path, capsys) -> None:
    season = play(case)
    path = write_book(tmp_path / f"s{case.seed}.xlsx", season)
    upto = _group_rounds(season)
    counted = {n: raw_record(season, 1, r) for n, r in upto.items()}

    def count(name: str) -> tuple[int, Fraction]:
        return counted[name][name]

    assert run(capsys, "standings", path)[0] == 0
    code, out, err = run(capsys, "standings", path, "--format", "json", "--no-write")
    assert code == 0, err
    rows = json.loads(out)
    assert {r["name"] for r in rows} <= set(upto)
    for r in rows:
        assert (r["games"], Fraction(str(r["game_points"]))) == count(r["name"]), r
    # the Standings sheet: every table with Games and Game points
    sheet = [[c.value for c in row] for row in openpyxl.load_workbook(path)["Standings"]
             .iter_rows()]
    seen = 0
    for i, head in enumerate(sheet):
        if head[:2] != ["Rank", "Name"] or "Game points" not in head:
            continue
        for row in sheet[i + 1:]:
            if row[1] not in upto:
                break
            assert (row[head.index("Games")], Fraction(str(row[head.index("Game points")]))) \
                == count(row[1]), row
            seen += 1
    assert seen == len(rows)
    # the Periods sheet: each block's games are the games of its rounds
    if season.settings.periods:
        book = openpyxl.load_workbook(path)["Periods"]
        lines = [[c.value for c in row] for row in book.iter_rows()]
        blocks = 0
        for i, row in enumerate(lines):
            m = re.search(r"Period (\d+) \((?:rounds (\d+)-\d+|from round (\d+)), after round "
                          r"(\d+)\)", str(row[0] or ""))
            if not m:
                continue
            first, last = int(m.group(2) or m.group(3)), int(m.group(4))
            period = raw_record(season, first, last)
            head = lines[i + 1]
            for line in lines[i + 2:]:
                if line[1] not in period:
                    break
                assert line[head.index("Games")] == period[line[1]][0], (m.group(0), line)
            blocks += 1
        assert blocks >= (case.groups or 1)
    # CSV
    code, out, _ = run(capsys, "export", path, "--csv", "--out", "-")
    assert code == 0
    table = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
    head = table[0]
    assert len(table) - 1 == len(rows)
    for line in table[1:]:
        name = line[head.index("Name")]
        assert (int(line[head.index("Games")]), Fraction(line[head.index("Game points")])) \
            == count(name), line
    # HTML: Games and Game points of each standings row
    code, page, _ = run(capsys, "export", path, "--html", "--out", "-")
    assert code == 0
    found = 0
    for m in re.finditer(r'<td class="name">([^<]+)(?: <span[^>]*>[^<]*</span>)?</td>'
                         r'<td class="n">[^<]*</td><td class="n">[^<]*</td>'
                         r'<td class="n">(\d+)</td>(?:<td class="n wide">\d+</td>){3}'
                         r'<td class="n wide">([^<]*)</td>', page):
        name = m.group(1)
        assert (int(m.group(2)), Fraction(m.group(3))) == count(name), m.group(0)
        found += 1
    assert found == len(rows)
    # explain: the record line
    for r in rows[:2]:
        code, out, _ = run(capsys, "explain", path, r["name"])
        assert code == 0
        games, _points = count(r["name"])
        assert f"{r['name']}'s record this season: {games} games" in out, out
        assert "club code =" not in out
    # TRF: each player line's games over the board and game points (its round entries)
    trf = tmp_path / f"s{case.seed}.trf"
    code, _, err = run(capsys, "export", path, "--trf", trf)
    assert code == 0, err
    whole = raw_record(season, 1, season.last_round_with_results())
    by_words = {tuple(sorted(n.replace(",", "").split())): n for n in whole}
    lines = [ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001 ")]
    assert len(lines) == len(season.players)
    for line in lines:
        name = by_words[tuple(sorted(line[14:47].replace(",", "").split()))]
        assert trf_games(line) == whole[name], line


FAST = [c for c in cases(40, seed=9) if c.groups and c.periods][:2]
SLOW = cases(16, seed=99)


@pytest.mark.parametrize("case", FAST, ids=lambda c: f"{c.groups}g-{c.preset}-{c.seed}")
def test_every_output_shows_the_same_record(case: Case, tmp_path: Path, capsys) -> None:
    check_outputs(case, tmp_path, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW, ids=lambda c: f"{c.groups}g-{c.preset}-{c.seed}")
def test_every_output_shows_the_same_record_large(case: Case, tmp_path: Path, capsys) -> None:
    check_outputs(case, tmp_path, capsys)
