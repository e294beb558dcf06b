"""Every output of the standings shows the row model's rows (issue 33 item 1, core/rows.py).

A Dutch year with groups A and B, categories, a late entrant, a withdrawal and ``min_games``
(tests/frontends/test_new_season_year.py): the rows built once from the competition view are
compared with what each output shows, read back as a reader reads it: the Standings sheet
(openpyxl), ``standings --format json`` and ``--format csv``, the console table, ``export --csv``,
the HTML page and the TRF's rank field.  And: one CSV layout with or without groups; the
players below ``min_games`` moved after the table in one place only.
"""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from support.year_nl import group_blocks
from support.groups import two_groups
from support.year_nl import played_year

from keizer_xl.clients.xlsx import open_book
from keizer_xl.core.competition import Competition
from keizer_xl.core.numbers import display
from keizer_xl.core.rows import overall_places, season_parts
from keizer_xl.frontends.cli import main
from keizer_xl.sheets.read import read_season

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv) -> str:
    assert main(list(map(str, argv))) == 0
    return capsys.readouterr().out


def model(path: Path) -> list[tuple]:
    """(group, shown rank, name, score) of every row of the row model, in order."""
    parts = season_parts(Competition(read_season(open_book(path))))
    return [(p.group, "-" if r.place is None else r.place, r.name, display(r.score))
            for p in parts for r in p.rows]


def test_every_output_shows_the_row_models_rows(tmp_path, capsys):
    year = played_year(tmp_path, (("min_games", 4),))
    capsys.readouterr()
    expected = model(year)
    assert [r[1] for r in expected].count("-") == 4  # the comparison means something

    import openpyxl

    sheet = group_blocks(openpyxl.load_workbook(year)["Stand"])
    assert [(g, r[0], r[1], r[2]) for g, rows in sheet.items() for r in rows] == expected

    rows = json.loads(run(capsys, "standings", year, "--no-write", "--format", "json"))
    assert [(r["group"], "-" if r["rank"] is None else r["rank"], r["name"], r["score"])
            for r in rows] == expected

    lines = list(csv.reader(io.StringIO(run(capsys, "standings", year, "--no-write",
                                            "--format", "csv"))))
    assert [(g, "-" if rank == "-" else int(rank), name, float(score))
            for g, rank, name, score, *_ in lines[1:]] == expected

    table = run(capsys, "standings", year, "--no-write").splitlines()
    shown, group = [], ""
    for line in table:
        # the console writes the workbook's decimal sign (Dutch: a comma, issue 33)
        m = re.fullmatch(r"\s*(\d+|-)\s{2}(\S+)\s+([\d,]+)\s.*", line)
        if line.startswith("Groep "):
            group = line[6:]
        elif m:
            rank = m.group(1)
            shown.append((group, "-" if rank == "-" else int(rank), m.group(2),
                          float(m.group(3).replace(",", "."))))
    assert shown == expected

    exported = run(capsys, "export", year, "--csv", "--out", "-").lstrip("\ufeff")
    lines = list(csv.reader(io.StringIO(exported), delimiter=";"))
    assert [(g, "-" if rank == "-" else int(rank), name, float(score.replace(",", ".")))
            for g, rank, name, score, *_ in lines[1:]] == expected

    page = run(capsys, "export", year, "--html", "--out", "-")
    shown = []
    for j, group in enumerate(("A", "B"), 1):
        body = page.split(f'<table id="standings-{j}">')[1].split("</tbody>")[0]
        assert re.search(r'<td class="n">\d+,\d\d</td>', body)  # Dutch: 27,00, not 27.00
        assert not re.search(r'<td class="n">\d+\.\d\d</td>', body)
        for rank, name, score in re.findall(
                r'<tr[^>]*><td class="n">([^<]+)</td><td class="name">([^<]+)(?:<span.*?</span>)?'
                r'</td><td class="n">([^<]+)</td>', body):
            # the page writes the workbook's decimal sign (Dutch: a comma, issue 33)
            shown.append((group, "-" if rank == "-" else int(rank), name.strip(),
                          float(score.replace(",", "."))))
    assert shown == expected

    trf = run(capsys, "export", year, "--trf", "-", "--club-spelling")
    ranks = {line[14:47].strip(): int(line[85:89]) for line in trf.splitlines()
             if line.startswith("001")}
    places = overall_places(season_parts(Competition(read_season(open_book(year)))))
    assert ranks == {n: places[n] for n in ranks}
    # group B's players after group A's: one rank per player, the Standings sheet read down
    assert sorted(places.values()) == list(range(1, len(places) + 1))


def test_a_categorys_rows_are_filtered_from_the_shown_rows(tmp_path, capsys):
    """A category's place counts the ranked members only; its overall place is the place the
    group's table shows (the sheet had the engine's place, before min_games moved players)."""
    year = played_year(tmp_path, (("min_games", 4),))
    capsys.readouterr()
    parts = season_parts(Competition(read_season(open_book(year))))
    expected = [(p.group, r.place, r.name, r.overall) for p in parts
                for r in p.category("Jeugd")]
    assert any(r[1] is None for r in expected)
    rows = json.loads(run(capsys, "standings", year, "--no-write", "--format", "json",
                          "--category", "jeugd"))
    assert [(r["group"], r["rank"], r["name"], r["overall"]) for r in rows] == expected
    shown = {r.name: r.place for p in parts for r in p.rows}
    assert all(r[3] == shown[r[2]] for r in expected)


def test_one_csv_layout_with_or_without_groups(tmp_path, capsys):
    grouped = two_groups(tmp_path / "g.xlsx", settings=())
    flat = two_groups(tmp_path / "f.xlsx", settings=(), groups=[None] * 9)
    capsys.readouterr()
    for argv in (("standings", "--no-write", "--format", "csv"), ("export", "--csv", "--out", "-")):
        a = run(capsys, argv[0], grouped, *argv[1:]).lstrip("\ufeff").splitlines()
        b = run(capsys, argv[0], flat, *argv[1:]).lstrip("\ufeff").splitlines()
        assert a[0] == b[0] and a[0].startswith("Group,Rank,Name,Score"), argv
        assert {ln.split(",")[0] for ln in a[1:]} == {"A", "B"}
        assert {ln.split(",")[0] for ln in b[1:]} == {""}


def test_min_games_is_decided_in_the_row_model_only():
    """Who is below ``min_games`` (and who joins later) is read in core/rows.py alone: no output
    moves players or renumbers ranks of its own (issue 33: it was done three times)."""
    readers = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "keizer_xl").rglob("*.py")
                     if re.search(r"\.(unranked|not_yet)\b", p.read_text(encoding="utf-8")))
    assert readers == ["keizer_xl/core/rows.py"]
